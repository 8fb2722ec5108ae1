// Signed remainder and division by constants and by runtime values, negative operands included:
// what `v % 3 == 0` gives on a driver, beside the same with the divisor read from memory.
// Prints one line per form with the count of mismatches against the host's C++ result.
#include <cstdio>

__global__ void forms(const int *in, const int *k, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    out[0 * n + i] = v % 3;
    out[1 * n + i] = (v % 3 == 0);
    out[2 * n + i] = v % k[0];
    out[3 * n + i] = (v % k[0] == 0);
    out[4 * n + i] = v / 3;
    out[5 * n + i] = v / k[0];
    out[6 * n + i] = v % 7;
    out[7 * n + i] = v % -3;
    out[8 * n + i] = v % 4;
    out[9 * n + i] = v / 4;
}

int main() {
    const int n = 4096, forms_n = 10;
    static int h[n], r[forms_n * n];
    for (int i = 0; i < n; i++) h[i] = (i * 11) % 17 - 3 + (i % 2 ? -(i * 37) : i * 29);
    int three = 3, *din, *dk, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dk, sizeof(int));
    cudaMalloc(&dout, forms_n * n * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dk, &three, sizeof(int), cudaMemcpyHostToDevice);
    forms<<<(n + 255) / 256, 256>>>(din, dk, dout, n);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    const char *names[forms_n] = {"v%3", "v%3==0", "v%k", "v%k==0", "v/3", "v/k", "v%7", "v%-3", "v%4", "v/4"};
    for (int f = 0; f < forms_n; f++) {
        int bad = 0, first = -1;
        for (int i = 0; i < n; i++) {
            int v = h[i], want;
            switch (f) {
                case 0: want = v % 3; break;
                case 1: want = v % 3 == 0; break;
                case 2: want = v % three; break;
                case 3: want = v % three == 0; break;
                case 4: want = v / 3; break;
                case 5: want = v / three; break;
                case 6: want = v % 7; break;
                case 7: want = v % -3; break;
                case 8: want = v % 4; break;
                default: want = v / 4; break;
            }
            if (r[f * n + i] != want) { if (first < 0) first = i; bad++; }
        }
        if (bad) printf("%-7s %4d wrong, first v=%d got %d\n", names[f], bad, h[first], r[f * n + first]);
        else printf("%-7s ok\n", names[f]);
    }
    cudaFree(din); cudaFree(dk); cudaFree(dout);
    return 0;
}
