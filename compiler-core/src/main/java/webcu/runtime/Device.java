package webcu.runtime;

/**
 * What the CUDA runtime needs from a GPU: buffers, copies, fills and kernel launches, in issue
 * order. The runtime owns addresses, bounds checks and error codes; a device sees buffers by id
 * and byte offsets already checked. {@code CpuDevice} runs kernels on the VM; {@code WebGpuDevice}
 * (module webgpu-jso) dispatches compiled WGSL.
 */
public interface Device {
    /** A plausible description for cudaGetDeviceProperties. */
    DeviceInfo info();

    /** Creates a zero-filled buffer; false when the device is out of memory. */
    boolean createBuffer(int id, long bytes);

    void destroyBuffer(int id);

    void write(int buffer, long offset, byte[] src, int srcOffset, int length);

    void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length);

    void fill(int buffer, long offset, int byteValue, long length);

    /** Copies device bytes into {@code dst}; {@code dst} is valid once the completion is done. */
    Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length);

    /** Runs a kernel after everything issued before it. */
    void launch(KernelLaunch launch);

    /** Done when everything issued so far has finished; its error reports a kernel fault. */
    Completion synchronize();
}
