package webcu.frontend;

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

/**
 * The C preprocessor (C11 6.10): includes from the user's virtual files and the built-in
 * headers, conditional inclusion, and macro expansion with Prosser's hide-set algorithm, as in
 * chibicc. The result is one token list per translation unit, ending in EOF; {@code #pragma}
 * lines survive as PRAGMA tokens so that the parser can see {@code unroll}.
 */
public final class Preprocessor {
    private record Macro(String name, boolean function, List<String> params, boolean variadic, List<Token> body) {}

    /** One level of #if nesting: whether some branch was taken, and whether we are in #else. */
    private static final class Cond {
        boolean taken;
        boolean inElse;
        boolean skipping;
        final boolean parentActive;
        final Token at;

        Cond(boolean parentActive, Token at) {
            this.parentActive = parentActive;
            this.at = at;
        }
    }

    private static final int MAX_INCLUDE_DEPTH = 64;

    private final SourceSet sources;
    private final Diagnostics diags;
    private final Map<String, Macro> macros = new HashMap<>();
    private final Set<String> onceFiles = new HashSet<>();
    private final Map<String, String> texts = new HashMap<>();

    public Preprocessor(SourceSet sources, Diagnostics diags) {
        this.sources = sources;
        this.diags = diags;
        predefine("__CUDACC__", "1");
        predefine("__NVCC__", "1");
        predefine("__CUDACC_VER_MAJOR__", "13");
        predefine("__CUDACC_VER_MINOR__", "0");
        predefine("CUDART_VERSION", "13000");
        predefine("__cplusplus", "201703L");
        predefine("__STDC__", "1");
        predefine("__x86_64__", "1");
        predefine("__linux__", "1");
        predefine("__LP64__", "1");
        predefine("__CHAR_BIT__", "8");
        predefine("__SIZEOF_POINTER__", "8");
        predefine("__SIZEOF_LONG__", "8");
        predefine("__webcu__", "1");
        for (Map.Entry<String, String> d : sources.defines().entrySet()) {
            predefine(d.getKey(), d.getValue() == null ? "1" : d.getValue());
        }
    }

    /** Defines an object-like macro before preprocessing starts (as -D does). */
    public void define(String name, String value) {
        predefine(name, value);
    }

    private void predefine(String name, String value) {
        List<Token> body = Lexer.tokenize("<built-in>", value, diags);
        body.remove(body.size() - 1);
        macros.put(name, new Macro(name, false, List.of(), false, body));
    }

    /** The text of a file the preprocessor read (user file or built-in header), for diagnostics. */
    public String text(String path) {
        String t = texts.get(path);
        return t != null ? t : sources.text(path);
    }

    public List<Token> run(String mainFile) {
        List<Token> out = new ArrayList<>();
        String text = sources.text(mainFile);
        texts.put(mainFile, text);
        Language language = Language.of(mainFile);
        if (language != Language.CUDA) {
            macros.remove("__CUDACC__");
            macros.remove("__NVCC__");
            macros.remove("__CUDACC_VER_MAJOR__");
            macros.remove("__CUDACC_VER_MINOR__");
        }
        if (language == Language.C) {
            macros.remove("__cplusplus");
            predefine("__STDC_VERSION__", "201710L");
        }
        try {
            List<Token> toks = Lexer.tokenize(mainFile, text, diags);
            int headerEnd = builtinIncludesEnd(toks, mainFile);
            // with -I folders a header nested in the built-in ones may come from the user's files,
            // which change between compiles (the page's project): nothing is saved then
            boolean cacheable = (headerEnd > 0 || language == Language.CUDA) && sources.includeDirs().isEmpty();
            String key = cacheable ? prefixKey(language, toks.subList(0, headerEnd)) : null;
            HeaderPrefix cached = key == null ? null : HeaderPrefix.KEPT.get(key);
            if (cached != null) {
                macros.clear();
                macros.putAll(cached.macros());
                onceFiles.addAll(cached.onceFiles());
                texts.putAll(cached.texts());
                out.addAll(cached.tokens());
            } else {
                int errorsBefore = diags.all().size();
                if (language == Language.CUDA) {
                    // nvcc includes cuda_runtime.h in every CUDA translation unit before the user's code
                    List<Token> implicit = Lexer.tokenize("<built-in>", "#include <cuda_runtime.h>\n", diags);
                    file("<built-in>", implicit, out, 0);
                }
                List<Token> head = new ArrayList<>(toks.subList(0, headerEnd));
                head.add(toks.get(toks.size() - 1));
                file(mainFile, head, out, 0);
                if (key != null && diags.all().size() == errorsBefore) {
                    Map<String, String> headerTexts = new HashMap<>(texts);
                    headerTexts.remove(mainFile);
                    HeaderPrefix.KEPT.put(key, new HeaderPrefix(Map.copyOf(macros), Set.copyOf(onceFiles), headerTexts, List.copyOf(out)));
                }
            }
            prefixKey = key;
            prefixLength = out.size();
            file(mainFile, toks.subList(headerEnd, toks.size()), out, 0);
        } catch (CompileError e) {
            // too many errors; what was collected is reported
        }
        Span end = out.isEmpty() ? new Span(mainFile, 1, 1) : out.get(out.size() - 1).span();
        out.add(new Token(Token.Kind.EOF, "", end, true, false, Set.of()));
        return out;
    }

    /** See {@link #prefixKey()}. */
    private String prefixKey;
    private int prefixLength;

    /**
     * What the translation unit's output starts with: the built-in headers that its main file
     * includes before anything else (and cuda_runtime.h, included implicitly). That prefix is the
     * same for every program that starts with the same includes under the same macros, so the
     * parser can start from a saved state at {@link #prefixLength()}; null when there is no prefix.
     */
    public String prefixKey() {
        return prefixKey;
    }

    /**
     * How many header prefixes to keep (8 unless set): enough for a user who edits and reruns
     * a few programs; the fuzzer, which compiles a whole corpus over and over, keeps more.
     */
    public static void keepHeaderStates(int n) {
        HeaderPrefix.KEPT.keep(n);
    }

    /** The number of output tokens that {@link #prefixKey()} stands for. */
    public int prefixLength() {
        return prefixLength;
    }

    /**
     * The macros, once-only files, header texts and output after a translation unit's leading
     * built-in includes, kept per process (a few of them) so that recompiling a program, or
     * compiling another with the same includes, skips preprocessing the headers again. Everything
     * in it is immutable: tokens and texts never change, macros are records of immutable lists.
     */
    private record HeaderPrefix(Map<String, Macro> macros, Set<String> onceFiles, Map<String, String> texts, List<Token> tokens) {
        private static final KeptStates<HeaderPrefix> KEPT = new KeptStates<>(8);
    }

    /**
     * Where the main file's leading lines of {@code #include <header>} end, when each names a
     * built-in header (not one found in a -I folder): the index of the first token after them.
     */
    private int builtinIncludesEnd(List<Token> toks, String mainFile) {
        int i = 0;
        while (toks.get(i).is("#") && toks.get(i).bol() && toks.get(i + 1).is("include") && toks.get(i + 2).is("<")) {
            int j = i + 3;
            StringBuilder name = new StringBuilder();
            while (toks.get(j).kind() != Token.Kind.EOF && !toks.get(j).bol() && !toks.get(j).is(">")) {
                if (j > i + 3 && toks.get(j).space()) {
                    name.append(' ');
                }
                name.append(toks.get(j).text());
                j++;
            }
            if (!toks.get(j).is(">") || toks.get(j).bol() || !(toks.get(j + 1).bol() || toks.get(j + 1).kind() == Token.Kind.EOF)) {
                break;
            }
            String found = resolve(name.toString(), true, mainFile);
            if (found == null || !found.startsWith("<built-in>/")) {
                break;
            }
            i = j + 1;
        }
        return i;
    }

    /** The language, the macros defined before the first line, and the header names. */
    private String prefixKey(Language language, List<Token> includes) {
        StringBuilder key = new StringBuilder(language.name());
        for (String name : new java.util.TreeSet<>(macros.keySet())) {
            key.append('\n').append(name);
            for (Token t : macros.get(name).body()) {
                key.append(' ').append(t.text());
            }
        }
        for (Token t : includes) {
            key.append(t.bol() ? '\n' : ' ').append(t.text());
        }
        return key.toString();
    }

    /** Preprocesses one file's tokens (ending in EOF) and appends the result to {@code out}. */
    private void file(String path, List<Token> toks, List<Token> out, int depth) {
        List<Cond> conds = new ArrayList<>();
        int i = 0;
        while (toks.get(i).kind() != Token.Kind.EOF) {
            Token t = toks.get(i);
            boolean active = conds.isEmpty() || isActive(conds);
            if (t.is("#") && t.bol()) {
                int lineEnd = i + 1;
                while (toks.get(lineEnd).kind() != Token.Kind.EOF && !toks.get(lineEnd).bol()) {
                    lineEnd++;
                }
                List<Token> line = toks.subList(i + 1, lineEnd);
                directive(t, line, conds, active, path, out, depth);
                i = lineEnd;
                continue;
            }
            if (!active) {
                i++;
                continue;
            }
            // Collect the run of ordinary tokens up to the next directive and expand it as a whole,
            // since a function-like macro's arguments may span lines.
            int end = i;
            while (toks.get(end).kind() != Token.Kind.EOF && !(toks.get(end).is("#") && toks.get(end).bol())) {
                end++;
            }
            List<Token> run = new ArrayList<>(toks.subList(i, end));
            expandAll(run, out);
            i = end;
        }
        if (!conds.isEmpty()) {
            diags.error(conds.get(conds.size() - 1).at.span(), DiagKey.ERR_DIRECTIVE_UNTERMINATED);
        }
    }

    private static boolean isActive(List<Cond> conds) {
        Cond c = conds.get(conds.size() - 1);
        return c.parentActive && !c.skipping;
    }

    private void directive(Token hash, List<Token> line, List<Cond> conds, boolean active, String path, List<Token> out, int depth) {
        if (line.isEmpty()) {
            return; // the null directive
        }
        Token name = line.get(0);
        List<Token> rest = line.subList(1, line.size());
        String d = name.kind() == Token.Kind.IDENT ? name.text() : "";
        switch (d) {
            case "if", "ifdef", "ifndef" -> {
                Cond c = new Cond(active, name);
                if (active) {
                    boolean v = switch (d) {
                        case "if" -> evalCondition(name, rest);
                        case "ifdef" -> rest.isEmpty() ? macroNameError(name) : macros.containsKey(rest.get(0).text());
                        default -> rest.isEmpty() ? macroNameError(name) : !macros.containsKey(rest.get(0).text());
                    };
                    c.taken = v;
                    c.skipping = !v;
                } else {
                    c.taken = true;
                    c.skipping = true;
                }
                conds.add(c);
            }
            case "elif" -> {
                if (conds.isEmpty() || conds.get(conds.size() - 1).inElse) {
                    diags.error(name.span(), DiagKey.ERR_DIRECTIVE_UNMATCHED, d);
                    return;
                }
                Cond c = conds.get(conds.size() - 1);
                if (c.taken || !c.parentActive) {
                    c.skipping = true;
                } else {
                    boolean v = evalCondition(name, rest);
                    c.taken = v;
                    c.skipping = !v;
                }
            }
            case "else" -> {
                if (conds.isEmpty() || conds.get(conds.size() - 1).inElse) {
                    diags.error(name.span(), DiagKey.ERR_DIRECTIVE_UNMATCHED, d);
                    return;
                }
                Cond c = conds.get(conds.size() - 1);
                c.inElse = true;
                c.skipping = c.taken;
                c.taken = true;
            }
            case "endif" -> {
                if (conds.isEmpty()) {
                    diags.error(name.span(), DiagKey.ERR_DIRECTIVE_UNMATCHED, d);
                    return;
                }
                conds.remove(conds.size() - 1);
            }
            default -> {
                if (!active) {
                    return;
                }
                switch (d) {
                    case "define" -> define(name, rest);
                    case "undef" -> {
                        if (rest.isEmpty() || rest.get(0).kind() != Token.Kind.IDENT) {
                            macroNameError(name);
                        } else {
                            macros.remove(rest.get(0).text());
                        }
                    }
                    case "include" -> include(name, rest, path, out, depth);
                    case "pragma" -> pragma(hash, rest, path, out);
                    case "error" -> diags.error(name.span(), DiagKey.ERR_PP_ERROR, "#error " + joinText(rest));
                    case "warning" -> diags.warning(name.span(), DiagKey.ERR_PP_ERROR, "#warning " + joinText(rest));
                    case "line" -> { }
                    default -> diags.error(name.span(), DiagKey.ERR_DIRECTIVE_INVALID);
                }
            }
        }
    }

    private boolean macroNameError(Token at) {
        diags.error(at.span(), DiagKey.ERR_MACRO_NAME);
        return false;
    }

    private static String joinText(List<Token> toks) {
        StringBuilder sb = new StringBuilder();
        for (Token t : toks) {
            if (sb.length() > 0 && t.space()) {
                sb.append(' ');
            }
            sb.append(t.text());
        }
        return sb.toString();
    }

    private void pragma(Token hash, List<Token> rest, String path, List<Token> out) {
        if (!rest.isEmpty() && rest.get(0).is("once")) {
            onceFiles.add(path);
            return;
        }
        out.add(new Token(Token.Kind.PRAGMA, joinText(rest), hash.span(), true, true, Set.of()));
    }

    private void define(Token at, List<Token> rest) {
        if (rest.isEmpty() || rest.get(0).kind() != Token.Kind.IDENT) {
            macroNameError(at);
            return;
        }
        Token name = rest.get(0);
        int i = 1;
        if (i < rest.size() && rest.get(i).is("(") && !rest.get(i).space()) {
            List<String> params = new ArrayList<>();
            boolean variadic = false;
            i++;
            while (i < rest.size() && !rest.get(i).is(")")) {
                Token p = rest.get(i);
                if (p.is("...")) {
                    variadic = true;
                } else if (p.kind() == Token.Kind.IDENT) {
                    params.add(p.text());
                } else if (!p.is(",")) {
                    diags.error(p.span(), DiagKey.ERR_EXPECTED, "')' in macro parameter list");
                    return;
                }
                i++;
            }
            if (i >= rest.size()) {
                diags.error(name.span(), DiagKey.ERR_EXPECTED, "')' in macro parameter list");
                return;
            }
            macros.put(name.text(), new Macro(name.text(), true, params, variadic, List.copyOf(rest.subList(i + 1, rest.size()))));
        } else {
            macros.put(name.text(), new Macro(name.text(), false, List.of(), false, List.copyOf(rest.subList(i, rest.size()))));
        }
    }

    private void include(Token at, List<Token> rest, String path, List<Token> out, int depth) {
        List<Token> toks = rest;
        if (!toks.isEmpty() && toks.get(0).kind() == Token.Kind.IDENT) {
            toks = new ArrayList<>();
            expandAll(new ArrayList<>(rest), toks);
        }
        if (toks.isEmpty()) {
            diags.error(at.span(), DiagKey.ERR_EXPECTED, "\"FILENAME\" or <FILENAME>");
            return;
        }
        String name;
        boolean angled;
        if (toks.get(0).kind() == Token.Kind.STRING) {
            String s = toks.get(0).text();
            name = s.substring(1, s.length() - 1);
            angled = false;
        } else if (toks.get(0).is("<")) {
            StringBuilder sb = new StringBuilder();
            int k = 1;
            while (k < toks.size() && !toks.get(k).is(">")) {
                if (k > 1 && toks.get(k).space()) {
                    sb.append(' ');
                }
                sb.append(toks.get(k).text());
                k++;
            }
            name = sb.toString();
            angled = true;
        } else {
            diags.error(toks.get(0).span(), DiagKey.ERR_EXPECTED, "\"FILENAME\" or <FILENAME>");
            return;
        }
        if (depth >= MAX_INCLUDE_DEPTH) {
            diags.error(at.span(), DiagKey.ERR_INCLUDE_DEPTH);
            return;
        }
        String found = resolve(name, angled, path);
        if (found == null) {
            diags.error(toks.get(0).span(), DiagKey.ERR_INCLUDE_NOT_FOUND, name);
            throw new CompileError(); // as clang: a missing header is fatal
        }
        if (onceFiles.contains(found)) {
            return;
        }
        String text = texts.get(found);
        if (text == null) {
            text = sources.text(found);
            if (text == null) {
                text = BuiltinHeaders.text(found.substring("<built-in>/".length()));
            }
            texts.put(found, text);
        }
        file(found, found.startsWith("<built-in>/") ? builtinTokens(found, text) : Lexer.tokenize(found, text, diags), out, depth + 1);
    }

    /** Tokens of the built-in headers, lexed once per process: tokens are immutable and the headers never change. */
    private static final Map<String, List<Token>> BUILTIN_TOKENS = new HashMap<>();

    private List<Token> builtinTokens(String path, String text) {
        synchronized (BUILTIN_TOKENS) { // the fuzzer compiles on several threads
            List<Token> toks = BUILTIN_TOKENS.get(path);
            if (toks == null) {
                toks = Lexer.tokenize(path, text, diags);
                BUILTIN_TOKENS.put(path, toks);
            }
            return toks;
        }
    }

    /** Finds an included file: beside the includer for "…", then -I folders, then built-in headers. */
    private String resolve(String name, boolean angled, String includer) {
        if (!angled) {
            int slash = includer.lastIndexOf('/');
            String dir = slash < 0 ? "" : includer.substring(0, slash + 1);
            String p = normalize(dir + name);
            if (sources.text(p) != null) {
                return p;
            }
        }
        for (String dir : sources.includeDirs()) {
            String p = normalize(dir.endsWith("/") ? dir + name : dir + "/" + name);
            if (sources.text(p) != null) {
                return p;
            }
        }
        if (!angled && sources.text(normalize(name)) != null) {
            return normalize(name);
        }
        return BuiltinHeaders.text(name) != null ? "<built-in>/" + name : null;
    }

    static String normalize(String p) {
        List<String> parts = new ArrayList<>();
        for (String s : p.split("/", -1)) {
            if (s.equals(".") || s.isEmpty() && !parts.isEmpty()) {
                continue;
            }
            if (s.equals("..") && !parts.isEmpty() && !parts.get(parts.size() - 1).equals("..")) {
                parts.remove(parts.size() - 1);
            } else {
                parts.add(s);
            }
        }
        return String.join("/", parts);
    }

    // ---- #if expressions

    private boolean evalCondition(Token at, List<Token> rest) {
        List<Token> toks = new ArrayList<>();
        for (int i = 0; i < rest.size(); i++) {
            Token t = rest.get(i);
            if (t.is("defined")) {
                boolean paren = i + 1 < rest.size() && rest.get(i + 1).is("(");
                int j = paren ? i + 2 : i + 1;
                if (j >= rest.size() || rest.get(j).kind() != Token.Kind.IDENT || paren && (j + 1 >= rest.size() || !rest.get(j + 1).is(")"))) {
                    diags.error(t.span(), DiagKey.ERR_MACRO_NAME);
                    return false;
                }
                toks.add(new Token(Token.Kind.NUMBER, macros.containsKey(rest.get(j).text()) ? "1" : "0", t.span(), false, true, Set.of()));
                i = paren ? j + 1 : j;
            } else {
                toks.add(t);
            }
        }
        List<Token> expanded = new ArrayList<>();
        expandAll(toks, expanded);
        ConstExpr e = new ConstExpr(expanded, at);
        long v = e.parse();
        return !e.failed && v != 0;
    }

    /** Evaluates a #if expression over expanded tokens; identifiers left over are 0 (C11 6.10.1p4). */
    private final class ConstExpr {
        final List<Token> t;
        final Token at;
        int p;
        boolean failed;

        ConstExpr(List<Token> t, Token at) {
            this.t = t;
            this.at = at;
        }

        long parse() {
            long v = ternary();
            if (!failed && p < t.size()) {
                fail(t.get(p));
            }
            return v;
        }

        private void fail(Token where) {
            if (!failed) {
                diags.error(where == null ? at.span() : where.span(), DiagKey.ERR_PP_EXPRESSION);
            }
            failed = true;
        }

        private boolean accept(String s) {
            if (p < t.size() && t.get(p).is(s)) {
                p++;
                return true;
            }
            return false;
        }

        long ternary() {
            long c = binary(0);
            if (accept("?")) {
                long a = ternary();
                if (!accept(":")) {
                    fail(p < t.size() ? t.get(p) : null);
                    return 0;
                }
                long b = ternary();
                return c != 0 ? a : b;
            }
            return c;
        }

        private static final String[][] LEVELS = {
            {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
        };

        long binary(int level) {
            if (level == LEVELS.length) {
                return unary();
            }
            long v = binary(level + 1);
            outer:
            while (p < t.size() && !failed) {
                for (String op : LEVELS[level]) {
                    if (t.get(p).is(op)) {
                        Token opTok = t.get(p++);
                        long r = binary(level + 1);
                        v = apply(op, v, r, opTok);
                        continue outer;
                    }
                }
                break;
            }
            return v;
        }

        private long apply(String op, long a, long b, Token at) {
            return switch (op) {
                case "||" -> a != 0 || b != 0 ? 1 : 0;
                case "&&" -> a != 0 && b != 0 ? 1 : 0;
                case "|" -> a | b;
                case "^" -> a ^ b;
                case "&" -> a & b;
                case "==" -> a == b ? 1 : 0;
                case "!=" -> a != b ? 1 : 0;
                case "<" -> a < b ? 1 : 0;
                case ">" -> a > b ? 1 : 0;
                case "<=" -> a <= b ? 1 : 0;
                case ">=" -> a >= b ? 1 : 0;
                case "<<" -> a << (b & 63);
                case ">>" -> a >> (b & 63);
                case "+" -> a + b;
                case "-" -> a - b;
                case "*" -> a * b;
                default -> {
                    if (b == 0) {
                        fail(at);
                        yield 0;
                    }
                    yield op.equals("/") ? (a == Long.MIN_VALUE && b == -1 ? a : a / b) : (b == -1 ? 0 : a % b);
                }
            };
        }

        long unary() {
            if (p >= t.size()) {
                fail(null);
                return 0;
            }
            Token x = t.get(p++);
            if (x.is("+")) {
                return unary();
            }
            if (x.is("-")) {
                return -unary();
            }
            if (x.is("!")) {
                return unary() == 0 ? 1 : 0;
            }
            if (x.is("~")) {
                return ~unary();
            }
            if (x.is("(")) {
                long v = ternary();
                if (!accept(")")) {
                    fail(p < t.size() ? t.get(p) : null);
                }
                return v;
            }
            if (x.kind() == Token.Kind.NUMBER) {
                Long v = Literals.parseIntegerValue(x.text());
                if (v == null) {
                    fail(x);
                    return 0;
                }
                return v;
            }
            if (x.kind() == Token.Kind.CHAR) {
                return Literals.charValue(x.text());
            }
            if (x.kind() == Token.Kind.IDENT) {
                return x.is("true") ? 1 : 0;
            }
            fail(x);
            return 0;
        }
    }

    // ---- macro expansion

    /** Expands every macro in {@code in}, appending the result to {@code out}. */
    private void expandAll(List<Token> in, List<Token> out) {
        List<Token> work = new ArrayList<>(in);
        // Work as a stack: index 0 of the reversed list is the next token.
        java.util.ArrayDeque<Token> q = new java.util.ArrayDeque<>(work);
        while (!q.isEmpty()) {
            Token t = q.pollFirst();
            if (t.kind() != Token.Kind.IDENT || t.hide().contains(t.text())) {
                out.add(t);
                continue;
            }
            if (t.is("__LINE__")) {
                out.add(new Token(Token.Kind.NUMBER, Integer.toString(t.span().line()), t.span(), t.bol(), t.space(), t.hide()));
                continue;
            }
            if (t.is("__FILE__")) {
                out.add(new Token(Token.Kind.STRING, "\"" + t.span().file() + "\"", t.span(), t.bol(), t.space(), t.hide()));
                continue;
            }
            Macro m = macros.get(t.text());
            if (m == null) {
                out.add(t);
                continue;
            }
            if (!m.function()) {
                Set<String> hs = with(t.hide(), m.name());
                List<Token> body = subst(m, List.of(), hs, t);
                pushFront(q, body);
                continue;
            }
            if (q.isEmpty() || !q.peekFirst().is("(")) {
                out.add(t);
                continue;
            }
            q.pollFirst();
            List<List<Token>> args = new ArrayList<>();
            List<Token> cur = new ArrayList<>();
            int level = 0;
            Token close = null;
            while (!q.isEmpty()) {
                Token a = q.pollFirst();
                if (a.is("(")) {
                    level++;
                } else if (a.is(")")) {
                    if (level == 0) {
                        close = a;
                        break;
                    }
                    level--;
                } else if (a.is(",") && level == 0 && !(m.variadic() && args.size() >= m.params().size())) {
                    args.add(cur);
                    cur = new ArrayList<>();
                    continue;
                }
                cur.add(a);
            }
            if (close == null) {
                diags.error(t.span(), DiagKey.ERR_MACRO_UNTERMINATED);
                return;
            }
            args.add(cur);
            int want = m.params().size();
            if (want == 0 && args.size() == 1 && args.get(0).isEmpty() && !m.variadic()) {
                args.clear();
            }
            if (m.variadic() && args.size() == want) {
                args.add(new ArrayList<>());
            }
            int have = args.size();
            if (have != want + (m.variadic() ? 1 : 0)) {
                diags.error(t.span(), DiagKey.ERR_MACRO_ARGS, have < want ? "too few" : "too many");
                continue;
            }
            Set<String> hs = with(intersect(t.hide(), close.hide()), m.name());
            pushFront(q, subst(m, args, hs, t));
        }
    }

    private static void pushFront(java.util.ArrayDeque<Token> q, List<Token> toks) {
        for (int i = toks.size() - 1; i >= 0; i--) {
            q.addFirst(toks.get(i));
        }
    }

    private static Set<String> with(Set<String> s, String name) {
        Set<String> r = new HashSet<>(s);
        r.add(name);
        return r;
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        Set<String> r = new HashSet<>(a);
        r.retainAll(b);
        return r;
    }

    /** Replaces parameters in a macro body (with #, ## and __VA_ARGS__) and marks the result. */
    private List<Token> subst(Macro m, List<List<Token>> args, Set<String> hide, Token site) {
        List<Token> body = m.body();
        List<Token> out = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            if (m.function() && t.is("#") && i + 1 < body.size() && paramIndex(m, body.get(i + 1)) >= 0) {
                List<Token> arg = args.get(paramIndex(m, body.get(i + 1)));
                out.add(new Token(Token.Kind.STRING, stringize(arg), site.span(), false, t.space(), Set.of()));
                i++;
                continue;
            }
            if (t.is("##") && !out.isEmpty() && i + 1 < body.size()) {
                Token rhsTok = body.get(i + 1);
                int pi = paramIndex(m, rhsTok);
                List<Token> rhs = pi >= 0 ? args.get(pi) : List.of(rhsTok);
                i++;
                if (rhs.isEmpty()) {
                    continue;
                }
                Token lhs = out.remove(out.size() - 1);
                out.add(paste(lhs, rhs.get(0), site));
                out.addAll(rhs.subList(1, rhs.size()));
                continue;
            }
            int pi = paramIndex(m, t);
            if (pi >= 0) {
                List<Token> arg = args.get(pi);
                boolean pastedAfter = i + 1 < body.size() && body.get(i + 1).is("##");
                if (pastedAfter) {
                    if (arg.isEmpty()) {
                        // "x ## y" with x empty: y stays as is
                        i++;
                        if (i + 1 < body.size()) {
                            int qi = paramIndex(m, body.get(i + 1));
                            out.addAll(qi >= 0 ? args.get(qi) : List.of(body.get(i + 1)));
                            i++;
                        }
                        continue;
                    }
                    out.addAll(arg);
                } else {
                    List<Token> expanded = new ArrayList<>();
                    expandAll(arg, expanded);
                    for (int k = 0; k < expanded.size(); k++) {
                        Token e = expanded.get(k);
                        out.add(k == 0 ? e.at(e.span(), false, t.space()) : e);
                    }
                }
                continue;
            }
            out.add(t);
        }
        List<Token> marked = new ArrayList<>(out.size());
        for (int k = 0; k < out.size(); k++) {
            Token t = out.get(k);
            Set<String> h = new HashSet<>(t.hide());
            h.addAll(hide);
            marked.add(new Token(t.kind(), t.text(), site.span(), k == 0 && site.bol(), k == 0 ? site.space() : t.space(), h));
        }
        return marked;
    }

    private static int paramIndex(Macro m, Token t) {
        if (t.kind() != Token.Kind.IDENT) {
            return -1;
        }
        if (m.variadic() && t.text().equals("__VA_ARGS__")) {
            return m.params().size();
        }
        return m.params().indexOf(t.text());
    }

    private Token paste(Token a, Token b, Token site) {
        String text = a.text() + b.text();
        List<Token> toks = Lexer.tokenize(site.span().file(), text, diags);
        if (toks.size() != 2) {
            diags.error(site.span(), DiagKey.ERR_PP_EXPRESSION);
            return a;
        }
        Token t = toks.get(0);
        return new Token(t.kind(), t.text(), site.span(), a.bol(), a.space(), a.hide());
    }

    private static String stringize(List<Token> arg) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < arg.size(); i++) {
            Token t = arg.get(i);
            if (i > 0 && t.space()) {
                sb.append(' ');
            }
            if (t.kind() == Token.Kind.STRING || t.kind() == Token.Kind.CHAR) {
                for (char c : t.text().toCharArray()) {
                    if (c == '"' || c == '\\') {
                        sb.append('\\');
                    }
                    sb.append(c);
                }
            } else {
                sb.append(t.text());
            }
        }
        return sb.append('"').toString();
    }
}
