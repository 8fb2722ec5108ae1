package webcu.wgsl;

import java.util.List;
import webcu.ir.Type;

/**
 * What the runtime needs to launch one kernel of a {@link WgslProgram}: the entry point, the
 * storage bindings of bind group 0 and which kernel parameters they serve, the uniform buffer's
 * byte layout, and the names of the {@code override} constants that set the workgroup size.
 *
 * <p>Launch recipe: create (or reuse) the compute pipeline for {@link #entryPoint} with the
 * constants {@code workgroupSize[0..2] = blockDim.x, y, z}; bind each {@link Buffer} to the
 * allocation its parameter points into (the whole buffer, offset 0); write each
 * {@link UniformField} at its byte offset into a buffer of {@link Uniform#size} bytes; dispatch
 * {@code gridDim.x, y, z} workgroups.
 *
 * @param kernel the CUDA name of the kernel, as {@code Function.name()} in the IR
 * @param entryPoint the WGSL entry point's name (legal and unique; usually the CUDA name)
 * @param buffers the storage bindings, in binding order
 * @param uniform the uniform buffer, or null when the kernel has no parameters
 * @param workgroupSize the three override names for blockDim.x, y, z
 */
public record KernelLayout(String kernel, String entryPoint, List<Buffer> buffers, Uniform uniform,
                           List<String> workgroupSize) {
    public KernelLayout {
        buffers = List.copyOf(buffers);
        workgroupSize = List.copyOf(workgroupSize);
    }

    /**
     * A storage binding: an {@code array<element>} over one allocation. {@code params} are the
     * indices of the pointer parameters that access memory through it (one today; several once
     * aliasing arguments share a binding). A read-only binding must be bound with the layout type
     * {@code read-only-storage}, a writable one with {@code storage}; WebGPU forbids binding one
     * buffer range to a writable binding and to any other binding of the same dispatch.
     *
     * @param name the WGSL variable's name, for messages
     */
    public record Buffer(int binding, List<Integer> params, String name, Type element, boolean readOnly) {
        public Buffer {
            params = List.copyOf(params);
        }

        /** Bytes per element: a parameter's byte offset divided by this is its hidden offset. */
        public int elementSize() {
            return element.size();
        }
    }

    /**
     * The uniform buffer at {@code binding}: {@code size} bytes (a multiple of 16), holding every
     * scalar parameter and every pointer parameter's hidden offset.
     */
    public record Uniform(int binding, int size, List<UniformField> fields) {
        public Uniform {
            fields = List.copyOf(fields);
        }
    }

    /**
     * One 4-byte field of the uniform buffer. For a scalar parameter ({@code hiddenOffset} false)
     * it holds the argument: i32 and u32 as their 32 bits, f32 as its IEEE bits, bool as 0 or 1.
     * For a pointer parameter ({@code hiddenOffset} true) it holds the u32 element offset of the
     * argument into its allocation: byte offset / element size of its {@link Buffer}.
     *
     * @param param the index of the kernel parameter it serves
     * @param type the IR type of the parameter's value (u32 for a hidden offset)
     * @param offset the byte offset in the uniform buffer
     */
    public record UniformField(String name, int param, boolean hiddenOffset, Type type, int offset) {}

    /** The buffer that serves parameter {@code param}, or null when it is not a pointer. */
    public Buffer bufferOf(int param) {
        for (Buffer b : buffers) {
            if (b.params().contains(param)) {
                return b;
            }
        }
        return null;
    }
}
