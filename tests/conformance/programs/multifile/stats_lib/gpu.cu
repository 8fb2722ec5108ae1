#include <cstdio>
#include <cuda_runtime.h>
#include "stats.h"

__global__ void moments_kernel(const int *v, int n, unsigned long long *sums)
{
    __shared__ long long part[3][256];
    long long a = 0, b = 0, c = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        long long x = v[i];
        a += x;
        b += x * x;
        c += x * x * x;
    }
    part[0][threadIdx.x] = a;
    part[1][threadIdx.x] = b;
    part[2][threadIdx.x] = c;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            for (int k = 0; k < 3; k++) part[k][threadIdx.x] += part[k][threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        for (int k = 0; k < 3; k++) atomicAdd(&sums[k], (unsigned long long)part[k][0]);
    }
}

void gpu_moments(const int *v, int n, long long sums[3])
{
    int *d_v;
    unsigned long long *d_sums;
    cudaMalloc(&d_v, n * sizeof(int));
    cudaMalloc(&d_sums, 3 * sizeof(unsigned long long));
    cudaMemcpy(d_v, v, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_sums, 0, 3 * sizeof(unsigned long long));
    moments_kernel<<<16, 256>>>(d_v, n, d_sums);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) fprintf(stderr, "moments_kernel: %s\n", cudaGetErrorString(err));
    cudaMemcpy(sums, d_sums, 3 * sizeof(long long), cudaMemcpyDeviceToHost);
    cudaFree(d_v);
    cudaFree(d_sums);
}
