package webcu.app;

import webcu.diag.Span;
import webcu.ir.Global;
import webcu.runtime.AddressedDevice;
import webcu.runtime.Completion;
import webcu.runtime.DeviceInfo;
import webcu.runtime.KernelLaunch;

/**
 * The WebGPU device, telling the page which kernel the GPU is busy with: a launch names its kernel,
 * and the end of a wait for the GPU (a synchronize, a copy back) returns the stage to host code.
 * Only changes are reported, so a loop of a million launches of one kernel costs one message. The
 * CPU emulator is not wrapped (the VM tells it apart by its class): {@link CpuStage} hears its
 * launches instead.
 */
final class StageDevice implements AddressedDevice {
    private final AddressedDevice device;
    private final Progress progress;
    private String stage = Progress.HOST;
    /** The kernel whose stage the page was told last, or null: a launch of it builds no string. */
    private Object stageKernel;

    StageDevice(AddressedDevice device, Progress progress) {
        this.device = device;
        this.progress = progress;
    }

    private void enter(String s) {
        stageKernel = null;
        if (!s.equals(stage)) {
            stage = s;
            progress.stage(s);
        }
    }

    private Completion backToHost(Completion c) {
        c.whenDone(() -> enter(Progress.HOST));
        return c;
    }

    @Override
    public void launch(KernelLaunch launch) {
        if (launch.kernel() != stageKernel) {
            enter(Progress.KERNEL_PREFIX + launch.kernel().name());
            stageKernel = launch.kernel();
        }
        device.launch(launch);
    }

    @Override
    public Completion synchronize() {
        return backToHost(device.synchronize());
    }

    @Override
    public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
        return backToHost(device.read(buffer, offset, dst, dstOffset, length));
    }

    @Override
    public DeviceInfo info() {
        return device.info();
    }

    @Override
    public boolean createBuffer(int id, long bytes) {
        return device.createBuffer(id, bytes);
    }

    @Override
    public void destroyBuffer(int id) {
        device.destroyBuffer(id);
    }

    @Override
    public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        device.write(buffer, offset, src, srcOffset, length);
    }

    @Override
    public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        device.copy(dstBuffer, dstOffset, srcBuffer, srcOffset, length);
    }

    @Override
    public void fill(int buffer, long offset, int byteValue, long length) {
        device.fill(buffer, offset, byteValue, length);
    }

    @Override
    public void mapBuffer(int id, long base, String label, Span site) {
        device.mapBuffer(id, base, label, site);
    }

    @Override
    public void reset() {
        device.reset();
    }

    @Override
    public void mapGlobal(Global g, long address) {
        device.mapGlobal(g, address);
    }

    @Override
    public byte[] bufferBytes(int id) {
        return device.bufferBytes(id);
    }
}
