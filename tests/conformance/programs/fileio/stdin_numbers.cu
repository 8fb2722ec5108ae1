// Reads a count and that many integers from standard input with scanf (the runner feeds
// numbers.txt), sorts them on the GPU with an odd-even transposition sort and prints statistics.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void odd_even_pass(int *v, int n, int phase)
{
    int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + phase;
    if (i + 1 < n && v[i] > v[i + 1]) {
        int t = v[i];
        v[i] = v[i + 1];
        v[i + 1] = t;
    }
}

int main()
{
    int n;
    if (scanf("%d", &n) != 1 || n <= 0) {
        printf("no input\n");
        return 1;
    }
    int *h = (int *)malloc(n * sizeof(int));
    int read = 0;
    while (read < n && scanf("%d", &h[read]) == 1) read++;
    printf("expected %d numbers, read %d\n", n, read);
    int *d;
    cudaMalloc(&d, read * sizeof(int));
    cudaMemcpy(d, h, read * sizeof(int), cudaMemcpyHostToDevice);
    for (int p = 0; p < read; p++) odd_even_pass<<<1, (read + 1) / 2>>>(d, read, p % 2);
    int *s = (int *)malloc(read * sizeof(int));
    cudaMemcpy(s, d, read * sizeof(int), cudaMemcpyDeviceToHost);
    long long sum = 0, input_sum = 0;
    for (int i = 0; i < read; i++) input_sum += h[i];
    bool sorted = true;
    for (int i = 0; i < read; i++) {
        sum += s[i];
        if (i > 0 && s[i - 1] > s[i]) sorted = false;
    }
    printf("sorted:");
    for (int i = 0; i < read; i++) printf(" %d", s[i]);
    printf("\nmin %d max %d median %d sum %lld\n", s[0], s[read - 1], s[read / 2], sum);
    int extra;
    printf("more input after the numbers: %s\n", scanf("%d", &extra) == 1 ? "yes" : "no");
    printf("%s\n", sorted && sum == input_sum ? "PASS" : "FAIL");
    free(h);
    free(s);
    cudaFree(d);
    return 0;
}
