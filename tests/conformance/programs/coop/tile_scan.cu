// An inclusive scan per warp with thread_block_tile<32>::shfl_up, then warp totals scanned by the
// first warp (meta_group_rank/meta_group_size) to give a block-wide scan; block.sync() between.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

template <int TILE>
__device__ int tile_inclusive_scan(cg::thread_block_tile<TILE> tile, int v)
{
    for (int offset = 1; offset < tile.size(); offset *= 2) {
        int other = tile.shfl_up(v, offset);
        if (tile.thread_rank() >= offset) v += other;
    }
    return v;
}

__global__ void block_scan(const int *in, int *out, int *block_totals)
{
    __shared__ int warp_totals[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = tile_inclusive_scan<32>(warp, in[i]);
    if (warp.thread_rank() == warp.size() - 1) warp_totals[warp.meta_group_rank()] = v;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        int t = warp.thread_rank() < warp.meta_group_size() ? warp_totals[warp.thread_rank()] : 0;
        t = tile_inclusive_scan<32>(warp, t);
        if (warp.thread_rank() < warp.meta_group_size()) warp_totals[warp.thread_rank()] = t;
    }
    block.sync();
    if (warp.meta_group_rank() > 0) v += warp_totals[warp.meta_group_rank() - 1];
    out[i] = v;
    if (block.thread_rank() == block.size() - 1) block_totals[blockIdx.x] = v;
}

__global__ void small_tiles(const int *in, int *out)
{
    auto tile = cg::tiled_partition<8>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tile_inclusive_scan<8>(tile, in[i]);
}

int main()
{
    const int threads = 256, blocks = 12, n = threads * blocks;
    int h[n], out[n], out8[n], totals[blocks];
    for (int i = 0; i < n; i++) h[i] = (i * 13) % 7 - 2;
    int *d_in, *d_out, *d_tot;
    cudaMalloc(&d_in, sizeof(h));
    cudaMalloc(&d_out, sizeof(h));
    cudaMalloc(&d_tot, sizeof(totals));
    cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
    block_scan<<<blocks, threads>>>(d_in, d_out, d_tot);
    cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
    cudaMemcpy(totals, d_tot, sizeof(totals), cudaMemcpyDeviceToHost);
    small_tiles<<<blocks, threads>>>(d_in, d_out);
    cudaMemcpy(out8, d_out, sizeof(out8), cudaMemcpyDeviceToHost);
    int bad = 0, bad8 = 0;
    for (int b = 0; b < blocks; b++) {
        int acc = 0;
        for (int t = 0; t < threads; t++) {
            acc += h[b * threads + t];
            if (out[b * threads + t] != acc) bad++;
        }
    }
    for (int g = 0; g < n / 8; g++) {
        int acc = 0;
        for (int k = 0; k < 8; k++) {
            acc += h[g * 8 + k];
            if (out8[g * 8 + k] != acc) bad8++;
        }
    }
    printf("block totals:");
    for (int b = 0; b < blocks; b++) printf(" %d", totals[b]);
    printf("\nfirst scan values:");
    for (int i = 0; i < 10; i++) printf(" %d", out[i]);
    printf("\nfirst 8-wide scans:");
    for (int i = 0; i < 16; i++) printf(" %d", out8[i]);
    printf("\nmismatches: %d (block), %d (tiles of 8)\n", bad, bad8);
    printf("%s\n", bad == 0 && bad8 == 0 ? "PASS" : "FAIL");
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_tot);
    return 0;
}
