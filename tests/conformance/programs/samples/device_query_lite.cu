// deviceQuery-like report in the samples' style, limited to what every sm_90 device shares, plus a
// cudaMemcpyToSymbol / cudaMemcpyFromSymbol round trip and -quiet / -repeat=N flags.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "sample_helpers.h"

__constant__ int c_coeffs[16];
__device__ int d_results[256];

__global__ void polyKernel(int repeat)
{
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int acc = 0;
    for (int r = 0; r < repeat; r++) {
        int v = 0;
        for (int k = 15; k >= 0; k--) {
            v = v * ((x % 7) - 3) + c_coeffs[k];
        }
        acc += v;
    }
    d_results[x] = acc;
}

int main(int argc, char **argv)
{
    printf("%s Starting...\n\n", "deviceQueryLite");
    bool quiet = checkCmdLineFlag(argc, (const char **)argv, "quiet");
    int repeat = 1;
    if (checkCmdLineFlag(argc, (const char **)argv, "repeat")) repeat = getCmdLineArgumentInt(argc, (const char **)argv, "repeat");
    int deviceCount = 0;
    cudaError_t error_id = cudaGetDeviceCount(&deviceCount);
    if (error_id != cudaSuccess) {
        printf("cudaGetDeviceCount returned %d\n-> %s\n", (int)error_id, cudaGetErrorString(error_id));
        printf("Result = FAIL\n");
        exit(EXIT_FAILURE);
    }
    printf("Detected %s CUDA Capable device(s)\n", deviceCount > 0 ? "at least one" : "no");
    cudaDeviceProp deviceProp;
    checkCudaErrors(cudaGetDeviceProperties(&deviceProp, 0));
    if (!quiet) {
        printf("  Warp size:                                     %d\n", deviceProp.warpSize);
        printf("  Maximum number of threads per block:           %d\n", deviceProp.maxThreadsPerBlock);
        printf("  Max dimension size of a thread block (x,y,z): (%d, %d, %d)\n", deviceProp.maxThreadsDim[0],
               deviceProp.maxThreadsDim[1], deviceProp.maxThreadsDim[2]);
        printf("  Constant memory (at least 64 KiB):             %s\n", deviceProp.totalConstMem >= 65536 ? "yes" : "no");
        printf("  Shared memory per block (at least 48 KiB):     %s\n",
               deviceProp.sharedMemPerBlock >= 49152 ? "yes" : "no");
        printf("  Registers per block (at least 64K):            %s\n", deviceProp.regsPerBlock >= 65536 ? "yes" : "no");
        printf("  Unified addressing:                            %s\n", deviceProp.unifiedAddressing ? "Yes" : "No");
    }
    int h_coeffs[16];
    for (int k = 0; k < 16; k++) h_coeffs[k] = (k * 5) % 11 - 5;
    checkCudaErrors(cudaMemcpyToSymbol(c_coeffs, h_coeffs, sizeof(h_coeffs)));
    polyKernel<<<2, 128>>>(repeat);
    getLastCudaError("polyKernel failed");
    int h_results[256];
    checkCudaErrors(cudaMemcpyFromSymbol(h_results, d_results, sizeof(h_results)));
    int bad = 0;
    for (int x = 0; x < 256; x++) {
        int v = 0;
        for (int k = 15; k >= 0; k--) v = v * ((x % 7) - 3) + h_coeffs[k];
        if (h_results[x] != v * repeat) bad++;
    }
    for (int x = 0; x < 7; x++) printf("p(%d) = %d\n", (x % 7) - 3, h_results[x] / repeat);
    printf("deviceQueryLite, NumDevs >= 1 = %s, repeat = %d\n", deviceCount >= 1 ? "yes" : "no", repeat);
    printf("Result = %s\n", bad == 0 ? "PASS" : "FAIL");
    return bad == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
