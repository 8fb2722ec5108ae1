package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static webcu.vm.Ir.*;

import org.junit.jupiter.api.Test;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;

/** CUDA's bit, rounding-mode and reinterpretation intrinsics, called through the VM as device code calls them. */
class IntrinsicLibraryTest {
    private static VmThread invoke(String name, Type ret, Expr... args) {
        Module m = new Module();
        Type[] params = new Type[args.length];
        for (int i = 0; i < args.length; i++) {
            params[i] = args[i].type();
        }
        Function ext = ext(m, name, ret, false, params);
        Function f = fn(m, "f", ExecutionSpace.DEVICE, ret);
        Local r = f.newLocal("r", ret, false);
        f.setBody(block(call(r, ext, args), ret(get(r))));
        Memory mem = Memory.device();
        Program p = new Program(m, true, mem, g -> 0, new IntrinsicLibrary());
        VmThread t = new VmThread(mem, 0);
        t.start(p.code(f));
        assertEquals(Interpreter.DONE, new Interpreter(p).run(t, 1000));
        return t;
    }

    private static long i(String name, Type ret, Expr... args) {
        return invoke(name, ret, args).returnValue;
    }

    private static float f(String name, Expr... args) {
        return (float) invoke(name, Type.F32, args).returnValueF;
    }

    @Test
    void floatToInt_roundingModesAndSaturation() {
        assertEquals(2, i("__float2int_rn", Type.I32, f32(2.5)));
        assertEquals(4, i("__float2int_rn", Type.I32, f32(3.5)));
        assertEquals(-2, i("__float2int_rn", Type.I32, f32(-2.5)));
        assertEquals(-2, i("__float2int_rz", Type.I32, f32(-2.7)));
        assertEquals(3, i("__float2int_ru", Type.I32, f32(2.1)));
        assertEquals(-3, i("__float2int_rd", Type.I32, f32(-2.1)));
        assertEquals(Integer.MAX_VALUE, i("__float2int_rn", Type.I32, f32(3e9)));
        assertEquals(0, i("__float2uint_rn", Type.U32, f32(-5)));
    }

    @Test
    void intToFloat_directedRounding() {
        assertEquals(16777216f, f("__int2float_rz", i32(16777217)));
        assertEquals(16777218f, f("__int2float_ru", i32(16777217)));
        assertEquals(16777216f, f("__int2float_rd", i32(16777217)));
        assertEquals(16777220f, f("__int2float_rn", i32(16777219)));
        assertEquals(-16777216f, f("__int2float_rz", i32(-16777217)));
        assertEquals(-16777218f, f("__int2float_rd", i32(-16777217)));
    }

    @Test
    void floatArithmetic_directedRounding() {
        double tiny = Math.pow(2, -30);
        assertEquals(Math.nextUp(1f), f("__fadd_ru", f32(1), f32(tiny)));
        assertEquals(1f, f("__fadd_rd", f32(1), f32(tiny)));
        assertEquals(-1f, f("__fadd_rz", f32(-1), f32(-tiny)));
        assertEquals(Math.nextDown(-1f), f("__fadd_rd", f32(-1), f32(-tiny)));
        // an exact zero sum rounds to -0 downwards only (IEEE 754 section 6.3, which PTX add.rm follows)
        assertEquals(-0.0f, f("__fadd_rd", f32(1), f32(-1)));
        assertEquals(-0.0f, f("__fsub_rd", f32(2), f32(2)));
        assertEquals(0.0f, f("__fadd_rz", f32(1), f32(-1)));
        assertEquals(0.0f, f("__fadd_rd", f32(0), f32(0)));
        assertEquals(1f / 3f, f("__fdiv_ru", f32(1), f32(3)));
        assertEquals(Math.nextDown(1f / 3f), f("__fdiv_rd", f32(1), f32(3)));
        assertEquals(Math.nextDown(1f / 3f), f("__fdiv_rz", f32(1), f32(3)));
        assertEquals(6f, f("__fmul_rz", f32(2), f32(3)));
    }

    @Test
    void bitIntrinsics() {
        assertEquals(8, i("__popc", Type.I32, u32(0xF0F0)));
        assertEquals(64, i("__popcll", Type.I32, u64(-1)));
        assertEquals(31, i("__clz", Type.I32, i32(1)));
        assertEquals(32, i("__clz", Type.I32, i32(0)));
        assertEquals(4, i("__ffs", Type.I32, i32(8)));
        assertEquals(0, i("__ffs", Type.I32, i32(0)));
        assertEquals(0x80000000L, i("__brev", Type.U32, u32(1)));
        assertEquals(0x55441100L, i("__byte_perm", Type.U32, u32(0x33221100L), u32(0x77665544L), u32(0x5410)));
        assertEquals(3, i("__funnelshift_l", Type.U32, u32(0x80000000L), u32(1), u32(1)));
        assertEquals(0x80000001L, i("__funnelshift_r", Type.U32, u32(2), u32(1), u32(1)));
        assertEquals(1, i("__mulhi", Type.I32, i32(0x40000000), i32(4)));
        assertEquals(1, i("__umulhi", Type.U32, u32(0xFFFFFFFFL), u32(2)));
        assertEquals(0, i("__mul64hi", Type.I64, i64(-1), i64(-1)));
        assertEquals(-2, i("__umul64hi", Type.U64, u64(-1), u64(-1)));
        assertEquals(-1, i("__mul64hi", Type.I64, i64(-1), i64(5)));
        assertEquals(5, i("__sad", Type.U32, i32(-2), i32(3), u32(0)));
        assertEquals(3, i("min", Type.I32, i32(3), i32(7)));
        assertEquals(0xFFFFFFFFL, i("umax", Type.U32, u32(0xFFFFFFFFL), u32(7)));
    }

    @Test
    void reinterpretationsAndClassification() {
        assertEquals(0x3F800000, i("__float_as_int", Type.I32, f32(1)));
        assertEquals(-0.0f, f("__int_as_float", i32(0x80000000)));
        assertEquals(1, i("__webcu_isnan", Type.I32, f64(Double.NaN)));
        assertEquals(0, i("__webcu_isfinite", Type.I32, f64(Double.POSITIVE_INFINITY)));
        assertEquals(1, i("__webcu_signbit", Type.I32, f64(-0.0)));
    }

    @Test
    void gammaFunctions() {
        assertEquals(24.0, invoke("tgamma", Type.F64, f64(5)).returnValueF, 1e-12);
        assertEquals(Math.sqrt(Math.PI), invoke("tgamma", Type.F64, f64(0.5)).returnValueF, 1e-14);
        assertEquals(Math.log(362880), invoke("lgamma", Type.F64, f64(10)).returnValueF, 1e-12);
    }
}
