// Lesson 13: streams and events, overlapping copies with work.
//
// A stream is a queue of GPU work: copies and kernels in one stream run in order, work in
// different streams may overlap. Here the data is cut into chunks; each chunk's copy in, kernel
// and copy out go into one of two streams, so that while one chunk computes, another can be on the
// way. cudaMemcpyAsync only returns at once (and can overlap) for page-locked host memory, which
// cudaMallocHost provides. Events mark points in a stream: cudaEventRecord + cudaEventSynchronize
// wait for them, cudaEventElapsedTime measures between two of them.
#include <cstdio>

__global__ void scaleAndOffset(float *x, int n, float a, float b)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = a * x[i] + b;
}

int main()
{
    const int n = 1 << 16, chunks = 4, chunk = n / chunks;
    const size_t chunkBytes = chunk * sizeof(float);

    float *h, *d;
    cudaMallocHost(&h, n * sizeof(float));   // pinned: the copies can be asynchronous
    cudaMalloc(&d, n * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = (float)(i % 1000);

    cudaStream_t streams[2];
    for (auto &s : streams) cudaStreamCreate(&s);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    cudaEventRecord(start);
    for (int c = 0; c < chunks; ++c) {
        cudaStream_t s = streams[c % 2];
        float *hc = h + c * chunk, *dc = d + c * chunk;
        cudaMemcpyAsync(dc, hc, chunkBytes, cudaMemcpyHostToDevice, s);
        scaleAndOffset<<<(chunk + 255) / 256, 256, 0, s>>>(dc, chunk, 2.0f, 1.0f);
        cudaMemcpyAsync(hc, dc, chunkBytes, cudaMemcpyDeviceToHost, s);
    }
    cudaEventRecord(stop);
    // The host has only queued the work so far; h is not ready until the streams are done.
    for (auto &s : streams) cudaStreamSynchronize(s);
    cudaEventSynchronize(stop);

    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    printf("%d chunks of %d floats in 2 streams\n", chunks, chunk);
    printf("time from first copy to last: %.3f ms\n", ms);

    // A stream can also be asked without waiting: after the syncs above it is idle.
    printf("stream 0 idle: %s\n", cudaStreamQuery(streams[0]) == cudaSuccess ? "yes" : "no");

    int wrong = 0;
    for (int i = 0; i < n; ++i)
        if (h[i] != 2.0f * (float)(i % 1000) + 1.0f) ++wrong;
    printf("h[0] = %g, h[999] = %g, h[%d] = %g\n", h[0], h[999], n - 1, h[n - 1]);
    printf("%s (%d wrong)\n", wrong == 0 ? "PASS" : "FAIL", wrong);

    for (auto &s : streams) cudaStreamDestroy(s);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d);
    cudaFreeHost(h);
    return 0;
}
