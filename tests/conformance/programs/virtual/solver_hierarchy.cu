// An abstract Solver with virtual setup/iterate/residual and two derived solvers (Jacobi and
// red-black Gauss-Seidel) for a 1D Poisson problem in fixed point; a factory returns
// std::unique_ptr<Solver> and the driver never knows which one it holds.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include <cuda_runtime.h>

const int N = 1024;

__global__ void jacobi_step(const long long *u, long long *v, const long long *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) v[i] = (u[i - 1] + u[i + 1] + f[i]) / 2;
}

__global__ void redblack_step(long long *u, const long long *f, int n, int color)
{
    int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + color;
    if (i > 0 && i < n - 1) u[i] = (u[i - 1] + u[i + 1] + f[i]) / 2;
}

__global__ void residual_kernel(const long long *u, const long long *f, int n, unsigned long long *r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) {
        long long d = 2 * u[i] - u[i - 1] - u[i + 1] - f[i];
        atomicAdd(r, (unsigned long long)(d < 0 ? -d : d));
    }
}

class Solver {
public:
    virtual ~Solver()
    {
        cudaFree(d_u);
        cudaFree(d_f);
    }
    virtual std::string name() const = 0;
    virtual void iterate() = 0;
    void setup(const std::vector<long long> &f)
    {
        cudaMalloc(&d_u, N * sizeof(long long));
        cudaMalloc(&d_f, N * sizeof(long long));
        cudaMemset(d_u, 0, N * sizeof(long long));
        cudaMemcpy(d_f, f.data(), N * sizeof(long long), cudaMemcpyHostToDevice);
        prepare();
    }
    unsigned long long residual()
    {
        unsigned long long *d_r, r = 0;
        cudaMalloc(&d_r, sizeof(r));
        cudaMemset(d_r, 0, sizeof(r));
        residual_kernel<<<N / 256, 256>>>(d_u, d_f, N, d_r);
        cudaMemcpy(&r, d_r, sizeof(r), cudaMemcpyDeviceToHost);
        cudaFree(d_r);
        return r;
    }
    long long value_at(int i)
    {
        long long v;
        cudaMemcpy(&v, d_u + i, sizeof(v), cudaMemcpyDeviceToHost);
        return v;
    }

protected:
    virtual void prepare() {}
    long long *d_u = nullptr;
    long long *d_f = nullptr;
};

class JacobiSolver : public Solver {
public:
    ~JacobiSolver() override { cudaFree(d_v); }
    std::string name() const override { return "jacobi"; }
    void iterate() override
    {
        jacobi_step<<<N / 256, 256>>>(d_u, d_v, d_f, N);
        std::swap(d_u, d_v);
    }

protected:
    void prepare() override
    {
        cudaMalloc(&d_v, N * sizeof(long long));
        cudaMemset(d_v, 0, N * sizeof(long long));
    }

private:
    long long *d_v = nullptr;
};

class RedBlackSolver final : public Solver {
public:
    std::string name() const override { return "red-black"; }
    void iterate() override
    {
        redblack_step<<<N / 512, 256>>>(d_u, d_f, N, 1);
        redblack_step<<<N / 512, 256>>>(d_u, d_f, N, 0);
    }
};

std::unique_ptr<Solver> make_solver(const std::string &kind)
{
    if (kind == "jacobi") return std::unique_ptr<Solver>(new JacobiSolver());
    return std::make_unique<RedBlackSolver>();
}

int main()
{
    std::vector<long long> f(N, 0);
    // point sources, scaled so that integer halving stays meaningful
    f[N / 4] = 1LL << 40;
    f[N / 2] = -(1LL << 39);
    f[3 * N / 4] = 1LL << 38;
    const char *kinds[] = {"jacobi", "red-black"};
    bool ok = true;
    for (const char *k : kinds) {
        std::unique_ptr<Solver> s = make_solver(k);
        s->setup(f);
        printf("solver %s\n", s->name().c_str());
        unsigned long long start = s->residual();
        for (int round = 1; round <= 4; ++round) {
            for (int it = 0; it < 500; ++it) s->iterate();
            printf("  after %4d iterations: residual %llu, u[N/4] = %lld, u[N/2] = %lld\n", round * 500,
                   s->residual(), s->value_at(N / 4), s->value_at(N / 2));
        }
        bool decreased = s->residual() < start;
        printf("  residual decreased: %s\n", decreased ? "yes" : "no");
        ok = ok && decreased;
    }
    printf("%s\n", ok ? "PASS" : "FAIL");
    return 0;
}
