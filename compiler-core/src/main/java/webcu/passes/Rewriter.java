package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.Expr;
import webcu.ir.Local;
import webcu.ir.Stmt;

/**
 * Rebuilds statement trees, the shared skeleton of the device passes: a pass overrides the hooks
 * for what it changes (an expression root, an assigned local, a whole statement) and inherits the
 * walk over every statement kind. IR nodes are immutable records, so a rewrite builds new trees
 * and leaves the input untouched. Public for the target writers' own IR steps ({@code wgsl.SubWord}).
 */
public abstract class Rewriter {
    /** Maps one expression root (the whole tree hangs below it); the default keeps it. */
    protected Expr expr(Expr e) {
        return e;
    }

    /** Maps a local that a statement writes (an assignment target or a call result). */
    protected Local target(Local l) {
        return l;
    }

    /**
     * Rewrites one statement into the statements that replace it (none, one or several);
     * the default rebuilds it with {@link #rebuild}.
     */
    protected List<Stmt> stmt(Stmt s) {
        return List.of(rebuild(s));
    }

    public Stmt.Block block(Stmt.Block b) {
        List<Stmt> out = new ArrayList<>(b.stmts().size());
        for (Stmt s : b.stmts()) {
            out.addAll(stmt(s));
        }
        return new Stmt.Block(out, b.span());
    }

    /** The statement with its expressions, targets and blocks mapped by the hooks. */
    protected final Stmt rebuild(Stmt s) {
        return switch (s) {
            case Stmt.Block b -> block(b);
            case Stmt.Assign a -> new Stmt.Assign(target(a.target()), expr(a.value()), a.span());
            case Stmt.Store st -> {
                Expr address = expr(st.address());
                yield new Stmt.Store(address, expr(st.value()), st.span());
            }
            case Stmt.WordStore w -> {
                Expr words = expr(w.words());
                Expr byteIndex = expr(w.byteIndex());
                Expr word = expr(w.word());
                yield new Stmt.WordStore(words, byteIndex, word, expr(w.value()), w.span());
            }
            case Stmt.AtomicHalves a -> {
                Expr address = expr(a.address());
                Expr value = expr(a.value());
                yield new Stmt.AtomicHalves(a.result() == null ? null : target(a.result()), a.op(), address, value, a.span());
            }
            case Stmt.Call c -> {
                List<Expr> args = exprs(c.args());
                yield new Stmt.Call(c.result() == null ? null : target(c.result()), c.callee(), args, c.span());
            }
            case Stmt.If i -> {
                Expr cond = expr(i.cond());
                yield new Stmt.If(cond, block(i.then()), block(i.otherwise()), i.span());
            }
            case Stmt.Loop l -> {
                Stmt.Block body = block(l.body());
                Stmt.Block continuing = block(l.continuing());
                yield new Stmt.Loop(body, continuing, l.breakIf() == null ? null : expr(l.breakIf()), l.span());
            }
            case Stmt.Switch sw -> {
                Expr selector = expr(sw.selector());
                List<Stmt.Case> cases = new ArrayList<>();
                for (Stmt.Case c : sw.cases()) {
                    cases.add(new Stmt.Case(c.values(), c.isDefault(), block(c.body())));
                }
                yield new Stmt.Switch(selector, cases, sw.span());
            }
            case Stmt.Break b -> b;
            case Stmt.Continue c -> c;
            case Stmt.Return r -> new Stmt.Return(r.value() == null ? null : expr(r.value()), r.span());
            case Stmt.Barrier b -> b;
            case Stmt.Launch l -> new Stmt.Launch(l.kernel(), exprs(l.grid()), exprs(l.block()), expr(l.sharedBytes()),
                    expr(l.stream()), exprs(l.args()), l.span());
        };
    }

    private List<Expr> exprs(List<Expr> es) {
        List<Expr> out = new ArrayList<>(es.size());
        for (Expr e : es) {
            out.add(expr(e));
        }
        return out;
    }

    /** Visits every expression node below the roots of a block, statement by statement. */
    static void forEachExpr(Stmt.Block b, java.util.function.BiConsumer<Stmt, Expr> visit) {
        new Rewriter() {
            private Stmt current;

            @Override
            protected List<Stmt> stmt(Stmt s) {
                Stmt saved = current;
                current = s;
                rebuild(s);
                current = saved;
                return List.of(s);
            }

            @Override
            protected Expr expr(Expr e) {
                walk(e);
                return e;
            }

            private void walk(Expr e) {
                visit.accept(current, e);
                for (Expr k : Expr.children(e)) {
                    walk(k);
                }
            }
        }.block(b);
    }

    /** Visits every statement of a block, nested ones included, parents before children. */
    static void forEachStmt(Stmt.Block b, java.util.function.Consumer<Stmt> visit) {
        new Rewriter() {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                visit.accept(s);
                rebuild(s);
                return List.of(s);
            }
        }.block(b);
    }
}
