// A kernel that never ends, one thread: how long until the per-invocation budget stops it.
#include <cstdio>
__global__ void spin(volatile int *flag)
{
    while (*flag == 0) {
    }
}
int main()
{
    int *flag;
    cudaMalloc(&flag, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    spin<<<1, 1>>>(flag);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    return 0;
}
