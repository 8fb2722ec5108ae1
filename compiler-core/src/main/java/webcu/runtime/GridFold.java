package webcu.runtime;

/**
 * How a launch's grid is dispatched where its x is wider than the device dispatches in one
 * dimension: folded into rows of slices, {@code rows} workgroup rows per CUDA row, each slice as
 * wide as the dispatch's x; the kernel's {@code passes.GridFolding} prologue turns the workgroup id
 * back into {@code blockIdx} and returns from the padding workgroups of a row's last slice. WebGPU's
 * launch plan and the Vulkan device fold alike: WebGPU allows 65535 workgroups per dimension, and
 * so do Intel's, AMD's, lavapipe's and SwiftShader's Vulkan drivers (NVIDIA's 2^31 - 1 in x).
 *
 * @param dispatch the workgroups to dispatch in x, y, z
 * @param rows the workgroup rows of one CUDA row (1: the grid is dispatched as it is)
 * @param slices the slices per row the kernel divides the workgroup's y by (the uniform's grid word
 *     3): {@code rows}, or {@link #ONE_ROW} for a folded grid of one CUDA row
 * @param padded whether the last slice of a row has workgroups past {@code gridDim.x}
 */
public record GridFold(int[] dispatch, long rows, long slices, boolean padded) {
    /**
     * The slices per row of a folded grid of one row: 2^31, above any dispatch's rows, so that any
     * workgroup row divides to 0; a power of two is a mask and a shift where the kernel has it as a
     * constant.
     */
    public static final long ONE_ROW = 1L << 31;
    /** How many row counts past the fewest {@link #rows} tries for one that divides the grid. */
    static final int SEARCH = 256;

    /**
     * The fold of {@code grid} (x, y, z as unsigned ints) for a device that dispatches at most
     * {@code maxX} workgroups in x and {@code maxY} in y, or null where the folded rows exceed
     * {@code maxY} (the z limit is the caller's to check: the fold leaves z as it is).
     */
    public static GridFold of(int[] grid, int maxX, int maxY) {
        long gx = grid[0] & 0xFFFFFFFFL;
        long gy = grid[1] & 0xFFFFFFFFL;
        long rows = rows(gx, gy, maxX, maxY);
        long slice = (gx + rows - 1) / rows;
        long dy = gy * rows;
        if (dy > maxY) {
            return null;
        }
        return new GridFold(new int[] {(int) slice, (int) dy, grid[2]}, rows,
                rows == 1 || gy > 1 ? rows : ONE_ROW, slice * rows != gx);
    }

    /**
     * Into how many rows of slices a grid of {@code gx} x {@code gy} blocks folds its x, 1 where x
     * fits the device's {@code maxX} workgroups. Else the fewest rows that divide {@code gx}
     * exactly, if a few more than the fewest that fit do (SAXPY's 262144 blocks on 65535: 8 of
     * 32768, no padding, and on WebGPU the pipeline without the padding check), and whose
     * {@code gy} rows of them fit {@code maxY}; or else the fewest that fit, of equal width, so that
     * the last row pads with fewer than that many blocks (65535-wide slices padded the 262144
     * blocks with 65531 that only returned).
     */
    public static long rows(long gx, long gy, int maxX, int maxY) {
        if (gx <= maxX) {
            return 1;
        }
        long fewest = (gx + maxX - 1) / maxX;
        if (gx <= Integer.MAX_VALUE && gy > 0) {
            // ints: longs are BigInts in the page's JavaScript build
            int x = (int) gx;
            int most = (int) Math.min(maxY / gy, fewest + SEARCH);
            for (int f = (int) fewest; f <= most; f++) {
                if (x % f == 0) {
                    return f;
                }
            }
        }
        return fewest;
    }
}
