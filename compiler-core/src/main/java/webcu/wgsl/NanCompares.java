package webcu.wgsl;

import java.util.List;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
import webcu.passes.DeviceModule;
import webcu.passes.Rewriter;

/**
 * Makes every float comparison false for NaN (true for {@code !=}), as C's are, however the
 * backend compiles it: SwiftShader, like fast-math compilers, may assume floats are never NaN, so
 * WGSL's own {@code <} cannot be trusted with one. {@code l < r} becomes
 * {@code (l < r) && !webcu_unordered(l, r)} and {@code l != r} becomes
 * {@code (l != r) || webcu_unordered(l, r)}, the helpers being {@link Expr.PureCall}s that test the
 * bits; against a constant (never NaN here) {@code webcu_isnanf} tests the other side alone, and
 * two constants need no test. Run by {@link WgslBackend} after the expressions are folded and
 * checked, so that it sees the operands the writer prints and a load it repeats keeps its one
 * check site; SPIR-V has ordered and unordered comparisons of its own.
 */
final class NanCompares extends Rewriter {
    private NanCompares() {
    }

    /** Rewrites every kernel of {@code dm} in place. */
    static void run(DeviceModule dm) {
        NanCompares step = new NanCompares();
        for (Function k : List.copyOf(dm.kernels())) {
            k.setBody(step.block(k.body()));
        }
    }

    @Override
    protected Expr expr(Expr e) {
        return Expr.postOrder(e, NanCompares::compare);
    }

    private static Expr compare(Expr e) {
        if (!(e instanceof Expr.Binary b && b.op().isComparison() && b.left().type() instanceof Type.Float)) {
            return e;
        }
        boolean lc = b.left() instanceof Expr.FloatConst;
        boolean rc = b.right() instanceof Expr.FloatConst;
        if (lc && rc) {
            return e;
        }
        Expr unordered = lc || rc ? new Expr.PureCall("webcu_isnanf", List.of(lc ? b.right() : b.left()), Type.BOOL)
                : new Expr.PureCall("webcu_unordered", List.of(b.left(), b.right()), Type.BOOL);
        return b.op() == BinaryOp.NE ? new Expr.Binary(BinaryOp.LOR, b, unordered, Type.BOOL)
                : new Expr.Binary(BinaryOp.LAND, b, new Expr.Unary(UnaryOp.LNOT, unordered, Type.BOOL), Type.BOOL);
    }
}
