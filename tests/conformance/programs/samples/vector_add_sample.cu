// vectorAdd in the CUDA samples' style: helper header, checkCudaErrors, -n=N and -threads=T flags.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "sample_helpers.h"

__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < numElements) {
        C[i] = A[i] + B[i] + 0.0f;
    }
}

static void usage(const char *name)
{
    printf("Usage: %s [-n=<elements>] [-threads=<per block>] [-device=<id>] [-help]\n", name);
}

int main(int argc, char **argv)
{
    printf("[Vector addition of floats]\n");
    if (checkCmdLineFlag(argc, (const char **)argv, "help")) {
        usage(argv[0]);
        return 0;
    }
    findCudaDevice(argc, (const char **)argv);
    int numElements = 50000;
    if (checkCmdLineFlag(argc, (const char **)argv, "n")) {
        numElements = getCmdLineArgumentInt(argc, (const char **)argv, "n");
    }
    int threadsPerBlock = 256;
    if (checkCmdLineFlag(argc, (const char **)argv, "threads")) {
        threadsPerBlock = getCmdLineArgumentInt(argc, (const char **)argv, "threads");
    }
    size_t size = numElements * sizeof(float);
    printf("[Vector addition of %d elements]\n", numElements);

    float *h_A = (float *)malloc(size);
    float *h_B = (float *)malloc(size);
    float *h_C = (float *)malloc(size);
    if (h_A == NULL || h_B == NULL || h_C == NULL) {
        fprintf(stderr, "Failed to allocate host vectors!\n");
        exit(EXIT_FAILURE);
    }
    // Quarter-integer data: every sum is exact in float.
    for (int i = 0; i < numElements; ++i) {
        h_A[i] = (float)(i % 1000) * 0.25f;
        h_B[i] = (float)((i * 7) % 333) * 0.5f;
    }

    float *d_A = NULL, *d_B = NULL, *d_C = NULL;
    checkCudaErrors(cudaMalloc((void **)&d_A, size));
    checkCudaErrors(cudaMalloc((void **)&d_B, size));
    checkCudaErrors(cudaMalloc((void **)&d_C, size));

    printf("Copy input data from the host memory to the CUDA device\n");
    checkCudaErrors(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));

    int blocksPerGrid = (numElements + threadsPerBlock - 1) / threadsPerBlock;
    printf("CUDA kernel launch with %d blocks of %d threads\n", blocksPerGrid, threadsPerBlock);
    vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, numElements);
    getLastCudaError("vectorAdd kernel failed");

    printf("Copy output data from the CUDA device to the host memory\n");
    checkCudaErrors(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));

    int errors = 0;
    double checksum = 0.0;
    for (int i = 0; i < numElements; ++i) {
        if (h_A[i] + h_B[i] != h_C[i]) {
            if (errors < 5) {
                fprintf(stderr, "Result verification failed at element %d!\n", i);
            }
            errors++;
        }
        checksum += h_C[i];
    }
    printf("checksum = %.2f\n", checksum);
    printf("C[0] = %.2f, C[%d] = %.2f\n", h_C[0], numElements - 1, h_C[numElements - 1]);
    printf("Test %s\n", errors == 0 ? "PASSED" : "FAILED");

    checkCudaErrors(cudaFree(d_A));
    checkCudaErrors(cudaFree(d_B));
    checkCudaErrors(cudaFree(d_C));
    free(h_A);
    free(h_B);
    free(h_C);
    printf("Done\n");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
