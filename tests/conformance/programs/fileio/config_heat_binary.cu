// Reads settings from sim_config.ini (sections, key = value, comments) with fgets/sscanf, runs an
// integer heat-diffusion simulation on the GPU, saves the field with fwrite, checks its size with
// stat(), reads it back with fread and compares.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <sys/types.h>
#include <cuda_runtime.h>

struct Config {
    int width = 16, height = 16, steps = 1;
    int source_x = 0, source_y = 0, source_heat = 100;
    char name[32] = "unnamed";
};

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ')) *--e = 0;
    return s;
}

static bool load_config(const char *path, Config &c)
{
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char buf[128], section[32] = "";
    int keys = 0;
    while (fgets(buf, sizeof buf, f)) {
        char *s = trim(buf);
        if (*s == 0 || *s == '#' || *s == ';') continue;
        if (*s == '[') {
            sscanf(s, "[%31[^]]]", section);
            continue;
        }
        char key[32], value[64];
        if (sscanf(s, "%31[^ =] = %63s", key, value) != 2) continue;
        keys++;
        if (!strcmp(key, "width")) c.width = atoi(value);
        else if (!strcmp(key, "height")) c.height = atoi(value);
        else if (!strcmp(key, "steps")) c.steps = atoi(value);
        else if (!strcmp(key, "source_x")) c.source_x = atoi(value);
        else if (!strcmp(key, "source_y")) c.source_y = atoi(value);
        else if (!strcmp(key, "source_heat")) c.source_heat = atoi(value);
        else if (!strcmp(key, "name")) strncpy(c.name, value, sizeof c.name - 1);
        else printf("unknown key %s in [%s]\n", key, section);
    }
    fclose(f);
    printf("config: %d keys, last section [%s]\n", keys, section);
    return true;
}

__global__ void diffuse(const int *in, int *out, int w, int h, int sx, int sy, int heat)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int c = in[y * w + x];
    int l = x > 0 ? in[y * w + x - 1] : c;
    int r = x < w - 1 ? in[y * w + x + 1] : c;
    int u = y > 0 ? in[(y - 1) * w + x] : c;
    int d = y < h - 1 ? in[(y + 1) * w + x] : c;
    int v = (4 * c + l + r + u + d) / 8;
    if (x == sx && y == sy) v = heat;
    out[y * w + x] = v;
}

int main()
{
    Config c;
    if (!load_config("sim_config.ini", c)) {
        printf("no config file\n");
        return 1;
    }
    printf("run '%s': %dx%d, %d steps, source (%d,%d) = %d\n", c.name, c.width, c.height, c.steps, c.source_x,
           c.source_y, c.source_heat);
    size_t bytes = (size_t)c.width * c.height * sizeof(int);
    int *a, *b;
    cudaMalloc(&a, bytes);
    cudaMalloc(&b, bytes);
    cudaMemset(a, 0, bytes);
    dim3 block(16, 8), grid((c.width + 15) / 16, (c.height + 7) / 8);
    for (int s = 0; s < c.steps; s++) {
        diffuse<<<grid, block>>>(a, b, c.width, c.height, c.source_x, c.source_y, c.source_heat);
        int *t = a;
        a = b;
        b = t;
    }
    int *field = (int *)malloc(bytes);
    cudaMemcpy(field, a, bytes, cudaMemcpyDeviceToHost);

    const char *out = "heat_field.tmp";
    FILE *f = fopen(out, "wb");
    int header[2] = {c.width, c.height};
    size_t written = fwrite(header, sizeof(int), 2, f);
    written += fwrite(field, sizeof(int), (size_t)c.width * c.height, f);
    fclose(f);
    struct stat st;
    if (stat(out, &st) == 0) printf("wrote %zu ints, file size %lld bytes\n", written, (long long)st.st_size);
    int *back = (int *)malloc(bytes);
    f = fopen(out, "rb");
    int hdr[2];
    size_t got = fread(hdr, sizeof(int), 2, f);
    got += fread(back, sizeof(int), (size_t)hdr[0] * hdr[1], f);
    int more = fgetc(f);
    fclose(f);
    remove(out);
    printf("read %zu ints, header %dx%d, at end: %s\n", got, hdr[0], hdr[1], more == EOF ? "yes" : "no");
    bool same = memcmp(field, back, bytes) == 0;
    long long total = 0;
    int hot = 0;
    for (int i = 0; i < c.width * c.height; i++) {
        total += field[i];
        if (field[i] > 64) hot++;
    }
    printf("total heat %lld, cells above 64: %d\n", total, hot);
    for (int y = c.source_y - 2; y <= c.source_y + 2; y++) {
        for (int x = c.source_x - 3; x <= c.source_x + 3; x++) printf("%5d", field[y * c.width + x]);
        printf("\n");
    }
    printf("%s\n", same ? "PASS" : "FAIL");
    free(field);
    free(back);
    cudaFree(a);
    cudaFree(b);
    return 0;
}
