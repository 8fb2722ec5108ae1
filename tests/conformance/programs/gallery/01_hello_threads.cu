// Lesson 1: hello from threads.
//
// A kernel is a function marked __global__ that the GPU runs many times at once, once per thread.
// The launch <<<blocks, threadsPerBlock>>> says how many: here 2 blocks of 4 threads, 8 threads
// in all. Every thread knows where it stands through built-in variables: blockIdx.x (which block),
// threadIdx.x (which thread inside its block) and blockDim.x (the size of a block).
#include <cstdio>

__global__ void hello()
{
    // A global index numbers the threads of the whole launch 0, 1, 2, ...
    int global = blockIdx.x * blockDim.x + threadIdx.x;
    printf("Hello from thread %d of block %d (global thread %d)\n", threadIdx.x, blockIdx.x, global);
}

int main()
{
    printf("Launching 2 blocks of 4 threads\n");
    // Host printf is buffered; flushing keeps it ahead of the kernel's lines in every case.
    fflush(stdout);

    hello<<<2, 4>>>();

    // A launch returns at once: the host must wait for the GPU before it goes on (this also
    // delivers the kernel's printf output).
    cudaDeviceSynchronize();

    // Threads run in parallel, so their lines may come in any order: the GPU makes no promise.
    printf("All threads said hello\n");
    return 0;
}
