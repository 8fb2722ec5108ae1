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
 * {@code fminf} returns the other operand, and WGSL's {@code fma} need not be fused. Conformance
 * cases that print such results compare with a tolerance. The bit intrinsics and the
 * round-to-nearest arithmetic ({@code __fadd_rn} …) are exact.
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
        String[][] math = {
            {"sqrt", "sqrt"}, {"fabs", "abs"}, {"fmin", "min"}, {"fmax", "max"}, {"floor", "floor"},
            {"ceil", "ceil"}, {"trunc", "trunc"}, {"rint", "round"}, {"sin", "sin"}, {"cos", "cos"},
            {"tan", "tan"}, {"exp", "exp"}, {"exp2", "exp2"}, {"log", "log"}, {"log2", "log2"},
            {"pow", "pow"}, {"fma", "fma"}, {"rsqrt", "inverseSqrt"}, {"tanh", "tanh"}, {"atan2", "atan2"},
            {"asin", "asin"}, {"acos", "acos"}, {"atan", "atan"}, {"sinh", "sinh"}, {"cosh", "cosh"},
        };
        for (String[] m : math) {
            F32.put(m[0] + "f", m[1]);
            F32.put(m[0], m[1]);
        }
        String[][] fast = {{"__expf", "exp"}, {"__logf", "log"}, {"__sinf", "sin"}, {"__cosf", "cos"},
            {"__powf", "pow"}, {"__saturatef", "saturate"}, {"__log2f", "log2"}};
        for (String[] m : fast) {
            F32.put(m[0], m[1]);
        }
        F32.put("fminf", "min");
        F32.put("fmaxf", "max");
        INT.put("abs", "abs");
        INT.put("min", "min");
        INT.put("max", "max");
        INT.put("umin", "min");
        INT.put("umax", "max");
        // WGSL's f32 +, - and * are correctly rounded, as the _rn intrinsics are
        template("__fadd_rn", "($0 + $1)", Type.F32, Type.F32, Type.F32);
        template("__fsub_rn", "($0 - $1)", Type.F32, Type.F32, Type.F32);
        template("__fmul_rn", "($0 * $1)", Type.F32, Type.F32, Type.F32);
        template("__fdividef", "($0 / $1)", Type.F32, Type.F32, Type.F32);
        template("__popc", "i32(countOneBits($0))", Type.I32, Type.U32);
        template("__clz", "i32(countLeadingZeros($0))", Type.I32, Type.I32);
        template("__ffs", "select(0i, i32(firstTrailingBit($0)) + 1i, $0 != 0i)", Type.I32, Type.I32);
        template("__brev", "reverseBits($0)", Type.U32, Type.U32);
        template("__mul24", "((($0 << 8u) >> 8u) * (($1 << 8u) >> 8u))", Type.I32, Type.I32, Type.I32);
        template("__umul24", "(($0 & 0xffffffu) * ($1 & 0xffffffu))", Type.U32, Type.U32, Type.U32);
    }

    private Intrinsics() {
    }

    /**
     * Whether WGSL implements {@code f}. The signature must match too: {@code sqrt} on float is a
     * built-in, {@code sqrt} on double is not.
     */
    public static boolean isSupported(Function f) {
        return wgsl(f) != null;
    }

    /**
     * The WGSL expression that implements a call of {@code f}, with {@code $0}, {@code $1} …
     * standing for the arguments (each already a parenthesized or atomic WGSL expression), or null.
     */
    public static String wgsl(Function f) {
        if (!f.isExternal() || f.variadic() || f.params().isEmpty()) {
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
            builtin = n != null && (!n.equals("abs") || t.equals(Type.I32)) ? n : null;
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
