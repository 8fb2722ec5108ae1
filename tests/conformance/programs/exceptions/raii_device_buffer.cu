// RAII ownership of device memory: a DeviceBuffer template frees in its destructor, is movable but
// not copyable, and bounds-checked access throws std::out_of_range; destructors run during stack
// unwinding, which the program makes visible through a live-buffer counter.
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>
#include <cuda_runtime.h>

static int live_buffers = 0;

template <typename T>
class DeviceBuffer {
public:
    explicit DeviceBuffer(size_t n) : n_(n)
    {
        if (n == 0) throw std::invalid_argument("DeviceBuffer: zero elements");
        if (cudaMalloc(&p_, n * sizeof(T)) != cudaSuccess) throw std::bad_alloc();
        ++live_buffers;
    }
    ~DeviceBuffer()
    {
        if (p_) {
            cudaFree(p_);
            --live_buffers;
        }
    }
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
    DeviceBuffer(DeviceBuffer &&o) noexcept : p_(o.p_), n_(o.n_)
    {
        o.p_ = nullptr;
        o.n_ = 0;
    }
    T *get() const { return p_; }
    size_t size() const { return n_; }
    void upload(const std::vector<T> &h)
    {
        if (h.size() != n_) throw std::length_error("upload: size mismatch");
        cudaMemcpy(p_, h.data(), n_ * sizeof(T), cudaMemcpyHostToDevice);
    }
    std::vector<T> download() const
    {
        std::vector<T> h(n_);
        cudaMemcpy(h.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost);
        return h;
    }
    T at(size_t i) const
    {
        if (i >= n_) throw std::out_of_range("DeviceBuffer::at: index " + std::to_string(i) + " >= " + std::to_string(n_));
        T v;
        cudaMemcpy(&v, p_ + i, sizeof(T), cudaMemcpyDeviceToHost);
        return v;
    }

private:
    T *p_ = nullptr;
    size_t n_;
};

__global__ void cube(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * x[i] * x[i];
}

DeviceBuffer<int> cubes(int n)
{
    DeviceBuffer<int> buf(n);
    std::vector<int> h(n);
    for (int i = 0; i < n; i++) h[i] = i - n / 2;
    buf.upload(h);
    cube<<<(n + 63) / 64, 64>>>(buf.get(), n);
    return buf;
}

void risky(int step)
{
    DeviceBuffer<float> scratch(256);
    DeviceBuffer<int> more(128);
    printf("  step %d: %d buffers live\n", step, live_buffers);
    if (step == 1) throw std::runtime_error("step 1 failed");
    if (step == 2) more.at(128);
    if (step == 3) DeviceBuffer<double> none(0);
}

int main()
{
    {
        DeviceBuffer<int> c = cubes(21);
        std::vector<int> h = c.download();
        printf("cubes:");
        for (int v : h) printf(" %d", v);
        printf("\n");
        printf("c.at(20) = %d\n", c.at(20));
        try {
            c.at(21);
        } catch (const std::out_of_range &e) {
            printf("out_of_range: %s\n", e.what());
        }
        DeviceBuffer<int> moved(std::move(c));
        printf("after move: c.size()=%zu moved.size()=%zu live=%d\n", c.size(), moved.size(), live_buffers);
        try {
            moved.upload(std::vector<int>(5));
        } catch (const std::length_error &e) {
            printf("length_error: %s\n", e.what());
        }
    }
    printf("live after scope: %d\n", live_buffers);
    int caught = 0;
    for (int step = 0; step < 4; step++) {
        try {
            risky(step);
            printf("  step %d ok\n", step);
        } catch (const std::invalid_argument &e) {
            ++caught;
            printf("  invalid_argument: %s (live %d)\n", e.what(), live_buffers);
        } catch (const std::exception &e) {
            ++caught;
            printf("  exception: %s (live %d)\n", e.what(), live_buffers);
        }
    }
    printf("caught %d, live %d\n", caught, live_buffers);
    printf("%s\n", caught == 3 && live_buffers == 0 ? "PASS" : "FAIL");
    return 0;
}
