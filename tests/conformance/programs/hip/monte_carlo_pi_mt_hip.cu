// HIP version of random/monte_carlo_pi_mt.cu: the same program through the HIP API and hipLaunchKernelGGL.
// Monte Carlo estimate of pi: points from std::mt19937 and std::uniform_real_distribution on the
// host, counted on the GPU with a shared-memory reduction, reported with std::fixed and
// std::setprecision; the timing line uses <chrono>.
#include <iostream>
#include <iomanip>
#include <random>
#include <chrono>
#include <vector>
#include <cmath>
#include <hip/hip_runtime.h>

constexpr int THREADS = 256;

__global__ void count_inside(const float *xs, const float *ys, int n, unsigned int *hits)
{
    __shared__ unsigned int local[THREADS];
    unsigned int c = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        // squares of floats are exact in double, so no rounding decides a point on the circle
        double x = xs[i], y = ys[i];
        if (x * x + y * y <= 1.0) c++;
    }
    local[threadIdx.x] = c;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) local[threadIdx.x] += local[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(hits, local[0]);
}

int main()
{
    const int n = 1 << 18;
    std::mt19937 gen(42);
    std::uniform_real_distribution<float> dist(0.0f, 1.0f);
    std::vector<float> xs(n), ys(n);
    for (int i = 0; i < n; ++i) {
        xs[i] = dist(gen);
        ys[i] = dist(gen);
    }
    std::cout << "first point: (" << xs[0] << ", " << ys[0] << ")" << std::endl;
    std::cout << "last point: (" << xs[n - 1] << ", " << ys[n - 1] << ")" << std::endl;

    float *d_x, *d_y;
    unsigned int *d_hits;
    hipMalloc(&d_x, n * sizeof(float));
    hipMalloc(&d_y, n * sizeof(float));
    hipMalloc(&d_hits, sizeof(unsigned int));
    hipMemcpy(d_x, xs.data(), n * sizeof(float), hipMemcpyHostToDevice);
    hipMemcpy(d_y, ys.data(), n * sizeof(float), hipMemcpyHostToDevice);
    hipMemset(d_hits, 0, sizeof(unsigned int));

    auto t0 = std::chrono::high_resolution_clock::now();
    hipLaunchKernelGGL(count_inside, dim3(64), dim3(THREADS), 0, 0, d_x, d_y, n, d_hits);
    hipDeviceSynchronize();
    auto t1 = std::chrono::high_resolution_clock::now();
    std::chrono::duration<double, std::milli> ms = t1 - t0;

    unsigned int hits = 0;
    hipMemcpy(&hits, d_hits, sizeof(unsigned int), hipMemcpyDeviceToHost);
    unsigned int ref = 0;
    for (int i = 0; i < n; ++i) {
        double x = xs[i], y = ys[i];
        if (x * x + y * y <= 1.0) ref++;
    }
    double pi = 4.0 * hits / n;
    std::cout << "samples: " << n << ", inside: " << hits << std::endl;
    std::cout << std::fixed << std::setprecision(3);
    std::cout << "pi estimate: " << pi << std::endl;
    std::cout << "error: " << std::fabs(pi - M_PI) << std::endl;
    std::cout << "kernel time: " << ms.count() << " ms" << std::endl;
    std::cout << (hits == ref ? "PASS" : "FAIL") << std::endl;
    hipFree(d_x);
    hipFree(d_y);
    hipFree(d_hits);
    return 0;
}
