// Long but finite loops must not trip the watchdog: 32 threads loop 2^29 times each (half the
// per-invocation budget), then 4M threads loop 2^18 times each (2^40 iterations in all, 1/16 of
// the launch's budget). Both results are checked against closed forms on the host.
#include <cstdio>
__global__ void sumTo(unsigned *out, unsigned n)
{
    unsigned s = threadIdx.x;
    for (unsigned i = 0; i < n; i++) s += i;
    out[threadIdx.x] = s;
}
__global__ void many(unsigned *out, unsigned n)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s = t;
    for (unsigned i = 0; i < n; i++) s += i ^ t;
    if (s == 0xdeadbeefu) out[0] = t;   // keeps the loop; almost never true
    if (t == 12345) out[1] = s;
}
int main()
{
    unsigned *d, h[32];
    cudaMalloc(&d, 32 * sizeof(unsigned));
    cudaEvent_t a, b;
    cudaEventCreate(&a); cudaEventCreate(&b);
    unsigned n = 1u << 29;
    cudaEventRecord(a);
    sumTo<<<1, 32>>>(d, n);
    cudaEventRecord(b);
    cudaError_t e = cudaDeviceSynchronize();
    float ms = 0; cudaEventElapsedTime(&ms, a, b);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    unsigned long long tri = (unsigned long long) n * (n - 1) / 2;
    int bad = 0;
    for (int i = 0; i < 32; i++) if (h[i] != (unsigned) (tri + i)) bad++;
    printf("sumTo 2^29: %s, %d wrong, %.1f ms\n", cudaGetErrorName(e), bad, ms);
    unsigned m = 1u << 18;
    cudaEventRecord(a);
    many<<<16384, 256>>>(d, m);
    cudaEventRecord(b);
    e = cudaDeviceSynchronize();
    cudaEventElapsedTime(&ms, a, b);
    cudaMemcpy(h, d, 2 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned t = 12345, s = t;
    for (unsigned i = 0; i < m; i++) s += i ^ t;
    printf("many 2^40: %s, %s, %.1f ms\n", cudaGetErrorName(e), h[1] == s ? "right" : "WRONG", ms);
    return 0;
}
