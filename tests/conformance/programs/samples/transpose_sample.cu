// The samples' transpose: naive, coalesced and bank-conflict-free shared-memory kernels over a
// -dimX x -dimY matrix; each is verified against a host transpose and reported per kernel.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include "sample_helpers.h"

#define TILE_DIM 16
#define BLOCK_ROWS 4

__global__ void copySharedMem(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM * TILE_DIM];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    int index = xIndex + width * yIndex;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height) {
            tile[(threadIdx.y + i) * TILE_DIM + threadIdx.x] = idata[index + i * width];
        }
    }
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height) {
            odata[index + i * width] = tile[(threadIdx.y + i) * TILE_DIM + threadIdx.x];
        }
    }
}

__global__ void transposeNaive(float *odata, const float *idata, int width, int height)
{
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height) {
            odata[xIndex * height + yIndex + i] = idata[(yIndex + i) * width + xIndex];
        }
    }
}

__global__ void transposeCoalesced(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height) {
            tile[threadIdx.y + i][threadIdx.x] = idata[(yIndex + i) * width + xIndex];
        }
    }
    __syncthreads();
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < height && yIndex + i < width) {
            odata[(yIndex + i) * height + xIndex] = tile[threadIdx.x][threadIdx.y + i];
        }
    }
}

__global__ void transposeNoBankConflicts(float *odata, const float *idata, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < width && yIndex + i < height) {
            tile[threadIdx.y + i][threadIdx.x] = idata[(yIndex + i) * width + xIndex];
        }
    }
    __syncthreads();
    xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        if (xIndex < height && yIndex + i < width) {
            odata[(yIndex + i) * height + xIndex] = tile[threadIdx.x][threadIdx.y + i];
        }
    }
}

typedef void (*kernel_t)(float *, const float *, int, int);

int main(int argc, char **argv)
{
    printf("Transpose Starting...\n");
    findCudaDevice(argc, (const char **)argv);
    int size_x = 100, size_y = 70;
    if (checkCmdLineFlag(argc, (const char **)argv, "dimX")) size_x = getCmdLineArgumentInt(argc, (const char **)argv, "dimX");
    if (checkCmdLineFlag(argc, (const char **)argv, "dimY")) size_y = getCmdLineArgumentInt(argc, (const char **)argv, "dimY");
    printf("Matrix size: %dx%d, tile: %dx%d, block: %dx%d\n", size_x, size_y, TILE_DIM, TILE_DIM, TILE_DIM, BLOCK_ROWS);
    dim3 grid((size_x + TILE_DIM - 1) / TILE_DIM, (size_y + TILE_DIM - 1) / TILE_DIM);
    dim3 threads(TILE_DIM, BLOCK_ROWS);
    size_t mem_size = sizeof(float) * size_x * size_y;
    float *h_idata = (float *)malloc(mem_size);
    float *h_odata = (float *)malloc(mem_size);
    float *transposeGold = (float *)malloc(mem_size);
    for (int i = 0; i < size_x * size_y; ++i) h_idata[i] = (float)i;
    for (int y = 0; y < size_y; ++y)
        for (int x = 0; x < size_x; ++x) transposeGold[x * size_y + y] = h_idata[y * size_x + x];
    float *d_idata, *d_odata;
    checkCudaErrors(cudaMalloc((void **)&d_idata, mem_size));
    checkCudaErrors(cudaMalloc((void **)&d_odata, mem_size));
    checkCudaErrors(cudaMemcpy(d_idata, h_idata, mem_size, cudaMemcpyHostToDevice));

    kernel_t kernels[4] = {copySharedMem, transposeNaive, transposeCoalesced, transposeNoBankConflicts};
    const char *names[4] = {"simple copy       ", "naive             ", "coalesced         ", "optimized         "};
    bool success = true;
    for (int k = 0; k < 4; k++) {
        checkCudaErrors(cudaMemset(d_odata, 0, mem_size));
        kernels[k]<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
        getLastCudaError("kernel launch failure");
        checkCudaErrors(cudaMemcpy(h_odata, d_odata, mem_size, cudaMemcpyDeviceToHost));
        const float *gold = (k == 0) ? h_idata : transposeGold;
        int bad = 0;
        for (int i = 0; i < size_x * size_y; i++) {
            if (h_odata[i] != gold[i]) bad++;
        }
        printf("transpose %s: %d mismatches, out[1]=%.0f out[last]=%.0f\n", names[k], bad, h_odata[1],
               h_odata[size_x * size_y - 1]);
        if (bad) success = false;
    }
    free(h_idata);
    free(h_odata);
    free(transposeGold);
    cudaFree(d_idata);
    cudaFree(d_odata);
    printf("Test %s\n", success ? "passed" : "failed");
    return success ? 0 : 1;
}
