// Integer matrices filled from std::minstd_rand and std::uniform_int_distribution, multiplied by a
// tiled kernel and on the host; the report uses std::cout with std::setw and a std::string summary.
#include <iostream>
#include <iomanip>
#include <random>
#include <vector>
#include <string>
#include <sstream>
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul(const int *A, const int *B, int *C, int M, int K, int N)
{
    __shared__ int As[TILE][TILE];
    __shared__ int Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    int acc = 0;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int ak = t * TILE + threadIdx.x;
        int bk = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0;
        Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

int main()
{
    const int M = 45, K = 37, N = 29;
    std::minstd_rand rng(99);
    std::uniform_int_distribution<int> d(-9, 9);
    std::vector<int> A(M * K), B(K * N), C(M * N), R(M * N, 0);
    for (auto &a : A) a = d(rng);
    for (auto &b : B) b = d(rng);
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j)
            for (int k = 0; k < K; ++k) R[i * N + j] += A[i * K + k] * B[k * N + j];

    int *dA, *dB, *dC;
    cudaMalloc(&dA, A.size() * sizeof(int));
    cudaMalloc(&dB, B.size() * sizeof(int));
    cudaMalloc(&dC, C.size() * sizeof(int));
    cudaMemcpy(dA, A.data(), A.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B.data(), B.size() * sizeof(int), cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul<<<grid, block>>>(dA, dB, dC, M, K, N);
    cudaMemcpy(C.data(), dC, C.size() * sizeof(int), cudaMemcpyDeviceToHost);

    std::cout << "A is " << M << "x" << K << ", B is " << K << "x" << N << std::endl;
    std::cout << "top-left block of C:" << std::endl;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 6; ++j) std::cout << std::setw(5) << C[i * N + j];
        std::cout << std::endl;
    }
    int mismatches = 0;
    long long trace = 0;
    for (int i = 0; i < M * N; ++i)
        if (C[i] != R[i]) ++mismatches;
    for (int i = 0; i < std::min(M, N); ++i) trace += C[i * N + i];
    std::ostringstream summary;
    summary << "trace=" << trace << " mismatches=" << mismatches;
    std::string s = summary.str();
    std::cout << s << " (" << s.size() << " chars)" << std::endl;
    std::cout << (mismatches == 0 ? "PASS" : "FAIL") << std::endl;
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}
