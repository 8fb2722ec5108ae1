// A program split over files: main.cu (setup, CPU reference, report), kernels.cu (GPU code) and
// nbody.h; the kernels file is compiled separately and linked by name.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "nbody.h"

void simulate_on_cpu(Body *bodies, int n, int steps)
{
    Body *next = (Body *)malloc(n * sizeof(Body));
    for (int s = 0; s < steps; ++s) {
        for (int i = 0; i < n; ++i) {
            Body b = bodies[i];
            long long ax = 0, ay = 0;
            for (int j = 0; j < n; ++j) {
                if (j != i) pair_accel(b, bodies[j], ax, ay);
            }
            b.vx += ax;
            b.vy += ay;
            b.x += b.vx;
            b.y += b.vy;
            next[i] = b;
        }
        memcpy(bodies, next, n * sizeof(Body));
    }
    free(next);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200;
    int steps = argc > 2 ? atoi(argv[2]) : 10;
    printf("n-body: %d bodies, %d steps\n", n, steps);
    Body *gpu = (Body *)malloc(n * sizeof(Body));
    Body *cpu = (Body *)malloc(n * sizeof(Body));
    for (int i = 0; i < n; ++i) {
        gpu[i].x = (long long)((i * 7919) % 1000 - 500) << 10;
        gpu[i].y = (long long)((i * 104729) % 1000 - 500) << 10;
        gpu[i].vx = (i % 7 - 3) * 16;
        gpu[i].vy = (i % 5 - 2) * 16;
        gpu[i].mass = 1 + i % 4;
    }
    memcpy(cpu, gpu, n * sizeof(Body));
    simulate_on_gpu(gpu, n, steps);
    simulate_on_cpu(cpu, n, steps);
    int bad = 0;
    long long cx = 0, cy = 0, mass = 0;
    for (int i = 0; i < n; ++i) {
        if (memcmp(&gpu[i], &cpu[i], sizeof(Body)) != 0) ++bad;
        cx += gpu[i].x * gpu[i].mass;
        cy += gpu[i].y * gpu[i].mass;
        mass += gpu[i].mass;
    }
    for (int i = 0; i < 4; ++i) {
        printf("body %d: pos (%lld, %lld) vel (%lld, %lld)\n", i, gpu[i].x, gpu[i].y, gpu[i].vx, gpu[i].vy);
    }
    printf("centre of mass: (%lld, %lld)\n", cx / mass, cy / mass);
    printf("mismatches: %d\n%s\n", bad, bad == 0 ? "PASS" : "FAIL");
    free(gpu);
    free(cpu);
    return 0;
}
