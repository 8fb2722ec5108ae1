// Lesson 7: prefix sum (scan) across many blocks.
//
// An inclusive scan turns 3 1 4 1 5 into 3 4 8 9 14: each output is the sum of all inputs up to
// it. Inside a block, the Hillis-Steele scheme adds the value `offset` places to the left, for
// offset = 1, 2, 4, ...; after log2(blockDim) steps every element has its prefix sum. A step
// must read all old values before anyone writes new ones, hence the two __syncthreads() per step.
// Across blocks it takes three launches: scan each block and keep its total, scan the totals,
// then add to every block the totals of the blocks before it.
#include <cstdio>
#include <vector>

const int B = 256;

// Scans `data` in place per block; writes each block's total to blockSums (when given).
__global__ void scanBlocks(int *data, int *blockSums, int n)
{
    __shared__ int s[B];
    int t = threadIdx.x;
    int i = blockIdx.x * B + t;
    s[t] = i < n ? data[i] : 0;
    __syncthreads();

    for (int offset = 1; offset < B; offset *= 2) {
        int add = t >= offset ? s[t - offset] : 0;
        __syncthreads();   // everyone has read the old values...
        s[t] += add;
        __syncthreads();   // ...and everyone has written the new ones
    }

    if (i < n) data[i] = s[t];
    if (blockSums && t == B - 1) blockSums[blockIdx.x] = s[t];
}

// Adds the sum of all earlier blocks to each element of block b > 0.
__global__ void addOffsets(int *data, const int *scannedSums, int n)
{
    int i = blockIdx.x * B + threadIdx.x;
    if (blockIdx.x > 0 && i < n) data[i] += scannedSums[blockIdx.x - 1];
}

int main()
{
    const int n = 3000;
    const int blocks = (n + B - 1) / B;   // 12: their totals fit one block for the second scan
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = (i * 37) % 10;

    int *dData, *dSums;
    cudaMalloc(&dData, n * sizeof(int));
    cudaMalloc(&dSums, blocks * sizeof(int));
    cudaMemcpy(dData, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);

    scanBlocks<<<blocks, B>>>(dData, dSums, n);
    scanBlocks<<<1, B>>>(dSums, nullptr, blocks);
    addOffsets<<<blocks, B>>>(dData, dSums, n);

    std::vector<int> out(n);
    cudaMemcpy(out.data(), dData, n * sizeof(int), cudaMemcpyDeviceToHost);

    printf("input:  ");
    for (int i = 0; i < 10; ++i) printf("%d ", h[i]);
    printf("...\nscan:   ");
    for (int i = 0; i < 10; ++i) printf("%d ", out[i]);
    printf("...\nscan[%d] = %d, scan[%d] = %d\n", B - 1, out[B - 1], B, out[B], n - 1, out[n - 1]);

    int wrong = 0, running = 0;
    for (int i = 0; i < n; ++i) {
        running += h[i];
        if (out[i] != running) ++wrong;
    }
    printf("%s (%d wrong)\n", wrong == 0 ? "PASS" : "FAIL", wrong);

    cudaFree(dData);
    cudaFree(dSums);
    return 0;
}
