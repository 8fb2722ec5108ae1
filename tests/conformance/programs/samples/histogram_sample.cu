// histogram64/256 in the samples' style: per-block shared-memory sub-histograms merged with global
// atomics; -bins=64|256 and -bytes=N; the input comes from a xorshift generator on the host.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include "sample_helpers.h"

static const int MAX_BINS = 256;

__global__ void histogramKernel(unsigned int *d_Histogram, const unsigned char *d_Data, unsigned int byteCount,
                                int bins)
{
    __shared__ unsigned int s_Hist[MAX_BINS];
    for (int i = threadIdx.x; i < MAX_BINS; i += blockDim.x) s_Hist[i] = 0;
    __syncthreads();
    for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < byteCount; pos += blockDim.x * gridDim.x) {
        unsigned int data = d_Data[pos];
        unsigned int bin = (bins == 64) ? (data >> 2) : data;
        atomicAdd(&s_Hist[bin], 1);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < bins; i += blockDim.x) {
        if (s_Hist[i]) atomicAdd(&d_Histogram[i], s_Hist[i]);
    }
}

static unsigned int xorshift32(unsigned int &state)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

void histogramCPU(unsigned int *h_Histogram, const unsigned char *h_Data, unsigned int byteCount, int bins)
{
    memset(h_Histogram, 0, bins * sizeof(unsigned int));
    for (unsigned int i = 0; i < byteCount; i++) {
        unsigned int data = h_Data[i];
        h_Histogram[bins == 64 ? (data >> 2) : data]++;
    }
}

int main(int argc, char **argv)
{
    printf("[histogram] - Starting...\n");
    findCudaDevice(argc, (const char **)argv);
    unsigned int byteCount = 1 << 20;
    int bins = 256;
    if (checkCmdLineFlag(argc, (const char **)argv, "bytes")) byteCount = getCmdLineArgumentInt(argc, (const char **)argv, "bytes");
    if (checkCmdLineFlag(argc, (const char **)argv, "bins")) bins = getCmdLineArgumentInt(argc, (const char **)argv, "bins");
    if (bins != 64 && bins != 256) {
        fprintf(stderr, "bins must be 64 or 256\n");
        return EXIT_FAILURE;
    }
    printf("Initializing data: %u bytes, %d bins\n", byteCount, bins);
    unsigned char *h_Data = (unsigned char *)malloc(byteCount);
    unsigned int *h_HistogramCPU = (unsigned int *)malloc(MAX_BINS * sizeof(unsigned int));
    unsigned int *h_HistogramGPU = (unsigned int *)malloc(MAX_BINS * sizeof(unsigned int));
    unsigned int state = 2463534242u;
    for (unsigned int i = 0; i < byteCount; i++) {
        // skew the distribution so that the bins differ visibly
        unsigned int r = xorshift32(state);
        h_Data[i] = (unsigned char)((r & 0xFF) < 128 ? (r >> 8) & 0x7F : (r >> 16) & 0xFF);
    }
    unsigned char *d_Data;
    unsigned int *d_Histogram;
    checkCudaErrors(cudaMalloc((void **)&d_Data, byteCount));
    checkCudaErrors(cudaMalloc((void **)&d_Histogram, MAX_BINS * sizeof(unsigned int)));
    checkCudaErrors(cudaMemcpy(d_Data, h_Data, byteCount, cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemset(d_Histogram, 0, MAX_BINS * sizeof(unsigned int)));
    histogramKernel<<<64, 192>>>(d_Histogram, d_Data, byteCount, bins);
    getLastCudaError("histogramKernel() execution failed\n");
    checkCudaErrors(cudaMemcpy(h_HistogramGPU, d_Histogram, bins * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    histogramCPU(h_HistogramCPU, h_Data, byteCount, bins);
    int diff = 0;
    unsigned int total = 0, maxCount = 0;
    int maxBin = 0;
    for (int i = 0; i < bins; i++) {
        if (h_HistogramGPU[i] != h_HistogramCPU[i]) diff++;
        total += h_HistogramGPU[i];
        if (h_HistogramGPU[i] > maxCount) {
            maxCount = h_HistogramGPU[i];
            maxBin = i;
        }
    }
    printf("total count %u, fullest bin %d with %u\n", total, maxBin, maxCount);
    for (int i = 0; i < bins; i += bins / 8) {
        printf("bin[%3d] = %u\n", i, h_HistogramGPU[i]);
    }
    printf(diff == 0 ? " ...histograms match\n\n" : " ***histograms do not match!!!***\n\n");
    printf("%s\n", diff == 0 ? "PASSED" : "FAILED");
    checkCudaErrors(cudaFree(d_Data));
    checkCudaErrors(cudaFree(d_Histogram));
    free(h_Data);
    free(h_HistogramCPU);
    free(h_HistogramGPU);
    return diff == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
