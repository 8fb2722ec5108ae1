package webcu.diag;

import java.util.List;

/** One message of the compiler about the user's program, with its key and its place. */
public record Diagnostic(Severity severity, Span span, DiagKey key, String message, List<Diagnostic> notes) {
    public Diagnostic {
        notes = List.copyOf(notes);
    }

    public Diagnostic withNote(Diagnostic note) {
        var all = new java.util.ArrayList<>(notes);
        all.add(note);
        return new Diagnostic(severity, span, key, message, all);
    }
}
