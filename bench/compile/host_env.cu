// Compile-time benchmark input (issue 10): a 200-line program in the style of benchmark
// collections, including iostream, vector, algorithm, chrono and random. It is also a program
// that runs: ./webcu run bench/compile/host_env.cu
#include <iostream>
#include <iomanip>
#include <vector>
#include <algorithm>
#include <numeric>
#include <chrono>
#include <random>
#include <string>
#include <cstdio>
#include <cstdlib>
#include <cmath>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            std::cerr << "CUDA error " << cudaGetErrorString(err_)           \
                      << " at " << __FILE__ << ":" << __LINE__ << std::endl; \
            std::exit(EXIT_FAILURE);                                         \
        }                                                                    \
    } while (0)

struct Particle {
    float x, y, z;
    float vx, vy, vz;
};

struct Timer {
    std::chrono::high_resolution_clock::time_point start;
    void begin() { start = std::chrono::high_resolution_clock::now(); }
    double ms() const {
        auto end = std::chrono::high_resolution_clock::now();
        return std::chrono::duration<double, std::milli>(end - start).count();
    }
};

__device__ float3 accel(const Particle &p, float cx, float cy, float cz, float g) {
    float dx = cx - p.x, dy = cy - p.y, dz = cz - p.z;
    float r2 = dx * dx + dy * dy + dz * dz + 1e-3f;
    float inv = rsqrtf(r2);
    float s = g * inv * inv * inv;
    return make_float3(dx * s, dy * s, dz * s);
}

__global__ void step(Particle *ps, int n, float dt, float g) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle p = ps[i];
    float3 a = accel(p, 0.0f, 0.0f, 0.0f, g);
    p.vx += a.x * dt;
    p.vy += a.y * dt;
    p.vz += a.z * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.z += p.vz * dt;
    ps[i] = p;
}

__global__ void kinetic(const Particle *ps, float *e, int n) {
    __shared__ float part[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = 0.0f;
    if (i < n) {
        Particle p = ps[i];
        v = 0.5f * (p.vx * p.vx + p.vy * p.vy + p.vz * p.vz);
    }
    part[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) e[blockIdx.x] = part[0];
}

static std::vector<Particle> make_particles(int n, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> pos(-1.0f, 1.0f);
    std::normal_distribution<float> vel(0.0f, 0.1f);
    std::vector<Particle> ps(n);
    for (auto &p : ps) {
        p.x = pos(gen);
        p.y = pos(gen);
        p.z = pos(gen);
        p.vx = vel(gen);
        p.vy = vel(gen);
        p.vz = vel(gen);
    }
    return ps;
}

static double host_energy(const std::vector<Particle> &ps) {
    double e = 0.0;
    for (const auto &p : ps) {
        e += 0.5 * (p.vx * p.vx + p.vy * p.vy + p.vz * p.vz);
    }
    return e;
}

static void print_summary(const std::string &label, const std::vector<float> &v) {
    auto mm = std::minmax_element(v.begin(), v.end());
    double mean = std::accumulate(v.begin(), v.end(), 0.0) / v.size();
    std::cout << std::left << std::setw(12) << label << std::right
              << " min " << std::setw(10) << std::fixed << std::setprecision(4) << *mm.first
              << " max " << std::setw(10) << *mm.second
              << " mean " << std::setw(10) << mean << std::endl;
}

static std::vector<float> radii(const std::vector<Particle> &ps) {
    std::vector<float> r;
    r.reserve(ps.size());
    for (const auto &p : ps) {
        r.push_back(std::sqrt(p.x * p.x + p.y * p.y + p.z * p.z));
    }
    return r;
}

static int count_inside(std::vector<float> r, float limit) {
    std::sort(r.begin(), r.end());
    return (int)(std::upper_bound(r.begin(), r.end(), limit) - r.begin());
}

// Bins radii into `bins` equal buckets over [0, rmax) and prints a bar per bucket.
static void histogram(const std::vector<float> &r, int bins, float rmax) {
    std::vector<int> count(bins, 0);
    for (float x : r) {
        int b = (int)(x / rmax * bins);
        if (b >= 0 && b < bins) count[b]++;
    }
    int most = *std::max_element(count.begin(), count.end());
    for (int b = 0; b < bins; ++b) {
        int width = most > 0 ? count[b] * 40 / most : 0;
        std::cout << std::setw(5) << std::fixed << std::setprecision(2) << (b + 0.5f) * rmax / bins << " | "
                  << std::string(width, '#') << " " << count[b] << "\n";
    }
}

// The median of a copy of the values (nth_element leaves the input alone).
static float median(std::vector<float> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 4096;
    int steps = argc > 2 ? std::atoi(argv[2]) : 10;
    const int block = 256;
    const int grid = (n + block - 1) / block;
    const float dt = 0.01f;
    const float g = 0.05f;

    std::vector<Particle> host = make_particles(n, 2024u);
    std::vector<float> before = radii(host);
    print_summary("radius(0)", before);
    double e0 = host_energy(host);

    Particle *d_ps = nullptr;
    float *d_e = nullptr;
    CHECK(cudaMalloc(&d_ps, n * sizeof(Particle)));
    CHECK(cudaMalloc(&d_e, grid * sizeof(float)));
    CHECK(cudaMemcpy(d_ps, host.data(), n * sizeof(Particle), cudaMemcpyHostToDevice));

    Timer t;
    t.begin();
    for (int s = 0; s < steps; ++s) {
        step<<<grid, block>>>(d_ps, n, dt, g);
        CHECK(cudaGetLastError());
    }
    kinetic<<<grid, block>>>(d_ps, d_e, n);
    CHECK(cudaDeviceSynchronize());
    double elapsed = t.ms();

    std::vector<float> parts(grid);
    CHECK(cudaMemcpy(parts.data(), d_e, grid * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(host.data(), d_ps, n * sizeof(Particle), cudaMemcpyDeviceToHost));
    double e1 = std::accumulate(parts.begin(), parts.end(), 0.0);

    std::vector<float> after = radii(host);
    print_summary("radius(T)", after);
    histogram(after, 8, 2.0f);
    std::cout << "median radius: " << median(before) << " -> " << median(after) << std::endl;
    std::cout << "inside 0.5: " << count_inside(before, 0.5f) << " -> " << count_inside(after, 0.5f) << std::endl;
    std::cout << std::scientific << std::setprecision(3);
    std::cout << "kinetic energy: " << e0 << " -> " << e1 << std::endl;
    std::cout << "device energy matches host: " << std::boolalpha
              << (std::fabs(e1 - host_energy(host)) < 1e-3 * std::fabs(e1) + 1e-6) << std::endl;
    std::cout << "time: " << std::fixed << std::setprecision(2) << elapsed << " ms" << std::endl;

    CHECK(cudaFree(d_ps));
    CHECK(cudaFree(d_e));
    return 0;
}
