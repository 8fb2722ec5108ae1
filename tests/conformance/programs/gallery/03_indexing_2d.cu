// Lesson 3: 2D indexing, one thread per pixel.
//
// Images and matrices are two-dimensional, and so can the launch be: dim3 gives blocks and grids
// an x and a y size. Each thread finds its column from the x parts and its row from the y parts,
// then the element's place in memory as row * width + column (rows stored one after another).
// This kernel draws a small picture: a disc that glows brightest at its centre.
#include <cstdio>

const int W = 40;   // deliberately not a multiple of the block size
const int H = 18;

__global__ void drawDisc(char *image, int width, int height, int cx, int cy)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;   // column
    int y = blockIdx.y * blockDim.y + threadIdx.y;   // row
    if (x >= width || y >= height) return;           // outside the image

    // Terminal characters are about twice as tall as wide: count x steps as half as far.
    int dx = (x - cx) / 2, dy = y - cy;
    int d2 = dx * dx + dy * dy;
    const char shades[] = " .:-=+*#%@";        // from dark to bright
    image[y * width + x] = shades[9 - min(9, d2 / 8)];
}

int main()
{
    char *dImage;
    cudaMalloc(&dImage, W * H);

    dim3 block(16, 8);                                // 128 threads per block
    dim3 grid((W + block.x - 1) / block.x,            // 3 blocks across
              (H + block.y - 1) / block.y);           // 3 blocks down
    printf("grid %u x %u blocks of %u x %u threads for a %d x %d image\n",
           grid.x, grid.y, block.x, block.y, W, H);
    drawDisc<<<grid, block>>>(dImage, W, H, W / 2, H / 2);

    char image[W * H];
    cudaMemcpy(image, dImage, W * H, cudaMemcpyDeviceToHost);
    for (int y = 0; y < H; ++y) {
        printf("|%.*s|\n", W, image + y * W);
    }

    // The host computes the same picture to check every pixel.
    const char shades[] = " .:-=+*#%@";
    int wrong = 0;
    for (int y = 0; y < H; ++y) {
        for (int x = 0; x < W; ++x) {
            int dx = (x - W / 2) / 2, dy = y - H / 2;
            int d2 = dx * dx + dy * dy;
            if (image[y * W + x] != shades[9 - (d2 / 8 < 9 ? d2 / 8 : 9)]) ++wrong;
        }
    }
    printf("%s\n", wrong == 0 ? "PASS" : "FAIL");
    cudaFree(dImage);
    return 0;
}
