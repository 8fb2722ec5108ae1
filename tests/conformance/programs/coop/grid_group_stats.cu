// Cooperative groups beyond the warp: a dynamic tiled_partition(block, 4) (thread_group), coalesced
// groups from coalesced_threads() inside a branch, and the group's thread_rank/size/sync, used for
// counting and compaction.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void compact_positive(const int *in, int *out, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        if (v > 0) {
            cg::coalesced_group active = cg::coalesced_threads();
            int base = 0;
            if (active.thread_rank() == 0) base = atomicAdd(count, active.size());
            base = active.shfl(base, 0);
            out[base + active.thread_rank()] = v;
        }
    }
}

__global__ void quad_max(const int *in, int *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_group quad = cg::tiled_partition(block, 4);
    __shared__ int vals[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    vals[block.thread_rank()] = i < n ? in[i] : -1000000;
    quad.sync();
    if (quad.thread_rank() == 0) {
        int m = vals[block.thread_rank()];
        for (unsigned int k = 1; k < quad.size(); k++) m = max(m, vals[block.thread_rank() + k]);
        out[i / 4] = m;
    }
}

int main()
{
    const int n = 2048;
    int h[n];
    int positives = 0;
    long long possum = 0;
    for (int i = 0; i < n; i++) {
        h[i] = ((i * 31) % 23) - 11;
        if (h[i] > 0) {
            positives++;
            possum += h[i];
        }
    }
    int *d_in, *d_out, *d_count, *d_quads;
    cudaMalloc(&d_in, sizeof(h));
    cudaMalloc(&d_out, sizeof(h));
    cudaMalloc(&d_count, sizeof(int));
    cudaMalloc(&d_quads, (n / 4) * sizeof(int));
    cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemset(d_count, 0, sizeof(int));
    compact_positive<<<n / 128, 128>>>(d_in, d_out, d_count, n);
    quad_max<<<n / 128, 128>>>(d_in, d_quads, n);
    int count, out[n], quads[n / 4];
    cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
    cudaMemcpy(quads, d_quads, sizeof(quads), cudaMemcpyDeviceToHost);
    // the order of compaction depends on scheduling: compare sums and a histogram, not positions
    long long sum = 0;
    int hist[12] = {0}, ref_hist[12] = {0};
    for (int i = 0; i < count; i++) {
        sum += out[i];
        if (out[i] > 0 && out[i] < 12) hist[out[i]]++;
    }
    for (int i = 0; i < n; i++)
        if (h[i] > 0) ref_hist[h[i]]++;
    bool hist_ok = true;
    for (int k = 0; k < 12; k++) hist_ok = hist_ok && hist[k] == ref_hist[k];
    int quad_bad = 0;
    for (int q = 0; q < n / 4; q++) {
        int m = h[4 * q];
        for (int k = 1; k < 4; k++) m = h[4 * q + k] > m ? h[4 * q + k] : m;
        if (m != quads[q]) quad_bad++;
    }
    printf("positives: %d (expected %d), sum %lld (expected %lld)\n", count, positives, sum, possum);
    printf("value histogram:");
    for (int k = 1; k < 12; k++) printf(" %d", hist[k]);
    printf("\nquad maxima:");
    for (int q = 0; q < 12; q++) printf(" %d", quads[q]);
    printf("\nquad mismatches: %d\n", quad_bad);
    bool ok = count == positives && sum == possum && hist_ok && quad_bad == 0;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return 0;
}
