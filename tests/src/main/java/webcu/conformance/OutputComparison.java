package webcu.conformance;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's stdout comparisons (exact, numeric-tolerance, unordered-lines), ported from
 * {@code compare_output} in the conformance suite's tools/run_suite.py, messages included.
 */
public final class OutputComparison {
    static final Pattern NUM = Pattern.compile(
            "[+-]?(?:(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|inf(?:inity)?|nan)", Pattern.CASE_INSENSITIVE);
    static final Pattern INT = Pattern.compile("[+-]?\\d+");

    static final double DEFAULT_REL = 1e-4;
    static final double DEFAULT_ABS = 1e-5;

    private OutputComparison() {
    }

    /** Compares a program's stdout with the expected text under {@code spec}. */
    public static Verdict compare(CompareSpec spec, String expected, String actual) {
        return switch (spec.mode()) {
            case "exact" -> exact(expected, actual);
            case "numeric-tolerance" -> numeric(expected, actual, spec.param("rel", DEFAULT_REL), spec.param("abs", DEFAULT_ABS));
            case "unordered-lines" -> unordered(expected, actual);
            default -> throw new IllegalArgumentException("unknown compare mode " + spec.mode());
        };
    }

    static Verdict exact(String expected, String actual) {
        if (expected.equals(actual)) {
            return Verdict.pass();
        }
        List<String> el = PyText.splitlines(expected);
        List<String> al = PyText.splitlines(actual);
        for (int i = 0; i < Math.max(el.size(), al.size()); i++) {
            String e = i < el.size() ? el.get(i) : "<missing>";
            String a = i < al.size() ? al.get(i) : "<missing>";
            if (!e.equals(a)) {
                return Verdict.fail("first difference at line " + (i + 1) + ":\n  expected: " + e + "\n  actual:   " + a);
            }
        }
        return Verdict.fail("difference in line endings or final newline");
    }

    static Verdict unordered(String expected, String actual) {
        List<String> e = new ArrayList<>(PyText.splitlines(expected));
        List<String> a = new ArrayList<>(PyText.splitlines(actual));
        Collections.sort(e);
        Collections.sort(a);
        return e.equals(a) ? Verdict.pass() : Verdict.fail("multiset of lines differs");
    }

    static Verdict numeric(String expected, String actual, double rel, double abs) {
        List<String> el = PyText.splitlines(expected);
        List<String> al = PyText.splitlines(actual);
        if (el.size() != al.size()) {
            return Verdict.fail("line count " + al.size() + " != expected " + el.size());
        }
        for (int i = 0; i < el.size(); i++) {
            String e = el.get(i);
            String a = al.get(i);
            Tokens et = Tokens.split(e);
            Tokens at = Tokens.split(a);
            if (!et.skeleton().equals(at.skeleton()) || et.numbers().size() != at.numbers().size()) {
                return Verdict.fail("line " + (i + 1) + " text differs:\n  expected: " + e + "\n  actual:   " + a);
            }
            for (int k = 0; k < et.numbers().size(); k++) {
                String x = et.numbers().get(k);
                String y = at.numbers().get(k);
                if (!numbersClose(x, y, rel, abs)) {
                    return Verdict.fail("line " + (i + 1) + " number " + y + " vs expected " + x
                            + ":\n  expected: " + e + "\n  actual:   " + a);
                }
            }
        }
        return Verdict.pass();
    }

    /** A line with every number replaced by a NUL marker, and the numbers in order. */
    record Tokens(String skeleton, List<String> numbers) {
        static Tokens split(String line) {
            List<String> nums = new ArrayList<>();
            StringBuilder skeleton = new StringBuilder();
            Matcher m = NUM.matcher(line);
            int last = 0;
            while (m.find()) {
                nums.add(m.group());
                skeleton.append(line, last, m.start()).append('\0');
                last = m.end();
            }
            skeleton.append(line, last, line.length());
            return new Tokens(skeleton.toString(), nums);
        }
    }

    static boolean numbersClose(String a, String b, double rel, double abs) {
        if (INT.matcher(a).matches() && INT.matcher(b).matches()) {
            return integer(a).equals(integer(b));
        }
        double x = number(a);
        double y = number(b);
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Double.isNaN(x) && Double.isNaN(y);
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            return x == y;
        }
        double d = Math.abs(x - y);
        return d <= abs || d <= rel * Math.max(Math.abs(x), Math.abs(y));
    }

    private static BigInteger integer(String s) {
        return new BigInteger(s.startsWith("+") ? s.substring(1) : s);
    }

    /** Python's {@code _num}: NaN and infinities by name, everything else through float(). */
    static double number(String token) {
        String t = token.toLowerCase(Locale.ROOT);
        while (t.startsWith("+")) {
            t = t.substring(1);
        }
        if (t.endsWith("nan")) {
            return Double.NaN;
        }
        if (t.contains("inf")) {
            return t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(t);
    }
}
