// Reads a matrix and a vector from matrix_input.txt (beside the program) with fopen/fgets/fscanf,
// multiplies on the GPU, writes the result with fprintf to a file, reads that file back and
// compares, then removes it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void matvec(const int *A, const int *x, int *y, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        int acc = 0;
        for (int c = 0; c < cols; c++) acc += A[r * cols + c] * x[c];
        y[r] = acc;
    }
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "matrix_input.txt";
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    char line[256];
    if (!fgets(line, sizeof line, f) || line[0] != '#') {
        fprintf(stderr, "missing header comment\n");
        return 1;
    }
    printf("header: %s", line);
    int rows, cols;
    if (fscanf(f, "%d %d", &rows, &cols) != 2) {
        fprintf(stderr, "bad dimensions\n");
        return 1;
    }
    int *A = (int *)malloc(rows * cols * sizeof(int));
    int *x = (int *)malloc(cols * sizeof(int));
    int *y = (int *)malloc(rows * sizeof(int));
    for (int i = 0; i < rows * cols; i++) fscanf(f, "%d", &A[i]);
    for (int i = 0; i < cols; i++) fscanf(f, "%d", &x[i]);
    int extra;
    printf("read %dx%d matrix, end of file reached: %s\n", rows, cols, fscanf(f, "%d", &extra) == EOF ? "yes" : "no");
    fclose(f);

    int *dA, *dx, *dy;
    cudaMalloc(&dA, rows * cols * sizeof(int));
    cudaMalloc(&dx, cols * sizeof(int));
    cudaMalloc(&dy, rows * sizeof(int));
    cudaMemcpy(dA, A, rows * cols * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dx, x, cols * sizeof(int), cudaMemcpyHostToDevice);
    matvec<<<1, 32>>>(dA, dx, dy, rows, cols);
    cudaMemcpy(y, dy, rows * sizeof(int), cudaMemcpyDeviceToHost);

    const char *outPath = "matvec_result.tmp";
    FILE *out = fopen(outPath, "w");
    if (!out) {
        perror(outPath);
        return 1;
    }
    fprintf(out, "rows=%d\n", rows);
    for (int r = 0; r < rows; r++) fprintf(out, "y[%d]=%d\n", r, y[r]);
    fclose(out);

    FILE *in = fopen(outPath, "r");
    int n = 0, bad = 0, lines = 0;
    while (fgets(line, sizeof line, in)) {
        lines++;
        int idx, val;
        if (sscanf(line, "y[%d]=%d", &idx, &val) == 2) {
            int ref = 0;
            for (int c = 0; c < cols; c++) ref += A[idx * cols + c] * x[c];
            if (val != ref) bad++;
            n++;
        } else if (sscanf(line, "rows=%d", &idx) == 1) {
            printf("result file says rows=%d\n", idx);
        }
    }
    fclose(in);
    printf("read back %d lines, %d values, %d wrong\n", lines, n, bad);
    for (int r = 0; r < rows; r++) printf("%d%c", y[r], r == rows - 1 ? '\n' : ' ');
    if (remove(outPath) != 0) perror("remove");
    FILE *gone = fopen(outPath, "r");
    printf("result file removed: %s\n", gone == NULL ? "yes" : "no");
    printf("%s\n", bad == 0 && n == rows ? "PASS" : "FAIL");
    free(A);
    free(x);
    free(y);
    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
    return 0;
}
