package webcu.frontend;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.CompileError;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostic;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.frontend.Ast.TypeNode;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;

/**
 * Semantic analysis: resolves names and types, applies C++'s conversions (integer promotions,
 * usual arithmetic conversions, array decay, lvalue-to-rvalue), picks overloads, instantiates
 * function templates on use, evaluates constant expressions, checks execution spaces and kernel
 * launches, and builds the {@link Typed} tree. Function bodies are analysed after all
 * declarations of the translation unit, so a class's methods see all its members.
 */
public final class Sema {
    /** A function, method, constructor or template instantiation. */
    public static final class FunctionSym {
        public final String name;
        public String irName;
        public CType result;
        public final List<Typed.Var> params = new ArrayList<>();
        public final List<Ast.Expr> defaults = new ArrayList<>();
        public boolean variadic;
        public ExecutionSpace space;
        public final Span span;
        public Ast.FunctionDecl decl;
        public Typed.Block body;
        public CType.Record owner;
        public boolean isConstructor;
        public Typed.Var thisVar;
        /** For templates: the declaration scope; instantiations by argument list. */
        public boolean isTemplate;
        Scope declScope;
        final Map<String, FunctionSym> instances = new HashMap<>();
        Map<String, Object> bindings = Map.of();
        public final List<Typed.Var> locals = new ArrayList<>();
        boolean templateInstance;

        FunctionSym(String name, Span span) {
            this.name = name;
            this.span = span;
        }

        boolean isTemplateInstance() {
            return templateInstance;
        }

        public boolean isExternal() {
            return body == null && (decl == null || decl.body() == null) && !isTemplate;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** An enumerator: a named constant of its enum's type. */
    record EnumConst(long value, CType type) {}

    /** A class template: its declaration and the scope it was declared in; instances by arguments. */
    static final class ClassTemplate {
        final Ast.RecordDecl decl;
        final Scope scope;
        final Map<String, CType.Record> instances = new HashMap<>();

        ClassTemplate(Ast.RecordDecl decl, Scope scope) {
            this.decl = decl;
            this.scope = scope;
        }
    }

    /** A lexical scope: names to Var, FunctionSym lists, CType, EnumConst, ClassTemplate, or template value bindings (Long). */
    static final class Scope {
        final Scope parent;
        final Map<String, Object> names = new HashMap<>();

        Scope(Scope parent) {
            this.parent = parent;
        }

        Object lookup(String name) {
            for (Scope s = this; s != null; s = s.parent) {
                Object o = s.names.get(name);
                if (o != null) {
                    return o;
                }
            }
            return null;
        }
    }

    /** The program after analysis: its functions with bodies (and externals) and globals. */
    public record Program(List<FunctionSym> functions, List<Typed.Var> globals, List<FunctionSym> addressTaken) {}

    private final List<FunctionSym> addressTaken = new ArrayList<>();

    /** A function whose address is taken; calls through pointers dispatch over these. */
    void takeAddress(FunctionSym f) {
        use(f);
        if (!addressTaken.contains(f)) {
            addressTaken.add(f);
        }
    }

    static CType.Fn signatureOf(FunctionSym f) {
        List<CType> ps = new ArrayList<>();
        for (Typed.Var p : f.params) {
            ps.add(p.type);
        }
        return new CType.Fn(f.result, ps, f.variadic);
    }

    private final Diagnostics diags;
    private final Scope global = new Scope(null);
    private final List<FunctionSym> functions = new ArrayList<>();
    private final List<Typed.Var> globals = new ArrayList<>();
    private final ArrayDeque<FunctionSym> pendingBodies = new ArrayDeque<>();
    private final Map<String, Integer> irNames = new HashMap<>();

    // state while analysing a function body
    private FunctionSym fn;
    private Scope scope;
    private int loopDepth;
    private int switchDepth;
    private int tempCount;

    public Sema(Diagnostics diags) {
        this.diags = diags;
        scope = global;
    }

    // ================================================================= entry

    public Program analyze(List<Ast.TranslationUnit> units) {
        try {
            for (Ast.TranslationUnit tu : units) {
                for (Ast.Decl d : tu.decls()) {
                    topLevel(d, global, null);
                }
            }
            while (!pendingBodies.isEmpty()) {
                analyzeBody(pendingBodies.poll());
            }
        } catch (CompileError e) {
            // error limit reached
        }
        return new Program(functions, globals, addressTaken);
    }

    private String uniqueIrName(String base) {
        int n = irNames.merge(base, 1, Integer::sum);
        return n == 1 ? base : base + "." + n;
    }

    // ================================================================= declarations

    private void topLevel(Ast.Decl d, Scope s, String namespace) {
        switch (d) {
            case Ast.NamespaceDecl ns -> {
                for (Ast.Decl inner : ns.decls()) {
                    topLevel(inner, s, ns.name());
                }
            }
            case Ast.UsingNamespace u -> { }
            case Ast.UsingDecl u -> {
                Object o = lookupQualified(s, u.name());
                String simple = simpleName(u.name());
                if (o != null && s.names.get(simple) == null) {
                    s.names.put(simple, o);
                }
            }
            case Ast.DeclGroup g -> {
                for (Ast.Decl x : g.decls()) {
                    topLevel(x, s, namespace);
                }
            }
            case Ast.FunctionDecl f -> declareFunction(f, s, null, namespace);
            case Ast.VarDecl v -> declareGlobal(v, s, namespace);
            case Ast.TypedefDecl t -> declare(s, t.name(), resolveType(t.type(), s), namespace);
            case Ast.RecordDecl r -> declareRecord(r, s, namespace);
            case Ast.EnumDecl e -> declareEnum(e, s, namespace);
            case Ast.StaticAssert sa -> staticAssert(sa, s);
        }
    }

    private void declare(Scope s, String name, Object what, String namespace) {
        if (what instanceof FunctionSym f) {
            @SuppressWarnings("unchecked")
            List<FunctionSym> set = s.names.get(name) instanceof List<?> l ? (List<FunctionSym>) l : null;
            if (set == null) {
                set = new ArrayList<>();
                s.names.put(name, set);
            }
            set.add(f);
            if (namespace != null && !namespace.isEmpty() && s.names.get(namespace + "::" + name) != set) {
                s.names.put(namespace + "::" + name, set);
            }
            return;
        }
        s.names.put(name, what);
        if (namespace != null && !namespace.isEmpty()) {
            s.names.put(namespace + "::" + name, what);
        }
    }

    private static String simpleName(String q) {
        int k = q.lastIndexOf("::");
        return k < 0 ? q : q.substring(k + 2);
    }

    private Object lookupQualified(Scope s, String name) {
        Object o = s.lookup(name);
        if (o == null && name.startsWith("::")) {
            o = s.lookup(name.substring(2));
        }
        if (o == null && name.contains("::")) {
            o = memberOfQualifier(s, name);
        }
        if (o == null && name.contains("::")) {
            o = s.lookup(simpleName(name));
        }
        return o;
    }

    /** A static member or nested type named through its class, a typedef of it or a namespace: std::ios::fixed. */
    static Object memberOfQualifier(Scope s, String name) {
        int k = name.lastIndexOf("::");
        Object q = k > 0 ? s.lookup(name.substring(0, k)) : null;
        if (q == null && k > 5 && name.startsWith("std::")) {
            q = s.lookup(name.substring(5, k));
        }
        return q instanceof CType.Record r ? s.lookup(r.name + "::" + name.substring(k + 2)) : null;
    }

    private void staticAssert(Ast.StaticAssert sa, Scope s) {
        Scope save = scope;
        scope = s;
        Long v = constant(sa.cond());
        scope = save;
        if (v != null && v == 0) {
            diags.error(sa.span(), DiagKey.ERR_PP_ERROR, "static assertion failed" + (sa.message().isEmpty() ? "" : ": " + sa.message().replace("\"", "")));
        }
    }

    private void declareGlobal(Ast.VarDecl v, Scope s, String namespace) {
        Scope save = scope;
        scope = s;
        try {
            CType t = resolveType(v.type(), s);
            boolean isConst = v.type() instanceof Ast.ConstType;
            Ast.Specs sp = v.specs();
            String space = sp.shared() ? "shared" : sp.constant() ? "constant" : sp.device() ? "device" : "host";
            if (t instanceof CType.Arr a && a.count() < 0 && v.init() instanceof Ast.InitList il) {
                t = new CType.Arr(a.element(), il.items().size());
            } else if (t instanceof CType.Arr a && a.count() < 0 && v.init() instanceof Ast.StringLit str) {
                t = new CType.Arr(a.element(), str.bytes().length + 1);
            }
            Object prev = s.names.get(v.name());
            if (prev instanceof Typed.Var pv && pv.isGlobal && (sp.isExtern() || v.init() == null)) {
                return; // a redeclaration (extern int x; int x;)
            }
            Typed.Var var = new Typed.Var(v.name(), t, v.span(), true, isConst || sp.isConstexpr(), space);
            var.dynamicShared = sp.shared() && sp.isExtern() && t instanceof CType.Arr a && a.count() < 0;
            if (v.init() != null) {
                // a global's initializer is analysed outside any function (static locals too)
                FunctionSym saveFn = fn;
                fn = null;
                try {
                    var.globalInit = initializer(v.init(), t, v.span(), var);
                } finally {
                    fn = saveFn;
                }
                if ((isConst || sp.isConstexpr()) && CType.isInteger(t)) {
                    var.constValue = constant(v.init());
                }
            }
            declare(s, v.name(), var, namespace);
            globals.add(var);
        } finally {
            scope = save;
        }
    }

    private ExecutionSpace spaceOf(Ast.Specs sp) {
        if (sp.global()) {
            return ExecutionSpace.KERNEL;
        }
        if (sp.device() && sp.host()) {
            return ExecutionSpace.HOST_DEVICE;
        }
        if (sp.device()) {
            return ExecutionSpace.DEVICE;
        }
        return ExecutionSpace.HOST;
    }

    private FunctionSym declareFunction(Ast.FunctionDecl f, Scope s, CType.Record owner, String namespace) {
        // A method defined outside its class: Owner::name
        if (owner == null && f.owner() != null) {
            Object o = lookupQualified(s, f.owner());
            if (o instanceof CType.Record r) {
                for (FunctionSym m : f.result() == null ? r.constructors : r.methods) {
                    if (m.name.equals(f.name()) && m.params.size() - (m.thisVar != null ? 1 : 0) == f.params().size() && m.decl.body() == null) {
                        m.decl = f;
                        pendingBodies.add(m);
                        return m;
                    }
                }
                owner = r;
            }
        }
        FunctionSym sym = new FunctionSym(f.name(), f.span());
        sym.decl = f;
        sym.owner = owner;
        sym.isConstructor = f.result() == null && owner != null && !f.name().startsWith("~");
        sym.space = spaceOf(f.specs());
        if (sym.space == ExecutionSpace.HOST && owner != null && owner.name.equals("dim3")) {
            sym.space = ExecutionSpace.HOST_DEVICE;
        }
        sym.declScope = s;
        if (!f.templateParams().isEmpty()) {
            sym.isTemplate = true;
            declare(s, f.name(), sym, namespace);
            return sym;
        }
        signature(sym, s);
        // A redeclaration of a function already declared: keep the first, attach the body.
        Object prev = s.names.get(f.name());
        if (prev instanceof List<?> set && owner == null) {
            for (Object o : set) {
                FunctionSym other = (FunctionSym) o;
                if (!other.isTemplate && sameParams(other, sym)) {
                    if (f.body() != null) {
                        if (other.decl.body() != null) {
                            diags.error(f.span(), DiagKey.ERR_REDEFINITION, f.name());
                            return other;
                        }
                        other.decl = f;
                        other.params.clear();
                        other.params.addAll(sym.params);
                        pendingBodies.add(other);
                    }
                    return other;
                }
            }
        }
        sym.irName = uniqueIrName(owner != null ? owner.name + "::" + f.name() : f.name());
        functions.add(sym);
        // the built-in headers define hundreds of inline functions: analyse those only when used
        if (f.body() != null && !f.span().file().startsWith("<built-in>")) {
            pendingBodies.add(sym);
        }
        if (owner == null) {
            declare(s, f.name(), sym, namespace);
        }
        if (sym.space == ExecutionSpace.KERNEL && !(sym.result instanceof CType.Void)) {
            diags.error(f.span(), DiagKey.ERR_KERNEL_RETURN);
        }
        if (sym.space == ExecutionSpace.KERNEL) {
            for (Typed.Var p : sym.params) {
                if (p.type instanceof CType.Ref r) {
                    diags.error(p.span, DiagKey.ERR_KERNEL_REFERENCE, r);
                }
            }
        }
        return sym;
    }

    private static boolean sameParams(FunctionSym a, FunctionSym b) {
        if (a.params.size() != b.params.size() || a.variadic != b.variadic) {
            return false;
        }
        for (int i = 0; i < a.params.size(); i++) {
            if (!sameType(a.params.get(i).type, b.params.get(i).type)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameType(CType a, CType b) {
        if (a instanceof CType.Ptr pa && b instanceof CType.Ptr pb) {
            return sameType(pa.pointee(), pb.pointee());
        }
        if (a instanceof CType.Ref ra && b instanceof CType.Ref rb) {
            return sameType(ra.referee(), rb.referee());
        }
        return a.equals(b);
    }

    /** Resolves a function's result and parameter types in scope {@code s} (template bindings included). */
    private void signature(FunctionSym sym, Scope s) {
        Ast.FunctionDecl f = sym.decl;
        sym.result = f.result() == null ? CType.VOID : resolveType(f.result(), s);
        if (sym.result instanceof CType.Record r && f.result() == null) {
            sym.result = CType.VOID;
        }
        if (sym.owner != null && !f.specs().isStatic()) {
            sym.thisVar = new Typed.Var("this", new CType.Ptr(sym.owner, f.constMethod()), f.span(), false, true, null);
            sym.params.add(sym.thisVar);
            sym.defaults.add(null);
        }
        for (Ast.Param p : f.params()) {
            CType t = resolveType(p.type(), s);
            if (t instanceof CType.Arr a) {
                t = new CType.Ptr(a.element(), false);
            }
            boolean isConst = p.type() instanceof Ast.ConstType;
            sym.params.add(new Typed.Var(p.name() == null ? "" : p.name(), t, p.span(), false, isConst, null));
            sym.defaults.add(p.defaultValue());
        }
        sym.variadic = f.variadic();
    }

    private void declareRecord(Ast.RecordDecl r, Scope s, String namespace) {
        if (!r.templateParams().isEmpty()) {
            declare(s, r.name(), new ClassTemplate(r, s), namespace);
            return;
        }
        Object prev = s.names.get(r.name());
        if (prev == null && !r.complete() && s.lookup(r.name()) instanceof CType.Record) {
            // 'struct P *p;' in a function names the file's P (the parser declares the record
            // it mentions); a struct nowhere declared yet is declared here
            return;
        }
        CType.Record rec;
        if (prev instanceof CType.Record pr && !pr.complete) {
            rec = pr;
        } else if (prev instanceof CType.Record pr && !r.complete()) {
            return;
        } else {
            rec = new CType.Record(r.name(), r.kind().equals("union"));
            declare(s, r.name(), rec, namespace);
        }
        if (r.complete()) {
            completeRecord(rec, r, s);
        }
    }

    private void completeRecord(CType.Record rec, Ast.RecordDecl r, Scope outer) {
        Scope s = new Scope(outer);
        s.names.put(r.name(), rec);
        s.names.put(simpleName(r.name()), rec);
        long offset = 0;
        int align = Math.max(1, r.alignAs());
        long size = 0;
        List<Ast.Decl> methods = new ArrayList<>();
        List<Ast.Decl> members = new ArrayList<>();
        for (Ast.Decl d : r.members()) {
            if (d instanceof Ast.DeclGroup g) {
                members.addAll(g.decls());
            } else {
                members.add(d);
            }
        }
        for (TypeNode base : r.bases()) {
            CType bt = resolveType(base, s);
            if (bt instanceof CType.Record br) {
                rec.bases.add(br);
                for (CType.Field f : br.fields) {
                    rec.fields.add(new CType.Field(f.name(), f.type(), f.offset(), rec.fields.size()));
                }
                rec.methods.addAll(br.methods);
                offset = br.size;
                align = Math.max(align, br.align);
            }
        }
        for (Ast.Decl d : members) {
            switch (d) {
                case Ast.VarDecl v -> {
                    if (v.specs().isStatic()) {
                        declareGlobal(v, s, null);
                        Object g = s.names.get(v.name());
                        outer.names.put(rec.name + "::" + v.name(), g);
                        continue;
                    }
                    CType t = resolveType(v.type(), s);
                    int a = CType.alignOf(t);
                    long sz = CType.sizeOf(t);
                    if (rec.isUnion) {
                        rec.fields.add(new CType.Field(v.name(), t, 0, rec.fields.size()));
                        size = Math.max(size, sz);
                    } else {
                        offset = (offset + a - 1) / a * a;
                        rec.fields.add(new CType.Field(v.name(), t, offset, rec.fields.size()));
                        offset += sz;
                    }
                    align = Math.max(align, a);
                }
                case Ast.FunctionDecl f -> methods.add(f);
                case Ast.TypedefDecl t -> {
                    CType tt = resolveType(t.type(), s);
                    s.names.put(t.name(), tt);
                    outer.names.put(rec.name + "::" + t.name(), tt); // std::ios_base::fmtflags
                }
                case Ast.RecordDecl nested -> {
                    declareRecord(nested, s, null);
                    outer.names.put(rec.name + "::" + nested.name(), s.names.get(nested.name()));
                }
                case Ast.EnumDecl e -> declareEnum(e, s, null);
                case Ast.StaticAssert sa -> staticAssert(sa, s);
                default -> { }
            }
        }
        if (!rec.isUnion) {
            size = offset;
        }
        size = (size + align - 1) / align * align;
        if (size == 0) {
            size = 1;
        }
        rec.size = size;
        rec.align = align;
        rec.complete = true;
        for (Ast.Decl d : methods) {
            Ast.FunctionDecl f = (Ast.FunctionDecl) d;
            FunctionSym m = declareFunction(f, s, rec, null);
            if (f.name().startsWith("~")) {
                rec.destructor = m;
                continue;
            }
            if (m.owner == rec && (m.isConstructor ? !rec.constructors.contains(m) : !rec.methods.contains(m))) {
                (m.isConstructor ? rec.constructors : rec.methods).add(m);
            }
            if (m.owner == rec && !m.isConstructor && f.specs().isStatic()) {
                // static members are called as Class::name(...)
                declare(outer, rec.name + "::" + f.name(), m, null);
            }
        }
    }

    private void declareEnum(Ast.EnumDecl e, Scope s, String namespace) {
        CType.Int under = CType.INT;
        if (e.underlying() != null && resolveType(e.underlying(), s) instanceof CType.Int i) {
            under = i;
        }
        CType.Enum en = new CType.Enum(e.name(), under, e.scoped());
        declare(s, e.name(), en, namespace);
        long next = 0;
        Scope save = scope;
        scope = s;
        for (Ast.Enumerator x : e.enumerators()) {
            if (x.value() != null) {
                Long v = constant(x.value());
                next = v == null ? next : v;
            }
            EnumConst c = new EnumConst(next, en);
            if (e.scoped()) {
                s.names.put(e.name() + "::" + x.name(), c);
            } else {
                declare(s, x.name(), c, namespace);
                s.names.put(e.name() + "::" + x.name(), c);
            }
            next++;
        }
        scope = save;
    }

    // ================================================================= types

    CType resolveType(TypeNode t, Scope s) {
        switch (t) {
            case Ast.BuiltinType b -> {
                return switch (b.name()) {
                    case "void" -> CType.VOID;
                    case "bool" -> CType.BOOL;
                    case "char" -> CType.CHAR;
                    case "signed char" -> CType.SCHAR;
                    case "unsigned char" -> CType.UCHAR;
                    case "short" -> CType.SHORT;
                    case "unsigned short" -> CType.USHORT;
                    case "int" -> CType.INT;
                    case "unsigned int" -> CType.UINT;
                    case "long" -> CType.LONG;
                    case "unsigned long" -> CType.ULONG;
                    case "long long" -> CType.LLONG;
                    case "unsigned long long" -> CType.ULLONG;
                    case "float" -> CType.FLOAT;
                    case "double", "long double" -> CType.DOUBLE;
                    default -> CType.INT;
                };
            }
            case Ast.ConstType c -> {
                return resolveType(c.inner(), s);
            }
            case Ast.PointerType p -> {
                return new CType.Ptr(resolveType(p.pointee(), s), p.constPointee());
            }
            case Ast.ReferenceType r -> {
                return new CType.Ref(resolveType(r.referee(), s), r.constReferee());
            }
            case Ast.ArrayType a -> {
                CType el = resolveType(a.element(), s);
                long n = -1;
                if (a.size() != null) {
                    Scope save = scope;
                    scope = s;
                    Long v = constant(a.size());
                    scope = save;
                    if (v == null) {
                        diags.error(a.size().span(), DiagKey.ERR_NOT_CONSTANT);
                        v = 1L;
                    }
                    n = v;
                }
                return new CType.Arr(el, n);
            }
            case Ast.FunctionType f -> {
                List<CType> ps = new ArrayList<>();
                for (Ast.Param p : f.params()) {
                    ps.add(resolveType(p.type(), s));
                }
                return new CType.Fn(resolveType(f.result(), s), ps, f.variadic());
            }
            case Ast.InlineRecordType r -> {
                declareRecord(r.decl(), s, null);
                return (CType) s.lookup(r.decl().name());
            }
            case Ast.InlineEnumType e -> {
                declareEnum(e.decl(), s, null);
                return (CType) s.lookup(e.decl().name());
            }
            case Ast.AutoType a -> {
                return null;
            }
            case Ast.DecltypeType d -> {
                Scope save = scope;
                scope = s;
                Typed.Expr e = expr(d.expr());
                scope = save;
                return e.type();
            }
            case Ast.NamedType n -> {
                Object o = lookupQualified(s, n.name());
                if (o instanceof CType c) {
                    return c;
                }
                if (o instanceof ClassTemplate ct) {
                    return instantiateClass(ct, n, s);
                }
                if (o == null && n.name().equals("std::nullptr_t") || n.name().equals("nullptr_t")) {
                    return CType.NULLPTR;
                }
                diags.error(n.span(), DiagKey.ERR_UNKNOWN_TYPE, n.name());
                return CType.INT;
            }
        }
    }

    private CType instantiateClass(ClassTemplate ct, Ast.NamedType n, Scope s) {
        List<Ast.TemplateParam> tps = ct.decl.templateParams();
        Scope inst = new Scope(ct.scope);
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < tps.size(); i++) {
            Ast.TemplateParam tp = tps.get(i);
            Ast.TemplateArg arg = i < n.args().size() ? n.args().get(i) : tp.defaultArg();
            if (arg == null) {
                diags.error(n.span(), DiagKey.ERR_NO_MATCHING_FUNCTION, n.name());
                return CType.INT;
            }
            Object bound = bindArg(tp, arg, s);
            inst.names.put(tp.name(), bound);
            key.append(bound).append(',');
        }
        CType.Record rec = ct.instances.get(key.toString());
        if (rec != null) {
            return rec;
        }
        String name = ct.decl.name() + "<" + key.substring(0, Math.max(0, key.length() - 1)) + ">";
        rec = new CType.Record(name, ct.decl.kind().equals("union"));
        ct.instances.put(key.toString(), rec);
        inst.names.put(ct.decl.name(), rec);
        completeRecord(rec, ct.decl, inst);
        return rec;
    }

    private Object bindArg(Ast.TemplateParam tp, Ast.TemplateArg arg, Scope s) {
        if (tp.isType()) {
            if (arg.type() != null) {
                return resolveType(arg.type(), s);
            }
            if (arg.value() instanceof Ast.Name nm && lookupQualified(s, nm.name()) instanceof CType c) {
                return c;
            }
            return CType.INT;
        }
        Scope save = scope;
        scope = s;
        Long v = arg.value() != null ? constant(arg.value()) : null;
        if (v == null && arg.type() instanceof Ast.NamedType nt) {
            v = constant(new Ast.Name(nt.name(), List.of(), nt.span()));
        }
        scope = save;
        if (v == null) {
            diags.error(tp.span(), DiagKey.ERR_NOT_CONSTANT);
            v = 0L;
        }
        return v;
    }

    // ================================================================= function bodies

    private void analyzeBody(FunctionSym f) {
        Ast.FunctionDecl d = f.decl;
        if (d.body() == null || f.body != null) {
            return;
        }
        FunctionSym saveFn = fn;
        Scope saveScope = scope;
        int saveLoops = loopDepth;
        int saveSwitches = switchDepth;
        loopDepth = 0;
        switchDepth = 0;
        List<List<Typed.Var>> saveDtors = dtorScopes;
        List<Integer> saveBreaks = breakDepths;
        List<Integer> saveContinues = continueDepths;
        dtorScopes = new ArrayList<>();
        breakDepths = new ArrayList<>();
        continueDepths = new ArrayList<>();
        fn = f;
        scope = new Scope(f.declScope != null ? f.declScope : global);
        if (f.owner != null) {
            scope = new Scope(scope);
            for (CType.Field fld : f.owner.fields) {
                scope.names.put(fld.name(), fld);
            }
            for (FunctionSym m : f.owner.methods) {
                declare(scope, m.name, m, null);
            }
        }
        for (Map.Entry<String, Object> b : f.bindings.entrySet()) {
            scope.names.put(b.getKey(), b.getValue());
        }
        for (Typed.Var p : f.params) {
            if (!p.name.isEmpty()) {
                scope.names.put(p.name, p);
            }
        }
        List<Typed.Stmt> stmts = new ArrayList<>();
        if (f.isConstructor) {
            constructorInits(f, stmts);
        }
        Typed.Block body = block(d.body(), stmts);
        f.body = body;
        if (f.result == null) {
            f.result = CType.VOID;
        }
        fn = saveFn;
        scope = saveScope;
        loopDepth = saveLoops;
        switchDepth = saveSwitches;
        dtorScopes = saveDtors;
        breakDepths = saveBreaks;
        continueDepths = saveContinues;
    }

    /** Member initialisers of a constructor, in field order as C++ runs them. */
    private void constructorInits(FunctionSym f, List<Typed.Stmt> out) {
        Typed.Expr self = new Typed.Deref(load(new Typed.VarRef(f.thisVar, f.span)), f.owner, f.span);
        for (Ast.MemberInit mi : f.decl.memberInits()) {
            CType.Field fld = f.owner.field(mi.name());
            if (fld == null) {
                diags.error(mi.span(), DiagKey.ERR_NO_MEMBER, mi.name(), f.owner.name);
                continue;
            }
            Typed.Expr target = new Typed.Member(self, fld, mi.span());
            if (fld.type() instanceof CType.Record rec && !rec.constructors.isEmpty()) {
                // name_("text"), buf_(n, 'x'), owner_(other): the member's own constructor runs on it
                List<Typed.Expr> typedArgs = new ArrayList<>();
                for (Ast.Expr a : mi.args()) {
                    typedArgs.add(expr(a));
                }
                FunctionSym ctor = resolveOverload(rec.name, rec.constructors, typedArgs, mi.span(), true);
                if (ctor != null) {
                    List<Typed.Expr> args = callArgs(ctor, typedArgs, mi.span(), 1);
                    args.add(0, addressOf(target, mi.span()));
                    out.add(new Typed.ExprStmt(new Typed.Call(ctor, args, CType.VOID, mi.span()), mi.span()));
                }
                continue;
            }
            if (mi.args().size() == 1 && fld.type() instanceof CType.Record rec) {
                Typed.Expr src = expr(mi.args().get(0));
                if (src.type() == rec && memberwiseAssign(target, src, rec, mi.span()) instanceof Typed.Expr copy) {
                    out.add(new Typed.ExprStmt(copy, mi.span()));
                    continue;
                }
            }
            if (mi.args().size() == 1) {
                out.add(new Typed.ExprStmt(new Typed.Assign(target, convert(rvalue(expr(mi.args().get(0))), fld.type(), mi.span(), "init"), mi.span()), mi.span()));
            } else if (mi.args().isEmpty()) {
                if (CType.isScalar(fld.type())) {
                    out.add(new Typed.ExprStmt(new Typed.Assign(target, zero(fld.type(), mi.span()), mi.span()), mi.span()));
                }
            }
        }
    }

    private Typed.Block block(Ast.Compound c, List<Typed.Stmt> prefix) {
        Scope save = scope;
        scope = new Scope(scope);
        dtorScopes.add(new ArrayList<>());
        List<Typed.Stmt> out = new ArrayList<>(prefix);
        for (Ast.Stmt s : c.stmts()) {
            stmt(s, out);
        }
        endDtorScope(out, c.span());
        scope = save;
        return new Typed.Block(out, c.span());
    }

    private Typed.Stmt single(Ast.Stmt s) {
        Scope save = scope;
        scope = new Scope(scope);
        dtorScopes.add(new ArrayList<>());
        List<Typed.Stmt> out = new ArrayList<>();
        stmt(s, out);
        endDtorScope(out, s.span());
        scope = save;
        return out.size() == 1 ? out.get(0) : new Typed.Block(out, s.span());
    }

    // ---- destructors: objects with a destructor are destroyed, in reverse order, when their scope ends

    /** Per open block, the local objects whose destructor runs when it ends. */
    private List<List<Typed.Var>> dtorScopes = new ArrayList<>();
    /** The dtorScopes depth outside the innermost loop or switch (break) and loop (continue). */
    private List<Integer> breakDepths = new ArrayList<>();
    private List<Integer> continueDepths = new ArrayList<>();

    private void endDtorScope(List<Typed.Stmt> out, Span span) {
        List<Typed.Var> objects = dtorScopes.remove(dtorScopes.size() - 1);
        boolean jumped = !out.isEmpty() && (out.get(out.size() - 1) instanceof Typed.Return || out.get(out.size() - 1) instanceof Typed.Break
                || out.get(out.size() - 1) instanceof Typed.Continue);
        if (!jumped) {
            destroy(objects, out, span);
        }
    }

    private void destroy(List<Typed.Var> objects, List<Typed.Stmt> out, Span span) {
        for (int i = objects.size() - 1; i >= 0; i--) {
            Typed.Var v = objects.get(i);
            FunctionSym d = ((CType.Record) v.type).destructor;
            v.addressTaken = true;
            out.add(new Typed.ExprStmt(new Typed.Call(d, List.of(new Typed.AddressOf(new Typed.VarRef(v, span), new CType.Ptr(v.type, false), span)),
                    CType.VOID, span), span));
        }
    }

    /** Destructor calls for every scope a jump leaves, innermost first. */
    private void destroyDownTo(int depth, List<Typed.Stmt> out, Span span) {
        for (int k = dtorScopes.size() - 1; k >= depth; k--) {
            destroy(dtorScopes.get(k), out, span);
        }
    }

    private void enterBreakable(boolean loop) {
        breakDepths.add(dtorScopes.size());
        if (loop) {
            continueDepths.add(dtorScopes.size());
        }
    }

    private void leaveBreakable(boolean loop) {
        breakDepths.remove(breakDepths.size() - 1);
        if (loop) {
            continueDepths.remove(continueDepths.size() - 1);
        }
    }

    private void stmt(Ast.Stmt s, List<Typed.Stmt> out) {
        switch (s) {
            case Ast.Compound c -> out.add(block(c, List.of()));
            case Ast.ExprStmt e -> {
                Typed.Expr x = expr(e.expr());
                if (x instanceof Typed.Call call && call.function().isExternal() && call.function().name.equals("__syncthreads")) {
                    out.add(new Typed.Barrier(e.span()));
                } else {
                    out.add(new Typed.ExprStmt(x, e.span()));
                }
            }
            case Ast.DeclStmt d -> {
                for (Ast.Decl x : d.decls()) {
                    localDecl(x, out);
                }
            }
            case Ast.If i -> {
                Scope save = scope;
                scope = new Scope(scope);
                if (i.init() != null) {
                    stmt(i.init(), out);
                }
                Typed.Expr cond = condition(i.cond());
                if (i.constexpr()) {
                    Long v = constant(i.cond());
                    if (v != null) {
                        Ast.Stmt chosen = v != 0 ? i.then() : i.otherwise();
                        if (chosen != null) {
                            out.add(single(chosen));
                        }
                        scope = save;
                        return;
                    }
                }
                Typed.Stmt then = single(i.then());
                Typed.Stmt otherwise = i.otherwise() == null ? null : single(i.otherwise());
                out.add(new Typed.If(cond, then, otherwise, i.span()));
                scope = save;
            }
            case Ast.While w -> {
                Typed.Expr cond = condition(w.cond());
                loopDepth++;
                enterBreakable(true);
                Typed.Stmt body = single(w.body());
                leaveBreakable(true);
                loopDepth--;
                out.add(new Typed.Loop(cond, body, null, false, w.span()));
            }
            case Ast.DoWhile dw -> {
                loopDepth++;
                enterBreakable(true);
                Typed.Stmt body = single(dw.body());
                leaveBreakable(true);
                loopDepth--;
                out.add(new Typed.Loop(condition(dw.cond()), body, null, true, dw.span()));
            }
            case Ast.For f -> {
                Scope save = scope;
                scope = new Scope(scope);
                List<Typed.Stmt> inner = new ArrayList<>();
                if (f.init() != null) {
                    stmt(f.init(), inner);
                }
                Typed.Expr cond = f.cond() == null ? null : condition(f.cond());
                Typed.Expr step = f.step() == null ? null : expr(f.step());
                loopDepth++;
                enterBreakable(true);
                Typed.Stmt body = single(f.body());
                leaveBreakable(true);
                loopDepth--;
                inner.add(new Typed.Loop(cond, body, step, false, f.span()));
                scope = save;
                out.add(new Typed.Block(inner, f.span()));
            }
            case Ast.RangeFor rf -> out.add(rangeFor(rf));
            case Ast.Switch sw -> out.add(switchStmt(sw));
            case Ast.Case c -> diags.error(c.span(), DiagKey.ERR_BREAK_OUTSIDE, "case");
            case Ast.Default d -> diags.error(d.span(), DiagKey.ERR_BREAK_OUTSIDE, "default");
            case Ast.Break b -> {
                if (loopDepth == 0 && switchDepth == 0) {
                    diags.error(b.span(), DiagKey.ERR_BREAK_OUTSIDE, "break");
                } else if (!breakDepths.isEmpty()) {
                    destroyDownTo(breakDepths.get(breakDepths.size() - 1), out, b.span());
                }
                out.add(new Typed.Break(b.span()));
            }
            case Ast.Continue c -> {
                if (loopDepth == 0) {
                    diags.error(c.span(), DiagKey.ERR_BREAK_OUTSIDE, "continue");
                } else if (!continueDepths.isEmpty()) {
                    destroyDownTo(continueDepths.get(continueDepths.size() - 1), out, c.span());
                }
                out.add(new Typed.Continue(c.span()));
            }
            case Ast.Return r -> {
                Typed.Stmt ret = returnStmt(r);
                if (dtorScopes.stream().anyMatch(l -> !l.isEmpty())) {
                    // the value is computed before the objects are destroyed
                    Typed.Return rs = (Typed.Return) ret;
                    if (rs.value() != null) {
                        Typed.Var t = newTemp(rs.value().type(), r.span());
                        out.add(new Typed.LocalDef(t, rs.value(), r.span()));
                        ret = new Typed.Return(load(new Typed.VarRef(t, r.span())), r.span());
                    }
                    destroyDownTo(0, out, r.span());
                }
                out.add(ret);
            }
            case Ast.Empty e -> { }
            case Ast.Pragma p -> { }
        }
    }

    /**
     * {@code for (decl : range)} as C++ defines it: iterate from begin to end, the pointers of an
     * array or what the container's begin() and end() return, binding decl to each element.
     */
    private Typed.Stmt rangeFor(Ast.RangeFor rf) {
        Span span = rf.span();
        Scope save = scope;
        scope = new Scope(scope);
        Typed.Expr range = expr(rf.range());
        Typed.Expr begin;
        Typed.Expr end;
        if (range.type() instanceof CType.Arr a && range.lvalue()) {
            begin = rvalue(range);
            end = new Typed.PtrArith("+", rvalue(range), new Typed.IntConst(CType.LONG, a.count(), span), begin.type(), span);
        } else if (range.type() instanceof CType.Record) {
            begin = rvalue(expr(new Ast.Call(new Ast.Member(rf.range(), "begin", false, span), List.of(), span)));
            end = rvalue(expr(new Ast.Call(new Ast.Member(rf.range(), "end", false, span), List.of(), span)));
        } else {
            diags.error(rf.range().span(), DiagKey.ERR_NOT_SUPPORTED, "a range-based for over '" + range.type() + "'");
            scope = save;
            return new Typed.Block(List.of(), span);
        }
        if (!(begin.type() instanceof CType.Ptr ptr)) {
            diags.error(rf.range().span(), DiagKey.ERR_NOT_SUPPORTED, "iterators that are not pointers");
            scope = save;
            return new Typed.Block(List.of(), span);
        }
        Typed.Var it = newTemp(begin.type(), span);
        Typed.Var last = newTemp(begin.type(), span);
        List<Typed.Stmt> outer = new ArrayList<>();
        outer.add(new Typed.LocalDef(it, begin, span));
        outer.add(new Typed.LocalDef(last, convert(end, begin.type(), span, "init"), span));
        Typed.Expr element = new Typed.Deref(load(new Typed.VarRef(it, span)), ptr.pointee(), span);
        Ast.VarDecl vd = rf.var();
        Ast.TypeNode declared = vd.type();
        boolean isRef = declared instanceof Ast.ReferenceType;
        Ast.TypeNode base = isRef ? ((Ast.ReferenceType) declared).referee() : declared;
        if (base instanceof Ast.ConstType c) {
            base = c.inner();
        }
        CType vt = base instanceof Ast.AutoType ? ptr.pointee() : resolveType(base, scope);
        Typed.Var var = new Typed.Var(vd.name(), isRef ? new CType.Ref(vt, false) : vt, vd.span(), false, false, null);
        Typed.Expr init = isRef ? addressOf(element, span) : convert(rvalue(element), vt, span, "init");
        scope.names.put(vd.name(), var);
        fn.locals.add(var);
        loopDepth++;
        List<Typed.Stmt> body = new ArrayList<>();
        body.add(new Typed.LocalDef(var, init, span));
        body.add(single(rf.body()));
        loopDepth--;
        Typed.Expr cond = new Typed.Binary("!=", load(new Typed.VarRef(it, span)), load(new Typed.VarRef(last, span)), CType.BOOL, span);
        outer.add(new Typed.Loop(cond, new Typed.Block(body, span), new Typed.IncDec(new Typed.VarRef(it, span), 1, true, span), false, span));
        scope = save;
        return new Typed.Block(outer, span);
    }

    private Typed.Stmt returnStmt(Ast.Return r) {
        if (fn.result == null) {
            // a lambda without a trailing return type: the first return decides
            fn.result = r.value() == null ? CType.VOID : rvalue(expr(r.value())).type();
        }
        CType want = fn.result;
        if (r.value() == null) {
            if (!(want instanceof CType.Void)) {
                diags.error(r.span(), DiagKey.ERR_RETURN_VALUE, fn.name);
            }
            return new Typed.Return(null, r.span());
        }
        if (want instanceof CType.Void) {
            Typed.Expr e = expr(r.value());
            if (!(e.type() instanceof CType.Void)) {
                diags.error(r.value().span(), DiagKey.ERR_RETURN_VOID, fn.name);
            }
            return new Typed.Return(null, r.span());
        }
        if (want instanceof CType.Ref ref) {
            Typed.Expr e = expr(r.value());
            return new Typed.Return(addressOf(e, r.span()), r.span());
        }
        if (!(r.value() instanceof Ast.InitList) && want instanceof CType.Record rec) {
            Typed.Expr obj = expr(r.value());
            Typed.Expr copy = copyOf(obj, rec, r.value().span());
            if (copy != null) {
                return new Typed.Return(copy, r.span());
            }
            return new Typed.Return(convert(rvalue(obj), want, r.value().span(), "return"), r.span());
        }
        Typed.Expr e = r.value() instanceof Ast.InitList il ? initializer(il, want, r.span(), null) : rvalue(expr(r.value()));
        return new Typed.Return(convert(e, want, r.value().span(), "return"), r.span());
    }

    private Typed.Stmt switchStmt(Ast.Switch sw) {
        Typed.Expr sel = promote(rvalue(expr(sw.selector())));
        if (!CType.isInteger(sel.type())) {
            diags.error(sw.selector().span(), DiagKey.ERR_INVALID_UNARY, sel.type());
        }
        List<Typed.Section> sections = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        boolean isDefault = false;
        List<Typed.Stmt> body = null;
        switchDepth++;
        breakDepths.add(dtorScopes.size());
        Scope save = scope;
        scope = new Scope(scope);
        List<Ast.Stmt> items = sw.body() instanceof Ast.Compound c ? c.stmts() : List.of(sw.body());
        for (Ast.Stmt s : items) {
            if (s instanceof Ast.Case || s instanceof Ast.Default) {
                if (body != null && !body.isEmpty()) {
                    sections.add(new Typed.Section(values, isDefault, body));
                    values = new ArrayList<>();
                    isDefault = false;
                    body = null;
                }
                if (s instanceof Ast.Case c) {
                    Long v = constant(c.value());
                    if (v == null) {
                        diags.error(c.value().span(), DiagKey.ERR_NOT_CONSTANT);
                        v = 0L;
                    }
                    values.add(v);
                } else {
                    isDefault = true;
                }
                if (body == null) {
                    body = new ArrayList<>();
                }
                continue;
            }
            if (body == null) {
                body = new ArrayList<>(); // statements before the first label never run
                values = new ArrayList<>();
            }
            int saveLoop = loopDepth;
            stmt(s, body);
            loopDepth = saveLoop;
        }
        if (body != null && (!values.isEmpty() || isDefault)) {
            sections.add(new Typed.Section(values, isDefault, body));
        }
        scope = save;
        breakDepths.remove(breakDepths.size() - 1);
        switchDepth--;
        return new Typed.Switch(sel, sections, sw.span());
    }

    private void localDecl(Ast.Decl d, List<Typed.Stmt> out) {
        switch (d) {
            case Ast.VarDecl v -> {
                if (v.specs().isStatic() || v.specs().shared() || v.specs().isExtern()) {
                    // static locals and __shared__ arrays live for the whole program/block: make them globals
                    Scope save = scope;
                    declareGlobal(v, scope, null);
                    scope = save;
                    return;
                }
                CType t;
                Typed.Expr init = null;
                if (v.type() instanceof Ast.AutoType || v.type() instanceof Ast.ConstType ct && ct.inner() instanceof Ast.AutoType) {
                    if (v.init() == null) {
                        diags.error(v.span(), DiagKey.ERR_EXPECTED, "an initializer for 'auto'");
                        return;
                    }
                    Typed.Expr e = rvalue(expr(v.init() instanceof Ast.Construct c && c.args().size() == 1 ? c.args().get(0) : v.init()));
                    t = e.type();
                    init = e;
                } else {
                    t = resolveType(v.type(), scope);
                }
                if (t instanceof CType.Arr a && a.count() < 0 && v.init() instanceof Ast.InitList il) {
                    t = new CType.Arr(a.element(), il.items().size());
                } else if (t instanceof CType.Arr a && a.count() < 0 && v.init() instanceof Ast.StringLit s) {
                    t = new CType.Arr(a.element(), s.bytes().length + 1);
                }
                boolean isConst = v.type() instanceof Ast.ConstType || v.specs().isConstexpr();
                Typed.Var var = new Typed.Var(v.name(), t, v.span(), false, isConst, null);
                if (t instanceof CType.Ref r) {
                    if (v.init() == null) {
                        diags.error(v.span(), DiagKey.ERR_EXPECTED, "an initializer for a reference");
                        return;
                    }
                    Typed.Expr target = expr(v.init());
                    init = addressOf(target, v.span());
                    var = new Typed.Var(v.name(), t, v.span(), false, isConst, null);
                } else if (init == null && v.init() != null) {
                    init = initializer(v.init(), t, v.span(), var);
                } else if (init != null) {
                    init = convert(init, t, v.span(), "init");
                } else if (t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
                    init = construct(var, rec, List.of(), v.span());
                }
                if (t instanceof CType.Record rec && init instanceof Typed.Load l && l.operand().type() == rec
                        && copyOf(l.operand(), rec, v.span()) instanceof Typed.Expr copy) {
                    init = copy; // T b = a; auto b = a;
                }
                if (isConst && CType.isInteger(t) && v.init() != null && !(v.init() instanceof Ast.InitList)) {
                    var.constValue = constant(v.init());
                    if (var.constValue != null && init != null && !(init instanceof Typed.IntConst)) {
                        // folded as C++ does: a constexpr call must not run (WebGPU cannot recurse)
                        init = new Typed.IntConst(t, var.constValue, v.init().span());
                    }
                }
                if (scope.names.get(v.name()) instanceof Typed.Var prev && !prev.isGlobal) {
                    diags.error(v.span(), DiagKey.ERR_REDEFINITION, v.name());
                }
                scope.names.put(v.name(), var);
                fn.locals.add(var);
                out.add(new Typed.LocalDef(var, init, v.span()));
                if (t instanceof CType.Record rec && rec.destructor != null && !dtorScopes.isEmpty()) {
                    use(rec.destructor);
                    dtorScopes.get(dtorScopes.size() - 1).add(var);
                }
            }
            case Ast.TypedefDecl t -> scope.names.put(t.name(), resolveType(t.type(), scope));
            case Ast.RecordDecl r -> declareRecord(r, scope, null);
            case Ast.EnumDecl e -> declareEnum(e, scope, null);
            case Ast.StaticAssert sa -> staticAssert(sa, scope);
            case Ast.UsingNamespace u -> { }
            case Ast.UsingDecl u -> topLevel(u, scope, null);
            case Ast.FunctionDecl f -> declareFunction(f, scope, null, null);
            default -> diags.error(d.span(), DiagKey.ERR_NOT_SUPPORTED, "this declaration inside a function");
        }
    }

    /** An initializer for an object of type t: '= expr', '= {…}', '{…}' or '(args)'. */
    Typed.Expr initializerFor(Ast.Expr init, CType t, Span span, Typed.Var target) {
        return initializer(init, t, span, target);
    }

    private Typed.Expr initializer(Ast.Expr init, CType t, Span span, Typed.Var target) {
        if (init instanceof Ast.Construct c && c.type() != null && target != null && t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            return construct(target, rec, c.args(), c.span());
        }
        if (init instanceof Ast.Construct c && c.args().size() == 1) {
            return convert(rvalue(expr(c.args().get(0))), t, c.span(), "init");
        }
        if (init instanceof Ast.InitList il) {
            if (t instanceof CType.Record rec && !rec.constructors.isEmpty() && target != null) {
                return construct(target, rec, il.items(), il.span());
            }
            if (CType.isScalar(t)) {
                return il.items().isEmpty() ? zero(t, il.span()) : convert(rvalue(expr(il.items().get(0))), t, il.span(), "init");
            }
            Typed.Var temp = target != null ? target : newTemp(t, span);
            List<Typed.Init> inits = new ArrayList<>();
            aggregate(il, t, new ArrayList<>(), inits);
            return new Typed.Aggregate(temp, inits, il.span());
        }
        if (init instanceof Ast.StringLit s && t instanceof CType.Arr) {
            Typed.Var temp = target != null ? target : newTemp(t, span);
            List<Typed.Init> inits = new ArrayList<>();
            CType.Arr a = (CType.Arr) t;
            byte[] b = s.bytes();
            for (int i = 0; i < a.count(); i++) {
                inits.add(new Typed.Init(List.of(new Typed.Step(null, i, a.element())), new Typed.IntConst(a.element(), i < b.length ? b[i] : 0, s.span())));
            }
            return new Typed.Aggregate(temp, inits, s.span());
        }
        Typed.Expr e = rvalue(expr(init));
        if (t instanceof CType.Record rec && !rec.constructors.isEmpty() && target != null
                && (e.type() != rec || hasCopyConstructor(rec))) {
            return construct(target, rec, List.of(init), init.span());
        }
        return convert(e, t, init.span(), "init");
    }

    private static boolean hasCopyConstructor(CType.Record rec) {
        for (FunctionSym c : rec.constructors) {
            if (c.params.size() == 2 && c.params.get(1).type instanceof CType.Ref r && r.referee() == rec) {
                return true;
            }
        }
        return false;
    }

    private void aggregate(Ast.InitList il, CType t, List<Typed.Step> path, List<Typed.Init> out) {
        List<Ast.Expr> items = il.items();
        int k = 0;
        if (t instanceof CType.Arr a) {
            for (long i = 0; i < a.count() && k < items.size(); i++, k++) {
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(null, i, a.element()));
                aggregateItem(items.get(k), a.element(), p, out);
            }
        } else if (t instanceof CType.Record r) {
            for (CType.Field f : r.fields) {
                if (k >= items.size()) {
                    break;
                }
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(f, 0, f.type()));
                aggregateItem(items.get(k++), f.type(), p, out);
                if (r.isUnion) {
                    break;
                }
            }
        }
        if (k < items.size()) {
            diags.error(items.get(k).span(), DiagKey.ERR_EXPECTED, "fewer initializers");
        }
    }

    private void aggregateItem(Ast.Expr item, CType t, List<Typed.Step> path, List<Typed.Init> out) {
        if (item instanceof Ast.InitList inner) {
            if (CType.isScalar(t)) {
                if (!inner.items().isEmpty()) {
                    out.add(new Typed.Init(path, convert(rvalue(expr(inner.items().get(0))), t, inner.span(), "init")));
                }
            } else {
                aggregate(inner, t, path, out);
            }
            return;
        }
        if (t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            // std::string names[] = {"a", "b"}: each element made by its constructor (a copy from an lvalue)
            Typed.Expr e = expr(item);
            Typed.Expr copy = copyOf(e, rec, item.span());
            if (copy == null && e.type() != rec) {
                Typed.Var tmp = newTemp(rec, item.span());
                tmp.addressTaken = true;
                copy = load(construct(tmp, rec, List.of(item), item.span()));
            }
            out.add(new Typed.Init(path, copy != null ? copy : rvalue(e)));
            return;
        }
        out.add(new Typed.Init(path, convert(rvalue(expr(item)), t, item.span(), "init")));
    }

    /**
     * An object of a class with a copy constructor, copied out of an lvalue (return by value,
     * pass by value) by that constructor, as C++ does: a bitwise copy would share what the object
     * owns with the original, and a destructor would free it twice. Null when a bitwise copy is right.
     */
    Typed.Expr copyOf(Typed.Expr obj, CType.Record rec, Span span) {
        if (!obj.lvalue() || obj.type() != rec) {
            return null;
        }
        FunctionSym c = copyConstructor(rec);
        if (c != null) {
            Typed.Var tmp = newTemp(rec, span);
            tmp.addressTaken = true;
            use(c);
            return load(new Typed.Construct(tmp, c, List.of(addressOf(obj, span)), span));
        }
        if (ownedFields(rec).isEmpty()) {
            return null;
        }
        Typed.Var tmp = newTemp(rec, span);
        tmp.addressTaken = true;
        return load(memberwiseAssign(new Typed.VarRef(tmp, span), obj, rec, span));
    }

    private static FunctionSym copyConstructor(CType.Record rec) {
        for (FunctionSym c : rec.constructors) {
            if (c.params.size() == 2 && c.params.get(1).type instanceof CType.Ref ref && ref.referee() == rec) {
                return c;
            }
        }
        return null;
    }

    /** The paths to the fields of a class without its own copy constructor that need theirs (a std::string member). */
    private static List<List<CType.Field>> ownedFields(CType.Record rec) {
        List<List<CType.Field>> paths = new ArrayList<>();
        if (rec.isUnion || copyConstructor(rec) != null) {
            return paths;
        }
        for (CType.Field f : rec.fields) {
            if (f.type() instanceof CType.Record fr && fr != rec) {
                if (copyConstructor(fr) != null) {
                    paths.add(List.of(f));
                } else {
                    for (List<CType.Field> inner : ownedFields(fr)) {
                        List<CType.Field> p = new ArrayList<>();
                        p.add(f);
                        p.addAll(inner);
                        paths.add(p);
                    }
                }
            }
        }
        return paths;
    }

    /**
     * The implicit copy of a class whose members own memory (struct { std::string name; }): a
     * bitwise copy, then each such member copy-constructed from the source's, so that no two
     * objects share a buffer. The destination's old members are not destroyed (they leak, which
     * is safe); assigning an object to itself is not supported. Null when bitwise is right.
     */
    Typed.Expr memberwiseAssign(Typed.Expr target, Typed.Expr src, CType.Record rec, Span span) {
        List<List<CType.Field>> paths = ownedFields(rec);
        if (paths.isEmpty() || !src.lvalue() || !target.lvalue()) {
            return null;
        }
        CType.Ptr pt = new CType.Ptr(rec, false);
        Typed.Var pd = newTemp(pt, span);
        Typed.Var ps = newTemp(pt, span);
        Typed.Expr setD = new Typed.Assign(new Typed.VarRef(pd, span), addressOf(target, span), span);
        Typed.Expr setS = new Typed.Assign(new Typed.VarRef(ps, span), new Typed.Convert(addressOf(src, span), pt, span), span);
        Typed.Expr d = new Typed.Deref(load(new Typed.VarRef(pd, span)), rec, span);
        Typed.Expr sExpr = new Typed.Deref(load(new Typed.VarRef(ps, span)), rec, span);
        Typed.Expr result = d;
        for (int i = paths.size() - 1; i >= 0; i--) {
            Typed.Expr df = d;
            Typed.Expr sf = sExpr;
            for (CType.Field f : paths.get(i)) {
                df = new Typed.Member(df, f, span);
                sf = new Typed.Member(sf, f, span);
            }
            CType.Record fr = (CType.Record) df.type();
            FunctionSym c = copyConstructor(fr);
            use(c);
            Typed.Expr call = new Typed.Call(c, List.of(addressOf(df, span), addressOf(sf, span)), CType.VOID, span);
            result = new Typed.Comma(call, result, span);
        }
        Typed.Expr bitwise = new Typed.Assign(d, load(sExpr), span);
        return new Typed.Comma(setD, new Typed.Comma(setS, new Typed.Comma(bitwise, result, span), span), span);
    }

    private Typed.Var newTemp(CType t, Span span) {
        Typed.Var v = new Typed.Var("tmp" + (tempCount++), t, span, false, false, null);
        if (fn != null) {
            fn.locals.add(v);
        }
        return v;
    }

    private Typed.Expr construct(Typed.Var target, CType.Record rec, List<Ast.Expr> args, Span span) {
        List<Typed.Expr> typedArgs = new ArrayList<>();
        for (Ast.Expr a : args) {
            typedArgs.add(expr(a));
        }
        FunctionSym ctor = resolveOverload(rec.name, rec.constructors, typedArgs, span, true);
        if (ctor == null) {
            return zero(CType.INT, span);
        }
        return new Typed.Construct(target, ctor, callArgs(ctor, typedArgs, span, 1), span);
    }

    private Typed.Expr condition(Ast.Expr e) {
        return toBool(rvalue(expr(e)), e.span());
    }

    private Typed.Expr toBool(Typed.Expr e, Span span) {
        if (e.type() instanceof CType.Int i && i.isBool()) {
            return e;
        }
        Typed.Expr viaOperator = ExprSema.classToBool(this, e, span);
        if (viaOperator != null) {
            return viaOperator;
        }
        if (!CType.isScalar(e.type())) {
            diags.error(span, DiagKey.ERR_INCOMPATIBLE, "bool", e.type());
            return new Typed.IntConst(CType.BOOL, 0, span);
        }
        return new Typed.Convert(e, CType.BOOL, span);
    }

    // ================================================================= lambdas

    private int lambdaCount;

    /**
     * A lambda becomes a closure class, as C++ defines it: one field per captured variable (a
     * pointer for by-reference captures), an operator() whose body is analysed at once so that
     * its result type is known, and an object of that class initialised from the captures.
     */
    Typed.Expr lambda(Ast.Lambda l) {
        if (fn == null) {
            diags.error(l.span(), DiagKey.ERR_NOT_SUPPORTED, "a lambda outside a function");
            return zero(CType.INT, l.span());
        }
        CType.Record rec = new CType.Record("lambda#" + (++lambdaCount), false);
        List<Typed.Var> captured = new ArrayList<>();
        List<Boolean> byRef = new ArrayList<>();
        boolean defaultRef = false;
        boolean hasDefault = false;
        for (Ast.Capture c : l.captures()) {
            if (c.defaultCapture()) {
                hasDefault = true;
                defaultRef = c.byReference();
            } else if (!c.name().equals("this")) {
                if (scope.lookup(c.name()) instanceof Typed.Var v && !v.isGlobal) {
                    captured.add(v);
                    byRef.add(c.byReference());
                } else {
                    diags.error(l.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, c.name());
                }
            }
        }
        if (hasDefault) {
            java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
            AstNames.collect(l.body(), names);
            for (String n : names) {
                if (scope.lookup(n) instanceof Typed.Var v && !v.isGlobal && !captured.contains(v)) {
                    boolean param = false;
                    for (Ast.Param p : l.params()) {
                        param |= n.equals(p.name());
                    }
                    if (!param) {
                        captured.add(v);
                        byRef.add(defaultRef);
                    }
                }
            }
        }
        long offset = 0;
        int align = 1;
        for (int i = 0; i < captured.size(); i++) {
            Typed.Var v = captured.get(i);
            CType vt = v.type instanceof CType.Ref r ? r.referee() : v.type;
            CType ft = byRef.get(i) ? new CType.Ptr(vt, false) : vt;
            int a = CType.alignOf(ft);
            offset = (offset + a - 1) / a * a;
            rec.fields.add(new CType.Field(v.name, ft, offset, i));
            if (byRef.get(i)) {
                rec.referenceCaptures.add(v.name);
            }
            offset += CType.sizeOf(ft);
            align = Math.max(align, a);
        }
        rec.size = Math.max(1, (offset + align - 1) / align * align);
        rec.align = align;
        rec.complete = true;

        Ast.FunctionDecl decl = new Ast.FunctionDecl("operator()", l.result(), l.params(), false, Ast.Specs.NONE, List.of(), l.body(),
                rec.name, List.of(), true, l.span());
        FunctionSym op = new FunctionSym("operator()", l.span());
        op.decl = decl;
        op.owner = rec;
        op.space = fn.space == ExecutionSpace.KERNEL ? ExecutionSpace.DEVICE : fn.space;
        Scope closureScope = new Scope(fn.declScope != null ? fn.declScope : global);
        closureScope.names.putAll(fn.bindings);
        op.declScope = closureScope;
        op.bindings = fn.bindings;
        op.thisVar = new Typed.Var("this", new CType.Ptr(rec, true), l.span(), false, true, null);
        op.params.add(op.thisVar);
        op.defaults.add(null);
        for (Ast.Param p : l.params()) {
            CType t = resolveType(p.type(), scope);
            op.params.add(new Typed.Var(p.name() == null ? "" : p.name(), t, p.span(), false, p.type() instanceof Ast.ConstType, null));
            op.defaults.add(p.defaultValue());
        }
        op.result = l.result() == null ? null : resolveType(l.result(), scope);
        op.irName = uniqueIrName(fn.irName + "::lambda" + lambdaCount);
        rec.methods.add(op);
        functions.add(op);
        analyzeBody(op);

        Typed.Var temp = newTemp(rec, l.span());
        List<Typed.Init> inits = new ArrayList<>();
        for (int i = 0; i < captured.size(); i++) {
            Typed.Expr ref = new Typed.VarRef(captured.get(i), l.span());
            Typed.Expr value = byRef.get(i) ? addressOf(ref, l.span()) : rvalue(ref);
            inits.add(new Typed.Init(List.of(new Typed.Step(rec.fields.get(i), 0, rec.fields.get(i).type())), value));
        }
        return new Typed.Aggregate(temp, inits, l.span());
    }

    // ================================================================= expressions

    Typed.Expr expr(Ast.Expr e) {
        return ExprSema.analyze(this, e);
    }

    Diagnostics diags() {
        return diags;
    }

    Scope scope() {
        return scope;
    }

    FunctionSym currentFunction() {
        return fn;
    }

    Typed.Var temp(CType t, Span span) {
        return newTemp(t, span);
    }

    /** lvalue-to-rvalue, array-to-pointer and function-to-pointer conversions. */
    Typed.Expr rvalue(Typed.Expr e) {
        if (e.type() instanceof CType.Arr a && e.lvalue()) {
            return new Typed.Decay(e, new CType.Ptr(a.element(), false), e.span());
        }
        if (e.lvalue()) {
            return load(e);
        }
        return e;
    }

    static Typed.Expr load(Typed.Expr e) {
        return new Typed.Load(e, e.type(), e.span());
    }

    Typed.Expr addressOf(Typed.Expr e, Span span) {
        if (!e.lvalue()) {
            // binding a const reference to an rvalue: materialise a temporary
            Typed.Var t = newTemp(e.type(), span);
            t.addressTaken = true;
            Typed.Expr assign = new Typed.Assign(new Typed.VarRef(t, span), e, span);
            return new Typed.AddressOf(assign, new CType.Ptr(e.type(), false), span);
        }
        markAddressTaken(e);
        return new Typed.AddressOf(e, new CType.Ptr(e.type(), false), span);
    }

    /** Marks the variable an lvalue designates as living in memory (its address is taken). */
    static void markAddressTaken(Typed.Expr e) {
        switch (e) {
            case Typed.VarRef v when !(v.var().type instanceof CType.Ref) -> v.var().addressTaken = true;
            case Typed.Member m -> markAddressTaken(m.base());
            case Typed.IncDec i -> markAddressTaken(i.target());
            case Typed.Assign a -> markAddressTaken(a.target());
            case Typed.CompoundAssign c -> markAddressTaken(c.target());
            case Typed.Comma c -> markAddressTaken(c.right());
            case Typed.Conditional c -> {
                markAddressTaken(c.ifTrue());
                markAddressTaken(c.ifFalse());
            }
            default -> { }
        }
    }

    static Typed.Expr zero(CType t, Span span) {
        if (t instanceof CType.Flt) {
            return new Typed.FloatConst(t, 0, span);
        }
        if (t instanceof CType.Ptr) {
            return new Typed.NullConst(t, span);
        }
        return new Typed.IntConst(t, 0, span);
    }

    /** Integer promotion (C11 6.3.1.1): small integers and bool become int. */
    Typed.Expr promote(Typed.Expr e) {
        CType t = e.type();
        if (t instanceof CType.Enum en) {
            t = en.underlying;
        }
        if (t instanceof CType.Int i && i.kind().rank < CType.IntKind.INT.rank) {
            return new Typed.Convert(e, CType.INT, e.span());
        }
        if (t != e.type()) {
            return new Typed.Convert(e, t, e.span());
        }
        return e;
    }

    /** The common type of the usual arithmetic conversions (C11 6.3.1.8), operands already promoted. */
    static CType usual(CType a, CType b) {
        if (a instanceof CType.Flt fa && fa.isDouble() || b instanceof CType.Flt fb && fb.isDouble()) {
            return CType.DOUBLE;
        }
        if (a instanceof CType.Flt || b instanceof CType.Flt) {
            return CType.FLOAT;
        }
        CType.IntKind x = ((CType.Int) a).kind();
        CType.IntKind y = ((CType.Int) b).kind();
        if (x == y) {
            return a;
        }
        if (x.signed == y.signed) {
            return x.rank >= y.rank ? a : b;
        }
        CType.IntKind u = x.signed ? y : x;
        CType.IntKind s = x.signed ? x : y;
        CType ut = x.signed ? b : a;
        CType st = x.signed ? a : b;
        if (u.rank >= s.rank) {
            return ut;
        }
        if (s.size > u.size) {
            return st;
        }
        return new CType.Int(switch (s) {
            case LONG -> CType.IntKind.ULONG;
            case LLONG -> CType.IntKind.ULLONG;
            default -> CType.IntKind.UINT;
        });
    }

    /** Implicit conversion to {@code to} (assignment, initialisation, argument, return); reports what C++ rejects. */
    Typed.Expr convert(Typed.Expr e, CType to, Span span, String context) {
        CType from = e.type();
        if (to instanceof CType.Ref r) {
            to = r.referee();
        }
        if (from.equals(to) || from == to) {
            return e;
        }
        if (CType.isArithmetic(from) && CType.isArithmetic(to)) {
            if (to instanceof CType.Enum && !(from instanceof CType.Enum)) {
                diags.error(span, DiagKey.ERR_INCOMPATIBLE, to, from);
            }
            return new Typed.Convert(e, to, span);
        }
        if (to instanceof CType.Ptr pt) {
            if (from instanceof CType.NullPtr || e instanceof Typed.IntConst ic && ic.value() == 0 && CType.isInteger(from)) {
                return new Typed.NullConst(to, span);
            }
            if (from instanceof CType.Ptr pf) {
                boolean ok = pt.pointee() instanceof CType.Void || sameType(pf.pointee(), pt.pointee())
                        || pf.pointee() instanceof CType.Record rf && pt.pointee() instanceof CType.Record && derivesFrom(rf, (CType.Record) pt.pointee());
                if (ok && pf.constPointee() && !pt.constPointee()) {
                    ok = false;
                }
                if (ok) {
                    return new Typed.Convert(e, to, span);
                }
            }
        }
        if (to instanceof CType.Int b && b.isBool() && (from instanceof CType.Ptr || from instanceof CType.NullPtr)) {
            return new Typed.Convert(e, to, span);
        }
        if (to instanceof CType.Record && from == to) {
            return e;
        }
        diags.error(span, context.equals("assign") ? DiagKey.ERR_INCOMPATIBLE_ASSIGN : DiagKey.ERR_INCOMPATIBLE, to, from);
        return zero(to instanceof CType.Record ? CType.INT : to, span);
    }

    /**
     * Whether {@code b} is {@code a} or its first base, transitively: the bases whose fields start at
     * offset 0, so that a pointer to {@code a} is a pointer to {@code b} without adjustment.
     */
    static boolean derivesFrom(CType.Record a, CType.Record b) {
        for (CType.Record r = a; r != null; r = r.bases.isEmpty() ? null : r.bases.get(0)) {
            if (r == b) {
                return true;
            }
        }
        return false;
    }

    /** How well an argument converts to a parameter: 0 exact, 1 promotion, 2 conversion, -1 not at all. */
    int conversionRank(Typed.Expr arg, CType to) {
        return conversionRank(arg, to, true);
    }

    /** C++ allows one user-defined conversion in an implicit conversion sequence, hence the flag. */
    private int conversionRank(Typed.Expr arg, CType to, boolean userConversion) {
        CType from = arg.type();
        if (to instanceof CType.Ref r) {
            if (sameType(from, r.referee())) {
                return arg.lvalue() || r.constReferee() ? 0 : -1;
            }
            if (from instanceof CType.Record fr && r.referee() instanceof CType.Record tr && fr != tr && derivesFrom(fr, tr)) {
                return arg.lvalue() || r.constReferee() ? 2 : -1; // derived-to-base: an ostringstream binds to ostream &
            }
            return r.constReferee() ? conversionRank(arg, r.referee(), userConversion) : -1;
        }
        if (from instanceof CType.Arr a && to instanceof CType.Ptr p) {
            return sameType(a.element(), p.pointee()) ? 0 : p.pointee() instanceof CType.Void ? 2 : -1;
        }
        if (sameType(from, to)) {
            return 0;
        }
        if (CType.isArithmetic(from) && CType.isArithmetic(to)) {
            if (to instanceof CType.Enum) {
                return -1;
            }
            if (to.equals(CType.INT) && from instanceof CType.Int i && i.kind().rank < CType.IntKind.INT.rank) {
                return 1;
            }
            if (from instanceof CType.Enum en && !en.scoped && to.equals(en.underlying.kind().rank <= CType.IntKind.INT.rank ? CType.INT : en.underlying)) {
                return 1; // an unscoped enum promotes to int (cout << RED picks operator<<(int))
            }
            if (to.equals(CType.DOUBLE) && from.equals(CType.FLOAT)) {
                return 1;
            }
            return 2;
        }
        if (to instanceof CType.Ptr pt) {
            if (from instanceof CType.NullPtr || arg instanceof Typed.IntConst ic && ic.value() == 0) {
                return 2;
            }
            if (from instanceof CType.Ptr pf) {
                if (pf.constPointee() && !pt.constPointee()) {
                    return -1;
                }
                if (sameType(pf.pointee(), pt.pointee())) {
                    return 0;
                }
                if (pt.pointee() instanceof CType.Void) {
                    return 2;
                }
                if (pf.pointee() instanceof CType.Record rf && pt.pointee() instanceof CType.Record rt && derivesFrom(rf, rt)) {
                    return 2;
                }
            }
            return -1;
        }
        if (to instanceof CType.Int b && b.isBool() && from instanceof CType.Ptr) {
            return 2;
        }
        if (to instanceof CType.Record rec && from != rec && userConversion) {
            // converting constructor
            for (FunctionSym c : rec.constructors) {
                if (c.params.size() >= 2 && conversionRank(arg, c.params.get(1).type, false) >= 0 && (c.params.size() == 2 || c.defaults.get(2) != null)) {
                    return 3;
                }
            }
        }
        return -1;
    }

    /** Picks the best viable function for the arguments, reporting clang's "no matching function" otherwise. */
    FunctionSym resolveOverload(String name, List<FunctionSym> candidates, List<Typed.Expr> args, Span span, boolean isMethod) {
        FunctionSym best = null;
        int[] bestRanks = null;
        boolean ambiguous = false;
        List<FunctionSym> expanded = new ArrayList<>();
        for (FunctionSym c : candidates) {
            if (c.isTemplate) {
                FunctionSym inst = deduce(c, args, span);
                if (inst != null) {
                    expanded.add(inst);
                }
            } else {
                expanded.add(c);
            }
        }
        String reason = null;
        for (FunctionSym c : expanded) {
            int skip = c.thisVar != null ? 1 : 0;
            int n = c.params.size() - skip;
            int required = n;
            while (required > 0 && c.defaults.get(required - 1 + skip) != null) {
                required--;
            }
            if (args.size() < required || args.size() > n && !c.variadic) {
                reason = "requires " + (required == n ? "" : "at least ") + required + " argument" + (required == 1 ? "" : "s") + ", but " + args.size() + " " + (args.size() == 1 ? "was" : "were") + " provided";
                continue;
            }
            int[] ranks = new int[args.size()];
            boolean viable = true;
            for (int i = 0; i < args.size(); i++) {
                if (i < n) {
                    ranks[i] = conversionRank(args.get(i), c.params.get(i + skip).type);
                    if (ranks[i] < 0) {
                        viable = false;
                        reason = "no known conversion from '" + args.get(i).type() + "' to '" + c.params.get(i + skip).type + "' for " + ordinal(i + 1) + " argument";
                        break;
                    }
                } else {
                    ranks[i] = 2;
                }
            }
            if (!viable) {
                continue;
            }
            if (best == null) {
                best = c;
                bestRanks = ranks;
                ambiguous = false;
                continue;
            }
            int cmp = compareRanks(ranks, bestRanks);
            if (cmp < 0 || cmp == 0 && best.isTemplateInstance() && !c.isTemplateInstance()) {
                best = c;
                bestRanks = ranks;
                ambiguous = false;
            } else if (cmp == 0 && !(c.isTemplateInstance() && !best.isTemplateInstance())) {
                ambiguous = true;
            }
        }
        if (best == null) {
            Diagnostic d = diags.error(span, DiagKey.ERR_NO_MATCHING_FUNCTION, name);
            if (reason != null && expanded.size() == 1) {
                diags.replaceLast(d.withNote(Diagnostics.note(expanded.get(0).span, DiagKey.NOTE_CANDIDATE, reason)));
            }
            return null;
        }
        if (ambiguous) {
            diags.error(span, DiagKey.ERR_NO_MATCHING_FUNCTION, name + "' (ambiguous) '" + name);
        }
        return best;
    }

    private static String ordinal(int i) {
        return i + (i == 1 ? "st" : i == 2 ? "nd" : i == 3 ? "rd" : "th");
    }

    private static int compareRanks(int[] a, int[] b) {
        boolean better = false;
        boolean worse = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < b[i]) {
                better = true;
            } else if (a[i] > b[i]) {
                worse = true;
            }
        }
        return better && !worse ? -1 : worse && !better ? 1 : 0;
    }

    /** Deduces template arguments from call arguments and instantiates the function template, or null. */
    FunctionSym deduce(FunctionSym t, List<Typed.Expr> args, Span span) {
        return deduce(t, args, List.of(), span);
    }

    FunctionSym deduce(FunctionSym t, List<Typed.Expr> args, List<Ast.TemplateArg> explicit, Span span) {
        Ast.FunctionDecl d = t.decl;
        Map<String, Object> bound = new LinkedHashMap<>();
        List<Ast.TemplateParam> tps = d.templateParams();
        for (int i = 0; i < explicit.size() && i < tps.size(); i++) {
            bound.put(tps.get(i).name(), bindArg(tps.get(i), explicit.get(i), scope));
        }
        for (int i = 0; i < d.params().size() && i < args.size(); i++) {
            if (!match(d.params().get(i).type(), args.get(i).type(), tps, bound)) {
                return null;
            }
        }
        for (Ast.TemplateParam tp : tps) {
            if (!bound.containsKey(tp.name())) {
                if (tp.defaultArg() == null) {
                    return null;
                }
                bound.put(tp.name(), bindArg(tp, tp.defaultArg(), t.declScope));
            }
        }
        return instantiate(t, bound);
    }

    FunctionSym instantiate(FunctionSym t, Map<String, Object> bound) {
        String key = bound.toString();
        FunctionSym inst = t.instances.get(key);
        if (inst != null) {
            return inst;
        }
        inst = new FunctionSym(t.name, t.span);
        inst.decl = t.decl;
        inst.space = t.space;
        inst.owner = t.owner;
        inst.bindings = bound;
        Scope s = new Scope(t.declScope);
        s.names.putAll(bound);
        inst.declScope = s;
        t.instances.put(key, inst);
        signature(inst, s);
        StringBuilder n = new StringBuilder(t.name).append('<');
        int k = 0;
        for (Object v : bound.values()) {
            n.append(k++ > 0 ? "," : "").append(v);
        }
        inst.irName = uniqueIrName(n.append('>').toString().replace(" ", ""));
        inst.templateInstance = true;
        functions.add(inst);
        if (t.decl.body() != null) {
            pendingBodies.add(inst);
        }
        return inst;
    }

    /** Structural matching of a parameter type pattern against an argument type, binding template parameters. */
    private boolean match(TypeNode pattern, CType arg, List<Ast.TemplateParam> tps, Map<String, Object> bound) {
        switch (pattern) {
            case Ast.ConstType c -> {
                return match(c.inner(), arg, tps, bound);
            }
            case Ast.ReferenceType r -> {
                TypeNode inner = r.referee() instanceof Ast.ConstType c ? c.inner() : r.referee();
                if (inner instanceof Ast.NamedType n && arg instanceof CType.Arr) {
                    for (Ast.TemplateParam tp : tps) {
                        if (tp.isType() && tp.name().equals(n.name())) {
                            bound.putIfAbsent(tp.name(), arg); // T& binds to the array itself
                            return true;
                        }
                    }
                }
                return match(r.referee(), arg, tps, bound);
            }
            case Ast.PointerType p -> {
                if (arg instanceof CType.Arr a) {
                    return match(p.pointee(), a.element(), tps, bound);
                }
                return arg instanceof CType.Ptr ap ? match(p.pointee(), ap.pointee(), tps, bound) : true;
            }
            case Ast.NamedType n -> {
                for (Ast.TemplateParam tp : tps) {
                    if (tp.isType() && tp.name().equals(n.name())) {
                        Object prev = bound.get(tp.name());
                        if (prev == null) {
                            bound.put(tp.name(), arg instanceof CType.Arr a ? new CType.Ptr(a.element(), false) : arg);
                            return true;
                        }
                        return true; // a later conversion decides viability
                    }
                }
                return true;
            }
            default -> {
                return true;
            }
        }
    }

    /** Converts call arguments to the parameters, filling defaults; {@code skip} parameters (this) are not in args. */
    /** Notes that a function is called, so that a built-in header's function body gets analysed. */
    void use(FunctionSym f) {
        if (f.body == null && f.decl != null && f.decl.body() != null && !f.isTemplate && !pendingBodies.contains(f)) {
            pendingBodies.add(f);
        }
    }

    List<Typed.Expr> callArgs(FunctionSym f, List<Typed.Expr> args, Span span, int skip) {
        use(f);
        List<Typed.Expr> out = new ArrayList<>();
        int n = f.params.size() - skip;
        for (int i = 0; i < n; i++) {
            CType pt = f.params.get(i + skip).type;
            Typed.Expr a;
            if (i < args.size()) {
                a = args.get(i);
            } else {
                Ast.Expr def = f.defaults.get(i + skip);
                Scope save = scope;
                scope = f.declScope != null ? f.declScope : global;
                a = expr(def);
                scope = save;
            }
            if (pt instanceof CType.Ref r) {
                boolean same = sameType(a.type(), r.referee());
                if (!same && a.lvalue() && a.type() instanceof CType.Record ar && r.referee() instanceof CType.Record br && derivesFrom(ar, br)) {
                    out.add(new Typed.Convert(addressOf(a, a.span()), new CType.Ptr(br, r.constReferee()), a.span()));
                    continue;
                }
                if (!same && r.constReferee() && r.referee() instanceof CType.Record rec && !rec.constructors.isEmpty()
                        && !(a.type() instanceof CType.Record ar && derivesFrom(ar, rec))) {
                    // const std::string & from "text": a temporary made by the converting constructor
                    Typed.Var tmp = newTemp(rec, a.span());
                    tmp.addressTaken = true;
                    FunctionSym ctor = resolveOverload(rec.name, rec.constructors, List.of(a), a.span(), true);
                    out.add(addressOf(ctor == null ? a : new Typed.Construct(tmp, ctor, callArgs(ctor, List.of(a), a.span(), 1), a.span()), a.span()));
                    continue;
                }
                if (!r.constReferee() && (!same || !a.lvalue())) {
                    diags.error(a.span(), DiagKey.ERR_REFERENCE_BIND, r.referee(),
                            same ? "a temporary" : "a value of unrelated type '" + a.type() + "'");
                    Typed.Var tmp = newTemp(r.referee(), a.span());
                    out.add(addressOf(new Typed.VarRef(tmp, a.span()), a.span()));
                    continue;
                }
                out.add(addressOf(!same ? convert(rvalue(a), r.referee(), a.span(), "arg") : a, a.span()));
            } else if (pt instanceof CType.Record rec && a.lvalue() && a.type() == rec && copyOf(a, rec, a.span()) instanceof Typed.Expr copy) {
                out.add(copy);
            } else if (pt instanceof CType.Record rec && !sameType(a.type(), rec) && !rec.constructors.isEmpty()) {
                Typed.Var tmp = newTemp(rec, a.span());
                FunctionSym ctor = resolveOverload(rec.name, rec.constructors, List.of(a), a.span(), true);
                out.add(ctor == null ? a : load(new Typed.Construct(tmp, ctor, callArgs(ctor, List.of(a), a.span(), 1), a.span())));
            } else {
                out.add(convert(rvalue(a), pt, a.span(), "arg"));
            }
        }
        for (int i = n; i < args.size(); i++) {
            // default argument promotions for '...'
            Typed.Expr a = rvalue(args.get(i));
            if (a.type().equals(CType.FLOAT)) {
                a = new Typed.Convert(a, CType.DOUBLE, a.span());
            } else if (CType.isInteger(a.type())) {
                a = promote(a);
            } else if (a.type() instanceof CType.NullPtr) {
                a = new Typed.NullConst(new CType.Ptr(CType.VOID, false), a.span());
            }
            out.add(a);
        }
        return out;
    }

    /** Evaluates an integral constant expression (array sizes, case labels, template arguments), or null. */
    Long constant(Ast.Expr e) {
        int before = diags.errorCount();
        Typed.Expr t;
        try {
            t = expr(e);
        } catch (RuntimeException ex) {
            return null;
        }
        if (diags.errorCount() != before) {
            return null;
        }
        return ConstEval.eval(t);
    }
}
