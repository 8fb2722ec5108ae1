package webcu.diag;

/**
 * A bug in webcu rather than in the user's program. Shown as "internal compiler error" with the
 * phase, never as a Java stack trace in the output.
 */
public final class InternalCompilerError extends RuntimeException {
    public InternalCompilerError(String message) {
        super(message);
    }

    public InternalCompilerError(String message, Throwable cause) {
        super(message, cause);
    }
}
