// Lesson 12: the Mandelbrot set as a picture.
//
// For each pixel, c is the point of the complex plane it shows; the kernel iterates z = z*z + c
// from z = 0 and counts the steps until |z| > 2 (the point escapes) or MAX_ITER is reached (the
// point is taken to be in the set). Every pixel is independent: a perfect fit for one thread per
// pixel. The count picks the pixel's colour.
//
// Why __fmul_rn and __fadd_rn: by default nvcc fuses a multiply and an add into one
// fused-multiply-add (FMA), which rounds once instead of twice. Near the set's edge one rounding
// changes an escape count, so the GPU and a CPU check would disagree on a few pixels. The _rn
// intrinsics are plain, separately rounded operations that are never fused: every device then
// draws the same picture, bit for bit.
//
// The picture is printed in DECSIXEL (see the Game of Life lesson), one band of 6 pixel rows at a
// time, one colour after another.
#include <cstdio>
#include <vector>

const int W = 160, H = 120, MAX_ITER = 48;
const float X0 = -2.1f, Y0 = -1.05f, STEP = 0.0175f;

__device__ int escapeCount(float cx, float cy)
{
    float x = 0.0f, y = 0.0f;
    int i = 0;
    while (i < MAX_ITER) {
        float xx = __fmul_rn(x, x), yy = __fmul_rn(y, y);
        if (__fadd_rn(xx, yy) > 4.0f) break;
        float xy = __fmul_rn(x, y);
        y = __fadd_rn(__fadd_rn(xy, xy), cy);       // 2xy + cy
        x = __fadd_rn(__fsub_rn(xx, yy), cx);       // x^2 - y^2 + cx
        ++i;
    }
    return i;
}

// The view (x0, y0: the complex number at the top-left pixel; step: the width of a pixel) comes as
// parameters, so the same kernel can zoom anywhere.
__global__ void mandelbrot(unsigned char *colour, float x0, float y0, float step)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= W || py >= H) return;
    float cx = __fadd_rn(x0, __fmul_rn((float)px, step));
    float cy = __fadd_rn(y0, __fmul_rn((float)py, step));
    int n = escapeCount(cx, cy);
    colour[py * W + px] = n == MAX_ITER ? 0 : 1 + n % 7;   // 0: inside, black
}

// the same computation on the host, written plainly: separate roundings there too
int hostColour(int px, int py)
{
    float cx = X0 + (float)px * STEP, cy = Y0 + (float)py * STEP;
    float x = 0.0f, y = 0.0f;
    int i = 0;
    while (i < MAX_ITER) {
        float xx = x * x, yy = y * y;
        if (xx + yy > 4.0f) break;
        float xy = x * y;
        y = (xy + xy) + cy;
        x = (xx - yy) + cx;
        ++i;
    }
    return i == MAX_ITER ? 0 : 1 + i % 7;
}

void sixelRun(char c, int count)
{
    if (count > 3) printf("!%d%c", count, c);
    else for (int i = 0; i < count; ++i) putchar(c);
}

void drawSixel(const unsigned char *colour)
{
    // colour 0 black, 1-7 a palette from deep blue to yellow (percent RGB)
    static const int palette[8][3] = {{0, 0, 0}, {10, 10, 45}, {15, 25, 70}, {15, 50, 85},
                                      {20, 75, 80}, {50, 85, 50}, {85, 85, 25}, {100, 70, 10}};
    printf("\033Pq\"1;1;%d;%d", W, H);
    for (int c = 0; c < 8; ++c) printf("#%d;2;%d;%d;%d", c, palette[c][0], palette[c][1], palette[c][2]);
    for (int band = 0; band < H / 6; ++band) {
        bool first = true;
        for (int c = 0; c < 8; ++c) {
            // the sixel characters of colour c across this band; skip a colour it does not use
            std::vector<char> row(W);
            bool used = false;
            for (int x = 0; x < W; ++x) {
                int bits = 0;
                for (int r = 0; r < 6; ++r)
                    if (colour[(band * 6 + r) * W + x] == c) bits |= 1 << r;
                row[x] = (char)(63 + bits);
                used = used || bits != 0;
            }
            if (!used) continue;
            if (!first) putchar('$');
            first = false;
            printf("#%d", c);
            int start = 0;
            for (int x = 1; x <= W; ++x) {
                if (x == W || row[x] != row[start]) {
                    sixelRun(row[start], x - start);
                    start = x;
                }
            }
        }
        putchar('-');
    }
    printf("\033\\\n");
}

int main()
{
    unsigned char *dColour;
    cudaMalloc(&dColour, W * H);
    dim3 block(16, 16), grid((W + 15) / 16, (H + 15) / 16);
    mandelbrot<<<grid, block>>>(dColour, X0, Y0, STEP);

    std::vector<unsigned char> colour(W * H);
    cudaMemcpy(colour.data(), dColour, W * H, cudaMemcpyDeviceToHost);

    printf("Mandelbrot set: %d x %d pixels, at most %d iterations\n", W, H, MAX_ITER);
    drawSixel(colour.data());

    int inside = 0, wrong = 0;
    for (int py = 0; py < H; ++py)
        for (int px = 0; px < W; ++px) {
            inside += colour[py * W + px] == 0;
            wrong += colour[py * W + px] != hostColour(px, py);
        }
    printf("%d of %d pixels inside the set\n", inside, W * H);
    printf("%s (%d pixels differ from the CPU)\n", wrong == 0 ? "PASS" : "FAIL", wrong);
    cudaFree(dColour);
    return 0;
}
