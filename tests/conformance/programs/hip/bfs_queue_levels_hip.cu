// HIP version of stl/bfs_queue_levels.cu: the same program through the HIP API and hipLaunchKernelGGL.
// Breadth-first search two ways: std::queue on the host, level-synchronous frontier expansion on
// the GPU; a std::deque holds the frontier sizes, a std::list the vertices of the last level.
#include <cstdio>
#include <vector>
#include <queue>
#include <deque>
#include <list>
#include <hip/hip_runtime.h>

__global__ void expand(const int *row_start, const int *cols, int n, int *level, int current, int *next_count)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n || level[u] != current) return;
    for (int e = row_start[u]; e < row_start[u + 1]; e++) {
        int v = cols[e];
        if (atomicCAS(&level[v], -1, current + 1) == -1) atomicAdd(next_count, 1);
    }
}

int main()
{
    const int n = 2000;
    std::vector<std::vector<int>> adj(n);
    for (int u = 0; u < n; u++) {
        int targets[3] = {(u * 3 + 1) % n, (u * 7 + 5) % n, (u + 13) % n};
        for (int v : targets) {
            if (v != u) {
                adj[u].push_back(v);
                adj[v].push_back(u);
            }
        }
    }
    std::vector<int> dist(n, -1);
    std::queue<int> q;
    dist[0] = 0;
    q.push(0);
    while (!q.empty()) {
        int u = q.front();
        q.pop();
        for (int v : adj[u])
            if (dist[v] < 0) {
                dist[v] = dist[u] + 1;
                q.push(v);
            }
    }
    std::vector<int> rs(n + 1, 0), cols;
    for (int u = 0; u < n; u++) {
        cols.insert(cols.end(), adj[u].begin(), adj[u].end());
        rs[u + 1] = (int)cols.size();
    }
    int *d_rs, *d_cols, *d_level, *d_count;
    hipMalloc(&d_rs, rs.size() * sizeof(int));
    hipMalloc(&d_cols, cols.size() * sizeof(int));
    hipMalloc(&d_level, n * sizeof(int));
    hipMalloc(&d_count, sizeof(int));
    hipMemcpy(d_rs, rs.data(), rs.size() * sizeof(int), hipMemcpyHostToDevice);
    hipMemcpy(d_cols, cols.data(), cols.size() * sizeof(int), hipMemcpyHostToDevice);
    std::vector<int> level(n, -1);
    level[0] = 0;
    hipMemcpy(d_level, level.data(), n * sizeof(int), hipMemcpyHostToDevice);
    std::deque<int> frontier_sizes{1};
    for (int cur = 0;; cur++) {
        int count = 0;
        hipMemcpy(d_count, &count, sizeof(int), hipMemcpyHostToDevice);
        hipLaunchKernelGGL(expand, dim3((n + 255) / 256), dim3(256), 0, 0, d_rs, d_cols, n, d_level, cur, d_count);
        hipMemcpy(&count, d_count, sizeof(int), hipMemcpyDeviceToHost);
        if (count == 0) break;
        frontier_sizes.push_back(count);
    }
    hipMemcpy(level.data(), d_level, n * sizeof(int), hipMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (level[i] != dist[i]) bad++;
    std::list<int> last;
    int depth = (int)frontier_sizes.size() - 1;
    for (int i = n - 1; i >= 0; i--)
        if (level[i] == depth) last.push_front(i);
    printf("levels: %zu, sizes:", frontier_sizes.size());
    for (int s : frontier_sizes) printf(" %d", s);
    printf("\nlargest frontier first? %s\n", frontier_sizes.front() > frontier_sizes.back() ? "yes" : "no");
    printf("last level has %zu vertices:", last.size());
    int shown = 0;
    for (auto it = last.begin(); it != last.end() && shown < 10; ++it, ++shown) printf(" %d", *it);
    printf("\nmismatches: %d\n%s\n", bad, bad == 0 ? "PASS" : "FAIL");
    hipFree(d_rs);
    hipFree(d_cols);
    hipFree(d_level);
    hipFree(d_count);
    return 0;
}
