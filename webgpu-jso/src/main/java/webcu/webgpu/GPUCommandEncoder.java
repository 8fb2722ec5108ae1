package webcu.webgpu;

import org.teavm.jso.JSObject;

/** Records commands into a command buffer; offsets and sizes of copies and clears are multiples of 4. */
public interface GPUCommandEncoder extends JSObject {
    /** Descriptor from {@link WebGpu#computePassDescriptor} (null for none). */
    GPUComputePassEncoder beginComputePass(JSObject descriptor);

    void copyBufferToBuffer(GPUBuffer source, double sourceOffset, GPUBuffer destination, double destinationOffset,
                            double size);

    void clearBuffer(GPUBuffer buffer, double offset, double size);

    void resolveQuerySet(GPUQuerySet querySet, int firstQuery, int queryCount, GPUBuffer destination,
                         double destinationOffset);

    GPUCommandBuffer finish();
}
