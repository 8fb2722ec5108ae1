// A project-specific exception hierarchy: CudaError derives from std::runtime_error and carries the
// cudaError_t; a ValidationError reports wrong results; functions declared noexcept and throw()
// sit beside throwing ones; catch(...) and nested rethrow are exercised.
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <cuda_runtime.h>

class CudaError : public std::runtime_error {
public:
    CudaError(cudaError_t code, const std::string &where)
        : std::runtime_error(where + ": " + cudaGetErrorString(code)), code_(code) {}
    cudaError_t code() const noexcept { return code_; }

private:
    cudaError_t code_;
};

class ValidationError : public std::logic_error {
public:
    ValidationError(int index, int got, int want)
        : std::logic_error("mismatch at " + std::to_string(index) + ": got " + std::to_string(got) + ", want " +
                           std::to_string(want)),
          index(index) {}
    int index;
};

inline void check(cudaError_t e, const char *where)
{
    if (e != cudaSuccess) throw CudaError(e, where);
}

__global__ void collatz_steps(int *out, int n, int offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long x = i + offset;
    int steps = 0;
    while (x != 1 && steps < 1000) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        steps++;
    }
    out[i] = steps;
}

int host_steps(long long x) noexcept
{
    int steps = 0;
    while (x != 1 && steps < 1000) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

int count_over(const int *v, int n, int limit) throw()
{
    int c = 0;
    for (int i = 0; i < n; i++) c += v[i] > limit;
    return c;
}

void validate(const int *v, int n, int offset, int corrupt_at)
{
    for (int i = 0; i < n; i++) {
        int want = host_steps(i + offset);
        int got = (i == corrupt_at) ? v[i] + 1 : v[i];
        if (got != want) throw ValidationError(i, got, want);
    }
}

int main()
{
    const int n = 4096, offset = 1;
    int *d = nullptr;
    static int h[4096];
    int handled = 0;
    try {
        check(cudaMalloc(&d, n * sizeof(int)), "cudaMalloc");
        collatz_steps<<<n / 128, 128>>>(d, n, offset);
        check(cudaGetLastError(), "collatz launch");
        check(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost), "copy back");
        printf("steps for 1..8:");
        for (int i = 0; i < 8; i++) printf(" %d", h[i]);
        printf("\nmore than 100 steps: %d numbers\n", count_over(h, n, 100));
        validate(h, n, offset, -1);
        printf("validation passed\n");
        validate(h, n, offset, 1234);
        printf("not reached\n");
    } catch (const ValidationError &e) {
        handled++;
        printf("ValidationError at index %d: %s\n", e.index, e.what());
    } catch (const CudaError &e) {
        printf("CudaError %d: %s\n", (int)e.code(), e.what());
    }
    try {
        void *huge = nullptr;
        check(cudaMalloc(&huge, (size_t)1 << 50), "cudaMalloc(1 PiB)");
    } catch (const CudaError &e) {
        handled++;
        printf("CudaError %s: %s\n", cudaGetErrorName(e.code()), e.what());
    }
    try {
        try {
            check(cudaMemset(d, 0, 16), "memset");
            throw std::range_error("inner failure");
        } catch (...) {
            printf("inner handler saw something, passing it on\n");
            throw;
        }
    } catch (const std::range_error &e) {
        handled++;
        printf("outer handler: %s\n", e.what());
    }
    std::exception_ptr saved;
    try {
        throw std::underflow_error("saved for later");
    } catch (...) {
        saved = std::current_exception();
    }
    try {
        if (saved) std::rethrow_exception(saved);
    } catch (const std::exception &e) {
        handled++;
        printf("rethrown: %s\n", e.what());
    }
    cudaFree(d);
    printf("handled %d\n%s\n", handled, handled == 4 ? "PASS" : "FAIL");
    return 0;
}
