// A deck shuffled with std::shuffle and std::mt19937 on the host, sorted on the GPU by a bitonic
// network in shared memory; keys and their original positions are checked with std::is_sorted.
#include <iostream>
#include <random>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cuda_runtime.h>

constexpr int N = 1024;

__global__ void bitonic_sort(int *keys, int *vals)
{
    __shared__ int k[N];
    __shared__ int v[N];
    int t = threadIdx.x;
    k[t] = keys[t];
    v[t] = vals[t];
    __syncthreads();
    for (int size = 2; size <= N; size <<= 1) {
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            int partner = t ^ stride;
            if (partner > t) {
                bool ascending = (t & size) == 0;
                if ((k[t] > k[partner]) == ascending) {
                    int tk = k[t];
                    k[t] = k[partner];
                    k[partner] = tk;
                    int tv = v[t];
                    v[t] = v[partner];
                    v[partner] = tv;
                }
            }
            __syncthreads();
        }
    }
    keys[t] = k[t];
    vals[t] = v[t];
}

int main()
{
    std::vector<int> keys(N);
    std::iota(keys.begin(), keys.end(), 0);
    for (auto &k : keys) k = (k * 37) % 500;  // duplicates on purpose
    std::mt19937 g(12345);
    std::shuffle(keys.begin(), keys.end(), g);
    std::vector<int> pos(N);
    std::iota(pos.begin(), pos.end(), 0);
    std::cout << "shuffled head:";
    for (int i = 0; i < 10; ++i) std::cout << " " << keys[i];
    std::cout << std::endl;

    int *dk, *dv;
    cudaMalloc(&dk, N * sizeof(int));
    cudaMalloc(&dv, N * sizeof(int));
    cudaMemcpy(dk, keys.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dv, pos.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    bitonic_sort<<<1, N>>>(dk, dv);
    std::vector<int> sk(N), sv(N);
    cudaMemcpy(sk.data(), dk, N * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(sv.data(), dv, N * sizeof(int), cudaMemcpyDeviceToHost);

    bool sorted = std::is_sorted(sk.begin(), sk.end());
    bool consistent = true;
    for (int i = 0; i < N; ++i) {
        if (keys[sv[i]] != sk[i]) consistent = false;
    }
    std::vector<int> ref = keys;
    std::sort(ref.begin(), ref.end());
    std::cout << "sorted head:";
    for (int i = 0; i < 10; ++i) std::cout << " " << sk[i];
    std::cout << std::endl;
    std::cout << "sorted tail:";
    for (int i = N - 5; i < N; ++i) std::cout << " " << sk[i];
    std::cout << std::endl;
    auto range = std::equal_range(sk.begin(), sk.end(), 37);
    std::cout << "copies of 37: " << (range.second - range.first) << std::endl;
    std::cout << "unique keys: " << (std::unique(ref.begin(), ref.end()) - ref.begin()) << std::endl;
    std::cout << "sorted: " << std::boolalpha << sorted << ", consistent: " << consistent << std::endl;
    std::cout << ((sorted && consistent && sk == [&] { std::vector<int> r = keys; std::sort(r.begin(), r.end()); return r; }()) ? "PASS" : "FAIL") << std::endl;
    cudaFree(dk);
    cudaFree(dv);
    return 0;
}
