package webcu.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;

/**
 * Splits one file's text into preprocessing tokens (C11 6.4), after joining backslash-newline
 * continuations. Scans a char[] rather than the String, as DESIGN.md's TeaVM notes advise.
 */
public final class Lexer {
    private static final String[] PUNCTUATORS = {
        "<<<", ">>>", "<<=", ">>=", "...", "->*",
        "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", ".*",
    };

    private final String file;
    private final char[] s;
    private final Diagnostics diags;
    private int pos;
    private int line = 1;
    private int lineStart;

    private Lexer(String file, String text, Diagnostics diags) {
        this.file = file;
        this.s = text.toCharArray();
        this.diags = diags;
    }

    public static List<Token> tokenize(String file, String text, Diagnostics diags) {
        return new Lexer(file, text, diags).run();
    }

    private Span span(int start, int startLine, int startLineStart) {
        return new Span(file, startLine, start - startLineStart + 1, Math.max(1, pos - start));
    }

    /** Skips backslash-newline pairs at the current position, keeping line numbers right. */
    private void splice() {
        while (pos + 1 < s.length && s[pos] == '\\' && (s[pos + 1] == '\n' || s[pos + 1] == '\r' && pos + 2 < s.length && s[pos + 2] == '\n')) {
            pos += s[pos + 1] == '\n' ? 2 : 3;
            line++;
            lineStart = pos;
        }
    }

    private char peek(int ahead) {
        int save = pos;
        int saveLine = line;
        int saveLs = lineStart;
        char c = 0;
        for (int i = 0; i <= ahead; i++) {
            splice();
            if (pos >= s.length) {
                c = 0;
                break;
            }
            c = s[pos];
            pos++;
        }
        pos = save;
        line = saveLine;
        lineStart = saveLs;
        return c;
    }

    private char next() {
        splice();
        char c = s[pos++];
        if (c == '\n') {
            line++;
            lineStart = pos;
        }
        return c;
    }

    private boolean atEnd() {
        splice();
        return pos >= s.length;
    }

    private List<Token> run() {
        List<Token> out = new ArrayList<>();
        boolean bol = true;
        boolean space = false;
        while (!atEnd()) {
            char c = s[pos];
            if (c == '\n') {
                next();
                bol = true;
                space = false;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000b') {
                next();
                space = true;
                continue;
            }
            if (c == '/' && peek(1) == '/') {
                while (!atEnd() && s[pos] != '\n') {
                    next();
                }
                space = true;
                continue;
            }
            if (c == '/' && peek(1) == '*') {
                int start = pos;
                int sl = line;
                int sls = lineStart;
                next();
                next();
                boolean closed = false;
                while (!atEnd()) {
                    if (s[pos] == '*' && peek(1) == '/') {
                        next();
                        next();
                        closed = true;
                        break;
                    }
                    next();
                }
                if (!closed) {
                    pos = start + 2;
                    diags.error(new Span(file, sl, start - sls + 1, 2), DiagKey.ERR_UNTERMINATED_COMMENT);
                    return finish(out);
                }
                space = true;
                continue;
            }
            int start = pos;
            int sl = line;
            int sls = lineStart;
            Token.Kind kind;
            String text;
            if (isIdentStart(c)) {
                StringBuilder sb = new StringBuilder();
                while (!atEnd() && isIdentPart(s[pos])) {
                    sb.append(next());
                }
                text = sb.toString();
                kind = Token.Kind.IDENT;
                // encoding prefixes of string and character literals
                if (!atEnd() && (s[pos] == '"' || s[pos] == '\'') && (text.equals("L") || text.equals("u") || text.equals("U") || text.equals("u8"))) {
                    char q = s[pos];
                    String lit = quoted(q, sl, sls, start);
                    if (lit == null) {
                        return finish(out);
                    }
                    text = text + lit;
                    kind = q == '"' ? Token.Kind.STRING : Token.Kind.CHAR;
                }
            } else if (isDigit(c) || c == '.' && isDigit(peek(1))) {
                StringBuilder sb = new StringBuilder();
                sb.append(next());
                while (!atEnd()) {
                    char d = s[pos];
                    char prev = sb.charAt(sb.length() - 1);
                    if ((d == '+' || d == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
                        sb.append(next());
                    } else if (isIdentPart(d) || d == '.' || d == '\'' && isIdentPart(peek(1))) {
                        char x = next();
                        if (x != '\'') {
                            sb.append(x);
                        }
                    } else {
                        break;
                    }
                }
                text = sb.toString();
                kind = Token.Kind.NUMBER;
            } else if (c == '"' || c == '\'') {
                text = quoted(c, sl, sls, start);
                if (text == null) {
                    return finish(out);
                }
                kind = c == '"' ? Token.Kind.STRING : Token.Kind.CHAR;
            } else {
                text = null;
                for (String p : PUNCTUATORS) {
                    if (matches(p)) {
                        for (int i = 0; i < p.length(); i++) {
                            next();
                        }
                        text = p;
                        break;
                    }
                }
                if (text == null) {
                    char x = next();
                    if ("+-*/%&|^~!=<>?:;,.()[]{}#".indexOf(x) < 0) {
                        diags.error(span(start, sl, sls), DiagKey.ERR_INVALID_CHARACTER, x < 32 || x > 126 ? "\\x" + Integer.toHexString(x) : String.valueOf(x));
                        continue;
                    }
                    text = String.valueOf(x);
                }
                kind = Token.Kind.PUNCT;
            }
            out.add(new Token(kind, text, span(start, sl, sls), bol, space, Set.of()));
            bol = false;
            space = false;
        }
        return finish(out);
    }

    private List<Token> finish(List<Token> out) {
        out.add(new Token(Token.Kind.EOF, "", new Span(file, line, pos - lineStart + 1), true, false, Set.of()));
        return out;
    }

    private boolean matches(String p) {
        for (int i = 0; i < p.length(); i++) {
            if (peek(i) != p.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Reads a string or character literal, keeping its quotes and escapes as written. */
    private String quoted(char q, int sl, int sls, int start) {
        StringBuilder sb = new StringBuilder();
        sb.append(next());
        while (true) {
            if (atEnd() || s[pos] == '\n') {
                diags.error(new Span(file, sl, start - sls + 1), DiagKey.ERR_UNTERMINATED_STRING, String.valueOf(q));
                return null;
            }
            char c = next();
            sb.append(c);
            if (c == '\\' && !atEnd()) {
                sb.append(next());
            } else if (c == q) {
                return sb.toString();
            }
        }
    }

    static boolean isIdentStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c > 127;
    }

    static boolean isIdentPart(char c) {
        return isIdentStart(c) || isDigit(c);
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
