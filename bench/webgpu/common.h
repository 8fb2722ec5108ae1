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

static double now_ms() { return clock() * 1000.0 / CLOCKS_PER_SEC; }
