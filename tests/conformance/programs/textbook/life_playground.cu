// The Game of Life as in-browser CUDA playgrounds show it: a frame printed per generation with a
// short usleep between frames, buffers exchanged with std::swap (reached through the CUDA headers,
// as with nvcc), and the population per generation.
#include <stdio.h>
#include <unistd.h>

#define W 32
#define H 16

__global__ void step(const char *cur, char *next)
{
    int x = threadIdx.x, y = blockIdx.x;
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy) n += cur[((y + dy + H) % H) * W + (x + dx + W) % W];
    char alive = cur[y * W + x];
    next[y * W + x] = (n == 3) || (alive && n == 2);
}

void show(const char *board, int gen)
{
    int pop = 0;
    for (int i = 0; i < W * H; i++) pop += board[i];
    printf("generation %d (population %d)\n", gen, pop);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) putchar(board[y * W + x] ? 'O' : '.');
        putchar('\n');
    }
}

int main()
{
    char h[W * H] = {0};
    // a glider, a blinker and a toad
    const int cells[][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}, {20, 3}, {21, 3}, {22, 3},
                            {10, 10}, {11, 10}, {12, 10}, {9, 11}, {10, 11}, {11, 11}};
    for (const auto &c : cells) h[c[1] * W + c[0]] = 1;
    char *d_cur, *d_next;
    cudaMalloc(&d_cur, sizeof(h));
    cudaMalloc(&d_next, sizeof(h));
    cudaMemcpy(d_cur, h, sizeof(h), cudaMemcpyHostToDevice);
    show(h, 0);
    for (int gen = 1; gen <= 8; gen++) {
        step<<<H, W>>>(d_cur, d_next);
        std::swap(d_cur, d_next);
        cudaMemcpy(h, d_cur, sizeof(h), cudaMemcpyDeviceToHost);
        if (gen % 4 == 0) show(h, gen);
        usleep(1000);
    }
    int pop = 0;
    for (int i = 0; i < W * H; i++) pop += h[i];
    printf("%s\n", pop == 14 ? "PASS" : "FAIL");
    cudaFree(d_cur);
    cudaFree(d_next);
    return 0;
}
