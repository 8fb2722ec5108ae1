package webcu.webgpu;

import org.teavm.jso.JSMethod;
import org.teavm.jso.JSObject;
import org.teavm.jso.typedarrays.Uint32Array;

/** One compute pass: set a pipeline and bind groups, dispatch, end. */
public interface GPUComputePassEncoder extends JSObject {
    void setPipeline(GPUComputePipeline pipeline);

    void setBindGroup(int index, GPUBindGroup bindGroup);

    /** With the dynamic offsets {@code offsets[start .. start + length)}, one per dynamic binding of the group. */
    @JSMethod("setBindGroup")
    void setBindGroupAt(int index, GPUBindGroup bindGroup, Uint32Array offsets, int start, int length);

    void dispatchWorkgroups(int x, int y, int z);

    void end();
}
