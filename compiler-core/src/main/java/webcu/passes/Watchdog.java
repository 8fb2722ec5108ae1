package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Gives every loop of a kernel an iteration budget, so that a kernel that never ends (a
 * {@code while (1)}, a spin on a flag nobody sets) stops by itself and reports where it looped,
 * instead of keeping the GPU busy for as long as the browser lets it.
 *
 * <p>CUDA feature: none; CUDA's display watchdog ends such a kernel with
 * {@code cudaErrorLaunchTimeout} after a few seconds on GPUs that drive a screen, and a compute
 * GPU lets it run forever.
 *
 * <p>Why WebGPU needs it: a dispatch cannot be cancelled. Once submitted it runs to its end: no
 * WebGPU call reaches a running dispatch (queue operations run in submission order, and a buffer
 * mapped for the host cannot be bound), and neither closing the page's worker nor destroying the
 * device stops the GPU process from running it, so the next run of the page waits behind it. So
 * each invocation counts the iterations of all its loops in one local, checked at the top of each
 * loop's body: every {@link #CHUNK} iterations (a mask test; the rest of the time the check costs a
 * compare and a decrement) it adds a tick to the launch's count in the debug buffer, and it leaves
 * the loop when its own budget ({@link DeviceTarget#watchdog}) is spent or the launch's ticks pass
 * {@link #GLOBAL_FACTOR} times that budget (a grid of many endless invocations ends as soon as one
 * endless invocation would). Leaving means: record a {@link DebugBuffer#WATCHDOG} fault naming the
 * loop, and {@code break}; every enclosing loop breaks at its next check too, since the spent
 * counter stays at zero. The host then reports the kernel and the loop's line and makes the error
 * ({@code cudaErrorLaunchTimeout}) sticky, so what the invocation computes after leaving is never seen.
 *
 * <p>Barriers: WGSL requires a loop that holds a barrier to be left by all invocations of the
 * workgroup together. Such loops (CUDA runs them uniformly, or {@link Uniformity} could not have
 * kept their barriers) count in a second local that only they change, always at the top of their
 * body, so it holds the same value in every invocation and the browser's uniformity analysis can
 * see that; its budget is the per-invocation one over {@link #BARRIER_DIVISOR} (a barrier costs
 * far more than an iteration) and it does not tick the launch's count, which differs between
 * invocations. A non-uniform {@code break} of a loop without barriers leaves the barriers after
 * that loop uniform, as grid-stride loops do.
 *
 * <p>Expects: the kernels at the end of the pipeline (after {@link Atomics}, whose spin loops get
 * a budget too, and after {@link ThreadCoarsening}, so that the counters are one per invocation).
 * Guarantees: no loop of a kernel runs more than its budget's iterations per invocation.
 *
 * <p>chipStar twin: none.
 */
public final class Watchdog implements DevicePass {
    /**
     * The default budget, loop iterations per invocation: 2^30. On an H100 one invocation spinning
     * alone runs about this many iterations in a few seconds; a CUDA thread that loops 10^9 times
     * is far beyond what normal kernels do. Documented in docs/watchdog.md.
     */
    public static final long DEFAULT_BUDGET = 1L << 30;
    /**
     * The default budget on an adapter that runs on the CPU (SwiftShader, Chromium's fallback):
     * 2^22. There one invocation runs some 10^7 iterations a second, so 2^30 would keep an endless
     * kernel going for minutes, and no kernel that loops millions of times per invocation finishes
     * there in useful time anyway.
     */
    public static final long SOFTWARE_BUDGET = 1L << 22;
    /** Iterations between two ticks of an invocation; budgets are rounded up to a multiple of it. */
    public static final long CHUNK = 1L << 16;
    /** The launch's budget (all invocations' iterations together) is this many times one invocation's. */
    public static final long GLOBAL_FACTOR = 1L << 14;
    /** Loops that hold barriers get the per-invocation budget over this. */
    public static final long BARRIER_DIVISOR = 1L << 4;

    @Override
    public String name() {
        return "Watchdog";
    }

    @Override
    public void run(DeviceModule m) {
        long budget = budget(m.target().watchdog());
        if (budget == 0) {
            return;
        }
        for (Function k : m.kernels()) {
            if (Uniformity.contains(k.body(), Stmt.Loop.class)) {
                new State(m, k, budget).run();
            }
        }
    }

    /** The per-invocation budget actually used: a multiple of {@link #CHUNK} that fits a u32; 0 stays 0. */
    public static long budget(long requested) {
        if (requested <= 0) {
            return 0;
        }
        long chunks = Math.min((requested + CHUNK - 1) / CHUNK, (0xFFFFFFFFL / CHUNK));
        return chunks * CHUNK;
    }

    /** The launch's tick limit for a per-invocation {@code budget}. */
    public static long ticks(long budget) {
        return Math.min(budget / CHUNK * GLOBAL_FACTOR, 0xFFFFFFFFL);
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        final long budget;
        final Global debug;
        Local counter;
        Local uniformCounter;
        Local tick;

        State(DeviceModule m, Function k, long budget) {
            this.m = m;
            this.k = k;
            this.budget = budget;
            this.debug = DebugBuffer.global(m.module());
        }

        void run() {
            Stmt.Block body = new Rewriter() {
                @Override
                protected List<Stmt> stmt(Stmt s) {
                    if (s instanceof Stmt.Loop l) {
                        Stmt.Block inner = block(l.body());
                        List<Stmt> guarded = new ArrayList<>(Uniformity.contains(l.body(), Stmt.Barrier.class)
                                ? uniformCheck(l) : check(l));
                        guarded.addAll(inner.stmts());
                        return List.of(new Stmt.Loop(new Stmt.Block(guarded, inner.span()), block(l.continuing()),
                                l.breakIf(), l.span()));
                    }
                    return super.stmt(s);
                }
            }.block(k.body());
            List<Stmt> out = new ArrayList<>();
            Span at = k.body().span();
            if (counter != null) {
                // budget - 1: the first tick comes after a whole chunk, so a huge grid of short loops never ticks
                out.add(Build.assign(counter, Build.u32(budget - 1), at));
            }
            if (uniformCounter != null) {
                out.add(Build.assign(uniformCounter, Build.u32(Math.max(1, budget / BARRIER_DIVISOR)), at));
            }
            out.addAll(body.stmts());
            k.setBody(new Stmt.Block(out, body.span()));
        }

        /**
         * The check of a loop without barriers: {@code if ((n & mask) == 0) { tick or stop }; n -= 1}.
         * A spent counter (0) always takes the slow path and stops, without ticking.
         */
        List<Stmt> check(Stmt.Loop l) {
            Span at = l.span();
            if (counter == null) {
                counter = k.newLocal("watchdog", Type.U32, false);
                tick = k.newLocal("watchdog.tick", Type.U32, false);
            }
            List<Stmt> tickThen = List.of(
                    Build.call(tick, Printf.atomicU32(m, "Add"), List.of(Printf.word(debug, Build.u32(DebugBuffer.WATCHDOG_TICKS)),
                            Build.u32(1)), at),
                    new Stmt.If(Build.bin(BinaryOp.GE, Build.get(tick), Build.u32(ticks(budget))),
                            Build.block(List.of(Build.assign(counter, Build.u32(0), at)), at), Stmt.Block.empty(at), at));
            List<Stmt> slow = new ArrayList<>();
            slow.add(new Stmt.If(Build.bin(BinaryOp.NE, Build.get(counter), Build.u32(0)), Build.block(tickThen, at),
                    Stmt.Block.empty(at), at));
            slow.add(new Stmt.If(Build.bin(BinaryOp.EQ, Build.get(counter), Build.u32(0)), Build.block(stop(l), at),
                    Stmt.Block.empty(at), at));
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.If(Build.bin(BinaryOp.EQ, Build.bin(BinaryOp.AND, Build.get(counter), Build.u32(CHUNK - 1)),
                    Build.u32(0)), Build.block(slow, at), Stmt.Block.empty(at), at));
            out.add(Build.assign(counter, Build.bin(BinaryOp.SUB, Build.get(counter), Build.u32(1)), at));
            return out;
        }

        /** The check of a loop with barriers, on the block-uniform counter: {@code if (u == 0) stop; u -= 1}. */
        List<Stmt> uniformCheck(Stmt.Loop l) {
            Span at = l.span();
            if (uniformCounter == null) {
                uniformCounter = k.newLocal("watchdog.uniform", Type.U32, false);
            }
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.If(Build.bin(BinaryOp.EQ, Build.get(uniformCounter), Build.u32(0)), Build.block(stop(l), at),
                    Stmt.Block.empty(at), at));
            out.add(Build.assign(uniformCounter, Build.bin(BinaryOp.SUB, Build.get(uniformCounter), Build.u32(1)), at));
            return out;
        }

        /** Records the watchdog fault naming this loop, and leaves it. */
        List<Stmt> stop(Stmt.Loop l) {
            int site = m.debug().addLoop(new DebugBuffer.LoopSite(k.name(), l.span()));
            List<Stmt> out = new ArrayList<>(Abort.fault(m, k, debug, DebugBuffer.WATCHDOG, site, l.span()));
            out.add(new Stmt.Break(l.span()));
            return out;
        }
    }
}
