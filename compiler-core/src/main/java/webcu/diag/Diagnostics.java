package webcu.diag;

import java.util.ArrayList;
import java.util.List;

/** Collects the diagnostics of one compilation, in the order they were reported. */
public final class Diagnostics {
    /** Past this many errors the compilation stops, as clang's -ferror-limit does. */
    public static final int ERROR_LIMIT = 20;

    private final List<Diagnostic> all = new ArrayList<>();
    private int errors;

    public Diagnostic error(Span span, DiagKey key, Object... args) {
        Diagnostic d = new Diagnostic(Severity.ERROR, span, key, key.format(args), List.of());
        add(d);
        return d;
    }

    public Diagnostic warning(Span span, DiagKey key, Object... args) {
        Diagnostic d = new Diagnostic(Severity.WARNING, span, key, key.format(args), List.of());
        add(d);
        return d;
    }

    public static Diagnostic note(Span span, DiagKey key, Object... args) {
        return new Diagnostic(Severity.NOTE, span, key, key.format(args), List.of());
    }

    public void add(Diagnostic d) {
        all.add(d);
        if (d.severity() == Severity.ERROR && ++errors >= ERROR_LIMIT) {
            throw new CompileError();
        }
    }

    /** Replaces the last reported diagnostic, e.g. to attach a note to it. */
    public void replaceLast(Diagnostic d) {
        all.set(all.size() - 1, d);
    }

    /** A point to return to: the diagnostics reported so far. */
    public int mark() {
        return all.size();
    }

    /**
     * Forgets what was reported after {@code mark}: a template tried speculatively (a
     * specialization's pattern, a substitution that fails) reports nothing when it does not apply.
     */
    public void rollback(int mark) {
        while (all.size() > mark) {
            if (all.remove(all.size() - 1).severity() == Severity.ERROR) {
                errors--;
            }
        }
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    public int errorCount() {
        return errors;
    }

    public List<Diagnostic> all() {
        return List.copyOf(all);
    }
}
