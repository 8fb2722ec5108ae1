package webcu.diag;

/**
 * Thrown by a stage that cannot go on after reporting a diagnostic (the diagnostic is already in
 * the {@link Diagnostics}); the driver catches it and prints what was collected.
 */
public final class CompileError extends RuntimeException {
    public CompileError() {
        super(null, null, false, false);
    }
}
