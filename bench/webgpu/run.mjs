// webcu vs hand-written WGSL, one node process, one WebGPU adapter (Dawn for node, npm `webgpu`).
//
// For each kernel of ../shared/bench-kit (SAXPY, tree reduction, naive and 16x16-tiled SGEMM) this
// times the hand-written WGSL (copied from bench-kit's bench_wgsl.mjs: all reps in one submit, one
// compute pass per rep with timestamp writes) and the CUDA version compiled and run by the real
// webcu runtime (dist/webcu.js, the TeaVM JavaScript build, or with --builds wasm the page's wasm-gc
// build, dist/webcu.wasm, with kernel timing on: one compute pass per launch with timestamp writes), and prints hand ms, webcu ms and hand/webcu (the goal is
// >= 0.95). Both are medians of GPU time over `reps` repetitions after >= `warm` ms of warm-up
// (launch.cu and heat.cu: untimed runs of the same program for >= `warm` ms first).
// Launch overhead: wall time of 1000 launches of a one-thread kernel plus one wait, for webcu
// (launch.cu: the VM, the runtime, WebGPU encoding, launches batched until the wait) and by hand.
// Heat: heat.cu's 1000-step stencil (one launch per step) against its hand-written twin (handHeat).
// Launch and heat run once per build of --builds (js: webcu.js, the fallback of a browser without
// wasm-gc; wasm: webcu.wasm, what the page loads in Chromium: node >= 22 runs it); kernels with the first.
//
// Usage: node bench/webgpu/run.mjs [--n 67108864] [--mm 2048] [--reps 20] [--launch 1000]
//          [--warm 300] [--only saxpy,reduce,sgemm,launch,heat] [--heat 256] [--dist dist] [--json out.json] [--verbose 1]
//          [--builds js[,wasm]]
//          [--watchdog N]  (the kernels' watchdog budget, docs/watchdog.md; 0: without the watchdog)
// Env:   WEBGPU_PATH=/abs/path/node_modules/webgpu/index.js (default 'webgpu'),
//        DAWN_OPTS="opt1;opt2" strings for create(), e.g. disable-dawn-features=timestamp_quantization
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
Object.assign(globalThis, globals);

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? acc.concat([[a.slice(2), all[i + 1]]]) : acc), []));
const N = Number(args.n ?? 64 * 1024 * 1024);
const MM = Number(args.mm ?? 2048);
const REPS = Number(args.reps ?? 20);
const NLAUNCH = Number(args.launch ?? 1000);
const WARM_MS = Number(args.warm ?? 300);
const ONLY = (args.only ?? 'saxpy,reduce,sgemm,launch,heat').split(',');
const DIST = path.resolve(args.dist ?? path.join(root, 'dist'));
const VERBOSE = args.verbose === '1';
const BUILDS = (args.builds ?? 'js').split(',');
const ABLATE = (args.ablate ?? '1') === '1';
const opts = (process.env.DAWN_OPTS ?? '').split(';').filter(Boolean);
const log = (...a) => console.log(...a);
const fmt = (x, d = 4) => (x === null || x === undefined ? '-' : x.toFixed(d));
const med = (v) => { const s = [...v].sort((x, y) => x - y); return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]); };
const out = { opts, N, MM, REPS, NLAUNCH, WARM_MS, rows: [], launch: {} };

// One Dawn instance for both sides. Keep it reachable for the whole run: if V8 collects it, Dawn's
// instance is destroyed under pending work (bench-kit saw a silent exit or SIGABRT).
const gpu = create(opts);
globalThis.__dawnGpu = gpu;
Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });

// ---------------------------------------------------------------- the webcu side
// What webcu-worker.js does in a browser's worker, with node's event loop: tasks run as
// microtasks, with a setTimeout turn every 50 ms so that Dawn's callbacks get in.
const tasks = [];
let lastYield = Date.now();
let current = null;
function runTask() {
  const task = tasks.shift();
  if (task) {
    try { task(); } catch (e) { current?.crash(e); }
  }
}
globalThis.webcuHost = {
  write(stream, text) {
    current.output[stream === 2 ? 'stderr' : 'stdout'] += text;
    if (VERBOSE) process[stream === 2 ? 'stderr' : 'stdout'].write(text);
  },
  exit(status) { current.done(status); },
  later(task) {
    tasks.push(task);
    const now = Date.now();
    if (now - lastYield >= 50) { lastYield = now; setTimeout(runTask, 0); } else { queueMicrotask(runTask); }
  },
  kernelTimes(json) { current.times = JSON.parse(json); },
};
if (args.watchdog !== undefined) globalThis.webcuWatchdog = Number(args.watchdog);
/** The exports of one build of the runtime: js (webcu.js) or wasm (webcu.wasm, TeaVM's wasm-gc). */
async function loadBuild(build) {
  let m;
  if (build === 'wasm') {
    (0, eval)(readFileSync(path.join(DIST, 'webcu.wasm-runtime.js'), 'utf8'));
    m = (await globalThis.TeaVM.wasmGC.load(path.join(DIST, 'webcu.wasm'))).exports;
  } else {
    m = createRequire(import.meta.url)(path.join(DIST, 'webcu.js'));
  }
  if (typeof m.setKernelTiming !== 'function') {
    console.error(`${DIST}'s ${build} build has no setKernelTiming export: rebuild the app (mvn install)`);
    process.exit(2);
  }
  m.main([]);
  return m;
}
const builds = {};
for (const b of BUILDS) builds[b] = await loadBuild(b);
const webcu = builds[BUILDS[0]];

/** Compiles and runs bench/webgpu/FILE on WebGPU; resolves to {status, stdout, stderr, times, wall_ms}. */
function runWebcu(file, argv, timing, m = webcu) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const output = { stdout: '', stderr: '' };
    current = {
      output, times: null,
      done(status) { resolve({ status, ...output, times: this.times ?? [], wall_ms: performance.now() - t0 }); },
      crash(e) { output.stderr += `crash: ${e?.stack ?? e}\n`; resolve({ status: -1, ...output, times: [], wall_ms: performance.now() - t0 }); },
    };
    m.reset();
    m.addFile(file, readFileSync(path.join(here, file), 'utf8'), true);
    m.addFile('common.h', readFileSync(path.join(here, 'common.h'), 'utf8'), false);
    // the runtime makes the main file's name argv[0]: these are argv[1] on
    for (const a of argv) m.addArg(String(a));
    m.setKernelTiming(timing);
    m.start('webgpu');
  });
}

/** The BENCH lines of a program's output, as {name, key: value}. */
function benchLines(stdout) {
  return stdout.split('\n').filter((l) => l.startsWith('BENCH ')).map((l) => {
    const [, name, ...kv] = l.trim().split(/\s+/);
    return Object.fromEntries([['name', name], ...kv.map((p) => p.split('='))]);
  });
}

/** Per-rep GPU ms of a BENCH line: the last reps*launches_per_rep launches of its kernels, summed per rep. */
function repTimes(times, b) {
  const kernels = b.kernels.split(',');
  const lpr = Number(b.launches_per_rep), reps = Number(b.reps);
  const mine = times.filter((t) => kernels.includes(t.kernel)).slice(-reps * lpr);
  if (mine.length < reps * lpr || mine.some((t) => t.ns === null)) return null;
  const ms = [];
  for (let r = 0; r < reps; r++) ms.push(mine.slice(r * lpr, (r + 1) * lpr).reduce((s, t) => s + t.ns, 0) / 1e6);
  return ms;
}

async function webcuBench(file, argv) {
  const r = await runWebcu(file, argv, true);
  const lines = r.stdout.split('\n').filter((l) => /PASS|FAIL/.test(l));
  for (const l of lines) log(`  webcu ${l}`);
  log(`  webcu ${file}: ${(r.wall_ms / 1e3).toFixed(1)} s wall (compile, host code in the VM, GPU)`);
  if (r.status !== 0) log(`  webcu ${file}: exit status ${r.status}\n${r.stderr}`);
  const res = {};
  for (const b of benchLines(r.stdout)) {
    const ms = repTimes(r.times, b);
    res[b.name] = { correct: b.correct === '1', gpu_ms_median: ms ? med(ms) : null, gpu_ms_min: ms ? Math.min(...ms) : null, gpu_ms_all: ms };
  }
  return { res, run: r };
}

// ---------------------------------------------------------------- the hand-written side
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
if (!adapter) { console.error('requestAdapter returned null'); process.exit(2); }
const ai = adapter.info;
out.adapter = { vendor: ai.vendor, architecture: ai.architecture, device: ai.device, description: ai.description };
log('adapter:', JSON.stringify(out.adapter), 'opts:', JSON.stringify(opts));
const hasTs = adapter.features.has('timestamp-query');
if (!hasTs) log('WARNING: no timestamp-query: hand-written times are wall times and webcu has none');
const device = await adapter.requestDevice({
  requiredFeatures: hasTs ? ['timestamp-query'] : [],
  requiredLimits: {
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
    maxBufferSize: adapter.limits.maxBufferSize,
    maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize,
  },
});
device.lost.then((i) => { if (i.reason !== 'destroyed') console.error('DEVICE LOST', i.reason, i.message); });
device.addEventListener('uncapturederror', (e) => console.error('UNCAPTURED ERROR:', e.error.message));

const SU = GPUBufferUsage.STORAGE, CD = GPUBufferUsage.COPY_DST, CS = GPUBufferUsage.COPY_SRC, UN = GPUBufferUsage.UNIFORM;
const buf = (size, usage) => device.createBuffer({ size, usage });
function uniform(words) { // words: array of [type, value]
  const ab = new ArrayBuffer(16); const dv = new DataView(ab);
  words.forEach(([t, v], i) => (t === 'f' ? dv.setFloat32(i * 4, v, true) : dv.setUint32(i * 4, v, true)));
  const b = buf(16, UN | CD); device.queue.writeBuffer(b, 0, ab); return b;
}
async function readF32(src, bytes) {
  const st = buf(bytes, GPUBufferUsage.MAP_READ | CD);
  const enc = device.createCommandEncoder(); enc.copyBufferToBuffer(src, 0, st, 0, bytes); device.queue.submit([enc.finish()]);
  await st.mapAsync(GPUMapMode.READ); const r = new Float32Array(st.getMappedRange().slice(0)); st.unmap(); st.destroy(); return r;
}
function pipe(code) {
  const module = device.createShaderModule({ code });
  return device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
}
function bindGroup(p, bufs) {
  return device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: bufs.map((buffer, binding) => ({ binding, resource: { buffer } })) });
}
const grid1d = (wgs) => { const gx = Math.min(wgs, 32768); return [gx, Math.ceil(wgs / gx)]; };

const qsCap = Math.max(2 * REPS, 32);
const qs = hasTs ? device.createQuerySet({ type: 'timestamp', count: qsCap }) : null;
const qres = hasTs ? buf(8 * qsCap, GPUBufferUsage.QUERY_RESOLVE | CS) : null;
const qmap = hasTs ? buf(8 * qsCap, GPUBufferUsage.MAP_READ | CD) : null;
async function gpuTimes(record, reps) {
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) {
    const pass = enc.beginComputePass({ timestampWrites: { querySet: qs, beginningOfPassWriteIndex: 2 * r, endOfPassWriteIndex: 2 * r + 1 } });
    record(pass); pass.end();
  }
  enc.resolveQuerySet(qs, 0, 2 * reps, qres, 0); enc.copyBufferToBuffer(qres, 0, qmap, 0, 16 * reps);
  device.queue.submit([enc.finish()]);
  await qmap.mapAsync(GPUMapMode.READ, 0, 16 * reps);
  const t = new BigInt64Array(qmap.getMappedRange(0, 16 * reps).slice(0)); qmap.unmap();
  const ms = []; for (let r = 0; r < reps; r++) ms.push(Number(t[2 * r + 1] - t[2 * r]) / 1e6);
  return ms;
}
async function wallTime(record, reps) {
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) { const pass = enc.beginComputePass(); record(pass); pass.end(); }
  const cb = enc.finish();
  const t0 = performance.now(); device.queue.submit([cb]); await device.queue.onSubmittedWorkDone();
  return (performance.now() - t0) / reps;
}
async function handBench(record) {
  const tw = performance.now(); do { await wallTime(record, 3); } while (performance.now() - tw < WARM_MS);
  if (hasTs) { const ms = await gpuTimes(record, REPS); return { gpu_ms_median: med(ms), gpu_ms_min: Math.min(...ms), gpu_ms_all: ms }; }
  return { gpu_ms_median: await wallTime(record, REPS), wall: true };
}
function lcgFill(arr, seed, fn) { let s = seed >>> 0; for (let i = 0; i < arr.length; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; arr[i] = fn(s); } return arr; }

// ---------------------------------------------------------------- webcu's WGSL, run by this harness
// emitted/*.wgsl is what `./webcu emit --target wgsl --device nvidia` prints for the .cu files: the text
// the runtime loads on an NVIDIA adapter (fma fused, 32-lane subgroups; a snapshot: regenerate it after
// compiler changes). Run here with the same buffers and dispatch as the runtime's LaunchPlan, as emitted
// and with parts taken out, it tells which part of webcu's WGSL costs what. Each variant is a text
// transform and the pipeline constants beyond blockDim.
const VARIANTS = {
  // the checks on (webcu_checks true): a launch whose bounds proof fails (docs/bounds-checks.md); the
  // launch constants (webcu_slices, webcu_padding, webcu_offsets) unset: the uniform's slices, the padding check
  emitted: [(c) => c, {}],
  // webcu_checks false, as the runtime ran a launch proven in bounds (every launch of these kernels) before s9-guard
  proven: [(c) => c, { webcu_checks: 0 }],
  // webcu's own bounds checks (a fault report, like compute-sanitizer) become plain indexing;
  // Dawn's robust buffer access still clamps
  no_checks: [(c) => c.replace(/fn webcu_checked\(([^)]*)\) -> u32 \{[\s\S]*?\n\}/, 'fn webcu_checked($1) -> u32 { return i; }')
    .replaceAll('webcu_flush_faults(); ', '').replaceAll('webcu_flush_faults();', ''), {}],
  // and __syncthreads() as workgroupBarrier() alone (webcu also emits storageBarrier() where a kernel reads and writes one buffer)
  no_checks_no_storage_barrier: [(c) => VARIANTS.no_checks[0](c).replaceAll('storageBarrier();', ''), {}],
  // and no early return for GridFolding's padding blocks (each kernel here checks its own bounds; the
  // reduction reads a padding block's inputs in bounds and writes dst[blockIdx.x] clamped: timing only)
  bare: [(c) => VARIANTS.no_checks_no_storage_barrier[0](c)
    .replace(/\n  if (\(webcu_padding != 0u\) && \()?blockIdx[._]x >= gridDim\.x\)? \{\n    return;\n  \}/g, ''), {}],
  // as the runtime runs it since s9-guard: checks proven off, and the launch constants LaunchPlan gives
  // each dispatch (a constant slices per row, no padding check where the fold is exact, no offsets)
  runtime: [(c) => c, (d) => ({ webcu_checks: 0, ...d.constants })],
  // the same with the padding check kept (webcu_padding 1): what the check costs
  runtime_guard: [(c) => c, (d) => ({ webcu_checks: 0, ...d.constants, webcu_padding: 1 })],
  // the same with the pointer offsets read from the uniform (webcu_offsets 1): what they cost
  runtime_offsets: [(c) => c, (d) => ({ webcu_checks: 0, ...d.constants, webcu_offsets: 1 })],
};
/** LaunchPlan.fold: the rows a grid of gx x gy blocks folds into (the fewest that divide gx within 256 more, else the fewest). */
function foldOf(gx, gy, maxDim) {
  if (gx <= maxDim) return 1;
  const fewest = Math.ceil(gx / maxDim);
  for (let f = fewest; f <= Math.min(Math.floor(maxDim / gy), fewest + 256); f++) if (gx % f === 0) return f;
  return fewest;
}
const ablation = {};
/** dispatches: [{storage: [GPUBuffer...], fields: [['u'|'i'|'f', value]...], grid: [gx, gy, gz]}] */
async function ablate(name, wgslFile, entry, block, dispatches) {
  if (!ABLATE) return;
  const text = readFileSync(path.join(here, 'emitted', wgslFile), 'utf8');
  const maxDim = device.limits.maxComputeWorkgroupsPerDimension;
  const debug = buf(1 << 20, SU);
  const res = {};
  // LaunchPlan's dispatch and uniform, and the constants its pipeline gets (Programs.pipeline)
  const plan = dispatches.map((d) => {
    const [gx, gy, gz] = d.grid;
    const fold = foldOf(gx, gy, maxDim), slice = Math.ceil(gx / fold);
    const slices = fold === 1 || gy > 1 ? fold : 2 ** 31;
    const constants = { webcu_slices: fold === 1 || gy === 1 ? slices : 0, webcu_padding: slice * fold !== gx ? 1 : 0, webcu_offsets: 0 };
    const words = [['u', gx], ['u', gy], ['u', gz], ['u', slices], ...d.fields];
    const ab = new ArrayBuffer(Math.ceil(words.length / 4) * 16); const dv = new DataView(ab);
    words.forEach(([t, x], i) => (t === 'f' ? dv.setFloat32(i * 4, x, true) : t === 'i' ? dv.setInt32(i * 4, x, true) : dv.setUint32(i * 4, x, true)));
    const U = buf(ab.byteLength, UN | CD); device.queue.writeBuffer(U, 0, ab);
    return { d, U, constants, dispatch: [slice, gy * fold, gz] };
  });
  for (const [v, [transform, constantsOf]] of Object.entries(VARIANTS)) {
    const code = transform(text);
    // constants the text declares (an older snapshot has no launch constants)
    const declared = (c) => Object.fromEntries(Object.entries(c).filter(([k]) => new RegExp(`override ${k}\\b`).test(code)));
    if (v.startsWith('runtime') && !/override webcu_slices\b/.test(code)) continue;
    const module = device.createShaderModule({ code });
    const pipes = new Map();
    const steps = [];
    for (const x of plan) {
      const constants = { blockDim_x: block[0], blockDim_y: block[1], blockDim_z: block[2], ...declared(typeof constantsOf === 'function' ? constantsOf(x) : constantsOf) };
      const key = JSON.stringify(constants);
      if (!pipes.has(key)) {
        const p = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: entry, constants } });
        // the debug buffer where the entry point still uses it (the watchdog stays when the checks go):
        // an automatic layout's group 1 is empty otherwise, and binding the buffer to it fails
        device.pushErrorScope('validation');
        const debugGroup = device.createBindGroup({ layout: p.getBindGroupLayout(1), entries: [{ binding: 0, resource: { buffer: debug } }] });
        pipes.set(key, { p, dbg: (await device.popErrorScope()) === null ? debugGroup : null });
      }
      const { p, dbg } = pipes.get(key);
      const entries = x.d.storage.map((buffer, binding) => ({ binding, resource: { buffer } })).concat([{ binding: x.d.storage.length, resource: { buffer: x.U } }]);
      steps.push({ p, dbg, bg: device.createBindGroup({ layout: p.getBindGroupLayout(0), entries }), dispatch: x.dispatch });
    }
    const rec = (pass) => {
      for (const s of steps) {
        pass.setPipeline(s.p);
        if (s.dbg) pass.setBindGroup(1, s.dbg);
        pass.setBindGroup(0, s.bg); pass.dispatchWorkgroups(...s.dispatch);
      }
    };
    res[v] = (await handBench(rec)).gpu_ms_median;
  }
  for (const x of plan) x.U.destroy();
  debug.destroy();
  ablation[name] = res;
  log(`  ${name}, webcu's WGSL run here: ` + Object.entries(res).map(([v, ms]) => `${v} ${fmt(ms)} ms`).join(', '));
}

const hand = {};
async function handSaxpy() {
  const a = 2.5;
  const x = lcgFill(new Float32Array(N), 1, (s) => (s >>> 8) / 16777216 - 0.5);
  const y = lcgFill(new Float32Array(N), 2, (s) => (s >>> 8) / 16777216 - 0.5);
  const X = buf(N * 4, SU | CD), Y = buf(N * 4, SU | CD | CS);
  device.queue.writeBuffer(X, 0, x); device.queue.writeBuffer(Y, 0, y);
  const p = pipe(`
struct P { a: f32, n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let i = (wg.y * nwg.x + wg.x) * 256u + lid.x;
  if (i < p.n) { y[i] = p.a * x[i] + y[i]; }
}`);
  const bg = bindGroup(p, [uniform([['f', a], ['u', N]]), X, Y]);
  const [gx, gy] = grid1d(Math.ceil(N / 256));
  const rec = (pass) => { pass.setPipeline(p); pass.setBindGroup(0, bg); pass.dispatchWorkgroups(gx, gy); };
  { const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); rec(pass); pass.end(); device.queue.submit([enc.finish()]); }
  const r = await readF32(Y, N * 4);
  let bad = 0; for (let i = 0; i < N; i++) { const e = Math.fround(a * x[i] + y[i]); if (Math.abs(r[i] - e) > 1e-5 * (1 + Math.abs(e))) bad++; }
  hand.saxpy = { correct: bad === 0, ...(await handBench(rec)) };
  await ablate('saxpy', 'saxpy.wgsl', 'saxpy', [256, 1, 1], [{ storage: [X, Y], fields: [['i', N], ['f', a], ['u', 0], ['u', 0]], grid: [Math.ceil(N / 256), 1, 1] }]);
  X.destroy(); Y.destroy();
}
async function handReduce() {
  const x = lcgFill(new Float32Array(N), 3, (s) => (s >>> 30));
  let ref = 0; for (let i = 0; i < N; i++) ref += x[i];
  const X = buf(N * 4, SU | CD);
  device.queue.writeBuffer(X, 0, x);
  const p = pipe(`
struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;
var<workgroup> sdata: array<f32, 256>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let bid = wg.y * nwg.x + wg.x;
  let tid = lid.x;
  let i = bid * 512u + tid;
  var s = 0.0;
  if (i < p.n) { s = src[i]; }
  if (i + 256u < p.n) { s += src[i + 256u]; }
  sdata[tid] = s;
  workgroupBarrier();
  for (var k = 128u; k > 0u; k >>= 1u) {
    if (tid < k) { sdata[tid] += sdata[tid + k]; }
    workgroupBarrier();
  }
  if (tid == 0u) { dst[bid] = sdata[0]; }
}`);
  const stages = []; let n = N, src = X;
  while (true) {
    const blocks = Math.ceil(n / 512);
    const dst = buf(Math.max(blocks, 4) * 4, SU | CS);
    stages.push({ bg: bindGroup(p, [uniform([['u', n]]), src, dst]), grid: grid1d(blocks), dst, src, n, blocks });
    if (blocks === 1) break; n = blocks; src = dst;
  }
  const rec = (pass) => { pass.setPipeline(p); for (const s of stages) { pass.setBindGroup(0, s.bg); pass.dispatchWorkgroups(...s.grid); } };
  { const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); rec(pass); pass.end(); device.queue.submit([enc.finish()]); }
  const got = (await readF32(stages[stages.length - 1].dst, 4))[0];
  hand.reduce = { correct: Math.abs(got - ref) <= 1e-6 * ref, passes: stages.length, ...(await handBench(rec)) };
  await ablate('reduce', 'reduce.wgsl', 'reduce256', [256, 1, 1], stages.map((s) => ({ storage: [s.src, s.dst], fields: [['u', s.n], ['u', 0], ['u', 0]], grid: [s.blocks, 1, 1] })));
  X.destroy(); for (const s of stages) s.dst.destroy();
}
async function handSgemm() {
  const n = MM;
  const A = lcgFill(new Float32Array(n * n), 4, (s) => (s >>> 8) / 8388608 - 1);
  const B = lcgFill(new Float32Array(n * n), 5, (s) => (s >>> 8) / 8388608 - 1);
  const Ab = buf(n * n * 4, SU | CD), Bb = buf(n * n * 4, SU | CD), Cb = buf(n * n * 4, SU | CS | CD);
  device.queue.writeBuffer(Ab, 0, A); device.queue.writeBuffer(Bb, 0, B);
  const U = uniform([['u', n]]);
  const hdr = `
struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> A: array<f32>;
@group(0) @binding(2) var<storage, read> B: array<f32>;
@group(0) @binding(3) var<storage, read_write> C: array<f32>;`;
  const naive = pipe(hdr + `
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let n = p.n; let row = g.y; let col = g.x;
  if (row < n && col < n) {
    var acc = 0.0;
    for (var k = 0u; k < n; k++) { acc += A[row * n + k] * B[k * n + col]; }
    C[row * n + col] = acc;
  }
}`);
  const tiled = pipe(hdr + `
var<workgroup> As: array<array<f32, 16>, 16>;
var<workgroup> Bs: array<array<f32, 16>, 16>;
@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) l: vec3u) {
  let n = p.n; let row = wg.y * 16u + l.y; let col = wg.x * 16u + l.x;
  var acc = 0.0;
  for (var t = 0u; t < n; t += 16u) {
    As[l.y][l.x] = A[row * n + t + l.x];
    Bs[l.y][l.x] = B[(t + l.y) * n + col];
    workgroupBarrier();
    for (var k = 0u; k < 16u; k++) { acc += As[l.y][k] * Bs[k][l.x]; }
    workgroupBarrier();
  }
  C[row * n + col] = acc;
}`);
  const samples = lcgFill(new Uint32Array(64), 6, (s) => s % (n * n));
  for (const [name, p] of [['sgemm_naive', naive], ['sgemm_tiled16', tiled]]) {
    const bg = bindGroup(p, [U, Ab, Bb, Cb]);
    const rec = (pass) => { pass.setPipeline(p); pass.setBindGroup(0, bg); pass.dispatchWorkgroups(n / 16, n / 16); };
    { const enc = device.createCommandEncoder(); enc.clearBuffer(Cb); const pass = enc.beginComputePass(); rec(pass); pass.end(); device.queue.submit([enc.finish()]); }
    const C = await readF32(Cb, n * n * 4);
    let maxErr = 0;
    for (const idx of samples) { const r = Math.floor(idx / n), c = idx % n; let s = 0; for (let k = 0; k < n; k++) s += A[r * n + k] * B[k * n + c]; maxErr = Math.max(maxErr, Math.abs(s - C[idx])); }
    hand[name] = { correct: maxErr < 1e-2, ...(await handBench(rec)) };
    await ablate(name, 'sgemm.wgsl', name, [16, 16, 1], [{ storage: [Ab, Bb, Cb], fields: [['u', n], ['u', 0], ['u', 0], ['u', 0]], grid: [n / 16, n / 16, 1] }]);
  }
  Ab.destroy(); Bb.destroy(); Cb.destroy();
}
/** Wall ms of L launches + one wait, median of R rounds: one submit per launch, and L dispatches in one pass. */
async function handLaunch(L, R) {
  const pinc = pipe(`@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(1) fn main() { b[0] = b[0] + 1u; }`);
  const pempty = pipe(`@compute @workgroup_size(1) fn main() {}`);
  const B = buf(256, SU | CS | CD); const bg = bindGroup(pinc, [B]);
  const r = {};
  for (const [name, p, groups] of [['inc', pinc, [bg]], ['empty', pempty, []]]) {
    const setup = (pass) => { pass.setPipeline(p); groups.forEach((g, i) => pass.setBindGroup(i, g)); };
    const submits = async () => { const t0 = performance.now(); for (let i = 0; i < L; i++) { const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); setup(pass); pass.dispatchWorkgroups(1); pass.end(); device.queue.submit([enc.finish()]); } await device.queue.onSubmittedWorkDone(); return performance.now() - t0; };
    const onePass = async () => { const t0 = performance.now(); const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); setup(pass); for (let i = 0; i < L; i++) pass.dispatchWorkgroups(1); pass.end(); device.queue.submit([enc.finish()]); await device.queue.onSubmittedWorkDone(); return performance.now() - t0; };
    await submits(); await onePass();
    const ws = [], wp = []; for (let k = 0; k < R; k++) { ws.push(await submits()); wp.push(await onePass()); }
    r[name] = { submits_wall_ms: med(ws), one_pass_wall_ms: med(wp), onePassAgain: async () => { const v = []; for (let k = 0; k < R; k++) v.push(await onePass()); return med(v); } };
  }
  r.release = () => B.destroy();
  return r;
}

/**
 * The twin of heat.cu: the same stencil in WGSL, 20 warm-up steps then R rounds of S steps with all
 * steps in one pass and one submit (the state checked against webcu's), and R rounds of S steps with
 * one submit per step (on other buffers); wall ms medians.
 */
async function handHeat(n, S, R) {
  const p = pipe(`struct P { n: u32, k: f32 }
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
@group(0) @binding(2) var<uniform> p: P;
@compute @workgroup_size(16, 16) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  let n = p.n;
  if (g.x >= n || g.y >= n) { return; }
  let i = g.y * n + g.x;
  if (g.x == 0u || g.y == 0u || g.x == n - 1u || g.y == n - 1u) { dst[i] = src[i]; return; }
  let lap = src[i - 1u] + src[i + 1u] + src[i - n] + src[i + n] - 4.0 * src[i];
  dst[i] = src[i] + p.k * lap;
}`);
  const init = new Float32Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) { const dx = x - (n >> 1), dy = y - (n >> 1); init[y * n + x] = dx * dx + dy * dy < (n >> 3) * (n >> 3) ? 100 : 0; }
  const U = uniform([['u', n], ['f', 0.2]]);
  const g = Math.ceil(n / 16);
  const pair = () => { const a = buf(4 * n * n, SU | CD | CS), b = buf(4 * n * n, SU | CD | CS); device.queue.writeBuffer(a, 0, init); return [a, b, bindGroup(p, [a, b, U]), bindGroup(p, [b, a, U])]; };
  const [A, B, ab, ba] = pair();
  let parity = 0; // 0: the state is in A
  const recorded = []; // ms until the submit returned: the host's part of a one-pass round
  const onePass = async (steps) => { const t0 = performance.now(); const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); pass.setPipeline(p); for (let s = 0; s < steps; s++) { pass.setBindGroup(0, parity ? ba : ab); pass.dispatchWorkgroups(g, g); parity ^= 1; } pass.end(); device.queue.submit([enc.finish()]); recorded.push(performance.now() - t0); await device.queue.onSubmittedWorkDone(); return performance.now() - t0; };
  await onePass(20);
  const wp = []; for (let r = 0; r < R; r++) wp.push(await onePass(S));
  const h = await readF32(parity ? B : A, 4 * n * n);
  let sum = 0; for (let i = 0; i < n * n; i++) sum += h[i];
  const centre = h[(n >> 1) * n + (n >> 1)];
  const [C, D, cd, dc] = pair();
  let q = 0;
  const submits = async (steps) => { const t0 = performance.now(); for (let s = 0; s < steps; s++) { const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); pass.setPipeline(p); pass.setBindGroup(0, q ? dc : cd); pass.dispatchWorkgroups(g, g); pass.end(); device.queue.submit([enc.finish()]); q ^= 1; } await device.queue.onSubmittedWorkDone(); return performance.now() - t0; };
  await submits(20);
  const ws = []; for (let r = 0; r < R; r++) ws.push(await submits(S));
  const rounds = [wp];
  const onePassAgain = async () => { const v = []; for (let r = 0; r < R; r++) v.push(await onePass(S)); rounds.push(v); return med(v); };
  return { one_pass_wall_ms: med(wp), submits_wall_ms: med(ws), sum, centre, onePassAgain, rounds, recorded, release: () => { for (const x of [A, B, C, D, U]) x.destroy(); } };
}

// ---------------------------------------------------------------- run both, print the table
function row(name, size, h, w) {
  const ratio = h?.gpu_ms_median && w?.gpu_ms_median ? h.gpu_ms_median / w.gpu_ms_median : null;
  const r = { kernel: name, size, hand_ms: h?.gpu_ms_median ?? null, webcu_ms: w?.gpu_ms_median ?? null, ratio, hand_correct: h?.correct ?? null, webcu_correct: w?.correct ?? null, hand: h, webcu: w };
  out.rows.push(r);
  log(`${name}: hand ${fmt(r.hand_ms)} ms, webcu ${fmt(r.webcu_ms)} ms, hand/webcu ${fmt(ratio, 3)} (correct: hand ${r.hand_correct}, webcu ${r.webcu_correct})`);
}
const argv = (size) => [size, REPS, WARM_MS];
if (ONLY.includes('saxpy')) {
  await handSaxpy();
  const w = await webcuBench('saxpy.cu', argv(N));
  row('saxpy', `n=${N}`, hand.saxpy, w.res.saxpy);
}
if (ONLY.includes('reduce')) {
  await handReduce();
  const w = await webcuBench('reduce.cu', argv(N));
  row('reduce', `n=${N}, ${hand.reduce.passes} passes`, hand.reduce, w.res.reduce);
}
if (ONLY.includes('sgemm')) {
  await handSgemm();
  const w = await webcuBench('sgemm.cu', argv(MM));
  row('sgemm_naive', `${MM}^3`, hand.sgemm_naive, w.res.sgemm_naive);
  row('sgemm_tiled16', `${MM}^3`, hand.sgemm_tiled16, w.res.sgemm_tiled16);
}
/**
 * Runs a wall-timed program (launch.cu, heat.cu) untimed until >= WARM_MS have passed and at least
 * WARM_RUNS times, as the hand-written side warms up: a cold run's 5 rounds of 1000 launches pass
 * before V8 has optimized the VM and the runtime (the JavaScript build's Interpreter.run alone
 * compiles for ~0.5 s; host.mjs saw its third and fourth runs still faster than the second), so its
 * times were mostly the JIT's warm-up, and varied with whatever ran before in the process.
 */
const WARM_RUNS = 4;
async function warmWebcu(file, argv, m) {
  const tw = performance.now();
  for (let i = 0; i < WARM_RUNS || performance.now() - tw < WARM_MS; i++) await runWebcu(file, argv, false, m);
}
/**
 * The BENCH line NAME of RUNS runs of FILE by each build after its warm-up, each value the median
 * over the runs, and the hand-written side's one-pass time measured again before each round of
 * runs (`hand()`, a median over the rounds with the first measurement): the two alternate, so both
 * see the GPU's clocks and the process's state of that moment (a tiny kernel's time follows the
 * clock, which an idle GPU lowers).
 */
async function wallRuns(file, argv, name, hand, first, runs = 5) {
  for (const build of BUILDS) await warmWebcu(file, argv, builds[build]);
  const lines = Object.fromEntries(BUILDS.map((b) => [b, []]));
  const last = {};
  const handMs = [first];
  for (let i = 0; i < runs; i++) {
    handMs.push(await hand());
    for (const build of BUILDS) {
      last[build] = await runWebcu(file, argv, false, builds[build]);
      const b = benchLines(last[build].stdout).find((x) => x.name === name);
      if (b) lines[build].push(b);
    }
  }
  const res = { hand: med(handMs), hand_all: handMs, builds: {} };
  for (const build of BUILDS) {
    const ls = lines[build];
    if (ls.length < runs) { res.builds[build] = { run: last[build], b: null }; continue; }
    const b = { ...ls[0] };
    for (const k of Object.keys(b)) if (/_ms$/.test(k)) b[k] = String(med(ls.map((l) => Number(l[k]))));
    b.correct = ls.every((l) => l.correct === undefined || l.correct === '1') ? '1' : '0';
    res.builds[build] = { run: last[build], b, all: ls };
  }
  return res;
}

if (ONLY.includes('launch')) {
  const R = 5;
  const h = await handLaunch(NLAUNCH, R);
  const us = (ms) => (ms === undefined ? null : ms * 1e3 / NLAUNCH);
  let emptyMs = [h.empty.one_pass_wall_ms];
  const w = await wallRuns('launch.cu', [NLAUNCH, R], 'launch', async () => { emptyMs.push(await h.empty.onePassAgain()); return h.inc.onePassAgain(); }, h.inc.one_pass_wall_ms);
  h.release();
  out.launch = {
    n: NLAUNCH, rounds: R, correct: true, builds: {},
    hand_inc_submits_us: us(h.inc.submits_wall_ms), hand_inc_one_pass_us: us(w.hand),
    hand_empty_submits_us: us(h.empty.submits_wall_ms), hand_empty_one_pass_us: us(med(emptyMs)),
  };
  for (const build of BUILDS) {
    const { run: r, b, all } = w.builds[build];
    log(`  webcu (${build}) ${r.stdout.split('\n').find((l) => /PASS|FAIL/.test(l)) ?? `exit ${r.status} ${r.stderr}`}`);
    out.launch.correct &&= b?.correct === '1';
    out.launch.builds[build] = { inc_us: b ? us(Number(b.inc_wall_ms)) : null, empty_us: b ? us(Number(b.empty_wall_ms)) : null,
      sync_each_us: b?.sync_each_wall_ms ? us(Number(b.sync_each_wall_ms)) : null, runs: all };
  }
  out.launch.hand_inc_one_pass_all = w.hand_all;
  out.launch.hand_empty_one_pass_all = emptyMs;
}

if (ONLY.includes('heat')) {
  const R = 5, n = Number(args.heat ?? 256);
  const h = await handHeat(n, NLAUNCH, R);
  const rel = (x, y) => Math.abs(x - y) / Math.max(Math.abs(y), 1e-30);
  const w = await wallRuns('heat.cu', [n, NLAUNCH, R], 'heat', h.onePassAgain, h.one_pass_wall_ms);
  h.release();
  out.heat = {
    n, steps: NLAUNCH, rounds: R, correct: true, builds: {},
    hand_one_pass_wall_ms: w.hand, hand_one_pass_all: w.hand_all, hand_one_pass_rounds: h.rounds, hand_one_pass_recorded_ms: med(h.recorded), hand_submits_wall_ms: h.submits_wall_ms,
  };
  for (const build of BUILDS) {
    // every run starts from the same state: each run's sum and centre are the twin's
    const { run: r, b, all } = w.builds[build];
    if (!b) log(`  webcu (${build}) heat.cu: exit ${r.status} ${r.stderr}`);
    const correct = !!b && rel(Number(b.sum), h.sum) < 1e-4 && rel(Number(b.centre), h.centre) < 1e-4;
    log(`  heat (${build}): webcu sum ${b?.sum} centre ${b?.centre}; hand sum ${h.sum.toExponential(9)} centre ${h.centre.toExponential(9)}: ${correct ? 'PASS' : 'FAIL'}`);
    out.heat.correct &&= correct;
    out.heat.builds[build] = { wall_ms: b ? Number(b.wall_ms) : null, enqueue_ms: b ? Number(b.enqueue_ms) : null, runs: all?.map((l) => Number(l.wall_ms)), rounds: all?.map((l) => l.rounds) };
  }
}

log('');
log(`adapter: ${[out.adapter.vendor, out.adapter.architecture, out.adapter.description].filter(Boolean).join(' / ')}; reps ${REPS}, warm-up ${WARM_MS} ms, GPU time ${hasTs ? 'from timestamps' : 'WALL (no timestamps)'}`);
log('| kernel | size | hand-written WGSL ms | webcu ms | hand/webcu | correct (hand, webcu) |');
log('|---|---|---:|---:|---:|---|');
for (const r of out.rows) log(`| ${r.kernel} | ${r.size} | ${fmt(r.hand_ms)} | ${fmt(r.webcu_ms)} | ${fmt(r.ratio, 3)} | ${r.hand_correct}, ${r.webcu_correct} |`);
if (Object.keys(ablation).length) {
  out.ablation = ablation;
  log('');
  log("webcu's emitted WGSL (bench/webgpu/emitted) run by this harness, GPU ms, and hand-written / that:");
  log('| kernel | as emitted, checks on | checks off (proven) | without webcu_checked | also without storageBarrier | also without the grid guard | runtime (launch constants) | runtime + padding check | runtime + offsets | hand-written |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of out.rows) {
    const a = ablation[r.kernel]; if (!a) continue;
    const c = (ms) => (ms === undefined ? '-' : `${fmt(ms)} (${fmt(r.hand_ms / ms, 3)})`);
    log(`| ${r.kernel} | ${c(a.emitted)} | ${c(a.proven)} | ${c(a.no_checks)} | ${c(a.no_checks_no_storage_barrier)} | ${c(a.bare)} | ${c(a.runtime)} | ${c(a.runtime_guard)} | ${c(a.runtime_offsets)} | ${fmt(r.hand_ms)} |`);
  }
}
if (out.launch.n) {
  const l = out.launch;
  log('');
  log(`launch overhead, ${l.n} launches of a one-thread kernel + one wait, wall µs per launch (webcu: median of 5 runs of the median of ${l.rounds} rounds; hand one pass: median of 6 medians of ${l.rounds}, alternating with webcu's runs; correct: ${l.correct}):`);
  log(`| kernel | ${BUILDS.map((b) => `webcu ${b} (VM + runtime)`).join(' | ')} | hand: 1 submit/launch | hand: 1 pass, 1 submit |`);
  log(`|---|${BUILDS.map(() => '---:|').join('')}---:|---:|`);
  log(`| b[0]++ | ${BUILDS.map((b) => fmt(l.builds[b].inc_us, 1)).join(' | ')} | ${fmt(l.hand_inc_submits_us, 1)} | ${fmt(l.hand_inc_one_pass_us, 1)} |`);
  log(`| empty | ${BUILDS.map((b) => fmt(l.builds[b].empty_us, 1)).join(' | ')} | ${fmt(l.hand_empty_submits_us, 1)} | ${fmt(l.hand_empty_one_pass_us, 1)} |`);
  log(`| b[0]++, each launch synchronized | ${BUILDS.map((b) => fmt(l.builds[b].sync_each_us, 1)).join(' | ')} | - | - |`);
}
if (out.heat) {
  const t = out.heat;
  log('');
  log(`heat stencil ${t.n}x${t.n}, ${t.steps} steps (one launch each) + one wait, wall ms (webcu: median of 5 runs of the median of ${t.rounds} rounds; hand one pass: median of 6 medians of ${t.rounds}, alternating with webcu's runs; webcu agrees with the twin: ${t.correct}):`);
  log('| build | webcu | webcu: enqueued | hand: 1 pass, 1 submit | hand: recorded and submitted | hand: 1 submit/step | webcu / hand (1 pass) |');
  log('|---|---:|---:|---:|---:|---:|---:|');
  for (const b of BUILDS) {
    const w = t.builds[b].wall_ms;
    log(`| ${b} | ${fmt(w, 2)} | ${fmt(t.builds[b].enqueue_ms, 2)} | ${fmt(t.hand_one_pass_wall_ms, 2)} | ${fmt(t.hand_one_pass_recorded_ms, 2)} | ${fmt(t.hand_submits_wall_ms, 2)} | ${fmt(w / t.hand_one_pass_wall_ms, 2)} |`);
  }
}
if (args.json) writeFileSync(args.json, JSON.stringify(out, null, 1));
device.destroy();
process.exit(0);
