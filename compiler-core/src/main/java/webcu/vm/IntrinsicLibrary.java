package webcu.vm;

import java.math.BigDecimal;
import java.util.HashMap;
import webcu.ir.Function;

/**
 * Pure functions that host and device code share and that do not fit the float-only MATH
 * instructions: integer min/max, CUDA's bit intrinsics (popc, clz, ffs, brev, byte_perm, funnel
 * shifts, mulhi …), conversions with explicit rounding modes ({@code __float2int_rn},
 * {@code __int2float_rz}, {@code __fadd_ru} …), reinterpretations ({@code __float_as_int}),
 * classification ({@code isnan} …), frexp/ldexp/modf/lround, tgamma/lgamma and sincos.
 * Directed roundings are exact: each result is computed exactly (or with its error term) and then
 * rounded once in the requested direction.
 */
final class IntrinsicLibrary implements NativeLibrary {
    private static final String[] NAMES = {
        "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax", "abs", "labs", "llabs",
        "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev", "__brevll", "__byte_perm",
        "__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc",
        "__mul24", "__umul24", "__mulhi", "__umulhi", "__mul64hi", "__umul64hi",
        "__hadd", "__rhadd", "__uhadd", "__urhadd", "__sad", "__usad",
        "__float2int_rn", "__float2int_rz", "__float2int_ru", "__float2int_rd",
        "__float2uint_rn", "__float2uint_rz", "__float2uint_ru", "__float2uint_rd",
        "__float2ll_rn", "__float2ll_rz", "__float2ll_ru", "__float2ll_rd", "__float2ull_rn", "__float2ull_rz",
        "__double2int_rn", "__double2int_rz", "__double2int_ru", "__double2int_rd", "__double2uint_rn",
        "__double2uint_rz", "__double2ll_rn", "__double2ll_rz", "__double2ull_rn", "__double2ull_rz",
        "__int2float_rn", "__int2float_rz", "__int2float_ru", "__int2float_rd",
        "__uint2float_rn", "__uint2float_rz", "__uint2float_ru", "__uint2float_rd",
        "__ll2float_rn", "__ull2float_rn", "__int2double_rn", "__uint2double_rn", "__ll2double_rn",
        "__double2float_rn", "__double2float_rz", "__double2float_ru", "__double2float_rd", "__float2float_rn",
        "__float_as_int", "__int_as_float", "__float_as_uint", "__uint_as_float", "__double_as_longlong",
        "__longlong_as_double",
        "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fsub_rz", "__fsub_ru", "__fsub_rd", "__fmul_rz", "__fmul_ru",
        "__fmul_rd", "__fdiv_rz", "__fdiv_ru", "__fdiv_rd", "__frsqrt_rn",
        "__webcu_isnan", "__webcu_isinf", "__webcu_isfinite", "__webcu_signbit", "isnan", "isinf", "isfinite",
        "signbit", "__isnan", "__isinf", "__finite", "__isnanf", "__isinff", "__finitef",
        "ldexp", "ldexpf", "scalbn", "scalbnf", "frexp", "frexpf", "modf", "modff", "lround", "lroundf",
        "llround", "llroundf", "lrint", "lrintf", "llrint", "llrintf",
        "__builtin_inf", "__builtin_inff", "__builtin_nan", "__builtin_nanf", "__builtin_huge_val",
        "__builtin_huge_valf",
        "tgamma", "tgammaf", "lgamma", "lgammaf", "sincos", "sincosf", "__sincosf", "getenv",
        "__threadfence", "__threadfence_block", "__threadfence_system", "__nanosleep",
    };
    private static final HashMap<String, Integer> IDS = new HashMap<>();

    static {
        for (int i = 0; i < NAMES.length; i++) {
            IDS.put(NAMES[i], i);
        }
    }

    private static final int RN = 0, RZ = 1, RU = 2, RD = 3;

    @Override
    public int lookup(Function f) {
        Integer id = IDS.get(NativeLibrary.cName(f));
        return id == null ? -1 : id;
    }

    @Override
    public int call(int id, VmThread t) {
        String name = NAMES[id];
        switch (name) {
            case "min" -> t.returnI(Math.min((int) t.argI(0), (int) t.argI(1)));
            case "max" -> t.returnI(Math.max((int) t.argI(0), (int) t.argI(1)));
            case "umin" -> t.returnI(Integer.compareUnsigned((int) t.argI(0), (int) t.argI(1)) <= 0 ? t.argI(0) : t.argI(1));
            case "umax" -> t.returnI(Integer.compareUnsigned((int) t.argI(0), (int) t.argI(1)) >= 0 ? t.argI(0) : t.argI(1));
            case "llmin" -> t.returnI(Math.min(t.argI(0), t.argI(1)));
            case "llmax" -> t.returnI(Math.max(t.argI(0), t.argI(1)));
            case "ullmin" -> t.returnI(Long.compareUnsigned(t.argI(0), t.argI(1)) <= 0 ? t.argI(0) : t.argI(1));
            case "ullmax" -> t.returnI(Long.compareUnsigned(t.argI(0), t.argI(1)) >= 0 ? t.argI(0) : t.argI(1));
            case "abs", "labs", "llabs" -> {
                if (t.isFloatArg(0)) {
                    t.returnF(Math.abs(t.argF(0)));
                } else {
                    long v = t.argI(0);
                    t.returnI(v < 0 ? -v : v);
                }
            }
            case "__popc" -> t.returnI(Integer.bitCount((int) t.argI(0)));
            case "__popcll" -> t.returnI(Long.bitCount(t.argI(0)));
            case "__clz" -> t.returnI(Integer.numberOfLeadingZeros((int) t.argI(0)));
            case "__clzll" -> t.returnI(Long.numberOfLeadingZeros(t.argI(0)));
            case "__ffs" -> {
                int x = (int) t.argI(0);
                t.returnI(x == 0 ? 0 : Integer.numberOfTrailingZeros(x) + 1);
            }
            case "__ffsll" -> {
                long x = t.argI(0);
                t.returnI(x == 0 ? 0 : Long.numberOfTrailingZeros(x) + 1);
            }
            case "__brev" -> t.returnI(Integer.reverse((int) t.argI(0)));
            case "__brevll" -> t.returnI(Long.reverse(t.argI(0)));
            case "__byte_perm" -> t.returnI(bytePerm((int) t.argI(0), (int) t.argI(1), (int) t.argI(2)));
            case "__funnelshift_l", "__funnelshift_lc" -> {
                long wide = (t.argI(1) & 0xFFFFFFFFL) << 32 | (t.argI(0) & 0xFFFFFFFFL);
                int s = (int) t.argI(2);
                int n = name.endsWith("c") ? (int) Math.min(s & 0xFFFFFFFFL, 32) : s & 31;
                t.returnI((int) ((wide << n) >>> 32));
            }
            case "__funnelshift_r", "__funnelshift_rc" -> {
                long wide = (t.argI(1) & 0xFFFFFFFFL) << 32 | (t.argI(0) & 0xFFFFFFFFL);
                int s = (int) t.argI(2);
                int n = name.endsWith("c") ? (int) Math.min(s & 0xFFFFFFFFL, 32) : s & 31;
                t.returnI((int) (wide >>> n));
            }
            case "__mul24" -> t.returnI((int) ((long) ((int) t.argI(0) << 8 >> 8) * ((int) t.argI(1) << 8 >> 8)));
            case "__umul24" -> t.returnI((int) ((t.argI(0) & 0xFFFFFF) * (t.argI(1) & 0xFFFFFF)));
            case "__mulhi" -> t.returnI((int) (((long) (int) t.argI(0) * (int) t.argI(1)) >> 32));
            case "__umulhi" -> t.returnI((int) (((t.argI(0) & 0xFFFFFFFFL) * (t.argI(1) & 0xFFFFFFFFL)) >>> 32));
            case "__mul64hi" -> t.returnI(multiplyHigh(t.argI(0), t.argI(1), true));
            case "__umul64hi" -> t.returnI(multiplyHigh(t.argI(0), t.argI(1), false));
            case "__hadd" -> t.returnI((int) (((long) (int) t.argI(0) + (int) t.argI(1)) >> 1));
            case "__rhadd" -> t.returnI((int) (((long) (int) t.argI(0) + (int) t.argI(1) + 1) >> 1));
            case "__uhadd" -> t.returnI((int) (((t.argI(0) & 0xFFFFFFFFL) + (t.argI(1) & 0xFFFFFFFFL)) >>> 1));
            case "__urhadd" -> t.returnI((int) (((t.argI(0) & 0xFFFFFFFFL) + (t.argI(1) & 0xFFFFFFFFL) + 1) >>> 1));
            case "__sad" -> t.returnI((int) (Math.abs((long) (int) t.argI(0) - (int) t.argI(1)) + (t.argI(2) & 0xFFFFFFFFL)));
            case "__usad" -> t.returnI((int) (Math.abs((t.argI(0) & 0xFFFFFFFFL) - (t.argI(1) & 0xFFFFFFFFL))
                    + (t.argI(2) & 0xFFFFFFFFL)));
            case "__float2int_rn", "__double2int_rn" -> t.returnI(Ext.fromDouble(Ext.S32, Math.rint(t.argF(0))));
            case "__float2int_rz", "__double2int_rz" -> t.returnI(Ext.fromDouble(Ext.S32, t.argF(0)));
            case "__float2int_ru", "__double2int_ru" -> t.returnI(Ext.fromDouble(Ext.S32, Math.ceil(t.argF(0))));
            case "__float2int_rd", "__double2int_rd" -> t.returnI(Ext.fromDouble(Ext.S32, Math.floor(t.argF(0))));
            case "__float2uint_rn", "__double2uint_rn" -> t.returnI(Ext.fromDouble(Ext.U32, Math.rint(t.argF(0))));
            case "__float2uint_rz", "__double2uint_rz" -> t.returnI(Ext.fromDouble(Ext.U32, t.argF(0)));
            case "__float2uint_ru" -> t.returnI(Ext.fromDouble(Ext.U32, Math.ceil(t.argF(0))));
            case "__float2uint_rd" -> t.returnI(Ext.fromDouble(Ext.U32, Math.floor(t.argF(0))));
            case "__float2ll_rn", "__double2ll_rn" -> t.returnI(Ext.fromDouble(Ext.S64, Math.rint(t.argF(0))));
            case "__float2ll_rz", "__double2ll_rz" -> t.returnI(Ext.fromDouble(Ext.S64, t.argF(0)));
            case "__float2ll_ru" -> t.returnI(Ext.fromDouble(Ext.S64, Math.ceil(t.argF(0))));
            case "__float2ll_rd" -> t.returnI(Ext.fromDouble(Ext.S64, Math.floor(t.argF(0))));
            case "__float2ull_rn", "__double2ull_rn" -> t.returnI(Ext.fromDouble(Ext.U64, Math.rint(t.argF(0))));
            case "__float2ull_rz", "__double2ull_rz" -> t.returnI(Ext.fromDouble(Ext.U64, t.argF(0)));
            case "__int2float_rn" -> t.returnF((float) (int) t.argI(0));
            case "__int2float_rz" -> t.returnF(toFloat((int) t.argI(0), 0, RZ));
            case "__int2float_ru" -> t.returnF(toFloat((int) t.argI(0), 0, RU));
            case "__int2float_rd" -> t.returnF(toFloat((int) t.argI(0), 0, RD));
            case "__uint2float_rn" -> t.returnF((float) (t.argI(0) & 0xFFFFFFFFL));
            case "__uint2float_rz" -> t.returnF(toFloat(t.argI(0) & 0xFFFFFFFFL, 0, RZ));
            case "__uint2float_ru" -> t.returnF(toFloat(t.argI(0) & 0xFFFFFFFFL, 0, RU));
            case "__uint2float_rd" -> t.returnF(toFloat(t.argI(0) & 0xFFFFFFFFL, 0, RD));
            case "__ll2float_rn" -> t.returnF((float) t.argI(0));
            case "__ull2float_rn" -> t.returnF(Ext.unsignedToFloat(t.argI(0)));
            case "__int2double_rn" -> t.returnF((double) (int) t.argI(0));
            case "__uint2double_rn" -> t.returnF((double) (t.argI(0) & 0xFFFFFFFFL));
            case "__ll2double_rn" -> t.returnF((double) t.argI(0));
            case "__double2float_rn", "__float2float_rn" -> t.returnF((float) t.argF(0));
            case "__double2float_rz" -> t.returnF(toFloat(t.argF(0), 0, RZ));
            case "__double2float_ru" -> t.returnF(toFloat(t.argF(0), 0, RU));
            case "__double2float_rd" -> t.returnF(toFloat(t.argF(0), 0, RD));
            case "__float_as_int" -> t.returnI(Float.floatToRawIntBits((float) t.argF(0)));
            case "__float_as_uint" -> t.returnI(Float.floatToRawIntBits((float) t.argF(0)) & 0xFFFFFFFFL);
            case "__int_as_float", "__uint_as_float" -> t.returnF(Float.intBitsToFloat((int) t.argI(0)));
            case "__double_as_longlong" -> t.returnI(Double.doubleToRawLongBits(t.argF(0)));
            case "__longlong_as_double" -> t.returnF(Double.longBitsToDouble(t.argI(0)));
            case "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fsub_rz", "__fsub_ru", "__fsub_rd" -> {
                double a = t.argF(0);
                double b = name.startsWith("__fsub") ? -t.argF(1) : t.argF(1);
                double s = a + b;
                // TwoSum: s + e is the exact sum.
                double bb = s - a;
                double e = (a - (s - bb)) + (b - bb);
                // IEEE 754: an exact zero sum is -0 when rounding down, unless both operands are +0
                boolean positiveZeros = Double.doubleToRawLongBits(a) == 0 && Double.doubleToRawLongBits(b) == 0;
                t.returnF(s == 0 && mode(name) == RD && !positiveZeros ? -0.0f : toFloat(s, e, mode(name)));
            }
            case "__fmul_rz", "__fmul_ru", "__fmul_rd" -> t.returnF(toFloat(t.argF(0) * t.argF(1), 0, mode(name)));
            case "__fdiv_rz", "__fdiv_ru", "__fdiv_rd" -> t.returnF(divide(t.argF(0), t.argF(1), mode(name)));
            case "__frsqrt_rn" -> t.returnF((float) (1.0 / Math.sqrt(t.argF(0))));
            case "__webcu_isnan", "isnan", "__isnan", "__isnanf" -> t.returnI(Double.isNaN(t.argF(0)) ? 1 : 0);
            case "__webcu_isinf", "isinf", "__isinf", "__isinff" -> t.returnI(Double.isInfinite(t.argF(0)) ? 1 : 0);
            case "__webcu_isfinite", "isfinite", "__finite", "__finitef" ->
                    t.returnI(!Double.isNaN(t.argF(0)) && !Double.isInfinite(t.argF(0)) ? 1 : 0);
            case "__webcu_signbit", "signbit" -> t.returnI(Double.doubleToRawLongBits(t.argF(0)) < 0 ? 1 : 0);
            case "ldexp", "ldexpf", "scalbn", "scalbnf" -> {
                long e = Math.max(-100_000, Math.min(100_000, t.argI(1)));
                t.returnF(Math.scalb(t.argF(0), (int) e));
            }
            case "frexp", "frexpf" -> {
                double x = t.argF(0);
                int e = 0;
                double m = x;
                if (x != 0 && !Double.isNaN(x) && !Double.isInfinite(x)) {
                    e = Math.getExponent(x) + 1;
                    if (e < -1021) {
                        // Subnormal: normalize first.
                        double n = x * 0x1p54;
                        e = Math.getExponent(n) + 1 - 54;
                    }
                    m = Math.scalb(x, -e);
                }
                t.memory().writeI32(t.argI(1), e);
                t.returnF(m);
            }
            case "modf", "modff" -> {
                double x = t.argF(0);
                double ip = Double.isInfinite(x) ? x : x < 0 ? Math.ceil(x) : Math.floor(x);
                long p = t.argI(1);
                if (name.equals("modff")) {
                    t.memory().writeI32(p, Float.floatToRawIntBits((float) ip));
                } else {
                    t.memory().writeI64(p, Double.doubleToRawLongBits(ip));
                }
                t.returnF(Double.isInfinite(x) ? Math.copySign(0.0, x) : x - ip);
            }
            case "lround", "lroundf", "llround", "llroundf" -> t.returnI(Ext.fromDouble(Ext.S64, MathFn.round(t.argF(0))));
            case "lrint", "lrintf", "llrint", "llrintf" -> t.returnI(Ext.fromDouble(Ext.S64, Math.rint(t.argF(0))));
            case "__builtin_inf", "__builtin_inff", "__builtin_huge_val", "__builtin_huge_valf" ->
                    t.returnF(Double.POSITIVE_INFINITY);
            case "__builtin_nan", "__builtin_nanf" -> t.returnF(Double.NaN);
            case "tgamma", "tgammaf" -> t.returnF(gamma(t.argF(0)));
            case "lgamma", "lgammaf" -> t.returnF(logGamma(t.argF(0)));
            case "sincos", "sincosf", "__sincosf" -> {
                double x = t.argF(0);
                double s = Math.sin(x);
                double c = Math.cos(x);
                if (name.equals("sincos")) {
                    t.memory().writeI64(t.argI(1), Double.doubleToRawLongBits(s));
                    t.memory().writeI64(t.argI(2), Double.doubleToRawLongBits(c));
                } else {
                    t.memory().writeI32(t.argI(1), Float.floatToRawIntBits((float) s));
                    t.memory().writeI32(t.argI(2), Float.floatToRawIntBits((float) c));
                }
            }
            case "getenv" -> t.returnI(0);
            default -> {
                // Fences and sleeps: the emulator's threads never run at the same time, so memory
                // is always coherent and there is nobody to wait for.
            }
        }
        return CONTINUE;
    }

    private static int mode(String name) {
        return name.endsWith("rz") ? RZ : name.endsWith("ru") ? RU : name.endsWith("rd") ? RD : RN;
    }

    /** Rounds {@code hi + lo} (an exact value split in two doubles) to float in the given direction. */
    static float toFloat(double hi, double lo, int mode) {
        float f = (float) hi;
        if (mode == RN || Double.isNaN(hi) || Double.isInfinite(hi)) {
            return f;
        }
        boolean above;
        if ((double) f > hi) {
            above = true;
        } else if ((double) f < hi) {
            above = false;
        } else if (lo != 0) {
            above = lo < 0;
        } else {
            return f;
        }
        return directed(f, above, mode, hi > 0 || hi == 0 && lo > 0);
    }

    /** Moves {@code f}, which lies above or below the exact value, to the neighbour the mode asks for. */
    private static float directed(float f, boolean above, int mode, boolean positive) {
        if (mode == RZ) {
            mode = positive ? RD : RU;
        }
        if (mode == RU) {
            return above ? f : Math.nextUp(f);
        }
        return above ? Math.nextDown(f) : f;
    }

    private static float divide(double a, double b, int mode) {
        double q = a / b;
        if (Double.isNaN(q) || Double.isInfinite(q) || q == 0 || b == 0) {
            return (float) q;
        }
        float f = (float) q;
        // Exact comparison of f against a / b: f * b versus a, with b's sign taken into account.
        int cmp = new BigDecimal(f).multiply(new BigDecimal(b)).compareTo(new BigDecimal(a));
        if (b < 0) {
            cmp = -cmp;
        }
        if (cmp == 0) {
            return f;
        }
        return directed(f, cmp > 0, mode, q > 0);
    }

    private static int bytePerm(int x, int y, int s) {
        long bytes = (y & 0xFFFFFFFFL) << 32 | (x & 0xFFFFFFFFL);
        int r = 0;
        for (int i = 0; i < 4; i++) {
            int sel = (s >>> (4 * i)) & 7;
            r |= (int) ((bytes >>> (8 * sel)) & 0xFF) << (8 * i);
        }
        return r;
    }

    /** The high 64 bits of the 128-bit product (Math.multiplyHigh is not in TeaVM's class library). */
    static long multiplyHigh(long a, long b, boolean signed) {
        long aLo = a & 0xFFFFFFFFL;
        long aHi = a >>> 32;
        long bLo = b & 0xFFFFFFFFL;
        long bHi = b >>> 32;
        long lolo = aLo * bLo;
        long hilo = aHi * bLo;
        long lohi = aLo * bHi;
        long hihi = aHi * bHi;
        long cross = (lolo >>> 32) + (hilo & 0xFFFFFFFFL) + (lohi & 0xFFFFFFFFL);
        long high = hihi + (hilo >>> 32) + (lohi >>> 32) + (cross >>> 32);
        if (signed) {
            if (a < 0) {
                high -= b;
            }
            if (b < 0) {
                high -= a;
            }
        }
        return high;
    }

    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7,
    };

    static double gamma(double x) {
        if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) {
            return Double.NaN;
        }
        if (x == Math.floor(x) && x <= 0) {
            return x == 0 ? Math.copySign(Double.POSITIVE_INFINITY, x) : Double.NaN;
        }
        if (x == Math.floor(x) && x <= 171) {
            double r = 1;
            for (int i = 2; i < (int) x; i++) {
                r *= i;
            }
            return r;
        }
        if (x < 0.5) {
            return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
        }
        if (x > 171.7) {
            return Double.POSITIVE_INFINITY;
        }
        double z = x - 1;
        double a = LANCZOS[0];
        double t = z + 7.5;
        for (int i = 1; i < 9; i++) {
            a += LANCZOS[i] / (z + i);
        }
        return Math.sqrt(2 * Math.PI) * Math.pow(t, z + 0.5) * Math.exp(-t) * a;
    }

    static double logGamma(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        if (Double.isInfinite(x)) {
            return Double.POSITIVE_INFINITY;
        }
        if (x == Math.floor(x) && x <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (x == 1 || x == 2) {
            return 0;
        }
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double z = x - 1;
        double a = LANCZOS[0];
        double t = z + 7.5;
        for (int i = 1; i < 9; i++) {
            a += LANCZOS[i] / (z + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
    }
}
