package webcu.runtime;

import java.nio.charset.StandardCharsets;

/** A growable byte buffer: what printf and friends write, before it becomes text or memory. */
public final class ByteOut {
    private byte[] buf = new byte[64];
    private int size;

    public int size() {
        return size;
    }

    public void add(byte b) {
        if (size == buf.length) {
            grow(size + 1);
        }
        buf[size++] = b;
    }

    public void add(byte[] b, int off, int len) {
        if (len <= 0) {
            return;
        }
        if (size + len > buf.length) {
            grow(size + len);
        }
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    public void repeat(byte b, int n) {
        for (int i = 0; i < n; i++) {
            add(b);
        }
    }

    /** Appends a string of ASCII characters. */
    public void ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            add((byte) s.charAt(i));
        }
    }

    public byte get(int i) {
        return buf[i];
    }

    public byte[] array() {
        return buf;
    }

    public byte[] toByteArray() {
        byte[] out = new byte[size];
        System.arraycopy(buf, 0, out, 0, size);
        return out;
    }

    /** Removes the first {@code n} bytes. */
    public void drop(int n) {
        System.arraycopy(buf, n, buf, 0, size - n);
        size -= n;
    }

    public void clear() {
        size = 0;
    }

    public String text(int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    private void grow(int min) {
        byte[] bigger = new byte[Math.max(min, buf.length * 2)];
        System.arraycopy(buf, 0, bigger, 0, size);
        buf = bigger;
    }
}
