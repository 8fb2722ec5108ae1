package webcu.webgpu;

import org.teavm.jso.JSObject;

/** One compute pass: set a pipeline and bind groups, dispatch, end. */
public interface GPUComputePassEncoder extends JSObject {
    void setPipeline(GPUComputePipeline pipeline);

    void setBindGroup(int index, GPUBindGroup bindGroup);

    void dispatchWorkgroups(int x, int y, int z);

    void end();
}
