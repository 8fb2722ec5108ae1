package webcu.vm;

import java.nio.charset.StandardCharsets;

/**
 * The scanf family's conversions as glibc performs them: white space in the format skips any
 * white space, conversions other than %c, %[ and %n skip leading white space, a width limits the
 * characters a conversion reads, '*' suppresses the assignment, and the result is the number of
 * assignments, or EOF when the input ends before the first conversion.
 */
final class Scanf {
    private Scanf() {}

    /** Characters to scan: -1 at the end; one character can be pushed back. */
    interface Input {
        int next();

        void unread(int c);
    }

    /** Where a conversion's value goes. */
    interface Sink {
        long nextPointer();

        Memory memory();
    }

    static final class BytesInput implements Input {
        private final byte[] s;
        private int pos;

        BytesInput(byte[] s) {
            this.s = s;
        }

        @Override
        public int next() {
            return pos < s.length ? s[pos++] & 0xFF : -1;
        }

        @Override
        public void unread(int c) {
            if (c >= 0) {
                pos--;
            }
        }
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    static int scan(byte[] fmt, Input in, Sink out) {
        Memory mem = out.memory();
        int assigned = 0;
        int consumed = 0;
        boolean anyConversion = false;
        int i = 0;
        while (i < fmt.length) {
            int f = fmt[i] & 0xFF;
            if (isSpace(f)) {
                int c;
                while (isSpace(c = in.next())) {
                    consumed++;
                }
                in.unread(c);
                i++;
                continue;
            }
            if (f != '%') {
                int c = in.next();
                if (c != f) {
                    in.unread(c);
                    return c < 0 && !anyConversion ? -1 : assigned;
                }
                consumed++;
                i++;
                continue;
            }
            i++;
            boolean suppress = false;
            if (i < fmt.length && fmt[i] == '*') {
                suppress = true;
                i++;
            }
            int width = 0;
            while (i < fmt.length && fmt[i] >= '0' && fmt[i] <= '9') {
                width = width * 10 + fmt[i++] - '0';
            }
            int size = 4; // bytes of the integer or float stored; 1 hh, 2 h, 8 l/ll/j/z/t/L
            boolean isDouble = false;
            while (i < fmt.length) {
                byte m = fmt[i];
                if (m == 'h') {
                    size = size == 2 ? 1 : 2;
                } else if (m == 'l' || m == 'j' || m == 'z' || m == 't' || m == 'q' || m == 'L') {
                    size = 8;
                    isDouble = true;
                } else {
                    break;
                }
                i++;
            }
            if (i >= fmt.length) {
                break;
            }
            int conv = fmt[i++] & 0xFF;
            if (conv != 'c' && conv != '[' && conv != 'n') {
                int c;
                while (isSpace(c = in.next())) {
                    consumed++;
                }
                if (c < 0) {
                    return anyConversion ? assigned : -1;
                }
                in.unread(c);
            }
            int max = width > 0 ? width : Integer.MAX_VALUE;
            switch (conv) {
                case '%' -> {
                    int c = in.next();
                    if (c != '%') {
                        in.unread(c);
                        return c < 0 && !anyConversion ? -1 : assigned;
                    }
                    consumed++;
                }
                case 'n' -> {
                    if (!suppress) {
                        store(mem, out.nextPointer(), consumed, size);
                    }
                }
                case 'd', 'i', 'u', 'o', 'x', 'X', 'p' -> {
                    int base = conv == 'd' || conv == 'u' ? 10 : conv == 'o' ? 8 : conv == 'i' ? 0 : 16;
                    StringBuilder text = new StringBuilder();
                    int c = in.next();
                    if ((c == '+' || c == '-') && text.length() < max) {
                        text.append((char) c);
                        c = in.next();
                    }
                    if (c == '0' && text.length() < max && (base == 0 || base == 16)) {
                        text.append('0');
                        c = in.next();
                        if ((c == 'x' || c == 'X') && text.length() < max) {
                            text.append((char) c);
                            c = in.next();
                            base = 16;
                        } else if (base == 0) {
                            base = 8;
                        }
                    } else if (base == 0) {
                        base = 10;
                    }
                    int digits = 0;
                    while (c >= 0 && text.length() < max && Character.digit(c, base) >= 0) {
                        text.append((char) c);
                        digits++;
                        c = in.next();
                    }
                    in.unread(c);
                    // "0x" with no hex digit after it still read the number 0
                    if (digits == 0 && text.indexOf("0") < 0) {
                        // a sign alone is a matching failure, not the end of the input
                        return c < 0 && text.length() == 0 && !anyConversion ? -1 : assigned;
                    }
                    consumed += text.length();
                    anyConversion = true;
                    if (!suppress) {
                        long v = parseInteger(text.toString(), base, conv == 'd' || conv == 'i');
                        store(mem, out.nextPointer(), v, conv == 'p' ? 8 : size);
                        assigned++;
                    }
                }
                case 'f', 'e', 'E', 'g', 'G', 'a', 'A', 'F' -> {
                    String text = floatText(in, max);
                    if (text == null) {
                        return assigned;
                    }
                    consumed += text.length();
                    anyConversion = true;
                    if (!suppress) {
                        long p = out.nextPointer();
                        double v = HostLibrary.parseDouble(text.getBytes(StandardCharsets.ISO_8859_1), null);
                        if (isDouble) {
                            mem.writeI64(p, Double.doubleToRawLongBits(v));
                        } else {
                            float fv = toFloat(text, v);
                            mem.writeI32(p, Float.floatToRawIntBits(fv));
                        }
                        assigned++;
                    }
                }
                case 's' -> {
                    StringBuilder text = new StringBuilder();
                    int c = in.next();
                    while (c >= 0 && !isSpace(c) && text.length() < max) {
                        text.append((char) c);
                        c = in.next();
                    }
                    in.unread(c);
                    consumed += text.length();
                    anyConversion = true;
                    if (!suppress) {
                        long p = out.nextPointer();
                        byte[] b = text.toString().getBytes(StandardCharsets.ISO_8859_1);
                        mem.writeBytes(p, b, 0, b.length);
                        mem.writeU8(p + b.length, 0);
                        assigned++;
                    }
                }
                case 'c' -> {
                    int n = width > 0 ? width : 1;
                    byte[] b = new byte[n];
                    int got = 0;
                    while (got < n) {
                        int c = in.next();
                        if (c < 0) {
                            break;
                        }
                        b[got++] = (byte) c;
                    }
                    if (got == 0) {
                        return anyConversion ? assigned : -1;
                    }
                    consumed += got;
                    anyConversion = true;
                    if (!suppress) {
                        mem.writeBytes(out.nextPointer(), b, 0, got);
                        assigned++;
                    }
                    if (got < n) {
                        return assigned;
                    }
                }
                case '[' -> {
                    boolean[] set = new boolean[256];
                    boolean negate = false;
                    if (i < fmt.length && fmt[i] == '^') {
                        negate = true;
                        i++;
                    }
                    int start = i;
                    while (i < fmt.length && (fmt[i] != ']' || i == start)) {
                        if (fmt[i] == '-' && i > start && i + 1 < fmt.length && fmt[i + 1] != ']') {
                            for (int k = fmt[i - 1] & 0xFF; k <= (fmt[i + 1] & 0xFF); k++) {
                                set[k] = true;
                            }
                            i += 2;
                            continue;
                        }
                        set[fmt[i] & 0xFF] = true;
                        i++;
                    }
                    i++; // the ']'
                    StringBuilder text = new StringBuilder();
                    int c = in.next();
                    while (c >= 0 && set[c] != negate && text.length() < max) {
                        text.append((char) c);
                        c = in.next();
                    }
                    in.unread(c);
                    if (text.length() == 0) {
                        return c < 0 && !anyConversion ? -1 : assigned;
                    }
                    consumed += text.length();
                    anyConversion = true;
                    if (!suppress) {
                        long p = out.nextPointer();
                        byte[] b = text.toString().getBytes(StandardCharsets.ISO_8859_1);
                        mem.writeBytes(p, b, 0, b.length);
                        mem.writeU8(p + b.length, 0);
                        assigned++;
                    }
                }
                default -> {
                    return assigned;
                }
            }
        }
        return assigned;
    }

    /** The longest prefix strtod would take, read within {@code max} characters; null if none. */
    private static String floatText(Input in, int max) {
        StringBuilder t = new StringBuilder();
        int c = in.next();
        if ((c == '+' || c == '-') && t.length() < max) {
            t.append((char) c);
            c = in.next();
        }
        if (c == 'i' || c == 'I' || c == 'n' || c == 'N') {
            String word = c == 'i' || c == 'I' ? "infinity" : "nan";
            int k = 0;
            while (c >= 0 && k < word.length() && Character.toLowerCase(c) == word.charAt(k) && t.length() < max) {
                t.append((char) c);
                k++;
                c = in.next();
            }
            in.unread(c);
            return k >= 3 ? t.toString() : null;
        }
        int digits = 0;
        while (c >= '0' && c <= '9' && t.length() < max) {
            t.append((char) c);
            digits++;
            c = in.next();
        }
        if (c == '.' && t.length() < max) {
            t.append('.');
            c = in.next();
            while (c >= '0' && c <= '9' && t.length() < max) {
                t.append((char) c);
                digits++;
                c = in.next();
            }
        }
        if (digits == 0) {
            in.unread(c);
            return null;
        }
        if ((c == 'e' || c == 'E') && t.length() < max) {
            t.append((char) c);
            c = in.next();
            if ((c == '+' || c == '-') && t.length() < max) {
                t.append((char) c);
                c = in.next();
            }
            while (c >= '0' && c <= '9' && t.length() < max) {
                t.append((char) c);
                c = in.next();
            }
        }
        in.unread(c);
        return t.toString();
    }

    /** Decimal text rounded once to float, as strtof does (not through double). */
    private static float toFloat(String text, double parsed) {
        try {
            return Float.parseFloat(text);
        } catch (NumberFormatException e) {
            return (float) parsed;
        }
    }

    /** strtol (signed) or strtoul (unsigned) of scanned text, saturating as they do. */
    private static long parseInteger(String text, int base, boolean signed) {
        int i = 0;
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        if (base == 16 && i + 1 < text.length() && text.charAt(i) == '0' && (text.charAt(i + 1) | 0x20) == 'x') {
            i += 2;
        }
        java.math.BigInteger v = java.math.BigInteger.ZERO;
        java.math.BigInteger b = java.math.BigInteger.valueOf(base);
        for (; i < text.length(); i++) {
            v = v.multiply(b).add(java.math.BigInteger.valueOf(Character.digit(text.charAt(i), base)));
        }
        if (signed) {
            java.math.BigInteger s = negative ? v.negate() : v;
            if (s.bitLength() > 63) {
                return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            return s.longValue();
        }
        if (v.bitLength() > 64) {
            return -1L;
        }
        long u = v.longValue();
        return negative ? -u : u;
    }

    private static void store(Memory mem, long p, long v, int size) {
        switch (size) {
            case 1 -> mem.writeU8(p, (int) v);
            case 2 -> {
                mem.writeU8(p, (int) v);
                mem.writeU8(p + 1, (int) (v >> 8));
            }
            case 8 -> mem.writeI64(p, v);
            default -> mem.writeI32(p, (int) v);
        }
    }
}
