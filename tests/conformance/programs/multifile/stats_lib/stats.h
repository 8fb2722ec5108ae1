// Interface of the statistics program: C statistics (stats.c), GPU moments (gpu.cu), C++ driver (main.cpp).
#ifndef STATS_H
#define STATS_H

#ifdef __cplusplus
extern "C" {
#endif
/* stats.c */
double mean_of(const int *v, int n);
int median_of(int *v, int n);
int mode_of(const int *v, int n, int max_value);
#ifdef __cplusplus
}
#endif

// gpu.cu: sums of v, v^2 and v^3 over the array, computed on the GPU.
void gpu_moments(const int *v, int n, long long sums[3]);

#endif
