package webcu.spirv;

import java.util.List;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;

/**
 * Heap mode with physical pointers (PhysicalStorageBuffer64, on a device with bufferDeviceAddress
 * and Int64): a heap-mode kernel keeps its u32 heap offsets (the HeapMemory pass is unchanged, so
 * pointers stored in memory are still the runtime's device addresses), but its heap binding holds
 * the launch's allocation table instead of a copy of every allocation, and each access finds its
 * allocation there and goes through a physical pointer to that allocation's VkBuffer.
 *
 * <p>The table, u32 words, written by the runtime before the launch ({@code vulkan.AllocationTable}):
 * word 0 the number of entries n, words 2-3 the sink's device address (low, high): a small buffer
 * that a bad access reaches instead; from word 4, max(n, {@link #UNROLLED}) entries of four words
 * sorted by start: start and end (the allocation's bytes as heap offsets, relative to
 * {@code heap.base}), the VkBuffer's device address (low, high); entries after the n start at
 * 0xFFFFFFFF and end at 0.
 *
 * <p>Why a table, not a translation by one add: the runtime chooses the addresses programs see
 * (256-aligned, from 0x7f0000000000 up), the driver chooses each VkBuffer's, and the two orders
 * differ. The lookup is a binary search ({@link #candidate}); whatever it finds is checked again
 * (start ≤ offset, offset + size ≤ end, alignment), so a wrong or unfinished search can only report
 * a fault, never reach memory outside a live allocation. The check is per allocation, tighter than
 * the heap's (whose bounds are the heap's ends).
 */
final class SpirvPhysical {
    /** Word of the table holding the number of entries. */
    static final int COUNT = 0;
    /** Words of the table holding the sink's device address. */
    static final int SINK = 2;
    /** Word of the table where the entries start. */
    static final int ENTRIES = 4;
    /** Words per entry: start, end, device address low, high. */
    static final int ENTRY_WORDS = 4;
    /** Entries the table always has (padded), searched without a loop. */
    static final int UNROLLED = 16;

    private SpirvPhysical() {
    }

    /**
     * The word place of a {@code size}-byte access of type {@code t} at heap offset {@code byteIndex}
     * (a u32 id): its base is the u64 device address of the access's first word, or the sink's when
     * the access is outside every live allocation or misaligned (noted as fault {@code kind}, or
     * misaligned, at {@code site}).
     */
    static SpirvValues.WordPlace place(SpirvValues v, KernelWriter kw, int byteIndex, Type t, int size, boolean atomic, int site,
                                       int kind) {
        kw.w.usePhysical();
        SpirvModule m = kw.m;
        SpirvModule.Function f = kw.f;
        SpirvTypes types = kw.types;
        int u32 = types.u32();
        int bool = types.bool();
        int u64 = types.plain(Type.U64);
        int misaligned = f.value("OpINotEqual", bool, f.value("OpBitwiseAnd", u32, byteIndex, m.constantU32(Math.min(size, 4) - 1)),
                m.constantU32(0));
        // the allocation the invocation's last access reached, else a search (which the check below trusts no more)
        int v4 = types.v4u32();
        int last = f.value("OpLoad", v4, kw.lastEntry);
        int hit = f.value("OpLogicalAnd", bool, f.value("OpULessThanEqual", bool, f.value("OpCompositeExtract", u32, last, 0), byteIndex),
                f.value("OpULessThan", bool, byteIndex, f.value("OpCompositeExtract", u32, last, 1)));
        int search = m.id();
        int found = m.id();
        f.op("OpSelectionMerge", found, SpirvModule.enumValue("SelectionControl", "None"));
        f.op("OpBranchConditional", hit, found, search);
        kw.open = false;
        kw.label(search);
        int i = candidate(kw, byteIndex);
        f.op("OpStore", kw.lastEntry, vector(kw, f.value("OpIAdd", u32, i, m.constantU32(1))));
        kw.branch(found);
        kw.label(found);
        int entry = f.value("OpLoad", v4, kw.lastEntry);
        int start = f.value("OpCompositeExtract", u32, entry, 0);
        int end = f.value("OpCompositeExtract", u32, entry, 1);
        // start <= offset and offset + size <= end, without overflowing u32 (a null offset is 0x80000000)
        int inside = f.value("OpLogicalAnd", bool, f.value("OpULessThanEqual", bool, start, byteIndex),
                f.value("OpULessThan", bool, byteIndex, end));
        inside = f.value("OpLogicalAnd", bool, inside, f.value("OpULessThanEqual", bool, m.constantU32(size),
                f.value("OpISub", u32, end, byteIndex)));
        int bad = f.value("OpLogicalOr", bool, misaligned, f.value("OpLogicalNot", bool, inside));
        v.note(bad, f.value("OpSelect", u32, misaligned, m.constantU32(site << 3 | DebugBuffer.MISALIGNED), m.constantU32(site << 3 | kind)));
        // the word holding the first byte: allocations start at 256-byte boundaries, VkBuffers at their alignment (≥ 4)
        int within = f.value("OpBitwiseAnd", u32, f.value("OpISub", u32, byteIndex, start), m.constantU32(~3));
        int address = f.value("OpIAdd", u64, address(kw, f.value("OpCompositeExtract", u32, entry, 2),
                f.value("OpCompositeExtract", u32, entry, 3)), f.value("OpUConvert", u64, within));
        int sink = sink(kw);
        return new SpirvValues.WordPlace(f.value("OpSelect", u64, bad, sink, address), List.of(), byteIndex, t, "PhysicalStorageBuffer",
                atomic, -1);
    }

    /**
     * The index of the last entry whose start is at or below {@code byteIndex} (a u32 id), or 0 when
     * there is none (whose check then fails). Up to {@link #UNROLLED} entries (the table padded with
     * entries that start at 0xFFFFFFFF), a binary search of four steps without a loop; more, a loop.
     * Measured on lavapipe (a 16K-node pointer chase): the loop made each launch 70 ms against heap
     * mode's 2-5 ms; without it, as heap mode.
     */
    private static int candidate(KernelWriter kw, int byteIndex) {
        SpirvModule m = kw.m;
        SpirvModule.Function f = kw.f;
        int u32 = kw.types.u32();
        int bool = kw.types.bool();
        int count = f.value("OpCompositeExtract", u32, kw.tableHeader, COUNT);
        int few = m.id();
        int many = m.id();
        int chosen = m.id();
        int unrolled = f.value("OpULessThanEqual", bool, count, m.constantU32(UNROLLED));
        f.op("OpSelectionMerge", chosen, SpirvModule.enumValue("SelectionControl", "None"));
        f.op("OpBranchConditional", unrolled, few, many);
        kw.open = false;
        kw.label(few);
        int i = m.constantU32(0);
        for (int half = UNROLLED / 2; half > 0; half /= 2) {
            int next = f.value("OpIAdd", u32, i, m.constantU32(half));
            i = f.value("OpSelect", u32, f.value("OpULessThanEqual", bool, entry(kw, next, 0), byteIndex), next, i);
        }
        f.op("OpStore", kw.searchLo, i);
        kw.branch(chosen);
        kw.label(many);
        // lo: the number of entries whose start is at or below the offset
        f.op("OpStore", kw.searchLo, m.constantU32(0));
        f.op("OpStore", kw.searchHi, count);
        int header = m.id();
        int body = m.id();
        int continueTarget = m.id();
        int merge = m.id();
        kw.branch(header);
        kw.label(header);
        int lo = f.value("OpLoad", u32, kw.searchLo);
        int hi = f.value("OpLoad", u32, kw.searchHi);
        int more = f.value("OpULessThan", bool, lo, hi);
        f.op("OpLoopMerge", merge, continueTarget, SpirvModule.enumValue("LoopControl", "None"));
        f.op("OpBranchConditional", more, body, merge);
        kw.open = false;
        kw.label(body);
        int mid = f.value("OpShiftRightLogical", u32, f.value("OpIAdd", u32, lo, hi), m.constantU32(1));
        int below = f.value("OpULessThanEqual", bool, entry(kw, mid, 0), byteIndex);
        f.op("OpStore", kw.searchLo, f.value("OpSelect", u32, below, f.value("OpIAdd", u32, mid, m.constantU32(1)), lo));
        f.op("OpStore", kw.searchHi, f.value("OpSelect", u32, below, hi, mid));
        kw.branch(continueTarget);
        kw.label(continueTarget);
        kw.branch(header);
        kw.label(merge);
        int found = f.value("OpLoad", u32, kw.searchLo);
        int any = f.value("OpINotEqual", bool, found, m.constantU32(0));
        f.op("OpStore", kw.searchLo, f.value("OpSelect", u32, any, f.value("OpISub", u32, found, m.constantU32(1)),
                m.constantU32(0)));
        kw.branch(chosen);
        kw.label(chosen);
        return f.value("OpLoad", u32, kw.searchLo);
    }

    /** A pointer of type {@code pointee} (a laid-out type id) at device address {@code address} (a u64 id). */
    static int pointer(KernelWriter kw, int pointee, int address) {
        return kw.f.value("OpConvertUToPtr", kw.m.typePointer("PhysicalStorageBuffer", pointee), address);
    }

    /** The u64 {@code address} plus {@code bytes}. */
    static int plus(KernelWriter kw, int address, int bytes) {
        int u64 = kw.types.plain(Type.U64);
        return bytes == 0 ? address : kw.f.value("OpIAdd", u64, address, kw.m.constant(u64, bytes, 0));
    }

    /** The sink's device address (a u64 id). */
    static int sink(KernelWriter kw) {
        int u32 = kw.types.u32();
        return address(kw, kw.f.value("OpCompositeExtract", u32, kw.tableHeader, SINK),
                kw.f.value("OpCompositeExtract", u32, kw.tableHeader, SINK + 1));
    }

    /** The table's header, loaded once in the kernel's entry block (it dominates every access). */
    static int header(KernelWriter kw) {
        return vector(kw, kw.m.constantU32(0));
    }

    /** The table's uvec4 at {@code index} (a u32 id): 0 the header, 1 + i entry i. */
    private static int vector(KernelWriter kw, int index) {
        int v4 = kw.types.v4u32();
        int ptr = kw.f.value("OpAccessChain", kw.m.typePointer("StorageBuffer", v4), kw.tableVectors(), kw.m.constantU32(0), index);
        return kw.f.value("OpLoad", v4, ptr);
    }

    private static int address(KernelWriter kw, int lo, int hi) {
        int pair = kw.f.value("OpCompositeConstruct", kw.m.typeVector(kw.types.u32(), 2), lo, hi);
        return kw.f.value("OpBitcast", kw.types.plain(Type.U64), pair);
    }

    private static int entry(KernelWriter kw, int index, int field) {
        SpirvModule m = kw.m;
        int u32 = kw.types.u32();
        int w = kw.f.value("OpIAdd", u32, kw.f.value("OpIMul", u32, index, m.constantU32(ENTRY_WORDS)), m.constantU32(ENTRIES + field));
        return word(kw, w);
    }

    private static int word(KernelWriter kw, int index) {
        int u32 = kw.types.u32();
        int ptr = kw.f.value("OpAccessChain", kw.m.typePointer("StorageBuffer", u32), kw.allocationTable, kw.m.constantU32(0), index);
        return kw.f.value("OpLoad", u32, ptr);
    }
}
