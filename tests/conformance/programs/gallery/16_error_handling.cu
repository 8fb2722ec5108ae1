// Lesson 16: checking for errors.
//
// CUDA calls report failure by returning a cudaError_t instead of stopping the program, and a
// kernel launch returns nothing at all: its errors are fetched afterwards with cudaGetLastError
// (which also resets the error) or cudaPeekAtLastError (which leaves it). A program that never
// looks just computes garbage. The usual remedy is a CHECK macro around every call, shown here
// reporting rather than exiting so that the lesson can go on.
#include <cstdio>

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t err_ = (call);                                                    \
        if (err_ != cudaSuccess)                                                      \
            printf("  CHECK failed at line %d: %s (%s)\n", __LINE__,                  \
                   cudaGetErrorString(err_), cudaGetErrorName(err_));                 \
        else                                                                          \
            printf("  CHECK ok: %s\n", #call);                                        \
    } while (0)

__global__ void fill(int *p, int n, int value)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = value;
}

int main()
{
    const int n = 1024;
    int *d = nullptr;

    printf("1. a call that works\n");
    CHECK(cudaMalloc(&d, n * sizeof(int)));

    printf("2. a launch with too many threads per block (the limit is 1024)\n");
    fill<<<1, 2048>>>(d, n, 7);
    printf("  peek: %s\n", cudaGetErrorName(cudaPeekAtLastError()));   // still there after peeking
    CHECK(cudaGetLastError());                                          // fetched and reset
    CHECK(cudaGetLastError());                                          // so now it is clean

    printf("3. asking for far too much memory\n");
    int *huge = nullptr;
    CHECK(cudaMalloc(&huge, (size_t)1 << 50));                          // 1 PiB
    printf("  the pointer stays null: %s\n", huge == nullptr ? "yes" : "no");
    cudaGetLastError();                                                 // clear it before going on

    printf("4. a device that does not exist\n");
    int count = 0;
    CHECK(cudaGetDeviceCount(&count));
    CHECK(cudaSetDevice(count + 10));
    cudaGetLastError();

    printf("5. the right launch, checked both ways\n");
    fill<<<(n + 255) / 256, 256>>>(d, n, 7);
    CHECK(cudaGetLastError());          // errors of the launch itself (its shape, its arguments)
    CHECK(cudaDeviceSynchronize());     // errors while the kernel ran

    int h[n];
    CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int i = 0; i < n; ++i) wrong += h[i] != 7;
    printf("%s (%d wrong)\n", wrong == 0 ? "PASS" : "FAIL", wrong);
    CHECK(cudaFree(d));
    return 0;
}
