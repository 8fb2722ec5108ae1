// Why tileSums (bench/webgpu/warp_reduce_bench.cu) was slower on subgroups than emulated on the
// H200: the same one-element-per-thread block reduction over 64M floats with its second stage
// written four ways, each checked against integer atomics (PASS/FAIL):
//   tileSums  the tutorial: `if (wid == 0) val = warpReduceSum(val);` (warp-uniform branch)
//   tileFlat  every warp runs the second stage (block-uniform: no branch around the shuffles)
//   tileOne   thread 0 adds the 8 warp sums (no warp function in the second stage)
//   tilePlain a shared-memory tree, no warp functions at all
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

__global__ void fill(float *x, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        x[i] = valueAt(i);
}

__global__ void tileSums(const float *in, float *out, int n)
{
    __shared__ float shared[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float val = i < n ? in[i] : 0;
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    if (wid == 0) val = warpReduceSum(val);
    if (threadIdx.x == 0) out[blockIdx.x] = val;
}

__global__ void tileFlat(const float *in, float *out, int n)
{
    __shared__ float shared[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float val = i < n ? in[i] : 0;
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    val = lane < blockDim.x / warpSize ? shared[lane] : 0;
    val = warpReduceSum(val);
    if (threadIdx.x == 0) out[blockIdx.x] = val;
}

__global__ void tileOne(const float *in, float *out, int n)
{
    __shared__ float shared[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float val = i < n ? in[i] : 0;
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (int w = 0; w < blockDim.x / warpSize; ++w) s += shared[w];
        out[blockIdx.x] = s;
    }
}

__global__ void tilePlain(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

__global__ void plainSum(const float *x, int n, int *total)
{
    int s = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        s += (int)x[i];
    atomicAdd(total, s);
}

// the block sums added up by integer atomics: each variant's sum, exactly
__global__ void total(const float *partial, int tiles, int *sum)
{
    int s = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < tiles; i += blockDim.x * gridDim.x)
        s += (int)partial[i];
    atomicAdd(sum, s);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 26, threads = 256, tiles = (n + threads - 1) / threads, reps = 5;
    const char *names[4] = {"tileSums", "tileFlat", "tileOne", "tilePlain"};
    float *x, *partial[4];
    int *sums;
    cudaMalloc(&x, (size_t)n * sizeof(float));
    for (int v = 0; v < 4; ++v) cudaMalloc(&partial[v], tiles * sizeof(float));
    cudaMalloc(&sums, 5 * sizeof(int));
    cudaMemset(sums, 0, 5 * sizeof(int));
    fill<<<1024, threads>>>(x, n);
    plainSum<<<1024, threads>>>(x, n, sums + 4);
    for (int k = 0; k < reps; ++k) {
        tileSums<<<tiles, threads>>>(x, partial[0], n);
        tileFlat<<<tiles, threads>>>(x, partial[1], n);
        tileOne<<<tiles, threads>>>(x, partial[2], n);
        tilePlain<<<tiles, threads>>>(x, partial[3], n);
    }
    for (int v = 0; v < 4; ++v) total<<<256, threads>>>(partial[v], tiles, sums + v);
    int h[5];
    cudaMemcpy(h, sums, sizeof(h), cudaMemcpyDeviceToHost);
    for (int v = 0; v < 4; ++v) printf("%s %d (plain %d) %s\n", names[v], h[v], h[4], h[v] == h[4] ? "PASS" : "FAIL");
    return 0;
}
