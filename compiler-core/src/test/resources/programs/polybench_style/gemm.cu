// PolyBench/GPU style: macros for sizes and types, global 2D arrays, init/compare functions.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define PERCENT_DIFF_ERROR_THRESHOLD 0.05
#define NI 64
#define NJ 48
#define NK 32
#define DIM_THREAD_BLOCK_X 32
#define DIM_THREAD_BLOCK_Y 8
#define ALPHA 32412.0f
#define BETA 2123.0f

typedef float DATA_TYPE;

float absVal(float a) { return a < 0 ? (a * -1) : a; }

float percentDiff(double val1, double val2)
{
    if ((absVal(val1) < 0.01) && (absVal(val2) < 0.01)) return 0.0f;
    return 100.0f * (absVal(absVal(val1 - val2) / absVal(val1 + 0.00000001f)));
}

DATA_TYPE A[NI][NK], B[NK][NJ], C[NI][NJ], C_outputFromGpu[NI][NJ];

void gemm(DATA_TYPE a[NI][NK], DATA_TYPE b[NK][NJ], DATA_TYPE c[NI][NJ])
{
    for (int i = 0; i < NI; i++) {
        for (int j = 0; j < NJ; j++) {
            c[i][j] *= BETA;
            for (int k = 0; k < NK; ++k) c[i][j] += ALPHA * a[i][k] * b[k][j];
        }
    }
}

void init(DATA_TYPE a[NI][NK], DATA_TYPE b[NK][NJ], DATA_TYPE c[NI][NJ])
{
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NK; j++) a[i][j] = ((DATA_TYPE)i * j) / NI;
    for (int i = 0; i < NK; i++)
        for (int j = 0; j < NJ; j++) b[i][j] = ((DATA_TYPE)i * j) / NI;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) c[i][j] = ((DATA_TYPE)i * j) / NI;
}

void compareResults(DATA_TYPE c[NI][NJ], DATA_TYPE c_out[NI][NJ])
{
    int fail = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            if (percentDiff(c[i][j], c_out[i][j]) > PERCENT_DIFF_ERROR_THRESHOLD) fail++;
    printf("Non-Matching CPU-GPU Outputs Beyond Error Threshold of %4.2f Percent: %d\n", PERCENT_DIFF_ERROR_THRESHOLD, fail);
}

__global__ void gemm_kernel(DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < NI) && (j < NJ)) {
        c[i * NJ + j] *= BETA;
        for (int k = 0; k < NK; k++) c[i * NJ + j] += ALPHA * a[i * NK + k] * b[k * NJ + j];
    }
}

void gemmCuda(DATA_TYPE a[NI][NK], DATA_TYPE b[NK][NJ], DATA_TYPE c[NI][NJ], DATA_TYPE c_outputFromGpu[NI][NJ])
{
    DATA_TYPE *A_gpu, *B_gpu, *C_gpu;
    cudaMalloc((void **)&A_gpu, sizeof(DATA_TYPE) * NI * NK);
    cudaMalloc((void **)&B_gpu, sizeof(DATA_TYPE) * NK * NJ);
    cudaMalloc((void **)&C_gpu, sizeof(DATA_TYPE) * NI * NJ);
    cudaMemcpy(A_gpu, a, sizeof(DATA_TYPE) * NI * NK, cudaMemcpyHostToDevice);
    cudaMemcpy(B_gpu, b, sizeof(DATA_TYPE) * NK * NJ, cudaMemcpyHostToDevice);
    cudaMemcpy(C_gpu, c, sizeof(DATA_TYPE) * NI * NJ, cudaMemcpyHostToDevice);
    dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
    dim3 grid((size_t)(ceil(((float)NJ) / ((float)block.x))), (size_t)(ceil(((float)NI) / ((float)block.y))));
    gemm_kernel<<<grid, block>>>(A_gpu, B_gpu, C_gpu);
    cudaDeviceSynchronize();
    cudaMemcpy(c_outputFromGpu, C_gpu, sizeof(DATA_TYPE) * NI * NJ, cudaMemcpyDeviceToHost);
    cudaFree(A_gpu);
    cudaFree(B_gpu);
    cudaFree(C_gpu);
}

int main(int argc, char *argv[])
{
    init(A, B, C);
    gemmCuda(A, B, C, C_outputFromGpu);
    gemm(A, B, C);
    compareResults(C, C_outputFromGpu);
    printf("C[5][7]=%.1f\n", C[5][7]);
    return 0;
}
