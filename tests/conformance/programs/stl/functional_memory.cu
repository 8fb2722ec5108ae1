// Host-side C++ that drives kernels through the standard library: a registry of operations in a
// std::map<std::string, std::function<...>>, lambdas capturing by value and reference, std::bind,
// std::shared_ptr with a custom deleter that frees device memory, and std::unique_ptr of an array.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <cuda_runtime.h>

__global__ void apply_affine(int *v, int n, int mul, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * mul + add;
}

__global__ void clamp_kernel(int *v, int n, int lo, int hi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = min(max(v[i], lo), hi);
}

static int frees = 0;

std::shared_ptr<int> device_array(int n)
{
    int *p = nullptr;
    cudaMalloc(&p, n * sizeof(int));
    return std::shared_ptr<int>(p, [](int *q) {
        cudaFree(q);
        ++frees;
    });
}

void affine(int *d, int n, int mul, int add)
{
    apply_affine<<<(n + 127) / 128, 128>>>(d, n, mul, add);
}

void clamp_range(int *d, int n, int lo, int hi)
{
    clamp_kernel<<<(n + 127) / 128, 128>>>(d, n, lo, hi);
}

int main()
{
    const int n = 1000;
    std::unique_ptr<int[]> host(new int[n]);
    for (int i = 0; i < n; i++) host[i] = i - 500;
    std::shared_ptr<int> data = device_array(n);
    {
        std::shared_ptr<int> alias = data;
        printf("owners: %ld\n", data.use_count());
    }
    printf("owners after scope: %ld\n", data.use_count());
    cudaMemcpy(data.get(), host.get(), n * sizeof(int), cudaMemcpyHostToDevice);

    int launches = 0;
    std::map<std::string, std::function<void(int *, int)>> ops;
    ops["double"] = [&launches](int *d, int len) {
        affine(d, len, 2, 0);
        ++launches;
    };
    int offset = 7;
    ops["shift"] = [offset, &launches](int *d, int len) {
        affine(d, len, 1, offset);
        ++launches;
    };
    ops["clamp"] = std::bind(clamp_range, std::placeholders::_1, std::placeholders::_2, -300, 300);
    printf("registered:");
    for (const auto &kv : ops) printf(" %s", kv.first.c_str());
    printf("\n");

    std::vector<std::string> program = {"double", "shift", "clamp", "double", "shift"};
    for (const std::string &name : program) {
        auto it = ops.find(name);
        if (it == ops.end()) {
            printf("unknown op %s\n", name.c_str());
            continue;
        }
        it->second(data.get(), n);
    }
    std::vector<int> result(n);
    cudaMemcpy(result.data(), data.get(), n * sizeof(int), cudaMemcpyDeviceToHost);

    std::function<int(int)> reference = [offset](int v) {
        v = 2 * v;
        v = v + offset;
        v = v < -300 ? -300 : (v > 300 ? 300 : v);
        v = 2 * v;
        return v + offset;
    };
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (result[i] != reference(host[i])) bad++;
    printf("launches through lambdas: %d\n", launches);
    printf("result[0] = %d, result[500] = %d, result[999] = %d\n", result[0], result[500], result[999]);
    auto count_if = [&](std::function<bool(int)> pred) {
        int c = 0;
        for (int v : result) c += pred(v);
        return c;
    };
    printf("saturated low: %d, high: %d\n", count_if([](int v) { return v == -593; }), count_if([](int v) { return v == 607; }));
    std::weak_ptr<int> watch = data;
    data.reset();
    printf("device frees: %d, expired: %s\n", frees, watch.expired() ? "yes" : "no");
    printf("%s\n", bad == 0 && frees == 1 && launches == 4 ? "PASS" : "FAIL");
    return 0;
}
