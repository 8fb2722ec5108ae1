package webcu.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/** A device with byte-array buffers that records launches and can report a fault or finish late. */
final class FakeDevice implements Device {
    final HashMap<Integer, byte[]> buffers = new HashMap<>();
    final List<KernelLaunch> launches = new ArrayList<>();
    String fault;
    boolean late;
    final List<Completion> unfinished = new ArrayList<>();

    @Override
    public DeviceInfo info() {
        return new DeviceInfo("fake", 9, 0, 1L << 30, 1, 1024, new int[] {1024, 1024, 64},
                new int[] {Integer.MAX_VALUE, 65535, 65535}, 48 * 1024, 32, 65536, 65536, 1000);
    }

    @Override
    public boolean createBuffer(int id, long bytes) {
        buffers.put(id, new byte[(int) bytes]);
        return true;
    }

    @Override
    public void destroyBuffer(int id) {
        buffers.remove(id);
    }

    @Override
    public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        System.arraycopy(src, srcOffset, buffers.get(buffer), (int) offset, length);
    }

    @Override
    public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        System.arraycopy(buffers.get(srcBuffer), (int) srcOffset, buffers.get(dstBuffer), (int) dstOffset, (int) length);
    }

    @Override
    public void fill(int buffer, long offset, int byteValue, long length) {
        java.util.Arrays.fill(buffers.get(buffer), (int) offset, (int) (offset + length), (byte) byteValue);
    }

    @Override
    public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
        System.arraycopy(buffers.get(buffer), (int) offset, dst, dstOffset, length);
        return done();
    }

    @Override
    public void launch(KernelLaunch launch) {
        launches.add(launch);
    }

    @Override
    public Completion synchronize() {
        Completion c = new Completion();
        if (late) {
            unfinished.add(c);
            return c;
        }
        if (fault != null) {
            c.fail(fault);
        } else {
            c.complete();
        }
        return c;
    }

    private Completion done() {
        Completion c = new Completion();
        if (late) {
            unfinished.add(c);
        } else {
            c.complete();
        }
        return c;
    }

    void finishAll() {
        for (Completion c : new ArrayList<>(unfinished)) {
            if (fault != null) {
                c.fail(fault);
            } else {
                c.complete();
            }
        }
        unfinished.clear();
    }
}
