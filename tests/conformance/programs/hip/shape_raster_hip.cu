// HIP version of virtual/shape_raster.cu: the same program through the HIP API and hipLaunchKernelGGL.
// A Shape hierarchy with virtual functions on the host: each shape knows its name, its exact area
// and how to rasterize itself with a kernel into a shared coverage grid.
#include <cstdio>
#include <vector>
#include <hip/hip_runtime.h>

const int W = 64, H = 48;

__global__ void raster_rect(int *grid, int x0, int y0, int x1, int y1, int id)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H && x >= x0 && x < x1 && y >= y0 && y < y1) atomicAdd(&grid[y * W + x], id);
}

__global__ void raster_disc(int *grid, int cx, int cy, int r, int id)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int dx = x - cx, dy = y - cy;
    if (x < W && y < H && dx * dx + dy * dy <= r * r) atomicAdd(&grid[y * W + x], id);
}

__global__ void raster_triangle(int *grid, int x0, int y0, int size, int id)
{
    // right triangle with legs along +x and +y
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int u = x - x0, v = y - y0;
    if (x < W && y < H && u >= 0 && v >= 0 && u + v < size) atomicAdd(&grid[y * W + x], id);
}

class Shape {
public:
    explicit Shape(int id) : id_(id) {}
    virtual ~Shape() { printf("  ~Shape(%d)\n", id_); }
    virtual const char *name() const = 0;
    virtual int cells() const = 0;  // cells covered, computed on the host
    virtual void draw(int *d_grid) const = 0;
    int id() const { return id_; }

protected:
    int id_;
    static dim3 block() { return dim3(16, 16); }
    static dim3 grid() { return dim3((W + 15) / 16, (H + 15) / 16); }
};

class Rect : public Shape {
public:
    Rect(int id, int x0, int y0, int x1, int y1) : Shape(id), x0(x0), y0(y0), x1(x1), y1(y1) {}
    const char *name() const override { return "rect"; }
    int cells() const override { return (x1 - x0) * (y1 - y0); }
    void draw(int *d_grid) const override { hipLaunchKernelGGL(raster_rect, dim3(grid()), dim3(block()), 0, 0, d_grid, x0, y0, x1, y1, id_); }

private:
    int x0, y0, x1, y1;
};

class Square : public Rect {
public:
    Square(int id, int x, int y, int s) : Rect(id, x, y, x + s, y + s) {}
    const char *name() const override { return "square"; }
};

class Disc : public Shape {
public:
    Disc(int id, int cx, int cy, int r) : Shape(id), cx(cx), cy(cy), r(r) {}
    ~Disc() override { printf("  ~Disc(%d)\n", id_); }
    const char *name() const override { return "disc"; }
    int cells() const override
    {
        int c = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) c++;
        return c;
    }
    void draw(int *d_grid) const override { hipLaunchKernelGGL(raster_disc, dim3(grid()), dim3(block()), 0, 0, d_grid, cx, cy, r, id_); }

private:
    int cx, cy, r;
};

class Triangle : public Shape {
public:
    Triangle(int id, int x, int y, int size) : Shape(id), x(x), y(y), size(size) {}
    const char *name() const override { return "triangle"; }
    int cells() const override { return size * (size + 1) / 2; }
    void draw(int *d_grid) const override { hipLaunchKernelGGL(raster_triangle, dim3(grid()), dim3(block()), 0, 0, d_grid, x, y, size, id_); }

private:
    int x, y, size;
};

int main()
{
    std::vector<Shape *> shapes;
    shapes.push_back(new Rect(1, 2, 2, 20, 12));
    shapes.push_back(new Disc(2, 40, 24, 9));
    shapes.push_back(new Triangle(4, 5, 20, 16));
    shapes.push_back(new Square(8, 50, 3, 10));
    int *d_grid;
    hipMalloc(&d_grid, W * H * sizeof(int));
    hipMemset(d_grid, 0, W * H * sizeof(int));
    int expected_cells = 0;
    for (const Shape *s : shapes) {
        s->draw(d_grid);
        printf("%-8s id %d covers %d cells\n", s->name(), s->id(), s->cells());
        expected_cells += s->cells();
    }
    int h_grid[W * H];
    hipMemcpy(h_grid, d_grid, sizeof(h_grid), hipMemcpyDeviceToHost);
    int covered = 0, per_id[16] = {0};
    for (int i = 0; i < W * H; i++) {
        for (int b = 0; b < 4; b++)
            if (h_grid[i] & (1 << b)) per_id[1 << b]++;
        if (h_grid[i]) covered++;
    }
    bool ok = true;
    for (const Shape *s : shapes) {
        if (per_id[s->id()] != s->cells()) ok = false;
    }
    for (int y = 0; y < H; y += 4) {
        for (int x = 0; x < W; x += 2) putchar(h_grid[y * W + x] ? "0123456789abcdef"[h_grid[y * W + x]] : '.');
        putchar('\n');
    }
    printf("cells drawn %d (sum over shapes %d)\n", covered, expected_cells);
    printf("deleting shapes\n");
    for (Shape *s : shapes) delete s;
    hipFree(d_grid);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return 0;
}
