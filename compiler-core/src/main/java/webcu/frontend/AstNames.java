package webcu.frontend;

import java.util.Set;

/** Collects the simple names a piece of syntax mentions (for a lambda's default captures). */
final class AstNames {
    private AstNames() {}

    static void collect(Ast.Stmt s, Set<String> out) {
        switch (s) {
            case Ast.Compound c -> c.stmts().forEach(x -> collect(x, out));
            case Ast.ExprStmt e -> collect(e.expr(), out);
            case Ast.DeclStmt d -> {
                for (Ast.Decl x : d.decls()) {
                    if (x instanceof Ast.VarDecl v && v.init() != null) {
                        collect(v.init(), out);
                    }
                }
            }
            case Ast.If i -> {
                if (i.init() != null) {
                    collect(i.init(), out);
                }
                collect(i.cond(), out);
                collect(i.then(), out);
                if (i.otherwise() != null) {
                    collect(i.otherwise(), out);
                }
            }
            case Ast.While w -> {
                collect(w.cond(), out);
                collect(w.body(), out);
            }
            case Ast.DoWhile d -> {
                collect(d.body(), out);
                collect(d.cond(), out);
            }
            case Ast.For f -> {
                if (f.init() != null) {
                    collect(f.init(), out);
                }
                if (f.cond() != null) {
                    collect(f.cond(), out);
                }
                if (f.step() != null) {
                    collect(f.step(), out);
                }
                collect(f.body(), out);
            }
            case Ast.RangeFor r -> {
                collect(r.range(), out);
                collect(r.body(), out);
            }
            case Ast.Switch w -> {
                collect(w.selector(), out);
                collect(w.body(), out);
            }
            case Ast.Return r -> {
                if (r.value() != null) {
                    collect(r.value(), out);
                }
            }
            default -> { }
        }
    }

    static void collect(Ast.Expr e, Set<String> out) {
        switch (e) {
            case Ast.Name n -> out.add(n.name());
            case Ast.Unary u -> collect(u.operand(), out);
            case Ast.Postfix p -> collect(p.operand(), out);
            case Ast.Binary b -> {
                collect(b.left(), out);
                collect(b.right(), out);
            }
            case Ast.Assign a -> {
                collect(a.target(), out);
                collect(a.value(), out);
            }
            case Ast.Conditional c -> {
                collect(c.cond(), out);
                collect(c.ifTrue(), out);
                collect(c.ifFalse(), out);
            }
            case Ast.Comma c -> {
                collect(c.left(), out);
                collect(c.right(), out);
            }
            case Ast.Call c -> {
                collect(c.callee(), out);
                c.args().forEach(a -> collect(a, out));
            }
            case Ast.KernelCall k -> {
                k.config().forEach(a -> collect(a, out));
                k.args().forEach(a -> collect(a, out));
            }
            case Ast.Index i -> {
                collect(i.base(), out);
                collect(i.index(), out);
            }
            case Ast.Member m -> collect(m.base(), out);
            case Ast.Cast c -> collect(c.operand(), out);
            case Ast.SizeofExpr s -> collect(s.operand(), out);
            case Ast.InitList il -> il.items().forEach(a -> collect(a, out));
            case Ast.Construct c -> c.args().forEach(a -> collect(a, out));
            case Ast.New n -> n.args().forEach(a -> collect(a, out));
            case Ast.Delete d -> collect(d.operand(), out);
            case Ast.Lambda l -> collect(l.body(), out);
            default -> { }
        }
    }
}
