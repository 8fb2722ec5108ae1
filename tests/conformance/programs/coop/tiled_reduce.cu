// Block and warp reductions with cooperative groups: this_thread_block(), tiled_partition<32>,
// a shfl_down loop over the tile, and the same sum through cg::reduce with cg::plus.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int reduce_sum_shfl(cg::thread_block_tile<32> g, int val)
{
    for (int i = g.size() / 2; i > 0; i /= 2) {
        val += g.shfl_down(val, i);
    }
    return val;
}

__global__ void sum_kernel_shfl(const int *in, int n, int *total)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum += in[i];
    sum = reduce_sum_shfl(warp, sum);
    if (warp.thread_rank() == 0) atomicAdd(total, sum);
}

__global__ void sum_kernel_cg(const int *in, int n, int *total, int *per_block)
{
    __shared__ int warp_sums[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int sum = 0;
    for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n; i += block.size() * gridDim.x)
        sum += in[i];
    int warp_sum = cg::reduce(warp, sum, cg::plus<int>());
    if (warp.thread_rank() == 0) warp_sums[warp.meta_group_rank()] = warp_sum;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        int v = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0;
        int block_sum = cg::reduce(warp, v, cg::plus<int>());
        if (warp.thread_rank() == 0) {
            per_block[blockIdx.x] = block_sum;
            atomicAdd(total, block_sum);
        }
    }
}

int main()
{
    const int n = 1 << 20;
    const int blocks = 40, threads = 256;
    int *h = new int[n];
    long long ref = 0;
    for (int i = 0; i < n; i++) {
        h[i] = (i % 17) - 8 + (i % 1000 == 0 ? 1000 : 0);
        ref += h[i];
    }
    int *d_in, *d_total, *d_blocks;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_total, 2 * sizeof(int));
    cudaMalloc(&d_blocks, blocks * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_total, 0, 2 * sizeof(int));
    sum_kernel_shfl<<<blocks, threads>>>(d_in, n, d_total);
    sum_kernel_cg<<<blocks, threads>>>(d_in, n, d_total + 1, d_blocks);
    int totals[2], per_block[blocks];
    cudaMemcpy(totals, d_total, sizeof(totals), cudaMemcpyDeviceToHost);
    cudaMemcpy(per_block, d_blocks, sizeof(per_block), cudaMemcpyDeviceToHost);
    printf("reference sum: %lld\n", ref);
    printf("shfl_down sum: %d\n", totals[0]);
    printf("cg::reduce sum: %d\n", totals[1]);
    printf("first block sums: %d %d %d %d\n", per_block[0], per_block[1], per_block[2], per_block[3]);
    long long check = 0;
    for (int b = 0; b < blocks; b++) check += per_block[b];
    bool ok = totals[0] == ref && totals[1] == ref && check == ref;
    printf("%s\n", ok ? "PASS" : "FAIL");
    delete[] h;
    cudaFree(d_in);
    cudaFree(d_total);
    cudaFree(d_blocks);
    return ok ? 0 : 1;
}
