// Lesson 2: vector addition, the "hello world" of GPU computing.
//
// The recipe of nearly every CUDA program: allocate memory on the device (cudaMalloc), copy the
// inputs there (cudaMemcpy host-to-device), launch a kernel in which each thread handles one
// element, copy the result back (device-to-host) and free the memory. The number of blocks is
// rounded up, so the last block may have threads past the end: they must do nothing.
#include <cstdio>
#include <vector>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {          // the guard for the threads of the last, partly used block
        c[i] = a[i] + b[i];
    }
}

int main()
{
    const int n = 5000;
    const size_t bytes = n * sizeof(float);

    std::vector<float> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) {
        a[i] = i * 0.5f;       // halves and small integers: every sum is exact in float
        b[i] = 3.0f * i;
    }

    float *dA, *dB, *dC;
    cudaMalloc(&dA, bytes);
    cudaMalloc(&dB, bytes);
    cudaMalloc(&dC, bytes);
    cudaMemcpy(dA, a.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, b.data(), bytes, cudaMemcpyHostToDevice);

    const int threadsPerBlock = 256;
    const int blocks = (n + threadsPerBlock - 1) / threadsPerBlock;   // 20 blocks: 5120 threads
    printf("%d elements, %d blocks of %d threads\n", n, blocks, threadsPerBlock);
    vectorAdd<<<blocks, threadsPerBlock>>>(dA, dB, dC, n);

    // cudaMemcpy waits for the kernel to finish before it copies.
    cudaMemcpy(c.data(), dC, bytes, cudaMemcpyDeviceToHost);

    int wrong = 0;
    for (int i = 0; i < n; ++i) {
        if (c[i] != a[i] + b[i]) ++wrong;
    }
    printf("c[0] = %.1f, c[1] = %.1f, c[%d] = %.1f\n", c[0], c[1], n - 1, c[n - 1]);
    printf("%s (%d wrong)\n", wrong == 0 ? "PASS" : "FAIL", wrong);

    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}
