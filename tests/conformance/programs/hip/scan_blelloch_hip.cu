// HIP version of textbook/scan_blelloch.cu: the same program through the HIP API and hipLaunchKernelGGL.
// Work-efficient (Blelloch) exclusive scan of a block in shared memory, then block sums added back;
// the textbook's two-level scheme, printed with std::cout and compared to std::partial_sum.
#include <iostream>
#include <vector>
#include <numeric>
#include <hip/hip_runtime.h>

#define BLOCK 512

__global__ void block_scan(const int *in, int *out, int *block_sums, int n)
{
    __shared__ int temp[BLOCK];
    int t = threadIdx.x;
    int base = blockIdx.x * BLOCK;
    temp[t] = (base + t < n) ? in[base + t] : 0;
    int offset = 1;
    for (int d = BLOCK >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (t == 0) {
        block_sums[blockIdx.x] = temp[BLOCK - 1];
        temp[BLOCK - 1] = 0;
    }
    for (int d = 1; d < BLOCK; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            int v = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += v;
        }
    }
    __syncthreads();
    if (base + t < n) out[base + t] = temp[t];
}

__global__ void add_offsets(int *out, const int *offsets, int n)
{
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i < n) out[i] += offsets[blockIdx.x];
}

int main()
{
    const int n = 100000;
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = (i * 7 + 3) % 10;
    int blocks = (n + BLOCK - 1) / BLOCK;
    int *d_in, *d_out, *d_sums;
    hipMalloc(&d_in, n * sizeof(int));
    hipMalloc(&d_out, n * sizeof(int));
    hipMalloc(&d_sums, blocks * sizeof(int));
    hipMemcpy(d_in, h.data(), n * sizeof(int), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(block_scan, dim3(blocks), dim3(BLOCK), 0, 0, d_in, d_out, d_sums, n);
    std::vector<int> sums(blocks);
    hipMemcpy(sums.data(), d_sums, blocks * sizeof(int), hipMemcpyDeviceToHost);
    std::vector<int> offsets(blocks);
    std::exclusive_scan(sums.begin(), sums.end(), offsets.begin(), 0);
    hipMemcpy(d_sums, offsets.data(), blocks * sizeof(int), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(add_offsets, dim3(blocks), dim3(BLOCK), 0, 0, d_out, d_sums, n);
    std::vector<int> out(n);
    hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost);

    std::vector<int> ref(n);
    std::partial_sum(h.begin(), h.end() - 1, ref.begin() + 1);
    ref[0] = 0;
    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (out[i] != ref[i]) ++bad;
    std::cout << "blocks: " << blocks << std::endl;
    std::cout << "first: ";
    for (int i = 0; i < 12; ++i) std::cout << out[i] << " ";
    std::cout << std::endl;
    std::cout << "around a block edge: " << out[BLOCK - 1] << " " << out[BLOCK] << " " << out[BLOCK + 1] << std::endl;
    std::cout << "last: " << out[n - 1] << ", total: " << std::accumulate(h.begin(), h.end(), 0) << std::endl;
    std::cout << "mismatches: " << bad << std::endl;
    std::cout << (bad == 0 ? "PASS" : "FAIL") << std::endl;
    hipFree(d_in);
    hipFree(d_out);
    hipFree(d_sums);
    return 0;
}
