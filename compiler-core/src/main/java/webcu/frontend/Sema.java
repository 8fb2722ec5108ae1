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
 *
 * <p>One of the two main source files allowed over 1,000 lines (issue 14, SourceFileSizeTest):
 * declarations, templates and classes share the scope chain, the current function and the
 * instantiation state, which every part reads and changes. The expressions, which need only a
 * handful of Sema's methods, are apart ({@link ExprSema}, {@link CallSema}, {@link PrimarySema},
 * {@link Conversions}).
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
        /** Declared in namespace std (found unqualified too: see resolveOverload). */
        public boolean inStd;
        /** Declared noexcept or throw() (destructors implicitly): an exception escaping it terminates. */
        public boolean noexcept;
        public Typed.Var thisVar;
        /** For templates: the declaration scope; instantiations by argument list. */
        public boolean isTemplate;
        Scope declScope;
        final Map<String, FunctionSym> instances = new HashMap<>();
        Map<String, Object> bindings = Map.of();
        public final List<Typed.Var> locals = new ArrayList<>();
        boolean templateInstance;
        /** Function parameter packs by name: {@code args} of {@code Args... args}, one parameter per element. */
        final Map<String, List<Typed.Var>> paramPacks = new LinkedHashMap<>();
        /** For a virtual member function: its slot, whether it is pure, and the function that introduced the slot. */
        String slot;
        boolean isPure;
        boolean isFinal;
        FunctionSym virtualRoot;

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

    /** An alias template and the scope it was declared in: each use resolves its type with the arguments bound. */
    record AliasTemplateSym(Ast.AliasTemplate decl, Scope scope) {}

    /** A class template: its declaration and the scope it was declared in; instances by arguments. */
    static final class ClassTemplate {
        final Ast.RecordDecl decl;
        final Scope scope;
        /** The namespace it is declared in (null: the global one). */
        String namespace;
        final Map<String, CType.Record> instances = new HashMap<>();
        /** Explicit ({@code template <> struct S<float>}) and partial ({@code template <class T> struct S<T*>}) ones, in order. */
        final List<ClassTemplate> specializations = new ArrayList<>();
        /** Members defined outside the class ({@code template <class T> void S<T>::f() {…}}, {@code template <> void S<int>::f()}). */
        final List<Ast.FunctionDecl> outOfClass = new ArrayList<>();

        ClassTemplate(Ast.RecordDecl decl, Scope scope) {
            this.decl = decl;
            this.scope = scope;
        }

        @Override
        public String toString() {
            return decl.name();
        }
    }

    /** A lexical scope: names to Var, FunctionSym lists, CType, EnumConst, ClassTemplate, or template value bindings (Long). */
    static final class Scope {
        final Scope parent;
        final Names names = new Names();

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

    /**
     * A scope's names. While a translation unit's scope analyses a declaration from a header, what
     * the declaration adds is written down, so that a later unit including the same header takes
     * the same entities instead of analysing them again (see {@link Sema#analyze}).
     */
    static final class Names extends HashMap<String, Object> {
        List<Map.Entry<String, Object>> journal;

        @Override
        public Object put(String name, Object what) {
            if (journal != null && !(what instanceof List<?>)) {
                journal.add(new java.util.AbstractMap.SimpleImmutableEntry<>(name, what));
            }
            return super.put(name, what);
        }

        /** Adds a function to the overload set of {@code name}. */
        void addFunction(String name, FunctionSym f) {
            @SuppressWarnings("unchecked")
            List<FunctionSym> set = get(name) instanceof List<?> l ? (List<FunctionSym>) l : null;
            if (set == null) {
                set = new ArrayList<>();
                super.put(name, set);
            }
            if (!set.contains(f)) {
                set.add(f);
            }
            if (journal != null) {
                journal.add(new java.util.AbstractMap.SimpleImmutableEntry<>(name, f));
            }
        }

        /** Declares again what {@link #journal} recorded in another unit's scope. */
        void replay(List<Map.Entry<String, Object>> entries) {
            for (Map.Entry<String, Object> e : entries) {
                if (e.getValue() instanceof FunctionSym f) {
                    addFunction(e.getKey(), f);
                } else {
                    put(e.getKey(), e.getValue());
                }
            }
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
    final Virtuals virtuals = new Virtuals(this);
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

    /**
     * Analyses a program of one or more translation units. Each unit has its own scope, so that
     * static functions and variables, types and templates of one file do not meet another's. A
     * declaration from a header that an earlier unit already analysed (the same file, line and
     * column) is not analysed again: the later unit takes the same entities, so a struct from a
     * shared header is one type in every file and a function declared there is the one defined
     * in whichever file defines it. Functions and variables with external linkage declared but
     * not defined in a unit are then linked by name to the unit that defines them.
     */
    public Program analyze(List<Ast.TranslationUnit> units) {
        return analyze(units, List.of());
    }

    /** As {@link #analyze(List)}, with each unit's language ({@link Language#CUDA} where the list is short). */
    public Program analyze(List<Ast.TranslationUnit> units, List<Language> languages) {
        try {
            Map<String, List<Map.Entry<String, Object>>> analysed = new HashMap<>();
            for (Ast.TranslationUnit tu : units) {
                Scope unit = new Scope(global);
                unitScopes.add(unit);
                if (unitScopes.size() <= languages.size() && languages.get(unitScopes.size() - 1) == Language.C) {
                    cUnits.add(unit);
                }
                Map<String, List<Map.Entry<String, Object>>> mine = new HashMap<>();
                for (Ast.Decl d : tu.decls()) {
                    topLevelOnce(d, unit, analysed, mine);
                }
                analysed.putAll(mine);
            }
            if (unitScopes.size() > 1) {
                link(unitScopes);
            }
            do {
                while (!pendingBodies.isEmpty()) {
                    analyzeBody(pendingBodies.poll());
                }
                // dispatch functions switch over every class seen, so they are written last
                virtuals.writeDispatchers();
            } while (!pendingBodies.isEmpty());
        } catch (CompileError e) {
            // error limit reached
        }
        return new Program(functions, globals, addressTaken);
    }

    private void topLevelOnce(Ast.Decl d, Scope unit, Map<String, List<Map.Entry<String, Object>>> analysed,
            Map<String, List<Map.Entry<String, Object>>> mine) {
        if (d instanceof Ast.NamespaceDecl ns) {
            for (Ast.Decl inner : ns.decls()) {
                // an inner declaration's names carry the namespace: analyse it as topLevel would
                topLevelOnce(new Ast.NamespaceDecl(ns.name(), List.of(inner), ns.span()), unit, analysed, mine, inner);
            }
            return;
        }
        topLevelOnce(d, unit, analysed, mine, d);
    }

    private void topLevelOnce(Ast.Decl d, Scope unit, Map<String, List<Map.Entry<String, Object>>> analysed,
            Map<String, List<Map.Entry<String, Object>>> mine, Ast.Decl keyDecl) {
        Span at = keyDecl.span();
        String key = at.file() + ":" + at.line() + ":" + at.column() + ":" + keyDecl.getClass().getSimpleName();
        List<Map.Entry<String, Object>> earlier = analysed.get(key);
        if (earlier != null) {
            unit.names.replay(earlier);
            return;
        }
        List<Map.Entry<String, Object>> journal = new ArrayList<>();
        unit.names.journal = journal;
        try {
            topLevel(d, unit, null);
        } finally {
            unit.names.journal = null;
        }
        mine.putIfAbsent(key, journal);
    }

    /**
     * Binds what a unit declares but does not define (a function prototype or an {@code extern}
     * variable of its own) to the definition another unit gives, as a linker would.
     */
    private void link(List<Scope> unitScopes) {
        reportMultipleDefinitions(unitScopes);
        for (Scope unit : unitScopes) {
            for (Map.Entry<String, Object> e : unit.names.entrySet()) {
                if (e.getKey().contains("::")) {
                    continue;
                }
                if (e.getValue() instanceof List<?> set) {
                    @SuppressWarnings("unchecked")
                    List<FunctionSym> fns = (List<FunctionSym>) set;
                    for (int i = 0; i < fns.size(); i++) {
                        FunctionSym f = fns.get(i);
                        if (f.decl != null && f.decl.body() == null && !f.isTemplate && !f.decl.specs().isStatic()) {
                            FunctionSym def = definition(unitScopes, e.getKey(), f);
                            if (def != null) {
                                fns.set(i, def);
                            }
                        }
                    }
                } else if (e.getValue() instanceof Typed.Var v && v.isGlobal && !v.internal) {
                    Typed.Var canonical = variable(unitScopes, e.getKey());
                    if (canonical != v) {
                        e.setValue(canonical);
                        globals.remove(v);
                    }
                }
            }
        }
    }

    /** Two files defining the same non-inline function with external linkage: the linker's error, reported at the later one. */
    private void reportMultipleDefinitions(List<Scope> unitScopes) {
        Map<String, List<FunctionSym>> seen = new HashMap<>();
        for (Scope unit : unitScopes) {
            for (Map.Entry<String, Object> e : unit.names.entrySet()) {
                if (e.getKey().contains("::") || !(e.getValue() instanceof List<?> set)) {
                    continue;
                }
                List<FunctionSym> earlier = seen.computeIfAbsent(e.getKey(), k -> new ArrayList<>());
                List<FunctionSym> mine = new ArrayList<>();
                for (Object o : set) {
                    FunctionSym f = (FunctionSym) o;
                    Ast.Specs sp = f.decl == null ? null : f.decl.specs();
                    if (sp == null || f.decl.body() == null || f.isTemplate || f.owner != null || sp.isStatic() || sp.isInline() || sp.isConstexpr()) {
                        continue;
                    }
                    for (FunctionSym d : earlier) {
                        if (d != f && sameParams(d, f)) {
                            diags.error(f.decl.span(), DiagKey.ERR_REDEFINITION, f.name);
                        }
                    }
                    mine.add(f);
                }
                for (FunctionSym f : mine) {
                    if (!earlier.contains(f)) {
                        earlier.add(f);
                    }
                }
            }
        }
    }

    /** The one variable a name with external linkage denotes: the defined one, else the first unit's. */
    private Typed.Var variable(List<Scope> unitScopes, String name) {
        Typed.Var first = null;
        for (Scope unit : unitScopes) {
            if (unit.names.get(name) instanceof Typed.Var v && v.isGlobal && !v.internal) {
                if (v.globalInit != null) {
                    return v;
                }
                first = first == null ? v : first;
            }
        }
        return first;
    }

    private FunctionSym definition(List<Scope> unitScopes, String name, FunctionSym decl) {
        for (Scope other : unitScopes) {
            if (other.names.get(name) instanceof List<?> set) {
                for (Object o : set) {
                    FunctionSym d = (FunctionSym) o;
                    if (d != decl && d.decl != null && d.decl.body() != null && !d.decl.specs().isStatic() && sameParams(d, decl)) {
                        return d;
                    }
                }
            }
        }
        return null;
    }

    /** Adds a function that Sema writes itself (dispatch functions) to the program; returns its IR name. */
    String newFunction(FunctionSym f, String irBase) {
        f.irName = uniqueIrName(irBase);
        functions.add(f);
        return f.irName;
    }

    /** A function declared at file scope (by the built-in headers) of the file being analysed, or null. */
    FunctionSym globalFunction(String name) {
        return scope.lookup(name) instanceof List<?> l && !l.isEmpty() ? (FunctionSym) l.get(0) : null;
    }

    private String uniqueIrName(String base) {
        int n = irNames.merge(base, 1, Integer::sum);
        return n == 1 ? base : base + "." + n;
    }

    // ================================================================= declarations

    private void topLevel(Ast.Decl d, Scope s, String namespace) {
        switch (d) {
            case Ast.NamespaceDecl ns -> {
                // names carry the whole path (std::chrono), so that std's nested namespaces are std's
                String inner = namespace == null || namespace.isEmpty() || ns.name().isEmpty() ? ns.name() : namespace + "::" + ns.name();
                StdNames.namespaceDefined(s, inner);
                for (Ast.Decl d2 : ns.decls()) {
                    topLevel(d2, s, inner);
                }
            }
            case Ast.UsingNamespace u -> StdNames.usingDirective(s, u.name());
            case Ast.UsingDecl u -> {
                StdNames.usingDeclaration(s, u.name());
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
            case Ast.AliasTemplate a -> declare(s, a.name(), new AliasTemplateSym(a, s), namespace);
            case Ast.RecordDecl r -> declareRecord(r, s, namespace);
            case Ast.EnumDecl e -> declareEnum(e, s, namespace);
            case Ast.StaticAssert sa -> staticAssert(sa, s);
        }
    }

    private void declare(Scope s, String name, Object what, String namespace) {
        StdNames.declared(s, name, what, namespace);
        if (what instanceof CType.Record && s.names.get(name) instanceof List<?>) {
            s.names.put(TAG + name, what);
            return;
        }
        if (what instanceof FunctionSym f) {
            f.inStd |= StdNames.isStd(namespace);
            if (s.names.get(name) instanceof CType.Record hidden) {
                s.names.put(TAG + name, hidden); // int stat(…) hides struct stat, still named as 'struct stat'
            }
            s.names.addFunction(name, f);
            if (namespace != null && !namespace.isEmpty()) {
                s.names.addFunction(namespace + "::" + name, f);
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
        if (o == null && name.contains("::") && !(s.lookup(name.substring(0, name.lastIndexOf("::"))) instanceof CType.Record)) {
            // std::x declared as x; but Tu::tag with Tu a class that lacks it names nothing (SFINAE)
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
        int before = diags.errorCount();
        Long v = constant(sa.cond());
        scope = save;
        if (v == null && diags.errorCount() == before) {
            diags.error(sa.cond().span(), DiagKey.ERR_STATIC_ASSERT_CONSTANT);
        } else if (v != null && v == 0) {
            String m = sa.message();
            diags.error(sa.cond().span(), DiagKey.ERR_STATIC_ASSERT, m.isEmpty() ? "" : ": " + m.substring(m.indexOf('"') + 1, Math.max(m.indexOf('"') + 1, m.lastIndexOf('"'))));
        }
    }

    private void declareGlobal(Ast.VarDecl v, Scope s, String namespace) {
        Scope save = scope;
        scope = s;
        try {
            CType t = resolveType(v.type(), s);
            if (t == null && isAuto(v.type())) {
                // constexpr auto N = 1024; at file scope: the initializer's type, as for a local
                if (v.init() == null || v.init() instanceof Ast.InitList) {
                    diags.error(v.span(), DiagKey.ERR_EXPECTED, "an initializer for 'auto'");
                    return;
                }
                t = autoInitializer(v.init()).type();
            } else if (t == null) {
                diags.error(v.span(), DiagKey.ERR_NOT_SUPPORTED, "'auto' here");
                return;
            }
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
            if (prev instanceof Typed.Var pv && pv.isGlobal && v.name().contains("::")) {
                // int Counter::alive = 0; defines the static member the class declared, which its
                // member functions already use: that variable gets the initializer
                FunctionSym saveFn = fn;
                fn = null;
                try {
                    pv.globalInit = initializer(v.init(), pv.type, v.span(), pv);
                } finally {
                    fn = saveFn;
                }
                if ((isConst || sp.isConstexpr()) && CType.isInteger(pv.type)) {
                    pv.constValue = constant(v.init());
                }
                return;
            }
            if (t instanceof CType.Ref && v.init() == null && !sp.isExtern()) {
                diags.error(v.span(), DiagKey.ERR_REFERENCE_UNINITIALIZED, v.name());
                return;
            }
            if (t instanceof CType.Ref) {
                // a global's slot would hold the address, but its uses are not dereferenced yet
                diags.error(v.span(), DiagKey.ERR_NOT_SUPPORTED, "a reference variable outside a function ('" + v.name() + "')");
                return;
            }
            Typed.Var var = new Typed.Var(v.name(), t, v.span(), true, isConst || sp.isConstexpr(), space);
            var.dynamicShared = sp.shared() && sp.isExtern() && t instanceof CType.Arr a && a.count() < 0;
            var.internal = sp.isStatic() || (isConst || sp.isConstexpr()) && !sp.isExtern();
            if (v.init() == null && !sp.isExtern() && space.equals("host") && t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
                // a global object is constructed before main runs
                FunctionSym saveFn = fn;
                fn = null;
                try {
                    var.globalInit = construct(var, rec, List.of(), v.span());
                } finally {
                    fn = saveFn;
                }
            }
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
            if (v.init() == null && !sp.isExtern() && space.equals("host") && t instanceof CType.Arr && elementClass(t) != null
                    && !elementClass(t).constructors.isEmpty()) {
                constructGlobalArray(var, v.span());
            }
        } finally {
            scope = save;
        }
    }

    /**
     * A global array of objects with a default constructor: a function constructs the elements,
     * called by the dynamic initialisation of a hidden global that follows the array, so it runs
     * before main in declaration order.
     */
    private void constructGlobalArray(Typed.Var array, Span span) {
        FunctionSym init = new FunctionSym(array.name + ".construct", span);
        init.space = ExecutionSpace.HOST;
        init.result = CType.VOID;
        newFunction(init, array.name + ".construct");
        FunctionSym saveFn = fn;
        fn = init;
        List<Typed.Stmt> body = new ArrayList<>();
        try {
            constructElements(array, span, body);
        } finally {
            fn = saveFn;
        }
        init.body = new Typed.Block(body, span);
        Typed.Var done = new Typed.Var(array.name + ".constructed", CType.INT, span, true, false, "host");
        done.globalInit = new Typed.Comma(new Typed.Call(init, List.of(), CType.VOID, span), new Typed.IntConst(CType.INT, 1, span), span);
        globals.add(done);
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
            if (o instanceof ClassTemplate ct && f.ownerArgs() != null && !f.ownerArgs().isEmpty()) {
                ct.outOfClass.add(f);
                for (CType.Record inst : new ArrayList<>(ct.instances.values())) {
                    attachOutOfClass(ct, inst);
                }
                FunctionSym placeholder = new FunctionSym(f.name(), f.span());
                placeholder.decl = f;
                placeholder.isTemplate = true;
                return placeholder;
            }
            if (o instanceof CType.Record r) {
                List<FunctionSym> members = f.name().startsWith("~") ? (r.destructor != null ? List.of(r.destructor) : List.of())
                        : f.result() == null ? r.constructors : r.methods;
                for (FunctionSym m : members) {
                    boolean shapeMatches = m.isTemplate ? m.decl.params().size() == f.params().size()
                            : m.params.size() - (m.thisVar != null ? 1 : 0) == f.params().size();
                    if (m.name.equals(f.name()) && shapeMatches && m.decl.body() == null && !f.isExplicitSpecialization()
                            && m.isTemplate == !f.templateParams().isEmpty()) {
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
        sym.noexcept = f.noexcept();
        sym.space = spaceOf(f.specs());
        if (sym.space == ExecutionSpace.HOST && owner != null && owner.name.equals("dim3")) {
            sym.space = ExecutionSpace.HOST_DEVICE;
        }
        sym.declScope = s;
        if (!f.templateParams().isEmpty()) {
            sym.isTemplate = true;
            // template <class T> T f(int); … template <class T> T f(int) { … }: the definition completes the declaration
            if (f.body() != null && owner == null && s.names.get(f.name()) instanceof List<?> set) {
                for (Object o : set) {
                    FunctionSym other = (FunctionSym) o;
                    if (other.isTemplate && other.decl.body() == null
                            && other.decl.params().size() == f.params().size()
                            && other.decl.templateParams().size() == f.templateParams().size()) {
                        other.decl = f;
                        return other;
                    }
                }
            }
            if (!sym.isConstructor) { // a constructor template must not hide the class's own name
                declare(s, f.name(), sym, namespace);
            }
            return sym;
        }
        signature(sym, s);
        if (f.isExplicitSpecialization()) {
            return specializeFunction(sym, s);
        }
        // A redeclaration of a function already declared: keep the first, attach the body.
        Object prev = s.names.get(f.name());
        if (prev instanceof List<?> set && owner == null) {
            for (Object o : set) {
                FunctionSym other = (FunctionSym) o;
                if (!other.isTemplate && sameParams(other, sym)) {
                    if (f.body() != null) {
                        if (other.decl.body() != null && replaceable(other, f)) {
                            // the program's operator new/delete replaces the library's, as C++ allows
                            if (!f.span().file().startsWith("<built-in>")) {
                                other.decl = f;
                                other.declScope = s;
                                other.body = null;
                                other.params.clear();
                                other.params.addAll(sym.params);
                                pendingBodies.add(other);
                            }
                            return other;
                        }
                        if (other.decl.body() != null) {
                            diags.error(f.span(), DiagKey.ERR_REDEFINITION, f.name());
                            return other;
                        }
                        other.decl = f;
                        other.declScope = s; // the body sees the defining file's names
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

    /**
     * Whether definition {@code f} of a global allocation or deallocation function may stand
     * beside {@code other}'s: one of them is the library's (either may come first).
     */
    private static boolean replaceable(FunctionSym other, Ast.FunctionDecl f) {
        boolean allocation = f.name().startsWith("operatornew") || f.name().startsWith("operatordelete");
        return allocation && other.owner == null && (other.decl.span().file().startsWith("<built-in>") != f.span().file().startsWith("<built-in>"));
    }

    /** Whether two member functions take the same parameters, this aside: one overrides or hides the other outright. */
    private static boolean sameSignature(FunctionSym a, FunctionSym b) {
        int ka = a.thisVar != null ? 1 : 0;
        int kb = b.thisVar != null ? 1 : 0;
        if (a.params.size() - ka != b.params.size() - kb || a.variadic != b.variadic) {
            return false;
        }
        for (int i = 0; i + ka < a.params.size(); i++) {
            if (!sameType(a.params.get(i + ka).type, b.params.get(i + kb).type)) {
                return false;
            }
        }
        return true;
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

    static boolean sameTypeOf(CType a, CType b) {
        return sameType(a, b);
    }

    private static boolean sameType(CType a, CType b) {
        if (a instanceof CType.Ptr pa && b instanceof CType.Ptr pb) {
            return sameType(pa.pointee(), pb.pointee());
        }
        if (a instanceof CType.Ref ra && b instanceof CType.Ref rb) {
            return sameType(ra.referee(), rb.referee());
        }
        return a != null && a.equals(b); // an ill-formed type (std::function<int(* int)>) is null
    }

    /** Resolves a function's result and parameter types in scope {@code s} (template bindings included). */
    private void signature(FunctionSym sym, Scope s) {
        Ast.FunctionDecl f = sym.decl;
        boolean late = mentionsDecltype(f.result());
        sym.result = f.result() == null ? CType.VOID : late ? CType.INT : resolveType(f.result(), s);
        if (sym.owner != null && !f.specs().isStatic()) {
            sym.thisVar = new Typed.Var("this", new CType.Ptr(sym.owner, f.constMethod()), f.span(), false, true, null);
            sym.params.add(sym.thisVar);
            sym.defaults.add(null);
        }
        for (Ast.Param p : f.params()) {
            if (p.type() instanceof Ast.PackExpansionType pe) {
                // Args... args: one parameter per element, named as the expansion of args names them
                Map<String, Integer> packs = packsIn(pe.pattern(), s, pe.span());
                int n = packs == null ? 0 : packs.values().iterator().next();
                List<Typed.Var> vars = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    CType t = resolveType(Packs.element(pe.pattern(), packs, k), s);
                    String name = p.name() == null ? "" : Packs.elementName(p.name(), k);
                    Typed.Var v = new Typed.Var(name, t instanceof CType.Arr a ? new CType.Ptr(a.element(), false) : t, p.span(), false, false, null);
                    sym.params.add(v);
                    sym.defaults.add(null);
                    vars.add(v);
                }
                if (p.name() != null) {
                    sym.paramPacks.put(p.name(), vars);
                }
                continue;
            }
            CType t = resolveType(p.type(), s);
            if (autoIn(p.type()) instanceof Ast.AutoType a) {
                // int f(auto x) is C++20's abbreviated template; nvcc's C++17 rejects it (a generic
                // lambda's auto parameters were made template parameters before this)
                diags.error(a.span(), DiagKey.ERR_AUTO_PARAMETER);
                t = CType.INT;
            }
            if (t instanceof CType.Arr a) {
                t = new CType.Ptr(a.element(), false);
            }
            boolean isConst = p.type() instanceof Ast.ConstType;
            sym.params.add(new Typed.Var(p.name() == null ? "" : p.name(), t, p.span(), false, isConst, null));
            sym.defaults.add(p.defaultValue());
        }
        sym.variadic = f.variadic();
        if (late) {
            // auto f(T a, U b) -> decltype(a + b): the parameters are in scope in the trailing return type
            Scope ps = new Scope(s);
            for (Typed.Var p : sym.params) {
                if (!p.name.isEmpty()) {
                    ps.names.put(p.name, p);
                }
            }
            for (Map.Entry<String, List<Typed.Var>> pack : sym.paramPacks.entrySet()) {
                ps.names.put(pack.getKey(), new Packs.VarPack(pack.getValue()));
            }
            sym.result = resolveType(f.result(), ps);
        }
    }

    private static boolean mentionsDecltype(TypeNode t) {
        return switch (t) {
            case Ast.DecltypeType d -> true;
            case Ast.PointerType p -> mentionsDecltype(p.pointee());
            case Ast.ReferenceType r -> mentionsDecltype(r.referee());
            case Ast.ConstType c -> mentionsDecltype(c.inner());
            case null, default -> false;
        };
    }

    /** A class template instance: the template and its arguments (CType or Long), for matching patterns such as {@code Vec<T>}. */
    record Instance(ClassTemplate template, List<Object> args) {}

    private final Map<CType.Record, Instance> instanceOf = new HashMap<>();
    /** Each complete record's member scope: its typedefs, nested types, static data and static methods. */
    private final Map<CType.Record, Scope> recordScopes = new HashMap<>();
    /** Where a class hidden by a function of the same name stays reachable (struct stat beside stat()). */
    static final String TAG = "struct ";

    /** A name looked up as a type: a class hidden by a function is still found. */
    static Object typeLookup(Scope s, String name) {
        Object o = s.lookup(name);
        if (o instanceof List<?>) {
            Object tag = s.lookup(TAG + name);
            return tag != null ? tag : o;
        }
        return o;
    }

    private void declareRecord(Ast.RecordDecl r, Scope s, String namespace) {
        if (!r.specializationArgs().isEmpty()) {
            Object o = lookupQualified(s, r.name());
            if (o instanceof ClassTemplate ct) {
                ct.specializations.add(new ClassTemplate(r, s));
            } else {
                diags.error(r.span(), DiagKey.ERR_UNKNOWN_TYPE, r.name());
            }
            return;
        }
        if (!r.templateParams().isEmpty()) {
            ClassTemplate ct = new ClassTemplate(r, s);
            ct.namespace = namespace;
            declare(s, r.name(), ct, namespace);
            return;
        }
        Object prev = s.names.get(r.name());
        if (prev instanceof List<?>) {
            // a function of this name is declared here: the class lives under its tag
            if (s.names.get(TAG + r.name()) instanceof CType.Record tagged) {
                if (r.complete() && !tagged.complete) {
                    completeRecord(tagged, r, s);
                }
                return;
            }
            CType.Record rec = new CType.Record(r.name(), r.kind().equals("union"));
            s.names.put(TAG + r.name(), rec);
            if (r.complete()) {
                completeRecord(rec, r, s);
            }
            return;
        }
        if (prev == null && !r.complete() && typeLookup(s, r.name()) instanceof CType.Record) {
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
            rec.namespace = namespace == null || namespace.isEmpty() ? null : namespace;
        }
        if (r.complete()) {
            completeRecord(rec, r, s);
        }
    }

    private void completeRecord(CType.Record rec, Ast.RecordDecl r, Scope outer) {
        Scope s = new Scope(outer);
        recordScopes.put(rec, s);
        rec.bodyScope = s;
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
        boolean basePolymorphic = false;
        for (TypeNode base : r.bases()) {
            CType bt = resolveType(base, s);
            if (bt instanceof CType.Record br) {
                // bases lie one after the other; an empty base takes no room (the empty base optimisation)
                boolean empty = br.fields.isEmpty();
                long at = empty ? 0 : (offset + br.align - 1) / br.align * br.align;
                long dataEnd = 0;
                for (CType.Field f : br.fields) {
                    rec.fields.add(new CType.Field(f.name(), f.type(), at + f.offset(), rec.fields.size()));
                    dataEnd = Math.max(dataEnd, f.offset() + CType.sizeOf(f.type()));
                }
                rec.bases.add(new CType.Base(br, at));
                rec.methods.addAll(br.methods);
                // the Itanium C++ ABI (g++) puts what follows a polymorphic base in that base's tail padding
                offset = empty ? offset : at + (br.isPolymorphic() ? dataEnd : br.size);
                align = Math.max(align, br.align);
                basePolymorphic |= br.isPolymorphic();
            }
        }
        if (!basePolymorphic && Virtuals.declaresVirtual(members)) {
            // the vptr slot: first in the object, as g++ lays it out (after the bases when they have no vptr)
            offset = (offset + 7) / 8 * 8;
            rec.fields.add(new CType.Field(Virtuals.VPTR, CType.ULONG, offset, rec.fields.size()));
            offset += 8;
            align = Math.max(align, 8);
        }
        if (basePolymorphic || Virtuals.declaresVirtual(members)) {
            virtuals.register(rec);
        }
        for (Ast.Decl d : members) {
            switch (d) {
                case Ast.VarDecl v -> {
                    if (v.specs().isStatic()) {
                        declareGlobal(v, s, null);
                        Object g = s.names.get(v.name());
                        outer.names.put(rec.name + "::" + v.name(), g);
                        rec.members.put(v.name(), g);
                        continue;
                    }
                    CType t = resolveType(v.type(), s);
                    int a = r.alignAs() < 0 ? 1 : Math.max(CType.alignOf(t), v.specs().alignAs());
                    long sz = CType.sizeOf(t);
                    if (v.init() != null) {
                        rec.fieldDefaults.put(v.name(), v.init());
                    }
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
                    rec.members.put(t.name(), tt);
                }
                case Ast.RecordDecl nested -> {
                    declareRecord(nested, s, null);
                    if (s.names.get(nested.name()) instanceof CType.Record inner) {
                        enclosingRecord.put(inner, rec);
                    }
                    outer.names.put(rec.name + "::" + nested.name(), s.names.get(nested.name()));
                    rec.members.put(nested.name(), s.names.get(nested.name()));
                }
                case Ast.EnumDecl e -> declareEnum(e, s, null);
                case Ast.StaticAssert sa -> staticAssert(sa, s);
                case Ast.UsingDecl u -> rec.usingNames.add(u.name().substring(u.name().lastIndexOf(':') + 1));
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
        List<FunctionSym> own = new ArrayList<>();
        for (Ast.Decl d : methods) {
            Ast.FunctionDecl f = (Ast.FunctionDecl) d;
            if (f.specs().isDeleted()) {
                continue; // a deleted function is never called by a valid program
            }
            if (f.specs().isDefaulted()) {
                boolean special = f.name().startsWith("~") || f.result() == null && f.params().isEmpty();
                if (!special) {
                    continue; // a defaulted copy or move: the bitwise copy webcu does anyway
                }
                f = new Ast.FunctionDecl(f.name(), f.result(), f.params(), f.variadic(), f.specs(), f.templateParams(),
                        new Ast.Compound(List.of(), f.span()), f.owner(), f.memberInits(), f.constMethod(), f.span());
            }
            FunctionSym m = declareFunction(f, s, rec, null);
            if (m.owner == rec) {
                own.add(m);
            }
            if (f.name().startsWith("~") && !f.params().isEmpty()) {
                diags.error(f.span(), DiagKey.ERR_DESTRUCTOR_PARAMS);
            } else if (f.name().startsWith("~")) {
                rec.destructor = m;
                continue;
            }
            if (m.owner == rec && (m.isConstructor ? !rec.constructors.contains(m) : !rec.methods.contains(m))) {
                if (!m.isConstructor) {
                    // a method declared here hides the bases' methods of that name (an override of what())
                    rec.methods.removeIf(b -> b.owner != rec && b.name.equals(m.name) && (!rec.usingNames.contains(m.name) || sameSignature(b, m)));
                }
                (m.isConstructor ? rec.constructors : rec.methods).add(m);
            }
            if (m.owner == rec && !m.isConstructor && f.specs().isStatic()) {
                // static members are called as Class::name(...)
                declare(outer, rec.name + "::" + f.name(), m, null);
                @SuppressWarnings("unchecked")
                List<FunctionSym> set = (List<FunctionSym>) rec.members.computeIfAbsent(f.name(), x -> new ArrayList<FunctionSym>());
                set.add(m);
            }
        }
        // a member function hides the base classes' functions of the same name
        // (but using Base::f; keeps the bases' f that this class does not override)
        rec.methods.removeIf(m -> m.owner != rec && own.stream().anyMatch(o -> o.name.equals(m.name)
                && (!rec.usingNames.contains(m.name) || sameSignature(o, m))));
        if (rec.destructor == null) {
            for (CType.Base b : rec.bases) {
                if (b.record().destructor != null && b.offset() == 0) {
                    rec.destructor = b.record().destructor; // the implicit destructor does only what the base's does
                    break;
                }
            }
        }
        if ((rec.destructor == null || rec.destructor.owner != rec) && !rec.isPolymorphic() && !rec.isUnion && membersNeedDestruction(rec)) {
            // the implicit destructor: it destroys the members (a std::string, a container, a
            // pair's second) and then the bases
            Ast.Specs hd = new Ast.Specs(false, false, true, false, true, true, false, false, false, false, false, false,
                    false, false, false, false, false, 0);
            Ast.FunctionDecl f = new Ast.FunctionDecl("~" + simpleName(r.name()), null, List.of(), false, hd, List.of(),
                    new Ast.Compound(List.of(), r.span()), simpleName(r.name()), List.of(), false, r.span());
            rec.destructor = declareFunction(f, s, rec, null);
        }
        if (rec.isPolymorphic()) {
            virtuals.buildVtable(rec, own);
        }
        if (rec.constructors.isEmpty() && (rec.isPolymorphic() || Virtuals.baseNeedsConstruction(rec))) {
            // the implicit default constructor: it sets the vptr and constructs the bases
            Ast.Specs hd = new Ast.Specs(false, false, true, false, true, true, false, false, false, false, false, false,
                    false, false, false, false, false, 0);
            Ast.FunctionDecl f = new Ast.FunctionDecl(simpleName(r.name()), null, List.of(), false, hd, List.of(),
                    new Ast.Compound(List.of(), r.span()), simpleName(r.name()), List.of(), false, r.span());
            FunctionSym c = declareFunction(f, s, rec, null);
            rec.constructors.add(c);
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
                CType referee = resolveType(r.referee(), s);
                if (referee instanceof CType.Ref inner) {
                    // reference collapsing: T& with T = A&& is A&, T&& with T = A& is A&
                    return new CType.Ref(inner.referee(), inner.constReferee() || r.constReferee(), inner.rvalue() && r.rvalue());
                }
                if (referee instanceof CType.Void) {
                    diags.error(r.span(), DiagKey.ERR_REFERENCE_TO_VOID);
                    return CType.INT;
                }
                return new CType.Ref(referee, r.constReferee(), r.rvalue());
            }
            case Ast.PackExpansionType p -> {
                diags.error(p.span(), DiagKey.ERR_NOT_SUPPORTED, "a pack expansion here");
                return CType.INT;
            }
            case Ast.ArrayType a -> {
                CType el = resolveType(a.element(), s);
                if (el == null) {
                    diags.error(a.span(), DiagKey.ERR_ARRAY_OF_AUTO);
                    el = CType.INT;
                }
                if (el instanceof CType.Ref) {
                    diags.error(a.span(), DiagKey.ERR_ARRAY_OF_REFERENCES, el);
                    el = ((CType.Ref) el).referee();
                }
                long n = -1;
                if (a.size() != null) {
                    Scope save = scope;
                    scope = s;
                    Long v = constant(a.size());
                    scope = save;
                    if (v == null) {
                        diags.error(a.size().span(), DiagKey.ERR_NOT_CONSTANT);
                        v = 1L;
                    } else if (v < 0) {
                        diags.error(a.size().span(), DiagKey.ERR_ARRAY_NEGATIVE);
                        v = 1L;
                    } else if (v > MAX_OBJECT_BYTES / Math.max(1, CType.sizeOf(el))) {
                        // the VM's memory and the device's buffers are byte arrays: beyond this they cannot exist
                        diags.error(a.size().span(), DiagKey.ERR_ARRAY_TOO_LARGE, v, MAX_OBJECT_BYTES >> 30);
                        v = -1L; // as if unsized: an initializer gives the size, and no second error
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
                return (CType) typeLookup(s, r.decl().name());
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
                if (n.name().equals("__make_index_seq") || n.name().equals("__make_integer_seq")) {
                    return integerSequence(n, s);
                }
                if (n.name().contains("::") && (!n.args().isEmpty() || s.lookup(n.name()) == null)
                        && classMember(n.name(), n.args(), s, n.span()) instanceof CType c) {
                    return c;
                }
                Object o = lookupQualified(s, n.name());
                if (o instanceof List<?>) {
                    Object tag = typeLookup(s, n.name());
                    o = tag instanceof CType ? tag : o;
                }
                if (n.name().contains("::") && (s.lookup(n.name()) == null || !n.args().isEmpty())) {
                    // Outer<args>::Inner or T::Inner: a member type of a class
                    Object m = memberOfInstance(n, s);
                    if (m instanceof CType c) {
                        return c;
                    }
                }
                if (o instanceof CType.Record r && !n.args().isEmpty() && instanceOf.get(r) instanceof Instance in) {
                    // the injected class name with arguments names the template: Tuple<T...> inside Tuple<H, T...>
                    return instantiateClass(in.template(), n, s);
                }
                if (o instanceof AliasTemplateSym at) {
                    return instantiateAlias(at, n, s);
                }
                if (o instanceof CType c) {
                    StdNames.check(this, s, n.name(), o, n.span(), null, StdNames.Use.TYPE);
                    return c;
                }
                if (o instanceof ClassTemplate ct) {
                    StdNames.check(this, s, n.name(), o, n.span(), null, StdNames.Use.TEMPLATE);
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

    /**
     * What {@code X<args>::m}, or {@code C::m} with C naming a class (a bound template parameter
     * included), names in that class: see {@link CType.Record#members}; null when the prefix is
     * not a class or the class has no such member.
     */
    Object classMember(String qualified, List<Ast.TemplateArg> args, Scope s, Span span) {
        int k = qualified.lastIndexOf("::");
        if (k <= 0) {
            return null;
        }
        String prefix = qualified.substring(0, k);
        Object o = s.lookup(prefix);
        if (o == null && prefix.contains("::")) {
            o = classMember(prefix, List.of(), s, span); // A::B::m with A::B a nested type
        }
        if (o == null) {
            o = lookupQualified(s, prefix); // std::chrono::steady_clock is declared as steady_clock
        }
        CType.Record rec = null;
        if (o instanceof CType.Record r && !args.isEmpty() && instanceOf.get(r) instanceof Instance in) {
            o = in.template(); // F<I - 1>::get inside F: the injected class name with arguments names the template
        }
        if (o instanceof ClassTemplate ct && !args.isEmpty()) {
            if (instantiateClass(ct, new Ast.NamedType(prefix, args, span), s) instanceof CType.Record r) {
                rec = r;
            }
        } else if (o instanceof AliasTemplateSym at && !args.isEmpty()) {
            if (resolveType(new Ast.NamedType(prefix, args, span), s) instanceof CType.Record r) {
                rec = r; // std::make_index_sequence<7>::size()
            }
        } else if (o instanceof CType.Record r && args.isEmpty()) {
            rec = r;
        }
        return rec == null ? null : rec.members.get(qualified.substring(k + 2));
    }

    /**
     * std::make_index_sequence<N> (std::index_sequence<0, …, N-1>) and make_integer_sequence<T, N>
     * (std::integer_sequence<T, 0, …, N-1>), made at once as clang's __make_integer_seq makes them.
     */
    private CType integerSequence(Ast.NamedType n, Scope s) {
        boolean index = n.name().equals("__make_index_seq");
        List<Ast.TemplateArg> given = expandTemplateArgs(n.args(), s);
        Ast.TemplateArg count = given.isEmpty() ? null : given.get(given.size() - 1);
        Long v = null;
        if (count != null && count.value() != null) {
            Scope save = scope;
            scope = s;
            v = constant(count.value());
            scope = save;
        } else if (count != null && count.type() instanceof Ast.NamedType nt && s.lookup(nt.name()) instanceof Long bound) {
            v = bound; // a value parameter the parser took for a type name
        }
        Object t = lookupQualified(s, index ? "std::index_sequence" : "std::integer_sequence");
        if (v == null || v < 0 || v > 100_000 || !(t instanceof ClassTemplate ct) || !index && given.size() != 2) {
            diags.error(n.span(), DiagKey.ERR_NOT_CONSTANT);
            return CType.INT;
        }
        List<Object> elements = new ArrayList<>();
        for (long i = 0; i < v; i++) {
            elements.add(i);
        }
        List<Object> args = new ArrayList<>();
        if (!index) {
            args.add(resolveType(given.get(0).type(), s));
        }
        args.add(new Packs.Pack(elements));
        return instantiateClass(ct, args);
    }

    /** Vec<int> with template <class T> using Vec = std::vector<T>: the aliased type with T bound to int. */
    private CType instantiateAlias(AliasTemplateSym at, Ast.NamedType n, Scope s) {
        List<Ast.TemplateParam> tps = at.decl().templateParams();
        Scope inst = new Scope(at.scope());
        List<Ast.TemplateArg> given = expandTemplateArgs(n.args(), s);
        for (int i = 0; i < tps.size(); i++) {
            Ast.TemplateParam tp = tps.get(i);
            if (tp.pack()) {
                List<Object> elements = new ArrayList<>();
                for (int j = i; j < given.size(); j++) {
                    elements.add(bindArg(tp, given.get(j), s));
                }
                inst.names.put(tp.name(), new Packs.Pack(elements));
                break;
            }
            Ast.TemplateArg arg = i < given.size() ? given.get(i) : tp.defaultArg();
            if (arg == null) {
                diags.error(n.span(), DiagKey.ERR_NO_MATCHING_FUNCTION, n.name());
                return CType.INT;
            }
            inst.names.put(tp.name(), bindArg(tp, arg, i < given.size() ? s : inst));
        }
        return resolveType(at.decl().type(), inst);
    }

    private CType instantiateClass(ClassTemplate ct, Ast.NamedType n, Scope s) {
        List<Ast.TemplateParam> tps = ct.decl.templateParams();
        Scope inst = new Scope(ct.scope);
        List<Object> args = new ArrayList<>();
        List<Ast.TemplateArg> given = expandTemplateArgs(n.args(), s);
        for (int i = 0; i < tps.size(); i++) {
            Ast.TemplateParam tp = tps.get(i);
            if (tp.pack()) {
                // template <class... Ts> struct S: the remaining arguments form the pack
                List<Object> elements = new ArrayList<>();
                for (int j = i; j < given.size(); j++) {
                    elements.add(bindArg(tp, given.get(j), s));
                }
                args.add(new Packs.Pack(elements));
                break;
            }
            Ast.TemplateArg arg = i < given.size() ? given.get(i) : tp.defaultArg();
            if (arg == null) {
                diags.error(n.span(), DiagKey.ERR_NO_MATCHING_FUNCTION, n.name());
                return CType.INT;
            }
            // a default argument may name earlier parameters: it is resolved among them
            Object bound = bindArg(tp, arg, i < given.size() ? s : inst);
            inst.names.put(tp.name(), bound);
            args.add(bound);
        }
        return instantiateClass(ct, args);
    }

    /** The instance of a class template for these arguments (CType, Long or Pack, one per parameter). */
    CType.Record instantiateClass(ClassTemplate ct, List<Object> args) {
        List<Ast.TemplateParam> tps = ct.decl.templateParams();
        Scope inst = new Scope(ct.scope);
        StringBuilder key = new StringBuilder();
        StringBuilder ids = new StringBuilder();
        Map<String, Object> primary = new LinkedHashMap<>();
        for (int i = 0; i < tps.size() && i < args.size(); i++) {
            primary.put(tps.get(i).name(), args.get(i));
            key.append(args.get(i)).append(',');
            // two classes may print alike (each container's nested 'iterator'): tell them apart
            ids.append(args.get(i).hashCode()).append(',');
        }
        inst.names.putAll(primary);
        bindPackElements(inst, primary);
        typeValueParams(tps, inst);
        CType.Record rec = ct.instances.get(key + "#" + ids);
        if (rec != null) {
            return rec;
        }
        String name = ct.decl.name() + "<" + key.substring(0, Math.max(0, key.length() - 1)) + ">";
        rec = new CType.Record(name, ct.decl.kind().equals("union"));
        ct.instances.put(key + "#" + ids, rec);
        instanceOf.put(rec, new Instance(ct, args));
        Ast.RecordDecl decl = ct.decl;
        ClassTemplate spec = chooseSpecialization(ct, args);
        if (spec != null) {
            Map<String, Object> bound = new LinkedHashMap<>();
            matchSpecialization(spec, args, bound);
            inst = new Scope(spec.scope);
            inst.names.putAll(bound);
            bindPackElements(inst, bound);
            typeValueParams(spec.decl.templateParams(), inst);
            decl = spec.decl;
        }
        inst.names.put(ct.decl.name(), rec);
        if (instantiationDepth >= MAX_INSTANTIATION_DEPTH) {
            // a recursive template without a base case that applies (clang's limit and words)
            diags.error(decl.span(), DiagKey.ERR_TEMPLATE_DEPTH, MAX_INSTANTIATION_DEPTH);
            throw new CompileError();
        }
        instantiationDepth++;
        try {
            completeRecord(rec, decl, inst);
        } catch (StackOverflowError e) {
            // the thread's stack (a browser's, a test's) ran out before the limit: report it at
            // the outermost instantiation, once the stack is back
            if (instantiationDepth > 1) {
                throw e;
            }
            diags.error(decl.span(), DiagKey.ERR_TEMPLATE_DEPTH, MAX_INSTANTIATION_DEPTH);
            throw new CompileError();
        } finally {
            instantiationDepth--;
        }
        attachOutOfClass(ct, rec);
        return rec;
    }

    private static final int MAX_INSTANTIATION_DEPTH = 1024;
    private int instantiationDepth;

    /**
     * Gives an instance's methods the bodies defined outside the class template: an explicit
     * specialization for exactly these arguments ({@code template <> void Box<float>::print()})
     * first, else the generic definition ({@code template <class T> void Box<T>::print()}),
     * whose own parameter names are bound to the instance's arguments.
     */
    private void attachOutOfClass(ClassTemplate ct, CType.Record rec) {
        Instance in = instanceOf.get(rec);
        Scope rs = recordScopes.get(rec);
        if (in == null || rs == null || ct.outOfClass.isEmpty()) {
            return;
        }
        for (int pass = 0; pass < 2; pass++) {
            for (Ast.FunctionDecl def : ct.outOfClass) {
                if (def.templateParams().isEmpty() != (pass == 0) || def.body() == null) {
                    continue;
                }
                Map<String, Object> bound = new LinkedHashMap<>();
                boolean ok = def.ownerArgs().size() <= in.args().size();
                for (int i = 0; ok && i < def.ownerArgs().size(); i++) {
                    ok = matchArg(def.ownerArgs().get(i), in.args().get(i), def.templateParams(), bound, ct.scope);
                }
                if (!ok) {
                    continue;
                }
                List<FunctionSym> members = new ArrayList<>(def.result() == null ? rec.constructors : rec.methods);
                if (rec.destructor != null) {
                    members.add(rec.destructor);
                }
                for (FunctionSym m : members) {
                    int own = m.params.size() - (m.thisVar != null ? 1 : 0);
                    if (m.name.equals(def.name()) && m.owner == rec && m.decl.body() == null && own == def.params().size()) {
                        Scope ds = new Scope(rs);
                        ds.names.putAll(bound);
                        typeValueParams(def.templateParams(), ds);
                        boolean isStatic = m.thisVar == null;
                        List<Ast.Expr> defaults = new ArrayList<>(m.defaults);
                        m.params.clear();
                        m.defaults.clear();
                        m.thisVar = null;
                        m.decl = def;
                        m.declScope = ds;
                        signature(m, ds);
                        if (isStatic && m.thisVar != null) {
                            m.params.remove(0);
                            m.defaults.remove(0);
                            m.thisVar = null;
                        }
                        m.defaults.clear();
                        m.defaults.addAll(defaults);
                        pendingBodies.add(m);
                        break;
                    }
                }
            }
        }
    }

    /**
     * The specialization a class template instance uses: an explicit one for exactly these
     * arguments, else the first partial one whose pattern matches (later ones win only when
     * strictly more specialized, judged by the number of their own parameters), else null.
     */
    private ClassTemplate chooseSpecialization(ClassTemplate ct, List<Object> args) {
        ClassTemplate best = null;
        for (ClassTemplate sp : ct.specializations) {
            if (matchSpecialization(sp, args, new LinkedHashMap<>())
                    && (best == null || sp.decl.templateParams().size() < best.decl.templateParams().size())) {
                best = sp;
            }
        }
        return best;
    }

    private boolean matchSpecialization(ClassTemplate sp, List<Object> args, Map<String, Object> bound) {
        List<Ast.TemplateArg> pats = sp.decl.specializationArgs();
        // a pack among the arguments stands for its elements: Tuple<int, float> is Tuple<{int, float}>
        List<Object> flat = new ArrayList<>();
        for (Object a : args) {
            if (a instanceof Packs.Pack p) {
                flat.addAll(p.elements());
            } else {
                flat.add(a);
            }
        }
        for (int i = 0; i < pats.size(); i++) {
            if (pats.get(i).type() instanceof Ast.PackExpansionType pe && i == pats.size() - 1
                    && pe.pattern() instanceof Ast.NamedType nt && nt.args().isEmpty()) {
                // Tuple<Head, Tail...>: the rest of the arguments bind the pack
                if (i > flat.size()) {
                    return false;
                }
                bound.put(nt.name(), new Packs.Pack(new ArrayList<>(flat.subList(i, flat.size()))));
                return allBound(sp, bound);
            }
            if (i >= flat.size() || !matchArg(pats.get(i), flat.get(i), sp.decl.templateParams(), bound, sp.scope)) {
                return false;
            }
        }
        if (pats.size() != flat.size()) {
            return false;
        }
        return allBound(sp, bound);
    }

    private static boolean allBound(ClassTemplate sp, Map<String, Object> bound) {
        for (Ast.TemplateParam tp : sp.decl.templateParams()) {
            if (!bound.containsKey(tp.name())) {
                return false;
            }
        }
        return true;
    }

    /** Matches one template argument pattern (type or value) against an argument, binding parameters. */
    private boolean matchArg(Ast.TemplateArg pat, Object actual, List<Ast.TemplateParam> tps, Map<String, Object> bound, Scope scope) {
        if (pat.type() != null && actual instanceof CType c) {
            return matchExact(pat.type(), c, tps, bound, scope);
        }
        Ast.Expr v = pat.value();
        if (v == null && pat.type() instanceof Ast.NamedType nt && nt.args().isEmpty()) {
            v = new Ast.Name(nt.name(), List.of(), nt.span());
        }
        if (v == null || !(actual instanceof Long)) {
            return false;
        }
        if (v instanceof Ast.Name nm) {
            for (Ast.TemplateParam tp : tps) {
                if (!tp.isType() && tp.name().equals(nm.name())) {
                    Object prev = bound.putIfAbsent(tp.name(), actual);
                    return prev == null || prev.equals(actual);
                }
            }
        }
        Scope save = this.scope;
        this.scope = new Scope(scope);
        this.scope.names.putAll(bound);
        Long k;
        try {
            k = constant(v);
        } finally {
            this.scope = save;
        }
        return actual.equals(k);
    }

    /**
     * Exact structural matching of a type pattern against a type, binding the template
     * parameters {@code tps} it mentions (used where no conversion follows: specializations).
     */
    private boolean matchExact(TypeNode pattern, CType actual, List<Ast.TemplateParam> tps, Map<String, Object> bound, Scope scope) {
        switch (pattern) {
            case Ast.ConstType c -> {
                return matchExact(c.inner(), actual, tps, bound, scope);
            }
            case Ast.PointerType p -> {
                return actual instanceof CType.Ptr ap && matchExact(p.pointee(), ap.pointee(), tps, bound, scope);
            }
            case Ast.ReferenceType r -> {
                return actual instanceof CType.Ref ar && matchExact(r.referee(), ar.referee(), tps, bound, scope);
            }
            case Ast.FunctionType f when actual instanceof CType.Fn fn -> {
                // function<R(A...)>: the result, then the parameters, a trailing pack taking the rest
                if (fn.variadic() != f.variadic() || !matchExact(f.result(), fn.result(), tps, bound, scope)) {
                    return false;
                }
                List<Ast.Param> ps = f.params();
                for (int i = 0; i < ps.size(); i++) {
                    if (i == ps.size() - 1 && ps.get(i).type() instanceof Ast.PackExpansionType pe
                            && pe.pattern() instanceof Ast.NamedType nt && nt.args().isEmpty()) {
                        if (i > fn.params().size()) {
                            return false;
                        }
                        bound.put(nt.name(), new Packs.Pack(new ArrayList<>(fn.params().subList(i, fn.params().size()))));
                        return true;
                    }
                    if (i >= fn.params().size() || !matchExact(ps.get(i).type(), fn.params().get(i), tps, bound, scope)) {
                        return false;
                    }
                }
                return ps.size() == fn.params().size();
            }
            case Ast.ArrayType a -> {
                if (!(actual instanceof CType.Arr aa) || !matchExact(a.element(), aa.element(), tps, bound, scope)) {
                    return false;
                }
                return a.size() == null || matchArg(new Ast.TemplateArg(null, a.size()), aa.count(), tps, bound, scope);
            }
            case Ast.NamedType n -> {
                if (n.args().isEmpty()) {
                    for (Ast.TemplateParam tp : tps) {
                        if (tp.isType() && tp.name().equals(n.name())) {
                            Object prev = bound.putIfAbsent(tp.name(), actual);
                            return prev == null || prev instanceof CType pc && sameType(pc, actual);
                        }
                    }
                } else if (lookupQualified(scope, n.name()) instanceof ClassTemplate ct) {
                    Instance in = actual instanceof CType.Record rec ? instanceOf.get(rec) : null;
                    if (in == null || in.template() != ct) {
                        return false;
                    }
                    for (int i = 0; i < n.args().size() && i < in.args().size(); i++) {
                        if (!matchArg(n.args().get(i), in.args().get(i), tps, bound, scope)) {
                            return false;
                        }
                    }
                    return true;
                }
                return sameType(resolveQuiet(pattern, scope, bound), actual);
            }
            default -> {
                return sameType(resolveQuiet(pattern, scope, bound), actual);
            }
        }
    }

    /** Resolves a type with the bindings found so far; null (no match) where it cannot be resolved yet. */
    private CType resolveQuiet(TypeNode t, Scope scope, Map<String, Object> bound) {
        Scope s = new Scope(scope);
        s.names.putAll(bound);
        int mark = diags.mark();
        int errors = diags.errorCount();
        CType c = resolveType(t, s);
        if (diags.errorCount() != errors) {
            diags.rollback(mark);
            return null;
        }
        return c;
    }

    /**
     * {@code Outer<args>::member} or {@code T::member}: the member (type, static variable, static
     * methods) of a class template instance or of the class a name denotes, or null.
     */
    Object memberOfInstance(Ast.NamedType n, Scope s) {
        String name = n.name();
        int k = name.startsWith("::") ? name.indexOf("::", 2) : name.indexOf("::");
        CType t = null;
        while (k > 0) {
            String prefix = name.substring(0, k);
            Object o = lookupQualified(s, prefix);
            if ((o instanceof ClassTemplate || o instanceof AliasTemplateSym || o instanceof CType.Record ir && instanceOf.containsKey(ir)) && !n.args().isEmpty()) {
                // F<I - 1>::get inside F names another instance: resolveType treats the injected name so
                t = resolveType(new Ast.NamedType(prefix, n.args(), n.span()), s);
                break;
            }
            if (o instanceof CType.Record r && n.args().isEmpty() && s.lookup(name) == null) {
                t = r;
                break;
            }
            k = name.indexOf("::", k + 2);
        }
        if (t == null) {
            return null;
        }
        String rest = name.substring(k + 2);
        while (t instanceof CType.Record rec) {
            Scope rs = recordScopes.get(rec);
            int j = rest.indexOf("::");
            String member = j < 0 ? rest : rest.substring(0, j);
            Object m = rs == null ? null : rs.names.get(member);
            if (m == null && rs != null) {
                m = staticMethods(rec, member);
            }
            if (j < 0 || !(m instanceof CType)) {
                return m;
            }
            t = (CType) m;
            rest = rest.substring(j + 2);
        }
        return null;
    }

    private static List<FunctionSym> staticMethods(CType.Record rec, String name) {
        List<FunctionSym> out = new ArrayList<>();
        for (FunctionSym m : rec.methods) {
            if (m.name.equals(name) && m.thisVar == null) {
                out.add(m);
            }
        }
        return out.isEmpty() ? null : out;
    }

    private Object bindArg(Ast.TemplateParam tp, Ast.TemplateArg arg, Scope s) {
        if (tp.isTemplate()) {
            String name = arg.type() instanceof Ast.NamedType nt ? nt.name() : arg.value() instanceof Ast.Name nm ? nm.name() : null;
            if (name != null && lookupQualified(s, name) instanceof ClassTemplate ct) {
                return ct;
            }
            diags.error(tp.span(), DiagKey.ERR_UNKNOWN_TYPE, name == null ? tp.name() : name);
            return CType.INT;
        }
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
            // is_int<T>::value parses as a type; N as a name
            v = constant(nt.args().isEmpty() ? new Ast.Name(nt.name(), List.of(), nt.span()) : new Ast.ScopedName(nt, nt.span()));
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
        if (capturedThis(f) instanceof CType.Field outer && ((CType.Ptr) outer.type()).pointee() instanceof CType.Record oc) {
            // a lambda that captures this sees the enclosing class's members, and its captures hide them
            scope = new Scope(scope);
            for (CType.Field fld : oc.fields) {
                scope.names.put(fld.name(), fld);
            }
            for (FunctionSym m : oc.methods) {
                declare(scope, m.name, m, null);
            }
        }
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
            // value parameters are in the declaration scope already, with their types
            if (!(b.getValue() instanceof Long)) {
                scope.names.put(b.getKey(), b.getValue());
            }
        }
        for (Typed.Var p : f.params) {
            if (!p.name.isEmpty()) {
                scope.names.put(p.name, p);
            }
        }
        for (Map.Entry<String, List<Typed.Var>> pack : f.paramPacks.entrySet()) {
            scope.names.put(pack.getKey(), new Packs.VarPack(pack.getValue()));
        }
        List<Typed.Stmt> stmts = new ArrayList<>();
        boolean isDestructor = f.owner != null && f.name.startsWith("~");
        if (f.isConstructor) {
            List<Typed.Stmt> inits = new ArrayList<>();
            constructorInits(f, inits);
            for (Typed.Stmt st : inits) {
                // each member initialiser is a full-expression: its temporaries die before the next
                if (st instanceof Typed.ExprStmt es) {
                    fullStmt(es.expr(), false, stmts, null, (x, o) -> o.add(new Typed.ExprStmt(x, es.span())));
                } else {
                    stmts.add(st);
                }
            }
        } else if (isDestructor) {
            // while a destructor runs, the object is of the destructor's class: virtual calls dispatch there
            virtuals.setVptr(f, stmts);
        }
        // by-value parameters of a class with a destructor: a host function's caller destroys them
        // (see byAddress); device code's callee destroys them when it returns
        List<Typed.Var> byValue = new ArrayList<>();
        if (f.space != ExecutionSpace.KERNEL) {
            for (Typed.Var p : f.params) {
                if (p.type instanceof CType.Record rec && rec.destructor != null && !byAddress(f, p.type)) {
                    use(rec.destructor);
                    byValue.add(p);
                }
            }
        }
        dtorScopes.add(byValue);
        Typed.Block body = block(d.body(), stmts);
        dtorScopes.remove(dtorScopes.size() - 1);
        if (!byValue.isEmpty() && !endsInJump(body.stmts())) {
            List<Typed.Stmt> all = new ArrayList<>(List.of(body));
            destroy(byValue, all, body.span());
            body = new Typed.Block(all, body.span());
        }
        if (isDestructor) {
            List<Typed.Stmt> all = new ArrayList<>(List.of(body));
            destroyMembers(f, all);
            destroyBases(f, all);
            body = new Typed.Block(all, body.span());
        }
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

    /**
     * The default member initializers of {@code rec} (and of its bases and member objects that no
     * constructor initialises) as aggregate pieces under {@code path}, except the fields in {@code skip}.
     */
    private void fieldDefaults(CType.Record rec, List<Typed.Step> path, java.util.Set<String> skip, List<Typed.Init> out, boolean inConstructor) {
        // a base without constructors initialises its members by their defaults in a derived
        // object too, with or without a constructor of its own (D d; for struct D : B {})
        for (CType.Base b : rec.bases) {
            baseFieldDefaults(rec, b.record(), skip, path, out);
        }
        for (Map.Entry<String, Ast.Expr> e : rec.fieldDefaults.entrySet()) {
            if (!skip.contains(e.getKey())) {
                defaultPiece(rec, rec, e.getKey(), e.getValue(), path, out);
            }
        }
        for (CType.Field fld : rec.fields) {
            if (fld.type() instanceof CType.Record fr && fr.constructors.isEmpty() && !fr.fieldDefaults.isEmpty()
                    && !skip.contains(fld.name()) && !rec.fieldDefaults.containsKey(fld.name())) {
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(fld, 0, fld.type()));
                fieldDefaults(fr, p, java.util.Set.of(), out, false);
            }
        }
    }

    /** The default member initializers of base {@code base} of {@code rec} and of its bases, unless a constructor of theirs runs them. */
    private void baseFieldDefaults(CType.Record rec, CType.Record base, java.util.Set<String> skip, List<Typed.Step> path, List<Typed.Init> out) {
        if (!base.constructors.isEmpty()) {
            return;
        }
        for (CType.Base b : base.bases) {
            baseFieldDefaults(rec, b.record(), skip, path, out);
        }
        for (Map.Entry<String, Ast.Expr> e : base.fieldDefaults.entrySet()) {
            if (!skip.contains(e.getKey())) {
                defaultPiece(rec, base, e.getKey(), e.getValue(), path, out);
            }
        }
    }

    private void defaultPiece(CType.Record rec, CType.Record declaredIn, String name, Ast.Expr init, List<Typed.Step> path, List<Typed.Init> out) {
        CType.Field fld = declaredIn == rec ? rec.field(name) : fieldOfBase(rec, declaredIn, name);
        if (fld == null || fld.type() instanceof CType.Ref) {
            return;
        }
        Scope save = scope;
        if (fn == null || fn.owner == null) {
            scope = (Scope) declaredIn.bodyScope; // outside a member function: the class's own names
        }
        try {
            List<Typed.Step> p = new ArrayList<>(path);
            p.add(new Typed.Step(fld, 0, fld.type()));
            if (init instanceof Ast.InitList il && fld.type() instanceof CType.Record fr && !fr.constructors.isEmpty()) {
                out.add(new Typed.Init(p, rvalue(listTemporary(il, fr)))); // std::vector<int> v{1, 2, 3};
            } else if (init instanceof Ast.InitList il && !CType.isScalar(fld.type())) {
                aggregate(il, fld.type(), p, out);
            } else if (init instanceof Ast.StringLit && fld.type() instanceof CType.Arr) {
                aggregateItem(init, fld.type(), p, out); // char name[32] = "unnamed";
            } else {
                Ast.Expr e = init instanceof Ast.InitList il && il.items().size() == 1 ? il.items().get(0) : init;
                Typed.Expr v = e instanceof Ast.InitList il0 && il0.items().isEmpty() ? zero(fld.type(), e.span()) : rvalue(expr(e));
                out.add(new Typed.Init(p, convert(v, fld.type(), init.span(), "init")));
            }
        } finally {
            scope = save;
        }
    }

    /** Base {@code base}'s field {@code name} among {@code rec}'s fields, found by where it lies (a field of rec may hide its name). */
    static CType.Field fieldOfBase(CType.Record rec, CType.Record base, String name) {
        CType.Field inBase = base.field(name);
        long at = baseOffset(rec, base);
        if (inBase == null || at < 0) {
            return null;
        }
        for (CType.Field f : rec.fields) {
            if (f.name().equals(name) && f.offset() == at + inBase.offset()) {
                return f;
            }
        }
        return null;
    }

    /** An initializer known before the program runs: a constant expression, a literal, a list of them. */
    private boolean constantInitializer(Ast.Expr e) {
        return switch (e) {
            case Ast.FloatLit f -> true;
            case Ast.StringLit s -> true;
            case Ast.InitList il -> il.items().stream().allMatch(this::constantInitializer);
            default -> constant(e) != null;
        };
    }

    /** The largest object a declaration may make, in bytes (see the array-type check). */
    static final long MAX_OBJECT_BYTES = 1L << 30;
    /**
     * A temporary {@code rec} (a class without constructors) with its default member initialisers
     * applied, as {@code new T} and {@code new T()} create it; null when it has none.
     */
    Typed.Expr defaultInitialized(CType.Record rec, Span span) {
        List<Typed.Init> defaults = new ArrayList<>();
        fieldDefaults(rec, List.of(), java.util.Set.of(), defaults, false);
        return defaults.isEmpty() ? null : new Typed.Aggregate(newTemp(rec, span), defaults, span);
    }

    /** The default member initialisers of every element of an array of classes without constructors. */
    private void elementDefaults(CType t, List<Typed.Step> path, List<Typed.Init> out) {
        if (t instanceof CType.Arr a) {
            for (long i = 0; i < a.count(); i++) {
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(null, i, a.element()));
                int before = out.size();
                elementDefaults(a.element(), p, out);
                if (out.size() == before) {
                    return; // an element type without defaults
                }
            }
        } else if (t instanceof CType.Record rec && rec.constructors.isEmpty()) {
            fieldDefaults(rec, path, java.util.Set.of(), out, false);
        }
    }

    /** Whether a class's own members (not its bases') include an object with a destructor. */
    private static boolean membersNeedDestruction(CType.Record rec) {
        int inherited = 0;
        for (CType.Base b : rec.bases) {
            inherited += b.record().fields.size();
        }
        for (int i = inherited; i < rec.fields.size(); i++) {
            if (rec.fields.get(i).type() instanceof CType.Record fr && fr.destructor != null && fr != rec) {
                return true;
            }
        }
        return false;
    }

    /**
     * After a destructor's body: the destructors of the class's own members, last declared first
     * (a std::string or container member frees its memory), before those of the bases.
     */
    private void destroyMembers(FunctionSym f, List<Typed.Stmt> out) {
        List<CType.Field> fields = f.owner.fields;
        // the bases' fields come first, copied into the class: their own destructors destroy those
        int inherited = 0;
        for (CType.Base b : f.owner.bases) {
            inherited += b.record().fields.size();
        }
        for (int i = fields.size() - 1; i >= inherited; i--) {
            CType.Field fld = fields.get(i);
            if (fld.type() instanceof CType.Record fr && fr.destructor != null && fr != f.owner && !f.owner.isUnion) {
                use(fr.destructor);
                Typed.Expr self = new Typed.Deref(load(new Typed.VarRef(f.thisVar, f.span)), f.owner, f.span);
                Typed.Expr member = new Typed.Member(self, fld, f.span);
                Typed.Expr addr = new Typed.AddressOf(member, new CType.Ptr(fr, false), f.span);
                out.add(new Typed.ExprStmt(new Typed.Call(fr.destructor, List.of(thisArg(fr.destructor, addr, f.span)), CType.VOID, f.span), f.span));
            }
        }
    }

    /** After a destructor's body: the destructors of its bases, last base first, as C++ runs them. */
    private void destroyBases(FunctionSym f, List<Typed.Stmt> out) {
        List<CType.Base> bases = f.owner.bases;
        for (int i = bases.size() - 1; i >= 0; i--) {
            CType.Base b = bases.get(i);
            FunctionSym d = b.record().destructor;
            if (d != null && d != f) {
                use(d);
                Typed.Expr self = load(new Typed.VarRef(f.thisVar, f.span));
                // a base without a destructor of its own inherits its first base's: convert on to that class
                Typed.Expr base = thisArg(d, upcast(self, f.owner, b.record(), f.span), f.span);
                out.add(new Typed.ExprStmt(new Typed.Call(d, List.of(base), CType.VOID, f.span), f.span));
            }
        }
    }

    /** Whether a member initialiser names base class {@code b} (Base(x), or Base for Base<T>). */
    private static boolean namesBase(Ast.MemberInit mi, CType.Record b) {
        String n = simpleName(mi.name());
        String bn = simpleName(b.name.contains("<") ? b.name.substring(0, b.name.indexOf('<')) : b.name);
        return n.equals(bn) || n.equals(b.name);
    }

    /**
     * Member initialisers of a constructor as C++ runs them: the bases first (named in the list or
     * default-constructed), then the vptr, then the fields in the order written.
     */
    private void constructorInits(FunctionSym f, List<Typed.Stmt> out) {
        Typed.Expr self = new Typed.Deref(load(new Typed.VarRef(f.thisVar, f.span)), f.owner, f.span);
        List<Ast.MemberInit> baseInits = new ArrayList<>();
        for (CType.Base b : f.owner.bases) {
            Ast.MemberInit named = null;
            for (Ast.MemberInit mi : f.decl.memberInits()) {
                if (namesBase(mi, b.record())) {
                    named = mi;
                }
            }
            if (named != null) {
                baseInits.add(named);
            }
            if (b.record().constructors.isEmpty()) {
                if (named != null && braced(named) instanceof Ast.InitList il && il.items().size() != 1) {
                    // Base{1, 2}: the base part initialised as an aggregate
                    Typed.Expr to = new Typed.Deref(upcast(load(new Typed.VarRef(f.thisVar, f.span)), f.owner, b.record(), f.span), b.record(), f.span);
                    out.add(new Typed.ExprStmt(new Typed.Assign(to, rvalue(listTemporary(il, b.record())), named.span()), named.span()));
                } else if (named != null && braced(named) instanceof Ast.InitList il) {
                    Typed.Expr from = rvalue(expr(il.items().get(0)));
                    Typed.Expr to = new Typed.Deref(upcast(load(new Typed.VarRef(f.thisVar, f.span)), f.owner, b.record(), f.span), b.record(), f.span);
                    out.add(new Typed.ExprStmt(new Typed.Assign(to, convert(from, b.record(), named.span(), "init"), named.span()), named.span()));
                } else if (named != null && named.args().size() == 1) {
                    // Base(other): copies the base part
                    Typed.Expr from = rvalue(expr(named.args().get(0)));
                    Typed.Expr to = new Typed.Deref(upcast(load(new Typed.VarRef(f.thisVar, f.span)), f.owner, b.record(), f.span), b.record(), f.span);
                    out.add(new Typed.ExprStmt(new Typed.Assign(to, convert(from, b.record(), named.span(), "init"), named.span()), named.span()));
                }
                continue;
            }
            Span at = named != null ? named.span() : f.span;
            List<Typed.Expr> args = new ArrayList<>();
            List<Ast.Expr> given = named == null ? List.of() : braced(named) instanceof Ast.InitList il ? il.items() : named.args();
            for (Ast.Expr a : expandPacks(given)) {
                args.add(expr(a));
            }
            FunctionSym ctor = resolveOverload(b.record().name, b.record().constructors, args, at, true);
            if (ctor != null) {
                List<Typed.Expr> ca = callArgs(ctor, args, at, 1);
                ca.add(0, upcast(load(new Typed.VarRef(f.thisVar, at)), f.owner, b.record(), at));
                out.add(new Typed.ExprStmt(new Typed.Call(ctor, ca, CType.VOID, at), at));
            }
        }
        virtuals.setVptr(f, out);
        java.util.Set<String> named = new java.util.HashSet<>();
        for (Ast.MemberInit mi : f.decl.memberInits()) {
            named.add(mi.name());
        }
        List<Typed.Init> defaults = new ArrayList<>();
        fieldDefaults(f.owner, List.of(), named, defaults, true);
        for (Typed.Init in : defaults) {
            Typed.Expr target = self;
            for (Typed.Step st : in.path()) {
                target = new Typed.Member(target, st.field(), f.span);
            }
            out.add(new Typed.ExprStmt(new Typed.Assign(target, in.value(), f.span), f.span));
        }
        for (Ast.MemberInit mi0 : f.decl.memberInits()) {
            if (baseInits.contains(mi0)) {
                continue;
            }
            Ast.MemberInit mi = new Ast.MemberInit(mi0.name(), expandPacks(mi0.args()), mi0.span());
            CType.Field fld = f.owner.field(mi.name());
            if (fld == null) {
                diags.error(mi.span(), DiagKey.ERR_NO_MEMBER, mi.name(), f.owner.name);
                continue;
            }
            Typed.Expr target = new Typed.Member(self, fld, mi.span());
            if (braced(mi) instanceof Ast.InitList il && !(CType.isScalar(fld.type()) && il.items().size() == 1)) {
                memberListInit(self, fld, il, mi.span(), out);
                continue;
            }
            if (braced(mi) instanceof Ast.InitList il) {
                mi = new Ast.MemberInit(mi.name(), il.items(), mi.span()); // n_{5}: as n_(5)
            }
            Typed.Expr single = mi.args().size() == 1 ? expr(mi.args().get(0)) : null;
            if (fld.type() instanceof CType.Ref ref) {
                bindReferenceMember(self, fld, ref, single, mi.span(), out);
                continue;
            }
            if (single != null && fld.type() instanceof CType.Record r1 && single.type() == r1 && single instanceof Typed.Construct c
                    && tempVars.contains(c.temp())) {
                // tag_(T(7)): the member is the object T(7) makes (C++17 elision), no temporary
                List<Typed.Expr> args = new ArrayList<>(c.args());
                args.add(0, addressOf(target, mi.span()));
                out.add(new Typed.ExprStmt(new Typed.Call(c.constructor(), args, CType.VOID, mi.span()), mi.span()));
                continue;
            }
            if (single != null && fld.type() instanceof CType.Record r1 && single.type() == r1 && (single instanceof Typed.Call || single instanceof Typed.CallIndirect)) {
                out.add(new Typed.ExprStmt(new Typed.Assign(target, single, mi.span()), mi.span())); // items_(make()): the result is the member
                continue;
            }
            boolean plainCopy = single != null && fld.type() instanceof CType.Record r0 && single.type() == r0 && copyConstructor(r0) == null;
            if (fld.type() instanceof CType.Record rec && !rec.constructors.isEmpty() && !plainCopy) {
                // name_("text"), buf_(n, 'x'), owner_(other): the member's own constructor runs on it
                List<Typed.Expr> typedArgs = new ArrayList<>();
                if (single != null) {
                    typedArgs.add(single);
                } else {
                    for (Ast.Expr a : mi.args()) {
                        typedArgs.add(expr(a));
                    }
                }
                FunctionSym ctor = resolveOverload(rec.name, rec.constructors, typedArgs, mi.span(), true);
                if (ctor != null) {
                    List<Typed.Expr> args = callArgs(ctor, typedArgs, mi.span(), 1);
                    args.add(0, addressOf(target, mi.span()));
                    out.add(new Typed.ExprStmt(new Typed.Call(ctor, args, CType.VOID, mi.span()), mi.span()));
                }
                continue;
            }
            if (single != null && fld.type() instanceof CType.Record rec) {
                if (single.type() == rec && memberwiseAssign(target, single, rec, mi.span()) instanceof Typed.Expr copy) {
                    out.add(new Typed.ExprStmt(copy, mi.span()));
                    continue;
                }
            }
            if (single != null) {
                out.add(new Typed.ExprStmt(new Typed.Assign(target, convert(rvalue(single), fld.type(), mi.span(), "init"), mi.span()), mi.span()));
            } else if (mi.args().isEmpty()) {
                if (CType.isScalar(fld.type())) {
                    out.add(new Typed.ExprStmt(new Typed.Assign(target, zero(fld.type(), mi.span()), mi.span()), mi.span()));
                }
            }
        }
    }

    /** The braced list of a member initialiser written {@code name{…}}, or null for {@code name(…)}. */
    private static Ast.InitList braced(Ast.MemberInit mi) {
        return mi.args().size() == 1 && mi.args().get(0) instanceof Ast.InitList il && il.type() == null ? il : null;
    }

    /**
     * {@code v_{1, 2}}, {@code p_{x, y}}, {@code arr_{1, 2, 3}}, {@code n_{}} in a constructor's
     * member initialisers: list-initialisation of the member, by its constructor (one taking
     * std::initializer_list first) or as an aggregate.
     */
    private void memberListInit(Typed.Expr self, CType.Field fld, Ast.InitList il, Span span, List<Typed.Stmt> out) {
        Typed.Expr target = new Typed.Member(self, fld, span);
        if (fld.type() instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            out.add(new Typed.ExprStmt(new Typed.Assign(target, rvalue(listTemporary(il, rec)), span), span));
            return;
        }
        if (CType.isScalar(fld.type())) {
            out.add(new Typed.ExprStmt(new Typed.Assign(target, zero(fld.type(), span), span), span)); // n_{}
            return;
        }
        Typed.Var tmp = newTemp(fld.type(), span);
        List<Typed.Init> inits = new ArrayList<>();
        aggregate(il, fld.type(), new ArrayList<>(), inits);
        // the aggregate is built in a temporary: its elements and fields, then its zeros, are all written
        Typed.Expr built = new Typed.Aggregate(tmp, inits, span);
        if (fld.type() instanceof CType.Arr a) {
            for (long i = 0; i < a.count(); i++) {
                Typed.Expr el = new Typed.Deref(new Typed.PtrArith("+", rvalue(target), new Typed.IntConst(CType.LONG, i, span), new CType.Ptr(a.element(), false), span), a.element(), span);
                Typed.Expr from = new Typed.Deref(new Typed.PtrArith("+", rvalue(i == 0 ? built : new Typed.VarRef(tmp, span)), new Typed.IntConst(CType.LONG, i, span), new CType.Ptr(a.element(), false), span), a.element(), span);
                out.add(new Typed.ExprStmt(new Typed.Assign(el, rvalue(from), span), span));
            }
            return;
        }
        out.add(new Typed.ExprStmt(new Typed.Assign(target, rvalue(built), span), span));
    }

    /**
     * r(x) for a member {@code T &r}: the member's slot receives x's address (the slot is seen as
     * a pointer here; everywhere else the member designates its referent).
     */
    private void bindReferenceMember(Typed.Expr self, CType.Field fld, CType.Ref ref, Typed.Expr init, Span span, List<Typed.Stmt> out) {
        if (init == null) {
            diags.error(span, DiagKey.ERR_NOT_SUPPORTED, "reference member '" + fld.name() + "' initialized without exactly one lvalue");
            return;
        }
        if (!init.lvalue() || conversionRank(init, new CType.Ref(ref.referee(), false)) < 0) {
            // webcu keeps no temporaries alive for a const reference member either
            diags.error(span, DiagKey.ERR_REFERENCE_BIND, ref.referee(), (init.lvalue() ? "a value" : "a temporary") + " of type '" + init.type() + "'");
            return;
        }
        CType.Ptr pt = new CType.Ptr(ref.referee(), false);
        Typed.Expr slot = new Typed.Member(self, new CType.Field(fld.name(), pt, fld.offset(), fld.index()), span);
        Typed.Expr address = new Typed.AddressOf(init, new CType.Ptr(init.type(), false), span);
        out.add(new Typed.ExprStmt(new Typed.Assign(slot, convert(address, pt, span, "init"), span), span));
    }

    private Typed.Block block(Ast.Compound c, List<Typed.Stmt> prefix) {
        Scope save = scope;
        scope = new Scope(scope);
        List<Typed.Var> objects = new ArrayList<>();
        dtorScopes.add(objects);
        List<Typed.Stmt> out = new ArrayList<>(prefix);
        // once an object with a destructor exists, the rest of the block is a cleanup region that
        // destroys it when an exception passes (regions nest, so objects die in reverse order)
        List<Typed.Stmt> cur = out;
        ArrayDeque<List<Typed.Stmt>> outers = new ArrayDeque<>();
        ArrayDeque<int[]> marks = new ArrayDeque<>();
        List<Ast.Stmt> stmts = c.stmts();
        for (int i = 0; i < stmts.size(); i++) {
            int before = objects.size();
            stmt(stmts.get(i), cur);
            if (objects.size() > before && i + 1 < stmts.size() && unwinds()) {
                outers.push(cur);
                marks.push(new int[] {before, objects.size()});
                inRegion.addAll(objects.subList(before, objects.size()));
                cur = new ArrayList<>();
            }
        }
        boolean jumped = endsInJump(cur);
        while (!outers.isEmpty()) {
            List<Typed.Stmt> outer = outers.pop();
            int[] made = marks.pop();
            List<Typed.Var> own = objects.subList(made[0], made[1]);
            outer.add(cleanupRegion(cur, own, c.span()));
            own.forEach(inRegion::remove);
            cur = outer;
        }
        dtorScopes.remove(dtorScopes.size() - 1);
        if (!jumped) {
            destroy(objects, out, c.span());
        }
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

    // ---- temporaries: destroyed at the end of the full-expression that made them ([class.temporary])

    /** The variables Sema made for temporaries and materialised values (a program's own are never among them). */
    private final java.util.Set<Typed.Var> tempVars = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** A temporary a full-expression made, and the flag that says it was made (null: it always is). */
    private record Temp(Typed.Var var, Typed.Var flag) {}

    /**
     * Whether a parameter of type {@code t} of {@code f} is passed as g++ passes it (Itanium C++
     * ABI): a class with a destructor is made by the caller in a temporary whose address the
     * callee gets, and the caller destroys it at the end of the full-expression with the call.
     * Host functions only: device code keeps its parameters by value (and destroys them itself).
     */
    public static boolean byAddress(FunctionSym f, CType t) {
        return t instanceof CType.Record rec && rec.destructor != null && f.space == ExecutionSpace.HOST;
    }

    /** static_cast<T&&>(x) written in the program: x seen as an rvalue (an xvalue), as std::move gives it. */
    final java.util.Set<Typed.Expr> xvalues = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** Temporaries made for by-address parameters: destroyed even when their value is a bitwise copy. */
    private final java.util.Set<Typed.Var> paramTemps = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** The argument for a by-address parameter: the address of the object made for it. */
    Typed.Expr passByAddress(Typed.Expr value, CType.Record rec, Span span) {
        Typed.Expr obj = value instanceof Typed.Load l && (l.operand() instanceof Typed.Construct || l.operand() instanceof Typed.Aggregate)
                ? l.operand() : value;
        if (obj instanceof Typed.Construct c && tempVars.contains(c.temp())) {
            c.temp().addressTaken = true;
        } else if (obj instanceof Typed.Aggregate a && tempVars.contains(a.temp())) {
            a.temp().addressTaken = true;
        } else {
            Typed.Var t = newTemp(rec, span);
            t.addressTaken = true;
            paramTemps.add(t);
            obj = new Typed.Assign(new Typed.VarRef(t, span), value, span);
        }
        return new Typed.AddressOf(obj, new CType.Ptr(rec, false), span);
    }

    /** A class prvalue whose value is thrown away ({@code make();}) is still a temporary: give it an object. */
    private Typed.Expr discarded(Typed.Expr e) {
        if (e.type() instanceof CType.Record rec && rec.destructor != null && freshObject(e) && !(e instanceof Typed.Load)) {
            Typed.Var t = newTemp(rec, e.span());
            t.addressTaken = true;
            return new Typed.Assign(new Typed.VarRef(t, e.span()), e, e.span());
        }
        return e;
    }

    /**
     * Emits a statement made from full-expression {@code e} (by {@code emit}) followed by the
     * destructors of the temporaries {@code e} made. {@code extended} is a temporary bound to a
     * reference local, which lives on until the reference's scope ends. Where an exception can
     * pass, the statement runs in a cleanup region that destroys the temporaries already made.
     */
    private void fullStmt(Typed.Expr e, boolean discarded, List<Typed.Stmt> out, Typed.Var extended,
            java.util.function.BiConsumer<Typed.Expr, List<Typed.Stmt>> emit) {
        List<Temp> temps = new ArrayList<>();
        boolean guard = unwinds();
        Typed.Expr scanned = scanTemps(e, discarded, guard, extended, temps);
        if (temps.isEmpty()) {
            emit.accept(e, out);
            return;
        }
        Span span = e.span();
        for (Temp t : temps) {
            if (t.flag() != null) {
                out.add(new Typed.LocalDef(t.flag(), new Typed.IntConst(CType.INT, 0, span), span));
            }
        }
        List<Typed.Stmt> body = new ArrayList<>();
        emit.accept(scanned, body);
        if (guard) {
            List<Typed.Stmt> onException = destroyTemps(temps, span);
            onException.add(eh.resume(span));
            out.add(guarded(body, null, onException, span));
        } else {
            out.addAll(body);
        }
        out.addAll(destroyTemps(temps, span));
    }

    /** A full-expression inside another statement (a condition, a loop's step): its temporaries die after its value is taken. */
    private Typed.Expr fullExpr(Typed.Expr e, Typed.Var extended) {
        List<Temp> temps = new ArrayList<>();
        Typed.Expr scanned = scanTemps(e, false, false, extended, temps);
        if (temps.isEmpty()) {
            return e;
        }
        Span span = e.span();
        for (Temp t : temps) {
            if (t.flag() != null) {
                // each evaluation (each iteration of a loop) starts with no temporary made
                scanned = new Typed.Comma(new Typed.Assign(new Typed.VarRef(t.flag(), span), new Typed.IntConst(CType.INT, 0, span), span), scanned, span);
            }
        }
        return new Typed.Cleanup(scanned, destroyTemps(temps, span), span);
    }

    private List<Typed.Stmt> destroyTemps(List<Temp> temps, Span span) {
        List<Typed.Stmt> out = new ArrayList<>();
        for (int i = temps.size() - 1; i >= 0; i--) {
            Temp t = temps.get(i);
            if (t.flag() == null) {
                destroy(List.of(t.var()), out, span);
            } else {
                List<Typed.Stmt> d = new ArrayList<>();
                destroy(List.of(t.var()), d, span);
                Typed.Expr made = new Typed.Binary("!=", load(new Typed.VarRef(t.flag(), span)), new Typed.IntConst(CType.INT, 0, span), CType.BOOL, span);
                out.add(new Typed.If(made, new Typed.Block(d, span), null, span));
            }
        }
        return out;
    }

    /** The temporary a reference is bound to by its initializer ({@code &T(1)}, {@code &(tmp = make())}), or null. */
    private Typed.Var boundTemporary(Typed.Expr init) {
        if (!(init instanceof Typed.AddressOf a)) {
            return null;
        }
        return switch (a.operand()) {
            case Typed.Construct c when tempVars.contains(c.temp()) -> c.temp();
            case Typed.Aggregate g when tempVars.contains(g.temp()) -> g.temp();
            case Typed.Assign s when s.target() instanceof Typed.VarRef v && tempVars.contains(v.var()) && freshObject(s.value()) -> v.var();
            default -> null;
        };
    }

    /** Whether a class prvalue is a new object (a call's result, a constructed temporary), not a copy of a named one's bits. */
    private boolean freshObject(Typed.Expr v) {
        return switch (v) {
            case Typed.Call c -> true;
            case Typed.CallIndirect c -> true;
            case Typed.Construct c -> tempVars.contains(c.temp());
            case Typed.Aggregate a -> tempVars.contains(a.temp());
            case Typed.Load l -> l.operand() instanceof Typed.Construct || l.operand() instanceof Typed.Aggregate ? freshObject(l.operand()) : false;
            case Typed.Comma c -> freshObject(c.right());
            case Typed.Conditional c -> freshObject(c.ifTrue()) && freshObject(c.ifFalse());
            default -> false;
        };
    }

    /**
     * Finds the temporaries of a full-expression, in the order they are made, and returns the
     * expression with each flagged one wrapped in {@link Typed.Made}. A temporary is an object
     * Sema made that is used as an object ({@code object}: under &, ., a call's this or a
     * reference parameter); a prvalue whose bits move into a variable, a parameter or a
     * result is that object itself (C++17's guaranteed elision) and is not one.
     * {@code maybe}: the expression may not run (an arm of ?:, the right of && or ||) or an
     * exception may cut it short, so each temporary gets a flag.
     */
    private Typed.Expr scanTemps(Typed.Expr e, boolean object, boolean maybe, Typed.Var extended, List<Temp> found) {
        return switch (e) {
            case Typed.Construct c -> {
                List<Typed.Expr> args = scanAll(c.args(), maybe, extended, found);
                Typed.Expr r = new Typed.Construct(c.temp(), c.constructor(), args, c.span());
                yield object ? temporary(r, c.temp(), maybe, extended, found) : r;
            }
            case Typed.Aggregate a -> {
                List<Typed.Init> inits = new ArrayList<>();
                for (Typed.Init i : a.inits()) {
                    inits.add(new Typed.Init(i.path(), scanTemps(i.value(), false, maybe, extended, found)));
                }
                Typed.Expr r = new Typed.Aggregate(a.temp(), inits, a.span());
                yield object ? temporary(r, a.temp(), maybe, extended, found) : r;
            }
            case Typed.Assign a when object && a.target() instanceof Typed.VarRef v && tempVars.contains(v.var())
                    && (freshObject(a.value()) || paramTemps.contains(v.var())) -> {
                Typed.Expr r = new Typed.Assign(a.target(), scanTemps(a.value(), false, maybe, extended, found), a.span());
                yield temporary(r, v.var(), maybe, extended, found);
            }
            case Typed.AddressOf a -> new Typed.AddressOf(scanTemps(a.operand(), true, maybe, extended, found), a.type(), a.span());
            case Typed.Member m -> new Typed.Member(scanTemps(m.base(), true, maybe, extended, found), m.field(), m.span());
            case Typed.Comma c -> new Typed.Comma(scanTemps(c.left(), false, maybe, extended, found), scanTemps(c.right(), object, maybe, extended, found), c.span());
            case Typed.Conditional c -> new Typed.Conditional(scanTemps(c.cond(), false, maybe, extended, found),
                    scanTemps(c.ifTrue(), object, true, extended, found), scanTemps(c.ifFalse(), object, true, extended, found), c.type(), c.span());
            case Typed.Binary b when b.op().equals("&&") || b.op().equals("||") -> new Typed.Binary(b.op(),
                    scanTemps(b.left(), false, maybe, extended, found), scanTemps(b.right(), false, true, extended, found), b.type(), b.span());
            case Typed.Binary b -> new Typed.Binary(b.op(), scanTemps(b.left(), false, maybe, extended, found), scanTemps(b.right(), false, maybe, extended, found), b.type(), b.span());
            case Typed.Deref d -> new Typed.Deref(scanTemps(d.pointer(), false, maybe, extended, found), d.type(), d.span());
            case Typed.Load l -> new Typed.Load(scanTemps(l.operand(), false, maybe, extended, found), l.type(), l.span());
            case Typed.Decay d -> new Typed.Decay(scanTemps(d.array(), false, maybe, extended, found), d.type(), d.span());
            case Typed.Unary u -> new Typed.Unary(u.op(), scanTemps(u.operand(), false, maybe, extended, found), u.type(), u.span());
            case Typed.PtrArith p -> new Typed.PtrArith(p.op(), scanTemps(p.pointer(), false, maybe, extended, found), scanTemps(p.offset(), false, maybe, extended, found), p.type(), p.span());
            case Typed.PtrDiff p -> new Typed.PtrDiff(scanTemps(p.left(), false, maybe, extended, found), scanTemps(p.right(), false, maybe, extended, found), p.type(), p.span());
            case Typed.Convert c -> new Typed.Convert(scanTemps(c.operand(), false, maybe, extended, found), c.type(), c.span());
            case Typed.Assign a -> new Typed.Assign(scanTemps(a.target(), false, maybe, extended, found), scanTemps(a.value(), false, maybe, extended, found), a.span());
            case Typed.CompoundAssign c -> new Typed.CompoundAssign(c.op(), scanTemps(c.target(), false, maybe, extended, found), scanTemps(c.value(), false, maybe, extended, found), c.opType(), c.span());
            case Typed.IncDec i -> new Typed.IncDec(scanTemps(i.target(), false, maybe, extended, found), i.delta(), i.prefix(), i.span());
            case Typed.Call c -> new Typed.Call(c.function(), scanAll(c.args(), maybe, extended, found), c.type(), c.span());
            case Typed.CallIndirect c -> {
                Typed.Expr target = scanTemps(c.target(), false, maybe, extended, found);
                yield new Typed.CallIndirect(target, c.signature(), scanAll(c.args(), maybe, extended, found), c.span());
            }
            // a launch's arguments are copied to the device as bytes: no object of them outlives the launch
            case Typed.Launch l -> l;
            case Typed.LaunchIndirect l -> l;
            case Typed.Cleanup c -> c;
            case Typed.Made m -> m;
            case Typed.IntConst c -> c;
            case Typed.FloatConst f -> f;
            case Typed.StringConst sc -> sc;
            case Typed.NullConst n -> n;
            case Typed.VarRef v -> v;
            case Typed.BuiltinVar b -> b;
            case Typed.FunctionRef f -> f;
        };
    }

    private List<Typed.Expr> scanAll(List<Typed.Expr> args, boolean maybe, Typed.Var extended, List<Temp> found) {
        List<Typed.Expr> out = new ArrayList<>();
        for (Typed.Expr a : args) {
            out.add(scanTemps(a, false, maybe, extended, found));
        }
        return out;
    }

    private Typed.Expr temporary(Typed.Expr made, Typed.Var var, boolean maybe, Typed.Var extended, List<Temp> found) {
        if (var == extended || !(var.type instanceof CType.Record rec) || rec.destructor == null) {
            return made;
        }
        use(rec.destructor);
        var.addressTaken = true;
        if (!maybe) {
            found.add(new Temp(var, null));
            return made;
        }
        Typed.Var flag = newTemp(CType.INT, made.span());
        found.add(new Temp(var, flag));
        return new Typed.Made(made, flag, made.span());
    }

    // ---- exceptions (see Exceptions for the runtime protocol)

    /**
     * Whether blocks get cleanup regions: only when the program has a try block somewhere, since
     * without a handler an exception terminates before any destructor runs (set by the driver).
     */
    public boolean cleanupRegions = true;
    /**
     * Set on the host analysis of a program that is analysed again for the device (it tests
     * __CUDA_ARCH__): there a __host__ __device__ body is host code, and the device analysis
     * reports what the device cannot do.
     */
    public boolean hostSideOfTwo;
    final Exceptions eh = new Exceptions();
    /** Per marker variable in dtorScopes: what a jump out of its try region or handler runs. */
    private final Map<Typed.Var, List<Typed.Stmt>> regionExits = new java.util.IdentityHashMap<>();
    /** Objects whose cleanup region is open: a jump leaves the region before destroying them. */
    private final java.util.Set<Typed.Var> inRegion = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    private boolean unwinds() {
        return cleanupRegions && fn != null && fn.space == ExecutionSpace.HOST;
    }

    /** Reports a throw or try in device code as nvcc does; true when it did. */
    boolean rejectInDevice(Span span) {
        if (fn != null && (fn.space == ExecutionSpace.DEVICE || fn.space == ExecutionSpace.KERNEL
                || fn.space == ExecutionSpace.HOST_DEVICE && !hostSideOfTwo)) {
            diags.error(span, DiagKey.ERR_DEVICE_EXCEPTIONS);
            return true;
        }
        return false;
    }

    private static boolean endsInJump(List<Typed.Stmt> stmts) {
        if (stmts.isEmpty()) {
            return false;
        }
        Typed.Stmt last = stmts.get(stmts.size() - 1);
        return last instanceof Typed.Return || last instanceof Typed.Break || last instanceof Typed.Continue;
    }

    /**
     * {@code if (enter() == 0) { body; leave(); } else { onUnwind; resume(); }}: {@code body} runs
     * inside a handler that runs {@code onUnwind} when an exception passes, then unwinds further.
     */
    private Typed.Stmt guarded(List<Typed.Stmt> body, List<String> catches, List<Typed.Stmt> onException, Span span) {
        Typed.Var h = newTemp(CType.INT, span);
        List<Typed.Stmt> then = new ArrayList<>(body);
        if (!endsInJump(then)) {
            then.add(eh.leave(span));
        }
        Typed.Expr landed = new Typed.Binary("==", load(new Typed.VarRef(h, span)), new Typed.IntConst(CType.INT, 0, span), CType.BOOL, span);
        return new Typed.Block(List.of(new Typed.LocalDef(h, eh.enter(catches, span), span),
                new Typed.If(landed, new Typed.Block(then, span), new Typed.Block(onException, span), span)), span);
    }

    /** The rest of a block after {@code objects} were made: they are destroyed if an exception passes. */
    private Typed.Stmt cleanupRegion(List<Typed.Stmt> rest, List<Typed.Var> objects, Span span) {
        List<Typed.Stmt> onException = new ArrayList<>();
        destroy(new ArrayList<>(objects), onException, span);
        onException.add(eh.resume(span));
        return guarded(rest, null, onException, span);
    }

    /** Analyses {@code c} inside a region that a jump leaves by running {@code exits}. */
    private Typed.Block regionBlock(Ast.Compound c, List<Typed.Stmt> prefix, List<Typed.Stmt> exits) {
        Typed.Var marker = new Typed.Var("eh.region", CType.VOID, c.span(), false, false, null);
        regionExits.put(marker, exits);
        dtorScopes.add(new ArrayList<>(List.of(marker)));
        try {
            return block(c, prefix);
        } finally {
            dtorScopes.remove(dtorScopes.size() - 1);
        }
    }

    /**
     * try-block: the body runs under a handler for the clauses' types; when an exception lands,
     * each clause in turn asks whether it takes it, and one that does binds its parameter and
     * runs under a cleanup that ends the catch if the clause itself throws.
     */
    private Typed.Stmt tryStmt(Ast.Try t) {
        if (rejectInDevice(t.span())) {
            return new Typed.Block(List.of(), t.span());
        }
        List<String> catches = new ArrayList<>();
        List<CType> types = new ArrayList<>();
        for (Ast.Handler h : t.handlers()) {
            CType ct = h.param() == null ? null : resolveType(h.param().type(), scope);
            types.add(ct);
            catches.add(ct == null ? "..." : Exceptions.clauseName(ct));
        }
        Typed.Block body = regionBlock(t.body(), List.of(), List.of(eh.leave(t.span())));
        List<Typed.Stmt> chain = new ArrayList<>(List.of(eh.resume(t.span())));
        for (int i = t.handlers().size() - 1; i >= 0; i--) {
            chain = handler(t.handlers().get(i), types.get(i), catches.get(i), chain);
        }
        return guarded(body.stmts(), catches, chain, t.span());
    }

    /** One catch clause: {@code o = catch(name); if (o) { param = *o; clause } else otherwise}. */
    private List<Typed.Stmt> handler(Ast.Handler h, CType type, String name, List<Typed.Stmt> otherwise) {
        Span span = h.span();
        Typed.Var o = newTemp(Exceptions.VOIDP, span);
        List<Typed.Stmt> prefix = new ArrayList<>();
        // a parameter taken by value is a local of the handler: destroyed when the handler ends
        List<Typed.Stmt> dtor = new ArrayList<>();
        Scope save = scope;
        scope = new Scope(scope);
        if (h.param() != null && h.param().name() != null) {
            CType target = type instanceof CType.Ref r ? r.referee() : type;
            Typed.Expr obj = new Typed.Deref(new Typed.Convert(load(new Typed.VarRef(o, span)), new CType.Ptr(target, false), span), target, span);
            Typed.Var var = new Typed.Var(h.param().name(), type, h.param().span(), false, false, null);
            Typed.Expr init = type instanceof CType.Ref ? addressOf(obj, span) : convert(rvalue(obj), type, span, "init");
            if (type instanceof CType.Record rec && Exceptions.copyConstructor(rec) != null) {
                FunctionSym copy = Exceptions.copyConstructor(rec);
                init = new Typed.Construct(var, copy, callArgs(copy, List.of(obj), span, 1), span);
            }
            scope.names.put(var.name, var);
            fn.locals.add(var);
            prefix.add(new Typed.LocalDef(var, init, span));
            if (type instanceof CType.Record rec && rec.destructor != null) {
                use(rec.destructor);
                destroy(List.of(var), dtor, span);
            }
        }
        List<Typed.Stmt> exits = new ArrayList<>(List.of(eh.leave(span)));
        exits.addAll(dtor);
        exits.add(eh.endCatch(newTemp(Exceptions.VOIDP, span), span));
        Typed.Block clause = regionBlock(h.body(), List.of(), exits);
        scope = save;
        List<Typed.Stmt> taken = new ArrayList<>(prefix);
        List<Typed.Stmt> onException = new ArrayList<>(dtor);
        onException.add(eh.endCatch(newTemp(Exceptions.VOIDP, span), span));
        onException.add(eh.resume(span));
        taken.add(guarded(clause.stmts(), null, onException, span));
        if (!endsInJump(clause.stmts())) {
            taken.addAll(dtor);
            taken.add(eh.endCatch(newTemp(Exceptions.VOIDP, span), span));
        }
        Typed.Expr took = new Typed.Binary("!=", load(new Typed.VarRef(o, span)), new Typed.NullConst(Exceptions.VOIDP, span), CType.BOOL, span);
        return List.of(new Typed.LocalDef(o, eh.catchClause(name, span), span),
                new Typed.If(took, new Typed.Block(taken, span), new Typed.Block(otherwise, span), span));
    }

    private void endDtorScope(List<Typed.Stmt> out, Span span) {
        List<Typed.Var> objects = dtorScopes.remove(dtorScopes.size() - 1);
        boolean jumped = !out.isEmpty() && (out.get(out.size() - 1) instanceof Typed.Return || out.get(out.size() - 1) instanceof Typed.Break
                || out.get(out.size() - 1) instanceof Typed.Continue);
        if (!jumped) {
            destroy(objects, out, span);
        }
    }

    private void destroy(List<Typed.Var> objects, List<Typed.Stmt> out, Span span) {
        destroy(objects, out, span, false);
    }

    /** {@code jumping}: a break, continue or return leaves the scope, so it also leaves the try regions in it. */
    private void destroy(List<Typed.Var> objects, List<Typed.Stmt> out, Span span, boolean jumping) {
        for (int i = objects.size() - 1; i >= 0; i--) {
            Typed.Var v = objects.get(i);
            List<Typed.Stmt> exit = regionExits.get(v);
            if (exit != null) {
                if (jumping) {
                    out.addAll(exit);
                }
                continue;
            }
            if (jumping && inRegion.contains(v)) {
                out.add(eh.leave(span));
            }
            if (vlaBytes.containsKey(v)) {
                FunctionSym free = globalFunction("free");
                Typed.Expr p = new Typed.Convert(load(new Typed.VarRef(v, span)), free.params.get(0).type, span);
                out.add(new Typed.ExprStmt(new Typed.Call(free, List.of(p), CType.VOID, span), span));
                continue;
            }
            if (v.type instanceof CType.Arr) {
                destroyElements(v, out, span);
                continue;
            }
            FunctionSym d = ((CType.Record) v.type).destructor;
            v.addressTaken = true;
            Typed.Expr self = new Typed.AddressOf(new Typed.VarRef(v, span), new CType.Ptr(v.type, false), span);
            out.add(new Typed.ExprStmt(new Typed.Call(d, List.of(thisArg(d, self, span)), CType.VOID, span), span));
        }
    }

    /** Destructor calls for every scope a jump leaves, innermost first. */
    private void destroyDownTo(int depth, List<Typed.Stmt> out, Span span) {
        for (int k = dtorScopes.size() - 1; k >= depth; k--) {
            destroy(dtorScopes.get(k), out, span, true);
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
                    fullStmt(discarded(x), true, out, null, (v, o) -> o.add(new Typed.ExprStmt(v, e.span())));
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
                Typed.Expr step = f.step() == null ? null : fullExpr(expr(f.step()), null);
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
            case Ast.Return r0 -> {
                Ast.Return r = r0;
                if (r.value() instanceof Ast.Call && fn.result == null) {
                    // a deduced result: return g(); with g void makes it void (and still calls g)
                    int mark = diags.mark();
                    CType probe = expr(r.value()).type();
                    diags.rollback(mark);
                    if (probe instanceof CType.Void) {
                        fn.result = CType.VOID;
                    }
                }
                if (r.value() != null && fn.result instanceof CType.Void) {
                    // return f(); in a void function (std::function<void(…)> forwards so) still calls f
                    Typed.Expr e = expr(r.value());
                    if (!(e.type() instanceof CType.Void)) {
                        diags.error(r.value().span(), DiagKey.ERR_RETURN_VOID, fn.name);
                    } else {
                        fullStmt(discarded(e), true, out, null, (v, o) -> o.add(new Typed.ExprStmt(v, r0.span())));
                    }
                    r = new Ast.Return(null, r.span());
                }
                Typed.Stmt ret = returnStmt(r);
                if (((Typed.Return) ret).value() != null && ((Typed.Return) ret).value() instanceof Typed.Expr rv) {
                    // the temporaries of the return expression die once the value is made, before the locals
                    Typed.Var t = newTemp(rv.type(), r.span());
                    int before = out.size();
                    Span rspan = r.span();
                    fullStmt(rv, false, out, null, (v, o) -> o.add(new Typed.LocalDef(t, v, rspan)));
                    if (out.size() == before + 1 && out.get(before) instanceof Typed.LocalDef ld && ld.var() == t
                            && !dtorScopes.stream().anyMatch(l -> !l.isEmpty())) {
                        out.remove(before); // nothing to destroy: return the value itself
                        fn.locals.remove(t);
                        ret = new Typed.Return(ld.init(), r.span());
                    } else {
                        ret = new Typed.Return(load(new Typed.VarRef(t, r.span())), r.span());
                    }
                }
                if (dtorScopes.stream().anyMatch(l -> !l.isEmpty())) {
                    // 'return local;' hands the object itself to the caller (as copy elision
                    // does): destroying it would free what the returned copy still owns
                    // (it still leaves its try regions)
                    Object returned = r.value() instanceof Ast.Name n ? scope.lookup(n.name()) : null;
                    if (returned instanceof Typed.Var rv && fn.params.contains(rv) && rv.type instanceof CType.Record rrec
                            && (moveConstructor(rrec) != null || copyConstructor(rrec) != null)) {
                        returned = null; // moved from above, so destroyed here
                    }
                    for (int k = dtorScopes.size() - 1; k >= 0; k--) {
                        List<Typed.Var> objs = new ArrayList<>(dtorScopes.get(k));
                        if (objs.remove(returned) && inRegion.contains(returned)) {
                            out.add(eh.leave(r.span()));
                        }
                        destroy(objs, out, r.span(), true);
                    }
                }
                out.add(ret);
            }
            case Ast.Empty e -> { }
            case Ast.Pragma p -> { }
            case Ast.Try t -> out.add(tryStmt(t));
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
        int mark = diags.mark();
        Typed.Expr range = expr(rf.range());
        if (range.type() instanceof CType.Record && !(rf.range() instanceof Ast.InitList)
                && (!range.lvalue() || range instanceof Typed.Construct || range instanceof Typed.Aggregate)) {
            // for (x : make()): C++ binds the range to auto &&__range once, which keeps the
            // temporary alive until the loop ends (begin() and end() are asked of that one object)
            diags.rollback(mark);
            scope = save;
            String name = "__range" + (rangeForCount++);
            Ast.VarDecl bound = new Ast.VarDecl(name, new Ast.ReferenceType(new Ast.AutoType(span), false, true, span), rf.range(), Ast.Specs.NONE, span);
            Ast.Stmt loop = new Ast.RangeFor(rf.var(), new Ast.Name(name, List.of(), span), rf.body(), span);
            return block(new Ast.Compound(List.of(new Ast.DeclStmt(List.of(bound), span), loop), span), List.of());
        }
        Typed.Expr begin;
        Typed.Expr end;
        Typed.Stmt rangeDef = null;
        if (range.type() instanceof CType.Record && rf.range() instanceof Ast.InitList) {
            // for (int x : {1, 2, 3}): the list is materialised once and begin()/end() asked of it
            Typed.Var rv = newTemp(range.type(), span);
            rv.addressTaken = true;
            rangeDef = new Typed.LocalDef(rv, rvalue(range), span);
            String name = "__range" + tempCount;
            scope.names.put(name, rv);
            rf = new Ast.RangeFor(rf.var(), new Ast.Name(name, List.of(), span), rf.body(), span);
        }
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
        if (begin.type() instanceof CType.Record) {
            scope = save;
            return classIteratorFor(rf);
        }
        if (!(begin.type() instanceof CType.Ptr ptr)) {
            diags.error(rf.range().span(), DiagKey.ERR_NOT_SUPPORTED, "iterators of type '" + begin.type() + "'");
            scope = save;
            return new Typed.Block(List.of(), span);
        }
        Typed.Var it = newTemp(begin.type(), span);
        Typed.Var last = newTemp(begin.type(), span);
        List<Typed.Stmt> outer = new ArrayList<>();
        if (rangeDef != null) {
            outer.add(rangeDef);
        }
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

    private int rangeForCount;

    /**
     * A range-for whose iterators are classes (std::map's, std::list's): the loop C++ defines,
     * {@code for (auto it = r.begin(), end = r.end(); it != end; ++it) { decl = *it; body }}, with
     * the iterator's own operators.
     */
    private Typed.Stmt classIteratorFor(Ast.RangeFor rf) {
        Span span = rf.span();
        int k = rangeForCount++;
        String it = "__range_it" + k;
        String last = "__range_end" + k;
        Ast.Expr begin = new Ast.Call(new Ast.Member(rf.range(), "begin", false, span), List.of(), span);
        Ast.Expr end = new Ast.Call(new Ast.Member(rf.range(), "end", false, span), List.of(), span);
        Ast.Stmt init = new Ast.DeclStmt(List.of(
                new Ast.VarDecl(it, new Ast.AutoType(span), begin, Ast.Specs.NONE, span),
                new Ast.VarDecl(last, new Ast.AutoType(span), end, Ast.Specs.NONE, span)), span);
        Ast.Expr itName = new Ast.Name(it, List.of(), span);
        Ast.Expr cond = new Ast.Binary("!=", itName, new Ast.Name(last, List.of(), span), span);
        Ast.Expr step = new Ast.Unary("++pre", itName, span);
        Ast.VarDecl vd = rf.var();
        Ast.VarDecl element = new Ast.VarDecl(vd.name(), vd.type(), new Ast.Unary("*", itName, span), vd.specs(), vd.span());
        Ast.Stmt body = new Ast.Compound(List.of(new Ast.DeclStmt(List.of(element), vd.span()), rf.body()), span);
        return single(new Ast.For(init, cond, step, body, span));
    }

    private Typed.Stmt returnStmt(Ast.Return r) {
        Typed.Expr deduced = null;
        if (fn.result == null) {
            // a lambda without a trailing return type: the first return decides; its value is
            // analysed once (a second time would build a lambda it returns twice, of two types)
            deduced = r.value() == null ? null : expr(r.value());
            fn.result = deduced == null ? CType.VOID : rvalue(deduced).type();
        }
        CType want = fn.result;
        if (r.value() == null) {
            if (!(want instanceof CType.Void)) {
                diags.error(r.span(), DiagKey.ERR_RETURN_VALUE, fn.name);
            }
            return new Typed.Return(null, r.span());
        }
        if (want instanceof CType.Void) {
            Typed.Expr e = deduced != null ? deduced : expr(r.value());
            if (!(e.type() instanceof CType.Void)) {
                diags.error(r.value().span(), DiagKey.ERR_RETURN_VOID, fn.name);
            }
            return new Typed.Return(null, r.span());
        }
        if (want instanceof CType.Ref ref) {
            return new Typed.Return(bindReference(ref, deduced != null ? deduced : expr(r.value()), "return"), r.span());
        }
        if (!(r.value() instanceof Ast.InitList) && want instanceof CType.Record rec) {
            Typed.Expr obj = deduced != null ? deduced : expr(r.value());
            if (r.value() instanceof Ast.Name n && scope.lookup(n.name()) instanceof Typed.Var v && !v.isGlobal && v.type == rec
                    && fn.params.contains(v) && rec.destructor != null) {
                // a parameter is not the function's to hand over: it is moved from, as C++ does, and destroyed
                Typed.Expr moved = copyOf(obj, rec, r.value().span(), true);
                if (moved != null) {
                    return new Typed.Return(moved, r.span());
                }
            }
            if (r.value() instanceof Ast.Name n && scope.lookup(n.name()) instanceof Typed.Var v && !v.isGlobal && v.type == rec) {
                // return local; is the local itself (copy elision), which is then not destroyed:
                // copying it too would leave a count (shared_ptr, exception_ptr) one too high
                return new Typed.Return(rvalue(obj), r.span());
            }
            Typed.Expr copy = copyOf(obj, rec, r.value().span());
            if (copy != null) {
                return new Typed.Return(copy, r.span());
            }
            if (obj.type() != rec && !(obj.type() instanceof CType.Record or && derivesFrom(or, rec))
                    && convertByConstructor(obj, rec, r.value().span()) instanceof Typed.Expr made) {
                return new Typed.Return(made, r.span()); // return "text"; for a std::string, a unique_ptr<Derived> for a unique_ptr<Base>
            }
            return new Typed.Return(convert(rvalue(obj), want, r.value().span(), "return"), r.span());
        }
        Typed.Expr e = r.value() instanceof Ast.InitList il
                ? want instanceof CType.Record && il.type() == null ? rvalue(listTemporary(il, want)) : initializer(il, want, r.span(), null)
                : rvalue(deduced != null ? deduced : expr(r.value()));
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

    /**
     * auto [a, b] = arr: the hidden object of a structured binding is a copy of the array, not a
     * pointer to it as for plain auto (see Parser.declareBindings): E __binding[N] = {arr[0], …}.
     */
    private Ast.VarDecl arrayBindingCopy(Ast.VarDecl v) {
        int mark = diags.mark();
        CType t = expr(v.init()).type();
        diags.rollback(mark); // analysed again below, as the initializer of what is declared
        if (!(t instanceof CType.Arr a) || a.count() < 0) {
            return v;
        }
        Span sp = v.span();
        List<Ast.Expr> items = new ArrayList<>();
        for (long i = 0; i < a.count(); i++) {
            items.add(new Ast.Index(v.init(), new Ast.IntLit(Long.toString(i), sp), sp));
        }
        Ast.TypeNode element = new Ast.DecltypeType(new Ast.Index(v.init(), new Ast.IntLit("0", sp), sp), sp);
        return new Ast.VarDecl(v.name(), new Ast.ArrayType(element, new Ast.IntLit(Long.toString(a.count()), sp), sp),
                new Ast.InitList(null, items, sp), v.specs(), sp);
    }

    private static boolean isAuto(Ast.TypeNode t) {
        return t instanceof Ast.AutoType || t instanceof Ast.ConstType c && c.inner() instanceof Ast.AutoType;
    }

    private void localDecl(Ast.Decl d, List<Typed.Stmt> out) {
        if (d instanceof Ast.VarDecl v && v.init() != null) {
            Ast.Expr init = expandIn(v.init());
            if (init != v.init()) {
                d = new Ast.VarDecl(v.name(), v.type(), init, v.specs(), v.span());
            }
        }
        if (d instanceof Ast.VarDecl v && v.name().startsWith("__binding#") && isAuto(v.type()) && v.init() != null) {
            d = arrayBindingCopy(v);
        }
        switch (d) {
            case Ast.VarDecl v -> {
                if (v.specs().isStatic() || v.specs().shared() || v.specs().isExtern()) {
                    if (v.specs().isStatic() && !v.specs().shared() && fn != null && fn.space != null && fn.space.onDevice()
                            && v.init() != null && !constantInitializer(v.init())) {
                        // globals are initialised on the host before main: a device static cannot wait for a thread
                        diags.error(v.span(), DiagKey.ERR_DEVICE_STATIC_INIT);
                        return;
                    }
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
                    Typed.Expr e = autoInitializer(v.init());
                    t = e.type();
                    init = e;
                } else if (v.type() instanceof Ast.ReferenceType rt && isAuto(rt.referee())) {
                    // auto &x = e: a reference to e's object, of e's type
                    if (v.init() == null) {
                        diags.error(v.span(), DiagKey.ERR_EXPECTED, "an initializer for a reference");
                        return;
                    }
                    Typed.Expr target = expr(v.init());
                    if (!target.lvalue()) {
                        // a temporary bound to a const reference lives as long as the reference
                        Typed.Expr value = rvalue(target);
                        Typed.Var tmp = newTemp(value.type(), v.span());
                        fullStmt(value, false, out, null, (x, o) -> o.add(new Typed.LocalDef(tmp, x, v.span())));
                        target = new Typed.VarRef(tmp, v.span());
                        if (tmp.type instanceof CType.Record rec && rec.destructor != null && freshObject(value) && !dtorScopes.isEmpty()) {
                            use(rec.destructor);
                            dtorScopes.get(dtorScopes.size() - 1).add(tmp);
                        }
                    }
                    CType referee = target.type() instanceof CType.Ref r0 ? r0.referee() : target.type();
                    t = new CType.Ref(referee, rt.constReferee() || rt.referee() instanceof Ast.ConstType);
                    Typed.Var var = new Typed.Var(v.name(), t, v.span(), false, false, null);
                    scope.names.put(v.name(), var);
                    fn.locals.add(var);
                    Typed.Expr bound = addressOf(target, v.span());
                    Typed.Var extended = boundTemporary(bound);
                    fullStmt(bound, false, out, extended, (x, o) -> o.add(new Typed.LocalDef(var, x, v.span())));
                    if (extended != null && extended.type instanceof CType.Record rec && rec.destructor != null && !dtorScopes.isEmpty()) {
                        use(rec.destructor); // auto &&r = T(1): the temporary lives as long as r
                        extended.addressTaken = true;
                        dtorScopes.get(dtorScopes.size() - 1).add(extended);
                    }
                    return;
                } else {
                    if (v.type() instanceof Ast.ArrayType at && at.size() != null && fn.space == ExecutionSpace.HOST) {
                        Typed.Expr size = expr(at.size());
                        if (ConstEval.eval(size) == null && CType.isInteger(size.type())) {
                            variableLengthArray(v, at, size, out);
                            return;
                        }
                    }
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
                    init = bindReference(r, expr(v.init()), "init");
                    var = new Typed.Var(v.name(), t, v.span(), false, isConst, null);
                } else if (init == null && v.init() != null) {
                    // the name is in scope from the end of its declarator, so its own initializer
                    // sees it: int *v = malloc(n * sizeof *v);
                    redefinitionCheck(v);
                    scope.names.put(v.name(), var);
                    init = initializer(v.init(), t, v.span(), var);
                } else if (init != null) {
                    init = convert(init, t, v.span(), "init");
                } else if (t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
                    init = construct(var, rec, List.of(), v.span());
                } else if (t instanceof CType.Record rec && init == null) {
                    List<Typed.Init> defaults = new ArrayList<>();
                    fieldDefaults(rec, List.of(), java.util.Set.of(), defaults, false);
                    if (!defaults.isEmpty()) {
                        init = new Typed.Aggregate(var, defaults, v.span());
                    }
                } else if (t instanceof CType.Arr && init == null) {
                    List<Typed.Init> defaults = new ArrayList<>();
                    elementDefaults(t, List.of(), defaults);
                    if (!defaults.isEmpty()) {
                        init = new Typed.Aggregate(var, defaults, v.span()); // S arr[4]; each S with its default member initialisers
                    }
                }
                if (t instanceof CType.Record rec && rec.isPolymorphic()) {
                    virtuals.checkNotAbstract(rec, v.span(), DiagKey.ERR_ABSTRACT_VARIABLE);
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
                if (scope.names.get(v.name()) != var) {
                    redefinitionCheck(v);
                }
                scope.names.put(v.name(), var);
                fn.locals.add(var);
                Typed.Var extended = t instanceof CType.Ref ? boundTemporary(init) : null;
                if (init == null) {
                    out.add(new Typed.LocalDef(var, null, v.span()));
                } else {
                    Typed.Var self = var;
                    fullStmt(init, false, out, extended, (x, o) -> o.add(new Typed.LocalDef(self, x, v.span())));
                }
                if (extended != null && extended.type instanceof CType.Record rec && rec.destructor != null && !dtorScopes.isEmpty()) {
                    // const T &r = make(); T &&r = T(1); the temporary lives as long as r
                    use(rec.destructor);
                    extended.addressTaken = true;
                    dtorScopes.get(dtorScopes.size() - 1).add(extended);
                }
                if (init == null && t instanceof CType.Arr) {
                    constructElements(var, v.span(), out);
                }
                if (t instanceof CType.Record rec && rec.destructor != null && !dtorScopes.isEmpty()) {
                    use(rec.destructor);
                    dtorScopes.get(dtorScopes.size() - 1).add(var);
                } else if (t instanceof CType.Arr && elementClass(t) != null && elementClass(t).destructor != null
                        && elementCount(t) > 0 && !dtorScopes.isEmpty()) {
                    use(elementClass(t).destructor);
                    dtorScopes.get(dtorScopes.size() - 1).add(var);
                }
            }
            case Ast.TypedefDecl t -> scope.names.put(t.name(), resolveType(t.type(), scope));
            case Ast.RecordDecl r -> declareRecord(r, scope, null);
            case Ast.EnumDecl e -> declareEnum(e, scope, null);
            case Ast.StaticAssert sa -> staticAssert(sa, scope);
            case Ast.UsingNamespace u -> StdNames.usingDirective(scope, u.name());
            case Ast.UsingDecl u -> topLevel(u, scope, null);
            case Ast.FunctionDecl f -> declareFunction(f, scope, null, null);
            default -> diags.error(d.span(), DiagKey.ERR_NOT_SUPPORTED, "this declaration inside a function");
        }
    }

    private void redefinitionCheck(Ast.VarDecl v) {
        if (scope.names.get(v.name()) instanceof Typed.Var prev && !prev.isGlobal) {
            diags.error(v.span(), DiagKey.ERR_REDEFINITION, v.name());
        }
    }

    /** The class of an array's elements (through every dimension) and how many there are, or null. */
    private static CType.Record elementClass(CType t) {
        while (t instanceof CType.Arr a) {
            t = a.element();
        }
        return t instanceof CType.Record r ? r : null;
    }

    private static long elementCount(CType t) {
        long n = 1;
        while (t instanceof CType.Arr a) {
            n *= Math.max(0, a.count());
            t = a.element();
        }
        return n;
    }

    /** {@code T a[n];} of a class with a default constructor: the constructor runs for each element, first to last. */
    private void constructElements(Typed.Var array, Span span, List<Typed.Stmt> out) {
        CType.Record rec = elementClass(array.type);
        if (rec == null || rec.constructors.isEmpty()) {
            return;
        }
        FunctionSym ctor = resolveOverload(rec.name, rec.constructors, List.of(), span, true);
        if (ctor == null) {
            return;
        }
        array.addressTaken = true;
        CType pt = new CType.Ptr(rec, false);
        Typed.Var i = newTemp(CType.LONG, span);
        out.add(new Typed.LocalDef(i, new Typed.IntConst(CType.LONG, 0, span), span));
        Typed.Expr first = new Typed.Convert(new Typed.AddressOf(new Typed.VarRef(array, span), new CType.Ptr(array.type, false), span), pt, span);
        Typed.Expr element = new Typed.PtrArith("+", first, load(new Typed.VarRef(i, span)), pt, span);
        List<Typed.Expr> args = callArgs(ctor, List.of(), span, 1);
        args.add(0, element);
        Typed.Stmt body = new Typed.ExprStmt(new Typed.Call(ctor, args, CType.VOID, span), span);
        Typed.Expr cond = new Typed.Binary("<", load(new Typed.VarRef(i, span)), new Typed.IntConst(CType.LONG, elementCount(array.type), span), CType.BOOL, span);
        out.add(new Typed.Loop(cond, body, new Typed.IncDec(new Typed.VarRef(i, span), 1, true, span), false, span));
    }

    // ---- new[] and delete[] of classes

    private final Map<CType.Record, FunctionSym> arrayNews = new java.util.IdentityHashMap<>();
    private final Map<CType.Record, FunctionSym> arrayDeletes = new java.util.IdentityHashMap<>();

    /** Bytes new[] puts before the elements to remember their count, as the Itanium C++ ABI: only for a class with a destructor. */
    static long arrayCookie(CType.Record rec) {
        return rec.destructor == null ? 0 : Math.max(8, rec.align);
    }

    /**
     * new T[n] of a class with a constructor or destructor, as a function of n: storage from
     * {@code alloc} (malloc, or the program's operator new[]) with room for the count before the
     * elements, then each element built by the default constructor, first to last.
     */
    FunctionSym arrayNew(CType.Record rec, FunctionSym alloc, Span span) {
        FunctionSym made = arrayNews.get(rec);
        if (made != null) {
            return made;
        }
        FunctionSym ctor = rec.constructors.isEmpty() ? null : resolveOverload(rec.name, rec.constructors, List.of(), span, true);
        if (!rec.constructors.isEmpty() && ctor == null) {
            return null;
        }
        FunctionSym f = new FunctionSym("operator new[]", span);
        f.space = ExecutionSpace.HOST;
        CType pt = new CType.Ptr(rec, false);
        CType bytes = new CType.Ptr(CType.UCHAR, false);
        Typed.Var n = new Typed.Var("n", CType.ULONG, span, false, false, null);
        f.params.add(n);
        f.defaults.add(null);
        f.result = pt;
        Typed.Var raw = new Typed.Var("raw", bytes, span, false, false, null);
        Typed.Var p = new Typed.Var("p", pt, span, false, false, null);
        Typed.Var i = new Typed.Var("i", CType.ULONG, span, false, false, null);
        f.locals.addAll(List.of(raw, p, i));
        long cookie = arrayCookie(rec);
        List<Typed.Stmt> body = new ArrayList<>();
        Typed.Expr size = new Typed.Binary("+", new Typed.Binary("*", load(new Typed.VarRef(n, span)),
                new Typed.IntConst(CType.ULONG, Math.max(1, CType.sizeOf(rec)), span), CType.ULONG, span), new Typed.IntConst(CType.ULONG, cookie, span), CType.ULONG, span);
        body.add(new Typed.LocalDef(raw, new Typed.Convert(new Typed.Call(alloc, List.of(size), alloc.result, span), bytes, span), span));
        Typed.Expr start = new Typed.PtrArith("+", load(new Typed.VarRef(raw, span)), new Typed.IntConst(CType.LONG, cookie, span), bytes, span);
        if (cookie > 0) {
            CType up = new CType.Ptr(CType.ULONG, false);
            Typed.Expr count = new Typed.Deref(new Typed.Convert(new Typed.PtrArith("-", start, new Typed.IntConst(CType.LONG, 8, span), bytes, span), up, span), CType.ULONG, span);
            body.add(new Typed.ExprStmt(new Typed.Assign(count, load(new Typed.VarRef(n, span)), span), span));
        }
        body.add(new Typed.LocalDef(p, new Typed.Convert(start, pt, span), span));
        if (ctor != null) {
            body.add(new Typed.LocalDef(i, new Typed.IntConst(CType.ULONG, 0, span), span));
            Typed.Expr element = new Typed.PtrArith("+", load(new Typed.VarRef(p, span)), load(new Typed.VarRef(i, span)), pt, span);
            List<Typed.Expr> args = callArgs(ctor, List.of(), span, 1);
            args.add(0, element);
            Typed.Expr cond = new Typed.Binary("<", load(new Typed.VarRef(i, span)), load(new Typed.VarRef(n, span)), CType.BOOL, span);
            body.add(new Typed.Loop(cond, new Typed.ExprStmt(new Typed.Call(ctor, args, CType.VOID, span), span),
                    new Typed.IncDec(new Typed.VarRef(i, span), 1, true, span), false, span));
        }
        body.add(new Typed.Return(load(new Typed.VarRef(p, span)), span));
        f.body = new Typed.Block(body, span);
        f.irName = uniqueIrName("new[]." + rec.name);
        functions.add(f);
        arrayNews.put(rec, f);
        return f;
    }

    /**
     * delete[] p of a class with a destructor: each element destroyed, last to first (their
     * count is before them), then the storage given to {@code free} (free, or operator delete[]).
     */
    FunctionSym arrayDelete(CType.Record rec, FunctionSym free, Span span) {
        FunctionSym made = arrayDeletes.get(rec);
        if (made != null) {
            return made;
        }
        FunctionSym d = rec.destructor;
        use(d);
        FunctionSym f = new FunctionSym("operator delete[]", span);
        f.space = ExecutionSpace.HOST;
        CType pt = new CType.Ptr(rec, false);
        CType bytes = new CType.Ptr(CType.UCHAR, false);
        Typed.Var p = new Typed.Var("p", pt, span, false, false, null);
        f.params.add(p);
        f.defaults.add(null);
        f.result = CType.VOID;
        Typed.Var raw = new Typed.Var("raw", bytes, span, false, false, null);
        Typed.Var i = new Typed.Var("i", CType.ULONG, span, false, false, null);
        f.locals.addAll(List.of(raw, i));
        long cookie = arrayCookie(rec);
        List<Typed.Stmt> live = new ArrayList<>();
        live.add(new Typed.LocalDef(raw, new Typed.PtrArith("-", new Typed.Convert(load(new Typed.VarRef(p, span)), bytes, span),
                new Typed.IntConst(CType.LONG, cookie, span), bytes, span), span));
        CType up = new CType.Ptr(CType.ULONG, false);
        Typed.Expr count = new Typed.Deref(new Typed.Convert(new Typed.PtrArith("+", load(new Typed.VarRef(raw, span)),
                new Typed.IntConst(CType.LONG, cookie - 8, span), bytes, span), up, span), CType.ULONG, span);
        live.add(new Typed.LocalDef(i, load(count), span));
        Typed.Expr element = new Typed.PtrArith("+", load(new Typed.VarRef(p, span)), load(new Typed.VarRef(i, span)), pt, span);
        Typed.Stmt destroy = new Typed.ExprStmt(new Typed.Call(d, List.of(thisArg(d, element, span)), CType.VOID, span), span);
        Typed.Expr more = new Typed.Binary(">", new Typed.IncDec(new Typed.VarRef(i, span), -1, false, span), new Typed.IntConst(CType.ULONG, 0, span), CType.BOOL, span);
        live.add(new Typed.Loop(more, destroy, null, false, span));
        List<Typed.Expr> freeArgs = new ArrayList<>(List.of(new Typed.Convert(load(new Typed.VarRef(raw, span)), new CType.Ptr(CType.VOID, false), span)));
        live.add(new Typed.ExprStmt(new Typed.Call(free, freeArgs, CType.VOID, span), span));
        Typed.Expr notNull = new Typed.Binary("!=", load(new Typed.VarRef(p, span)), new Typed.NullConst(pt, span), CType.BOOL, span);
        f.body = new Typed.Block(List.of(new Typed.If(notNull, new Typed.Block(live, span), null, span)), span);
        f.irName = uniqueIrName("delete[]." + rec.name);
        functions.add(f);
        arrayDeletes.put(rec, f);
        return f;
    }

    /** The end of an array of objects' scope: the destructor runs for each element, last to first. */
    private void destroyElements(Typed.Var array, List<Typed.Stmt> out, Span span) {
        CType.Record rec = elementClass(array.type);
        FunctionSym d = rec.destructor;
        array.addressTaken = true;
        CType pt = new CType.Ptr(rec, false);
        Typed.Var i = newTemp(CType.LONG, span);
        out.add(new Typed.LocalDef(i, new Typed.IntConst(CType.LONG, elementCount(array.type), span), span));
        Typed.Expr first = new Typed.Convert(new Typed.AddressOf(new Typed.VarRef(array, span), new CType.Ptr(array.type, false), span), pt, span);
        Typed.Expr element = new Typed.PtrArith("+", first, load(new Typed.VarRef(i, span)), pt, span);
        Typed.Stmt body = new Typed.ExprStmt(new Typed.Call(d, List.of(thisArg(d, element, span)), CType.VOID, span), span);
        Typed.Expr cond = new Typed.Binary(">", new Typed.IncDec(new Typed.VarRef(i, span), -1, false, span), new Typed.IntConst(CType.LONG, 0, span), CType.BOOL, span);
        out.add(new Typed.Loop(cond, body, null, false, span));
    }

    // ---- variable-length arrays (the GNU extension g++ and nvcc accept in host code)

    /** Each VLA (a pointer to its first element) and the variable holding its size in bytes, for sizeof. */
    private final Map<Typed.Var, Typed.Var> vlaBytes = new HashMap<>();

    /** The variable holding the size in bytes of the VLA {@code v}, or null if v is no VLA. */
    Typed.Var vlaBytes(Typed.Var v) {
        return vlaBytes.get(v);
    }

    /**
     * {@code T a[n];} with n known only at run time: a is a pointer to storage for n elements,
     * allocated where the declaration runs and freed when its block ends (as the stack frame of
     * g++'s VLA is); inner dimensions must be constants.
     */
    private void variableLengthArray(Ast.VarDecl v, Ast.ArrayType at, Typed.Expr size, List<Typed.Stmt> out) {
        if (v.init() != null) {
            diags.error(v.span(), DiagKey.ERR_NOT_SUPPORTED, "an initializer for a variable-length array");
            return;
        }
        if (at.element() instanceof Ast.ArrayType inner && inner.size() != null && constant(inner.size()) == null) {
            diags.error(inner.size().span(), DiagKey.ERR_NOT_SUPPORTED, "a variable-length array with a variable inner dimension");
            Typed.Var stand = new Typed.Var(v.name(), new CType.Ptr(new CType.Ptr(CType.INT, false), false), v.span(), false, false, null);
            scope.names.put(v.name(), stand); // one error, not one per use
            fn.locals.add(stand);
            return;
        }
        CType el = resolveType(at.element(), scope);
        FunctionSym malloc = globalFunction("malloc");
        FunctionSym free = globalFunction("free");
        if (malloc == null || free == null) {
            diags.error(at.size().span(), DiagKey.ERR_NOT_CONSTANT);
            return;
        }
        Span span = v.span();
        Typed.Var bytes = newTemp(CType.ULONG, span);
        Typed.Expr n = convert(rvalue(size), CType.ULONG, at.size().span(), "init");
        out.add(new Typed.LocalDef(bytes, new Typed.Binary("*", n, new Typed.IntConst(CType.ULONG, CType.sizeOf(el), span), CType.ULONG, span), span));
        use(malloc);
        use(free);
        CType pt = new CType.Ptr(el, false);
        Typed.Var var = new Typed.Var(v.name(), pt, span, false, false, null);
        Typed.Expr mem = new Typed.Call(malloc, List.of(load(new Typed.VarRef(bytes, span))), malloc.result, span);
        out.add(new Typed.LocalDef(var, new Typed.Convert(mem, pt, span), span));
        if (scope.names.get(v.name()) instanceof Typed.Var prev && !prev.isGlobal) {
            diags.error(span, DiagKey.ERR_REDEFINITION, v.name());
        }
        scope.names.put(v.name(), var);
        fn.locals.add(var);
        vlaBytes.put(var, bytes);
        if (!dtorScopes.isEmpty()) {
            dtorScopes.get(dtorScopes.size() - 1).add(var);
        }
    }

    /** An initializer for an object of type t: '= expr', '= {…}', '{…}' or '(args)'. */
    Typed.Expr initializerFor(Ast.Expr init, CType t, Span span, Typed.Var target) {
        return initializer(init, t, span, target);
    }

    private Typed.Expr initializer(Ast.Expr init, CType t, Span span, Typed.Var target) {
        init = expandIn(init);
        if (init instanceof Ast.Construct c && c.type() != null && target != null && t instanceof CType.Record rec && !rec.constructors.isEmpty()
                && resolveType(c.type(), scope) == rec) {
            // T x = T(args): constructed in place; T x = U(args) converts the U
            return construct(target, rec, c.args(), c.span());
        }
        if (init instanceof Ast.Construct c && c.args().size() == 1 && (c.type() == null || sameType(resolveType(c.type(), scope), t))) {
            return convert(rvalue(expr(c.args().get(0))), t, c.span(), "init");
        }
        if (init instanceof Ast.InitList il) {
            if (t instanceof CType.Record rec && !rec.constructors.isEmpty() && target != null) {
                return listConstruct(target, rec, il);
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
            if (a.count() >= 0 && b.length > a.count()) {
                diags.error(s.span(), DiagKey.ERR_STRING_TOO_LONG);
            }
            // the string and its NUL; the aggregate zeroes what follows (a big buffer needs no list of zeros)
            for (int i = 0; i < Math.min(a.count(), b.length + 1); i++) {
                inits.add(new Typed.Init(List.of(new Typed.Step(null, i, a.element())), new Typed.IntConst(a.element(), i < b.length ? b[i] : 0, s.span())));
            }
            return new Typed.Aggregate(temp, inits, s.span());
        }
        Typed.Expr raw = expr(init);
        Typed.Expr e = rvalue(raw);
        if (raw instanceof Typed.Call && !raw.lvalue() && e.type() == t) {
            // T x = f(): the returned object becomes x (C++17's guaranteed elision), no copy
            return convert(e, t, init.span(), "init");
        }
        boolean slicing = t instanceof CType.Record to && e.type() instanceof CType.Record from && from != to && derivesFrom(from, to);
        if (t instanceof CType.Record rec && !rec.constructors.isEmpty() && target != null
                && (e.type() != rec && !(slicing && !hasCopyConstructor(rec)) || hasCopyConstructor(rec))) {
            return construct(target, rec, List.of(init), init.span());
        }
        return convert(e, t, init.span(), "init");
    }

    /**
     * X(const X &), else X(X &): the class's own constructor that copies an lvalue. A defaulted one
     * copies member by member, as a class without one does, so it does not count.
     */
    private static FunctionSym moveConstructor(CType.Record rec) {
        for (FunctionSym c : rec.constructors) {
            if (c.params.size() == 2 && c.params.get(1).type instanceof CType.Ref r && r.referee() == rec && r.rvalue()
                    && !(c.decl != null && c.decl.specs().isDefaulted())) {
                return c;
            }
        }
        return null;
    }

    private static FunctionSym copyConstructor(CType.Record rec) {
        FunctionSym any = null;
        for (FunctionSym c : rec.constructors) {
            if (c.params.size() == 2 && c.params.get(1).type instanceof CType.Ref r && r.referee() == rec
                    && !(c.decl != null && c.decl.specs().isDefaulted())) {
                if (r.constReferee()) {
                    return c;
                }
                any = c;
            }
        }
        return any;
    }

    static boolean hasCopyConstructor(CType.Record rec) {
        return copyConstructor(rec) != null;
    }

    private void aggregate(Ast.InitList il, CType t, List<Typed.Step> path, List<Typed.Init> out) {
        List<Ast.Expr> items = il.items();
        if (items.size() == 1 && items.get(0) instanceof Ast.StringLit && t instanceof CType.Arr a && CType.isInteger(a.element())) {
            aggregateItem(items.get(0), t, path, out); // char s[8] = {"abc"}: the braces may surround the string
            return;
        }
        int[] k = {0};
        fill(items, k, t, path, out);
        if (k[0] < items.size()) {
            diags.error(items.get(k[0]).span(), DiagKey.ERR_EXPECTED, "fewer initializers");
        }
    }

    /** The elements or fields of aggregate t from items[k…], as many as it has or the list gives. */
    private void fill(List<Ast.Expr> items, int[] k, CType t, List<Typed.Step> path, List<Typed.Init> out) {
        if (t instanceof CType.Arr a) {
            for (long i = 0; (a.count() < 0 || i < a.count()) && k[0] < items.size(); i++) {
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(null, i, a.element()));
                fillItem(items, k, a.element(), p, out);
            }
        } else if (t instanceof CType.Record r) {
            java.util.Set<String> given = new java.util.HashSet<>();
            for (CType.Field f : r.fields) {
                if (k[0] >= items.size()) {
                    break;
                }
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(f, 0, f.type()));
                fillItem(items, k, f.type(), p, out);
                given.add(f.name());
                if (r.isUnion) {
                    break;
                }
            }
            if (!r.isUnion) {
                fieldDefaults(r, path, given, out, false); // the members not in the list get their default initializers
            }
        }
    }

    /**
     * One element or field from items[k]: a sub-aggregate without its own braces takes the items
     * it needs from the same list (brace elision: {@code int m[2][2] = {1, 2, 3, 4}},
     * {@code std::array<int, 3> a = {1, 2, 3}}), unless the item is a whole object of its type.
     */
    private void fillItem(List<Ast.Expr> items, int[] k, CType t, List<Typed.Step> path, List<Typed.Init> out) {
        Ast.Expr item = items.get(k[0]);
        boolean subAggregate = t instanceof CType.Arr a && a.count() > 0 && !(item instanceof Ast.StringLit && CType.isInteger(a.element()))
                || t instanceof CType.Record r && r.constructors.isEmpty() && !r.isUnion && !r.fields.isEmpty();
        if (subAggregate && !(item instanceof Ast.InitList) && !(item instanceof Ast.PackExpansion)) {
            int mark = diags.mark();
            CType itemType;
            try {
                itemType = rvalue(expr(item)).type();
            } finally {
                diags.rollback(mark);
            }
            if (!(t instanceof CType.Record && itemType instanceof CType.Record ir && (ir == t || derivesFrom(ir, (CType.Record) t)))) {
                fill(items, k, t, path, out);
                return;
            }
        }
        k[0]++;
        aggregateItem(item, t, path, out);
    }

    private void aggregateItem(Ast.Expr item, CType t, List<Typed.Step> path, List<Typed.Init> out) {
        if (item instanceof Ast.StringLit s && t instanceof CType.Arr a && CType.isInteger(a.element())) {
            // a char array member or element from a string literal: its bytes, then zeros to the end
            byte[] b = s.bytes();
            if (a.count() >= 0 && b.length > a.count()) {
                diags.error(s.span(), DiagKey.ERR_STRING_TOO_LONG);
                return;
            }
            for (int i = 0; i < Math.min(a.count(), b.length + 1); i++) { // the aggregate zeroes the rest
                List<Typed.Step> p = new ArrayList<>(path);
                p.add(new Typed.Step(null, i, a.element()));
                out.add(new Typed.Init(p, new Typed.IntConst(a.element(), i < b.length ? b[i] : 0, s.span())));
            }
            return;
        }
        if (item instanceof Ast.InitList inner && t instanceof CType.Record rec && !rec.constructors.isEmpty()) {
            out.add(new Typed.Init(path, rvalue(listTemporary(inner, rec)))); // {{1, 2}, {3}} for vector<vector<int>>
            return;
        }
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
        return copyOf(obj, rec, span, isRvalue(obj));
    }

    /** {@code move}: the source is an rvalue (std::move(x), a parameter returned), so the move constructor makes the copy where there is one. */
    Typed.Expr copyOf(Typed.Expr obj, CType.Record rec, Span span, boolean move) {
        // T(args) and {…} make a temporary that becomes the result itself (C++17 elision)
        if (!obj.lvalue() || obj instanceof Typed.Construct || obj instanceof Typed.Aggregate || obj.type() != rec) {
            return null;
        }
        FunctionSym c = move && moveConstructor(rec) != null ? moveConstructor(rec) : copyConstructor(rec);
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
        tempVars.add(v);
        if (fn != null) {
            fn.locals.add(v);
        }
        return v;
    }

    // ================================================================= std::initializer_list

    /** Braced lists materialised as std::initializer_list, so that a conversion can redo one for another element type. */
    private final Map<Typed.Expr, Ast.InitList> bracedLists = new java.util.IdentityHashMap<>();

    private ClassTemplate initializerListTemplate() {
        return lookupQualified(scope, "std::initializer_list") instanceof ClassTemplate ct ? ct : null;
    }

    /** E when {@code t} is std::initializer_list<E> or a reference to one, else null. */
    CType initializerListElement(CType t) {
        if (t instanceof CType.Ref r) {
            t = r.referee();
        }
        if (t instanceof CType.Record rec && instanceOf.get(rec) instanceof Instance in && in.template() == initializerListTemplate()
                && !in.args().isEmpty() && in.args().get(0) instanceof CType e) {
            return e;
        }
        return null;
    }

    /**
     * A braced list as a {@code std::initializer_list<E>}: a backing array of E initialised from
     * the items, and the object {@code {array, length}} that refers to it, as C++ materialises
     * them. E is the first item's type when {@code elem} is null ({@code auto l = {1, 2}},
     * {@code for (int x : {1, 2, 3})}, {@code std::max({a, b, c})}).
     */
    Typed.Expr initializerList(Ast.InitList il, CType elem) {
        Span span = il.span();
        ClassTemplate ct = initializerListTemplate();
        List<Ast.Expr> items = expandPacks(il.items());
        if (ct == null) {
            diags.error(span, DiagKey.ERR_NOT_SUPPORTED, "a braced list here without #include <initializer_list>");
            return zero(CType.INT, span);
        }
        if (elem == null) {
            if (items.isEmpty() || items.get(0) instanceof Ast.InitList) {
                diags.error(span, DiagKey.ERR_NOT_SUPPORTED, "deducing the element type of this braced list");
                return zero(CType.INT, span);
            }
            int mark = diags.mark();
            elem = rvalue(expr(items.get(0))).type();
            diags.rollback(mark); // the item is analysed again as an element below
        }
        CType.Record lt = instantiateClass(ct, List.of(elem));
        CType.Field array = lt.field("__array");
        CType.Field len = lt.field("__len");
        Typed.Var list = newTemp(lt, span);
        list.addressTaken = true;
        Typed.Expr pointer;
        if (items.isEmpty()) {
            pointer = new Typed.NullConst(array.type(), span);
        } else {
            Typed.Var backing = newTemp(new CType.Arr(elem, items.size()), span);
            backing.addressTaken = true;
            Typed.Expr init = initializer(new Ast.InitList(null, items, span), backing.type, span, backing);
            pointer = new Typed.Comma(init, convert(rvalue(new Typed.VarRef(backing, span)), array.type(), span, "init"), span);
        }
        Typed.Expr self = new Typed.VarRef(list, span);
        Typed.Expr setArray = new Typed.Assign(new Typed.Member(self, array, span), pointer, span);
        Typed.Expr setLen = new Typed.Assign(new Typed.Member(self, len, span), new Typed.IntConst((CType.Int) len.type(), items.size(), span), span);
        Typed.Expr result = new Typed.Comma(setArray, new Typed.Comma(setLen, new Typed.VarRef(list, span), span), span);
        bracedLists.put(result, new Ast.InitList(null, items, span));
        return result;
    }

    /** The braced list an expression was materialised from, or null. */
    Ast.InitList bracedList(Typed.Expr e) {
        return bracedLists.get(e);
    }

    /**
     * A bare braced list that is not a std::initializer_list of one type ({@code {1, "a", 2.0}}):
     * kept as a typeless placeholder until a parameter's type says what it initialises.
     */
    Typed.Expr bracedPlaceholder(Ast.InitList il) {
        Typed.Expr e = new Typed.IntConst(CType.VOID, 0, il.span());
        bracedLists.put(e, new Ast.InitList(null, expandPacks(il.items()), il.span()));
        return e;
    }

    /**
     * {@code {…}} copy-list-initialising a temporary of class or array type t (an assignment's
     * right-hand side, an argument, a return value): aggregate initialisation, or a constructor
     * (one taking std::initializer_list first), as C++ does.
     */
    Typed.Expr listTemporary(Ast.InitList il, CType t) {
        Typed.Var tmp = newTemp(t, il.span());
        tmp.addressTaken = true;
        return initializer(new Ast.InitList(null, il.items(), il.span()), t, il.span(), tmp);
    }

    /** The class a braced-list argument would initialise for parameter type {@code to}, or null. */
    private CType.Record listTarget(Typed.Expr arg, CType to) {
        if (!bracedLists.containsKey(arg)) {
            return null;
        }
        if (to instanceof CType.Ref r && (r.constReferee() || r.rvalue())) {
            to = r.referee();
        }
        return to instanceof CType.Record rec && initializerListElement(rec) == null ? rec : null;
    }

    /**
     * Whether braced list {@code il} can copy-list-initialise a {@code rec}: an aggregate takes at
     * most one item per field, each converting; a class with constructors needs one that takes
     * std::initializer_list or one the items can be passed to.
     */
    private boolean listInitializes(Ast.InitList il, CType.Record rec) {
        List<Ast.Expr> items = il.items();
        int mark = diags.mark();
        int before = diags.errorCount();
        try {
            List<Typed.Expr> typed = new ArrayList<>();
            for (Ast.Expr item : items) {
                typed.add(expr(item));
            }
            if (diags.errorCount() != before) {
                return false;
            }
            if (rec.constructors.isEmpty()) {
                List<CType.Field> fields = new ArrayList<>();
                for (CType.Field f : rec.fields) {
                    if (!f.name().equals(Virtuals.VPTR)) {
                        fields.add(f);
                    }
                }
                if (typed.size() > fields.size() || !rec.bases.isEmpty()) {
                    return false;
                }
                for (int i = 0; i < typed.size(); i++) {
                    Typed.Expr a = typed.get(i);
                    CType ft = fields.get(i).type();
                    if (!(a.type() instanceof CType.Arr && ft instanceof CType.Arr) && conversionRank(a, ft) < 0) {
                        return false;
                    }
                }
                return true;
            }
            for (FunctionSym c : rec.constructors) {
                int skip = c.thisVar != null ? 1 : 0;
                if (!items.isEmpty() && c.params.size() > skip && initializerListElement(c.params.get(skip).type) != null) {
                    return true;
                }
                if (c.isTemplate) {
                    continue;
                }
                int n = c.params.size() - skip;
                if (typed.size() > n || typed.size() < n && c.defaults.get(skip + typed.size()) == null) {
                    continue;
                }
                boolean ok = true;
                for (int i = 0; i < typed.size() && ok; i++) {
                    ok = conversionRank(typed.get(i), c.params.get(skip + i).type) >= 0;
                }
                if (ok) {
                    return true;
                }
            }
            return false;
        } finally {
            diags.rollback(mark);
        }
    }

    /**
     * List-initialisation of a class: {@code V v = {1, 2, 3}}, {@code V v{…}}, {@code V{…}}. A
     * constructor taking std::initializer_list is preferred whenever the list is not empty (an
     * empty list uses the default constructor), as C++ specifies; otherwise the items are
     * constructor arguments.
     */
    Typed.Expr listConstruct(Typed.Var target, CType.Record rec, Ast.InitList il) {
        Span span = il.span();
        CType own = initializerListElement(rec);
        if (own != null) {
            return new Typed.Assign(new Typed.VarRef(target, span), rvalue(initializerList(il, own)), span);
        }
        List<Ast.Expr> items = expandPacks(il.items());
        boolean hasDefault = false;
        for (FunctionSym c : rec.constructors) {
            int skip = c.thisVar != null ? 1 : 0;
            hasDefault |= c.params.size() == skip || c.defaults.get(skip) != null;
        }
        if (!items.isEmpty() || !hasDefault) {
            for (FunctionSym c : rec.constructors) {
                int skip = c.thisVar != null ? 1 : 0;
                CType e = c.params.size() > skip ? initializerListElement(c.params.get(skip).type) : null;
                if (e != null && (c.params.size() == skip + 1 || c.defaults.get(skip + 1) != null)) {
                    Typed.Expr list = initializerList(new Ast.InitList(null, items, span), e);
                    return new Typed.Construct(target, c, callArgs(c, List.of(list), span, 1), span);
                }
            }
        }
        return construct(target, rec, items, span);
    }

    private Typed.Expr construct(Typed.Var target, CType.Record rec, List<Ast.Expr> args, Span span) {
        List<Typed.Expr> typedArgs = new ArrayList<>();
        for (Ast.Expr a : args) {
            typedArgs.add(expr(a));
        }
        if (typedArgs.size() == 1 && typedArgs.get(0).type() == rec && !declaresCopyOrMove(rec)) {
            return implicitCopy(target, typedArgs.get(0), rec, span); // dim3 g = dim3(grid()); dim3 b{other}
        }
        if (typedArgs.size() == 1 && typedArgs.get(0).type() instanceof CType.Record from && from != rec && derivesFrom(from, rec)
                && !declaresCopyOrMove(rec)) {
            // Shape s(circle): the implicit copy constructor copies the Circle's Shape part (a Shape's vptr)
            Typed.Expr value = convert(rvalue(typedArgs.get(0)), rec, span, "init");
            return new Typed.Comma(new Typed.Assign(new Typed.VarRef(target, span), value, span), new Typed.VarRef(target, span), span);
        }
        FunctionSym ctor = resolveOverload(rec.name, rec.constructors, typedArgs, span, true);
        if (ctor == null) {
            return zero(CType.INT, span);
        }
        return new Typed.Construct(target, ctor, callArgs(ctor, typedArgs, span, 1), span);
    }

    /** Whether a class declares its own copy or move constructor; otherwise it has the implicit ones. */
    static boolean declaresCopyOrMove(CType.Record rec) {
        for (FunctionSym f : rec.constructors) {
            if (!f.isTemplate && f.params.size() == 2 && f.params.get(1).type instanceof CType.Ref r && r.referee() == rec) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code target} initialised from {@code obj} of its own class by the implicit copy (move)
     * constructor, which is not among the declared ones a class with constructors lists: member
     * by member, each member copied by its own copy constructor (a std::string member).
     */
    Typed.Expr implicitCopy(Typed.Var target, Typed.Expr obj, CType.Record rec, Span span) {
        Typed.Expr copy = obj.lvalue() ? copyOf(obj, rec, span) : null;
        Typed.Expr value = copy != null ? copy : rvalue(obj);
        return new Typed.Comma(new Typed.Assign(new Typed.VarRef(target, span), value, span), new Typed.VarRef(target, span), span);
    }

    private Typed.Expr condition(Ast.Expr e) {
        return fullExpr(toBool(rvalue(expr(e)), e.span()), null);
    }

    private Typed.Expr toBool(Typed.Expr e, Span span) {
        if (e.type() instanceof CType.Int i && i.isBool()) {
            return e;
        }
        Typed.Expr viaOperator = Conversions.classToBool(this, e, span);
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
        // what each capture copies (or takes the address of): a local variable, or in a nested
        // lambda a capture of the enclosing one
        Map<String, Typed.Expr> captured = new LinkedHashMap<>();
        List<Boolean> byRef = new ArrayList<>();
        boolean defaultRef = false;
        boolean hasDefault = false;
        boolean captureThis = false;
        for (Ast.Capture c : l.captures()) {
            if (c.defaultCapture()) {
                hasDefault = true;
                defaultRef = c.byReference();
            } else if (c.name().equals("this")) {
                captureThis = true;
            } else {
                Typed.Expr source = captureSource(c.name(), l.span());
                if (source != null && !captured.containsKey(c.name())) {
                    captured.put(c.name(), source);
                    byRef.add(c.byReference());
                } else if (source == null) {
                    diags.error(l.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, c.name());
                }
            }
        }
        if (hasDefault) {
            java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
            AstNames.collect(l.body(), names);
            for (String n : names) {
                boolean param = false;
                for (Ast.Param p : l.params()) {
                    param |= n.equals(p.name());
                }
                Typed.Expr source = param || captured.containsKey(n) ? null : captureSource(n, l.span());
                if (source != null) {
                    captured.put(n, source);
                    byRef.add(defaultRef);
                }
            }
        }
        long offset = 0;
        int align = 1;
        int index = 0;
        for (Map.Entry<String, Typed.Expr> cap : captured.entrySet()) {
            int i = index++;
            CType vt = cap.getValue().type();
            CType ft = byRef.get(i) ? new CType.Ptr(vt, false) : vt;
            int a = CType.alignOf(ft);
            offset = (offset + a - 1) / a * a;
            rec.fields.add(new CType.Field(cap.getKey(), ft, offset, i));
            if (byRef.get(i)) {
                rec.referenceCaptures.add(cap.getKey());
            }
            offset += CType.sizeOf(ft);
            align = Math.max(align, a);
        }
        // [this], and [=] or [&] in a member function: the enclosing object's address, so that
        // its members are reachable by name in the body
        Typed.Expr outerThis = null;
        boolean inLambda = fn.owner != null && fn.owner.name.startsWith("lambda#");
        if ((captureThis || hasDefault) && fn.thisVar != null && (!inLambda || capturedThis(fn) != null)) {
            outerThis = expr(new Ast.This(l.span()));
            CType ft = outerThis.type();
            int a = CType.alignOf(ft);
            offset = (offset + a - 1) / a * a;
            CType.Field thisField = new CType.Field("this", ft, offset, rec.fields.size());
            rec.fields.add(thisField);
            offset += CType.sizeOf(ft);
            align = Math.max(align, a);
        } else if (captureThis) {
            diags.error(l.span(), DiagKey.ERR_UNDECLARED_IDENTIFIER, "this");
        }
        rec.size = Math.max(1, (offset + align - 1) / align * align);
        rec.align = align;
        rec.complete = true;

        // a generic lambda ([](const auto &a, auto b) {...}): operator() is a member template with
        // one invented type parameter per auto, instantiated for each call's argument types
        List<Ast.TemplateParam> invented = new ArrayList<>();
        List<Ast.Param> params = new ArrayList<>();
        for (Ast.Param p : l.params()) {
            String name = "auto#" + (invented.size() + 1);
            Ast.TypeNode t = inventParam(p.type(), name);
            if (t != p.type()) {
                boolean pack = t instanceof Ast.PackExpansionType;
                invented.add(new Ast.TemplateParam(name, true, null, null, pack, false, p.span()));
            }
            params.add(t == p.type() ? p : new Ast.Param(p.name(), t, p.defaultValue(), p.span()));
        }
        Ast.TypeNode result = l.result() != null || invented.isEmpty() ? l.result() : new Ast.AutoType(l.span());
        Ast.FunctionDecl decl = new Ast.FunctionDecl("operator()", result, params, false, Ast.Specs.NONE, invented, l.body(),
                rec.name, List.of(), true, l.span());
        FunctionSym op = new FunctionSym("operator()", l.span());
        op.decl = decl;
        op.owner = rec;
        op.space = fn.space == ExecutionSpace.KERNEL ? ExecutionSpace.DEVICE : fn.space;
        Scope closureScope = new Scope(fn.declScope != null ? fn.declScope : global);
        closureScope.names.putAll(fn.bindings);
        op.declScope = closureScope;
        op.bindings = fn.bindings;
        if (!invented.isEmpty()) {
            op.isTemplate = true;
            rec.methods.add(op);
            return closure(rec, captured, byRef, outerThis, l.span());
        }
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
        if (l.captures().isEmpty()) {
            functionPointerConversion(rec, op, l.span());
        }
        return closure(rec, captured, byRef, outerThis, l.span());
    }

    /**
     * A lambda without a capture converts to a pointer to function, as C++ defines it: the closure
     * class gets a conversion function returning the address of a static invoker, a function with
     * operator()'s parameters that calls operator() on a closure object of its own (the class has
     * no fields, so any object of it will do). A generic lambda's conversion template is not made.
     */
    private void functionPointerConversion(CType.Record rec, FunctionSym op, Span span) {
        FunctionSym invoker = new FunctionSym(op.name, span);
        invoker.space = op.space;
        Typed.Var self = new Typed.Var("closure#", rec, span, false, false, null);
        invoker.locals.add(self);
        Scope s = new Scope(op.declScope);
        s.names.put(self.name, self);
        invoker.declScope = s;
        List<Ast.Expr> args = new ArrayList<>();
        for (int i = 1; i < op.params.size(); i++) {
            Typed.Var p = op.params.get(i);
            Typed.Var q = new Typed.Var("arg#" + i, p.type, p.span, false, p.isConst, null);
            invoker.params.add(q);
            invoker.defaults.add(null);
            Ast.Expr a = new Ast.Name(q.name, List.of(), span);
            // an rvalue reference parameter is forwarded as the rvalue it was bound to
            args.add(p.type instanceof CType.Ref r && r.rvalue() ? new Ast.Call(new Ast.Name("std::move", List.of(), span), List.of(a), span) : a);
        }
        invoker.result = op.result;
        Ast.Expr call = new Ast.Call(new Ast.Member(new Ast.Name(self.name, List.of(), span), "operator()", false, span, List.of()), args, span);
        Ast.Stmt st = op.result instanceof CType.Void ? new Ast.ExprStmt(call, span) : new Ast.Return(call, span);
        invoker.decl = new Ast.FunctionDecl(invoker.name, null, List.of(), false, Ast.Specs.NONE, List.of(),
                new Ast.Compound(List.of(st), span), null, List.of(), false, span);
        invoker.irName = uniqueIrName(op.irName + ".invoke");
        functions.add(invoker);

        // both bodies are analysed only when the conversion is used, so that only lambdas that
        // become pointers join the functions a call through a pointer may reach
        CType.Ptr fp = new CType.Ptr(signatureOf(invoker), false);
        FunctionSym conv = new FunctionSym("operator " + fp, span);
        conv.owner = rec;
        conv.space = op.space;
        conv.thisVar = new Typed.Var("this", new CType.Ptr(rec, true), span, false, true, null);
        conv.params.add(conv.thisVar);
        conv.defaults.add(null);
        conv.result = fp;
        Scope cs = new Scope(op.declScope);
        cs.names.put("invoke#", new ArrayList<>(List.of(invoker)));
        conv.declScope = cs;
        conv.decl = new Ast.FunctionDecl(conv.name, null, List.of(), false, Ast.Specs.NONE, List.of(),
                new Ast.Compound(List.of(new Ast.Return(new Ast.Name("invoke#", List.of(), span), span)), span), rec.name, List.of(), true, span);
        conv.irName = uniqueIrName(op.irName + ".to_pointer");
        rec.methods.add(conv);
        functions.add(conv);
    }

    /**
     * The closure object: its fields initialised from the captured variables (their addresses for
     * by-reference captures) and, last, the enclosing object's address when it captures this.
     */
    private Typed.Expr closure(CType.Record rec, Map<String, Typed.Expr> captured, List<Boolean> byRef, Typed.Expr outerThis, Span span) {
        Typed.Var temp = newTemp(rec, span);
        List<Typed.Init> inits = new ArrayList<>();
        int i = 0;
        for (Typed.Expr ref : captured.values()) {
            Typed.Expr value = byRef.get(i) ? addressOf(ref, span) : rvalue(ref);
            inits.add(new Typed.Init(List.of(new Typed.Step(rec.fields.get(i), 0, rec.fields.get(i).type())), value));
            i++;
        }
        if (outerThis != null) {
            CType.Field f = rec.fields.get(captured.size());
            inits.add(new Typed.Init(List.of(new Typed.Step(f, 0, f.type())), outerThis));
        }
        return new Typed.Aggregate(temp, inits, span);
    }

    /**
     * The object a lambda capture named {@code name} refers to where the lambda is written: a
     * local variable or parameter, or a capture of the enclosing lambda; null for anything else
     * (globals and members are not captured).
     */
    private Typed.Expr captureSource(String name, Span span) {
        Object o = scope.lookup(name);
        if (o instanceof Typed.Var v && !v.isGlobal) {
            return new Typed.VarRef(v, span);
        }
        if (o instanceof CType.Field f && !f.name().equals("this") && fn.owner != null && fn.owner.name.startsWith("lambda#")
                && fn.owner.fields.contains(f)) {
            return expr(new Ast.Name(name, List.of(), span));
        }
        return null;
    }

    /** The field of a lambda's closure holding the enclosing object's address, or null when it captures no this. */
    static CType.Field capturedThis(FunctionSym f) {
        if (f == null || f.owner == null || !f.owner.name.startsWith("lambda#")) {
            return null;
        }
        CType.Field fld = f.owner.field("this");
        return fld != null && fld.type() instanceof CType.Ptr ? fld : null;
    }

    /** The initializer of an {@code auto} variable, whose type it takes: {@code auto x = T(e)} is {@code e} made a T. */
    private Typed.Expr autoInitializer(Ast.Expr init) {
        return rvalue(expr(init instanceof Ast.Construct c && c.args().size() == 1 ? c.args().get(0) : init));
    }

    /** The {@code auto} inside a parameter's type (auto, const auto &, auto *, …), or null. */
    private static Ast.AutoType autoIn(Ast.TypeNode t) {
        return switch (t) {
            case Ast.AutoType a -> a;
            case Ast.ConstType c -> autoIn(c.inner());
            case Ast.ReferenceType r -> autoIn(r.referee());
            case Ast.PointerType p -> autoIn(p.pointee());
            default -> null;
        };
    }

    /**
     * A lambda parameter's type with its {@code auto} replaced by the invented template parameter
     * {@code name} (auto, const auto &, auto &&, auto *, auto...), or {@code t} itself if it has none.
     */
    private static Ast.TypeNode inventParam(Ast.TypeNode t, String name) {
        return switch (t) {
            case Ast.AutoType a -> new Ast.NamedType(name, List.of(), a.span());
            case Ast.ConstType c -> inventParam(c.inner(), name) instanceof Ast.TypeNode i && i != c.inner() ? new Ast.ConstType(i, c.span()) : t;
            case Ast.ReferenceType r -> inventParam(r.referee(), name) instanceof Ast.TypeNode i && i != r.referee()
                    ? new Ast.ReferenceType(i, r.constReferee(), r.rvalue(), r.span()) : t;
            case Ast.PointerType p -> inventParam(p.pointee(), name) instanceof Ast.TypeNode i && i != p.pointee()
                    ? new Ast.PointerType(i, p.constPointee(), p.span()) : t;
            case Ast.PackExpansionType pe -> inventParam(pe.pattern(), name) instanceof Ast.TypeNode i && i != pe.pattern()
                    ? new Ast.PackExpansionType(i, pe.span()) : t;
            default -> t;
        };
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

    // ================================================================= namespace std, for StdNames

    /** Each nested class's enclosing class (a container's iterator: its container). */
    private final Map<CType.Record, CType.Record> enclosingRecord = new HashMap<>();

    /** Whether a class is a member of namespace std: declared there, an instance of std's template, or nested in such. */
    boolean inStd(CType.Record r) {
        for (int depth = 0; r != null && depth < 16; depth++, r = enclosingRecord.get(r)) {
            if (StdNames.isStd(r.namespace) || instanceOf.get(r) instanceof Instance in && StdNames.isStd(in.template().namespace)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code named} is a (direct or indirect) base class of {@code r} or its template. */
    boolean isBaseName(CType.Record r, Object named) {
        for (CType.Base b : r.bases) {
            if (b.record() == named || instanceOf.get(b.record()) instanceof Instance in && in.template() == named || isBaseName(b.record(), named)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether argument-dependent lookup could look in std for a call with this argument: its type
     * involves a class of std, or it is computed from one (v.begin() is a plain pointer in webcu's
     * vector, a class of std in libstdc++'s).
     */
    boolean stdAssociated(Typed.Expr e) {
        return stdAssociated(e, 0);
    }

    private boolean stdAssociated(Typed.Expr e, int depth) {
        if (e == null || depth > 8) {
            return false;
        }
        if (stdAssociatedType(e.type(), 0)) {
            return true;
        }
        return switch (e) {
            case Typed.Call c -> c.function().inStd || c.function().owner != null && inStd(c.function().owner)
                    || c.args().stream().anyMatch(a -> stdAssociated(a, depth + 1));
            case Typed.Load l -> stdAssociated(l.operand(), depth + 1);
            case Typed.Convert c -> stdAssociated(c.operand(), depth + 1);
            case Typed.Decay d -> stdAssociated(d.array(), depth + 1);
            case Typed.Deref d -> stdAssociated(d.pointer(), depth + 1);
            case Typed.AddressOf a -> stdAssociated(a.operand(), depth + 1);
            case Typed.Member m -> stdAssociated(m.base(), depth + 1);
            case Typed.PtrArith p -> stdAssociated(p.pointer(), depth + 1);
            case Typed.Unary u -> stdAssociated(u.operand(), depth + 1);
            case Typed.Comma c -> stdAssociated(c.right(), depth + 1);
            default -> false;
        };
    }

    private boolean stdAssociatedType(CType t, int depth) {
        while (t instanceof CType.Ref || t instanceof CType.Ptr || t instanceof CType.Arr) {
            t = t instanceof CType.Ref r ? r.referee() : t instanceof CType.Ptr p ? p.pointee() : ((CType.Arr) t).element();
        }
        if (!(t instanceof CType.Record r) || depth > 4) {
            return false;
        }
        if (inStd(r)) {
            return true;
        }
        if (instanceOf.get(r) instanceof Instance in) {
            for (Object a : in.args()) {
                if (a instanceof CType c && stdAssociatedType(c, depth + 1)) {
                    return true; // associated namespaces include those of template arguments
                }
            }
        }
        return false;
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

    /**
     * The address that a reference of type {@code r} binds to when initialised from {@code a} (an
     * argument, a variable's initializer, a returned value): the object itself, its base
     * subobject, or a temporary for a const or rvalue reference; a non-const lvalue reference to a
     * temporary or to another type is an error, as in C++.
     */
    Typed.Expr bindReference(CType.Ref r, Typed.Expr a, String context) {
        boolean same = sameType(a.type(), r.referee());
        if (!same && a.lvalue() && a.type() instanceof CType.Record ar && r.referee() instanceof CType.Record br && derivesFrom(ar, br)) {
            return shift(addressOf(a, a.span()), baseOffset(ar, br), new CType.Ptr(br, r.constReferee()), a.span());
        }
        if (!same && (r.constReferee() || r.rvalue()) && r.referee() instanceof CType.Record rec && !rec.constructors.isEmpty()
                && !(a.type() instanceof CType.Record ar && derivesFrom(ar, rec))) {
            // const std::string & from "text": a temporary made by the converting constructor
            Typed.Var tmp = newTemp(rec, a.span());
            tmp.addressTaken = true;
            FunctionSym ctor = resolveOverload(rec.name, rec.constructors, List.of(a), a.span(), true);
            return addressOf(ctor == null ? a : new Typed.Construct(tmp, ctor, callArgs(ctor, List.of(a), a.span(), 1), a.span()), a.span());
        }
        // T&& binds a temporary as const T& does (and, leniently, an lvalue as std::move would give it)
        if (!r.constReferee() && !r.rvalue() && (!same || !a.lvalue())) {
            diags.error(a.span(), DiagKey.ERR_REFERENCE_BIND, r.referee(),
                    same ? "a temporary" : "a value of unrelated type '" + a.type() + "'");
            Typed.Var tmp = newTemp(r.referee(), a.span());
            return addressOf(new Typed.VarRef(tmp, a.span()), a.span());
        }
        return addressOf(!same ? convert(rvalue(a), r.referee(), a.span(), context) : a, a.span());
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

    private final java.util.Set<Scope> cUnits = new java.util.HashSet<>();
    private final List<Scope> unitScopes = new ArrayList<>();

    /** Whether the code being analysed is C (a .c file): C converts void * to any object pointer implicitly. */
    boolean inC() {
        if (cUnits.isEmpty()) {
            return false;
        }
        for (Scope s = scope; s != null; s = s.parent) {
            if (cUnits.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A C call of a function not declared before it (gcc warns, C89 allowed it): the function of
     * that name defined in the same file, or with external linkage in another, or null.
     */
    Object implicitDeclaration(String name, Span span) {
        List<FunctionSym> found = new ArrayList<>();
        for (Scope unit : unitScopes) {
            if (unit.names.get(name) instanceof List<?> set) {
                for (Object o : set) {
                    FunctionSym f = (FunctionSym) o;
                    boolean visible = f.declScope == unit && inUnit(unit) || !f.decl.specs().isStatic();
                    if (f.decl != null && f.decl.body() != null && visible && !found.contains(f)) {
                        found.add(f);
                    }
                }
            }
        }
        if (found.size() != 1) {
            return null;
        }
        diags.warning(span, DiagKey.WARN_IMPLICIT_FUNCTION, name);
        return found;
    }

    private boolean inUnit(Scope unit) {
        for (Scope s = scope; s != null; s = s.parent) {
            if (s == unit) {
                return true;
            }
        }
        return false;
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
                        || pf.pointee() instanceof CType.Void && inC()
                        || pf.pointee() instanceof CType.Record rf && pt.pointee() instanceof CType.Record && derivesFrom(rf, (CType.Record) pt.pointee());
                if (ok && pf.constPointee() && !pt.constPointee()) {
                    ok = false;
                }
                if (ok && pf.pointee() instanceof CType.Record rf && pt.pointee() instanceof CType.Record rt && rf != rt) {
                    return upcast(e, rf, rt, span);
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
        if (to instanceof CType.Record tr && from instanceof CType.Record fr && derivesFrom(fr, tr)) {
            return slice(e, fr, tr, span);
        }
        Typed.Expr converted = Conversions.userConversion(this, e, to, span);
        if (converted != null) {
            return convert(rvalue(converted), to, span, context);
        }
        diags.error(span, context.equals("assign") ? DiagKey.ERR_INCOMPATIBLE_ASSIGN : DiagKey.ERR_INCOMPATIBLE, to, from);
        return zero(to instanceof CType.Record ? CType.INT : to, span);
    }

    static boolean derivesFrom(CType.Record a, CType.Record b) {
        return baseOffset(a, b) >= 0;
    }

    /** Where base class {@code b}'s subobject lies in an {@code a} (0 when they are the same class), -1 if b is not a base of a. */
    static long baseOffset(CType.Record a, CType.Record b) {
        if (a == b) {
            return 0;
        }
        for (CType.Base x : a.bases) {
            long o = baseOffset(x.record(), b);
            if (o >= 0) {
                return x.offset() + o;
            }
        }
        return -1;
    }

    /**
     * A derived object's value as a base object (Base b = derived;): the base part copied, and for
     * a polymorphic base the copy is a base object, so its vptr says so.
     */
    private Typed.Expr slice(Typed.Expr e, CType.Record from, CType.Record to, Span span) {
        Typed.Expr place = e instanceof Typed.Load l ? l.operand() : null;
        if (place == null || !place.lvalue()) {
            Typed.Var t = newTemp(from, span);
            t.addressTaken = true;
            place = new Typed.Assign(new Typed.VarRef(t, span), e, span);
        }
        Typed.Expr part = load(new Typed.Deref(upcast(addressOf(place, span), from, to, span), to, span));
        if (!to.isPolymorphic()) {
            return part;
        }
        Typed.Var copy = newTemp(to, span);
        copy.addressTaken = true;
        Typed.Expr result = load(new Typed.VarRef(copy, span));
        for (CType.Field f : to.fields) {
            if (f.name().equals(Virtuals.VPTR)) {
                Typed.Expr id = new Typed.Assign(new Typed.Member(new Typed.VarRef(copy, span), f, span), new Typed.IntConst(CType.ULONG, to.classId, span), span);
                result = new Typed.Comma(id, result, span);
            }
        }
        return new Typed.Comma(new Typed.Assign(new Typed.VarRef(copy, span), part, span), result, span);
    }

    /** {@code ptr} as the this pointer of member function {@code f}, which may belong to a base class of what ptr points to. */
    Typed.Expr thisArg(FunctionSym f, Typed.Expr ptr, Span span) {
        if (ptr.type() instanceof CType.Ptr p && p.pointee() instanceof CType.Record r && f.owner != null && f.owner != r && derivesFrom(r, f.owner)) {
            return upcast(ptr, r, f.owner, span);
        }
        return ptr;
    }

    /** A pointer to a {@code from} converted to a pointer to its base {@code to}: the address of the base subobject. */
    Typed.Expr upcast(Typed.Expr ptr, CType.Record from, CType.Record to, Span span) {
        boolean constPointee = ptr.type() instanceof CType.Ptr p && p.constPointee();
        return shift(ptr, baseOffset(from, to), new CType.Ptr(to, constPointee), span);
    }

    /** {@code ptr} moved by {@code bytes} and converted to {@code to}. */
    static Typed.Expr shift(Typed.Expr ptr, long bytes, CType to, Span span) {
        if (bytes == 0) {
            return new Typed.Convert(ptr, to, span);
        }
        CType bytePtr = new CType.Ptr(CType.CHAR, false);
        Typed.Expr moved = new Typed.PtrArith("+", new Typed.Convert(ptr, bytePtr, span), new Typed.IntConst(CType.LONG, bytes, span), bytePtr, span);
        return new Typed.Convert(moved, to, span);
    }

    /** How well an argument converts to a parameter: 0 exact, 1 promotion, 2 conversion, -1 not at all. */
    int conversionRank(Typed.Expr arg, CType to) {
        return conversionRank(arg, to, true);
    }

    /** C++ allows one user-defined conversion in an implicit conversion sequence, hence the flag. */
    private int conversionRank(Typed.Expr arg, CType to, boolean userConversion) {
        CType from = arg.type();
        if (bracedLists.containsKey(arg) && initializerListElement(to) instanceof CType e && !sameType(e, initializerListElement(from))) {
            // {1, 2} for a std::initializer_list<double>: each item converts
            return 1;
        }
        if (listTarget(arg, to) instanceof CType.Record rec) {
            // v.push_back({1, 2}): copy-list-initialisation of the parameter's class, a user-defined conversion
            return userConversion && listInitializes(bracedLists.get(arg), rec) ? 3 : -1;
        }
        if (bracedLists.containsKey(arg) && from instanceof CType.Void) {
            return -1;
        }
        if (to instanceof CType.Ref r) {
            if (sameType(from, r.referee())) {
                return arg.lvalue() || r.constReferee() || r.rvalue() ? 0 : -1;
            }
            if (from instanceof CType.Record fr && r.referee() instanceof CType.Record rr && derivesFrom(fr, rr) && (arg.lvalue() || r.constReferee())) {
                return 2; // a derived object binds to a reference to its base
            }
            return r.constReferee() || r.rvalue() ? conversionRank(arg, r.referee(), userConversion) : -1;
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
            if (userConversion && Conversions.conversionFunction(from, to) instanceof FunctionSym conversion) {
                return conversion.result.equals(to) ? 3 : 4; // operator T *()
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
        if (from instanceof CType.Record fr && to instanceof CType.Record tr && derivesFrom(fr, tr)) {
            return 2; // a derived object passed by value slices to its base (iterator tags dispatch this way)
        }
        FunctionSym conversion = userConversion ? Conversions.conversionFunction(from, to) : null;
        if (conversion != null) {
            // conversion function (operator float()); its result then converts further, which ranks below an exact result
            return conversion.result.equals(to) ? 3 : 4;
        }
        if (to instanceof CType.Record rec && from != rec && userConversion && convertingConstructor(arg, rec) != null) {
            return 3;
        }
        return -1;
    }

    /**
     * A constructor of {@code rec} that converts {@code arg} implicitly: one argument, not
     * explicit; a constructor template is deduced for it ({@code template <class U>
     * unique_ptr(unique_ptr<U> &&)} takes a unique_ptr<Derived> for a unique_ptr<Base>).
     */
    private FunctionSym convertingConstructor(Typed.Expr arg, CType.Record rec) {
        for (FunctionSym c : rec.constructors) {
            if (c.decl != null && c.decl.specs().isExplicit()) {
                continue;
            }
            FunctionSym f = c;
            if (c.isTemplate) {
                if (!arityFits(c.decl, 1)) {
                    continue;
                }
                int mark = diags.mark();
                f = deduce(c, List.of(arg), List.of(), arg.span());
                diags.rollback(mark);
                if (f == null) {
                    continue;
                }
            }
            if (f.params.size() >= 2 && conversionRank(arg, f.params.get(1).type, false) >= 0 && (f.params.size() == 2 || f.defaults.get(2) != null)) {
                return f;
            }
        }
        return null;
    }

    /** {@code arg} converted to a {@code rec} temporary by the constructor that converts it implicitly, or null when none does. */
    private Typed.Expr convertByConstructor(Typed.Expr arg, CType.Record rec, Span span) {
        if (convertingConstructor(arg, rec) == null) {
            return null;
        }
        Typed.Var tmp = newTemp(rec, span);
        tmp.addressTaken = true;
        FunctionSym ctor = resolveOverload(rec.name, rec.constructors, List.of(arg), span, true);
        return ctor == null ? null : load(new Typed.Construct(tmp, ctor, callArgs(ctor, List.of(arg), span, 1), span));
    }

    /** Picks the best viable function for the arguments, reporting clang's "no matching function" otherwise. */
    static boolean arityFits(Ast.FunctionDecl d, int args) {
        int required = 0;
        boolean pack = false;
        for (Ast.Param p : d.params()) {
            if (p.type() instanceof Ast.PackExpansionType) {
                pack = true; // Args... args takes any number of arguments, none included
            } else if (p.defaultValue() == null) {
                required++;
            }
        }
        return args >= required && (args <= d.params().size() || d.variadic() || pack);
    }

    FunctionSym resolveOverload(String name, List<FunctionSym> candidates, List<Typed.Expr> args, Span span, boolean isMethod) {
        return resolveOverload(name, candidates, args, span, isMethod, List.of());
    }

    /** As above, with explicit template arguments ({@code obj.as<int>()}): only templates are candidates then. */
    FunctionSym resolveOverload(String name, List<FunctionSym> candidates, List<Typed.Expr> args, Span span, boolean isMethod,
                                List<Ast.TemplateArg> explicit) {
        return resolveOverload(name, candidates, args, span, isMethod, explicit, null);
    }

    /**
     * As above for a member call on {@code object} (null when there is none): its constness
     * ranks the implicit object parameter, so m(r, c) on a const Matrix picks the const
     * operator() and on a non-const one the non-const overload, as C++ does.
     */
    FunctionSym resolveOverload(String name, List<FunctionSym> candidates, List<Typed.Expr> args, Span span, boolean isMethod,
                                List<Ast.TemplateArg> explicit, Typed.Expr object) {
        if (object != null && isConstObject(object)) {
            // a non-const member function cannot take a const object: choose among the others
            // first, and fall back on them all only where none fits (see objectRank)
            List<FunctionSym> constOnes = new ArrayList<>();
            for (FunctionSym c : candidates) {
                if (c.isTemplate ? c.decl.constMethod() || c.decl.specs().isStatic() : c.thisVar == null || objectRank(object, c) < 3) {
                    constOnes.add(c);
                }
            }
            if (!constOnes.isEmpty() && constOnes.size() < candidates.size()) {
                int mark = diags.mark();
                int errors = diags.errorCount();
                FunctionSym f = resolveOverload(name, constOnes, args, span, isMethod, explicit, null);
                if (f != null && diags.errorCount() == errors) {
                    return f;
                }
                diags.rollback(mark);
            }
        }
        FunctionSym best = null;
        int[] bestRanks = null;
        boolean ambiguous = false;
        List<FunctionSym> expanded = new ArrayList<>();
        // why each candidate is not viable, by the candidate (a template, not its instance), for the notes
        Map<FunctionSym, Diagnostic> notViable = new java.util.IdentityHashMap<>();
        Map<FunctionSym, FunctionSym> templateOf = new java.util.IdentityHashMap<>();
        for (FunctionSym c : candidates) {
            if (!explicit.isEmpty() && !c.isTemplate) {
                continue;
            }
            if (c.isTemplate && !arityFits(c.decl, args.size())) {
                // instantiating it would analyse a body that can never be called here (and
                // report its errors): sort(first, last) must not be looked at for sort(f, l, comp)
                notViable.put(c, Diagnostics.note(c.span, DiagKey.NOTE_CANDIDATE_TEMPLATE, arityReason(c.decl, args.size())));
                continue;
            }
            if (c.isTemplate) {
                FunctionSym inst = deduce(c, args, explicit, span);
                if (inst != null) {
                    expanded.add(inst);
                    templateOf.put(inst, c);
                } else {
                    notViable.put(c, Diagnostics.note(c.span, DiagKey.NOTE_CANDIDATE_IGNORED, "could not match its parameters against the arguments"));
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
                notViable.put(templateOf.getOrDefault(c, c), Diagnostics.note(c.span, DiagKey.NOTE_CANDIDATE, reason));
                continue;
            }
            int[] ranks = new int[args.size() + 1];
            ranks[args.size()] = object != null && c.thisVar != null ? objectRank(object, c) : 0;
            boolean viable = true;
            for (int i = 0; i < args.size(); i++) {
                if (i < n) {
                    ranks[i] = conversionRank(args.get(i), c.params.get(i + skip).type);
                    if (ranks[i] < 0) {
                        viable = false;
                        reason = bracedLists.containsKey(args.get(i))
                                ? "cannot convert initializer list argument to '" + c.params.get(i + skip).type + "'"
                                : "no known conversion from '" + args.get(i).type() + "' to '" + c.params.get(i + skip).type + "' for " + ordinal(i + 1) + " argument";
                        notViable.put(templateOf.getOrDefault(c, c), Diagnostics.note(c.span, DiagKey.NOTE_CANDIDATE, reason));
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
            if (cmp == 0 && ranks[args.size()] != bestRanks[args.size()]) {
                // the arguments prefer one, the object the other: g++ takes the arguments' choice
                // (with a warning that ISO C++ calls it ambiguous)
                cmp = compareRanks(java.util.Arrays.copyOf(ranks, args.size()), java.util.Arrays.copyOf(bestRanks, args.size()));
            }
            if (cmp == 0) {
                cmp = compareReferenceBindings(c, best, args);
            }
            if (cmp == 0 && best.inStd != c.inStd) {
                // std names are visible unqualified in webcu; C++ would see only the program's own
                // swap or max here (std's needs std:: or using), so the program's wins
                if (!c.inStd) {
                    best = c;
                    bestRanks = ranks;
                }
                continue;
            }
            if (cmp < 0 || cmp == 0 && best.isTemplateInstance() && !c.isTemplateInstance()
                    || cmp == 0 && c.isTemplateInstance() && best.isTemplateInstance() && moreSpecialized(c, best)) {
                best = c;
                bestRanks = ranks;
                ambiguous = false;
            } else if (cmp == 0 && !(c.isTemplateInstance() && !best.isTemplateInstance()) && !moreSpecialized(best, c)) {
                ambiguous = true;
            }
        }
        if (best == null) {
            Diagnostic d = diags.error(span, DiagKey.ERR_NO_MATCHING_FUNCTION, name);
            diags.replaceLast(withCandidateNotes(d, candidates, notViable));
            return null;
        }
        if (ambiguous) {
            diags.error(span, DiagKey.ERR_NO_MATCHING_FUNCTION, name + "' (ambiguous) '" + name);
        }
        return best;
    }

    private int overloadErrors;

    /**
     * A no-matching-function error with a note for each candidate, in declaration order, saying why
     * it is not viable. As clang's default -fshow-overloads=best: up to 32 notes for the first such
     * error of a compilation and 4 for each later one, then how many were left out.
     */
    private Diagnostic withCandidateNotes(Diagnostic d, List<FunctionSym> candidates, Map<FunctionSym, Diagnostic> notViable) {
        int limit = overloadErrors++ == 0 ? 32 : 4;
        int shown = 0;
        int omitted = 0;
        java.util.Set<FunctionSym> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (FunctionSym c : candidates) {
            Diagnostic note = notViable.get(c);
            if (note == null || !seen.add(c)) {
                continue;
            }
            if (shown < limit) {
                d = d.withNote(note);
                shown++;
            } else {
                omitted++;
            }
        }
        if (omitted > 0) {
            d = d.withNote(Diagnostics.note(Span.NONE, DiagKey.NOTE_CANDIDATES_OMITTED, omitted, omitted == 1 ? "" : "s"));
        }
        return d;
    }

    /** Why a function template cannot take {@code args} arguments, in clang's words. */
    private static String arityReason(Ast.FunctionDecl d, int args) {
        int n = 0;
        int required = 0;
        boolean pack = false;
        for (Ast.Param p : d.params()) {
            if (p.type() instanceof Ast.PackExpansionType) {
                pack = true;
                continue;
            }
            n++;
            if (p.defaultValue() == null) {
                required = n;
            }
        }
        boolean atLeast = pack || required < n && args < required;
        int shown = args > n && !pack ? n : required;
        String qualifier = atLeast ? "at least " : args > n && required < n ? "at most " : "";
        return "requires " + qualifier + shown + " argument" + (shown == 1 ? "" : "s") + ", but " + args + " " + (args == 1 ? "was" : "were") + " provided";
    }

    /**
     * How well {@code object} binds to the implicit object parameter of member function {@code f}:
     * an exact match, or adding const (a const member function on a non-const object). A
     * non-const member function on a const object ranks last rather than failing: webcu does not
     * track the constness of every object expression (fields of const objects, for one), so it
     * decides only between overloads.
     */
    static int objectRank(Typed.Expr object, FunctionSym f) {
        boolean constMethod = f.thisVar.type instanceof CType.Ptr p && p.constPointee();
        boolean constObject = isConstObject(object);
        return constMethod == constObject ? 0 : constMethod ? 1 : 3;
    }

    /** Whether an lvalue names a const object: a const variable, through a const reference or pointer, or a member of one. */
    static boolean isConstObject(Typed.Expr e) {
        return switch (e) {
            case Typed.VarRef v -> v.var().type instanceof CType.Ref r ? r.constReferee() : v.var().isConst;
            case Typed.Deref d -> d.pointer().type() instanceof CType.Ptr p && p.constPointee();
            case Typed.Member m -> !(m.field().type() instanceof CType.Ref) && isConstObject(m.base());
            default -> false;
        };
    }

    /**
     * Of two equally ranked reference bindings, an rvalue binds to {@code T&&} and an lvalue to
     * {@code T&} / {@code const T&} ([over.ics.rank] 3.2.3: a copy constructor for a named object, the
     * move constructor for a temporary or std::move), else the one to the less const-qualified type
     * wins: std::begin(v) on a non-const vector calls begin(C &), not begin(const C &).
     */
    private int compareReferenceBindings(FunctionSym a, FunctionSym b, List<Typed.Expr> callArgs) {
        int skipA = a.thisVar != null ? 1 : 0;
        int skipB = b.thisVar != null ? 1 : 0;
        boolean better = false;
        boolean worse = false;
        for (int i = 0; i < callArgs.size() && i + skipA < a.params.size() && i + skipB < b.params.size(); i++) {
            if (!(a.params.get(i + skipA).type instanceof CType.Ref ra && b.params.get(i + skipB).type instanceof CType.Ref rb
                    && sameType(ra.referee(), rb.referee()))) {
                continue;
            }
            if (ra.rvalue() != rb.rvalue()) {
                if (ra.rvalue() == isRvalue(callArgs.get(i))) {
                    better = true;
                } else {
                    worse = true;
                }
            } else if (ra.constReferee() != rb.constReferee()) {
                if (rb.constReferee()) {
                    better = true;
                } else {
                    worse = true;
                }
            }
        }
        return better && !worse ? -1 : worse && !better ? 1 : 0;
    }

    /**
     * Whether an expression is an rvalue (a prvalue or an xvalue) in C++'s sense, though webcu
     * models temporaries as objects: a constructed or returned object, a call returning
     * {@code T&&} (std::move), a member of one of those, or a plain value.
     */
    boolean isRvalue(Typed.Expr e) {
        return switch (e) {
            case Typed.Construct c -> true;
            case Typed.Aggregate a -> true;
            case Typed.Deref d -> xvalues.contains(d) || d.pointer() instanceof Typed.Call c && c.function().result instanceof CType.Ref r && r.rvalue()
                    || d.pointer() instanceof Typed.CallIndirect ci && ci.signature().result() instanceof CType.Ref r2 && r2.rvalue();
            case Typed.Member m -> isRvalue(m.base());
            case Typed.Comma c -> isRvalue(c.right());
            case Typed.Conditional c -> c.lvalue() ? isRvalue(c.ifTrue()) && isRvalue(c.ifFalse()) : true;
            default -> !e.lvalue();
        };
    }

    /**
     * Partial ordering of function templates, in its commonest case: a template without a
     * function parameter pack is more specialized than one with it (print(T) beats print(T, Rest...)).
     */
    /**
     * Partial ordering of two function template instances, as far as webcu takes it: one without a
     * function parameter pack beats one with; else one whose parameters are each at least as
     * specific (a bare T& is the least: swap(tuple<T...> &, tuple<T...> &) beats swap(T &, T &)).
     */
    private static boolean moreSpecialized(FunctionSym a, FunctionSym b) {
        if (a.paramPacks.isEmpty() != b.paramPacks.isEmpty()) {
            return a.paramPacks.isEmpty();
        }
        if (a.decl == null || b.decl == null) {
            return false;
        }
        List<Ast.Param> pa = a.decl.params();
        List<Ast.Param> pb = b.decl.params();
        boolean strictly = false;
        for (int i = 0; i < Math.min(pa.size(), pb.size()); i++) {
            int sa = specificity(pa.get(i).type(), a.decl.templateParams());
            int sb = specificity(pb.get(i).type(), b.decl.templateParams());
            if (sa < sb) {
                return false;
            }
            strictly |= sa > sb;
        }
        return strictly;
    }

    /** 0 for a parameter that is just a template type parameter (T, const T &, T &&), 1 for anything with more shape. */
    private static int specificity(Ast.TypeNode t, List<Ast.TemplateParam> tps) {
        while (t instanceof Ast.ConstType || t instanceof Ast.ReferenceType) {
            t = t instanceof Ast.ConstType c ? c.inner() : ((Ast.ReferenceType) t).referee();
        }
        if (t instanceof Ast.NamedType nt && nt.args().isEmpty()) {
            for (Ast.TemplateParam tp : tps) {
                if (tp.isType() && tp.name().equals(nt.name())) {
                    return 0;
                }
            }
        }
        return 1;
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

    /** Where the function template being deduced was declared: its parameter types' names mean what they mean there. */
    private Scope deductionScope;

    FunctionSym deduce(FunctionSym t, List<Typed.Expr> args, List<Ast.TemplateArg> explicit, Span span) {
        Scope save = deductionScope;
        deductionScope = t.declScope;
        try {
            return deduceIn(t, args, explicit, span);
        } finally {
            deductionScope = save;
        }
    }

    private FunctionSym deduceIn(FunctionSym t, List<Typed.Expr> args, List<Ast.TemplateArg> explicit, Span span) {
        Ast.FunctionDecl d = t.decl;
        Map<String, Object> bound = new LinkedHashMap<>();
        List<Ast.TemplateParam> tps = d.templateParams();
        explicit = expandTemplateArgs(explicit, scope);
        for (int i = 0, ti = 0; i < explicit.size(); i++, ti++) {
            if (ti >= tps.size()) {
                return null;
            }
            Ast.TemplateParam tp = tps.get(ti);
            if (tp.pack()) {
                // f<int, float>(…) with template <class... Ts>: the rest of the arguments form the pack
                List<Object> elements = new ArrayList<>();
                for (; i < explicit.size(); i++) {
                    Object v = bindExplicit(tp, explicit.get(i));
                    if (v == null) {
                        return null;
                    }
                    elements.add(v);
                }
                bound.put(tp.name(), new Packs.Pack(elements));
                break;
            }
            Object v = bindExplicit(tp, explicit.get(i));
            if (v == null) {
                return null;
            }
            bound.put(tp.name(), v);
        }
        List<Ast.Param> ps = d.params();
        for (int i = 0; i < ps.size(); i++) {
            if (ps.get(i).type() instanceof Ast.PackExpansionType pe) {
                // the trailing function parameter pack takes the remaining arguments, one element each
                Map<String, List<Object>> elements = new LinkedHashMap<>();
                for (Ast.TemplateParam tp : tps) {
                    if (tp.pack() && !bound.containsKey(tp.name())) {
                        elements.put(tp.name(), new ArrayList<>());
                    }
                }
                for (int j = i; j < args.size(); j++) {
                    Map<String, Object> b = new LinkedHashMap<>(bound);
                    if (!matchParam(pe.pattern(), args.get(j), tps, b)) {
                        return null;
                    }
                    for (Map.Entry<String, List<Object>> el : elements.entrySet()) {
                        Object v = b.get(el.getKey());
                        if (v == null) {
                            return null;
                        }
                        el.getValue().add(v);
                    }
                }
                for (Map.Entry<String, List<Object>> el : elements.entrySet()) {
                    bound.put(el.getKey(), new Packs.Pack(el.getValue()));
                }
                break;
            }
            if (i >= args.size()) {
                break;
            }
            if (!matchParam(ps.get(i).type(), args.get(i), tps, bound)) {
                return null;
            }
        }
        for (Ast.TemplateParam tp : tps) {
            if (!bound.containsKey(tp.name())) {
                if (tp.pack()) {
                    bound.put(tp.name(), new Packs.Pack(List.of()));
                    continue;
                }
                if (tp.defaultArg() == null) {
                    return null;
                }
                Scope ds = new Scope(t.declScope);
                ds.names.putAll(bound);
                int mark = diags.mark();
                int errors = diags.errorCount();
                if (!tp.isType() && tp.valueType() != null) {
                    // typename enable_if<cond, int>::type = 0: the parameter's type may fail to exist
                    resolveType(tp.valueType(), ds);
                }
                Object v = diags.errorCount() == errors ? bindArg(tp, tp.defaultArg(), ds) : null;
                if (diags.errorCount() != errors) {
                    diags.rollback(mark);
                    return null;
                }
                bound.put(tp.name(), v);
            }
        }
        return instantiate(t, bound);
    }

    /**
     * An explicit template argument for a function template's parameter, or null when it is of
     * the wrong kind (get<int> for template <size_t I>, get<0> for template <class T>): that
     * template is then no candidate, as overloaded std::get needs.
     */
    private Object bindExplicit(Ast.TemplateParam tp, Ast.TemplateArg arg) {
        if (tp.isType() && !tp.isTemplate() && arg.type() == null
                && !(arg.value() instanceof Ast.Name nm && lookupQualified(scope, nm.name()) instanceof CType)) {
            return null;
        }
        int mark = diags.mark();
        int errors = diags.errorCount();
        Object v = bindArg(tp, arg, scope);
        if (diags.errorCount() != errors) {
            diags.rollback(mark);
            return null;
        }
        return v;
    }

    /**
     * Deduction from one argument. A forwarding reference ({@code T&&} with T a parameter of the
     * template) deduces {@code A&} from an lvalue, so that reference collapsing gives the
     * parameter type {@code A&}, and {@code A} from an rvalue.
     */
    private boolean matchParam(TypeNode pattern, Typed.Expr arg, List<Ast.TemplateParam> tps, Map<String, Object> bound) {
        if (pattern instanceof Ast.ReferenceType r && r.rvalue() && !r.constReferee() && r.referee() instanceof Ast.NamedType n && n.args().isEmpty()) {
            for (Ast.TemplateParam tp : tps) {
                if (tp.isType() && tp.name().equals(n.name())) {
                    CType a = arg.type() instanceof CType.Ref ar ? ar.referee() : arg.type();
                    bound.putIfAbsent(tp.name(), arg.lvalue() ? new CType.Ref(a, false) : a);
                    return true;
                }
            }
        }
        return match(pattern, arg.type(), tps, bound);
    }

    /**
     * Binds {@code template <> R f<args>(…)} to the function template it specializes: its arguments
     * are the explicit ones, then those deduced from the whole function type (the result too, as in
     * {@code template <> __device__ int2 init(int)}). The specialization becomes the template's
     * instance for those arguments, so calls that deduce them call it.
     */
    private FunctionSym specializeFunction(FunctionSym spec, Scope s) {
        Ast.FunctionDecl f = spec.decl;
        Object o = spec.owner != null ? spec.owner.methods : lookupQualified(s, f.name());
        if (o instanceof List<?> set) {
            for (Object x : set) {
                FunctionSym t = (FunctionSym) x;
                if (!t.isTemplate || !t.name.equals(f.name()) || t.decl.params().size() != f.params().size()) {
                    continue;
                }
                if (t.decl.specs().isStatic() && spec.thisVar != null) {
                    // template <> R Class::f<args>(…) of a static member template: 'static' is not repeated outside
                    spec.params.remove(0);
                    spec.defaults.remove(0);
                    spec.thisVar = null;
                }
                List<Ast.TemplateParam> tps = t.decl.templateParams();
                Map<String, Object> bound = new LinkedHashMap<>();
                for (int i = 0; i < f.specializationArgs().size() && i < tps.size(); i++) {
                    bound.put(tps.get(i).name(), bindArg(tps.get(i), f.specializationArgs().get(i), s));
                }
                if (t.decl.result() != null) {
                    matchExact(t.decl.result(), spec.result, tps, bound, t.declScope);
                }
                for (int i = 0; i < f.params().size(); i++) {
                    matchExact(t.decl.params().get(i).type(), spec.params.get(i).type, tps, bound, t.declScope);
                }
                boolean complete = true;
                for (Ast.TemplateParam tp : tps) {
                    if (!bound.containsKey(tp.name())) {
                        if (tp.defaultArg() == null) {
                            complete = false;
                            break;
                        }
                        bound.put(tp.name(), bindArg(tp, tp.defaultArg(), t.declScope));
                    }
                }
                if (!complete) {
                    continue;
                }
                // the template's signature with these arguments must be the specialization's
                FunctionSym probe = new FunctionSym(t.name, t.span);
                probe.decl = t.decl;
                probe.owner = t.owner;
                Scope ps = new Scope(t.declScope);
                ps.names.putAll(bound);
                int mark = diags.mark();
                int errors = diags.errorCount();
                signature(probe, ps);
                if (diags.errorCount() != errors) {
                    diags.rollback(mark);
                    continue;
                }
                if (!sameParams(probe, spec) || !sameType(probe.result, spec.result)) {
                    continue;
                }
                String key = instanceKey(t, bound);
                FunctionSym prev = t.instances.get(key);
                if (prev != null && prev.decl.isExplicitSpecialization()) {
                    if (f.body() != null) {
                        if (prev.decl.body() != null) {
                            diags.error(f.span(), DiagKey.ERR_REDEFINITION, f.name());
                            return prev;
                        }
                        prev.decl = f;
                        prev.params.clear();
                        prev.params.addAll(spec.params);
                        pendingBodies.add(prev);
                    }
                    return prev;
                }
                spec.bindings = bound;
                spec.templateInstance = true;
                spec.irName = uniqueIrName(instanceName(t, bound));
                t.instances.put(key, spec);
                functions.add(spec);
                if (f.body() != null && !f.span().file().startsWith("<built-in>")) {
                    pendingBodies.add(spec);
                }
                return spec;
            }
        }
        diags.error(f.span(), DiagKey.ERR_NO_TEMPLATE_FOR_SPECIALIZATION, f.name());
        return spec;
    }

    // ================================================================= parameter packs

    /**
     * The packs a pattern expands, each with its length, or null after reporting that it names
     * none or packs of different lengths.
     */
    Map<String, Integer> packsIn(Object pattern, Scope s, Span span) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        if (pattern instanceof Ast.Expr e) {
            Packs.names(e, names);
        } else {
            Packs.names((TypeNode) pattern, names);
        }
        Map<String, Integer> packs = new LinkedHashMap<>();
        String first = null;
        for (String n : names) {
            Object o = s.lookup(n);
            int len = o instanceof Packs.Pack p ? p.elements().size() : o instanceof Packs.VarPack v ? v.vars().size() : -1;
            if (len < 0) {
                continue;
            }
            if (first != null && packs.get(first) != len) {
                diags.error(span, DiagKey.ERR_PACK_LENGTHS, first, n, packs.get(first), len);
                return null;
            }
            if (first == null) {
                first = n;
            }
            packs.put(n, len);
        }
        if (packs.isEmpty()) {
            diags.error(span, DiagKey.ERR_PACK_EXPANSION_NO_PACK);
            return null;
        }
        return packs;
    }

    /** The list with each {@code pattern...} replaced by its elements. */
    List<Ast.Expr> expandPacks(List<Ast.Expr> items) {
        boolean any = false;
        for (Ast.Expr e : items) {
            any |= e instanceof Ast.PackExpansion;
        }
        if (!any) {
            return items;
        }
        List<Ast.Expr> out = new ArrayList<>();
        for (Ast.Expr e : items) {
            if (e instanceof Ast.PackExpansion pe) {
                Map<String, Integer> packs = packsIn(pe.pattern(), scope, pe.span());
                int n = packs == null ? 0 : packs.values().iterator().next();
                for (int k = 0; k < n; k++) {
                    out.add(Packs.element(pe.pattern(), packs, k));
                }
            } else {
                out.add(e);
            }
        }
        return out;
    }

    /** A call, construction, braced list or new-expression with its pack expansions expanded. */
    Ast.Expr expandIn(Ast.Expr e) {
        switch (e) {
            case Ast.Call c -> {
                List<Ast.Expr> a = expandPacks(c.args());
                return a == c.args() ? e : new Ast.Call(c.callee(), a, c.span());
            }
            case Ast.Construct c -> {
                List<Ast.Expr> a = expandPacks(c.args());
                return a == c.args() ? e : new Ast.Construct(c.type(), a, c.span());
            }
            case Ast.InitList il -> {
                List<Ast.Expr> a = expandPacks(il.items());
                // and in nested lists: std::array<int, N>{{f(I)...}}
                List<Ast.Expr> nested = null;
                for (int i = 0; i < a.size(); i++) {
                    Ast.Expr x = a.get(i) instanceof Ast.InitList inner ? expandIn(inner) : a.get(i);
                    if (x != a.get(i)) {
                        nested = nested == null ? new ArrayList<>(a) : nested;
                        nested.set(i, x);
                    }
                }
                a = nested != null ? nested : a;
                return a == il.items() ? e : new Ast.InitList(il.type(), a, il.span());
            }
            case Ast.New n -> {
                List<Ast.Expr> a = expandPacks(n.args());
                return a == n.args() ? e : new Ast.New(n.type(), n.arraySize(), a, n.span(), n.placement());
            }
            case Ast.KernelCall k -> {
                List<Ast.Expr> a = expandPacks(k.args());
                return a == k.args() ? e : new Ast.KernelCall(k.callee(), k.config(), a, k.span());
            }
            case null, default -> {
                return e;
            }
        }
    }

    /** Template arguments with each {@code Args...} replaced by the pack's elements. */
    List<Ast.TemplateArg> expandTemplateArgs(List<Ast.TemplateArg> args, Scope s) {
        boolean any = false;
        for (Ast.TemplateArg a : args) {
            any |= a.type() instanceof Ast.PackExpansionType || a.value() instanceof Ast.PackExpansion;
        }
        if (!any) {
            return args;
        }
        List<Ast.TemplateArg> out = new ArrayList<>();
        for (Ast.TemplateArg a : args) {
            if (a.type() instanceof Ast.PackExpansionType pe) {
                Map<String, Integer> packs = packsIn(pe.pattern(), s, pe.span());
                int n = packs == null ? 0 : packs.values().iterator().next();
                for (int k = 0; k < n; k++) {
                    out.add(new Ast.TemplateArg(Packs.element(pe.pattern(), packs, k), null));
                }
            } else if (a.value() instanceof Ast.PackExpansion pe) {
                Map<String, Integer> packs = packsIn(pe.pattern(), s, pe.span());
                int n = packs == null ? 0 : packs.values().iterator().next();
                for (int k = 0; k < n; k++) {
                    out.add(new Ast.TemplateArg(null, Packs.element(pe.pattern(), packs, k)));
                }
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * A non-type template parameter denotes a constant of its declared type: {@code unsigned N}
     * with N = 0 makes {@code N - 1} 4294967295, {@code size_t N} prints with %zu.
     */
    private void typeValueParams(List<Ast.TemplateParam> tps, Scope s) {
        for (Ast.TemplateParam tp : tps) {
            if (!tp.isType() && !tp.pack() && tp.valueType() != null && s.names.get(tp.name()) instanceof Long v) {
                int mark = diags.mark();
                int errors = diags.errorCount();
                CType t = resolveType(tp.valueType(), s);
                if (diags.errorCount() != errors) {
                    diags.rollback(mark);
                } else if (t instanceof CType.Int i) {
                    s.names.put(tp.name(), new EnumConst(ConstEval.wrap(i, v), i));
                } else if (t instanceof CType.Enum e) {
                    s.names.put(tp.name(), new EnumConst(v, e));
                }
            }
        }
    }

    /** Binds a pack's element names ({@code Args#0} …) beside the pack itself in an instance's scope. */
    private static void bindPackElements(Scope s, Map<String, Object> bound) {
        for (Map.Entry<String, Object> b : bound.entrySet()) {
            if (b.getValue() instanceof Packs.Pack p) {
                for (int k = 0; k < p.elements().size(); k++) {
                    s.names.put(Packs.elementName(b.getKey(), k), p.elements().get(k));
                }
            }
        }
    }

    /** The instance cache key: the arguments in template-parameter order, however they were found. */
    private static String instanceKey(FunctionSym t, Map<String, Object> bound) {
        StringBuilder k = new StringBuilder();
        for (Ast.TemplateParam tp : t.decl.templateParams()) {
            Object v = bound.get(tp.name());
            // two classes may print alike (each container's nested 'iterator'): the hash tells them apart
            k.append(v).append('#').append(v == null ? 0 : v.hashCode()).append(';');
        }
        return k.toString();
    }

    private static String instanceName(FunctionSym t, Map<String, Object> bound) {
        StringBuilder n = new StringBuilder(t.name).append('<');
        int k = 0;
        for (Ast.TemplateParam tp : t.decl.templateParams()) {
            n.append(k++ > 0 ? "," : "").append(bound.get(tp.name()));
        }
        return n.append('>').toString().replace(" ", "");
    }

    FunctionSym instantiate(FunctionSym t, Map<String, Object> bound) {
        String key = instanceKey(t, bound);
        FunctionSym inst = t.instances.get(key);
        if (inst != null) {
            return inst;
        }
        inst = new FunctionSym(t.name, t.span);
        inst.decl = t.decl;
        inst.space = t.space;
        inst.owner = t.owner;
        inst.isConstructor = t.isConstructor; // a constructor template's instance runs its member initialisers
        inst.inStd = t.inStd;
        inst.bindings = bound;
        Scope s = new Scope(t.declScope);
        s.names.putAll(bound);
        bindPackElements(s, bound);
        typeValueParams(t.decl.templateParams(), s);
        inst.declScope = s;
        int mark = diags.mark();
        int errors = diags.errorCount();
        signature(inst, s);
        if (diags.errorCount() != errors) {
            // substitution failure is not an error: enable_if<false>::type removes the candidate
            diags.rollback(mark);
            return null;
        }
        t.instances.put(key, inst);
        inst.irName = uniqueIrName(instanceName(t, bound));
        inst.templateInstance = true;
        functions.add(inst);
        // the body is instantiated when the instance is used (use()), not when deduction merely
        // considered it: a candidate that loses overload resolution may not even compile
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
            case Ast.ArrayType at when arg instanceof CType.Arr a -> {
                // T (&a)[N]: the element type and the bound, as std::size(array) deduces them
                if (at.size() instanceof Ast.Name nm && nm.templateArgs().isEmpty()) {
                    for (Ast.TemplateParam tp : tps) {
                        if (!tp.isType() && !tp.pack() && tp.name().equals(nm.name())) {
                            bound.putIfAbsent(tp.name(), a.count());
                        }
                    }
                }
                return match(at.element(), a.element(), tps, bound);
            }
            case Ast.PointerType p -> {
                if (arg instanceof CType.Arr a) {
                    return match(p.pointee(), a.element(), tps, bound);
                }
                return arg instanceof CType.Ptr ap ? match(p.pointee(), ap.pointee(), tps, bound) : true;
            }
            case Ast.NamedType n when !n.args().isEmpty() -> {
                // Vec<T>, std::initializer_list<T>: the arguments of the class template instance passed
                Instance in = arg instanceof CType.Record rec ? instanceOf.get(rec) : null;
                if (in != null) {
                    for (Ast.TemplateParam tp : tps) {
                        if (tp.isTemplate() && tp.name().equals(n.name())) {
                            // C<T> with C a template template parameter: C is the instance's template
                            bound.putIfAbsent(tp.name(), in.template());
                        }
                    }
                }
                // (a member typedef at the call, vector's reverse_iterator, does not hide std::reverse_iterator)
                if (in != null && (lookupQualified(scope, n.name()) == in.template() || bound.get(n.name()) == in.template()
                        || deductionScope != null && lookupQualified(deductionScope, n.name()) == in.template())) {
                    for (int i = 0; i < n.args().size() && i < in.args().size(); i++) {
                        Ast.TemplateArg ta = n.args().get(i);
                        Object actual = in.args().get(i);
                        if (actual instanceof Packs.Pack pack && packArgName(ta) instanceof String pn) {
                            // index_sequence<I...>, tuple<T...>: the pack of the instance's arguments
                            for (Ast.TemplateParam tp : tps) {
                                if (tp.pack() && tp.name().equals(pn)) {
                                    bound.putIfAbsent(pn, pack);
                                }
                            }
                        } else if (ta.type() != null && actual instanceof CType c) {
                            match(ta.type(), c, tps, bound);
                        } else if (ta.value() instanceof Ast.Name nm && actual instanceof Long) {
                            for (Ast.TemplateParam tp : tps) {
                                if (!tp.isType() && tp.name().equals(nm.name())) {
                                    bound.putIfAbsent(tp.name(), actual);
                                }
                            }
                        }
                    }
                }
                return true;
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

    /** The parameter pack a template argument expands alone ({@code T...}, {@code I...}), or null. */
    private static String packArgName(Ast.TemplateArg ta) {
        if (ta.type() instanceof Ast.PackExpansionType pe && pe.pattern() instanceof Ast.NamedType nt && nt.args().isEmpty()) {
            return nt.name();
        }
        if (ta.value() instanceof Ast.PackExpansion pe && pe.pattern() instanceof Ast.Name nm && nm.templateArgs().isEmpty()) {
            return nm.name();
        }
        return null;
    }

    /** Converts call arguments to the parameters, filling defaults; {@code skip} parameters (this) are not in args. */
    /**
     * A function declared {@code auto f(…)} without a trailing type learns its result from its
     * first return statement: a call needs it at once, so its body is analysed now.
     */
    void deduceResult(FunctionSym f) {
        if (f.result == null && f.body == null && f.decl != null && f.decl.body() != null && !f.isTemplate && f != fn) {
            pendingBodies.remove(f);
            analyzeBody(f);
        }
    }

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
                CType want = initializerListElement(pt);
                if (want != null && bracedLists.containsKey(a) && !sameType(want, initializerListElement(a.type()))) {
                    a = initializerList(bracedLists.get(a), want);
                } else if (listTarget(a, pt) instanceof CType.Record rec) {
                    a = listTemporary(bracedLists.get(a), rec);
                } else if (bracedLists.containsKey(a) && a.type() instanceof CType.Void) {
                    diags.error(a.span(), DiagKey.ERR_INCOMPATIBLE, pt, "initializer list");
                    out.add(zero(pt instanceof CType.Ref r ? new CType.Ptr(r.referee(), false) : pt instanceof CType.Record ? CType.INT : pt, a.span()));
                    continue;
                }
            } else {
                Ast.Expr def = f.defaults.get(i + skip);
                Scope save = scope;
                scope = f.declScope != null ? f.declScope : global;
                a = expr(def);
                scope = save;
            }
            int made = out.size();
            if (pt instanceof CType.Ref r) {
                out.add(bindReference(r, a, "arg"));
            } else if (pt instanceof CType.Record rec && a.lvalue() && a.type() == rec && copyOf(a, rec, a.span()) instanceof Typed.Expr copy) {
                out.add(copy);
            } else if (pt instanceof CType.Record rec && !sameType(a.type(), rec) && !rec.constructors.isEmpty()
                    && !(a.type() instanceof CType.Record ar && derivesFrom(ar, rec) && !hasCopyConstructor(rec))) {
                Typed.Var tmp = newTemp(rec, a.span());
                FunctionSym ctor = resolveOverload(rec.name, rec.constructors, List.of(a), a.span(), true);
                out.add(ctor == null ? a : load(new Typed.Construct(tmp, ctor, callArgs(ctor, List.of(a), a.span(), 1), a.span())));
            } else {
                out.add(convert(rvalue(a), pt, a.span(), "arg"));
            }
            if (out.size() > made && byAddress(f, pt)) {
                out.set(made, passByAddress(out.get(made), (CType.Record) pt, a.span()));
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
