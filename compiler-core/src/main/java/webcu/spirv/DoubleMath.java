package webcu.spirv;

import java.util.Set;

/**
 * Double-precision math that GLSL.std.450 leaves out (its Exp, Log, Sin, Pow … take 16- and
 * 32-bit floats only), written once over {@link Ops} so that the same algorithm is emitted as SPIR-V
 * ({@link SpirvDoubleOps}) and evaluated in Java by the accuracy test ({@code DoubleMathTest}
 * measures every function against {@link StrictMath}, which is fdlibm).
 *
 * <p>Accuracy contract (IEEE doubles; fused or unfused {@code Fma}: exact products are Dekker's), in ulps from
 * fdlibm, which is itself within 1 ulp: 1 for exp, exp2, exp10, log, log1p, pow, atan, atan2 and
 * cbrt; 2 for expm1, log2, log10, sinh, cosh, hypot, sin and cos; 3 for tanh, asin and acos
 * (the last two through atan2 of a square root); 4 for tan. sin, cos and tan only for |x| below 2^20·π/2,
 * where a three-part Cody–Waite reduction is exact enough: CUDA reduces larger arguments by
 * Payne–Hanek, here their error grows with |x| (meaningless beyond about 2^50). Special values
 * (±0, ±inf, NaN, pow's C99 cases) are C's. Branch-free: every case is computed and selected, so
 * the code is straight-line SPIR-V.
 */
final class DoubleMath {
    private DoubleMath() {
    }

    /** The double functions done here, by C name (the result and the arguments are double). */
    static final Set<String> FUNCTIONS = Set.of("exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "pow", "sin",
            "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "cbrt", "hypot");

    /** Doubles {@code T} and booleans {@code B} of one evaluator. */
    interface Ops<T, B> {
        T c(double v);

        T add(T a, T b);

        T sub(T a, T b);

        T mul(T a, T b);

        T div(T a, T b);

        /** {@code a * b + c}, fused or not: the algorithms need neither (lavapipe's is not fused). */
        T fma(T a, T b, T c);

        T neg(T a);

        T abs(T a);

        T sqrt(T a);

        /** Round to the nearest integer, ties to even. */
        T rint(T a);

        T floor(T a);

        T select(B c, T a, T b);

        B lt(T a, T b);

        B gt(T a, T b);

        B eq(T a, T b);

        B isNan(T a);

        B signBit(T a);

        B and(B a, B b);

        B or(B a, B b);

        B not(B a);

        /** {@code x * 2^k} for an integral {@code k}, |k| <= 2044, rounded once. */
        T scalb(T x, T k);

        /** The unbiased binary exponent of a positive normal {@code x}. */
        T exponent(T x);

        /** A positive normal {@code x} with its exponent set to 0: in [1, 2). */
        T significand(T x);

        /** {@code mag} with the sign of {@code sign}. */
        T copySign(T mag, T sign);

        /** Whether the last bit of {@code s}'s significand is 1. */
        B odd(T s);

        /** The neighbour of a finite nonzero {@code s}: away from zero where {@code away}, else toward it. */
        T step(T s, B away);
    }

    /**
     * The rounding error of {@code p = a * b}: {@code a * b - p} exactly (Dekker's product with
     * Veltkamp's split), by rounded adds and multiplies alone, as long as nothing overflows.
     */
    static <T, B> T productError(Ops<T, B> o, T a, T b, T p) {
        T split = o.c(134217729); // 2^27 + 1
        T ca = o.mul(a, split);
        T ah = o.sub(ca, o.sub(ca, a));
        T al = o.sub(a, ah);
        T cb = o.mul(b, split);
        T bh = o.sub(cb, o.sub(cb, b));
        T bl = o.sub(b, bh);
        return o.add(o.add(o.add(o.sub(o.mul(ah, bh), p), o.mul(ah, bl)), o.mul(al, bh)), o.mul(al, bl));
    }

    /**
     * {@code x + y} rounded to odd: the rounded sum, moved to its odd neighbour toward the exact sum
     * where it is inexact and even (TwoSum's error says which). Rounding that once more to a format
     * of at most 51 bits rounds x + y correctly (Boldo and Melquiond); not for infinite or NaN sums.
     */
    static <T, B> T sumToOdd(Ops<T, B> o, T x, T y) {
        T s = o.add(x, y);
        T ss = o.sub(s, y);
        T st = o.add(o.sub(x, ss), o.sub(y, o.sub(s, ss)));
        B sameSign = o.not(o.or(o.and(o.signBit(st), o.not(o.signBit(s))), o.and(o.signBit(s), o.not(o.signBit(st)))));
        B inexact = o.and(o.not(o.eq(st, o.c(0))), o.not(o.isNan(st)));
        return o.select(o.and(inexact, o.not(o.odd(s))), o.step(s, sameSign), s);
    }

    /**
     * {@code a * b + c} rounded once, as CUDA's fma, without a fused instruction (Vulkan does not
     * promise one): Boldo and Melquiond's emulation, an exact product and sum whose tail is added
     * rounded to odd. Where the product overflows or comes near underflow (|a·b| outside
     * [2^-960, 2^990]) or an operand is not finite, the unfused {@code a * b + c} (within 1 ulp).
     */
    static <T, B> T fmaExact(Ops<T, B> o, T a, T b, T c) {
        T uh = o.mul(a, b);
        T ul = productError(o, a, b, uh);
        T th = o.add(c, uh);
        T cc = o.sub(th, uh);
        T tl = o.add(o.sub(c, cc), o.sub(uh, o.sub(th, cc)));
        T r = o.add(th, sumToOdd(o, tl, ul));
        T au = o.abs(uh);
        T inf = o.c(Double.POSITIVE_INFINITY);
        B safe = o.and(o.and(o.lt(au, o.c(0x1p990)), o.gt(au, o.c(0x1p-960))),
                o.and(o.lt(o.abs(c), inf), o.lt(o.abs(th), o.c(0x1p1000))));
        return o.select(safe, r, o.add(uh, c));
    }

    private static final double LN2_HI = 0.6931471803691238; // 32 bits: k * LN2_HI is exact
    private static final double LN2_LO = 1.9082149292705877e-10;
    private static final double LN2 = 0.6931471805599453;
    private static final double LN2_TAIL = 2.3190468138462996e-17;
    private static final double INV_LN2 = 1.4426950408889634;
    private static final double INV_LN2_TAIL = 2.0355273740931033e-17;
    private static final double LN10 = 2.302585092994046;
    private static final double LN10_TAIL = -2.1707562233822494e-16;
    private static final double INV_LN10 = 0.4342944819032518;
    private static final double INV_LN10_TAIL = 1.098319650216765e-17;
    private static final double LOG10_2 = 0.3010299956639812;
    private static final double LOG10_2_TAIL = -2.8037281277851704e-18;
    // π/2 in three parts, the first two of 33 bits, so that k * part is exact for |k| < 2^20
    private static final double PIO2_1 = 1.5707963267341256;
    private static final double PIO2_2 = 6.077100506303966e-11;
    private static final double PIO2_3 = 2.0222662487959506e-21;
    private static final double TWO_OVER_PI = 0.6366197723675814;
    private static final double PI = 3.141592653589793;
    private static final double PI_TAIL = 1.2246467991473532e-16;
    private static final double PIO4 = 0.7853981633974483;
    /** atan of 0.5, 1, 1.5 and infinity, each a double and its remainder. */
    private static final double[] ATAN_HI = {0.4636476090008061, 0.7853981633974483, 0.982793723247329, 1.5707963267948966};
    private static final double[] ATAN_LO = {2.2698777452961687e-17, 3.061616997868383e-17, 1.3903311031230998e-17,
        6.123233995736766e-17};

    /** The Taylor coefficients 1/2!, 1/3! … 1/14! of expm1 after its linear term. */
    private static final double[] EXPM1 = new double[13];
    /** 1/3, 1/5 … 1/25: 2·atanh(s) = 2s + 2s·z·(1/3 + z/5 + …), z = s². */
    private static final double[] ATANH = new double[12];
    /** -1/3, 1/5, -1/7 … : atan(t) = t + t·z·(…), |t| <= 7/16. */
    private static final double[] ATAN = new double[23];
    /** -1/3!, 1/5! … -1/19!: sin(r) = r + r·z·(…). */
    private static final double[] SIN = new double[9];
    /** -1/2!, 1/4! … 1/20!: cos(r) = 1 + z·(…). */
    private static final double[] COS = new double[10];

    static {
        double f = 1;
        for (int i = 2; i <= 14; i++) {
            f *= i;
            EXPM1[i - 2] = 1 / f;
        }
        for (int i = 0; i < ATANH.length; i++) {
            ATANH[i] = 1.0 / (2 * i + 3);
        }
        for (int i = 0; i < ATAN.length; i++) {
            ATAN[i] = (i % 2 == 0 ? -1.0 : 1.0) / (2 * i + 3);
        }
        // factorials by exact products: 20! < 2^62 fits a long
        long fact = 1;
        for (int i = 1; i <= 20; i++) {
            fact *= i;
            if (i % 2 == 1 && i >= 3) {
                SIN[(i - 3) / 2] = (((i - 3) / 2) % 2 == 0 ? -1.0 : 1.0) / fact;
            } else if (i % 2 == 0) {
                COS[(i - 2) / 2] = (((i - 2) / 2) % 2 == 0 ? -1.0 : 1.0) / fact;
            }
        }
    }

    /** {@code f} applied to {@code args} by name (one of {@link #FUNCTIONS}). */
    static <T, B> T call(Ops<T, B> o, String f, java.util.List<T> args) {
        T x = args.get(0);
        return switch (f) {
            case "exp" -> exp(o, x, o.c(0));
            case "exp2" -> {
                T h = o.mul(x, o.c(LN2));
                yield exp(o, h, o.add(o.mul(x, o.c(LN2_TAIL)), productError(o, x, o.c(LN2), h)));
            }
            case "exp10" -> {
                T h = o.mul(x, o.c(LN10));
                yield exp(o, h, o.add(o.mul(x, o.c(LN10_TAIL)), productError(o, x, o.c(LN10), h)));
            }
            case "expm1" -> expm1(o, x);
            case "log", "log2", "log10" -> log(o, x, f);
            case "log1p" -> log1p(o, x);
            case "pow" -> pow(o, x, args.get(1));
            case "sin", "cos", "tan" -> trig(o, x, f);
            case "asin", "acos" -> {
                T root = o.sqrt(o.mul(o.sub(o.c(1), x), o.add(o.c(1), x)));
                yield f.equals("asin") ? atan2(o, x, root) : atan2(o, root, x);
            }
            case "atan" -> o.copySign(atan(o, o.abs(x)), x);
            case "atan2" -> atan2(o, x, args.get(1));
            case "sinh", "cosh" -> hyperbolic(o, x, f.equals("sinh"));
            case "tanh" -> tanh(o, x);
            case "cbrt" -> cbrt(o, x);
            case "hypot" -> hypot(o, x, args.get(1));
            default -> throw new IllegalArgumentException(f);
        };
    }

    private static <T, B> T horner(Ops<T, B> o, T z, double[] coefficients) {
        T p = o.c(coefficients[coefficients.length - 1]);
        for (int i = coefficients.length - 2; i >= 0; i--) {
            p = o.fma(p, z, o.c(coefficients[i]));
        }
        return p;
    }

    /** e^r - 1 for |r| <= ln2/2 (and a little): r + r²·(1/2 + r/6 + …), the truncation below 1e-19. */
    private static <T, B> T expm1Small(Ops<T, B> o, T r) {
        return o.fma(o.mul(r, r), horner(o, r, EXPM1), r);
    }

    /** {@code x} clamped to ±750 (beyond which e^x is 0 or inf anyway); NaN stays NaN. */
    private static <T, B> T clampExp(Ops<T, B> o, T x) {
        return o.select(o.gt(x, o.c(750)), o.c(750), o.select(o.lt(x, o.c(-750)), o.c(-750), x));
    }

    /** The k and r of x = k·ln2 + r, |r| <= ln2/2; {@code lo} a small addend to x (a double-double's tail). */
    private static <T, B> java.util.List<T> reduceExp(Ops<T, B> o, T x, T lo) {
        T xc = clampExp(o, x);
        T tail = o.select(o.lt(o.abs(x), o.c(750)), lo, o.c(0));
        T k = o.rint(o.mul(xc, o.c(INV_LN2)));
        T r = o.fma(o.neg(k), o.c(LN2_HI), xc);
        r = o.add(o.fma(o.neg(k), o.c(LN2_LO), r), tail);
        return java.util.List.of(k, r);
    }

    /** e^(hi + lo): the reduction, the polynomial, and the scale by 2^k, which overflows or underflows as it should. */
    static <T, B> T exp(Ops<T, B> o, T hi, T lo) {
        java.util.List<T> kr = reduceExp(o, hi, lo);
        return o.scalb(o.add(o.c(1), expm1Small(o, kr.get(1))), kr.get(0));
    }

    private static <T, B> T expm1(Ops<T, B> o, T x) {
        java.util.List<T> kr = reduceExp(o, x, o.c(0));
        T k = kr.get(0);
        T em = expm1Small(o, kr.get(1));
        // 2^k·em + (2^k - 1); for large k, 2^k alone would overflow before e^x does
        T small = o.add(o.scalb(em, k), o.sub(o.scalb(o.c(1), k), o.c(1)));
        T large = o.sub(o.scalb(o.add(o.c(1), em), k), o.c(1));
        T r = o.select(o.gt(k, o.c(56)), large, small);
        return o.select(o.eq(x, o.c(0)), x, r); // keeps -0
    }

    /**
     * log(x) of a positive finite x as {e, h, l}: x = 2^e·m, log(m) = h + l with |h| <= ln2/2,
     * from 2·atanh(s), s = (m - 1)/(m + 1) carried to twice double precision.
     */
    private static <T, B> java.util.List<T> logParts(Ops<T, B> o, T x) {
        B sub = o.lt(x, o.c(0x1p-1022));
        T xs = o.select(sub, o.mul(x, o.c(0x1p54)), x);
        T e = o.add(o.exponent(xs), o.select(sub, o.c(-54), o.c(0)));
        T m = o.significand(xs);
        B big = o.gt(m, o.c(1.4142135623730951));
        m = o.select(big, o.mul(m, o.c(0.5)), m);
        e = o.select(big, o.add(e, o.c(1)), e);
        T u = o.sub(m, o.c(1));
        T d = o.add(o.c(2), u);
        T dl = o.sub(u, o.sub(d, o.c(2)));
        T s = o.div(u, d);
        T sd = o.mul(s, d);
        T residual = o.sub(o.sub(o.sub(u, sd), productError(o, s, d, sd)), o.mul(s, dl));
        T sl = o.div(residual, d);
        T z = o.mul(s, s);
        T s2 = o.add(s, s);
        T tail = o.mul(s2, o.mul(z, horner(o, z, ATANH)));
        return java.util.List.of(e, s2, o.add(o.add(sl, sl), tail));
    }

    /** {h, l} with h + l = e·ln2 + mh + ml, h = the rounded sum. */
    private static <T, B> java.util.List<T> logDouble(Ops<T, B> o, java.util.List<T> p) {
        T a = o.mul(p.get(0), o.c(LN2_HI));
        T b = p.get(1);
        T h = o.add(a, b);
        T bb = o.sub(h, a);
        T err = o.add(o.sub(a, o.sub(h, bb)), o.sub(b, bb));
        T l = o.add(err, o.add(o.mul(p.get(0), o.c(LN2_LO)), p.get(2)));
        T h2 = o.add(h, l);
        return java.util.List.of(h2, o.sub(l, o.sub(h2, h)));
    }

    /** The special results of a logarithm: NaN below 0, -inf at 0, inf at inf; else {@code r}. */
    private static <T, B> T logSpecial(Ops<T, B> o, T x, T r) {
        r = o.select(o.eq(x, o.c(Double.POSITIVE_INFINITY)), x, r);
        r = o.select(o.eq(x, o.c(0)), o.c(Double.NEGATIVE_INFINITY), r);
        return o.select(o.or(o.lt(x, o.c(0)), o.isNan(x)), o.c(Double.NaN), r);
    }

    private static <T, B> T log(Ops<T, B> o, T x, String base) {
        java.util.List<T> p = logParts(o, x);
        T e = p.get(0);
        T mh = p.get(1);
        T ml = p.get(2);
        T r = switch (base) {
            case "log" -> logDouble(o, p).get(0);
            case "log2" -> {
                // e + log(m)/ln2: exact for powers of two
                T t = o.mul(mh, o.c(INV_LN2));
                T tl = o.add(productError(o, mh, o.c(INV_LN2), t), o.add(o.mul(mh, o.c(INV_LN2_TAIL)), o.mul(ml, o.c(INV_LN2))));
                T h = o.add(e, t);
                yield o.add(h, o.add(o.sub(t, o.sub(h, e)), tl));
            }
            default -> {
                T a = o.mul(e, o.c(LOG10_2));
                T al = productError(o, e, o.c(LOG10_2), a);
                T t = o.mul(mh, o.c(INV_LN10));
                T tl = productError(o, mh, o.c(INV_LN10), t);
                T h = o.add(a, t);
                T bb = o.sub(h, a);
                T err = o.add(o.sub(a, o.sub(h, bb)), o.sub(t, bb));
                T small = o.add(o.add(al, tl), o.add(o.add(o.mul(e, o.c(LOG10_2_TAIL)), o.mul(mh, o.c(INV_LN10_TAIL))),
                        o.mul(ml, o.c(INV_LN10))));
                yield o.add(h, o.add(err, small));
            }
        };
        return logSpecial(o, x, r);
    }

    private static <T, B> T log1p(Ops<T, B> o, T x) {
        T u = o.add(o.c(1), x);
        T correction = o.div(o.sub(x, o.sub(u, o.c(1))), u); // what rounding 1 + x lost, as log's derivative scales it
        T r = o.add(logDouble(o, logParts(o, u)).get(0), correction);
        r = o.select(o.eq(u, o.c(1)), x, r);
        return logSpecial(o, u, r);
    }

    private static <T, B> T pow(Ops<T, B> o, T x, T y) {
        T ax = o.abs(x);
        java.util.List<T> l = logDouble(o, logParts(o, ax));
        B finite = o.and(o.gt(ax, o.c(0)), o.lt(ax, o.c(Double.POSITIVE_INFINITY)));
        T h = logSpecial(o, ax, l.get(0));
        T lo = o.select(finite, l.get(1), o.c(0));
        T p = o.mul(y, h);
        T pl = o.add(productError(o, y, h, p), o.mul(y, lo));
        T r = exp(o, p, o.select(o.isNan(pl), o.c(0), pl));
        B integral = o.eq(o.floor(y), y);
        T half = o.mul(y, o.c(0.5));
        B odd = o.and(integral, o.not(o.eq(o.floor(half), half)));
        r = o.select(o.and(o.signBit(x), odd), o.neg(r), r);
        B negativeFinite = o.and(o.lt(x, o.c(0)), o.gt(x, o.c(Double.NEGATIVE_INFINITY)));
        r = o.select(o.and(negativeFinite, o.not(integral)), o.c(Double.NaN), r);
        // x^y with |x| = 1 and y infinite is 1 for x = -1 and for x = 1 (any y); x^0 = 1 for any x
        r = o.select(o.and(o.eq(ax, o.c(1)), o.eq(o.abs(y), o.c(Double.POSITIVE_INFINITY))), o.c(1), r);
        r = o.select(o.eq(x, o.c(1)), o.c(1), r);
        return o.select(o.eq(y, o.c(0)), o.c(1), r);
    }

    private static <T, B> T trig(Ops<T, B> o, T x, String f) {
        T k = o.rint(o.mul(x, o.c(TWO_OVER_PI)));
        T r = o.fma(o.neg(k), o.c(PIO2_1), x);
        r = o.fma(o.neg(k), o.c(PIO2_2), r);
        r = o.fma(o.neg(k), o.c(PIO2_3), r);
        T z = o.mul(r, r);
        T s = o.fma(o.mul(r, z), horner(o, z, SIN), r);
        T c = o.fma(z, horner(o, z, COS), o.c(1));
        T q = o.sub(k, o.mul(o.c(4), o.floor(o.mul(k, o.c(0.25))))); // k mod 4, exact
        B q1 = o.eq(q, o.c(1));
        B q2 = o.eq(q, o.c(2));
        B q3 = o.eq(q, o.c(3));
        B odd = o.or(q1, q3);
        T r2 = switch (f) {
            case "sin" -> o.select(q1, c, o.select(q2, o.neg(s), o.select(q3, o.neg(c), s)));
            case "cos" -> o.select(q1, o.neg(s), o.select(q2, o.neg(c), o.select(q3, s, c)));
            default -> o.select(odd, o.neg(o.div(c, s)), o.div(s, c));
        };
        return f.equals("cos") ? r2 : o.select(o.eq(x, o.c(0)), x, r2); // sin(-0) = tan(-0) = -0
    }

    /** atan of a non-negative (or NaN) {@code a}: fdlibm's breakpoints, then the series on |t| <= 7/16. */
    private static <T, B> T atan(Ops<T, B> o, T a) {
        B b0 = o.lt(a, o.c(0.4375));
        B b1 = o.lt(a, o.c(0.6875));
        B b2 = o.lt(a, o.c(1.1875));
        B b3 = o.lt(a, o.c(2.4375));
        T one = o.c(1);
        T t = o.select(b1, o.div(o.sub(o.add(a, a), one), o.add(o.c(2), a)),
                o.select(b2, o.div(o.sub(a, one), o.add(a, one)),
                        o.select(b3, o.div(o.sub(a, o.c(1.5)), o.fma(o.c(1.5), a, one)), o.neg(o.div(one, a)))));
        t = o.select(b0, a, t);
        T hi = o.select(b1, o.c(ATAN_HI[0]), o.select(b2, o.c(ATAN_HI[1]), o.select(b3, o.c(ATAN_HI[2]), o.c(ATAN_HI[3]))));
        T lo = o.select(b1, o.c(ATAN_LO[0]), o.select(b2, o.c(ATAN_LO[1]), o.select(b3, o.c(ATAN_LO[2]), o.c(ATAN_LO[3]))));
        T z = o.mul(t, t);
        T tail = o.mul(o.mul(t, z), horner(o, z, ATAN));
        T reduced = o.add(hi, o.add(t, o.add(tail, lo)));
        return o.select(b0, o.add(t, tail), reduced);
    }

    private static <T, B> T atan2(Ops<T, B> o, T y, T x) {
        T ay = o.abs(y);
        T ax = o.abs(x);
        T inf = o.c(Double.POSITIVE_INFINITY);
        T t = atan(o, o.div(ay, ax));
        t = o.select(o.and(o.eq(ay, inf), o.eq(ax, inf)), o.c(PIO4), t);
        t = o.select(o.and(o.eq(ay, o.c(0)), o.eq(ax, o.c(0))), o.c(0), t);
        T back = o.add(o.sub(o.c(PI_TAIL), t), o.c(PI)); // π - t
        T r = o.select(o.signBit(x), back, t);
        r = o.copySign(r, y);
        return o.select(o.or(o.isNan(x), o.isNan(y)), o.c(Double.NaN), r);
    }

    private static <T, B> T hyperbolic(Ops<T, B> o, T x, boolean sinh) {
        T a = o.abs(x);
        T r;
        if (sinh) {
            T em = expm1(o, a);
            r = o.mul(o.c(0.5), o.add(em, o.div(em, o.add(em, o.c(1)))));
        } else {
            T e = exp(o, a, o.c(0));
            r = o.mul(o.c(0.5), o.add(e, o.div(o.c(1), e)));
        }
        // near the top e^|x| overflows before the result does: (e^(|x|/2) / 2) · e^(|x|/2)
        T h = exp(o, o.mul(a, o.c(0.5)), o.c(0));
        r = o.select(o.gt(a, o.c(709)), o.mul(o.mul(o.c(0.5), h), h), r);
        return sinh ? o.select(o.eq(x, o.c(0)), x, o.copySign(r, x)) : r;
    }

    private static <T, B> T tanh(Ops<T, B> o, T x) {
        T a = o.abs(x);
        // fdlibm's two forms: -t/(t + 2) of t = e^(-2|x|) - 1 below 1, 1 - 2/(t + 2) of t = e^(2|x|) - 1 above
        B small = o.lt(a, o.c(1));
        T t = expm1(o, o.select(small, o.mul(a, o.c(-2)), o.add(a, a)));
        T r = o.select(small, o.neg(o.div(t, o.add(t, o.c(2)))), o.sub(o.c(1), o.div(o.c(2), o.add(t, o.c(2)))));
        r = o.select(o.gt(a, o.c(22)), o.c(1), r);
        return o.select(o.eq(x, o.c(0)), x, o.copySign(r, x));
    }

    private static <T, B> T cbrt(Ops<T, B> o, T x) {
        T a = o.abs(x);
        java.util.List<T> l = logDouble(o, logParts(o, a));
        T h = o.div(l.get(0), o.c(3));
        T h3 = o.mul(h, o.c(3));
        T lo = o.div(o.add(o.sub(o.sub(l.get(0), h3), productError(o, h, o.c(3), h3)), l.get(1)), o.c(3));
        T r = o.copySign(exp(o, h, lo), x);
        B special = o.or(o.or(o.eq(a, o.c(0)), o.eq(a, o.c(Double.POSITIVE_INFINITY))), o.isNan(x));
        return o.select(special, x, r);
    }

    private static <T, B> T hypot(Ops<T, B> o, T x, T y) {
        T a = o.abs(x);
        T b = o.abs(y);
        B aBig = o.gt(a, b);
        T big = o.select(aBig, a, b);
        T small = o.select(aBig, b, a);
        T q = o.div(small, big);
        T r = o.mul(big, o.sqrt(o.fma(q, q, o.c(1))));
        r = o.select(o.eq(big, o.c(0)), o.c(0), r);
        r = o.select(o.or(o.isNan(x), o.isNan(y)), o.c(Double.NaN), r);
        T inf = o.c(Double.POSITIVE_INFINITY);
        return o.select(o.or(o.eq(a, inf), o.eq(b, inf)), inf, r);
    }
}
