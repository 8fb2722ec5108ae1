// Lesson 15: an out-of-bounds bug, caught.
//
// The most common CUDA bug: the grid is rounded up to whole blocks, and the bounds check is
// written with <= instead of <, so one thread writes one element past the end of the array. On a
// real GPU this usually goes unnoticed: the write lands in padding after the allocation, the
// program prints its results and exits happily, and the bug waits for a day when it corrupts
// another buffer. NVIDIA's compute-sanitizer finds it; webcu checks every access as a sanitizer
// does and stops the kernel with a report naming the kernel, the thread, the line and the
// allocation. Fix: `if (i < n)`.
#include <cstdio>

__global__ void squares(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) {           // BUG: i == n is one past the end
        out[i] = i * i;
    }
}

int main()
{
    const int n = 500;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    squares<<<(n + 127) / 128, 128>>>(d, n);   // 4 blocks: 512 threads for 500 elements
    cudaError_t err = cudaDeviceSynchronize();
    printf("kernel: %s\n", cudaGetErrorName(err));

    int h[n];
    for (int i = 0; i < n; ++i) h[i] = -1;     // what is left when the copy fails
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("h[%d] = %d\n", n - 1, h[n - 1]);
    cudaFree(d);
    return err == cudaSuccess ? 0 : 1;
}
