package webcu.app;

import java.util.List;
import webcu.diag.Diagnostic;
import webcu.diag.Span;

/**
 * What the page learns about a run besides its output: the compiler's diagnostics as data (for
 * the editor's underlines and the list under it) and the stage the run is in (for the status
 * line). Output stays the program's exactly; these travel apart from it.
 */
interface Progress {
    /** Nothing to report: the JVM tests and hosts without a page. */
    Progress NONE = new Progress() {
        @Override
        public void diagnostics(String json) {
        }

        @Override
        public void stage(String stage) {
        }
    };

    /** Stage names the page knows; a kernel's stage is {@code KERNEL_PREFIX + name}. */
    String COMPILING = "compiling";
    String HOST = "host";
    String KERNEL_PREFIX = "kernel:";

    /** The diagnostics of a compile as {@link #toJson} writes them; sent once per compile, even when empty. */
    void diagnostics(String json);

    void stage(String stage);

    /**
     * The generated code of a compile as {@link CodeViews} writes it, for the page's WGSL and IR
     * views; sent once per compile that gets that far. Hosts without views ignore it.
     */
    default void views(String json) {
    }

    /**
     * Diagnostics as a JSON array of {@code {file, line, column, length, severity, key, message,
     * notes: [...]}}; line and column are 1-based, 0 when the place is unknown.
     */
    static String toJson(List<Diagnostic> diagnostics) {
        StringBuilder sb = new StringBuilder("[");
        for (Diagnostic d : diagnostics) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            append(d, sb);
        }
        return sb.append(']').toString();
    }

    private static void append(Diagnostic d, StringBuilder sb) {
        Span s = d.span();
        sb.append("{\"file\":");
        quote(s.isKnown() ? s.file() : "", sb);
        sb.append(",\"line\":").append(s.isKnown() ? s.line() : 0)
                .append(",\"column\":").append(s.isKnown() ? s.column() : 0)
                .append(",\"length\":").append(s.isKnown() ? Math.max(1, s.length()) : 0)
                .append(",\"severity\":");
        quote(d.severity().word, sb);
        sb.append(",\"key\":");
        quote(d.key().key, sb);
        sb.append(",\"message\":");
        quote(d.message(), sb);
        sb.append(",\"notes\":[");
        for (int i = 0; i < d.notes().size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            append(d.notes().get(i), sb);
        }
        sb.append("]}");
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped. */
    static void quote(String text, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
