// Half precision as tutorials introduce it: floats converted with __float2half, arithmetic with
// __hadd/__hmul and the __half operators, __half2 pairs, and conversions back with __half2float.
// Values are small dyadic numbers, exactly representable in half.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void axpy_half(int n, __half a, const __half *x, __half *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __hadd(__hmul(a, x[i]), y[i]);
}

__global__ void pair_ops(int n, const __half2 *p, __half2 *sum, float *dots)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half2 v = p[i];
        sum[i] = __hadd2(v, __halves2half2(__float2half(1.0f), __float2half(-0.5f)));
        __half prod = __low2half(v) * __high2half(v);
        dots[i] = __half2float(prod);
    }
}

__global__ void compare(int n, const __half *x, int *flags)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half h = x[i];
        flags[i] = (__hgt(h, __float2half(4.0f)) ? 1 : 0) | (h == __float2half(2.5f) ? 2 : 0);
    }
}

int main()
{
    const int n = 64;
    __half hx[n], hy[n];
    for (int i = 0; i < n; i++) {
        hx[i] = __float2half((i % 16) * 0.5f);
        hy[i] = __float2half((i % 4) * 0.25f);
    }
    __half *dx, *dy;
    cudaMalloc(&dx, sizeof(hx));
    cudaMalloc(&dy, sizeof(hy));
    cudaMemcpy(dx, hx, sizeof(hx), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy, sizeof(hy), cudaMemcpyHostToDevice);
    axpy_half<<<1, n>>>(n, __float2half(2.0f), dx, dy);
    __half out[n];
    cudaMemcpy(out, dy, sizeof(out), cudaMemcpyDeviceToHost);
    printf("axpy:");
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float ref = 2.0f * ((i % 16) * 0.5f) + (i % 4) * 0.25f;
        if (__half2float(out[i]) != ref) bad++;
        if (i < 10) printf(" %g", __half2float(out[i]));
    }
    printf("\n");

    __half2 pairs[n];
    for (int i = 0; i < n; i++) pairs[i] = __floats2half2_rn((i % 8) * 0.25f, (i % 5) - 2.0f);
    __half2 *dp, *ds;
    float *dd;
    cudaMalloc(&dp, sizeof(pairs));
    cudaMalloc(&ds, sizeof(pairs));
    cudaMalloc(&dd, n * sizeof(float));
    cudaMemcpy(dp, pairs, sizeof(pairs), cudaMemcpyHostToDevice);
    pair_ops<<<1, n>>>(n, dp, ds, dd);
    __half2 sums[n];
    float dots[n];
    cudaMemcpy(sums, ds, sizeof(sums), cudaMemcpyDeviceToHost);
    cudaMemcpy(dots, dd, sizeof(dots), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 6; i++) {
        float2 f = __half22float2(sums[i]);
        printf("pair %d: sum (%g, %g) product %g\n", i, f.x, f.y, dots[i]);
    }
    int *dflags, flags[n];
    cudaMalloc(&dflags, sizeof(flags));
    compare<<<1, n>>>(n, dx, dflags);
    cudaMemcpy(flags, dflags, sizeof(flags), cudaMemcpyDeviceToHost);
    int above = 0, exact = 0;
    for (int i = 0; i < n; i++) {
        above += flags[i] & 1;
        exact += (flags[i] >> 1) & 1;
    }
    printf("x > 4: %d, x == 2.5: %d\n", above, exact);
    printf("half of 65504 * 2 overflows to: %g\n", __half2float(__float2half(65504.0f * 2.0f)));
    printf("%s\n", bad == 0 && above == 28 && exact == 4 ? "PASS" : "FAIL");
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dp);
    cudaFree(ds);
    cudaFree(dd);
    cudaFree(dflags);
    return 0;
}
