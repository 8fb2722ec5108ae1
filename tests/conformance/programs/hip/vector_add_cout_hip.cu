// HIP version of textbook/vector_add_cout.cu: the same program through the HIP API and hipLaunchKernelGGL.
// The first program of many CUDA tutorials: add two vectors and print them with
// std::cout << h[i] << " ", using std::vector for host memory and a manual error check.
#include <iostream>
#include <vector>
#include <hip/hip_runtime.h>

__global__ void add(int n, const float *x, const float *y, float *z)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    for (int i = index; i < n; i += stride) z[i] = x[i] + y[i];
}

__global__ void scale(int n, float a, float *z)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = a * z[i];
}

void check(hipError_t err, const char *what)
{
    if (err != hipSuccess) {
        std::cerr << what << " failed: " << hipGetErrorString(err) << std::endl;
        std::exit(1);
    }
}

int main(void)
{
    int N = 1 << 12;
    std::vector<float> h_x(N), h_y(N), h_z(N);
    for (int i = 0; i < N; i++) {
        h_x[i] = 1.0f + i % 10;
        h_y[i] = 2.0f * (i % 3);
    }
    float *x, *y, *z;
    check(hipMalloc(&x, N * sizeof(float)), "hipMalloc x");
    check(hipMalloc(&y, N * sizeof(float)), "hipMalloc y");
    check(hipMalloc(&z, N * sizeof(float)), "hipMalloc z");
    check(hipMemcpy(x, h_x.data(), N * sizeof(float), hipMemcpyHostToDevice), "copy x");
    check(hipMemcpy(y, &h_y[0], N * sizeof(float), hipMemcpyHostToDevice), "copy y");

    int blockSize = 256;
    int numBlocks = (N + blockSize - 1) / blockSize;
    hipLaunchKernelGGL(add, dim3(numBlocks / 2), dim3(blockSize), 0, 0, N, x, y, z);
    hipLaunchKernelGGL(scale, dim3(numBlocks), dim3(blockSize), 0, 0, N, 0.5f, z);
    check(hipGetLastError(), "kernel launch");
    check(hipDeviceSynchronize(), "synchronize");
    check(hipMemcpy(h_z.data(), z, N * sizeof(float), hipMemcpyDeviceToHost), "copy z");

    std::cout << "First 20 results:" << std::endl;
    for (int i = 0; i < 20; i++) {
        std::cout << h_z[i] << " ";
    }
    std::cout << std::endl;

    float maxError = 0.0f;
    float sum = 0.0f;
    for (int i = 0; i < N; i++) {
        float expect = 0.5f * (h_x[i] + h_y[i]);
        float e = h_z[i] - expect;
        if (e < 0) e = -e;
        if (e > maxError) maxError = e;
        sum += h_z[i];
    }
    std::cout << "Sum: " << sum << std::endl;
    std::cout << "Max error: " << maxError << std::endl;
    std::cout << "Last element: " << h_z[N - 1] << ", size " << h_z.size() << std::endl;
    bool ok = maxError == 0.0f;
    std::cout << (ok ? "PASS" : "FAIL") << std::endl;
    hipFree(x);
    hipFree(y);
    hipFree(z);
    return ok ? 0 : 1;
}
