// Summarizes a V8 CPU profile (node --cpu-prof) of run.mjs: self and total time per function, in
// µs per launch when --per N gives the number of launches the profile covers. Total time counts a
// function once per sample however often it is on the stack (recursion), so totals do not add up.
// With the JavaScript build made readable (-Dwebcu.teavm.minifying=false) TeaVM's names are
// package_Class_method, e.g. wcw_WebGpuDevice_dispatch.
//
// Each sample counts as the profile's median interval: on a loaded machine the sampler is sometimes
// late, and the late sample's whole delay would fall on whatever ran then.
//
// Usage: node bench/webgpu/cpuprof.mjs PROFILE.cpuprofile [--per 10040] [--top 40] [--match RE]
//          [--within RE]  (only samples with a function matching RE on their stack, e.g. the launch path)
//          [--callers RE]  (also: the self time of functions matching RE by their three nearest callers:
//                           the wasm-gc build's calls into Dawn show as '(anonymous :0)', TeaVM's glue)
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
const opt = Object.fromEntries(rest.reduce((acc, a, i, all) => (a.startsWith('--') ? acc.concat([[a.slice(2), all[i + 1]]]) : acc), []));
const per = Number(opt.per ?? 0);
const top = Number(opt.top ?? 40);
const match = opt.match ? new RegExp(opt.match) : null;
const within = opt.within ? new RegExp(opt.within) : null;
const callers = opt.callers ? new RegExp(opt.callers) : null;
const byCallers = new Map();
const prof = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => n.callFrame.functionName || `(anonymous ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber})`;

const self = new Map();
const total = new Map();
let all = 0;
const deltas = [...prof.timeDeltas].sort((a, b) => a - b);
const dt = deltas[deltas.length >> 1] ?? 0;
for (let i = 0; i < prof.samples.length; i++) {
  const stack = [];
  for (let id = prof.samples[i]; id !== undefined; id = parent.get(id)) stack.push(name(byId.get(id)));
  if (within && !stack.some((s) => within.test(s))) continue;
  all += dt;
  self.set(stack[0], (self.get(stack[0]) ?? 0) + dt);
  if (callers?.test(stack[0])) {
    const k = stack.slice(1, 4).join(' < ');
    byCallers.set(k, (byCallers.get(k) ?? 0) + dt);
  }
  for (const s of new Set(stack)) total.set(s, (total.get(s) ?? 0) + dt);
}
const unit = per ? `µs/launch (${per} launches)` : 'ms';
const show = (us) => (per ? (us / per).toFixed(2) : (us / 1000).toFixed(1));
console.log(`${file}: ${(all / 1000).toFixed(0)} ms sampled${within ? ` within ${within}` : ''}; times in ${unit}`);
const rows = (m) => [...m].filter(([k]) => !match || match.test(k)).sort((a, b) => b[1] - a[1]).slice(0, top);
console.log('\nself:');
for (const [k, v] of rows(self)) console.log(`${show(v).padStart(9)}  ${k}`);
console.log('\ntotal:');
for (const [k, v] of rows(total)) console.log(`${show(v).padStart(9)}  ${k}`);
if (callers) {
  console.log(`\nself time of ${callers} by caller:`);
  for (const [k, v] of [...byCallers].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${show(v).padStart(9)}  ${k}`);
}
