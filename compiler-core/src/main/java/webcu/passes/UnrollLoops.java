package webcu.passes;

import static webcu.passes.Rewriter.forEachExpr;
import static webcu.passes.Rewriter.forEachStmt;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Unrolls the short loops whose trip count is a constant, as nvcc does: a loop that starts right
 * after {@code i = C0}, whose body opens with {@code if (!(i CMP C)) break;}, whose continuing block
 * is {@code i = i OP c} (constants; {@code + - * << >> /}), whose body assigns no {@code i} and
 * leaves no other way ({@code break} or {@code continue} of its own), and that runs at most
 * {@link #MAX_TRIPS} times with at most {@link #MAX_NODES} IR nodes in all (calls, software fmas and
 * 64-bit operations counted as the helpers they become), becomes one copy of the
 * body per iteration with {@code i} replaced by that iteration's value. {@code i} keeps its value
 * after the loop where something outside the loop reads it.
 *
 * <p>Why: a tree reduction's {@code for (k = 128; k > 0; k >>= 1)} is not a loop Tint can prove
 * finite (it proves {@code for (var i = a; i < b; i++)} only), so Dawn gives it a hidden 64-bit
 * counter, and NVIDIA's compiler does not unroll a loop that holds barriers by itself. On an H200 the
 * reduction ran at 0.89 of bench-kit's hand-written kernel as a loop and at 1.29 unrolled, with the
 * same constants the hand-written kernel would need (bench/README.md, the reduction bisection).
 * With {@code k} a constant in each copy, {@code tid < 128u} and {@code sdata[tid + 128u]} also
 * need no range analysis. The body is copied as it is, barriers included: the trip count is the
 * same in every invocation, so the copies' barriers are as uniform as the loop's.
 *
 * <p>Expects: the loops as lowering builds them ({@code for} and {@code while}: the test first in
 * the body), after {@link Uniformity}. Guarantees afterwards: the same results, with fewer loops.
 */
public final class UnrollLoops implements DevicePass {
    /** The most iterations a loop may have to be unrolled (the 16 of a 16x16 tile's inner loop). */
    static final int MAX_TRIPS = 16;
    /** The most IR nodes (statements and expression nodes, {@link #nodes}) the unrolled copies may hold in all. */
    static final int MAX_NODES = 2048;

    @Override
    public String name() {
        return "UnrollLoops";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            k.setBody(new Unroller(k, m.target()).block(k.body()));
        }
    }

    private static final class Unroller extends Rewriter {
        /** The kernel's body before any unrolling: where reads of a loop's index are counted. */
        final Stmt.Block original;
        final DeviceTarget target;

        Unroller(Function k, DeviceTarget target) {
            this.original = k.body();
            this.target = target;
        }

        @Override
        public Stmt.Block block(Stmt.Block b) {
            List<Stmt> out = new ArrayList<>(b.stmts().size());
            for (int j = 0; j < b.stmts().size(); j++) {
                Stmt s = b.stmts().get(j);
                // inner blocks first (stmt rebuilds them), so that an inner loop is unrolled before the outer one is measured
                List<Stmt> rebuilt = stmt(s);
                List<Stmt> unrolled = null;
                if (j > 0 && s instanceof Stmt.Loop before && b.stmts().get(j - 1) instanceof Stmt.Assign init
                        && rebuilt.size() == 1 && rebuilt.get(0) instanceof Stmt.Loop l && !out.isEmpty()
                        && out.get(out.size() - 1) instanceof Stmt.Assign again && again.target() == init.target()) {
                    Local i = init.target();
                    unrolled = unroll(again, l, reads(original, i) > reads(before, i));
                }
                if (unrolled == null) {
                    out.addAll(rebuilt);
                } else {
                    out.remove(out.size() - 1);
                    out.addAll(unrolled);
                }
            }
            return new Stmt.Block(out, b.span());
        }

        /**
         * The statements that replace {@code init; l}, or null where the loop is not one to unroll;
         * {@code readOutside}: whether anything outside the loop reads its index (then the index
         * keeps its assignments before and after).
         */
        private List<Stmt> unroll(Stmt.Assign init, Stmt.Loop l, boolean readOutside) {
            List<Stmt> body = l.body().stmts();
            List<Stmt> cont = l.continuing().stmts();
            Local i = init.target();
            if (l.breakIf() != null || body.isEmpty() || cont.size() != 1 || i.addressable() || !(i.type() instanceof Type.Int t)
                    || t.bits() != 32) {
                return null;
            }
            if (!(body.get(0) instanceof Stmt.If exit) || !exit.otherwise().stmts().isEmpty() || exit.then().stmts().size() != 1
                    || !(exit.then().stmts().get(0) instanceof Stmt.Break) || !(exit.cond() instanceof Expr.Unary not)
                    || not.op() != UnaryOp.LNOT || !(not.operand() instanceof Expr.Binary test)
                    || !(test.left() instanceof Expr.LocalGet tested) || tested.local() != i) {
                return null;
            }
            if (!(cont.get(0) instanceof Stmt.Assign step) || step.target() != i || !(step.value() instanceof Expr.Binary update)
                    || !(update.left() instanceof Expr.LocalGet self) || self.local() != i) {
                return null;
            }
            Long start = constant(init.value());
            Long bound = constant(test.right());
            Long by = constant(update.right());
            if (start == null || bound == null || by == null) {
                return null;
            }
            List<Stmt> rest = body.subList(1, body.size());
            if (!leavesOnlyAtItsTest(rest, i)) {
                return null;
            }
            List<Long> values = new ArrayList<>();
            long v = wrap(start, t);
            while (compare(test.op(), v, wrap(bound, t))) {
                if (values.size() == MAX_TRIPS) {
                    return null;
                }
                values.add(v);
                Long next = step(update.op(), v, by, t);
                if (next == null) {
                    return null;
                }
                v = next;
            }
            Stmt.Block copy = new Stmt.Block(rest, l.body().span());
            if (values.size() * nodes(copy, target) > MAX_NODES) {
                return null;
            }
            List<Stmt> out = new ArrayList<>();
            if (readOutside) {
                out.add(init);
            }
            for (long value : values) {
                Expr constant = new Expr.IntConst(t, value);
                Stmt.Block iteration = new Rewriter() {
                    @Override
                    protected Expr expr(Expr e) {
                        return Expr.postOrder(e, x -> x instanceof Expr.LocalGet g && g.local() == i ? constant : x);
                    }
                }.block(copy);
                out.addAll(iteration.stmts());
            }
            if (readOutside) {
                out.add(Build.assign(i, new Expr.IntConst(t, v), step.span()));
            }
            return out;
        }
    }

    /** The reads of {@code i} in {@code s} (a statement, or a block's statements). */
    private static int reads(Stmt s, Local i) {
        int[] n = {0};
        forEachExpr(s instanceof Stmt.Block b ? b : new Stmt.Block(List.of(s), webcu.diag.Span.NONE), (x, e) -> n[0] += e instanceof Expr.LocalGet g
                && g.local() == i ? 1 : 0);
        return n[0];
    }

    /**
     * Whether the body, past its exit test, neither assigns {@code i} nor leaves the loop or skips to
     * its next iteration by itself: no {@code break} or {@code continue} outside the loops it holds,
     * none in a switch.
     */
    private static boolean leavesOnlyAtItsTest(List<Stmt> rest, Local i) {
        boolean[] ok = {true};
        for (Stmt s : rest) {
            check(s, i, ok);
        }
        return ok[0];
    }

    private static void check(Stmt s, Local i, boolean[] ok) {
        switch (s) {
            case Stmt.Break b -> ok[0] = false;
            case Stmt.Continue c -> ok[0] = false;
            case Stmt.Assign a -> ok[0] &= a.target() != i;
            case Stmt.Call c -> ok[0] &= c.result() != i;
            case Stmt.AtomicHalves a -> ok[0] &= a.result() != i;
            case Stmt.Block b -> b.stmts().forEach(x -> check(x, i, ok));
            case Stmt.If f -> {
                f.then().stmts().forEach(x -> check(x, i, ok));
                f.otherwise().stmts().forEach(x -> check(x, i, ok));
            }
            case Stmt.Switch sw -> sw.cases().forEach(c -> c.body().stmts().forEach(x -> check(x, i, ok)));
            case Stmt.Loop inner -> {
                // its own break and continue are its business; i must stay unassigned in it too
                forEachStmt(new Stmt.Block(List.of(inner.body(), inner.continuing()), inner.span()), x -> ok[0] &=
                        !(x instanceof Stmt.Assign a && a.target() == i || x instanceof Stmt.Call c && c.result() == i
                                || x instanceof Stmt.AtomicHalves h && h.result() == i));
            }
            default -> {
            }
        }
    }

    /**
     * The size of {@code b} in IR nodes, with what becomes a helper function on the way to the device
     * weighted by that helper's size: every device compiler inlines helpers (SwiftShader's does so
     * before it compiles anything), so sixteen copies of a software fma (about 150 lines of 64-bit
     * arithmetic) made the tiled SGEMM a shader SwiftShader did not finish compiling in 5 minutes.
     */
    static long nodes(Stmt.Block b, DeviceTarget target) {
        long[] n = {0};
        forEachStmt(b, s -> n[0] += s instanceof Stmt.Call ? CALL_NODES : 1);
        forEachExpr(b, (s, e) -> n[0] += switch (e) {
            case Expr.Fma f -> target.fma() == DeviceTarget.Fma.HARDWARE && Type.F32.equals(f.type()) ? 1 : SOFTWARE_NODES;
            case Expr.PureCall c -> CALL_NODES;
            default -> wide(e.type()) ? WIDE_NODES : 1;
        });
        return n[0];
    }

    /** What a call (an intrinsic, a math function, a helper) counts for in {@link #nodes}. */
    static final int CALL_NODES = 64;
    /** What an fma that is not the hardware's (and any double fma) counts for. */
    static final int SOFTWARE_NODES = 512;
    /** What an operation on doubles or 64-bit integers (vec2<u32> helpers on WGSL) counts for. */
    static final int WIDE_NODES = 32;

    private static boolean wide(Type t) {
        return Type.F64.equals(t) || t instanceof Type.Int i && i.bits() == 64;
    }

    /** The value of an integer constant of at most 32 bits, or of such a constant converted to one; null otherwise. */
    private static Long constant(Expr e) {
        if (e instanceof Expr.Convert cv && cv.type() instanceof Type.Int to && to.bits() <= 32) {
            Long v = constant(cv.value());
            return v == null ? null : wrap(v, to);
        }
        return e instanceof Expr.IntConst c && c.type().bits() <= 32 ? wrap(c.value(), c.type()) : null;
    }

    /** {@code v} as a 32-bit integer of {@code t}'s signedness holds it. */
    private static long wrap(long v, Type.Int t) {
        return t.signed() ? (long) (int) v : v & 0xFFFFFFFFL;
    }

    private static boolean compare(BinaryOp op, long a, long b) {
        return switch (op) {
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
            case EQ -> a == b;
            case NE -> a != b;
            default -> false;
        };
    }

    /** {@code v OP by} in {@code t}'s 32-bit arithmetic as C (and WGSL) define it; null for an operation it leaves out. */
    private static Long step(BinaryOp op, long v, long by, Type.Int t) {
        return switch (op) {
            case ADD -> wrap(v + by, t);
            case SUB -> wrap(v - by, t);
            case MUL -> wrap(v * by, t);
            // shifts by 32 or more, or by a negative count, are undefined in C: not unrolled
            case SHL -> by < 0 || by >= 32 ? null : wrap(v << by, t);
            case SHR -> by < 0 || by >= 32 ? null : wrap(t.signed() ? v >> by : v >>> by, t);
            case DIV -> by == 0 || t.signed() && by == -1 ? null : wrap(t.signed() ? v / by : Long.divideUnsigned(v, by), t);
            default -> null;
        };
    }
}
