// HIP version of stl/top_k_scores.cu: the same program through the HIP API and hipLaunchKernelGGL.
// Ranking: the GPU scores candidates, the host ranks them with std::partial_sort, std::nth_element
// and std::stable_sort on (score, id) records, and reports with std::tuple and std::tie.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
#include <tuple>
#include <string>
#include <hip/hip_runtime.h>

__global__ void score(const int *features, int nfeat, const int *weights, int n, int *scores)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = 0;
    for (int f = 0; f < nfeat; f++) s += features[i * nfeat + f] * weights[f];
    scores[i] = s;
}

struct Record {
    int id;
    int score;
    int group;
};

int main()
{
    const int n = 500, nfeat = 6;
    std::vector<int> features(n * nfeat);
    for (int i = 0; i < n * nfeat; i++) features[i] = (i * 31 + i / 7) % 10;
    std::vector<int> weights = {3, -1, 2, 0, 1, -2};
    int *d_f, *d_w, *d_s;
    hipMalloc(&d_f, features.size() * sizeof(int));
    hipMalloc(&d_w, weights.size() * sizeof(int));
    hipMalloc(&d_s, n * sizeof(int));
    hipMemcpy(d_f, features.data(), features.size() * sizeof(int), hipMemcpyHostToDevice);
    hipMemcpy(d_w, weights.data(), weights.size() * sizeof(int), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(score, dim3((n + 127) / 128), dim3(128), 0, 0, d_f, nfeat, d_w, n, d_s);
    std::vector<int> scores(n);
    hipMemcpy(scores.data(), d_s, n * sizeof(int), hipMemcpyDeviceToHost);

    std::vector<Record> recs(n);
    for (int i = 0; i < n; i++) recs[i] = {i, scores[i], i % 4};
    std::vector<Record> top = recs;
    std::partial_sort(top.begin(), top.begin() + 10, top.end(), [](const Record &a, const Record &b) {
        return std::tie(b.score, a.id) < std::tie(a.score, b.id);
    });
    printf("top 10 (score desc, id asc):");
    for (int i = 0; i < 10; i++) printf(" %d:%d", top[i].id, top[i].score);
    printf("\n");
    std::vector<int> sorted_scores = scores;
    std::nth_element(sorted_scores.begin(), sorted_scores.begin() + n / 2, sorted_scores.end());
    int median = sorted_scores[n / 2];
    std::vector<Record> by_group = recs;
    std::stable_sort(by_group.begin(), by_group.end(), [](const Record &a, const Record &b) { return a.group < b.group; });
    printf("median score %d\n", median);
    printf("group order head:");
    for (int i = 0; i < 6; i++) printf(" %d", by_group[i].id);
    printf(", group 1 starts with id %d\n", by_group[n / 4].id);
    auto mm = std::minmax_element(scores.begin(), scores.end());
    std::tuple<int, int, long> summary{*mm.first, *mm.second, std::accumulate(scores.begin(), scores.end(), 0L)};
    int lo, hi;
    long total;
    std::tie(lo, hi, total) = summary;
    printf("min %d, max %d, total %ld\n", lo, hi, total);
    long above = std::count_if(scores.begin(), scores.end(), [median](int s) { return s > median; });
    printf("above median: %ld\n", above);
    bool ok = true;
    for (int i = 0; i < n; i++) {
        int s = 0;
        for (int f = 0; f < nfeat; f++) s += features[i * nfeat + f] * weights[f];
        ok = ok && s == scores[i];
    }
    ok = ok && std::is_sorted(by_group.begin(), by_group.end(), [](const Record &a, const Record &b) { return a.group < b.group; });
    printf("%s\n", ok ? "PASS" : "FAIL");
    hipFree(d_f);
    hipFree(d_w);
    hipFree(d_s);
    return 0;
}
