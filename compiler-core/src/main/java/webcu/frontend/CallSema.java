package webcu.frontend;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;

/**
 * Calls for {@link ExprSema}: free, member, qualified, indirect and destructor calls, the
 * arguments' conversions and where each may be called from (host, device), and kernel launches
 * ({@code <<<...>>>}, directly or through a pointer). Apart from the rest of the expressions
 * because calls and launches are one topic that only the dispatcher and names reach into.
 */
abstract sealed class CallSema extends PrimarySema permits ExprSema {
    CallSema(Sema sema) {
        super(sema);
    }

    // ------------------------------------------------------------ calls

    @Override
    List<Typed.Expr> args(List<Ast.Expr> args) {
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
    Typed.Expr argumentList(Ast.InitList il) {
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
    Typed.Expr bindingElement(Ast.Call c) {
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

    Typed.Expr call(Ast.Call c) {
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
    Typed.Expr qualifiedMemberCall(CType.Record q, String name, Sema.FunctionSym caller, Ast.Call c) {
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
    @Override
    Typed.Expr indirectCall(Typed.Expr callee, Ast.Call c) {
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

    @Override
    Typed.Expr result(Sema.FunctionSym f, List<Typed.Expr> args, Span span) {
        sema.deduceResult(f);
        if (f.result instanceof CType.Ref r) {
            Typed.Expr call = new Typed.Call(f, args, new CType.Ptr(r.referee(), r.constReferee()), span);
            return new Typed.Deref(call, r.referee(), span);
        }
        return new Typed.Call(f, args, f.result, span);
    }

    /** nvcc's execution-space rules: device code calls device functions, host code host functions. */
    @Override
    void checkSpace(Sema.FunctionSym callee, Span span) {
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
    static boolean arityFits(Sema.FunctionSym f, int args) {
        int n = f.params.size() - 1;
        int required = n;
        while (required > 0 && f.defaults.get(required) != null) {
            required--;
        }
        return args >= required && (args <= n || f.variadic);
    }

    /** A call of a value: a function object's operator(), or a function pointer. */
    Typed.Expr callObject(Typed.Expr callee, Ast.Call c) {
        if (isClass(callee.type())) {
            Typed.Expr call = operatorCall("operator()", callee, args(c.args()), c.span());
            if (call != null) {
                return call;
            }
        }
        return indirectCall(sema.rvalue(callee), c);
    }

    Typed.Expr methodCall(Ast.Member m, Ast.Call c) {
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
    Typed.Expr destructorCall(Typed.Expr base, Ast.Member m, Ast.Call c) {
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
    Typed.Expr thisFor(Sema.FunctionSym f, Typed.Expr self, CType.Record rec, Span span) {
        if (f.owner != null && f.owner != rec && Sema.derivesFrom(rec, f.owner)) {
            return sema.upcast(self, rec, f.owner, span);
        }
        return self;
    }

    Typed.Expr launch(Ast.KernelCall k) {
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
    Typed.Expr launchThroughPointer(Ast.KernelCall k) {
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
    Typed.Expr[] launchConfig(Ast.KernelCall k) {
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
    Typed.Expr launchArg(Typed.Expr a, CType pt) {
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

    Typed.Expr launchOf(Sema.FunctionSym kernel, Ast.KernelCall k, List<Typed.Expr> args) {
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
    Typed.Expr dim(Ast.Expr e) {
        Typed.Expr t = sema.rvalue(expr(e));
        if (t.type() instanceof CType.Record r && r.name.equals("dim3")) {
            return t;
        }
        if (t.type() instanceof CType.Record r && r.name.equals("uint3")) {
            return t;
        }
        return sema.convert(t, CType.UINT, e.span(), "arg");
    }
}
