package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.runtime.AddressedDevice;
import webcu.runtime.Completion;
import webcu.runtime.DeviceInfo;
import webcu.runtime.KernelLaunch;

/** The status line's kernel names: reported on a change of kernel, back to host code after a wait. */
class StageDeviceTest {
    private final List<String> stages = new ArrayList<>();
    private final List<String> launched = new ArrayList<>();
    private final Completion gpuDone = new Completion();

    /** Records launches; the GPU finishes when the test says so. */
    private final AddressedDevice gpu = new AddressedDevice() {
        @Override
        public DeviceInfo info() {
            return null;
        }

        @Override
        public boolean createBuffer(int id, long bytes) {
            return true;
        }

        @Override
        public void destroyBuffer(int id) {
        }

        @Override
        public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        }

        @Override
        public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        }

        @Override
        public void fill(int buffer, long offset, int byteValue, long length) {
        }

        @Override
        public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
            return gpuDone;
        }

        @Override
        public void launch(KernelLaunch launch) {
            launched.add(launch.kernel().name());
        }

        @Override
        public Completion synchronize() {
            return gpuDone;
        }

        @Override
        public void mapBuffer(int id, long base, String label, Span site) {
        }

        @Override
        public void reset() {
        }

        @Override
        public void mapGlobal(Global g, long address) {
        }

        @Override
        public byte[] bufferBytes(int id) {
            return null;
        }
    };

    private final Progress progress = new Progress() {
        @Override
        public void diagnostics(String json) {
        }

        @Override
        public void stage(String stage) {
            stages.add(stage);
        }
    };

    private static KernelLaunch launchOf(String kernel) {
        Function f = new Function(kernel, ExecutionSpace.KERNEL, Type.VOID, List.of(), false, Span.NONE);
        return new KernelLaunch(new Module(), f, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, List.of(), Span.NONE);
    }

    @Test
    void namesEachNewKernelAndReturnsToHostWhenTheGpuIsDone() {
        StageDevice device = new StageDevice(gpu, progress);
        device.launch(launchOf("scan"));
        device.launch(launchOf("scan"));
        device.launch(launchOf("addOffsets"));
        Completion wait = device.synchronize();
        assertEquals(List.of("kernel:scan", "kernel:addOffsets"), stages, "no message while the GPU still runs");
        gpuDone.complete();
        assertEquals(true, wait.isDone());
        assertEquals(List.of("kernel:scan", "kernel:addOffsets", "host"), stages);
        assertEquals(List.of("scan", "scan", "addOffsets"), launched, "every launch reaches the GPU");
        device.launch(launchOf("addOffsets"));
        assertEquals(List.of("kernel:scan", "kernel:addOffsets", "host", "kernel:addOffsets"), stages);
    }
}
