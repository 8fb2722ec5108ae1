// SGEMM C = A*B, n x n, 16x16 blocks: naive and 16x16 shared-memory tiled
// (bench-kit bench_cuda.cu `sgemm_naive`, `sgemm_tiled16`). Args: n reps warm_ms (n a multiple of 16)
#include "common.h"

__global__ void sgemm_naive(unsigned n, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  unsigned row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float acc = 0.f;
    for (unsigned k = 0; k < n; k++) acc += A[row * n + k] * B[k * n + col];
    C[row * n + col] = acc;
  }
}

__global__ void sgemm_tiled16(unsigned n, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  __shared__ float As[16][16], Bs[16][16];
  unsigned ty = threadIdx.y, tx = threadIdx.x;
  unsigned row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.f;
  for (unsigned t = 0; t < n; t += 16) {
    As[ty][tx] = A[row * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    __syncthreads();
    for (unsigned k = 0; k < 16; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

static void launch(int which, unsigned n, const float* A, const float* B, float* C) {
  dim3 blk(16, 16), grd(n / 16, n / 16);
  if (which == 0) sgemm_naive<<<grd, blk>>>(n, A, B, C);
  else sgemm_tiled16<<<grd, blk>>>(n, A, B, C);
}

int main(int argc, char** argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 2048;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  double warm = argc > 3 ? atof(argv[3]) : 300;
  size_t nn = (size_t)n * n;
  float *dA, *dB, *dC, *dS;
  CK(cudaMalloc(&dA, nn * 4)); CK(cudaMalloc(&dB, nn * 4)); CK(cudaMalloc(&dC, nn * 4));
  CK(cudaMalloc(&dS, 256 * 4));
  fill(dA, nn, 4, -1.0f, 2.0f);
  fill(dB, nn, 5, -1.0f, 2.0f);
  float C[256];
  int allOk = 1;
  for (int which = 0; which < 2; which++) {
    const char* name = which == 0 ? "sgemm_naive" : "sgemm_tiled16";
    CK(cudaMemset(dC, 0, nn * 4));
    launch(which, n, dA, dB, dC);
    CK(cudaGetLastError());
    // 64 elements spread over C, the first and last included
    gather_samples<<<1, 64>>>(dC, dS, 64, nn);
    CK(cudaMemcpy(C, dS, 64 * 4, cudaMemcpyDeviceToHost));
    double maxErr = 0;
    for (unsigned s = 0; s < 64; s++) {
      unsigned idx = sample_index(s, 64, nn);
      unsigned r = idx / n, c = idx % n;
      double acc = 0;
      for (unsigned k = 0; k < n; k++) acc += (double)hashf(r * n + k, 4, -1.0f, 2.0f) * hashf(k * n + c, 5, -1.0f, 2.0f);
      double d = fabs(acc - C[s]);
      if (d > maxErr) maxErr = d;
    }
    int ok = maxErr < 1e-2;
    allOk &= ok;
    printf("%s n=%u: %s (max abs err %.2e on 64 samples)\n", name, n, ok ? "PASS" : "FAIL", maxErr);
    double t0 = now_ms();
    do { launch(which, n, dA, dB, dC); CK(cudaDeviceSynchronize()); } while (now_ms() - t0 < warm);
    for (int k = 0; k < reps; k++) launch(which, n, dA, dB, dC);
    CK(cudaDeviceSynchronize());
    printf("BENCH %s kernels=%s launches_per_rep=1 reps=%d correct=%d\n", name, name, reps, ok);
  }
  CK(cudaFree(dA)); CK(cudaFree(dB)); CK(cudaFree(dC)); CK(cudaFree(dS));
  return allOk ? 0 : 1;
}
