package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSArray;
import org.teavm.jso.typedarrays.Int8Array;

/**
 * The pipelines of {@link MemoryShaders} on a {@link WebGpuDevice}, created at its first unaligned copy
 * or fill: WebGPU's own copies, clears and writes need 4-byte offsets and sizes.
 */
final class MemoryOps {
    private final WebGpuDevice owner;
    private final GPUDevice device;
    private final double maxBinding;
    private final GPUShaderModule module;
    private final GPUBindGroupLayout fillLayout;
    private final GPUBindGroupLayout copyLayout;
    private final GPUComputePipeline fill;
    private final GPUComputePipeline copy;

    MemoryOps(WebGpuDevice owner, GPUDevice device, double maxBinding) {
        this.owner = owner;
        this.device = device;
        this.maxBinding = maxBinding;
        this.module = device.createShaderModule(WebGpu.shaderModuleDescriptor(MemoryShaders.WGSL, "webcu memory operations"));
        this.fillLayout = layout(false);
        this.copyLayout = layout(true);
        this.fill = pipeline(fillLayout, "fill");
        this.copy = pipeline(copyLayout, "copyBytes");
    }

    private GPUBindGroupLayout layout(boolean withSource) {
        JSArray<JSObject> entries = WebGpu.array();
        entries.push(WebGpu.bufferLayoutEntry(0, "storage"));
        if (withSource) {
            entries.push(WebGpu.bufferLayoutEntry(1, "read-only-storage"));
        }
        entries.push(WebGpu.bufferLayoutEntry(2, "uniform"));
        return device.createBindGroupLayout(WebGpu.bindGroupLayoutDescriptor(entries, "webcu memory operation"));
    }

    private GPUComputePipeline pipeline(GPUBindGroupLayout l, String entry) {
        return device.createComputePipeline(WebGpu.computePipelineDescriptor(
                device.createPipelineLayout(WebGpu.pipelineLayoutDescriptor(l)), module, entry, WebGpu.constants(),
                "webcu " + entry));
    }

    void fill(int buffer, long start, long end, int pattern) {
        run(fill, fillLayout, buffer, null, start, end, pattern);
    }

    void copyBytes(int dstBuffer, long start, long end, GPUBuffer src, long srcStart) {
        run(copy, copyLayout, dstBuffer, src, start, end, (int) srcStart);
    }

    private void run(GPUComputePipeline p, GPUBindGroupLayout l, int buffer, GPUBuffer src, long start, long end,
                     int value) {
        long size = owner.size(buffer);
        if (end > 0xFFFFFFF0L || size > maxBinding) {
            owner.fail("webcu: error: not supported on WebGPU yet: unaligned copies or fills in an allocation of "
                    + size + " bytes");
            return;
        }
        byte[] params = MemoryShaders.params(start, end, value);
        GPUBuffer ub = owner.raw(params.length, WebGpu.BUFFER_UNIFORM | WebGpu.BUFFER_COPY_DST, "webcu memory operation");
        // a new buffer: its write may go ahead of the recorded work it joins
        owner.writeFresh(ub, 0, Int8Array.copyFromJavaArray(params), 0, params.length);
        JSArray<JSObject> entries = WebGpu.array();
        entries.push(WebGpu.bufferBindingEntry(0, owner.buffer(buffer)));
        if (src != null) {
            entries.push(WebGpu.bufferBindingEntry(1, src));
        }
        entries.push(WebGpu.bufferBindingEntry(2, ub));
        int[] groups = MemoryShaders.dispatch(MemoryShaders.words(start, end));
        device.pushErrorScope("validation");
        GPUBindGroup group = device.createBindGroup(WebGpu.bindGroupDescriptor(l, entries));
        owner.check(device.popErrorScope(), "a memory operation");
        CommandBatch batch = owner.batch();
        GPUComputePassEncoder pass = batch.encoder().beginComputePass(WebGpu.computePassDescriptor(null, 0, 0));
        pass.setPipeline(p);
        pass.setBindGroup(0, group);
        pass.dispatchWorkgroups(groups[0], groups[1], 1);
        pass.end();
        batch.destroyAfterSubmit(ub);
    }
}
