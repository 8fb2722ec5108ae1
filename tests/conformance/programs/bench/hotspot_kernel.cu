// Included by hotspot_rodinia.cu (Rodinia keeps its kernels in a .cu beside main and #includes it).
#define BLOCK_SIZE 16
#define STR_SIZE 256

#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

__global__ void calculate_temp(int iteration, const int *power, const int *temp_src, int *temp_dst, int grid_cols,
                               int grid_rows, int border_cols, int border_rows, int Cap_shift, int Rx_shift,
                               int Ry_shift, int Rz_shift, int step_div)
{
    __shared__ int temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ int power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ int temp_t[BLOCK_SIZE][BLOCK_SIZE];

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int small_block_rows = BLOCK_SIZE - iteration * 2;
    int small_block_cols = BLOCK_SIZE - iteration * 2;
    int blkY = small_block_rows * by - border_rows;
    int blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK_SIZE - 1;
    int blkXmax = blkX + BLOCK_SIZE - 1;
    int yidx = blkY + ty;
    int xidx = blkX + tx;
    int loadYidx = yidx, loadXidx = xidx;
    int index = grid_cols * loadYidx + loadXidx;

    if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    }
    __syncthreads();

    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;

    int N = ty - 1;
    int S = ty + 1;
    int W = tx - 1;
    int E = tx + 1;
    N = (N < validYmin) ? validYmin : N;
    S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
            IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
            computed = true;
            int t = temp_on_cuda[ty][tx];
            // fixed-point form of Rodinia's update: integer shifts stand for the float coefficients
            int delta = power_on_cuda[ty][tx] + ((temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2 * t) >> Ry_shift) +
                        ((temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2 * t) >> Rx_shift) + ((AMB_TEMP - t) >> Rz_shift);
            temp_t[ty][tx] = t + ((delta >> Cap_shift) / step_div);
        }
        __syncthreads();
        if (i == iteration - 1) break;
        if (computed) temp_on_cuda[ty][tx] = temp_t[ty][tx];
        __syncthreads();
    }
    if (computed) {
        temp_dst[index] = temp_t[ty][tx];
    }
}
