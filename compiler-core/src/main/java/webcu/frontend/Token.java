package webcu.frontend;

import java.util.Set;
import webcu.diag.Span;

/**
 * A preprocessing token. {@code bol} marks the first token of a line (directives start there),
 * {@code space} a token preceded by white space (stringizing keeps it), {@code hide} the macros
 * that must not expand this token again (Prosser's hide sets, as chibicc uses them).
 */
public record Token(Kind kind, String text, Span span, boolean bol, boolean space, Set<String> hide) {
    public enum Kind { IDENT, NUMBER, CHAR, STRING, PUNCT, PRAGMA, EOF }

    public boolean is(String s) {
        return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(s);
    }

    public Token withHide(Set<String> h) {
        return new Token(kind, text, span, bol, space, h);
    }

    public Token at(Span s, boolean bol, boolean space) {
        return new Token(kind, text, s, bol, space, hide);
    }

    @Override
    public String toString() {
        return text;
    }
}
