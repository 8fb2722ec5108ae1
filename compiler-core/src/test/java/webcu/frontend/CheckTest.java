package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;

/** Front-end diagnostics, rendered in full as clang prints them (naga's wgsl-errors style). */
class CheckTest {
    private static String errors(String src) {
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", src));
        assertTrue(!r.ok(), "expected an error");
        return r.render(false);
    }

    private static void ok(String src) {
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", src));
        assertTrue(r.ok(), r.render(false));
    }

    @Test
    void missingSemicolon() {
        assertEquals("""
            main.cu:3:24: error: expected ';'
                int i = threadIdx.x
                                   ^
            1 error generated.
            """, errors("""
            __global__ void k(int *p)
            {
                int i = threadIdx.x
                p[i] = i;
            }
            """));
    }

    @Test
    void undeclaredIdentifier() {
        assertEquals("""
            main.cu:1:23: error: use of undeclared identifier 'y'
            int f(int x) { return y + x; }
                                  ^
            1 error generated.
            """, errors("int f(int x) { return y + x; }\n"));
    }

    @Test
    void severalErrorsInOneRun() {
        String out = errors("int f() { return a; }\nint g() { return b; }\n");
        assertTrue(out.contains("'a'") && out.contains("'b'") && out.endsWith("2 errors generated.\n"), out);
    }

    @Test
    void hostCallFromKernel() {
        String out = errors("int h(int x) { return x; }\n__global__ void k(int *p) { p[0] = h(1); }\n");
        assertTrue(out.startsWith("main.cu:2:37: error: calling a __host__ function('h') from a __global__ function('k') is not allowed"), out);
    }

    @Test
    void kernelMustReturnVoid() {
        assertTrue(errors("__global__ int k() { return 1; }\n").contains("a __global__ function must have a void return type"));
    }

    @Test
    void writeThroughConstPointer() {
        assertTrue(errors("__global__ void k(const float *in) { in[0] = 1.0f; }\n").contains("read-only variable is not assignable"));
    }

    @Test
    void launchArgumentChecks() {
        String src = "__global__ void k(int *p, int n) {}\nint main() { float *f = 0; k<<<1, 1>>>(f, 1); k<<<1, 1>>>(0); }\n";
        String out = errors(src);
        assertTrue(out.contains("cannot convert argument of type 'float *' to parameter of type 'int *'"), out);
        assertTrue(out.contains("too few arguments to function call, expected 2, have 1"), out);
    }

    @Test
    void gotoIsRejectedClearly() {
        assertTrue(errors("void f() { goto out; out: ; }\n").contains("'goto' is not supported"));
    }

    @Test
    void acceptsCommonCuda() {
        ok("""
            #include <cstdio>
            struct P { float x, y; };
            template <typename T> __device__ T sq(T v) { return v * v; }
            __global__ void k(P *p, float *o, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                __shared__ float s[64];
                if (i < n) { s[threadIdx.x] = sq(p[i].x) + sq(p[i].y); }
                __syncthreads();
                if (i < n) o[i] = s[threadIdx.x];
            }
            int main() {
                dim3 block(64), grid(4);
                P *p; float *o;
                cudaMalloc(&p, 256 * sizeof(P));
                cudaMalloc(&o, 256 * sizeof(float));
                k<<<grid, block>>>(p, o, 256);
                printf("%s\\n", cudaGetErrorString(cudaGetLastError()));
                return 0;
            }
            """);
    }

    @Test
    void externLocalWithInitializerLeavesTheFunctionIntact() {
        // found by the fuzzer: the initializer of a block-scope extern left Sema without its function
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", "__global__ void k(int *p) {\nextern int *q = p;\nint t = threadIdx.x;\np[t] = t;\n}\n"));
        assertTrue(r.ok() || !r.diagnostics().isEmpty(), r.render(false));
    }
}
