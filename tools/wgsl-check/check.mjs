#!/usr/bin/env node
// Validates WGSL files with Dawn's Tint (npm `webgpu`, null backend, so no GPU is needed):
// prints every compilation message as FILE:LINE:COL: severity: text and exits 1 on any error.
// Then it creates a compute pipeline for every `@compute` entry point, with the overrides' default
// values, so checks that Tint only makes at pipeline creation (workgroup size, storage) run too.
// Usage: node check.mjs FILE.wgsl...
import { readFileSync } from 'node:fs';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
// Kept reachable from globalThis: a GPU object only held by a local is collected mid-await.
globalThis.gpu = create(['backend=null']);

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node check.mjs FILE.wgsl...');
  process.exit(2);
}

globalThis.adapter = await globalThis.gpu.requestAdapter();
if (!globalThis.adapter) {
  console.error('wgsl-check: no WebGPU adapter (null backend)');
  process.exit(2);
}
// Modules that `enable subgroups;` (webcu's warp functions on adapters with 32-lane subgroups)
// need the feature on the device, as WebGpuDevice requests it.
const requiredFeatures = globalThis.adapter.features.has('subgroups') ? ['subgroups'] : [];
globalThis.device = await globalThis.adapter.requestDevice({ requiredFeatures });

let errors = 0;
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  globalThis.device.pushErrorScope('validation');
  const module = globalThis.device.createShaderModule({ code });
  const info = await module.getCompilationInfo();
  await globalThis.device.popErrorScope();
  let fileErrors = 0;
  for (const m of info.messages) {
    if (m.type === 'error') {
      fileErrors++;
    }
    console.log(`${file}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
  }
  errors += fileErrors;
  if (fileErrors > 0) {
    continue;
  }
  for (const match of code.matchAll(/@compute\s[^{]*?\bfn\s+([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const entryPoint = match[1];
    globalThis.device.pushErrorScope('validation');
    globalThis.device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint } });
    const error = await globalThis.device.popErrorScope();
    if (error && /number of storage buffers \(\d+\) in the Compute stage exceeds the maximum per-stage limit/.test(error.message)) {
      // Legal WGSL: the null adapter allows WebGPU's minimum of 8, and webcu's runtime checks the
      // count against the real adapter's limit at launch (a clear error where it is exceeded).
      console.log(`${file}: note: pipeline for entry point '${entryPoint}' not created: ${error.message.split('\n')[0]}`);
    } else if (error) {
      errors++;
      console.log(`${file}: error: pipeline for entry point '${entryPoint}': ${error.message}`);
    }
  }
}
globalThis.device.destroy();
if (errors > 0) {
  console.log(`${errors} error${errors === 1 ? '' : 's'}`);
}
process.exit(errors > 0 ? 1 : 0);
