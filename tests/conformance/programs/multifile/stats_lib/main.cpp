// Host-only C++ driver: makes the data, calls the C statistics and the GPU moments, prints a report.
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <vector>
#include "stats.h"

int main(int argc, char **argv)
{
    int n = 50000;
    if (argc > 1) n = std::atoi(argv[1]);
    std::vector<int> data(n);
    unsigned int s = 31337;
    for (int i = 0; i < n; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        // a triangular-ish distribution on 0..200
        data[i] = (int)(s % 101) + (int)((s >> 8) % 101);
    }
    long long sums[3];
    gpu_moments(data.data(), n, sums);
    long long ref[3] = {0, 0, 0};
    for (int x : data) {
        ref[0] += x;
        ref[1] += (long long)x * x;
        ref[2] += (long long)x * x * x;
    }
    double mean = mean_of(data.data(), n);
    double var = (double)sums[1] / n - mean * mean;
    std::printf("n = %d\n", n);
    std::printf("sums: %lld %lld %lld\n", sums[0], sums[1], sums[2]);
    std::printf("mean %.4f, variance %.4f, stddev %.4f\n", mean, var, std::sqrt(var));
    std::printf("mode %d\n", mode_of(data.data(), n, 200));
    std::printf("median %d\n", median_of(data.data(), n));
    bool ok = sums[0] == ref[0] && sums[1] == ref[1] && sums[2] == ref[2];
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
