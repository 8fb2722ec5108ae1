// A kernel that never ends in a loop that holds barriers: the block-uniform budget stops it.
#include <cstdio>
__global__ void forever(int *out)
{
    __shared__ int s[256];
    s[threadIdx.x] = threadIdx.x;
    for (int i = 0; ; i++) {
        __syncthreads();
        int v = s[(threadIdx.x + 1) % 256];
        __syncthreads();
        s[threadIdx.x] = v + (i & 1);
    }
    out[threadIdx.x] = s[threadIdx.x];
}
int main()
{
    int *out;
    cudaMalloc(&out, 256 * sizeof(int));
    forever<<<4, 256>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    return 0;
}
