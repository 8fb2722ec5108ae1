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

    /** {@code size_t i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) …}: 64-bit values stay unsupported. */
    @Test
    void Local_U64_Rejected() {
        line = 3;
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("k", out);
        Local i = k.newLocal("i", Type.U64, false);
        line = 5;
        k.setBody(block(assign(i, cvt(Type.U64, add(mul(bid(0), bdim(0)), tid(0)))),
                ifThen(lt(get(i), new webcu.ir.Expr.IntConst(Type.U64, 100)), storeAt(out, get(i), i32(1)))));
        assertEquals("t.cu:5:3: error: not supported on WebGPU yet: 64-bit integers ('unsigned long long')\n",
                errorsAfterPipeline(module(k)));
    }

    @Test
    void Double_Rejected() {
        line = 2;
        Local out = param(0, "out", Type.ptr(Type.F32));
        Function k = kernel("k", out);
        Local x = k.newLocal("x", Type.F64, false);
        line = 7;
        k.setBody(block(assign(x, f64(0.5)), store(get(out), cvt(Type.F32, get(x)))));
        Diagnostics d = new Diagnostics();
        DevicePasses.run(module(k), d);
        assertEquals("t.cu:7:3: error: not supported on WebGPU yet: double precision ('double')\n", PassTesting.errors(d));
        assertEquals(DiagKey.ERR_NOT_SUPPORTED_WEBGPU, d.all().get(0).key());
    }

    /** Device {@code printf} is an external no pass lowers yet; {@code sqrtf} is a WGSL built-in. */
    @Test
    void Externals_PrintfRejected_SqrtfAllowed() {
        line = 1;
        Function printf = new Function("printf", webcu.ir.ExecutionSpace.HOST_DEVICE, Type.I32,
                java.util.List.of(param(0, "format", Type.ptr(Type.I8))), true, webcu.diag.Span.NONE);
        Function sqrtf = external("sqrtf", Type.F32, Type.F32);
        Local out = param(0, "out", Type.ptr(Type.F32));
        Function k = kernel("k", out);
        Local r = k.newLocal("r", Type.F32, false);
        line = 4;
        var s1 = call(r, sqrtf, load(get(out)));
        line = 5;
        webcu.ir.Global fmt = new webcu.ir.Global(".str0", new Type.Array(Type.I8, 4), webcu.ir.AddressSpace.HOST,
                new byte[] {'%', 'd', '\n', 0}, true, false, webcu.diag.Span.NONE);
        // printf("%d\n", (long long)r): the format and the promoted argument are part of the one problem
        var s2 = call(null, printf, elem(new webcu.ir.Expr.GlobalAddr(fmt), i32(0)), cvt(Type.I64, cvt(Type.I32, get(r))));
        k.setBody(block(s1, store(get(out), get(r)), s2));
        Module m = module(printf, sqrtf, k);
        m.add(fmt);
        String errors = errorsAfterPipeline(m);
        assertEquals("t.cu:5:3: error: not supported on WebGPU yet: 'printf' in device code\n", errors);
    }

    @Test
    void SupportedKernel_Untouched() {
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(vectorAdd("add", Type.F32), d, new Inline(), new MemoryModel());
        String ir = webcu.ir.IrPrinter.print(dm.module());
        DevicePasses.run(pass, dm);
        assertEquals(ir, webcu.ir.IrPrinter.print(dm.module()));
        assertTrue(d.all().isEmpty());
    }

    /** Every problem of a kernel is reported once per feature, and other kernels still compile. */
    @Test
    void OneErrorPerFeature_OtherKernelsKept() {
        line = 1;
        Function k = kernel("bad", param(0, "out", Type.ptr(Type.I32)));
        Local a = k.newLocal("a", Type.I64, false);
        Local b = k.newLocal("b", Type.I64, false);
        line = 3;
        var s1 = assign(a, i64(1));
        line = 4;
        var s2 = assign(b, i64(2));
        k.setBody(block(s1, s2));
        Module m = vectorAdd("good", Type.I32);
        m.add(k);
        Diagnostics d = new Diagnostics();
        DeviceModule dm = DevicePasses.run(m, d);
        assertEquals("t.cu:3:3: error: not supported on WebGPU yet: 64-bit integers ('long long')\n", PassTesting.errors(d));
        assertEquals(1, dm.kernels().size());
        assertEquals("good", dm.kernels().get(0).name());
    }

    @Test
    void EmptyModule() {
        PassTesting.check(pass, new Module(), "", "");
    }

    @Test
    void CudaNames_InMessages() {
        assertEquals("atomicAdd", CheckSupported.cudaName("__webcu_atomicAdd_i32"));
        assertEquals("__shfl_down_sync", CheckSupported.cudaName("__webcu_shfl_down_i32"));
        assertEquals("isnan", CheckSupported.cudaName("__webcu_isnan"));
        assertEquals("abs", CheckSupported.cudaName("abs.3"));
        assertEquals("printf", CheckSupported.cudaName("printf"));
    }
}
