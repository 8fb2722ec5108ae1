// Shared by the webcu side of the WebGPU benchmarks (bench/webgpu/run.mjs runs them).
// The runner times each launch with GPU timestamps and keeps the last `reps` repetitions of
// each kernel, so a program warms up first (by time: an idle GPU lowers its clock), then runs
// its timed repetitions, then says how to group the launches with a BENCH line.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cmath>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

static unsigned lcg_state;
static inline unsigned lcg() { lcg_state = lcg_state * 1664525u + 1013904223u; return lcg_state; }

// Input data is made on the GPU from a hash of the index (the VM runs host loops far slower than
// native code: filling 64M floats on the host would take minutes), and checked on the host at
// sampled indices from the same function. Exact on both sides: integer ops, then a float with
// 24 significant bits scaled by a power of two.
__host__ __device__ inline unsigned mix(unsigned x) {
  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
  return x;
}
// A value in [lo, lo + span): span a power of two.
__host__ __device__ inline float hashf(unsigned i, unsigned seed, float lo, float span) {
  return (mix(i * 0x9e3779b9u + seed) >> 8) / 16777216.0f * span + lo;
}
__global__ void fill_hash(float* p, unsigned n, unsigned seed, float lo, float span) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = hashf(i, seed, lo, span);
}
// out[s] = p[sample_index(s)] for s < samples: what the host checks, in one small copy.
__host__ __device__ inline unsigned sample_index(unsigned s, unsigned samples, unsigned n) {
  return (unsigned)((unsigned long long)(n - 1) * s / (samples - 1));
}
__global__ void gather_samples(const float* p, float* out, unsigned samples, unsigned n) {
  unsigned s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < samples) out[s] = p[sample_index(s, samples, n)];
}
static void fill(float* p, unsigned n, unsigned seed, float lo, float span) {
  fill_hash<<<(n + 255) / 256, 256>>>(p, n, seed, lo, span);
}

static double now_ms() { return clock() * 1000.0 / CLOCKS_PER_SEC; }
