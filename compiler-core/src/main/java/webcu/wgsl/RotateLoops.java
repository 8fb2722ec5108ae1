package webcu.wgsl;

import java.util.List;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Stmt;
import webcu.ir.UnaryOp;
import webcu.passes.DeviceModule;
import webcu.passes.Rewriter;

/**
 * Puts a loop's exit test at its end: a loop whose body starts with {@code if (!c) break;} and that
 * has no {@code break if} becomes {@code if (c) loop { rest; continuing { ...; break if !c; } }}.
 * Run by {@link WgslBackend} after {@link SubWord}.
 *
 * <p>Why: Tint gives every loop it cannot prove finite a hidden 64-bit iteration counter with an
 * exit at the top of the body, and it proves only {@code for} loops whose index is declared in the
 * initializer. Our loops' indices are function-scope variables, so a C {@code for} loop got the
 * counter before its own test, and NVIDIA's Vulkan compiler then made a slow loop of the tiled
 * SGEMM's 16-step inner loop: 0.45 of the hand-written kernel's speed on an H200, 0.99 once
 * rotated (bench/README.md, "Tiled SGEMM bisection"). Tint still adds its counter to a rotated
 * loop; what costs is the test after it.
 *
 * <p>The test is evaluated at the same points as before, as often, in the same order: once before
 * the first iteration, then after each {@code continuing}; {@code continue} still reaches
 * {@code continuing} and then the test, {@code break} still leaves. Loops whose body starts with
 * something else (the watchdog's budget check) and {@code while (true)} stay as they are.
 */
final class RotateLoops extends Rewriter {
    private RotateLoops() {
    }

    /** Rewrites every kernel of {@code dm} in place. */
    static void run(DeviceModule dm) {
        RotateLoops step = new RotateLoops();
        for (Function k : List.copyOf(dm.kernels())) {
            k.setBody(step.block(k.body()));
        }
    }

    @Override
    protected List<Stmt> stmt(Stmt s) {
        Stmt rebuilt = rebuild(s);
        if (rebuilt instanceof Stmt.Loop l && l.breakIf() == null && exitTest(l) instanceof Expr.Unary test) {
            List<Stmt> rest = l.body().stmts().subList(1, l.body().stmts().size());
            Stmt.Loop rotated = new Stmt.Loop(new Stmt.Block(List.copyOf(rest), l.body().span()), l.continuing(), test, l.span());
            return List.of(new Stmt.If(test.operand(), new Stmt.Block(List.of(rotated), l.span()), Stmt.Block.empty(l.span()), l.span()));
        }
        return List.of(rebuilt);
    }

    /** The {@code !c} of a body that starts with {@code if (!c) break;} (and no else), or null. */
    private static Expr exitTest(Stmt.Loop l) {
        List<Stmt> body = l.body().stmts();
        if (!body.isEmpty() && body.get(0) instanceof Stmt.If i && i.cond() instanceof Expr.Unary u && u.op() == UnaryOp.LNOT
                && !(u.operand() instanceof Expr.BoolConst) && i.otherwise().stmts().isEmpty() && i.then().stmts().size() == 1
                && i.then().stmts().get(0) instanceof Stmt.Break) {
            return u;
        }
        return null;
    }
}
