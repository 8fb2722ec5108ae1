package webcu.vm;

import java.nio.charset.StandardCharsets;
import webcu.diag.Span;

/**
 * A flat 64-bit address space made of {@link Segment}s, one per allocation, found by binary search
 * (with a last-hit cache; the interpreter adds a per-instruction cache in front). Addresses are
 * never reused for heap data, so a dangling pointer hits its freed segment and is reported as a
 * use after free. Stack frames live in per-thread stack slots, searched separately, because they
 * come and go in LIFO order and would otherwise churn the sorted array.
 *
 * <p>Address plan, chosen so that pointers printed with %p look like a native program's and host
 * and device pointers never overlap: host heap, globals and literals from 0x10000; the host stack
 * at 0x7ffc00000000; device buffers (placed by the runtime) from 0x7f0000000000; device globals,
 * literals and kernel parameters from 0x7f8000000000; a block's shared memory at 0x7e0000000000;
 * device threads' local memory at 0x7d0000000000, 1 MiB per thread of a block.
 */
public final class Memory {
    public static final long HOST_HEAP_BASE = 0x10000L;
    public static final long HOST_STACK_BASE = 0x7ffc00000000L;
    public static final long DEVICE_BUFFER_BASE = 0x7f0000000000L;
    public static final long DEVICE_STATIC_BASE = 0x7f8000000000L;
    public static final long DEVICE_SHARED_BASE = 0x7e0000000000L;
    public static final long DEVICE_LOCAL_BASE = 0x7d0000000000L;
    /** Segments get a 256-byte aligned base (cudaMalloc's alignment) and at least this gap after them. */
    static final long ALIGN = 256;
    /** The largest single allocation (a Java array). */
    static final long MAX_SEGMENT = Integer.MAX_VALUE - 64;
    private static final int MAX_FREED = 4096;

    /** Explains addresses that this memory does not hold (device pointers seen from the host). */
    public interface ForeignAddresses {
        /** A description such as "device memory (cudaMalloc at main.cu:9:5)", or null if unknown. */
        String describe(long address);
    }

    private final boolean device;
    private Segment[] segs = new Segment[64];
    private int count;
    private int freedCount;
    private long next;
    private long allocatedBytes;
    private long capacity = 1L << 33;
    private Segment last;
    private ForeignAddresses foreign;

    private final long stackBase;
    private final int stackShift;
    private final long stackEnd;
    private final Stack[] stacks;

    /** The frames of one thread's stack slot, bottom to top; frames[depth] is the last popped. */
    private static final class Stack {
        Segment[] frames = new Segment[8];
        int depth;
        long sp;
    }

    private Memory(boolean device, long heapBase, long stackBase, int stackShift, int slots) {
        this.device = device;
        this.next = heapBase;
        this.stackBase = stackBase;
        this.stackShift = stackShift;
        this.stacks = new Stack[slots];
        this.stackEnd = stackBase + ((long) slots << stackShift);
    }

    /** The host program's memory: heap, globals and literals, one 1 GiB stack. */
    public static Memory host() {
        return new Memory(false, HOST_HEAP_BASE, HOST_STACK_BASE, 30, 1);
    }

    /** A device's memory: buffers, globals, shared memory and 1024 thread-local stacks of 1 MiB. */
    public static Memory device() {
        return new Memory(true, DEVICE_STATIC_BASE, DEVICE_LOCAL_BASE, 20, 1024);
    }

    public boolean isDevice() {
        return device;
    }

    public void setForeign(ForeignAddresses foreign) {
        this.foreign = foreign;
    }

    /** Limits the total bytes of live allocations (heap, globals, buffers); allocations beyond fail. */
    public void setCapacity(long bytes) {
        this.capacity = bytes;
    }

    public long allocatedBytes() {
        return allocatedBytes;
    }

    // ---- allocation

    /** Allocates a zero-filled segment at the next free address; null when out of memory. */
    public Segment allocate(long size, int kind, String label, Span site, boolean readOnly) {
        if (size < 0 || size > MAX_SEGMENT || allocatedBytes + size > capacity) {
            return null;
        }
        long base = (next + ALIGN - 1) & -ALIGN;
        next = base + size + ALIGN;
        Segment s = new Segment(base, size, new byte[(int) size], kind, label, site, readOnly);
        allocatedBytes += size;
        insert(s);
        return s;
    }

    /** Places a segment over existing bytes at a given address (device buffers placed by the runtime). */
    public Segment map(long base, long size, byte[] data, int kind, String label, Span site, boolean readOnly) {
        Segment s = new Segment(base, size, data, kind, label, site, readOnly);
        allocatedBytes += size;
        insert(s);
        if (base >= next && base < stackBase) {
            next = base + size + ALIGN;
        }
        return s;
    }

    /** Frees a segment; it stays findable (for use-after-free reports) until many more are freed. */
    public void free(Segment s) {
        if (s.freed) {
            return;
        }
        allocatedBytes -= s.size;
        s.markFreed();
        if (++freedCount > MAX_FREED) {
            purgeFreed();
        }
    }

    /** Removes a segment entirely, as if it had never existed. */
    public void unmap(Segment s) {
        int i = indexOf(s.base);
        if (i >= 0 && segs[i] == s) {
            if (!s.freed) {
                allocatedBytes -= s.size;
            } else {
                freedCount--;
            }
            System.arraycopy(segs, i + 1, segs, i, count - i - 1);
            segs[--count] = null;
            if (last == s) {
                last = null;
            }
        }
    }

    private void insert(Segment s) {
        if (count == segs.length) {
            Segment[] bigger = new Segment[count * 2];
            System.arraycopy(segs, 0, bigger, 0, count);
            segs = bigger;
        }
        int i = count;
        while (i > 0 && segs[i - 1].base > s.base) {
            i--;
        }
        if (i < count) {
            // Not appended: find the place by binary search and shift.
            int lo = 0;
            int hi = count;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (segs[mid].base < s.base) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            i = lo;
            System.arraycopy(segs, i, segs, i + 1, count - i);
        }
        segs[i] = s;
        count++;
    }

    private void purgeFreed() {
        int j = 0;
        for (int i = 0; i < count; i++) {
            if (!segs[i].freed) {
                segs[j++] = segs[i];
            }
        }
        for (int i = j; i < count; i++) {
            segs[i] = null;
        }
        count = j;
        freedCount = 0;
        last = null;
    }

    /** Index of the segment with the largest base not above {@code a}, or -1. */
    private int indexOf(long a) {
        int lo = 0;
        int hi = count - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (segs[mid].base <= a) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    // ---- stack frames

    /** Pushes a zero-filled frame of {@code size} bytes on a thread's stack slot; null on overflow. */
    Segment pushFrame(int slot, long size, String label) {
        Stack st = stacks[slot];
        if (st == null) {
            st = new Stack();
            st.sp = stackBase + ((long) slot << stackShift) + 64;
            stacks[slot] = st;
        }
        long base = (st.sp + 15) & -16L;
        long limit = stackBase + ((long) (slot + 1) << stackShift);
        if (base + size + 16 > limit) {
            return null;
        }
        if (st.depth + 1 >= st.frames.length) {
            Segment[] bigger = new Segment[st.frames.length * 2];
            System.arraycopy(st.frames, 0, bigger, 0, st.frames.length);
            st.frames = bigger;
        }
        Segment s = new Segment(base, size, new byte[(int) size], Segment.STACK, label, null, false);
        s.slot = slot;
        st.frames[st.depth++] = s;
        st.frames[st.depth] = null;
        st.sp = base + size + 16;
        return s;
    }

    /** Pops the top frame of a slot; it stays findable as freed until the next push. */
    void popFrame(int slot, Segment frame) {
        Stack st = stacks[slot];
        if (st == null || st.depth == 0 || st.frames[st.depth - 1] != frame) {
            return;
        }
        st.depth--;
        st.sp = frame.base;
        frame.markFreed();
    }

    /** Drops every frame of a slot (a device thread that is reused for the next block). */
    void resetStack(int slot) {
        Stack st = stacks[slot];
        if (st != null) {
            for (int i = 0; i < st.depth; i++) {
                st.frames[i].markFreed();
            }
            st.depth = 0;
            st.frames[0] = null;
            st.sp = stackBase + ((long) slot << stackShift) + 64;
        }
    }

    // ---- lookup

    /** The segment (live or recently freed) that contains {@code a}, or null. */
    public Segment find(long a) {
        Segment s = last;
        if (s != null && !s.freed && a - s.base >= 0 && a - s.base < s.size) {
            return s;
        }
        if (a >= stackBase && a < stackEnd) {
            s = findInStack(a);
        } else {
            int i = indexOf(a);
            s = i >= 0 && a - segs[i].base < segs[i].size ? segs[i] : null;
        }
        if (s != null) {
            last = s;
        }
        return s;
    }

    private Segment findInStack(long a) {
        Stack st = stacks[(int) ((a - stackBase) >>> stackShift)];
        if (st == null) {
            return null;
        }
        for (int i = st.depth; i >= 0; i--) {
            Segment f = st.frames[i];
            if (f != null && a >= f.base && a - f.base < f.size) {
                return f;
            }
        }
        return null;
    }

    /**
     * The live segment that holds {@code [a, a+n)} for reading or writing, or a fault explaining
     * why there is none. Device accesses must also be naturally aligned, as on the GPU.
     */
    public Segment check(long a, long n, boolean write) {
        Segment s = lookup(a, n, write);
        if (s == null) {
            throw fault(a, n, write, find(a));
        }
        return s;
    }

    /** Like {@link #check}, but null where check would fault. */
    Segment lookup(long a, long n, boolean write) {
        Segment s = find(a);
        if (s != null && !s.freed) {
            long off = a - s.base;
            long limit = write ? s.writable : s.readable;
            if (off <= limit - n && (!device || n > 8 || (a & (n - 1)) == 0)) {
                return s;
            }
        }
        return null;
    }

    /** Like {@link #check} for a bulk access (memcpy, struct copies): no alignment requirement. */
    public Segment checkRange(long a, long n, boolean write) {
        Segment s = find(a);
        if (s != null && !s.freed) {
            long off = a - s.base;
            long limit = write ? s.writable : s.readable;
            if (n >= 0 && off <= limit - n) {
                return s;
            }
        }
        throw fault(a, n, write, s);
    }

    // ---- fault descriptions

    String spaceOf(long a) {
        if (!device) {
            return "";
        }
        if (a >= DEVICE_SHARED_BASE && a < DEVICE_SHARED_BASE + (1L << 40)) {
            return "__shared__ ";
        }
        if (a >= stackBase && a < stackEnd) {
            return "__local__ ";
        }
        return "__global__ ";
    }

    VmFault fault(long a, long n, boolean write, Segment s) {
        String headline = "invalid " + spaceOf(a) + (write ? "write" : "read") + " of size " + n
                + (n == 1 ? " byte" : " bytes");
        int code = CUDA_ILLEGAL_ADDRESS;
        String detail;
        if (s != null && s.freed) {
            detail = "address " + Hex.addr(a) + " is inside " + describe(s)
                    + (s.kind == Segment.STACK ? ", whose function has already returned" : ", which was already freed");
        } else if (s != null && device && n <= 8 && (a & (n - 1)) != 0 && a - s.base <= s.readable - n) {
            code = CUDA_MISALIGNED_ADDRESS;
            detail = "address " + Hex.addr(a) + " is misaligned: a " + n + "-byte access needs a multiple of " + n
                    + " (it is at offset " + (a - s.base) + " of " + describe(s) + ")";
        } else if (s != null && write && s.writable < 0 && a - s.base <= s.readable - n) {
            detail = "address " + Hex.addr(a) + " is read-only: it is inside " + describe(s);
        } else if (s != null) {
            detail = "address " + Hex.addr(a) + " is out of bounds: the access at offset " + (a - s.base)
                    + " runs past the end of " + describe(s);
        } else {
            String foreignText = foreign == null ? null : foreign.describe(a);
            if (foreignText != null) {
                detail = "address " + Hex.addr(a) + " is " + foreignText;
            } else if (a >= 0 && a < 4096) {
                detail = "address " + Hex.addr(a) + " is out of bounds: it is a null pointer"
                        + (a == 0 ? "" : " plus " + a);
            } else {
                detail = "address " + Hex.addr(a) + " is out of bounds" + nearest(a);
            }
        }
        return new VmFault(VmFault.ACCESS, code, headline, detail);
    }

    /** "the 4,000-byte allocation at 0x… (cudaMalloc at f.cu:9:5)" */
    static String describe(Segment s) {
        return "the " + Hex.grouped(s.size) + "-byte " + kindName(s) + " at " + Hex.addr(s.base) + " (" + s.origin() + ")";
    }

    private static String kindName(Segment s) {
        return switch (s.kind) {
            case Segment.STACK -> "stack frame";
            case Segment.LITERAL -> "string literal";
            case Segment.SHARED -> "shared memory";
            case Segment.GLOBAL, Segment.DEVICE_GLOBAL, Segment.CONSTANT -> "variable";
            default -> "allocation";
        };
    }

    private String nearest(long a) {
        Segment best = null;
        long bestDist = Long.MAX_VALUE;
        boolean after = false;
        int i = indexOf(a);
        for (int k = Math.max(0, i - 2); k < Math.min(count, i + 3); k++) {
            Segment s = segs[k];
            long end = s.base + s.size;
            if (a >= end) {
                long d = a - end;
                if (d < bestDist) {
                    bestDist = d;
                    best = s;
                    after = true;
                }
            } else if (a < s.base) {
                long d = s.base - a;
                if (d < bestDist) {
                    bestDist = d;
                    best = s;
                    after = false;
                }
            }
        }
        if (best == null) {
            return ": no allocation is near it";
        }
        String where;
        if (after) {
            where = bestDist == 0 ? "just past the end of " : Hex.grouped(bestDist) + " bytes past the end of ";
        } else {
            where = Hex.grouped(bestDist) + " bytes before the start of ";
        }
        return ": it is " + where + (best.freed ? "the freed " : "the ") + describe(best).substring(4);
    }

    static final int CUDA_ILLEGAL_ADDRESS = 700;
    static final int CUDA_MISALIGNED_ADDRESS = 716;

    // ---- typed access for native functions (checked; little-endian)

    public int readI32(long a) {
        Segment s = check(a, 4, false);
        return getI32(s.data, (int) (a - s.base));
    }

    public long readI64(long a) {
        Segment s = check(a, 8, false);
        return getI64(s.data, (int) (a - s.base));
    }

    public int readU8(long a) {
        Segment s = check(a, 1, false);
        return s.data[(int) (a - s.base)] & 0xFF;
    }

    public void writeI32(long a, int v) {
        Segment s = check(a, 4, true);
        putI32(s.data, (int) (a - s.base), v);
    }

    public void writeI64(long a, long v) {
        Segment s = check(a, 8, true);
        putI64(s.data, (int) (a - s.base), v);
    }

    public void writeU8(long a, int v) {
        Segment s = check(a, 1, true);
        s.data[(int) (a - s.base)] = (byte) v;
    }

    /** Copies {@code n} bytes out of memory. */
    public byte[] readBytes(long a, int n) {
        byte[] out = new byte[n];
        if (n > 0) {
            Segment s = checkRange(a, n, false);
            System.arraycopy(s.data, (int) (a - s.base), out, 0, n);
        }
        return out;
    }

    public void writeBytes(long a, byte[] src, int off, int n) {
        if (n > 0) {
            Segment s = checkRange(a, n, true);
            System.arraycopy(src, off, s.data, (int) (a - s.base), n);
        }
    }

    /** memmove within this memory. */
    public void copy(long dst, long src, long n) {
        if (n <= 0) {
            return;
        }
        Segment s = checkRange(src, n, false);
        Segment d = checkRange(dst, n, true);
        System.arraycopy(s.data, (int) (src - s.base), d.data, (int) (dst - d.base), (int) n);
    }

    public void fill(long a, int value, long n) {
        if (n <= 0) {
            return;
        }
        Segment d = checkRange(a, n, true);
        int o = (int) (a - d.base);
        java.util.Arrays.fill(d.data, o, o + (int) n, (byte) value);
    }

    /** The bytes of the NUL-terminated string at {@code a} (without the NUL), at most {@code max}. */
    public byte[] cstring(long a, int max) {
        Segment s = check(a, 1, false);
        int o = (int) (a - s.base);
        byte[] d = s.data;
        int end = o;
        long limit = Math.min(s.readable, (long) o + max);
        while (end < limit && d[end] != 0) {
            end++;
        }
        if (end == s.readable && end - o < max) {
            // The string runs off its segment: reading its terminator is the out-of-bounds access.
            check(s.base + end, 1, false);
        }
        byte[] out = new byte[end - o];
        System.arraycopy(d, o, out, 0, end - o);
        return out;
    }

    public String cstringText(long a) {
        byte[] b = cstring(a, Integer.MAX_VALUE);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** Allocates a read-only NUL-terminated copy of a Java string (error strings, argv). */
    public long allocateString(String text, String label, boolean readOnly) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        Segment s = allocate(b.length + 1, Segment.LITERAL, label, null, readOnly);
        System.arraycopy(b, 0, s.data, 0, b.length);
        return s.base;
    }

    // ---- little-endian helpers

    static int getI32(byte[] d, int o) {
        return (d[o] & 0xFF) | (d[o + 1] & 0xFF) << 8 | (d[o + 2] & 0xFF) << 16 | d[o + 3] << 24;
    }

    static long getI64(byte[] d, int o) {
        return (getI32(d, o) & U32) | (long) getI32(d, o + 4) << 32;
    }

    /** 0xFFFFFFFF as a field, not a literal, as in {@link Interpreter}. */
    private static final long U32 = Integer.toUnsignedLong(-1);

    static void putI32(byte[] d, int o, int v) {
        d[o] = (byte) v;
        d[o + 1] = (byte) (v >> 8);
        d[o + 2] = (byte) (v >> 16);
        d[o + 3] = (byte) (v >> 24);
    }

    static void putI64(byte[] d, int o, long v) {
        putI32(d, o, (int) v);
        putI32(d, o + 4, (int) (v >> 32));
    }
}
