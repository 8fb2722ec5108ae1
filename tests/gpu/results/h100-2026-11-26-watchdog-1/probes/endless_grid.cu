// A kernel that never ends, 16M threads: the launch's budget (2^14 invocations' worth) stops it.
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
    spin<<<65536, 256>>>(flag);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    return 0;
}
