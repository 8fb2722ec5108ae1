package webcu.spirv;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import webcu.diag.Span;
import webcu.passes.DebugBuffer;
import webcu.passes.KernelLayout;

/**
 * The SPIR-V for the kernels of one program: a single GLCompute module with one entry point per
 * kernel, what the runtime needs to launch each, and the kernels left out (their diagnostics went
 * to the compilation's {@code Diagnostics}).
 *
 * <p>Each kernel's {@link KernelLayout} has the WGSL target's numbers, so that one runtime layout
 * serves both: descriptor set 0 holds a storage buffer per
 * {@code KernelInterface} binding at bindings 0 … n-1 and the uniform block at binding n (the grid
 * as four u32 at byte 0, then the arguments' scalars and the hidden offsets at the same byte
 * offsets as WGSL's); set 1 binding 0 is the debug buffer (printf records, assertions, faults).
 * Specialization constants: {@link #SPEC_BLOCK_DIM} + 0, 1, 2 are blockDim.x, y, z (they make
 * the WorkgroupSize built-in), {@link #SPEC_DYNAMIC_SHARED_WORDS} the dynamic shared memory in
 * u32 words; the layout names them by their SpecIds in decimal. {@link #SPEC_CHECKS},
 * {@link #SPEC_ALIASED} and {@link #SPEC_GRID_SLICES} are set by the device per launch. The debug buffer may be bound for
 * every kernel (a pipeline layout may hold a set its shader does not use).
 *
 * @param words the module's binary, header first
 * @param kernels the launch layout of each translated kernel, in program order
 * @param rejected the kernels left out, by CUDA name, with the place of their first problem
 * @param debug the printf formats and assertion sites of the debug buffer's records
 * @param checkSites the bounds-checked accesses, which a fault record names by index (as WGSL's): an
 *     out-of-bounds or misaligned one records its index and kind in the debug buffer's fault words
 *     when the invocation returns
 */
public record SpirvProgram(int[] words, List<KernelLayout> kernels, Map<String, Span> rejected, DebugBuffer debug,
                           List<DebugBuffer.CheckSite> checkSites) implements DebugBuffer.Tables {
    /** The SpecId of blockDim.x (y and z follow). */
    public static final int SPEC_BLOCK_DIM = 0;
    /** The SpecId of the dynamic shared memory's size in u32 words. */
    public static final int SPEC_DYNAMIC_SHARED_WORDS = 3;
    /** The SpecId of the bool that turns the bounds checks off (passes.AccessRanges; true by default). */
    public static final int SPEC_CHECKS = 4;
    /**
     * The SpecId of the bool that says a written binding of the launch may share memory with
     * another of its bindings (true by default): where a kernel's threads could otherwise not talk
     * through buffers, its __syncthreads orders buffer memory only when this holds.
     */
    public static final int SPEC_ALIASED = 5;
    /**
     * The SpecId of the slices per row of a folded grid (passes.GridFolding; runtime.GridFold's
     * {@code slices}, also the uniform's grid word 3), 1 by default: a grid the device dispatches as
     * it is. A constant, not the uniform's word: the specialization folds GridFolding's
     * {@code workgroup_id.y % slices} and {@code / slices} away (a division by the uniform's word
     * cost SAXPY 4% on an H200), and a folded launch gets its own pipeline.
     */
    public static final int SPEC_GRID_SLICES = 6;
    /** The keys of blockDim's SpecIds in {@link KernelLayout#workgroupSize}. */
    static final List<String> WORKGROUP_SIZE = List.of("0", "1", "2");

    public SpirvProgram {
        kernels = List.copyOf(kernels);
        rejected = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(rejected));
        checkSites = List.copyOf(checkSites);
    }

    /** A program without kernels. */
    public static SpirvProgram empty() {
        return new SpirvProgram(new int[0], List.of(), new java.util.HashMap<>(), new DebugBuffer(), List.of());
    }

    /**
     * Whether the module's heap-mode kernels follow physical pointers (it declares
     * PhysicalStorageBufferAddresses): their heap binding is then the launch's allocation table
     * (SpirvPhysical's format), not a heap; the runtime copies nothing around their launches.
     */
    public boolean physicalPointers() {
        int capability = SpirvModule.enumValue("Capability", "PhysicalStorageBufferAddresses");
        // the capabilities come first, after the five header words: OpCapability is opcode 17, two words
        for (int i = 5; i + 1 < words.length && words[i] == (2 << 16 | 17); i += 2) {
            if (words[i + 1] == capability) {
                return true;
            }
        }
        return false;
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
    public KernelLayout kernel(String cudaName) {
        for (KernelLayout k : kernels) {
            if (k.kernel().equals(cudaName)) {
                return k;
            }
        }
        return null;
    }
}
