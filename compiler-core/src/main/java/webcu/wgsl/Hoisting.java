package webcu.wgsl;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * The statement walk that {@link Raise} and {@link WideCalls} share: each moves some work out of
 * expressions into statements placed right before the statement that evaluates them, in
 * evaluation order (the value of a store before its address, as the writer prints them), and
 * for a loop's {@code break if} at the end of its continuing block.
 */
abstract class Hoisting {
    /** Moves the work of one expression into {@code out}; returns what stays in the expression. */
    @FunctionalInterface
    interface Hoist {
        Expr apply(Expr e, List<Stmt> out, Span at);
    }

    protected final Function kernel;

    protected Hoisting(Function kernel) {
        this.kernel = kernel;
    }

    /** {@code e} with its work appended to {@code out}; {@code e} itself where it has none. */
    protected abstract Expr hoist(Expr e, List<Stmt> out, Span at);

    /** Whether {@code e} has work that {@link #hoist} would move out. */
    protected abstract boolean hasWork(Expr e);

    /** An assignment: its value's work first. */
    protected void assign(Stmt.Assign a, List<Stmt> out) {
        out.add(new Stmt.Assign(a.target(), hoist(a.value(), out, a.span()), a.span()));
    }

    /** A statement with no expression of its own to walk (a barrier, a break, …). */
    protected void other(Stmt s, List<Stmt> out) {
        out.add(s);
    }

    final Stmt.Block block(Stmt.Block b) {
        List<Stmt> out = new ArrayList<>(b.stmts().size());
        for (Stmt s : b.stmts()) {
            stmt(s, out);
        }
        return new Stmt.Block(out, b.span());
    }

    private void stmt(Stmt s, List<Stmt> out) {
        Span at = s.span();
        switch (s) {
            case Stmt.Block b -> out.add(block(b));
            case Stmt.Assign a -> assign(a, out);
            case Stmt.Store st -> {
                // the writer evaluates the value before the address
                Expr v = hoist(st.value(), out, at);
                Expr address = hoist(st.address(), out, at);
                out.add(new Stmt.Store(address, v, at));
            }
            case Stmt.Call c -> {
                List<Expr> args = new ArrayList<>(c.args().size());
                for (Expr e : c.args()) {
                    args.add(hoist(e, out, at));
                }
                out.add(new Stmt.Call(c.result(), c.callee(), args, at));
            }
            case Stmt.If i -> {
                Expr cond = hoist(i.cond(), out, at);
                out.add(new Stmt.If(cond, block(i.then()), block(i.otherwise()), at));
            }
            case Stmt.Loop l -> {
                Stmt.Block body = block(l.body());
                Stmt.Block continuing = block(l.continuing());
                Expr breakIf = l.breakIf();
                if (breakIf != null && hasWork(breakIf)) {
                    List<Stmt> tail = new ArrayList<>(continuing.stmts());
                    breakIf = hoist(breakIf, tail, at);
                    continuing = new Stmt.Block(tail, continuing.span());
                }
                out.add(new Stmt.Loop(body, continuing, breakIf, at));
            }
            case Stmt.Switch sw -> {
                Expr selector = hoist(sw.selector(), out, at);
                List<Stmt.Case> cases = new ArrayList<>();
                for (Stmt.Case c : sw.cases()) {
                    cases.add(new Stmt.Case(c.values(), c.isDefault(), block(c.body())));
                }
                out.add(new Stmt.Switch(selector, cases, at));
            }
            case Stmt.Return r -> out.add(r.value() == null ? r : new Stmt.Return(hoist(r.value(), out, at), at));
            default -> other(s, out);
        }
    }

    /**
     * {@code &&} or {@code ||} whose right operand has work that must run only when C evaluates
     * that operand: a temporary gets the left operand, and an {@code if} on it evaluates the right
     * one; {@code inner} moves each operand's own work.
     */
    protected final Expr shortCircuit(Expr.Binary b, List<Stmt> out, Span at, Hoist inner) {
        boolean and = b.op() == BinaryOp.LAND;
        Local tmp = kernel.newLocal(and ? "and" : "or", Type.BOOL, false);
        out.add(new Stmt.Assign(tmp, inner.apply(b.left(), out, at), at));
        List<Stmt> right = new ArrayList<>();
        right.add(new Stmt.Assign(tmp, inner.apply(b.right(), right, at), at));
        Expr get = new Expr.LocalGet(tmp);
        Expr cond = and ? get : new Expr.Unary(UnaryOp.LNOT, get, Type.BOOL);
        out.add(new Stmt.If(cond, new Stmt.Block(right, at), new Stmt.Block(List.of(), at), at));
        return get;
    }
}
