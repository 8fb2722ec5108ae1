package webcu.diag;

import java.util.function.Function;

/**
 * Renders diagnostics as clang does: {@code file:line:col: error: message}, the source line, and
 * a caret under the column (tildes for the rest of the span on that line).
 */
public final class DiagnosticPrinter {
    private final Function<String, String> sourceText;
    private final boolean raw;

    /**
     * @param sourceText the text of a file by the name spans carry, or null when unknown
     * @param raw print keys instead of messages (tests and autograders)
     */
    public DiagnosticPrinter(Function<String, String> sourceText, boolean raw) {
        this.sourceText = sourceText;
        this.raw = raw;
    }

    public String render(Diagnostic d) {
        StringBuilder out = new StringBuilder();
        renderOne(d, out);
        for (Diagnostic n : d.notes()) {
            renderOne(n, out);
        }
        return out.toString();
    }

    private void renderOne(Diagnostic d, StringBuilder out) {
        Span s = d.span();
        if (s.isKnown()) {
            out.append(s.file()).append(':').append(s.line()).append(':').append(s.column()).append(": ");
        } else if (d.severity() != Severity.NOTE) {
            out.append("webcu: "); // a note without a place stands under its error, as clang prints it
        }
        out.append(d.severity().word).append(": ").append(raw ? d.key().key : d.message()).append('\n');
        if (!s.isKnown()) {
            return;
        }
        String text = sourceText.apply(s.file());
        String line = text == null ? null : lineOf(text, s.line());
        if (line == null) {
            return;
        }
        out.append(line).append('\n');
        StringBuilder caret = new StringBuilder();
        for (int i = 0; i < s.column() - 1 && i < line.length(); i++) {
            caret.append(line.charAt(i) == '\t' ? '\t' : ' ');
        }
        caret.append('^');
        int room = line.length() - s.column();
        for (int i = 1; i < s.length() && i <= room; i++) {
            caret.append('~');
        }
        out.append(caret).append('\n');
    }

    static String lineOf(String text, int line) {
        int start = 0;
        for (int l = 1; l < line; l++) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                return null;
            }
            start = nl + 1;
        }
        int end = text.indexOf('\n', start);
        String s = end < 0 ? text.substring(start) : text.substring(start, end);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
