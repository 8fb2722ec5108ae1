package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Declarations as real programs write them: alignment attributes honoured in layout, other
 * attributes accepted, static_assert evaluated, default member initializers; expected outputs
 * from g++ 12 (with __align__(n) defined as nvcc defines it).
 */
class DeclarationsTest {
    /** aligned(N), alignas and __align__ on classes, members and variables; unused, noinline, nodiscard, maybe_unused. */
    @Test
    void alignmentAndAttributes() {
        assertEquals("""
            64 32 16 48 8 16 4
            64 32 16 16 16
            64 8 15 4
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <cstdint>
            struct __attribute__((aligned(64))) Padded { int a; };
            struct alignas(32) Vec { float x, y, z; };
            struct Tail { double d; char c; } __attribute__((aligned(16)));
            struct Mixed { char c; alignas(16) float v[4]; int n; };
            struct Attr { int x __attribute__((aligned(8))); char y; };
            typedef struct __align__(16) { float a, b, c; } F3;
            struct [[nodiscard]] Res { int v; };
            [[nodiscard]] static int twice(int x) { return 2 * x; }
            __attribute__((noinline)) static int thrice(int x) { return 3 * x; }
            static_assert(sizeof(int) == 4, "int is 32-bit");
            static_assert(sizeof(Padded) == 64);
            int main() {
                [[maybe_unused]] int unused = 0;
                __attribute__((unused)) int also = 1;
                alignas(64) double buf[4] = {1, 2, 3, 4};
                printf("%zu %zu %zu %zu %zu %zu %zu\\n", sizeof(Padded), sizeof(Vec), sizeof(Tail), sizeof(Mixed), sizeof(Attr), sizeof(F3), sizeof(Res));
                printf("%zu %zu %zu %zu %zu\\n", alignof(Padded), alignof(Vec), alignof(Tail), alignof(Mixed), alignof(F3));
                Padded arr[3];
                printf("%d %d %d %g\\n", (int)((char *)&arr[1] - (char *)&arr[0]), twice(4), thrice(5), buf[3]);
                static_assert(alignof(Vec) == 32, "Vec alignment");
                return 0;
            }
            """));
    }

    /** int n = 10; in aggregates, nested aggregates, partial braced lists and constructors. */
    @Test
    void defaultMemberInitializers() {
        assertEquals("""
            10 0.001 default 5
            3 0.001 default 5
            4 0.5 default 5
            10 5 7
            2 10
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Params { int n = 10; float eps = 1e-3f; const char *name = "default"; int iters{5}; };
            struct Outer { Params p; int extra = 7; };
            struct Counter {
                int count = 0;
                int step = 2;
                Counter() {}
                Counter(int s) : step(s) {}
                void tick() { count += step; }
            };
            int main() {
                Params a;
                Params b = {3};
                Params c{4, 0.5f};
                Outer o;
                Counter c1, c2(5);
                c1.tick(); c2.tick(); c2.tick();
                printf("%d %g %s %d\\n", a.n, a.eps, a.name, a.iters);
                printf("%d %g %s %d\\n", b.n, b.eps, b.name, b.iters);
                printf("%d %g %s %d\\n", c.n, c.eps, c.name, c.iters);
                printf("%d %d %d\\n", o.p.n, o.p.iters, o.extra);
                printf("%d %d\\n", c1.count, c2.count);
                return 0;
            }
            """));
    }

    /** GNU variable-length arrays in host code: sizeof at run time, 2-D with a constant inner dimension, one per loop iteration. */
    @Test
    void variableLengthArrays() {
        assertEquals("""
            96 12 2.75
            96 2.75 5.25
            a:5 ab:14 abc:30\s
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <cstdlib>
            static double mean(const double *x, int n) { double s = 0; for (int i = 0; i < n; i++) s += x[i]; return s / n; }
            static int fill(int n) {
                int sq[n];
                for (int i = 0; i < n; i++) sq[i] = i * i;
                int total = 0;
                for (int i = 0; i < n; i++) total += sq[i];
                return total;
            }
            int main(int argc, char **argv) {
                int n = argc > 1 ? atoi(argv[1]) : 6;
                const int max_steps = n * 2;
                double R1[max_steps];
                for (int i = 0; i < max_steps; i++) R1[i] = 0.5 * i;
                printf("%zu %zu %g\\n", sizeof(R1), sizeof(R1) / sizeof(R1[0]), mean(R1, max_steps));
                float m[n][4];
                for (int i = 0; i < n; i++) for (int j = 0; j < 4; j++) m[i][j] = i + 0.25f * j;
                printf("%zu %g %g\\n", sizeof(m), m[2][3], m[n - 1][1]);
                for (int k = 1; k <= 3; k++) {
                    char buf[k + 1];
                    for (int i = 0; i < k; i++) buf[i] = 'a' + i;
                    buf[k] = 0;
                    printf("%s:%d ", buf, fill(k + 2));
                }
                printf("\\n");
                return 0;
            }
            """));
    }

    /** In device code nvcc rejects them ("expression must have a constant value"); a variable inner dimension is not supported. */
    @Test
    void variableLengthArraysRejected() {
        String out = RunProgram.errors("""
            #include <cstdio>
            int main(int argc, char **argv) {
                int n = argc + 2;
                float m[n][n];
                m[0][0] = 1;
                return 0;
            }
            __global__ void k(int n, float *o) { float a[n]; a[0] = 1; o[0] = a[0]; }
            """);
        assertTrue(out.contains("main.cu:4:16: error: not supported yet: a variable-length array with a variable inner dimension"), out);
        assertTrue(out.contains("main.cu:8:46: error: expression is not an integral constant expression"), out);
        assertTrue(out.endsWith("2 errors generated.\n"), out);
    }

    /** Found by the fuzzer (each was an internal compiler error or ran out of memory before). */
    @Test
    void referencesAndArraySizesAsCppRulesThem() {
        String out = RunProgram.errors("""
            struct V { int x; V &inc() { ++x; return this; } };
            __global__ void k(int *out) { int &i = threadIdx.x; out[0] = i; }
            int main() {
                int &&rows[4];
                int src[4], &mid[4];
                const char big[2147483647] = "hello";
                int neg[-3];
                return 0;
            }
            """);
        assertTrue(out.contains("main.cu:1:42: error: non-const lvalue reference to type 'V' cannot bind to a value of unrelated type 'V *'"), out);
        assertTrue(out.contains("main.cu:2:50: error: non-const lvalue reference to type 'int' cannot bind to a value of unrelated type 'unsigned int'"), out);
        assertTrue(out.contains("main.cu:4:15: error: declared as array of references of type 'int &&'"), out);
        assertTrue(out.contains("main.cu:5:21: error: declared as array of references of type 'int &'"), out);
        assertTrue(out.contains("main.cu:6:20: error: array is too large (2147483647 elements): webcu holds objects of at most 1 GiB"), out);
        assertTrue(out.contains("main.cu:7:13: error: array size is negative"), out);
        assertTrue(out.endsWith("6 errors generated.\n"), out);
        // what C++ allows: const and rvalue references bind temporaries of another type (g++ 12 gives 16)
        assertEquals("16\n", RunProgram.stdout("""
            #include <cstdio>
            struct V { int x; V &inc() { ++x; return *this; } };
            int main() {
                unsigned u = 3;
                int &&r = u * 2u;
                const int &c = u;
                long l = 5;
                const double &d = l;
                V v{1};
                V &w = v.inc();
                printf("%d\\n", r + c + (int)d + w.x);
                return 0;
            }
            """));
    }

    /** More that the fuzzer found (internal compiler errors before). */
    @Test
    void malformedDeclarationsGetErrors() {
        String out = RunProgram.errors("""
            struct Buffer { int *p; ~Buffer(int) {} };
            __device__ double &total;
            int g = 4;
            int &alias = g;
            int first() { return 1; }
            int main() {
                auto marks[3];
                int v = first[0];
                return v;
            }
            """);
        assertTrue(out.contains("main.cu:1:26: error: destructor cannot have any parameters"), out);
        assertTrue(out.contains("main.cu:2:20: error: declaration of reference variable 'total' requires an initializer"), out);
        assertTrue(out.contains("main.cu:4:6: error: not supported yet: a reference variable outside a function ('alias')"), out);
        assertTrue(out.contains("main.cu:7:15: error: declared as array of 'auto'"), out);
        assertTrue(out.contains("main.cu:8:18: error: subscripted value is not an array or pointer"), out);
        assertTrue(RunProgram.errors("__global__ void k(int *o) { static int t = threadIdx.x; o[0] = t; }\nint main() { return 0; }\n")
                .startsWith("main.cu:1:40: error: dynamic initialization is not supported for a function-scope static __device__ variable"
                        + " within a __device__/__global__ function"));
        assertEquals("2 4\n", RunProgram.stdout("""
            #include <cstdio>
            __device__ int counter() { static int calls = 0; static float w = 1.5f; return ++calls + (int)w; }
            __global__ void k(int *o) { o[threadIdx.x] = counter(); }
            int hostCount() { static int n = printf("") + 3; return ++n; }
            int main() {
                int *d;
                cudaMalloc(&d, 4);
                k<<<1, 1>>>(d);
                int h;
                cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
                printf("%d %d\\n", h, hostCount());
                return 0;
            }
            """));
        assertTrue(RunProgram.errors("int main() { const char double name[] = \"x\"; return 0; }\n")
                .startsWith("main.cu:1:14: error: cannot combine with previous 'char' declaration specifier"));
    }

    @Test
    void staticAssertFailures() {
        assertEquals("""
            main.cu:2:25: error: static assertion failed: S must be packed
            static_assert(sizeof(S) == 5, "S must be " "packed");
                                    ^~
            main.cu:3:25: error: static assertion failed
            static_assert(sizeof(S) == 5);
                                    ^~
            main.cu:5:17: error: static assertion expression is not an integral constant expression
            static_assert(n == 3, "n");
                            ^~
            3 errors generated.
            """, RunProgram.errors("""
            struct S { char c; int i; };
            static_assert(sizeof(S) == 5, "S must be " "packed");
            static_assert(sizeof(S) == 5);
            int n = 3;
            static_assert(n == 3, "n");
            int main() { return 0; }
            """));
    }

    @Test
    void alignmentMustBeAPowerOfTwo() {
        String out = RunProgram.errors("struct __attribute__((aligned(24))) S { int a; };\nint main() { return 0; }\n");
        assertTrue(out.startsWith("main.cu:1:31: error: expected a power of two for the alignment"), out);
    }

    /** __attribute__((packed)) before the name or after the body: members at alignment 1. */
    @Test
    void packedClasses() {
        assertEquals("""
            7 9 16 7 3
            """, RunProgram.stdout("""
            #include <cstdio>
            struct __attribute__((packed)) Hdr { char tag; int len; short kind; };
            struct Rec { char c; double d; } __attribute__((packed));
            struct Normal { char c; double d; };
            int main() { Hdr h = {'a', 7, 3}; printf("%zu %zu %zu %d %d\\n", sizeof(Hdr), sizeof(Rec), sizeof(Normal), h.len, h.kind); }
            """));
    }

    /** A structured binding names each element once: too few or too many names, or a scalar, is clang's error. */
    @Test
    void structuredBindingErrors() {
        String err = RunProgram.errors("""
            #include <utility>
            struct P { int x, y; };
            int main() {
                std::pair<int, int> p(1, 2);
                auto [a, b, c] = p;
                int n = 3;
                auto [m] = n;
                P q = {1, 2};
                auto &[x] = q;
                return a + m + x;
            }
            """);
        assertTrue(err.contains("5:11: error: type 'pair<int,int>' decomposes into 2 elements, but 3 names were provided"), err);
        assertTrue(err.contains("7:11: error: cannot decompose non-class, non-array type 'int'"), err);
        assertTrue(err.contains("9:12: error: type 'P' decomposes into 2 elements, but 1 name was provided"), err);
    }

    /** {@code int f(auto x)} is C++20; nvcc's C++17 rejects it (found by the fuzzer: an internal error before). Generic lambdas stay fine. */
    @Test
    void autoParameterOfAFunction() {
        assertEquals("""
            main.cu:1:11: error: 'auto' not allowed in function prototype
            int twice(auto x) { return 2 * x; }
                      ^~~~
            main.cu:2:16: error: 'auto' not allowed in function prototype
            int main(const auto &a) {
                           ^~~~
            2 errors generated.
            """, RunProgram.errors("""
            int twice(auto x) { return 2 * x; }
            int main(const auto &a) {
                auto f = [](auto p, const auto &q) { return p + q; };
                return f(1, 2) + twice(3);
            }
            """));
    }

    /** File-scope auto variables take their initializer's type (an internal error before, found by the fuzzer); g++ prints "32 80 2.5". */
    @Test
    void autoAtFileScope() {
        assertEquals("32 80 2.5\n", RunProgram.stdout("""
            #include <cstdio>
            constexpr auto kN = 4 * 8;
            auto scale = 2.5;
            static const auto kName = "x";
            int main() { printf("%d %g %g\\n", kN, scale * kN, kName[0] == 'x' ? scale : 0.0); return 0; }
            """));
    }

    /** Ill-formed programs the fuzzer turned into internal errors: each gets a diagnostic now. */
    @Test
    void fuzzerFindingsAreDiagnostics() {
        String err = RunProgram.errors("""
            struct View { float *p; int n; };
            __global__ void k(View v) { v.p[0] = v.n; }
            void &broken();
            int main() {
                View v{0, 1};
                k<<<1, 1>>>(sizeof v);
                return 0;
            }
            """);
        assertTrue(err.contains("main.cu:3:6: error: cannot form a reference to 'void'"), err);
        assertTrue(err.contains("main.cu:6:17: error: cannot initialize a value of type 'View' with an expression of incompatible type 'unsigned long'"), err);
    }
}
