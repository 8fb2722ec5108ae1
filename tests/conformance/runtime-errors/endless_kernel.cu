// RUNTIME ERROR (webcu only): a kernel that never ends, waiting for a flag the host never sets.
// On a GPU that drives a display, CUDA's watchdog stops such a kernel after a few seconds:
// cudaDeviceSynchronize returns cudaErrorLaunchTimeout and the context is unusable afterwards. A
// compute GPU lets it run forever (the native run is killed by run_native.sh's timeout). webcu's
// watchdog (docs/watchdog.md) must stop it, name the kernel and the loop's line, and make the
// error sticky, on every backend.
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
    printf("launching\n");
    fflush(stdout);
    spin<<<1, 1>>>(flag);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    printf("launch: %s\n", cudaGetErrorName(launch));
    printf("sync: %s: %s\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
    int h = 1;
    cudaError_t after = cudaMemcpy(&h, flag, sizeof(int), cudaMemcpyDeviceToHost);
    printf("memcpy after: %s\n", cudaGetErrorName(after));
    return sync == cudaSuccess ? 0 : 1;
}
