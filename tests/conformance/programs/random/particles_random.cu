// Particles on a torus: positions and velocities from std::mt19937_64 with
// std::uniform_int_distribution (fixed-point units), stepped on the GPU, checked against the same
// steps on the host; reported with std::cout, std::setw and std::fixed.
#include <iostream>
#include <iomanip>
#include <random>
#include <vector>
#include <chrono>
#include <algorithm>
#include <cuda_runtime.h>

struct Particle {
    int x, y;
    int vx, vy;
};

constexpr int WORLD = 1 << 16;

__host__ __device__ inline int wrap(int v)
{
    return ((v % WORLD) + WORLD) % WORLD;
}

__global__ void step(Particle *p, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle q = p[i];
    for (int s = 0; s < steps; ++s) {
        q.x = wrap(q.x + q.vx);
        q.y = wrap(q.y + q.vy);
        if (q.x < 1024) q.vx = -q.vx;
        if (q.y < 1024) q.vy = -q.vy;
    }
    p[i] = q;
}

int main()
{
    const int n = 5000;
    const int steps = 100;
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> pos(0, WORLD - 1);
    std::uniform_int_distribution<int> vel(-300, 300);
    std::vector<Particle> ps(n);
    for (auto &p : ps) {
        p.x = pos(rng);
        p.y = pos(rng);
        p.vx = vel(rng);
        p.vy = vel(rng);
    }
    std::cout << "rng check: " << rng() << std::endl;
    std::cout << "particle 0 starts at (" << ps[0].x << ", " << ps[0].y << ") moving (" << ps[0].vx << ", "
              << ps[0].vy << ")" << std::endl;

    Particle *d;
    cudaMalloc(&d, n * sizeof(Particle));
    cudaMemcpy(d, ps.data(), n * sizeof(Particle), cudaMemcpyHostToDevice);
    auto start = std::chrono::steady_clock::now();
    step<<<(n + 127) / 128, 128>>>(d, n, steps);
    cudaDeviceSynchronize();
    auto stop = std::chrono::steady_clock::now();
    std::vector<Particle> out(n);
    cudaMemcpy(out.data(), d, n * sizeof(Particle), cudaMemcpyDeviceToHost);

    std::vector<Particle> ref = ps;
    for (auto &q : ref) {
        for (int s = 0; s < steps; ++s) {
            q.x = wrap(q.x + q.vx);
            q.y = wrap(q.y + q.vy);
            if (q.x < 1024) q.vx = -q.vx;
            if (q.y < 1024) q.vy = -q.vy;
        }
    }
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        if (out[i].x != ref[i].x || out[i].y != ref[i].y || out[i].vx != ref[i].vx || out[i].vy != ref[i].vy) ++bad;
    }
    auto cmp = [](const Particle &a, const Particle &b) { return a.x < b.x; };
    auto mm = std::minmax_element(out.begin(), out.end(), cmp);
    double cx = 0, cy = 0;
    for (const auto &p : out) {
        cx += p.x;
        cy += p.y;
    }
    std::cout << std::fixed << std::setprecision(2);
    std::cout << "centroid: (" << cx / n / WORLD << ", " << cy / n / WORLD << ")" << std::endl;
    std::cout << "x range: [" << mm.first->x << ", " << mm.second->x << "]" << std::endl;
    for (int i = 0; i < 5; ++i) {
        std::cout << std::setw(2) << i << ": " << std::setw(6) << out[i].x << std::setw(6) << out[i].y << std::setw(5)
                  << out[i].vx << std::setw(5) << out[i].vy << std::endl;
    }
    std::cout << "step time: " << std::chrono::duration<double, std::micro>(stop - start).count() << " us"
              << std::endl;
    std::cout << (bad == 0 ? "PASS" : "FAIL") << std::endl;
    cudaFree(d);
    return 0;
}
