package webcu.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The heap of a kernel in heap mode (a kernel that follows pointers read from memory: the
 * compiler's HeapMemory pass), as the WebGPU and Vulkan devices assemble it around a launch: one
 * storage buffer of {@code size} bytes (a multiple of 4) standing for the device addresses from
 * {@code base} up, from the lowest live allocation to the end of the highest (allocations never
 * move, so the gaps between them are part of it). Before the dispatch each allocation is copied in
 * at its address minus {@code base}; after it, unless {@code readOnly}, copied back.
 */
public record DeviceHeap(long base, long size, List<Allocation> allocations, boolean readOnly) {
    /** One live allocation: buffer {@code buffer} of {@code size} bytes at device address {@code base}. */
    public record Allocation(int buffer, long base, long size) {
    }

    /** The heap offset of a null pointer (the passes' Provenance.NULL_OFFSET): beyond any heap, so every access faults. */
    public static final long NULL_OFFSET = 0x80000000L;

    public DeviceHeap {
        allocations = List.copyOf(allocations);
    }

    /** Whether the kernel laid out as {@code layout} runs in heap mode: a heap binding, or heap values in its uniform. */
    public static boolean needed(LaunchLayout layout) {
        return heapBinding(layout) != null || heapValues(layout);
    }

    /** Whether the kernel only reads the heap (or has no heap binding, only heap values): nothing to copy back. */
    public static boolean readOnly(LaunchLayout layout) {
        LaunchLayout.Buffer b = heapBinding(layout);
        return b == null || b.readOnly();
    }

    private static LaunchLayout.Buffer heapBinding(LaunchLayout layout) {
        for (LaunchLayout.Buffer b : layout.buffers()) {
            if (b.heap()) {
                return b;
            }
        }
        return null;
    }

    private static boolean heapValues(LaunchLayout layout) {
        if (layout.uniform() != null) {
            for (LaunchLayout.UniformField f : layout.uniform().fields()) {
                if (f.heapBase() || f.heapOffset()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The heap over the live allocations {@code live} for a launch of {@code layout}'s kernel, or a
     * message ({@code "not supported on TARGET yet: …"}) when it is larger than {@code maxBinding},
     * the most bytes the device binds as one storage buffer: its offsets are u32 and
     * {@link #NULL_OFFSET} must lie beyond it.
     */
    public static Object of(LaunchLayout layout, List<Allocation> live, long maxBinding, String target, String device) {
        List<Allocation> all = new ArrayList<>(live);
        all.sort((x, y) -> Long.compare(x.base(), y.base()));
        long lo = all.isEmpty() ? 0 : all.get(0).base();
        long hi = lo;
        for (Allocation a : all) {
            hi = Math.max(hi, a.base() + a.size());
        }
        long size = Math.max(16, (hi - lo + 3) & ~3L);
        long most = Math.min(maxBinding, NULL_OFFSET) & ~3L;
        if (size > most) {
            return "not supported on " + target + " yet: a kernel that follows pointers in device memory ('" + layout.kernel()
                    + "') while " + (hi - lo) + " bytes of addresses are allocated (its heap binding holds at most "
                    + most + " bytes on this " + device + ")";
        }
        return new DeviceHeap(lo, size, all, readOnly(layout));
    }

    /** Where allocation {@code a} lies in the heap. */
    public long offsetOf(Allocation a) {
        return a.base() - base;
    }

    /** A device address as a heap offset: {@link #NULL_OFFSET} for null or an address outside the heap. */
    public long offset(long address) {
        long off = address - base;
        return address == 0 || allocations.isEmpty() || off < 0 || off > size ? NULL_OFFSET : off;
    }
}
