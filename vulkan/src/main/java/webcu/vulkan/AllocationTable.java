package webcu.vulkan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import webcu.runtime.DeviceHeap;

/**
 * The allocation table a heap-mode kernel reads on a device with physical pointers (the SPIR-V
 * writer's {@code SpirvPhysical} states its format): bound where heap mode binds the heap, so a
 * launch copies nothing but these few words. Each live allocation's bytes as heap offsets (its
 * runtime address minus the heap's base, and its end) and its VkBuffer's device address, sorted
 * by start; and the sink, a small buffer of this device's that a bad access reads or writes instead
 * of memory it must not touch.
 */
final class AllocationTable {
    /** Bytes of the sink: room for the widest access (8 bytes) at its start. */
    static final int SINK_BYTES = 16;
    /** The table's header words (count, unused, the sink's address). */
    private static final int HEADER_BYTES = 16;
    private static final int ENTRY_BYTES = 16;
    /** Entries the kernel searches without a loop (SpirvPhysical.UNROLLED): a shorter table is padded to it. */
    static final int UNROLLED = 16;

    private AllocationTable() {
    }

    /**
     * The table of {@code heap}'s allocations ({@code buffers} by id) with the sink at device address
     * {@code sink}, as little-endian bytes; at least {@link #UNROLLED} entries, the ones after the
     * allocations starting at 0xFFFFFFFF (above every offset) and empty.
     */
    static byte[] of(DeviceHeap heap, Map<Integer, VulkanCompute.Buffer> buffers, long sink) {
        int n = heap.allocations().size();
        int entries = Math.max(UNROLLED, n);
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES + ENTRY_BYTES * entries).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, n);
        b.putLong(8, sink);
        int at = HEADER_BYTES;
        for (DeviceHeap.Allocation a : heap.allocations()) { // sorted by base (DeviceHeap.of)
            long start = heap.offsetOf(a);
            b.putInt(at, (int) start);
            b.putInt(at + 4, (int) (start + a.size()));
            b.putLong(at + 8, buffers.get(a.buffer()).address);
            at += ENTRY_BYTES;
        }
        for (int k = n; k < entries; k++, at += ENTRY_BYTES) {
            b.putInt(at, -1);
        }
        return b.array();
    }
}
