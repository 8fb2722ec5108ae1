package webcu.vm;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import webcu.ir.Function;
import webcu.ir.Type;

/**
 * The pure math functions of {@code <cmath>} and CUDA's float intrinsics, bound by name to the
 * MATH1/MATH2/MATH3 instructions so that a call costs one instruction on host and device alike.
 * Single-precision variants compute in double and round once to float, which is correctly
 * rounded for the basic operations and sqrt and within CUDA's documented error elsewhere.
 */
final class MathFn {
    private MathFn() {
    }

    /** Set in an instruction's function operand when the result is rounded to float. */
    static final int SINGLE = 1 << 16;

    static final int SQRT = 1, FABS = 2, SIN = 3, COS = 4, TAN = 5, ASIN = 6, ACOS = 7, ATAN = 8, SINH = 9, COSH = 10,
            TANH = 11, ASINH = 12, ACOSH = 13, ATANH = 14, EXP = 15, EXP2 = 16, EXP10 = 17, EXPM1 = 18, LOG = 19,
            LOG2 = 20, LOG10 = 21, LOG1P = 22, FLOOR = 23, CEIL = 24, TRUNC = 25, ROUND = 26, RINT = 27, RSQRT = 28,
            CBRT = 29, RCP = 30, SATURATE = 31, IDENTITY = 32, ERF = 33, ERFC = 34;
    static final int POW = 64, ATAN2 = 65, FMIN = 66, FMAX = 67, FMOD = 68, REMAINDER = 69, HYPOT = 70, COPYSIGN = 71,
            FDIM = 72, ADD = 73, SUB = 74, MUL = 75, DIV = 76;
    static final int FMA = 128;

    private static final Map<String, Integer> NAMES = new HashMap<>();

    static {
        both("sqrt", SQRT);
        both("fabs", FABS);
        both("sin", SIN);
        both("cos", COS);
        both("tan", TAN);
        both("asin", ASIN);
        both("acos", ACOS);
        both("atan", ATAN);
        both("sinh", SINH);
        both("cosh", COSH);
        both("tanh", TANH);
        both("asinh", ASINH);
        both("acosh", ACOSH);
        both("atanh", ATANH);
        both("exp", EXP);
        both("exp2", EXP2);
        both("exp10", EXP10);
        both("expm1", EXPM1);
        both("log", LOG);
        both("log2", LOG2);
        both("log10", LOG10);
        both("log1p", LOG1P);
        both("floor", FLOOR);
        both("ceil", CEIL);
        both("trunc", TRUNC);
        both("round", ROUND);
        both("rint", RINT);
        both("nearbyint", RINT);
        both("rsqrt", RSQRT);
        both("cbrt", CBRT);
        both("erf", ERF);
        both("erfc", ERFC);
        both("pow", POW);
        both("atan2", ATAN2);
        both("fmin", FMIN);
        both("fmax", FMAX);
        both("fmod", FMOD);
        both("remainder", REMAINDER);
        both("hypot", HYPOT);
        both("copysign", COPYSIGN);
        both("fdim", FDIM);
        both("fma", FMA);
        // CUDA's fast and explicitly rounded single-precision intrinsics.
        NAMES.put("__fsqrt_rn", SQRT | SINGLE);
        NAMES.put("__fadd_rn", ADD | SINGLE);
        NAMES.put("__fsub_rn", SUB | SINGLE);
        NAMES.put("__fmul_rn", MUL | SINGLE);
        NAMES.put("__fdiv_rn", DIV | SINGLE);
        NAMES.put("__fdividef", DIV | SINGLE);
        NAMES.put("__frcp_rn", RCP | SINGLE);
        NAMES.put("__fmaf_rn", FMA | SINGLE);
        NAMES.put("__expf", EXP | SINGLE);
        NAMES.put("__exp10f", EXP10 | SINGLE);
        NAMES.put("__logf", LOG | SINGLE);
        NAMES.put("__log2f", LOG2 | SINGLE);
        NAMES.put("__log10f", LOG10 | SINGLE);
        NAMES.put("__sinf", SIN | SINGLE);
        NAMES.put("__cosf", COS | SINGLE);
        NAMES.put("__tanf", TAN | SINGLE);
        NAMES.put("__powf", POW | SINGLE);
        NAMES.put("__saturatef", SATURATE | SINGLE);
        NAMES.put("__dadd_rn", ADD);
        NAMES.put("__dsub_rn", SUB);
        NAMES.put("__dmul_rn", MUL);
        NAMES.put("__ddiv_rn", DIV);
        NAMES.put("__dsqrt_rn", SQRT);
        NAMES.put("__fma_rn", FMA);
    }

    /** name (double), namef (float). */
    private static void both(String name, int fn) {
        NAMES.put(name, fn);
        NAMES.put(name + "f", fn | SINGLE);
        NAMES.put("std::" + name, fn);
    }

    static int arity(int fn) {
        int f = fn & 0xFFFF;
        return f >= FMA ? 3 : f >= POW ? 2 : 1;
    }

    /**
     * The function code for an external function, or -1. C++ overloads that share a name (as
     * {@code sqrt(float)}) are told apart by the parameter type.
     */
    static int lookup(Function f) {
        Integer code = NAMES.get(NativeLibrary.cName(f));
        if (code == null) {
            return -1;
        }
        int fn = code;
        int n = arity(fn);
        if (f.params().size() != n || f.variadic()) {
            return -1;
        }
        for (int i = 0; i < n; i++) {
            if (!(f.params().get(i).type() instanceof Type.Float)) {
                return -1;
            }
        }
        if (!(f.returnType() instanceof Type.Float rt)) {
            return -1;
        }
        // The declared result type decides the precision: sqrt(float) in C++ is the float one.
        return rt.bits() == 32 ? fn | SINGLE : fn & ~SINGLE;
    }

    static double apply(int fn, double a, double b, double c) {
        double r = eval(fn & 0xFFFF, a, b, c, (fn & SINGLE) != 0);
        return (fn & SINGLE) != 0 ? F32.round(r) : r;
    }

    private static double eval(int f, double a, double b, double c, boolean single) {
        return switch (f) {
            case SQRT -> Math.sqrt(a);
            case FABS -> Math.abs(a);
            case SIN -> Math.sin(a);
            case COS -> Math.cos(a);
            case TAN -> Math.tan(a);
            case ASIN -> Math.asin(a);
            case ACOS -> Math.acos(a);
            case ATAN -> Math.atan(a);
            case SINH -> Math.sinh(a);
            case COSH -> Math.cosh(a);
            case TANH -> Math.tanh(a);
            case ASINH -> asinh(a);
            case ACOSH -> acosh(a);
            case ATANH -> atanh(a);
            case EXP -> Math.exp(a);
            case EXP2 -> Math.pow(2.0, a);
            case EXP10 -> Math.pow(10.0, a);
            case EXPM1 -> Math.expm1(a);
            case LOG -> Math.log(a);
            case LOG2 -> log2(a);
            case LOG10 -> Math.log10(a);
            case LOG1P -> Math.log1p(a);
            case FLOOR -> Math.floor(a);
            case CEIL -> Math.ceil(a);
            case TRUNC -> a < 0 ? Math.ceil(a) : Math.floor(a);
            case ROUND -> round(a);
            case RINT -> Math.rint(a);
            case RSQRT -> 1.0 / Math.sqrt(a);
            case CBRT -> Math.cbrt(a);
            case RCP -> 1.0 / a;
            case SATURATE -> a != a ? 0.0 : Math.max(0.0, Math.min(1.0, a));
            case IDENTITY -> a;
            case ERF -> erf(a);
            case ERFC -> 1.0 - erf(a);
            case POW -> Math.pow(a, b);
            case ATAN2 -> Math.atan2(a, b);
            case FMIN -> a != a ? b : b != b ? a : Math.min(a, b);
            case FMAX -> a != a ? b : b != b ? a : Math.max(a, b);
            case FMOD -> a % b;
            case REMAINDER -> Math.IEEEremainder(a, b);
            case HYPOT -> Math.hypot(a, b);
            case COPYSIGN -> Math.copySign(a, b);
            case FDIM -> a != a || b != b ? Double.NaN : a > b ? a - b : 0.0;
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case FMA -> single ? fmaSingle(a, b, c) : fmaDouble(a, b, c);
            default -> Double.NaN;
        };
    }

    /** C's round: halfway cases away from zero (Math.round rounds them up). */
    static double round(double x) {
        if (x != x || Double.isInfinite(x)) {
            return x;
        }
        return x < 0 ? -roundPositive(-x) : roundPositive(x);
    }

    private static double roundPositive(double x) {
        double f = Math.floor(x);
        return x - f >= 0.5 ? f + 1.0 : f;
    }

    static double log2(double x) {
        if (x > 0 && !Double.isInfinite(x)) {
            long bits = Double.doubleToRawLongBits(x);
            int exp = (int) ((bits >>> 52) & 0x7FF);
            if (exp != 0) {
                // x = m * 2^e with m in [1, 2): exact for powers of two.
                double m = Double.longBitsToDouble((bits & 0x000FFFFFFFFFFFFFL) | 0x3FF0000000000000L);
                return (exp - 1023) + Math.log(m) / Math.log(2.0);
            }
        }
        return Math.log(x) / Math.log(2.0);
    }

    private static double asinh(double x) {
        double a = Math.abs(x);
        double r = a > 1e8 ? Math.log(a) + Math.log(2.0) : Math.log1p(a + a * a / (1.0 + Math.sqrt(1.0 + a * a)));
        return x < 0 ? -r : r;
    }

    private static double acosh(double x) {
        if (x > 1e8) {
            return Math.log(x) + Math.log(2.0);
        }
        double t = x - 1.0;
        return Math.log1p(t + Math.sqrt(2.0 * t + t * t));
    }

    private static double atanh(double x) {
        return 0.5 * Math.log1p(2.0 * x / (1.0 - x));
    }

    /** erf by its Taylor series near 0 and a continued fraction for erfc further out (double accuracy). */
    static double erf(double x) {
        if (x != x) {
            return x;
        }
        double a = Math.abs(x);
        double r;
        if (a < 2.5) {
            double sum = a;
            double term = a;
            double x2 = a * a;
            for (int n = 1; n < 200; n++) {
                term *= -x2 / n;
                double add = term / (2 * n + 1);
                sum += add;
                if (Math.abs(add) < 1e-17 * Math.abs(sum)) {
                    break;
                }
            }
            r = sum * 2.0 / Math.sqrt(Math.PI);
        } else if (a > 6.0) {
            r = 1.0;
        } else {
            // Lentz's continued fraction for erfc.
            double f = a;
            double cc = a;
            double d = 0;
            for (int n = 1; n < 300; n++) {
                double an = n / 2.0;
                d = a + an * d;
                d = 1.0 / d;
                cc = a + an / cc;
                double delta = cc * d;
                f *= delta;
                if (Math.abs(delta - 1.0) < 1e-16) {
                    break;
                }
            }
            r = 1.0 - Math.exp(-a * a) / (f * Math.sqrt(Math.PI));
        }
        return x < 0 ? -r : r;
    }

    /**
     * fmaf: the product of two floats is exact in double; the sum is rounded once to double, and
     * when that lands exactly halfway between two floats the rounding error decides the direction,
     * so the final rounding to float is correct.
     */
    static double fmaSingle(double a, double b, double c) {
        double p = a * b;
        double s = p + c;
        if (Double.isInfinite(s) || s != s || s == 0) {
            return s;
        }
        double bb = s - p;
        double err = (p - (s - bb)) + (c - bb);
        if (err != 0) {
            long bits = Double.doubleToRawLongBits(s);
            // A float midpoint has exactly bit 28 set below the float's 24 significant bits.
            if ((bits & 0x1FFFFFFFL) == 0x10000000L) {
                s = Math.nextAfter(s, err > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
            }
        }
        return s;
    }

    /**
     * fma on doubles. Contraction makes it as common as a multiply, so the usual case avoids
     * BigDecimal: Boldo and Melquiond's emulation (2008) splits the product exactly (Dekker), adds
     * the addend exactly (TwoSum), and rounds the two error terms to odd before the last rounding,
     * which makes that rounding correct. Exponents far from 1 (where the split could overflow or
     * the error terms underflow) take the exact BigDecimal path.
     */
    static double fmaDouble(double a, double b, double c) {
        int ea = Math.getExponent(a);
        int eb = Math.getExponent(b);
        int ec = Math.getExponent(c);
        if (ea > -400 && ea < 400 && eb > -400 && eb < 400 && ec > -800 && ec < 800 && a != 0 && b != 0 && c != 0) {
            double uh = a * b;
            double ul = twoProductError(a, b, uh);
            double th = c + uh;
            double bb = th - c;
            double tl = (c - (th - bb)) + (uh - bb);
            return th + addRoundToOdd(tl, ul);
        }
        return fmaDoubleExact(a, b, c);
    }

    /** The exact error {@code a * b - p} of the rounded product {@code p} (Dekker's split; Java never fuses). */
    private static double twoProductError(double a, double b, double p) {
        double ca = 134217729.0 * a;
        double ah = ca - (ca - a);
        double al = a - ah;
        double cb = 134217729.0 * b;
        double bh = cb - (cb - b);
        double bl = b - bh;
        return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    }

    /** {@code x + y} rounded to odd: an inexact sum takes the neighbour with an odd last bit. */
    private static double addRoundToOdd(double x, double y) {
        double s = x + y;
        double bb = s - x;
        double err = (x - (s - bb)) + (y - bb);
        if (err != 0 && (Double.doubleToRawLongBits(s) & 1) == 0) {
            s = Math.nextAfter(s, err > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
        }
        return s;
    }

    static double fmaDoubleExact(double a, double b, double c) {
        if (Double.isInfinite(c) && Double.isFinite(a) && Double.isFinite(b)) {
            return c; // the exact product is finite even where a * b would overflow
        }
        if (Double.isNaN(a) || Double.isNaN(b) || Double.isNaN(c) || Double.isInfinite(a) || Double.isInfinite(b)
                || Double.isInfinite(c) || a == 0 || b == 0) {
            return a * b + c;
        }
        if (c == 0) {
            return a * b;
        }
        BigDecimal exact = new BigDecimal(a).multiply(new BigDecimal(b)).add(new BigDecimal(c));
        if (exact.signum() == 0) {
            return 0.0;
        }
        return exact.doubleValue();
    }
}
