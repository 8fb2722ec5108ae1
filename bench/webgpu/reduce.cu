// Tree reduction, block 256, two loads per thread, passes until one value
// (bench-kit bench_cuda.cu `reduce256`). Args: n reps warm_ms
#include "common.h"

__global__ void reduce256(const float* __restrict__ src, float* __restrict__ dst, unsigned n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * 512u + tid;
  float s = 0.f;
  if (i < n) s = src[i];
  if (i + 256u < n) s += src[i + 256u];
  sdata[tid] = s;
  __syncthreads();
  for (unsigned k = 128; k > 0; k >>= 1) {
    if (tid < k) sdata[tid] += sdata[tid + k];
    __syncthreads();
  }
  if (tid == 0) dst[blockIdx.x] = sdata[0];
}

__global__ void fill_mod4(float* p, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = (float)(i & 3u);
}

int main(int argc, char** argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 64u * 1024 * 1024;
  int reps = argc > 2 ? atoi(argv[2]) : 20;
  double warm = argc > 3 ? atof(argv[3]) : 300;
  // x[i] = i % 4 (made on the GPU), so the sum is known without a host loop over n; every partial
  // sum is an integer that a float holds exactly
  double ref = 6.0 * (n / 4) + (n % 4) * (n % 4 - 1) / 2;
  // stages: n -> ceil(n/512) -> ... -> 1; bufs[s] is stage s's input
  unsigned sizes[8], blocks[8];
  float* bufs[9];
  int stages = 0;
  CK(cudaMalloc(&bufs[0], (size_t)n * 4));
  fill_mod4<<<(n + 255) / 256, 256>>>(bufs[0], n);
  for (unsigned m = n;;) {
    unsigned b = (m + 511) / 512;
    sizes[stages] = m; blocks[stages] = b;
    CK(cudaMalloc(&bufs[stages + 1], (size_t)(b < 4 ? 4 : b) * 4));
    stages++;
    if (b == 1) break;
    m = b;
  }
  for (int s = 0; s < stages; s++) reduce256<<<blocks[s], 256>>>(bufs[s], bufs[s + 1], sizes[s]);
  CK(cudaGetLastError());
  float got;
  CK(cudaMemcpy(&got, bufs[stages], 4, cudaMemcpyDeviceToHost));
  bool ok = fabs(got - ref) <= 1e-6 * ref;
  printf("reduce n=%u: %s (got %.0f, expected %.0f, %d passes)\n", n, ok ? "PASS" : "FAIL", got, ref, stages);
  double t0 = now_ms();
  do {
    for (int s = 0; s < stages; s++) reduce256<<<blocks[s], 256>>>(bufs[s], bufs[s + 1], sizes[s]);
    CK(cudaDeviceSynchronize());
  } while (now_ms() - t0 < warm);
  for (int k = 0; k < reps; k++)
    for (int s = 0; s < stages; s++) reduce256<<<blocks[s], 256>>>(bufs[s], bufs[s + 1], sizes[s]);
  CK(cudaDeviceSynchronize());
  printf("BENCH reduce kernels=reduce256 launches_per_rep=%d reps=%d correct=%d\n", stages, reps, ok);
  for (int s = 0; s <= stages; s++) CK(cudaFree(bufs[s]));
  return ok ? 0 : 1;
}
