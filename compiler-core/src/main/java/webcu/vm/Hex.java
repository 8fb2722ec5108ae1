package webcu.vm;

/** Small number formatting helpers for reports (no String.format: it is slow and large under TeaVM). */
final class Hex {
    private Hex() {
    }

    /** An address as C's %p prints it: 0x followed by lower-case hex digits. */
    static String addr(long a) {
        return "0x" + Long.toHexString(a);
    }

    /** A count with thousands separators, as compute-sanitizer prints sizes: 4,000. */
    static String grouped(long v) {
        String s = Long.toString(v);
        int start = s.startsWith("-") ? 1 : 0;
        StringBuilder sb = new StringBuilder();
        int digits = s.length() - start;
        sb.append(s, 0, start);
        for (int i = 0; i < digits; i++) {
            if (i > 0 && (digits - i) % 3 == 0) {
                sb.append(',');
            }
            sb.append(s.charAt(start + i));
        }
        return sb.toString();
    }
}
