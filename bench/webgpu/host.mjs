// Runs bench/webgpu programs through the page runtime (dist/webcu.js in node with Dawn, as run.mjs
// does) without the hand-written side, and prints their output: for CPU profiles of the host work
// of a launch (node --cpu-prof, summarized by cpuprof.mjs) and for A/B timings of two dists in one
// process, so that both see the same machine load. Each --dist is loaded once; the runs alternate.
//
// Each run's process CPU time (run_cpu_ms: the whole run, its compilation included) is printed
// too: on a loaded machine it moves less than the program's wall times.
//
// --null: on Dawn's null backend, which records and validates every command as a GPU's backend does
// but runs nothing: the host's cost alone, steady on a loaded machine where SwiftShader's threads
// compete with the host's. Mapped ranges read as zeros there (no printf records, no faults), so
// programs that check their results print FAIL; their timings still count.
//
// Usage: node bench/webgpu/host.mjs [--dist dist[,other]] [--times 1] [--null 1] [--idle-device 1] [--dir DIR] FILE.cu [ARGS...]
//   (a dist DIR:wasm is DIR's wasm-gc build, webcu.wasm, which needs node >= 22; DIR alone its webcu.js)
//   (FILE.cu and common.h from DIR, default this folder)
// Env: as run.mjs (WEBGPU_PATH, DAWN_OPTS).
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
Object.assign(globalThis, globals);

const argv = process.argv.slice(2);
const opt = {};
while (argv[0]?.startsWith('--')) { opt[argv[0].slice(2)] = argv[1]; argv.splice(0, 2); }
const [file, ...progArgs] = argv;
const dists = (opt.dist ?? path.join(root, 'dist')).split(',').map((d) => path.resolve(d));
const times = Number(opt.times ?? 1);
const dir = path.resolve(opt.dir ?? here);

const nullBackend = opt.null === '1';
const gpu = create([...(process.env.DAWN_OPTS ?? '').split(';').filter(Boolean), ...(nullBackend ? ['backend=null'] : [])]);
if (nullBackend) {
  // the null backend's buffers hold whatever its allocator left there
  const { getMappedRange } = GPUBuffer.prototype;
  GPUBuffer.prototype.getMappedRange = function (...a) {
    const r = getMappedRange.apply(this, a);
    new Uint8Array(r).fill(0);
    return r;
  };
}
globalThis.__dawnGpu = gpu;
Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });

// the worker's host, as in run.mjs: tasks as microtasks, a setTimeout turn every 50 ms for Dawn's callbacks
const tasks = [];
let lastYield = Date.now();
let current = null;
globalThis.webcuHost = {
  write(stream, text) { current.output[stream === 2 ? 'stderr' : 'stdout'] += text; },
  exit(status) { current.done(status); },
  later(task) {
    tasks.push(task);
    const run = () => { const t = tasks.shift(); if (t) { try { t(); } catch (e) { current?.crash(e); } } };
    const now = Date.now();
    if (now - lastYield >= 50) { lastYield = now; setTimeout(run, 0); } else { queueMicrotask(run); }
  },
  kernelTimes() {},
};

// --idle-device 1: a second device of the adapter, idle beside the runtime's, as run.mjs's hand-written side
if (opt['idle-device'] === '1') globalThis.__idleDevice = await (await gpu.requestAdapter()).requestDevice();
// each dist is a separate module instance (TeaVM's statics are per instance); DIR:wasm loads the
// page's wasm-gc build of DIR (webcu.wasm, node >= 22), DIR alone the JavaScript build (webcu.js)
const builds = [];
for (const spec of dists) {
  const [d, kind] = spec.split(':');
  let m;
  if (kind === 'wasm') {
    if (!globalThis.TeaVM) (0, eval)(readFileSync(path.join(d, 'webcu.wasm-runtime.js'), 'utf8'));
    m = (await globalThis.TeaVM.wasmGC.load(path.join(d, 'webcu.wasm'))).exports;
  } else {
    m = createRequire(import.meta.url)(path.join(d, 'webcu.js'));
  }
  m.main([]);
  builds.push({ dist: spec, m });
}

function run(m) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const cpu = () => { const c = process.cpuUsage(c0); return (c.user + c.system) / 1000; };
    const output = { stdout: '', stderr: '' };
    current = {
      output,
      done(status) { resolve({ status, ...output, ms: performance.now() - t0, cpu: cpu() }); },
      crash(e) { output.stderr += `crash: ${e?.stack ?? e}\n`; resolve({ status: -1, ...output, ms: performance.now() - t0, cpu: cpu() }); },
    };
    m.reset();
    m.addFile(file, readFileSync(path.join(dir, file), 'utf8'), true);
    if (existsSync(path.join(dir, 'common.h'))) m.addFile('common.h', readFileSync(path.join(dir, 'common.h'), 'utf8'), false);
    for (const a of progArgs) m.addArg(String(a));
    m.setKernelTiming(false);
    m.start('webgpu');
  });
}

const name = (dist) => path.relative(root, dist) || dist;
const seen = new Map(); // dist -> key -> values (the first run of each dist is left out: V8 has not compiled it yet)
for (let t = 0; t < times; t++) {
  for (const { dist, m } of builds) {
    const r = await run(m);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('BENCH '));
    console.log(`${name(dist)}: exit ${r.status}, ${r.ms.toFixed(0)} ms (cpu ${r.cpu.toFixed(0)}): ${lines.join(' | ') || r.stdout.trim()}`);
    if (r.status !== 0 && !nullBackend) console.log(r.stderr);
    if (t === 0 && times > 1) continue;
    if (!seen.has(dist)) seen.set(dist, new Map());
    if (!seen.get(dist).has('run_cpu_ms')) seen.get(dist).set('run_cpu_ms', []);
    seen.get(dist).get('run_cpu_ms').push(r.cpu);
    for (const l of lines) {
      for (const kv of l.trim().split(/\s+/).slice(2)) {
        const [k, v] = kv.split('=');
        if (!/_ms$/.test(k)) continue;
        if (!seen.has(dist)) seen.set(dist, new Map());
        const m2 = seen.get(dist);
        if (!m2.has(k)) m2.set(k, []);
        m2.get(k).push(Number(v));
      }
    }
  }
}
const med = (v) => { const s = [...v].sort((x, y) => x - y); return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]); };
for (const [dist, m2] of seen) {
  console.log(`${name(dist)}: ${[...m2].map(([k, v]) => `${k} median ${med(v).toFixed(3)} min ${Math.min(...v).toFixed(3)} (${v.length} runs)`).join(', ')}`);
}
