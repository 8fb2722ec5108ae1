package webcu.frontend;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.CompileError;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.frontend.Ast.*;

/**
 * Recursive-descent parser for the C++ that CUDA programs use, one method per grammar rule
 * (the rule is in each method's comment), as chibicc's parse.c. Like every C parser it must know
 * which names are types ({@code T * x;}), so it tracks typedef, class, enum and template names per
 * scope; everything else about names is left to {@link Sema}. On a syntax error it reports,
 * skips to the end of the statement or declaration, and goes on, so one run shows several errors.
 *
 * <p>One of the two main source files allowed over 1,000 lines (issue 14, SourceFileSizeTest): it
 * is one stage whose methods are the grammar's rules and call each other freely, as chibicc's
 * parse.c is one file of 3,400 lines; split, it would have two jobs no better than one.
 */
public final class Parser {
    private static final Set<String> BUILTIN_TYPE_WORDS = Set.of(
            "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "__int64", "wchar_t", "size_t_builtin");
    private static final Set<String> QUALIFIERS = Set.of("const", "volatile", "__restrict__", "__restrict", "restrict");
    private static final Set<String> SPECIFIER_WORDS = Set.of(
            "static", "extern", "inline", "__inline__", "__forceinline__", "__noinline__", "constexpr", "__host__", "__device__",
            "__global__", "__shared__", "__constant__", "__managed__", "typedef", "virtual", "explicit", "register", "mutable",
            "friend", "thread_local", "__device_builtin__", "consteval", "constinit");

    private final List<Token> toks;
    private final Diagnostics diags;
    private int p;
    /** Type names visible in each open scope. */
    private final List<Set<String>> typeScopes = new ArrayList<>();
    /**
     * Variables, parameters and functions declared in each open scope: such a name hides a type of
     * the same name from outer scopes (a parameter named 'string', a local named 'vector').
     */
    private final List<Set<String>> valueScopes = new ArrayList<>();
    /** Names of class templates and function templates (so that {@code name<} starts template arguments). */
    private final Set<String> classTemplates = new HashSet<>();
    private final Set<String> functionTemplates = new HashSet<>();
    /** Qualified names declared in each namespace, so that {@code using namespace} can expose them. */
    private final Map<String, List<String>> namespaceTypes = new HashMap<>();
    private final Map<String, List<String>> namespaceFunctionTemplates = new HashMap<>();
    private final List<String> namespaceStack = new ArrayList<>();
    private final List<String> classStack = new ArrayList<>();
    /** True while a function parameter's declarator is parsed: there '...' makes a parameter pack. */
    private boolean packDeclaratorAllowed;
    /** Set by a template header so that the class it introduces is known as a template at once. */
    private boolean pendingClassTemplate;
    /** The scope that encloses the current template header, where the template's own name belongs. */
    private int templateOuterScope = -1;
    /** Friend functions defined in a class body, declared after the class in the enclosing scope. */
    private final List<Decl> friends = new ArrayList<>();
    /** Per class body being parsed: whether it is a class template's (whose friends are not hoisted). */
    private final List<Boolean> templateBodies = new ArrayList<>();

    /** Thrown to abandon the current statement or declaration after a syntax error was reported. */
    private static final class SyntaxError extends RuntimeException {
        SyntaxError() {
            super(null, null, false, false);
        }
    }

    public Parser(List<Token> toks, Diagnostics diags) {
        this.toks = new ArrayList<>(toks); // conversion operators insert their type as the result type
        this.diags = diags;
        typeScopes.add(new HashSet<>());
        valueScopes.add(new HashSet<>());
    }

    /**
     * A parser for tokens whose first {@code prefixLength} are the built-in headers that
     * {@code prefixKey} names (see {@link Preprocessor#prefixKey()}): it starts after them from the
     * state a parse of the same prefix saved, or saves that state when it gets there.
     */
    public static Parser afterHeaders(List<Token> toks, Diagnostics diags, String prefixKey, int prefixLength) {
        HeaderState saved = prefixKey == null ? null : HeaderState.KEPT.get(prefixKey);
        if (saved == null) {
            Parser parser = new Parser(toks, diags);
            if (prefixKey != null) {
                parser.headerKey = prefixKey;
                parser.headerEnd = toks.get(prefixLength);
                parser.diagnosticsAtStart = diags.all().size();
            }
            return parser;
        }
        // the saved header tokens (with what their parse inserted), then the unit's own
        List<Token> joined = new ArrayList<>(saved.tokens().size() + toks.size() - prefixLength);
        joined.addAll(saved.tokens());
        joined.addAll(toks.subList(prefixLength, toks.size()));
        Parser parser = new Parser(joined, diags);
        parser.p = saved.tokens().size();
        parser.resumed = saved;
        parser.templateOuterScope = saved.templateOuterScope();
        parser.typeScopes.get(0).addAll(saved.types());
        parser.valueScopes.get(0).addAll(saved.values());
        parser.classTemplates.addAll(saved.classTemplates());
        parser.functionTemplates.addAll(saved.functionTemplates());
        saved.namespaceTypes().forEach((k, v) -> parser.namespaceTypes.put(k, new ArrayList<>(v)));
        saved.namespaceFunctionTemplates().forEach((k, v) -> parser.namespaceFunctionTemplates.put(k, new ArrayList<>(v)));
        return parser;
    }

    /**
     * The parser's state after a translation unit's built-in headers: their declarations and the
     * names they declared. The declarations are immutable records, shared by every parse that
     * starts from here; the sets and maps are copied in and out.
     */
    private record HeaderState(List<Token> tokens, int templateOuterScope, List<Decl> decls, Set<String> types, Set<String> values, Set<String> classTemplates,
            Set<String> functionTemplates, Map<String, List<String>> namespaceTypes, Map<String, List<String>> namespaceFunctionTemplates) {
        private static final KeptStates<HeaderState> KEPT = new KeptStates<>(8);
    }

    /** How many header states to keep (see {@link Preprocessor#keepHeaderStates}). */
    public static void keepHeaderStates(int n) {
        HeaderState.KEPT.keep(n);
    }

    /** Where a parse started from saved header state, or null. */
    private HeaderState resumed;
    /** The saved-state key, and the first token after the headers, while a parse still has to save it. */
    private String headerKey;
    private Token headerEnd;
    private int diagnosticsAtStart;

    /** Saves the state at the end of the headers, if that is where the parse is, at the top level and without errors. */
    private void saveHeaderState(List<Decl> decls) {
        if (headerKey == null || peek() != headerEnd) {
            return;
        }
        String key = headerKey;
        headerKey = null;
        boolean topLevel = typeScopes.size() == 1 && valueScopes.size() == 1 && namespaceStack.isEmpty() && classStack.isEmpty()
                && friends.isEmpty() && templateBodies.isEmpty() && !packDeclaratorAllowed && !pendingClassTemplate
                && !packed;
        if (!topLevel || diags.all().size() != diagnosticsAtStart) {
            return;
        }
        Map<String, List<String>> nsTypes = new HashMap<>();
        namespaceTypes.forEach((k, v) -> nsTypes.put(k, List.copyOf(v)));
        Map<String, List<String>> nsTemplates = new HashMap<>();
        namespaceFunctionTemplates.forEach((k, v) -> nsTemplates.put(k, List.copyOf(v)));
        HeaderState.KEPT.put(key, new HeaderState(List.copyOf(toks.subList(0, p)), templateOuterScope, List.copyOf(decls), Set.copyOf(typeScopes.get(0)),
                Set.copyOf(valueScopes.get(0)), Set.copyOf(classTemplates), Set.copyOf(functionTemplates), nsTypes, nsTemplates));
    }

    // ------------------------------------------------------------------ token helpers

    private Token peek() {
        return toks.get(p);
    }

    private Token peek(int n) {
        return toks.get(Math.min(p + n, toks.size() - 1));
    }

    private Token next() {
        Token t = toks.get(p);
        if (t.kind() != Token.Kind.EOF) {
            p++;
        }
        return t;
    }

    private boolean at(String s) {
        return peek().is(s) && peek().kind() != Token.Kind.STRING;
    }

    private boolean accept(String s) {
        if (at(s)) {
            p++;
            return true;
        }
        return false;
    }

    private Token expect(String s) {
        if (at(s)) {
            return next();
        }
        // A missing ';' is reported at the end of the previous token, as clang does.
        Token prev = p > 0 ? toks.get(p - 1) : peek();
        Span where = s.equals(";") || s.equals(")") && false ? afterToken(prev) : peek().span();
        diags.error(where, DiagKey.ERR_EXPECTED, "'" + s + "'");
        throw new SyntaxError();
    }

    private static Span afterToken(Token t) {
        Span s = t.span();
        return new Span(s.file(), s.line(), s.column() + Math.max(1, t.text().length()), 1);
    }

    private SyntaxError error(Token at, DiagKey key, Object... args) {
        diags.error(at.span(), key, args);
        return new SyntaxError();
    }

    private String ident() {
        Token t = peek();
        if (t.kind() != Token.Kind.IDENT) {
            throw error(t, DiagKey.ERR_EXPECTED, "identifier");
        }
        p++;
        return t.text();
    }

    private void pushScope() {
        typeScopes.add(new HashSet<>());
        valueScopes.add(new HashSet<>());
    }

    private void popScope() {
        typeScopes.remove(typeScopes.size() - 1);
        valueScopes.remove(valueScopes.size() - 1);
    }

    /** Whether a variable or function hides the type {@code name} here. */
    private boolean hiddenByValue(String name) {
        for (int i = typeScopes.size() - 1; i >= 0; i--) {
            if (typeScopes.get(i).contains(name)) {
                return false;
            }
            if (valueScopes.get(i).contains(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a variable or parameter of a block, function or class hides the namespace-scope
     * template {@code name}: in {@code next < *mag * base} inside namespace std, 'next' is a
     * local, not std::next.
     */
    private boolean hiddenByLocal(String name) {
        for (int i = valueScopes.size() - 1; i >= 1; i--) {
            if (valueScopes.get(i).contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** A variable, parameter or function named {@code name} in the current scope. */
    private void declareValue(String name) {
        if (name != null && !name.contains("::")) {
            valueScopes.get(valueScopes.size() - 1).add(name);
            typeScopes.get(typeScopes.size() - 1).remove(name);
        }
    }

    private void declareType(String name) {
        typeScopes.get(typeScopes.size() - 1).add(name);
        if (!classStack.isEmpty()) {
            // a member type is a type through its class too: std::string::size_type
            String cls = classStack.get(classStack.size() - 1) + "::" + name;
            typeScopes.get(0).add(cls);
            if (!namespaceStack.isEmpty()) {
                typeScopes.get(0).add(String.join("::", namespaceStack) + "::" + cls);
            }
        }
        if (!namespaceStack.isEmpty() && classStack.isEmpty()) {
            String ns = String.join("::", namespaceStack);
            typeScopes.get(0).add(ns + "::" + name);
            namespaceTypes.computeIfAbsent(ns, k -> new ArrayList<>()).add(name);
        }
        if (!classStack.isEmpty() && !name.equals(classStack.get(classStack.size() - 1))) {
            // a member type, named from outside as Class::name (std::chrono::steady_clock::time_point)
            String member = String.join("::", classStack) + "::" + name;
            typeScopes.get(0).add(member);
            if (!namespaceStack.isEmpty()) {
                String ns = String.join("::", namespaceStack);
                typeScopes.get(0).add(ns + "::" + member);
                namespaceTypes.computeIfAbsent(ns, k -> new ArrayList<>()).add(member);
            }
        }
    }

    /** typedef C A: A's member types are C's (high_resolution_clock::time_point is system_clock's). */
    private void aliasMemberTypes(String alias, TypeNode type) {
        if (!(type instanceof NamedType nt) || alias == null) {
            return;
        }
        String prefix = nt.name() + "::";
        String ns = namespaceStack.isEmpty() ? null : String.join("::", namespaceStack);
        for (String known : List.copyOf(typeScopes.get(0))) {
            if (known.startsWith(prefix)) {
                String member = alias + "::" + known.substring(prefix.length());
                typeScopes.get(0).add(member);
                if (ns != null) {
                    typeScopes.get(0).add(ns + "::" + member);
                }
            }
        }
    }

    private boolean isTypeName(String name) {
        for (int i = typeScopes.size() - 1; i >= 0; i--) {
            if (typeScopes.get(i).contains(name)) {
                return true;
            }
            if (valueScopes.get(i).contains(name)) {
                return false;
            }
        }
        return false;
    }

    /** Skips to just after the next ';' at this nesting level, or before a '}' that closes it. */
    private void recover() {
        int depth = 0;
        while (peek().kind() != Token.Kind.EOF) {
            Token t = peek();
            if (t.is("{") || t.is("(") || t.is("[")) {
                depth++;
            } else if (t.is("}") || t.is(")") || t.is("]")) {
                if (depth == 0) {
                    if (t.is("}")) {
                        return;
                    }
                } else {
                    depth--;
                    if (depth == 0 && t.is("}")) {
                        p++;
                        if (at(";")) {
                            p++;
                        }
                        return;
                    }
                }
            } else if (t.is(";") && depth == 0) {
                p++;
                return;
            }
            p++;
        }
    }

    // ------------------------------------------------------------------ translation unit

    /** translation-unit = external-declaration* */
    public TranslationUnit parse() {
        List<Decl> decls = new ArrayList<>(resumed != null ? resumed.decls() : List.of());
        try {
            while (peek().kind() != Token.Kind.EOF) {
                saveHeaderState(decls);
                int start = p;
                try {
                    externalDeclaration(decls);
                } catch (SyntaxError e) {
                    recover();
                    if (at("}")) {
                        p++;
                    }
                }
                if (p == start) {
                    p++;
                }
            }
            saveHeaderState(decls);
        } catch (CompileError e) {
            // error limit reached
        }
        return new TranslationUnit(decls);
    }

    /** external-declaration = namespace | using | extern "C" | template-declaration | declaration */
    private void externalDeclaration(List<Decl> out) {
        Token t = peek();
        if (t.kind() == Token.Kind.PRAGMA || accept(";")) {
            if (t.kind() == Token.Kind.PRAGMA) {
                p++;
            }
            return;
        }
        if (t.is("namespace") && peek(1).kind() == Token.Kind.IDENT && peek(2).is("=")) {
            namespaceAlias();
            return;
        }
        if (t.is("namespace")) {
            p++;
            String name = peek().kind() == Token.Kind.IDENT ? ident() : "";
            expect("{");
            namespaceStack.add(name);
            List<Decl> inner = new ArrayList<>();
            declarationsUntilBrace(inner);
            namespaceStack.remove(namespaceStack.size() - 1);
            out.add(new NamespaceDecl(name, inner, t.span()));
            return;
        }
        if (t.is("using")) {
            out.add(usingDeclaration());
            return;
        }
        if (t.is("extern") && peek(1).kind() == Token.Kind.STRING) {
            p += 2;
            if (accept("{")) {
                declarationsUntilBrace(out);
            } else {
                externalDeclaration(out);
            }
            return;
        }
        if (t.is("static_assert")) {
            out.add(staticAssert());
            return;
        }
        declaration(out, false);
    }

    /** external-declaration* "}" — the body of a namespace or an extern "C" block, with recovery per declaration */
    private void declarationsUntilBrace(List<Decl> out) {
        while (!at("}") && peek().kind() != Token.Kind.EOF) {
            int start = p;
            try {
                externalDeclaration(out);
            } catch (SyntaxError e) {
                recover();
            }
            if (p == start) {
                p++;
            }
        }
        expect("}");
    }

    /**
     * namespace-alias-definition = "namespace" name "=" qualified-name ";"
     *
     * <p>Names are resolved as qualified strings, so the alias is expanded where it is used: each
     * later {@code alias::} that does not follow a qualifier or a member access becomes the target's
     * tokens. (Programs write {@code namespace cg = cooperative_groups;} at file or function scope;
     * the alias stays visible to the end of the unit, which only differs from C++ for an alias that
     * a later declaration reuses as another name.)
     */
    private void namespaceAlias() {
        p++;
        Token alias = next();
        expect("=");
        int from = p;
        String target = qualifiedName();
        List<Token> replacement = new ArrayList<>(toks.subList(from, p));
        if (!replacement.isEmpty() && replacement.get(0).is("::")) {
            replacement.remove(0);
        }
        expect(";");
        List<Token> rest = new ArrayList<>(toks.size() + 16);
        rest.addAll(toks.subList(0, p));
        for (int k = p; k < toks.size(); k++) {
            Token t = toks.get(k);
            Token before = toks.get(k - 1);
            if (t.kind() == Token.Kind.IDENT && t.text().equals(alias.text()) && k + 1 < toks.size()
                    && toks.get(k + 1).is("::") && !before.is("::") && !before.is(".") && !before.is("->")) {
                for (Token r : replacement) {
                    rest.add(r.at(t.span(), false, t.space()));
                }
            } else {
                rest.add(t);
            }
        }
        toks.clear();
        toks.addAll(rest);
        if (target.isEmpty()) {
            throw error(alias, DiagKey.ERR_EXPECTED, "namespace name");
        }
    }

    /** using-declaration = "using" "namespace" name ";" | "using" name "=" type ";" | "using" qualified-name ";" */
    private Decl usingDeclaration() {
        Token u = next();
        if (accept("namespace")) {
            String name = qualifiedName();
            expect(";");
            for (String n : namespaceTypes.getOrDefault(name, List.of())) {
                typeScopes.get(typeScopes.size() - 1).add(n);
                if (classTemplates.contains(name + "::" + n)) {
                    classTemplates.add(n);
                }
            }
            for (String n : namespaceFunctionTemplates.getOrDefault(name, List.of())) {
                functionTemplates.add(n);
            }
            return new UsingNamespace(name, u.span());
        }
        String name = qualifiedName();
        if (accept("=")) {
            TypeNode type = typeId();
            expect(";");
            declareType(name);
            return new TypedefDecl(name, type, u.span());
        }
        expect(";");
        String simple = name.contains("::") ? name.substring(name.lastIndexOf(':') + 1) : name;
        if (isTypeName(name) || name.startsWith("::") && isTypeName(name.substring(2))) {
            // namespace std { using ::time_t; } makes std::time_t a type name too
            declareType(simple);
        }
        if (functionTemplates.contains(name)) {
            functionTemplates.add(simple);
        }
        return new UsingDecl(name, u.span());
    }

    /** alias-template = "template" "<" params ">" "using" name "=" type-id ";" (after the header) */
    private Decl aliasTemplate(List<TemplateParam> tparams) {
        Token u = next();
        String name = ident();
        expect("=");
        TypeNode type = typeId();
        expect(";");
        // a template name outside the template's own scope: Vec<int>, std::index_sequence<I...>
        pendingClassTemplate = false;
        if (templateOuterScope >= 0) {
            typeScopes.get(templateOuterScope).add(name);
        }
        classTemplates.add(name);
        if (!namespaceStack.isEmpty()) {
            String ns = String.join("::", namespaceStack);
            typeScopes.get(0).add(ns + "::" + name);
            classTemplates.add(ns + "::" + name);
            namespaceTypes.computeIfAbsent(ns, k -> new ArrayList<>()).add(name);
        }
        return new AliasTemplate(name, tparams, type, u.span());
    }

    private StaticAssert staticAssert() {
        Token s = next();
        expect("(");
        Expr cond = assignment();
        String message = "";
        if (accept(",")) {
            // adjacent literals concatenate: keep the text between the quotes of each
            StringBuilder sb = new StringBuilder();
            do {
                String m = next().text();
                sb.append(m, m.indexOf('"') + 1, Math.max(m.indexOf('"') + 1, m.lastIndexOf('"')));
            } while (peek().kind() == Token.Kind.STRING);
            message = "\"" + sb + "\"";
        }
        expect(")");
        expect(";");
        return new StaticAssert(cond, message, s.span());
    }

    private String qualifiedName() {
        StringBuilder sb = new StringBuilder();
        if (accept("::")) {
            // global qualification adds nothing here
        }
        sb.append(ident());
        while (at("::") && peek(1).kind() == Token.Kind.IDENT) {
            p++;
            sb.append("::").append(ident());
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ declarations

    /** The parts of a decl-specifier-seq: the base type and the non-type specifiers. */
    private record DeclSpecs(TypeNode type, Specs specs, boolean isConst) {}

    private boolean startsDeclaration() {
        Token t = peek();
        if (t.kind() != Token.Kind.IDENT) {
            return false;
        }
        String s = t.text();
        if (BUILTIN_TYPE_WORDS.contains(s) || QUALIFIERS.contains(s) || SPECIFIER_WORDS.contains(s)) {
            return true;
        }
        if (s.equals("struct") || s.equals("class") || s.equals("union") || s.equals("enum") || s.equals("typename")
                || s.equals("auto") || s.equals("decltype") || s.equals("template") || s.equals("__align__")
                || s.equals("__attribute__") || s.equals("__launch_bounds__") || s.equals("alignas") || s.equals("using")) {
            return true;
        }
        if (isTypeName(s) || s.equals("std") && peek(1).is("::") && isTypeName("std::" + peek(2).text())) {
            // "T(" can be a functional cast only when T is followed by '(' and then not a declarator
            return !(peek(1).is("(") && !isTypeName(s)) && !peek(1).is("::") || isQualifiedTypeAhead();
        }
        return isQualifiedTypeAhead();
    }

    /** Whether a type starts at token {@code k}. */
    private boolean startsTypeAt(int k) {
        int save = p;
        p = k;
        try {
            return startsDeclaration();
        } finally {
            p = save;
        }
    }

    private boolean isQualifiedTypeAhead() {
        int k = p;
        StringBuilder sb = new StringBuilder();
        if (toks.get(k).is("::")) {
            k++;
        }
        if (toks.get(k).kind() != Token.Kind.IDENT) {
            return false;
        }
        sb.append(toks.get(k).text());
        k++;
        while (toks.get(k).is("::") && toks.get(k + 1).kind() == Token.Kind.IDENT) {
            sb.append("::").append(toks.get(k + 1).text());
            k += 2;
        }
        return sb.indexOf("::") > 0 && isTypeName(sb.toString());
    }

    /** declaration = [template-header] decl-specifiers (function-definition | init-declarator-list ";") */
    private void declaration(List<Decl> out, boolean inClass) {
        List<TemplateParam> tparams = List.of();
        boolean templ = false;
        if (at("template")) {
            p++;
            if (!at("<")) {
                // explicit instantiation: template void f<int>(…); — nothing to do
                recover();
                return;
            }
            templ = true;
            templateOuterScope = typeScopes.size() - 1;
            tparams = templateParams();
            pendingClassTemplate = true;
        }
        try {
            declarationAfterTemplate(out, inClass, tparams, templ);
        } finally {
            if (templ) {
                popScope();
            }
        }
    }

    /** Friend functions of a class go after it, as functions of the enclosing namespace. */
    private void hoistFriends(List<Decl> out, boolean inClass) {
        if (!inClass) {
            out.addAll(friends);
            friends.clear();
        }
    }

    /** template-header = "template" "<" template-param ("," template-param)* ">"; opens a scope for the parameters */
    private List<TemplateParam> templateParams() {
        expect("<");
        pushScope();
        List<TemplateParam> params = new ArrayList<>();
        while (!at(">")) {
            Token t = peek();
            if (accept("typename") || accept("class")) {
                boolean pack = accept("...");
                String name = peek().kind() == Token.Kind.IDENT ? ident() : "__anon" + params.size();
                declareType(name);
                TemplateArg def = null;
                if (accept("=")) {
                    def = new TemplateArg(typeId(), null);
                }
                params.add(new TemplateParam(name, true, null, def, pack, false, t.span()));
            } else if (at("template")) {
                // template <class> class C: a class template as the argument
                p++;
                templateParams();
                popScope();
                if (!accept("class")) {
                    expect("typename");
                }
                boolean pack = accept("...");
                String name = ident();
                declareType(name);
                classTemplates.add(name);
                TemplateArg def = null;
                if (accept("=")) {
                    def = new TemplateArg(new NamedType(qualifiedName(), List.of(), peek().span()), null);
                }
                params.add(new TemplateParam(name, true, null, def, pack, true, t.span()));
            } else {
                DeclSpecs ds = declSpecifiers();
                boolean pack = accept("...");
                String name = peek().kind() == Token.Kind.IDENT ? ident() : "__anon" + params.size();
                TemplateArg def = null;
                if (accept("=")) {
                    def = new TemplateArg(null, shift());
                }
                params.add(new TemplateParam(name, false, ds.type(), def, pack, false, t.span()));
            }
            if (!accept(",")) {
                break;
            }
        }
        expect(">");
        return params;
    }

    private void declarationAfterTemplate(List<Decl> out, boolean inClass, List<TemplateParam> tparams, boolean templ) {
        Token start = peek();
        if (at("using") && templ && peek(1).kind() == Token.Kind.IDENT && peek(2).is("=")) {
            out.add(aliasTemplate(tparams));
            return;
        }
        if (at("using")) {
            out.add(usingDeclaration());
            return;
        }
        if (at("static_assert")) {
            out.add(staticAssert());
            return;
        }
        // Constructors and destructors: Name( / ~Name( inside the class, or Class::Class( outside.
        if (inClass && (at("~") || peek().kind() == Token.Kind.IDENT && !classStack.isEmpty()
                && peek().text().equals(classStack.get(classStack.size() - 1)) && peek(1).is("("))
                || inClass && (at("explicit") || at("__host__") || at("__device__") || at("constexpr") || at("inline") || at("virtual")) && constructorAhead()) {
            Specs specs = Specs.NONE;
            while (at("explicit") || at("__host__") || at("__device__") || at("constexpr") || at("inline") || at("__forceinline__") || at("virtual")) {
                specs = addSpec(specs, next().text());
            }
            out.add(constructor(specs, classStack.get(classStack.size() - 1), tparams, start));
            return;
        }
        if (!inClass && outOfClassConstructorAhead()) {
            Specs specs = Specs.NONE;
            while (at("__host__") || at("__device__") || at("inline") || at("__forceinline__") || at("constexpr")) {
                specs = addSpec(specs, next().text());
            }
            String owner = ident();
            List<TemplateArg> ownerArgs = at("<") ? templateArgs() : null;
            expect("::");
            FunctionDecl ctor = constructor(specs, owner, tparams, start);
            out.add(ownerArgs == null ? ctor : ctor.with(templ && tparams.isEmpty() ? List.of() : null, ownerArgs));
            return;
        }
        if (inClass) {
            conversionFunctionAhead();
        }
        DeclSpecs ds = declSpecifiers();
        pendingClassTemplate = false;
        if (accept(";")) {
            // struct S { … }; or enum E { … };
            if (ds.type() instanceof InlineRecordType r) {
                RecordDecl d = r.decl();
                out.add(templ ? new RecordDecl(d.kind(), d.name(), d.members(), d.complete(), tparams, d.specializationArgs(), d.bases(), d.alignAs(), d.span()) : d);
                hoistFriends(out, inClass);
            } else if (ds.type() instanceof InlineEnumType e) {
                out.add(e.decl());
            }
            return;
        }
        if (ds.type() instanceof InlineRecordType r) {
            out.add(r.decl());
            hoistFriends(out, inClass);
        } else if (ds.type() instanceof InlineEnumType e) {
            out.add(e.decl());
        }
        TypeNode base = ds.type() instanceof InlineRecordType r ? new NamedType(r.decl().name(), List.of(), r.span())
                : ds.type() instanceof InlineEnumType e ? new NamedType(e.decl().name(), List.of(), e.span()) : ds.type();
        boolean first = true;
        while (true) {
            Declarator d = declarator(base);
            if (d.params != null && d.nameOnly) {
                // a function
                FunctionDecl f = functionRest(d, ds, tparams, inClass, start);
                if (templ && tparams.isEmpty()) {
                    // template <> R f<args>(…): the specialization replaces the template's body for those arguments
                    f = f.with(d.specArgs == null ? List.of() : d.specArgs, f.ownerArgs());
                }
                if (d.ownerArgs != null) {
                    f = f.with(f.specializationArgs(), d.ownerArgs);
                }
                out.add(f);
                if (!inClass && f.owner() == null && !f.name().startsWith("operator")) {
                    declareValue(f.name()); // int stat(const char *, struct stat *) hides the class name
                }
                if (templ && !tparams.isEmpty() && !f.name().startsWith("operator")) {
                    registerFunctionTemplate(f.name());
                }
                if (f.body() != null) {
                    return;
                }
            } else {
                TypeNode type = d.type;
                if (ds.specs().isTypedef()) {
                    attributes();
                    declareType(d.name);
                    aliasMemberTypes(d.name, type);
                    out.add(new TypedefDecl(d.name, type, d.span));
                } else {
                    int align = attributes(); // int x __attribute__((aligned(16)));
                    Expr init = initializer(type);
                    out.add(new VarDecl(d.name, type, init, ds.specs().withAlign(align), d.span));
                    declareValue(d.name);
                }
            }
            first = false;
            if (!accept(",")) {
                break;
            }
        }
        expect(";");
    }

    private void registerFunctionTemplate(String name) {
        functionTemplates.add(name);
        if (!namespaceStack.isEmpty() && classStack.isEmpty()) {
            String ns = String.join("::", namespaceStack);
            functionTemplates.add(ns + "::" + name);
            namespaceFunctionTemplates.computeIfAbsent(ns, k -> new ArrayList<>()).add(name);
        }
    }

    /**
     * conversion-function = specifiers "operator" type "(" ")" — {@code operator float() const}.
     * It has no declared result type; the result is the named type, so a copy of the type's token
     * is put before {@code operator} and the member parses as {@code float operator float()}.
     * Only one-token types (float, double, int, bool, a class or typedef name) are recognised.
     */
    private void conversionFunctionAhead() {
        int k = p;
        while (toks.get(k).kind() == Token.Kind.IDENT && Set.of("explicit", "__host__", "__device__", "constexpr", "inline",
                "__forceinline__", "virtual").contains(toks.get(k).text())) {
            k++;
        }
        if (!toks.get(k).is("operator") || k + 2 >= toks.size()) {
            return;
        }
        Token t = toks.get(k + 1);
        int open = k + 1;
        while (open < toks.size() && (toks.get(open).kind() == Token.Kind.IDENT || toks.get(open).is("*") || toks.get(open).is("&"))) {
            open++; // operator T *(), operator const char *(), operator unsigned int()
        }
        if (t.kind() == Token.Kind.IDENT && open > k + 1 && open < toks.size() && toks.get(open).is("(")
                && (isTypeName(t.text()) || Set.of("float", "double", "int", "bool", "char", "short", "long", "unsigned", "signed", "const")
                .contains(t.text()))) {
            List<Token> type = new ArrayList<>();
            for (int i = k + 1; i < open; i++) {
                type.add(toks.get(i).at(toks.get(i).span(), false, true)); // the type's tokens, copied before 'operator'
            }
            toks.addAll(k, type); // 'explicit' stays a specifier: Sema uses such a conversion only where C++ does
        }
    }

    private boolean constructorAhead() {
        int k = p;
        while (toks.get(k).kind() == Token.Kind.IDENT && Set.of("explicit", "__host__", "__device__", "constexpr", "inline", "__forceinline__", "virtual").contains(toks.get(k).text())) {
            k++;
        }
        return toks.get(k).is("~") || !classStack.isEmpty() && toks.get(k).is(classStack.get(classStack.size() - 1)) && toks.get(k + 1).is("(");
    }

    private boolean outOfClassConstructorAhead() {
        int k = p;
        while (toks.get(k).kind() == Token.Kind.IDENT && Set.of("__host__", "__device__", "inline", "__forceinline__", "constexpr").contains(toks.get(k).text())) {
            k++;
        }
        Token a = toks.get(k);
        int c = k + 1;
        if (a.kind() == Token.Kind.IDENT && classTemplates.contains(a.text()) && toks.get(c).is("<")) {
            // Box<T>::Box(…): skip the class template's arguments
            int depth = 0;
            do {
                Token x = toks.get(c);
                if (x.is("<")) {
                    depth++;
                } else if (x.is(">")) {
                    depth--;
                } else if (x.is(">>")) {
                    depth -= 2;
                } else if (x.is(";") || x.is("{") || x.kind() == Token.Kind.EOF) {
                    return false;
                }
                c++;
            } while (depth > 0);
        }
        return a.kind() == Token.Kind.IDENT && isTypeName(a.text()) && toks.get(c).is("::")
                && (toks.get(c + 1).is(a.text()) && toks.get(c + 2).is("(") || toks.get(c + 1).is("~"));
    }

    private FunctionDecl constructor(Specs specs, String owner, List<TemplateParam> tparams, Token start) {
        boolean dtor = accept("~");
        Token nameTok = next();
        String name = (dtor ? "~" : "") + nameTok.text();
        pushScope();
        try {
            expect("(");
            List<Param> params = new ArrayList<>();
            boolean variadic = paramList(params);
            boolean noexcept = dtor;
            while (at("noexcept") || at("throw") || at("const") || at("override") || at("final")) {
                if (at("noexcept") || at("throw")) {
                    noexcept = exceptionSpec();
                } else {
                    specs = addSpec(specs, next().text());
                }
            }
            attributes();
            List<MemberInit> inits = new ArrayList<>();
            if (accept(":")) {
                do {
                    Token m = peek();
                    String mname = qualifiedName();
                    List<Expr> args = new ArrayList<>();
                    if (at("{")) {
                        // v_{1, 2}: list-initialisation, kept as one braced list (not the arguments v_(1, 2))
                        Token open = next();
                        List<Expr> items = new ArrayList<>();
                        if (!at("}")) {
                            do {
                                items.add(packExpansion(assignment()));
                            } while (accept(","));
                        }
                        expect("}");
                        args.add(new InitList(null, items, open.span()));
                    } else {
                        expect("(");
                        if (!at(")")) {
                            do {
                                args.add(packExpansion(assignment()));
                            } while (accept(","));
                        }
                        expect(")");
                    }
                    inits.add(new MemberInit(mname, args, m.span()));
                } while (accept(","));
            }
            Compound body = null;
            if (accept("=")) {
                specs = addSpec(specs, "= " + next().text()); // = default, = delete, = 0
                expect(";");
            } else if (at("{")) {
                body = compound();
            } else {
                expect(";");
            }
            return new FunctionDecl(name, null, params, variadic, specs, tparams, body, owner, inits, false, nameTok.span(), noexcept);
        } finally {
            popScope();
        }
    }

    private static Specs addSpec(Specs s, String w) {
        return new Specs(s.isStatic() || w.equals("static"), s.isExtern() || w.equals("extern"),
                s.isInline() || w.equals("inline") || w.equals("__inline__") || w.equals("__forceinline__") || w.equals("__noinline__"),
                s.isConstexpr() || w.equals("constexpr") || w.equals("consteval"),
                s.host() || w.equals("__host__"), s.device() || w.equals("__device__"), s.global() || w.equals("__global__"),
                s.shared() || w.equals("__shared__"), s.constant() || w.equals("__constant__"),
                s.isTypedef() || w.equals("typedef"), s.isVirtual() || w.equals("virtual"), s.isExplicit() || w.equals("explicit"),
                s.isPure() || w.equals("= 0"), s.isOverride() || w.equals("override"), s.isFinal() || w.equals("final"),
                s.isDefaulted() || w.equals("= default"), s.isDeleted() || w.equals("= delete"), s.alignAs());
    }

    /** decl-specifiers = (storage-class | cuda-specifier | type-qualifier | type-specifier | attribute)+ */
    private DeclSpecs declSpecifiers() {
        Specs specs = Specs.NONE;
        boolean isConst = false;
        TypeNode type = null;
        List<String> words = new ArrayList<>();
        Token first = peek();
        while (true) {
            Token t = peek();
            if (atAttribute()) {
                specs = specs.withAlign(attributes());
                continue;
            }
            if (t.kind() != Token.Kind.IDENT && !t.is("::")) {
                break;
            }
            String w = t.text();
            if (SPECIFIER_WORDS.contains(w)) {
                p++;
                specs = addSpec(specs, w);
                continue;
            }
            if (w.equals("const")) {
                p++;
                isConst = true;
                continue;
            }
            if (QUALIFIERS.contains(w)) {
                p++;
                continue;
            }
            if (w.equals("__launch_bounds__")) {
                p++;
                skipParens();
                continue;
            }
            if (BUILTIN_TYPE_WORDS.contains(w) && type == null) {
                p++;
                words.add(w);
                continue;
            }
            if (!words.isEmpty() || type != null) {
                break;
            }
            if (w.equals("struct") || w.equals("class") || w.equals("union")) {
                type = recordSpecifier();
                continue;
            }
            if (w.equals("enum")) {
                type = enumSpecifier();
                continue;
            }
            if (w.equals("auto")) {
                p++;
                type = new AutoType(t.span());
                continue;
            }
            if (w.equals("decltype")) {
                p++;
                expect("(");
                Expr e = expression();
                expect(")");
                type = new DecltypeType(e, t.span());
                continue;
            }
            if (w.equals("typename")) {
                p++;
                type = namedType();
                continue;
            }
            if (isTypeName(w) || t.is("::") || isQualifiedTypeAhead()) {
                type = namedType();
                continue;
            }
            break;
        }
        if (type == null) {
            if (words.isEmpty()) {
                throw error(peek(), isTypeLikeIdent(peek()) ? DiagKey.ERR_UNKNOWN_TYPE : DiagKey.ERR_EXPECTED_TYPE, peek().text());
            }
            type = new BuiltinType(canonical(words, first), first.span());
        }
        // const belongs to the base type, so that a declarator's '*' can see it (const T *p)
        if (isConst && !(type instanceof InlineRecordType) && !(type instanceof InlineEnumType)) {
            type = new ConstType(type, type.span());
        }
        return new DeclSpecs(type, specs, isConst);
    }

    private boolean isTypeLikeIdent(Token t) {
        return t.kind() == Token.Kind.IDENT && peek(1).kind() == Token.Kind.IDENT;
    }

    private String canonical(List<String> words, Token at) {
        int longs = 0;
        boolean unsigned = false;
        boolean signed = false;
        String base = null;
        String named = null;
        for (String w : words) {
            if (!w.equals("long") && !w.equals("unsigned") && !w.equals("signed") && !w.equals("__int64")) {
                // 'char double', 'int float': only short and int go together
                if (named != null && !(named.equals("short") && w.equals("int") || named.equals("int") && w.equals("short"))) {
                    diags.error(at.span(), DiagKey.ERR_SPECIFIER_COMBINE, named);
                    continue;
                }
                named = w;
            }
            switch (w) {
                case "long" -> longs++;
                case "unsigned" -> unsigned = true;
                case "signed" -> signed = true;
                case "short" -> base = "short";
                case "__int64" -> longs = 2;
                case "wchar_t" -> base = "int";
                default -> base = w;
            }
        }
        if (base == null || base.equals("int")) {
            base = longs == 1 ? "long" : longs >= 2 ? "long long" : base == null && words.contains("short") ? "short" : "int";
        } else if (base.equals("double") && longs > 0) {
            base = "long double";
        }
        if (base.equals("char")) {
            return unsigned ? "unsigned char" : signed ? "signed char" : "char";
        }
        if (base.equals("short") || base.equals("int") || base.equals("long") || base.equals("long long")) {
            return unsigned ? "unsigned " + base : base;
        }
        return base;
    }

    private void skipParens() {
        if (!at("(")) {
            return;
        }
        int depth = 0;
        do {
            if (at("(")) {
                depth++;
            } else if (at(")")) {
                depth--;
            }
            next();
        } while (depth > 0 && peek().kind() != Token.Kind.EOF);
    }

    private boolean atAttribute() {
        return at("__attribute__") || at("alignas") || at("_Alignas") || at("__align__") || at("__builtin_align__") || at("__declspec")
                || at("[") && peek(1).is("[");
    }

    /**
     * attributes = ("__attribute__" "((" attr ("," attr)* "))" | "alignas" "(" n ")" | "__align__" "(" n ")" | "[[" … "]]")*
     * Returns the largest alignment asked for (aligned(N), aligned alone is 16 as on x86-64), 0 if none;
     * every other attribute (unused, noinline, packed, nodiscard, maybe_unused …) changes nothing webcu does.
     */
    private int attributes() {
        int align = 0;
        while (atAttribute()) {
            Token a = next();
            if (a.is("[")) {
                next();
                int depth = 2;
                while (depth > 0 && peek().kind() != Token.Kind.EOF) {
                    Token t = next();
                    depth += t.is("[") ? 1 : t.is("]") ? -1 : 0;
                }
                continue;
            }
            if (a.is("__attribute__")) {
                int end = matchingParen(p);
                for (int k = p; k < end; k++) {
                    Token t = toks.get(k);
                    packed |= (t.is("packed") || t.is("__packed__")) && t.kind() == Token.Kind.IDENT;
                    if ((t.is("aligned") || t.is("__aligned__")) && t.kind() == Token.Kind.IDENT) {
                        if (toks.get(k + 1).is("(")) {
                            align = Math.max(align, alignmentArgument(k + 1));
                        } else {
                            align = Math.max(align, 16);
                        }
                    }
                }
                skipParens();
                continue;
            }
            if (!a.is("__declspec") && at("(")) {
                align = Math.max(align, alignmentArgument(p));
            }
            skipParens();
        }
        return align;
    }

    /** Set when an attribute list said 'packed'; read and cleared by the class specifier. */
    private boolean packed;

    /** The index of the ')' that closes the '(' at {@code k}. */
    private int matchingParen(int k) {
        int depth = 0;
        for (int i = k; i < toks.size(); i++) {
            Token t = toks.get(i);
            if (t.is("(")) {
                depth++;
            } else if (t.is(")") && --depth == 0) {
                return i;
            }
            if (t.kind() == Token.Kind.EOF) {
                return i;
            }
        }
        return toks.size() - 1;
    }

    /** The alignment in "(N)" at {@code k}: an integer literal, as programs write it. */
    private int alignmentArgument(int k) {
        Token n = toks.get(k + 1);
        if (n.kind() == Token.Kind.NUMBER && toks.get(k + 2).is(")")) {
            Long v = Literals.parseIntegerValue(n.text().toLowerCase());
            if (v != null && v > 0 && (v & (v - 1)) == 0) {
                return v.intValue();
            }
            diags.error(n.span(), DiagKey.ERR_EXPECTED, "a power of two for the alignment");
            return 0;
        }
        diags.error(n.span(), DiagKey.ERR_NOT_SUPPORTED, "an alignment that is not an integer literal");
        return 0;
    }

    /** named-type = ["::"] name ("::" name)* [template-args] */
    private TypeNode namedType() {
        Token t = peek();
        String name = qualifiedName();
        List<TemplateArg> args = List.of();
        if (at("<") && (classTemplates.contains(name) || isTypeName(name))) {
            args = templateArgs();
        }
        // nested names after template arguments: Outer<T>::Inner
        while (at("::") && peek(1).kind() == Token.Kind.IDENT) {
            p++;
            name = name + "::" + ident();
        }
        return new NamedType(name, args, t.span());
    }

    /** template-args = "<" (type | shift-expression) ("," …)* ">" */
    private List<TemplateArg> templateArgs() {
        expect("<");
        List<TemplateArg> args = new ArrayList<>();
        while (!at(">") && !at(">>") && !at(">>>")) {
            if (startsTypeId()) {
                TypeNode type = typeId();
                if (at("...")) {
                    type = new PackExpansionType(type, next().span());
                }
                args.add(new TemplateArg(type, null));
            } else {
                args.add(new TemplateArg(null, packExpansion(shift())));
            }
            if (!accept(",")) {
                break;
            }
        }
        closeAngle();
        return args;
    }

    /** Consumes one '>' of a template argument list, splitting '>>' and '>>>' as C++11 does. */
    private void closeAngle() {
        Token t = peek();
        if (t.is(">")) {
            p++;
        } else if (t.is(">>") || t.is(">>>")) {
            String rest = t.text().substring(1);
            Span s = t.span();
            toks.set(p, new Token(Token.Kind.PUNCT, rest, new Span(s.file(), s.line(), s.column() + 1, rest.length()), false, false, t.hide()));
        } else {
            throw error(t, DiagKey.ERR_EXPECTED, "'>'");
        }
    }

    private boolean startsTypeId() {
        Token t = peek();
        if (t.kind() != Token.Kind.IDENT) {
            return t.is("::") && isQualifiedTypeAhead();
        }
        String s = t.text();
        return BUILTIN_TYPE_WORDS.contains(s) || QUALIFIERS.contains(s) || s.equals("struct") || s.equals("class")
                || s.equals("union") || s.equals("enum") || s.equals("typename") || s.equals("decltype")
                || isTypeName(s) && !peek(1).is("::") || isQualifiedTypeAhead();
    }

    /** type-id = decl-specifiers abstract-declarator */
    private TypeNode typeId() {
        DeclSpecs ds = declSpecifiers();
        return declarator(ds.type(), true).type;
    }

    /** A parsed declarator: the name (may be null in abstract ones) and the full type. */
    private static final class Declarator {
        String name;
        TypeNode type;
        Span span;
        List<Param> params;
        boolean variadic;
        boolean nameOnly;
        boolean constMethod;
        boolean isOverride;
        boolean isFinal;
        /** Declared {@code noexcept}, {@code noexcept(true)} or {@code throw()}. */
        boolean noexcept;
        int pointerDepth;
        /** The '...' of a function parameter pack (Args... args), or null. */
        Token pack;
        /** The class template arguments of a member defined outside its class: Box<T>::print. */
        List<TemplateArg> ownerArgs;
        /** The template arguments after the name of an explicit specialization: f<int>(…). */
        List<TemplateArg> specArgs;
    }

    private Declarator declarator(TypeNode base) {
        return declarator(base, false);
    }

    /**
     * declarator = ("*" qualifiers | "&" | "&&")* (name | "(" declarator ")")? suffix*
     * suffix = "[" expr? "]" | "(" params ")" qualifiers
     */
    private Declarator declarator(TypeNode base, boolean abstractOk) {
        Declarator d = new Declarator();
        TypeNode type = base;
        while (true) {
            if (at("*")) {
                Token star = next();
                boolean constPointee = type instanceof ConstType;
                TypeNode pointee = type instanceof ConstType c ? c.inner() : type;
                type = new PointerType(pointee, constPointee, star.span());
                d.pointerDepth++;
                boolean constPtr = false;
                while (peek().kind() == Token.Kind.IDENT && QUALIFIERS.contains(peek().text())) {
                    constPtr |= next().text().equals("const");
                }
                if (constPtr) {
                    type = new ConstType(type, star.span());
                }
                continue;
            }
            if (at("&") || at("&&")) {
                Token amp = next();
                boolean constRef = type instanceof ConstType;
                type = new ReferenceType(type instanceof ConstType c ? c.inner() : type, constRef, amp.is("&&"), amp.span());
                continue;
            }
            if (at("...") && packDeclaratorAllowed) {
                // Args... args, const Args &... args: a function parameter pack
                Token dots = next();
                d.pack = dots;
                continue;
            }
            if (at("__restrict__") || at("__restrict") || at("restrict")) {
                p++;
                continue;
            }
            break;
        }
        // Nested declarator: (*fp)(int) or (&arr)[3]; in a parameter also a parenthesised name,
        // so that T x(U(f())) declares a function taking a U (*)() as C++ (and g++) reads it
        if (at("(") && (peek(1).is("*") || peek(1).is("&") || packDeclaratorAllowed && parenthesisedName())) {
            p++;
            int innerStart = p;
            int depth = 1;
            while (depth > 0 && peek().kind() != Token.Kind.EOF) {
                if (at("(")) {
                    depth++;
                } else if (at(")")) {
                    depth--;
                }
                p++;
            }
            int afterInner = p;
            // parse suffixes first (they bind to the base), then the inner declarator around the result
            TypeNode withSuffix = suffixes(type, d);
            int end = p;
            p = innerStart;
            Declarator inner = declarator(withSuffix, abstractOk);
            expect(")");
            if (p != afterInner) {
                throw error(peek(), DiagKey.ERR_EXPECTED, "')'");
            }
            p = end;
            inner.nameOnly = false;
            inner.params = null;
            return inner;
        }
        Token nameTok = peek();
        if (peek().kind() == Token.Kind.IDENT && !QUALIFIERS.contains(peek().text())) {
            if (peek().is("operator")) {
                d.name = operatorName();
            } else {
                d.name = qualifiedName();
                if (at("<") && classTemplates.contains(d.name) && !functionTemplates.contains(d.name)) {
                    // template <class T> void Box<T>::print(): a member of a class template, defined outside it
                    d.ownerArgs = templateArgs();
                    expect("::");
                    if (accept("~")) {
                        d.name = d.name + "::~" + ident();
                    } else if (at("operator")) {
                        d.name = d.name + "::" + operatorName();
                    } else {
                        d.name = d.name + "::" + qualifiedName();
                    }
                }
                String lastName = d.name.substring(d.name.lastIndexOf(':') + 1);
                if (at("<") && (functionTemplates.contains(d.name) || functionTemplates.contains(lastName))) {
                    d.specArgs = templateArgs(); // explicit specialization f<int>(…)
                }
            }
            d.span = nameTok.span();
        } else if (!abstractOk) {
            throw error(peek(), DiagKey.ERR_EXPECTED, "identifier");
        } else {
            d.span = nameTok.span();
        }
        d.type = suffixes(type, d);
        d.nameOnly = d.params != null && !(d.type instanceof ArrayType);
        return d;
    }

    private String operatorName() {
        next();
        Token t = next();
        String op = t.text();
        if (op.equals("(")) {
            expect(")");
            return "operator()";
        }
        if (op.equals("[")) {
            expect("]");
            return "operator[]";
        }
        if ((op.equals("new") || op.equals("delete")) && at("[")) {
            p += 2;
            return "operator" + op + "[]";
        }
        if (t.kind() == Token.Kind.IDENT && !op.equals("new") && !op.equals("delete")) {
            // conversion operator: operator float(), operator T *(), operator const char *()
            StringBuilder name = new StringBuilder("operator " + op);
            while (peek().kind() == Token.Kind.IDENT && !peek().is("operator") || at("*") || at("&")) {
                Token more = next();
                name.append(more.kind() == Token.Kind.IDENT ? " " : "").append(more.text());
            }
            return name.toString();
        }
        return "operator" + op;
    }

    /** Whether {@code (} starts a parenthesised declarator name: ( name ) ( name ( ( name [ . */
    private boolean parenthesisedName() {
        Token n = peek(1);
        return n.kind() == Token.Kind.IDENT && !isTypeName(n.text()) && !BUILTIN_TYPE_WORDS.contains(n.text())
                && !QUALIFIERS.contains(n.text()) && !n.is("operator") && (peek(2).is(")") || peek(2).is("(") || peek(2).is("["));
    }

    private TypeNode suffixes(TypeNode type, Declarator d) {
        // "T name(16, 16)" constructs an object; only "(" followed by a parameter starts a function declarator
        if (at("(") && startsParams()) {
            int save = p;
            int mark = diags.mark();
            Token lp = next();
            pushScope();
            List<Param> params = new ArrayList<>();
            boolean variadic;
            try {
                variadic = paramList(params);
            } catch (SyntaxError e) {
                if (initializerAt(save)) {
                    diags.rollback(mark);
                    p = save;
                    return type;
                }
                throw e;
            } finally {
                popScope();
            }
            while (at("const") || at("noexcept") || at("throw") || at("override") || at("final") || at("volatile")) {
                if (at("noexcept") || at("throw")) {
                    d.noexcept = exceptionSpec();
                    continue;
                }
                String w = next().text();
                d.constMethod |= w.equals("const");
                d.isOverride |= w.equals("override");
                d.isFinal |= w.equals("final");
            }
            attributes();
            if (accept("->")) {
                type = typeId();
            }
            if (d.params == null) {
                d.params = params;
                d.variadic = variadic;
            }
            return new FunctionType(type, params, variadic, lp.span());
        }
        if (at("[")) {
            List<Expr> sizes = new ArrayList<>();
            List<Span> spans = new ArrayList<>();
            while (at("[")) {
                spans.add(next().span());
                sizes.add(at("]") ? null : expression());
                expect("]");
            }
            for (int i = sizes.size() - 1; i >= 0; i--) {
                type = new ArrayType(type, sizes.get(i), spans.get(i));
            }
        }
        return type;
    }

    private boolean startsParams() {
        Token t = peek(1);
        if (t.is(")") || t.is("...")) {
            return true;
        }
        if (t.kind() != Token.Kind.IDENT) {
            return false;
        }
        int save = p;
        p++;
        boolean r = startsDeclaration() && !(peek(1).is("(") && !isTypeName(peek().text()) && !BUILTIN_TYPE_WORDS.contains(peek().text()));
        p = save;
        return r;
    }

    /**
     * Whether a parenthesised expression list starts at {@code at}: after a parameter list failed
     * to parse, T x(U("s")) and T x(U((n + 1) / 2)) are objects built from a functional cast, as
     * C++ reads anything that cannot be a declaration. Leaves the position and the diagnostics as
     * they were.
     */
    private boolean initializerAt(int at) {
        int failedAt = p;
        int mark = diags.mark();
        p = at + 1;
        boolean ok;
        try {
            args();
            ok = true;
        } catch (SyntaxError e) {
            ok = false;
        }
        diags.rollback(mark);
        p = failedAt;
        return ok;
    }

    /**
     * exception-spec = "noexcept" ("(" constant ")")? | "throw" "(" type-list? ")"; true when it
     * promises not to throw. Only the literal {@code noexcept(false)} throws: a computed condition
     * is taken as true, as the library's conditional specifications are.
     */
    private boolean exceptionSpec() {
        boolean dynamic = next().is("throw");
        if (!at("(")) {
            return true;
        }
        int start = ++p;
        int depth = 1;
        while (depth > 0 && peek().kind() != Token.Kind.EOF) {
            Token t = next();
            if (t.is("(")) {
                depth++;
            } else if (t.is(")")) {
                depth--;
            }
        }
        boolean empty = p - start == 1;
        boolean literalFalse = p - start == 2 && toks.get(start).is("false");
        return dynamic ? empty : !literalFalse;
    }

    /** params = "(" (param ("," param)* ("," "...")? | "void" | "...")? ")"; returns whether variadic */
    private boolean paramList(List<Param> params) {
        if (accept(")")) {
            return false;
        }
        if (at("void") && peek(1).is(")")) {
            p += 2;
            return false;
        }
        boolean variadic = false;
        while (true) {
            if (accept("...")) {
                variadic = true;
                break;
            }
            Token start = peek();
            DeclSpecs ds = declSpecifiers();
            boolean saveAllowed = packDeclaratorAllowed;
            packDeclaratorAllowed = true;
            Declarator d;
            try {
                d = declarator(ds.type(), true);
            } finally {
                packDeclaratorAllowed = saveAllowed;
            }
            TypeNode t = d.type;
            if (t instanceof FunctionType ft) {
                t = new PointerType(ft, false, ft.span());
            }
            if (d.pack != null) {
                t = new PackExpansionType(t, d.pack.span());
            }
            Expr def = null;
            if (accept("=")) {
                def = assignment();
            }
            params.add(new Param(d.name, t, def, d.name != null ? d.span : start.span()));
            declareValue(d.name);
            if (!accept(",")) {
                break;
            }
        }
        expect(")");
        return variadic;
    }

    private FunctionDecl functionRest(Declarator d, DeclSpecs ds, List<TemplateParam> tparams, boolean inClass, Token start) {
        TypeNode result = ((FunctionType) d.type).result();
        String owner = inClass ? classStack.get(classStack.size() - 1) : null;
        String name = d.name;
        if (!inClass && name.contains("::")) {
            int k = name.lastIndexOf("::");
            owner = name.substring(0, k);
            name = name.substring(k + 2);
        }
        Specs specs = ds.specs();
        // a class's operator new and operator delete are static members, declared so or not
        specs = inClass && (name.startsWith("operatornew") || name.startsWith("operatordelete")) ? addSpec(specs, "static") : specs;
        specs = d.isOverride ? addSpec(specs, "override") : specs;
        specs = d.isFinal ? addSpec(specs, "final") : specs;
        // 'override' and 'final' may also follow a trailing return type
        while (at("override") || at("final")) {
            specs = addSpec(specs, next().text());
        }
        Compound body = null;
        if (accept("=")) {
            specs = addSpec(specs, "= " + next().text()); // = 0, = default, = delete; the caller takes the ';'
        } else if (at("{")) {
            pushScope();
            try {
                for (Param prm : d.params) {
                    declareValue(prm.name()); // the parameters are in scope in the body
                }
                body = compound();
            } finally {
                popScope();
            }
        } else if (at("try")) {
            // function-try-block: the handlers cover the whole body
            Token t = peek();
            pushScope();
            try {
                body = new Compound(List.of(tryStatement()), t.span());
            } finally {
                popScope();
            }
        }
        return new FunctionDecl(name, result, d.params, d.variadic, specs, tparams, body, owner, List.of(), d.constMethod, d.span,
                d.noexcept || name.startsWith("~"));
    }

    /** initializer = "=" (assignment | init-list) | init-list | "(" args ")" */
    private Expr initializer(TypeNode type) {
        if (accept("=")) {
            if (at("{")) {
                return initList(null);
            }
            return assignment();
        }
        if (at("{")) {
            return initList(type);
        }
        if (at("(")) {
            Token lp = next();
            List<Expr> args = new ArrayList<>();
            if (!at(")")) {
                do {
                    args.add(packExpansion(assignment()));
                } while (accept(","));
            }
            expect(")");
            return new Construct(type, args, lp.span());
        }
        return null;
    }

    private InitList initList(TypeNode type) {
        Token lb = expect("{");
        List<Expr> items = new ArrayList<>();
        while (!at("}")) {
            if (at(".") && peek(1).kind() == Token.Kind.IDENT && peek(2).is("=")) {
                p += 3; // designated initializers in order: field names are checked by position
            }
            items.add(packExpansion(at("{") ? initList(null) : assignment()));
            if (!accept(",")) {
                break;
            }
        }
        expect("}");
        return new InitList(type, items, lb.span());
    }

    /** record-specifier = ("struct"|"class"|"union") [attributes] [name [template-args]] [":" bases] ["{" member* "}"] */
    private TypeNode recordSpecifier() {
        Token kw = next();
        int alignAs = 0;
        packed = false;
        while (atAttribute() || at("__device_builtin__")) {
            if (accept("__device_builtin__")) {
                continue;
            }
            alignAs = Math.max(alignAs, attributes());
        }
        boolean packedBefore = packed;
        String name = null;
        Token nameTok = peek();
        List<TemplateArg> specArgs = List.of();
        boolean isTemplate = pendingClassTemplate;
        if (peek().kind() == Token.Kind.IDENT) {
            name = qualifiedName();
            // 'struct stat st;' where a function stat hides the class names that class, and declares nothing
            boolean elaborated = !at("{") && !at(":") && !at(";") && !at("final") && hiddenByValue(name);
            if (!elaborated) {
                declareType(name);
            }
            if (pendingClassTemplate && templateOuterScope >= 0) {
                typeScopes.get(templateOuterScope).add(name);
            }
            if (pendingClassTemplate) {
                classTemplates.add(name);
                if (!namespaceStack.isEmpty()) {
                    classTemplates.add(String.join("::", namespaceStack) + "::" + name);
                }
            }
            pendingClassTemplate = false;
            if (at("<")) {
                specArgs = templateArgs();
            }
        }
        if (at("final") && (peek(1).is(":") || peek(1).is("{"))) {
            p++; // accepted; deriving from a final class is not diagnosed
        }
        if (name == null) {
            name = "__anon_" + kw.span().line() + "_" + kw.span().column();
        }
        List<TypeNode> bases = new ArrayList<>();
        if (accept(":")) {
            do {
                while (at("public") || at("private") || at("protected") || at("virtual")) {
                    p++;
                }
                bases.add(namedType());
            } while (accept(","));
        }
        if (!at("{")) {
            return new InlineRecordType(new RecordDecl(kw.text(), name, List.of(), false, List.of(), specArgs, bases, alignAs, nameTok.span()), nameTok.span());
        }
        next();
        classStack.add(name.contains("::") ? name.substring(name.lastIndexOf(':') + 1) : name);
        templateBodies.add(isTemplate);
        pushScope();
        declareType(classStack.get(classStack.size() - 1));
        List<Decl> members = new ArrayList<>();
        try {
            while (!at("}") && peek().kind() != Token.Kind.EOF) {
                if ((at("public") || at("private") || at("protected")) && peek(1).is(":")) {
                    p += 2;
                    continue;
                }
                if (accept(";") || peek().kind() == Token.Kind.PRAGMA && next() != null) {
                    continue;
                }
                int start = p;
                try {
                    if (at("friend")) {
                        if (templateBodies.contains(true) || peek(1).is("class") || peek(1).is("struct")) {
                            recover();
                        } else {
                            // friend std::ostream &operator<<(std::ostream &, const T &) { … }
                            p++;
                            declaration(friends, false);
                        }
                        continue;
                    }
                    declaration(members, true);
                } catch (SyntaxError e) {
                    recover();
                }
                if (p == start) {
                    p++;
                }
            }
            expect("}");
        } finally {
            popScope();
            classStack.remove(classStack.size() - 1);
            templateBodies.remove(templateBodies.size() - 1);
        }
        // struct S { … } __attribute__((aligned(64)));
        packed = false;
        alignAs = Math.max(alignAs, attributes());
        if (packedBefore || packed) {
            alignAs = -1; // packed: members at alignment 1 (an aligned() beside it is not honoured)
        }
        packed = false;
        if (kw.is("struct") || kw.is("class") || kw.is("union")) {
            // the name is a type in the enclosing scope too
            declareType(name);
        }
        return new InlineRecordType(new RecordDecl(kw.text(), name, members, true, List.of(), specArgs, bases, alignAs, nameTok.span()), nameTok.span());
    }

    /** enum-specifier = "enum" ["class"|"struct"] [name] [":" type] ["{" enumerator ("," enumerator)* [","] "}"] */
    private TypeNode enumSpecifier() {
        Token kw = next();
        boolean scoped = accept("class") || accept("struct");
        String name = peek().kind() == Token.Kind.IDENT ? ident() : "__anon_enum_" + kw.span().line() + "_" + kw.span().column();
        declareType(name);
        TypeNode underlying = null;
        if (accept(":")) {
            underlying = typeId();
        }
        List<Enumerator> list = new ArrayList<>();
        if (accept("{")) {
            while (!at("}")) {
                Token t = peek();
                String n = ident();
                Expr v = accept("=") ? conditional() : null;
                list.add(new Enumerator(n, v, t.span()));
                if (!accept(",")) {
                    break;
                }
            }
            expect("}");
        }
        return new InlineEnumType(new EnumDecl(name, scoped, underlying, list, kw.span()), kw.span());
    }

    // ------------------------------------------------------------------ statements

    /** compound = "{" (declaration | statement)* "}" */
    private Compound compound() {
        Token lb = expect("{");
        pushScope();
        List<Stmt> stmts = new ArrayList<>();
        try {
            while (!at("}") && peek().kind() != Token.Kind.EOF) {
                int start = p;
                try {
                    stmts.add(statement());
                } catch (SyntaxError e) {
                    recover();
                }
                if (p == start) {
                    p++;
                }
            }
            expect("}");
        } finally {
            popScope();
        }
        return new Compound(stmts, lb.span());
    }

    /** statement = compound | if | while | do | for | switch | case | default | break | continue | return | goto | declaration | expression ";" */
    private Stmt statement() {
        Token t = peek();
        if (t.kind() == Token.Kind.PRAGMA) {
            p++;
            return new Pragma(t.text(), t.span());
        }
        if (t.is("{")) {
            return compound();
        }
        if (t.is("namespace") && peek(1).kind() == Token.Kind.IDENT && peek(2).is("=")) {
            namespaceAlias();
            return new Empty(t.span());
        }
        if (t.is("[") && peek(1).is("[")) {
            attributes(); // [[maybe_unused]] int x; [[likely]] …
            return statement();
        }
        if (t.kind() == Token.Kind.IDENT) {
            switch (t.text()) {
                case "if" -> {
                    p++;
                    boolean isConstexpr = accept("constexpr");
                    expect("(");
                    pushScope();
                    try {
                        Stmt init = null;
                        Expr cond;
                        if (startsDeclaration()) {
                            List<Decl> decls = new ArrayList<>();
                            DeclSpecs ds = declSpecifiers();
                            Declarator d = declarator(ds.type());
                            Expr init0 = initializer(d.type);
                            decls.add(new VarDecl(d.name, d.type, init0, ds.specs(), d.span));
                            declareValue(d.name);
                            if (accept(";")) {
                                init = new DeclStmt(decls, t.span());
                                cond = expression();
                            } else {
                                init = new DeclStmt(decls, t.span());
                                cond = new Name(d.name, List.of(), d.span);
                            }
                        } else {
                            cond = expression();
                        }
                        expect(")");
                        Stmt then = statement();
                        Stmt otherwise = accept("else") ? statement() : null;
                        return new If(init, cond, then, otherwise, isConstexpr, t.span());
                    } finally {
                        popScope();
                    }
                }
                case "while" -> {
                    p++;
                    expect("(");
                    Expr c = expression();
                    expect(")");
                    return new While(c, statement(), t.span());
                }
                case "do" -> {
                    p++;
                    Stmt body = statement();
                    expect("while");
                    expect("(");
                    Expr c = expression();
                    expect(")");
                    expect(";");
                    return new DoWhile(body, c, t.span());
                }
                case "for" -> {
                    return forStatement();
                }
                case "switch" -> {
                    p++;
                    expect("(");
                    Expr c = expression();
                    expect(")");
                    return new Switch(c, statement(), t.span());
                }
                case "case" -> {
                    p++;
                    Expr v = conditional();
                    expect(":");
                    return new Case(v, t.span());
                }
                case "default" -> {
                    if (peek(1).is(":")) {
                        p += 2;
                        return new Default(t.span());
                    }
                }
                case "break" -> {
                    p++;
                    expect(";");
                    return new Break(t.span());
                }
                case "continue" -> {
                    p++;
                    expect(";");
                    return new Continue(t.span());
                }
                case "return" -> {
                    p++;
                    Expr v = at(";") ? null : at("{") ? initList(null) : expression();
                    expect(";");
                    return new Return(v, t.span());
                }
                case "try" -> {
                    return tryStatement();
                }
                case "goto" -> {
                    diags.error(t.span(), DiagKey.ERR_GOTO);
                    throw new SyntaxError();
                }
                case "static_assert" -> {
                    StaticAssert sa = staticAssert();
                    return new DeclStmt(List.of(sa), sa.span());
                }
                default -> { }
            }
            if (peek(1).is(":") && !peek(2).is(":") && !isTypeName(t.text())) {
                diags.error(t.span(), DiagKey.ERR_GOTO);
                throw new SyntaxError();
            }
        }
        if (t.is(";")) {
            p++;
            return new Empty(t.span());
        }
        if (structuredBindingAhead()) {
            DeclSpecs ds = declSpecifiers();
            BindingHead head = bindingHead(ds);
            Expr init;
            if (accept("=")) {
                init = assignment();
            } else if (at("{") || at("(")) {
                String close = next().is("{") ? "}" : ")";
                init = assignment();
                expect(close);
            } else {
                throw error(peek(), DiagKey.ERR_EXPECTED, "'=' after a structured binding declaration");
            }
            expect(";");
            List<Decl> decls = new ArrayList<>();
            decls.add(new VarDecl(head.hidden, head.type, init, ds.specs(), head.span));
            declareBindings(head, ds, decls);
            return new DeclStmt(decls, t.span());
        }
        if (startsDeclaration() && !(peek(1).is("(") && isFunctionalCastAhead())
                && !(peek(1).is("{") && isTypeName(peek().text()) && !BUILTIN_TYPE_WORDS.contains(peek().text()))) {
            List<Decl> decls = new ArrayList<>();
            declaration(decls, false);
            return new DeclStmt(decls, t.span());
        }
        Expr e = expression();
        expect(";");
        return new ExprStmt(e, t.span());
    }

    /** Whether "T(" at the start of a statement is an expression (T(x).f(), T(1) + …) rather than a declaration. */
    private boolean isFunctionalCastAhead() {
        Token t = peek();
        if (!isTypeName(t.text()) || BUILTIN_TYPE_WORDS.contains(t.text())) {
            return false;
        }
        Token first = toks.get(p + 2);
        if (first.kind() == Token.Kind.NUMBER || first.kind() == Token.Kind.STRING || first.kind() == Token.Kind.CHAR) {
            return true; // T(4); makes and destroys a temporary: a literal declares nothing
        }
        // "T (name)" or "T (*name)" declares; "T (expr)" followed by an operator is an expression
        int k = p + 2;
        int depth = 1;
        while (depth > 0 && toks.get(k).kind() != Token.Kind.EOF) {
            if (toks.get(k).is("(")) {
                depth++;
            } else if (toks.get(k).is(")")) {
                depth--;
            }
            k++;
        }
        return !toks.get(k).is(";") && !toks.get(k).is("=") && !toks.get(k).is(",");
    }

    /** What a structured binding declares: the hidden object's name and type, and the names bound into it. */
    private record BindingHead(String hidden, TypeNode type, List<Token> names, Span span) {}

    private int bindingCount;

    /**
     * Whether a structured binding declaration starts here: specifiers that include 'auto'
     * (const, static …), an optional '&' or '&&', then '['.
     */
    private boolean structuredBindingAhead() {
        int k = p;
        boolean auto = false;
        while (toks.get(k).kind() == Token.Kind.IDENT
                && Set.of("auto", "const", "volatile", "static", "constexpr", "thread_local", "register").contains(toks.get(k).text())) {
            auto |= toks.get(k).is("auto");
            k++;
        }
        if (toks.get(k).is("&") || toks.get(k).is("&&")) {
            k++;
        }
        return auto && toks.get(k).is("[");
    }

    /** structured-binding-head = specifiers ("&" | "&&")? "[" identifier ("," identifier)* "]" */
    private BindingHead bindingHead(DeclSpecs ds) {
        TypeNode type = ds.type();
        if (at("&") || at("&&")) {
            Token amp = next();
            type = new ReferenceType(type instanceof ConstType c ? c.inner() : type, type instanceof ConstType, amp.is("&&"), amp.span());
        }
        Token lb = expect("[");
        List<Token> names = new ArrayList<>();
        do {
            Token n = peek();
            ident();
            names.add(n);
        } while (accept(","));
        expect("]");
        return new BindingHead("__binding#" + bindingCount++, type, names, lb.span());
    }

    /**
     * Each name of a structured binding is a reference to its element of the hidden object;
     * Sema picks the element ({@code __webcu_binding(object, i, count)}): tuple-like classes through
     * std::get, arrays and std::array by index, other classes by data member.
     */
    private void declareBindings(BindingHead head, DeclSpecs ds, List<Decl> out) {
        for (int i = 0; i < head.names.size(); i++) {
            Token n = head.names.get(i);
            Expr element = new Call(new Name("__webcu_binding", List.of(), n.span()),
                    List.of(new Name(head.hidden, List.of(), n.span()), new IntLit(Integer.toString(i), n.span()),
                            new IntLit(Integer.toString(head.names.size()), n.span())), n.span());
            out.add(new VarDecl(n.text(), new ReferenceType(new AutoType(n.span()), false, false, n.span()), element, ds.specs(), n.span()));
            declareValue(n.text());
        }
    }

    /** for = "for" "(" (declaration | expr? ";") expr? ";" expr? ")" statement | range-for */
    private Stmt forStatement() {
        Token f = next();
        expect("(");
        pushScope();
        try {
            Stmt init = null;
            if (accept(";")) {
                init = null;
            } else if (structuredBindingAhead()) {
                // for (const auto &[key, value] : map): the element is a hidden variable, the names refer into it
                DeclSpecs ds = declSpecifiers();
                BindingHead head = bindingHead(ds);
                expect(":");
                Expr range = at("{") ? initList(null) : expression();
                expect(")");
                List<Decl> decls = new ArrayList<>();
                pushScope();
                Stmt body;
                try {
                    declareBindings(head, ds, decls);
                    body = statement();
                } finally {
                    popScope();
                }
                Stmt wrapped = new Compound(List.of(new DeclStmt(decls, head.span), body), body.span());
                return new RangeFor(new VarDecl(head.hidden, head.type, null, ds.specs(), head.span), range, wrapped, f.span());
            } else if (startsDeclaration()) {
                // range-for: for (T x : range)
                int save = p;
                DeclSpecs ds = declSpecifiers();
                Declarator d = declarator(ds.type());
                if (accept(":")) {
                    Expr range = at("{") ? initList(null) : expression();
                    expect(")");
                    declareValue(d.name);
                    Stmt body = statement();
                    return new RangeFor(new VarDecl(d.name, d.type, null, ds.specs(), d.span), range, body, f.span());
                }
                p = save;
                List<Decl> decls = new ArrayList<>();
                declaration(decls, false);
                init = new DeclStmt(decls, f.span());
            } else {
                Token s = peek();
                init = new ExprStmt(expression(), s.span());
                expect(";");
            }
            Expr cond = at(";") ? null : expression();
            expect(";");
            Expr step = at(")") ? null : expression();
            expect(")");
            Stmt body = statement();
            return new For(init, cond, step, body, f.span());
        } finally {
            popScope();
        }
    }

    // ------------------------------------------------------------------ expressions

    /** expression = assignment ("," assignment)* */
    private Expr expression() {
        Expr e = assignment();
        while (at(",")) {
            Token c = next();
            e = new Comma(e, assignment(), c.span());
        }
        return e;
    }

    private static final Set<String> ASSIGN_OPS = Set.of("=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=");

    /** try-block = "try" compound ("catch" "(" (param | "...") ")" compound)+ */
    private Stmt tryStatement() {
        Token t = next();
        Compound body = scopedCompound();
        List<Handler> handlers = new ArrayList<>();
        do {
            Token c = peek();
            expect("catch");
            expect("(");
            pushScope();
            try {
                Param param = null;
                if (!accept("...")) {
                    Token start = peek();
                    DeclSpecs ds = declSpecifiers();
                    Declarator d = declarator(ds.type(), true);
                    param = new Param(d.name, d.type, null, d.name != null ? d.span : start.span());
                }
                expect(")");
                handlers.add(new Handler(param, compound(), c.span()));
            } finally {
                popScope();
            }
        } while (at("catch"));
        return new Try(body, handlers, t.span());
    }

    private Compound scopedCompound() {
        pushScope();
        try {
            return compound();
        } finally {
            popScope();
        }
    }

    /** assignment = throw-expression | conditional (assign-op (assignment | init-list))? */
    private Expr assignment() {
        if (at("throw")) {
            Token t = next();
            Expr operand = at(";") || at(")") || at(",") || at(":") || at("]") || at("}") ? null : assignment();
            return new Throw(operand, t.span());
        }
        Expr lhs = conditional();
        Token t = peek();
        if (t.kind() == Token.Kind.PUNCT && ASSIGN_OPS.contains(t.text())) {
            p++;
            Expr rhs = at("{") ? initList(null) : assignment();
            return new Assign(t.text().substring(0, t.text().length() - 1), lhs, rhs, t.span());
        }
        return lhs;
    }

    /** conditional = logical-or ("?" expression ":" assignment)? */
    private Expr conditional() {
        Expr c = binary(0);
        if (at("?")) {
            Token q = next();
            Expr a = expression();
            expect(":");
            Expr b = assignment();
            return new Conditional(c, a, b, q.span());
        }
        return c;
    }

    private static final String[][] BINARY_LEVELS = {
        {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
    };
    private static final int SHIFT_LEVEL = 7;

    /** shift = additive (("<<" | ">>") additive)*; template arguments stop here, before '>' */
    private Expr shift() {
        return binary(SHIFT_LEVEL);
    }

    /** binary = the C precedence levels from || down to multiplicative, left-associative */
    private Expr binary(int level) {
        if (level == BINARY_LEVELS.length) {
            return cast();
        }
        Expr e = binary(level + 1);
        outer:
        while (true) {
            Token t = peek();
            if (t.kind() != Token.Kind.PUNCT) {
                break;
            }
            for (String op : BINARY_LEVELS[level]) {
                if (t.text().equals(op)) {
                    p++;
                    e = new Binary(op, e, binary(level + 1), t.span());
                    continue outer;
                }
            }
            break;
        }
        return e;
    }

    /** cast = "(" type-id ")" cast | unary */
    private Expr cast() {
        if (at("(") && isTypeStartAt(p + 1)) {
            int save = p;
            Token lp = next();
            TypeNode type = typeId();
            if (accept(")")) {
                if (at("{")) {
                    return postfixOps(initList(type));
                }
                return new Cast("c", type, cast(), lp.span());
            }
            p = save;
        }
        return unary();
    }

    /** Whether the token at index {@code k} starts a type (for casts, sizeof and functional casts). */
    private boolean isTypeStartAt(int k) {
        Token t = toks.get(Math.min(k, toks.size() - 1));
        if (t.kind() != Token.Kind.IDENT) {
            return false;
        }
        String s = t.text();
        if (BUILTIN_TYPE_WORDS.contains(s) || s.equals("const") || s.equals("volatile") || s.equals("struct") || s.equals("class")
                || s.equals("union") || s.equals("enum") || s.equals("typename")) {
            return true;
        }
        int save = p;
        p = k;
        boolean q = isQualifiedTypeAhead();
        p = save;
        return isTypeName(s) && !toks.get(k + 1).is("::") || q;
    }

    /** unary = ("+" | "-" | "!" | "~" | "*" | "&" | "++" | "--") cast | sizeof | alignof | new | delete | postfix */
    private Expr unary() {
        Token t = peek();
        if (t.kind() == Token.Kind.PUNCT) {
            switch (t.text()) {
                case "+", "-", "!", "~", "*", "&" -> {
                    p++;
                    return new Unary(t.text(), cast(), t.span());
                }
                case "++", "--" -> {
                    p++;
                    return new Unary(t.text() + "pre", cast(), t.span());
                }
                case "&&" -> {
                    throw error(t, DiagKey.ERR_UNSUPPORTED, "taking the address of a label");
                }
                default -> { }
            }
        }
        if (t.is("sizeof")) {
            p++;
            if (at("...")) {
                p++;
                expect("(");
                Token n = next();
                expect(")");
                return new SizeofPack(n.text(), n.span());
            }
            if (at("(") && isTypeStartAt(p + 1)) {
                int save = p;
                p++;
                TypeNode type = typeId();
                if (accept(")")) {
                    return new SizeofType(type, t.span());
                }
                p = save;
            }
            return new SizeofExpr(unary(), t.span());
        }
        if (t.is("alignof") || t.is("__alignof__")) {
            p++;
            expect("(");
            TypeNode type = typeId();
            expect(")");
            return new AlignofType(type, t.span());
        }
        if (t.is("new")) {
            p++;
            TypeNode type;
            Expr placement = null;
            if (at("(") && !isTypeStartAt(p + 1)) {
                // placement new: new (address) T(args) constructs in storage the program owns
                p++;
                placement = expression();
                expect(")");
            }
            if (accept("(")) {
                type = typeId();
                expect(")");
            } else {
                DeclSpecs ds = declSpecifiers();
                type = ds.type();
                while (at("*")) {
                    type = new PointerType(type, false, next().span());
                }
            }
            Expr size = null;
            List<Expr> args = List.of();
            if (accept("[")) {
                size = expression();
                expect("]");
            }
            if (at("(")) {
                p++;
                args = new ArrayList<>();
                if (!at(")")) {
                    do {
                        args.add(packExpansion(assignment()));
                    } while (accept(","));
                }
                expect(")");
            } else if (at("{")) {
                args = initList(null).items();
            }
            return new New(type, size, args, t.span(), placement);
        }
        if (t.is("delete")) {
            p++;
            boolean array = false;
            if (at("[") && peek(1).is("]")) {
                p += 2;
                array = true;
            }
            return new Delete(cast(), array, t.span());
        }
        return postfix();
    }

    /** postfix = primary ("[" expr "]" | "(" args ")" | "<<<" config ">>>" "(" args ")" | "." name | "->" name | "++" | "--")* */
    private Expr postfix() {
        return postfixOps(primary());
    }

    private Expr postfixOps(Expr e) {
        while (true) {
            Token t = peek();
            if (t.is("[")) {
                p++;
                Expr i = expression();
                expect("]");
                e = new Index(e, i, t.span());
            } else if (t.is("(")) {
                p++;
                e = new Call(e, args(), t.span());
            } else if (t.is("<<<")) {
                p++;
                List<Expr> config = new ArrayList<>();
                do {
                    config.add(assignment());
                } while (accept(","));
                expect(">>>");
                expect("(");
                e = new KernelCall(e, config, args(), t.span());
            } else if (t.is(".") || t.is("->")) {
                p++;
                accept("template");
                Token n = peek();
                String name;
                if (accept("~")) {
                    name = "~" + ident();
                } else if (n.is("operator")) {
                    name = operatorName();
                } else {
                    name = ident();
                    // obj.Base::f(): a qualified member names the base class's member (no virtual dispatch)
                    while (at("::") && peek(1).kind() == Token.Kind.IDENT) {
                        p++;
                        name = name + "::" + ident();
                    }
                }
                List<TemplateArg> targs = List.of();
                if (at("<") && functionTemplates.contains(name)) {
                    // b.as<int>(): a member template with explicit arguments, when a call follows
                    int save = p;
                    try {
                        targs = templateArgs();
                        if (!at("(")) {
                            p = save;
                            targs = List.of();
                        }
                    } catch (SyntaxError err) {
                        p = save;
                    }
                }
                e = new Member(e, name, t.is("->"), n.span(), targs);
            } else if (t.is("++") || t.is("--")) {
                p++;
                e = new Postfix(t.text(), e, t.span());
            } else {
                return e;
            }
        }
    }

    /** pack-expansion = expression ["..."] */
    private Expr packExpansion(Expr e) {
        if (at("...")) {
            return new PackExpansion(e, next().span());
        }
        return e;
    }

    /** args = (assignment ["..."] ("," assignment ["..."])*)? ")" */
    private List<Expr> args() {
        List<Expr> args = new ArrayList<>();
        if (!at(")")) {
            do {
                args.add(packExpansion(at("{") ? initList(null) : assignment()));
            } while (accept(","));
        }
        expect(")");
        return args;
    }

    /** primary = literal | name | "(" expression ")" | this | lambda | named-cast | type "(" args ")" | type "{" … "}" */
    private Expr primary() {
        Token t = peek();
        switch (t.kind()) {
            case NUMBER -> {
                p++;
                return Literals.isFloating(t.text()) && !t.text().toLowerCase().startsWith("0x") || t.text().toLowerCase().startsWith("0x") && t.text().contains(".")
                        ? new FloatLit(t.text(), t.span()) : new IntLit(t.text(), t.span());
            }
            case CHAR -> {
                p++;
                return new CharLit(t.text(), t.span());
            }
            case STRING -> {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                while (peek().kind() == Token.Kind.STRING) {
                    String s = next().text();
                    int q = s.indexOf('"');
                    byte[] b = Literals.decode(s.substring(q + 1, s.length() - 1));
                    bytes.write(b, 0, b.length);
                }
                return new StringLit(bytes.toByteArray(), t.span());
            }
            case EOF -> throw error(t, DiagKey.ERR_EXPECTED_EXPRESSION);
            default -> { }
        }
        if (t.is("(")) {
            p++;
            if (foldAhead()) {
                return fold(t);
            }
            Expr e = expression();
            expect(")");
            return e;
        }
        if (t.is("[")) {
            return lambda();
        }
        if (t.kind() != Token.Kind.IDENT && !t.is("::")) {
            throw error(t, DiagKey.ERR_EXPECTED_EXPRESSION);
        }
        switch (t.text()) {
            case "true", "false" -> {
                p++;
                return new BoolLit(t.is("true"), t.span());
            }
            case "nullptr", "NULL" -> {
                p++;
                return new NullptrLit(t.span());
            }
            case "this" -> {
                p++;
                return new This(t.span());
            }
            case "static_cast", "reinterpret_cast", "const_cast", "dynamic_cast" -> {
                p++;
                expect("<");
                TypeNode type = typeId();
                closeAngle();
                expect("(");
                Expr e = expression();
                expect(")");
                return new Cast(t.text().substring(0, t.text().indexOf('_')), type, e, t.span());
            }
            default -> { }
        }
        if (isTypeStartAt(p) && !(t.kind() == Token.Kind.IDENT && functionTemplates.contains(t.text()) && !isTypeName(t.text()))) {
            // functional cast or construction: T(x), T{…}, unsigned(x)
            int save = p;
            DeclSpecs ds;
            try {
                ds = declSpecifiers();
            } catch (SyntaxError e) {
                p = save;
                throw e;
            }
            if (ds.type() instanceof NamedType nt && nt.name().contains("::")
                    && (nt.args().isEmpty() ? !at("(") && !at("{") : memberAfterTemplateArgs(save, p))) {
                // Traits<int>::size, Traits<T>::name(), T::value: a member of a class, resolved by Sema
                return new ScopedName(nt, t.span());
            }
            if (at("(")) {
                Token lp = next();
                return new Construct(ds.type(), args(), lp.span());
            }
            if (at("{")) {
                return initList(ds.type());
            }
            if (at("::") || at(".")) {
                p = save;
            } else {
                throw error(peek(), DiagKey.ERR_EXPECTED, "'(' for function-style cast or type construction");
            }
        }
        boolean global = at("::");
        String name = qualifiedName();
        if (name.equals("operator")) {
            p--;
            // ::operator new(n) inside a class with its own operator new means the global one
            name = (global ? "::" : "") + operatorName();
        }
        List<TemplateArg> targs = List.of();
        String last = name.substring(name.lastIndexOf(':') + 1);
        if (at("<") && !hiddenByLocal(name)
                && (functionTemplates.contains(name) || classTemplates.contains(name) || name.contains("::") && functionTemplates.contains(last))) {
            // a global 'int size' compared with 'size < n' is no template-id: take back what the attempt reported
            int save = p;
            int mark = diags.mark();
            try {
                targs = templateArgs();
            } catch (SyntaxError e) {
                p = save;
                diags.rollback(mark);
            }
        }
        return new Name(name, targs, t.span());
    }

    private static final Set<String> FOLD_OPERATORS = Set.of("+", "-", "*", "/", "%", "^", "&", "|", "<<", ">>", "+=", "-=", "*=", "/=",
            "%=", "^=", "&=", "|=", "<<=", ">>=", "=", "==", "!=", "<", ">", "<=", ">=", "&&", "||", ",", ".*", "->*");

    /** After '(': whether a fold expression follows, that is a '...' beside a binary operator at this nesting level. */
    private boolean foldAhead() {
        int depth = 0;
        for (int k = p; k < toks.size(); k++) {
            Token a = toks.get(k);
            if (a.kind() == Token.Kind.EOF) {
                return false;
            }
            if (a.is("(") || a.is("[") || a.is("{")) {
                depth++;
            } else if (a.is(")") || a.is("]") || a.is("}")) {
                if (depth-- == 0) {
                    return false;
                }
            } else if (depth == 0 && a.is("...")) {
                return k > p && FOLD_OPERATORS.contains(toks.get(k - 1).text()) && toks.get(k - 1).kind() == Token.Kind.PUNCT
                        || FOLD_OPERATORS.contains(toks.get(k + 1).text()) && toks.get(k + 1).kind() == Token.Kind.PUNCT && k == p;
            } else if (depth == 0 && a.is(";")) {
                return false;
            }
        }
        return false;
    }

    /** fold = "(" cast op "..." [op cast] ")" | "(" "..." op cast ")" */
    private Expr fold(Token lp) {
        if (accept("...")) {
            String op = next().text();
            Expr pack = cast();
            expect(")");
            return new Fold(op, pack, null, true, lp.span());
        }
        Expr first = cast();
        String op = next().text();
        expect("...");
        if (accept(")")) {
            return new Fold(op, first, null, false, lp.span());
        }
        Token op2 = next();
        if (!op2.is(op)) {
            throw error(op2, DiagKey.ERR_EXPECTED, "'" + op + "'");
        }
        Expr second = cast();
        expect(")");
        // (init op ... op pack) folds from the left; which operand is the pack Sema decides
        return new Fold(op, first, second, false, lp.span());
    }

    /** Whether the tokens of a named type name a member after its template arguments: Traits<int>::size. */
    private boolean memberAfterTemplateArgs(int from, int to) {
        int lastAngle = -1;
        int lastColons = -1;
        for (int k = from; k < to; k++) {
            Token a = toks.get(k);
            if (a.is(">") || a.is(">>") || a.is(">>>")) {
                lastAngle = k;
            } else if (a.is("::")) {
                lastColons = k;
            }
        }
        return lastAngle >= 0 && lastColons > lastAngle;
    }

    /** lambda = "[" captures "]" ["(" params ")"] ["mutable"] ["->" type] compound */
    private Expr lambda() {
        Token lb = next();
        List<Capture> caps = new ArrayList<>();
        while (!at("]")) {
            if (accept("=")) {
                caps.add(new Capture(null, false, true));
            } else if (at("&") && (peek(1).is(",") || peek(1).is("]"))) {
                p++;
                caps.add(new Capture(null, true, true));
            } else if (accept("&")) {
                caps.add(new Capture(ident(), true, false));
            } else if (accept("this")) {
                caps.add(new Capture("this", false, false));
            } else {
                caps.add(new Capture(ident(), false, false));
            }
            if (!accept(",")) {
                break;
            }
        }
        expect("]");
        List<Param> params = new ArrayList<>();
        pushScope();
        try {
            if (accept("(")) {
                paramList(params);
            }
            while (at("mutable") || at("__device__") || at("__host__") || at("constexpr")) {
                p++;
            }
            TypeNode result = null;
            if (accept("->")) {
                result = typeId();
            }
            Compound body = compound();
            return new Lambda(caps, params, result, body, lb.span());
        } finally {
            popScope();
        }
    }

    /** Registers names declared as class templates (called by the template header logic). */
    void noteClassTemplate(String name) {
        classTemplates.add(name);
    }
}
