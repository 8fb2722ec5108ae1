// RAII and object lifetimes: a Buffer class owns device memory (cudaMalloc in its constructor,
// cudaFree in its destructor) and logs every allocation, copy, move and release, so the output
// shows exactly when C++ makes and destroys objects: temporaries at the end of their
// full-expression, by-value parameters, returned objects (with and without a copy), a temporary
// bound to a const reference, and buffers kept in containers. A small kernel scales each buffer.
#include <cstdio>
#include <list>
#include <string>
#include <utility>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                                  \
    do {                                                                             \
        cudaError_t err_ = (call);                                                   \
        if (err_ != cudaSuccess) {                                                   \
            printf("CUDA error %s at line %d\n", cudaGetErrorString(err_), __LINE__); \
            return 1;                                                                \
        }                                                                            \
    } while (0)

static int allocations = 0;
static int releases = 0;
static int next_id = 1;

__global__ void scale(int *data, int n, int factor)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

class Buffer {
public:
    explicit Buffer(int n) : n_(n), id_(next_id++)
    {
        cudaMalloc(&d_, n_ * sizeof(int));
        ++allocations;
        std::vector<int> h(n_);
        for (int i = 0; i < n_; i++) h[i] = i + 1;
        cudaMemcpy(d_, h.data(), n_ * sizeof(int), cudaMemcpyHostToDevice);
        printf("  alloc  #%d (%d ints)\n", id_, n_);
    }
    Buffer(const Buffer &o) : n_(o.n_), id_(next_id++)
    {
        cudaMalloc(&d_, n_ * sizeof(int));
        ++allocations;
        cudaMemcpy(d_, o.d_, n_ * sizeof(int), cudaMemcpyDeviceToDevice);
        printf("  copy   #%d -> #%d\n", o.id_, id_);
    }
    Buffer(Buffer &&o) noexcept : d_(o.d_), n_(o.n_), id_(o.id_)
    {
        o.d_ = nullptr;
        o.n_ = 0;
        printf("  move   #%d\n", id_);
    }
    Buffer &operator=(const Buffer &) = delete;
    ~Buffer()
    {
        if (d_) {
            cudaFree(d_);
            ++releases;
            printf("  free   #%d\n", id_);
        } else {
            printf("  empty  #%d\n", id_);
        }
    }
    void scaleBy(int factor)
    {
        scale<<<(n_ + 127) / 128, 128>>>(d_, n_, factor);
        cudaDeviceSynchronize();
    }
    long long sum() const
    {
        std::vector<int> h(n_);
        cudaMemcpy(h.data(), d_, n_ * sizeof(int), cudaMemcpyDeviceToHost);
        long long s = 0;
        for (int v : h) s += v;
        return s;
    }
    int id() const { return id_; }

private:
    int *d_ = nullptr;
    int n_;
    int id_;
};

// a const reference: no copy; the caller's temporary lives until the end of its statement
long long total(const Buffer &b) { return b.sum(); }

// by value: the parameter is a copy of an lvalue, or the temporary itself
long long scaledTotal(Buffer b, int factor)
{
    b.scaleBy(factor);
    return b.sum();
}

// one named result: returned without a copy (NRVO)
Buffer makeScaled(int n, int factor)
{
    Buffer b(n);
    b.scaleBy(factor);
    return b;
}

// a returned temporary: built in the caller's object (guaranteed elision)
Buffer makePlain(int n) { return Buffer(n); }

int main()
{
    printf("1. temporary as an argument\n");
    printf("  total = %lld\n", total(Buffer(100)));

    printf("2. by value\n");
    Buffer a(10);
    long long scaled = scaledTotal(a, 3);
    printf("  scaled copy = %lld\n", scaled);
    printf("  a still = %lld\n", a.sum());
    scaled = scaledTotal(Buffer(20), 2);
    printf("  scaled temporary = %lld\n", scaled);

    printf("3. returned objects\n");
    Buffer s = makeScaled(50, 4);
    Buffer p = makePlain(8);
    printf("  s = %lld, p = %lld\n", s.sum(), p.sum());
    printf("  discarded total = %lld\n", makeScaled(4, 10).sum());

    printf("4. a temporary bound to a const reference\n");
    {
        const Buffer &r = makePlain(30);
        printf("  r = %lld (#%d)\n", r.sum(), r.id());
        printf("  leaving the block\n");
    }

    printf("5. containers\n");
    {
        std::vector<Buffer> pool;
        pool.reserve(4);
        for (int i = 1; i <= 3; i++) pool.push_back(Buffer(i * 16));
        pool.push_back(a);
        long long all = 0;
        for (const Buffer &b : pool) all += b.sum();
        printf("  pool of %d, sum %lld\n", (int)pool.size(), all);
        pool.pop_back();
        std::list<Buffer> queue;
        queue.push_back(std::move(s));
        queue.push_back(p);
        queue.front().scaleBy(2);
        printf("  queue front = %lld\n", queue.front().sum());
        queue.pop_front();
        printf("  leaving the containers' scope\n");
    }

    printf("6. end of main\n");
    CHECK(cudaGetLastError());
    printf("allocations %d, releases before exit %d\n", allocations, releases);
    return 0;
}
