// An iterative program: STEPS steps of a 2D heat-diffusion (5-point Jacobi) stencil on an N x N
// grid, one launch per step, the two grids swapped between steps, then one cudaDeviceSynchronize;
// timed on the host (wall time). The grid is small, so a step costs mostly its launch: webcu's
// launch path against the hand-written WebGPU twin in run.mjs (the same WGSL arithmetic).
// Prints the grid's sum (double, on the host) and its centre, which run.mjs compares with the twin's.
// Args: N STEPS ROUNDS (the state evolves through all rounds: 20 warm-up steps + ROUNDS * STEPS)
#include "common.h"

__global__ void heat_init(float* a, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= n || y >= n) return;
  int dx = x - n / 2, dy = y - n / 2;
  a[y * n + x] = dx * dx + dy * dy < (n / 8) * (n / 8) ? 100.0f : 0.0f;
}

__global__ void heat_step(const float* in, float* out, int n, float k) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= n || y >= n) return;
  int i = y * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
    out[i] = in[i];
    return;
  }
  float lap = in[i - 1] + in[i + 1] + in[i - n] + in[i + n] - 4.0f * in[i];
  out[i] = in[i] + k * lap;
}

static double median(double* v, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) { double t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
  return v[n / 2];
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 256;
  int steps = argc > 2 ? atoi(argv[2]) : 1000;
  int rounds = argc > 3 ? atoi(argv[3]) : 5;
  if (rounds > 32) rounds = 32;
  float *a, *b;
  CK(cudaMalloc(&a, sizeof(float) * n * n));
  CK(cudaMalloc(&b, sizeof(float) * n * n));
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  heat_init<<<grid, block>>>(a, n);
  const float k = 0.2f;
  for (int s = 0; s < 20; s++) {  // warm-up: pipelines, bind groups
    heat_step<<<grid, block>>>(a, b, n, k);
    float* t = a; a = b; b = t;
  }
  CK(cudaDeviceSynchronize());
  double wall[32], enqueue[32];  // enqueue: until the loop's last launch returned, before the wait
  for (int r = 0; r < rounds; r++) {
    double t0 = now_ms();
    for (int s = 0; s < steps; s++) {
      heat_step<<<grid, block>>>(a, b, n, k);
      float* t = a; a = b; b = t;
    }
    enqueue[r] = now_ms() - t0;
    CK(cudaDeviceSynchronize());
    wall[r] = now_ms() - t0;
  }
  float* h = (float*)malloc(sizeof(float) * n * n);
  CK(cudaMemcpy(h, a, sizeof(float) * n * n, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n * n; i++) sum += h[i];
  printf("heat: n=%d, %d steps: sum %.6e, centre %.6e\n", n, 20 + rounds * steps, sum, (double)h[(n / 2) * n + n / 2]);
  double order[32];  // the rounds in the order they ran: median() sorts wall
  for (int r = 0; r < rounds; r++) order[r] = wall[r];
  printf("BENCH heat n=%d steps=%d wall_ms=%.3f enqueue_ms=%.3f sum=%.9e centre=%.9e rounds=", n, steps,
         median(wall, rounds), median(enqueue, rounds), sum, (double)h[(n / 2) * n + n / 2]);
  for (int r = 0; r < rounds; r++) printf(r ? ",%.3f" : "%.3f", order[r]);
  printf("\n");
  free(h);
  CK(cudaFree(a));
  CK(cudaFree(b));
  return 0;
}
