package webcu.runtime;

/**
 * The host program's memory as the runtime sees it for copies: the bytes behind a host address
 * range. The implementation checks the range and reports a bad one itself (as a host fault), so
 * the runtime never touches memory the program does not own.
 */
public interface HostMemory {
    /** The array holding {@code [address, address + n)} and the index of {@code address} in it. */
    record Range(byte[] data, int offset) {}

    Range range(long address, long n, boolean write);
}
