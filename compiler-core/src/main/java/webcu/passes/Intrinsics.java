package webcu.passes;

import java.util.HashMap;
import java.util.Map;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Type;

/**
 * The external device functions that WGSL provides as built-ins, so that no pass has to lower
 * them: CUDA's single-precision math ({@code sqrtf}, {@code fminf} …, and the C++ overloads of
 * the same names on {@code float}) and the integer {@code abs}/{@code min}/{@code max}. A call to
 * any other external in a kernel is rejected by {@link CheckSupported}.
 *
 * <p>Precision is WGSL's, not CUDA's: {@code sqrt} may be off by 2.5 ULP where CUDA's
 * {@code sqrtf} is correctly rounded, the trigonometric functions have absolute error bounds, and
 * {@code min}/{@code max} leave the result of a NaN operand to the implementation where C's
 * {@code fminf} returns the other operand. Conformance cases that print such results compare with
 * a tolerance. The bit intrinsics, the round-to-nearest arithmetic ({@code __fadd_rn} …, never
 * fused by the driver) and {@code fmaf} (exact where the adapter's {@code fma} is not fused) are exact.
 */
public final class Intrinsics {
    private static final Map<String, String> F32 = new HashMap<>();
    private static final Map<String, String> INT = new HashMap<>();
    /** WGSL expressions over the arguments {@code $0, $1 …}, with the signature they need. */
    private static final Map<String, Template> TEMPLATES = new HashMap<>();

    private record Template(String wgsl, Type result, Type... params) {}

    private static void template(String name, String wgsl, Type result, Type... params) {
        TEMPLATES.put(name, new Template(wgsl, result, params));
    }

    static {
        // sin, cos, tan, asin and acos go through webcu's own: SwiftShader's are off by 1e-4; tanh too, since
        // WGSL's may be sinh/cosh, which overflows to NaN where CUDA's tanhf gives ±1
        String[][] math = {
            {"sqrt", "sqrt"}, {"fabs", "abs"}, {"floor", "floor"},
            {"ceil", "ceil"}, {"trunc", "trunc"}, {"rint", "round"}, {"sin", "webcu_sinf"}, {"cos", "webcu_cosf"},
            {"tan", "webcu_tanf"}, {"exp", "exp"}, {"exp2", "exp2"}, {"log", "log"}, {"log2", "log2"},
            {"pow", "pow"}, {"fma", "webcu_fmaf"}, {"rsqrt", "inverseSqrt"}, {"tanh", "webcu_tanhf"}, {"atan2", "atan2"},
            {"asin", "webcu_asinf"}, {"acos", "webcu_acosf"}, {"atan", "atan"}, {"sinh", "sinh"}, {"cosh", "cosh"},
        };
        for (String[] m : math) {
            F32.put(m[0] + "f", m[1]);
            F32.put(m[0], m[1]);
        }
        String[][] fast = {{"__expf", "exp"}, {"__logf", "log"}, {"__sinf", "webcu_sinf"}, {"__cosf", "webcu_cosf"},
            {"__powf", "pow"}, {"__saturatef", "saturate"}, {"__log2f", "log2"}};
        for (String[] m : fast) {
            F32.put(m[0], m[1]);
        }
        // not WGSL's abs: NVIDIA's Vulkan driver (580) miscompiles it on a loop-carried value
        // (abs(pos) gave 0 for pos == -1 in a random walk, where 'pos < 0 ? -pos : pos' was right)
        INT.put("abs", "webcu_iabs");
        INT.put("min", "min");
        INT.put("max", "max");
        INT.put("umin", "min");
        INT.put("umax", "max");
        // WGSL's f32 +, - and * are correctly rounded, as the _rn intrinsics are; but a driver may fuse
        // a * b + c, which CUDA never does to these: the product and the add's operands go through
        // webcu_rn, an OR with a zero ($z) that the driver reads from the uniform buffer and cannot see through
        template("__fadd_rn", "(webcu_rn($0, $z) + webcu_rn($1, $z))", Type.F32, Type.F32, Type.F32);
        template("__fsub_rn", "(webcu_rn($0, $z) - webcu_rn($1, $z))", Type.F32, Type.F32, Type.F32);
        template("__fmul_rn", "webcu_rn($0 * $1, $z)", Type.F32, Type.F32, Type.F32);
        template("__fdividef", "($0 / $1)", Type.F32, Type.F32, Type.F32);
        template("__fdiv_rn", "webcu_div_rn($0, $1)", Type.F32, Type.F32, Type.F32);
        template("__frcp_rn", "webcu_div_rn(1.0f, $0)", Type.F32, Type.F32);
        template("__fsqrt_rn", "webcu_sqrt_rn($0)", Type.F32, Type.F32);
        template("__frsqrt_rn", "inverseSqrt($0)", Type.F32, Type.F32);
        template("__fmaf_rn", "webcu_fmaf($0, $1, $2)", Type.F32, Type.F32, Type.F32, Type.F32);
        template("fmaf", "webcu_fmaf($0, $1, $2)", Type.F32, Type.F32, Type.F32, Type.F32);
        template("__exp10f", "exp2($0 * 3.32192809488736f)", Type.F32, Type.F32);
        template("exp10f", "exp2($0 * 3.32192809488736f)", Type.F32, Type.F32);
        template("log10f", "(log2($0) * 0.301029995663981f)", Type.F32, Type.F32);
        template("__log10f", "(log2($0) * 0.301029995663981f)", Type.F32, Type.F32);
        template("__tanf", "webcu_tanf($0)", Type.F32, Type.F32);
        template("cbrtf", "webcu_cbrtf($0)", Type.F32, Type.F32);
        template("hypotf", "webcu_hypotf($0, $1)", Type.F32, Type.F32, Type.F32);
        template("roundf", "webcu_roundf($0)", Type.F32, Type.F32);
        template("nearbyintf", "round($0)", Type.F32, Type.F32);
        template("fmodf", "($0 - $1 * trunc($0 / $1))", Type.F32, Type.F32, Type.F32);
        template("expm1f", "webcu_expm1f($0)", Type.F32, Type.F32);
        template("log1pf", "webcu_log1pf($0)", Type.F32, Type.F32);
        template("copysignf", "bitcast<f32>((bitcast<u32>($0) & 0x7fffffffu) | (bitcast<u32>($1) & 0x80000000u))",
                Type.F32, Type.F32, Type.F32);
        template("fdimf", "select(0.0f, $0 - $1, $0 > $1)", Type.F32, Type.F32, Type.F32);
        template("fminf", "webcu_fminf($0, $1)", Type.F32, Type.F32, Type.F32);
        template("fmaxf", "webcu_fmaxf($0, $1)", Type.F32, Type.F32, Type.F32);
        template("asinhf", "asinh($0)", Type.F32, Type.F32);
        template("acoshf", "acosh($0)", Type.F32, Type.F32);
        template("atanhf", "atanh($0)", Type.F32, Type.F32);
        template("__webcu_isnan", "select(0i, 1i, webcu_isnan64($0))", Type.I32, Type.F64);
        template("__webcu_isinf", "select(0i, 1i, ($0.y & 0x7fffffffu) == 0x7ff00000u && $0.x == 0u)", Type.I32, Type.F64);
        template("__webcu_isfinite", "select(0i, 1i, ($0.y & 0x7ff00000u) != 0x7ff00000u)", Type.I32, Type.F64);
        template("__webcu_signbit", "i32($0.y >> 31u)", Type.I32, Type.F64);
        template("__builtin_inff", "webcu_f32_bits(0x7f800000u)", Type.F32);
        template("__builtin_nanf", "webcu_f32_bits(0x7fc00000u)", Type.F32, Type.ptr(Type.I8));
        template("__float_as_int", "bitcast<i32>($0)", Type.I32, Type.F32);
        template("__int_as_float", "bitcast<f32>($0)", Type.F32, Type.I32);
        template("__float_as_uint", "bitcast<u32>($0)", Type.U32, Type.F32);
        template("__uint_as_float", "bitcast<f32>($0)", Type.F32, Type.U32);
        template("__double_as_longlong", "$0", Type.I64, Type.F64);
        template("__longlong_as_double", "$0", Type.F64, Type.I64);
        template("__float2int_rn", "webcu_f32_to_i32(round($0))", Type.I32, Type.F32);
        template("__float2int_rz", "webcu_f32_to_i32($0)", Type.I32, Type.F32);
        template("__float2int_ru", "webcu_f32_to_i32(ceil($0))", Type.I32, Type.F32);
        template("__float2int_rd", "webcu_f32_to_i32(floor($0))", Type.I32, Type.F32);
        template("__float2uint_rn", "webcu_f32_to_u32(round($0))", Type.U32, Type.F32);
        template("__float2uint_rz", "webcu_f32_to_u32($0)", Type.U32, Type.F32);
        template("__float2ll_rn", "webcu_f32_to_i64(round($0))", Type.I64, Type.F32);
        template("__float2ll_rz", "webcu_f32_to_i64($0)", Type.I64, Type.F32);
        template("__float2ull_rn", "webcu_f32_to_u64(round($0))", Type.U64, Type.F32);
        template("__ll2float_rn", "webcu_i64_to_f32($0)", Type.F32, Type.I64);
        template("__int2float_rn", "f32($0)", Type.F32, Type.I32);
        template("__uint2float_rn", "f32($0)", Type.F32, Type.U32);
        template("__int2float_rz", "webcu_i32_to_f32_rz($0)", Type.F32, Type.I32);
        template("__int2float_ru", "webcu_i32_to_f32_ru($0)", Type.F32, Type.I32);
        template("__int2float_rd", "webcu_i32_to_f32_rd($0)", Type.F32, Type.I32);
        template("__double2float_rn", "webcu_f64_to_f32($0)", Type.F32, Type.F64);
        template("__dadd_rn", "webcu_dadd($0, $1)", Type.F64, Type.F64, Type.F64);
        template("__dsub_rn", "webcu_dsub($0, $1)", Type.F64, Type.F64, Type.F64);
        template("__dmul_rn", "webcu_dmul($0, $1)", Type.F64, Type.F64, Type.F64);
        template("__ddiv_rn", "webcu_ddiv($0, $1)", Type.F64, Type.F64, Type.F64);
        template("__double2float_rz", "webcu_f64_to_f32_mode($0, 1u)", Type.F32, Type.F64);
        template("__double2float_ru", "webcu_f64_to_f32_mode($0, 2u)", Type.F32, Type.F64);
        template("__double2float_rd", "webcu_f64_to_f32_mode($0, 3u)", Type.F32, Type.F64);
        template("__double2int_rn", "webcu_f64_to_i32_rn($0)", Type.I32, Type.F64);
        template("__double2int_rz", "webcu_f64_to_i32($0)", Type.I32, Type.F64);
        template("__double2ll_rn", "webcu_f64_to_i64($0, true)", Type.I64, Type.F64);
        template("__int2double_rn", "webcu_i32_to_f64($0)", Type.F64, Type.I32);
        template("fabs", "($0 & vec2<u32>(0xffffffffu, 0x7fffffffu))", Type.F64, Type.F64);
        template("__popcll", "i32(countOneBits($0.x) + countOneBits($0.y))", Type.I32, Type.U64);
        template("__clzll", "select(i32(countLeadingZeros($0.x)) + 32i, i32(countLeadingZeros($0.y)), $0.y != 0u)",
                Type.I32, Type.I64);
        template("__ffsll", "select(select(0i, i32(firstTrailingBit($0.y)) + 33i, $0.y != 0u), i32(firstTrailingBit($0.x)) + 1i,"
                + " $0.x != 0u)", Type.I32, Type.I64);
        template("__brevll", "vec2<u32>(reverseBits($0.y), reverseBits($0.x))", Type.U64, Type.U64);
        template("__umulhi", "webcu_mulwide($0, $1).y", Type.U32, Type.U32, Type.U32);
        template("__mulhi", "webcu_mulhi($0, $1)", Type.I32, Type.I32, Type.I32);
        template("__umul64hi", "webcu_umul64hi($0, $1)", Type.U64, Type.U64, Type.U64);
        template("__sad", "bitcast<i32>(select(bitcast<u32>($0) - bitcast<u32>($1), bitcast<u32>($1) - bitcast<u32>($0), $0 < $1)"
                + " + $2)", Type.I32, Type.I32, Type.I32, Type.U32);
        template("__usad", "(select($0 - $1, $1 - $0, $0 < $1) + $2)", Type.U32, Type.U32, Type.U32, Type.U32);
        template("__hadd", "(($0 & $1) + (($0 ^ $1) >> 1u))", Type.I32, Type.I32, Type.I32);
        template("__rhadd", "(($0 | $1) - (($0 ^ $1) >> 1u))", Type.I32, Type.I32, Type.I32);
        template("__uhadd", "(($0 & $1) + (($0 ^ $1) >> 1u))", Type.U32, Type.U32, Type.U32);
        template("__urhadd", "(($0 | $1) - (($0 ^ $1) >> 1u))", Type.U32, Type.U32, Type.U32);
        template("__byte_perm", "webcu_byte_perm($0, $1, $2)", Type.U32, Type.U32, Type.U32, Type.U32);
        template("__funnelshift_l", "webcu_shl64(vec2<u32>($0, $1), $2 & 31u).y", Type.U32, Type.U32, Type.U32, Type.U32);
        template("__funnelshift_lc", "webcu_shl64(vec2<u32>($0, $1), min($2, 32u)).y", Type.U32, Type.U32, Type.U32, Type.U32);
        template("__funnelshift_r", "webcu_shr64u(vec2<u32>($0, $1), $2 & 31u).x", Type.U32, Type.U32, Type.U32, Type.U32);
        template("__funnelshift_rc", "webcu_shr64u(vec2<u32>($0, $1), min($2, 32u)).x", Type.U32, Type.U32, Type.U32, Type.U32);
        template("llabs", "select($0, webcu_neg64($0), ($0.y >> 31u) != 0u)", Type.I64, Type.I64);
        // memory fences: WGSL has no fence outside barriers; SwiftShader and GPUs order a thread's
        // own accesses, and atomics are the only cross-block communication WGSL defines
        template("__threadfence", "", Type.VOID);
        template("__threadfence_block", "", Type.VOID);
        template("__threadfence_system", "", Type.VOID);
        template("__popc", "i32(countOneBits($0))", Type.I32, Type.U32);
        template("__clz", "i32(countLeadingZeros($0))", Type.I32, Type.I32);
        template("__ffs", "select(0i, i32(firstTrailingBit($0)) + 1i, $0 != 0i)", Type.I32, Type.I32);
        template("__brev", "reverseBits($0)", Type.U32, Type.U32);
        template("__mul24", "((($0 << 8u) >> 8u) * (($1 << 8u) >> 8u))", Type.I32, Type.I32, Type.I32);
        template("__umul24", "(($0 & 0xffffffu) * ($1 & 0xffffffu))", Type.U32, Type.U32, Type.U32);
    }

    private Intrinsics() {
    }

    /** Whether {@code f} is {@code sincosf}: its results go to the memory its pointers point to. */
    public static boolean isOutParam(Function f) {
        String n = f.name();
        return f.isExternal() && (n.equals("sincosf") || n.equals("__sincosf")) && f.params().size() == 3
                && f.params().get(0).type().equals(Type.F32) && f.params().get(1).type().equals(Type.ptr(Type.F32));
    }

    /**
     * Whether WGSL implements {@code f}. The signature must match too: {@code sqrt} on float is a
     * built-in, {@code sqrt} on double is not.
     */
    public static boolean isSupported(Function f) {
        return wgsl(f) != null || isOutParam(f);
    }

    /**
     * The WGSL expression that implements a call of {@code f}, with {@code $0}, {@code $1} …
     * standing for the arguments (each already a parenthesized or atomic WGSL expression), or null.
     */
    public static String wgsl(Function f) {
        if (!f.isExternal() || f.variadic()) {
            return null;
        }
        // overload copies of one C function carry a ".N" suffix
        String name = f.name();
        int dot = name.indexOf('.');
        if (dot > 0) {
            name = name.substring(0, dot);
        }
        Template tp = TEMPLATES.get(name);
        if (tp != null) {
            if (!f.returnType().equals(tp.result()) || f.params().size() != tp.params().length) {
                return null;
            }
            for (int i = 0; i < tp.params().length; i++) {
                if (!f.params().get(i).type().equals(tp.params()[i])) {
                    return null;
                }
            }
            return tp.wgsl();
        }
        if (f.params().isEmpty()) {
            return null;
        }
        Type t = f.returnType();
        for (Local p : f.params()) {
            if (!p.type().equals(t)) {
                return null;
            }
        }
        String builtin = null;
        if (t.equals(Type.F32)) {
            builtin = F32.get(name);
        } else if (t.equals(Type.I32) || t.equals(Type.U32)) {
            String n = INT.get(name);
            builtin = n != null && (!n.equals("webcu_iabs") || t.equals(Type.I32)) ? n : null;
        }
        if (builtin == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(builtin).append('(');
        for (int i = 0; i < f.params().size(); i++) {
            sb.append(i == 0 ? "$" : ", $").append(i);
        }
        return sb.append(')').toString();
    }
}
