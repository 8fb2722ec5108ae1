// HIP version of textbook/dot_product_cache.cu: the same program through the HIP API and hipLaunchKernelGGL.
// The dot product of "CUDA by Example" chapter 5: a per-block cache in shared memory, a tree
// reduction with __syncthreads, partial sums finished on the host; printed with std::cout.
#include <iostream>
#include <cstdlib>
#include <hip/hip_runtime.h>

#define imin(a, b) (a < b ? a : b)

const int N = 33 * 1024;
const int threadsPerBlock = 256;
const int blocksPerGrid = imin(32, (N + threadsPerBlock - 1) / threadsPerBlock);

static void HandleError(hipError_t err, const char *file, int line)
{
    if (err != hipSuccess) {
        std::cout << hipGetErrorString(err) << " in " << file << " at line " << line << std::endl;
        exit(EXIT_FAILURE);
    }
}
#define HANDLE_ERROR(err) (HandleError(err, __FILE__, __LINE__))

__global__ void dot(float *a, float *b, float *c)
{
    __shared__ float cache[threadsPerBlock];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;
    float temp = 0;
    while (tid < N) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[cacheIndex] = temp;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }
    if (cacheIndex == 0) c[blockIdx.x] = cache[0];
}

int main(void)
{
    float *a, *b, c, *partial_c;
    float *dev_a, *dev_b, *dev_partial_c;
    a = new float[N];
    b = new float[N];
    partial_c = new float[blocksPerGrid];
    HANDLE_ERROR(hipMalloc((void **)&dev_a, N * sizeof(float)));
    HANDLE_ERROR(hipMalloc((void **)&dev_b, N * sizeof(float)));
    HANDLE_ERROR(hipMalloc((void **)&dev_partial_c, blocksPerGrid * sizeof(float)));
    // small integers: every product and partial sum stays exact in float
    for (int i = 0; i < N; i++) {
        a[i] = (float)(i % 64);
        b[i] = (float)((i % 5) - 2);
    }
    HANDLE_ERROR(hipMemcpy(dev_a, a, N * sizeof(float), hipMemcpyHostToDevice));
    HANDLE_ERROR(hipMemcpy(dev_b, b, N * sizeof(float), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(dot, dim3(blocksPerGrid), dim3(threadsPerBlock), 0, 0, dev_a, dev_b, dev_partial_c);
    HANDLE_ERROR(hipMemcpy(partial_c, dev_partial_c, blocksPerGrid * sizeof(float), hipMemcpyDeviceToHost));
    c = 0;
    for (int i = 0; i < blocksPerGrid; i++) c += partial_c[i];
    double ref = 0;
    for (int i = 0; i < N; i++) ref += (double)a[i] * b[i];
    std::cout << "blocks: " << blocksPerGrid << ", threads: " << threadsPerBlock << std::endl;
    std::cout << "partial sums:";
    for (int i = 0; i < 8; i++) std::cout << " " << partial_c[i];
    std::cout << std::endl;
    std::cout << "Does GPU value " << c << " = " << ref << "?" << std::endl;
    std::cout << (c == ref ? "PASS" : "FAIL") << std::endl;
    HANDLE_ERROR(hipFree(dev_a));
    HANDLE_ERROR(hipFree(dev_b));
    HANDLE_ERROR(hipFree(dev_partial_c));
    delete[] a;
    delete[] b;
    delete[] partial_c;
    return 0;
}
