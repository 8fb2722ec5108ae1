// Error checking by exceptions: a CUDA_CHECK macro throws std::runtime_error with the file, line
// and CUDA's error string; main catches it. One failure is provoked on purpose (a block of 2048
// threads), the program then recovers and finishes its work.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>
#include <iostream>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                             \
    do {                                                                                             \
        cudaError_t err_ = (call);                                                                   \
        if (err_ != cudaSuccess) {                                                                   \
            throw std::runtime_error(std::string("CUDA error ") + cudaGetErrorName(err_) + " at line " + \
                                     std::to_string(__LINE__) + ": " + cudaGetErrorString(err_));    \
        }                                                                                            \
    } while (0)

__global__ void iota_kernel(int *out, int n, int start)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = start + i;
}

std::vector<int> make_iota(int n, int start, int threads)
{
    int *d = nullptr;
    CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
    try {
        iota_kernel<<<(n + threads - 1) / threads, threads>>>(d, n, start);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
    } catch (...) {
        cudaFree(d);  // release before passing the error on
        throw;
    }
    std::vector<int> h(n);
    CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d));
    return h;
}

int checked_sum(const std::vector<int> &v)
{
    if (v.empty()) throw std::invalid_argument("checked_sum: empty vector");
    long long s = 0;
    for (int x : v) s += x;
    if (s > 2147483647LL) throw std::overflow_error("checked_sum: sum does not fit in int");
    return (int)s;
}

int main()
{
    int failures = 0;
    try {
        std::vector<int> a = make_iota(1000, 5, 256);
        std::cout << "first run: a[0]=" << a[0] << " a[999]=" << a[999] << " sum=" << checked_sum(a) << std::endl;
        std::vector<int> b = make_iota(1000, 5, 2048);
        std::cout << "not reached: " << b.size() << std::endl;
    } catch (const std::runtime_error &e) {
        ++failures;
        std::cout << "caught: " << e.what() << std::endl;
    }
    std::cout << "last error after the catch: " << cudaGetErrorName(cudaGetLastError()) << std::endl;
    try {
        std::vector<int> empty;
        checked_sum(empty);
    } catch (const std::logic_error &e) {
        ++failures;
        std::cout << "caught logic_error: " << e.what() << std::endl;
    }
    try {
        std::vector<int> big = make_iota(70000, 40000, 512);
        std::cout << "big sum: " << checked_sum(big) << std::endl;
    } catch (const std::exception &e) {
        ++failures;
        std::cout << "caught exception: " << e.what() << std::endl;
    }
    std::vector<int> again = make_iota(10, 100, 128);
    std::cout << "recovered: " << again[9] << std::endl;
    std::cout << "failures: " << failures << std::endl;
    std::cout << (failures == 3 && again[9] == 109 ? "PASS" : "FAIL") << std::endl;
    return 0;
}
