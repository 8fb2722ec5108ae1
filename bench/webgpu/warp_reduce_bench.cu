// The block reduction tutorials teach (NVIDIA's "Faster Parallel Reductions on Kepler"): a
// __shfl_down_sync tree per warp, the warp sums through shared memory, then the first warp
// reduces them under `if (wid == 0)`. For timing webcu's two ways of running warp functions on
// WebGPU: subgroup operations (adapters with 32-lane subgroups; the second stage is warp-uniform)
// and the workgroup-memory emulation. A float sum of 64M elements, two ways:
//   blockSums: grid-stride loop, one block reduction per block (1024 blocks), then finalSum;
//   tileSums:  one element per thread, one block reduction per 256 elements, then finalSum over
//              the 262144 block sums.
// The elements are small integers of mean ~0 (-127..127), so every partial sum stays far below
// 2^24 and is exact in float: both results must equal plainSum's (integer atomics, no warp
// functions): PASS or FAIL.
#include <cstdio>
#include <cstdlib>

__device__ float valueAt(unsigned i)
{
    i ^= i >> 16;
    i *= 0x7feb352du;
    i ^= i >> 15;
    return (float)((int)(i % 255u) - 127);
}

__inline__ __device__ float warpReduceSum(float val)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__inline__ __device__ float blockReduceSum(float val)
{
    static __shared__ float shared[32];
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    if (wid == 0) val = warpReduceSum(val);
    return val;
}

__global__ void fill(float *x, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        x[i] = valueAt(i);
}

__global__ void blockSums(const float *in, float *out, int n)
{
    float sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void tileSums(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = i < n ? in[i] : 0;
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// the second pass: one block of 1024 threads over the block sums
__global__ void finalSum(const float *in, float *out, int n)
{
    float sum = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) out[0] = sum;
}

// the reference: integer atomics, no warp functions
__global__ void plainSum(const float *x, int n, int *total)
{
    int s = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        s += (int)x[i];
    atomicAdd(total, s);
}

int main(int argc, char **argv)
{
    // the element count (a smaller one for the CPU emulator): argv[1], else 64M
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 26, threads = 256, blocks = 1024, tiles = (n + threads - 1) / threads, reps = 5;
    float *x, *partial, *tilePartial, *sum1, *sum2;
    int *ref;
    cudaMalloc(&x, (size_t)n * sizeof(float));
    cudaMalloc(&partial, blocks * sizeof(float));
    cudaMalloc(&tilePartial, tiles * sizeof(float));
    cudaMalloc(&sum1, sizeof(float));
    cudaMalloc(&sum2, sizeof(float));
    cudaMalloc(&ref, sizeof(int));
    cudaMemset(ref, 0, sizeof(int));
    fill<<<blocks, threads>>>(x, n);
    plainSum<<<blocks, threads>>>(x, n, ref);
    for (int k = 0; k < reps; ++k) {
        cudaMemset(sum1, 0, sizeof(float));
        cudaMemset(sum2, 0, sizeof(float));
        blockSums<<<blocks, threads>>>(x, partial, n);
        finalSum<<<1, 1024>>>(partial, sum1, blocks);
        tileSums<<<tiles, threads>>>(x, tilePartial, n);
        finalSum<<<1, 1024>>>(tilePartial, sum2, tiles);
    }
    float h1, h2;
    int h;
    cudaMemcpy(&h1, sum1, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h2, sum2, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h, ref, sizeof(int), cudaMemcpyDeviceToHost);
    printf("blockSums %.1f (plain %d) %s\n", h1, h, h1 == (float)h ? "PASS" : "FAIL");
    printf("tileSums %.1f (plain %d) %s\n", h2, h, h2 == (float)h ? "PASS" : "FAIL");
    cudaFree(x);
    cudaFree(partial);
    cudaFree(tilePartial);
    cudaFree(sum1);
    cudaFree(sum2);
    cudaFree(ref);
    return 0;
}
