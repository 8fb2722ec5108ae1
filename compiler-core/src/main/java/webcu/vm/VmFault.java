package webcu.vm;

/**
 * A runtime fault of the user's program: a bad memory access, a division by zero on the host, a
 * failed assertion, a call nobody provides. It ends the host program (exit status 1) or the kernel
 * (the device then reports the CUDA error {@link #cudaError}). Faults end a run, so throwing is
 * rare; there is no stack trace to fill.
 */
public final class VmFault extends RuntimeException {
    public static final int ACCESS = 0, DIVIDE_BY_ZERO = 1, STACK_OVERFLOW = 2, ASSERT = 3, ABORT = 4, TRAP = 5,
            TIMEOUT = 6, BAD_FREE = 7, UNRESOLVED = 8;

    public final int kind;
    /** The cudaError_t a device fault turns into (700, 716, 710, …); 0 where none applies. */
    public final int cudaError;
    /** First line of the report, e.g. "invalid __global__ write of size 4 bytes". */
    public final String headline;
    /** Further lines explaining the address or the cause; may be empty. */
    public final String detail;
    /** True when the headline is the whole user-facing message (assertions print their own text). */
    public final boolean selfExplaining;

    public VmFault(int kind, int cudaError, String headline, String detail) {
        this(kind, cudaError, headline, detail, false);
    }

    public VmFault(int kind, int cudaError, String headline, String detail, boolean selfExplaining) {
        super(headline, null, false, false);
        this.kind = kind;
        this.cudaError = cudaError;
        this.headline = headline;
        this.detail = detail;
        this.selfExplaining = selfExplaining;
    }
}
