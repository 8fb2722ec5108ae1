// Rodinia style: command-line sizes with defaults, a pyramid of kernel launches over a 2D wall,
// IN_RANGE/MIN macros, a struct of parameters, and a result printed for verification.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_SIZE 64
#define HALO 1
#define STR_SIZE 256
#define DEVICE 0
#define M_SEED 9
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

struct Params {
    int rows, cols, pyramid_height;
};

int *data;
int **wall;
int *result;

void init(Params &p, int argc, char **argv)
{
    p.cols = argc == 4 ? atoi(argv[1]) : 300;
    p.rows = argc == 4 ? atoi(argv[2]) : 40;
    p.pyramid_height = argc == 4 ? atoi(argv[3]) : 4;
    data = new int[p.rows * p.cols];
    wall = new int *[p.rows];
    for (int n = 0; n < p.rows; n++) wall[n] = data + p.cols * n;
    result = new int[p.cols];
    srand(M_SEED);
    for (int i = 0; i < p.rows; i++)
        for (int j = 0; j < p.cols; j++) wall[i][j] = rand() % 10;
}

__global__ void dynproc_kernel(int iteration, int *gpuWall, int *gpuSrc, int *gpuResults, int cols, int rows, int startStep, int border)
{
    __shared__ int prev[BLOCK_SIZE];
    __shared__ int result[BLOCK_SIZE];
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;
    int blkX = small_block_cols * bx - border;
    int blkXmax = blkX + BLOCK_SIZE - 1;
    int xidx = blkX + tx;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1) : BLOCK_SIZE - 1;
    int W = tx - 1;
    int E = tx + 1;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;
    bool isValid = IN_RANGE(tx, validXmin, validXmax);
    if (IN_RANGE(xidx, 0, cols - 1)) prev[tx] = gpuSrc[xidx];
    __syncthreads();
    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
            computed = true;
            int left = prev[W];
            int up = prev[tx];
            int right = prev[E];
            int shortest = MIN(left, up);
            shortest = MIN(shortest, right);
            int index = cols * (startStep + i) + xidx;
            result[tx] = shortest + gpuWall[index];
        }
        __syncthreads();
        if (i == iteration - 1) break;
        if (computed) prev[tx] = result[tx];
        __syncthreads();
    }
    if (computed) gpuResults[xidx] = result[tx];
}

int calc_path(int *gpuWall, int *gpuResult[2], int rows, int cols, int pyramid_height, int blockCols, int borderCols)
{
    dim3 dimBlock(BLOCK_SIZE);
    dim3 dimGrid(blockCols);
    int src = 1, dst = 0;
    for (int t = 0; t < rows - 1; t += pyramid_height) {
        int temp = src;
        src = dst;
        dst = temp;
        dynproc_kernel<<<dimGrid, dimBlock>>>(MIN(pyramid_height, rows - t - 1), gpuWall, gpuResult[src], gpuResult[dst], cols, rows, t, borderCols);
    }
    return dst;
}

int main(int argc, char **argv)
{
    Params p;
    init(p, argc, argv);
    int borderCols = p.pyramid_height * HALO;
    int smallBlockCol = BLOCK_SIZE - p.pyramid_height * HALO * 2;
    int blockCols = p.cols / smallBlockCol + ((p.cols % smallBlockCol == 0) ? 0 : 1);
    printf("pyramidHeight: %d\ngridSize: [%d]\nborder:[%d]\nblockSize: %d\nblockGrid:[%d]\ntargetBlock:[%d]\n", p.pyramid_height,
           p.cols, borderCols, BLOCK_SIZE, blockCols, smallBlockCol);
    int *gpuWall, *gpuResult[2];
    int size = p.rows * p.cols;
    cudaMalloc((void **)&gpuResult[0], sizeof(int) * p.cols);
    cudaMalloc((void **)&gpuResult[1], sizeof(int) * p.cols);
    cudaMemcpy(gpuResult[0], data, sizeof(int) * p.cols, cudaMemcpyHostToDevice);
    cudaMalloc((void **)&gpuWall, sizeof(int) * (size - p.cols));
    cudaMemcpy(gpuWall, data + p.cols, sizeof(int) * (size - p.cols), cudaMemcpyHostToDevice);
    int final_ret = calc_path(gpuWall, gpuResult, p.rows, p.cols, p.pyramid_height, blockCols, borderCols);
    cudaMemcpy(result, gpuResult[final_ret], sizeof(int) * p.cols, cudaMemcpyDeviceToHost);
    // the same dynamic programming on the host, row by row
    int *ref = new int[p.cols];
    int *next = new int[p.cols];
    memcpy(ref, data, sizeof(int) * p.cols);
    for (int r = 1; r < p.rows; r++) {
        for (int c = 0; c < p.cols; c++) {
            int m = ref[c];
            if (c > 0) m = MIN(m, ref[c - 1]);
            if (c < p.cols - 1) m = MIN(m, ref[c + 1]);
            next[c] = m + wall[r][c];
        }
        memcpy(ref, next, sizeof(int) * p.cols);
    }
    int mismatches = 0;
    long long sum = 0;
    for (int c = 0; c < p.cols; c++) {
        mismatches += result[c] != ref[c];
        sum += result[c];
    }
    printf("sum=%lld mismatches=%d\n", sum, mismatches);
    cudaFree(gpuWall);
    cudaFree(gpuResult[0]);
    cudaFree(gpuResult[1]);
    delete[] data;
    delete[] wall;
    delete[] result;
    return 0;
}
