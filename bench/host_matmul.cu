// Host-loop speed benchmark (issue 4): a 256x256x256 float matrix product in plain C on the host.
// The same file builds with gcc (as C, after the #if) to compare: see bench/README.md.
#include <stdio.h>
#include <time.h>

#define N 256
static float A[N][N], B[N][N], C[N][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (float)((i * 7 + j) % 13) * 0.25f;
            B[i][j] = (float)((i + j * 3) % 11) * 0.5f;
        }
    clock_t t0 = clock();
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int k = 0; k < N; k++) s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    clock_t t1 = clock();
    double checksum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) checksum += C[i][j];
    printf("checksum=%.1f\n", checksum);
    fprintf(stderr, "matmul %dx%dx%d: %.1f ms\n", N, N, N, (t1 - t0) * 1000.0 / CLOCKS_PER_SEC);
    return 0;
}
