package webcu.app;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import webcu.diag.Span;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.runtime.AddressedDevice;
import webcu.runtime.Completion;
import webcu.runtime.CudaRuntime;
import webcu.runtime.Device;
import webcu.runtime.DeviceDecorator;
import webcu.runtime.DeviceInfo;
import webcu.runtime.KernelLaunch;

/**
 * Writes what the program asks of its device into a {@link LaunchLog}: launches with their
 * shapes and times, copies per direction with their bytes and wall-clock times. Everything is
 * forwarded unchanged. A device with a {@link Timer} (WebGPU) times its own launches; others run a
 * launch within the call (the CPU emulator), so the call's wall-clock time is the kernel's.
 */
final class RecordingDevice implements AddressedDevice, DeviceDecorator {
    /** How a device that launches asynchronously times a launch (WebGpuDevice's timeNextLaunch). */
    interface Timer {
        /** Asks for the next launch's time to reach {@code launch}. */
        void timeNext(LaunchLog.Launch launch);

        /** CUDA threads per invocation for {@code block} (1 where nothing is coarsened). */
        int coarsening(int[] block);
    }

    private final AddressedDevice device;
    private final LaunchLog log;
    private final Timer timer;
    private final LongSupplier clock;
    private final Map<Function, Long> staticShared = new HashMap<>();

    /** {@code timer}: null for a device whose launch returns when the kernel has run. */
    RecordingDevice(AddressedDevice device, LaunchLog log, Timer timer, LongSupplier clock) {
        this.device = device;
        this.log = log;
        this.timer = timer;
        this.clock = clock;
    }

    @Override
    public Device inner() {
        return device;
    }

    @Override
    public void launch(KernelLaunch launch) {
        // what only the log's rows show is worked out while it keeps rows (the first launches)
        boolean row = log.keepsNextRow();
        long shared = row ? staticShared.computeIfAbsent(launch.kernel(), CudaRuntime::staticSharedBytesOf) : 0;
        int coarse = row && timer != null ? timer.coarsening(launch.block()) : 1;
        LaunchLog.Launch l = log.launch(launch.kernel().name(), launch.grid(), launch.block(), launch.dynamicSharedBytes(),
                shared, coarse);
        if (l != null && timer != null) {
            timer.timeNext(l);
            device.launch(launch);
            return;
        }
        if (l == null) {
            // an untimed launch: no clock to read
            device.launch(launch);
            return;
        }
        long t0 = clock.getAsLong();
        device.launch(launch);
        l.measured(t0, clock.getAsLong() - t0);
    }

    @Override
    public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        long t0 = clock.getAsLong();
        device.write(buffer, offset, src, srcOffset, length);
        log.copy(LaunchLog.Copy.H2D, length, clock.getAsLong() - t0);
    }

    @Override
    public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
        long t0 = clock.getAsLong();
        Completion c = device.read(buffer, offset, dst, dstOffset, length);
        c.whenDone(() -> log.copy(LaunchLog.Copy.D2H, length, clock.getAsLong() - t0));
        return c;
    }

    @Override
    public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        long t0 = clock.getAsLong();
        device.copy(dstBuffer, dstOffset, srcBuffer, srcOffset, length);
        log.copy(LaunchLog.Copy.D2D, length, clock.getAsLong() - t0);
    }

    @Override
    public void fill(int buffer, long offset, int byteValue, long length) {
        long t0 = clock.getAsLong();
        device.fill(buffer, offset, byteValue, length);
        log.copy(LaunchLog.Copy.MEMSET, length, clock.getAsLong() - t0);
    }

    @Override
    public Completion synchronize() {
        return device.synchronize();
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
