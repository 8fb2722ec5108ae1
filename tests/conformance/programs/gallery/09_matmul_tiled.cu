// Lesson 9: matrix multiply, naive and tiled, timed with events.
//
// C = A * B with one thread per element of C. The naive kernel reads a whole row of A and a whole
// column of B from global memory for every single output: each input is fetched N times. The tiled
// kernel has a block of TILE x TILE threads load one tile of A and one of B into shared memory,
// all threads use them TILE times, then move on to the next pair of tiles: TILE times fewer global
// reads. cudaEvent timers measure each kernel on the GPU's own clock.
// (The times differ from run to run and machine to machine; the results must not.)
#include <cstdio>
#include <vector>

const int N = 64;
const int TILE = 16;

__global__ void matmulNaive(const float *A, const float *B, float *C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

__global__ void matmulTiled(const float *A, const float *B, float *C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;

    for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
        // each thread loads one element of each tile (zero outside the matrix)
        int aCol = t * TILE + threadIdx.x, bRow = t * TILE + threadIdx.y;
        tA[threadIdx.y][threadIdx.x] = (row < n && aCol < n) ? A[row * n + aCol] : 0.0f;
        tB[threadIdx.y][threadIdx.x] = (bRow < n && col < n) ? B[bRow * n + col] : 0.0f;
        __syncthreads();                       // both tiles complete
        for (int k = 0; k < TILE; ++k) sum += tA[threadIdx.y][k] * tB[k][threadIdx.x];
        __syncthreads();                       // done with them before the next load
    }
    if (row < n && col < n) C[row * n + col] = sum;
}

// Runs one kernel and returns its time in milliseconds.
template <typename Kernel>
float timeKernel(Kernel kernel, const float *A, const float *B, float *C)
{
    dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    kernel<<<grid, block>>>(A, B, C, N);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);                // wait until the GPU has passed `stop`
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms;
}

int main()
{
    // small integers: every product and sum is exact in float, whatever the order
    std::vector<float> A(N * N), B(N * N), C(N * N);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            A[i * N + j] = (float)((i + 2 * j) % 7 - 3);
            B[i * N + j] = (float)((3 * i + j) % 5 - 2);
        }
    std::vector<float> ref(N * N);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            float s = 0;
            for (int k = 0; k < N; ++k) s += A[i * N + k] * B[k * N + j];
            ref[i * N + j] = s;
        }

    size_t bytes = N * N * sizeof(float);
    float *dA, *dB, *dC;
    cudaMalloc(&dA, bytes);
    cudaMalloc(&dB, bytes);
    cudaMalloc(&dC, bytes);
    cudaMemcpy(dA, A.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B.data(), bytes, cudaMemcpyHostToDevice);

    printf("C = A * B with %d x %d matrices\n", N, N);
    const char *names[2] = {"naive", "tiled"};
    for (int v = 0; v < 2; ++v) {
        cudaMemset(dC, 0, bytes);
        float ms = v == 0 ? timeKernel(matmulNaive, dA, dB, dC) : timeKernel(matmulTiled, dA, dB, dC);
        cudaMemcpy(C.data(), dC, bytes, cudaMemcpyDeviceToHost);
        int wrong = 0;
        for (int i = 0; i < N * N; ++i)
            if (C[i] != ref[i]) ++wrong;
        printf("%s kernel: %.3f ms\n", names[v], ms);
        printf("%s: C[0][0] = %g, C[%d][%d] = %g, %s\n", names[v], C[0], N - 1, N - 1, C[N * N - 1],
               wrong == 0 ? "PASS" : "FAIL");
    }

    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}
