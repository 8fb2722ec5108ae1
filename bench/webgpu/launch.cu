// Launch overhead: L launches of a tiny kernel (b[0]++, one thread), then one cudaDeviceSynchronize,
// timed on the host (wall time: the VM's launch calls, WebGPU encoding and submission, and the
// GPU's work). Also L launches of an empty kernel, and L/10 launches of b[0]++ each followed by its
// own cudaDeviceSynchronize (the round trip a loop pays that waits for every step). Args: L rounds
#include "common.h"

__global__ void inc_kernel(unsigned* b) { b[0] = b[0] + 1u; }
__global__ void empty_kernel() {}

static double median(double* v, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) { double t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
  return v[n / 2];
}

int main(int argc, char** argv) {
  int L = argc > 1 ? atoi(argv[1]) : 1000;
  int rounds = argc > 2 ? atoi(argv[2]) : 5;
  if (rounds > 32) rounds = 32;
  unsigned* db;
  CK(cudaMalloc(&db, 256));
  CK(cudaMemset(db, 0, 256));
  double inc[32], empty[32], trip[32];
  int T = L / 10 > 0 ? L / 10 : 1;
  for (int i = 0; i < 20; i++) { inc_kernel<<<1, 1>>>(db); empty_kernel<<<1, 1>>>(); }  // warm-up: pipelines
  CK(cudaDeviceSynchronize());
  for (int r = 0; r < rounds; r++) {
    double t0 = now_ms();
    for (int i = 0; i < L; i++) inc_kernel<<<1, 1>>>(db);
    CK(cudaDeviceSynchronize());
    inc[r] = now_ms() - t0;
    t0 = now_ms();
    for (int i = 0; i < L; i++) empty_kernel<<<1, 1>>>();
    CK(cudaDeviceSynchronize());
    empty[r] = now_ms() - t0;
    t0 = now_ms();
    for (int i = 0; i < T; i++) {
      inc_kernel<<<1, 1>>>(db);
      CK(cudaDeviceSynchronize());
    }
    trip[r] = (now_ms() - t0) * L / T;  // scaled to L, as the other two
  }
  unsigned got;
  CK(cudaMemcpy(&got, db, 4, cudaMemcpyDeviceToHost));
  unsigned want = 20u + (unsigned)rounds * (unsigned)(L + T);
  int ok = got == want;
  printf("launch: %s (b[0] = %u, expected %u)\n", ok ? "PASS" : "FAIL", got, want);
  printf("BENCH launch n=%d inc_wall_ms=%.3f empty_wall_ms=%.3f sync_each_wall_ms=%.3f correct=%d\n", L, median(inc, rounds),
         median(empty, rounds), median(trip, rounds), ok);
  CK(cudaFree(db));
  return ok ? 0 : 1;
}
