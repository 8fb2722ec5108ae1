// HIP version of bench/stencil_hecbench.cu: the same program through the HIP API and hipLaunchKernelGGL.
// HeCBench-style 1D stencil with options parsed by getopt_long (struct option), <chrono> timing,
// an __attribute__((aligned(64))) host buffer, int64_t used without <cstdint> (nvcc's headers
// bring it), explicit specializations of a __device__ function template, and a repeat loop.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <getopt.h>
#include <hip/hip_runtime.h>

#define RADIUS 3
#define BLOCK_SIZE 128

template <typename T>
__device__ T init(int i);

template <>
__device__ int init(int i)
{
    return (i * 7) % 19 - 9;
}

template <>
__device__ int2 init(int i)
{
    return make_int2(i % 5, -(i % 3));
}

template <typename T>
__global__ void fill(T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = init<T>(i);
}

__global__ void stencil_1d(const int *in, int *out, int n)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;
    temp[lindex] = gindex < n ? in[gindex] : 0;
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = gindex >= RADIUS ? in[gindex - RADIUS] : 0;
        temp[lindex + BLOCK_SIZE] = gindex + BLOCK_SIZE < n ? in[gindex + BLOCK_SIZE] : 0;
    }
    __syncthreads();
    if (gindex < n) {
        int result = 0;
        for (int offset = -RADIUS; offset <= RADIUS; offset++) result += temp[lindex + offset];
        out[gindex] = result;
    }
}

__global__ void sum_pairs(const int2 *p, int64_t *acc, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd((unsigned long long *)acc, (unsigned long long)(int64_t)(p[i].x * 1000 + p[i].y));
}

static void usage(const char *prog)
{
    printf("Usage: %s [--length N] [--repeat R] [--verbose] [-h]\n", prog);
}

int main(int argc, char *argv[])
{
    int length = 100000;
    int repeat = 10;
    int verbose = 0;
    static struct option long_options[] = {{"length", required_argument, 0, 'n'},
                                           {"repeat", required_argument, 0, 'r'},
                                           {"verbose", no_argument, &verbose, 1},
                                           {"help", no_argument, 0, 'h'},
                                           {0, 0, 0, 0}};
    int c;
    int option_index = 0;
    while ((c = getopt_long(argc, argv, "n:r:h", long_options, &option_index)) != -1) {
        switch (c) {
        case 0: printf("option %s set\n", long_options[option_index].name); break;
        case 'n': length = atoi(optarg); break;
        case 'r': repeat = atoi(optarg); break;
        case 'h': usage(argv[0]); return 0;
        default: usage(argv[0]); return 1;
        }
    }
    printf("length = %d, repeat = %d\n", length, repeat);

    static int h_ref[16] __attribute__((aligned(64)));
    printf("aligned buffer: %s\n", ((uintptr_t)h_ref % 64) == 0 ? "yes" : "no");

    int *h_in = (int *)malloc(sizeof(int) * length);
    int *h_out = (int *)malloc(sizeof(int) * length);
    int *d_in, *d_out;
    hipMalloc((void **)&d_in, sizeof(int) * length);
    hipMalloc((void **)&d_out, sizeof(int) * length);
    int blocks = (length + BLOCK_SIZE - 1) / BLOCK_SIZE;
    hipLaunchKernelGGL(fill<int>, dim3(blocks), dim3(BLOCK_SIZE), 0, 0, d_in, length);
    hipMemcpy(h_in, d_in, sizeof(int) * length, hipMemcpyDeviceToHost);

    hipDeviceSynchronize();
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repeat; i++) hipLaunchKernelGGL(stencil_1d, dim3(blocks), dim3(BLOCK_SIZE), 0, 0, d_in, d_out, length);
    hipDeviceSynchronize();
    auto end = std::chrono::steady_clock::now();
    auto time = std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count();
    printf("Average kernel execution time: %f (s)\n", (time * 1e-9f) / repeat);
    hipMemcpy(h_out, d_out, sizeof(int) * length, hipMemcpyDeviceToHost);

    int errors = 0;
    int64_t total = 0;
    for (int i = 0; i < length; i++) {
        int expected = 0;
        for (int j = -RADIUS; j <= RADIUS; j++) {
            if (i + j >= 0 && i + j < length) expected += h_in[i + j];
        }
        if (expected != h_out[i]) errors++;
        total += (int64_t)h_out[i] * (i % 97);
    }
    printf("weighted sum = %lld\n", (long long)total);

    int2 *d_pairs;
    int64_t *d_acc, h_acc = 0;
    hipMalloc((void **)&d_pairs, sizeof(int2) * length);
    hipMalloc((void **)&d_acc, sizeof(int64_t));
    hipMemset(d_acc, 0, sizeof(int64_t));
    hipLaunchKernelGGL(fill<int2>, dim3(blocks), dim3(BLOCK_SIZE), 0, 0, d_pairs, length);
    hipLaunchKernelGGL(sum_pairs, dim3(blocks), dim3(BLOCK_SIZE), 0, 0, d_pairs, d_acc, length);
    hipMemcpy(&h_acc, d_acc, sizeof(int64_t), hipMemcpyDeviceToHost);
    int64_t ref = 0;
    for (int i = 0; i < length; i++) ref += (i % 5) * 1000 - (i % 3);
    printf("pair sum = %lld (%s)\n", (long long)h_acc, h_acc == ref ? "ok" : "wrong");
    if (verbose) {
        for (int i = 0; i < 8; i++) printf("out[%d] = %d\n", i, h_out[i]);
    }
    printf("%s\n", (errors == 0 && h_acc == ref) ? "PASS" : "FAIL");
    hipFree(d_in);
    hipFree(d_out);
    hipFree(d_pairs);
    hipFree(d_acc);
    free(h_in);
    free(h_out);
    return 0;
}
