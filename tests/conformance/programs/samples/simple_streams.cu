// simpleStreams in the samples' style: pinned host memory from cudaHostAlloc, the work split over
// -nstreams=N streams with cudaMemcpyAsync and kernels in each, events for the timing (skipped),
// and a check of every element; -nreps=R repeats the whole pipeline.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "sample_helpers.h"

__global__ void init_array(int *g_data, const int *factor, int num_iterations)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < num_iterations; i++) {
        g_data[idx] += *factor;
    }
}

bool correct_data(const int *a, const int n, const int c)
{
    for (int i = 0; i < n; i++) {
        if (a[i] != c) {
            printf("%d: %d %d\n", i, a[i], c);
            return false;
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    int nstreams = 4;
    int nreps = 2;
    int n = 16 * 1024 * 1024 / 64;
    int niterations = 5;
    printf("[ simpleStreams ]\n");
    if (checkCmdLineFlag(argc, (const char **)argv, "help")) {
        printf("Usage: simpleStreams [-nstreams=N] [-nreps=R]\n");
        return EXIT_SUCCESS;
    }
    if (checkCmdLineFlag(argc, (const char **)argv, "nstreams")) nstreams = getCmdLineArgumentInt(argc, (const char **)argv, "nstreams");
    if (checkCmdLineFlag(argc, (const char **)argv, "nreps")) nreps = getCmdLineArgumentInt(argc, (const char **)argv, "nreps");
    findCudaDevice(argc, (const char **)argv);
    printf("> %d streams, %d elements, %d repetitions\n", nstreams, n, nreps);

    int c = 5;
    int *h_a = 0;
    size_t nbytes = n * sizeof(int);
    checkCudaErrors(cudaHostAlloc((void **)&h_a, nbytes, cudaHostAllocDefault));
    int *d_a = 0, *d_c = 0;
    checkCudaErrors(cudaMalloc((void **)&d_a, nbytes));
    checkCudaErrors(cudaMemset(d_a, 0x0, nbytes));
    checkCudaErrors(cudaMalloc((void **)&d_c, sizeof(int)));
    checkCudaErrors(cudaMemcpy(d_c, &c, sizeof(int), cudaMemcpyHostToDevice));

    cudaStream_t *streams = (cudaStream_t *)malloc(nstreams * sizeof(cudaStream_t));
    for (int i = 0; i < nstreams; i++) checkCudaErrors(cudaStreamCreate(&(streams[i])));
    cudaEvent_t start_event, stop_event;
    checkCudaErrors(cudaEventCreateWithFlags(&start_event, cudaEventBlockingSync));
    checkCudaErrors(cudaEventCreateWithFlags(&stop_event, cudaEventBlockingSync));

    dim3 threads = dim3(512, 1);
    dim3 blocks = dim3(n / (nstreams * threads.x), 1);
    float elapsed_time;
    bool ok = true;
    for (int k = 0; k < nreps; k++) {
        checkCudaErrors(cudaMemsetAsync(d_a, 0, nbytes, 0));
        checkCudaErrors(cudaEventRecord(start_event, 0));
        for (int i = 0; i < nstreams; i++) {
            init_array<<<blocks, threads, 0, streams[i]>>>(d_a + i * n / nstreams, d_c, niterations);
        }
        for (int i = 0; i < nstreams; i++) {
            checkCudaErrors(cudaMemcpyAsync(h_a + i * n / nstreams, d_a + i * n / nstreams, nbytes / nstreams,
                                            cudaMemcpyDeviceToHost, streams[i]));
        }
        checkCudaErrors(cudaEventRecord(stop_event, 0));
        checkCudaErrors(cudaEventSynchronize(stop_event));
        checkCudaErrors(cudaEventElapsedTime(&elapsed_time, start_event, stop_event));
        printf("repetition %d: %d streams took %.3f ms\n", k, nstreams, elapsed_time);
        bool good = correct_data(h_a, n, c * niterations);
        printf("repetition %d: data %s\n", k, good ? "correct" : "WRONG");
        ok = ok && good;
    }
    cudaError_t q = cudaStreamQuery(streams[0]);
    printf("stream 0 idle: %s\n", q == cudaSuccess ? "yes" : cudaGetErrorName(q));
    for (int i = 0; i < nstreams; i++) checkCudaErrors(cudaStreamDestroy(streams[i]));
    checkCudaErrors(cudaEventDestroy(start_event));
    checkCudaErrors(cudaEventDestroy(stop_event));
    free(streams);
    checkCudaErrors(cudaFreeHost(h_a));
    checkCudaErrors(cudaFree(d_a));
    checkCudaErrors(cudaFree(d_c));
    printf("%s\n", ok ? "Test passed" : "Test failed");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
