// Virtual functions in device code, as CUDA allows: objects are constructed inside a kernel
// (placement new into device memory), so their vtables are device vtables, and a second kernel
// calls through base-class pointers. An integer accumulator keeps the results exact.
#include <cstdio>
#include <new>
#include <cuda_runtime.h>

struct Op {
    __device__ virtual int apply(int x) const = 0;
    __device__ virtual char tag() const { return '?'; }
    __device__ virtual ~Op() {}
};

struct AddOp : Op {
    int k;
    __device__ AddOp(int k) : k(k) {}
    __device__ int apply(int x) const override { return x + k; }
    __device__ char tag() const override { return '+'; }
};

struct MulOp : Op {
    int k;
    __device__ MulOp(int k) : k(k) {}
    __device__ int apply(int x) const override { return x * k; }
    __device__ char tag() const override { return '*'; }
};

struct XorOp : Op {
    int mask;
    __device__ XorOp(int m) : mask(m) {}
    __device__ int apply(int x) const override { return x ^ mask; }
};

union OpStorage {
    char a[sizeof(AddOp)];
    char m[sizeof(MulOp)];
    char x[sizeof(XorOp)];
    long long align;
};

__global__ void build(OpStorage *storage, Op **ops, int count)
{
    int i = threadIdx.x;
    if (i >= count) return;
    void *p = &storage[i];
    switch (i % 3) {
    case 0: ops[i] = new (p) AddOp(i + 1); break;
    case 1: ops[i] = new (p) MulOp(i % 5 + 1); break;
    default: ops[i] = new (p) XorOp(0x55 + i); break;
    }
}

__global__ void run(Op **ops, int count, const int *in, int *out, char *tags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) tags[i] = ops[i]->tag();
    if (i >= n) return;
    int v = in[i];
    for (int k = 0; k < count; k++) v = ops[k]->apply(v) & 0xFFFFF;
    out[i] = v;
}

__global__ void destroy(Op **ops, int count)
{
    int i = threadIdx.x;
    if (i < count) ops[i]->~Op();
}

int host_apply(int k, int v)
{
    switch (k % 3) {
    case 0: return v + k + 1;
    case 1: return v * (k % 5 + 1);
    default: return v ^ (0x55 + k);
    }
}

int main()
{
    const int count = 9, n = 2000;
    OpStorage *storage;
    Op **ops;
    int *d_in, *d_out;
    char *d_tags;
    cudaMalloc(&storage, count * sizeof(OpStorage));
    cudaMalloc(&ops, count * sizeof(Op *));
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_tags, count + 1);
    int h_in[n], h_out[n];
    for (int i = 0; i < n; i++) h_in[i] = i * 3 + 1;
    cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
    cudaMemset(d_tags, 0, count + 1);
    build<<<1, 32>>>(storage, ops, count);
    run<<<(n + 255) / 256, 256>>>(ops, count, d_in, d_out, d_tags, n);
    destroy<<<1, 32>>>(ops, count);
    cudaError_t err = cudaDeviceSynchronize();
    printf("kernels: %s\n", cudaGetErrorString(err));
    char tags[count + 1];
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    cudaMemcpy(tags, d_tags, count + 1, cudaMemcpyDeviceToHost);
    printf("op tags: %s\n", tags);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int v = h_in[i];
        for (int k = 0; k < count; k++) v = host_apply(k, v) & 0xFFFFF;
        if (v != h_out[i]) bad++;
    }
    printf("out[0..4] = %d %d %d %d %d\n", h_out[0], h_out[1], h_out[2], h_out[3], h_out[4]);
    printf("mismatches: %d\n%s\n", bad, bad == 0 ? "PASS" : "FAIL");
    cudaFree(storage);
    cudaFree(ops);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_tags);
    return 0;
}
