package webcu.passes;

import java.util.List;
import webcu.ir.Type;

/**
 * What the runtime needs to launch one kernel, on either device code target (the WGSL writer's
 * {@code WgslProgram} and the SPIR-V writer's {@code SpirvProgram} give the same numbers): the
 * entry point, the storage bindings of bind group (descriptor set) 0 and what fills them, the
 * uniform buffer's byte layout, and the keys of the pipeline constants that set the workgroup size
 * (and the dynamic shared memory size, where the kernel has {@code extern __shared__} memory):
 * WGSL {@code override} names, or SPIR-V SpecIds written in decimal.
 *
 * <p>Launch recipe: create (or reuse) the compute pipeline for {@link #entryPoint} with the
 * constants {@code workgroupSize[0..2] = blockDim.x, y, z} (and {@link #dynamicSharedWords} =
 * the launch's dynamic shared bytes / 4, rounded up); bind each {@link Buffer} to the whole
 * allocation its argument points into, or to its device variable's buffer; write each
 * {@link UniformField} at its byte offset into a buffer of {@link Uniform#size} bytes; dispatch
 * {@code gridDim.x, y, z} workgroups.
 *
 * @param kernel the CUDA name of the kernel, as {@code Function.name()} in the IR
 * @param entryPoint the entry point's name (legal and unique; usually the CUDA name)
 * @param buffers the storage bindings, in binding order
 * @param uniform the uniform buffer, or null when the kernel needs none
 * @param workgroupSize the three pipeline constants for blockDim.x, y, z
 * @param dynamicSharedWords the pipeline constant that sizes the dynamic shared array in u32 words, or
 *     null when the kernel has no {@code extern __shared__} memory
 * @param coarsening the CUDA threads each invocation runs (ThreadCoarsening); 1 for one each
 * @param coarseWorkgroup for a coarsened kernel, the override that sizes its one-dimensional
 *     workgroup: the block's threads divided by {@code coarsening}, rounded up; null otherwise
 * @param ranges what a launch must satisfy to run with the bounds checks off (its pipeline constant
 *     set to false), or null where the kernel always keeps them ({@link AccessRanges})
 * @param constants the pipeline constants that tell the kernel facts of the launches its pipeline
 *     runs, which let the driver drop work ({@link LaunchConstants}), or null where it has none (SPIR-V)
 */
public record KernelLayout(String kernel, String entryPoint, List<Buffer> buffers, Uniform uniform,
                           List<String> workgroupSize, String dynamicSharedWords, int coarsening, String coarseWorkgroup,
                           RangeProof ranges, LaunchConstants constants) {
    public KernelLayout {
        buffers = List.copyOf(buffers);
        workgroupSize = List.copyOf(workgroupSize);
    }

    public KernelLayout(String kernel, String entryPoint, List<Buffer> buffers, Uniform uniform, List<String> workgroupSize,
                        String dynamicSharedWords, int coarsening, String coarseWorkgroup, RangeProof ranges) {
        this(kernel, entryPoint, buffers, uniform, workgroupSize, dynamicSharedWords, coarsening, coarseWorkgroup, ranges, null);
    }

    /**
     * WGSL overrides a pipeline may set from what the runtime knows of the launches it runs; left
     * unset, the kernel reads the uniform's values and checks for padding, right for any launch.
     * Each is null where the kernel has none.
     *
     * @param slices u32: 0 to read the slices per row from the uniform's grid word 3 (GridFolding),
     *     else that word's value in every launch of the pipeline (1 for a grid dispatched as it is)
     * @param padding u32: 0 where no launch of the pipeline has padding workgroups (no workgroup's
     *     {@code blockIdx.x} reaches {@code gridDim.x}): the kernel does not check; 1 otherwise
     * @param offsets u32: 0 where every hidden offset in the uniform is 0 in every launch of the
     *     pipeline (each pointer argument at the start of its allocation): the kernel adds none; 1 otherwise
     */
    public record LaunchConstants(String slices, String padding, String offsets) {
    }

    public KernelLayout(String kernel, String entryPoint, List<Buffer> buffers, Uniform uniform, List<String> workgroupSize,
                        String dynamicSharedWords, int coarsening, String coarseWorkgroup) {
        this(kernel, entryPoint, buffers, uniform, workgroupSize, dynamicSharedWords, coarsening, coarseWorkgroup, null);
    }

    public KernelLayout(String kernel, String entryPoint, List<Buffer> buffers, Uniform uniform, List<String> workgroupSize,
                        String dynamicSharedWords) {
        this(kernel, entryPoint, buffers, uniform, workgroupSize, dynamicSharedWords, 1, null);
    }

    /**
     * A storage binding over one allocation: for a pointer argument ({@code param} ≥ 0), the
     * allocation the pointer at byte {@code argOffset} of argument {@code param} points into (the
     * argument itself when it is a pointer, a field when it is a struct); for a device variable
     * ({@code param} -1), the buffer of the variable named {@code symbol}. A read-only binding must
     * be bound with the layout type {@code read-only-storage}, a writable one with
     * {@code storage}; WebGPU forbids binding one buffer range to a writable binding and to any
     * other binding of the same dispatch.
     *
     * @param name the buffer variable's name, for messages
     * @param unitSize bytes per unit of the hidden offset: the argument's byte offset into its
     *     allocation divided by this is the offset the kernel receives (1 for word bindings)
     */
    public record Buffer(int binding, int param, int argOffset, String symbol, String name, int unitSize,
                         boolean readOnly) {
        /** Bytes per element: a parameter's byte offset divided by this is its hidden offset. */
        public int elementSize() {
            return unitSize;
        }

        /**
         * Whether it is the heap of a kernel in heap mode (neither an argument nor a variable):
         * bound to one buffer that mirrors the device address range of every live allocation,
         * from the {@link UniformField#heapBase} address up.
         */
        public boolean heap() {
            return param < 0 && symbol == null;
        }
    }

    /**
     * The uniform buffer at {@code binding}: {@code size} bytes (a multiple of 16), holding at
     * byte 0 the grid (GridFolding: gridDim.x, y, z, then how many x-slices make one CUDA row),
     * then every scalar of the arguments and every pointer argument's hidden offset.
     */
    public record Uniform(int binding, int size, List<UniformField> fields) {
        public Uniform {
            fields = List.copyOf(fields);
        }
    }

    /**
     * One field of the uniform buffer. For a scalar ({@code buffer} -1) it holds the value at byte
     * {@code argOffset} of argument {@code param}: 32-bit integers and floats as their bits, 8- and
     * 16-bit integers sign- or zero-extended to 32 bits, bool as 0 or 1, 64-bit integers and
     * doubles as 8 bytes. For a hidden offset ({@code buffer} ≥ 0, the index of a {@link Buffer}
     * in {@link #buffers}) it holds the u32 offset of that buffer's argument into its allocation,
     * in units of the buffer's {@link Buffer#unitSize}.
     *
     * <p>A kernel with a heap binding also has: for a pointer argument ({@code type} a pointer,
     * {@code param} ≥ 0), its device address as a u32 byte offset into the heap, or 0x80000000
     * for null; for a device variable ({@code param} -1, {@code symbol} its name, {@code type} a
     * pointer), its address as a heap offset; and the heap's base ({@code param} -1, no symbol,
     * {@code type} u64), the 64-bit device address of heap byte 0.
     *
     * @param type the IR type of the value (u32 for a hidden offset)
     * @param offset the byte offset in the uniform buffer
     */
    public record UniformField(String name, int param, int argOffset, Type type, int offset, int buffer, String symbol) {
        public UniformField(String name, int param, int argOffset, Type type, int offset, int buffer) {
            this(name, param, argOffset, type, offset, buffer, null);
        }

        public boolean hiddenOffset() {
            return buffer >= 0;
        }

        /** Whether it holds a device address as an offset into the heap. */
        public boolean heapOffset() {
            return type instanceof Type.Ptr;
        }

        /** Whether it holds the device address of heap byte 0. */
        public boolean heapBase() {
            return param < 0 && symbol == null && buffer < 0;
        }

        /** Bytes the field takes: 8 for 64-bit values, else 4 (a heap offset is a u32). */
        public int size() {
            return type.size() == 8 && !(type instanceof Type.Ptr) ? 8 : 4;
        }
    }

    /** The first buffer that serves pointer argument {@code param} itself, or null. */
    public Buffer bufferOf(int param) {
        for (Buffer b : buffers) {
            if (b.param() == param && b.argOffset() == 0) {
                return b;
            }
        }
        return null;
    }
}
