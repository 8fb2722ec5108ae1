package webcu.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostic;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;

/**
 * Virtual functions and dynamic_cast as C++ specifies them, built from switches and direct calls
 * only, so that every backend runs them (WebGPU inlines every call and has no function
 * pointers). Each object of a polymorphic class carries its dynamic class's number in a vptr
 * slot of 8 bytes, where g++ keeps its vtable pointer, so sizeof and the layout of the other
 * fields are g++'s. A constructor stores its class's number after the bases are built and a
 * destructor stores it before its body runs, so a virtual call made while they run reaches their
 * class's function, as C++ says. A virtual call goes through a dispatch function, one per
 * virtual slot, which switches over the numbers of every class that has that slot and calls
 * the class's final overrider with {@code this} moved to the overrider's subobject. Dispatch
 * functions are written after every function body is analysed, when all classes are known.
 */
final class Virtuals {
    /** The name of the hidden field holding the class number. */
    static final String VPTR = "__vptr";

    private final Sema sema;
    /** Polymorphic classes, by number - 1. */
    private final List<CType.Record> classes = new ArrayList<>();
    /** Dispatch functions by the function that introduced the slot. */
    private final Map<Sema.FunctionSym, Sema.FunctionSym> dispatchers = new LinkedHashMap<>();
    /** dynamic_cast functions by "from->to". */
    private final Map<String, Cast> casts = new LinkedHashMap<>();

    private record Cast(CType.Record from, CType.Record to, Sema.FunctionSym fn) {}

    /** One case of a dispatch: the overrider and how far {@code this} moves to reach its subobject. */
    private record Target(Sema.FunctionSym fn, long delta) {}

    Virtuals(Sema sema) {
        this.sema = sema;
    }

    static boolean declaresVirtual(List<Ast.Decl> members) {
        for (Ast.Decl d : members) {
            if (d instanceof Ast.FunctionDecl f && f.specs().isVirtual()) {
                return true;
            }
        }
        return false;
    }

    /** Whether a class without constructors still needs one to construct a base. */
    static boolean baseNeedsConstruction(CType.Record rec) {
        for (CType.Base b : rec.bases) {
            if (!b.record().constructors.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    void register(CType.Record rec) {
        classes.add(rec);
        rec.classId = classes.size();
    }

    /** The slot a member function fills: its name, parameter types and constness; all destructors share one. */
    private static String slot(Sema.FunctionSym m) {
        if (m.name.startsWith("~")) {
            return "~";
        }
        StringBuilder sb = new StringBuilder(m.name).append('(');
        for (int i = m.thisVar != null ? 1 : 0; i < m.params.size(); i++) {
            sb.append(m.params.get(i).type).append(',');
        }
        return sb.append(')').append(m.decl != null && m.decl.constMethod() ? " const" : "").toString();
    }

    /**
     * The class's virtual functions: those of its bases, replaced by the class's own functions of
     * the same slot (which are virtual with or without the keyword), plus those it declares virtual.
     */
    void buildVtable(CType.Record rec, List<Sema.FunctionSym> own) {
        for (CType.Base b : rec.bases) {
            for (Map.Entry<String, Sema.FunctionSym> e : b.record().vtable.entrySet()) {
                rec.vtable.putIfAbsent(e.getKey(), e.getValue());
            }
        }
        for (Sema.FunctionSym m : own) {
            if (m.isConstructor || m.thisVar == null || m.isTemplate || m.decl == null) {
                continue;
            }
            String key = slot(m);
            Sema.FunctionSym overridden = rec.vtable.get(key);
            Ast.Specs sp = m.decl.specs();
            if (overridden != null) {
                if (overridden.isFinal) {
                    Diagnostic d = sema.diags().error(m.span, DiagKey.ERR_OVERRIDES_FINAL, m.name);
                    sema.diags().replaceLast(d.withNote(Diagnostics.note(overridden.span, DiagKey.NOTE_OVERRIDDEN)));
                }
                m.virtualRoot = overridden.virtualRoot;
            } else if (sp.isVirtual()) {
                m.virtualRoot = m;
            } else {
                if (sp.isOverride()) {
                    sema.diags().error(m.span, DiagKey.ERR_OVERRIDES_NOTHING, m.name);
                }
                continue;
            }
            m.slot = key;
            m.isPure = sp.isPure();
            m.isFinal = sp.isFinal();
            rec.vtable.put(key, m);
        }
    }

    /** Reports clang's error, with a note per pure virtual function left, when {@code rec} is abstract. */
    void checkNotAbstract(CType.Record rec, Span span, DiagKey key) {
        List<Sema.FunctionSym> pure = new ArrayList<>();
        for (Sema.FunctionSym f : rec.vtable.values()) {
            if (f.isPure) {
                pure.add(f);
            }
        }
        if (pure.isEmpty()) {
            return;
        }
        Diagnostic d = sema.diags().error(span, key, rec.name);
        for (Sema.FunctionSym f : pure) {
            d = d.withNote(Diagnostics.note(f.span, DiagKey.NOTE_PURE_VIRTUAL, f.name, rec.name));
        }
        sema.diags().replaceLast(d);
    }

    /** Stores the class number of {@code f}'s class in every vptr slot of {@code *this} (constructors and destructors). */
    void setVptr(Sema.FunctionSym f, List<Typed.Stmt> out) {
        CType.Record rec = f.owner;
        if (rec == null || !rec.isPolymorphic() || f.thisVar == null) {
            return;
        }
        for (CType.Field fld : rec.fields) {
            if (fld.name().equals(VPTR)) {
                Typed.Expr self = new Typed.Deref(Sema.load(new Typed.VarRef(f.thisVar, f.span)), rec, f.span);
                Typed.Expr store = new Typed.Assign(new Typed.Member(self, fld, f.span), new Typed.IntConst(CType.ULONG, rec.classId, f.span), f.span);
                out.add(new Typed.ExprStmt(store, f.span));
            }
        }
    }

    /** The class number of the object {@code ptr} points to (a pointer to a polymorphic {@code rec}). */
    private static Typed.Expr classNumber(Typed.Expr ptr, CType.Record rec, Span span) {
        Typed.Expr vptr = new Typed.Member(new Typed.Deref(ptr, rec, span), rec.field(VPTR), span);
        return new Typed.Convert(Sema.load(vptr), CType.INT, span);
    }

    /**
     * A call of virtual function {@code f} found in {@code staticType} on the object {@code thisPtr}
     * points to; {@code args} are already converted to f's parameters.
     */
    Typed.Expr call(Sema.FunctionSym f, Typed.Expr thisPtr, CType.Record staticType, List<Typed.Expr> args, Span span) {
        Sema.FunctionSym root = f.virtualRoot;
        Sema.FunctionSym d = dispatcher(root);
        List<Typed.Expr> all = new ArrayList<>();
        all.add(sema.upcast(thisPtr, staticType, root.owner, span));
        all.addAll(args);
        if (root.result instanceof CType.Ref r) {
            Typed.Expr call = new Typed.Call(d, all, new CType.Ptr(r.referee(), r.constReferee()), span);
            return new Typed.Deref(call, r.referee(), span);
        }
        Typed.Expr call = new Typed.Call(d, all, root.result, span);
        // a covariant result: the overrider's pointer came back as the root's, move it to the static type's
        if (f.result instanceof CType.Ptr fp && fp.pointee() instanceof CType.Record fr && root.result instanceof CType.Ptr rp
                && rp.pointee() instanceof CType.Record rr && fr != rr && Sema.derivesFrom(fr, rr)) {
            return Sema.shift(call, -Sema.baseOffset(fr, rr), f.result, span);
        }
        return call;
    }

    /** The dispatch function of the slot {@code root} introduced: root's signature, body written later. */
    Sema.FunctionSym dispatcher(Sema.FunctionSym root) {
        Sema.FunctionSym d = dispatchers.get(root);
        if (d != null) {
            return d;
        }
        d = new Sema.FunctionSym(root.name, root.span);
        d.owner = root.owner;
        d.space = root.space;
        d.result = root.result;
        for (int i = 0; i < root.params.size(); i++) {
            Typed.Var p = root.params.get(i);
            d.params.add(new Typed.Var(p.name.isEmpty() ? "arg" + i : p.name, p.type, p.span, false, p.isConst, null));
            d.defaults.add(null);
        }
        d.thisVar = d.params.get(0);
        d.irName = sema.newFunction(d, root.owner.name + "::" + root.name + ".dispatch");
        dispatchers.put(root, d);
        return d;
    }

    /** {@code dynamic_cast<to *>(ptr)}, ptr a pointer to the polymorphic {@code from}. */
    Typed.Expr dynamicCast(Typed.Expr ptr, CType.Record from, CType.Record to, Span span) {
        String key = from.classId + "->" + to.name;
        Cast c = casts.get(key);
        if (c == null) {
            Sema.FunctionSym fn = new Sema.FunctionSym("dynamic_cast<" + to.name + " *>", span);
            fn.space = ExecutionSpace.HOST_DEVICE;
            fn.result = new CType.Ptr(to, false);
            fn.params.add(new Typed.Var("p", new CType.Ptr(from, false), span, false, false, null));
            fn.defaults.add(null);
            fn.irName = sema.newFunction(fn, "dynamic_cast<" + to.name + "*>(" + from.name + "*)");
            c = new Cast(from, to, fn);
            casts.put(key, c);
        }
        return new Typed.Call(c.fn(), List.of(new Typed.Convert(ptr, new CType.Ptr(from, false), span)), c.fn().result, span);
    }

    /** Writes (again) the body of every dispatch and cast function over the classes known now. */
    void writeDispatchers() {
        for (Map.Entry<Sema.FunctionSym, Sema.FunctionSym> e : new ArrayList<>(dispatchers.entrySet())) {
            e.getValue().body = dispatchBody(e.getKey(), e.getValue());
        }
        for (Cast c : new ArrayList<>(casts.values())) {
            c.fn().body = castBody(c);
        }
    }

    private Typed.Block dispatchBody(Sema.FunctionSym root, Sema.FunctionSym d) {
        Span span = root.span;
        Map<Target, List<Long>> cases = new LinkedHashMap<>();
        for (CType.Record q : classes) {
            long at = Sema.baseOffset(q, root.owner);
            Sema.FunctionSym o = q.vtable.get(root.slot);
            if (at < 0 || o == null || o.owner == null) {
                continue;
            }
            long delta = Sema.baseOffset(q, o.owner) - at;
            Target t = new Target(o, delta);
            if (o == root && delta == 0) {
                continue; // the default case
            }
            cases.computeIfAbsent(t, k -> new ArrayList<>()).add((long) q.classId);
        }
        List<Typed.Section> sections = new ArrayList<>();
        for (Map.Entry<Target, List<Long>> e : cases.entrySet()) {
            sections.add(new Typed.Section(e.getValue(), false, callAndReturn(root, d, e.getKey(), span)));
        }
        boolean rootDefined = root.decl != null && root.decl.body() != null;
        List<Typed.Stmt> fallback = rootDefined || !root.isPure ? callAndReturn(root, d, new Target(root, 0), span) : pureVirtualCalled(root, d, span);
        sections.add(new Typed.Section(List.of(), true, fallback));
        Typed.Expr self = Sema.load(new Typed.VarRef(d.thisVar, span));
        List<Typed.Stmt> body = new ArrayList<>();
        body.add(new Typed.Switch(classNumber(self, root.owner, span), sections, span));
        return new Typed.Block(body, span);
    }

    private List<Typed.Stmt> callAndReturn(Sema.FunctionSym root, Sema.FunctionSym d, Target t, Span span) {
        Sema.FunctionSym o = t.fn();
        Typed.Expr self = Sema.load(new Typed.VarRef(d.thisVar, span));
        List<Typed.Expr> args = new ArrayList<>();
        args.add(Sema.shift(self, t.delta(), new CType.Ptr(o.owner, false), span));
        for (int i = 1; i < d.params.size(); i++) {
            Typed.Var p = d.params.get(i);
            Typed.Expr ref = new Typed.VarRef(p, span);
            args.add(p.type instanceof CType.Ref r ? new Typed.AddressOf(ref, new CType.Ptr(r.referee(), false), span)
                    : Sema.byAddress(o, p.type) ? new Typed.AddressOf(ref, new CType.Ptr(p.type, false), span) : Sema.load(ref));
        }
        sema.use(o);
        CType rt = o.result instanceof CType.Ref r ? new CType.Ptr(r.referee(), r.constReferee()) : o.result;
        Typed.Expr call = new Typed.Call(o, args, rt, span);
        if (root.result instanceof CType.Void) {
            return List.of(new Typed.ExprStmt(call, span), new Typed.Return(null, span));
        }
        CType want = root.result instanceof CType.Ref r ? new CType.Ptr(r.referee(), r.constReferee()) : root.result;
        if (rt instanceof CType.Ptr a && a.pointee() instanceof CType.Record ar && want instanceof CType.Ptr b
                && b.pointee() instanceof CType.Record br && ar != br && Sema.derivesFrom(ar, br)) {
            call = sema.upcast(call, ar, br, span);
        }
        return List.of(new Typed.Return(call, span));
    }

    /** What libstdc++ does when a pure virtual function is called (from a constructor or destructor). */
    private List<Typed.Stmt> pureVirtualCalled(Sema.FunctionSym root, Sema.FunctionSym d, Span span) {
        List<Typed.Stmt> out = new ArrayList<>();
        Sema.FunctionSym fputs = sema.globalFunction("fputs");
        Sema.FunctionSym abort = sema.globalFunction("abort");
        if (!root.space.onDevice() && fputs != null && abort != null && fputs.params.size() == 2) {
            byte[] msg = "pure virtual method called\nterminate called without an active exception\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            Typed.Expr text = new Typed.Decay(new Typed.StringConst(new CType.Arr(CType.CHAR, msg.length + 1), msg, span), new CType.Ptr(CType.CHAR, true), span);
            Typed.Expr stderr = new Typed.Convert(new Typed.IntConst(CType.LONG, 2, span), fputs.params.get(1).type, span);
            sema.use(fputs);
            sema.use(abort);
            out.add(new Typed.ExprStmt(new Typed.Call(fputs, List.of(text, stderr), fputs.result, span), span));
            out.add(new Typed.ExprStmt(new Typed.Call(abort, List.of(), CType.VOID, span), span));
        }
        CType r = root.result instanceof CType.Ref ref ? new CType.Ptr(ref.referee(), false) : root.result;
        Typed.Expr none = null;
        if (r instanceof CType.Record) {
            // never reached (abort ran), but a function returning a class returns an object
            Typed.Var v = new Typed.Var("unreached", r, span, false, false, null);
            d.locals.add(v);
            none = Sema.load(new Typed.Aggregate(v, List.of(), span));
        } else if (!(r instanceof CType.Void)) {
            none = Sema.zero(r, span);
        }
        out.add(new Typed.Return(none, span));
        return out;
    }

    private Typed.Block castBody(Cast c) {
        Sema.FunctionSym fn = c.fn();
        Span span = fn.span;
        Typed.Var p = fn.params.get(0);
        CType result = fn.result;
        List<Typed.Section> sections = new ArrayList<>();
        for (CType.Record q : classes) {
            long fromAt = Sema.baseOffset(q, c.from());
            long toAt = Sema.baseOffset(q, c.to());
            if (fromAt < 0 || toAt < 0) {
                continue;
            }
            Typed.Expr moved = Sema.shift(Sema.load(new Typed.VarRef(p, span)), toAt - fromAt, result, span);
            sections.add(new Typed.Section(List.of((long) q.classId), false, List.of(new Typed.Return(moved, span))));
        }
        sections.add(new Typed.Section(List.of(), true, List.of(new Typed.Return(new Typed.NullConst(result, span), span))));
        Typed.Expr ptr = Sema.load(new Typed.VarRef(p, span));
        Typed.Expr isNull = new Typed.Binary("==", ptr, new Typed.NullConst(ptr.type(), span), CType.BOOL, span);
        List<Typed.Stmt> body = new ArrayList<>();
        body.add(new Typed.If(isNull, new Typed.Return(new Typed.NullConst(result, span), span), null, span));
        body.add(new Typed.Switch(classNumber(Sema.load(new Typed.VarRef(p, span)), c.from(), span), sections, span));
        return new Typed.Block(body, span);
    }
}
