package webcu.ir;

/** Where a function may run: CUDA's {@code __host__}, {@code __device__}, both, or a kernel. */
public enum ExecutionSpace {
    HOST, DEVICE, HOST_DEVICE, KERNEL;

    public boolean onHost() {
        return this == HOST || this == HOST_DEVICE;
    }

    public boolean onDevice() {
        return this == DEVICE || this == HOST_DEVICE || this == KERNEL;
    }
}
