package webcu.runtime;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's printf format grammar, producing the bytes glibc produces: flags {@code -+ #0'}, width and
 * precision (also {@code *}), length modifiers {@code hh h l ll q L j z Z t}, conversions
 * {@code d i u o x X c s p n f F e E g G a A %}. Floating-point conversions round the exact binary
 * value (its exact decimal expansion, via BigDecimal) half to even, as glibc does, and print
 * infinities and NaNs as {@code inf}, {@code -nan} and so on.
 *
 * <p>Arguments come from an {@link Args} that hands out integer and floating-point arguments from
 * two separate sequences, as the x86-64 calling convention passes them: a mismatched conversion
 * reads the next argument of its own class, as a native program would.
 */
public final class Printf {
    private Printf() {
    }

    /** Where the variadic arguments come from. */
    public interface Args {
        long nextInt();

        double nextDouble();

        /** The NUL-terminated bytes at {@code address}, at most {@code max} of them. */
        byte[] string(long address, int max);

        /** %n: stores the count of bytes written so far. */
        void storeCount(long address, long count, int length);
    }

    private static final int LEN_NONE = 0, LEN_HH = 1, LEN_H = 2, LEN_L = 3, LEN_LL = 4, LEN_BIG_L = 5, LEN_J = 6,
            LEN_Z = 7, LEN_T = 8;
    private static final byte[] NULL_STRING = {'(', 'n', 'u', 'l', 'l', ')'};

    /** Formats {@code format} (bytes up to its end) into {@code out}; returns the bytes written. */
    public static int format(byte[] format, Args args, ByteOut out) {
        int start = out.size();
        int n = format.length;
        int i = 0;
        while (i < n) {
            byte b = format[i];
            if (b != '%') {
                out.add(b);
                i++;
                continue;
            }
            int specStart = i;
            i++;
            boolean left = false;
            boolean plus = false;
            boolean space = false;
            boolean alt = false;
            boolean zero = false;
            for (; i < n; i++) {
                byte f = format[i];
                if (f == '-') {
                    left = true;
                } else if (f == '+') {
                    plus = true;
                } else if (f == ' ') {
                    space = true;
                } else if (f == '#') {
                    alt = true;
                } else if (f == '0') {
                    zero = true;
                } else if (f != '\'' && f != 'I') {
                    break;
                }
            }
            int width = 0;
            if (i < n && format[i] == '*') {
                width = (int) args.nextInt();
                if (width < 0) {
                    left = true;
                    width = width == Integer.MIN_VALUE ? Integer.MAX_VALUE : -width;
                }
                i++;
            } else {
                while (i < n && format[i] >= '0' && format[i] <= '9') {
                    width = saturatingDigit(width, format[i] - '0');
                    i++;
                }
            }
            int precision = -1;
            if (i < n && format[i] == '.') {
                i++;
                if (i < n && format[i] == '*') {
                    int p = (int) args.nextInt();
                    precision = p < 0 ? -1 : p;
                    i++;
                } else {
                    precision = 0;
                    while (i < n && format[i] >= '0' && format[i] <= '9') {
                        precision = saturatingDigit(precision, format[i] - '0');
                        i++;
                    }
                }
            }
            int length = LEN_NONE;
            if (i < n) {
                switch (format[i]) {
                    case 'h' -> {
                        i++;
                        length = LEN_H;
                        if (i < n && format[i] == 'h') {
                            i++;
                            length = LEN_HH;
                        }
                    }
                    case 'l' -> {
                        i++;
                        length = LEN_L;
                        if (i < n && format[i] == 'l') {
                            i++;
                            length = LEN_LL;
                        }
                    }
                    case 'q' -> {
                        i++;
                        length = LEN_LL;
                    }
                    case 'L' -> {
                        i++;
                        length = LEN_BIG_L;
                    }
                    case 'j' -> {
                        i++;
                        length = LEN_J;
                    }
                    case 'z', 'Z' -> {
                        i++;
                        length = LEN_Z;
                    }
                    case 't' -> {
                        i++;
                        length = LEN_T;
                    }
                    default -> {
                    }
                }
            }
            if (i >= n) {
                // A lone '%' (or an incomplete spec) at the end is printed as it is.
                out.add(format, specStart, n - specStart);
                break;
            }
            byte conv = format[i++];
            Spec spec = new Spec(left, plus, space, alt, zero, width, precision, length, conv);
            switch (conv) {
                case 'd', 'i' -> {
                    long v = args.nextInt();
                    v = switch (length) {
                        case LEN_HH -> (byte) v;
                        case LEN_H -> (short) v;
                        case LEN_NONE -> (int) v;
                        default -> v;
                    };
                    integer(out, spec, v, true, 10);
                }
                case 'u', 'o', 'x', 'X' -> {
                    long v = args.nextInt();
                    v = switch (length) {
                        case LEN_HH -> v & 0xFF;
                        case LEN_H -> v & 0xFFFF;
                        case LEN_NONE -> v & 0xFFFFFFFFL;
                        default -> v;
                    };
                    integer(out, spec, v, false, conv == 'o' ? 8 : conv == 'u' ? 10 : 16);
                }
                case 'c' -> {
                    byte[] one = {(byte) args.nextInt()};
                    pad(out, spec, one, 0, 1);
                }
                case 's' -> {
                    long p = args.nextInt();
                    if (p == 0) {
                        // glibc prints "(null)", or nothing when the precision cannot hold it.
                        byte[] s = precision >= 0 && precision < 6 ? new byte[0] : NULL_STRING;
                        pad(out, spec, s, 0, s.length);
                    } else {
                        byte[] s = args.string(p, precision < 0 ? Integer.MAX_VALUE : precision);
                        pad(out, spec, s, 0, s.length);
                    }
                }
                case 'p' -> {
                    long p = args.nextInt();
                    if (p == 0) {
                        byte[] s = {'(', 'n', 'i', 'l', ')'};
                        pad(out, new Spec(left, false, false, false, false, width, -1, length, (byte) 's'), s, 0, s.length);
                    } else {
                        integer(out, new Spec(left, plus, space, true, zero, width, precision, LEN_L, (byte) 'x'), p, false, 16);
                    }
                }
                case 'n' -> args.storeCount(args.nextInt(), out.size() - start, length);
                case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' -> floating(out, spec, args.nextDouble());
                case '%' -> out.add((byte) '%');
                case 'm' -> {
                    byte[] s = {'S', 'u', 'c', 'c', 'e', 's', 's'};
                    pad(out, spec, s, 0, s.length);
                }
                default -> out.add(format, specStart, i - specStart);
            }
        }
        return out.size() - start;
    }

    private static int saturatingDigit(int v, int digit) {
        long r = (long) v * 10 + digit;
        return r > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) r;
    }

    private record Spec(boolean left, boolean plus, boolean space, boolean alt, boolean zero, int width, int precision,
                        int length, byte conv) {
        boolean upper() {
            return conv == 'X' || conv == 'F' || conv == 'E' || conv == 'G' || conv == 'A';
        }
    }

    /** Pads {@code len} bytes of {@code s} with spaces to the width (strings, chars). */
    private static void pad(ByteOut out, Spec spec, byte[] s, int off, int len) {
        int fill = spec.width() - len;
        if (!spec.left()) {
            out.repeat((byte) ' ', fill);
        }
        out.add(s, off, len);
        if (spec.left()) {
            out.repeat((byte) ' ', fill);
        }
    }

    private static void integer(ByteOut out, Spec spec, long v, boolean signed, int base) {
        boolean negative = signed && v < 0;
        String digits;
        if (signed) {
            digits = negative ? (v == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(-v)) : Long.toString(v);
        } else {
            digits = Long.toUnsignedString(v, base);
        }
        if (spec.conv() == 'X') {
            digits = digits.toUpperCase();
        }
        if (spec.precision() == 0 && v == 0) {
            digits = "";
        }
        int zeros = spec.precision() > digits.length() ? spec.precision() - digits.length() : 0;
        String prefix = "";
        if (negative) {
            prefix = "-";
        } else if (signed && spec.plus()) {
            prefix = "+";
        } else if (signed && spec.space()) {
            prefix = " ";
        }
        if (spec.alt()) {
            if (base == 8 && zeros == 0 && !digits.startsWith("0")) {
                zeros = 1;
            } else if (base == 16 && v != 0) {
                prefix = spec.conv() == 'X' ? "0X" : "0x";
            }
        }
        int len = prefix.length() + zeros + digits.length();
        int fill = spec.width() - len;
        if (spec.zero() && !spec.left() && spec.precision() < 0 && fill > 0) {
            zeros += fill;
            fill = 0;
        }
        if (!spec.left()) {
            out.repeat((byte) ' ', fill);
        }
        out.ascii(prefix);
        out.repeat((byte) '0', zeros);
        out.ascii(digits);
        if (spec.left()) {
            out.repeat((byte) ' ', fill);
        }
    }

    private static void floating(ByteOut out, Spec spec, double v) {
        boolean negative = (Double.doubleToRawLongBits(v) & Long.MIN_VALUE) != 0;
        String sign = negative ? "-" : spec.plus() ? "+" : spec.space() ? " " : "";
        String body;
        boolean special = Double.isNaN(v) || Double.isInfinite(v);
        if (special) {
            body = Double.isNaN(v) ? "nan" : "inf";
            if (spec.upper()) {
                body = body.toUpperCase();
            }
        } else {
            double a = Math.abs(v);
            body = switch (spec.conv()) {
                case 'f', 'F' -> fixed(a, spec.precision() < 0 ? 6 : spec.precision(), spec.alt());
                case 'e', 'E' -> exponential(a, spec.precision() < 0 ? 6 : spec.precision(), spec.alt(), spec.upper());
                case 'g', 'G' -> general(a, spec.precision() < 0 ? 6 : spec.precision(), spec.alt(), spec.upper());
                default -> hex(a, spec.precision(), spec.alt(), spec.upper());
            };
        }
        String prefix = sign;
        if (!special && (spec.conv() == 'a' || spec.conv() == 'A')) {
            prefix = sign + (spec.upper() ? "0X" : "0x");
        }
        int len = prefix.length() + body.length();
        int fill = spec.width() - len;
        if (spec.zero() && !spec.left() && !special && fill > 0) {
            out.ascii(prefix);
            out.repeat((byte) '0', fill);
            out.ascii(body);
            return;
        }
        if (!spec.left()) {
            out.repeat((byte) ' ', fill);
        }
        out.ascii(prefix);
        out.ascii(body);
        if (spec.left()) {
            out.repeat((byte) ' ', fill);
        }
    }

    /** %f of a finite non-negative value. */
    public static String fixed(double a, int precision, boolean alt) {
        String s = new BigDecimal(a).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        if (precision == 0 && alt) {
            s = s + ".";
        }
        return s;
    }

    /** The significant digits of {@code a} rounded to {@code n} of them, and the decimal exponent of the first. */
    private record Digits(String digits, int exponent) {}

    private static Digits significant(double a, int n) {
        if (a == 0) {
            return new Digits(zeros(n), 0);
        }
        BigDecimal r = new BigDecimal(a).round(new MathContext(n, RoundingMode.HALF_EVEN));
        BigInteger unscaled = r.unscaledValue();
        String d = unscaled.toString();
        int exponent = d.length() - 1 - r.scale();
        if (d.length() < n) {
            d = d + zeros(n - d.length());
        } else if (d.length() > n) {
            d = d.substring(0, n);
        }
        return new Digits(d, exponent);
    }

    private static String zeros(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append('0');
        }
        return sb.toString();
    }

    /** %e of a finite non-negative value. */
    public static String exponential(double a, int precision, boolean alt, boolean upper) {
        Digits d = significant(a, precision + 1);
        StringBuilder sb = new StringBuilder();
        sb.append(d.digits().charAt(0));
        if (precision > 0 || alt) {
            sb.append('.');
        }
        sb.append(d.digits(), 1, d.digits().length());
        exponent(sb, d.exponent(), upper ? 'E' : 'e');
        return sb.toString();
    }

    private static void exponent(StringBuilder sb, int e, char letter) {
        sb.append(letter).append(e < 0 ? '-' : '+');
        int abs = Math.abs(e);
        if (abs < 10) {
            sb.append('0');
        }
        sb.append(abs);
    }

    /** %g of a finite non-negative value. */
    public static String general(double a, int precision, boolean alt, boolean upper) {
        int p = precision == 0 ? 1 : precision;
        int x = a == 0 ? 0 : significant(a, p).exponent();
        String s;
        if (p > x && x >= -4) {
            s = fixed(a, p - 1 - x, alt);
        } else if (alt && x == p && a != 0 && new java.math.BigDecimal(a).precision() - new java.math.BigDecimal(a).scale() - 1 == p - 1) {
            // glibc decides %f style before rounding: 999999.9 with %#.6g gets %f's 0 decimals, as "1.e+06"
            s = exponential(a, 0, alt, upper);
        } else {
            s = exponential(a, p - 1, alt, upper);
        }
        if (!alt) {
            s = stripZeros(s);
        }
        return s;
    }

    private static String stripZeros(String s) {
        int e = s.indexOf('e');
        if (e < 0) {
            e = s.indexOf('E');
        }
        String mantissa = e < 0 ? s : s.substring(0, e);
        String rest = e < 0 ? "" : s.substring(e);
        if (mantissa.indexOf('.') >= 0) {
            int end = mantissa.length();
            while (mantissa.charAt(end - 1) == '0') {
                end--;
            }
            if (mantissa.charAt(end - 1) == '.') {
                end--;
            }
            mantissa = mantissa.substring(0, end);
        }
        return mantissa + rest;
    }

    /** %a of a finite non-negative value, without the 0x prefix. */
    public static String hex(double a, int precision, boolean alt, boolean upper) {
        long bits = Double.doubleToRawLongBits(a);
        int biased = (int) ((bits >>> 52) & 0x7FF);
        long mantissa = bits & 0x000FFFFFFFFFFFFFL;
        int lead;
        int exp;
        if (biased == 0) {
            lead = 0;
            exp = mantissa == 0 ? 0 : -1022;
        } else {
            lead = 1;
            exp = biased - 1023;
        }
        // 13 hex digits of fraction.
        String frac;
        if (precision < 0) {
            frac = hexDigits(mantissa, 13);
            int end = frac.length();
            while (end > 0 && frac.charAt(end - 1) == '0') {
                end--;
            }
            frac = frac.substring(0, end);
        } else if (precision >= 13) {
            frac = hexDigits(mantissa, 13) + zeros(precision - 13);
        } else {
            int drop = (13 - precision) * 4;
            long kept = mantissa >>> drop;
            long rest = mantissa & ((1L << drop) - 1);
            long half = 1L << (drop - 1);
            // A tie rounds to even; with no fraction digits the digit kept last is the leading one.
            boolean odd = precision == 0 ? (lead & 1) != 0 : (kept & 1) != 0;
            if (rest > half || rest == half && odd) {
                kept++;
                if (precision == 0) {
                    lead++;
                    kept = 0;
                } else if (kept >>> (precision * 4) != 0) {
                    // The carry reaches the leading digit (0x1.f → 0x2.0), as glibc prints it.
                    kept &= (1L << (precision * 4)) - 1;
                    lead++;
                }
            }
            frac = precision == 0 ? "" : hexDigits(kept, precision);
        }
        StringBuilder sb = new StringBuilder();
        sb.append((char) ('0' + lead));
        if (!frac.isEmpty() || alt) {
            sb.append('.');
        }
        sb.append(upper ? frac.toUpperCase() : frac);
        sb.append(upper ? 'P' : 'p').append(exp < 0 ? '-' : '+').append(Math.abs(exp));
        return sb.toString();
    }

    private static String hexDigits(long v, int n) {
        String s = Long.toHexString(v);
        return s.length() >= n ? s : zeros(n - s.length()) + s;
    }
}
