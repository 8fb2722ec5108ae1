// Lesson 6: reduction with warp shuffles.
//
// The threads of a block run in groups of 32 called warps. Inside a warp, __shfl_down_sync lets a
// thread read a register of another thread directly, with no shared memory and no
// __syncthreads(). Five shuffle steps (offsets 16, 8, 4, 2, 1) sum the 32 values of a warp into
// lane 0. A block then needs shared memory only for one value per warp, and its first warp sums
// those the same way. Finally one atomicAdd per block adds the block's sum to the total.
#include <cstdio>
#include <vector>

__inline__ __device__ int warpSum(int v)
{
    // 0xffffffff: all 32 lanes take part in every step
    for (int offset = 16; offset > 0; offset /= 2) {
        v += __shfl_down_sync(0xffffffff, v, offset);
    }
    return v;   // complete in lane 0; the other lanes hold partial sums
}

__global__ void sumShuffle(const int *in, int *total, int n)
{
    __shared__ int perWarp[32];            // at most 1024 threads = 32 warps
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;

    int v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        v += in[i];
    }

    v = warpSum(v);                         // step 1: each warp sums its 32 values
    if (lane == 0) perWarp[warp] = v;
    __syncthreads();

    if (warp == 0) {                        // step 2: the first warp sums the warps' results
        int warps = blockDim.x / 32;
        v = lane < warps ? perWarp[lane] : 0;
        v = warpSum(v);
        if (lane == 0) atomicAdd(total, v); // step 3: one atomic per block
    }
}

int main()
{
    const int n = 1 << 17;
    std::vector<int> data(n);
    long long expected = 0;
    for (int i = 0; i < n; ++i) {
        data[i] = (i % 13) - 6 + (i % 5 == 0);
        expected += data[i];
    }

    int *dIn, *dTotal;
    cudaMalloc(&dIn, n * sizeof(int));
    cudaMalloc(&dTotal, sizeof(int));
    cudaMemcpy(dIn, data.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dTotal, 0, sizeof(int));    // atomicAdd adds to what is there: start from 0

    sumShuffle<<<64, 256>>>(dIn, dTotal, n);

    int total = 0;
    cudaMemcpy(&total, dTotal, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%d elements: GPU sum = %d, CPU sum = %lld\n", n, total, expected);
    printf("%s\n", total == expected ? "PASS" : "FAIL");

    cudaFree(dIn);
    cudaFree(dTotal);
    return 0;
}
