package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.passes.TestIr.*;

import org.junit.jupiter.api.Test;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;

class CheckSupportedTest {
    private final CheckSupported pass = new CheckSupported();

    private static String errorsAfterPipeline(Module m) {
        Diagnostics d = new Diagnostics();
        DevicePasses.run(m, d);
        return PassTesting.errors(d);
    }

    /** {@code size_t i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) …}: 64-bit values are emulated now. */
    @Test
    void Local_U64_Supported() {
        line = 3;
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("k", out);
        Local i = k.newLocal("i", Type.U64, false);
        line = 5;
        k.setBody(block(assign(i, cvt(Type.U64, add(mul(bid(0), bdim(0)), tid(0)))),
                ifThen(lt(get(i), new webcu.ir.Expr.IntConst(Type.U64, 100)), storeAt(out, get(i), i32(1)))));
        assertEquals("", errorsAfterPipeline(module(k)));
    }

    /** Double arithmetic is emulated exactly; double math functions ({@code sqrt(double)}) have no helper yet. */
    @Test
    void DoubleSqrt_Rejected() {
        line = 2;
        Function sqrt = external("sqrt", Type.F64, Type.F64);
        Local out = param(0, "out", Type.ptr(Type.F64));
        Function k = kernel("k", out);
        Local x = k.newLocal("x", Type.F64, false);
        line = 7;
        k.setBody(block(assign(x, mul(load(get(out)), f64(3))), call(x, sqrt, get(x)), store(get(out), get(x))));
        Diagnostics d = new Diagnostics();
        DevicePasses.run(module(sqrt, k), d);
        assertEquals("t.cu:7:3: error: not supported on WebGPU yet: 'sqrt' in device code\n", PassTesting.errors(d));
        assertEquals(DiagKey.ERR_NOT_SUPPORTED_WEBGPU, d.all().get(0).key());
    }

    /**
     * {@code isnan} is exact where the adapter keeps IEEE special values, and an error where it
     * compiles as fast math does (SwiftShader), since the answer there may differ from CUDA's.
     */
    @Test
    void Isnan_RejectedOnlyOnFastMathAdapter() {
        line = 2;
        Function isnan = external("__webcu_isnan", Type.I32, Type.F64);
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("k", out);
        Local r = k.newLocal("r", Type.I32, false);
        line = 6;
        k.setBody(block(call(r, isnan, f64(0)), store(get(out), get(r))));
        Diagnostics ieee = new Diagnostics();
        DevicePasses.run(module(isnan, k), ieee, new java.util.HashMap<>(), DeviceTarget.IEEE);
        assertEquals("", PassTesting.errors(ieee));
        Diagnostics fast = new Diagnostics();
        DevicePasses.run(module(isnan, k), fast, new java.util.HashMap<>(), new DeviceTarget(false, 0));
        assertEquals("t.cu:6:3: error: not supported on WebGPU yet: 'isnan' on this adapter (it does not keep IEEE"
                + " infinities, NaN and subnormal numbers: it compiles kernels as fast math does)\n", PassTesting.errors(fast));
    }

    /** An external that no pass lowers and WGSL lacks is named at its call; {@code sqrtf} is a WGSL built-in. */
    @Test
    void Externals_UnknownRejected_SqrtfAllowed() {
        line = 1;
        Function nanosleep = external("__nanosleep", Type.VOID, Type.U32);
        Function sqrtf = external("sqrtf", Type.F32, Type.F32);
        Local out = param(0, "out", Type.ptr(Type.F32));
        Function k = kernel("k", out);
        Local r = k.newLocal("r", Type.F32, false);
        line = 4;
        var s1 = call(r, sqrtf, load(get(out)));
        line = 5;
        var s2 = call(null, nanosleep, u32(100));
        k.setBody(block(s1, store(get(out), get(r)), s2));
        String errors = errorsAfterPipeline(module(nanosleep, sqrtf, k));
        assertEquals("t.cu:5:3: error: not supported on WebGPU yet: '__nanosleep' in device code\n", errors);
    }

    /** A 64-bit switch selector that does not narrow: WGSL switches on 32-bit values only. */
    @Test
    void Switch_U64_Rejected() {
        line = 1;
        Local v = param(0, "v", Type.ptr(Type.U64));
        Function k = kernel("k", v);
        line = 6;
        var sw = new webcu.ir.Stmt.Switch(load(get(v)), java.util.List.of(new webcu.ir.Stmt.Case(java.util.List.of(1L), false,
                block(storeAt(v, i32(0), new webcu.ir.Expr.IntConst(Type.U64, 2))))), here());
        k.setBody(block(sw));
        assertEquals("t.cu:6:3: error: not supported on WebGPU yet: switch on a 64-bit value\n", errorsAfterPipeline(module(k)));
    }

    @Test
    void SupportedKernel_Untouched() {
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(vectorAdd("add", Type.F32), d, new Inline(), new MemoryModel(), new HeapMemory());
        String ir = webcu.ir.IrPrinter.print(dm.module());
        DevicePasses.run(pass, dm);
        assertEquals(ir, webcu.ir.IrPrinter.print(dm.module()));
        assertTrue(d.all().isEmpty());
    }

    /** Every problem of a kernel is reported once per feature, and other kernels still compile. */
    @Test
    void OneErrorPerFeature_OtherKernelsKept() {
        line = 1;
        Function nanosleep = external("__nanosleep", Type.VOID, Type.U32);
        Function k = kernel("bad", param(0, "out", Type.ptr(Type.I32)));
        line = 3;
        var s1 = call(null, nanosleep, u32(1));
        line = 4;
        var s2 = call(null, nanosleep, u32(2));
        k.setBody(block(s1, s2));
        Module m = vectorAdd("good", Type.I32);
        m.add(nanosleep);
        m.add(k);
        Diagnostics d = new Diagnostics();
        DeviceModule dm = DevicePasses.run(m, d);
        assertEquals("t.cu:3:3: error: not supported on WebGPU yet: '__nanosleep' in device code\n", PassTesting.errors(d));
        assertEquals(1, dm.kernels().size());
        assertEquals("good", dm.kernels().get(0).name());
    }

    @Test
    void EmptyModule() {
        PassTesting.check(pass, new Module(), "", "");
    }

    @Test
    void CudaNames_InMessages() {
        assertEquals("atomicAdd", Analysis.cudaName("__webcu_atomicAdd_i32"));
        assertEquals("__shfl_down_sync", Analysis.cudaName("__webcu_shfl_down_i32"));
        assertEquals("isnan", Analysis.cudaName("__webcu_isnan"));
        assertEquals("abs", Analysis.cudaName("abs.3"));
        assertEquals("printf", Analysis.cudaName("printf"));
    }
}
