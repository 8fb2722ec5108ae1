// Lesson 11: Conway's Game of Life, drawn as pictures in the terminal.
//
// Each cell of a grid is alive or dead; in every generation a live cell with 2 or 3 live
// neighbours survives, a dead cell with exactly 3 comes alive, all others die. One thread
// computes one cell of the next generation from the current one (two buffers, swapped after
// each launch). The edges wrap around, so the board is a torus. The pattern is Gosper's glider
// gun, which sends out a new glider every 30 generations.
//
// The pictures use DECSIXEL, an image format for terminals: ESC P q starts it, "#n;2;r;g;b"
// defines colour n (percent RGB), each character from '?' (63) up holds a column of 6 pixels
// (bit 0 on top), "!count c" repeats c, "$" returns to the left edge of the band, "-" moves down
// 6 pixels, and ESC \ ends it. webcu's terminal draws it; a plain text terminal shows the codes.
#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <utility>

// The board is W x H cells. Each cell is drawn as SCALE x SCALE pixels: with 3, a sixel band of
// 6 pixel rows covers exactly 2 rows of cells.
const int W = 64, H = 32, SCALE = 3;

__device__ __host__ int neighbours(const unsigned char *b, int x, int y)
{
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (dx != 0 || dy != 0) n += b[((y + dy + H) % H) * W + (x + dx + W) % W];
    return n;
}

__global__ void lifeStep(const unsigned char *cur, unsigned char *next)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= W || y >= H) return;
    int n = neighbours(cur, x, y);
    next[y * W + x] = (n == 3 || (n == 2 && cur[y * W + x])) ? 1 : 0;
}

// Writes one run of `count` equal sixel characters, shortened with "!count" when that is shorter.
void sixelRun(char c, int count)
{
    if (count > 3) printf("!%d%c", count, c);
    else for (int i = 0; i < count; ++i) putchar(c);
}

// The board as a sixel picture: live cells green on a dark background.
void drawBoard(const unsigned char *b)
{
    printf("\033Pq\"1;1;%d;%d#0;2;8;10;16#1;2;30;85;45", W * SCALE, H * SCALE);
    for (int band = 0; band < H / 2; ++band) {
        for (int colour = 0; colour <= 1; ++colour) {
            printf("#%d", colour);
            char run = 0;
            int count = 0;
            for (int px = 0; px < W * SCALE; ++px) {
                int x = px / SCALE;
                bool top = b[(2 * band) * W + x] == colour, bottom = b[(2 * band + 1) * W + x] == colour;
                char c = (char)(63 + (top ? 7 : 0) + (bottom ? 56 : 0));   // bits 0-2 and 3-5
                if (c != run && count > 0) {
                    sixelRun(run, count);
                    count = 0;
                }
                run = c;
                ++count;
            }
            sixelRun(run, count);
            putchar(colour == 0 ? '$' : '-');   // second colour over the same band, then down
        }
    }
    printf("\033\\\n");
}

int population(const unsigned char *b)
{
    int p = 0;
    for (int i = 0; i < W * H; ++i) p += b[i];
    return p;
}

int main()
{
    static const int gun[][2] = {
        {24, 0}, {22, 1}, {24, 1}, {12, 2}, {13, 2}, {20, 2}, {21, 2}, {34, 2}, {35, 2},
        {11, 3}, {15, 3}, {20, 3}, {21, 3}, {34, 3}, {35, 3}, {0, 4}, {1, 4}, {10, 4},
        {16, 4}, {20, 4}, {21, 4}, {0, 5}, {1, 5}, {10, 5}, {14, 5}, {16, 5}, {17, 5},
        {22, 5}, {24, 5}, {10, 6}, {16, 6}, {24, 6}, {11, 7}, {15, 7}, {12, 8}, {13, 8}};
    unsigned char board[W * H] = {0};
    for (const auto &c : gun) board[(c[1] + 2) * W + c[0] + 2] = 1;

    // the host plays along on its own copy, to check the GPU
    unsigned char ref[W * H], tmp[W * H];
    memcpy(ref, board, sizeof(board));

    unsigned char *dCur, *dNext;
    cudaMalloc(&dCur, sizeof(board));
    cudaMalloc(&dNext, sizeof(board));
    cudaMemcpy(dCur, board, sizeof(board), cudaMemcpyHostToDevice);

    dim3 block(16, 8), grid(W / 16, H / 8);
    const int frames = 4, perFrame = 30;
    for (int f = 0; f < frames; ++f) {
        if (f > 0) {
            for (int g = 0; g < perFrame; ++g) {
                lifeStep<<<grid, block>>>(dCur, dNext);
                std::swap(dCur, dNext);
                for (int y = 0; y < H; ++y)
                    for (int x = 0; x < W; ++x) {
                        int n = neighbours(ref, x, y);
                        tmp[y * W + x] = (n == 3 || (n == 2 && ref[y * W + x])) ? 1 : 0;
                    }
                memcpy(ref, tmp, sizeof(ref));
            }
            cudaMemcpy(board, dCur, sizeof(board), cudaMemcpyDeviceToHost);
            usleep(150000);   // a short pause between pictures, so that they play like a film
        }
        printf("generation %d: %d live cells\n", f * perFrame, population(board));
        drawBoard(board);
    }

    bool same = memcmp(board, ref, sizeof(board)) == 0;
    printf("GPU and CPU agree after %d generations: %s\n", (frames - 1) * perFrame, same ? "PASS" : "FAIL");

    cudaFree(dCur);
    cudaFree(dNext);
    return 0;
}
