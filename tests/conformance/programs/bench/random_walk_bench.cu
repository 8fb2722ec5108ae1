// Benchmark-style Monte Carlo of bounded random walks: host arrays sized by a constant
// (double R1[max_steps]), a per-thread LCG on the device, integer accumulation for exact
// results, and a wall-clock timer from gettimeofday.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <sys/time.h>

#ifndef WALKERS
#define WALKERS 4096
#endif

const int max_steps = 64;

static double wall_time()
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

__device__ __host__ unsigned int lcg(unsigned int &s)
{
    s = s * 1664525u + 1013904223u;
    return s;
}

__global__ void walk(int *final_pos, int *max_dist, int steps, unsigned int seed)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= WALKERS) return;
    unsigned int s = seed ^ (id * 2654435761u);
    int pos = 0, far = 0;
    for (int k = 0; k < steps; k++) {
        pos += (lcg(s) >> 31) ? 1 : -1;
        if (pos < -20) pos = -20;
        if (pos > 20) pos = 20;
        far = max(far, abs(pos));
    }
    final_pos[id] = pos;
    max_dist[id] = far;
}

int main()
{
    double R1[max_steps];
    double R2[max_steps];
    int *d_pos, *d_far;
    int *h_pos = (int *)malloc(WALKERS * sizeof(int));
    int *h_far = (int *)malloc(WALKERS * sizeof(int));
    cudaMalloc(&d_pos, WALKERS * sizeof(int));
    cudaMalloc(&d_far, WALKERS * sizeof(int));
    double t0 = wall_time();
    for (int steps = 1; steps <= max_steps; steps++) {
        walk<<<(WALKERS + 255) / 256, 256>>>(d_pos, d_far, steps, 1234u);
        cudaMemcpy(h_pos, d_pos, WALKERS * sizeof(int), cudaMemcpyDeviceToHost);
        cudaMemcpy(h_far, d_far, WALKERS * sizeof(int), cudaMemcpyDeviceToHost);
        long long sq = 0, far = 0;
        for (int i = 0; i < WALKERS; i++) {
            sq += (long long)h_pos[i] * h_pos[i];
            far += h_far[i];
        }
        R1[steps - 1] = (double)sq / WALKERS;
        R2[steps - 1] = (double)far / WALKERS;
    }
    double t1 = wall_time();
    printf("walkers: %d, steps: 1..%d\n", WALKERS, max_steps);
    for (int k = 0; k < max_steps; k += 9) {
        printf("steps %2d: <x^2> = %8.4f  <max|x|> = %7.4f  ratio = %.4f\n", k + 1, R1[k], R2[k], R1[k] / (k + 1));
    }
    // check one walker of the last run on the host
    int mismatch = 0;
    for (int id = 0; id < WALKERS; id += 97) {
        unsigned int s = 1234u ^ (id * 2654435761u);
        int pos = 0, far = 0;
        for (int k = 0; k < max_steps; k++) {
            pos += (lcg(s) >> 31) ? 1 : -1;
            if (pos < -20) pos = -20;
            if (pos > 20) pos = 20;
            far = far > abs(pos) ? far : abs(pos);
        }
        if (pos != h_pos[id] || far != h_far[id]) mismatch++;
    }
    printf("host replay mismatches: %d\n", mismatch);
    printf("elapsed: %.3f s\n", t1 - t0);
    printf("%s\n", mismatch == 0 ? "PASS" : "FAIL");
    cudaFree(d_pos);
    cudaFree(d_far);
    free(h_pos);
    free(h_far);
    return 0;
}
