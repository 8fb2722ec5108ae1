package webcu.frontend;

import static webcu.frontend.Conversions.classToBool;
import static webcu.frontend.Conversions.conversion;
import static webcu.frontend.Conversions.pointerConversion;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import webcu.diag.DiagKey;
import webcu.diag.Span;

/**
 * The expression half of {@link Sema}: one method per kind of C++ expression, each returning a
 * typed expression with every conversion explicit. Errors are reported and analysis goes on with
 * a harmless substitute of the expected type, so that one mistake gives one message.
 * Literals, names, casts and construction are in {@link PrimarySema}, calls and launches in
 * {@link CallSema}, user-defined conversions in {@link Conversions}; this class holds the
 * dispatcher, folds, operators and overloaded operators.
 */
final class ExprSema extends CallSema {
    ExprSema(Sema sema) {
        super(sema);
    }

    static Typed.Expr analyze(Sema sema, Ast.Expr e) {
        return new ExprSema(sema).expr(e);
    }

    @Override
    Typed.Expr expr(Ast.Expr e) {
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
    @Override
    Typed.Expr builtinOperand(Typed.Expr e, Typed.Expr other, Span span) {
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

    /**
     * The non-member operator functions named {@code name} in the nearest enclosing scope that has
     * any: lookup for an operator skips member functions, so operator!= of the class whose member
     * is being analysed does not hide std's operator!= templates.
     */
    @Override
    List<Sema.FunctionSym> nonMemberOperators(String name) {
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

    /**
     * Calls an overloaded operator: a member of the left operand's class (left becomes this), else
     * a free function taking every operand; null when there is none to call.
     */
    @Override
    Typed.Expr operatorCall(String name, Typed.Expr left, List<Typed.Expr> rest, Span span) {
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
}
