// Lesson 10: heat diffusion, a stencil.
//
// A metal plate, 0 degrees inside, one edge held at 100 degrees. Each step, every inner point
// becomes the average of its four neighbours (a 5-point stencil, Jacobi's method). Each step
// reads the old grid and writes a new one, so no thread reads a value another thread is
// changing; the host swaps the two buffers between launches. Dividing by 4 is exact in floating
// point, so every run on every device gets the same bits.
#include <cstdio>
#include <utility>

const int NX = 24, NY = 16;

__global__ void heatStep(const float *cur, float *next)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= NX || y >= NY) return;
    int i = y * NX + x;
    if (x == 0 || y == 0 || x == NX - 1 || y == NY - 1) {
        next[i] = cur[i];                              // the edges keep their temperature
    } else {
        next[i] = (cur[i - 1] + cur[i + 1] + cur[i - NX] + cur[i + NX]) * 0.25f;
    }
}

int main()
{
    float h[NX * NY] = {0};
    for (int x = 0; x < NX; ++x) h[x] = 100.0f;       // the top edge is hot

    float *dCur, *dNext;
    cudaMalloc(&dCur, sizeof(h));
    cudaMalloc(&dNext, sizeof(h));
    cudaMemcpy(dCur, h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemcpy(dNext, h, sizeof(h), cudaMemcpyHostToDevice);

    dim3 block(8, 8), grid((NX + 7) / 8, (NY + 7) / 8);
    const int steps = 200;
    for (int s = 0; s < steps; ++s) {
        heatStep<<<grid, block>>>(dCur, dNext);
        std::swap(dCur, dNext);                        // the new grid is the next step's input
    }
    cudaMemcpy(h, dCur, sizeof(h), cudaMemcpyDeviceToHost);

    // the plate as shades: ' ' cold ... '@' hot
    const char *shades = " .:-=+*#%@";
    printf("temperature after %d steps:\n", steps);
    for (int y = 0; y < NY; ++y) {
        for (int x = 0; x < NX; ++x) putchar(shades[h[y * NX + x] >= 100.0f ? 9 : (int)(h[y * NX + x] / 10.0f)]);
        putchar('\n');
    }
    printf("centre column, top to bottom:");
    for (int y = 0; y < NY; y += 3) printf(" %.4f", h[y * NX + NX / 2]);
    printf("\n");

    // heat flows from hot to cold: down the centre column the temperature must fall
    bool falling = true;
    for (int y = 1; y < NY - 1; ++y)
        if (!(h[(y + 1) * NX + NX / 2] < h[y * NX + NX / 2])) falling = false;
    printf("%s\n", falling ? "PASS" : "FAIL");

    cudaFree(dCur);
    cudaFree(dNext);
    return 0;
}
