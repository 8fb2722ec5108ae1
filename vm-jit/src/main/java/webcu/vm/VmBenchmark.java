package webcu.vm;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
import webcu.runtime.Console;

/**
 * Measures the VM (not a test): instructions per second of a compute-bound host loop (integer
 * hashing and a float recurrence), and thread-instructions per second of a kernel whose threads
 * each run such a loop on the CPU device. Run with
 * {@code java -cp compiler-core/target/classes:vm-jit/target/classes:$(cat vm-jit/target/classpath.txt) webcu.vm.VmBenchmark [iterations] [host|kernel|both|host-jit]}
 * ({@code host-jit}: the host loop with the JVM's loop compiler, as {@code ./webcu run} runs it; give the
 * JVM {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} as ./webcu does).
 */
public final class VmBenchmark {
    private static final Span S = new Span("bench.cu", 1, 1);

    private VmBenchmark() {
    }

    /** Arguments: loop iterations (default 20,000,000), then {@code host}, {@code kernel}, {@code both} or {@code host-jit}. */
    public static void main(String[] args) {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 20_000_000L;
        String which = args.length > 1 ? args[1] : "both";
        if (which.equals("host-jit")) {
            LoopJit.install();
        }
        for (int round = 0; round < 5; round++) {
            if (which.equals("host") || which.equals("both")) {
                host(n, "host loop:  ");
            }
            if (which.equals("host-jit")) {
                host(n, "host loop, loop compiler:  ");
            }
            if (which.equals("kernel") || which.equals("both")) {
                kernel(n / 2048);
            }
        }
    }

    private static void host(long n, String what) {
        Module m = new Module();
        Function main = new Function("main", ExecutionSpace.HOST, Type.I32, List.of(), false, S);
        m.add(main);
        main.setBody(block(loopBody(m, main, n, null)));
        Console quiet = new Console() {
            @Override
            public void out(String text) {
            }

            @Override
            public void err(String text) {
                System.err.print(text);
            }
        };
        ProgramRun run = new ProgramRun(m, new CpuDevice(quiet), quiet, List.of());
        long t0 = System.nanoTime();
        RunState s;
        do {
            s = run.resume(50_000_000);
        } while (!(s instanceof RunState.Exited));
        double sec = (System.nanoTime() - t0) / 1e9;
        System.out.println(what + " " + Math.round(run.instructions() / sec / 1e6) + " M instructions/s ("
                + run.instructions() + " in " + Math.round(sec * 1000) + " ms)");
    }

    private static void kernel(long perThread) {
        Module m = new Module();
        Function k = new Function("spin", ExecutionSpace.KERNEL, Type.VOID,
                List.of(new webcu.ir.Local(0, "out", Type.ptr(Type.U32), false)), false, S);
        m.add(k);
        List<Stmt> body = loopBody(m, k, perThread, k.params().get(0));
        k.setBody(block(body));
        Function main = new Function("main", ExecutionSpace.HOST, Type.I32, List.of(), false, S);
        m.add(main);
        Function cudaMalloc = new Function("cudaMalloc", ExecutionSpace.HOST, Type.I32,
                List.of(new Local(0, "p", Type.ptr(Type.ptr(Type.VOID)), false), new Local(1, "n", Type.U64, false)),
                false, S);
        m.add(cudaMalloc);
        Function sync = new Function("cudaDeviceSynchronize", ExecutionSpace.HOST, Type.I32, List.of(), false, S);
        m.add(sync);
        Local d = main.newLocal("d", Type.ptr(Type.U32), true);
        main.setBody(block(List.of(
                new Stmt.Call(null, cudaMalloc, List.of(new Expr.Convert(Type.ptr(Type.ptr(Type.VOID)), new Expr.LocalAddr(d)),
                        new Expr.IntConst(Type.U64, 4 * 256 * 8)), S),
                new Stmt.Launch(k, List.of(u32(8), u32(1), u32(1)), List.of(u32(256), u32(1), u32(1)),
                        new Expr.IntConst(Type.U64, 0), new Expr.NullPtr(Type.ptr(Type.VOID)),
                        List.of(new Expr.Load(new Expr.LocalAddr(d))), S),
                new Stmt.Call(null, sync, List.of(), S),
                new Stmt.Return(new Expr.IntConst(Type.I32, 0), S))));
        Console quiet = new Console() {
            @Override
            public void out(String text) {
            }

            @Override
            public void err(String text) {
                System.err.print(text);
            }
        };
        CpuDevice device = new CpuDevice(quiet);
        ProgramRun run = new ProgramRun(m, device, quiet, List.of());
        long t0 = System.nanoTime();
        RunState s;
        do {
            s = run.resume(50_000_000);
        } while (!(s instanceof RunState.Exited));
        double sec = (System.nanoTime() - t0) / 1e9;
        System.out.println("kernel:      " + Math.round(device.instructionsRun() / sec / 1e6)
                + " M thread-instructions/s (2048 threads, " + device.instructionsRun() + " in " + Math.round(sec * 1000)
                + " ms)");
    }

    /**
     * {@code unsigned x = 1; float f = 0; for (int i = 0; i < n; i++) { x = x * 1664525u + 1013904223u;
     * x ^= x >> 13; f = f * 0.5f + (float)(x & 255); } out[...] = x + (unsigned) f;}
     */
    private static List<Stmt> loopBody(Module m, Function f, long n, Local out) {
        Local x = f.newLocal("x", Type.U32, false);
        Local fl = f.newLocal("f", Type.F32, false);
        Local i = f.newLocal("i", Type.I32, false);
        List<Stmt> s = new ArrayList<>();
        s.add(new Stmt.Assign(x, u32(1), S));
        s.add(new Stmt.Assign(fl, new Expr.FloatConst(Type.F32, 0), S));
        s.add(new Stmt.Assign(i, new Expr.IntConst(Type.I32, 0), S));
        Expr xv = new Expr.LocalGet(x);
        List<Stmt> body = new ArrayList<>();
        body.add(new Stmt.If(new Expr.Unary(UnaryOp.LNOT, new Expr.Binary(BinaryOp.LT, new Expr.LocalGet(i),
                new Expr.IntConst(Type.I32, n), Type.BOOL), Type.BOOL), block(List.of(new Stmt.Break(S))),
                Stmt.Block.empty(S), S));
        body.add(new Stmt.Assign(x, bin(BinaryOp.ADD, bin(BinaryOp.MUL, xv, u32(1664525)), u32(1013904223)), S));
        body.add(new Stmt.Assign(x, bin(BinaryOp.XOR, xv, bin(BinaryOp.SHR, xv, u32(13))), S));
        body.add(new Stmt.Assign(fl, new Expr.Binary(BinaryOp.ADD,
                new Expr.Binary(BinaryOp.MUL, new Expr.LocalGet(fl), new Expr.FloatConst(Type.F32, 0.5), Type.F32),
                new Expr.Convert(Type.F32, bin(BinaryOp.AND, xv, u32(255))), Type.F32), S));
        Stmt step = new Stmt.Assign(i, new Expr.Binary(BinaryOp.ADD, new Expr.LocalGet(i), new Expr.IntConst(Type.I32, 1),
                Type.I32), S);
        s.add(new Stmt.Loop(block(body), block(List.of(step)), null, S));
        Expr result = bin(BinaryOp.ADD, xv, new Expr.Convert(Type.U32, new Expr.LocalGet(fl)));
        if (out != null) {
            Expr tid = bin(BinaryOp.ADD, bin(BinaryOp.MUL, new Expr.BuiltinGet(Builtin.BLOCK_IDX, 0),
                    new Expr.BuiltinGet(Builtin.BLOCK_DIM, 0)), new Expr.BuiltinGet(Builtin.THREAD_IDX, 0));
            s.add(new Stmt.Store(new Expr.PtrAdd(new Expr.LocalGet(out), tid), result, S));
        } else {
            byte[] fmt = "%u\n\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Global g = m.add(new Global(".fmt", new Type.Array(Type.I8, fmt.length), AddressSpace.HOST, fmt, true, false, S));
            Function printf = new Function("printf", ExecutionSpace.HOST, Type.I32,
                    List.of(new Local(0, "fmt", Type.ptr(Type.I8), false)), true, S);
            m.add(printf);
            s.add(new Stmt.Call(null, printf, List.of(new Expr.ElementAddr(new Expr.GlobalAddr(g),
                    new Expr.IntConst(Type.I32, 0)), result), S));
            s.add(new Stmt.Return(new Expr.IntConst(Type.I32, 0), S));
        }
        return s;
    }

    private static Expr u32(long v) {
        return new Expr.IntConst(Type.U32, v);
    }

    private static Expr bin(BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, l.type());
    }

    private static Stmt.Block block(List<Stmt> s) {
        return new Stmt.Block(s, S);
    }
}
