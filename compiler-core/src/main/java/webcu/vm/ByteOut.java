package webcu.vm;

import java.nio.charset.StandardCharsets;

/** A growable byte buffer: what printf and friends write, before it becomes text or memory. */
final class ByteOut {
    private byte[] buf = new byte[64];
    private int size;

    int size() {
        return size;
    }

    void add(byte b) {
        if (size == buf.length) {
            grow(size + 1);
        }
        buf[size++] = b;
    }

    void add(byte[] b, int off, int len) {
        if (len <= 0) {
            return;
        }
        if (size + len > buf.length) {
            grow(size + len);
        }
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    void repeat(byte b, int n) {
        for (int i = 0; i < n; i++) {
            add(b);
        }
    }

    /** Appends a string of ASCII characters. */
    void ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            add((byte) s.charAt(i));
        }
    }

    byte get(int i) {
        return buf[i];
    }

    byte[] array() {
        return buf;
    }

    byte[] toByteArray() {
        byte[] out = new byte[size];
        System.arraycopy(buf, 0, out, 0, size);
        return out;
    }

    /** Removes the first {@code n} bytes. */
    void drop(int n) {
        System.arraycopy(buf, n, buf, 0, size - n);
        size -= n;
    }

    void clear() {
        size = 0;
    }

    String text(int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    private void grow(int min) {
        byte[] bigger = new byte[Math.max(min, buf.length * 2)];
        System.arraycopy(buf, 0, bigger, 0, size);
        buf = bigger;
    }
}
