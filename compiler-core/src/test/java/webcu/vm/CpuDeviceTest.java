package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.vm.HostMain.value;
import static webcu.vm.Ir.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.runtime.CapturingConsole;

/** Kernels on the CPU device: barriers, shared memory, device printf, faults and how CUDA reports them. */
class CpuDeviceTest {
    private static final Type IP = ptr(Type.I32);

    private static Expr tid() {
        return cvt(Type.I32, add(mul(builtin(Builtin.BLOCK_IDX, 0), builtin(Builtin.BLOCK_DIM, 0)),
                builtin(Builtin.THREAD_IDX, 0)));
    }

    private static Expr threadX() {
        return cvt(Type.I32, builtin(Builtin.THREAD_IDX, 0));
    }

    @Test
    void barrier_letsThreadsReadWhatOthersWroteToSharedMemory() {
        Module m = new Module();
        Global s = m.add(new Global("s", new Type.Array(Type.I32, 64), AddressSpace.SHARED, null, false, false, S));
        Function k = fn(m, "reverse", ExecutionSpace.KERNEL, Type.VOID, "in", IP, "out", IP);
        Local t = k.newLocal("t", Type.I32, false);
        Local g = k.newLocal("g", Type.I32, false);
        Expr shared = new Expr.GlobalAddr(s);
        k.setBody(block(
                assign(t, threadX()),
                assign(g, tid()),
                store(new Expr.ElementAddr(shared, get(t)), load(at(get(k.params().get(0)), get(g)))),
                barrier(),
                store(at(get(k.params().get(1)), get(g)), load(new Expr.ElementAddr(shared, sub(i32(63), get(t)))))));
        HostMain h = new HostMain(m);
        Local in = h.deviceArray("in", Type.I32, 512);
        Local out = h.deviceArray("out", Type.I32, 512);
        Local host = h.hostArray("host", Type.I32, 128);
        Local i = h.local("i", Type.I32);
        h.add(forLoop(assign(i, i32(0)), lt(get(i), i32(128)), assign(i, add(get(i), i32(1))),
                store(HostMain.elem(host, get(i)), get(i))));
        h.copy(value(in), addr(host), 512, 1);
        h.add(launch(k, dim(2), dim(64), value(in), value(out)));
        h.copy(addr(host), value(out), 512, 2);
        h.add(print(m, "%d %d %d %d\n", load(HostMain.elem(host, i32(0))), load(HostMain.elem(host, i32(63))),
                load(HostMain.elem(host, i32(64))), load(HostMain.elem(host, i32(127)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("63 0 127 64\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void devicePrintf_appearsAtSynchronizationInThreadOrder() {
        Module m = new Module();
        Function k = fn(m, "hello", ExecutionSpace.KERNEL, Type.VOID);
        k.setBody(block(print(m, "thread %d block %d\n", builtin(Builtin.THREAD_IDX, 0), builtin(Builtin.BLOCK_IDX, 0))));
        HostMain h = new HostMain(m);
        h.add(print(m, "before\n"));
        h.add(launch(k, dim(2), dim(2)));
        h.add(print(m, "after\n"));
        h.add(call(null, h.sync()));
        h.add(print(m, "end\n"));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("before\nafter\nthread 0 block 0\nthread 1 block 0\nthread 0 block 1\nthread 1 block 1\nend\n", r.out());
    }

    /** The conformance case runtime-errors/oob_write_near: one thread writes just past the end. */
    @Test
    void outOfBoundsWrite_isReportedWithThreadAndAllocationAndIsSticky() {
        Module m = new Module();
        Function k = fn(m, "fillBuggy", ExecutionSpace.KERNEL, Type.VOID, "p", IP, "n", Type.I32);
        Local i = k.newLocal("i", Type.I32, false);
        k.setBody(block(assign(i, tid()),
                iff(bin(BinaryOp.LE, get(i), get(k.params().get(1))), store(at(get(k.params().get(0)), get(i)), get(i), 10))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 4000);
        h.add(launch(k, dim((1000 + 1 + 127) / 128), dim(128), value(d), i32(1000)));
        Local sync = h.result(h.sync());
        h.printError("sync", get(sync));
        Local last = h.hostArray("last", Type.I32, 1);
        h.add(store(HostMain.elem(last, i32(0)), i32(-1)));
        Local copy = h.result(h.cudaMemcpy(), cvt(VOIDP, at(value(d), i32(999))), cvt(VOIDP, addr(last)), u64(4), i32(2));
        h.printError("memcpy", get(copy));
        h.add(print(m, "last valid element: %d\n", load(HostMain.elem(last, i32(0)))));
        Runs.Result r = Runs.run(h.finish(cvt(Type.I32, ne(get(sync), i32(0)))));
        assertEquals("sync: cudaErrorIllegalAddress\nmemcpy: cudaErrorIllegalAddress\nlast valid element: -1\n", r.out());
        assertEquals(1, r.status());
        assertTrue(r.err().contains("invalid __global__ write of size 4 bytes"), r.err());
        assertTrue(r.err().contains("by thread (104,0,0) in block (7,0,0)"), r.err());
        assertTrue(r.err().contains("is out of bounds: it is just past the end of the 4,000-byte allocation"), r.err());
        assertTrue(r.err().contains("fillBuggy (test.cu:10:1)"), r.err());
        assertTrue(r.err().contains("cudaMalloc(4000) at test.cu:1:1"), r.err());
    }

    @Test
    void misalignedStore_isCudaErrorMisalignedAddress() {
        Module m = new Module();
        Function k = fn(m, "storeInt", ExecutionSpace.KERNEL, Type.VOID, "base", CHARP);
        k.setBody(block(store(cvt(IP, at(get(k.params().get(0)), i32(1))), i32(0x11223344))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I8, 64);
        h.add(launch(k, dim(1), dim(1), value(d)));
        h.printError("sync", get(h.result(h.sync())));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("sync: cudaErrorMisalignedAddress\n", r.out());
        assertTrue(r.err().contains("misaligned"), r.err());
    }

    @Test
    void deviceAssert_printsCudasMessageAndPoisonsTheContext() {
        Module m = new Module();
        Function fail = ext(m, "__assert_fail", Type.VOID, false, CHARP, CHARP, Type.U32, CHARP);
        Function k = fn(m, "checkPositive", ExecutionSpace.KERNEL, Type.VOID, "v", IP, "n", Type.I32);
        Local i = k.newLocal("i", Type.I32, false);
        k.setBody(block(assign(i, tid()),
                iff(lt(get(i), get(k.params().get(1))),
                        iff(not(bin(BinaryOp.GE, load(at(get(k.params().get(0)), get(i))), i32(0))),
                                call(null, fail, str(m, "v[i] >= 0"), str(m, "runtime-errors/device_assert.cu"),
                                        u32(9), str(m, "void checkPositive(const int *, int)"))))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 256);
        Local host = h.hostArray("h", Type.I32, 64);
        Local j = h.local("j", Type.I32);
        h.add(forLoop(assign(j, i32(0)), lt(get(j), i32(64)), assign(j, add(get(j), i32(1))),
                store(HostMain.elem(host, get(j)), get(j))));
        h.add(store(HostMain.elem(host, i32(37)), i32(-1)));
        h.copy(value(d), addr(host), 256, 1);
        h.add(launch(k, dim(2), dim(32), value(d), i32(64)));
        h.printError("sync", get(h.result(h.sync())));
        h.printError("cudaMalloc after assert",
                get(h.result(h.cudaMalloc(), cvt(ptr(VOIDP), addr(d)), u64(16))));
        Runs.Result r = Runs.run(h.finish(i32(1)));
        assertEquals("sync: cudaErrorAssert\ncudaMalloc after assert: cudaErrorAssert\n", r.out());
        assertEquals("runtime-errors/device_assert.cu:9: void checkPositive(const int *, int): block: [1,0,0], "
                + "thread: [5,0,0] Assertion `v[i] >= 0` failed.\n", r.err());
    }

    @Test
    void dynamicSharedMemory_isSizedAtLaunch() {
        Module m = new Module();
        Global dyn = m.add(new Global("dyn", new Type.Array(Type.I32, 0), AddressSpace.SHARED, null, false, true, S));
        Function k = fn(m, "useDyn", ExecutionSpace.KERNEL, Type.VOID, "p", IP);
        Local t = k.newLocal("t", Type.I32, false);
        Local sum = k.newLocal("sum", Type.I32, false);
        Local j = k.newLocal("j", Type.I32, false);
        Expr base = new Expr.GlobalAddr(dyn);
        k.setBody(block(assign(t, threadX()),
                store(new Expr.ElementAddr(base, get(t)), add(get(t), i32(1))),
                barrier(),
                iff(bin(BinaryOp.EQ, get(t), i32(0)),
                        assign(sum, i32(0)),
                        forLoop(assign(j, i32(0)), lt(get(j), i32(32)), assign(j, add(get(j), i32(1))),
                                assign(sum, add(get(sum), load(new Expr.ElementAddr(base, get(j)))))),
                        store(at(get(k.params().get(0)), cvt(Type.I32, builtin(Builtin.BLOCK_IDX, 0))), get(sum)))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 8);
        h.add(new webcu.ir.Stmt.Launch(k, List.of(dim(2)), List.of(dim(32)), u64(128),
                new Expr.NullPtr(ptr(Type.VOID)), List.of(value(d)), S));
        Local host = h.hostArray("h", Type.I32, 2);
        h.copy(addr(host), value(d), 8, 2);
        h.add(print(m, "%d %d\n", load(HostMain.elem(host, i32(0))), load(HostMain.elem(host, i32(1)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("528 528\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void structArgument_deviceFunctionsAndRecursion() {
        Type.Struct ps = new Type.Struct("P");
        ps.complete(List.of(new Type.Field("a", Type.I32, 0), new Type.Field("b", Type.F32, 4)), 8, 4);
        Module m = new Module();
        Function fib = fn(m, "fib", ExecutionSpace.DEVICE, Type.I32, "n", Type.I32);
        Local n = fib.params().get(0);
        Local x = fib.newLocal("x", Type.I32, false);
        Local y = fib.newLocal("y", Type.I32, false);
        fib.setBody(block(iff(lt(get(n), i32(2)), ret(get(n))),
                call(x, fib, sub(get(n), i32(1))),
                call(y, fib, sub(get(n), i32(2))),
                ret(add(get(x), get(y)))));
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID, "p", ps, "out", IP);
        Local p = new Local(0, "p", ps, true);
        k.replaceLocal(p);
        Local f = k.newLocal("f", Type.I32, false);
        Local arr = k.newLocal("arr", new Type.Array(Type.I32, 8), true);
        k.setBody(block(
                call(f, fib, add(load(field(addr(p), 0)), threadX())),
                store(new Expr.ElementAddr(addr(arr), i32(7)), mul(i32(7), threadX())),
                store(at(get(k.params().get(1)), threadX()), add(add(get(f), cvt(Type.I32, load(field(addr(p), 1)))),
                        load(new Expr.ElementAddr(addr(arr), i32(7)))))));
        HostMain h = new HostMain(m);
        Local q = h.main.newLocal("q", ps, true);
        h.add(store(field(addr(q), 0), i32(10)));
        h.add(store(field(addr(q), 1), f32(2.5)));
        Local d = h.deviceArray("d", Type.I32, 16);
        h.add(launch(k, dim(1), dim(4), load(addr(q)), value(d)));
        Local host = h.hostArray("h", Type.I32, 4);
        h.copy(addr(host), value(d), 16, 2);
        h.add(print(m, "%d %d %d %d\n", load(HostMain.elem(host, i32(0))), load(HostMain.elem(host, i32(1))),
                load(HostMain.elem(host, i32(2))), load(HostMain.elem(host, i32(3)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("57 98 160 256\n", r.out());
    }

    @Test
    void atomicAdd_countsEveryThread() {
        Module m = new Module();
        Function atomicAdd = ext(m, "atomicAdd", Type.I32, false, IP, Type.I32);
        Function atomicMax = ext(m, "atomicMax", Type.U32, false, ptr(Type.U32), Type.U32);
        Function k = fn(m, "count", ExecutionSpace.KERNEL, Type.VOID, "p", IP);
        Expr p = get(k.params().get(0));
        k.setBody(block(call(null, atomicAdd, p, i32(1)),
                call(null, atomicMax, cvt(ptr(Type.U32), at(p, i32(1))), cvt(Type.U32, tid()))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 8);
        h.add(call(null, ext(m, "cudaMemset", Type.I32, false, VOIDP, Type.I32, Type.U64), cvt(VOIDP, value(d)), i32(0),
                u64(8)));
        h.add(launch(k, dim(4), dim(256), value(d)));
        Local host = h.hostArray("h", Type.I32, 2);
        h.copy(addr(host), value(d), 8, 2);
        h.add(print(m, "%d %d\n", load(HostMain.elem(host, i32(0))), load(HostMain.elem(host, i32(1)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("1024 1023\n", r.out());
    }

    @Test
    void launchLimits_areRejectedAndTheDeviceKeepsWorking() {
        Module m = new Module();
        Function k = fn(m, "mark", ExecutionSpace.KERNEL, Type.VOID, "p", IP);
        Function atomicAdd = ext(m, "atomicAdd", Type.I32, false, IP, Type.I32);
        Expr first = bool(true);
        for (Builtin b : new Builtin[] {Builtin.THREAD_IDX, Builtin.BLOCK_IDX}) {
            for (int c = 0; c < 3; c++) {
                first = bin(BinaryOp.LAND, first, bin(BinaryOp.EQ, builtin(b, c), u32(0)));
            }
        }
        k.setBody(block(iff(first, call(null, atomicAdd, get(k.params().get(0)), i32(1)))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 4);
        h.add(launch(k, dim(1), new Expr[] {u32(1024), u32(2), u32(1)}, value(d)));
        h.printError("block 1024x2x1", get(h.result(h.lastError())));
        h.add(launch(k, new Expr[] {u32(1), u32(65536), u32(1)}, dim(32), value(d)));
        h.printError("grid y=65536", get(h.result(h.lastError())));
        h.add(launch(k, new Expr[] {u32(2), u32(3), u32(1)}, new Expr[] {u32(32), u32(4), u32(2)}, value(d)));
        h.printError("valid launch", get(h.result(h.lastError())));
        Local host = h.hostArray("h", Type.I32, 1);
        h.copy(addr(host), value(d), 4, 2);
        h.add(print(m, "kernels that ran: %d\n", load(HostMain.elem(host, i32(0)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("block 1024x2x1: cudaErrorInvalidValue\ngrid y=65536: cudaErrorInvalidValue\n"
                + "valid launch: cudaSuccess\nkernels that ran: 1\n", r.out());
    }

    @Test
    void nullPointerKernel_reportsIllegalAddress() {
        Module m = new Module();
        Function k = fn(m, "init", ExecutionSpace.KERNEL, Type.VOID, "p", ptr(Type.F32), "n", Type.I32);
        k.setBody(block(iff(lt(tid(), get(k.params().get(1))), store(at(get(k.params().get(0)), tid()), f32(1.0)))));
        HostMain h = new HostMain(m);
        h.add(launch(k, dim(4), dim(64), new Expr.NullPtr(ptr(Type.F32)), i32(256)));
        h.printError("launch", get(h.result(h.lastError())));
        h.printError("sync", get(h.result(h.sync())));
        Runs.Result r = Runs.run(h.finish(i32(1)));
        assertEquals("launch: cudaSuccess\nsync: cudaErrorIllegalAddress\n", r.out());
        assertTrue(r.err().contains("null pointer"), r.err());
    }

    /**
     * The emulator's watchdog (runtime-errors/endless_kernel): a launch past its time limit stops
     * with the WebGPU watchdog's words and the thread's line, and the error is sticky.
     */
    @Test
    void timeLimit_stopsAKernelThatNeverEnds() {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", """
                #include <cstdio>
                __global__ void spin(volatile int *flag)
                {
                    while (*flag == 0) {
                    }
                }
                int main()
                {
                    int *flag;
                    cudaMalloc(&flag, sizeof(int));
                    cudaMemset(flag, 0, sizeof(int));
                    spin<<<2, 32>>>(flag);
                    cudaError_t sync = cudaDeviceSynchronize();
                    printf("sync: %s\\n", cudaGetErrorName(sync));
                    printf("after: %s\\n", cudaGetErrorName(cudaMemset(flag, 1, sizeof(int))));
                    return 0;
                }
                """, true);
        webcu.driver.CompileResult c = webcu.driver.Compiler.compile(set);
        assertTrue(c.ok(), c.render(false));
        CapturingConsole console = new CapturingConsole();
        CpuDevice device = new CpuDevice(console);
        device.setTimeLimit(0.3);
        long began = System.nanoTime();
        Runs.Result r = Runs.run(c.module(), device, console);
        assertTrue(System.nanoTime() - began < 20_000_000_000L, "stopped in time");
        assertEquals("sync: cudaErrorLaunchTimeout\nafter: cudaErrorLaunchTimeout\n", r.out());
        assertTrue(r.err().matches("(?s)webcu: kernel fault: kernel spin stopped after 0\\.[3-9] s: it did not finish "
                + "\\(an endless loop\\?\\)\n    in spin \\(t\\.cu:4:5\\)\n    by thread \\(0,0,0\\) in block \\(0,0,0\\)\n"
                + "    the kernel was stopped; CUDA calls now return cudaErrorLaunchTimeout\n"), r.err());
    }
}
