package webcu.spirv;

import java.util.List;
import webcu.ir.Expr;
import webcu.ir.Type;

/**
 * The intrinsics that take a few SPIR-V instructions: float classification, the rounding
 * conversions, the high halves of products, the 64-bit bit operations (Vulkan's bit instructions
 * are 32-bit, so on both halves), the halving adds and {@code roundf}. Each formula is the one the
 * WGSL target uses ({@code passes.Intrinsics}), on SPIR-V's native 64-bit types.
 */
final class SpirvMath {
    /** The answer of {@link #call} for an intrinsic it does not know. */
    static final int NONE = Integer.MIN_VALUE;

    private SpirvMath() {
    }

    /**
     * A float widened to double for a classification ({@code isnan(x)} on a float calls the double
     * helper): the float itself, since widening keeps NaN, infinities and the sign, and a device
     * without Float64 can then classify floats.
     */
    private static Expr narrowest(Expr e) {
        return e instanceof Expr.Convert c && c.type().equals(Type.F64) && c.value().type().equals(Type.F32) ? c.value() : e;
    }

    static int call(SpirvValues v, String name, List<Expr> args, Type result) {
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        SpirvTypes types = v.types();
        int bool = types.bool();
        int u32 = types.u32();
        int i32 = types.i32();
        switch (name) {
            case "__builtin_inff" -> {
                return m.constant(types.plain(Type.F32), 0x7f800000);
            }
            case "__builtin_nanf" -> {
                return m.constant(types.plain(Type.F32), 0x7fc00000);
            }
            case "__webcu_isnan", "__webcu_isinf", "__webcu_isfinite" -> {
                int x = v.value(narrowest(args.get(0)));
                int yes = switch (name) {
                    case "__webcu_isnan" -> f.value("OpIsNan", bool, x);
                    case "__webcu_isinf" -> f.value("OpIsInf", bool, x);
                    default -> f.value("OpLogicalNot", bool, f.value("OpLogicalOr", bool, f.value("OpIsNan", bool, x),
                            f.value("OpIsInf", bool, x)));
                };
                return f.value("OpSelect", i32, yes, m.constantI32(1), m.constantI32(0));
            }
            case "__webcu_signbit" -> {
                Expr x = narrowest(args.get(0));
                int high = x.type().equals(Type.F32) ? f.value("OpBitcast", u32, v.value(x))
                        : f.value("OpCompositeExtract", u32, f.value("OpBitcast", m.typeVector(u32, 2), v.value(x)), 1);
                return f.value("OpBitcast", i32, f.value("OpShiftRightLogical", u32, high, m.constantU32(31)));
            }
            case "__float2int_rn", "__float2int_ru", "__float2int_rd", "__float2uint_rn", "__float2ll_rn", "__float2ull_rn",
                    "__double2int_rn", "__double2ll_rn" -> {
                String round = name.endsWith("_ru") ? "Ceil" : name.endsWith("_rd") ? "Floor" : "RoundEven";
                Type from = args.get(0).type();
                int r = f.ext(types.plain(from), round, v.value(args.get(0)));
                return v.convert(r, from, result);
            }
            case "roundf" -> {
                // half-way cases away from zero, as C's round; GLSL's Round may pick either way
                int x = v.value(args.get(0));
                int ft = types.plain(Type.F32);
                int t = f.ext(ft, "Trunc", x);
                int frac = f.ext(ft, "FAbs", f.value("OpFSub", ft, x, t));
                int up = f.value("OpFOrdGreaterThanEqual", bool, frac, m.constantF32(0.5f));
                int away = f.value("OpFAdd", ft, t, f.ext(ft, "FSign", x));
                return f.value("OpSelect", ft, up, away, t);
            }
            case "log10f", "__log10f" -> {
                int ft = types.plain(Type.F32);
                int r = f.value("OpFMul", ft, f.ext(ft, "Log2", v.value(args.get(0))), m.constantF32(0.301029995663981f));
                m.decorate(r, "NoContraction");
                return r;
            }
            case "exp10f", "__exp10f" -> {
                int ft = types.plain(Type.F32);
                int p = f.value("OpFMul", ft, v.value(args.get(0)), m.constantF32(3.32192809488736f));
                m.decorate(p, "NoContraction");
                return f.ext(ft, "Exp2", p);
            }
            case "copysignf" -> {
                int a = f.value("OpBitcast", u32, v.value(args.get(0)));
                int b = f.value("OpBitcast", u32, v.value(args.get(1)));
                int bits = f.value("OpBitwiseOr", u32, f.value("OpBitwiseAnd", u32, a, m.constantU32(0x7fffffff)),
                        f.value("OpBitwiseAnd", u32, b, m.constantU32(0x80000000)));
                return f.value("OpBitcast", types.plain(Type.F32), bits);
            }
            case "fdimf" -> {
                int ft = types.plain(Type.F32);
                int a = v.value(args.get(0));
                int b = v.value(args.get(1));
                int d = f.value("OpFSub", ft, a, b);
                m.decorate(d, "NoContraction");
                return f.value("OpSelect", ft, f.value("OpFOrdGreaterThan", bool, a, b), d, m.constantF32(0));
            }
            case "fmodf" -> {
                return f.value("OpFRem", types.plain(Type.F32), v.value(args.get(0)), v.value(args.get(1)));
            }
            case "__fdiv_rn", "__frcp_rn" -> {
                return SpirvRounding.divide(v, name.equals("__frcp_rn") ? m.constantF32(1) : v.value(args.get(0)),
                        v.value(args.get(name.equals("__frcp_rn") ? 0 : 1)));
            }
            case "__int2float_rz", "__int2float_ru", "__int2float_rd", "__uint2float_rz", "__uint2float_ru", "__uint2float_rd",
                    "__double2float_rz", "__double2float_ru", "__double2float_rd" -> {
                Type from = args.get(0).type();
                return SpirvRounding.narrow(v, v.value(args.get(0)), from, name.charAt(name.length() - 1));
            }
            case "__fsqrt_rn" -> {
                return SpirvRounding.sqrt(v, v.value(args.get(0)));
            }
            case "hypotf", "expm1f", "log1pf" -> {
                return SpirvRounding.more(v, name, v.value(args.get(0)), args.size() > 1 ? v.value(args.get(1)) : -1);
            }
            case "cbrtf" -> {
                return SpirvRounding.cbrtf(v, v.value(args.get(0)));
            }
            case "__umulhi", "__mulhi", "__umul64hi" -> {
                int t = types.plain(result);
                int pair = m.typeStruct(t, t);
                String op = name.equals("__mulhi") ? "OpSMulExtended" : "OpUMulExtended";
                return f.value("OpCompositeExtract", t, f.value(op, pair, v.value(args.get(0)), v.value(args.get(1))), 1);
            }
            case "__popcll", "__clzll", "__ffsll", "__brevll" -> {
                int pair = f.value("OpBitcast", m.typeVector(u32, 2), v.value(args.get(0)));
                int lo = f.value("OpCompositeExtract", u32, pair, 0);
                int hi = f.value("OpCompositeExtract", u32, pair, 1);
                return switch (name) {
                    case "__popcll" -> f.value("OpBitcast", i32, f.value("OpIAdd", u32, f.value("OpBitCount", u32, lo),
                            f.value("OpBitCount", u32, hi)));
                    case "__clzll" -> {
                        // FindUMsb is -1 for 0: 63 - msb(hi) when hi != 0, else 31 - msb(lo) (64 for 0)
                        int hiZero = f.value("OpIEqual", bool, hi, m.constantU32(0));
                        int msb = f.value("OpSelect", i32, hiZero, f.ext(i32, "FindUMsb", lo),
                                f.value("OpIAdd", i32, f.ext(i32, "FindUMsb", hi), m.constantI32(32)));
                        yield f.value("OpISub", i32, m.constantI32(63), msb);
                    }
                    case "__ffsll" -> {
                        int loZero = f.value("OpIEqual", bool, lo, m.constantU32(0));
                        int hiZero = f.value("OpIEqual", bool, hi, m.constantU32(0));
                        int inHi = f.value("OpSelect", i32, hiZero, m.constantI32(0),
                                f.value("OpIAdd", i32, f.ext(i32, "FindILsb", hi), m.constantI32(33)));
                        yield f.value("OpSelect", i32, loZero, inHi, f.value("OpIAdd", i32, f.ext(i32, "FindILsb", lo),
                                m.constantI32(1)));
                    }
                    default -> {
                        int swapped = f.value("OpCompositeConstruct", m.typeVector(u32, 2), f.value("OpBitReverse", u32, hi),
                                f.value("OpBitReverse", u32, lo));
                        yield f.value("OpBitcast", types.plain(result), swapped);
                    }
                };
            }
            case "__hadd", "__uhadd", "__rhadd", "__urhadd" -> {
                // (a & b) + ((a ^ b) >> 1), rounding up: (a | b) - ((a ^ b) >> 1); the shift keeps the sign where signed
                int t = types.plain(result);
                int a = v.value(args.get(0));
                int b = v.value(args.get(1));
                boolean signed = ((Type.Int) result).signed();
                int half = f.value(signed ? "OpShiftRightArithmetic" : "OpShiftRightLogical", t, f.value("OpBitwiseXor", t, a, b),
                        m.constantU32(1));
                boolean up = name.startsWith("__r") || name.startsWith("__ur");
                return up ? f.value("OpISub", t, f.value("OpBitwiseOr", t, a, b), half)
                        : f.value("OpIAdd", t, f.value("OpBitwiseAnd", t, a, b), half);
            }
            case "__byte_perm" -> {
                // result byte i is byte ((s >> 4i) & 7) of the eight bytes y:x
                int x = v.value(args.get(0));
                int y = v.value(args.get(1));
                int sel = v.value(args.get(2));
                int r = m.constantU32(0);
                for (int i = 0; i < 4; i++) {
                    int pick = f.value("OpBitwiseAnd", u32, f.value("OpShiftRightLogical", u32, sel, m.constantU32(4 * i)),
                            m.constantU32(7));
                    int src = f.value("OpSelect", u32, f.value("OpULessThan", bool, pick, m.constantU32(4)), x, y);
                    int shift = f.value("OpShiftLeftLogical", u32, f.value("OpBitwiseAnd", u32, pick, m.constantU32(3)),
                            m.constantU32(3));
                    int b = f.value("OpBitFieldUExtract", u32, src, shift, m.constantU32(8));
                    r = f.value("OpBitwiseOr", u32, r, f.value("OpShiftLeftLogical", u32, b, m.constantU32(8 * i)));
                }
                return r;
            }
            case "__funnelshift_l", "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc" -> {
                // hi:lo shifted by n (n & 31, or min(n, 32) for the clamping forms): the high word for a left shift,
                // the low word for a right one; a shift by 32 - 0 is undefined in SPIR-V, so n = 0 and 32 are selected
                int lo = v.value(args.get(0));
                int hi = v.value(args.get(1));
                int s = v.value(args.get(2));
                boolean clamp = name.endsWith("c");
                boolean left = name.startsWith("__funnelshift_l");
                int n = clamp ? f.ext(u32, "UMin", s, m.constantU32(32)) : f.value("OpBitwiseAnd", u32, s, m.constantU32(31));
                int k = f.value("OpBitwiseAnd", u32, n, m.constantU32(31));
                int back = f.value("OpISub", u32, m.constantU32(32), k);
                int mixed = left
                        ? f.value("OpBitwiseOr", u32, f.value("OpShiftLeftLogical", u32, hi, k), f.value("OpShiftRightLogical", u32, lo, back))
                        : f.value("OpBitwiseOr", u32, f.value("OpShiftRightLogical", u32, lo, k), f.value("OpShiftLeftLogical", u32, hi, back));
                int zero = f.value("OpIEqual", bool, n, m.constantU32(0));
                int whole = f.value("OpIEqual", bool, n, m.constantU32(32));
                int r = f.value("OpSelect", u32, zero, left ? hi : lo, mixed);
                return f.value("OpSelect", u32, whole, left ? lo : hi, r);
            }
            case "__sad", "__usad" -> {
                // |a - b| + c, the difference taken in unsigned arithmetic so that it cannot overflow
                int a = f.value("OpBitcast", u32, v.value(args.get(0)));
                int b = f.value("OpBitcast", u32, v.value(args.get(1)));
                boolean signed = name.equals("__sad");
                int less = f.value(signed ? "OpSLessThan" : "OpULessThan", bool, v.value(args.get(0)), v.value(args.get(1)));
                int diff = f.value("OpSelect", u32, less, f.value("OpISub", u32, b, a), f.value("OpISub", u32, a, b));
                int sum = f.value("OpIAdd", u32, diff, v.value(args.get(2)));
                return signed ? f.value("OpBitcast", i32, sum) : sum;
            }
            case "__mul24", "__umul24" -> {
                int t = types.plain(result);
                int a = v.value(args.get(0));
                int b = v.value(args.get(1));
                if (name.equals("__umul24")) {
                    int mask = m.constantU32(0xffffff);
                    return f.value("OpIMul", t, f.value("OpBitwiseAnd", t, a, mask), f.value("OpBitwiseAnd", t, b, mask));
                }
                int eight = m.constantU32(8);
                int sa = f.value("OpShiftRightArithmetic", t, f.value("OpShiftLeftLogical", t, a, eight), eight);
                int sb = f.value("OpShiftRightArithmetic", t, f.value("OpShiftLeftLogical", t, b, eight), eight);
                return f.value("OpIMul", t, sa, sb);
            }
            default -> {
                return NONE;
            }
        }
    }
}
