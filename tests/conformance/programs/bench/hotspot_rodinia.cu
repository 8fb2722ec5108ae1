// Rodinia-style HotSpot: the kernel comes from "hotspot_kernel.cu" beside this file, options from
// getopt (-r rows, -c cols, -p pyramid height, -i iterations, -v), pyramid blocking with ghost
// zones, and a fixed-point temperature grid so that every platform computes the same numbers.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>
#include <assert.h>

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define CLAMP_RANGE(x, min, max) x = (x < (min)) ? min : ((x > (max)) ? max : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))
#define AMB_TEMP 80000

#include "hotspot_kernel.cu"

static void usage(const char *prog)
{
    fprintf(stderr, "Usage: %s [-r rows] [-c cols] [-p pyramid_height] [-i iterations] [-v]\n", prog);
    exit(1);
}

static void init_grid(int *temp, int *power, int rows, int cols)
{
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++) {
            temp[i * cols + j] = 80000 + ((i * 13 + j * 7) % 29) * 100;
            power[i * cols + j] = ((i / 4 + j / 4) % 3 == 0) ? 640 : 16;
        }
    }
}

static void hotspot_cpu(int *result, const int *temp0, const int *power, int rows, int cols, int total_iterations)
{
    int *a = (int *)malloc(sizeof(int) * rows * cols);
    int *b = (int *)malloc(sizeof(int) * rows * cols);
    memcpy(a, temp0, sizeof(int) * rows * cols);
    for (int it = 0; it < total_iterations; it++) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int t = a[r * cols + c];
                int n = a[(r > 0 ? r - 1 : r) * cols + c];
                int s = a[(r < rows - 1 ? r + 1 : r) * cols + c];
                int w = a[r * cols + (c > 0 ? c - 1 : c)];
                int e = a[r * cols + (c < cols - 1 ? c + 1 : c)];
                int delta = power[r * cols + c] + ((s + n - 2 * t) >> 2) + ((e + w - 2 * t) >> 2) + ((AMB_TEMP - t) >> 6);
                b[r * cols + c] = t + ((delta >> 3) / 1);
            }
        }
        int *tmp = a;
        a = b;
        b = tmp;
    }
    memcpy(result, a, sizeof(int) * rows * cols);
    free(a);
    free(b);
}

int compute_tran_temp(int *MatrixPower, int *MatrixTemp[2], int col, int row, int total_iterations, int num_iterations,
                      int blockCols, int blockRows, int borderCols, int borderRows)
{
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(blockCols, blockRows);
    int src = 1, dst = 0;
    for (int t = 0; t < total_iterations; t += num_iterations) {
        int temp = src;
        src = dst;
        dst = temp;
        calculate_temp<<<dimGrid, dimBlock>>>(MIN(num_iterations, total_iterations - t), MatrixPower, MatrixTemp[src],
                                              MatrixTemp[dst], col, row, borderCols, borderRows, 3, 2, 2, 6, 1);
    }
    return dst;
}

int main(int argc, char **argv)
{
    int grid_rows = 64, grid_cols = 64, pyramid_height = 2, total_iterations = 10;
    int verbose = 0;
    int opt;
    while ((opt = getopt(argc, argv, "r:c:p:i:v")) != -1) {
        switch (opt) {
        case 'r': grid_rows = atoi(optarg); break;
        case 'c': grid_cols = atoi(optarg); break;
        case 'p': pyramid_height = atoi(optarg); break;
        case 'i': total_iterations = atoi(optarg); break;
        case 'v': verbose = 1; break;
        default: usage(argv[0]);
        }
    }
    if (optind < argc) {
        printf("ignoring %d extra argument(s), first: %s\n", argc - optind, argv[optind]);
    }
    int size = grid_rows * grid_cols;
#define EXPAND_RATE 2
    int borderCols = (pyramid_height)*EXPAND_RATE / 2;
    int borderRows = (pyramid_height)*EXPAND_RATE / 2;
    int smallBlockCol = BLOCK_SIZE - (pyramid_height)*EXPAND_RATE;
    int smallBlockRow = BLOCK_SIZE - (pyramid_height)*EXPAND_RATE;
    int blockCols = grid_cols / smallBlockCol + ((grid_cols % smallBlockCol == 0) ? 0 : 1);
    int blockRows = grid_rows / smallBlockRow + ((grid_rows % smallBlockRow == 0) ? 0 : 1);

    int *FilesavingTemp = (int *)malloc(size * sizeof(int));
    int *FilesavingPower = (int *)malloc(size * sizeof(int));
    int *MatrixOut = (int *)calloc(size, sizeof(int));
    int *Reference = (int *)malloc(size * sizeof(int));
    assert(FilesavingTemp && FilesavingPower && MatrixOut && Reference);

    printf("pyramidHeight: %d\ngridSize: [%d, %d]\nborder:[%d, %d]\nblockGrid:[%d, %d]\ntargetBlock:[%d, %d]\n",
           pyramid_height, grid_cols, grid_rows, borderCols, borderRows, blockCols, blockRows, smallBlockCol,
           smallBlockRow);
    init_grid(FilesavingTemp, FilesavingPower, grid_rows, grid_cols);

    int *MatrixTemp[2], *MatrixPower;
    cudaMalloc((void **)&MatrixTemp[0], sizeof(int) * size);
    cudaMalloc((void **)&MatrixTemp[1], sizeof(int) * size);
    cudaMemcpy(MatrixTemp[0], FilesavingTemp, sizeof(int) * size, cudaMemcpyHostToDevice);
    cudaMalloc((void **)&MatrixPower, sizeof(int) * size);
    cudaMemcpy(MatrixPower, FilesavingPower, sizeof(int) * size, cudaMemcpyHostToDevice);
    printf("Start computing the transient temperature\n");
    struct timeval t0, t1;
    gettimeofday(&t0, NULL);
    int ret = compute_tran_temp(MatrixPower, MatrixTemp, grid_cols, grid_rows, total_iterations, pyramid_height,
                                blockCols, blockRows, borderCols, borderRows);
    cudaDeviceSynchronize();
    gettimeofday(&t1, NULL);
    printf("Ending simulation\n");
    printf("Time: %.3f ms\n", (t1.tv_sec - t0.tv_sec) * 1000.0 + (t1.tv_usec - t0.tv_usec) / 1000.0);
    cudaMemcpy(MatrixOut, MatrixTemp[ret], sizeof(int) * size, cudaMemcpyDeviceToHost);

    hotspot_cpu(Reference, FilesavingTemp, FilesavingPower, grid_rows, grid_cols, total_iterations);
    int mismatches = 0;
    long long sum = 0;
    for (int i = 0; i < size; i++) {
        if (MatrixOut[i] != Reference[i]) mismatches++;
        sum += MatrixOut[i];
    }
    printf("mismatches vs CPU: %d\n", mismatches);
    printf("sum of temperatures: %lld\n", sum);
    if (verbose) {
        for (int i = 0; i < grid_rows; i += grid_rows / 4) {
            printf("row %2d:", i);
            for (int j = 0; j < grid_cols; j += grid_cols / 8) printf(" %d", MatrixOut[i * grid_cols + j]);
            printf("\n");
        }
    }
    printf("%s\n", mismatches == 0 ? "PASS" : "FAIL");
    cudaFree(MatrixPower);
    cudaFree(MatrixTemp[0]);
    cudaFree(MatrixTemp[1]);
    free(MatrixOut);
    free(Reference);
    free(FilesavingTemp);
    free(FilesavingPower);
    return 0;
}
