// The first program of a CUDA tutorial, as people write it with iostream.
#include <iostream>
#include <iomanip>
#include <cmath>
#include <string>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

#define CHECK(call)                                                                         \
    do {                                                                                    \
        cudaError_t err = (call);                                                           \
        if (err != cudaSuccess) {                                                           \
            std::cerr << "CUDA error " << cudaGetErrorString(err) << " at line " << __LINE__ \
                      << std::endl;                                                         \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)

int main()
{
    const int n = 1 << 12;
    size_t bytes = n * sizeof(float);
    float *h_a = new float[n], *h_b = new float[n], *h_c = new float[n];
    for (int i = 0; i < n; ++i) {
        h_a[i] = std::sin(i * 0.01f);
        h_b[i] = i / 3.0f;
    }
    float *d_a, *d_b, *d_c;
    CHECK(cudaMalloc(&d_a, bytes));
    CHECK(cudaMalloc(&d_b, bytes));
    CHECK(cudaMalloc(&d_c, bytes));
    CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));
    int threads = 256;
    int blocks = (n + threads - 1) / threads;
    std::cout << "Launching " << blocks << " blocks of " << threads << " threads" << std::endl;
    vectorAdd<<<blocks, threads>>>(d_a, d_b, d_c, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost));
    int errors = 0;
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        if (std::fabs(h_c[i] - (h_a[i] + h_b[i])) > 1e-5f) ++errors;
        sum += h_c[i];
    }
    for (int i = 0; i < 5; ++i) std::cout << "c[" << i << "] = " << h_c[i] << '\n';
    std::cout << "c[" << n - 1 << "] = " << std::setprecision(9) << h_c[n - 1] << std::setprecision(6) << '\n';
    std::cout << "sum = " << std::fixed << std::setprecision(3) << sum << std::defaultfloat << '\n';
    std::string verdict = errors == 0 ? "PASSED" : "FAILED";
    std::cout << "Test " << verdict << " (" << errors << " errors, " << std::hex << std::showbase << n << std::dec
              << std::noshowbase << " elements)" << std::endl;
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    delete[] h_a;
    delete[] h_b;
    delete[] h_c;
    return 0;
}
