// Pointer chasing through device memory: the case Vulkan's heap mode and physical pointers differ on
// (docs/spirv.md, "Heap mode" and "Physical pointers"). A kernel links N nodes into one pseudo-random
// cycle (node i -> node (i*1664525 + 1013904223) mod N, a full-period LCG, so the links jump across
// the whole array), a second stores each thread's first node in a pointer table, then T threads each
// follow S links from their node, summing the nodes' values. R timed launches of the chase, timed
// with cudaEvent around them and a synchronization (the wall time per launch, which in heap mode
// includes the copies of every allocation into the heap and back); sampled threads are checked on
// the host by walking the same cycle. Args: log2N T S R
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

struct Node {
  Node* next;
  unsigned value;
  unsigned pad;
};

__host__ __device__ inline unsigned mix(unsigned x) {
  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
  return x;
}

__host__ __device__ inline unsigned successor(unsigned i, unsigned mask) { return (i * 1664525u + 1013904223u) & mask; }

__global__ void link(Node* nodes, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    nodes[i].next = nodes + successor(i, n - 1);
    nodes[i].value = mix(i) & 1023u;
    nodes[i].pad = 0;
  }
}

__global__ void set_starts(Node** starts, Node* nodes, unsigned threads, unsigned stride) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads) starts[t] = nodes + t * stride;
}

__global__ void chase(Node** starts, unsigned* out, unsigned threads, int steps) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  Node* p = starts[t];
  unsigned s = 0;
  for (int k = 0; k < steps; k++) {
    s += p->value;
    p = p->next;
  }
  out[t] = s;
}

int main(int argc, char** argv) {
  int logN = argc > 1 ? atoi(argv[1]) : 20;
  unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 65536u;
  int steps = argc > 3 ? atoi(argv[3]) : 256;
  int reps = argc > 4 ? atoi(argv[4]) : 20;
  unsigned n = 1u << logN;
  unsigned stride = n / threads > 0 ? n / threads : 1u;
  Node* nodes;
  Node** starts;
  unsigned* out;
  CK(cudaMalloc(&nodes, (size_t)n * sizeof(Node)));
  CK(cudaMalloc(&starts, (size_t)threads * sizeof(Node*)));
  CK(cudaMalloc(&out, (size_t)threads * sizeof(unsigned)));
  CK(cudaMemset(out, 0, (size_t)threads * sizeof(unsigned)));
  int block = 256;
  link<<<(n + block - 1) / block, block>>>(nodes, n);
  set_starts<<<(threads + block - 1) / block, block>>>(starts, nodes, threads, stride);
  unsigned grid = (threads + block - 1) / block;
  for (int i = 0; i < 3; i++) chase<<<grid, block>>>(starts, out, threads, steps);  // warm-up: the pipeline
  CK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  CK(cudaEventRecord(start));
  for (int r = 0; r < reps; r++) chase<<<grid, block>>>(starts, out, threads, steps);
  CK(cudaDeviceSynchronize());  // webcu's events take the host's time when recorded: wait for the work first
  CK(cudaEventRecord(stop));
  CK(cudaEventSynchronize(stop));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, start, stop));
  unsigned* got = (unsigned*)malloc((size_t)threads * sizeof(unsigned));
  CK(cudaMemcpy(got, out, (size_t)threads * sizeof(unsigned), cudaMemcpyDeviceToHost));
  int bad = 0;
  const int samples = 16;
  for (int j = 0; j < samples; j++) {
    unsigned t = (unsigned)((unsigned long long)j * (threads - 1) / (samples - 1));
    unsigned i = (t * stride) & (n - 1);
    unsigned s = 0;
    for (int k = 0; k < steps; k++) {
      s += mix(i) & 1023u;
      i = successor(i, n - 1);
    }
    if (got[t] != s) {
      if (bad < 4) printf("thread %u: sum %u, expected %u\n", t, got[t], s);
      bad++;
    }
  }
  int ok = bad == 0;
  printf("pointer_chase: %s (%d of %d sampled threads right)\n", ok ? "PASS" : "FAIL", samples - bad, samples);
  printf("BENCH pointer_chase nodes=%u threads=%u steps=%d reps=%d ms_per_launch=%.4f correct=%d\n", n, threads, steps, reps,
         ms / reps, ok);
  free(got);
  CK(cudaFree(nodes));
  CK(cudaFree(starts));
  CK(cudaFree(out));
  return ok ? 0 : 1;
}
