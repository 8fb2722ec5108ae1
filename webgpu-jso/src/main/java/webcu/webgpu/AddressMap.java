package webcu.webgpu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link WebGpuDevice}'s launch plans look up: buffer sizes, the buffer behind an address,
 * device variables' buffers. The runtime places every buffer and device variable in one device
 * address space; WebGPU sees only buffers, so kernels that follow pointers need the map back.
 */
final class AddressMap implements LaunchPlan.Memory {
    /** Each buffer's base address, and each device variable's address, by name. */
    final Map<Integer, Long> bases = new HashMap<>();
    final Map<String, Long> symbols = new HashMap<>();
    private final Map<Integer, Long> sizes;

    AddressMap(Map<Integer, Long> sizes) {
        this.sizes = sizes;
    }

    @Override
    public long size(int id) {
        return sizes.getOrDefault(id, 0L);
    }

    @Override
    public long[] locate(long address) {
        for (Map.Entry<Integer, Long> e : bases.entrySet()) {
            long off = address - e.getValue();
            if (off >= 0 && off < sizes.getOrDefault(e.getKey(), 0L)) {
                return new long[] {e.getKey(), off};
            }
        }
        return null;
    }

    @Override
    public int symbol(String symbol) {
        Long address = symbols.get(symbol);
        long[] at = address == null ? null : locate(address);
        return at == null ? -1 : (int) at[0];
    }

    @Override
    public long symbolAddress(String symbol) {
        return symbols.getOrDefault(symbol, 0L);
    }

    @Override
    public List<webcu.runtime.DeviceHeap.Allocation> allocations() {
        List<webcu.runtime.DeviceHeap.Allocation> all = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : bases.entrySet()) {
            all.add(new webcu.runtime.DeviceHeap.Allocation(e.getKey(), e.getValue(), sizes.getOrDefault(e.getKey(), 0L)));
        }
        return all;
    }
}
