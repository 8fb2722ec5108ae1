package webcu.vm;

import webcu.diag.Span;

/**
 * One allocation of the VM's flat address space: a malloc block, a global, a string literal, a
 * stack frame, a device buffer or a block's shared memory, with its own bytes. Accesses check
 * against {@link #readable} and {@link #writable}, which become -1 when the segment is freed (and
 * {@code writable} is -1 for read-only data), so one comparison rejects every bad access and the
 * slow path explains why.
 */
public final class Segment {
    public static final int HEAP = 0, GLOBAL = 1, LITERAL = 2, STACK = 3, DEVICE = 4, SHARED = 5, PARAM = 6,
            DEVICE_GLOBAL = 7, CONSTANT = 8;

    long base;
    /** Bytes readable from base, or -1 once freed. */
    long readable;
    /** Bytes writable from base, or -1 once freed or when read-only. */
    long writable;
    /** The size as allocated, kept after free for reports. */
    final long size;
    byte[] data;
    final int kind;
    /** What made it, for reports: "malloc", "cudaMalloc", "local variable 'h' of main" … */
    final String label;
    /** Where it was made, or null. */
    final Span site;
    boolean freed;
    /** Stack slot of a frame segment; -1 otherwise. */
    int slot = -1;

    Segment(long base, long size, byte[] data, int kind, String label, Span site, boolean readOnly) {
        this.base = base;
        this.size = size;
        this.data = data;
        this.kind = kind;
        this.label = label;
        this.site = site;
        this.readable = size;
        this.writable = readOnly ? -1 : size;
    }

    public long base() { return base; }
    public long size() { return size; }
    public byte[] data() { return data; }
    public int kind() { return kind; }
    public String label() { return label; }
    public Span site() { return site; }
    public boolean isFreed() { return freed; }
    public boolean isReadOnly() { return !freed && writable < 0; }

    void markFreed() {
        freed = true;
        readable = -1;
        writable = -1;
        data = null;
    }

    /** The label and site, e.g. {@code cudaMalloc at main.cu:12:5}. */
    String origin() {
        if (site == null || !site.isKnown()) {
            return label;
        }
        return label + " at " + site;
    }

    @Override
    public String toString() {
        return label + "[" + Hex.addr(base) + ", " + size + " bytes]";
    }
}
