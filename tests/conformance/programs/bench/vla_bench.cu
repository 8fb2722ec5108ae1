// Benchmark-style code that leans on GNU and C++11 extras nvcc accepts in host code: variable-length
// arrays sized from argv, alignas and __attribute__((aligned)), static_assert with and without a
// message, #pragma unroll in a kernel, and a clock()-based timer (skipped).
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct alignas(16) Vec4 {
    float x, y, z, w;
};
static_assert(sizeof(Vec4) == 16, "Vec4 must be 16 bytes");
static_assert(alignof(Vec4) == 16);

typedef struct {
    int key;
    double value;
} __attribute__((aligned(32))) Record;

__global__ void dot4(const Vec4 *a, const Vec4 *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float *pa = &a[i].x, *pb = &b[i].x;
        float s = 0.0f;
#pragma unroll
        for (int k = 0; k < 4; k++) s += pa[k] * pb[k];
        out[i] = s;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    int buckets = argc > 2 ? atoi(argv[2]) : 7;
    printf("n = %d, buckets = %d\n", n, buckets);
    printf("sizeof(Vec4) = %zu, alignof(Vec4) = %zu, sizeof(Record) = %zu, alignof(Record) = %zu\n", sizeof(Vec4),
           alignof(Vec4), sizeof(Record), alignof(Record));
    Vec4 a[n], b[n];        // VLAs, a GNU extension in C++
    int histogram[buckets];
    for (int i = 0; i < buckets; i++) histogram[i] = 0;
    for (int i = 0; i < n; i++) {
        a[i] = Vec4{(float)(i % 5), 1.0f, (float)(i % 3), 0.5f};
        b[i] = Vec4{2.0f, (float)(i % 7), -1.0f, 4.0f};
    }
    clock_t t0 = clock();
    Vec4 *da, *db;
    float *dout;
    cudaMalloc(&da, n * sizeof(Vec4));
    cudaMalloc(&db, n * sizeof(Vec4));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMemcpy(da, a, n * sizeof(Vec4), cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, n * sizeof(Vec4), cudaMemcpyHostToDevice);
    dot4<<<(n + 63) / 64, 64>>>(da, db, dout, n);
    float out[n];
    cudaMemcpy(out, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    clock_t t1 = clock();
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float ref = a[i].x * b[i].x + a[i].y * b[i].y + a[i].z * b[i].z + a[i].w * b[i].w;
        if (ref != out[i]) bad++;
        int bucket = ((int)out[i] % buckets + buckets) % buckets;
        histogram[bucket]++;
    }
    Record recs[3] = {{1, 0.5}, {2, 1.5}, {3, 2.5}};
    printf("records aligned: %s\n", ((size_t)&recs[1] % 32) == 0 ? "yes" : "no");
    printf("out[0..5]: %g %g %g %g %g %g\n", out[0], out[1], out[2], out[3], out[4], out[5]);
    printf("histogram:");
    for (int i = 0; i < buckets; i++) printf(" %d", histogram[i]);
    printf("\ntime: %.3f ms\n", 1000.0 * (t1 - t0) / CLOCKS_PER_SEC);
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");
    cudaFree(da);
    cudaFree(db);
    cudaFree(dout);
    return 0;
}
