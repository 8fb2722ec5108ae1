// Bisection of the tiled-SGEMM gap (issue 16, item 1): bench-kit's hand-written 16x16 tiled SGEMM
// transformed one step at a time into the WGSL webcu emits for bench/webgpu/sgemm.cu's
// sgemm_tiled16, each step checked against a CPU reference and timed, in one node process on one
// adapter (Dawn for node, npm `webgpu`).
//
// The variants come from one generator (`kernel(flags)`): every flag is one difference between the
// two kernels. `chain` is the cumulative sequence hand -> webcu; `minus` starts from webcu's form and
// takes back one difference at a time (which difference matters alone, whatever the order); `fix`
// and `side` hold forms webcu does not emit today but might (lets, `for (var k ...)`, `break if`,
// webcu_rn products); `naive` does the same for the naive kernel's loop. `webcu_literal`
// is the kernel as the compiler prints it for an adapter whose fma is fused (DeviceTarget.Fma.HARDWARE,
// the runtime's choice on NVIDIA), copied from `./webcu emit --target wgsl bench/webgpu/sgemm.cu` at
// ed50cc2 with the fma probe line dropped and webcu_fmaf( as fma( — the generator's full-webcu
// variant must time the same.
//
// Usage: node bench/webgpu/sgemm_bisect.mjs [--mm 2048] [--reps 20] [--warm 300] [--rounds 2]
//          [--check 64] [--only name,name] [--json out.json] [--print name]
// Env:   WEBGPU_PATH=/abs/path/node_modules/webgpu/index.js, DAWN_OPTS (e.g.
//        disable-dawn-features=timestamp_quantization; add ;enable-dawn-features=dump_shaders to see
//        the SPIR-V Tint hands the driver).
import { writeFileSync } from 'node:fs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? acc.concat([[a.slice(2), all[i + 1]]]) : acc), []));
const MM = Number(args.mm ?? 2048);
const REPS = Number(args.reps ?? 20);
const WARM_MS = Number(args.warm ?? 300);
const ROUNDS = Number(args.rounds ?? 2);
const CHECK_N = Number(args.check ?? 64);
const ONLY = args.only ? args.only.split(',') : null;
const opts = (process.env.DAWN_OPTS ?? '').split(';').filter(Boolean);
const log = (...a) => console.log(...a);
const med = (v) => { const s = [...v].sort((x, y) => x - y); return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]); };

// ---------------------------------------------------------------- the kernel generator
// Flags (hand-written value first):
//   fma      add: acc += a * b | fma: acc = fma(a, b, acc) (Contract + Fma.HARDWARE) | rn: acc = acc + webcu_rn(a * b, zero)
//   names    hand: main, l, wg, A, l.y in indices | webcu: sgemm_tiled16, threadIdx, workgroupId, A_1, ty/tx locals
//   layout   hand: struct P { n } at binding 0 | webcu: storage 0..2, sgemm_tiled16_Params (webcu_grid, n, offsets) at 3
//   offsets  false | true: A_offset + (index) on every global access
//   wgsize   literal: @workgroup_size(16, 16) | override: blockDim_x/y/z overrides set at pipeline creation
//   prologue wg: row from workgroup_id | fold: blockIdx from workgroup_id, num_workgroups and webcu_grid.w (GridFolding)
//   guard    false | true: if blockIdx_x >= gridDim.x { return; } before the barriers
//   vars     false: let / loop-scoped var | true: every local a function-scope var declared first, assigned later
//            | 'ssa': locals assigned once as `let`, the others function-scope vars, `for` variables loop-scoped
//   forScoped with vars=true: a `for` loop's variable declared in its initializer all the same
//   inner, outer  for | loop: loop { if (!(c)) { break; } ... continuing { i = i + s; } } | breakif: rotated, `break if` in continuing
//   checks   false | true: webcu_checked on global indices, webcu_flush_faults, debug buffer in group 1
//   watchdog false | true: the Watchdog pass's counter and fault report in the outer loop
const HAND = { fma: 'add', names: 'hand', layout: 'hand', offsets: false, wgsize: 'literal', prologue: 'wg', guard: false, vars: false, inner: 'for', outer: 'for', checks: false, watchdog: false };
const WEBCU = { fma: 'fma', names: 'webcu', layout: 'webcu', offsets: true, wgsize: 'override', prologue: 'fold', guard: true, vars: true, inner: 'loop', outer: 'loop', checks: true, watchdog: true };

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

fn webcu_checked(i: u32, n: u32, site: u32, kind: u32) -> u32 {
  let bad = i >= n;
  webcu_oob = select(webcu_oob, (site << 3u) | kind, bad && webcu_oob == 0u);
  return select(i, 0u, bad);
}
`;
const HELPER_RN = `
fn webcu_rn(x: f32, zero: u32) -> f32 {
  return bitcast<f32>(bitcast<u32>(x) | zero);
}
`;

function kernel(f) {
  if ((f.prologue === 'fold' || f.offsets || f.fma === 'rn') && f.layout !== 'webcu') throw new Error('fold/offsets/rn need the webcu layout');
  const W = f.names === 'webcu';
  const [A, B, C] = W ? ['A_1', 'B_1', 'C_1'] : ['A', 'B', 'C'];
  const tid = W ? 'threadIdx' : 'l', wgid = W ? 'workgroupId' : 'wg';
  const U = f.layout === 'webcu' ? 'sgemm_tiled16_params' : 'p';
  const ty = W ? 'ty' : `${tid}.y`, tx = W ? 'tx' : `${tid}.x`;
  const debug = f.checks || f.watchdog;
  const flush = f.checks ? 'webcu_flush_faults(); ' : '';
  const g = [];
  if (f.wgsize === 'override') g.push('override blockDim_x: u32 = 1u;', 'override blockDim_y: u32 = 1u;', 'override blockDim_z: u32 = 1u;');
  if (debug) g.push('@group(1) @binding(0) var<storage, read_write> webcu_debug: array<atomic<u32>>;');
  g.push('var<workgroup> As: array<array<f32, 16>, 16>;', 'var<workgroup> Bs: array<array<f32, 16>, 16>;');
  if (f.layout === 'hand') {
    g.push('struct P { n: u32 }', '@group(0) @binding(0) var<uniform> p: P;',
      `@group(0) @binding(1) var<storage, read> ${A}: array<f32>;`, `@group(0) @binding(2) var<storage, read> ${B}: array<f32>;`,
      `@group(0) @binding(3) var<storage, read_write> ${C}: array<f32>;`);
  } else {
    g.push(`@group(0) @binding(0) var<storage, read> ${A}: array<f32>;`, `@group(0) @binding(1) var<storage, read> ${B}: array<f32>;`,
      `@group(0) @binding(2) var<storage, read_write> ${C}: array<f32>;`,
      'struct sgemm_tiled16_Params {\n  webcu_grid: vec4<u32>,\n  n: u32,\n  A_offset: u32,\n  B_offset: u32,\n  C_offset: u32,\n}',
      `@group(0) @binding(3) var<uniform> ${U}: sgemm_tiled16_Params;`);
  }
  const wgs = f.wgsize === 'override' ? '@workgroup_size(blockDim_x, blockDim_y, blockDim_z)' : '@workgroup_size(16, 16)';
  const params = W ? [`@builtin(local_invocation_id) ${tid}: vec3<u32>`, `@builtin(workgroup_id) ${wgid}: vec3<u32>`]
    : [`@builtin(workgroup_id) ${wgid}: vec3u`, `@builtin(local_invocation_id) ${tid}: vec3u`];
  if (f.prologue === 'fold') params.push('@builtin(num_workgroups) workgroupCount: vec3<u32>');
  const b = [];
  const line = (d, s) => b.push('  '.repeat(d) + s);
  // locals: `decl(name, type, value)` gives `let` / `var` at the use, or a function-scope var assigned there
  const declared = [];
  const decl = (d, name, type, value, mutable = false) => {
    if (f.vars === true || (f.vars === 'ssa' && mutable)) { declared.push(`var ${name}: ${type};`); line(d, `${name} = ${value};`); } else line(d, `${mutable ? 'var' : 'let'} ${name} = ${value};`);
  };
  if (f.layout === 'webcu') {
    line(1, `let gridDim = ${U}.webcu_grid.xyz;`);
    line(1, `let n = ${U}.n;`);
    for (const o of ['A', 'B', 'C']) line(1, `let ${o}_offset = ${U}.${o}_offset;`);
  } else line(1, `let n = ${U}.n;`);
  const declAt = b.length;
  let bx = `${wgid}.x`, by = `${wgid}.y`, bz = `${wgid}.z`;
  if (f.prologue === 'fold') {
    decl(1, 'blockIdx_x', 'u32', `${wgid}.x + ((${wgid}.y % ${U}.webcu_grid.w) * workgroupCount.x)`);
    decl(1, 'blockIdx_y', 'u32', `${wgid}.y / ${U}.webcu_grid.w`);
    decl(1, 'blockIdx_z', 'u32', `${wgid}.z`);
    [bx, by, bz] = ['blockIdx_x', 'blockIdx_y', 'blockIdx_z'];
  }
  if (f.guard) { line(1, `if ${bx} >= ${f.layout === 'webcu' ? 'gridDim.x' : 'n / 16u'} {`); line(2, `${flush}return;`); line(1, '}'); }
  if (f.watchdog) decl(1, 'watchdog_uniform', 'u32', '16777216u', true);
  if (W) { decl(1, 'ty', 'u32', `${tid}.y`); decl(1, 'tx', 'u32', `${tid}.x`); }
  decl(1, 'row', 'u32', `(${by} * 16u) + ${ty}`);
  decl(1, 'col', 'u32', `(${bx} * 16u) + ${tx}`);
  decl(1, 'acc', 'f32', '0.0f', true);
  const idx = (buf, i) => {
    const j = f.offsets ? `${buf[0]}_offset + (${i})` : i;
    return f.checks ? `webcu_checked(${j}, arrayLength(&${buf}), ${{ A: 6, B: 7, C: 8 }[buf[0]]}u, ${buf[0] === 'C' ? 3 : 2}u)` : j;
  };
  const zero = '(gridDim.x >> 31u)';
  const fmaStmt = f.fma === 'add' ? (W ? `acc = acc + (As[${ty}][k] * Bs[k][${tx}]);` : `acc += As[${ty}][k] * Bs[k][${tx}];`)
    : f.fma === 'fma' ? `acc = fma(As[${ty}][k], Bs[k][${tx}], acc);`
      : `acc = acc + webcu_rn(As[${ty}][k] * Bs[k][${tx}], ${zero});`;
  // a counted loop in the chosen form; body(d) prints the body at depth d
  const counted = (d, form, v, init, cond, step, body) => {
    if (form === 'for') {
      const inc = W ? `${v} = ${v} + ${step}` : `${v} += ${step}`;
      if (f.vars === true && !f.forScoped) { declared.push(`var ${v}: u32;`); line(d, `for (${v} = ${init}; ${cond}; ${inc}) {`); } else line(d, `for (var ${v} = ${init}; ${cond}; ${inc}) {`);
      body(d + 1); line(d, '}');
      return;
    }
    decl(d, v, 'u32', init, true);
    if (form === 'loop') {
      line(d, 'loop {'); line(d + 1, `if (!(${cond})) {`); line(d + 2, 'break;'); line(d + 1, '}');
      body(d + 1);
      line(d + 1, 'continuing {'); line(d + 2, `${v} = ${v} + ${step};`); line(d + 1, '}'); line(d, '}');
    } else { // breakif: the loop rotated (test once before, then at the bottom)
      line(d, `if ${cond} {`); line(d + 1, 'loop {');
      body(d + 2);
      line(d + 2, 'continuing {'); line(d + 3, `${v} = ${v} + ${step};`); line(d + 3, `break if !(${cond});`); line(d + 2, '}');
      line(d + 1, '}'); line(d, '}');
    }
  };
  const watchdogBlock = (d) => {
    if (f.vars === true) declared.push('var fault_count: u32;');
    line(d, 'if watchdog_uniform == 0u {');
    line(d + 1, `${f.vars === true ? '' : 'let '}fault_count = atomicAdd(&webcu_debug[0u], 1u);`);
    line(d + 1, 'if fault_count == 0u {');
    [['1u', '6u'], ['2u', '1u'], ['3u', bx], ['4u', by], ['5u', bz], ['6u', `${tid}.x`], ['7u', `${tid}.y`], ['8u', `${tid}.z`]]
      .forEach(([i, v]) => line(d + 2, `atomicStore(&webcu_debug[${i}], ${v});`));
    line(d + 1, '}'); line(d + 1, 'break;'); line(d, '}');
    line(d, 'watchdog_uniform = watchdog_uniform - 1u;');
  };
  const outerBody = (d) => {
    line(d, `As[${ty}][${tx}] = ${A}[${idx(A, W ? `((row * n) + t) + ${tx}` : `row * n + t + ${tx}`)}];`);
    line(d, `Bs[${ty}][${tx}] = ${B}[${idx(B, W ? `((t + ${ty}) * n) + col` : `(t + ${ty}) * n + col`)}];`);
    line(d, 'workgroupBarrier();');
    counted(d, f.inner, 'k', '0u', 'k < 16u', '1u', (e) => line(e, fmaStmt));
    line(d, 'workgroupBarrier();');
  };
  if (f.watchdog && f.outer === 'loop') {
    // as the Watchdog pass emits it: the counter before the loop's own test
    decl(1, 't', 'u32', '0u', true);
    line(1, 'loop {'); watchdogBlock(2); line(2, 'if (!(t < n)) {'); line(3, 'break;'); line(2, '}');
    outerBody(2);
    line(2, 'continuing {'); line(3, 't = t + 16u;'); line(2, '}'); line(1, '}');
  } else {
    counted(1, f.outer, 't', '0u', 't < n', '16u', (d) => { if (f.watchdog) watchdogBlock(d); outerBody(d); });
  }
  line(1, `${C}[${idx(C, W ? '(row * n) + col' : 'row * n + col')}] = acc;`);
  if (f.checks) line(1, 'webcu_flush_faults();');
  if (declared.length) b.splice(declAt, 0, ...[...new Set(declared)].map((s) => '  ' + s));
  const entry = W ? 'sgemm_tiled16' : 'main';
  const text = `${g.join('\n')}\n\n@compute ${wgs}\nfn ${entry}(${params.join(', ')}) {\n${b.join('\n')}\n}\n`
    + (f.checks ? HELPERS_CHECKS : '') + (f.fma === 'rn' ? HELPER_RN : '');
  return { code: text, entry, flags: f };
}

// webcu's kernel as the compiler prints it (see the header): the generator's `webcu` variant must match it in time
const WEBCU_LITERAL = `override blockDim_x: u32 = 1u;
override blockDim_y: u32 = 1u;
override blockDim_z: u32 = 1u;
@group(1) @binding(0) var<storage, read_write> webcu_debug: array<atomic<u32>>;
var<workgroup> As: array<array<f32, 16>, 16>;
var<workgroup> Bs: array<array<f32, 16>, 16>;

@group(0) @binding(0) var<storage, read> A_1: array<f32>;
@group(0) @binding(1) var<storage, read> B_1: array<f32>;
@group(0) @binding(2) var<storage, read_write> C_1: array<f32>;
struct sgemm_tiled16_Params {
  webcu_grid: vec4<u32>,
  n: u32,
  A_offset: u32,
  B_offset: u32,
  C_offset: u32,
}
@group(0) @binding(3) var<uniform> sgemm_tiled16_params: sgemm_tiled16_Params;

@compute @workgroup_size(blockDim_x, blockDim_y, blockDim_z)
fn sgemm_tiled16(@builtin(local_invocation_id) threadIdx: vec3<u32>, @builtin(workgroup_id) workgroupId: vec3<u32>, @builtin(num_workgroups) workgroupCount: vec3<u32>) {
  let gridDim = sgemm_tiled16_params.webcu_grid.xyz;
  let n = sgemm_tiled16_params.n;
  let A_offset = sgemm_tiled16_params.A_offset;
  let B_offset = sgemm_tiled16_params.B_offset;
  let C_offset = sgemm_tiled16_params.C_offset;
  var ty: u32;
  var tx: u32;
  var row: u32;
  var col: u32;
  var acc: f32;
  var t: u32;
  var k: u32;
  var watchdog_uniform: u32;
  var fault_count: u32;
  var blockIdx_x: u32;
  var blockIdx_y: u32;
  var blockIdx_z: u32;
  blockIdx_x = workgroupId.x + ((workgroupId.y % sgemm_tiled16_params.webcu_grid.w) * workgroupCount.x);
  blockIdx_y = workgroupId.y / sgemm_tiled16_params.webcu_grid.w;
  blockIdx_z = workgroupId.z;
  if blockIdx_x >= gridDim.x {
    webcu_flush_faults(); return;
  }
  watchdog_uniform = 16777216u;
  ty = threadIdx.y;
  tx = threadIdx.x;
  row = (blockIdx_y * 16u) + ty;
  col = (blockIdx_x * 16u) + tx;
  acc = 0.0f;
  t = 0u;
  loop {
    if watchdog_uniform == 0u {
      fault_count = atomicAdd(&webcu_debug[0u], 1u);
      if fault_count == 0u {
        atomicStore(&webcu_debug[1u], 6u);
        atomicStore(&webcu_debug[2u], 1u);
        atomicStore(&webcu_debug[3u], blockIdx_x);
        atomicStore(&webcu_debug[4u], blockIdx_y);
        atomicStore(&webcu_debug[5u], blockIdx_z);
        atomicStore(&webcu_debug[6u], threadIdx.x);
        atomicStore(&webcu_debug[7u], threadIdx.y);
        atomicStore(&webcu_debug[8u], threadIdx.z);
      }
      break;
    }
    watchdog_uniform = watchdog_uniform - 1u;
    if (!(t < n)) {
      break;
    }
    As[ty][tx] = A_1[webcu_checked(A_offset + (((row * n) + t) + tx), arrayLength(&A_1), 6u, 2u)];
    Bs[ty][tx] = B_1[webcu_checked(B_offset + (((t + ty) * n) + col), arrayLength(&B_1), 7u, 2u)];
    workgroupBarrier();
    k = 0u;
    loop {
      if (!(k < 16u)) {
        break;
      }
      acc = fma(As[ty][k], Bs[k][tx], acc);
      continuing {
        k = k + 1u;
      }
    }
    workgroupBarrier();
    continuing {
      t = t + 16u;
    }
  }
  C_1[webcu_checked(C_offset + ((row * n) + col), arrayLength(&C_1), 8u, 3u)] = acc;
  webcu_flush_faults();
}
` + HELPERS_CHECKS;

// The naive kernel as the compiler prints it with Fma.HARDWARE (same source as WEBCU_LITERAL): its
// inner loop `k < n` carries the Watchdog pass's tick-based counter. Variants of it (`naive` group)
// check whether what fixes the tiled kernel's inner loop carries over.
const NAIVE_LITERAL = `override blockDim_x: u32 = 1u;
override blockDim_y: u32 = 1u;
override blockDim_z: u32 = 1u;
@group(1) @binding(0) var<storage, read_write> webcu_debug: array<atomic<u32>>;

@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
struct sgemm_naive_Params {
  webcu_grid: vec4<u32>,
  n: u32,
  A_offset: u32,
  B_offset: u32,
  C_offset: u32,
}
@group(0) @binding(3) var<uniform> sgemm_naive_params: sgemm_naive_Params;

@compute @workgroup_size(blockDim_x, blockDim_y, blockDim_z)
fn sgemm_naive(@builtin(local_invocation_id) threadIdx: vec3<u32>, @builtin(workgroup_id) workgroupId: vec3<u32>, @builtin(num_workgroups) workgroupCount: vec3<u32>) {
  let gridDim = sgemm_naive_params.webcu_grid.xyz;
  let n = sgemm_naive_params.n;
  let A_offset = sgemm_naive_params.A_offset;
  let B_offset = sgemm_naive_params.B_offset;
  let C_offset = sgemm_naive_params.C_offset;
  var row: u32;
  var col: u32;
  var acc: f32;
  var k: u32;
  var watchdog: u32;
  var watchdog_next: u32;
  var watchdog_tick: u32;
  var fault_count: u32;
  var blockIdx_x: u32;
  var blockIdx_y: u32;
  var blockIdx_z: u32;
  blockIdx_x = workgroupId.x + ((workgroupId.y % sgemm_naive_params.webcu_grid.w) * workgroupCount.x);
  blockIdx_y = workgroupId.y / sgemm_naive_params.webcu_grid.w;
  blockIdx_z = workgroupId.z;
  if blockIdx_x >= gridDim.x {
    webcu_flush_faults(); return;
  }
  watchdog = 1073741824u;
  watchdog_next = 1073479680u;
  row = (blockIdx_y * blockDim_y) + threadIdx.y;
  col = (blockIdx_x * blockDim_x) + threadIdx.x;
  if (row < n) && (col < n) {
    acc = 0.0f;
    k = 0u;
    loop {
      if watchdog <= watchdog_next {
        if watchdog > 64u {
          watchdog_tick = atomicAdd(&webcu_debug[11u], 1u);
          if watchdog_tick >= 1073741824u {
            watchdog = 0u;
          } else if watchdog > 262208u {
            watchdog_next = watchdog - 262144u;
          } else {
            watchdog_next = 64u;
          }
        }
        if watchdog <= 64u {
          watchdog = 0u;
          fault_count = atomicAdd(&webcu_debug[0u], 1u);
          if fault_count == 0u {
            atomicStore(&webcu_debug[1u], 6u);
            atomicStore(&webcu_debug[2u], 0u);
            atomicStore(&webcu_debug[3u], blockIdx_x);
            atomicStore(&webcu_debug[4u], blockIdx_y);
            atomicStore(&webcu_debug[5u], blockIdx_z);
            atomicStore(&webcu_debug[6u], threadIdx.x);
            atomicStore(&webcu_debug[7u], threadIdx.y);
            atomicStore(&webcu_debug[8u], threadIdx.z);
          }
          break;
        }
      }
      watchdog = watchdog - 64u;
      if (!(k < n)) {
        break;
      }
      acc = fma(A[webcu_checked(A_offset + ((row * n) + k), arrayLength(&A), 3u, 2u)], B[webcu_checked(B_offset + ((k * n) + col), arrayLength(&B), 4u, 2u)], acc);
      continuing {
        k = k + 1u;
      }
    }
    C[webcu_checked(C_offset + ((row * n) + col), arrayLength(&C), 5u, 3u)] = acc;
  }
  webcu_flush_faults();
}
` + HELPERS_CHECKS;
const NAIVE_HAND = `struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> A: array<f32>;
@group(0) @binding(2) var<storage, read> B: array<f32>;
@group(0) @binding(3) var<storage, read_write> C: array<f32>;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let n = p.n; let row = g.y; let col = g.x;
  if (row < n && col < n) {
    var acc = 0.0;
    for (var k = 0u; k < n; k++) { acc += A[row * n + k] * B[k * n + col]; }
    C[row * n + col] = acc;
  }
}
`;
const naiveNoChecks = (c) => c.replace(/fn webcu_checked\(([^)]*)\) -> u32 \{[\s\S]*?\n\}/, 'fn webcu_checked($1) -> u32 { return i; }');
const naiveNoWatchdog = (c) => c.replace(/      if watchdog <= watchdog_next \{[\s\S]*?\n      watchdog = watchdog - 64u;\n/, '');
// the loop rotated: the test before the loop and as `break if` after continuing; the watchdog stays first in the body
const naiveRotate = (c) => c.replace('      if (!(k < n)) {\n        break;\n      }\n', '')
  .replace('    k = 0u;\n    loop {', '    k = 0u;\n    if k < n {\n    loop {')
  .replace('        k = k + 1u;\n      }\n    }\n', '        k = k + 1u;\n        break if !(k < n);\n      }\n    }\n    }\n');

// ---------------------------------------------------------------- the variants
const variants = [];
const add = (group, name, what, k) => variants.push({ group, name, what, ...k });
{
  const steps = [
    ['fma', 'fma', 'acc = fma(a, b, acc) (webcu: Contract, Fma.HARDWARE)'],
    ['names', 'webcu', "webcu's names; ty/tx as lets"],
    ['layout', 'webcu', 'uniform struct webcu_grid + n + offsets at binding 3, storage at 0..2'],
    ['offsets', true, 'X_offset + (index) on each global access'],
    ['wgsize', 'override', '@workgroup_size(blockDim_x, blockDim_y, blockDim_z) overrides'],
    ['prologue', 'fold', 'blockIdx from workgroup_id % / grid.w and num_workgroups'],
    ['guard', true, 'if blockIdx_x >= gridDim.x { return; }'],
    ['vars', true, 'function-scope vars declared first, assigned later'],
    ['inner', 'loop', 'inner k loop as loop { if !(k < 16u) break; ... continuing }'],
    ['outer', 'loop', 'outer t loop as loop/continuing'],
    ['checks', true, 'webcu_checked, webcu_flush_faults, debug buffer'],
    ['watchdog', true, 'the watchdog counter in the outer loop'],
  ];
  let f = { ...HAND };
  add('chain', 'c00_hand', "bench-kit's hand-written kernel", kernel(f));
  steps.forEach(([k, v, what], i) => { f = { ...f, [k]: v }; add('chain', `c${String(i + 1).padStart(2, '0')}_${k}`, '+ ' + what, kernel(f)); });
  add('chain', 'webcu_literal', "the compiler's text (Fma.HARDWARE)", { code: WEBCU_LITERAL, entry: 'sgemm_tiled16', flags: WEBCU });
  const back = { fma: 'add', names: null, layout: null, offsets: false, wgsize: 'literal', prologue: 'wg', guard: false, vars: false, inner: 'for', outer: 'for', checks: false, watchdog: false };
  for (const [k, v] of Object.entries(back)) {
    if (v === null) continue;
    const g = { ...WEBCU, [k]: v };
    if (k === 'prologue') g.guard = false; // the guard reads blockIdx_x
    add('minus', `m_${k}`, `webcu with ${k}=${v}${k === 'prologue' ? ' (and no guard)' : ''}`, kernel(g));
  }
  add('minus', 'm_loops_for', 'webcu with both loops as for', kernel({ ...WEBCU, inner: 'for', outer: 'for' }));
  add('minus', 'm_inner_for_lets', 'webcu with the inner loop as for and lets', kernel({ ...WEBCU, inner: 'for', vars: false }));
  add('side', 's_webcu_breakif', 'webcu with both loops rotated, break if', kernel({ ...WEBCU, inner: 'breakif', outer: 'breakif' }));
  add('side', 's_webcu_inner_breakif', 'webcu with the inner loop rotated, break if', kernel({ ...WEBCU, inner: 'breakif' }));
  add('side', 's_hand_inner_loop', 'hand-written with the inner loop as loop/continuing', kernel({ ...HAND, inner: 'loop' }));
  add('side', 's_hand_vars', 'hand-written (webcu names) with function-scope vars', kernel({ ...HAND, names: 'webcu', vars: true }));
  add('fix', 'f_ssa_for', "webcu with lets for single-assignment locals and the inner loop as for (var k = 0u; ...): the proposed fix", kernel({ ...WEBCU, vars: 'ssa', inner: 'for' }));
  add('fix', 'f_ssa_for_both', 'f_ssa_for with the outer loop as for too', kernel({ ...WEBCU, vars: 'ssa', inner: 'for', outer: 'for' }));
  add('fix', 'f_ssa', 'webcu with lets for single-assignment locals only (loops as emitted)', kernel({ ...WEBCU, vars: 'ssa' }));
  add('fix', 'f_ssa_breakif', 'webcu with lets and the inner loop rotated, break if', kernel({ ...WEBCU, vars: 'ssa', inner: 'breakif' }));
  add('fix', 'f_for_scoped', 'webcu with the inner loop as for (var k = 0u; ...) only (ty, tx, row, col stay vars)', kernel({ ...WEBCU, inner: 'for', forScoped: true }));
  add('side', 's_webcu_rn', 'webcu with acc = acc + webcu_rn(a * b, zero) (no contraction)', kernel({ ...WEBCU, fma: 'rn' }));
}
{
  const nf = { layout: 'webcu', wgsize: 'override', checks: true, watchdog: true };
  const nv = (name, what, code, flags = nf) => {
    if (code === null) throw new Error(name);
    add('naive', name, what, { code, entry: flags.layout === 'hand' ? 'main' : 'sgemm_naive', flags });
  };
  nv('n_hand', "bench-kit's hand-written naive kernel", NAIVE_HAND, { layout: 'hand', wgsize: 'literal', checks: false, watchdog: false });
  nv('n_webcu', "the compiler's naive kernel (Fma.HARDWARE)", NAIVE_LITERAL);
  nv('n_rot', 'n_webcu, inner loop rotated', naiveRotate(NAIVE_LITERAL));
  nv('n_nochecks', 'n_webcu without bounds checks', naiveNoChecks(NAIVE_LITERAL));
  nv('n_nochecks_rot', 'n_webcu without bounds checks, rotated', naiveRotate(naiveNoChecks(NAIVE_LITERAL)));
  nv('n_nochecks_nowd', 'n_webcu without bounds checks and watchdog', naiveNoWatchdog(naiveNoChecks(NAIVE_LITERAL)));
  nv('n_nochecks_nowd_rot', 'n_webcu without bounds checks and watchdog, rotated', naiveRotate(naiveNoWatchdog(naiveNoChecks(NAIVE_LITERAL))));
  for (const v of variants.filter((x) => x.group === 'naive').slice(2)) if (v.code === NAIVE_LITERAL || (v.name.includes('rot') && !v.code.includes('break if'))) throw new Error(`${v.name}: transform did not apply`);
}
if (args.print) { const v = variants.find((x) => x.name === args.print); process.stdout.write(v.code); process.exit(0); }
const todo = ONLY ? variants.filter((v) => ONLY.includes(v.name)) : variants;

// ---------------------------------------------------------------- the harness
const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
Object.assign(globalThis, globals);
const gpu = create(opts);
globalThis.__dawnGpu = gpu;
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
if (!adapter) { console.error('requestAdapter returned null'); process.exit(2); }
const ai = adapter.info;
const out = { opts, MM, REPS, WARM_MS, ROUNDS, adapter: { vendor: ai.vendor, architecture: ai.architecture, device: ai.device, description: ai.description }, variants: {} };
log('adapter:', JSON.stringify(out.adapter), 'opts:', JSON.stringify(opts));
const hasTs = adapter.features.has('timestamp-query');
if (!hasTs) log('WARNING: no timestamp-query: times are wall times');
const device = await adapter.requestDevice({ requiredFeatures: hasTs ? ['timestamp-query'] : [] });
device.lost.then((i) => { if (i.reason !== 'destroyed') console.error('DEVICE LOST', i.reason, i.message); });
device.addEventListener('uncapturederror', (e) => console.error('UNCAPTURED ERROR:', e.error.message));
const SU = GPUBufferUsage.STORAGE, CD = GPUBufferUsage.COPY_DST, CS = GPUBufferUsage.COPY_SRC, UN = GPUBufferUsage.UNIFORM;
const buf = (size, usage) => device.createBuffer({ size, usage });
function lcgFill(arr, seed, fn) { let s = seed >>> 0; for (let i = 0; i < arr.length; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; arr[i] = fn(s); } return arr; }

function problem(n) {
  const a = lcgFill(new Float32Array(n * n), 4, (s) => (s >>> 8) / 8388608 - 1);
  const bm = lcgFill(new Float32Array(n * n), 5, (s) => (s >>> 8) / 8388608 - 1);
  const A = buf(n * n * 4, SU | CD), B = buf(n * n * 4, SU | CD), C = buf(n * n * 4, SU | CS | CD);
  device.queue.writeBuffer(A, 0, a); device.queue.writeBuffer(B, 0, bm);
  const hand = new ArrayBuffer(16); new DataView(hand).setUint32(0, n, true);
  const words = [n / 16, n / 16, 1, 1, n, 0, 0, 0]; // LaunchPlan: grid, slices, n, offsets
  const webcu = new Uint32Array(words).buffer;
  const mk = (ab) => { const u = buf(ab.byteLength, UN | CD); device.queue.writeBuffer(u, 0, ab); return u; };
  return { n, a, b: bm, A, B, C, U: { hand: mk(hand), webcu: mk(webcu) }, debug: buf(1 << 16, SU | CD | CS) };
}
function bindFor(v, pr) {
  const module = device.createShaderModule({ code: v.code });
  const constants = v.flags.wgsize === 'override' ? { blockDim_x: 16, blockDim_y: 16, blockDim_z: 1 } : undefined;
  const p = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: v.entry, ...(constants ? { constants } : {}) } });
  const bufs = v.flags.layout === 'hand' ? [pr.U.hand, pr.A, pr.B, pr.C] : [pr.A, pr.B, pr.C, pr.U.webcu];
  const bg = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: bufs.map((buffer, binding) => ({ binding, resource: { buffer } })) });
  const dbg = v.flags.checks || v.flags.watchdog
    ? device.createBindGroup({ layout: p.getBindGroupLayout(1), entries: [{ binding: 0, resource: { buffer: pr.debug } }] }) : null;
  const rec = (pass) => { pass.setPipeline(p); pass.setBindGroup(0, bg); if (dbg) pass.setBindGroup(1, dbg); pass.dispatchWorkgroups(pr.n / 16, pr.n / 16); };
  // the debug buffer's fault and watchdog-tick words start at zero in every pass, as the runtime's do
  rec.pre = dbg ? (enc) => enc.clearBuffer(pr.debug) : () => {};
  return rec;
}
async function read(src, bytes) {
  const st = buf(bytes, GPUBufferUsage.MAP_READ | CD);
  const enc = device.createCommandEncoder(); enc.copyBufferToBuffer(src, 0, st, 0, bytes); device.queue.submit([enc.finish()]);
  await st.mapAsync(GPUMapMode.READ); const r = new Uint8Array(st.getMappedRange().slice(0)); st.unmap(); st.destroy(); return r.buffer;
}
/** Max abs error over `samples` entries of C (all when null) against a double-precision product; plus the debug buffer's fault count. */
async function check(rec, pr, samples) {
  device.queue.writeBuffer(pr.C, 0, new Float32Array(pr.n * pr.n));
  device.queue.writeBuffer(pr.debug, 0, new Uint32Array(16));
  const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); rec(pass); pass.end(); device.queue.submit([enc.finish()]);
  const c = new Float32Array(await read(pr.C, pr.n * pr.n * 4));
  const faults = new Uint32Array(await read(pr.debug, 64))[0];
  const n = pr.n; let err = 0;
  const idx = samples === null ? Array.from({ length: n * n }, (_, i) => i) : lcgFill(new Uint32Array(samples), 6, (s) => s % (n * n));
  for (const i of idx) {
    const r = Math.floor(i / n), col = i % n; let acc = 0;
    for (let k = 0; k < n; k++) acc += pr.a[r * n + k] * pr.b[k * n + col];
    err = Math.max(err, Math.abs(acc - c[i]));
  }
  return { err, faults, ok: err < 1e-2 && faults === 0 };
}
const qs = hasTs ? device.createQuerySet({ type: 'timestamp', count: 2 * REPS }) : null;
const qres = hasTs ? buf(16 * REPS, GPUBufferUsage.QUERY_RESOLVE | CS) : null;
const qmap = hasTs ? buf(16 * REPS, GPUBufferUsage.MAP_READ | CD) : null;
async function wallTime(rec, reps) {
  const enc = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) { rec.pre(enc); const pass = enc.beginComputePass(); rec(pass); pass.end(); }
  const t0 = performance.now(); device.queue.submit([enc.finish()]); await device.queue.onSubmittedWorkDone();
  return (performance.now() - t0) / reps;
}
/** Median GPU ms of REPS repetitions (one pass each, timestamp writes, one submit) after WARM_MS of warm-up. */
async function time(rec) {
  const tw = performance.now(); do { await wallTime(rec, 3); } while (performance.now() - tw < WARM_MS);
  if (!hasTs) return { median: await wallTime(rec, REPS), all: null };
  const enc = device.createCommandEncoder();
  for (let r = 0; r < REPS; r++) {
    rec.pre(enc);
    const pass = enc.beginComputePass({ timestampWrites: { querySet: qs, beginningOfPassWriteIndex: 2 * r, endOfPassWriteIndex: 2 * r + 1 } });
    rec(pass); pass.end();
  }
  enc.resolveQuerySet(qs, 0, 2 * REPS, qres, 0); enc.copyBufferToBuffer(qres, 0, qmap, 0, 16 * REPS);
  device.queue.submit([enc.finish()]);
  await qmap.mapAsync(GPUMapMode.READ);
  const t = new BigInt64Array(qmap.getMappedRange().slice(0)); qmap.unmap();
  const ms = []; for (let r = 0; r < REPS; r++) ms.push(Number(t[2 * r + 1] - t[2 * r]) / 1e6);
  return { median: med(ms), all: ms };
}

const small = problem(CHECK_N);
const big = problem(MM);
for (const v of todo) {
  device.pushErrorScope('validation');
  const recSmall = bindFor(v, small);
  const e = await device.popErrorScope();
  if (e) { log(`${v.name}: WGSL/pipeline error: ${e.message}`); out.variants[v.name] = { group: v.group, what: v.what, error: e.message }; continue; }
  const cs = await check(recSmall, small, null);
  v.rec = bindFor(v, big);
  const cb = await check(v.rec, big, 256);
  out.variants[v.name] = { group: v.group, what: v.what, check_small: cs, check_big: cb, ms: [], all: [] };
  log(`${v.name}: n=${CHECK_N} max err ${cs.err.toExponential(2)} faults ${cs.faults}; n=${MM} (256 samples) max err ${cb.err.toExponential(2)} faults ${cb.faults}: ${cs.ok && cb.ok ? 'PASS' : 'FAIL'}`);
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
// the ratio's base: the hand-written kernel of the same problem
const baseOf = (v) => { const h = out.variants[v.group === 'naive' ? 'n_hand' : 'c00_hand']; return h?.ms?.length ? med(h.ms) : null; };
log(`\n| variant | group | what | ms (median of round medians) | rounds | hand/variant | check |`);
log('|---|---|---|---:|---|---:|---|');
for (const v of todo) {
  const r = out.variants[v.name];
  if (r.error) { log(`| ${v.name} | ${v.group} | ${v.what} | error | | | |`); continue; }
  const base = baseOf(v); const m = med(r.ms); r.median = m; r.ratio = base ? base / m : null;
  log(`| ${v.name} | ${v.group} | ${v.what} | ${m.toFixed(4)} | ${r.ms.map((x) => x.toFixed(3)).join(' ')} | ${base ? (base / m).toFixed(3) : '-'} | ${r.check_small.ok && r.check_big.ok ? 'PASS' : 'FAIL'} |`);
}
if (args.json) writeFileSync(args.json, JSON.stringify({ ...out, sources: Object.fromEntries(todo.map((v) => [v.name, v.code])) }, null, 1));
await device.queue.onSubmittedWorkDone();
process.exit(0);
