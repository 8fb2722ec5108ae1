package webcu.ir;

/**
 * CUDA's built-in variables; each component is a u32, as in PTX. The last four are the WebGPU
 * dispatch's, which {@code webcu.passes.GridFolding} computes {@code blockIdx} from: the
 * workgroup's id, the dispatch's workgroup count, in component x the number of dispatch slices one
 * CUDA row of blocks is folded into, and in component x of {@code gridPadding} 1 where the dispatch
 * may hold padding workgroups (those whose {@code blockIdx.x} would reach {@code gridDim.x}), 0 only
 * where the host dispatched none. The host VM never sees them.
 */
public enum Builtin {
    THREAD_IDX("threadIdx"), BLOCK_IDX("blockIdx"), BLOCK_DIM("blockDim"), GRID_DIM("gridDim"),
    WORKGROUP_ID("workgroupId"), NUM_WORKGROUPS("workgroupCount"), GRID_SLICES("gridSlices"),
    GRID_PADDING("gridPadding");

    public final String cudaName;

    Builtin(String cudaName) {
        this.cudaName = cudaName;
    }
}
