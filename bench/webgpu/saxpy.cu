// SAXPY y = a*x + y (bench-kit bench_cuda.cu `saxpy`). Args: n reps warm_ms
#include "common.h"

__global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (unsigned)n) y[i] = a * x[i] + y[i];
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64 * 1024 * 1024;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  double warm = argc > 3 ? atof(argv[3]) : 300;
  float* x = (float*)malloc((size_t)n * 4);
  float* y = (float*)malloc((size_t)n * 4);
  float* r = (float*)malloc((size_t)n * 4);
  lcg_state = 1; for (int i = 0; i < n; i++) x[i] = (lcg() >> 8) / 16777216.0f - 0.5f;
  lcg_state = 2; for (int i = 0; i < n; i++) y[i] = (lcg() >> 8) / 16777216.0f - 0.5f;
  float *dx, *dy;
  CK(cudaMalloc(&dx, (size_t)n * 4)); CK(cudaMalloc(&dy, (size_t)n * 4));
  CK(cudaMemcpy(dx, x, (size_t)n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, y, (size_t)n * 4, cudaMemcpyHostToDevice));
  const float a = 2.5f;
  unsigned blocks = (n + 255) / 256;
  saxpy<<<blocks, 256>>>(n, a, dx, dy);
  CK(cudaGetLastError());
  CK(cudaMemcpy(r, dy, (size_t)n * 4, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) { float e = a * x[i] + y[i]; if (fabsf(r[i] - e) > 1e-5f * (1 + fabsf(e))) bad++; }
  printf("saxpy n=%d: %s (%d mismatches)\n", n, bad == 0 ? "PASS" : "FAIL", bad);
  double t0 = now_ms();
  do { saxpy<<<blocks, 256>>>(n, a, dx, dy); CK(cudaDeviceSynchronize()); } while (now_ms() - t0 < warm);
  for (int k = 0; k < reps; k++) saxpy<<<blocks, 256>>>(n, a, dx, dy);
  CK(cudaDeviceSynchronize());
  printf("BENCH saxpy kernels=saxpy launches_per_rep=1 reps=%d correct=%d\n", reps, bad == 0);
  CK(cudaFree(dx)); CK(cudaFree(dy));
  free(x); free(y); free(r);
  return bad == 0 ? 0 : 1;
}
