// Tint's SPIR-V for webcu's WGSL (bench/vulkan's bisection, issue 15): for each PROG.wgsl in DIR
// (written by `SpirvBench emit DIR`) and each kernel of PROG.kernels.json, Dawn (npm `webgpu`,
// WEBGPU_PATH) makes the compute pipeline with the overrides the runtime sets for the bench's
// launches, with its `dump_shaders` toggle on; the SPIR-V disassembly it prints goes to
// DIR/KERNEL.tint.spvasm (assemble it with spirv-as --target-env spv1.4), its log to DIR/KERNEL.tint.log.
//   node bench/vulkan/tint_dump.mjs DIR
// Env: DAWN_OPTS (';'-separated Dawn options, besides enable-dawn-features=dump_shaders), TAG (a suffix of
// the output names: KERNEL.tintTAG.spvasm)
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const dir = process.argv[2];
const tag = process.env.TAG ?? '';
if (process.argv[3] === '--one') {
  // child: one pipeline, its dump on stdout
  const [, , , , prog, kernel] = process.argv;
  const { create, globals } = await import(process.env.WEBGPU_PATH ?? 'webgpu');
  Object.assign(globalThis, globals);
  // one enable-dawn-features option: a second one would replace the first
  const extra = (process.env.DAWN_OPTS ?? '').split(';').filter(Boolean);
  const enable = ['dump_shaders', ...extra.filter((o) => o.startsWith('enable-dawn-features=')).map((o) => o.split('=')[1])];
  const opts = [`enable-dawn-features=${enable.join(',')}`, ...extra.filter((o) => !o.startsWith('enable-dawn-features='))];
  const gpu = create(opts);
  const adapter = await gpu.requestAdapter();
  const features = adapter.features.has('subgroups') ? ['subgroups'] : [];
  const device = await adapter.requestDevice({ requiredFeatures: features });
  const info = adapter.info ?? {};
  console.log(`adapter: ${info.vendor} ${info.architecture} ${info.device} ${info.description} features ${features}`);
  device.onuncapturederror = (e) => console.log('error: ' + e.error.message);
  const k = JSON.parse(readFileSync(`${dir}/${prog}.kernels.json`, 'utf8'))[kernel];
  const code = readFileSync(`${dir}/${prog}.wgsl`, 'utf8');
  const module = device.createShaderModule({ code });
  const info2 = await module.getCompilationInfo();
  for (const m of info2.messages) if (m.type === 'error') console.log('wgsl error: ' + m.message);
  device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: k.entry, constants: k.constants } });
  await device.queue.onSubmittedWorkDone();
  process.exit(0);
}
for (const f of readdirSync(dir).filter((f) => f.endsWith('.kernels.json'))) {
  const prog = f.replace('.kernels.json', '');
  for (const kernel of Object.keys(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')))) {
    const r = spawnSync(process.execPath, [process.argv[1], dir, '--one', prog, kernel], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const out = (r.stdout ?? '') + (r.stderr ?? '');
    writeFileSync(`${dir}/${kernel}.tint${tag}.log`, out);
    // the last SPIR-V disassembly printed (the pipeline's; a module may be dumped before it too)
    const parts = out.split('/* Dumped SPIRV disassembly */');
    if (parts.length < 2) { console.log(`${kernel}: no SPIR-V in the dump (exit ${r.status}); see ${kernel}.tint${tag}.log`); continue; }
    const text = parts[parts.length - 1].split(/\n(?=info:|\/\/ Dumped|warning:|error:)/)[0];
    writeFileSync(`${dir}/${kernel}.tint${tag}.spvasm`, text.trim() + '\n');
    console.log(`${kernel}: ${text.split('\n').length} lines of SPIR-V (${parts.length - 1} dumps)`);
  }
}
