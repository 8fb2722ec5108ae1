package webcu.tests;

/** Small CUDA programs the UI tests run, with what they must print. */
final class Programs {
    private Programs() {
    }

    /** One kernel, copies both ways, printf: the smallest complete CUDA program. */
    static final String SQUARES = """
            #include <cstdio>

            __global__ void square(int *v)
            {
                v[threadIdx.x] *= v[threadIdx.x];
            }

            int main()
            {
                int h[4] = {1, 2, 3, 4};
                int *d;
                cudaMalloc((void **)&d, sizeof h);
                cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
                square<<<1, 4>>>(d);
                cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                printf("%d %d %d %d\\n", h[0], h[1], h[2], h[3]);
                cudaFree(d);
                return 0;
            }
            """;
    static final String SQUARES_OUTPUT = "1 4 9 16\n";

    /** A syntax error on line 3 (the missing semicolon is reported there or on line 4). */
    static final String SYNTAX_ERROR = """
            int main()
            {
                int x = 1
                return x;
            }
            """;

    /** A host loop that never ends: only Stop ends it. */
    static final String FOREVER = """
            int main()
            {
                unsigned n = 0;
                while (1) {
                    n = n * 1664525u + 1013904223u;
                }
                return (int)n;
            }
            """;
}
