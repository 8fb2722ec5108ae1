#include <cuda_runtime.h>
#include "life.h"

__global__ void life_step(const unsigned char *in, unsigned char *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0) continue;
            int xx = (x + dx + w) % w, yy = (y + dy + h) % h;
            n += in[yy * w + xx];
        }
    unsigned char alive = in[y * w + x];
    out[y * w + x] = (n == 3 || (alive && n == 2)) ? 1 : 0;
}

void run_generations(Board &board, int generations)
{
    size_t bytes = board.cells.size();
    unsigned char *a, *b;
    cudaMalloc(&a, bytes);
    cudaMalloc(&b, bytes);
    cudaMemcpy(a, board.cells.data(), bytes, cudaMemcpyHostToDevice);
    dim3 block(16, 8);
    dim3 grid((board.width + 15) / 16, (board.height + 7) / 8);
    for (int g = 0; g < generations; ++g) {
        life_step<<<grid, block>>>(a, b, board.width, board.height);
        std::swap(a, b);
    }
    cudaMemcpy(board.cells.data(), a, bytes, cudaMemcpyDeviceToHost);
    cudaFree(a);
    cudaFree(b);
}
