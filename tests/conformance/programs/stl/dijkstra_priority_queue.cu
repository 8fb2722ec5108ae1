// Shortest paths on a generated grid graph: Dijkstra with std::priority_queue and std::greater on
// the host, Bellman-Ford relaxation rounds with atomicMin on the GPU; distances must agree.
// Paths are rebuilt with std::stack, edges kept in std::vector<std::vector<std::pair<int,int>>>.
#include <cstdio>
#include <vector>
#include <queue>
#include <stack>
#include <utility>
#include <functional>
#include <climits>
#include <cuda_runtime.h>

__global__ void relax(const int *row_start, const int *cols, const int *weights, int n, int *dist, int *changed)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n) return;
    int du = dist[u];
    if (du == INT_MAX) return;
    for (int e = row_start[u]; e < row_start[u + 1]; e++) {
        int nd = du + weights[e];
        if (nd < dist[cols[e]]) {
            atomicMin(&dist[cols[e]], nd);
            *changed = 1;
        }
    }
}

int main()
{
    const int W = 24, H = 16, n = W * H;
    std::vector<std::vector<std::pair<int, int>>> adj(n);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int u = y * W + x;
            if (x + 1 < W) {
                int w = 1 + (x * 7 + y * 3) % 9;
                adj[u].push_back({u + 1, w});
                adj[u + 1].push_back({u, w});
            }
            if (y + 1 < H) {
                int w = 1 + (x * 5 + y * 11) % 9;
                adj[u].push_back({u + W, w});
                adj[u + W].push_back({u, w});
            }
        }
    std::vector<int> dist(n, INT_MAX), prev(n, -1);
    std::priority_queue<std::pair<int, int>, std::vector<std::pair<int, int>>, std::greater<std::pair<int, int>>> pq;
    dist[0] = 0;
    pq.push({0, 0});
    int pops = 0;
    while (!pq.empty()) {
        auto [d, u] = pq.top();
        pq.pop();
        pops++;
        if (d > dist[u]) continue;
        for (auto [v, w] : adj[u]) {
            if (d + w < dist[v]) {
                dist[v] = d + w;
                prev[v] = u;
                pq.push({dist[v], v});
            }
        }
    }
    std::vector<int> row_start(n + 1, 0), cols, weights;
    for (int u = 0; u < n; u++) {
        for (auto [v, w] : adj[u]) {
            cols.push_back(v);
            weights.push_back(w);
        }
        row_start[u + 1] = (int)cols.size();
    }
    int *d_rs, *d_cols, *d_w, *d_dist, *d_changed;
    cudaMalloc(&d_rs, (n + 1) * sizeof(int));
    cudaMalloc(&d_cols, cols.size() * sizeof(int));
    cudaMalloc(&d_w, weights.size() * sizeof(int));
    cudaMalloc(&d_dist, n * sizeof(int));
    cudaMalloc(&d_changed, sizeof(int));
    cudaMemcpy(d_rs, row_start.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_cols, cols.data(), cols.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_w, weights.data(), weights.size() * sizeof(int), cudaMemcpyHostToDevice);
    std::vector<int> gdist(n, INT_MAX);
    gdist[0] = 0;
    cudaMemcpy(d_dist, gdist.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    int rounds = 0, changed = 1;
    while (changed && rounds < n) {
        changed = 0;
        cudaMemcpy(d_changed, &changed, sizeof(int), cudaMemcpyHostToDevice);
        relax<<<(n + 127) / 128, 128>>>(d_rs, d_cols, d_w, n, d_dist, d_changed);
        cudaMemcpy(&changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost);
        rounds++;
    }
    cudaMemcpy(gdist.data(), d_dist, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (gdist[i] != dist[i]) bad++;
    std::stack<int> path;
    for (int v = n - 1; v != -1; v = prev[v]) path.push(v);
    printf("graph: %d vertices, %zu directed edges, %d queue pops\n", n, cols.size(), pops);
    printf("distance to far corner: %d (GPU %d)\n", dist[n - 1], gdist[n - 1]);
    printf("path has %zu vertices:", path.size());
    int shown = 0;
    while (!path.empty() && shown < 12) {
        printf(" (%d,%d)", path.top() % W, path.top() / W);
        path.pop();
        shown++;
    }
    printf(" ...\n");
    printf("farthest row:");
    for (int x = 0; x < W; x += 3) printf(" %d", dist[(H - 1) * W + x]);
    printf("\nmismatches: %d\n%s\n", bad, bad == 0 ? "PASS" : "FAIL");
    cudaFree(d_rs);
    cudaFree(d_cols);
    cudaFree(d_w);
    cudaFree(d_dist);
    cudaFree(d_changed);
    return 0;
}
