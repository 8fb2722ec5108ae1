package webcu.ir;

/** CUDA's built-in variables; each component is a u32, as in PTX. */
public enum Builtin {
    THREAD_IDX("threadIdx"), BLOCK_IDX("blockIdx"), BLOCK_DIM("blockDim"), GRID_DIM("gridDim");

    public final String cudaName;

    Builtin(String cudaName) {
        this.cudaName = cudaName;
    }
}
