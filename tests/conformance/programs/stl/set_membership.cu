// Set operations: two key sets built with std::set and std::unordered_set; the GPU tests membership
// of every query by binary search in the sorted keys; results are checked against
// std::set_intersection, std::set_difference and unordered_set::count.
#include <cstdio>
#include <set>
#include <unordered_set>
#include <vector>
#include <algorithm>
#include <iterator>
#include <cuda_runtime.h>

__global__ void member(const int *sorted, int n, const int *queries, int q, unsigned char *found)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= q) return;
    int key = queries[i], lo = 0, hi = n - 1;
    unsigned char f = 0;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sorted[mid] == key) {
            f = 1;
            break;
        }
        if (sorted[mid] < key) lo = mid + 1;
        else hi = mid - 1;
    }
    found[i] = f;
}

int main()
{
    std::set<int> a;
    std::unordered_set<int> b_hash;
    std::set<int> b;
    for (int i = 0; i < 3000; i++) {
        a.insert((i * 7919) % 10007);
        int v = (i * 104729) % 10007;
        if (v % 3 != 0) {
            b.insert(v);
            b_hash.insert(v);
        }
    }
    std::vector<int> keys(a.begin(), a.end());
    std::vector<int> queries(b.begin(), b.end());
    int *d_keys, *d_q;
    unsigned char *d_found;
    cudaMalloc(&d_keys, keys.size() * sizeof(int));
    cudaMalloc(&d_q, queries.size() * sizeof(int));
    cudaMalloc(&d_found, queries.size());
    cudaMemcpy(d_keys, keys.data(), keys.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_q, queries.data(), queries.size() * sizeof(int), cudaMemcpyHostToDevice);
    member<<<((int)queries.size() + 255) / 256, 256>>>(d_keys, (int)keys.size(), d_q, (int)queries.size(), d_found);
    std::vector<unsigned char> found(queries.size());
    cudaMemcpy(found.data(), d_found, found.size(), cudaMemcpyDeviceToHost);

    std::vector<int> inter, diff;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(inter));
    std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(diff));
    std::vector<int> gpu_inter;
    for (size_t i = 0; i < queries.size(); i++)
        if (found[i]) gpu_inter.push_back(queries[i]);
    int hash_hits = 0;
    for (int k : keys) hash_hits += (int)b_hash.count(k);
    printf("|A| = %zu, |B| = %zu\n", a.size(), b.size());
    printf("|A and B| = %zu (GPU %zu, hash %d), |B - A| = %zu\n", inter.size(), gpu_inter.size(), hash_hits, diff.size());
    printf("first common keys:");
    for (int i = 0; i < 8 && i < (int)inter.size(); i++) printf(" %d", inter[i]);
    printf("\nA: min %d max %d; lower_bound(5000) = %d\n", *a.begin(), *a.rbegin(), *a.lower_bound(5000));
    auto range = std::equal_range(keys.begin(), keys.end(), keys[10]);
    printf("keys[10] = %d found at %ld\n", keys[10], (long)(range.first - keys.begin()));
    bool ok = gpu_inter == inter && hash_hits == (int)inter.size();
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_keys);
    cudaFree(d_q);
    cudaFree(d_found);
    return 0;
}
