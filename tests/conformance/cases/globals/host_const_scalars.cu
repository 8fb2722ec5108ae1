// Namespace-scope const scalars (no __device__ or __constant__) used directly in kernels: CUDA lets
// device code read a const variable of scalar type initialised with a constant expression, as the
// physics constants and tuning knobs of many samples are written.
#include <cstdio>

const float kGravity = 9.81f;
const double kHalf = 0.5;
const int kSteps = 4;
static const unsigned kMask = 0xF0u;
const bool kClamp = true;
const float kLimit = 30.0f;

__global__ void fall(float *height, double *energy, unsigned *bits, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float t = i * 0.25f;
    float h = kHalf * kGravity * t * t;          // double constant, float constant
    if (kClamp && h > kLimit) h = kLimit;
    height[i] = h;
    energy[i] = kHalf * (double)i * kSteps;
    bits[i] = ((unsigned)i * 37u) & kMask;
}

int main()
{
    const int n = 12;
    float *dh; double *de; unsigned *db;
    cudaMalloc(&dh, n * sizeof(float));
    cudaMalloc(&de, n * sizeof(double));
    cudaMalloc(&db, n * sizeof(unsigned));
    fall<<<2, 8>>>(dh, de, db, n);
    cudaError_t err = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorString(err));
    float h[n]; double e[n]; unsigned b[n];
    cudaMemcpy(h, dh, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(e, de, sizeof e, cudaMemcpyDeviceToHost);
    cudaMemcpy(b, db, sizeof b, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        printf("%2d  h=%.4f  e=%.1f  bits=0x%02x\n", i, h[i], e[i], b[i]);
    cudaFree(dh); cudaFree(de); cudaFree(db);
    return 0;
}
