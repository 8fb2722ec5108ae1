package webcu.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;

/**
 * The expression half of {@link Sema}: one method per kind of C++ expression, each returning a
 * typed expression with every conversion explicit. Errors are reported and analysis goes on with
 * a harmless substitute of the expected type, so that one mistake gives one message.
 */
final class ExprSema {
    private final Sema sema;
    private final Diagnostics diags;

    private ExprSema(Sema sema) {
        this.sema = sema;
        this.diags = sema.diags();
    }

    static Typed.Expr analyze(Sema sema, Ast.Expr e) {
        return new ExprSema(sema).expr(e);
    }

    /**
     * A class object used as a condition (if (std::cin >> x), while (getline(in, s))): its
     * operator bool, called on the object itself; null when {@code e} is not of class type.
     */
    static Typed.Expr classToBool(Sema sema, Typed.Expr e, Span span) {
        if (!(e.type() instanceof CType.Record)) {
            return null;
        }
        Typed.Expr obj = e instanceof Typed.Load l ? l.operand() : e;
        Typed.Expr call = new ExprSema(sema).operatorCall("operator bool", obj, List.of(), span);
        if (call == null) {
            // if (h) through operator int *() or operator int(): that value tested against zero
            for (Sema.FunctionSym f : ((CType.Record) e.type()).methods) {
                Typed.Expr got = conversion(f, false) && f.result != null && CType.isScalar(f.result)
                        ? new ExprSema(sema).operatorCall(f.name, obj, List.of(), span) : null;
                if (got != null) {
                    Typed.Expr v = sema.rvalue(got);
                    return v.type() instanceof CType.Int i && i.isBool() ? v : new Typed.Convert(v, CType.BOOL, span);
                }
            }
        }
        if (call == null) {
            sema.diags().error(span, DiagKey.ERR_INCOMPATIBLE, "bool", e.type());
            return new Typed.IntConst(CType.BOOL, 0, span);
        }
        return call;
    }

    private Typed.Expr expr(Ast.Expr e) {
        e = sema.expandIn(e);
        return switch (e) {
            case Ast.IntLit i -> intLiteral(i);
            case Ast.FloatLit f -> floatLiteral(f);
            case Ast.CharLit c -> new Typed.IntConst(c.text().startsWith("'") ? CType.CHAR : CType.INT, Literals.charValue(c.text()), c.span());
            case Ast.StringLit s -> new Typed.StringConst(new CType.Arr(CType.CHAR, s.bytes().length + 1), s.bytes(), s.span());
            case Ast.BoolLit b -> new Typed.IntConst(CType.BOOL, b.value() ? 1 : 0, b.span());
            case Ast.NullptrLit n -> new Typed.NullConst(CType.NULLPTR, n.span());
            case Ast.Name n -> name(n);
            case Ast.ScopedName sn -> scopedName(sn, null);
            case Ast.Unary u -> unary(u);
            case Ast.Postfix p -> postfix(p);
            case Ast.Binary b -> binaryOrOperator(b);
            case Ast.Assign a -> assign(a);
            case Ast.Conditional c -> conditional(c);
            case Ast.Comma c -> new Typed.Comma(expr(c.left()), expr(c.right()), c.span());
            case Ast.Call c -> call(c);
            case Ast.KernelCall k -> launch(k);
            case Ast.Index i -> index(i);
            case Ast.Member m -> member(m);
            case Ast.Cast c -> cast(c);
            case Ast.SizeofType s -> sizeof(sema.resolveType(s.type(), sema.scope()), s.span());
            case Ast.SizeofExpr s -> sizeofExpr(s);
            case Ast.AlignofType a -> new Typed.IntConst(CType.ULONG, CType.alignOf(sema.resolveType(a.type(), sema.scope())), a.span());
            case Ast.InitList il -> initList(il);
            case Ast.Construct c -> construct(c);
            case Ast.This t -> outerSelf(t.span());
            case Ast.New n -> newExpr(n);
            case Ast.Throw t -> throwExpr(t);
            case Ast.Delete d -> deleteExpr(d);
            case Ast.Lambda l -> sema.lambda(l);
            case Ast.SizeofPack s -> sizeofPack(s);
            case Ast.Fold f -> fold(f);
            case Ast.PackExpansion pe -> {
                diags.error(pe.span(), DiagKey.ERR_NOT_SUPPORTED, "a pack expansion here");
                yield bad(pe.span());
            }
        };
    }

    private Typed.Expr sizeofPack(Ast.SizeofPack s) {
        Object o = sema.scope().lookup(s.name());
        int n = o instanceof Packs.Pack p ? p.elements().size() : o instanceof Packs.VarPack v ? v.vars().size() : -1;
        if (n < 0) {
            diags.error(s.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, s.name());
            return bad(s.span());
        }
        return new Typed.IntConst(CType.ULONG, n, s.span());
    }

    /**
     * A fold expression, as the chain of binary operators it stands for: a right fold nests to
     * the right ({@code E1 op (E2 op (E3 op I))}), a left fold to the left. An empty pack gives
     * true for &&, false for || and void() for the comma, as C++ specifies.
     */
    private Typed.Expr fold(Ast.Fold f) {
        Ast.Expr pack = f.pack();
        Ast.Expr init = f.init();
        boolean left = f.left();
        if (init != null && !mentionsPack(pack) && mentionsPack(init)) {
            // (init op ... op pack)
            Ast.Expr t = pack;
            pack = init;
            init = t;
            left = true;
        }
        Map<String, Integer> packs = sema.packsIn(pack, sema.scope(), f.span());
        if (packs == null) {
            return bad(f.span());
        }
        int n = packs.values().iterator().next();
        List<Ast.Expr> terms = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            terms.add(Packs.element(pack, packs, k));
        }
        if (init != null) {
            if (left) {
                terms.add(0, init);
            } else {
                terms.add(init);
            }
        }
        if (terms.isEmpty()) {
            return switch (f.op()) {
                case "&&" -> new Typed.IntConst(CType.BOOL, 1, f.span());
                case "||" -> new Typed.IntConst(CType.BOOL, 0, f.span());
                case "," -> expr(new Ast.Cast("c", new Ast.BuiltinType("void", f.span()), new Ast.IntLit("0", f.span()), f.span()));
                default -> {
                    diags.error(f.span(), DiagKey.ERR_NOT_SUPPORTED, "a unary fold over '" + f.op() + "' with an empty pack");
                    yield bad(f.span());
                }
            };
        }
        Ast.Expr chain;
        if (left) {
            chain = terms.get(0);
            for (int k = 1; k < terms.size(); k++) {
                chain = combine(f.op(), chain, terms.get(k), f.span());
            }
        } else {
            chain = terms.get(terms.size() - 1);
            for (int k = terms.size() - 2; k >= 0; k--) {
                chain = combine(f.op(), terms.get(k), chain, f.span());
            }
        }
        return expr(chain);
    }

    private static Ast.Expr combine(String op, Ast.Expr l, Ast.Expr r, Span span) {
        if (op.equals(",")) {
            return new Ast.Comma(l, r, span);
        }
        if (op.equals("=")) {
            return new Ast.Assign("", l, r, span);
        }
        if (op.endsWith("=") && !op.equals("==") && !op.equals("!=") && !op.equals("<=") && !op.equals(">=")) {
            return new Ast.Assign(op.substring(0, op.length() - 1), l, r, span);
        }
        return new Ast.Binary(op, l, r, span);
    }

    private boolean mentionsPack(Ast.Expr e) {
        java.util.Set<String> names = new java.util.HashSet<>();
        Packs.names(e, names);
        for (String n : names) {
            Object o = sema.scope().lookup(n);
            if (o instanceof Packs.Pack || o instanceof Packs.VarPack) {
                return true;
            }
        }
        return false;
    }

    private Typed.Expr binaryOrOperator(Ast.Binary b) {
        Typed.Expr l = expr(b.left());
        Typed.Expr r = expr(b.right());
        if (isClass(l.type()) || isClass(r.type())) {
            Typed.Expr call = operatorCall("operator" + b.op(), l, List.of(r), b.span());
            if (call != null) {
                return call;
            }
            if (b.op().equals("&&") || b.op().equals("||")) {
                return binary(b.op(), sema.rvalue(l), sema.rvalue(r), b.span()); // through operator bool
            }
            Typed.Expr lv = builtinOperand(l, r, b.span());
            Typed.Expr rv = builtinOperand(r, l, b.span());
            if (lv != null && rv != null) {
                return binary(b.op(), lv, rv, b.span()); // w + 0.5 through operator double()
            }
            diags.error(b.span(), DiagKey.ERR_INVALID_OPERANDS, l.type(), r.type());
            return bad(b.span());
        }
        return binary(b.op(), sema.rvalue(l), sema.rvalue(r), b.span());
    }

    /**
     * An operand of a built-in binary operator: a class object through its implicit conversion
     * function to a scalar (an arithmetic one when the other operand is not a pointer); null if
     * it has none.
     */
    private Typed.Expr builtinOperand(Typed.Expr e, Typed.Expr other, Span span) {
        if (!(e.type() instanceof CType.Record rec)) {
            return sema.rvalue(e);
        }
        Sema.FunctionSym pick = null;
        for (Sema.FunctionSym f : rec.methods) {
            if (conversion(f, false) && f.result != null && CType.isScalar(f.result)
                    && (pick == null || CType.isArithmetic(f.result) && !(other.type() instanceof CType.Ptr) && !CType.isArithmetic(pick.result))) {
                pick = f;
            }
        }
        if (pick == null) {
            return null;
        }
        Typed.Expr call = operatorCall(pick.name, e instanceof Typed.Load l ? l.operand() : e, List.of(), span);
        return call == null ? null : sema.rvalue(call);
    }

    private static boolean isClass(CType t) {
        return t instanceof CType.Record;
    }

    /**
     * Calls an overloaded operator: a member of the left operand's class (left becomes this), else
     * a free function taking every operand; null when there is none to call.
     */
    /**
     * A class's conversion function to an arithmetic type ({@code operator float()}) applied to
     * {@code e}, the one whose result is {@code to} if there is one; null when the class has none.
     */
    static Typed.Expr userConversion(Sema sema, Typed.Expr e, CType to, Span span) {
        return userConversion(sema, e, to, span, false);
    }

    /** Through a conversion function; an {@code explicit} one only for a cast ({@code allowExplicit}). */
    static Typed.Expr userConversion(Sema sema, Typed.Expr e, CType to, Span span, boolean allowExplicit) {
        Sema.FunctionSym f = conversionFunction(e.type(), to, allowExplicit);
        return f == null ? null : new ExprSema(sema).operatorCall(f.name, e, List.of(), span);
    }

    /**
     * The non-member operator functions named {@code name} in the nearest enclosing scope that has
     * any: lookup for an operator skips member functions, so operator!= of the class whose member
     * is being analysed does not hide std's operator!= templates.
     */
    private List<Sema.FunctionSym> nonMemberOperators(String name) {
        List<Sema.FunctionSym> found = new ArrayList<>();
        for (Sema.Scope s = sema.scope(); s != null && found.isEmpty(); s = s.parent) {
            if (s.names.get(name) instanceof List<?> set) {
                for (Object x : set) {
                    if (x instanceof Sema.FunctionSym f && f.owner == null) {
                        found.add(f);
                    }
                }
            }
        }
        return found;
    }

    /** A class's conversion function to a pointer type when it has exactly one, else null. */
    private static Sema.FunctionSym pointerConversion(CType.Record rec) {
        Sema.FunctionSym found = null;
        for (Sema.FunctionSym f : rec.methods) {
            if (conversion(f, false) && f.result instanceof CType.Ptr) {
                if (found != null) {
                    return null;
                }
                found = f;
            }
        }
        return found;
    }

    static Sema.FunctionSym conversionFunction(CType from, CType to) {
        return conversionFunction(from, to, false);
    }

    /** Whether member {@code f} is a conversion function that this conversion may use. */
    private static boolean conversion(Sema.FunctionSym f, boolean allowExplicit) {
        return f.name.startsWith("operator ") && !f.isTemplate && f.params.size() == 1
                && (allowExplicit || f.decl == null || !f.decl.specs().isExplicit());
    }

    static Sema.FunctionSym conversionFunction(CType from, CType to, boolean allowExplicit) {
        if (!(from instanceof CType.Record rec)) {
            return null;
        }
        if (to instanceof CType.Ptr pt) {
            // operator T *(): a pointer result converts on as pointers do (to const T *, void *, a base)
            for (Sema.FunctionSym f : rec.methods) {
                if (conversion(f, allowExplicit) && f.result instanceof CType.Ptr pf
                        && (!pf.constPointee() || pt.constPointee())
                        && (Sema.sameTypeOf(pf.pointee(), pt.pointee()) || pt.pointee() instanceof CType.Void
                            || pf.pointee() instanceof CType.Record a && pt.pointee() instanceof CType.Record b && Sema.derivesFrom(a, b))) {
                    return f;
                }
            }
            return null;
        }
        if (!CType.isArithmetic(to)) {
            return null;
        }
        Sema.FunctionSym best = null;
        for (Sema.FunctionSym f : rec.methods) {
            if (conversion(f, allowExplicit) && f.result != null && CType.isArithmetic(f.result)) {
                if (f.result.equals(to)) {
                    return f;
                }
                if (best == null) {
                    best = f;
                }
            }
        }
        return best;
    }

    private Typed.Expr operatorCall(String name, Typed.Expr left, List<Typed.Expr> rest, Span span) {
        if (left.type() instanceof CType.Record rec) {
            List<Sema.FunctionSym> members = new ArrayList<>();
            for (Sema.FunctionSym f : rec.methods) {
                boolean fits = f.isTemplate ? Sema.arityFits(f.decl, rest.size()) : arityFits(f, rest.size());
                if (f.name.equals(name) && fits) {
                    members.add(f);
                }
            }
            if (!members.isEmpty()) {
                Sema.FunctionSym f = sema.resolveOverload(name, members, rest, span, true, List.of(), left);
                if (f == null) {
                    return bad(span);
                }
                checkSpace(f, span);
                List<Typed.Expr> args = sema.callArgs(f, rest, span, 1);
                args.add(0, sema.thisArg(f, sema.addressOf(left, span), span));
                return result(f, args, span);
            }
        }
        Object o = lookup(name);
        if (o instanceof List<?> set) {
            List<Sema.FunctionSym> cands = new ArrayList<>();
            for (Object x : set) {
                Sema.FunctionSym f = (Sema.FunctionSym) x;
                if (f.owner == null) { // members of the enclosing class are not candidates for a free operator
                    cands.add(f);
                }
            }
            if (cands.isEmpty()) {
                cands = nonMemberOperators(name);
            }
            if (cands.isEmpty()) {
                return null;
            }
            List<Typed.Expr> all = new ArrayList<>();
            all.add(left);
            all.addAll(rest);
            Sema.FunctionSym f = sema.resolveOverload(name, cands, all, span, false);
            if (f == null) {
                return bad(span);
            }
            checkSpace(f, span);
            return result(f, sema.callArgs(f, all, span, 0), span);
        }
        return null;
    }

    private Typed.Expr unsupported(String what, Span span) {
        diags.error(span, DiagKey.ERR_NOT_SUPPORTED, what);
        return new Typed.IntConst(CType.INT, 0, span);
    }

    private Typed.Expr bad(Span span) {
        return new Typed.IntConst(CType.INT, 0, span);
    }

    // ------------------------------------------------------------ literals

    private Typed.Expr intLiteral(Ast.IntLit i) {
        String t = i.text().toLowerCase();
        Long v = Literals.parseIntegerValue(t);
        if (v == null) {
            diags.error(i.span(), DiagKey.ERR_EXPECTED, "a valid integer constant");
            return bad(i.span());
        }
        boolean u = t.contains("u");
        int longs = t.endsWith("ll") || t.endsWith("llu") || t.endsWith("ull") ? 2 : t.replace("u", "").endsWith("l") ? 1 : 0;
        boolean decimal = !(t.startsWith("0x") || t.startsWith("0b") || t.length() > 1 && t.startsWith("0"));
        long x = v;
        CType type;
        if (longs == 0 && !u && x >= 0 && x <= Integer.MAX_VALUE) {
            type = CType.INT;
        } else if (longs == 0 && (u || !decimal) && x >= 0 && x <= 0xFFFFFFFFL) {
            type = CType.UINT;
        } else if (longs <= 1 && !u && x >= 0) {
            type = CType.LONG;
        } else if (longs <= 1) {
            type = CType.ULONG;
        } else {
            type = u || x < 0 ? CType.ULLONG : CType.LLONG;
        }
        return new Typed.IntConst(type, v, i.span());
    }

    private Typed.Expr floatLiteral(Ast.FloatLit f) {
        String t = f.text();
        boolean isFloat = t.endsWith("f") || t.endsWith("F");
        String body = t.replaceAll("[fFlL]$", "");
        double v;
        try {
            v = Double.parseDouble(body.startsWith("0x") || body.startsWith("0X") ? body + (body.toLowerCase().contains("p") ? "" : "p0") : body);
        } catch (NumberFormatException ex) {
            diags.error(f.span(), DiagKey.ERR_EXPECTED, "a valid floating constant");
            v = 0;
        }
        if (isFloat) {
            return new Typed.FloatConst(CType.FLOAT, parseFloat(body, v), f.span());
        }
        return new Typed.FloatConst(CType.DOUBLE, v, f.span());
    }

    /** A float literal is rounded once from its decimal text, not twice through double. */
    private static double parseFloat(String body, double viaDouble) {
        try {
            return Float.parseFloat(body.startsWith("0x") || body.startsWith("0X") ? body + (body.toLowerCase().contains("p") ? "" : "p0") : body);
        } catch (NumberFormatException ex) {
            return (float) viaDouble;
        }
    }

    // ------------------------------------------------------------ names

    /** X<args>::m: a member of a class template's instance, or null when n is not that form. */
    private Object templateClassMember(Ast.Name n) {
        if (n.templateArgs().isEmpty() || !n.name().contains("::")) {
            return null;
        }
        return sema.classMember(n.name(), n.templateArgs(), sema.scope(), n.span());
    }

    private Typed.Expr name(Ast.Name n) {
        Object member = templateClassMember(n);
        if (member instanceof Typed.Var v) {
            return new Typed.VarRef(v, n.span());
        }
        Object field = member != null ? null : ownerField(n.name());
        Object o = member != null ? member : field instanceof CType.Field qf ? qf : lookup(n.name());
        if (member == null && field == null) {
            StdNames.check(sema, sema.scope(), n.name(), o, n.span(), null, StdNames.Use.IDENTIFIER);
        }
        if (o instanceof Packs.VarPack || o instanceof Packs.Pack) {
            diags.error(n.span(), DiagKey.ERR_PACK_NOT_EXPANDED, n.name());
            return bad(n.span());
        }
        if (o instanceof Typed.Var v) {
            // a reference variable denotes its referee: VarRef's place is the referred object
            return new Typed.VarRef(v, n.span());
        }
        if (o instanceof CType.Field f) {
            Typed.Expr self = memberObject(f, n.span());
            Typed.Expr m = new Typed.Member(self, f, n.span());
            if (self.type() instanceof CType.Record rec && rec.referenceCaptures.contains(f.name()) && f.type() instanceof CType.Ptr p) {
                return new Typed.Deref(Sema.load(m), p.pointee(), n.span());
            }
            return m;
        }
        if (o instanceof Sema.EnumConst c) {
            return new Typed.IntConst(c.type(), c.value(), n.span());
        }
        if (o instanceof Long v) {
            return new Typed.IntConst(CType.INT, v, n.span());
        }
        if (o == null) {
            switch (n.name()) {
                case "warpSize" -> {
                    return new Typed.IntConst(CType.INT, 32, n.span());
                }
                case "__func__", "__FUNCTION__", "__PRETTY_FUNCTION__" -> {
                    Sema.FunctionSym f = sema.currentFunction();
                    byte[] b = (f == null ? "" : f.name).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    return new Typed.StringConst(new CType.Arr(CType.CHAR, b.length + 1), b, n.span());
                }
                default -> { }
            }
            if (builtin(n.name()) != null) {
                diags.error(n.span(), DiagKey.ERR_NOT_SUPPORTED, "'" + n.name() + "' used without a component (.x, .y, .z)");
                return bad(n.span());
            }
            diags.error(n.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, n.name());
            return bad(n.span());
        }
        if (o instanceof List<?> set) {
            List<Sema.FunctionSym> plain = new ArrayList<>();
            for (Object x : set) {
                Sema.FunctionSym f = (Sema.FunctionSym) x;
                if (!f.isTemplate && f.thisVar == null) {
                    plain.add(f);
                }
            }
            if (plain.size() != 1) {
                diags.error(n.span(), DiagKey.ERR_NOT_SUPPORTED, "taking the address of overloaded or template function '" + n.name() + "'");
                return bad(n.span());
            }
            sema.takeAddress(plain.get(0));
            return new Typed.FunctionRef(plain.get(0), new CType.Ptr(Sema.signatureOf(plain.get(0)), false), n.span());
        }
        diags.error(n.span(), DiagKey.ERR_EXPECTED_EXPRESSION);
        return bad(n.span());
    }

    /**
     * A member named through a class ({@code Traits<int>::size}, {@code T::create(…)}): a static
     * variable, an enumerator, static methods (called when {@code call} is set) or a nested type
     * (constructed when called).
     */
    private Typed.Expr scopedName(Ast.ScopedName sn, Ast.Call call) {
        Object m = sema.memberOfInstance(sn.type(), sema.scope());
        if (m instanceof CType) {
            if (call != null) {
                return construct(new Ast.Construct(sn.type(), call.args(), call.span()));
            }
            diags.error(sn.span(), DiagKey.ERR_EXPECTED, "'(' for function-style cast or type construction");
            return bad(sn.span());
        }
        if (m instanceof List<?> set && call != null) {
            @SuppressWarnings("unchecked")
            List<Sema.FunctionSym> candidates = (List<Sema.FunctionSym>) set;
            List<Typed.Expr> args = args(call.args());
            Sema.FunctionSym f = sema.resolveOverload(sn.type().name(), candidates, args, call.span(), false);
            if (f == null) {
                return bad(call.span());
            }
            checkSpace(f, call.span());
            return result(f, sema.callArgs(f, args, call.span(), 0), call.span());
        }
        Typed.Expr e;
        if (m instanceof Typed.Var v) {
            e = new Typed.VarRef(v, sn.span());
        } else if (m instanceof Sema.EnumConst c) {
            e = new Typed.IntConst(c.type(), c.value(), sn.span());
        } else if (m instanceof Long v) {
            e = new Typed.IntConst(CType.INT, v, sn.span());
        } else {
            String n = sn.type().name();
            diags.error(sn.span(), DiagKey.ERR_NO_MEMBER, n.substring(n.lastIndexOf("::") + 2), n.substring(0, n.lastIndexOf("::")));
            return bad(sn.span());
        }
        if (call == null) {
            return e;
        }
        if (isClass(e.type())) {
            Typed.Expr r = operatorCall("operator()", e, args(call.args()), call.span());
            if (r != null) {
                return r;
            }
        }
        return indirectCall(sema.rvalue(e), call);
    }

    private Object lookup(String name) {
        if (name.startsWith("::operator")) {
            List<Sema.FunctionSym> global = nonMemberOperators(name.substring(2));
            return global.isEmpty() ? null : global;
        }
        Object o = sema.scope().lookup(name);
        if (o == null && name.contains("::")) {
            Object m = sema.memberOfInstance(new Ast.NamedType(name, List.of(), null), sema.scope());
            if (m != null) {
                return m;
            }
            o = Sema.memberOfQualifier(sema.scope(), name);
            if (o == null) {
                // T::m with T a class (a bound template parameter, a typedef): its static member
                o = sema.classMember(name, List.of(), sema.scope(), null);
            }
        }
        if (o == null && name.contains("::")) {
            o = sema.scope().lookup(name.substring(name.lastIndexOf("::") + 2));
        }
        return o;
    }

    private static Builtin builtin(String name) {
        return switch (name) {
            case "threadIdx" -> Builtin.THREAD_IDX;
            case "blockIdx" -> Builtin.BLOCK_IDX;
            case "blockDim" -> Builtin.BLOCK_DIM;
            case "gridDim" -> Builtin.GRID_DIM;
            default -> null;
        };
    }

    private Typed.Expr self(Span span) {
        Sema.FunctionSym f = sema.currentFunction();
        if (f == null || f.thisVar == null) {
            diags.error(span, DiagKey.ERR_UNDECLARED_IDENTIFIER, "this");
            return bad(span);
        }
        return Sema.load(new Typed.VarRef(f.thisVar, span));
    }

    /**
     * What {@code this} means here: in a lambda that captures it, the enclosing object's address
     * (kept in the closure), else the current member function's this.
     */
    private Typed.Expr outerSelf(Span span) {
        CType.Field captured = Sema.capturedThis(sema.currentFunction());
        if (captured == null) {
            return self(span);
        }
        return Sema.load(new Typed.Member(selfObject(span), captured, span));
    }

    /** {@code *this}, as {@link #outerSelf} means this. */
    private Typed.Expr thisObject(Span span) {
        Typed.Expr t = outerSelf(span);
        return t.type() instanceof CType.Ptr p ? new Typed.Deref(t, p.pointee(), span) : t;
    }

    /** The object a member of the current class, or in a lambda of the enclosing class, belongs to. */
    private Typed.Expr memberObject(CType.Field f, Span span) {
        Sema.FunctionSym fn = sema.currentFunction();
        if (Sema.capturedThis(fn) != null && !fn.owner.fields.contains(f)) {
            return thisObject(span);
        }
        return selfObject(span);
    }

    private Typed.Expr selfObject(Span span) {
        Typed.Expr t = self(span);
        if (!(t.type() instanceof CType.Ptr p)) {
            return t;
        }
        return new Typed.Deref(t, p.pointee(), span);
    }

    // ------------------------------------------------------------ operators

    private Typed.Expr unary(Ast.Unary u) {
        switch (u.op()) {
            case "++pre", "--pre" -> {
                Typed.Expr t = expr(u.operand());
                if (isClass(t.type())) {
                    return classOperator("operator" + u.op().substring(0, 2), t, List.of(), u.span());
                }
                return incDec(t, u.op().startsWith("++") ? 1 : -1, true, u.span());
            }
            case "&" -> {
                Typed.Expr e = expr(u.operand());
                if (!e.lvalue()) {
                    diags.error(u.span(), DiagKey.ERR_INVALID_UNARY, e.type());
                    return bad(u.span());
                }
                Sema.markAddressTaken(e);
                boolean isConst = e instanceof Typed.VarRef v && v.var().isConst;
                return new Typed.AddressOf(e, new CType.Ptr(e.type(), isConst), u.span());
            }
            case "*" -> {
                Typed.Expr operand = expr(u.operand());
                if (isClass(operand.type())) {
                    return classOperator("operator*", operand, List.of(), u.span());
                }
                Typed.Expr e = sema.rvalue(operand);
                if (!(e.type() instanceof CType.Ptr p) || p.pointee() instanceof CType.Void) {
                    diags.error(u.span(), DiagKey.ERR_DEREF, e.type());
                    return bad(u.span());
                }
                return new Typed.Deref(e, p.pointee(), u.span());
            }
            default -> { }
        }
        Typed.Expr operand = expr(u.operand());
        if (isClass(operand.type())) {
            // the built-in +(T *) through a class's one conversion to a pointer, +[](int x) {...},
            // unless the class has an operator+ of its own (std's binary ones do not apply)
            if (u.op().equals("+") && pointerConversion((CType.Record) operand.type()) instanceof Sema.FunctionSym f
                    && ((CType.Record) operand.type()).methods.stream().noneMatch(m -> m.name.equals("operator+"))) {
                return sema.rvalue(operatorCall(f.name, operand, List.of(), u.span()));
            }
            Typed.Expr call = operatorCall("operator" + u.op(), operand, List.of(), u.span());
            if (call != null) {
                return call;
            }
        }
        Typed.Expr e = sema.rvalue(operand);
        switch (u.op()) {
            case "!" -> {
                return new Typed.Unary("!", toBool(e, u.span()), CType.BOOL, u.span());
            }
            case "+", "-" -> {
                if (!CType.isArithmetic(e.type())) {
                    diags.error(u.span(), DiagKey.ERR_INVALID_UNARY, e.type());
                    return bad(u.span());
                }
                Typed.Expr p = sema.promote(e);
                return u.op().equals("+") ? p : new Typed.Unary("-", p, p.type(), u.span());
            }
            default -> { // ~
                if (!CType.isInteger(e.type())) {
                    diags.error(u.span(), DiagKey.ERR_INVALID_UNARY, e.type());
                    return bad(u.span());
                }
                Typed.Expr p = sema.promote(e);
                return new Typed.Unary("~", p, p.type(), u.span());
            }
        }
    }

    private Typed.Expr toBool(Typed.Expr e, Span span) {
        if (e.type() instanceof CType.Int i && i.isBool()) {
            return e;
        }
        Typed.Expr viaOperator = classToBool(sema, e, span);
        if (viaOperator != null) {
            return viaOperator;
        }
        if (!CType.isScalar(e.type())) {
            diags.error(span, DiagKey.ERR_INVALID_UNARY, e.type());
            return new Typed.IntConst(CType.BOOL, 0, span);
        }
        return new Typed.Convert(e, CType.BOOL, span);
    }

    /** {@code x++} calls {@code operator++(int)} on a class, as C++ spells the postfix form. */
    private Typed.Expr postfix(Ast.Postfix p) {
        Typed.Expr t = expr(p.operand());
        if (isClass(t.type())) {
            return classOperator("operator" + p.op(), t, List.of(new Typed.IntConst(CType.INT, 0, p.span())), p.span());
        }
        return incDec(t, p.op().equals("++") ? 1 : -1, false, p.span());
    }

    /** An operator on a class operand that has no built-in meaning: the overload, or an error. */
    private Typed.Expr classOperator(String name, Typed.Expr operand, List<Typed.Expr> rest, Span span) {
        Typed.Expr call = operatorCall(name, operand, rest, span);
        if (call != null) {
            return call;
        }
        diags.error(span, DiagKey.ERR_INVALID_UNARY, operand.type());
        return bad(span);
    }

    /**
     * The object {@code base->} names: a pointer's pointee, or for a class with {@code operator->}
     * (an iterator, a smart pointer) what that returns, applied until a pointer comes back.
     */
    private Typed.Expr arrowBase(Typed.Expr base, Span span) {
        for (int depth = 0; isClass(base.type()) && depth < 8; depth++) {
            Typed.Expr call = operatorCall("operator->", base, List.of(), span);
            if (call == null) {
                break;
            }
            base = call;
        }
        base = sema.rvalue(base);
        if (!(base.type() instanceof CType.Ptr p)) {
            diags.error(span, DiagKey.ERR_DEREF, base.type());
            return null;
        }
        return new Typed.Deref(base, p.pointee(), span);
    }

    private Typed.Expr incDec(Typed.Expr t, int delta, boolean prefix, Span span) {
        if (!checkModifiable(t, span)) {
            return bad(span);
        }
        if (!CType.isScalar(t.type()) || t.type() instanceof CType.NullPtr) {
            diags.error(span, DiagKey.ERR_INVALID_UNARY, t.type());
            return bad(span);
        }
        return new Typed.IncDec(t, delta, prefix, span);
    }

    /** Whether {@code t} may be assigned; reports clang's message when it may not. */
    private boolean checkModifiable(Typed.Expr t, Span span) {
        if (!t.lvalue() || t.type() instanceof CType.Arr) {
            diags.error(span, DiagKey.ERR_NOT_ASSIGNABLE);
            return false;
        }
        if (t instanceof Typed.VarRef v && v.var().isConst && !(v.var().type instanceof CType.Ref)) {
            diags.error(span, DiagKey.ERR_ASSIGN_CONST, v.var().name, "const " + v.var().type);
            return false;
        }
        if (t instanceof Typed.Deref d && d.pointer().type() instanceof CType.Ptr p && p.constPointee()) {
            diags.error(span, DiagKey.ERR_ASSIGN_READONLY);
            return false;
        }
        if (t instanceof Typed.Member m && m.base() instanceof Typed.Deref d && d.pointer().type() instanceof CType.Ptr p && p.constPointee()) {
            diags.error(span, DiagKey.ERR_ASSIGN_READONLY);
            return false;
        }
        return true;
    }

    Typed.Expr binary(String op, Typed.Expr l, Typed.Expr r, Span span) {
        CType lt = l.type();
        CType rt = r.type();
        switch (op) {
            case "&&", "||" -> {
                return new Typed.Binary(op, toBool(l, span), toBool(r, span), CType.BOOL, span);
            }
            case "+", "-" -> {
                if (lt instanceof CType.Ptr && CType.isInteger(rt)) {
                    return new Typed.PtrArith(op, l, sema.promote(r), lt, span);
                }
                if (op.equals("+") && CType.isInteger(lt) && rt instanceof CType.Ptr) {
                    return new Typed.PtrArith(op, r, sema.promote(l), rt, span);
                }
                if (op.equals("-") && lt instanceof CType.Ptr && rt instanceof CType.Ptr) {
                    return new Typed.PtrDiff(l, r, CType.LONG, span);
                }
            }
            case "==", "!=", "<", ">", "<=", ">=" -> {
                if (lt instanceof CType.Ptr || rt instanceof CType.Ptr || lt instanceof CType.NullPtr || rt instanceof CType.NullPtr) {
                    CType pt = lt instanceof CType.Ptr ? lt : rt instanceof CType.Ptr ? rt : new CType.Ptr(CType.VOID, false);
                    Typed.Expr a = lt instanceof CType.Ptr ? l : sema.convert(l, pt, span, "cmp");
                    Typed.Expr b = rt instanceof CType.Ptr ? r : sema.convert(r, pt, span, "cmp");
                    if (!a.type().equals(b.type())) {
                        CType vp = new CType.Ptr(CType.VOID, false);
                        a = new Typed.Convert(a, vp, span);
                        b = new Typed.Convert(b, vp, span);
                    }
                    return new Typed.Binary(op, a, b, CType.BOOL, span);
                }
            }
            default -> { }
        }
        if (!CType.isArithmetic(lt) || !CType.isArithmetic(rt)) {
            diags.error(span, DiagKey.ERR_INVALID_OPERANDS, lt, rt);
            return bad(span);
        }
        Typed.Expr a = sema.promote(l);
        Typed.Expr b = sema.promote(r);
        if (op.equals("<<") || op.equals(">>")) {
            if (!CType.isInteger(lt) || !CType.isInteger(rt)) {
                diags.error(span, DiagKey.ERR_INVALID_OPERANDS, lt, rt);
                return bad(span);
            }
            return new Typed.Binary(op, a, b, a.type(), span);
        }
        if ((op.equals("%") || op.equals("&") || op.equals("|") || op.equals("^")) && (!CType.isInteger(lt) || !CType.isInteger(rt))) {
            diags.error(span, DiagKey.ERR_INVALID_OPERANDS, lt, rt);
            return bad(span);
        }
        CType common = Sema.usual(a.type(), b.type());
        a = conv(a, common);
        b = conv(b, common);
        boolean cmp = op.equals("==") || op.equals("!=") || op.equals("<") || op.equals(">") || op.equals("<=") || op.equals(">=");
        return new Typed.Binary(op, a, b, cmp ? CType.BOOL : common, span);
    }

    private static Typed.Expr conv(Typed.Expr e, CType t) {
        return e.type().equals(t) ? e : new Typed.Convert(e, t, e.span());
    }

    private boolean assignsInitializerList(CType.Record rec) {
        for (Sema.FunctionSym m : rec.methods) {
            if (m.name.equals("operator=") && m.params.size() == 2 && sema.initializerListElement(m.params.get(1).type) != null) {
                return true;
            }
        }
        return false;
    }

    private Typed.Expr assign(Ast.Assign a) {
        Typed.Expr target = expr(a.target());
        if (isClass(target.type())) {
            Typed.Expr v;
            if (a.value() instanceof Ast.InitList il && il.type() != null) {
                v = expr(il); // a[i] = Vec4{…}: a Vec4
            } else if (a.value() instanceof Ast.InitList il && target.type() instanceof CType.Record rec && !rec.constructors.isEmpty()) {
                // v = {1, 2}: operator=(std::initializer_list<T>) when the class has one, else a V{1, 2} to assign
                v = assignsInitializerList(rec) ? expr(new Ast.InitList(null, il.items(), il.span()))
                        : sema.listConstruct(sema.temp(rec, il.span()), rec, new Ast.InitList(null, il.items(), il.span()));
            } else if (a.value() instanceof Ast.InitList il && a.op().isEmpty() && target.type() instanceof CType.Record rec) {
                v = sema.listTemporary(il, rec); // p = {1, 2} for an aggregate: a temporary P{1, 2}
            } else {
                v = a.value() instanceof Ast.InitList il ? expr(new Ast.InitList(null, il.items(), il.span())) : expr(a.value());
            }
            Typed.Expr call = operatorCall("operator" + a.op() + "=", target, List.of(v), a.span());
            if (call != null) {
                return call;
            }
            if (!a.op().isEmpty()) {
                diags.error(a.span(), DiagKey.ERR_INVALID_OPERANDS, target.type(), v.type());
                return bad(a.span());
            }
            if (!checkModifiable(target, a.span())) {
                return bad(a.span());
            }
            Typed.Expr rv = sema.rvalue(v);
            if (rv.type() != target.type()) {
                rv = sema.convert(rv, target.type(), a.value().span(), "assign");
            } else if (target.type() instanceof CType.Record rec && rv instanceof Typed.Load l
                    && sema.memberwiseAssign(target, l.operand(), rec, a.span()) instanceof Typed.Expr copy) {
                return copy; // a struct with a std::string member
            }
            return new Typed.Assign(target, rv, a.span());
        }
        if (!checkModifiable(target, a.span())) {
            expr(a.value());
            return bad(a.span());
        }
        if (a.op().isEmpty()) {
            Typed.Expr v;
            if (a.value() instanceof Ast.InitList il) {
                v = sema.rvalue(expr(new Ast.InitList(null, il.items(), il.span())));
            } else {
                v = sema.rvalue(expr(a.value()));
            }
            if (target.type() instanceof CType.Record rec) {
                if (v.type() != rec) {
                    diags.error(a.span(), DiagKey.ERR_INCOMPATIBLE_ASSIGN, target.type(), v.type());
                    return bad(a.span());
                }
                if (v instanceof Typed.Load l && sema.memberwiseAssign(target, l.operand(), rec, a.span()) instanceof Typed.Expr copy) {
                    return copy;
                }
                return new Typed.Assign(target, v, a.span());
            }
            return new Typed.Assign(target, sema.convert(v, target.type(), a.value().span(), "assign"), a.span());
        }
        Typed.Expr v = sema.rvalue(expr(a.value()));
        CType tt = target.type();
        if (tt instanceof CType.Ptr && (a.op().equals("+") || a.op().equals("-")) && CType.isInteger(v.type())) {
            return new Typed.CompoundAssign(a.op(), target, sema.promote(v), tt, a.span());
        }
        // the operation is computed as for 'target op value'
        Typed.Expr probe = binary(a.op(), Sema.load(target), v, a.span());
        if (!CType.isArithmetic(probe.type())) {
            return bad(a.span());
        }
        CType opType = probe instanceof Typed.Binary b ? b.left().type() : probe.type();
        Typed.Expr value = probe instanceof Typed.Binary b ? b.right() : v;
        return new Typed.CompoundAssign(a.op(), target, value, opType, a.span());
    }

    private Typed.Expr conditional(Ast.Conditional c) {
        Typed.Expr cond = toBool(sema.rvalue(expr(c.cond())), c.span());
        Typed.Expr a = expr(c.ifTrue());
        Typed.Expr b = expr(c.ifFalse());
        // a throw operand takes the other operand's type: it never yields a value
        if (c.ifTrue() instanceof Ast.Throw != c.ifFalse() instanceof Ast.Throw) {
            boolean first = c.ifTrue() instanceof Ast.Throw;
            Typed.Expr value = sema.rvalue(first ? b : a);
            if (!CType.isScalar(value.type())) {
                diags.error(c.span(), DiagKey.ERR_NOT_SUPPORTED, "a throw expression beside a '" + value.type() + "' in '?:'");
                return bad(c.span());
            }
            Typed.Expr thrown = new Typed.Comma(first ? a : b, Sema.zero(value.type(), c.span()), c.span());
            return new Typed.Conditional(cond, first ? thrown : value, first ? value : thrown, value.type(), c.span());
        }
        if (a.lvalue() && b.lvalue() && a.type().equals(b.type()) && !(a.type() instanceof CType.Arr)) {
            return new Typed.Conditional(cond, a, b, a.type(), c.span());
        }
        if (commonBase(a.type(), b.type()) instanceof CType.Record base) {
            if (a.lvalue() && b.lvalue() && !temporary(a) && !temporary(b)) {
                // c ? base : derived: an lvalue of the base class (the derived object's base subobject)
                return new Typed.Conditional(cond, asBase(a, base, c.span()), asBase(b, base, c.span()), base, c.span());
            }
            a = sema.rvalue(a);
            b = sema.rvalue(b);
            return new Typed.Conditional(cond, sema.convert(a, base, c.ifTrue().span(), "cond"), sema.convert(b, base, c.ifFalse().span(), "cond"), base, c.span());
        }
        a = sema.rvalue(a);
        b = sema.rvalue(b);
        CType at = a.type();
        CType bt = b.type();
        CType t;
        if (CType.isArithmetic(at) && CType.isArithmetic(bt)) {
            t = Sema.usual(sema.promote(a).type(), sema.promote(b).type());
            if (at.equals(bt)) {
                t = at;
            }
        } else if (at instanceof CType.Ptr pa && bt instanceof CType.Ptr pb) {
            t = compositePointer(pa, pb);
        } else if (at instanceof CType.Ptr) {
            t = at;
        } else if (bt instanceof CType.Ptr) {
            t = bt;
        } else if (at.equals(bt)) {
            t = at;
        } else {
            diags.error(c.span(), DiagKey.ERR_INVALID_OPERANDS, at, bt);
            return bad(c.span());
        }
        if (t instanceof CType.Void) {
            return new Typed.Conditional(cond, a, b, t, c.span());
        }
        return new Typed.Conditional(cond, sema.convert(a, t, c.ifTrue().span(), "cond"), sema.convert(b, t, c.ifFalse().span(), "cond"), t, c.span());
    }

    /** For class operands of ?: of which one derives from the other, the base; else null. */
    private static CType.Record commonBase(CType a, CType b) {
        if (a instanceof CType.Record ra && b instanceof CType.Record rb && ra != rb) {
            return Sema.derivesFrom(ra, rb) ? rb : Sema.derivesFrom(rb, ra) ? ra : null;
        }
        return null;
    }

    /** A class prvalue that webcu keeps in a temporary variable: Circle(), Point{1, 2}. */
    private static boolean temporary(Typed.Expr e) {
        return e instanceof Typed.Construct || e instanceof Typed.Aggregate;
    }

    /** An lvalue of a class as an lvalue of its base {@code base}: the base subobject. */
    private Typed.Expr asBase(Typed.Expr e, CType.Record base, Span span) {
        if (e.type() == base) {
            return e;
        }
        Typed.Expr p = sema.upcast(sema.addressOf(e, span), (CType.Record) e.type(), base, span);
        return new Typed.Deref(p, base, span);
    }

    /**
     * The type both pointer operands of ?: convert to (C++ [expr.type]): the pointee const if either
     * is ({@code c ? "yes" : name} is a const char *), void * beside any object pointer, the base
     * beside a derived class.
     */
    private static CType compositePointer(CType.Ptr a, CType.Ptr b) {
        boolean constant = a.constPointee() || b.constPointee();
        if (Sema.sameTypeOf(a.pointee(), b.pointee())) {
            return new CType.Ptr(a.pointee(), constant);
        }
        if (a.pointee() instanceof CType.Void || b.pointee() instanceof CType.Void) {
            return new CType.Ptr(CType.VOID, constant);
        }
        if (a.pointee() instanceof CType.Record ra && b.pointee() instanceof CType.Record rb && Sema.derivesFrom(ra, rb)) {
            return new CType.Ptr(rb, constant);
        }
        return new CType.Ptr(a.pointee(), constant);
    }

    // ------------------------------------------------------------ calls

    private List<Typed.Expr> args(List<Ast.Expr> args) {
        List<Typed.Expr> out = new ArrayList<>();
        for (Ast.Expr a : args) {
            out.add(a instanceof Ast.InitList il ? argumentList(il) : expr(a));
        }
        return out;
    }

    /**
     * A braced-list argument: a std::initializer_list when its items have one type, else a
     * placeholder that only a parameter of class type accepts ({@code v.push_back({1, "a"})}).
     */
    private Typed.Expr argumentList(Ast.InitList il) {
        if (il.type() != null || il.items().size() == 1 && !(il.items().get(0) instanceof Ast.PackExpansion) || il.items().isEmpty()) {
            return initList(il);
        }
        int mark = sema.diags().mark();
        int before = sema.diags().errorCount();
        Typed.Expr list = initList(il);
        if (sema.diags().errorCount() != before) {
            sema.diags().rollback(mark);
            return sema.bracedPlaceholder(il);
        }
        return list;
    }

    /**
     * Element i of a structured binding's hidden object ({@code auto [a, b] = e}, see
     * Parser.declareBindings): a tuple's std::get<i>, an array's or std::array's [i], else the
     * class's i-th data member. The names must match the element count, as C++ requires.
     */
    private Typed.Expr bindingElement(Ast.Call c) {
        Ast.Expr object = c.args().get(0);
        int i = Integer.parseInt(((Ast.IntLit) c.args().get(1)).text());
        int names = Integer.parseInt(((Ast.IntLit) c.args().get(2)).text());
        Span span = c.span();
        Typed.Expr obj = expr(object);
        CType t = obj.type();
        Ast.Expr index = new Ast.IntLit(Integer.toString(i), span);
        int count;
        Ast.Expr element;
        if (t instanceof CType.Arr a) {
            count = (int) a.count();
            element = new Ast.Index(object, index, span);
        } else if (t instanceof CType.Record rec && rec.field("__tail") != null && rec.field("__head") != null) {
            count = 0;
            for (CType r = rec; r instanceof CType.Record tr && tr.field("__tail") != null; r = tr.field("__tail").type()) {
                count++;
            }
            element = new Ast.Call(new Ast.Name("std::get", List.of(new Ast.TemplateArg(null, index)), span), List.of(object), span);
        } else if (t instanceof CType.Record rec && rec.name.startsWith("array<") && rec.field("__elems") instanceof CType.Field arr
                && arr.type() instanceof CType.Arr a) {
            count = (int) a.count();
            element = new Ast.Index(object, index, span);
        } else if (t instanceof CType.Record rec) {
            List<CType.Field> fields = new ArrayList<>();
            for (CType.Field f : rec.fields) {
                if (!f.name().equals(Virtuals.VPTR)) {
                    fields.add(f);
                }
            }
            count = fields.size();
            element = i < count ? new Ast.Member(object, fields.get(i).name(), false, span) : null;
        } else {
            if (i == 0) {
                diags.error(span, DiagKey.ERR_DECOMPOSE_TYPE, t);
            }
            return bad(span);
        }
        if (count != names) {
            if (i == 0) {
                diags.error(span, DiagKey.ERR_DECOMPOSE_COUNT, t, count + (count == 1 ? " element" : " elements"),
                        names + (names == 1 ? " name was" : " names were"));
            }
            return bad(span);
        }
        return expr(element);
    }

    private Typed.Expr call(Ast.Call c) {
        if (c.callee() instanceof Ast.Member m) {
            return methodCall(m, c);
        }
        if (c.callee() instanceof Ast.ScopedName sn) {
            return scopedName(sn, c);
        }
        if (!(c.callee() instanceof Ast.Name n)) {
            return callObject(expr(c.callee()), c);
        }
        if (n.name().equals("__webcu_binding") && c.args().size() == 3) {
            return bindingElement(c);
        }
        if (templateClassMember(n) instanceof List<?> statics) {
            @SuppressWarnings("unchecked")
            List<Sema.FunctionSym> cands = (List<Sema.FunctionSym>) statics;
            List<Typed.Expr> args = args(c.args());
            Sema.FunctionSym f = sema.resolveOverload(n.name(), cands, args, c.span(), false);
            if (f == null) {
                return bad(c.span());
            }
            checkSpace(f, c.span());
            return result(f, sema.callArgs(f, args, c.span(), 0), c.span());
        }
        Sema.FunctionSym caller = sema.currentFunction();
        if (n.name().contains("::") && caller != null && caller.owner != null && caller.thisVar != null) {
            CType.Record q = qualifierClass(n.name().substring(0, n.name().lastIndexOf("::")), caller.owner);
            if (q != null) {
                Typed.Expr call = qualifiedMemberCall(q, n.name().substring(n.name().lastIndexOf("::") + 2), caller, c);
                if (call != null) {
                    return call;
                }
            }
        }
        Object o = lookup(n.name());
        if (o instanceof Typed.Var v && ((v.type instanceof CType.Ref vr ? vr.referee() : v.type) instanceof CType.Ptr p && p.pointee() instanceof CType.Fn)) {
            return indirectCall(sema.rvalue(expr(n)), c); // a function pointer, or a reference to one (F &f)
        }
        if (o instanceof CType.Field fld && fld.type() instanceof CType.Ptr fp && fp.pointee() instanceof CType.Fn) {
            return indirectCall(sema.rvalue(expr(n)), c); // a member holding a function pointer: fn(args)
        }
        if (o instanceof Typed.Var || o instanceof CType.Field) {
            Typed.Expr obj = expr(n);
            if (isClass(obj.type())) {
                Typed.Expr call = operatorCall("operator()", obj, args(c.args()), c.span());
                if (call != null) {
                    return call;
                }
            }
        }
        if (o instanceof CType t) {
            // a functional cast written with a type name the parser did not know, e.g. T(x) in a template
            return construct(new Ast.Construct(new Ast.NamedType(n.name(), List.of(), n.span()), c.args(), c.span()));
        }
        if (o == null && sema.inC()) {
            o = sema.implicitDeclaration(n.name(), n.span());
        }
        if (!(o instanceof List<?> set)) {
            if (o == null) {
                diags.error(n.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, n.name());
                args(c.args());
                return bad(c.span());
            }
            Typed.Expr callee = expr(n);
            diags.error(c.span(), DiagKey.ERR_NOT_CALLABLE, callee.type());
            return bad(c.span());
        }
        @SuppressWarnings("unchecked")
        List<Sema.FunctionSym> candidates = (List<Sema.FunctionSym>) set;
        List<Typed.Expr> args = args(c.args());
        Sema.FunctionSym f;
        if (!n.templateArgs().isEmpty()) {
            f = null;
            for (Sema.FunctionSym t : candidates) {
                if (t.isTemplate && Sema.arityFits(t.decl, args.size())) {
                    f = sema.deduce(t, args, n.templateArgs(), c.span());
                    if (f != null) {
                        break;
                    }
                }
            }
            if (f == null) {
                diags.error(c.span(), DiagKey.ERR_NO_MATCHING_FUNCTION, n.name());
                return bad(c.span());
            }
        } else if (candidates.size() == 1 && !candidates.get(0).isTemplate) {
            f = candidates.get(0);
            int skip = f.thisVar != null ? 1 : 0;
            int have = args.size();
            int max = f.params.size() - skip;
            int min = max;
            while (min > 0 && f.defaults.get(min - 1 + skip) != null) {
                min--;
            }
            if (have < min || have > max && !f.variadic) {
                diags.error(c.span(), DiagKey.ERR_CALL_ARGS, have < min ? "few" : "many", min == max ? String.valueOf(max) : (have < min ? "at least " + min : "at most " + max), have);
                return bad(c.span());
            }
            for (int i = 0; i < args.size() && i < max; i++) {
                if (sema.conversionRank(args.get(i), f.params.get(i + skip).type) < 0) {
                    // let convert report the exact mismatch
                    break;
                }
            }
        } else {
            Sema.FunctionSym within = sema.currentFunction();
            Typed.Expr object = within != null && within.thisVar != null ? thisObject(c.span()) : null;
            f = sema.resolveOverload(n.name(), candidates, args, c.span(), false, List.of(), object);
            if (f == null) {
                return bad(c.span());
            }
        }
        if (f.owner == null || n.name().contains("::")) {
            StdNames.check(sema, sema.scope(), n.name(), f, n.span(), args, StdNames.Use.IDENTIFIER);
        }
        if (f.space == ExecutionSpace.KERNEL) {
            diags.error(c.span(), DiagKey.ERR_KERNEL_CALL);
            return bad(c.span());
        }
        checkSpace(f, c.span());
        Typed.Expr self = null;
        CType.Record cur = null;
        if (f.thisVar != null) {
            self = sema.currentFunction() != null && sema.currentFunction().thisVar != null ? self(c.span()) : null;
            if (self == null) {
                diags.error(c.span(), DiagKey.ERR_NOT_CALLABLE, "member function");
                return bad(c.span());
            }
            cur = sema.currentFunction().owner;
            if (Sema.capturedThis(sema.currentFunction()) != null && f.owner != cur) {
                // a member function of the enclosing class, called from a lambda that captures this
                self = outerSelf(c.span());
                cur = (CType.Record) ((CType.Ptr) self.type()).pointee();
            }
        }
        List<Typed.Expr> converted = sema.callArgs(f, args, c.span(), f.thisVar != null ? 1 : 0);
        if (self != null) {
            if (f.slot != null && !n.name().contains("::") && cur != null) {
                return sema.virtuals.call(f, self, cur, converted, c.span());
            }
            converted.add(0, cur != null ? thisFor(f, self, cur, c.span()) : self);
        }
        return result(f, converted, c.span());
    }

    /** {@code Base::f(args)} inside a member function: Base's f on this object, without virtual dispatch; null if Base has no f. */
    private Typed.Expr qualifiedMemberCall(CType.Record q, String name, Sema.FunctionSym caller, Ast.Call c) {
        List<Sema.FunctionSym> cands = new ArrayList<>();
        for (Sema.FunctionSym f : q.methods) {
            if (f.name.equals(name) && f.thisVar != null) {
                cands.add(f);
            }
        }
        if (cands.isEmpty()) {
            return null;
        }
        List<Typed.Expr> args = args(c.args());
        Sema.FunctionSym f = sema.resolveOverload(name, cands, args, c.span(), true);
        if (f == null) {
            return bad(c.span());
        }
        checkSpace(f, c.span());
        List<Typed.Expr> converted = sema.callArgs(f, args, c.span(), 1);
        converted.add(0, thisFor(f, self(c.span()), caller.owner, c.span()));
        return result(f, converted, c.span());
    }

    /** A call through a function pointer: arguments convert to the pointer's parameter types. */
    private Typed.Expr indirectCall(Typed.Expr callee, Ast.Call c) {
        CType.Fn fn = callee.type() instanceof CType.Ptr p && p.pointee() instanceof CType.Fn f ? f
                : callee.type() instanceof CType.Fn f ? f : null;
        if (fn == null) {
            diags.error(c.span(), DiagKey.ERR_NOT_CALLABLE, callee.type());
            return bad(c.span());
        }
        List<Typed.Expr> args = args(c.args());
        if (args.size() < fn.params().size() || args.size() > fn.params().size() && !fn.variadic()) {
            diags.error(c.span(), DiagKey.ERR_CALL_ARGS, args.size() < fn.params().size() ? "few" : "many", fn.params().size(), args.size());
            return bad(c.span());
        }
        List<Typed.Expr> converted = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (i < fn.params().size() && fn.params().get(i) instanceof CType.Ref r && args.get(i).lvalue()) {
                // a reference parameter takes the address, as a direct call's does (manipulators: ostream &(*)(ostream &))
                Typed.Expr addr = sema.addressOf(args.get(i), args.get(i).span());
                converted.add(addr.type() instanceof CType.Ptr p && !p.pointee().equals(r.referee())
                        ? new Typed.Convert(addr, new CType.Ptr(r.referee(), r.constReferee()), addr.span()) : addr);
                continue;
            }
            Typed.Expr a = sema.rvalue(args.get(i));
            Typed.Expr arg = i < fn.params().size() ? sema.convert(a, fn.params().get(i), a.span(), "arg") : a;
            if (i < fn.params().size() && sema.currentFunction() != null && Sema.byAddress(sema.currentFunction(), fn.params().get(i))) {
                // the host functions it may call take such a parameter by address (Sema.byAddress)
                Typed.Expr copy = args.get(i).lvalue() ? sema.copyOf(args.get(i), (CType.Record) fn.params().get(i), a.span()) : null;
                arg = sema.passByAddress(copy != null ? copy : arg, (CType.Record) fn.params().get(i), a.span());
            }
            converted.add(arg);
        }
        if (fn.result() instanceof CType.Ref r) {
            CType.Fn viaPointer = new CType.Fn(new CType.Ptr(r.referee(), r.constReferee()), fn.params(), fn.variadic());
            return new Typed.Deref(new Typed.CallIndirect(callee, viaPointer, converted, c.span()), r.referee(), c.span());
        }
        return new Typed.CallIndirect(callee, fn, converted, c.span());
    }

    private Typed.Expr result(Sema.FunctionSym f, List<Typed.Expr> args, Span span) {
        sema.deduceResult(f);
        if (f.result instanceof CType.Ref r) {
            Typed.Expr call = new Typed.Call(f, args, new CType.Ptr(r.referee(), r.constReferee()), span);
            return new Typed.Deref(call, r.referee(), span);
        }
        return new Typed.Call(f, args, f.result, span);
    }

    /** nvcc's execution-space rules: device code calls device functions, host code host functions. */
    private void checkSpace(Sema.FunctionSym callee, Span span) {
        Sema.FunctionSym caller = sema.currentFunction();
        if (caller == null) {
            return;
        }
        ExecutionSpace from = caller.space;
        ExecutionSpace to = callee.space;
        if ((from == ExecutionSpace.DEVICE || from == ExecutionSpace.KERNEL) && to == ExecutionSpace.HOST) {
            diags.error(span, DiagKey.ERR_HOST_FROM_DEVICE, callee.name, caller.name);
        } else if (from == ExecutionSpace.HOST && to == ExecutionSpace.DEVICE) {
            diags.error(span, DiagKey.ERR_DEVICE_FROM_HOST, callee.name, caller.name);
        }
    }

    /** Whether a member function takes {@code args} arguments, its default arguments and {@code ...} counted. */
    private static boolean arityFits(Sema.FunctionSym f, int args) {
        int n = f.params.size() - 1;
        int required = n;
        while (required > 0 && f.defaults.get(required) != null) {
            required--;
        }
        return args >= required && (args <= n || f.variadic);
    }

    /** A call of a value: a function object's operator(), or a function pointer. */
    private Typed.Expr callObject(Typed.Expr callee, Ast.Call c) {
        if (isClass(callee.type())) {
            Typed.Expr call = operatorCall("operator()", callee, args(c.args()), c.span());
            if (call != null) {
                return call;
            }
        }
        return indirectCall(sema.rvalue(callee), c);
    }

    private Typed.Expr methodCall(Ast.Member m, Ast.Call c) {
        Typed.Expr base = expr(m.base());
        if (m.arrow()) {
            base = arrowBase(base, m.span());
            if (base == null) {
                return bad(c.span());
            }
        }
        if (m.name().startsWith("~")) {
            return destructorCall(base, m, c);
        }
        if (!(base.type() instanceof CType.Record rec)) {
            diags.error(m.span(), DiagKey.ERR_NO_MEMBER, m.name(), base.type());
            return bad(c.span());
        }
        // obj.Base::f(): Base's function, called without virtual dispatch
        String name = m.name();
        CType.Record lookIn = rec;
        boolean qualified = name.contains("::");
        if (qualified) {
            lookIn = qualifierClass(name.substring(0, name.lastIndexOf("::")), rec);
            name = name.substring(name.lastIndexOf("::") + 2);
            if (lookIn == null) {
                diags.error(m.span(), DiagKey.ERR_NO_MEMBER, m.name(), rec.name);
                return bad(c.span());
            }
        }
        List<Sema.FunctionSym> cands = new ArrayList<>();
        for (Sema.FunctionSym f : lookIn.methods) {
            if (f.name.equals(name)) {
                cands.add(f);
            }
        }
        if (cands.isEmpty() && !qualified && rec.field(name) instanceof CType.Field field) {
            // obj.f(args) with a data member f: a function object (std::function, a comparator) or a function pointer
            Typed.Expr object = base;
            if (!object.lvalue()) {
                Typed.Var tmp = sema.temp(rec, m.span());
                object = new Typed.Assign(new Typed.VarRef(tmp, m.span()), object, m.span());
            }
            return callObject(new Typed.Member(object, field, m.span()), c);
        }
        if (cands.isEmpty()) {
            diags.error(m.span(), DiagKey.ERR_NO_MEMBER, name, lookIn.name);
            return bad(c.span());
        }
        List<Typed.Expr> args = args(c.args());
        Sema.FunctionSym f = sema.resolveOverload(name, cands, args, c.span(), true, m.templateArgs(), base);
        if (f == null) {
            return bad(c.span());
        }
        checkSpace(f, c.span());
        List<Typed.Expr> converted = sema.callArgs(f, args, c.span(), f.thisVar != null ? 1 : 0);
        if (f.thisVar != null) {
            Typed.Expr self = sema.addressOf(base, m.span());
            if (f.slot != null && !qualified) {
                return sema.virtuals.call(f, self, rec, converted, c.span());
            }
            converted.add(0, thisFor(f, self, rec, m.span()));
        }
        return result(f, converted, c.span());
    }

    /**
     * {@code p->~T()}, {@code obj.~T()}: the destructor runs on the object and its storage stays
     * (placement new's counterpart); virtual destructors dispatch on the dynamic class. A class
     * without a destructor, or a scalar (the pseudo-destructor {@code p->~T()} of a template with
     * T = int), has nothing to run: only the object expression is evaluated.
     */
    private Typed.Expr destructorCall(Typed.Expr base, Ast.Member m, Ast.Call c) {
        if (!c.args().isEmpty()) {
            diags.error(c.span(), DiagKey.ERR_CALL_ARGS, "many", 0, c.args().size());
            return bad(c.span());
        }
        String typeName = m.name().substring(1);
        Object named = sema.scope().lookup(typeName);
        CType object = base.type() instanceof CType.Ref r ? r.referee() : base.type();
        boolean sameClass = object instanceof CType.Record rec
                ? named == rec || named == null && (typeName.equals(rec.name) || rec.name.startsWith(typeName + "<"))
                : named instanceof CType t && Sema.sameTypeOf(t, object);
        if (!sameClass) {
            diags.error(m.span(), DiagKey.ERR_DTOR_TYPE, typeName, object);
            return bad(c.span());
        }
        if (!(object instanceof CType.Record rec) || rec.destructor == null) {
            return new Typed.Convert(object instanceof CType.Record ? sema.addressOf(base, m.span()) : base, CType.VOID, c.span());
        }
        Sema.FunctionSym d = rec.destructor;
        sema.use(d);
        checkSpace(d, c.span());
        Typed.Expr self = sema.addressOf(base, m.span());
        if (d.slot != null) {
            return sema.virtuals.call(d, self, rec, new ArrayList<>(), c.span());
        }
        return new Typed.Call(d, List.of(sema.thisArg(d, self, c.span())), CType.VOID, c.span());
    }

    /** {@code self}, a pointer to a {@code rec}, as the this pointer of {@code f} (which may be a base class's). */
    private Typed.Expr thisFor(Sema.FunctionSym f, Typed.Expr self, CType.Record rec, Span span) {
        if (f.owner != null && f.owner != rec && Sema.derivesFrom(rec, f.owner)) {
            return sema.upcast(self, rec, f.owner, span);
        }
        return self;
    }

    /** The class a qualifier names in a member access of a {@code context} object: the class itself or one of its bases. */
    /**
     * obj.Base::x: the field x of obj's Base subobject, found among obj's class's fields by where
     * it lies (a field of the same name in the derived class hides it from plain obj.x).
     */
    /** The static data member {@code name} of {@code rec} or of a base, or null. */
    private static Object staticMember(CType.Record rec, String name) {
        Object o = rec.members.get(name);
        if (o instanceof Typed.Var) {
            return o;
        }
        for (CType.Base b : rec.bases) {
            Object inBase = staticMember(b.record(), name);
            if (inBase != null) {
                return inBase;
            }
        }
        return null;
    }

    /** Base::x in a member function: the field x of this object's Base subobject, or null. */
    private CType.Field ownerField(String name) {
        Sema.FunctionSym f = sema.currentFunction();
        return name.contains("::") && f != null && f.owner != null && f.thisVar != null ? qualifiedField(name, f.owner) : null;
    }

    private CType.Field qualifiedField(String name, CType.Record rec) {
        CType.Record q = qualifierClass(name.substring(0, name.lastIndexOf("::")), rec);
        return q == null ? null : Sema.fieldOfBase(rec, q, name.substring(name.lastIndexOf("::") + 2));
    }

    private CType.Record qualifierClass(String q, CType.Record context) {
        if (lookup(q) instanceof CType.Record r && Sema.derivesFrom(context, r)) {
            return r;
        }
        String simple = q.contains("::") ? q.substring(q.lastIndexOf("::") + 2) : q;
        if (context.name.equals(simple) || context.name.startsWith(simple + "<")) {
            return context;
        }
        for (CType.Base b : context.bases) {
            CType.Record r = qualifierClass(q, b.record());
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    private Typed.Expr launch(Ast.KernelCall k) {
        Sema.FunctionSym kernel = null;
        if (k.callee() instanceof Ast.Name n) {
            Object o = lookup(n.name());
            if (o == null) {
                diags.error(n.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, n.name());
                return bad(k.span());
            }
            if (o instanceof List<?> set) {
                @SuppressWarnings("unchecked")
                List<Sema.FunctionSym> cands = (List<Sema.FunctionSym>) set;
                List<Typed.Expr> probe = args(k.args());
                if (!n.templateArgs().isEmpty()) {
                    for (Sema.FunctionSym t : cands) {
                        if (t.isTemplate && (kernel = sema.deduce(t, probe, n.templateArgs(), k.span())) != null) {
                            break;
                        }
                    }
                } else if (cands.size() == 1 && !cands.get(0).isTemplate) {
                    kernel = cands.get(0);
                } else {
                    kernel = sema.resolveOverload(n.name(), cands, probe, k.span(), false);
                }
                if (kernel == null) {
                    if (!n.templateArgs().isEmpty()) {
                        diags.error(k.span(), DiagKey.ERR_NO_MATCHING_FUNCTION, n.name());
                    }
                    return bad(k.span());
                }
                return launchOf(kernel, k, probe);
            }
        }
        return launchThroughPointer(k);
    }

    /**
     * {@code kernels[i]<<<grid, block>>>(args)}, {@code auto k = copy; k<<<...>>>}: a launch through a
     * pointer to a {@code __global__} function. Which kernel it names is known at run time only.
     */
    private Typed.Expr launchThroughPointer(Ast.KernelCall k) {
        Typed.Expr callee = expr(k.callee());
        // (*p)<<<...>>>: the function p points to, launched through p
        Typed.Expr target = callee.type() instanceof CType.Fn && callee instanceof Typed.Deref d ? d.pointer() : sema.rvalue(callee);
        CType.Fn fn = target.type() instanceof CType.Ptr p && p.pointee() instanceof CType.Fn f ? f : null;
        if (fn == null || !(fn.result() instanceof CType.Void)) {
            diags.error(k.callee().span(), DiagKey.ERR_LAUNCH_NOT_KERNEL, k.callee() instanceof Ast.Name n ? n.name() : "expression");
            return bad(k.span());
        }
        if (k.config().size() < 2 || k.config().size() > 4) {
            diags.error(k.span(), DiagKey.ERR_EXPECTED, "2 to 4 launch configuration arguments");
            return bad(k.span());
        }
        List<Typed.Expr> args = args(k.args());
        if (args.size() != fn.params().size() && !fn.variadic()) {
            diags.error(k.span(), DiagKey.ERR_CALL_ARGS, args.size() < fn.params().size() ? "few" : "many", fn.params().size(), args.size());
            return bad(k.span());
        }
        Typed.Expr[] config = launchConfig(k);
        List<Typed.Expr> converted = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Typed.Expr a = args.get(i);
            CType pt = fn.params().get(i);
            if (pt instanceof CType.Ref) {
                diags.error(a.span(), DiagKey.ERR_KERNEL_REFERENCE, pt);
                converted.add(bad(a.span()));
                continue;
            }
            converted.add(launchArg(a, pt));
        }
        return new Typed.LaunchIndirect(target, fn, config[0], config[1], config[2], config[3], converted, k.span());
    }

    /** grid, block, shared memory bytes and stream of a launch configuration {@code <<<...>>>}. */
    private Typed.Expr[] launchConfig(Ast.KernelCall k) {
        Typed.Expr grid = dim(k.config().get(0));
        Typed.Expr block = dim(k.config().get(1));
        Typed.Expr shared = k.config().size() > 2 ? sema.convert(sema.rvalue(expr(k.config().get(2))), CType.ULONG, k.config().get(2).span(), "arg")
                : new Typed.IntConst(CType.ULONG, 0, k.span());
        Typed.Expr stream = k.config().size() > 3 ? sema.rvalue(expr(k.config().get(3))) : new Typed.NullConst(new CType.Ptr(CType.VOID, false), k.span());
        if (stream.type() instanceof CType.Ptr) {
            stream = new Typed.Convert(stream, new CType.Ptr(CType.VOID, false), stream.span());
        } else {
            stream = sema.convert(stream, new CType.Ptr(CType.VOID, false), stream.span(), "arg");
        }
        return new Typed.Expr[] {grid, block, shared, stream};
    }

    /** A kernel argument converted to its parameter's type (classes by value, pointers only to compatible pointers). */
    private Typed.Expr launchArg(Typed.Expr a, CType pt) {
        if (pt instanceof CType.Record rec) {
            // the struct (or a class derived from it) is copied by value; another type converts as
            // for a call (sizeof v for a View was invalid IR, found by the fuzzer)
            boolean same = a.type() instanceof CType.Record ar && (ar == rec || Sema.derivesFrom(ar, rec));
            return same ? sema.rvalue(a) : sema.convert(sema.rvalue(a), pt, a.span(), "arg");
        }
        Typed.Expr r = sema.rvalue(a);
        if (pt instanceof CType.Ptr && r.type() instanceof CType.Ptr && sema.conversionRank(r, pt) < 0) {
            diags.error(a.span(), DiagKey.ERR_LAUNCH_ARG, r.type(), pt);
            return Sema.zero(pt, a.span());
        }
        return sema.convert(r, pt, a.span(), "arg");
    }

    private Typed.Expr launchOf(Sema.FunctionSym kernel, Ast.KernelCall k, List<Typed.Expr> args) {
        if (kernel.space != ExecutionSpace.KERNEL) {
            diags.error(k.callee().span(), DiagKey.ERR_LAUNCH_NOT_KERNEL, kernel.name);
            return bad(k.span());
        }
        if (k.config().size() < 2 || k.config().size() > 4) {
            diags.error(k.span(), DiagKey.ERR_EXPECTED, "2 to 4 launch configuration arguments");
            return bad(k.span());
        }
        int n = kernel.params.size();
        if (args.size() != n) {
            diags.error(k.span(), DiagKey.ERR_CALL_ARGS, args.size() < n ? "few" : "many", n, args.size());
            return bad(k.span());
        }
        Typed.Expr[] config = launchConfig(k);
        List<Typed.Expr> converted = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Typed.Expr a = args.get(i);
            CType pt = kernel.params.get(i).type;
            if (pt instanceof CType.Ref) {
                converted.add(bad(a.span())); // reported at the kernel's declaration
                continue;
            }
            converted.add(launchArg(a, pt));
        }
        sema.use(kernel);
        return new Typed.Launch(kernel, config[0], config[1], config[2], config[3], converted, k.span());
    }

    /** A launch dimension: a dim3 value, or an integer that becomes (n, 1, 1). */
    private Typed.Expr dim(Ast.Expr e) {
        Typed.Expr t = sema.rvalue(expr(e));
        if (t.type() instanceof CType.Record r && r.name.equals("dim3")) {
            return t;
        }
        if (t.type() instanceof CType.Record r && r.name.equals("uint3")) {
            return t;
        }
        return sema.convert(t, CType.UINT, e.span(), "arg");
    }

    // ------------------------------------------------------------ postfix

    private Typed.Expr index(Ast.Index i) {
        Typed.Expr obj = expr(i.base());
        if (isClass(obj.type())) {
            Typed.Expr call = operatorCall("operator[]", obj, List.of(expr(i.index())), i.span());
            if (call != null) {
                return call;
            }
        }
        Typed.Expr base = sema.rvalue(obj);
        Typed.Expr idx = sema.rvalue(expr(i.index()));
        if (isClass(base.type()) && builtinOperand(base, idx, i.span()) instanceof Typed.Expr b) {
            base = b; // smem[t] through operator T *()
        }
        if (isClass(idx.type()) && builtinOperand(idx, base, i.span()) instanceof Typed.Expr x) {
            idx = x; // arr[k] through operator int()
        }
        if (!(base.type() instanceof CType.Ptr) && idx.type() instanceof CType.Ptr) {
            Typed.Expr t = base;
            base = idx;
            idx = t;
        }
        if (!(base.type() instanceof CType.Ptr p) || p.pointee() instanceof CType.Fn || p.pointee() instanceof CType.Void) {
            // a function (its pointer) or void * has no elements to index
            diags.error(i.span(), DiagKey.ERR_SUBSCRIPT);
            return bad(i.span());
        }
        if (!CType.isInteger(idx.type())) {
            diags.error(i.index().span(), DiagKey.ERR_INVALID_OPERANDS, base.type(), idx.type());
            return bad(i.span());
        }
        return new Typed.Deref(new Typed.PtrArith("+", base, sema.promote(idx), p, i.span()), p.pointee(), i.span());
    }

    private Typed.Expr member(Ast.Member m) {
        if (m.base() instanceof Ast.Name n && !m.arrow() && builtin(n.name()) != null && lookup(n.name()) == null) {
            int comp = switch (m.name()) {
                case "x" -> 0;
                case "y" -> 1;
                case "z" -> 2;
                default -> -1;
            };
            if (comp < 0) {
                diags.error(m.span(), DiagKey.ERR_NO_MEMBER, m.name(), "uint3");
                return bad(m.span());
            }
            Sema.FunctionSym f = sema.currentFunction();
            if (f != null && !f.space.onDevice()) {
                diags.error(n.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, n.name());
                return bad(m.span());
            }
            return new Typed.BuiltinVar(builtin(n.name()), comp, m.span());
        }
        Typed.Expr base = expr(m.base());
        if (m.arrow()) {
            base = arrowBase(base, m.span());
            if (base == null) {
                return bad(m.span());
            }
        }
        if (!(base.type() instanceof CType.Record rec)) {
            diags.error(m.span(), DiagKey.ERR_NO_MEMBER, m.name(), base.type());
            return bad(m.span());
        }
        CType.Field f = m.name().contains("::") ? qualifiedField(m.name(), rec) : rec.field(m.name());
        if (f == null && staticMember(rec, m.name()) instanceof Typed.Var v) {
            return new Typed.VarRef(v, m.span()); // obj.count for a static data member: the class's one variable
        }
        if (f == null) {
            diags.error(m.span(), DiagKey.ERR_NO_MEMBER, m.name(), rec.name);
            return bad(m.span());
        }
        if (!base.lvalue()) {
            Typed.Var tmp = sema.temp(rec, m.span());
            base = new Typed.Assign(new Typed.VarRef(tmp, m.span()), base, m.span());
        }
        return new Typed.Member(base, f, m.span());
    }

    // ------------------------------------------------------------ casts and construction

    private Typed.Expr cast(Ast.Cast c) {
        CType to = sema.resolveType(c.type(), sema.scope());
        if (to instanceof CType.Ref r) {
            // static_cast<T&>(x), static_cast<T&&>(x) (std::move, std::forward): the same object, seen as T
            Typed.Expr obj = expr(c.operand());
            if (obj.lvalue() && Sema.sameTypeOf(obj.type(), r.referee()) && r.rvalue() && obj.type() instanceof CType.Record) {
                // static_cast<T&&>(x): the same object, now an rvalue (the move constructor takes it)
                Typed.Expr x = new Typed.Deref(sema.addressOf(obj, c.span()), obj.type(), c.span());
                sema.xvalues.add(x);
                return x;
            }
            if (obj.lvalue() && Sema.sameTypeOf(obj.type(), r.referee())) {
                return obj;
            }
            if (obj.lvalue() && obj.type() instanceof CType.Record && r.referee() instanceof CType.Record) {
                // a base or derived class at the same address
                return new Typed.Deref(new Typed.Convert(sema.addressOf(obj, c.span()), new CType.Ptr(r.referee(), false), c.span()), r.referee(), c.span());
            }
            return explicitConversion(sema.rvalue(obj), r.referee(), c.span());
        }
        Typed.Expr e = sema.rvalue(expr(c.operand()));
        if (c.kind().equals("dynamic")) {
            return dynamicCast(e, to, c.span());
        }
        return explicitConversion(e, to, c.span());
    }

    /** dynamic_cast between pointers to classes: an upcast, or a check of the object's dynamic class. */
    private Typed.Expr dynamicCast(Typed.Expr e, CType to, Span span) {
        if (to instanceof CType.Ptr tp && tp.pointee() instanceof CType.Record tr && e.type() instanceof CType.Ptr ep
                && ep.pointee() instanceof CType.Record er) {
            if (Sema.derivesFrom(er, tr)) {
                return sema.upcast(e, er, tr, span);
            }
            if (!er.isPolymorphic()) {
                return unsupported("dynamic_cast from '" + er.name + "', which is not polymorphic", span);
            }
            return sema.virtuals.dynamicCast(e, er, tr, span);
        }
        return unsupported("dynamic_cast other than between pointers to classes", span);
    }

    private Typed.Expr explicitConversion(Typed.Expr e, CType to, Span span) {
        CType from = e.type();
        if (to instanceof CType.Void) {
            return new Typed.Convert(e, to, span);
        }
        if (to instanceof CType.Int b && b.isBool() && from instanceof CType.Record) {
            return classToBool(sema, e, span); // (bool)stream, static_cast<bool>(file)
        }
        if (to instanceof CType.Ref r) {
            return new Typed.Deref(new Typed.Convert(sema.addressOf(e, span), new CType.Ptr(r.referee(), r.constReferee()), span), r.referee(), span);
        }
        if (CType.isScalar(from) && CType.isScalar(to)) {
            if (to instanceof CType.Ptr && from instanceof CType.NullPtr) {
                return new Typed.NullConst(to, span);
            }
            if (from instanceof CType.Flt && to instanceof CType.Ptr || from instanceof CType.Ptr && to instanceof CType.Flt) {
                diags.error(span, DiagKey.ERR_INCOMPATIBLE, to, from);
                return Sema.zero(to, span);
            }
            return new Typed.Convert(e, to, span);
        }
        if (to instanceof CType.Record rec) {
            if (from == rec) {
                return e;
            }
            if (!rec.constructors.isEmpty()) {
                Typed.Var tmp = sema.temp(rec, span);
                Sema.FunctionSym ctor = sema.resolveOverload(rec.name, rec.constructors, List.of(e), span, true);
                return ctor == null ? bad(span) : Sema.load(new Typed.Construct(tmp, ctor, sema.callArgs(ctor, List.of(e), span, 1), span));
            }
        }
        Typed.Expr converted = userConversion(sema, e, to, span, true);
        if (converted != null) {
            return explicitConversion(sema.rvalue(converted), to, span);
        }
        diags.error(span, DiagKey.ERR_INCOMPATIBLE, to, from);
        return bad(span);
    }

    private Typed.Expr construct(Ast.Construct c) {
        CType t = sema.resolveType(c.type(), sema.scope());
        if (t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            List<Typed.Expr> args = args(c.args());
            if (args.size() == 1 && args.get(0).type() == rec && !Sema.declaresCopyOrMove(rec)) {
                return sema.implicitCopy(sema.temp(rec, c.span()), args.get(0), rec, c.span()); // dim3(grid())
            }
            Sema.FunctionSym ctor = sema.resolveOverload(rec.name, rec.constructors, args, c.span(), true);
            if (ctor == null) {
                return bad(c.span());
            }
            Typed.Var tmp = sema.temp(rec, c.span());
            return new Typed.Construct(tmp, ctor, sema.callArgs(ctor, args, c.span(), 1), c.span());
        }
        if (c.args().isEmpty()) {
            if (t instanceof CType.Record || t instanceof CType.Arr) {
                // T() value-initialises: an all-zero object
                return new Typed.Aggregate(sema.temp(t, c.span()), List.of(), c.span());
            }
            return Sema.zero(t, c.span());
        }
        if (c.args().size() == 1) {
            return explicitConversion(sema.rvalue(expr(c.args().get(0))), t, c.span());
        }
        if (t instanceof CType.Record) {
            return initList(new Ast.InitList(c.type(), c.args(), c.span()));
        }
        diags.error(c.span(), DiagKey.ERR_INCOMPATIBLE, t, "(...)");
        return bad(c.span());
    }

    private Typed.Expr initList(Ast.InitList il) {
        if (il.type() == null) {
            if (il.items().size() == 1 && !(il.items().get(0) instanceof Ast.PackExpansion)) {
                return expr(il.items().get(0));
            }
            // a braced list standing alone (an argument, auto, a range): a std::initializer_list
            return sema.initializerList(il, null);
        }
        CType t = sema.resolveType(il.type(), sema.scope());
        if (t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            return sema.listConstruct(sema.temp(rec, il.span()), rec, il);
        }
        if (CType.isScalar(t)) {
            return il.items().isEmpty() ? Sema.zero(t, il.span()) : sema.convert(sema.rvalue(expr(il.items().get(0))), t, il.span(), "init");
        }
        Typed.Var tmp = sema.temp(t, il.span());
        return sema.initializerFor(new Ast.InitList(null, il.items(), il.span()), t, il.span(), tmp);
    }

    /** {@code new T}, {@code new T(args)}, {@code new T[n]}: malloc, then the constructor for a single object. */
    private Typed.Expr newExpr(Ast.New n) {
        CType t = sema.resolveType(n.type(), sema.scope());
        if (t instanceof CType.Record rec && rec.isPolymorphic()) {
            sema.virtuals.checkNotAbstract(rec, n.span(), DiagKey.ERR_ABSTRACT_NEW);
        }
        Typed.Expr count = n.arraySize() == null ? new Typed.IntConst(CType.ULONG, 1, n.span())
                : sema.convert(sema.rvalue(expr(n.arraySize())), CType.ULONG, n.arraySize().span(), "arg");
        Typed.Expr bytes = new Typed.Binary("*", count, new Typed.IntConst(CType.ULONG, Math.max(1, CType.sizeOf(t)), n.span()), CType.ULONG, n.span());
        CType pt = new CType.Ptr(t, false);
        Typed.Expr mem;
        Typed.Expr place = n.placement() == null ? null : sema.rvalue(expr(n.placement()));
        if (place != null && place.type() instanceof CType.Record r && r.name.endsWith("nothrow_t")) {
            // new (std::nothrow) T: webcu's allocation reports running out of memory itself, so the
            // nothrow form allocates as plain new does
            place = null;
        }
        if (place != null) {
            if (!(place.type() instanceof CType.Ptr)) {
                diags.error(n.placement().span(), DiagKey.ERR_INCOMPATIBLE, "void *", place.type());
                return bad(n.span());
            }
            mem = new Typed.Convert(place, pt, n.span());
        } else if (allocationFunction(t, n.arraySize() != null ? "operatornew[]" : "operatornew", 1) instanceof Sema.FunctionSym alloc) {
            mem = new Typed.Convert(new Typed.Call(alloc, sema.callArgs(alloc, List.of(bytes), n.span(), 0), alloc.result, n.span()), pt, n.span());
        } else {
            Sema.FunctionSym malloc = function("malloc", n.span());
            if (malloc == null) {
                return bad(n.span());
            }
            mem = new Typed.Convert(new Typed.Call(malloc, List.of(bytes), malloc.result, n.span()), pt, n.span());
        }
        if (n.arraySize() != null && place == null && t instanceof CType.Record rec && (!rec.constructors.isEmpty() || rec.destructor != null)
                && n.args().isEmpty() && hostCode()) {
            // new T[n] of objects: a function of n that allocates (with the count first when a
            // destructor needs it) and default-constructs each element
            Sema.FunctionSym alloc = allocationFunction(t, "operatornew[]", 1) instanceof Sema.FunctionSym a ? a : function("malloc", n.span());
            Sema.FunctionSym make = alloc == null ? null : sema.arrayNew(rec, alloc, n.span());
            if (make == null) {
                return bad(n.span());
            }
            return new Typed.Call(make, List.of(count), pt, n.span());
        }
        Typed.Expr defaults = n.arraySize() == null && n.args().isEmpty() && t instanceof CType.Record r && r.constructors.isEmpty()
                ? sema.defaultInitialized(r, n.span()) : null;
        if (n.arraySize() != null || !(t instanceof CType.Record rec && !rec.constructors.isEmpty()) && n.args().isEmpty() && defaults == null) {
            if (n.arraySize() != null && t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
                diags.error(n.span(), DiagKey.ERR_NOT_SUPPORTED, "'new[]' of a class with constructors");
            }
            return mem;
        }
        Typed.Var p = sema.temp(pt, n.span());
        Typed.Expr assign = new Typed.Assign(new Typed.VarRef(p, n.span()), mem, n.span());
        Typed.Expr obj = new Typed.Deref(Sema.load(new Typed.VarRef(p, n.span())), t, n.span());
        Typed.Expr init;
        List<Typed.Expr> copied = t instanceof CType.Record r0 && !Sema.hasCopyConstructor(r0) && n.args().size() == 1 ? args(n.args()) : null;
        if (copied != null && copied.get(0).type() == t) {
            // new (p) T(t) with T's implicit copy constructor: member by member (a std::string member copies its text)
            Typed.Expr src = copied.get(0);
            Typed.Expr copy = src.lvalue() ? sema.copyOf(src, (CType.Record) t, n.span()) : null;
            init = new Typed.Assign(obj, copy != null ? copy : sema.rvalue(src), n.span());
        } else if (t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            List<Typed.Expr> args = copied != null ? copied : args(n.args());
            Sema.FunctionSym ctor = sema.resolveOverload(rec.name, rec.constructors, args, n.span(), true);
            if (ctor == null) {
                return bad(n.span());
            }
            List<Typed.Expr> ca = sema.callArgs(ctor, args, n.span(), 1);
            ca.add(0, Sema.load(new Typed.VarRef(p, n.span())));
            init = new Typed.Call(ctor, ca, CType.VOID, n.span());
        } else if (defaults != null) {
            init = new Typed.Assign(obj, sema.rvalue(defaults), n.span()); // new T: its default member initialisers
        } else {
            init = new Typed.Assign(obj, sema.convert(sema.rvalue(expr(n.args().get(0))), t, n.span(), "init"), n.span());
        }
        return new Typed.Comma(assign, new Typed.Comma(init, Sema.load(new Typed.VarRef(p, n.span())), n.span()), n.span());
    }

    /**
     * {@code throw e}: copies e into storage of the exception runtime, as its static type (the
     * handler sees that type, as in C++), then hands it over with its catchable type names and,
     * for a std::exception, what() of that type for the terminate message (see {@link Exceptions}).
     */
    private Typed.Expr throwExpr(Ast.Throw t) {
        Span span = t.span();
        if (sema.rejectInDevice(span)) {
            return bad(span);
        }
        if (t.operand() == null) {
            return sema.eh.rethrow(span);
        }
        Typed.Expr operand = expr(t.operand());
        Typed.Expr v = sema.rvalue(operand);
        CType type = v.type() instanceof CType.Ref r ? r.referee() : v.type();
        if (v instanceof Typed.Decay d && d.array() instanceof Typed.StringConst) {
            type = Exceptions.CSTR; // a string literal is an array of const char in C++
        }
        if (type instanceof CType.Void || type instanceof CType.Fn) {
            diags.error(t.operand().span(), DiagKey.ERR_NOT_SUPPORTED, "throwing an expression of type '" + type + "'");
            return bad(span);
        }
        CType pt = new CType.Ptr(type, false);
        Typed.Var p = sema.temp(pt, span);
        Typed.Expr alloc = new Typed.Assign(new Typed.VarRef(p, span),
                new Typed.Convert(sema.eh.allocate(Math.max(1, CType.sizeOf(type)), span), pt, span), span);
        Typed.Expr obj = new Typed.Deref(Sema.load(new Typed.VarRef(p, span)), type, span);
        Typed.Expr init = new Typed.Assign(obj, sema.convert(v, type, span, "init"), span);
        if (operand.lvalue() && !(operand instanceof Typed.Construct) && !(operand instanceof Typed.Aggregate)
                && type instanceof CType.Record rec && Exceptions.copyConstructor(rec) != null) {
            // throwing a named object copies it (a temporary is built in place, as g++ elides that copy)
            Sema.FunctionSym copy = Exceptions.copyConstructor(rec);
            List<Typed.Expr> ca = new ArrayList<>(sema.callArgs(copy, List.of(operand), span, 1));
            ca.add(0, Sema.load(new Typed.VarRef(p, span)));
            init = new Typed.Call(copy, ca, CType.VOID, span);
        }
        Typed.Expr what = null;
        if (type instanceof CType.Record rec && Exceptions.isStdException(rec)) {
            Sema.FunctionSym w = Exceptions.what(rec);
            if (w != null) {
                sema.use(w);
                what = new Typed.Call(w, List.of(sema.thisArg(w, Sema.load(new Typed.VarRef(p, span)), span)), w.result, span);
            }
        }
        Typed.Expr dtor = null;
        if (type instanceof CType.Record rec && rec.destructor != null) {
            sema.takeAddress(rec.destructor);
            dtor = new Typed.Convert(new Typed.FunctionRef(rec.destructor, new CType.Ptr(Sema.signatureOf(rec.destructor), false), span),
                    Exceptions.VOIDP, span);
        }
        Typed.Expr raise = sema.eh.raise(new Typed.Convert(Sema.load(new Typed.VarRef(p, span)), Exceptions.VOIDP, span),
                Exceptions.catchNames(type), what, dtor, span);
        return new Typed.Comma(alloc, new Typed.Comma(init, raise, span), span);
    }

    private Typed.Expr deleteExpr(Ast.Delete d) {
        Typed.Expr p = sema.rvalue(expr(d.operand()));
        if (!(p.type() instanceof CType.Ptr)) {
            diags.error(d.span(), DiagKey.ERR_DEREF, p.type());
            return bad(d.span());
        }
        CType pointee = ((CType.Ptr) p.type()).pointee();
        String name = d.array() ? "operatordelete[]" : "operatordelete";
        Sema.FunctionSym dealloc = allocationFunction(pointee, name, 1) instanceof Sema.FunctionSym one ? one
                : pointee instanceof CType.Record ? allocationFunction(pointee, name, 2) : null; // operator delete(void *, size_t)
        Sema.FunctionSym free = dealloc != null ? dealloc : function("free", d.span());
        if (free == null) {
            return bad(d.span());
        }
        java.util.function.Function<Typed.Expr, Typed.Expr> release = ptr -> {
            List<Typed.Expr> args = new ArrayList<>(List.of(new Typed.Convert(ptr, new CType.Ptr(CType.VOID, false), d.span())));
            if (free.params.size() == 2) {
                args.add(new Typed.IntConst(CType.ULONG, Math.max(1, CType.sizeOf(pointee)), d.span()));
            }
            return new Typed.Call(free, free == dealloc ? sema.callArgs(free, args, d.span(), 0) : args, CType.VOID, d.span());
        };
        Typed.Expr freeCall = release.apply(p);
        if (d.array() && pointee instanceof CType.Record rec && rec.destructor != null && hostCode()) {
            // delete[] of objects: each destroyed, last first, then the storage with its count
            Sema.FunctionSym give = dealloc != null && dealloc.params.size() == 1 ? dealloc : function("free", d.span());
            return new Typed.Call(sema.arrayDelete(rec, give, d.span()), List.of(p), CType.VOID, d.span());
        }
        if (!d.array() && ((CType.Ptr) p.type()).pointee() instanceof CType.Record rec && rec.destructor != null) {
            // delete runs the destructor first (for a single object; delete[] of such objects is not supported)
            sema.use(rec.destructor);
            Typed.Var t = sema.temp(p.type(), d.span());
            Typed.Expr keep = new Typed.Assign(new Typed.VarRef(t, d.span()), p, d.span());
            Typed.Expr dtor = rec.destructor.slot != null
                    ? sema.virtuals.call(rec.destructor, Sema.load(new Typed.VarRef(t, d.span())), rec, new ArrayList<>(), d.span())
                    : new Typed.Call(rec.destructor, List.of(sema.thisArg(rec.destructor, Sema.load(new Typed.VarRef(t, d.span())), d.span())), CType.VOID, d.span());
            Typed.Expr free2 = release.apply(Sema.load(new Typed.VarRef(t, d.span())));
            // delete of a null pointer runs no destructor (free(nullptr) does nothing)
            Typed.Expr live = new Typed.Binary("!=", Sema.load(new Typed.VarRef(t, d.span())), new Typed.NullConst(p.type(), d.span()), CType.INT, d.span());
            Typed.Expr destroy = new Typed.Conditional(live, new Typed.Comma(dtor, free2, d.span()), free2, CType.VOID, d.span());
            return new Typed.Comma(keep, destroy, d.span());
        }
        return freeCall;
    }

    /**
     * The operator new or delete (of {@code params} parameters) that a new or delete expression
     * on a {@code t} calls in host code instead of malloc and free: the class's own (inherited
     * ones too), else a global one the program defines in place of the library's; null for none.
     */
    private Sema.FunctionSym allocationFunction(CType t, String name, int params) {
        Sema.FunctionSym caller = sema.currentFunction();
        if (caller != null && caller.space != ExecutionSpace.HOST) {
            return null;
        }
        for (CType.Record rec = t instanceof CType.Record r ? r : null; rec != null; rec = rec.bases.isEmpty() ? null : rec.bases.get(0).record()) {
            for (Sema.FunctionSym m : rec.methods) {
                if (m.name.equals(name) && m.thisVar == null && m.params.size() == params && !m.isTemplate) {
                    return m;
                }
            }
        }
        // the library's operator new[] calls operator new: when the program replaces either, the
        // array form goes through the library's functions too
        String single = name.replace("[]", "");
        if (params == 1 && (replaced(name) || replaced(single)) && globalAllocation(name) instanceof Sema.FunctionSym f) {
            return f;
        }
        return null;
    }

    private Sema.FunctionSym globalAllocation(String name) {
        for (Sema.FunctionSym f : nonMemberOperators(name)) {
            if (f.params.size() == 1 && f.decl != null) {
                return f;
            }
        }
        return null;
    }

    private boolean replaced(String name) {
        Sema.FunctionSym f = globalAllocation(name);
        return f != null && !f.decl.span().file().startsWith("<built-in>");
    }

    private boolean hostCode() {
        Sema.FunctionSym caller = sema.currentFunction();
        return caller == null || caller.space == ExecutionSpace.HOST;
    }

    /** A library function the language itself needs (malloc for new), declared by the built-in headers. */
    private Sema.FunctionSym function(String name, Span span) {
        Object o = sema.scope().lookup(name);
        if (o instanceof List<?> l && !l.isEmpty()) {
            return (Sema.FunctionSym) l.get(0);
        }
        diags.error(span, DiagKey.ERR_UNDECLARED_IDENTIFIER, name + "' (include <cstdlib>) '");
        return null;
    }

    /** sizeof of an expression: its type's size, or for a variable-length array the size it got at run time. */
    private Typed.Expr sizeofExpr(Ast.SizeofExpr s) {
        Typed.Expr e = expr(s.operand());
        if (e instanceof Typed.VarRef v && sema.vlaBytes(v.var()) != null) {
            return Sema.load(new Typed.VarRef(sema.vlaBytes(v.var()), s.span()));
        }
        return sizeof(e.type(), s.span());
    }

    private Typed.Expr sizeof(CType t, Span span) {
        if (t instanceof CType.Ref r) {
            t = r.referee();
        }
        return new Typed.IntConst(CType.ULONG, CType.sizeOf(t), span);
    }
}
