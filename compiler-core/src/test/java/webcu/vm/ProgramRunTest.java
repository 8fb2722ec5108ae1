package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.vm.HostMain.value;
import static webcu.vm.Ir.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.runtime.CapturingConsole;
import webcu.runtime.Completion;
import webcu.runtime.Device;
import webcu.runtime.DeviceInfo;
import webcu.runtime.KernelLaunch;

/** Whole host programs through {@link ProgramRun}: start-up errors, exit, faults, waiting for the device. */
class ProgramRunTest {
    @Test
    void missingMain_isAClearError() {
        Module m = new Module();
        fn(m, "helper", ExecutionSpace.HOST, Type.VOID).setBody(block(ret()));
        Runs.Result r = Runs.run(m);
        assertEquals(1, r.status());
        assertEquals("error: no 'main' function in the program\n", r.err());
    }

    @Test
    void unresolvedExternal_namesTheFunctionAndItsFirstCall() {
        Module m = new Module();
        Function frob = ext(m, "frobnicate", Type.I32, false, Type.I32);
        HostMain h = new HostMain(m);
        h.add(print(m, "never printed\n"));
        h.add(callAt(5, null, frob, i32(1)));
        h.add(callAt(6, null, frob, i32(2)));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals(1, r.status());
        assertEquals("", r.out());
        assertEquals("test.cu:5:1: error: undefined reference to 'frobnicate'\n1 error when linking.\n", r.err());
    }

    @Test
    void unresolvedDeviceFunction_isReportedBeforeTheRun() {
        Module m = new Module();
        Function nope = ext(m, "__nope", Type.VOID, false);
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID);
        k.setBody(block(callAt(3, null, nope)));
        Runs.Result r = Runs.run(new HostMain(m).finish(i32(0)));
        assertEquals(1, r.status());
        assertTrue(r.err().contains("test.cu:3:1: error: undefined reference to '__nope' (in device code)"), r.err());
    }

    @Test
    void mainsReturnValue_isTheExitStatusModulo256() {
        assertEquals(7, Runs.run(new HostMain(new Module()).finish(i32(256 + 7))).status());
        assertEquals(255, Runs.run(new HostMain(new Module()).finish(i32(-1))).status());
    }

    private static Module tenLines() {
        Module m = new Module();
        HostMain h = new HostMain(m);
        for (int i = 0; i < 10; i++) {
            h.add(print(m, "line\n"));
        }
        return h.finish(i32(0));
    }

    @Test
    void budgets_countEachInstructionOnceWhateverTheirSize() {
        // the interpreter counts down an int, with what a budget holds beyond an int's range set aside
        CapturingConsole whole = new CapturingConsole();
        ProgramRun one = new ProgramRun(tenLines(), new CpuDevice(whole), whole, List.of());
        assertInstanceOf(RunState.Exited.class, one.resume(Long.MAX_VALUE));
        long all = one.instructions();
        assertTrue(all > 10, "instructions: " + all);

        CapturingConsole sliced = new CapturingConsole();
        ProgramRun run = new ProgramRun(tenLines(), new CpuDevice(sliced), sliced, List.of());
        assertInstanceOf(RunState.Running.class, run.resume(3));
        assertEquals(3, run.instructions());
        assertInstanceOf(RunState.Running.class, run.resume(0));
        assertEquals(3, run.instructions());
        RunState s = run.resume(Integer.MAX_VALUE + 5L);
        while (s instanceof RunState.Running) {
            s = run.resume(2);
        }
        assertInstanceOf(RunState.Exited.class, s);
        assertEquals(all, run.instructions());
        assertEquals(whole.out.toString(), sliced.out.toString());
        assertEquals("line\n".repeat(10), sliced.out.toString());
    }

    @Test
    void exit_flushesAPartialLineAndEnds() {
        Module m = new Module();
        Function exit = ext(m, "exit", Type.VOID, false, Type.I32);
        HostMain h = new HostMain(m);
        h.add(print(m, "partial"));
        h.add(call(null, exit, i32(3)));
        h.add(print(m, "not reached\n"));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals(3, r.status());
        assertEquals("partial", r.out());
    }

    @Test
    void hostOverrun_isReportedAndEndsWithStatusOne() {
        Module m = new Module();
        Function malloc = ext(m, "malloc", VOIDP, false, Type.U64);
        HostMain h = new HostMain(m);
        Local p = h.local("p", VOIDP);
        h.add(callAt(4, p, malloc, u64(40)));
        h.add(print(m, "before\n"));
        h.add(store(at(cvt(ptr(Type.I32), get(p)), i32(10)), i32(1), 7));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals(1, r.status());
        assertEquals("before\n", r.out());
        assertTrue(r.err().startsWith("webcu: runtime error: invalid write of size 4 bytes\n    in main (test.cu:7:1)\n"),
                r.err());
        assertTrue(r.err().contains("just past the end of the 40-byte allocation"), r.err());
        assertTrue(r.err().contains("malloc(40) at test.cu:4:1"), r.err());
    }

    @Test
    void hostDereferenceOfDevicePointer_isExplained() {
        Module m = new Module();
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 16);
        h.add(print(m, "%d\n", load(value(d))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals(1, r.status());
        assertTrue(r.err().contains("host code cannot dereference a device pointer"), r.err());
    }

    @Test
    void doubleFree_isReported() {
        Module m = new Module();
        Function malloc = ext(m, "malloc", VOIDP, false, Type.U64);
        Function free = ext(m, "free", Type.VOID, false, VOIDP);
        HostMain h = new HostMain(m);
        Local p = h.local("p", VOIDP);
        h.add(call(p, malloc, u64(8)));
        h.add(call(null, free, get(p)));
        h.add(call(null, free, get(p)));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals(1, r.status());
        assertTrue(r.err().contains("double free"), r.err());
    }

    @Test
    void divisionByZero_onTheHostIsAFault() {
        Module m = new Module();
        HostMain h = new HostMain(m);
        Local z = h.local("z", Type.I32);
        h.add(assign(z, i32(0)));
        h.add(print(m, "%d\n", bin(BinaryOp.DIV, i32(1), get(z))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals(1, r.status());
        assertTrue(r.err().contains("integer division by zero"), r.err());
    }

    @Test
    void argcArgv_reachMain() {
        Module m = new Module();
        Function main = fn(m, "main", ExecutionSpace.HOST, Type.I32, "argc", Type.I32, "argv", ptr(CHARP));
        Local argc = main.params().get(0);
        Local argv = main.params().get(1);
        main.setBody(block(
                print(m, "%d %s %s\n", get(argc), load(at(get(argv), i32(0))), load(at(get(argv), i32(2)))),
                ret(cvt(Type.I32, bin(BinaryOp.EQ, load(at(get(argv), i32(3))), new webcu.ir.Expr.NullPtr(CHARP))))));
        Runs.Result r = Runs.run(m, "bin/prog", "one", "two");
        assertEquals("3 bin/prog two\n", r.out());
        assertEquals(1, r.status());
    }

    @Test
    void randAndSprintf_matchGlibc() {
        Module m = new Module();
        Function srand = ext(m, "srand", Type.VOID, false, Type.U32);
        Function rand = ext(m, "rand", Type.I32, false);
        Function sprintf = ext(m, "sprintf", Type.I32, true, CHARP, CHARP);
        Function puts = ext(m, "puts", Type.I32, false, CHARP);
        HostMain h = new HostMain(m);
        Local buf = h.hostArray("buf", Type.I8, 64);
        Local a = h.local("a", Type.I32);
        Local b = h.local("b", Type.I32);
        h.add(call(null, srand, u32(1)));
        h.add(call(a, rand));
        h.add(call(b, rand));
        h.add(call(null, sprintf, HostMain.elem(buf, i32(0)), str(m, "%d,%d|%5.2f"), get(a), get(b), f64(3.14159)));
        h.add(call(null, puts, HostMain.elem(buf, i32(0))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("1804289383,846930886| 3.14\n", r.out());
    }

    @Test
    void mathFunctions_computeInTheirPrecision() {
        Module m = new Module();
        Function sqrtf = ext(m, "sqrtf", Type.F32, false, Type.F32);
        Function pow = ext(m, "pow", Type.F64, false, Type.F64, Type.F64);
        HostMain h = new HostMain(m);
        Local s = h.local("s", Type.F32);
        Local p = h.local("p", Type.F64);
        h.add(call(s, sqrtf, f32(2.0)));
        h.add(call(p, pow, f64(2.0), f64(0.5)));
        h.add(print(m, "%.10f %.17g\n", cvt(Type.F64, get(s)), get(p)));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("1.4142135382 1.4142135623730951\n", r.out());
    }

    /** A CPU device whose copies and synchronizations finish only when the test says so, as WebGPU's do. */
    private static final class SlowDevice implements Device {
        final CpuDevice inner;
        final List<Completion> pending = new ArrayList<>();

        SlowDevice(CapturingConsole console) {
            inner = new CpuDevice(console);
        }

        @Override
        public DeviceInfo info() {
            return inner.info();
        }

        @Override
        public boolean createBuffer(int id, long bytes) {
            return inner.createBuffer(id, bytes);
        }

        @Override
        public void destroyBuffer(int id) {
            inner.destroyBuffer(id);
        }

        @Override
        public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
            inner.write(buffer, offset, src, srcOffset, length);
        }

        @Override
        public void copy(int dst, long dstOffset, int src, long srcOffset, long length) {
            inner.copy(dst, dstOffset, src, srcOffset, length);
        }

        @Override
        public void fill(int buffer, long offset, int byteValue, long length) {
            inner.fill(buffer, offset, byteValue, length);
        }

        @Override
        public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
            // The bytes arrive only when the completion finishes.
            byte[] staged = new byte[length];
            inner.read(buffer, offset, staged, 0, length);
            Completion c = new Completion();
            c.whenDone(() -> System.arraycopy(staged, 0, dst, dstOffset, length));
            pending.add(c);
            return c;
        }

        @Override
        public void launch(KernelLaunch launch) {
            inner.launch(launch);
        }

        @Override
        public Completion synchronize() {
            Completion c = new Completion();
            pending.add(c);
            return c;
        }

        void finishAll() {
            for (Completion c : new ArrayList<>(pending)) {
                c.complete();
            }
            pending.clear();
        }
    }

    @Test
    void blockingCopy_suspendsTheProgramUntilTheDeviceIsDone() {
        Module m = new Module();
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 4);
        Local host = h.hostArray("h", Type.I32, 1);
        h.add(store(HostMain.elem(host, i32(0)), i32(41)));
        h.copy(value(d), addr(host), 4, 1);
        h.add(store(HostMain.elem(host, i32(0)), i32(0)));
        h.copy(addr(host), value(d), 4, 2);
        h.add(print(m, "got %d\n", add(load(HostMain.elem(host, i32(0))), i32(1))));
        Module program = h.finish(i32(0));
        CapturingConsole console = new CapturingConsole();
        SlowDevice device = new SlowDevice(console);
        ProgramRun run = new ProgramRun(program, device, console, List.of());
        int waits = 0;
        RunState s = run.resume(1_000_000);
        while (!(s instanceof RunState.Exited)) {
            RunState.Waiting w = assertInstanceOf(RunState.Waiting.class, s);
            waits++;
            device.finishAll();
            assertTrue(w.completion().isDone());
            s = run.resume(1_000_000);
        }
        assertEquals(0, ((RunState.Exited) s).status());
        assertEquals("got 42\n", console.out.toString());
        assertTrue(waits >= 2, "waited " + waits + " times");
    }

    @Test
    void spans_ofStatementsAppearInBacktraces() {
        Module m = new Module();
        Function g = fn(m, "g", ExecutionSpace.HOST, Type.I32, "p", ptr(Type.I32));
        g.setBody(new Stmt.Block(List.of(new Stmt.Return(load(get(g.params().get(0))), new Span("x.cu", 3, 12))), S));
        HostMain h = new HostMain(m);
        Local r = h.local("r", Type.I32);
        h.add(new Stmt.Call(r, g, List.of(new webcu.ir.Expr.NullPtr(ptr(Type.I32))), new Span("x.cu", 9, 5)));
        Runs.Result res = Runs.run(h.finish(get(r)));
        assertTrue(res.err().contains("    in g (x.cu:3:12)\n    called from main (x.cu:9:5)\n"), res.err());
        assertTrue(res.err().contains("null pointer"), res.err());
    }
}
