package webcu.spirv;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.ir.Expr;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.spirv.SpirvTypes.Unsupported;

/**
 * CUDA's device math and bit intrinsics as SPIR-V: GLSL.std.450 instructions for the float math
 * (their precision is Vulkan's, as WGSL's is WebGPU's: the conformance cases that print such
 * results compare with a tolerance), core instructions for the bit operations and reinterpretations.
 * Double versions of the functions GLSL.std.450 has for 16/32-bit floats only are {@link DoubleMath}'s.
 * The others {@code passes.Intrinsics} knows are not done here yet and are reported as unsupported.
 */
final class SpirvIntrinsics {
    private SpirvIntrinsics() {
    }

    /** GLSL.std.450 instructions on float arguments, by CUDA name without the {@code f} suffix. */
    private static final Map<String, String> GLSL_F32 = new HashMap<>();

    static {
        String[][] math = {
            {"sqrt", "Sqrt"}, {"fabs", "FAbs"}, {"floor", "Floor"}, {"ceil", "Ceil"}, {"trunc", "Trunc"},
            {"rint", "RoundEven"}, {"nearbyint", "RoundEven"}, {"sin", "Sin"}, {"cos", "Cos"}, {"tan", "Tan"},
            {"atan", "Atan"}, {"atan2", "Atan2"}, {"sinh", "Sinh"}, {"cosh", "Cosh"},
            {"tanh", "Tanh"}, {"asinh", "Asinh"}, {"acosh", "Acosh"}, {"atanh", "Atanh"}, {"exp", "Exp"}, {"exp2", "Exp2"},
            {"log", "Log"}, {"log2", "Log2"}, {"pow", "Pow"}, {"rsqrt", "InverseSqrt"}, {"fmin", "NMin"}, {"fmax", "NMax"},
            {"fma", "Fma"},
        };
        for (String[] x : math) {
            GLSL_F32.put(x[0] + "f", x[1]);
            GLSL_F32.put(x[0], x[1]);
        }
        String[][] fast = {{"__expf", "Exp"}, {"__logf", "Log"}, {"__sinf", "Sin"}, {"__cosf", "Cos"}, {"__powf", "Pow"},
            {"__log2f", "Log2"}, {"__tanf", "Tan"}, {"__frsqrt_rn", "InverseSqrt"}, {"__fmaf_rn", "Fma"}};
        for (String[] x : fast) {
            GLSL_F32.put(x[0], x[1]);
        }
    }

    /** The GLSL.std.450 instructions that take 64-bit floats too (the others are 16- and 32-bit only). */
    private static final java.util.Set<String> ANY_WIDTH = java.util.Set.of("Sqrt", "InverseSqrt", "FAbs", "Floor", "Ceil",
            "Trunc", "RoundEven", "NMin", "NMax");

    /** The result id of the intrinsic call {@code c}; throws {@link Unsupported} for one not done here. */
    static int call(SpirvValues v, Stmt.Call c) {
        String name = c.callee().name();
        int dot = name.indexOf('.');
        if (dot > 0) {
            name = name.substring(0, dot); // overload copies of one C function carry a ".N" suffix
        }
        if (!c.callee().isExternal()) {
            throw new Unsupported("calls of device functions that were not inlined ('" + name + "')");
        }
        if (webcu.passes.Analysis.isSubgroupOp(c.callee())) {
            return SpirvSubgroups.call(v, c);
        }
        List<Expr> args = c.args();
        Type result = c.callee().returnType();
        SpirvModule.Function f = v.function();
        SpirvModule m = v.module();
        SpirvTypes types = v.types();
        if (name.startsWith("__threadfence")) {
            int scope = m.constantU32(SpirvModule.enumValue("Scope", name.equals("__threadfence_block") ? "Workgroup" : "Device"));
            f.op("OpMemoryBarrier", scope, m.constantU32(SpirvValues.BARRIER_SEMANTICS));
            return -1;
        }
        if ((name.equals("fma") || name.equals("__fma_rn")) && result.equals(Type.F64) && allOf(args, Type.F64)) {
            return SpirvDoubleOps.fma(v, v.value(args.get(0)), v.value(args.get(1)), v.value(args.get(2)));
        }
        if ((name.equals("fma") || name.equals("fmaf") || name.equals("__fmaf_rn")) && result.equals(Type.F32)
                && allOf(args, Type.F32)) {
            return SpirvDoubleOps.fmaf(v, v.value(args.get(0)), v.value(args.get(1)), v.value(args.get(2)));
        }
        if ((name.equals("acosf") || name.equals("asinf") || name.equals("acos") || name.equals("asin")) && result.equals(Type.F32)
                && allOf(args, Type.F32)) {
            // as the WGSL target: GLSL's Acos/Asin may be as coarse as lavapipe's (acosf(-0.372) printed
            // 1.1916 for 1.1918); atan2 of sqrt((1-x)(1+x)) keeps CUDA's few ulp
            int x = v.value(args.get(0));
            int one = m.constantF32(1);
            int f32 = types.plain(Type.F32);
            int root = f.ext(f32, "Sqrt", f.value("OpFMul", f32, f.value("OpFSub", f32, one, x), f.value("OpFAdd", f32, one, x)));
            return name.startsWith("acos") ? f.ext(f32, "Atan2", root, x) : f.ext(f32, "Atan2", x, root);
        }
        String glsl = GLSL_F32.get(name);
        if (glsl != null && result instanceof Type.Float && allOf(args, result)
                && (result.equals(Type.F32) || ANY_WIDTH.contains(glsl))) {
            int[] ops = new int[args.size()];
            for (int i = 0; i < ops.length; i++) {
                ops[i] = v.value(args.get(i));
            }
            return f.ext(types.plain(result), glsl, ops);
        }
        if (result.equals(Type.F64) && DoubleMath.FUNCTIONS.contains(name) && allOf(args, Type.F64)) {
            List<Integer> ops = new java.util.ArrayList<>();
            for (Expr a : args) {
                ops.add(v.value(a));
            }
            return DoubleMath.call(new SpirvDoubleOps(v), name, ops);
        }
        int more = SpirvMath.call(v, name, args, result);
        if (more != SpirvMath.NONE) {
            return more;
        }
        int rt = result instanceof Type.Void ? -1 : types.plain(result);
        return switch (name) {
            case "__fadd_rn", "__fsub_rn", "__fmul_rn", "__dadd_rn", "__dsub_rn", "__dmul_rn" -> {
                // Vulkan rounds these correctly; NoContraction keeps the driver from fusing them
                String op = name.endsWith("add_rn") ? "OpFAdd" : name.endsWith("sub_rn") ? "OpFSub" : "OpFMul";
                int r = f.value(op, rt, v.value(args.get(0)), v.value(args.get(1)));
                m.decorate(r, "NoContraction");
                yield r;
            }
            case "__fdividef" -> f.value("OpFDiv", rt, v.value(args.get(0)), v.value(args.get(1)));
            case "__saturatef" -> f.ext(rt, "NClamp", v.value(args.get(0)), m.constantF32(0), m.constantF32(1));
            case "__float_as_int", "__int_as_float", "__float_as_uint", "__uint_as_float", "__double_as_longlong",
                    "__longlong_as_double" -> f.value("OpBitcast", rt, v.value(args.get(0)));
            case "__int2float_rn", "__uint2float_rn", "__ll2float_rn", "__int2double_rn", "__double2float_rn",
                    "__float2int_rz", "__float2uint_rz", "__float2ll_rz", "__double2int_rz" ->
                    v.convert(v.value(args.get(0)), args.get(0).type(), result); // Vulkan rounds these conversions correctly
            case "min", "max", "umin", "umax" -> {
                boolean signed = result instanceof Type.Int ti && ti.signed();
                String op = (name.endsWith("min") ? "Min" : "Max");
                yield f.ext(rt, (signed ? "S" : "U") + op, v.value(args.get(0)), v.value(args.get(1)));
            }
            case "abs", "llabs" -> {
                if (!(result instanceof Type.Int)) {
                    throw new Unsupported("'abs' on '" + result + "'");
                }
                yield f.ext(rt, "SAbs", v.value(args.get(0)));
            }
            case "__popc" -> f.value("OpBitcast", rt, f.value("OpBitCount", types.u32(), v.value(args.get(0))));
            case "__brev" -> f.value("OpBitReverse", rt, v.value(args.get(0)));
            case "__clz" -> {
                // 31 - FindSMsb of the bits as unsigned; FindUMsb gives -1 for 0, so 32
                int x = f.value("OpBitcast", types.u32(), v.value(args.get(0)));
                int msb = f.ext(types.i32(), "FindUMsb", x);
                yield f.value("OpISub", rt, m.constantI32(31), msb);
            }
            case "__ffs" -> {
                int lsb = f.ext(types.i32(), "FindILsb", v.value(args.get(0)));
                yield f.value("OpIAdd", rt, lsb, m.constantI32(1));
            }
            default -> throw new Unsupported("'" + name + "' in device code");
        };
    }

    private static boolean allOf(List<Expr> args, Type t) {
        for (Expr a : args) {
            if (!a.type().equals(t)) {
                return false;
            }
        }
        return true;
    }
}
