// Shared declarations of the n-body program: the body type and the entry points of kernels.cu.
#ifndef NBODY_H
#define NBODY_H

struct Body {
    long long x, y;    // position in fixed point (1/1024 units)
    long long vx, vy;  // velocity in the same units per step
    int mass;
};

const int BLOCK = 128;

// Runs `steps` integration steps of all bodies on the GPU (kernels.cu).
void simulate_on_gpu(Body *bodies, int n, int steps);
// The same steps on the CPU (main.cu), for checking.
void simulate_on_cpu(Body *bodies, int n, int steps);
// The force of body j on body i, shared by both sides.
__host__ __device__ void pair_accel(const Body &bi, const Body &bj, long long &ax, long long &ay);

#endif
