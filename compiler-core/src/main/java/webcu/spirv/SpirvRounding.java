package webcu.spirv;

import webcu.ir.Type;

/**
 * CUDA's exactly rounded float helpers where Vulkan's instructions are not exact: {@code __fdiv_rn}
 * and {@code __frcp_rn} (Vulkan's OpFDiv is within 2.5 ulp), the directed-rounding conversions
 * ({@code __int2float_rz}, {@code __double2float_ru} …; Vulkan rounds conversions to nearest),
 * {@code __fsqrt_rn} (Vulkan's Sqrt is within 3 ulp), and {@code cbrtf}, {@code hypotf},
 * {@code expm1f}, {@code log1pf}. The algorithms are the WGSL target's ({@code webcu_div_rn},
 * {@code webcu_i32_to_f32_rz}, {@code webcu_cbrtf}): the hardware's result, then the neighbour
 * that the exact residual or a comparison with the source says is the right one. They rely only on
 * float adds, subtracts and multiplies being correctly rounded, which Vulkan promises.
 */
final class SpirvRounding {
    private SpirvRounding() {
    }

    private static int exact(SpirvModule m, int id) {
        m.decorate(id, "NoContraction");
        return id;
    }

    /**
     * {@code a - q * b} exactly for floats (Dekker's product with a 12-bit split), where
     * {@code q * b} is close enough to {@code a} for the difference to be exact.
     */
    private static int residual(SpirvValues v, int a, int q, int b) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        int ft = v.types().plain(Type.F32);
        int split = m.constantF32(4097);
        int p = exact(m, f.value("OpFMul", ft, q, b));
        int cq = exact(m, f.value("OpFMul", ft, q, split));
        int qh = exact(m, f.value("OpFSub", ft, cq, exact(m, f.value("OpFSub", ft, cq, q))));
        int ql = exact(m, f.value("OpFSub", ft, q, qh));
        int cb = exact(m, f.value("OpFMul", ft, b, split));
        int bh = exact(m, f.value("OpFSub", ft, cb, exact(m, f.value("OpFSub", ft, cb, b))));
        int bl = exact(m, f.value("OpFSub", ft, b, bh));
        int e = exact(m, f.value("OpFSub", ft, exact(m, f.value("OpFMul", ft, qh, bh)), p));
        e = exact(m, f.value("OpFAdd", ft, e, exact(m, f.value("OpFMul", ft, qh, bl))));
        e = exact(m, f.value("OpFAdd", ft, e, exact(m, f.value("OpFMul", ft, ql, bh))));
        e = exact(m, f.value("OpFAdd", ft, e, exact(m, f.value("OpFMul", ft, ql, bl))));
        return exact(m, f.value("OpFSub", ft, exact(m, f.value("OpFSub", ft, a, p)), e));
    }

    /** The float whose bits are {@code x}'s plus {@code d} (a signed constant). */
    private static int offset(SpirvValues v, int x, int d) {
        SpirvModule.Function f = v.function();
        int u32 = v.types().u32();
        return f.value("OpBitcast", v.types().plain(Type.F32), f.value("OpIAdd", u32, f.value("OpBitcast", u32, x),
                v.module().constantU32(d)));
    }

    /** {@code a / b} rounded to nearest: of the quotient and its four nearest neighbours, the one with the smallest residual. */
    static int divide(SpirvValues v, int a, int b) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        int ft = v.types().plain(Type.F32);
        int u32 = v.types().u32();
        int bool = v.types().bool();
        int q = f.value("OpFDiv", ft, a, b);
        int best = q;
        int err = f.ext(ft, "FAbs", residual(v, a, q, b));
        for (int d : new int[] {-2, -1, 1, 2}) {
            int c = offset(v, q, d);
            int e = f.ext(ft, "FAbs", residual(v, a, c, b));
            int better = f.value("OpFOrdLessThan", bool, e, err);
            best = f.value("OpSelect", ft, better, c, best);
            err = f.value("OpSelect", ft, better, e, err);
        }
        // outside [2^-100, 2^100] (operands or quotient) the products may leave the float range: the hardware's quotient
        int inRange = m.constantBool(true);
        for (int x : new int[] {a, b, q}) {
            int bits = f.value("OpBitwiseAnd", u32, f.value("OpBitcast", u32, x), m.constantU32(0x7fffffff));
            int ok = f.value("OpLogicalAnd", bool, f.value("OpUGreaterThanEqual", bool, bits, m.constantU32(0x0d800000)),
                    f.value("OpULessThan", bool, bits, m.constantU32(0x71800000)));
            inRange = f.value("OpLogicalAnd", bool, inRange, ok);
        }
        return f.value("OpSelect", ft, inRange, best, q);
    }

    /**
     * An int, unsigned or double {@code x} to float, rounded toward zero ({@code z}), up ({@code u})
     * or down ({@code d}): the nearest float, moved one step where it lies on the wrong side of {@code x}.
     */
    static int narrow(SpirvValues v, int x, Type from, char mode) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        int ft = v.types().plain(Type.F32);
        int bool = v.types().bool();
        int u32 = v.types().u32();
        int near = v.convert(x, from, Type.F32);
        int below; // the float is below x in value
        int above;
        int negative; // x < 0
        if (from instanceof Type.Float) {
            int back = v.convert(near, Type.F32, from); // exact
            below = f.value("OpFOrdLessThan", bool, back, x);
            above = f.value("OpFOrdGreaterThan", bool, back, x);
            negative = f.value("OpFOrdLessThan", bool, x, v.value(new webcu.ir.Expr.FloatConst((Type.Float) from, 0)));
        } else {
            // magnitudes compared as u32, as webcu_i32_to_f32_rz does; an unsigned x may round up to 2^32, beyond u32
            boolean signed = ((Type.Int) from).signed();
            negative = signed ? f.value("OpSLessThan", bool, x, m.constantI32(0)) : m.constantBool(false);
            int ax = f.value("OpBitcast", u32, signed ? f.value("OpSelect", v.types().plain(from), negative,
                    f.value("OpSNegate", v.types().plain(from), x), x) : x);
            int mag = f.ext(ft, "FAbs", near);
            int big = f.value("OpFOrdGreaterThanEqual", bool, mag, m.constantF32(4294967296.0f));
            int af = f.value("OpConvertFToU", u32, f.value("OpSelect", ft, big, m.constantF32(0), mag));
            int smaller = f.value("OpLogicalAnd", bool, f.value("OpLogicalNot", bool, big), f.value("OpULessThan", bool, af, ax));
            int larger = f.value("OpLogicalOr", bool, big, f.value("OpUGreaterThan", bool, af, ax));
            below = f.value("OpSelect", bool, negative, larger, smaller);
            above = f.value("OpSelect", bool, negative, smaller, larger);
        }
        int signBit = f.value("OpINotEqual", bool, f.value("OpShiftRightLogical", u32, f.value("OpBitcast", u32, near),
                m.constantU32(31)), m.constantU32(0));
        // one step up in value: +1 on the bits of a positive float, -1 on a negative one (the reverse for down)
        int up = f.value("OpSelect", ft, signBit, offset(v, near, -1), offset(v, near, 1));
        int down = f.value("OpSelect", ft, signBit, offset(v, near, 1), offset(v, near, -1));
        return switch (mode) {
            case 'u' -> f.value("OpSelect", ft, below, up, near);
            case 'd' -> f.value("OpSelect", ft, above, down, near);
            default -> f.value("OpSelect", ft, f.value("OpSelect", bool, negative, below, above), offset(v, near, -1), near);
        };
    }

    /** cbrtf: pow(|x|, 1/3) and one Newton step, the sign put back; ±0, ±inf and NaN as they are. */
    static int cbrtf(SpirvValues v, int x) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        int ft = v.types().plain(Type.F32);
        int bool = v.types().bool();
        int a = f.ext(ft, "FAbs", x);
        int y = f.ext(ft, "Pow", a, m.constantF32(1.0f / 3.0f));
        int yy = exact(m, f.value("OpFMul", ft, y, y));
        int num = exact(m, f.value("OpFSub", ft, exact(m, f.value("OpFMul", ft, yy, y)), a));
        int den = exact(m, f.value("OpFMul", ft, m.constantF32(3), yy));
        y = exact(m, f.value("OpFSub", ft, y, f.value("OpFDiv", ft, num, den)));
        int signed = f.value("OpSelect", ft, f.value("OpFOrdLessThan", bool, x, m.constantF32(0)),
                f.value("OpFNegate", ft, y), y);
        int special = f.value("OpLogicalOr", bool, f.value("OpLogicalOr", bool, f.value("OpFOrdEqual", bool, a, m.constantF32(0)),
                f.value("OpIsInf", bool, x)), f.value("OpIsNan", bool, x));
        return f.value("OpSelect", ft, special, x, signed);
    }

    /**
     * {@code __fsqrt_rn}: of the hardware's root and its neighbours, the largest c with c² <= x,
     * rounded up where x lies above the midpoint's square (x - c² > c·ulp, both sides exact).
     */
    static int sqrt(SpirvValues v, int x) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        int ft = v.types().plain(Type.F32);
        int u32 = v.types().u32();
        int bool = v.types().bool();
        int zero = m.constantF32(0);
        int c = f.ext(ft, "Sqrt", x);
        int lower = offset(v, c, -2);
        for (int d = -1; d <= 2; d++) {
            int cand = offset(v, c, d);
            lower = f.value("OpSelect", ft, f.value("OpFOrdGreaterThanEqual", bool, residual(v, x, cand, cand), zero), cand, lower);
        }
        int up = offset(v, lower, 1);
        int ulpTimesC = exact(m, f.value("OpFMul", ft, lower, exact(m, f.value("OpFSub", ft, up, lower))));
        int r = f.value("OpSelect", ft, f.value("OpFOrdGreaterThan", bool, residual(v, x, lower, lower), ulpTimesC), up, lower);
        int bits = f.value("OpBitcast", u32, x);
        int inRange = f.value("OpLogicalAnd", bool, f.value("OpUGreaterThanEqual", bool, bits, m.constantU32(0x0d800000)),
                f.value("OpULessThan", bool, bits, m.constantU32(0x71800000)));
        return f.value("OpSelect", ft, inRange, r, c);
    }

    /** hypotf, expm1f and log1pf as the WGSL target writes them (webcu_hypotf, webcu_expm1f, webcu_log1pf). */
    static int more(SpirvValues v, String name, int x, int y) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        int ft = v.types().plain(Type.F32);
        int bool = v.types().bool();
        int one = m.constantF32(1);
        switch (name) {
            case "hypotf" -> {
                int a = f.ext(ft, "FAbs", x);
                int b = f.ext(ft, "FAbs", y);
                int big = f.ext(ft, "NMax", a, b);
                int q = f.value("OpFDiv", ft, f.ext(ft, "NMin", a, b), big);
                int r = exact(m, f.value("OpFMul", ft, big, f.ext(ft, "Sqrt", exact(m, f.value("OpFAdd", ft, one,
                        exact(m, f.value("OpFMul", ft, q, q)))))));
                r = f.value("OpSelect", ft, f.value("OpFOrdEqual", bool, big, m.constantF32(0)), m.constantF32(0), r);
                r = f.value("OpSelect", ft, f.value("OpLogicalOr", bool, f.value("OpIsNan", bool, x), f.value("OpIsNan", bool, y)),
                        m.constantF32(Float.NaN), r);
                int inf = f.value("OpLogicalOr", bool, f.value("OpIsInf", bool, x), f.value("OpIsInf", bool, y));
                return f.value("OpSelect", ft, inf, m.constantF32(Float.POSITIVE_INFINITY), r);
            }
            default -> {
                // below |x| = 0.01 the series (five terms), where exp(x) - 1 and log(1 + x) would cancel
                boolean log = name.equals("log1pf");
                float[] c = log ? new float[] {1, -0.5f, 1f / 3, -0.25f, 0.2f} : new float[] {1, 0.5f, 1f / 6, 1f / 24, 1f / 120};
                int p = m.constantF32(c[4]);
                for (int i = 3; i >= 0; i--) {
                    p = exact(m, f.value("OpFAdd", ft, m.constantF32(c[i]), exact(m, f.value("OpFMul", ft, x, p))));
                }
                int series = exact(m, f.value("OpFMul", ft, x, p));
                int direct = log ? f.ext(ft, "Log", exact(m, f.value("OpFAdd", ft, one, x)))
                        : exact(m, f.value("OpFSub", ft, f.ext(ft, "Exp", x), one));
                int small = f.value("OpFOrdLessThan", bool, f.ext(ft, "FAbs", x), m.constantF32(0.01f));
                return f.value("OpSelect", ft, small, series, direct);
            }
        }
    }
}
