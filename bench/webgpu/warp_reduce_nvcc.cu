// nvcc's side of bench/webgpu/warpflow_device.sh: bench/webgpu/warp_reduce_bench.cu's kernels,
// checked by its own main (PASS/FAIL lines), then each kernel timed alone with CUDA events over
// 15 launches of the shape warp_reduce_bench.cu uses; prints "NVCC kernel median_us X" per kernel.
#include <algorithm>
#include <vector>
#define main warp_reduce_main
#include "warp_reduce_bench.cu"
#undef main

template <typename Launch>
static float medianUs(Launch launch)
{
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    launch(); // warm-up
    std::vector<float> t;
    for (int k = 0; k < 15; ++k) {
        cudaEventRecord(a);
        launch();
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        t.push_back(ms * 1000);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    warp_reduce_main(argc, argv);
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 26, threads = 256, blocks = 1024, tiles = (n + threads - 1) / threads;
    float *x, *partial, *tilePartial, *sum;
    int *ref;
    cudaMalloc(&x, (size_t)n * sizeof(float));
    cudaMalloc(&partial, blocks * sizeof(float));
    cudaMalloc(&tilePartial, tiles * sizeof(float));
    cudaMalloc(&sum, sizeof(float));
    cudaMalloc(&ref, sizeof(int));
    fill<<<blocks, threads>>>(x, n);
    printf("NVCC fill median_us %.2f\n", medianUs([&] { fill<<<blocks, threads>>>(x, n); }));
    printf("NVCC blockSums median_us %.2f\n", medianUs([&] { blockSums<<<blocks, threads>>>(x, partial, n); }));
    printf("NVCC tileSums median_us %.2f\n", medianUs([&] { tileSums<<<tiles, threads>>>(x, tilePartial, n); }));
    printf("NVCC finalSum(%d) median_us %.2f\n", tiles, medianUs([&] { finalSum<<<1, 1024>>>(tilePartial, sum, tiles); }));
    printf("NVCC finalSum(%d) median_us %.2f\n", blocks, medianUs([&] { finalSum<<<1, 1024>>>(partial, sum, blocks); }));
    printf("NVCC plainSum median_us %.2f\n", medianUs([&] { plainSum<<<blocks, threads>>>(x, n, ref); }));
    cudaFree(x);
    cudaFree(partial);
    cudaFree(tilePartial);
    cudaFree(sum);
    cudaFree(ref);
    return 0;
}
