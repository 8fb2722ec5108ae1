// Samples of std::normal_distribution (driven by std::default_random_engine) binned on the GPU with
// atomics; the histogram is drawn with std::setw and '*' bars, mean and deviation with
// std::setprecision.
#include <iostream>
#include <iomanip>
#include <random>
#include <vector>
#include <string>
#include <cmath>
#include <cuda_runtime.h>

#define NBINS 16

__global__ void bin_values(const double *v, int n, double lo, double width, int *bins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int b = (int)floor((v[i] - lo) / width);
        if (b < 0) b = 0;
        if (b >= NBINS) b = NBINS - 1;
        atomicAdd(&bins[b], 1);
    }
}

int main()
{
    const int n = 20000;
    std::default_random_engine engine(2024);
    std::normal_distribution<double> normal(5.0, 2.0);
    std::vector<double> values(n);
    double sum = 0.0;
    for (auto &x : values) {
        x = normal(engine);
        sum += x;
    }
    double mean = sum / n;
    double var = 0.0;
    for (double x : values) var += (x - mean) * (x - mean);
    double stddev = std::sqrt(var / (n - 1));
    std::cout << "first samples:";
    for (int i = 0; i < 4; ++i) std::cout << ' ' << values[i];
    std::cout << '\n';
    std::cout << std::setprecision(4) << "mean = " << mean << ", stddev = " << stddev << '\n';

    double *d_values;
    int *d_bins;
    cudaMalloc(&d_values, n * sizeof(double));
    cudaMalloc(&d_bins, NBINS * sizeof(int));
    cudaMemcpy(d_values, values.data(), n * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemset(d_bins, 0, NBINS * sizeof(int));
    const double lo = -3.0, width = 1.0;
    bin_values<<<(n + 255) / 256, 256>>>(d_values, n, lo, width, d_bins);
    std::vector<int> bins(NBINS);
    cudaMemcpy(bins.data(), d_bins, NBINS * sizeof(int), cudaMemcpyDeviceToHost);

    std::vector<int> ref(NBINS, 0);
    for (double x : values) {
        int b = (int)std::floor((x - lo) / width);
        b = b < 0 ? 0 : (b >= NBINS ? NBINS - 1 : b);
        ref[b]++;
    }
    int total = 0;
    for (int b = 0; b < NBINS; ++b) {
        total += bins[b];
        std::string bar(bins[b] / 100, '*');
        std::cout << std::setw(3) << (int)(lo + b * width) << " | " << std::setw(5) << bins[b] << ' ' << bar << '\n';
    }
    std::cout << "total " << total << '\n';
    std::cout << (bins == ref ? "PASS" : "FAIL") << std::endl;
    cudaFree(d_values);
    cudaFree(d_bins);
    return 0;
}
