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
  float *dx, *dy;
  CK(cudaMalloc(&dx, (size_t)n * 4)); CK(cudaMalloc(&dy, (size_t)n * 4));
  fill(dx, n, 1, -0.5f, 1.0f);
  fill(dy, n, 2, -0.5f, 1.0f);
  const float a = 2.5f;
  unsigned blocks = (n + 255) / 256;
  saxpy<<<blocks, 256>>>(n, a, dx, dy);
  CK(cudaGetLastError());
  // check 4096 evenly spread elements, the first and last included
  const unsigned samples = 4096;
  float* dr;
  float r[4096];
  CK(cudaMalloc(&dr, samples * 4));
  gather_samples<<<samples / 256, 256>>>(dy, dr, samples, n);
  CK(cudaMemcpy(r, dr, samples * 4, cudaMemcpyDeviceToHost));
  CK(cudaFree(dr));
  int bad = 0;
  for (unsigned s = 0; s < samples; s++) {
    unsigned i = sample_index(s, samples, n);
    float e = a * hashf(i, 1, -0.5f, 1.0f) + hashf(i, 2, -0.5f, 1.0f);
    if (fabsf(r[s] - e) > 1e-5f * (1 + fabsf(e))) bad++;
  }
  printf("saxpy n=%d: %s (%d of %d sampled elements wrong)\n", n, bad == 0 ? "PASS" : "FAIL", bad, samples);
  double t0 = now_ms();
  do { saxpy<<<blocks, 256>>>(n, a, dx, dy); CK(cudaDeviceSynchronize()); } while (now_ms() - t0 < warm);
  for (int k = 0; k < reps; k++) saxpy<<<blocks, 256>>>(n, a, dx, dy);
  CK(cudaDeviceSynchronize());
  printf("BENCH saxpy kernels=saxpy launches_per_rep=1 reps=%d correct=%d\n", reps, bad == 0);
  CK(cudaFree(dx)); CK(cudaFree(dy));
  return bad == 0 ? 0 : 1;
}
