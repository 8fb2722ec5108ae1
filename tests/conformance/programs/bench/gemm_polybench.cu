// PolyBench/GPU-style GEMM: problem sizes from -D with #ifndef defaults, DATA_TYPE macros,
// gettimeofday timing through a small rtclock(), a CPU reference and a mismatch count.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/time.h>
#include <math.h>
#include <cuda.h>

#ifndef NI
#define NI 128
#endif
#ifndef NJ
#define NJ 128
#endif
#ifndef NK
#define NK 128
#endif

#define DIM_THREAD_BLOCK_X 32
#define DIM_THREAD_BLOCK_Y 8

#define PERCENT_DIFF_ERROR_THRESHOLD 0.05

typedef double DATA_TYPE;

#define ALPHA 3
#define BETA 2

double rtclock()
{
    struct timezone Tzp;
    struct timeval Tp;
    int stat;
    stat = gettimeofday(&Tp, &Tzp);
    if (stat != 0) printf("Error return from gettimeofday: %d", stat);
    return (Tp.tv_sec + Tp.tv_usec * 1.0e-6);
}

float absVal(float a)
{
    return a < 0 ? a * -1 : a;
}

float percentDiff(double val1, double val2)
{
    if ((absVal(val1) < 0.01) && (absVal(val2) < 0.01)) {
        return 0.0f;
    }
    return 100.0f * (absVal(absVal(val1 - val2) / absVal(val1 + 0.00000001f)));
}

void gemm(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *C)
{
    for (int i = 0; i < NI; i++) {
        for (int j = 0; j < NJ; j++) {
            C[i * NJ + j] *= BETA;
            for (int k = 0; k < NK; ++k) {
                C[i * NJ + j] += ALPHA * A[i * NK + k] * B[k * NJ + j];
            }
        }
    }
}

void init(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *C, DATA_TYPE *C_outputFromGpu)
{
    // integer-valued data keep every product and sum exact in double
    for (int i = 0; i < NI; i++)
        for (int k = 0; k < NK; k++) A[i * NK + k] = (DATA_TYPE)((i * k) % 13 - 6);
    for (int k = 0; k < NK; k++)
        for (int j = 0; j < NJ; j++) B[k * NJ + j] = (DATA_TYPE)((k * (j + 1)) % 11 - 5);
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            C[i * NJ + j] = (DATA_TYPE)((i * (j + 2)) % 7);
            C_outputFromGpu[i * NJ + j] = C[i * NJ + j];
        }
}

void compareResults(DATA_TYPE *C, DATA_TYPE *C_outputFromGpu)
{
    int fail = 0;
    for (int i = 0; i < NI; i++) {
        for (int j = 0; j < NJ; j++) {
            if (percentDiff(C[i * NJ + j], C_outputFromGpu[i * NJ + j]) > PERCENT_DIFF_ERROR_THRESHOLD) {
                fail++;
            }
        }
    }
    printf("Non-Matching CPU-GPU Outputs Beyond Error Threshold of %4.2f Percent: %d\n", PERCENT_DIFF_ERROR_THRESHOLD,
           fail);
}

__global__ void gemm_kernel(DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *c)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < NI) && (j < NJ)) {
        c[i * NJ + j] *= BETA;
        for (int k = 0; k < NK; k++) {
            c[i * NJ + j] += ALPHA * a[i * NK + k] * b[k * NJ + j];
        }
    }
}

void gemmCuda(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *C, DATA_TYPE *C_outputFromGpu)
{
    double t_start, t_end;
    DATA_TYPE *A_gpu, *B_gpu, *C_gpu;
    cudaMalloc((void **)&A_gpu, sizeof(DATA_TYPE) * NI * NK);
    cudaMalloc((void **)&B_gpu, sizeof(DATA_TYPE) * NK * NJ);
    cudaMalloc((void **)&C_gpu, sizeof(DATA_TYPE) * NI * NJ);
    cudaMemcpy(A_gpu, A, sizeof(DATA_TYPE) * NI * NK, cudaMemcpyHostToDevice);
    cudaMemcpy(B_gpu, B, sizeof(DATA_TYPE) * NK * NJ, cudaMemcpyHostToDevice);
    cudaMemcpy(C_gpu, C_outputFromGpu, sizeof(DATA_TYPE) * NI * NJ, cudaMemcpyHostToDevice);
    dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
    // x runs over the NJ columns, y over the NI rows
    dim3 grid((size_t)(ceil(((float)NJ) / ((float)block.x))), (size_t)(ceil(((float)NI) / ((float)block.y))));
    t_start = rtclock();
    gemm_kernel<<<grid, block>>>(A_gpu, B_gpu, C_gpu);
    cudaDeviceSynchronize();
    t_end = rtclock();
    fprintf(stdout, "GPU Runtime: %0.6lfs\n", t_end - t_start);
    cudaMemcpy(C_outputFromGpu, C_gpu, sizeof(DATA_TYPE) * NI * NJ, cudaMemcpyDeviceToHost);
    cudaFree(A_gpu);
    cudaFree(B_gpu);
    cudaFree(C_gpu);
}

int main(int argc, char *argv[])
{
    double t_start, t_end;
    DATA_TYPE *A = (DATA_TYPE *)malloc(NI * NK * sizeof(DATA_TYPE));
    DATA_TYPE *B = (DATA_TYPE *)malloc(NK * NJ * sizeof(DATA_TYPE));
    DATA_TYPE *C = (DATA_TYPE *)malloc(NI * NJ * sizeof(DATA_TYPE));
    DATA_TYPE *C_outputFromGpu = (DATA_TYPE *)malloc(NI * NJ * sizeof(DATA_TYPE));
    printf("GEMM NI=%d NJ=%d NK=%d\n", NI, NJ, NK);
    init(A, B, C, C_outputFromGpu);
    gemmCuda(A, B, C, C_outputFromGpu);
    t_start = rtclock();
    gemm(A, B, C);
    t_end = rtclock();
    fprintf(stdout, "CPU Runtime: %0.6lfs\n", t_end - t_start);
    compareResults(C, C_outputFromGpu);
    double sum = 0;
    for (int i = 0; i < NI * NJ; i++) sum += C_outputFromGpu[i];
    printf("checksum %.1f, C[1][2] = %.1f, C[last] = %.1f\n", sum, C_outputFromGpu[NJ + 2], C_outputFromGpu[NI * NJ - 1]);
    free(A);
    free(B);
    free(C);
    free(C_outputFromGpu);
    return 0;
}
