package webcu.passes;

import java.util.ArrayList;
import java.util.HashSet;
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
 * Which values and which control flow of a kernel are the same in every thread of the block, and
 * the rewrites that rest on it: early returns turned into an {@code active} flag, and statements
 * run under a predicate with barriers kept for every thread. The barrier lowering uses both; the
 * warp lowering asks which calls every thread reaches together, and which every lane of a warp
 * does (control flow decided per warp, {@link WarpFlow}); coarsening asks which locals are
 * uniform and needs the returns gone. A helper, not a pass: it changes a kernel only when asked.
 */
final class UniformFlow {
    final Function k;
    /** Locals whose every assignment is a block-uniform value (control flow aside). */
    final Set<Local> uniformValued = new HashSet<>();
    /** The flag that replaces early returns, once {@link #activeFlag} made it. */
    Local active;

    UniformFlow(Function k) {
        this.k = k;
        valueUniformity();
        controlUniformity();
    }

    /** The kernel's locals that hold the same value in every thread (assigned uniform values in uniform control flow). */
    static Set<Local> uniformLocals(Function k) {
        return new UniformFlow(k).controlUniform;
    }

    /**
     * The calls that every thread of the block reaches together: none of them sits in a
     * thread-dependent branch, in a loop that threads leave at different times, or after a
     * thread-dependent return (then no call qualifies). The warp lowering maps only these onto
     * subgroup operations, whose lanes must all be active to give CUDA's results.
     */
    static Set<Stmt> callsInUniformFlow(Function k) {
        UniformFlow st = new UniformFlow(k);
        Set<Stmt> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        if (!st.hasDivergentReturn(k.body().stmts(), true)) {
            st.uniformCalls(k.body(), true, out);
        }
        return out;
    }

    /**
     * The calls that every thread of each warp reaches together, though perhaps not every warp:
     * their control flow is decided by block-uniform values, {@code threadIdx.y}/{@code .z} and
     * the warp index {@code threadIdx.x / 32} (or {@code >> 5}, {@code & ~31}, or a comparison
     * with a multiple of 32 such as {@code threadIdx.x < 32}; the same of the linear thread index,
     * as cooperative groups' {@code meta_group_rank()}), with no return before them on anything
     * else; mostly a superset of {@link #callsInUniformFlow}. The lanes of a warp are consecutive
     * linear thread indices, so these are warp-uniform only where a warp lies within one row of
     * the block: {@link #rowsHoldWarps} must hold when the call runs (for the linear index it
     * always does; the test is kept there too, for one rule).
     *
     * <p>{@code roots}: the outermost statements (branches, loops, switches the whole block
     * reaches) whose insides hold such calls in control flow decided per warp; {@code wholeBody}
     * where a return decided per warp puts every call of the kernel there. Warps compiles each
     * root twice, under {@link #rowsHoldWarps}: with subgroup operations, else with the
     * emulation, so that the subgroup copy has no barrier to be run by the whole block.
     */
    record WarpCalls(Set<Stmt> calls, Set<Stmt> roots, boolean wholeBody) {}

    static WarpCalls warpUniformFlow(Function k) {
        WarpFlow f = new WarpFlow(k);
        return new WarpCalls(f.calls, f.roots, f.wholeBody);
    }

    /**
     * Whether every warp of the block lies within one row (x) of it: a row is a whole number of
     * warps, or the block has one row. Then {@code threadIdx.y}, {@code .z} and
     * {@code threadIdx.x / 32} are the same in every lane of a warp (a partial last warp of a
     * one-row block included).
     */
    static Expr rowsHoldWarps() {
        Expr dx = new Expr.BuiltinGet(Builtin.BLOCK_DIM, 0);
        Expr rows = Build.bin(webcu.ir.BinaryOp.MUL, new Expr.BuiltinGet(Builtin.BLOCK_DIM, 1), new Expr.BuiltinGet(Builtin.BLOCK_DIM, 2));
        return Build.bin(webcu.ir.BinaryOp.LOR,
                Build.bin(webcu.ir.BinaryOp.EQ, Build.bin(webcu.ir.BinaryOp.AND, dx, Build.u32(31)), Build.u32(0)),
                Build.bin(webcu.ir.BinaryOp.EQ, rows, Build.u32(1)));
    }

    /** Replaces the kernel's early returns by an active flag, whether or not it has barriers (coarsening needs no early exits at all). */
    static void flagReturns(Function k) {
        UniformFlow st = new UniformFlow(k);
        if (!Analysis.returnsOnlyAtEnd(k.body())) {
            k.setBody(st.activeFlag(k.body()));
        }
    }

    /** The body with its returns clearing a new {@code active} flag, set at the start. */
    Stmt.Block activeFlag(Stmt.Block body) {
        active = k.newLocal("active", Type.BOOL, false);
        List<Stmt> out = new ArrayList<>();
        out.add(new Stmt.Assign(active, new Expr.BoolConst(true), body.span()));
        out.addAll(returns(body.stmts(), false));
        return new Stmt.Block(out, body.span());
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

    boolean controlUniformValue(Expr e) {
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
            if (s instanceof Stmt.If i && Analysis.exits(i) && !controlUniformValue(i.cond())) {
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
    boolean hasDivergentReturn(List<Stmt> stmts, boolean uniformHere) {
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
            if (!Analysis.contains(s, Stmt.Return.class)) {
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
                boolean free = !Analysis.contains(l, Stmt.Barrier.class);
                List<Stmt> body = returns(l.body().stmts(), free);
                if (!free) {
                    // threads that returned in an earlier iteration still go round for the barriers
                    body = guard(body, active, at);
                }
                Stmt loop = new Stmt.Loop(new Stmt.Block(body, l.body().span()), l.continuing(), l.breakIf(), at);
                return leave(loop, free && inFreeLoop);
            }
            case Stmt.Switch sw -> {
                boolean free = !Analysis.contains(sw, Stmt.Barrier.class);
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
    List<Stmt> guard(List<Stmt> stmts, Local pred, Span at) {
        List<Stmt> out = new ArrayList<>();
        List<Stmt> run = new ArrayList<>();
        for (Stmt s : stmts) {
            if (s instanceof Stmt.Store st && warpScratch(st.address())) {
                // a warp vote or shuffle: every thread writes its own word (its index computed
                // here: the branch's locals are not set for the others), the threads outside
                // the branch a 0, so that they do not vote (coalesced_threads, __activemask)
                flush(run, pred, out, at);
                Expr own = new Expr.ElementAddr(((Expr.ElementAddr) st.address()).base(), Build.linearTid());
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
        return Analysis.contains(s, Stmt.Barrier.class) || Analysis.exits(s);
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

    // ---- which control flow is the same in every lane of each warp

    /**
     * Levels of sameness of a value or a point of control flow: in every thread of the block, in
     * every lane of each warp (given {@link #rowsHoldWarps}), or neither. Flow-insensitive over
     * the locals, as {@link #valueUniformity} is: a local is as uniform as the least uniform of
     * its assigned values and of the control flow each assignment sits in. Returns cap every
     * call: after a return decided per thread the lanes that returned are gone, after one
     * decided per warp whole warps are.
     */
    private static final class WarpFlow {
        static final int BLOCK = 0;
        static final int WARP = 1;
        static final int THREAD = 2;
        final java.util.Map<Local, Integer> level = new java.util.HashMap<>();
        /** Locals that hold {@code threadIdx.x} or the linear thread index: assigned only it, in block-uniform control flow. */
        final Set<Local> tidx = new HashSet<>();
        final Set<Stmt> calls = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        final Set<Stmt> roots = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        boolean wholeBody;
        int returns = BLOCK;
        boolean changed;
        /** While collecting: the outermost statement reached by the whole block that the walk is inside of. */
        private Stmt root;

        WarpFlow(Function k) {
            Set<Local> called = new HashSet<>();
            Set<Local> assigned = new HashSet<>();
            Rewriter.forEachStmt(k.body(), s -> {
                switch (s) {
                    case Stmt.Call c when c.result() != null -> called.add(c.result());
                    case Stmt.AtomicHalves h when h.result() != null -> called.add(h.result());
                    case Stmt.Assign a -> assigned.add(a.target());
                    default -> { }
                }
            });
            for (Local l : k.locals()) {
                boolean plain = !l.addressable() && !called.contains(l);
                level.put(l, plain ? BLOCK : THREAD);
                if (plain && assigned.contains(l)) {
                    tidx.add(l);
                }
            }
            do {
                changed = false;
                walk(k.body(), BLOCK, false);
            } while (changed);
            walk(k.body(), BLOCK, true);
        }

        private void walk(Stmt s, int ctl, boolean collect) {
            boolean outermost = collect && root == null && Math.max(ctl, returns) == BLOCK
                    && (s instanceof Stmt.If || s instanceof Stmt.Loop || s instanceof Stmt.Switch);
            if (outermost) {
                root = s;
            }
            visit(s, ctl, collect);
            if (outermost) {
                root = null;
            }
        }

        private void visit(Stmt s, int ctl, boolean collect) {
            switch (s) {
                case Stmt.Assign a -> {
                    int v = Math.max(ctl, level(a.value()));
                    if (v > level.getOrDefault(a.target(), THREAD)) {
                        level.put(a.target(), v);
                        changed = true;
                    }
                    if ((ctl != BLOCK || !isTidx(a.value())) && tidx.remove(a.target())) {
                        changed = true;
                    }
                }
                case Stmt.Call c -> {
                    int at = Math.max(ctl, returns);
                    if (collect && at <= WARP) {
                        calls.add(c);
                        if (at == WARP && root != null) {
                            roots.add(root);
                        } else if (at == WARP) {
                            wholeBody = true;
                        }
                    }
                }
                case Stmt.Return r -> {
                    if (ctl > returns) {
                        returns = ctl;
                        changed = true;
                    }
                }
                case Stmt.Block b -> {
                    for (Stmt x : b.stmts()) {
                        walk(x, ctl, collect);
                    }
                }
                case Stmt.If i -> {
                    int c = Math.max(ctl, level(i.cond()));
                    walk(i.then(), c, collect);
                    walk(i.otherwise(), c, collect);
                }
                case Stmt.Loop l -> {
                    // a loop that lanes leave at different times runs its later iterations divergently
                    int exits = continuesInSwitch(l.body(), false) ? THREAD
                            : Math.max(l.breakIf() == null ? BLOCK : level(l.breakIf()), exitLevel(l.body()));
                    int c = Math.max(ctl, exits);
                    walk(l.body(), c, collect);
                    walk(l.continuing(), c, collect);
                }
                case Stmt.Switch sw -> {
                    // a break under a branch leaves the rest of its case to the other lanes
                    int c = Math.max(ctl, level(sw.selector()));
                    for (Stmt.Case x : sw.cases()) {
                        c = Math.max(c, exitLevel(x.body()));
                    }
                    for (Stmt.Case x : sw.cases()) {
                        walk(x.body(), c, collect);
                    }
                }
                default -> { }
            }
        }

        /** The least uniform condition of a branch in {@code b} that leaves the enclosing loop or switch. */
        private int exitLevel(Stmt.Block b) {
            int out = BLOCK;
            for (Stmt s : b.stmts()) {
                if (s instanceof Stmt.If i) {
                    if (Analysis.exits(i)) {
                        out = Math.max(out, level(i.cond()));
                    }
                    out = Math.max(out, Math.max(exitLevel(i.then()), exitLevel(i.otherwise())));
                } else if (s instanceof Stmt.Block x) {
                    out = Math.max(out, exitLevel(x));
                }
            }
            return out;
        }

        private int level(Expr e) {
            if (isTidx(e)) {
                return THREAD;
            }
            switch (e) {
                case Expr.BuiltinGet b -> {
                    // threadIdx.y and .z are the same across a warp that lies within one row
                    return b.builtin() == Builtin.THREAD_IDX ? WARP : BLOCK;
                }
                case Expr.LocalGet g -> {
                    return level.getOrDefault(g.local(), THREAD);
                }
                case Expr.Load l -> {
                    return THREAD;
                }
                case Expr.LocalAddr a -> {
                    return THREAD;
                }
                case Expr.Binary b when isTidx(b.left()) -> {
                    return warpIndex(b.op(), b.right()) ? WARP : THREAD;
                }
                case Expr.Binary b when isTidx(b.right()) && b.op().isComparison() -> {
                    return warpIndex(mirrored(b.op()), b.left()) ? WARP : THREAD;
                }
                default -> {
                    int out = BLOCK;
                    for (Expr c : Expr.children(e)) {
                        out = Math.max(out, level(c));
                    }
                    return out;
                }
            }
        }

        /**
         * {@code threadIdx.x / 32k}, {@code threadIdx.x >> 5..31}, {@code threadIdx.x & ~31}, and
         * comparisons with a warp boundary ({@code threadIdx.x < 32}, {@code >= 64},
         * {@code <= 31}): the same in a warp's lanes.
         */
        private static boolean warpIndex(webcu.ir.BinaryOp op, Expr right) {
            Long c = constant(right);
            if (c == null) {
                return false;
            }
            return switch (op) {
                case DIV -> c > 0 && c % 32 == 0;
                case SHR -> c >= 5 && c <= 31;
                case AND -> (c & 31) == 0;
                case LT, GE -> c % 32 == 0;
                case LE, GT -> (c + 1) % 32 == 0;
                default -> false;
            };
        }

        /** {@code c OP x} as {@code x OP' c}. */
        private static webcu.ir.BinaryOp mirrored(webcu.ir.BinaryOp op) {
            return switch (op) {
                case LT -> webcu.ir.BinaryOp.GT;
                case GT -> webcu.ir.BinaryOp.LT;
                case LE -> webcu.ir.BinaryOp.GE;
                case GE -> webcu.ir.BinaryOp.LE;
                default -> op;
            };
        }

        private static Long constant(Expr e) {
            if (e instanceof Expr.IntConst c) {
                return c.value();
            }
            if (e instanceof Expr.Convert v && v.type() instanceof Type.Int t && v.value() instanceof Expr.IntConst c) {
                return t.normalize(c.value());
            }
            return null;
        }

        private static final Expr LINEAR_TID = Build.linearTid();

        /**
         * Whether {@code e} is {@code threadIdx.x} or the linear thread index, through locals and conversions to integers of
         * 16 bits or more (threadIdx.x is below 1024, so they keep it).
         */
        private boolean isTidx(Expr e) {
            return switch (e) {
                case Expr.BuiltinGet b -> b.builtin() == Builtin.THREAD_IDX && b.component() == 0;
                case Expr.LocalGet g -> tidx.contains(g.local());
                // the linear index (cooperative groups' meta_group_rank): over 32 the warp's index in any block shape
                case Expr.Binary b -> b.equals(LINEAR_TID);
                case Expr.Convert c -> c.type() instanceof Type.Int t && t.bits() >= 16 && c.value().type() instanceof Type.Int
                        && isTidx(c.value());
                default -> false;
            };
        }
    }
}
