// A CUDA program that links a C helper file (util.c): the C side makes data and lists, the CUDA
// side filters and squares on the GPU.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "util.h"

__global__ void square_if_even(const int *in, int *out, int *flags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        flags[i] = (v % 2 == 0);
        out[i] = flags[i] ? v * v : -v;
    }
}

int main()
{
    const int n = 3000;
    int *data = make_sequence(n, 77);
    print_row("input", data, 10);
    int *d_in, *d_out, *d_flags;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_flags, n * sizeof(int));
    cudaMemcpy(d_in, data, n * sizeof(int), cudaMemcpyHostToDevice);
    square_if_even<<<(n + 255) / 256, 256>>>(d_in, d_out, d_flags, n);
    int *out = (int *)malloc(n * sizeof(int));
    int *flags = (int *)malloc(n * sizeof(int));
    cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(flags, d_flags, n * sizeof(int), cudaMemcpyDeviceToHost);
    print_row("output", out, 10);

    IntList *evens = list_new(4);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        if (flags[i]) list_push(evens, out[i]);
        int expect = data[i] % 2 == 0 ? data[i] * data[i] : -data[i];
        if (out[i] != expect) bad++;
    }
    printf("even values: %d (list capacity %d)\n", evens->count, evens->capacity);
    print_row("squares", evens->items, 8);
    printf("checksum(input) = %ld\n", checksum(data, n));
    printf("checksum(output) = %ld\n", checksum(out, n));
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");
    list_free(evens);
    free(data);
    free(out);
    free(flags);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_flags);
    return 0;
}
