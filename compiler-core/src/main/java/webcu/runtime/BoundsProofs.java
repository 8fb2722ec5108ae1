package webcu.runtime;

import webcu.passes.KernelLayout;
import webcu.passes.RangeProof;

/**
 * The launch-time half of bounds checks that cost nothing where they cannot fail: whether a
 * launch satisfies its kernel's {@link KernelLayout#ranges} proof, so that the device may run the
 * kernel's pipeline with the checks folded away (the proof's constant set to false). Shared by
 * the WebGPU and Vulkan devices, which call it after packing the launch's uniform; where it says
 * no, the launch runs with its checks exactly as before (docs/bounds-checks.md).
 */
public final class BoundsProofs {
    private BoundsProofs() {
    }

    /**
     * Whether every access of the launch is proven in bounds.
     *
     * @param uniform the launch's uniform buffer (grid, scalars, hidden offsets), from byte {@code at}
     * @param block blockDim.x, y, z
     * @param dispatch the workgroups dispatched in x, y, z (GridFolding's slices)
     * @param bindingBytes the bytes of the allocation behind each of the layout's buffers, in
     *     their order (0 for a null pointer's dummy binding)
     */
    public static boolean holds(LaunchLayout layout, byte[] uniform, int at, int[] block, int[] dispatch, double[] bindingBytes) {
        return holds(layout.compiled(), uniform, at, block, dispatch, bindingBytes);
    }

    /** {@link #holds(LaunchLayout, byte[], int, int[], int[], double[])} on the writers' layout. */
    public static boolean holds(KernelLayout layout, byte[] uniform, int at, int[] block, int[] dispatch, double[] bindingBytes) {
        RangeProof p = layout.ranges();
        return p != null && uniform != null && p.holds(new RangeProof.Context(uniform, at, block, dispatch, bindingBytes));
    }
}
