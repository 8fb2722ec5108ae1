package webcu.spirv;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import webcu.diag.Span;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;

/**
 * The SPIR-V for the kernels of one program: a single GLCompute module with one entry point per
 * kernel, what the runtime needs to launch each, and the kernels left out (their diagnostics went
 * to the compilation's {@code Diagnostics}).
 *
 * <p>The binding layout is the WGSL target's ({@code wgsl.KernelLayout}), number for number, so
 * that one runtime layout serves both: descriptor set 0 holds a storage buffer per
 * {@code KernelInterface} binding at bindings 0 … n-1 and the uniform block at binding n (the grid
 * as four u32 at byte 0, then the arguments' scalars and the hidden offsets at the same byte
 * offsets as WGSL's); set 1 binding 0 is the debug buffer (printf records, assertions, faults).
 * Specialization constants: {@link #SPEC_BLOCK_DIM} + 0, 1, 2 are blockDim.x, y, z (they make
 * the WorkgroupSize built-in), {@link #SPEC_DYNAMIC_SHARED_WORDS} the dynamic shared memory in
 * u32 words.
 *
 * @param words the module's binary, header first
 * @param kernels the launch layout of each translated kernel, in program order
 * @param rejected the kernels left out, by CUDA name, with the place of their first problem
 * @param debug the printf formats and assertion sites of the debug buffer's records
 * @param checkSites the bounds-checked accesses, which a fault record names by index (as WGSL's)
 */
public record SpirvProgram(int[] words, List<Kernel> kernels, Map<String, Span> rejected, DebugBuffer debug,
                           List<CheckSite> checkSites) {
    /** The SpecId of blockDim.x (y and z follow). */
    public static final int SPEC_BLOCK_DIM = 0;
    /** The SpecId of the dynamic shared memory's size in u32 words. */
    public static final int SPEC_DYNAMIC_SHARED_WORDS = 3;

    public SpirvProgram {
        kernels = List.copyOf(kernels);
        rejected = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(rejected));
        checkSites = List.copyOf(checkSites);
    }

    /**
     * A memory access the kernel checks: an out-of-bounds or misaligned one records its index here
     * and its kind ({@link DebugBuffer#OOB_READ}, {@link DebugBuffer#OOB_WRITE},
     * {@link DebugBuffer#MISALIGNED}) in the debug buffer's fault words when the invocation returns.
     */
    public record CheckSite(Span span, int kind) {
    }

    /**
     * One kernel's entry point and bindings.
     *
     * @param kernel the CUDA name, as {@code Function.name()} in the IR
     * @param entryPoint the OpEntryPoint's name
     * @param buffers the storage buffers of set 0, in binding order
     * @param uniformBinding the uniform block's binding in set 0 (the number of buffers)
     * @param uniformSize the uniform block's size in bytes, a multiple of 16
     * @param fields the uniform block's fields after the grid
     * @param dynamicShared whether the kernel uses {@code extern __shared__} memory (sized by
     *     {@link #SPEC_DYNAMIC_SHARED_WORDS})
     * @param debug whether the kernel uses the debug buffer (set 1, binding 0)
     */
    public record Kernel(String kernel, String entryPoint, List<Buffer> buffers, int uniformBinding, int uniformSize,
                         List<UniformField> fields, boolean dynamicShared, boolean debug) {
        public Kernel {
            buffers = List.copyOf(buffers);
            fields = List.copyOf(fields);
        }
    }

    /**
     * A storage buffer: for a pointer argument ({@code param} ≥ 0) the allocation the pointer at
     * byte {@code argOffset} of argument {@code param} points into; for a device variable
     * ({@code param} -1) the buffer of {@code symbol}.
     *
     * @param unitSize bytes per unit of the buffer's hidden offset
     */
    public record Buffer(int binding, int param, int argOffset, String symbol, String name, int unitSize, boolean readOnly) {
    }

    /**
     * A uniform field: a scalar argument's value ({@code buffer} -1; 8- and 16-bit integers and bool
     * widened to 32 bits) or the hidden offset of buffer {@code buffer}, at byte {@code offset}.
     */
    public record UniformField(String name, int param, int argOffset, Type type, int offset, int buffer) {
    }

    /** A program without kernels. */
    public static SpirvProgram empty() {
        return new SpirvProgram(new int[0], List.of(), new java.util.HashMap<>(), new DebugBuffer(), List.of());
    }

    /** The binary as bytes, little-endian: the content of a {@code .spv} file. */
    public byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int w : words) {
            b.putInt(w);
        }
        return b.array();
    }

    /** The module's text in {@code spirv-dis --raw-id}'s format; empty for a program without kernels. */
    public String disassembly() {
        return words.length == 0 ? "" : SpirvDisassembler.disassemble(words);
    }

    /** The layout of the kernel with this CUDA name, or null. */
    public Kernel kernel(String cudaName) {
        for (Kernel k : kernels) {
            if (k.kernel().equals(cudaName)) {
                return k;
            }
        }
        return null;
    }
}
