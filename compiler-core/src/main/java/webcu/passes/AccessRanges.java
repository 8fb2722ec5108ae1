package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Finds, for a kernel at the end of the device passes, what a launch must satisfy for none of its
 * storage-binding accesses to be out of bounds ({@link RangeProof}); null where it cannot tell.
 * An analysis, not a pass: it changes nothing, and the writers put its result in the kernel's
 * layout for the runtime to evaluate at each launch (docs/bounds-checks.md).
 *
 * <p>Approach: an interval for each 32-bit integer local, walked once over the structured body,
 * whose ends are terms over launch values ({@link RangeProof.Term}): a scalar argument or hidden
 * offset is exactly itself, {@code threadIdx.x} lies in {@code [0, blockDim.x - 1]}, the
 * dispatch's workgroup id below its workgroup count. A guard narrows its local inside its branch,
 * and after an {@code if} whose branch ends in {@code return} or {@code break}; a counted loop's
 * counter ({@code for (k = a; k < b; k += c)}, {@code b} unchanged by the loop) lies in
 * {@code [a, b - 1]} in its body; any other local a loop assigns is unknown in and after it.
 * Each operation adds the inequalities that keep it from wrapping (its interval inside the
 * type's range), so the intervals are exact integer ones; each access adds
 * {@code 0 <= index} and {@code index + 1 <= length}. An access whose index has no interval
 * (a value loaded from memory, 64-bit arithmetic), a word binding, or a coarsened kernel makes the
 * whole kernel unproven.
 */
public final class AccessRanges {
    /** The WGSL override (in {@code webcu.wgsl.CheckHelpers}) that turns the checks off. */
    public static final String WGSL_CONSTANT = "webcu_checks";
    /** Proofs larger than this many term nodes are given up: the runtime evaluates them at every launch. */
    static final int MAX_NODES = 4000;

    private record Iv(RangeProof.Term lo, RangeProof.Term hi) {
    }

    private static final class Unproven extends RuntimeException {
        Unproven() {
            super(null, null, false, false);
        }
    }

    private final KernelInterface in;
    private final Map<Local, Integer> roots = new IdentityHashMap<>();
    private final Map<webcu.ir.Global, Integer> globals = new IdentityHashMap<>();
    private final Set<RangeProof.LessEq> facts = new LinkedHashSet<>();

    private AccessRanges(KernelInterface in) {
        this.in = in;
    }

    /** The proof of every kernel of {@code dm} that has one. */
    public static Map<Function, RangeProof> of(DeviceModule dm, String constant) {
        Map<Function, RangeProof> out = new IdentityHashMap<>();
        for (Function k : dm.kernels()) {
            RangeProof p = of(dm, k, constant);
            if (p != null) {
                out.put(k, p);
            }
        }
        return out;
    }

    /** What a launch of kernel {@code k} must satisfy for its accesses to be in bounds, or null. */
    public static RangeProof of(DeviceModule dm, Function k, String constant) {
        KernelInterface in = dm.interfaceOf(k);
        if (in == null || dm.coarsening(k) > 1) {
            return null;
        }
        AccessRanges a = new AccessRanges(in);
        Map<Local, Iv> env = new HashMap<>();
        for (int i = 0; i < in.bindings().size(); i++) {
            KernelInterface.Binding b = in.bindings().get(i);
            if (b.source() instanceof KernelInterface.Heap) {
                return null;
            }
            if (b.root() != null) {
                a.roots.put(b.root(), i);
            } else if (b.global() != null) {
                a.globals.put(b.global(), i);
            }
            if (b.offset() != null) {
                RangeProof.Term t = new RangeProof.Value(b.offset(), false);
                env.put(b.offset(), new Iv(t, t));
            }
        }
        for (KernelInterface.Value v : in.values()) {
            if (v.type() instanceof Type.Int t && t.bits() == 32 && !v.local().addressable()) {
                RangeProof.Term x = new RangeProof.Value(v.local(), t.signed());
                env.put(v.local(), new Iv(x, x));
            }
        }
        try {
            a.block(k.body(), env);
        } catch (Unproven e) {
            return null;
        }
        int nodes = 0;
        for (RangeProof.LessEq f : a.facts) {
            nodes += size(f.left()) + size(f.right());
        }
        return nodes > MAX_NODES ? null : new RangeProof(constant, new ArrayList<>(a.facts));
    }

    private static int size(RangeProof.Term t) {
        return t instanceof RangeProof.Op o ? 1 + size(o.left()) + size(o.right()) : 1;
    }

    // ---- statements: the environment after, or null where control never falls through

    private Map<Local, Iv> block(Stmt.Block b, Map<Local, Iv> env) {
        for (Stmt s : b.stmts()) {
            env = stmt(s, env);
            if (env == null) {
                return null;
            }
        }
        return env;
    }

    private Map<Local, Iv> stmt(Stmt s, Map<Local, Iv> env) {
        switch (s) {
            case Stmt.Block b -> {
                return block(b, env);
            }
            case Stmt.Assign a -> {
                accesses(a.value(), env);
                Map<Local, Iv> out = new HashMap<>(env);
                Iv v = a.target().addressable() ? null : eval(a.value(), env);
                if (v == null) {
                    out.remove(a.target());
                } else {
                    out.put(a.target(), v);
                }
                return out;
            }
            case Stmt.Store st -> {
                accesses(st.address(), env);
                accesses(st.value(), env);
                return env;
            }
            case Stmt.WordStore w -> {
                // a word view's access (WordAccesses runs after this analysis): a word binding is unproven
                throw new Unproven();
            }
            case Stmt.AtomicHalves a -> {
                // made after this analysis too, on a word view
                throw new Unproven();
            }
            case Stmt.Call c -> {
                if (!c.callee().isExternal()) {
                    // a device function's own accesses are checked in its body, which this does not walk
                    throw new Unproven();
                }
                for (Expr e : c.args()) {
                    accesses(e, env);
                }
                if (c.result() == null) {
                    return env;
                }
                Map<Local, Iv> out = new HashMap<>(env);
                out.remove(c.result());
                return out;
            }
            case Stmt.If i -> {
                accesses(i.cond(), env);
                Map<Local, Iv> t = block(i.then(), refine(i.cond(), true, env));
                Map<Local, Iv> f = block(i.otherwise(), refine(i.cond(), false, env));
                return t == null ? f : f == null ? t : join(t, f);
            }
            case Stmt.Loop l -> {
                return loop(l, env);
            }
            case Stmt.Switch sw -> {
                accesses(sw.selector(), env);
                Set<Local> assigned = new HashSet<>();
                for (Stmt.Case c : sw.cases()) {
                    block(c.body(), env);
                    assigned.addAll(assigned(c.body()));
                }
                Map<Local, Iv> out = new HashMap<>(env);
                out.keySet().removeAll(assigned);
                return out;
            }
            case Stmt.Return r -> {
                if (r.value() != null) {
                    accesses(r.value(), env);
                }
                return null;
            }
            case Stmt.Break b -> {
                return null;
            }
            case Stmt.Continue c -> {
                return null;
            }
            case Stmt.Barrier b -> {
                return env;
            }
            case Stmt.Launch l -> throw new Unproven();
        }
    }

    /**
     * A loop: the locals it assigns are unknown in it and after it, but for a counted loop's
     * counter, which lies between its first value and the bound's top in the body.
     */
    private Map<Local, Iv> loop(Stmt.Loop l, Map<Local, Iv> env) {
        Set<Local> assigned = assigned(new Stmt.Block(List.of(l.body(), l.continuing()), l.span()));
        Map<Local, Iv> inside = new HashMap<>(env);
        inside.keySet().removeAll(assigned);
        Map<Local, Iv> after = new HashMap<>(inside);
        Iv counter = counter(l, env, inside);
        if (counter != null) {
            Local i = ((Stmt.Assign) l.continuing().stmts().get(0)).target();
            inside.put(i, counter);
        }
        Map<Local, Iv> end = block(l.body(), inside);
        // the continuing block runs after the body or a continue: the body's narrowings may not hold
        block(l.continuing(), inside);
        if (l.breakIf() != null) {
            accesses(l.breakIf(), end != null ? end : inside);
        }
        return after;
    }

    /**
     * The counter's interval in the body of {@code for (i = a; i < b; i += c)}: the body starts
     * with {@code if (!(i < b)) break}, the continuing block is {@code i = i + c} with a constant
     * {@code c >= 1}, nothing else assigns {@code i}, and {@code b} reads nothing the loop assigns
     * and no memory. Then {@code i} lies in {@code [a.lo, max(a.hi, b.hi - 1)]} there, given that
     * {@code b.hi - 1 + c} fits the type (the step never wraps).
     */
    private Iv counter(Stmt.Loop l, Map<Local, Iv> env, Map<Local, Iv> inside) {
        List<Stmt> body = l.body().stmts();
        List<Stmt> cont = l.continuing().stmts();
        if (l.breakIf() != null || body.isEmpty() || cont.size() != 1
                || !(body.get(0) instanceof Stmt.If exit) || !exit.otherwise().stmts().isEmpty()
                || exit.then().stmts().size() != 1 || !(exit.then().stmts().get(0) instanceof Stmt.Break)
                || !(exit.cond() instanceof Expr.Unary not) || not.op() != UnaryOp.LNOT
                || !(not.operand() instanceof Expr.Binary test) || test.op() != BinaryOp.LT
                || !(test.left() instanceof Expr.LocalGet g)
                || !(cont.get(0) instanceof Stmt.Assign step) || step.target() != g.local()
                || !(step.value() instanceof Expr.Binary add) || add.op() != BinaryOp.ADD
                || !(add.left() instanceof Expr.LocalGet self) || self.local() != g.local()
                || !(add.right() instanceof Expr.IntConst c) || c.value() < 1 || c.value() >= 1L << 31
                || !(g.local().type() instanceof Type.Int t) || t.bits() != 32 || g.local().addressable()) {
            return null;
        }
        Local i = g.local();
        Set<Local> others = assigned(new Stmt.Block(body.subList(1, body.size()), l.span()));
        Iv first = env.get(i);
        if (others.contains(i) || first == null || hasLoad(test.right())) {
            return null;
        }
        Iv bound;
        try {
            bound = eval(test.right(), inside);
        } catch (Unproven e) {
            return null;
        }
        if (bound == null) {
            return null;
        }
        RangeProof.Term top = op("-", bound.hi(), k(1));
        fact(op("+", top, k(c.value())), k(max(t)));
        return new Iv(first.lo(), op("max", first.hi(), top));
    }

    private static boolean hasLoad(Expr e) {
        if (e instanceof Expr.Load || e instanceof Expr.LocalAddr || e instanceof Expr.GlobalAddr) {
            return true;
        }
        for (Expr x : Expr.children(e)) {
            if (hasLoad(x)) {
                return true;
            }
        }
        return false;
    }

    private static Set<Local> assigned(Stmt.Block b) {
        Set<Local> out = new HashSet<>();
        Rewriter.forEachStmt(b, s -> {
            if (s instanceof Stmt.Assign a) {
                out.add(a.target());
            } else if (s instanceof Stmt.Call c && c.result() != null) {
                out.add(c.result());
            }
        });
        return out;
    }

    private static Map<Local, Iv> join(Map<Local, Iv> a, Map<Local, Iv> b) {
        Map<Local, Iv> out = new HashMap<>();
        for (Map.Entry<Local, Iv> e : a.entrySet()) {
            Iv y = b.get(e.getKey());
            Iv x = e.getValue();
            if (y == null) {
                continue;
            }
            out.put(e.getKey(), x.equals(y) ? x : new Iv(op("min", x.lo(), y.lo()), op("max", x.hi(), y.hi())));
        }
        return out;
    }

    // ---- guards

    /** The environment where {@code cond} is {@code truth}: comparisons of a local narrow it. */
    private Map<Local, Iv> refine(Expr cond, boolean truth, Map<Local, Iv> env) {
        switch (cond) {
            case Expr.Unary u when u.op() == UnaryOp.LNOT -> {
                return refine(u.operand(), !truth, env);
            }
            case Expr.Binary b when b.op() == BinaryOp.LAND && truth || b.op() == BinaryOp.LOR && !truth -> {
                return refine(b.right(), truth, refine(b.left(), truth, env));
            }
            case Expr.Binary b when b.op() == BinaryOp.LAND && paddingAsked(b.left()) -> {
                // GridFolding's check where the dispatch has padding: where it has none (gridPadding 0)
                // the right side is false in every workgroup anyway, so its negation holds after either way
                return refine(b.right(), false, env);
            }
            case Expr.Binary b when b.op() == BinaryOp.LT || b.op() == BinaryOp.LE || b.op() == BinaryOp.GT
                    || b.op() == BinaryOp.GE -> {
                BinaryOp op = truth ? b.op() : switch (b.op()) {
                    case LT -> BinaryOp.GE;
                    case LE -> BinaryOp.GT;
                    case GT -> BinaryOp.LE;
                    default -> BinaryOp.LT;
                };
                Map<Local, Iv> out = env;
                if (b.left() instanceof Expr.LocalGet x) {
                    out = narrow(out, x.local(), op, b.right(), env);
                }
                if (b.right() instanceof Expr.LocalGet y) {
                    BinaryOp mirrored = switch (op) {
                        case LT -> BinaryOp.GT;
                        case LE -> BinaryOp.GE;
                        case GT -> BinaryOp.LT;
                        default -> BinaryOp.LE;
                    };
                    out = narrow(out, y.local(), mirrored, b.left(), env);
                }
                return out;
            }
            default -> {
                return env;
            }
        }
    }

    /** Whether {@code e} is {@code gridPadding.x != 0} (GridFolding's padding check asks it first). */
    private static boolean paddingAsked(Expr e) {
        return e instanceof Expr.Binary ne && ne.op() == BinaryOp.NE && ne.left() instanceof Expr.BuiltinGet g
                && g.builtin() == webcu.ir.Builtin.GRID_PADDING && ne.right() instanceof Expr.IntConst z && z.value() == 0;
    }

    /** {@code env} where {@code x op other} holds; an unknown local gets its type's range for the open end. */
    private Map<Local, Iv> narrow(Map<Local, Iv> env, Local x, BinaryOp op, Expr other, Map<Local, Iv> at) {
        if (x.addressable() || !(x.type() instanceof Type.Int t) || t.bits() != 32) {
            return env;
        }
        Iv o;
        try {
            o = eval(other, at);
        } catch (Unproven e) {
            return env;
        }
        if (o == null) {
            return env;
        }
        Iv was = env.get(x);
        if (was == null) {
            was = new Iv(k(min(t)), k(max(t)));
        }
        Iv now = switch (op) {
            case LT -> new Iv(was.lo(), op("min", was.hi(), op("-", o.hi(), k(1))));
            case LE -> new Iv(was.lo(), op("min", was.hi(), o.hi()));
            case GT -> new Iv(op("max", was.lo(), op("+", o.lo(), k(1))), was.hi());
            default -> new Iv(op("max", was.lo(), o.lo()), was.hi());
        };
        Map<Local, Iv> out = new HashMap<>(env);
        out.put(x, now);
        return out;
    }

    // ---- accesses and values

    /** Adds the facts that keep every binding access inside {@code e} in bounds. */
    private void accesses(Expr e, Map<Local, Iv> env) {
        if (binding(e) != null) {
            // a binding's root anywhere but at the base of an element's address: not the form this reads
            throw new Unproven();
        }
        if (e instanceof Expr.PtrAdd pa) {
            Integer b = binding(pa.base());
            if (b != null) {
                KernelInterface.Binding bind = in.bindings().get(b);
                if (bind.view() != KernelInterface.View.TYPED
                        || !(bind.element() instanceof Type.Int || bind.element() instanceof Type.Float)
                        || bind.element().size() != 4 && bind.element().size() != 8) {
                    throw new Unproven();
                }
                Iv i = eval(pa.index(), env);
                if (i == null) {
                    throw new Unproven();
                }
                fact(k(0), i.lo());
                fact(op("+", i.hi(), k(1)), new RangeProof.Length(b, bind.element().size()));
                accesses(pa.index(), env);
                return;
            } else if (binding(rootOf(pa.base())) != null) {
                // an address past a cast or another offset: not the canonical form this reads
                throw new Unproven();
            }
        }
        for (Expr x : Expr.children(e)) {
            accesses(x, env);
        }
    }

    private static Expr rootOf(Expr e) {
        return switch (e) {
            case Expr.Convert c -> rootOf(c.value());
            case Expr.PtrAdd p -> rootOf(p.base());
            default -> e;
        };
    }

    /** The binding a pointer root ({@code %p}, {@code convert(%p)}) names, or null. */
    private Integer binding(Expr root) {
        return switch (root) {
            case Expr.LocalGet g -> roots.get(g.local());
            case Expr.GlobalAddr g -> globals.get(g.global());
            case Expr.Convert c -> c.type().equals(c.value().type()) ? binding(c.value()) : null;
            default -> null;
        };
    }

    /**
     * The interval of a 32-bit integer expression, or null; adds the facts that keep its
     * operations from wrapping.
     */
    private Iv eval(Expr e, Map<Local, Iv> env) {
        if (!(e.type() instanceof Type.Int t) || t.bits() != 32) {
            return null;
        }
        return switch (e) {
            case Expr.IntConst c -> {
                long v = t.signed() ? (int) c.value() : c.value() & 0xFFFFFFFFL;
                yield new Iv(k(v), k(v));
            }
            case Expr.LocalGet g -> env.get(g.local());
            case Expr.BuiltinGet b -> builtin(b);
            case Expr.Convert c -> {
                if (!(c.value().type() instanceof Type.Int from) || from.bits() != 32) {
                    yield null;
                }
                Iv v = eval(c.value(), env);
                yield v == null ? null : fit(v, t);
            }
            case Expr.Binary b -> binary(b, t, env);
            case Expr.Select s -> {
                Iv x = eval(s.ifTrue(), env);
                Iv y = eval(s.ifFalse(), env);
                yield x == null || y == null ? null : new Iv(op("min", x.lo(), y.lo()), op("max", x.hi(), y.hi()));
            }
            default -> null;
        };
    }

    private Iv builtin(Expr.BuiltinGet b) {
        int axis = b.component();
        return switch (b.builtin()) {
            case THREAD_IDX -> new Iv(k(0), op("-", new RangeProof.Launch(0, axis), k(1)));
            case BLOCK_DIM -> new Iv(new RangeProof.Launch(0, axis), new RangeProof.Launch(0, axis));
            case WORKGROUP_ID -> new Iv(k(0), op("-", new RangeProof.Launch(1, axis), k(1)));
            case NUM_WORKGROUPS -> new Iv(new RangeProof.Launch(1, axis), new RangeProof.Launch(1, axis));
            // the uniform buffer starts with gridDim.x, y, z and the slices per row (KernelLayout.Uniform)
            case GRID_DIM -> exact(new RangeProof.Uniform(4 * axis, false));
            case GRID_SLICES -> exact(new RangeProof.Uniform(12, false));
            case GRID_PADDING -> new Iv(k(0), k(1));
            case BLOCK_IDX -> new Iv(k(0), op("-", new RangeProof.Uniform(4 * axis, false), k(1)));
        };
    }

    private static Iv exact(RangeProof.Term t) {
        return new Iv(t, t);
    }

    private Iv binary(Expr.Binary b, Type.Int t, Map<Local, Iv> env) {
        if (b.op().isComparison() || b.op().isLogical()) {
            return null;
        }
        Iv x = eval(b.left(), env);
        Iv y = eval(b.right(), env);
        if (x == null || y == null) {
            return null;
        }
        // unsigned intervals never go below 0: every unsigned value's fit put 0 <= lo among the facts
        Iv r = switch (b.op()) {
            case ADD -> new Iv(op("+", x.lo(), y.lo()), op("+", x.hi(), y.hi()));
            case SUB -> new Iv(op("-", x.lo(), y.hi()), op("-", x.hi(), y.lo()));
            case MUL -> t.signed() ? mulSigned(x, y)
                    : new Iv(op("*", x.lo(), y.lo()), op("*", x.hi(), y.hi()));
            case DIV -> {
                if (t.signed()) {
                    fact(k(0), x.lo());
                }
                fact(k(1), y.lo());
                yield new Iv(op("/", x.lo(), y.hi()), op("/", x.hi(), y.lo()));
            }
            case REM -> {
                if (t.signed()) {
                    fact(k(0), x.lo());
                }
                fact(k(1), y.lo());
                yield new Iv(k(0), op("min", x.hi(), op("-", y.hi(), k(1))));
            }
            case SHL -> y.lo().equals(y.hi()) && y.lo() instanceof RangeProof.Const s && s.value() >= 0 && s.value() < 31
                    ? new Iv(op("*", x.lo(), k(1L << s.value())), op("*", x.hi(), k(1L << s.value()))) : null;
            case SHR -> {
                if (!(y.lo().equals(y.hi()) && y.lo() instanceof RangeProof.Const s && s.value() >= 0 && s.value() < 31)) {
                    yield null;
                }
                fact(k(0), x.lo());
                yield new Iv(op("/", x.lo(), k(1L << s.value())), op("/", x.hi(), k(1L << s.value())));
            }
            case AND -> {
                if (t.signed() || !(y.hi().equals(y.lo()) && y.hi() instanceof RangeProof.Const m)) {
                    yield null;
                }
                yield new Iv(k(0), op("min", x.hi(), k(m.value())));
            }
            default -> null;
        };
        return r == null ? null : fit(r, t);
    }

    private static Iv mulSigned(Iv x, Iv y) {
        RangeProof.Term a = op("*", x.lo(), y.lo());
        RangeProof.Term b = op("*", x.lo(), y.hi());
        RangeProof.Term c = op("*", x.hi(), y.lo());
        RangeProof.Term d = op("*", x.hi(), y.hi());
        return new Iv(op("min", op("min", a, b), op("min", c, d)), op("max", op("max", a, b), op("max", c, d)));
    }

    /** {@code v} as a value of {@code t}, with the facts that it fits (no wrap). */
    private Iv fit(Iv v, Type.Int t) {
        fact(k(min(t)), v.lo());
        fact(v.hi(), k(max(t)));
        return v;
    }

    private void fact(RangeProof.Term left, RangeProof.Term right) {
        if (left instanceof RangeProof.Const a && right instanceof RangeProof.Const b) {
            if (a.value() > b.value()) {
                throw new Unproven();
            }
            return;
        }
        facts.add(new RangeProof.LessEq(left, right));
    }

    private static long min(Type.Int t) {
        return t.signed() ? Integer.MIN_VALUE : 0;
    }

    private static long max(Type.Int t) {
        return t.signed() ? Integer.MAX_VALUE : 0xFFFFFFFFL;
    }

    private static RangeProof.Const k(long v) {
        return new RangeProof.Const(v);
    }

    /** {@code a op b}, folded where both are constants or one is a neutral constant. */
    static RangeProof.Term op(String op, RangeProof.Term a, RangeProof.Term b) {
        if (a instanceof RangeProof.Const x && b instanceof RangeProof.Const y) {
            long u = x.value();
            long v = y.value();
            switch (op) {
                case "+" -> {
                    return k(u + v);
                }
                case "-" -> {
                    return k(u - v);
                }
                case "*" -> {
                    if (Math.abs(u) < 1L << 31 && Math.abs(v) < 1L << 31) {
                        return k(u * v);
                    }
                }
                case "min" -> {
                    return k(Math.min(u, v));
                }
                case "max" -> {
                    return k(Math.max(u, v));
                }
                default -> {
                }
            }
        }
        if (b instanceof RangeProof.Const y && y.value() == 0 && (op.equals("+") || op.equals("-"))) {
            return a;
        }
        if (a instanceof RangeProof.Const x && x.value() == 0 && op.equals("+")) {
            return b;
        }
        // 0 * t and 0 / t: every divisor has a fact 1 <= it (DIV, REM) or is a power of two
        if ((op.equals("*") || op.equals("/")) && a instanceof RangeProof.Const x && x.value() == 0
                || op.equals("*") && b instanceof RangeProof.Const y && y.value() == 0) {
            return k(0);
        }
        if ((op.equals("*") || op.equals("/")) && b instanceof RangeProof.Const y && y.value() == 1) {
            return a;
        }
        if (op.equals("*") && a instanceof RangeProof.Const x && x.value() == 1) {
            return b;
        }
        if ((op.equals("min") || op.equals("max")) && a.equals(b)) {
            return a;
        }
        // (t - 1) + 1 and (t + 1) - 1: the interval ends of guards and counted loops
        if (op.equals("+") && a instanceof RangeProof.Op o && o.op().equals("-") && o.right() instanceof RangeProof.Const c1
                && b instanceof RangeProof.Const c2 && c1.value() == c2.value()) {
            return o.left();
        }
        return new RangeProof.Op(op, a, b);
    }
}
