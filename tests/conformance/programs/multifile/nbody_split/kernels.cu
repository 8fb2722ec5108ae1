// The n-body kernels, in their own translation unit as larger projects keep them.
#include <cstdio>
#include <cuda_runtime.h>
#include "nbody.h"

__host__ __device__ void pair_accel(const Body &bi, const Body &bj, long long &ax, long long &ay)
{
    long long dx = (bj.x - bi.x) >> 10;
    long long dy = (bj.y - bi.y) >> 10;
    long long d2 = dx * dx + dy * dy + 16;
    // an integer inverse-square law: exact and identical on host and device
    ax += (long long)bj.mass * dx * 4096 / d2;
    ay += (long long)bj.mass * dy * 4096 / d2;
}

__global__ void accelerate(const Body *in, Body *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Body b = in[i];
    long long ax = 0, ay = 0;
    for (int j = 0; j < n; ++j) {
        if (j != i) pair_accel(b, in[j], ax, ay);
    }
    b.vx += ax;
    b.vy += ay;
    b.x += b.vx;
    b.y += b.vy;
    out[i] = b;
}

void simulate_on_gpu(Body *bodies, int n, int steps)
{
    Body *d_a, *d_b;
    cudaMalloc(&d_a, n * sizeof(Body));
    cudaMalloc(&d_b, n * sizeof(Body));
    cudaMemcpy(d_a, bodies, n * sizeof(Body), cudaMemcpyHostToDevice);
    for (int s = 0; s < steps; ++s) {
        accelerate<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_a, d_b, n);
        Body *t = d_a;
        d_a = d_b;
        d_b = t;
    }
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) printf("simulate_on_gpu: %s\n", cudaGetErrorString(err));
    cudaMemcpy(bodies, d_a, n * sizeof(Body), cudaMemcpyDeviceToHost);
    cudaFree(d_a);
    cudaFree(d_b);
}
