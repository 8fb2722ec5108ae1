// A neural-network-style pipeline of layers behind a virtual interface: each Layer's forward()
// launches its own kernel; layers live in a std::vector<std::unique_ptr<Layer>> and describe
// themselves through a virtual describe(). Values are multiples of 1/16, so every step is exact.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <cuda_runtime.h>

__global__ void relu_kernel(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] < 0.0f) x[i] = 0.0f;
}

__global__ void affine_kernel(float *x, int n, float scale, float bias)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = __fadd_rn(__fmul_rn(x[i], scale), bias);
}

__global__ void clamp_kernel(float *x, int n, float lo, float hi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = fminf(fmaxf(x[i], lo), hi);
}

__global__ void pool_kernel(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) y[i] = fmaxf(x[2 * i], x[2 * i + 1]);
}

class Layer {
public:
    virtual ~Layer() = default;
    // returns the length of the output, which lands in `out` (may be `in` for in-place layers)
    virtual int forward(float *in, float *out, int n) = 0;
    virtual std::string describe() const = 0;
    virtual bool in_place() const { return true; }

protected:
    static int blocks(int n) { return (n + 127) / 128; }
};

class ReLU : public Layer {
public:
    int forward(float *in, float *, int n) override
    {
        relu_kernel<<<blocks(n), 128>>>(in, n);
        return n;
    }
    std::string describe() const override { return "ReLU"; }
};

class Affine : public Layer {
public:
    Affine(float s, float b) : scale(s), bias(b) {}
    int forward(float *in, float *, int n) override
    {
        affine_kernel<<<blocks(n), 128>>>(in, n, scale, bias);
        return n;
    }
    std::string describe() const override
    {
        char buf[64];
        snprintf(buf, sizeof buf, "Affine(x*%g%+g)", scale, bias);
        return buf;
    }

private:
    float scale, bias;
};

class Clamp : public Layer {
public:
    Clamp(float lo, float hi) : lo(lo), hi(hi) {}
    int forward(float *in, float *, int n) override
    {
        clamp_kernel<<<blocks(n), 128>>>(in, n, lo, hi);
        return n;
    }
    std::string describe() const override { return "Clamp[" + std::to_string((int)lo) + "," + std::to_string((int)hi) + "]"; }

private:
    float lo, hi;
};

class MaxPool2 : public Layer {
public:
    int forward(float *in, float *out, int n) override
    {
        pool_kernel<<<blocks(n / 2), 128>>>(in, out, n);
        return n / 2;
    }
    std::string describe() const override { return "MaxPool(2)"; }
    bool in_place() const override { return false; }
};

int main()
{
    const int n = 1024;
    std::vector<float> h(n);
    for (int i = 0; i < n; i++) h[i] = ((i * 37) % 161 - 80) / 16.0f;
    std::vector<std::unique_ptr<Layer>> net;
    net.push_back(std::make_unique<Affine>(0.5f, 1.0f));
    net.push_back(std::make_unique<ReLU>());
    net.push_back(std::make_unique<MaxPool2>());
    net.push_back(std::make_unique<Affine>(2.0f, -0.75f));
    net.push_back(std::make_unique<Clamp>(0.0f, 3.0f));
    net.push_back(std::make_unique<MaxPool2>());

    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemcpy(a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    int len = n;
    for (auto &layer : net) {
        len = layer->forward(a, b, len);
        if (!layer->in_place()) std::swap(a, b);
        printf("%-18s -> %d values\n", layer->describe().c_str(), len);
    }
    std::vector<float> out(len);
    cudaMemcpy(out.data(), a, len * sizeof(float), cudaMemcpyDeviceToHost);

    // host reference of the same pipeline
    std::vector<float> r(h);
    for (auto &v : r) v = v * 0.5f + 1.0f;
    for (auto &v : r) v = v < 0 ? 0 : v;
    std::vector<float> p(n / 2);
    for (int i = 0; i < n / 2; i++) p[i] = r[2 * i] > r[2 * i + 1] ? r[2 * i] : r[2 * i + 1];
    for (auto &v : p) v = v * 2.0f - 0.75f;
    for (auto &v : p) v = v < 0 ? 0 : (v > 3 ? 3 : v);
    std::vector<float> q(n / 4);
    for (int i = 0; i < n / 4; i++) q[i] = p[2 * i] > p[2 * i + 1] ? p[2 * i] : p[2 * i + 1];

    printf("first outputs:");
    for (int i = 0; i < 10; i++) printf(" %g", out[i]);
    printf("\n");
    double sum = 0;
    for (float v : out) sum += v;
    printf("sum %.4f over %d outputs\n", sum, len);
    bool ok = len == n / 4 && out == q;
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(a);
    cudaFree(b);
    return 0;
}
