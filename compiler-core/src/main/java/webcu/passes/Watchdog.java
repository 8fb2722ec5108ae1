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
 * loop's body (a compare and a subtraction): an iteration costs 1 unit, or {@link #MEMORY_WEIGHT}
 * where the loop touches memory; every {@link #CHUNK} units it adds a tick to the launch's count in
 * the debug buffer, and it leaves the loop when its own budget ({@link DeviceTarget#watchdog}) is
 * spent or the launch's ticks pass {@link #GLOBAL_FACTOR} times that budget (a grid of many
 * endless invocations ends in seconds too). Counted loops that end by themselves
 * ({@link #counted}) are left alone. Leaving means: record a {@link DebugBuffer#WATCHDOG} fault
 * naming the loop, and {@code break}; every enclosing loop breaks at its next check too, since the
 * spent counter stays at zero. The host then reports the kernel and the loop's line and makes the error
 * ({@code cudaErrorLaunchTimeout}) sticky, so what the invocation computes after leaving is never seen.
 *
 * <p>Barriers: WGSL requires a loop that holds a barrier to be left by all invocations of the
 * workgroup together. Such loops (CUDA runs them uniformly, or {@link Uniformity} could not have
 * kept their barriers) count in a second local that only they change, always at the top of their
 * body, so it holds the same value in every invocation and the browser's uniformity analysis can
 * see that; its budget is the per-invocation one over {@link #BARRIER_DIVISOR} iterations (a
 * barrier costs far more than an iteration) and it does not tick the launch's count, which differs between
 * invocations. A non-uniform {@code break} of a loop without barriers leaves the barriers after
 * that loop uniform, as grid-stride loops do.
 *
 * <p>Expects: the kernels at the end of the pipeline (after {@link Atomics}, whose spin loops get
 * a budget too, and after {@link ThreadCoarsening}, so that the counters are one per invocation).
 * Guarantees: every loop of a kernel but counted ones is checked, so no invocation spends more
 * than its budget in loops, nor the launch more than {@link #GLOBAL_FACTOR} budgets.
 *
 * <p>chipStar twin: none.
 */
public final class Watchdog implements DevicePass {
    /** Budget units between two ticks of an invocation; budgets are rounded up to a multiple of it. */
    public static final long CHUNK = 1L << 18;
    /**
     * What one iteration of a loop that reads or writes memory costs, in budget units (other
     * loops: 1). A spin on a flag in device memory waits for the memory every iteration: on an
     * H100, 2^30 such iterations of one thread take minutes, 2^24 some seconds.
     */
    public static final long MEMORY_WEIGHT = 64;
    /**
     * The launch's budget (all invocations' units together) is this many times one invocation's:
     * 2^48 units by default, 2^42 iterations of loops that touch memory (naive SGEMM of two 16384 ×
     * 16384 matrices runs 2^42 inner iterations in all).
     */
    public static final long GLOBAL_FACTOR = 1L << 18;
    /**
     * Loops that hold barriers get the per-invocation budget over this: an iteration there costs a
     * barrier of the whole workgroup (on SwiftShader 2^16 of them take 1024 invocations 9 s).
     */
    public static final long BARRIER_DIVISOR = 1L << 6;

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
            if (Analysis.contains(k.body(), Stmt.Loop.class)) {
                new State(m, k, budget).run();
            }
        }
    }

    /** The per-invocation budget actually used: at least two {@link #CHUNK}s, a multiple of it that fits a u32; 0 stays 0. */
    public static long budget(long requested) {
        if (requested <= 0) {
            return 0;
        }
        long chunks = Math.max(2, Math.min((requested + CHUNK - 1) / CHUNK, (0xFFFFFFFFL / CHUNK)));
        return chunks * CHUNK;
    }

    /**
     * Whether {@code l} is a counted loop that ends by itself: its body starts with
     * {@code if (!(i CMP C)) break}, its continuing block is only {@code i = i OP c} (constants C and
     * c > 0), nothing else assigns {@code i}, and the step moves {@code i} towards the exit without
     * wrapping around ({@code i < C} with {@code +}, {@code i > C} with {@code -} or {@code >>} …).
     * Such loops ({@code for (int j = 0; j < 16; j++)}, a tree reduction's {@code k >>= 1}) run at
     * most 2^32 / c times whatever the data, so they need no budget and cost nothing. A bound that
     * is not a constant but that the loop cannot change ({@link #invariant}: a kernel argument, a
     * product of them and built-ins) counts too with a step of one up to {@code <} or down to
     * {@code >}: the counter meets the bound before it could wrap.
     */
    static boolean counted(Stmt.Loop l) {
        List<Stmt> body = l.body().stmts();
        List<Stmt> cont = l.continuing().stmts();
        if (l.breakIf() != null || body.isEmpty() || cont.size() != 1) {
            return false;
        }
        if (!(body.get(0) instanceof Stmt.If exit) || !exit.otherwise().stmts().isEmpty()
                || exit.then().stmts().size() != 1 || !(exit.then().stmts().get(0) instanceof Stmt.Break)
                || !(exit.cond() instanceof webcu.ir.Expr.Unary not) || not.op() != webcu.ir.UnaryOp.LNOT
                || !(not.operand() instanceof webcu.ir.Expr.Binary test)
                || !(test.left() instanceof webcu.ir.Expr.LocalGet counter)) {
            return false;
        }
        Local i = counter.local();
        if (i.addressable() || !(i.type() instanceof Type.Int t) || t.bits() != 32
                || !(cont.get(0) instanceof Stmt.Assign step) || step.target() != i
                || !(step.value() instanceof webcu.ir.Expr.Binary update)
                || !(update.left() instanceof webcu.ir.Expr.LocalGet self) || self.local() != i) {
            return false;
        }
        Long bound = constant(test.right(), t);
        Long by = constant(update.right(), update.op() == BinaryOp.SHR ? new Type.Int(32, false) : t);
        if (by == null) {
            return false;
        }
        boolean[] assigned = {false};
        Rewriter.forEachStmt(new Stmt.Block(body.subList(1, body.size()), l.span()), x -> assigned[0] |=
                x instanceof Stmt.Assign a && a.target() == i || x instanceof Stmt.Call c && c.result() == i);
        if (assigned[0]) {
            return false;
        }
        if (bound == null) {
            // a bound the loop cannot change (naive SGEMM's k < n): a step of one cannot pass it
            // without meeting it, so the loop ends within 2^32 iterations, as a constant bound's
            long delta = update.op() == BinaryOp.ADD ? by : update.op() == BinaryOp.SUB ? -by : 0;
            return (delta == 1 && test.op() == BinaryOp.LT || delta == -1 && test.op() == BinaryOp.GT)
                    && invariant(test.right(), l);
        }
        long min = t.signed() ? Integer.MIN_VALUE : 0;
        long max = t.signed() ? Integer.MAX_VALUE : 0xFFFFFFFFL;
        long c = bound;
        long d = by;
        if (d <= 0 || d >= 1L << 31) {
            return false;
        }
        return switch (update.op()) {
            case ADD -> test.op() == BinaryOp.LT && c - 1 + d <= max || test.op() == BinaryOp.LE && c + d <= max;
            case SUB -> test.op() == BinaryOp.GT && c + 1 - d >= min || test.op() == BinaryOp.GE && c - d >= min;
            case SHR -> d < 32 && (test.op() == BinaryOp.GT && c >= 0 || test.op() == BinaryOp.NE && c == 0 && !t.signed());
            default -> false;
        };
    }

    /**
     * Whether {@code e} has the same value at every test of loop {@code l}: constants, built-in
     * variables, and locals that nothing in the loop assigns and no pointer reaches, combined by
     * operators; never a load.
     */
    private static boolean invariant(webcu.ir.Expr e, Stmt.Loop l) {
        boolean[] ok = {true};
        java.util.Set<Local> read = new java.util.HashSet<>();
        Rewriter.forEachExpr(new Stmt.Block(List.of(new Stmt.If(e, Stmt.Block.empty(l.span()), Stmt.Block.empty(l.span()),
                l.span())), l.span()), (x, sub) -> {
            switch (sub) {
                case webcu.ir.Expr.IntConst k -> { }
                case webcu.ir.Expr.BuiltinGet b -> { }
                case webcu.ir.Expr.LocalGet g -> {
                    ok[0] &= !g.local().addressable();
                    read.add(g.local());
                }
                case webcu.ir.Expr.Binary b -> { }
                case webcu.ir.Expr.Unary u -> { }
                case webcu.ir.Expr.Convert c -> { }
                default -> ok[0] = false;
            }
        });
        Rewriter.forEachStmt(new Stmt.Block(List.of(l.body(), l.continuing()), l.span()), x -> ok[0] &=
                !(x instanceof Stmt.Assign a && read.contains(a.target()) || x instanceof Stmt.Call c && read.contains(c.result())));
        return ok[0];
    }

    /** The value of a 32-bit integer constant (or a constant converted) as type {@code t} has it; null if not one. */
    private static Long constant(webcu.ir.Expr e, Type.Int t) {
        if (e instanceof webcu.ir.Expr.Convert cv && cv.type() instanceof Type.Int) {
            e = cv.value();
        }
        if (!(e instanceof webcu.ir.Expr.IntConst k) || k.type().bits() > 32) {
            return null;
        }
        return t.signed() ? (long) (int) k.value() : k.value() & 0xFFFFFFFFL;
    }

    /** {@link #MEMORY_WEIGHT} where the loop (nested loops included) loads, stores or calls, else 1. */
    static long weight(Stmt.Loop l) {
        boolean[] memory = {false};
        Stmt.Block all = new Stmt.Block(List.of(l.body(), l.continuing()), l.span());
        Rewriter.forEachStmt(all, x -> memory[0] |= x instanceof Stmt.Store || x instanceof Stmt.Call);
        Rewriter.forEachExpr(all, (x, e) -> memory[0] |= e instanceof webcu.ir.Expr.Load);
        if (l.breakIf() != null) {
            Rewriter.forEachExpr(new Stmt.Block(List.of(new Stmt.If(l.breakIf(), Stmt.Block.empty(l.span()),
                    Stmt.Block.empty(l.span()), l.span())), l.span()), (x, e) -> memory[0] |= e instanceof webcu.ir.Expr.Load);
        }
        return memory[0] ? MEMORY_WEIGHT : 1;
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
        Local next;
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
                        if (counted(l)) {
                            return List.of(new Stmt.Loop(inner, block(l.continuing()), l.breakIf(), l.span()));
                        }
                        List<Stmt> guarded = new ArrayList<>(Analysis.contains(l.body(), Stmt.Barrier.class)
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
                // the first tick comes after a whole chunk, so a huge grid of short loops never ticks
                out.add(Build.assign(counter, Build.u32(budget), at));
                out.add(Build.assign(next, Build.u32(budget - CHUNK), at));
            }
            if (uniformCounter != null) {
                out.add(Build.assign(uniformCounter, Build.u32(Math.max(1, budget / BARRIER_DIVISOR)), at));
            }
            out.addAll(body.stmts());
            k.setBody(new Stmt.Block(out, body.span()));
        }

        /**
         * The check of a loop without barriers: {@code if (n <= next) { tick, or stop }; n -= w}.
         * {@code next} is the next chunk boundary, never below {@link #MEMORY_WEIGHT}, so {@code n}
         * never wraps; a spent counter (at most one weight left, or set to 0) always stops.
         */
        List<Stmt> check(Stmt.Loop l) {
            Span at = l.span();
            if (counter == null) {
                counter = k.newLocal("watchdog", Type.U32, false);
                next = k.newLocal("watchdog.next", Type.U32, false);
                tick = k.newLocal("watchdog.tick", Type.U32, false);
            }
            Stmt nextChunk = new Stmt.If(Build.bin(BinaryOp.GT, Build.get(counter), Build.u32(CHUNK + MEMORY_WEIGHT)),
                    Build.block(List.of(Build.assign(next, Build.bin(BinaryOp.SUB, Build.get(counter), Build.u32(CHUNK)), at)), at),
                    Build.block(List.of(Build.assign(next, Build.u32(MEMORY_WEIGHT), at)), at), at);
            List<Stmt> tickThen = List.of(
                    Build.call(tick, Build.atomicU32(m, "Add"), List.of(Build.debugWord(debug, Build.u32(DebugBuffer.WATCHDOG_TICKS)),
                            Build.u32(1)), at),
                    new Stmt.If(Build.bin(BinaryOp.GE, Build.get(tick), Build.u32(ticks(budget))),
                            Build.block(List.of(Build.assign(counter, Build.u32(0), at)), at), Build.block(List.of(nextChunk), at), at));
            List<Stmt> stop = new ArrayList<>();
            stop.add(Build.assign(counter, Build.u32(0), at));
            stop.addAll(stop(l));
            List<Stmt> slow = new ArrayList<>();
            slow.add(new Stmt.If(Build.bin(BinaryOp.GT, Build.get(counter), Build.u32(MEMORY_WEIGHT)), Build.block(tickThen, at),
                    Stmt.Block.empty(at), at));
            slow.add(new Stmt.If(Build.bin(BinaryOp.LE, Build.get(counter), Build.u32(MEMORY_WEIGHT)), Build.block(stop, at),
                    Stmt.Block.empty(at), at));
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.If(Build.bin(BinaryOp.LE, Build.get(counter), Build.get(next)), Build.block(slow, at),
                    Stmt.Block.empty(at), at));
            out.add(Build.assign(counter, Build.bin(BinaryOp.SUB, Build.get(counter), Build.u32(weight(l))), at));
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
            List<Stmt> out = new ArrayList<>(Build.fault(m, k, debug, DebugBuffer.WATCHDOG, site, l.span()));
            out.add(new Stmt.Break(l.span()));
            return out;
        }
    }
}
