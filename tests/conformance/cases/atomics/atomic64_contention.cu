// 64-bit atomics with every lane of every warp of 8 blocks on one address per operation: add, or,
// and, xor whose old values nobody reads; then add whose old value claims a slot, signed and
// unsigned min/max, exchange, a compare-and-swap retry loop and add on double.
#include <cstdio>

#define BLOCKS 8
#define THREADS 256
#define N (BLOCKS * THREADS)

__global__ void bitsAndSums(unsigned long long *acc)
{
    unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&acc[0], 0xFFFFFFFFULL + i);                   // a carry into the high word nearly every time
    atomicOr(&acc[1], 1ULL << (i % 61));
    atomicAnd(&acc[2], ~(1ULL << (i * 7 % 64)) | (i < 45 ? 0ULL : ~0ULL));
    atomicXor(&acc[3], i * 0x9E3779B97F4A7C15ULL);
}

struct Shared64 {
    unsigned long long next, umin, umax, swap, swappedSum, cas;
    long long smin, smax;
    double dsum;
};

__global__ void contended(Shared64 *s, unsigned *slot)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long old = atomicAdd(&s->next, 0x80000001ULL);
    // the old values are 0, 1, ..., N-1 times the step in some order: each thread its own slot
    slot[i] = old % 0x80000001ULL == 0 ? (unsigned)(old / 0x80000001ULL) : 0xFFFFFFFFu;

    long long v = ((long long)(i * 7919 % N) - 1000) * 3000000001LL;
    atomicMax(&s->smax, v);
    atomicMin(&s->smin, v);
    atomicMax(&s->umax, (unsigned long long)v);
    atomicMin(&s->umin, (unsigned long long)v);

    unsigned long long mine = 0x100000000ULL * (i + 1) + (unsigned)i;
    unsigned long long prev = atomicExch(&s->swap, mine);
    atomicAdd(&s->swappedSum, prev);

    unsigned long long seen = s->cas, assumed;
    do {
        assumed = seen;
        seen = atomicCAS(&s->cas, assumed, assumed + 0x100000001ULL);
    } while (seen != assumed);

    atomicAdd(&s->dsum, (double)(i % 16) * 0.0625 + 1048576.0);
}

int main()
{
    unsigned long long h[4] = {0, 0, ~0ULL, 0};
    unsigned long long *acc;
    cudaMalloc(&acc, sizeof(h));
    cudaMemcpy(acc, h, sizeof(h), cudaMemcpyHostToDevice);
    bitsAndSums<<<BLOCKS, THREADS>>>(acc);
    cudaMemcpy(h, acc, sizeof(h), cudaMemcpyDeviceToHost);
    printf("add=%llu or=0x%016llx and=0x%016llx xor=0x%016llx\n", h[0], h[1], h[2], h[3]);

    Shared64 init = {0, ~0ULL, 0, 7, 0, 0, 0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1, 0.0};
    Shared64 *s;
    unsigned *slot;
    cudaMalloc(&s, sizeof(Shared64));
    cudaMalloc(&slot, N * sizeof(unsigned));
    cudaMemcpy(s, &init, sizeof(init), cudaMemcpyHostToDevice);
    contended<<<BLOCKS, THREADS>>>(s, slot);
    cudaError_t e = cudaDeviceSynchronize();
    Shared64 r;
    static unsigned hs[N];
    cudaMemcpy(&r, s, sizeof(r), cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, slot, sizeof(hs), cudaMemcpyDeviceToHost);

    static bool taken[N];
    int distinct = 0;
    for (int i = 0; i < N; ++i) {
        if (hs[i] < N && !taken[hs[i]]) {
            taken[hs[i]] = true;
            ++distinct;
        }
    }
    // every value exchanged in comes out once: as some thread's old value, or as the final one
    unsigned long long in = init.swap;
    for (int i = 0; i < N; ++i) in += 0x100000000ULL * (i + 1) + (unsigned)i;
    printf("%s: next=0x%llx, slots %d of %d distinct\n", cudaGetErrorName(e), r.next, distinct, N);
    printf("smax=%lld smin=%lld\n", r.smax, r.smin);
    printf("umax=0x%016llx umin=0x%016llx\n", r.umax, r.umin);
    printf("exchanged: final + old values = 0x%016llx, values in = 0x%016llx\n", r.swappedSum + r.swap, in);
    printf("cas=0x%016llx dsum=%.4f\n", r.cas, r.dsum);
    cudaFree(acc);
    cudaFree(s);
    cudaFree(slot);
    return 0;
}
