// nvcc's side of bench/vulkan/warps_device.sh: bench/webgpu/warp_heavy.cu's kernels, checked by its
// own main (PASS/FAIL lines), then each kernel timed alone with CUDA events over 15 launches of the
// shape warp_heavy.cu uses; prints "NVCC kernel median_us X" per kernel.
#include <algorithm>
#include <vector>
#define main warp_heavy_main
#include "../webgpu/warp_heavy.cu"
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

int main()
{
    warp_heavy_main();
    const int n = 1 << 24, blocks = 1024, threads = 256, rounds = 256;
    unsigned *d;
    cudaMalloc(&d, 2 * sizeof(unsigned));
    printf("NVCC warpSum median_us %.2f\n", medianUs([&] { warpSum<<<blocks, threads>>>(n, d); }));
    printf("NVCC warpCount median_us %.2f\n", medianUs([&] { warpCount<<<blocks, threads>>>(n, d); }));
    printf("NVCC shuffleRounds median_us %.2f\n", medianUs([&] { shuffleRounds<<<blocks * 4, threads>>>(rounds, d); }));
    printf("NVCC plainSum median_us %.2f\n", medianUs([&] { plainSum<<<blocks, threads>>>(n, d, d + 1); }));
    printf("NVCC plainRounds median_us %.2f\n", medianUs([&] { plainRounds<<<blocks * 4, threads>>>(rounds, d); }));
    cudaFree(d);
    return 0;
}
