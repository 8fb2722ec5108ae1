// Bisection of the tree reduction's and the naive SGEMM's gaps to hand-written WGSL (issue 16):
// bench-kit's hand-written kernels (bench_wgsl.mjs, as copied in run.mjs) turned into the WGSL the
// runtime loads on an NVIDIA adapter one difference at a time, each variant checked against a CPU
// reference and timed, in one node process on one adapter (Dawn for node, npm `webgpu`). The
// method of sgemm_bisect.mjs (the tiled kernel's bisection, bench/README.md), for two more kernels.
//
// The variants come from two generators, `reduce(flags)` and `naive(flags)`: each flag is one
// difference between the hand-written kernel and webcu's. `chain` variants add the differences
// one after another (hand -> webcu), `minus` ones take one back out of webcu's form, `fix` ones are
// forms webcu could emit instead. `r_emitted` and `n_emitted` run the kernel out of
// bench/webgpu/emitted/*.wgsl (`./webcu emit --target wgsl --device nvidia`, the text the runtime
// loads on the H200) with webcu_checks false, as a launch whose bounds proof holds runs it (all of
// these do; `*_emitted_checked`: checks on); the generator's full-webcu variant (`r09_checks`,
// `n10_checks`) must time the same as a snapshot from before LetLocals, whose locals were all
// function-scope vars; since LetLocals the runtime's text is the `rf_ssa` / `nf_ssa` form.
//
// Reduction: 3 dispatches per repetition (n -> n/512 -> ... -> 1) in one compute pass, as run.mjs
// times the hand-written one; webcu's dispatch is LaunchPlan's (a grid wider than the adapter's
// maxComputeWorkgroupsPerDimension folded into equal slices, `--fold-width W` to fold at W for a
// local test of the padding path), the hand-written one bench-kit's (32768-wide rows). Checked:
// the first two stages' partial sums exactly (integers a float holds), the total within 1e-6.
// Naive SGEMM 2048 (`--mm`), checked as sgemm_bisect.mjs checks (n = 64 whole, 256 samples).
//
// Usage: node bench/webgpu/reduce_bisect.mjs [--n 67108864] [--mm 2048] [--reps 20] [--warm 300]
//          [--rounds 3] [--check 64] [--fold-width W] [--only name,name] [--skip reduce|naive]
//          [--emitted DIR (default: emitted/ beside this file)] [--json out.json] [--print name] [--list 1]
// Env:   WEBGPU_PATH=/abs/path/node_modules/webgpu/index.js, DAWN_OPTS (e.g.
//        disable-dawn-features=timestamp_quantization; enable-dawn-features=dump_shaders prints the
//        SPIR-V Tint hands the driver; enable-dawn-features=disable_robustness takes out Tint's clamps
//        and loop counters).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? acc.concat([[a.slice(2), all[i + 1]]]) : acc), []));
const N = Number(args.n ?? 64 * 1024 * 1024);
const MM = Number(args.mm ?? 2048);
const REPS = Number(args.reps ?? 20);
const WARM_MS = Number(args.warm ?? 300);
const ROUNDS = Number(args.rounds ?? 3);
const CHECK_N = Number(args.check ?? 64);
const ONLY = args.only ? args.only.split(',') : null;
const SKIP = args.skip ? args.skip.split(',') : [];
const opts = (process.env.DAWN_OPTS ?? '').split(';').filter(Boolean);
const log = (...a) => console.log(...a);
const med = (v) => { const s = [...v].sort((x, y) => x - y); return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]); };

// ---------------------------------------------------------------- what both generators share
// webcu's check helpers as wgsl.CheckHelpers prints them (webcu_checks: the launch-time bounds proof's override)
const HELPERS_CHECKS = `
fn webcu_fault(site: u32, kind: u32) {
  if atomicAdd(&webcu_debug[0], 1u) == 0u {
    atomicStore(&webcu_debug[1], kind);
    atomicStore(&webcu_debug[2], site);
  }
}

var<private> webcu_oob: u32;

fn webcu_flush_faults() {
  if webcu_oob != 0u {
    webcu_fault(webcu_oob >> 3u, webcu_oob & 7u);
  }
}

override webcu_checks: bool = true;

fn webcu_checked(i: u32, n: u32, site: u32, kind: u32) -> u32 {
  if !webcu_checks {
    return i;
  }
  let bad = i >= n;
  webcu_oob = select(webcu_oob, (site << 3u) | kind, bad && webcu_oob == 0u);
  return select(i, 0u, bad);
}
`;
/**
 * A kernel body under construction: `line(d, s)` at depth d; `decl(d, name, type, value, mutable)` a local as
 * `let`/`var` where it is assigned, or (vars = true, or 'ssa' for mutable ones) a function-scope `var` declared
 * at `declAt` and assigned there.
 */
function body(vars) {
  const b = [], declared = [], late = [];
  const o = {
    b, declAt: 0,
    line: (d, s) => b.push('  '.repeat(d) + s),
    // GridFolding's locals are the kernel's last (`lateDecl`), as the writer declares them
    decl: (d, name, type, value, mutable = false, lateDecl = false) => {
      if (vars === true || (vars === 'ssa' && mutable)) { (lateDecl ? late : declared).push(`var ${name}: ${type};`); o.line(d, `${name} = ${value};`); } else o.line(d, `${mutable ? 'var' : 'let'} ${name} = ${value};`);
    },
    declareOnly: (name, type) => declared.push(`var ${name}: ${type};`),
    text: () => { const out = [...b]; const all = [...new Set(declared), ...late]; if (all.length) out.splice(o.declAt, 0, ...all.map((s) => '  ' + s)); return out.join('\n'); },
  };
  return o;
}
/** GridFolding's prologue (webcu) or the workgroup id (hand); returns the block index expressions. */
function prologue(f, k, U, wgid, dims) {
  if (f.prologue !== 'fold') return null;
  k.decl(1, 'blockIdx_x', 'u32', `${wgid}.x + ((${wgid}.y % ${U}.webcu_grid.w) * workgroupCount.x)`, false, true);
  if (dims > 1) k.decl(1, 'blockIdx_y', 'u32', `${wgid}.y / ${U}.webcu_grid.w`, false, true);
  return ['blockIdx_x', 'blockIdx_y'];
}

// ---------------------------------------------------------------- the reduction
// Flags (hand-written value first):
//   names    hand: main, wg, lid, bid | webcu: reduce256, workgroupId, threadIdx, blockIdx_x
//   layout   hand: struct P { n } at binding 0, src 1, dst 2, p.n read at each use
//            | webcu: src 0, dst 1, reduce256_Params (webcu_grid, n, offsets) at 2, `let n` first
//   offsets  false | true: src_offset + (index), dst_offset + (index)
//   wgsize   literal: @workgroup_size(256) | override: blockDim_x/y/z overrides set at pipeline creation
//   prologue wg: bid = wg.y * nwg.x + wg.x, bench-kit's dispatch (rows of 32768)
//            | fold: blockIdx_x from workgroup_id, num_workgroups and webcu_grid.w, LaunchPlan's dispatch
//   guard    false | true: if blockIdx_x >= gridDim.x { return; } (GridFolding's padding workgroups)
//   vars     false: lets, `var s` | true: every local a function-scope var declared first | 'ssa': lets but s and k
//   loop     for: for (var k = 128u; k > 0u; k >>= 1u) | loop: k = 128u; loop { if (!(k > 0u)) { break; } ... continuing { k = k >> 1u; } }
//            | breakif: RotateLoops' form (test before the loop and as `break if` in continuing)
//            | counted: for (var j = 0u; j < 8u; j = j + 1u) { let k = 128u >> j; ... } (Tint proves it finite)
//            | unrolled: the eight steps with constant k
//   checks   false | off: webcu_checked with webcu_checks false (a launch proven in bounds), webcu_flush_faults, debug buffer
//            | on: the same with webcu_checks true
const R_HAND = { names: 'hand', layout: 'hand', offsets: false, wgsize: 'literal', prologue: 'wg', guard: false, vars: false, loop: 'for', checks: false };
const R_WEBCU = { names: 'webcu', layout: 'webcu', offsets: true, wgsize: 'override', prologue: 'fold', guard: true, vars: true, loop: 'breakif', checks: 'off' };

function reduce(f) {
  if ((f.prologue === 'fold' || f.offsets) && f.layout !== 'webcu') throw new Error('fold/offsets need the webcu layout');
  const W = f.names === 'webcu';
  const wgid = W ? 'workgroupId' : 'wg', lid = W ? 'threadIdx' : 'lid';
  const U = f.layout === 'webcu' ? 'reduce256_params' : 'p';
  const nref = f.layout === 'webcu' ? 'n' : 'p.n';
  const debug = !!f.checks;
  const g = [];
  if (f.wgsize === 'override') g.push('override blockDim_x: u32 = 1u;', 'override blockDim_y: u32 = 1u;', 'override blockDim_z: u32 = 1u;');
  if (debug) g.push('@group(1) @binding(0) var<storage, read_write> webcu_debug: array<atomic<u32>>;');
  g.push('var<workgroup> sdata: array<f32, 256>;');
  if (f.layout === 'hand') {
    g.push('struct P { n: u32 }', '@group(0) @binding(0) var<uniform> p: P;',
      '@group(0) @binding(1) var<storage, read> src: array<f32>;', '@group(0) @binding(2) var<storage, read_write> dst: array<f32>;');
  } else {
    g.push('@group(0) @binding(0) var<storage, read> src: array<f32>;', '@group(0) @binding(1) var<storage, read_write> dst: array<f32>;',
      'struct reduce256_Params {\n  webcu_grid: vec4<u32>,\n  n: u32,\n  src_offset: u32,\n  dst_offset: u32,\n}',
      `@group(0) @binding(2) var<uniform> ${U}: reduce256_Params;`);
  }
  const wgs = f.wgsize === 'override' ? '@workgroup_size(blockDim_x, blockDim_y, blockDim_z)' : '@workgroup_size(256)';
  const params = W ? [`@builtin(local_invocation_id) ${lid}: vec3<u32>`, `@builtin(workgroup_id) ${wgid}: vec3<u32>`]
    : [`@builtin(workgroup_id) ${wgid}: vec3u`, `@builtin(local_invocation_id) ${lid}: vec3u`];
  params.push(`@builtin(num_workgroups) ${f.prologue === 'fold' ? 'workgroupCount' : 'nwg'}: vec3<u32>`);
  const k = body(f.vars);
  const flush = f.checks ? 'webcu_flush_faults(); ' : '';
  if (f.layout === 'webcu') {
    k.line(1, `let gridDim = ${U}.webcu_grid.xyz;`);
    k.line(1, `let n = ${U}.n;`);
    if (f.offsets) { k.line(1, `let src_offset = ${U}.src_offset;`); k.line(1, `let dst_offset = ${U}.dst_offset;`); }
  }
  k.declAt = k.b.length;
  let bid;
  if (f.prologue === 'fold') [bid] = prologue(f, k, U, wgid, 1);
  else { bid = W ? 'blockIdx_x' : 'bid'; k.decl(1, bid, 'u32', `${wgid}.y * nwg.x + ${wgid}.x`); }
  if (f.guard) { k.line(1, `if ${bid} >= ${f.layout === 'webcu' ? 'gridDim.x' : 'nwg.x * nwg.y'} {`); k.line(2, `${flush}return;`); k.line(1, '}'); }
  k.decl(1, 'tid', 'u32', `${lid}.x`);
  k.decl(1, 'i', 'u32', W ? `(${bid} * 512u) + tid` : `${bid} * 512u + tid`);
  k.decl(1, 's', 'f32', W ? '0.0f' : '0.0', true);
  const idx = (buf, i, site) => {
    const j = f.offsets ? `${buf}_offset + ${/^[\w]+$|^\(.*\)$/.test(i) ? i : `(${i})`}` : i;
    return f.checks ? `webcu_checked(${j}, arrayLength(&${buf}), ${site}u, ${buf === 'dst' ? 3 : 2}u)` : j;
  };
  k.line(1, `if ${W ? 'i' : '(i'} < ${nref}${W ? '' : ')'} {`); k.line(2, `s = src[${idx('src', 'i', 3)}];`); k.line(1, '}');
  k.line(1, `if ${W ? '(i + 256u)' : '(i + 256u'} < ${nref}${W ? '' : ')'} {`); k.line(2, W ? `s = s + src[${idx('src', '(i + 256u)', 4)}];` : `s += src[${idx('src', 'i + 256u', 4)}];`); k.line(1, '}');
  k.line(1, 'sdata[tid] = s;');
  k.line(1, 'workgroupBarrier();');
  const step = (d, kk) => {
    k.line(d, `if ${W ? `tid < ${kk}` : `(tid < ${kk})`} {`);
    k.line(d + 1, W ? `sdata[tid] = sdata[tid] + sdata[tid + ${kk}];` : `sdata[tid] += sdata[tid + ${kk}];`);
    k.line(d, '}'); k.line(d, 'workgroupBarrier();');
  };
  if (f.loop === 'for') {
    if (f.vars === true) { k.declareOnly('k', 'u32'); k.line(1, 'for (k = 128u; k > 0u; k = k >> 1u) {'); } else k.line(1, 'for (var k = 128u; k > 0u; k >>= 1u) {');
    step(2, 'k'); k.line(1, '}');
  } else if (f.loop === 'loop') {
    k.decl(1, 'k', 'u32', '128u', true);
    k.line(1, 'loop {'); k.line(2, 'if (!(k > 0u)) {'); k.line(3, 'break;'); k.line(2, '}');
    step(2, 'k');
    k.line(2, 'continuing {'); k.line(3, 'k = k >> 1u;'); k.line(2, '}'); k.line(1, '}');
  } else if (f.loop === 'breakif') {
    k.decl(1, 'k', 'u32', '128u', true);
    k.line(1, 'if k > 0u {'); k.line(2, 'loop {');
    step(3, 'k');
    k.line(3, 'continuing {'); k.line(4, 'k = k >> 1u;'); k.line(4, 'break if (!(k > 0u));'); k.line(3, '}');
    k.line(2, '}'); k.line(1, '}');
  } else if (f.loop === 'counted') {
    k.line(1, 'for (var j = 0u; j < 8u; j = j + 1u) {'); k.line(2, 'let k = 128u >> j;'); step(2, 'k'); k.line(1, '}');
  } else if (f.loop === 'unrolled') {
    for (let kk = 128; kk > 0; kk >>= 1) step(1, `${kk}u`);
  } else throw new Error(f.loop);
  k.line(1, `if ${W ? 'tid == 0u' : '(tid == 0u)'} {`); k.line(2, `dst[${idx('dst', bid, 5)}] = sdata[0${W ? 'u' : ''}];`); k.line(1, '}');
  if (f.checks) k.line(1, 'webcu_flush_faults();');
  const entry = W ? 'reduce256' : 'main';
  const code = `${g.join('\n')}\n\n@compute ${wgs}\nfn ${entry}(${params.join(', ')}) {\n${k.text()}\n}\n` + (f.checks ? HELPERS_CHECKS : '');
  return { kind: 'reduce', code, entry, flags: f };
}

// ---------------------------------------------------------------- the naive SGEMM
// Flags (hand-written value first):
//   fma      add: acc += a * b | fma: acc = fma(a, b, acc) (Contract, Fma.HARDWARE)
//   names    hand: main, g, p, k++ | webcu: sgemm_naive, threadIdx, workgroupId, k = k + 1u
//   layout   hand: struct P { n } at binding 0, A B C at 1..3 | webcu: A B C at 0..2, sgemm_naive_Params at 3
//   offsets  false | true: X_offset + (index) on each global access
//   wgsize   literal: @workgroup_size(16, 16) | override: blockDim_x/y/z
//   prologue gid: row = g.y, col = g.x from global_invocation_id
//            | fold: blockIdx from workgroup_id % / grid.w, row = blockIdx_y * blockDim_y + threadIdx.y (GridFolding)
//   guard    false | true: if blockIdx_x >= gridDim.x { return; }
//   vars     false: lets, loop-scoped k | true: every local a function-scope var declared first | 'ssa': lets but acc and k
//   loop     for: for (var k = 0u; k < n; k++) (Tint proves it finite: no counter; with vars = true k is declared
//            first, `for (k = 0u; ...)`, unless forScoped) | breakif: RotateLoops' form
//            | loop: loop { if (!(k < n)) { break; } ... continuing { k = k + 1u; } }
//   checks   false | off | on (as for the reduction)
const N_HAND = { fma: 'add', names: 'hand', layout: 'hand', offsets: false, wgsize: 'literal', prologue: 'gid', guard: false, vars: false, loop: 'for', checks: false };
const N_WEBCU = { fma: 'fma', names: 'webcu', layout: 'webcu', offsets: true, wgsize: 'override', prologue: 'fold', guard: true, vars: true, loop: 'breakif', checks: 'off' };

function naive(f) {
  if ((f.prologue === 'fold' || f.offsets) && f.layout !== 'webcu') throw new Error('fold/offsets need the webcu layout');
  const W = f.names === 'webcu';
  const U = f.layout === 'webcu' ? 'sgemm_naive_params' : 'p';
  const g = [];
  if (f.wgsize === 'override') g.push('override blockDim_x: u32 = 1u;', 'override blockDim_y: u32 = 1u;', 'override blockDim_z: u32 = 1u;');
  if (f.checks) g.push('@group(1) @binding(0) var<storage, read_write> webcu_debug: array<atomic<u32>>;');
  if (f.layout === 'hand') {
    g.push('struct P { n: u32 }', '@group(0) @binding(0) var<uniform> p: P;', '@group(0) @binding(1) var<storage, read> A: array<f32>;',
      '@group(0) @binding(2) var<storage, read> B: array<f32>;', '@group(0) @binding(3) var<storage, read_write> C: array<f32>;');
  } else {
    g.push('@group(0) @binding(0) var<storage, read> A: array<f32>;', '@group(0) @binding(1) var<storage, read> B: array<f32>;',
      '@group(0) @binding(2) var<storage, read_write> C: array<f32>;',
      'struct sgemm_naive_Params {\n  webcu_grid: vec4<u32>,\n  n: u32,\n  A_offset: u32,\n  B_offset: u32,\n  C_offset: u32,\n}',
      `@group(0) @binding(3) var<uniform> ${U}: sgemm_naive_Params;`);
  }
  const wgs = f.wgsize === 'override' ? '@workgroup_size(blockDim_x, blockDim_y, blockDim_z)' : '@workgroup_size(16, 16)';
  const bdx = f.wgsize === 'override' ? 'blockDim_x' : '16u', bdy = f.wgsize === 'override' ? 'blockDim_y' : '16u';
  const params = f.prologue === 'fold'
    ? ['@builtin(local_invocation_id) threadIdx: vec3<u32>', '@builtin(workgroup_id) workgroupId: vec3<u32>', '@builtin(num_workgroups) workgroupCount: vec3<u32>']
    : ['@builtin(global_invocation_id) g: vec3u'];
  const k = body(f.vars);
  const flush = f.checks ? 'webcu_flush_faults(); ' : '';
  if (f.layout === 'webcu') {
    k.line(1, `let gridDim = ${U}.webcu_grid.xyz;`);
    k.line(1, `let n = ${U}.n;`);
    if (f.offsets) for (const o of ['A', 'B', 'C']) k.line(1, `let ${o}_offset = ${U}.${o}_offset;`);
  } else k.line(1, 'let n = p.n;');
  k.declAt = k.b.length;
  if (f.prologue === 'fold') {
    prologue(f, k, U, 'workgroupId', 2);
    if (f.guard) { k.line(1, 'if blockIdx_x >= gridDim.x {'); k.line(2, `${flush}return;`); k.line(1, '}'); }
    k.decl(1, 'row', 'u32', `(blockIdx_y * ${bdy}) + threadIdx.y`);
    k.decl(1, 'col', 'u32', `(blockIdx_x * ${bdx}) + threadIdx.x`);
  } else {
    if (f.guard) throw new Error('guard needs the fold prologue');
    k.decl(1, 'row', 'u32', 'g.y'); k.decl(1, 'col', 'u32', 'g.x');
  }
  const idx = (buf, i) => {
    const j = f.offsets ? `${buf}_offset + (${i})` : i;
    return f.checks ? `webcu_checked(${j}, arrayLength(&${buf}), ${{ A: 3, B: 4, C: 5 }[buf]}u, ${buf === 'C' ? 3 : 2}u)` : j;
  };
  const a = `A[${idx('A', W ? '(row * n) + k' : 'row * n + k')}]`, b = `B[${idx('B', W ? '(k * n) + col' : 'k * n + col')}]`;
  const fmaStmt = f.fma === 'fma' ? `acc = fma(${a}, ${b}, acc);` : W ? `acc = acc + (${a} * ${b});` : `acc += ${a} * ${b};`;
  k.line(1, W ? 'if (row < n) && (col < n) {' : 'if (row < n && col < n) {');
  k.decl(2, 'acc', 'f32', W ? '0.0f' : '0.0', true);
  if (f.loop === 'for') {
    if (f.vars === true && !f.forScoped) { k.declareOnly('k', 'u32'); k.line(2, 'for (k = 0u; k < n; k = k + 1u) {'); } else k.line(2, `for (var k = 0u; k < n; ${W ? 'k = k + 1u' : 'k++'}) {`);
    k.line(3, fmaStmt); k.line(2, '}');
  } else if (f.loop === 'loop') {
    k.decl(2, 'k', 'u32', '0u', true);
    k.line(2, 'loop {'); k.line(3, 'if (!(k < n)) {'); k.line(4, 'break;'); k.line(3, '}');
    k.line(3, fmaStmt); k.line(3, 'continuing {'); k.line(4, 'k = k + 1u;'); k.line(3, '}'); k.line(2, '}');
  } else if (f.loop === 'breakif') {
    k.decl(2, 'k', 'u32', '0u', true);
    k.line(2, 'if k < n {'); k.line(3, 'loop {'); k.line(4, fmaStmt);
    k.line(4, 'continuing {'); k.line(5, 'k = k + 1u;'); k.line(5, 'break if (!(k < n));'); k.line(4, '}'); k.line(3, '}'); k.line(2, '}');
  } else throw new Error(f.loop);
  k.line(2, `C[${idx('C', W ? '(row * n) + col' : 'row * n + col')}] = acc;`);
  k.line(1, '}');
  if (f.checks) k.line(1, 'webcu_flush_faults();');
  const entry = W ? 'sgemm_naive' : 'main';
  const code = `${g.join('\n')}\n\n@compute ${wgs}\nfn ${entry}(${params.join(', ')}) {\n${k.text()}\n}\n` + (f.checks ? HELPERS_CHECKS : '');
  return { kind: 'naive', code, entry, flags: f };
}

// ---------------------------------------------------------------- the variants
const variants = [];
const add = (group, name, what, v) => variants.push({ group, name, what, ...v });
/** The kernel `entry` of emitted/FILE (the runtime's text on the H200), as the runtime launches it. */
function emitted(kind, file, entry, checks, flags) {
  const code = readFileSync(path.join(args.emitted ?? path.join(here, 'emitted'), file), 'utf8');
  if (!code.includes(`fn ${entry}(`)) throw new Error(`${file} has no ${entry}`);
  if (/webcu_fmaf\(/.test(code.slice(code.indexOf(`fn ${entry}(`), code.indexOf('\n}\n', code.indexOf(`fn ${entry}(`))))) {
    throw new Error(`${file}: ${entry} calls webcu_fmaf: regenerate with ./webcu emit --target wgsl --device nvidia`);
  }
  return { kind, code, entry, flags: { ...flags, checks }, module: true };
}
function chainOf(kind, gen, hand, webcu, steps, prefix) {
  let f = { ...hand };
  add(`${kind}-chain`, `${prefix}00_hand`, "bench-kit's hand-written kernel", gen(f));
  steps.forEach(([key, what], i) => { f = { ...f, [key]: webcu[key] }; add(`${kind}-chain`, `${prefix}${String(i + 1).padStart(2, '0')}_${key}`, '+ ' + what, gen(f)); });
}
if (!SKIP.includes('reduce')) {
  chainOf('reduce', reduce, R_HAND, R_WEBCU, [
    ['names', "webcu's names"],
    ['layout', 'webcu_grid + n + offsets struct at binding 2, `let n`'],
    ['offsets', 'X_offset + (index) on each global access'],
    ['wgsize', 'blockDim overrides as workgroup size'],
    ['prologue', "GridFolding's blockIdx_x and LaunchPlan's dispatch"],
    ['guard', 'if blockIdx_x >= gridDim.x { return; }'],
    ['vars', 'function-scope vars declared first'],
    ['loop', 'the k loop rotated (break if), as RotateLoops emits it'],
    ['checks', 'webcu_checked (webcu_checks false), flush, debug buffer'],
  ], 'r');
  add('reduce-chain', 'r_emitted', 'emitted/reduce.wgsl as the runtime runs it (checks proven off)', emitted('reduce', 'reduce.wgsl', 'reduce256', 'off', R_WEBCU));
  add('reduce-chain', 'r_emitted_checked', 'emitted/reduce.wgsl with webcu_checks true', emitted('reduce', 'reduce.wgsl', 'reduce256', 'on', R_WEBCU));
  const back = { offsets: false, wgsize: 'literal', vars: false, checks: false };
  for (const [key, v] of Object.entries(back)) add('reduce-minus', `rm_${key}`, `webcu with ${key}=${v}`, reduce({ ...R_WEBCU, [key]: v }));
  add('reduce-minus', 'rm_fold', 'webcu without the GridFolding prologue and guard (bench-kit dispatch)', reduce({ ...R_WEBCU, prologue: 'wg', guard: false }));
  add('reduce-minus', 'rm_guard', 'webcu without the guard (padding blocks write past dst: timing only)', reduce({ ...R_WEBCU, guard: false }));
  for (const lp of ['for', 'loop', 'counted', 'unrolled']) add('reduce-minus', `rm_loop_${lp}`, `webcu with the loop as ${lp}`, reduce({ ...R_WEBCU, loop: lp }));
  add('reduce-fix', 'rf_ssa', 'webcu with lets for locals assigned once (tid, i, blockIdx_x)', reduce({ ...R_WEBCU, vars: 'ssa' }));
  add('reduce-fix', 'rf_ssa_for', 'rf_ssa with the loop as for (var k ...)', reduce({ ...R_WEBCU, vars: 'ssa', loop: 'for' }));
  add('reduce-fix', 'rf_ssa_counted', 'rf_ssa with the loop counted (for j < 8, k = 128u >> j)', reduce({ ...R_WEBCU, vars: 'ssa', loop: 'counted' }));
  add('reduce-fix', 'rf_ssa_unrolled', 'rf_ssa with the loop unrolled', reduce({ ...R_WEBCU, vars: 'ssa', loop: 'unrolled' }));
  add('reduce-side', 'rs_hand_vars', 'hand-written with function-scope vars', reduce({ ...R_HAND, vars: true }));
  add('reduce-side', 'rs_hand_counted', 'hand-written with the loop counted', reduce({ ...R_HAND, loop: 'counted' }));
  add('reduce-side', 'rs_hand_unrolled', 'hand-written with the loop unrolled', reduce({ ...R_HAND, loop: 'unrolled' }));
  add('reduce-side', 'rs_hand_passes', "hand-written, each stage its own timed pass (the runtime's timing)", { ...reduce(R_HAND), passes: 'each' });
  add('reduce-side', 'rs_emitted_passes', "r_emitted, each stage its own timed pass (the runtime's timing)", { ...emitted('reduce', 'reduce.wgsl', 'reduce256', 'off', R_WEBCU), passes: 'each' });
  add('reduce-side', 'rs_webcu_checked', 'webcu with checks on (a launch not proven)', reduce({ ...R_WEBCU, checks: 'on' }));
}
if (!SKIP.includes('naive')) {
  chainOf('naive', naive, N_HAND, N_WEBCU, [
    ['fma', 'acc = fma(a, b, acc)'],
    ['names', "webcu's names, k = k + 1u"],
    ['layout', 'webcu_grid + n + offsets struct at binding 3'],
    ['offsets', 'X_offset + (index) on each global access'],
    ['wgsize', 'blockDim overrides as workgroup size, row/col from them'],
    ['prologue', "GridFolding's blockIdx from workgroup_id"],
    ['guard', 'if blockIdx_x >= gridDim.x { return; }'],
    ['vars', 'function-scope vars declared first (the loop still for (k = 0u; ...))'],
    ['loop', 'the k loop rotated (break if), as RotateLoops emits it'],
    ['checks', 'webcu_checked (webcu_checks false), flush, debug buffer'],
  ], 'n');
  add('naive-chain', 'n_emitted', 'emitted/sgemm.wgsl as the runtime runs it (checks proven off)', emitted('naive', 'sgemm.wgsl', 'sgemm_naive', 'off', N_WEBCU));
  add('naive-chain', 'n_emitted_checked', 'emitted/sgemm.wgsl with webcu_checks true', emitted('naive', 'sgemm.wgsl', 'sgemm_naive', 'on', N_WEBCU));
  const back = { fma: 'add', offsets: false, wgsize: 'literal', vars: false, loop: 'for', checks: false };
  for (const [key, v] of Object.entries(back)) add('naive-minus', `nm_${key}`, `webcu with ${key}=${v}`, naive({ ...N_WEBCU, [key]: v }));
  add('naive-minus', 'nm_fold', 'webcu without the GridFolding prologue and guard', naive({ ...N_WEBCU, prologue: 'gid', guard: false }));
  add('naive-minus', 'nm_loop_loop', 'webcu with the loop unrotated', naive({ ...N_WEBCU, loop: 'loop' }));
  add('naive-fix', 'nf_ssa', 'webcu with lets for locals assigned once (row, col, blockIdx)', naive({ ...N_WEBCU, vars: 'ssa' }));
  add('naive-fix', 'nf_ssa_for', 'nf_ssa with the loop as for (var k = 0u; k < n; k = k + 1u): no Tint counter', naive({ ...N_WEBCU, vars: 'ssa', loop: 'for' }));
  add('naive-fix', 'nf_for_scoped', 'webcu (function-scope vars) with only the loop as for (var k = 0u; ...)', naive({ ...N_WEBCU, loop: 'for', forScoped: true }));
  add('naive-side', 'ns_hand_rot', 'hand-written with the loop rotated (break if)', naive({ ...N_HAND, names: 'webcu', loop: 'breakif', vars: 'ssa' }));
}
// two flag sets that print the same text are timed once
const sameAs = (a, b) => a.code === b.code && a.entry === b.entry && !!a.module === !!b.module && a.flags.checks === b.flags.checks && a.passes === b.passes;
for (let i = variants.length - 1; i >= 0; i--) if (variants.findIndex((v) => sameAs(v, variants[i])) < i) variants.splice(i, 1);
if (args.list) { for (const v of variants) log(`${v.name}\t${v.group}\t${v.what}`); process.exit(0); }
if (args.print) { const v = variants.find((x) => x.name === args.print); if (!v) { console.error('no variant ' + args.print); process.exit(2); } process.stdout.write(v.code); process.exit(0); }
const todo = ONLY ? variants.filter((v) => ONLY.includes(v.name)) : variants;

// ---------------------------------------------------------------- the harness
const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
Object.assign(globalThis, globals);
const gpu = create(opts);
globalThis.__dawnGpu = gpu;
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
if (!adapter) { console.error('requestAdapter returned null'); process.exit(2); }
const ai = adapter.info;
const out = { opts, N, MM, REPS, WARM_MS, ROUNDS, adapter: { vendor: ai.vendor, architecture: ai.architecture, device: ai.device, description: ai.description }, variants: {} };
log('adapter:', JSON.stringify(out.adapter), 'opts:', JSON.stringify(opts));
const hasTs = adapter.features.has('timestamp-query');
if (!hasTs) log('WARNING: no timestamp-query: times are wall times');
const device = await adapter.requestDevice({
  requiredFeatures: hasTs ? ['timestamp-query'] : [],
  requiredLimits: { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize, maxBufferSize: adapter.limits.maxBufferSize },
});
device.lost.then((i) => { if (i.reason !== 'destroyed') console.error('DEVICE LOST', i.reason, i.message); });
device.addEventListener('uncapturederror', (e) => console.error('UNCAPTURED ERROR:', e.error.message));
const SU = GPUBufferUsage.STORAGE, CD = GPUBufferUsage.COPY_DST, CS = GPUBufferUsage.COPY_SRC, UN = GPUBufferUsage.UNIFORM;
const buf = (size, usage) => device.createBuffer({ size, usage });
const FOLD_W = Number(args['fold-width'] ?? device.limits.maxComputeWorkgroupsPerDimension);
function lcgFill(arr, seed, fn) { let s = seed >>> 0; for (let i = 0; i < arr.length; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; arr[i] = fn(s); } return arr; }
function uniformBuf(words) { // [type, value]...
  const ab = new ArrayBuffer(Math.max(16, Math.ceil(words.length / 4) * 16)); const dv = new DataView(ab);
  words.forEach(([t, x], i) => (t === 'f' ? dv.setFloat32(i * 4, x, true) : dv.setUint32(i * 4, x, true)));
  const u = buf(ab.byteLength, UN | CD); device.queue.writeBuffer(u, 0, ab); return u;
}
/** LaunchPlan's dispatch of a grid (gx, gy): rows wider than FOLD_W folded into equal slices. */
const foldGrid = (gx, gy) => { const fold = gx <= FOLD_W ? 1 : Math.ceil(gx / FOLD_W); return { fold, dispatch: [Math.ceil(gx / fold), gy * fold, 1] }; };
const debugBuf = buf(1 << 16, SU | CD | CS);
async function read(src, bytes, offset = 0) {
  const st = buf(bytes, GPUBufferUsage.MAP_READ | CD);
  const enc = device.createCommandEncoder(); enc.copyBufferToBuffer(src, offset, st, 0, bytes); device.queue.submit([enc.finish()]);
  await st.mapAsync(GPUMapMode.READ); const r = new Uint8Array(st.getMappedRange().slice(0)); st.unmap(); st.destroy(); return r.buffer;
}
function pipeline(v, block) {
  const module = device.createShaderModule({ code: v.code });
  const constants = {};
  if (v.flags.wgsize === 'override') Object.assign(constants, { blockDim_x: block[0], blockDim_y: block[1], blockDim_z: 1 });
  if (v.flags.checks) constants.webcu_checks = v.flags.checks === 'on' ? 1 : 0; // a bool override takes a number
  const p = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: v.entry, constants } });
  const dbg = v.flags.checks ? device.createBindGroup({ layout: p.getBindGroupLayout(1), entries: [{ binding: 0, resource: { buffer: debugBuf } }] }) : null;
  return { p, dbg };
}
const bindGroup = (p, bufs) => device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: bufs.map((buffer, binding) => ({ binding, resource: { buffer } })) });

// the reduction's problem: x[i] in 0..3 from an LCG, stage buffers with room for padding workgroups' writes
function reduceProblem(n) {
  const x = lcgFill(new Float32Array(n), 3, (s) => s >>> 30);
  const X = buf(n * 4, SU | CD); device.queue.writeBuffer(X, 0, x);
  const stages = []; let m = n, src = X;
  for (;;) {
    const blocks = Math.ceil(m / 512);
    const dst = buf((blocks + 65536) * 4, SU | CS | CD);
    stages.push({ n: m, blocks, src, dst });
    if (blocks === 1) break; m = blocks; src = dst;
  }
  // the exact partial sums of the first two stages, and the total
  const partial = (v, len) => { const r = new Float64Array(Math.ceil(len / 512)); for (let i = 0; i < len; i++) r[Math.floor(i / 512)] += v[i]; return r; };
  const p1 = partial(x, n), p2 = stages.length > 1 ? partial(p1, p1.length) : null;
  let total = 0; for (let i = 0; i < n; i++) total += x[i];
  return { stages, p1, p2, total, destroy: () => { X.destroy(); for (const s of stages) s.dst.destroy(); } };
}
function reduceRec(v, pr) {
  const { p, dbg } = pipeline(v, [256, 1]);
  const plan = pr.stages.map((s) => {
    if (v.flags.layout === 'hand') {
      const gx = Math.min(s.blocks, 32768);
      return { bg: bindGroup(p, [uniformBuf([['u', s.n]]), s.src, s.dst]), dispatch: [gx, Math.ceil(s.blocks / gx), 1] };
    }
    const { fold, dispatch } = v.flags.prologue === 'fold' ? foldGrid(s.blocks, 1) : { fold: 1, dispatch: [Math.min(s.blocks, 32768), Math.ceil(s.blocks / Math.min(s.blocks, 32768)), 1] };
    return { bg: bindGroup(p, [s.src, s.dst, uniformBuf([['u', s.blocks], ['u', 1], ['u', 1], ['u', fold], ['u', s.n], ['u', 0], ['u', 0]])]), dispatch };
  });
  // rec(pass) records every stage; rec(pass, j) stage j alone (v.passes === 'each': a pass per launch, as the runtime times them)
  const rec = (pass, j) => {
    pass.setPipeline(p); if (dbg) pass.setBindGroup(1, dbg);
    for (const d of j === undefined ? plan : [plan[j]]) { pass.setBindGroup(0, d.bg); pass.dispatchWorkgroups(...d.dispatch); }
  };
  rec.pre = dbg ? (enc) => enc.clearBuffer(debugBuf) : () => {};
  rec.passes = v.passes === 'each' ? plan.length : 0;
  return rec;
}
async function reduceCheck(rec, pr) {
  for (const s of pr.stages) device.queue.writeBuffer(s.dst, 0, new Float32Array(s.blocks).fill(-1));
  device.queue.writeBuffer(debugBuf, 0, new Uint32Array(16));
  const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); rec(pass); pass.end(); device.queue.submit([enc.finish()]);
  const faults = new Uint32Array(await read(debugBuf, 64))[0];
  const got1 = new Float32Array(await read(pr.stages[0].dst, pr.stages[0].blocks * 4));
  let bad = 0; for (let i = 0; i < got1.length; i++) if (got1[i] !== pr.p1[i]) bad++;
  if (pr.p2) { const got2 = new Float32Array(await read(pr.stages[1].dst, pr.stages[1].blocks * 4)); for (let i = 0; i < got2.length; i++) if (got2[i] !== pr.p2[i]) bad++; }
  const last = pr.stages[pr.stages.length - 1];
  const total = new Float32Array(await read(last.dst, 4))[0];
  const ok = bad === 0 && faults === 0 && Math.abs(total - pr.total) <= 1e-6 * pr.total;
  return { ok, text: `partials wrong ${bad}, total ${total} (expected ${pr.total}), faults ${faults}` };
}

// the naive SGEMM's problem (as sgemm_bisect.mjs)
function naiveProblem(n) {
  const a = lcgFill(new Float32Array(n * n), 4, (s) => (s >>> 8) / 8388608 - 1);
  const bm = lcgFill(new Float32Array(n * n), 5, (s) => (s >>> 8) / 8388608 - 1);
  const A = buf(n * n * 4, SU | CD), B = buf(n * n * 4, SU | CD), C = buf(n * n * 4, SU | CS | CD);
  device.queue.writeBuffer(A, 0, a); device.queue.writeBuffer(B, 0, bm);
  return { n, a, b: bm, A, B, C, U: { hand: uniformBuf([['u', n]]), webcu: uniformBuf([['u', n / 16], ['u', n / 16], ['u', 1], ['u', 1], ['u', n], ['u', 0], ['u', 0], ['u', 0]]) } };
}
function naiveRec(v, pr) {
  const { p, dbg } = pipeline(v, [16, 16]);
  const bg = bindGroup(p, v.flags.layout === 'hand' ? [pr.U.hand, pr.A, pr.B, pr.C] : [pr.A, pr.B, pr.C, pr.U.webcu]);
  const rec = (pass) => { pass.setPipeline(p); pass.setBindGroup(0, bg); if (dbg) pass.setBindGroup(1, dbg); pass.dispatchWorkgroups(pr.n / 16, pr.n / 16); };
  rec.pre = dbg ? (enc) => enc.clearBuffer(debugBuf) : () => {};
  return rec;
}
async function naiveCheck(rec, pr, samples) {
  device.queue.writeBuffer(pr.C, 0, new Float32Array(pr.n * pr.n));
  device.queue.writeBuffer(debugBuf, 0, new Uint32Array(16));
  const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); rec(pass); pass.end(); device.queue.submit([enc.finish()]);
  const c = new Float32Array(await read(pr.C, pr.n * pr.n * 4));
  const faults = new Uint32Array(await read(debugBuf, 64))[0];
  const n = pr.n; let err = 0;
  const idx = samples === null ? Array.from({ length: n * n }, (_, i) => i) : lcgFill(new Uint32Array(samples), 6, (s) => s % (n * n));
  for (const i of idx) {
    const r = Math.floor(i / n), col = i % n; let acc = 0;
    for (let kk = 0; kk < n; kk++) acc += pr.a[r * n + kk] * pr.b[kk * n + col];
    err = Math.max(err, Math.abs(acc - c[i]));
  }
  return { ok: err < 1e-2 && faults === 0, text: `n=${n} max err ${err.toExponential(2)} faults ${faults}` };
}

const MAX_PASSES = 8; // a repetition's passes when each launch has its own (the reduction's stages)
const qs = hasTs ? device.createQuerySet({ type: 'timestamp', count: 2 * REPS * MAX_PASSES }) : null;
const qres = hasTs ? buf(16 * REPS * MAX_PASSES, GPUBufferUsage.QUERY_RESOLVE | CS) : null;
const qmap = hasTs ? buf(16 * REPS * MAX_PASSES, GPUBufferUsage.MAP_READ | CD) : null;
async function wallTime(rec, reps) {
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) { rec.pre(enc); const pass = enc.beginComputePass(); rec(pass); pass.end(); }
  const t0 = performance.now(); device.queue.submit([enc.finish()]); await device.queue.onSubmittedWorkDone();
  return (performance.now() - t0) / reps;
}
/**
 * Median GPU ms of REPS repetitions (one pass each with timestamp writes, or with rec.passes one pass per launch,
 * summed, as the runtime's kernel times are; one submit) after WARM_MS of warm-up.
 */
async function time(rec) {
  const tw = performance.now(); do { await wallTime(rec, 3); } while (performance.now() - tw < WARM_MS);
  if (!hasTs) return { median: await wallTime(rec, REPS), all: null };
  const per = rec.passes || 1;
  const enc = device.createCommandEncoder();
  for (let r = 0; r < REPS; r++) {
    rec.pre(enc);
    for (let j = 0; j < per; j++) {
      const q = 2 * (r * per + j);
      const pass = enc.beginComputePass({ timestampWrites: { querySet: qs, beginningOfPassWriteIndex: q, endOfPassWriteIndex: q + 1 } });
      if (rec.passes) rec(pass, j); else rec(pass);
      pass.end();
    }
  }
  enc.resolveQuerySet(qs, 0, 2 * REPS * per, qres, 0); enc.copyBufferToBuffer(qres, 0, qmap, 0, 16 * REPS * per);
  device.queue.submit([enc.finish()]);
  await qmap.mapAsync(GPUMapMode.READ);
  const t = new BigInt64Array(qmap.getMappedRange().slice(0)); qmap.unmap();
  const ms = [];
  for (let r = 0; r < REPS; r++) { let sum = 0; for (let j = 0; j < per; j++) { const q = 2 * (r * per + j); sum += Number(t[q + 1] - t[q]); } ms.push(sum / 1e6); }
  return { median: med(ms), all: ms };
}

const needs = new Set(todo.map((v) => v.kind));
const rp = needs.has('reduce') ? reduceProblem(N) : null;
const nSmall = needs.has('naive') ? naiveProblem(CHECK_N) : null;
const nBig = needs.has('naive') ? naiveProblem(MM) : null;
for (const v of todo) {
  device.pushErrorScope('validation');
  let rec, small;
  try {
    if (v.kind === 'reduce') rec = reduceRec(v, rp); else { small = naiveRec(v, nSmall); rec = naiveRec(v, nBig); }
  } catch (e) { rec = null; log(`${v.name}: ${e.message}`); }
  const e = await device.popErrorScope();
  if (e || !rec) { log(`${v.name}: WGSL/pipeline error: ${e?.message}`); out.variants[v.name] = { group: v.group, what: v.what, error: e?.message ?? 'exception' }; continue; }
  const checks = v.kind === 'reduce' ? [await reduceCheck(rec, rp)] : [await naiveCheck(small, nSmall, null), await naiveCheck(rec, nBig, 256)];
  const timingOnly = v.name === 'rm_guard';
  const ok = checks.every((c) => c.ok);
  v.rec = rec;
  out.variants[v.name] = { group: v.group, what: v.what, check: checks.map((c) => c.text).join('; '), ok, ms: [], all: [] };
  log(`${v.name}: ${checks.map((c) => c.text).join('; ')}: ${ok ? 'PASS' : timingOnly ? 'FAIL (expected: timing only)' : 'FAIL'}`);
}
// rounds alternate the order (forward, backward, ...) so that drift over the run does not favour one end
const timed = todo.filter((v) => v.rec);
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? timed : [...timed].reverse();
  for (const v of order) {
    const r = await time(v.rec);
    out.variants[v.name].ms.push(r.median); out.variants[v.name].all.push(r.all);
  }
  log(`round ${round + 1} done`);
}
const baseOf = (v) => { const h = out.variants[v.kind === 'reduce' ? 'r00_hand' : 'n00_hand']; return h?.ms?.length ? med(h.ms) : null; };
log('\n| variant | group | what | ms (median of round medians) | rounds | hand/variant | check |');
log('|---|---|---|---:|---|---:|---|');
for (const v of todo) {
  const r = out.variants[v.name];
  if (r.error) { log(`| ${v.name} | ${v.group} | ${v.what} | error | | | |`); continue; }
  const base = baseOf(v); const m = med(r.ms); r.median = m; r.ratio = base ? base / m : null;
  log(`| ${v.name} | ${v.group} | ${v.what} | ${m.toFixed(4)} | ${r.ms.map((x) => x.toFixed(4)).join(' ')} | ${base ? (base / m).toFixed(3) : '-'} | ${r.ok ? 'PASS' : 'FAIL'} |`);
}
if (args.json) writeFileSync(args.json, JSON.stringify({ ...out, sources: Object.fromEntries(todo.map((v) => [v.name, v.module ? `emitted: ${v.entry}` : v.code])) }, null, 1));
if (rp) rp.destroy();
await device.queue.onSubmittedWorkDone();
process.exit(0);
