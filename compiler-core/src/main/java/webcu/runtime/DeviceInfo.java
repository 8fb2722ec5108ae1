package webcu.runtime;

/** The limits a device reports, as cudaDeviceProp names them. */
public record DeviceInfo(
        String name,
        int major,
        int minor,
        long totalGlobalMem,
        int multiProcessorCount,
        int maxThreadsPerBlock,
        int[] maxThreadsDim,
        int[] maxGridSize,
        long sharedMemPerBlock,
        int warpSize,
        long totalConstMem,
        int regsPerBlock,
        int clockRate) {
}
