package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static webcu.vm.HostMain.value;
import static webcu.vm.Ir.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.runtime.CapturingConsole;
import webcu.runtime.Completion;
import webcu.runtime.Device;
import webcu.runtime.DeviceInfo;
import webcu.runtime.KernelArg;
import webcu.runtime.KernelLaunch;

/** What a {@code <<<>>>} launch hands the device: a repeated launch gets the previous launch's grid and arguments again. */
class LaunchArgsTest {
    @Test
    void repeatedLaunches_shareTheirGridAndArguments() {
        // k(int *p, int n, float x) { p[0] = n; } launched with (d, 5, 1.5f) twice, (d, 6, 1.5f), then (d, 5, 1.5f) again
        Module m = new Module();
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID, "p", ptr(Type.I32), "n", Type.I32, "x", Type.F32);
        k.setBody(block(store(get(k.params().get(0)), get(k.params().get(1)))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 4);
        h.add(launch(k, dim(2), dim(3), value(d), i32(5), f32(1.5)));
        h.add(launch(k, dim(2), dim(3), value(d), i32(5), f32(1.5)));
        h.add(launch(k, dim(2), dim(3), value(d), i32(6), f32(1.5)));
        h.add(launch(k, dim(2), dim(4), value(d), i32(5), f32(1.5)));
        CapturingConsole console = new CapturingConsole();
        List<KernelLaunch> seen = new ArrayList<>();
        assertEquals(0, Runs.run(h.finish(i32(0)), new Recording(new CpuDevice(console), seen), console).status());
        assertEquals(4, seen.size());
        KernelLaunch first = seen.get(0);
        assertEquals(3, first.args().size());
        assertInstanceOf(KernelArg.Pointer.class, first.args().get(0));
        assertEquals(new KernelArg.Scalar(Type.I32, 5), first.args().get(1));
        assertEquals(new KernelArg.Scalar(Type.F32, Float.floatToRawIntBits(1.5f)), first.args().get(2));
        assertSame(first.grid(), seen.get(1).grid());
        assertSame(first.block(), seen.get(1).block());
        for (int i = 0; i < 3; i++) {
            assertSame(first.args().get(i), seen.get(1).args().get(i));
        }
        assertEquals(new KernelArg.Scalar(Type.I32, 6), seen.get(2).args().get(1));
        assertNotSame(first.args().get(1), seen.get(2).args().get(1));
        // another block, the same arguments as the first launch: found among the recent ones
        assertEquals(List.of(2, 1, 1, 4, 1, 1), List.of(seen.get(3).grid()[0], seen.get(3).grid()[1], seen.get(3).grid()[2],
                seen.get(3).block()[0], seen.get(3).block()[1], seen.get(3).block()[2]));
        assertSame(first.grid(), seen.get(3).grid());
        assertSame(first.args().get(1), seen.get(3).args().get(1));
    }

    /** The CPU device, keeping every launch it is handed. */
    private record Recording(CpuDevice inner, List<KernelLaunch> seen) implements Device {
        public DeviceInfo info() {
            return inner.info();
        }

        public boolean createBuffer(int id, long bytes) {
            return inner.createBuffer(id, bytes);
        }

        public void destroyBuffer(int id) {
            inner.destroyBuffer(id);
        }

        public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
            inner.write(buffer, offset, src, srcOffset, length);
        }

        public void copy(int dst, long dstOffset, int src, long srcOffset, long length) {
            inner.copy(dst, dstOffset, src, srcOffset, length);
        }

        public void fill(int buffer, long offset, int byteValue, long length) {
            inner.fill(buffer, offset, byteValue, length);
        }

        public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
            return inner.read(buffer, offset, dst, dstOffset, length);
        }

        public void launch(KernelLaunch launch) {
            seen.add(launch);
            inner.launch(launch);
        }

        public Completion synchronize() {
            return inner.synchronize();
        }
    }
}
