package webcu.ir;

/** Where a global variable lives. */
public enum AddressSpace {
    /** host memory of the host program: string literals and host globals */
    HOST,
    /** {@code __device__}: device global memory */
    DEVICE,
    /** {@code __constant__}: read-only in kernels, written by cudaMemcpyToSymbol */
    CONSTANT,
    /** {@code __shared__}: one copy per block */
    SHARED
}
