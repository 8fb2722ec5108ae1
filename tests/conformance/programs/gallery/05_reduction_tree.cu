// Lesson 5: reduction, summing an array with a tree in shared memory.
//
// Adding n numbers one after another takes n steps. In parallel, a block can halve the work each
// step: thread t adds element t + stride to element t, with stride = blockDim/2, blockDim/4, ...,
// 1, and after log2(blockDim) steps element 0 holds the block's sum. A __syncthreads() between
// steps makes sure that each step reads finished results of the one before. Each block writes
// one partial sum; the host (or a second launch) adds those few up.
#include <cstdio>
#include <vector>

const int THREADS = 256;   // a power of two, so the halving always divides evenly

__global__ void blockSum(const int *in, int *partial, int n)
{
    __shared__ int buf[THREADS];
    int t = threadIdx.x;

    // Each thread first adds up a grid-stride slice of the input on its own, so that any n fits
    // a fixed number of blocks.
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
        sum += in[i];
    }
    buf[t] = sum;
    __syncthreads();

    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride) {
            buf[t] += buf[t + stride];
        }
        __syncthreads();   // outside the if: every thread of the block must reach it
    }

    if (t == 0) {
        partial[blockIdx.x] = buf[0];
    }
}

int main()
{
    const int n = 100000;
    const int blocks = 32;
    std::vector<int> data(n);
    long long expected = 0;
    for (int i = 0; i < n; ++i) {
        data[i] = (i * 7) % 100 - 40;   // small values, positive and negative
        expected += data[i];
    }

    int *dIn, *dPartial;
    cudaMalloc(&dIn, n * sizeof(int));
    cudaMalloc(&dPartial, blocks * sizeof(int));
    cudaMemcpy(dIn, data.data(), n * sizeof(int), cudaMemcpyHostToDevice);

    blockSum<<<blocks, THREADS>>>(dIn, dPartial, n);

    std::vector<int> partial(blocks);
    cudaMemcpy(partial.data(), dPartial, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    long long total = 0;
    for (int b = 0; b < blocks; ++b) total += partial[b];

    printf("partial sums of the first 4 blocks: %d %d %d %d\n", partial[0], partial[1], partial[2], partial[3]);
    printf("GPU sum = %lld, CPU sum = %lld\n", total, expected);
    printf("%s\n", total == expected ? "PASS" : "FAIL");

    cudaFree(dIn);
    cudaFree(dPartial);
    return 0;
}
