package webcu.runtime;

import java.util.List;
import webcu.ir.Type;
import webcu.passes.KernelLayout;

/**
 * The bytes of a kernel's uniform buffer that do not depend on where the device keeps memory: the
 * grid at byte 0 and the arguments' scalars at their {@link KernelLayout.UniformField} offsets.
 * Every device that runs compiled kernels (WebGPU's launch plan, Vulkan) writes them here, since
 * both device code targets lay the buffer out alike.
 */
public final class UniformPacking {
    private UniformPacking() {
    }

    /** gridDim.x, y, z, then how many x-slices make one CUDA row (GridFolding: 1 when unfolded). */
    public static void putGrid(byte[] uniform, int[] grid, long fold) {
        putInt(uniform, 0, grid[0]);
        putInt(uniform, 4, grid[1]);
        putInt(uniform, 8, grid[2]);
        putInt(uniform, 12, (int) fold);
    }

    /**
     * Writes scalar field {@code f} (not a hidden or heap offset) from {@code args} into the
     * uniform that starts at {@code at} of {@code dst}: integers sign- or zero-extended to their
     * type, bool as 0 or 1, 8-byte values as two words. A 4-byte field is converted in ints (longs
     * are BigInts in the page's JavaScript build, and a launch packs its scalars every time).
     * Returns null, or why the argument cannot fill it.
     */
    public static String putScalar(byte[] dst, int at, LaunchLayout layout, LaunchLayout.UniformField field, List<KernelArg> args) {
        KernelLayout.UniformField f = field.f;
        long bits;
        KernelArg arg = args.get(f.param());
        if (arg instanceof KernelArg.Scalar s && f.argOffset() == 0) {
            bits = s.bits();
        } else if (arg instanceof KernelArg.Bytes s) {
            bits = read(s.bytes(), f.argOffset(), f.type() instanceof Type.Bool ? 1 : f.type().size());
        } else {
            return "internal error: argument " + (f.param() + 1) + " of '" + layout.kernel() + "' is not a scalar";
        }
        if (f.size() == 8) {
            switch (f.type()) {
                case Type.Bool x -> bits = (bits & 0xFF) != 0 ? 1 : 0;
                case Type.Int t -> bits = t.normalize(bits);
                default -> { }
            }
            putInt(dst, at + f.offset(), (int) bits);
            putInt(dst, at + f.offset() + 4, (int) (bits >>> 32));
            return null;
        }
        int v = (int) bits;
        switch (f.type()) {
            case Type.Bool x -> v = (v & 0xFF) != 0 ? 1 : 0;
            case Type.Int t when t.bits() == 8 -> v = t.signed() ? (byte) v : v & 0xFF;
            case Type.Int t when t.bits() == 16 -> v = t.signed() ? (short) v : v & 0xFFFF;
            default -> { }
        }
        putInt(dst, at + f.offset(), v);
        return null;
    }

    /** {@code size} bytes little-endian at {@code at} (zero-extended; bytes past the end read as 0). */
    public static long read(byte[] a, int at, int size) {
        long v = 0;
        for (int i = size - 1; i >= 0; i--) {
            v = v << 8 | (at + i < a.length ? a[at + i] & 0xFF : 0);
        }
        return v;
    }

    public static void putInt(byte[] a, int at, int v) {
        a[at] = (byte) v;
        a[at + 1] = (byte) (v >>> 8);
        a[at + 2] = (byte) (v >>> 16);
        a[at + 3] = (byte) (v >>> 24);
    }
}
