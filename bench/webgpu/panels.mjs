// The page's Launches and Device panels' data for one CUDA program, run by the real webcu runtime
// (dist/webcu.js, the TeaVM JavaScript build) on Dawn for node: what a user of the page would see
// on this machine's GPU, and a check that the launch times are sane. The panel's times come from
// the same timestamp queries as the benchmark's kernelTimes (both are asked for here, so each
// launch's two readings must agree), and a bandwidth-bound kernel's time gives its GB/s.
//
// Usage: node bench/webgpu/panels.mjs [--file saxpy.cu] [--args "16777216 20 100"] [--bytes-per-item 12]
//          [--items 16777216] [--dist dist]
// Env:   WEBGPU_PATH, DAWN_OPTS as for run.mjs (e.g. disable-dawn-features=timestamp_quantization)
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
Object.assign(globalThis, globals);

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? acc.concat([[a.slice(2), all[i + 1]]]) : acc), []));
const FILE = args.file ?? 'saxpy.cu';
const ARGV = (args.args ?? '16777216 20 100').split(/\s+/).filter(Boolean);
const ITEMS = Number(args.items ?? ARGV[0] ?? 0);
const BYTES_PER_ITEM = Number(args['bytes-per-item'] ?? 12);
const DIST = path.resolve(args.dist ?? path.join(root, 'dist'));
const opts = (process.env.DAWN_OPTS ?? '').split(';').filter(Boolean);

const gpu = create(opts);
globalThis.__dawnGpu = gpu; // kept reachable: Dawn's instance must outlive the run
Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });

// what webcu-worker.js does in a browser's worker, with node's event loop
const tasks = [];
let lastYield = Date.now();
const got = { stdout: '', stderr: '', device: null, launches: null, times: null };
let done;
const finished = new Promise((r) => { done = r; });
function runTask() {
  const task = tasks.shift();
  if (task) task();
}
globalThis.webcuHost = {
  write(stream, text) { got[stream === 2 ? 'stderr' : 'stdout'] += text; },
  exit(status) { done(status); },
  later(task) {
    tasks.push(task);
    const now = Date.now();
    if (now - lastYield >= 50) { lastYield = now; setTimeout(runTask, 0); } else { queueMicrotask(runTask); }
  },
  device(json) { got.device = JSON.parse(json); },
  launches(json) { got.launches = JSON.parse(json); },
  kernelTimes(json) { got.times = JSON.parse(json); },
};
const webcu = createRequire(import.meta.url)(path.join(DIST, 'webcu.js'));
webcu.main([]);
webcu.reset();
webcu.addFile(FILE, readFileSync(path.join(here, FILE), 'utf8'), true);
webcu.addFile('common.h', readFileSync(path.join(here, 'common.h'), 'utf8'), false);
for (const a of ARGV) webcu.addArg(a);
webcu.setKernelTiming(true);
const t0 = performance.now();
webcu.start('webgpu');
const status = await finished;
const wallMs = performance.now() - t0;

const problems = [];
console.log(`${FILE} ${ARGV.join(' ')}: exit ${status}, ${wallMs.toFixed(0)} ms wall`);
process.stdout.write(got.stdout);
if (got.stderr) process.stdout.write('stderr: ' + got.stderr);
const d = got.device;
if (!d) {
  problems.push('no device panel data');
} else {
  console.log(`device: ${[d.vendor, d.architecture, d.device, d.description].filter(Boolean).join(' / ')}; fallback ${d.fallback};`
    + ` subgroups ${d.subgroupMinSize}-${d.subgroupMaxSize} (warps on subgroups: ${d.warpsOnSubgroups}); ieee ${d.ieeeFloat};`
    + ` ${d.maxInvocationsPerWorkgroup} invocations, workgroup ${d.maxWorkgroupSize.join('x')}, storage ${d.maxWorkgroupStorageSize} B,`
    + ` binding ${d.maxStorageBufferBindingSize} B, buffer ${d.maxBufferSize} B;`
    + ` features ${d.features.map((f) => `${f.name}:${f.adapter ? 'has' : 'no'}/${f.used ? 'on' : 'off'}`).join(' ')}`);
  for (const n of d.notes) console.log(`  note: ${n}`);
}
const L = got.launches;
if (!L) {
  problems.push('no launches panel data');
} else {
  console.log(`launches: ${L.launches} (${L.timed} timed), clock ${L.clock}`);
  for (const k of L.kernels) {
    let rate = '';
    if (k.kernel === path.basename(FILE, '.cu') && ITEMS > 0 && k.medianMs > 0) {
      const gbs = (ITEMS * BYTES_PER_ITEM) / k.medianMs / 1e6;
      rate = `  => ${gbs.toFixed(0)} GB/s at the median (${ITEMS} items x ${BYTES_PER_ITEM} B)`;
    }
    console.log(`  ${k.kernel}: ${k.count} launches, total ${k.totalMs} ms, min ${k.minMs}, median ${k.medianMs}, max ${k.maxMs} ms${rate}`);
  }
  for (const c of L.copies.filter((x) => x.count > 0)) {
    console.log(`  ${c.kind}: ${c.count} copies, ${c.bytes} B, ${c.ms} ms (host wall-clock)`);
  }
  const untimed = L.rows.filter((r) => r.ms == null).length;
  if (untimed > 0) problems.push(`${untimed} listed launches without a time`);
  const gpuSum = L.kernels.reduce((s, k) => s + (k.totalMs ?? 0), 0);
  if (gpuSum > wallMs) problems.push(`the launches' GPU time (${gpuSum.toFixed(1)} ms) exceeds the run's wall time (${wallMs.toFixed(1)} ms)`);
  // the same timestamp queries feed the benchmark's list: launch by launch, the readings agree
  if (got.times) {
    let compared = 0;
    for (let i = 0; i < Math.min(L.rows.length, got.times.length); i++) {
      const a = L.rows[i].ms;
      const b = got.times[i].ns == null ? null : got.times[i].ns / 1e6;
      if (L.rows[i].kernel !== got.times[i].kernel || a == null || b == null || Math.abs(a - b) > 0.0015) {
        problems.push(`launch ${i}: panel ${L.rows[i].kernel} ${a} ms, kernelTimes ${got.times[i].kernel} ${b} ms`);
        break;
      }
      compared++;
    }
    console.log(`  ${compared} launches agree with the benchmark's kernelTimes`);
  }
}
console.log(problems.length === 0 ? 'PANELS OK' : 'PANELS PROBLEMS:\n  ' + problems.join('\n  '));
process.exit(problems.length === 0 && status === 0 ? 0 : 1);
