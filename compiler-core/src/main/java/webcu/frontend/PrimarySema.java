package webcu.frontend;

import static webcu.frontend.Conversions.classToBool;
import static webcu.frontend.Conversions.userConversion;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;

/**
 * The base of {@link ExprSema}'s classes: the state they share (Sema, its diagnostics), literals,
 * names and {@code this}, member lookup helpers, casts, construction, initializer lists, new,
 * delete, throw and sizeof. Apart from ExprSema and {@link CallSema} so that no file holds all of
 * C++'s expressions; the abstract methods are what it needs from the classes above it (the
 * expression dispatcher, overloaded operators, calls).
 */
abstract sealed class PrimarySema permits CallSema {
    final Sema sema;
    final Diagnostics diags;

    PrimarySema(Sema sema) {
        this.sema = sema;
        this.diags = sema.diags();
    }

    // Implemented by ExprSema (the dispatcher, overloaded operators) and CallSema (calls).

    abstract Typed.Expr expr(Ast.Expr e);

    abstract Typed.Expr operatorCall(String name, Typed.Expr left, List<Typed.Expr> rest, Span span);

    abstract List<Sema.FunctionSym> nonMemberOperators(String name);

    abstract Typed.Expr builtinOperand(Typed.Expr e, Typed.Expr other, Span span);

    abstract List<Typed.Expr> args(List<Ast.Expr> args);

    abstract void checkSpace(Sema.FunctionSym callee, Span span);

    abstract Typed.Expr indirectCall(Typed.Expr callee, Ast.Call c);

    abstract Typed.Expr result(Sema.FunctionSym f, List<Typed.Expr> args, Span span);

    static boolean isClass(CType t) {
        return t instanceof CType.Record;
    }

    Typed.Expr unsupported(String what, Span span) {
        diags.error(span, DiagKey.ERR_NOT_SUPPORTED, what);
        return new Typed.IntConst(CType.INT, 0, span);
    }

    Typed.Expr bad(Span span) {
        return new Typed.IntConst(CType.INT, 0, span);
    }

    // ------------------------------------------------------------ literals

    Typed.Expr intLiteral(Ast.IntLit i) {
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

    Typed.Expr floatLiteral(Ast.FloatLit f) {
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
    static double parseFloat(String body, double viaDouble) {
        try {
            return Float.parseFloat(body.startsWith("0x") || body.startsWith("0X") ? body + (body.toLowerCase().contains("p") ? "" : "p0") : body);
        } catch (NumberFormatException ex) {
            return (float) viaDouble;
        }
    }

    // ------------------------------------------------------------ names

    /** X<args>::m: a member of a class template's instance, or null when n is not that form. */
    Object templateClassMember(Ast.Name n) {
        if (n.templateArgs().isEmpty() || !n.name().contains("::")) {
            return null;
        }
        return sema.classMember(n.name(), n.templateArgs(), sema.scope(), n.span());
    }

    Typed.Expr name(Ast.Name n) {
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
    Typed.Expr scopedName(Ast.ScopedName sn, Ast.Call call) {
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

    Object lookup(String name) {
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

    static Builtin builtin(String name) {
        return switch (name) {
            case "threadIdx" -> Builtin.THREAD_IDX;
            case "blockIdx" -> Builtin.BLOCK_IDX;
            case "blockDim" -> Builtin.BLOCK_DIM;
            case "gridDim" -> Builtin.GRID_DIM;
            default -> null;
        };
    }

    Typed.Expr self(Span span) {
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
    Typed.Expr outerSelf(Span span) {
        CType.Field captured = Sema.capturedThis(sema.currentFunction());
        if (captured == null) {
            return self(span);
        }
        return Sema.load(new Typed.Member(selfObject(span), captured, span));
    }

    /** {@code *this}, as {@link #outerSelf} means this. */
    Typed.Expr thisObject(Span span) {
        Typed.Expr t = outerSelf(span);
        return t.type() instanceof CType.Ptr p ? new Typed.Deref(t, p.pointee(), span) : t;
    }

    /** The object a member of the current class, or in a lambda of the enclosing class, belongs to. */
    Typed.Expr memberObject(CType.Field f, Span span) {
        Sema.FunctionSym fn = sema.currentFunction();
        if (Sema.capturedThis(fn) != null && !fn.owner.fields.contains(f)) {
            return thisObject(span);
        }
        return selfObject(span);
    }

    Typed.Expr selfObject(Span span) {
        Typed.Expr t = self(span);
        if (!(t.type() instanceof CType.Ptr p)) {
            return t;
        }
        return new Typed.Deref(t, p.pointee(), span);
    }

    /**
     * The object {@code base->} names: a pointer's pointee, or for a class with {@code operator->}
     * (an iterator, a smart pointer) what that returns, applied until a pointer comes back.
     */
    Typed.Expr arrowBase(Typed.Expr base, Span span) {
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

    /** The class a qualifier names in a member access of a {@code context} object: the class itself or one of its bases. */
    /**
     * obj.Base::x: the field x of obj's Base subobject, found among obj's class's fields by where
     * it lies (a field of the same name in the derived class hides it from plain obj.x).
     */
    /** The static data member {@code name} of {@code rec} or of a base, or null. */
    static Object staticMember(CType.Record rec, String name) {
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
    CType.Field ownerField(String name) {
        Sema.FunctionSym f = sema.currentFunction();
        return name.contains("::") && f != null && f.owner != null && f.thisVar != null ? qualifiedField(name, f.owner) : null;
    }

    CType.Field qualifiedField(String name, CType.Record rec) {
        CType.Record q = qualifierClass(name.substring(0, name.lastIndexOf("::")), rec);
        return q == null ? null : Sema.fieldOfBase(rec, q, name.substring(name.lastIndexOf("::") + 2));
    }

    CType.Record qualifierClass(String q, CType.Record context) {
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

    // ------------------------------------------------------------ casts and construction

    Typed.Expr cast(Ast.Cast c) {
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
    Typed.Expr dynamicCast(Typed.Expr e, CType to, Span span) {
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

    Typed.Expr explicitConversion(Typed.Expr e, CType to, Span span) {
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

    Typed.Expr construct(Ast.Construct c) {
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

    Typed.Expr initList(Ast.InitList il) {
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
    Typed.Expr newExpr(Ast.New n) {
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
    Typed.Expr throwExpr(Ast.Throw t) {
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

    Typed.Expr deleteExpr(Ast.Delete d) {
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
    Sema.FunctionSym allocationFunction(CType t, String name, int params) {
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

    Sema.FunctionSym globalAllocation(String name) {
        for (Sema.FunctionSym f : nonMemberOperators(name)) {
            if (f.params.size() == 1 && f.decl != null) {
                return f;
            }
        }
        return null;
    }

    boolean replaced(String name) {
        Sema.FunctionSym f = globalAllocation(name);
        return f != null && !f.decl.span().file().startsWith("<built-in>");
    }

    boolean hostCode() {
        Sema.FunctionSym caller = sema.currentFunction();
        return caller == null || caller.space == ExecutionSpace.HOST;
    }

    /** A library function the language itself needs (malloc for new), declared by the built-in headers. */
    Sema.FunctionSym function(String name, Span span) {
        Object o = sema.scope().lookup(name);
        if (o instanceof List<?> l && !l.isEmpty()) {
            return (Sema.FunctionSym) l.get(0);
        }
        diags.error(span, DiagKey.ERR_UNDECLARED_IDENTIFIER, name + "' (include <cstdlib>) '");
        return null;
    }

    /** sizeof of an expression: its type's size, or for a variable-length array the size it got at run time. */
    Typed.Expr sizeofExpr(Ast.SizeofExpr s) {
        Typed.Expr e = expr(s.operand());
        if (e instanceof Typed.VarRef v && sema.vlaBytes(v.var()) != null) {
            return Sema.load(new Typed.VarRef(sema.vlaBytes(v.var()), s.span()));
        }
        return sizeof(e.type(), s.span());
    }

    Typed.Expr sizeof(CType t, Span span) {
        if (t instanceof CType.Ref r) {
            t = r.referee();
        }
        return new Typed.IntConst(CType.ULONG, CType.sizeOf(t), span);
    }
}
