package webcu.webgpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
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
import webcu.runtime.LaunchLayout;
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

    private static LaunchLayout layout(Module m) {
        WgslProgram p = WgslBackend.compile(m, new Diagnostics());
        return new LaunchLayout(p.kernel("k"));
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
        // the grid (4, 1, 1, one slice per row), then n = -5, flag = 1, a's offset 0, b's offset 400 / 4 = 100
        assertArrayEquals(new byte[] {4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
            -5, -1, -1, -1, 1, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0}, p.uniform);
        assertArrayEquals(new int[] {4, 1, 1}, p.dispatch);
        assertEquals("k|64,1,1|0|rw|1", p.pipelineKey, "b is 400 bytes in");
    }

    /**
     * A launch of the same kernel with the same shape and pointers repeats the plan: only the
     * scalars are rewritten, as a fresh plan would write them (a bool from its low byte).
     */
    @Test
    void Repeat_RewritesOnlyScalars() {
        Module m = kernel();
        LaunchLayout l = layout(m);
        LaunchPlan p = LaunchPlan.of(l, launch(m, new int[] {64, 1, 1}, args(1, 0, 2, 400)), SOFTWARE, id -> 4096);
        assertTrue(p.repeatable());
        KernelLaunch again = launch(m, new int[] {64, 1, 1}, List.of(new KernelArg.Pointer(0x1000, 1, 0),
                new KernelArg.Pointer(0x2000 + 400, 2, 400), new KernelArg.Scalar(Type.I32, 300),
                new KernelArg.Scalar(Type.BOOL, 0x100)));
        assertTrue(p.repeats(again));
        byte[] dst = new byte[80];
        assertNull(p.writeUniform(again, dst, 16));
        byte[] written = Arrays.copyOfRange(dst, 16, 48);
        assertArrayEquals(new byte[] {4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
            44, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0}, written);
        assertArrayEquals(LaunchPlan.of(l, again, SOFTWARE, id -> 4096).uniform, written);
        // another offset, buffer, block or grid is planned anew
        assertFalse(p.repeats(launch(m, new int[] {64, 1, 1}, args(1, 0, 2, 404))));
        assertFalse(p.repeats(launch(m, new int[] {64, 1, 1}, args(3, 0, 2, 400))));
        assertFalse(p.repeats(launch(m, new int[] {32, 1, 1}, args(1, 0, 2, 400))));
        assertFalse(p.repeats(new KernelLaunch(m, m.function("k"), new int[] {5, 1, 1}, new int[] {64, 1, 1}, 0,
                args(1, 0, 2, 400), Span.NONE)));
        assertFalse(p.repeats(new KernelLaunch(m, m.function("k"), new int[] {4, 1, 1}, new int[] {64, 1, 1}, 16,
                args(1, 0, 2, 400), Span.NONE)));
    }

    @Test
    void Plan_KeyDependsOnBlock() {
        Module m = kernel();
        LaunchLayout l = layout(m);
        String k1 = LaunchPlan.of(l, launch(m, new int[] {64, 1, 1}, args(1, 0, 2, 0)), SOFTWARE, id -> 64).pipelineKey;
        String k2 = LaunchPlan.of(l, launch(m, new int[] {32, 2, 1}, args(1, 0, 2, 0)), SOFTWARE, id -> 64).pipelineKey;
        String k3 = LaunchPlan.of(l, launch(m, new int[] {64, 1, 1}, args(3, 0, 4, 0)), SOFTWARE, id -> 64).pipelineKey;
        LaunchPlan offset = LaunchPlan.of(l, launch(m, new int[] {64, 1, 1}, args(3, 8, 4, 0)), SOFTWARE, id -> 64);
        assertNotEquals(k1, k2);
        assertEquals(k1, k3, "other buffers do not change the pipeline");
        assertEquals("k|64,1,1|0|rw|1z", k1, "every pointer at its allocation's start: the pipeline without offsets");
        assertFalse(offset.zeroOffsets);
        assertEquals("k|64,1,1|0|rw|1", offset.pipelineKey, "a pointer 8 bytes in: the pipeline reads the offsets");
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
        assertEquals("not supported on WebGPU yet: 'a' and 'b' point into one allocation"
                + " and the kernel writes through one of them", p.error);
    }

    @Test
    void NullPointer_BoundToDummy() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 1}, args(-1, 0, 2, 0)), SOFTWARE, id -> 64);
        assertNull(p.error);
        assertEquals(-1, p.bindings.get(0).buffer());
    }

    /**
     * {@code struct Params { int n; float *out; double scale; }} by value: the scalars go to the
     * uniform buffer from their offsets in the argument's bytes, the pointer to a binding.
     */
    @Test
    void StructArgument_LeavesAndPointer() {
        Type.Struct params = new Type.Struct("Params");
        params.complete(List.of(new Type.Field("n", Type.I32, 0), new Type.Field("out", Type.ptr(Type.F32), 8),
                new Type.Field("scale", Type.F64, 16)), 24, 8);
        Local p = new Local(0, "p", params, false);
        Function k = new Function("k", ExecutionSpace.KERNEL, Type.VOID, List.of(p), false, Span.NONE);
        Local addr = k.newLocal("p.addr", params, true);
        webcu.ir.Expr out = new webcu.ir.Expr.Load(new webcu.ir.Expr.FieldAddr(new webcu.ir.Expr.LocalAddr(addr), 1));
        webcu.ir.Expr n = new webcu.ir.Expr.Load(new webcu.ir.Expr.FieldAddr(new webcu.ir.Expr.LocalAddr(addr), 0));
        k.setBody(new Stmt.Block(List.of(
                new Stmt.Store(new webcu.ir.Expr.LocalAddr(addr), new webcu.ir.Expr.LocalGet(p), Span.NONE),
                new Stmt.Store(new webcu.ir.Expr.PtrAdd(out, n), new webcu.ir.Expr.FloatConst(Type.F32, 1), Span.NONE)),
                Span.NONE));
        Module m = new Module();
        m.add(k);
        LaunchLayout layout = layout(m);
        byte[] bytes = new byte[24];
        LaunchPlan.putInt(bytes, 0, 7);
        long address = 0x7f0000000100L + 40;
        LaunchPlan.putInt(bytes, 8, (int) address);
        LaunchPlan.putInt(bytes, 12, (int) (address >>> 32));
        long scale = Double.doubleToRawLongBits(2.5);
        LaunchPlan.putInt(bytes, 16, (int) scale);
        LaunchPlan.putInt(bytes, 20, (int) (scale >>> 32));
        KernelLaunch launch = new KernelLaunch(m, k, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0,
                List.of(new KernelArg.Bytes(params, bytes)), Span.NONE);
        LaunchPlan plan = LaunchPlan.of(layout, launch, SOFTWARE, new LaunchPlan.Memory() {
            public long size(int id) {
                return 4096;
            }

            public long[] locate(long a) {
                return new long[] {9, a - 0x7f0000000100L};
            }

            public int symbol(String s) {
                return -1;
            }
        });
        assertNull(plan.error);
        assertEquals(List.of(new LaunchPlan.Binding(0, 9, false)), plan.bindings);
        // its binding follows an address inside the struct: never repeated
        assertFalse(plan.repeatable());
        // after the grid: n = 7 at 16, scale's 8 bytes at 24, the pointer's offset 40 / 4 = 10 at 32; padded to 48 bytes
        assertArrayEquals(new byte[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
            7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 64, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, plan.uniform);
    }

    private static LaunchPlan grid(Module m, int gx, int gy) {
        KernelLaunch l = new KernelLaunch(m, m.function("k"), new int[] {gx, gy, 1}, new int[] {32, 1, 1}, 0,
                args(1, 0, 2, 0), Span.NONE);
        LaunchPlan p = LaunchPlan.of(layout(m), l, SOFTWARE, id -> 64);
        assertNull(p.error);
        return p;
    }

    /**
     * GridFolding: 100001 = 11 x 9091 blocks in x, 3 rows, on an adapter of 65535 per dimension are
     * 11 slices of 9091 per row, exactly: no padding, so the pipeline without the padding check;
     * the kernel reads the 11 slices from the uniform (several rows).
     */
    @Test
    void WideGrid_FoldedExactly() {
        Module m = kernel();
        LaunchPlan p = grid(m, 100001, 3);
        assertArrayEquals(new int[] {9091, 33, 1}, p.dispatch);
        assertEquals(100001, readInt(p.uniform, 0));
        assertEquals(3, readInt(p.uniform, 4));
        assertEquals(11, readInt(p.uniform, 12));
        assertEquals(0, p.slicesConstant);
        assertFalse(p.padded);
        assertEquals("k|32,1,1|0|rw|0z", p.pipelineKey);
        KernelLaunch tooWide = new KernelLaunch(m, m.function("k"), new int[] {100001, 40000, 1}, new int[] {32, 1, 1}, 0,
                args(1, 0, 2, 0), Span.NONE);
        assertEquals("not supported on WebGPU yet: a grid of 100001 x 40000 blocks (this adapter dispatches at most 65535"
                + " x 65535)", LaunchPlan.of(layout(m), tooWide, SOFTWARE, id -> 64).error);
    }

    /**
     * One row folded: SAXPY's 262144 blocks are 8 rows of 32768 (as bench-kit's hand-written
     * dispatch), no padding; a prime 65543 cannot be split evenly, so 2 rows of 32772 with one
     * padding block, which the pipeline must check for. With one row the slices per row are 2^31,
     * in the uniform and as the pipeline's constant: `% 2^31` and `/ 2^31` are a mask and a shift.
     */
    @Test
    void OneRow_FoldedExactlyOrPadded() {
        Module m = kernel();
        LaunchPlan saxpy = grid(m, 262144, 1);
        assertArrayEquals(new int[] {32768, 8, 1}, saxpy.dispatch);
        assertEquals(Integer.MIN_VALUE, readInt(saxpy.uniform, 12));
        assertEquals(Integer.MIN_VALUE, saxpy.slicesConstant);
        assertFalse(saxpy.padded);
        assertEquals("k|32,1,1|0|rw|2147483648z", saxpy.pipelineKey);
        LaunchPlan prime = grid(m, 65543, 1);
        assertArrayEquals(new int[] {32772, 2, 1}, prime.dispatch);
        assertEquals(Integer.MIN_VALUE, readInt(prime.uniform, 12));
        assertTrue(prime.padded);
        assertEquals("k|32,1,1|0|rw|2147483648pz", prime.pipelineKey);
        // several rows and no divisor near: the uniform's slices, padded
        LaunchPlan rows = grid(m, 65543, 2);
        assertArrayEquals(new int[] {32772, 4, 1}, rows.dispatch);
        assertEquals(2, readInt(rows.uniform, 12));
        assertEquals(0, rows.slicesConstant);
        assertTrue(rows.padded);
        assertEquals("k|32,1,1|0|rw|0pz", rows.pipelineKey);
    }

    /** A grid within the limit is dispatched as it is: one slice per row, a constant 1, never padded. */
    @Test
    void NarrowGrid_Unfolded() {
        Module m = kernel();
        LaunchPlan p = grid(m, 65535, 7);
        assertArrayEquals(new int[] {65535, 7, 1}, p.dispatch);
        assertEquals(1, readInt(p.uniform, 12));
        assertEquals(1, p.slicesConstant);
        assertFalse(p.padded);
        assertEquals("k|32,1,1|0|rw|1z", p.pipelineKey);
    }

    /** ThreadCoarsening: blocks beyond the adapter's 256 invocations run 2 or 4 threads per invocation. */
    @Test
    void BigBlocks_Coarsened() {
        assertEquals(1, LaunchPlan.coarsening(new int[] {256, 1, 1}, SOFTWARE));
        assertEquals(2, LaunchPlan.coarsening(new int[] {512, 1, 1}, SOFTWARE));
        assertEquals(4, LaunchPlan.coarsening(new int[] {32, 32, 1}, SOFTWARE));
        assertEquals(2, LaunchPlan.coarsening(new int[] {1, 1, 128}, SOFTWARE), "z beyond 64 per workgroup");
        Module m = kernel();
        WgslProgram p = WgslBackend.compile(m, new Diagnostics(), java.util.Map.of("k", 2));
        LaunchLayout l = new LaunchLayout(p.kernel("k"));
        assertEquals(2, l.coarsening());
        LaunchPlan plan = LaunchPlan.of(l, launch(m, new int[] {512, 1, 1}, args(1, 0, 2, 0)), SOFTWARE, id -> 4096);
        assertNull(plan.error);
        assertNotEquals(null, l.coarseWorkgroup());
    }

    /** A kernel with more buffers than the adapter binds fails with a message, not a WebGPU validation error. */
    @Test
    void TooManyBuffers() {
        Module m = kernel();
        LaunchPlan.Limits one = new LaunchPlan.Limits(256, new int[] {256, 256, 64}, 65535, 1 << 27, 1, 16384);
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 1}, args(1, 0, 2, 0)), one, id -> 64);
        assertEquals("not supported on WebGPU yet: kernels with 2 buffers (pointer arguments and device variables;"
                + " this adapter allows 1)", p.error);
    }

    /** A null pointer argument gets the offset that makes every access through it fail its bounds check. */
    @Test
    void NullPointer_HiddenOffset() {
        Module m = kernel();
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {1, 1, 1}, args(-1, 0, 2, 0)), SOFTWARE, id -> 64);
        assertEquals(0x80000000, readInt(p.uniform, 24));
    }

    /** A kernel in heap mode: {@code walk(Node *nodes, int *out)} follows {@code next} pointers. */
    private static Module heapKernel() {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", """
                struct Node { int value; Node *next; };
                __device__ int total;
                __global__ void k(Node *nodes, int *out)
                {
                    int s = 0;
                    for (Node *p = &nodes[threadIdx.x]; p; p = p->next) s += p->value;
                    out[threadIdx.x] = s + total;
                }
                """, true);
        webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
        return r.module();
    }

    /** Two allocations and a device variable, 0x200 and 0x400 bytes apart, as DeviceMemoryMap places them. */
    private static final long BASE = 0x7f0000000000L;

    private static LaunchPlan.Memory heapMemory() {
        return new LaunchPlan.Memory() {
            public long size(int id) {
                return id == 3 ? 4 : 256;
            }

            public long[] locate(long address) {
                return null;
            }

            public int symbol(String symbol) {
                return 3;
            }

            public long symbolAddress(String symbol) {
                return symbol.equals("total") ? BASE + 0x400 : 0;
            }

            public List<webcu.runtime.DeviceHeap.Allocation> allocations() {
                return List.of(new webcu.runtime.DeviceHeap.Allocation(2, BASE + 0x200, 256), new webcu.runtime.DeviceHeap.Allocation(1, BASE, 256),
                        new webcu.runtime.DeviceHeap.Allocation(3, BASE + 0x400, 4));
            }
        };
    }

    /**
     * Heap mode: one binding over every live allocation, from the lowest address to the end of the
     * highest; pointer arguments and device variables arrive as byte offsets into it, and the
     * heap's base address as 8 bytes.
     */
    @Test
    void Heap_OffsetsAndCopies() {
        Module m = heapKernel();
        LaunchLayout l = layout(m);
        assertEquals(1, l.buffers().size());
        assertTrue(l.buffers().get(0).heap());
        List<KernelArg> args = List.of(new KernelArg.Pointer(BASE + 16, 1, 16), new KernelArg.Pointer(BASE + 0x200, 2, 0));
        LaunchPlan p = LaunchPlan.of(l, launch(m, new int[] {8, 1, 1}, args), SOFTWARE, heapMemory());
        assertNull(p.error);
        assertFalse(p.repeatable(), "a heap follows the whole address space");
        assertEquals(List.of(new LaunchPlan.Binding(0, LaunchPlan.HEAP, false)), p.bindings);
        assertEquals(BASE, p.heap.base());
        assertEquals(0x404, p.heap.size());
        assertEquals(List.of(0L, 0x200L, 0x400L), p.heap.allocations().stream().map(p.heap::offsetOf).toList());
        java.util.Map<String, Integer> at = new java.util.HashMap<>();
        for (LaunchLayout.UniformField f : l.uniform().fields()) {
            at.put(f.name(), f.offset());
        }
        assertEquals(16, readInt(p.uniform, at.get("nodes")));
        assertEquals(0x200, readInt(p.uniform, at.get("out")));
        assertEquals(0x400, readInt(p.uniform, at.get("total")));
        assertEquals(0, readInt(p.uniform, at.get("heap_base")));
        assertEquals(0x7f00, readInt(p.uniform, at.get("heap_base") + 4));
    }

    /** A null pointer argument of a heap kernel is the offset beyond every heap. */
    @Test
    void Heap_NullArgument() {
        Module m = heapKernel();
        LaunchLayout l = layout(m);
        List<KernelArg> args = List.of(new KernelArg.Pointer(0, -1, 0), new KernelArg.Pointer(BASE + 0x200, 2, 0));
        LaunchPlan p = LaunchPlan.of(l, launch(m, new int[] {8, 1, 1}, args), SOFTWARE, heapMemory());
        assertEquals(0x80000000, readInt(p.uniform, l.uniform().fields().stream()
                .filter(f -> f.name().equals("nodes")).findFirst().orElseThrow().offset()));
    }

    /** A heap larger than one binding may be is the clear unsupported-feature error. */
    @Test
    void Heap_TooLarge() {
        Module m = heapKernel();
        LaunchPlan.Limits small = new LaunchPlan.Limits(256, new int[] {256, 256, 64}, 65535, 1024);
        List<KernelArg> args = List.of(new KernelArg.Pointer(BASE, 1, 0), new KernelArg.Pointer(BASE + 0x200, 2, 0));
        LaunchPlan p = LaunchPlan.of(layout(m), launch(m, new int[] {8, 1, 1}, args), small, heapMemory());
        assertEquals("not supported on WebGPU yet: a kernel that follows pointers in device memory ('k') while 1028 bytes"
                + " of addresses are allocated (its heap binding holds at most 1024 bytes on this adapter)", p.error);
    }

    private static int readInt(byte[] a, int at) {
        return (a[at] & 0xFF) | (a[at + 1] & 0xFF) << 8 | (a[at + 2] & 0xFF) << 16 | (a[at + 3] & 0xFF) << 24;
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
