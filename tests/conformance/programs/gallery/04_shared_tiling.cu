// Lesson 4: shared memory, a transpose through a tile.
//
// Global memory is fastest when neighbouring threads touch neighbouring addresses ("coalesced").
// A naive transpose reads rows but writes columns, so half its accesses are scattered. The fix:
// a block first loads a TILE x TILE square into __shared__ memory (fast, on-chip, shared by the
// block's threads), waits at __syncthreads() until the whole tile is there, then writes it out
// transposed, again row by row. The tile has one extra column so that threads reading a column
// of the tile hit different shared-memory banks.
#include <cstdio>
#include <vector>

const int TILE = 16;

__global__ void transposeTiled(const int *in, int *out, int rows, int cols)
{
    __shared__ int tile[TILE][TILE + 1];   // +1: no bank conflicts when reading a column

    // read: this block's tile of `in`, one element per thread, rows stay rows
    int x = blockIdx.x * TILE + threadIdx.x;   // column in `in`
    int y = blockIdx.y * TILE + threadIdx.y;   // row in `in`
    if (x < cols && y < rows) {
        tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
    }

    __syncthreads();   // every element of the tile is loaded before anyone reads it

    // write: the same tile lands at the mirrored block position; threads swap roles of x and y
    x = blockIdx.y * TILE + threadIdx.x;       // column in `out` (= row in `in`)
    y = blockIdx.x * TILE + threadIdx.y;       // row in `out` (= column in `in`)
    if (x < rows && y < cols) {
        out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
    }
}

int main()
{
    const int rows = 50, cols = 37;
    std::vector<int> in(rows * cols), out(rows * cols, -1);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            in[r * cols + c] = 100 * r + c;    // the value tells where it came from

    int *dIn, *dOut;
    cudaMalloc(&dIn, in.size() * sizeof(int));
    cudaMalloc(&dOut, out.size() * sizeof(int));
    cudaMemcpy(dIn, in.data(), in.size() * sizeof(int), cudaMemcpyHostToDevice);

    dim3 block(TILE, TILE);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transposeTiled<<<grid, block>>>(dIn, dOut, rows, cols);
    cudaMemcpy(out.data(), dOut, out.size() * sizeof(int), cudaMemcpyDeviceToHost);

    // out is cols x rows: out[c][r] == in[r][c]
    printf("in is %d x %d, out is %d x %d\n", rows, cols, cols, rows);
    printf("first row of out: ");
    for (int r = 0; r < 8; ++r) printf("%d ", out[r]);
    printf("...\n");
    printf("out[36][49] = %d (was in[49][36])\n", out[36 * rows + 49]);

    int wrong = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (out[c * rows + r] != in[r * cols + c]) ++wrong;
    printf("%s (%d wrong)\n", wrong == 0 ? "PASS" : "FAIL", wrong);

    cudaFree(dIn);
    cudaFree(dOut);
    return 0;
}
