// Lowering of C control flow and side effects: for/while/do, switch fall-through, &&, ?:, ++.
__device__ int classify(int v)
{
    int r = 0;
    switch (v & 3) {
    case 0: r += 1;
    case 1: r += 10; break;
    default: r = -1;
    }
    return r;
}

__global__ void k(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        int s = 0;
        for (int j = 0; j < in[i]; ++j) s += j;
        int w = in[i];
        while (w > 1) w /= 2;
        do { s--; } while (s > 100);
        out[i] = s > 0 ? s : classify(w);
    }
}

int counter(int *p) { return (*p)++; }

int main()
{
    int c = 0;
    int a = counter(&c) + counter(&c);
    return a == 1 ? 0 : 1;
}
