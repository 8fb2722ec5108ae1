// The samples' reduction: several kernels of growing refinement chosen with -kernel=K, the data
// size with -n=N, the type with -type=int|double; each result is checked against the CPU.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include "sample_helpers.h"

template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <class T>
__global__ void reduce0(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <class T>
__global__ void reduce2(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <class T>
__global__ void reduce3(T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    T mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] = mySum = mySum + sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = mySum;
}

template <class T>
T reduceOnDevice(int whichKernel, int n, int threads, T *d_in, T *d_out, T *h_out)
{
    int per = whichKernel == 3 ? threads * 2 : threads;
    int blocks = (n + per - 1) / per;
    size_t smem = threads * sizeof(T);
    switch (whichKernel) {
    case 0: reduce0<T><<<blocks, threads, smem>>>(d_in, d_out, n); break;
    case 2: reduce2<T><<<blocks, threads, smem>>>(d_in, d_out, n); break;
    default: reduce3<T><<<blocks, threads, smem>>>(d_in, d_out, n); break;
    }
    getLastCudaError("reduction kernel failed");
    checkCudaErrors(cudaMemcpy(h_out, d_out, blocks * sizeof(T), cudaMemcpyDeviceToHost));
    T sum = 0;
    for (int i = 0; i < blocks; i++) sum += h_out[i];
    printf("  kernel %d: %d blocks of %d threads\n", whichKernel, blocks, threads);
    return sum;
}

template <class T>
bool runTest(int argc, char **argv, const char *typeName)
{
    int size = 1 << 20;
    if (checkCmdLineFlag(argc, (const char **)argv, "n")) size = getCmdLineArgumentInt(argc, (const char **)argv, "n");
    int threads = 256;
    if (checkCmdLineFlag(argc, (const char **)argv, "threads")) threads = getCmdLineArgumentInt(argc, (const char **)argv, "threads");
    printf("%d elements of type %s\n", size, typeName);
    T *h_idata = (T *)malloc(size * sizeof(T));
    for (int i = 0; i < size; i++) {
        // small integers, so that double sums are exact in any order
        h_idata[i] = (T)((i * 131 + 7) % 256 - 100);
    }
    T cpu = 0;
    for (int i = 0; i < size; i++) cpu += h_idata[i];
    T *d_idata = NULL, *d_odata = NULL;
    T *h_odata = (T *)malloc(size * sizeof(T));
    checkCudaErrors(cudaMalloc((void **)&d_idata, size * sizeof(T)));
    checkCudaErrors(cudaMalloc((void **)&d_odata, size * sizeof(T)));
    checkCudaErrors(cudaMemcpy(d_idata, h_idata, size * sizeof(T), cudaMemcpyHostToDevice));
    bool ok = true;
    int kernels[3] = {0, 2, 3};
    int only = -1;
    if (checkCmdLineFlag(argc, (const char **)argv, "kernel")) only = getCmdLineArgumentInt(argc, (const char **)argv, "kernel");
    for (int k = 0; k < 3; k++) {
        if (only >= 0 && kernels[k] != only) continue;
        T gpu = reduceOnDevice<T>(kernels[k], size, threads, d_idata, d_odata, h_odata);
        printf("  GPU result = %.1f, CPU result = %.1f\n", (double)gpu, (double)cpu);
        if (gpu != cpu) ok = false;
    }
    free(h_idata);
    free(h_odata);
    checkCudaErrors(cudaFree(d_idata));
    checkCudaErrors(cudaFree(d_odata));
    return ok;
}

int main(int argc, char **argv)
{
    printf("reduction Starting...\n");
    findCudaDevice(argc, (const char **)argv);
    char *typeChoice = 0;
    getCmdLineArgumentString(argc, (const char **)argv, "type", &typeChoice);
    bool ok;
    if (typeChoice != 0 && !strcmp(typeChoice, "double")) {
        ok = runTest<double>(argc, argv, "double");
    } else {
        ok = runTest<int>(argc, argv, "int");
    }
    printf("Test %s\n", ok ? "passed" : "failed");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
