// PolyBench-style Jacobi 2D: TSTEPS and N from -D (#ifndef defaults), two kernels per time step,
// a timer from sys/time.h, a CPU run for comparison, a checksum and the mismatch count.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>

#ifndef TSTEPS
#define TSTEPS 20
#endif
#ifndef N
#define N 250
#endif
#define DIM_THREAD_BLOCK_X 32
#define DIM_THREAD_BLOCK_Y 8

typedef float DATA_TYPE;

static double rtclock()
{
    struct timeval Tp;
    gettimeofday(&Tp, NULL);
    return Tp.tv_sec + Tp.tv_usec * 1.0e-6;
}

void init_array(DATA_TYPE *A, DATA_TYPE *B)
{
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            // multiples of 1/8 in [0, 64): averaging by 0.2 is then rounded, identically on both sides
            A[i * N + j] = (DATA_TYPE)(((i * 37 + j * 11) % 512) / 8.0);
            B[i * N + j] = A[i * N + j];
        }
    }
}

void runJacobi2DCpu(DATA_TYPE *A, DATA_TYPE *B)
{
    for (int t = 0; t < TSTEPS; t++) {
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                B[i * N + j] = 0.2f * (A[i * N + j] + A[i * N + (j - 1)] + A[i * N + (1 + j)] + A[(1 + i) * N + j] +
                                       A[(i - 1) * N + j]);
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++) A[i * N + j] = B[i * N + j];
    }
}

__global__ void runJacobiCUDA_kernel1(DATA_TYPE *A, DATA_TYPE *B)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if ((i >= 1) && (i < (N - 1)) && (j >= 1) && (j < (N - 1))) {
        // __fmul_rn keeps nvcc from contracting the product into an FMA: the CPU rounds it
        B[i * N + j] = __fmul_rn(0.2f, A[i * N + j] + A[i * N + (j - 1)] + A[i * N + (1 + j)] + A[(1 + i) * N + j] +
                                           A[(i - 1) * N + j]);
    }
}

__global__ void runJacobiCUDA_kernel2(DATA_TYPE *A, DATA_TYPE *B)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if ((i >= 1) && (i < (N - 1)) && (j >= 1) && (j < (N - 1))) {
        A[i * N + j] = B[i * N + j];
    }
}

void compareResults(DATA_TYPE *a, DATA_TYPE *a_outputFromGpu, DATA_TYPE *b, DATA_TYPE *b_outputFromGpu)
{
    int fail = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            if (a[i * N + j] != a_outputFromGpu[i * N + j]) fail++;
            if (b[i * N + j] != b_outputFromGpu[i * N + j]) fail++;
        }
    printf("Non-Matching CPU-GPU Outputs: %d\n", fail);
}

void runJacobi2DCUDA(DATA_TYPE *A_outputFromGpu, DATA_TYPE *B_outputFromGpu)
{
    DATA_TYPE *Agpu, *Bgpu;
    cudaMalloc(&Agpu, N * N * sizeof(DATA_TYPE));
    cudaMalloc(&Bgpu, N * N * sizeof(DATA_TYPE));
    cudaMemcpy(Agpu, A_outputFromGpu, N * N * sizeof(DATA_TYPE), cudaMemcpyHostToDevice);
    cudaMemcpy(Bgpu, B_outputFromGpu, N * N * sizeof(DATA_TYPE), cudaMemcpyHostToDevice);
    dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
    dim3 grid((unsigned int)((N + block.x - 1) / block.x), (unsigned int)((N + block.y - 1) / block.y));
    double t_start = rtclock();
    for (int t = 0; t < TSTEPS; t++) {
        runJacobiCUDA_kernel1<<<grid, block>>>(Agpu, Bgpu);
        cudaDeviceSynchronize();
        runJacobiCUDA_kernel2<<<grid, block>>>(Agpu, Bgpu);
        cudaDeviceSynchronize();
    }
    double t_end = rtclock();
    fprintf(stdout, "GPU Runtime: %0.6lfs\n", t_end - t_start);
    cudaMemcpy(A_outputFromGpu, Agpu, sizeof(DATA_TYPE) * N * N, cudaMemcpyDeviceToHost);
    cudaMemcpy(B_outputFromGpu, Bgpu, sizeof(DATA_TYPE) * N * N, cudaMemcpyDeviceToHost);
    cudaFree(Agpu);
    cudaFree(Bgpu);
}

int main(int argc, char **argv)
{
    DATA_TYPE *a = (DATA_TYPE *)malloc(N * N * sizeof(DATA_TYPE));
    DATA_TYPE *b = (DATA_TYPE *)malloc(N * N * sizeof(DATA_TYPE));
    DATA_TYPE *a_outputFromGpu = (DATA_TYPE *)malloc(N * N * sizeof(DATA_TYPE));
    DATA_TYPE *b_outputFromGpu = (DATA_TYPE *)malloc(N * N * sizeof(DATA_TYPE));
    printf("jacobi-2d N=%d TSTEPS=%d\n", N, TSTEPS);
    init_array(a, b);
    memcpy(a_outputFromGpu, a, N * N * sizeof(DATA_TYPE));
    memcpy(b_outputFromGpu, b, N * N * sizeof(DATA_TYPE));
    runJacobi2DCUDA(a_outputFromGpu, b_outputFromGpu);
    double t_start = rtclock();
    runJacobi2DCpu(a, b);
    double t_end = rtclock();
    fprintf(stdout, "CPU Runtime: %0.6lfs\n", t_end - t_start);
    compareResults(a, a_outputFromGpu, b, b_outputFromGpu);
    double sum = 0;
    for (int i = 0; i < N * N; i++) sum += a_outputFromGpu[i];
    printf("checksum %.4f\n", sum);
    printf("A[N/2][N/2] = %.6f, A[1][1] = %.6f\n", a_outputFromGpu[(N / 2) * N + N / 2], a_outputFromGpu[N + 1]);
    free(a);
    free(b);
    free(a_outputFromGpu);
    free(b_outputFromGpu);
    return 0;
}
