package webcu.frontend;

import java.io.ByteArrayOutputStream;

/** Values of C literals: integer and floating constants, characters and strings (C11 6.4.4–6.4.5). */
public final class Literals {
    private Literals() {}

    /** An integer constant's value ignoring its suffix, or null when it is not one. */
    public static Long parseIntegerValue(String text) {
        String s = text.toLowerCase();
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == 'u' || s.charAt(end - 1) == 'l')) {
            end--;
        }
        String digits = s.substring(0, end);
        int base = 10;
        if (digits.startsWith("0x")) {
            base = 16;
            digits = digits.substring(2);
        } else if (digits.startsWith("0b")) {
            base = 2;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && digits.startsWith("0")) {
            base = 8;
            digits = digits.substring(1);
        }
        if (digits.isEmpty()) {
            return null;
        }
        long v = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), base);
            if (d < 0) {
                return null;
            }
            v = v * base + d;
        }
        return v;
    }

    public static boolean isFloating(String text) {
        String s = text.toLowerCase();
        if (s.startsWith("0x")) {
            return s.contains(".") || s.contains("p");
        }
        return s.contains(".") || s.contains("e") || s.endsWith("f") && !s.startsWith("0x");
    }

    /** The value of a character constant such as {@code 'a'} or {@code '\n'}. */
    public static long charValue(String text) {
        int q = text.indexOf('\'');
        byte[] b = decode(text.substring(q + 1, text.length() - 1));
        if (b.length == 0) {
            return 0;
        }
        if (q > 0) { // L'x', u'x', U'x': the code point
            return new String(b, java.nio.charset.StandardCharsets.UTF_8).codePointAt(0);
        }
        return b[0]; // plain char is signed on x86-64
    }

    /** The bytes of a string literal's body (without quotes), escapes resolved, UTF-8. */
    public static byte[] decode(String body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 >= body.length()) {
                if (c < 0x80) {
                    out.write(c);
                } else {
                    byte[] u = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    out.write(u, 0, u.length);
                }
                continue;
            }
            char e = body.charAt(++i);
            switch (e) {
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case 'r' -> out.write('\r');
                case 'a' -> out.write(7);
                case 'b' -> out.write(8);
                case 'f' -> out.write(12);
                case 'v' -> out.write(11);
                case 'e' -> out.write(27);
                case 'x' -> {
                    int v = 0;
                    while (i + 1 < body.length() && Character.digit(body.charAt(i + 1), 16) >= 0) {
                        v = v * 16 + Character.digit(body.charAt(++i), 16);
                    }
                    out.write(v);
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int v = e - '0';
                        for (int k = 0; k < 2 && i + 1 < body.length() && body.charAt(i + 1) >= '0' && body.charAt(i + 1) <= '7'; k++) {
                            v = v * 8 + body.charAt(++i) - '0';
                        }
                        out.write(v);
                    } else {
                        out.write(e);
                    }
                }
            }
        }
        return out.toByteArray();
    }
}
