// Grids wider than 65535 blocks in x (CUDA allows 2^31 - 1): every block runs exactly once, with
// its own blockIdx.x and blockIdx.y, and no block beyond the grid runs. Widths that split evenly
// (65540 = 2 x 32770) and a prime one (65543), in one row and in two.
#include <cstdio>

__global__ void mark(unsigned *seen, unsigned *count, unsigned *maxY, unsigned *maxX)
{
    unsigned b = blockIdx.y * gridDim.x + blockIdx.x;
    atomicAdd(&seen[b], 1u);
    atomicAdd(count, 1u);
    atomicMax(maxY, blockIdx.y);
    atomicMax(maxX, blockIdx.x);
}

int main()
{
    const unsigned widths[] = {65543, 65540, 65543, 65540, 1000};
    const unsigned heights[] = {1, 1, 2, 2, 3};
    unsigned *count, *maxY, *maxX;
    cudaMalloc(&count, sizeof(unsigned));
    cudaMalloc(&maxY, sizeof(unsigned));
    cudaMalloc(&maxX, sizeof(unsigned));
    static unsigned h[65543 * 2];
    for (int g = 0; g < 5; ++g) {
        unsigned n = widths[g] * heights[g];
        // exactly the grid's blocks: a block beyond it would write past the end
        unsigned *grid;
        cudaMalloc(&grid, n * sizeof(unsigned));
        cudaMemset(grid, 0, n * sizeof(unsigned));
        cudaMemset(count, 0, sizeof(unsigned));
        cudaMemset(maxY, 0, sizeof(unsigned));
        cudaMemset(maxX, 0, sizeof(unsigned));
        mark<<<dim3(widths[g], heights[g]), 1>>>(grid, count, maxY, maxX);
        cudaError_t err = cudaDeviceSynchronize();
        unsigned c[3];
        cudaMemcpy(&c[0], count, sizeof(unsigned), cudaMemcpyDeviceToHost);
        cudaMemcpy(&c[1], maxY, sizeof(unsigned), cudaMemcpyDeviceToHost);
        cudaMemcpy(&c[2], maxX, sizeof(unsigned), cudaMemcpyDeviceToHost);
        cudaMemcpy(h, grid, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
        unsigned once = 0, firstBad = n;
        for (unsigned i = 0; i < n; ++i) {
            if (h[i] == 1) ++once;
            else if (firstBad == n) firstBad = i;
        }
        printf("grid %u x %u: %s, %u blocks ran, %u exactly once, max blockIdx.x %u, max blockIdx.y %u",
               widths[g], heights[g], cudaGetErrorString(err), c[0], once, c[2], c[1]);
        if (firstBad < n) printf(", block %u ran %u times", firstBad, h[firstBad]);
        printf("\n");
        cudaFree(grid);
    }
    cudaFree(count);
    cudaFree(maxY);
    cudaFree(maxX);
    return 0;
}
