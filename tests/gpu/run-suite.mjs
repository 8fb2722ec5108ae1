// The conformance suite through the page's runtime (dist/webcu.js, the TeaVM JavaScript build) on
// Dawn for node (npm `webgpu`), on whatever adapter Dawn finds: SwiftShader or lavapipe here, the
// NVIDIA Vulkan driver on a GPU machine.
//
// Each case runs in its own node process (this file with --child), killed from outside after
// --timeout seconds: a kernel that never ends keeps the GPU busy and node's own timers never fire,
// so only the parent can stop it. The parent judges each run as the conformance runner does
// (tests/conformance/README.md: exact, numeric-tolerance, unordered-lines, runtime-error .rules,
// exit status, .run sidecars), prints one row per case and a summary, and writes JSON and TSV.
//
// Usage: node tests/gpu/run-suite.mjs [--dist dist] [--paths cases/,runtime-errors/] [--programs]
//          [--timeout 60] [--jobs 1] [--json out.json] [--tsv out.tsv] [--commit ID] [--files a.cu,b.cu]
//          [--kernel-times] [--warps emulation] [--watchdog N]
//   --paths      prefixes of manifest paths (default: cases/ and runtime-errors/)
//   --programs   also programs/ (whole real-style programs; slower)
//   --files      run these .cu files instead (no expected output: the table shows what they printed)
//   --jobs       cases at once (default 1)
//   --kernel-times  time every launch with timestamp queries: a gpu_us column, the sum per case
//                (set DAWN_OPTS=disable-dawn-features=timestamp_quantization for exact figures)
//   --warps emulation  warp functions through workgroup memory even where the adapter's 32-lane
//                subgroups passed webcu's probe (globalThis.webcuSubgroups = false), to compare
//   --watchdog N  the GPU watchdog's budget, loop iterations per invocation (docs/watchdog.md;
//                0 turns it off: to measure what it costs)
//   --self-test  check this file's port of the comparison rules against the suite's own files
// Env:   WEBGPU_PATH=/abs/path/node_modules/webgpu/index.js (default 'webgpu'),
//        DAWN_OPTS="opt1;opt2" strings for Dawn's create(); VK_ICD_FILENAMES picks the Vulkan driver.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const SUITE = path.join(root, 'tests/conformance');
const UNSUPPORTED = 'error: not supported on WebGPU yet: ';

function parseArgs(argv) {
  const flags = new Set(['programs', 'self-test', 'kernel-times']);
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const k = a.slice(2);
    out[k] = flags.has(k) ? true : argv[++i];
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// The child: one program on WebGPU through dist/webcu.js, as webcu-worker.js runs it in a page.
// Its output goes to files as it comes (so a killed child still shows what it printed); the last
// thing it writes is the result file.
async function child(args) {
  const req = JSON.parse(readFileSync(args.child, 'utf8'));
  const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
  Object.assign(globalThis, globals);
  const gpu = create((process.env.DAWN_OPTS ?? '').split(';').filter(Boolean));
  // Dawn's instance must stay reachable: if V8 collects it, pending work dies with it.
  globalThis.__dawnGpu = gpu;
  Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });
  const out = { stdout: '', stderr: '' };
  const finish = (status, crash) => {
    writeFileSync(req.result, JSON.stringify({ status, crash: crash ?? null, ...out }));
    process.exit(0);
  };
  if (req.probe) {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) finish(-1, 'requestAdapter returned null');
    const i = adapter.info;
    out.stdout = JSON.stringify({
      vendor: i.vendor, architecture: i.architecture, device: i.device, description: i.description,
      subgroupMinSize: i.subgroupMinSize ?? null, subgroupMaxSize: i.subgroupMaxSize ?? null,
      subgroups: adapter.features.has('subgroups'),
    });
    finish(0);
  }
  const tasks = [];
  let lastYield = Date.now();
  const runTask = () => {
    const task = tasks.shift();
    if (task) {
      try { task(); } catch (e) { finish(-1, String(e?.stack ?? e)); }
    }
  };
  globalThis.webcuHost = {
    write(stream, text) {
      const k = stream === 2 ? 'stderr' : 'stdout';
      out[k] += text;
      appendFileSync(`${req.result}.${k}`, text);
    },
    exit(status) { finish(status); },
    kernelTimes(json) { out.kernelTimes = JSON.parse(json); },
    // what webcu-worker.js does: microtasks, with a setTimeout turn every 50 ms for Dawn's callbacks
    later(task) {
      tasks.push(task);
      const now = Date.now();
      if (now - lastYield >= 50) { lastYield = now; setTimeout(runTask, 0); } else { queueMicrotask(runTask); }
    },
  };
  if (req.warps === 'emulation') globalThis.webcuSubgroups = false;
  if (req.watchdog !== null && req.watchdog !== undefined) globalThis.webcuWatchdog = Number(req.watchdog);
  const webcu = createRequire(import.meta.url)(path.join(req.dist, 'webcu.js'));
  webcu.main([]);
  if (req.kernelTimes) webcu.setKernelTiming(true);
  webcu.reset();
  for (const f of req.files) webcu.addFile(f.path, f.text, f.compile);
  for (const d of req.includeDirs) webcu.addIncludeDir(d);
  for (const d of req.defines) webcu.addDefine(d.name, d.value);
  for (const a of req.args) webcu.addArg(a);
  if (req.stdin !== null) webcu.setStdin(req.stdin);
  webcu.start('webgpu');
}

// ------------------------------------------------------------------------------------------------
// What one case sends to the page: sources, the headers they include, the folder's data files.

const INCLUDE = /^\s*#\s*include\s*([<"])([^>"]+)[>"]/gm;

/** Headers reachable from `files` through #include (quoted: the includer's folder, then -I). */
function headers(files, includeDirs, cwd) {
  const seen = new Set(files.map((f) => path.normalize(f.path)));
  const found = [];
  const work = [...files];
  while (work.length) {
    const file = work.pop();
    for (const m of file.text.matchAll(INCLUDE)) {
      const name = m[2].trim();
      const candidates = [];
      if (m[1] === '"') candidates.push(path.join(path.dirname(file.path), name));
      for (const d of includeDirs) candidates.push(path.join(d, name));
      const hit = candidates.map((c) => path.normalize(c)).find((c) => existsSync(path.resolve(cwd, c)) && statSync(path.resolve(cwd, c)).isFile());
      if (hit && !seen.has(hit)) {
        seen.add(hit);
        const h = { path: hit, text: readFileSync(path.resolve(cwd, hit), 'utf8'), compile: false };
        found.push(h);
        work.push(h);
      }
    }
  }
  return found;
}

/** The working folder's text files the program may open (BrowserRunner.dataFiles' limits). */
function dataFiles(cwd, sent) {
  const names = new Set(sent.map((f) => path.normalize(f.path)));
  const out = [];
  let total = 0;
  for (const name of readdirSync(cwd).sort()) {
    const p = path.join(cwd, name);
    if (!statSync(p).isFile() || names.has(name)) continue;
    const size = statSync(p).size;
    if (size > (1 << 20) || total + size > (8 << 20)) continue;
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(p));
      out.push({ path: name, text, compile: false });
      total += size;
    } catch { /* binary files stay behind, as in the page */ }
  }
  return out;
}

const isSource = (n) => n.endsWith('.cu') || n.endsWith('.cpp') || n.endsWith('.c');

/** A case's request: run in its own folder, sources named relative to it, as the CLI would name them. */
function request(c, dist) {
  const abs = path.join(SUITE, c.path);
  const folder = existsSync(abs) && statSync(abs).isDirectory();
  const cwd = folder ? abs : path.dirname(abs);
  const names = folder ? readdirSync(abs).filter((n) => isSource(n) && statSync(path.join(abs, n)).isFile()).sort() : [path.basename(abs)];
  const sources = names.map((n) => ({ path: n, text: readFileSync(path.join(cwd, n), 'utf8'), compile: true }));
  const includeDirs = c.run.flags.filter((f) => f.startsWith('-I')).map((f) => path.relative(cwd, path.join(SUITE, f.slice(2))) || '.');
  const defines = c.run.flags.filter((f) => f.startsWith('-D')).map((f) => {
    const eq = f.indexOf('=');
    return eq < 0 ? { name: f.slice(2), value: '1' } : { name: f.slice(2, eq), value: f.slice(eq + 1) };
  });
  const files = [...sources, ...headers(sources, includeDirs, cwd)];
  if (c.path.startsWith('programs/')) files.push(...dataFiles(cwd, files));
  return {
    dist, files, includeDirs, defines,
    // the page's runtime puts the main file's name in argv[0] itself (ProgramRun.argv)
    args: c.run.args,
    stdin: c.run.stdin ? readFileSync(path.join(cwd, c.run.stdin), 'utf8') : null,
  };
}

// ------------------------------------------------------------------------------------------------
// The suite's rules, as tests/src's OutputComparison, RuntimeErrorRules and RunSpec (ported from
// tools/run_suite.py) apply them.

/** Python's str.splitlines(). */
function splitlines(s) {
  const lines = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if ('\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029'.includes(s[i])) {
      lines.push(s.slice(start, i));
      if (s[i] === '\r' && s[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  if (start < s.length) lines.push(s.slice(start));
  return lines;
}

const NUM = /[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)/gi;
const INT = /^[+-]?\d+$/;

function numberOf(t) {
  t = t.toLowerCase().replace(/^\++/, '');
  if (t.endsWith('nan')) return NaN;
  if (t.includes('inf')) return t.startsWith('-') ? -Infinity : Infinity;
  return Number(t);
}

function close(a, b, rel, abs) {
  if (INT.test(a) && INT.test(b)) return BigInt(a.replace(/^\+/, '')) === BigInt(b.replace(/^\+/, ''));
  const x = numberOf(a), y = numberOf(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return x === y;
  const d = Math.abs(x - y);
  return d <= abs || d <= rel * Math.max(Math.abs(x), Math.abs(y));
}

function compareOutput(spec, expected, actual) {
  const m = /^([a-z-]+)(?:\((.*)\))?$/.exec(spec.trim());
  const params = Object.fromEntries((m[2] ?? '').split(',').filter(Boolean).map((kv) => kv.split('=').map((x) => x.trim())).map(([k, v]) => [k, Number(v)]));
  const el = splitlines(expected), al = splitlines(actual);
  switch (m[1]) {
    case 'exact': {
      if (expected === actual) return null;
      for (let i = 0; i < Math.max(el.length, al.length); i++) {
        const e = el[i] ?? '<missing>', a = al[i] ?? '<missing>';
        if (e !== a) return `line ${i + 1}: expected '${e}', got '${a}'`;
      }
      return 'difference in line endings or final newline';
    }
    case 'unordered-lines':
      return JSON.stringify([...el].sort()) === JSON.stringify([...al].sort()) ? null : 'multiset of lines differs';
    case 'numeric-tolerance': {
      const rel = params.rel ?? 1e-4, abs = params.abs ?? 1e-5;
      if (el.length !== al.length) return `line count ${al.length} != expected ${el.length}`;
      for (let i = 0; i < el.length; i++) {
        const en = el[i].match(NUM) ?? [], an = al[i].match(NUM) ?? [];
        if (el[i].replace(NUM, '\0') !== al[i].replace(NUM, '\0') || en.length !== an.length) {
          return `line ${i + 1} text: expected '${el[i]}', got '${al[i]}'`;
        }
        for (let k = 0; k < en.length; k++) {
          if (!close(en[k], an[k], rel, abs)) return `line ${i + 1} number ${an[k]} vs expected ${en[k]}: '${al[i]}'`;
        }
      }
      return null;
    }
    default:
      return `unknown compare mode ${m[1]}`;
  }
}

/** A Python regex as a JS RegExp: a leading inline-flag group, (?i) and the like, becomes JS flags. */
function pyRegex(pat, whole = false) {
  const m = /^\(\?([aimsux]+)\)/.exec(pat);
  const flags = m ? [...m[1]].filter((f) => 'ims'.includes(f)).join('') : '';
  const body = m ? pat.slice(m[0].length) : pat;
  return new RegExp(whole ? `^(?:${body})$` : body, flags);
}

/** A runtime-errors/ .rules file: [option NAME] sections of exit, stdout-regex lines, stderr-search. */
function parseRules(text) {
  const options = [];
  let cur = null, key = null;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw;
    if (line.startsWith('#')) continue;
    const om = /^\[option (.+)\]$/.exec(line.trim());
    if (om) {
      cur = { name: om[1], exit: 'any', stdout: null, stderr: null };
      options.push(cur);
      key = null;
      continue;
    }
    if (!line.trim()) { key = null; continue; }
    if (!cur) continue;
    if (key === 'stdout-regex' && !/^(exit|stdout-regex|stderr-search):/.test(line)) { cur.stdout.push(line); continue; }
    const colon = line.indexOf(':');
    const k = (colon < 0 ? line : line.slice(0, colon)).trim();
    const v = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (k === 'exit') cur.exit = v;
    else if (k === 'stdout-regex') { cur.stdout = []; key = k; }
    else if (k === 'stderr-search') cur.stderr = v;
    else throw new Error(`unknown rules key ${k}`);
  }
  return options;
}

function checkRules(options, status, stdout, stderr) {
  const reasons = [];
  for (const o of options) {
    const why = [];
    if (o.exit === 'nonzero' && status === 0) why.push('exit code 0, nonzero required');
    else if (o.exit !== 'any' && o.exit !== 'nonzero' && status !== Number(o.exit)) why.push(`exit code ${status}, ${o.exit} required`);
    if (o.stdout) {
      const lines = splitlines(stdout);
      if (lines.length !== o.stdout.length) why.push(`stdout has ${lines.length} lines, ${o.stdout.length} expected`);
      else {
        const bad = lines.findIndex((l, i) => !pyRegex(o.stdout[i], true).test(l));
        if (bad >= 0) why.push(`stdout line '${lines[bad]}' does not match '${o.stdout[bad]}'`);
      }
    }
    if (o.stderr !== null && !pyRegex(o.stderr).test(stderr)) why.push(`stderr lacks a diagnostic matching '${o.stderr}'`);
    if (!why.length) return null;
    reasons.push(`[${o.name}] ${why.join('; ')}`);
  }
  return reasons.join(' | ');
}

/** POSIX shell words (shlex.split), as RunSpec.shellSplit. */
function shellSplit(s) {
  const words = [];
  let w = '', inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'") { const e = s.indexOf("'", i + 1); w += s.slice(i + 1, e); i = e; inWord = true; }
    else if (c === '"') {
      let e = i + 1;
      while (e < s.length && s[e] !== '"') { if (s[e] === '\\' && '\\"'.includes(s[e + 1])) { w += s[e + 1]; e += 2; } else w += s[e++]; }
      i = e; inWord = true;
    } else if (c === '\\' && i + 1 < s.length) { w += s[++i]; inWord = true; }
    else if (c === ' ' || c === '\t') { if (inWord) { words.push(w); w = ''; inWord = false; } }
    else { w += c; inWord = true; }
  }
  if (inWord) words.push(w);
  return words;
}

function runSpec(base) {
  const file = path.join(SUITE, `${base}.run`);
  const spec = { args: [], flags: [], stdin: null, skip: [] };
  if (!existsSync(file)) return spec;
  for (const l of readFileSync(file, 'utf8').split('\n')) {
    if (!l.trim() || l.startsWith('#')) continue;
    const colon = l.indexOf(':');
    const k = l.slice(0, colon).trim(), v = l.slice(colon + 1).trim();
    if (k === 'args') spec.args = shellSplit(v);
    else if (k === 'flags') spec.flags = shellSplit(v);
    else if (k === 'stdin') spec.stdin = v;
    else if (k === 'skip') spec.skip.push(pyRegex(v, true));
  }
  return spec;
}

const skipLines = (text, skip) => (skip.length ? text.split(/(?<=\n)/).filter((l) => !skip.some((r) => r.test(l.replace(/\n$/, '')))).join('') : text);

/** null when the run passes, else why not. */
function judge(c, r) {
  const base = c.path.replace(/\.(cu|cpp|c)$/, '');
  if (c.compare === 'runtime-error') {
    return checkRules(parseRules(readFileSync(path.join(SUITE, `${base}.rules`), 'utf8')), r.status, r.stdout, r.stderr);
  }
  const expected = readFileSync(path.join(SUITE, `${base}.expected`), 'utf8');
  const why = compareOutput(c.compare, skipLines(expected, c.run.skip), skipLines(r.stdout, c.run.skip));
  if (why) return String(r.status) === c.exit_code ? why : `${why}; exit ${r.status}`;
  return String(r.status) === c.exit_code ? null : `exit code ${r.status}, expected ${c.exit_code}`;
}

// ------------------------------------------------------------------------------------------------
// The parent.

function runChild(req, timeoutMs, tmp, n) {
  const reqFile = path.join(tmp, `req${n}.json`);
  const result = path.join(tmp, `res${n}.json`);
  writeFileSync(reqFile, JSON.stringify({ ...req, result }));
  const t0 = performance.now();
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', reqFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let noise = '';
    p.stdout.on('data', (d) => { noise += d; });
    p.stderr.on('data', (d) => { noise += d; });
    let timedOut = false;
    // the whole process group: Dawn's threads and anything they started
    const timer = setTimeout(() => { timedOut = true; try { process.kill(-p.pid, 'SIGKILL'); } catch { p.kill('SIGKILL'); } }, timeoutMs);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - t0;
      const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
      let r;
      if (!timedOut && existsSync(result)) r = JSON.parse(readFileSync(result, 'utf8'));
      else r = { status: timedOut ? 'timeout' : 'died', crash: timedOut ? null : `child exit ${code ?? signal}`, stdout: read(`${result}.stdout`), stderr: read(`${result}.stderr`) };
      resolve({ ...r, ms, noise: noise.split('\n').filter((l) => l && !/^Warning: maxDynamic/.test(l)).join('\n') });
    });
  });
}

function manifest() {
  const [head, ...rows] = readFileSync(path.join(SUITE, 'manifest.tsv'), 'utf8').split('\n').filter(Boolean);
  const cols = head.split('\t');
  return rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [cols[i], v])));
}

async function parent(args) {
  const dist = path.resolve(args.dist ?? path.join(root, 'dist'));
  if (!existsSync(path.join(dist, 'webcu.js'))) {
    console.error(`${dist}/webcu.js not found: build the app first (./webcu build)`);
    process.exit(2);
  }
  const timeoutMs = Number(args.timeout ?? 60) * 1000;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'webcu-gpu-'));
  let cases;
  if (args.files) {
    cases = args.files.split(',').map((f) => ({ file: path.resolve(f), path: path.relative(root, path.resolve(f)), compare: null }));
  } else {
    const paths = (args.paths ?? 'cases/,runtime-errors/').split(',').concat(args.programs ? ['programs/'] : []);
    cases = manifest().filter((c) => c.compare !== 'compile-error' && paths.some((p) => c.path.startsWith(p)));
  }

  const probe = await runChild({ probe: true }, 60000, tmp, 'probe');
  let adapter = null;
  try { adapter = JSON.parse(probe.stdout); } catch { /* reported below */ }
  if (!adapter) {
    console.error(`no WebGPU adapter: ${probe.crash ?? probe.status} ${probe.noise}`);
    process.exit(2);
  }
  console.log(`adapter: ${[adapter.vendor, adapter.architecture, adapter.description].filter(Boolean).join(' / ')}; subgroups ${adapter.subgroups} (${adapter.subgroupMinSize}..${adapter.subgroupMaxSize})`);
  console.log(`dist: ${dist}; per-case limit ${timeoutMs / 1000} s; ${cases.length} cases`);
  const rows = new Array(cases.length);
  const width = Math.max(...cases.map((c) => c.path.length));
  // Cases run one at a time unless --jobs says otherwise: on a real GPU a few at once save wall
  // time; on a software adapter they compete for the same cores.
  const jobs = Math.max(1, Number(args.jobs ?? 1));
  let next = 0;
  async function worker() {
    while (next < cases.length) {
      const n = next++;
      rows[n] = await runCase(cases[n], n);
    }
  }
  async function runCase(c, n) {
    let req;
    if (c.file) {
      const text = readFileSync(c.file, 'utf8');
      const sources = [{ path: path.basename(c.file), text, compile: true }];
      req = { dist, files: [...sources, ...headers(sources, [], path.dirname(c.file))], includeDirs: [], defines: [], args: [], stdin: null };
    } else {
      c.run = runSpec(c.path.replace(/\.(cu|cpp|c)$/, ''));
      req = request(c, dist);
    }
    req.kernelTimes = !!args['kernel-times'];
    req.warps = args.warps ?? null;
    req.watchdog = args.watchdog ?? null;
    const r = await runChild(req, timeoutMs, tmp, n);
    let result, why = null;
    const said = r.stdout + r.stderr;
    if (r.status === 'timeout') { result = 'TIMEOUT'; why = `killed after ${timeoutMs / 1000} s`; }
    else if (r.crash) { result = 'CRASH'; why = r.crash.split('\n')[0]; }
    else if (!c.compare) { result = `exit ${r.status}`; }
    else {
      try { why = judge(c, r); } catch (e) { why = `cannot check: ${e.message}`; }
      result = why === null ? 'pass' : said.includes(UNSUPPORTED) ? 'UNSUPPORTED' : 'FAIL';
    }
    if (result === 'UNSUPPORTED') why = said.slice(said.indexOf(UNSUPPORTED)).split('\n')[0];
    const gpuUs = r.kernelTimes ? r.kernelTimes.reduce((s, t) => s + (t.ns ?? 0), 0) / 1000 : null;
    const row = { case: c.path, result, ms: Math.round(r.ms), gpu_us: gpuUs, launches: r.kernelTimes?.length ?? null, kernel_times: r.kernelTimes ?? null, why, status: r.status, stdout: r.stdout, stderr: r.stderr, noise: r.noise };
    const gpu = gpuUs === null ? '' : ` ${gpuUs.toFixed(1).padStart(10)} us GPU (${row.launches})`;
    let text = `${c.path.padEnd(width)}  ${result.padEnd(11)} ${String(row.ms).padStart(7)} ms${gpu}${why ? `  ${why.replace(/\n/g, ' ')}` : ''}`;
    if (c.compare === null && r.stdout) text += `\n${r.stdout.replace(/^/gm, '    ').trimEnd()}`;
    if (c.compare === null && r.stderr) text += `\n${r.stderr.replace(/^/gm, '    ! ').trimEnd()}`;
    console.log(text);
    return row;
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: jobs }, worker));
  const wallS = (performance.now() - t0) / 1000;
  const count = (k) => rows.filter((r) => r.result === k).length;
  const summary = { pass: count('pass'), fail: count('FAIL'), unsupported: count('UNSUPPORTED'), timeout: count('TIMEOUT'), crash: count('CRASH'), total: rows.length };
  console.log(`\n${summary.pass} of ${summary.total} passed; failed ${summary.fail}, unsupported ${summary.unsupported}, timed out ${summary.timeout}, crashed ${summary.crash}; ${(rows.reduce((s, r) => s + r.ms, 0) / 1000).toFixed(1)} s in cases, ${wallS.toFixed(1)} s wall`);
  for (const r of rows.filter((x) => x.result !== 'pass')) console.log(`  ${r.result} ${r.case}: ${r.why ?? ''}`.replace(/\n/g, ' '));
  const report = { date: new Date().toISOString(), adapter, dist, commit: args.commit ?? null, timeout_s: timeoutMs / 1000, jobs, warps: args.warps ?? 'default', watchdog: args.watchdog ?? 'default', wall_s: wallS, summary, rows };
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 1));
  if (args.tsv) writeFileSync(args.tsv, ['case\tresult\tms\tgpu_us\twhy', ...rows.map((r) => `${r.case}\t${r.result}\t${r.ms}\t${r.gpu_us ?? ''}\t${(r.why ?? '').replace(/[\t\n]/g, ' ')}`)].join('\n') + '\n');
  rmSync(tmp, { recursive: true, force: true });
  process.exit(summary.pass === summary.total ? 0 : 1);
}

/**
 * Checks this file's port of the rules against the suite itself, as run_suite.py --self-test and
 * SuiteSelfTest do: every case's .expected, run with its exit status, passes its own rule; the same
 * output with its last digit changed (and for numeric-tolerance scaled beyond the tolerance), or
 * with another exit status, fails; a runtime-errors/ case that exits 0 having printed nothing fails.
 */
function selfTest() {
  const problems = [];
  let checked = 0;
  for (const c of manifest().filter((x) => x.compare !== 'compile-error')) {
    c.run = runSpec(c.path.replace(/\.(cu|cpp|c)$/, ''));
    const base = c.path.replace(/\.(cu|cpp|c)$/, '');
    checked++;
    try {
      if (c.compare === 'runtime-error') {
        if (judge(c, { status: 0, stdout: '', stderr: '' }) === null) problems.push(`${c.path}: a silent clean run passes its rules`);
        continue;
      }
      const expected = readFileSync(path.join(SUITE, `${base}.expected`), 'utf8');
      const status = c.exit_code === 'nonzero' ? 1 : Number(c.exit_code);
      const why = judge(c, { status, stdout: expected, stderr: '' });
      if (why !== null) problems.push(`${c.path}: its .expected fails: ${why}`);
      if (judge(c, { status: status + 1, stdout: expected, stderr: '' }) === null) problems.push(`${c.path}: passes with exit ${status + 1}`);
      // the last digit of the output not covered by a skip line, changed
      const kept = skipLines(expected, c.run.skip);
      const at = kept.search(/\d(?=\D*$)/);
      if (at >= 0 && !c.compare.startsWith('unordered')) {
        const lastKept = expected.lastIndexOf(kept.slice(at));
        let changed = expected.slice(0, lastKept) + String((Number(expected[lastKept]) + 5) % 10) + expected.slice(lastKept + 1);
        if (c.compare.startsWith('numeric')) {
          // the last number times -3 (0 becomes 1): beyond any tolerance the suite uses
          changed = expected.replace(/([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\D*$)/, (m) => String(Number(m) === 0 ? 1 : Number(m) * -3));
        }
        if (judge(c, { status, stdout: changed, stderr: '' }) === null) problems.push(`${c.path}: passes with its last number changed`);
      }
    } catch (e) {
      problems.push(`${c.path}: ${e.message}`);
    }
  }
  for (const p of problems) console.log(`PROBLEM ${p}`);
  console.log(`self-test: ${checked} cases, ${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}

const args = parseArgs(process.argv.slice(2));
if (args['self-test']) selfTest();
else if (args.child) await child(args);
else await parent(args);
