// Host-loop speed, warmed up (issue 4): the product of bench/host_matmul.cu five times in one process,
// each pass timed. On the JVM the first pass includes HotSpot compiling the loop nest; the later
// ones show the compiled code alone. Builds with gcc as C too (see bench/README.md).
#include <stdio.h>
#include <time.h>

#define N 256
#define PASSES 5
static float A[N][N], B[N][N], C[N][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (float)((i * 7 + j) % 13) * 0.25f;
            B[i][j] = (float)((i + j * 3) % 11) * 0.5f;
        }
    double checksum = 0;
    for (int pass = 0; pass < PASSES; pass++) {
        clock_t t0 = clock();
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                float s = 0.0f;
                for (int k = 0; k < N; k++) s += A[i][k] * B[k][j];
                C[i][j] = s;
            }
        clock_t t1 = clock();
        fprintf(stderr, "matmul pass %d: %.1f ms\n", pass + 1, (t1 - t0) * 1000.0 / CLOCKS_PER_SEC);
        checksum += C[pass][pass];
    }
    printf("checksum=%.1f\n", checksum);
    return 0;
}
