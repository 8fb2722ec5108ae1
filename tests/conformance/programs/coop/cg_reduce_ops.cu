// cg::reduce over tiles of 16 with cg::plus, cg::less and cg::greater (sum, min, max per tile),
// and the tile's vote functions any/all/ballot, compared with the host per tile.
#include <cstdio>
#include <climits>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

struct TileStats {
    int sum, min, max;
    unsigned int ballot;
    int any_neg, all_pos;
};

__global__ void tile_stats(const int *in, TileStats *out, int n)
{
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<16>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int s = cg::reduce(tile, v, cg::plus<int>());
    int mn = cg::reduce(tile, i < n ? v : INT_MAX, cg::less<int>());
    int mx = cg::reduce(tile, i < n ? v : INT_MIN, cg::greater<int>());
    unsigned int b = tile.ballot(v % 3 == 0);
    int any_neg = tile.any(v < 0);
    int all_pos = tile.all(v > 0);
    if (tile.thread_rank() == 0) {
        int t = i / 16;
        out[t].sum = s;
        out[t].min = mn;
        out[t].max = mx;
        out[t].ballot = b;
        out[t].any_neg = any_neg;
        out[t].all_pos = all_pos;
    }
}

int main()
{
    const int n = 1024, tiles = n / 16;
    int h[n];
    for (int i = 0; i < n; i++) h[i] = ((i * 7919) % 201) - (i % 5 == 0 ? 150 : 20);
    int *d_in;
    TileStats *d_out;
    cudaMalloc(&d_in, sizeof(h));
    cudaMalloc(&d_out, tiles * sizeof(TileStats));
    cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
    tile_stats<<<n / 128, 128>>>(d_in, d_out, n);
    TileStats out[tiles];
    cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < tiles; t++) {
        int s = 0, mn = INT_MAX, mx = INT_MIN, any_neg = 0, all_pos = 1;
        unsigned int b = 0;
        for (int k = 0; k < 16; k++) {
            int v = h[t * 16 + k];
            s += v;
            mn = v < mn ? v : mn;
            mx = v > mx ? v : mx;
            if (v % 3 == 0) b |= 1u << k;
            any_neg |= v < 0;
            all_pos &= v > 0;
        }
        if (s != out[t].sum || mn != out[t].min || mx != out[t].max || b != out[t].ballot ||
            any_neg != (out[t].any_neg != 0) || all_pos != (out[t].all_pos != 0))
            bad++;
    }
    for (int t = 0; t < 6; t++) {
        printf("tile %d: sum %5d min %4d max %4d ballot %04x any<0 %d all>0 %d\n", t, out[t].sum, out[t].min,
               out[t].max, out[t].ballot, out[t].any_neg != 0, out[t].all_pos != 0);
    }
    printf("tiles checked: %d, mismatches: %d\n", tiles, bad);
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
