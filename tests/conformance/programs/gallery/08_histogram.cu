// Lesson 8: a histogram with atomics.
//
// Many threads adding 1 to the same counter at once would lose updates: "read, add, write" of two
// threads can interleave. atomicAdd does the whole read-modify-write as one indivisible step. To
// keep threads from queueing on the same few global counters, each block first counts into its
// own copy in shared memory (atomics there are cheap), then adds its counts to the global
// histogram once per bin.
#include <cstdio>
#include <vector>

const int BINS = 16;

__global__ void histogram(const unsigned char *data, int n, unsigned int *bins)
{
    __shared__ unsigned int local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&local[data[i] / 16], 1u);     // 256 byte values into 16 bins
    }
    __syncthreads();

    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        atomicAdd(&bins[b], local[b]);
    }
}

int main()
{
    const int n = 200000;
    std::vector<unsigned char> data(n);
    unsigned int seed = 12345;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1103515245u + 12345u;      // a small linear congruential generator
        unsigned int r = (seed >> 16) & 0xff;
        data[i] = (unsigned char)((r + (seed >> 24)) / 2);   // sum of two: more in the middle bins
    }

    unsigned char *dData;
    unsigned int *dBins;
    cudaMalloc(&dData, n);
    cudaMalloc(&dBins, BINS * sizeof(unsigned int));
    cudaMemcpy(dData, data.data(), n, cudaMemcpyHostToDevice);
    cudaMemset(dBins, 0, BINS * sizeof(unsigned int));

    histogram<<<40, 256>>>(dData, n, dBins);

    unsigned int bins[BINS];
    cudaMemcpy(bins, dBins, sizeof(bins), cudaMemcpyDeviceToHost);

    unsigned int ref[BINS] = {0}, most = 0;
    for (int i = 0; i < n; ++i) ref[data[i] / 16]++;
    for (int b = 0; b < BINS; ++b) most = bins[b] > most ? bins[b] : most;

    int wrong = 0;
    for (int b = 0; b < BINS; ++b) {
        int bar = (int)(40.0 * bins[b] / most + 0.5);
        printf("%3d-%3d %6u |%.*s\n", b * 16, b * 16 + 15, bins[b], bar, "****************************************");
        if (bins[b] != ref[b]) ++wrong;
    }
    printf("%s\n", wrong == 0 ? "PASS" : "FAIL");

    cudaFree(dData);
    cudaFree(dBins);
    return 0;
}
