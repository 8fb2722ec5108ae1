package webcu.runtime;

import webcu.diag.Span;

/**
 * A device's first fault, kept as a GPU keeps a broken context: once set, later operations are
 * skipped and every completion fails with it, until {@link #clear} (cudaDeviceReset). Shared by
 * the devices that run compiled kernels (WebGPU, Vulkan).
 */
public final class StickyFault {
    private final Console console;
    private String message;

    /** {@code console}: where {@link #fail} shows the fault. */
    public StickyFault(Console console) {
        this.console = console;
    }

    /** The prefix of a message about {@code site}: {@code file:line:col: error: }, or webcu's own without a place. */
    public static String at(Span site) {
        return site != null && site.isKnown() ? site + ": error: " : "webcu: error: ";
    }

    /** Whether a fault was recorded. */
    public boolean failed() {
        return message != null;
    }

    /** The fault, or null. */
    public String message() {
        return message;
    }

    /** Records the first fault and shows it on stderr. */
    public void fail(String message) {
        if (this.message == null) {
            this.message = message;
            console.err(message + "\n");
        }
    }

    /** Records the first fault without showing it (what explains it was shown already). */
    public void stop(String message) {
        if (this.message == null) {
            this.message = message;
        }
    }

    /** Completes {@code c}, or fails it with the fault. */
    public void finish(Completion c) {
        if (message != null) {
            c.fail(message);
        } else {
            c.complete();
        }
    }

    public void clear() {
        message = null;
    }
}
