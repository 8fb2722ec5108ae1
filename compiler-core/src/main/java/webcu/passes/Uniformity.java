package webcu.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Makes barriers reachable by every thread of the block, as WGSL requires, where CUDA reaches
 * them with the whole block but through control flow that WGSL cannot prove uniform.
 *
 * <p>CUDA feature: {@code __syncthreads()} after an early {@code return} of some threads
 * ({@code if (i >= n) return; … __syncthreads();}, legal in CUDA when the returned threads never
 * reach a barrier again, which CUDA 9+ tolerates), and barriers inside a branch that only some
 * threads take, as the {@link Warps} emulation produces for warp functions called by one warp
 * ({@code if (warp == 0) sum = warpReduce(x);}).
 *
 * <p>Why WebGPU needs it: WGSL rejects a {@code workgroupBarrier()} that its uniformity analysis
 * cannot prove every invocation reaches. So, in kernels with barriers: (1) each {@code return}
 * clears an {@code active} flag instead, and the statements after it run under
 * {@code if (active)}, except those that hold a barrier (or steer a loop that does), which every
 * thread still reaches; (2) a branch on a thread-dependent condition that holds barriers runs for
 * every thread, its statements under {@code if (p)}, except barriers, loop control and
 * assignments of block-uniform values (such as a loop counter's start), whose locals are restored
 * afterwards for the threads that did not take the branch. What still is not uniform (a barrier
 * in a loop whose trip count differs between threads) is reported by the browser's analysis at
 * the barrier's CUDA line.
 *
 * <p>Expects: inlined kernels with their barriers (after {@link Warps}). Guarantees: the same
 * results for the threads that CUDA runs; barriers no longer sit after a thread-dependent return
 * or inside a thread-dependent branch.
 *
 * <p>chipStar twin: none (SPIR-V allows barriers in non-uniform control flow).
 */
public final class Uniformity implements DevicePass {
    @Override
    public String name() {
        return "Uniformity";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (contains(k.body(), Stmt.Barrier.class)) {
                new State(k).run();
            }
        }
    }

    /** The kernel's locals that hold the same value in every thread (assigned uniform values in uniform control flow). */
    static Set<Local> uniformLocals(Function k) {
        State st = new State(k);
        st.valueUniformity();
        st.controlUniformity();
        return st.controlUniform;
    }

    /**
     * The calls that every thread of the block reaches together: none of them sits in a
     * thread-dependent branch, in a loop that threads leave at different times, or after a
     * thread-dependent return (then no call qualifies). {@link Warps} maps only these onto subgroup
     * operations, whose lanes must all be active to give CUDA's results.
     */
    static Set<Stmt> callsInUniformFlow(Function k) {
        State st = new State(k);
        st.valueUniformity();
        st.controlUniformity();
        Set<Stmt> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        if (!st.hasDivergentReturn(k.body().stmts(), true)) {
            st.uniformCalls(k.body(), true, out);
        }
        return out;
    }

    /** Whether {@code s} breaks or continues a loop outside it. */
    static boolean exits(Stmt s) {
        return State.exitsEnclosing(s, 0);
    }

    /** Replaces the kernel's early returns by an active flag, whether or not it has barriers. */
    static void flagReturns(Function k) {
        new State(k).flagAllReturns();
    }

    static boolean contains(Stmt s, Class<? extends Stmt> kind) {
        boolean[] found = {false};
        Rewriter.forEachStmt(new Stmt.Block(List.of(s), s.span()), x -> found[0] |= kind.isInstance(x));
        return found[0];
    }

    private static final class State {
        final Function k;
        /** Locals whose every assignment is a block-uniform value (control flow aside). */
        final Set<Local> uniformValued = new HashSet<>();
        Local active;

        State(Function k) {
            this.k = k;
        }

        /** Turns every return but a last one into the active flag (ThreadCoarsening needs no early exits at all). */
        void flagAllReturns() {
            valueUniformity();
            controlUniformity();
            Stmt.Block body = k.body();
            if (!Inline.returnsOnlyAtEnd(body)) {
                active = k.newLocal("active", Type.BOOL, false);
                List<Stmt> out = new ArrayList<>();
                out.add(new Stmt.Assign(active, new Expr.BoolConst(true), body.span()));
                out.addAll(returns(body.stmts(), false));
                k.setBody(new Stmt.Block(out, body.span()));
            }
        }

        void run() {
            valueUniformity();
            controlUniformity();
            Stmt.Block body = k.body();
            if (hasDivergentReturn(body.stmts(), true)) {
                active = k.newLocal("active", Type.BOOL, false);
                List<Stmt> out = new ArrayList<>();
                out.add(new Stmt.Assign(active, new Expr.BoolConst(true), body.span()));
                out.addAll(returns(body.stmts(), false));
                body = new Stmt.Block(out, body.span());
            }
            body = new Stmt.Block(branches(body.stmts()), body.span());
            k.setBody(body);
        }

        // ---- which values are the same in every thread of the block

        private void valueUniformity() {
            List<Stmt.Assign> assigns = new ArrayList<>();
            Set<Local> called = new HashSet<>();
            Rewriter.forEachStmt(k.body(), s -> {
                if (s instanceof Stmt.Assign a) {
                    assigns.add(a);
                } else if (s instanceof Stmt.Call c && c.result() != null) {
                    called.add(c.result());
                }
            });
            for (Local l : k.locals()) {
                if (!l.addressable() && !called.contains(l)) {
                    uniformValued.add(l);
                }
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Stmt.Assign a : assigns) {
                    if (uniformValued.contains(a.target()) && !uniform(a.value())) {
                        uniformValued.remove(a.target());
                        changed = true;
                    }
                }
            }
        }

        /** Whether {@code e} has the same value in every thread (if its locals do). */
        private boolean uniform(Expr e) {
            switch (e) {
                case Expr.BuiltinGet b -> {
                    return b.builtin() != Builtin.THREAD_IDX;
                }
                case Expr.LocalGet g -> {
                    return uniformValued.contains(g.local());
                }
                case Expr.Load l -> {
                    return false;
                }
                case Expr.LocalAddr a -> {
                    return false;
                }
                default -> {
                    for (Expr c : Expr.children(e)) {
                        if (!uniform(c)) {
                            return false;
                        }
                    }
                    return true;
                }
            }
        }

        /** Locals assigned only uniform values in uniform control flow: what WGSL's analysis also sees as uniform. */
        final Set<Local> controlUniform = new HashSet<>();

        private void controlUniformity() {
            controlUniform.addAll(uniformValued);
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Stmt s : k.body().stmts()) {
                    changed |= spoil(s, true);
                }
            }
        }

        /** Removes from {@link #controlUniform} the locals {@code s} assigns in thread-dependent control flow. */
        private boolean spoil(Stmt s, boolean uniformHere) {
            boolean changed = false;
            switch (s) {
                case Stmt.Assign a -> {
                    if ((!uniformHere || !controlUniformValue(a.value())) && controlUniform.remove(a.target())) {
                        changed = true;
                    }
                }
                case Stmt.Block b -> {
                    for (Stmt x : b.stmts()) {
                        changed |= spoil(x, uniformHere);
                    }
                }
                case Stmt.If i -> {
                    boolean u = uniformHere && controlUniformValue(i.cond());
                    for (Stmt x : i.then().stmts()) {
                        changed |= spoil(x, u);
                    }
                    for (Stmt x : i.otherwise().stmts()) {
                        changed |= spoil(x, u);
                    }
                }
                case Stmt.Loop l -> {
                    // a loop that some threads leave earlier than others runs its later iterations divergently
                    boolean u = uniformHere && exitsUniformly(l);
                    for (Stmt x : l.body().stmts()) {
                        changed |= spoil(x, u);
                    }
                    for (Stmt x : l.continuing().stmts()) {
                        changed |= spoil(x, u);
                    }
                }
                case Stmt.Switch sw -> {
                    boolean u = uniformHere && controlUniformValue(sw.selector());
                    for (Stmt.Case c : sw.cases()) {
                        for (Stmt x : c.body().stmts()) {
                            changed |= spoil(x, u);
                        }
                    }
                }
                default -> { }
            }
            return changed;
        }

        private void uniformCalls(Stmt s, boolean uniformHere, Set<Stmt> out) {
            switch (s) {
                case Stmt.Call c -> {
                    if (uniformHere) {
                        out.add(c);
                    }
                }
                case Stmt.Block b -> {
                    for (Stmt x : b.stmts()) {
                        uniformCalls(x, uniformHere, out);
                    }
                }
                case Stmt.If i -> {
                    boolean u = uniformHere && controlUniformValue(i.cond());
                    uniformCalls(i.then(), u, out);
                    uniformCalls(i.otherwise(), u, out);
                }
                case Stmt.Loop l -> {
                    // exitsUniformly does not look into switches: a continue there may be thread-dependent
                    boolean u = uniformHere && exitsUniformly(l) && !continuesInSwitch(l.body(), false);
                    uniformCalls(l.body(), u, out);
                    uniformCalls(l.continuing(), u, out);
                }
                case Stmt.Switch sw -> {
                    boolean u = uniformHere && controlUniformValue(sw.selector());
                    for (Stmt.Case c : sw.cases()) {
                        uniformCalls(c.body(), u, out);
                    }
                }
                default -> { }
            }
        }

        /** Whether {@code s} holds a {@code continue} of the enclosing loop inside a switch. */
        private static boolean continuesInSwitch(Stmt s, boolean inSwitch) {
            return switch (s) {
                case Stmt.Continue c -> inSwitch;
                case Stmt.Block b -> b.stmts().stream().anyMatch(x -> continuesInSwitch(x, inSwitch));
                case Stmt.If i -> continuesInSwitch(i.then(), inSwitch) || continuesInSwitch(i.otherwise(), inSwitch);
                case Stmt.Switch sw -> sw.cases().stream().anyMatch(c -> continuesInSwitch(c.body(), true));
                default -> false;
            };
        }

        private boolean controlUniformValue(Expr e) {
            return uniform(e) && locals(e).stream().allMatch(controlUniform::contains);
        }

        private static Set<Local> locals(Expr e) {
            Set<Local> out = new HashSet<>();
            Expr.postOrder(e, x -> {
                if (x instanceof Expr.LocalGet g) {
                    out.add(g.local());
                }
                return x;
            });
            return out;
        }

        /** Whether every exit of the loop (breaks, break_if) is decided by uniform values. */
        private boolean exitsUniformly(Stmt.Loop l) {
            boolean[] ok = {l.breakIf() == null || controlUniformValue(l.breakIf())};
            checkExits(l.body(), ok);
            return ok[0];
        }

        private void checkExits(Stmt.Block b, boolean[] ok) {
            for (Stmt s : b.stmts()) {
                if (s instanceof Stmt.If i && exitsEnclosing(i, 0) && !controlUniformValue(i.cond())) {
                    ok[0] = false;
                }
                if (s instanceof Stmt.If i) {
                    checkExits(i.then(), ok);
                    checkExits(i.otherwise(), ok);
                } else if (s instanceof Stmt.Block x) {
                    checkExits(x, ok);
                }
            }
        }

        // ---- (1) early returns become an active flag

        /** Whether some return sits in thread-dependent control flow (a uniform return keeps barriers uniform). */
        private boolean hasDivergentReturn(List<Stmt> stmts, boolean uniformHere) {
            for (Stmt s : stmts) {
                boolean found = switch (s) {
                    case Stmt.Return r -> !uniformHere;
                    case Stmt.Block b -> hasDivergentReturn(b.stmts(), uniformHere);
                    case Stmt.If i -> {
                        boolean u = uniformHere && controlUniformValue(i.cond());
                        yield hasDivergentReturn(i.then().stmts(), u) || hasDivergentReturn(i.otherwise().stmts(), u);
                    }
                    case Stmt.Loop l -> {
                        boolean u = uniformHere && exitsUniformly(l);
                        yield hasDivergentReturn(l.body().stmts(), u) || hasDivergentReturn(l.continuing().stmts(), u);
                    }
                    case Stmt.Switch sw -> {
                        boolean u = uniformHere && controlUniformValue(sw.selector());
                        boolean any = false;
                        for (Stmt.Case c : sw.cases()) {
                            any |= hasDivergentReturn(c.body().stmts(), u);
                        }
                        yield any;
                    }
                    default -> false;
                };
                if (found) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Rewrites a statement list whose returns clear {@code active}: after the first statement
         * that may return, the rest runs only for active threads (barriers excepted).
         * {@code inFreeLoop}: the list is inside a loop or switch without barriers, which a return
         * leaves with {@code break}.
         */
        private List<Stmt> returns(List<Stmt> stmts, boolean inFreeLoop) {
            List<Stmt> out = new ArrayList<>();
            for (int i = 0; i < stmts.size(); i++) {
                Stmt s = stmts.get(i);
                if (!contains(s, Stmt.Return.class)) {
                    out.add(s);
                    continue;
                }
                out.addAll(rewriteReturns(s, inFreeLoop));
                List<Stmt> rest = returns(stmts.subList(i + 1, stmts.size()), inFreeLoop);
                out.addAll(guard(rest, active, s.span()));
                return out;
            }
            return out;
        }

        private List<Stmt> rewriteReturns(Stmt s, boolean inFreeLoop) {
            Span at = s.span();
            switch (s) {
                case Stmt.Return r -> {
                    List<Stmt> out = new ArrayList<>();
                    out.add(new Stmt.Assign(active, new Expr.BoolConst(false), at));
                    if (inFreeLoop) {
                        out.add(new Stmt.Break(at));
                    }
                    return out;
                }
                case Stmt.Block b -> {
                    return List.of(new Stmt.Block(returns(b.stmts(), inFreeLoop), at));
                }
                case Stmt.If i -> {
                    return List.of(new Stmt.If(i.cond(), new Stmt.Block(returns(i.then().stmts(), inFreeLoop), i.then().span()),
                            new Stmt.Block(returns(i.otherwise().stmts(), inFreeLoop), i.otherwise().span()), at));
                }
                case Stmt.Loop l -> {
                    boolean free = !contains(l, Stmt.Barrier.class);
                    List<Stmt> body = returns(l.body().stmts(), free);
                    if (!free) {
                        // threads that returned in an earlier iteration still go round for the barriers
                        body = guard(body, active, at);
                    }
                    Stmt loop = new Stmt.Loop(new Stmt.Block(body, l.body().span()), l.continuing(), l.breakIf(), at);
                    return leave(loop, free && inFreeLoop);
                }
                case Stmt.Switch sw -> {
                    boolean free = !contains(sw, Stmt.Barrier.class);
                    List<Stmt.Case> cases = new ArrayList<>();
                    for (Stmt.Case c : sw.cases()) {
                        cases.add(new Stmt.Case(c.values(), c.isDefault(), new Stmt.Block(returns(c.body().stmts(), free),
                                c.body().span())));
                    }
                    return leave(new Stmt.Switch(sw.selector(), cases, at), free && inFreeLoop);
                }
                default -> {
                    return List.of(s);
                }
            }
        }

        /** A loop or switch that a return left: inside another barrier-free loop, leave that one too. */
        private List<Stmt> leave(Stmt s, boolean outerFree) {
            if (!outerFree) {
                return List.of(s);
            }
            Span at = s.span();
            Stmt.Block brk = new Stmt.Block(List.of(new Stmt.Break(at)), at);
            return List.of(s, new Stmt.If(new Expr.Unary(UnaryOp.LNOT, new Expr.LocalGet(active), Type.BOOL), brk,
                    Stmt.Block.empty(at), at));
        }

        // ---- guarding statements by a predicate, barriers excepted

        /**
         * Runs {@code stmts} only where {@code pred} holds: runs of statements without barriers go
         * under {@code if (pred)}; statements with barriers (and a loop's exits) stay for every
         * thread, their insides guarded in turn.
         */
        private List<Stmt> guard(List<Stmt> stmts, Local pred, Span at) {
            List<Stmt> out = new ArrayList<>();
            List<Stmt> run = new ArrayList<>();
            for (Stmt s : stmts) {
                if (s instanceof Stmt.Store st && warpScratch(st.address())) {
                    // a warp vote or shuffle: every thread writes its own word (its index computed
                    // here: the branch's locals are not set for the others), the threads outside
                    // the branch a 0, so that they do not vote (coalesced_threads, __activemask)
                    flush(run, pred, out, at);
                    Expr own = new Expr.ElementAddr(((Expr.ElementAddr) st.address()).base(), Warps.linearTid());
                    out.add(new Stmt.Store(own, new Expr.Select(new Expr.LocalGet(pred), st.value(), Build.u32(0)), st.span()));
                } else if (isSync(s) || hoistable(s, pred)) {
                    flush(run, pred, out, at);
                    out.add(guardInside(s, pred));
                } else {
                    run.add(s);
                }
            }
            flush(run, pred, out, at);
            return out;
        }

        /** Whether a store writes the {@link Warps} scratch words (one u32 per thread). */
        private static boolean warpScratch(Expr address) {
            return address instanceof Expr.ElementAddr e && e.base() instanceof Expr.GlobalAddr g
                    && g.global().name().startsWith("__webcu_warp_");
        }

        /** An assignment of a uniform value to a uniform-valued local: every thread may run it (loop counters). */
        private boolean hoistable(Stmt s, Local pred) {
            return s instanceof Stmt.Assign a && uniformValued.contains(a.target()) && uniform(a.value());
        }

        private void flush(List<Stmt> run, Local pred, List<Stmt> out, Span at) {
            if (run.isEmpty()) {
                return;
            }
            Span s = run.get(0).span();
            out.add(new Stmt.If(new Expr.LocalGet(pred), new Stmt.Block(List.copyOf(run), s), Stmt.Block.empty(s), s));
            run.clear();
        }

        /** A statement that every thread must run: it holds a barrier, or leaves or continues a loop that does. */
        private static boolean isSync(Stmt s) {
            return contains(s, Stmt.Barrier.class) || exitsEnclosing(s, 0);
        }

        /** Whether {@code s} breaks or continues a loop outside it (depth: loops and switches entered so far). */
        static boolean exitsEnclosing(Stmt s, int depth) {
            return switch (s) {
                case Stmt.Break b -> depth == 0;
                case Stmt.Continue c -> depth == 0;
                case Stmt.Block b -> anyExits(b.stmts(), depth);
                case Stmt.If i -> anyExits(i.then().stmts(), depth) || anyExits(i.otherwise().stmts(), depth);
                case Stmt.Loop l -> anyExits(l.body().stmts(), depth + 1) || anyExits(l.continuing().stmts(), depth + 1);
                case Stmt.Switch sw -> {
                    for (Stmt.Case c : sw.cases()) {
                        if (anyExits(c.body().stmts(), depth + 1)) {
                            yield true;
                        }
                    }
                    yield false;
                }
                default -> false;
            };
        }

        private static boolean anyExits(List<Stmt> stmts, int depth) {
            for (Stmt s : stmts) {
                if (exitsEnclosing(s, depth)) {
                    return true;
                }
            }
            return false;
        }

        private Stmt guardInside(Stmt s, Local pred) {
            Span at = s.span();
            return switch (s) {
                case Stmt.Block b -> new Stmt.Block(guard(b.stmts(), pred, at), at);
                case Stmt.If i -> new Stmt.If(i.cond(), new Stmt.Block(guard(i.then().stmts(), pred, at), i.then().span()),
                        new Stmt.Block(guard(i.otherwise().stmts(), pred, at), i.otherwise().span()), at);
                case Stmt.Loop l -> new Stmt.Loop(new Stmt.Block(guard(l.body().stmts(), pred, at), l.body().span()),
                        l.continuing(), l.breakIf(), at);
                default -> s;
            };
        }

        // ---- (2) thread-dependent branches that hold barriers run for every thread

        private List<Stmt> branches(List<Stmt> stmts) {
            List<Stmt> out = new ArrayList<>();
            for (Stmt s : stmts) {
                out.addAll(branch(s));
            }
            return out;
        }

        private List<Stmt> branch(Stmt s) {
            Span at = s.span();
            switch (s) {
                case Stmt.If i when contains(i.then(), Stmt.Barrier.class) && !contains(i.otherwise(), Stmt.Barrier.class)
                        && !controlUniformValue(i.cond()) && !exitsEnclosing(i, 0) -> {
                    return predicate(i);
                }
                case Stmt.If i -> {
                    return List.of(new Stmt.If(i.cond(), new Stmt.Block(branches(i.then().stmts()), i.then().span()),
                            new Stmt.Block(branches(i.otherwise().stmts()), i.otherwise().span()), at));
                }
                case Stmt.Block b -> {
                    return List.of(new Stmt.Block(branches(b.stmts()), at));
                }
                case Stmt.Loop l -> {
                    return List.of(new Stmt.Loop(new Stmt.Block(branches(l.body().stmts()), l.body().span()), l.continuing(),
                            l.breakIf(), at));
                }
                default -> {
                    return List.of(s);
                }
            }
        }

        /**
         * {@code if (c) { S } else { E }} with barriers in S: {@code p = c}; the locals S assigns
         * saved; S for every thread, guarded by p; the saved locals restored where p is false;
         * then E where p is false.
         */
        private List<Stmt> predicate(Stmt.If i) {
            Span at = i.span();
            Local p = k.newLocal("taken", Type.BOOL, false);
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.Assign(p, i.cond(), at));
            Set<Local> assigned = new LinkedHashSet<>();
            Rewriter.forEachStmt(i.then(), x -> {
                if (x instanceof Stmt.Assign a) {
                    assigned.add(a.target());
                } else if (x instanceof Stmt.Call c && c.result() != null) {
                    assigned.add(c.result());
                }
            });
            Set<Local> readElsewhere = readOutside(i);
            List<Stmt> restore = new ArrayList<>();
            for (Local l : assigned) {
                if (!readElsewhere.contains(l)) {
                    continue; // only the branch reads it: nothing to restore
                }
                Local saved = k.newLocal(l.name() + ".saved", l.type(), false);
                out.add(new Stmt.Assign(saved, new Expr.LocalGet(l), at));
                restore.add(new Stmt.Assign(l, new Expr.LocalGet(saved), at));
            }
            out.addAll(guard(branches(i.then().stmts()), p, at));
            Expr notTaken = new Expr.Unary(UnaryOp.LNOT, new Expr.LocalGet(p), Type.BOOL);
            List<Stmt> otherwise = new ArrayList<>(restore);
            otherwise.addAll(i.otherwise().stmts());
            if (!otherwise.isEmpty()) {
                out.add(new Stmt.If(notTaken, new Stmt.Block(otherwise, at), Stmt.Block.empty(at), at));
            }
            return out;
        }

        /** The locals read anywhere in the kernel outside {@code region} (which may read them only inside). */
        private Set<Local> readOutside(Stmt region) {
            Set<Local> out = new HashSet<>();
            readOutside(k.body(), region, out);
            return out;
        }

        private static void readOutside(Stmt s, Stmt region, Set<Local> out) {
            if (s == region) {
                return;
            }
            for (Expr e : Stmt.roots(s)) {
                Expr.postOrder(e, x -> {
                    if (x instanceof Expr.LocalGet g) {
                        out.add(g.local());
                    } else if (x instanceof Expr.LocalAddr a) {
                        out.add(a.local());
                    }
                    return x;
                });
            }
            switch (s) {
                case Stmt.Block b -> b.stmts().forEach(x -> readOutside(x, region, out));
                case Stmt.If i -> {
                    readOutside(i.then(), region, out);
                    readOutside(i.otherwise(), region, out);
                }
                case Stmt.Loop l -> {
                    readOutside(l.body(), region, out);
                    readOutside(l.continuing(), region, out);
                }
                case Stmt.Switch sw -> sw.cases().forEach(c -> readOutside(c.body(), region, out));
                default -> {
                }
            }
        }
    }
}
