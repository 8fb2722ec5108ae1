package webcu.conformance;

import java.util.ArrayList;
import java.util.List;

/** Python's string helpers that the reference checker relies on, with their exact semantics. */
final class PyText {
    private PyText() {
    }

    /**
     * {@code str.splitlines()}: splits at \n, \r, \r\n, \v, \f, \x1c, \x1d, \x1e, \x85, U+2028 and
     * U+2029, drops the separators, and yields no empty last line after a final separator.
     */
    static List<String> splitlines(String s) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (isLineBreak(c)) {
                lines.add(s.substring(start, i));
                if (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
            i++;
        }
        if (start < n) {
            lines.add(s.substring(start));
        }
        return lines;
    }

    private static boolean isLineBreak(char c) {
        return switch (c) {
            case '\n', '\r', '\u000b', '\u000c', '\u001c', '\u001d', '\u001e', '\u0085', '\u2028', '\u2029' -> true;
            default -> false;
        };
    }

    /** {@code str.strip()} with no argument: Python's whitespace, which includes the line breaks above. */
    static String strip(String s) {
        int a = 0;
        int b = s.length();
        while (a < b && isSpace(s.charAt(a))) {
            a++;
        }
        while (b > a && isSpace(s.charAt(b - 1))) {
            b--;
        }
        return s.substring(a, b);
    }

    /** {@code str.strip(chars)}. */
    static String strip(String s, String chars) {
        int a = 0;
        int b = s.length();
        while (a < b && chars.indexOf(s.charAt(a)) >= 0) {
            a++;
        }
        while (b > a && chars.indexOf(s.charAt(b - 1)) >= 0) {
            b--;
        }
        return s.substring(a, b);
    }

    /** {@code str.rstrip("\n")}. */
    static String rstripNewlines(String s) {
        int b = s.length();
        while (b > 0 && s.charAt(b - 1) == '\n') {
            b--;
        }
        return s.substring(0, b);
    }

    /** {@code str.isspace()} for one char: \t-\r, \x1c-\x1f, space, \x85 and Unicode's separators. */
    private static boolean isSpace(char c) {
        return (c >= '\t' && c <= '\r') || (c >= '\u001c' && c <= ' ') || c == '\u0085' || Character.isSpaceChar(c);
    }

    /** Lines of a file as Python's {@code for line in f} yields them in text mode: each keeps its "\n". */
    static List<String> fileLines(String text) {
        // Text mode with universal newlines turns \r\n and \r into \n first.
        String t = text.replace("\r\n", "\n").replace('\r', '\n');
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) == '\n') {
                lines.add(t.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < t.length()) {
            lines.add(t.substring(start));
        }
        return lines;
    }
}
