// An exception nobody catches: after printing its results the program throws std::runtime_error
// from a helper; libstdc++ prints "terminate called after throwing an instance of ..." on stderr
// and aborts (exit status 134). Only stdout and the status are compared.
#include <cstdio>
#include <stdexcept>
#include <cuda_runtime.h>

__global__ void fill(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = i * i % 97;
}

int verify(const int *h, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (h[i] != i * i % 97) bad++;
    return bad;
}

void require_even(int n)
{
    if (n % 2) throw std::runtime_error("require_even: odd element count " + std::to_string(n));
}

int main()
{
    const int n = 999;
    int *d, h[n];
    cudaMalloc(&d, n * sizeof(int));
    fill<<<4, 256>>>(d, n);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("h[10]=%d h[998]=%d mismatches=%d\n", h[10], h[998], verify(h, n));
    fflush(stdout);
    require_even(n);
    printf("not reached\n");
    return 0;
}
