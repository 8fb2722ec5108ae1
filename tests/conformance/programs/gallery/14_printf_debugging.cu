// Lesson 14: debugging with printf inside a kernel.
//
// When a kernel computes something odd, the quickest look inside is printf on the device. Two
// habits keep the output readable: print from one chosen thread only (here with a WATCH macro
// that names the thread), and let threads print only when they see something suspicious. Lines
// from different threads may arrive in any order, so each line says who wrote it. Device output
// is delivered when the host waits for the GPU (cudaDeviceSynchronize and friends).
//
// The kernel normalises sensor readings to 0..1; missing readings are stored as -1 and must be
// skipped, which the debugging output shows.
#include <cstdio>

// print only from thread `t` of block `b`
#define WATCH(b, t, ...) \
    do { if (blockIdx.x == (b) && threadIdx.x == (t)) printf(__VA_ARGS__); } while (0)

__global__ void normalise(const int *raw, float *out, int n, int lo, int hi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    WATCH(1, 3, "[watch] block %d thread %d handles element %d: raw %d\n", blockIdx.x, threadIdx.x, i, raw[i]);

    if (raw[i] < 0) {
        // only the threads that meet a missing reading speak up
        printf("[check] element %d (block %d, thread %d) is missing: %d\n", i, blockIdx.x, threadIdx.x, raw[i]);
        out[i] = 0.0f;
        return;
    }
    float v = (float)(raw[i] - lo) / (float)(hi - lo);
    WATCH(1, 3, "[watch] (%d - %d) / (%d - %d) = %.4f\n", raw[i], lo, hi, lo, v);
    out[i] = v;
}

int main()
{
    const int n = 64;
    int raw[n];
    for (int i = 0; i < n; ++i) raw[i] = 200 + (i * 37) % 600;
    raw[5] = raw[29] = raw[50] = -1;          // three missing readings

    int *dRaw;
    float *dOut;
    cudaMalloc(&dRaw, sizeof(raw));
    cudaMalloc(&dOut, n * sizeof(float));
    cudaMemcpy(dRaw, raw, sizeof(raw), cudaMemcpyHostToDevice);

    printf("normalising %d readings in blocks of 16\n", n);
    fflush(stdout);                           // host lines first, then the kernel's
    normalise<<<n / 16, 16>>>(dRaw, dOut, n, 200, 800);
    cudaDeviceSynchronize();                  // the kernel's printf output appears here

    float out[n];
    cudaMemcpy(out, dOut, sizeof(out), cudaMemcpyDeviceToHost);
    int inRange = 0;
    for (int i = 0; i < n; ++i) inRange += out[i] >= 0.0f && out[i] < 1.0f;
    printf("out[19] = %.4f, out[29] = %.4f\n", out[19], out[29]);
    printf("%s: %d of %d values in [0, 1)\n", inRange == n ? "PASS" : "FAIL", inRange, n);

    cudaFree(dRaw);
    cudaFree(dOut);
    return 0;
}
