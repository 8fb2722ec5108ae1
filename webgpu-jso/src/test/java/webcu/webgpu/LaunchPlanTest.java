package webcu.webgpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.runtime.KernelArg;
import webcu.runtime.KernelLaunch;
import webcu.wgsl.KernelLayout;
import webcu.wgsl.WgslBackend;
import webcu.wgsl.WgslProgram;

class LaunchPlanTest {
    private static final LaunchPlan.Limits SOFTWARE = new LaunchPlan.Limits(256, new int[] {256, 256, 64}, 65535, 1 << 27);

    /** {@code __global__ void k(const float *a, float *b, int n, bool flag)} with a body that writes b. */
    private static Module kernel() {
        Local a = new Local(0, "a", Type.ptr(Type.F32), false);
        Local b = new Local(1, "b", Type.ptr(Type.F32), false);
        Local n = new Local(2, "n", Type.I32, false);
        Local flag = new Local(3, "flag", Type.BOOL, false);
        Function k = new Function("k", ExecutionSpace.KERNEL, Type.VOID, List.of(a, b, n, flag), false, Span.NONE);
        k.setBody(new Stmt.Block(List.of(
                new Stmt.Store(new webcu.ir.Expr.LocalGet(b), new webcu.ir.Expr.Load(new webcu.ir.Expr.LocalGet(a)), Span.NONE)),
                Span.NONE));
        Module m = new Module();
        m.add(k);
        return m;
    }

    private static KernelLayout layout(Module m) {
        WgslProgram p = WgslBackend.compile(m, new Diagnostics());
        return p.kernel("k");
    }

    private static KernelLaunch launch(Module m, int[] block, List<KernelArg> args) {
        return new KernelLaunch(m, m.function("k"), new int[] {4, 1, 1}, block, 0, args, Span.NONE);
    }

    private static List<KernelArg> args(int bufA, long offA, int bufB, long offB) {
        return List.of(new KernelArg.Pointer(0x1000 + offA, bufA, offA), new KernelArg.Pointer(0x2000 + offB, bufB, offB),
                new KernelArg.Scalar(Type.I32, -5), new KernelArg.Scalar(Type.BOOL, 1));
    }

    @Test
    void Plan_BindingsAndUniform() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {64, 1, 1}, args(1, 0, 2, 400)), SOFTWARE, id -> 4096);
        assertNull(p.error);
        assertEquals(List.of(new LaunchPlan.Binding(0, 1, true), new LaunchPlan.Binding(1, 2, false)), p.bindings);
        // n = -5, flag = 1, a's offset 0, b's offset 400 / 4 = 100; padded to 16 bytes
        assertArrayEquals(new byte[] {-5, -1, -1, -1, 1, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0}, p.uniform);
        assertEquals("k|64,1,1|0|rw", p.pipelineKey);
    }

    @Test
    void Plan_KeyDependsOnBlock() {
        Module m = kernel();
        KernelLayout l = layout(m);
        String k1 = LaunchPlan.of(l, launch(m, new int[] {64, 1, 1}, args(1, 0, 2, 0)), SOFTWARE, id -> 64).pipelineKey;
        String k2 = LaunchPlan.of(l, launch(m, new int[] {32, 2, 1}, args(1, 0, 2, 0)), SOFTWARE, id -> 64).pipelineKey;
        String k3 = LaunchPlan.of(l, launch(m, new int[] {64, 1, 1}, args(3, 8, 4, 0)), SOFTWARE, id -> 64).pipelineKey;
        assertNotEquals(k1, k2);
        assertEquals(k1, k3, "arguments do not change the pipeline");
    }

    @Test
    void BlockTooLarge() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {512, 1, 1}, args(1, 0, 2, 0)), SOFTWARE, id -> 64);
        assertEquals("not supported on WebGPU yet: blocks of 512 threads (this adapter allows 256)", p.error);
        p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 128}, args(1, 0, 2, 0)), SOFTWARE, id -> 64);
        assertEquals("not supported on WebGPU yet: blockDim.z = 128 (this adapter allows 64)", p.error);
    }

    @Test
    void MisalignedPointer() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 1}, args(1, 2, 2, 0)), SOFTWARE, id -> 64);
        assertEquals("misaligned address: pointer argument 1 of 'k' is not aligned to its 4-byte elements", p.error);
    }

    @Test
    void WritableAliasing_Rejected() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 1}, args(1, 0, 1, 64)), SOFTWARE, id -> 256);
        assertEquals("not supported on WebGPU yet: pointer arguments 'a' and 'b' point into one allocation"
                + " and the kernel writes through one of them", p.error);
    }

    @Test
    void NullPointer_BoundToDummy() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 1}, args(-1, 0, 2, 0)), SOFTWARE, id -> 64);
        assertNull(p.error);
        assertEquals(-1, p.bindings.get(0).buffer());
    }

    @Test
    void MemoryShaderParams() {
        byte[] p = MemoryShaders.params(5, 11, 0x2a2a2a2a);
        assertArrayEquals(new byte[] {5, 0, 0, 0, 11, 0, 0, 0, 42, 42, 42, 42, 1, 0, 0, 0, 2, 0, 0, 0}, java.util.Arrays.copyOf(p, 20));
        assertEquals(2, MemoryShaders.words(5, 11));
        assertEquals(1, MemoryShaders.words(4, 8));
        assertArrayEquals(new int[] {1, 1}, MemoryShaders.dispatch(3));
        assertArrayEquals(new int[] {65535, 2}, MemoryShaders.dispatch(65536L * 64));
    }
}
