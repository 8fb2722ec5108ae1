package webcu.runtime;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;

/**
 * The device's virtual address space as the runtime hands it out: each allocation gets a 256-byte
 * aligned base address (cudaMalloc's alignment) from 0x7f0000000000 up, with a gap after it so that
 * an overrun never lands silently in the next allocation, and maps back to a device buffer id and
 * offset. Addresses are not reused, so a stale pointer is recognized as freed.
 */
public final class DeviceMemoryMap {
    public static final long BASE = 0x7f0000000000L;
    static final long ALIGN = 256;

    /** One allocation: its address range, the device buffer behind it, and what made it. */
    public static final class Allocation {
        private final long base;
        private final long size;
        private final int buffer;
        private final String label;
        private final Span site;
        private boolean freed;

        Allocation(long base, long size, int buffer, String label, Span site) {
            this.base = base;
            this.size = size;
            this.buffer = buffer;
            this.label = label;
            this.site = site;
        }

        public long base() { return base; }
        public long size() { return size; }
        public int buffer() { return buffer; }
        public String label() { return label; }
        public Span site() { return site; }
        public boolean isFreed() { return freed; }

        /** True when {@code [address, address + n)} lies inside this allocation. */
        public boolean holds(long address, long n) {
            long off = address - base;
            return n >= 0 && off >= 0 && off <= size - n;
        }

        /** "cudaMalloc at main.cu:12:5" */
        public String origin() {
            return site == null || !site.isKnown() ? label : label + " at " + site;
        }
    }

    private final ArrayList<Allocation> live = new ArrayList<>();
    private final ArrayList<Allocation> freed = new ArrayList<>();
    private long next = BASE;
    /** Bumped at every allocation made or freed: what was looked up before may be stale. */
    private int version;

    public int version() {
        return version;
    }

    /** Places a new allocation of {@code size} bytes backed by {@code buffer}. */
    public Allocation add(int buffer, long size, String label, Span site) {
        long base = (next + ALIGN - 1) & -ALIGN;
        next = base + size + ALIGN;
        Allocation a = new Allocation(base, size, buffer, label, site);
        live.add(a);
        version++;
        return a;
    }

    /** The live allocation containing {@code address}, or null. */
    public Allocation find(long address) {
        int lo = 0;
        int hi = live.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Allocation a = live.get(mid);
            if (address < a.base) {
                hi = mid - 1;
            } else if (address - a.base >= a.size) {
                lo = mid + 1;
            } else {
                return a;
            }
        }
        return null;
    }

    /** The live allocation that starts exactly at {@code address} (what cudaFree accepts), or null. */
    public Allocation exact(long address) {
        Allocation a = find(address);
        return a != null && a.base == address ? a : null;
    }

    /** A freed allocation that contained {@code address}, or null. */
    public Allocation findFreed(long address) {
        for (int i = freed.size() - 1; i >= 0; i--) {
            Allocation a = freed.get(i);
            if (address - a.base >= 0 && address - a.base < Math.max(1, a.size)) {
                return a;
            }
        }
        return null;
    }

    public void remove(Allocation a) {
        if (live.remove(a)) {
            version++;
            a.freed = true;
            freed.add(a);
            if (freed.size() > 4096) {
                freed.remove(0);
            }
        }
    }

    public List<Allocation> live() {
        return List.copyOf(live);
    }

    public void clear() {
        for (Allocation a : live) {
            a.freed = true;
        }
        live.clear();
        freed.clear();
    }

    /** True for addresses in the range the runtime hands out to the device. */
    public static boolean isDeviceRange(long address) {
        return address >= BASE && address < BASE + (1L << 39);
    }
}
