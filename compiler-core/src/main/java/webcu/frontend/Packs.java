package webcu.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pack expansion by substitution: the pattern of {@code f(args)...} or {@code std::forward<Args>(args)...}
 * is copied once per pack element with each pack's name replaced by the element's name
 * ({@code args#0}, {@code Args#0} …), which the instantiation binds like any other name. Copying
 * the syntax keeps every later step (overloads, conversions, lowering) unaware of packs.
 */
final class Packs {
    private Packs() {}

    /** A template parameter pack bound to its elements: CTypes (type packs) or Longs (value packs). */
    record Pack(List<Object> elements) {
        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < elements.size(); i++) {
                b.append(i > 0 ? ", " : "").append(elements.get(i));
            }
            return b.append('}').toString();
        }
    }

    /** A function parameter pack ({@code Args... args}) bound to its parameters. */
    record VarPack(List<Typed.Var> vars) {}

    /** The name element {@code k} of pack {@code name} is bound to in the instance's scope. */
    static String elementName(String name, int k) {
        return name + "#" + k;
    }

    /** Collects the simple and qualified names an expression or type mentions, types and template arguments included. */
    static void names(Ast.Expr e, Set<String> out) {
        rewrite(e, n -> {
            out.add(n);
            return n;
        });
    }

    static void names(Ast.TypeNode t, Set<String> out) {
        rewrite(t, n -> {
            out.add(n);
            return n;
        });
    }

    /** Element {@code k} of a pattern: each name in {@code packs} becomes its element's name. */
    static Ast.Expr element(Ast.Expr pattern, Map<String, Integer> packs, int k) {
        return rewrite(pattern, n -> packs.containsKey(n) ? elementName(n, k) : n);
    }

    static Ast.TypeNode element(Ast.TypeNode pattern, Map<String, Integer> packs, int k) {
        return rewrite(pattern, n -> packs.containsKey(n) ? elementName(n, k) : n);
    }

    interface Renamer {
        String rename(String name);
    }

    static Ast.Expr rewrite(Ast.Expr e, Renamer r) {
        if (e == null) {
            return null;
        }
        return switch (e) {
            case Ast.Name n -> new Ast.Name(r.rename(n.name()), args(n.templateArgs(), r), n.span());
            case Ast.ScopedName s -> new Ast.ScopedName((Ast.NamedType) rewrite(s.type(), r), s.span());
            case Ast.Unary u -> new Ast.Unary(u.op(), rewrite(u.operand(), r), u.span());
            case Ast.Postfix p -> new Ast.Postfix(p.op(), rewrite(p.operand(), r), p.span());
            case Ast.Binary b -> new Ast.Binary(b.op(), rewrite(b.left(), r), rewrite(b.right(), r), b.span());
            case Ast.Assign a -> new Ast.Assign(a.op(), rewrite(a.target(), r), rewrite(a.value(), r), a.span());
            case Ast.Conditional c -> new Ast.Conditional(rewrite(c.cond(), r), rewrite(c.ifTrue(), r), rewrite(c.ifFalse(), r), c.span());
            case Ast.Comma c -> new Ast.Comma(rewrite(c.left(), r), rewrite(c.right(), r), c.span());
            case Ast.Call c -> new Ast.Call(rewrite(c.callee(), r), exprs(c.args(), r), c.span());
            case Ast.Index i -> new Ast.Index(rewrite(i.base(), r), rewrite(i.index(), r), i.span());
            case Ast.Member m -> new Ast.Member(rewrite(m.base(), r), m.name(), m.arrow(), m.span(), args(m.templateArgs(), r));
            case Ast.Cast c -> new Ast.Cast(c.kind(), rewrite(c.type(), r), rewrite(c.operand(), r), c.span());
            case Ast.SizeofType s -> new Ast.SizeofType(rewrite(s.type(), r), s.span());
            case Ast.SizeofExpr s -> new Ast.SizeofExpr(rewrite(s.operand(), r), s.span());
            case Ast.AlignofType a -> new Ast.AlignofType(rewrite(a.type(), r), a.span());
            case Ast.InitList il -> new Ast.InitList(rewrite(il.type(), r), exprs(il.items(), r), il.span());
            case Ast.Construct c -> new Ast.Construct(rewrite(c.type(), r), exprs(c.args(), r), c.span());
            case Ast.New n -> new Ast.New(rewrite(n.type(), r), rewrite(n.arraySize(), r), exprs(n.args(), r), n.span(), rewrite(n.placement(), r));
            case Ast.Delete d -> new Ast.Delete(rewrite(d.operand(), r), d.array(), d.span());
            case Ast.KernelCall k -> new Ast.KernelCall(rewrite(k.callee(), r), exprs(k.config(), r), exprs(k.args(), r), k.span());
            case Ast.SizeofPack s -> new Ast.SizeofPack(r.rename(s.name()), s.span());
            case Ast.Fold f -> new Ast.Fold(f.op(), rewrite(f.pack(), r), rewrite(f.init(), r), f.left(), f.span());
            // an inner expansion expands its own packs; names it shares with this one are renamed too
            case Ast.PackExpansion p -> new Ast.PackExpansion(rewrite(p.pattern(), r), p.span());
            default -> e;
        };
    }

    static Ast.TypeNode rewrite(Ast.TypeNode t, Renamer r) {
        if (t == null) {
            return null;
        }
        return switch (t) {
            case Ast.NamedType n -> new Ast.NamedType(renameQualified(n.name(), r), args(n.args(), r), n.span());
            case Ast.PointerType p -> new Ast.PointerType(rewrite(p.pointee(), r), p.constPointee(), p.span());
            case Ast.ReferenceType rt -> new Ast.ReferenceType(rewrite(rt.referee(), r), rt.constReferee(), rt.rvalue(), rt.span());
            case Ast.ConstType c -> new Ast.ConstType(rewrite(c.inner(), r), c.span());
            case Ast.ArrayType a -> new Ast.ArrayType(rewrite(a.element(), r), rewrite(a.size(), r), a.span());
            case Ast.DecltypeType d -> new Ast.DecltypeType(rewrite(d.expr(), r), d.span());
            case Ast.PackExpansionType p -> new Ast.PackExpansionType(rewrite(p.pattern(), r), p.span());
            default -> t;
        };
    }

    /** {@code Args::type} names the pack in its first component. */
    private static String renameQualified(String name, Renamer r) {
        int k = name.indexOf("::");
        if (k <= 0) {
            return r.rename(name);
        }
        String head = r.rename(name.substring(0, k));
        return head + name.substring(k);
    }

    private static List<Ast.TemplateArg> args(List<Ast.TemplateArg> args, Renamer r) {
        if (args.isEmpty()) {
            return args;
        }
        List<Ast.TemplateArg> out = new ArrayList<>();
        for (Ast.TemplateArg a : args) {
            out.add(new Ast.TemplateArg(rewrite(a.type(), r), rewrite(a.value(), r)));
        }
        return out;
    }

    private static List<Ast.Expr> exprs(List<Ast.Expr> es, Renamer r) {
        List<Ast.Expr> out = new ArrayList<>();
        for (Ast.Expr e : es) {
            out.add(rewrite(e, r));
        }
        return out;
    }
}
