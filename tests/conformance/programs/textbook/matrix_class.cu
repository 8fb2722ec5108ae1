// A textbook Matrix class over std::vector<float> with operator()(row, col), copied to the GPU for
// a transpose-and-add kernel, and printed with a stream operator<<.
#include <iostream>
#include <iomanip>
#include <vector>
#include <string>
#include <cuda_runtime.h>

class Matrix {
public:
    Matrix(int rows, int cols) : rows_(rows), cols_(cols), data_(rows * cols, 0.0f) {}
    float &operator()(int r, int c) { return data_[r * cols_ + c]; }
    float operator()(int r, int c) const { return data_[r * cols_ + c]; }
    int rows() const { return rows_; }
    int cols() const { return cols_; }
    size_t bytes() const { return data_.size() * sizeof(float); }
    float *data() { return data_.data(); }
    const float *data() const { return data_.data(); }
    bool operator==(const Matrix &o) const { return rows_ == o.rows_ && cols_ == o.cols_ && data_ == o.data_; }

private:
    int rows_, cols_;
    std::vector<float> data_;
};

std::ostream &operator<<(std::ostream &os, const Matrix &m)
{
    for (int r = 0; r < m.rows(); ++r) {
        for (int c = 0; c < m.cols(); ++c) os << std::setw(7) << m(r, c);
        os << '\n';
    }
    return os;
}

// out = a + transpose(b), where a is rows x cols and b is cols x rows
__global__ void add_transposed(const float *a, const float *b, float *out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) out[r * cols + c] = a[r * cols + c] + b[c * rows + r];
}

Matrix gpu_add_transposed(const Matrix &a, const Matrix &b)
{
    Matrix out(a.rows(), a.cols());
    float *da, *db, *dout;
    cudaMalloc(&da, a.bytes());
    cudaMalloc(&db, b.bytes());
    cudaMalloc(&dout, out.bytes());
    cudaMemcpy(da, a.data(), a.bytes(), cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), b.bytes(), cudaMemcpyHostToDevice);
    dim3 block(8, 8);
    dim3 grid((a.cols() + 7) / 8, (a.rows() + 7) / 8);
    add_transposed<<<grid, block>>>(da, db, dout, a.rows(), a.cols());
    cudaMemcpy(out.data(), dout, out.bytes(), cudaMemcpyDeviceToHost);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dout);
    return out;
}

int main()
{
    const int R = 6, C = 9;
    Matrix a(R, C), b(C, R);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) a(r, c) = r * 10 + c;
    for (int r = 0; r < C; ++r)
        for (int c = 0; c < R; ++c) b(r, c) = (r - c) * 0.5f;
    Matrix g = gpu_add_transposed(a, b);
    Matrix h(R, C);
    for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) h(r, c) = a(r, c) + b(c, r);
    std::string title = "A + B^T (" + std::to_string(R) + "x" + std::to_string(C) + ")";
    std::cout << title << '\n' << std::string(title.size(), '=') << '\n';
    std::cout << g;
    std::cout << "matches host: " << std::boolalpha << (g == h) << std::endl;
    std::cout << ((g == h) ? "PASS" : "FAIL") << std::endl;
    return 0;
}
