// Warp-heavy kernels for timing webcu's two ways of running warp functions on WebGPU: WGSL
// subgroup operations (adapters with 32-lane subgroups) and the workgroup-memory emulation.
// Each warp kernel is checked against a kernel that computes the same thing without warp
// functions (plain atomics), so a wrong warp result prints FAIL.
#include <cstdio>

__device__ int valueAt(unsigned i)
{
    i ^= i >> 16;
    i *= 0x7feb352du;
    i ^= i >> 15;
    return (int)(i & 1023u) - 512;
}

// a grid-stride sum, then a shuffle-down tree per warp and one atomic per warp
__global__ void warpSum(int n, unsigned *total)
{
    int sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        sum += valueAt(i);
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, (unsigned)sum);
}

// the same count of positive values by ballots
__global__ void warpCount(int n, unsigned *count)
{
    unsigned c = 0;
    int stride = gridDim.x * blockDim.x;
    for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
        int i = base + threadIdx.x;
        unsigned votes = __ballot_sync(0xffffffffu, i < n && valueAt(i) > 0);
        c += __popc(votes);
    }
    if ((threadIdx.x & 31) == 0) atomicAdd(count, c);
}

// shuffle-bound: every round mixes in a butterfly partner's value
__global__ void shuffleRounds(int rounds, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = (unsigned)valueAt(i);
    for (int r = 0; r < rounds; ++r)
        v = v * 0x9e3779b1u + (__shfl_xor_sync(0xffffffffu, v, (r & 15) + 1) ^ (v >> 7));
    int s = (int)v;
    s = __reduce_add_sync(0xffffffffu, s);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, (unsigned)s);
}

// references: no warp functions
__global__ void plainSum(int n, unsigned *total, unsigned *count)
{
    unsigned sum = 0, c = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int v = valueAt(i);
        sum += (unsigned)v;
        c += v > 0;
    }
    atomicAdd(total, sum);
    atomicAdd(count, c);
}

__global__ void plainRounds(int rounds, unsigned *out)
{
    __shared__ unsigned vals[256];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = (unsigned)valueAt(i);
    for (int r = 0; r < rounds; ++r) {
        vals[threadIdx.x] = v;
        __syncthreads();
        unsigned other = vals[threadIdx.x ^ ((r & 15) + 1)];
        __syncthreads();
        v = v * 0x9e3779b1u + (other ^ (v >> 7));
    }
    atomicAdd(out, v);
}

int main()
{
    const int n = 1 << 24, blocks = 1024, threads = 256, rounds = 256, reps = 5;
    // one allocation per counter: WebGPU binds each pointer argument as a buffer of its own
    unsigned *d[6];
    for (int k = 0; k < 6; ++k) {
        cudaMalloc(&d[k], sizeof(unsigned));
        cudaMemset(d[k], 0, sizeof(unsigned));
    }
    plainSum<<<blocks, threads>>>(n, d[0], d[1]);
    plainRounds<<<blocks * 4, threads>>>(rounds, d[2]);
    for (int k = 0; k < reps; ++k) {
        for (int j = 3; j < 6; ++j) cudaMemset(d[j], 0, sizeof(unsigned));
        warpSum<<<blocks, threads>>>(n, d[3]);
        warpCount<<<blocks, threads>>>(n, d[4]);
        shuffleRounds<<<blocks * 4, threads>>>(rounds, d[5]);
    }
    unsigned h[6];
    for (int k = 0; k < 6; ++k) cudaMemcpy(&h[k], d[k], sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("sum %d (plain %d) %s\n", (int)h[3], (int)h[0], h[3] == h[0] ? "PASS" : "FAIL");
    printf("positive %u (plain %u) %s\n", h[4], h[1], h[4] == h[1] ? "PASS" : "FAIL");
    printf("rounds %u (plain %u) %s\n", h[5], h[2], h[5] == h[2] ? "PASS" : "FAIL");
    for (int k = 0; k < 6; ++k) cudaFree(d[k]);
    return 0;
}
