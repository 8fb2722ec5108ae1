// A linked list built on the host in device memory and walked by kernels: pointers loaded from
// device memory, stored to it, compared with nullptr, atomics through loaded pointers, and a
// __device__ pointer variable.
#include <cstdio>

struct Node {
    int value;
    Node *next;
};

struct Counter {
    int hits;
};

__device__ Node *listHead;

// Each thread walks from node i to the end of the list.
__global__ void sumFrom(Node *nodes, int n, int *sums, int *lengths)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int sum = 0, len = 0;
    for (Node *p = &nodes[i]; p != nullptr; p = p->next) {
        sum += p->value;
        ++len;
    }
    sums[i] = sum;
    lengths[i] = len;
}

// Reverses the links: node i+1 points back to node i, node 0 ends the list.
__global__ void reverse(Node *nodes, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    nodes[i].next = i == 0 ? nullptr : &nodes[i - 1];
}

// Every thread bumps the counter its slot's pointer leads to.
__global__ void countHits(Counter **slots, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&slots[i]->hits, 1);
}

// The list as seen from the __device__ variable.
__global__ void walkHead(int *out)
{
    int len = 0, last = -1;
    for (Node *p = listHead; p; p = p->next) {
        ++len;
        last = p->value;
    }
    out[0] = len;
    out[1] = last;
}

int main()
{
    const int n = 10;
    Node *d_nodes;
    cudaMalloc(&d_nodes, n * sizeof(Node));
    Node h[n];
    for (int i = 0; i < n; ++i) {
        h[i].value = (i + 1) * 3;
        h[i].next = i + 1 < n ? d_nodes + i + 1 : nullptr;
    }
    cudaMemcpy(d_nodes, h, sizeof(h), cudaMemcpyHostToDevice);

    int *d_sums, *d_lengths;
    cudaMalloc(&d_sums, n * sizeof(int));
    cudaMalloc(&d_lengths, n * sizeof(int));
    sumFrom<<<1, 32>>>(d_nodes, n, d_sums, d_lengths);
    int sums[n], lengths[n];
    cudaMemcpy(sums, d_sums, sizeof(sums), cudaMemcpyDeviceToHost);
    cudaMemcpy(lengths, d_lengths, sizeof(lengths), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("%s%d/%d", i ? " " : "sums: ", sums[i], lengths[i]);
    printf("\n");

    reverse<<<1, 32>>>(d_nodes, n);
    cudaMemcpy(h, d_nodes, sizeof(h), cudaMemcpyDeviceToHost);
    int ok = 1;
    for (int i = 0; i < n; ++i) ok &= h[i].next == (i == 0 ? nullptr : d_nodes + i - 1);
    printf("reversed links are device addresses: %s\n", ok ? "yes" : "no");

    Node *last = d_nodes + n - 1;
    cudaMemcpyToSymbol(listHead, &last, sizeof(last));
    int *d_out;
    cudaMalloc(&d_out, 2 * sizeof(int));
    walkHead<<<1, 1>>>(d_out);
    int out[2];
    cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
    printf("from listHead: %d nodes, last value %d\n", out[0], out[1]);

    const int slots = 64;
    Counter *d_counters;
    Counter **d_slots;
    cudaMalloc(&d_counters, 4 * sizeof(Counter));
    cudaMemset(d_counters, 0, 4 * sizeof(Counter));
    cudaMalloc(&d_slots, slots * sizeof(Counter *));
    Counter *hs[slots];
    for (int i = 0; i < slots; ++i) hs[i] = d_counters + i % 3;
    cudaMemcpy(d_slots, hs, sizeof(hs), cudaMemcpyHostToDevice);
    countHits<<<2, 32>>>(d_slots, slots);
    Counter c[4];
    cudaMemcpy(c, d_counters, sizeof(c), cudaMemcpyDeviceToHost);
    printf("hits: %d %d %d %d\n", c[0].hits, c[1].hits, c[2].hits, c[3].hits);

    cudaFree(d_nodes);
    cudaFree(d_sums);
    cudaFree(d_lengths);
    cudaFree(d_out);
    cudaFree(d_counters);
    cudaFree(d_slots);
    return 0;
}
