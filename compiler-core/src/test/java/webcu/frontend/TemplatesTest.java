package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.ProgramRun;
import webcu.driver.RunState;
import webcu.driver.SourceSet;
import webcu.runtime.Console;
import webcu.vm.CpuDevice;

/**
 * C++ templates as real programs write them: explicit and partial specialization, variadic
 * templates, default arguments and {@code std::initializer_list}. Each program runs on the CPU
 * device; its expected output was printed by the same program built with g++ 12 (host code) or
 * nvcc 13 (kernels) on this machine.
 */
class TemplatesTest {
    static CompileResult compile(String source) {
        SourceSet set = new SourceSet();
        set.file("t.cu", source, true);
        return Compiler.compile(set);
    }

    static String run(String source) {
        CompileResult r = compile(source);
        assertTrue(r.ok(), r.render(false));
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        Console console = new Console() {
            @Override
            public void out(String text) {
                out.append(text);
            }

            @Override
            public void err(String text) {
                err.append(text);
            }
        };
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("t"));
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        assertEquals(0, ((RunState.Exited) state).status(), err.toString());
        return out.toString();
    }

    static String errors(String source) {
        CompileResult r = compile(source);
        assertFalse(r.ok());
        return r.render(false);
    }

    // ------------------------------------------------------------ explicit and partial specialization

    /** The specialization's body runs for its arguments, named explicitly or deduced from the parameters. */
    @Test
    void FunctionSpecialization_ReplacesTemplateBody() {
        assertEquals("1.500000 3\ngeneric 3\ndouble 2.500000\n-1.000000 0\n", run("""
                #include <cstdio>
                template <class T> T init(int i) { return (T)i; }
                template <> float init<float>(int i) { return i * 0.5f; }
                template <class T> void show(T x) { printf("generic %d\\n", (int)x); }
                template <> void show(double x) { printf("double %f\\n", x); }
                template <typename T> T zero();
                template <> double zero<double>();
                template <typename T> T zero() { return T(0); }
                template <> double zero<double>() { return -1.0; }
                int main() {
                    printf("%f %d\\n", init<float>(3), init<int>(3));
                    show(3);
                    show(2.5);
                    printf("%f %d\\n", zero<double>(), zero<int>());
                    return 0;
                }
                """));
    }

    /** HeCBench style: a device template declared only, specialized per type, the argument deduced from the result. */
    @Test
    void DeviceSpecialization_DeducedFromResult_UsedInKernel() {
        assertEquals("0 0 0.00\n1 2 0.25\n2 4 0.50\n", run("""
                #include <cstdio>
                template <typename T> __device__ T init(int i);
                template <> __device__ int2 init(int i) { return make_int2(i, i * 2); }
                template <> __device__ float init(int i) { return i * 0.25f; }
                __global__ void fill(int2 *a, float *b) {
                    int i = threadIdx.x;
                    a[i] = init<int2>(i);
                    b[i] = init<float>(i);
                }
                int main() {
                    int2 *a; float *b;
                    cudaMallocManaged(&a, 3 * sizeof(int2));
                    cudaMallocManaged(&b, 3 * sizeof(float));
                    fill<<<1, 3>>>(a, b);
                    cudaDeviceSynchronize();
                    for (int i = 0; i < 3; i++) printf("%d %d %.2f\\n", a[i].x, a[i].y, b[i]);
                    return 0;
                }
                """));
    }

    /** Traits classes: explicit and partial specializations, static members and member types through Traits<T>::. */
    @Test
    void ClassSpecialization_ExplicitAndPartial() {
        assertEquals("generic 1\nfloat 4\npointer 8\n3 -1 12 4\ndouble*: ptr=1 size=8\nchar: ptr=0 size=1\n", run("""
                #include <cstdio>
                template <class T> struct Traits { static const int size = 1; static const char *name() { return "generic"; } };
                template <> struct Traits<float> { static const int size = 4; static const char *name() { return "float"; } };
                template <class T> struct Traits<T*> { static const int size = 8; static const char *name() { return "pointer"; } };
                template <typename T, int N> struct Vec { T v[N]; int size() const { return N; } };
                template <typename T> struct Vec<T, 1> { T v; int size() const { return -1; } };
                template <typename T> struct IsPtr { static const bool value = false; };
                template <typename T> struct IsPtr<T*> { static const bool value = true; };
                template <typename T> struct RemovePtr { typedef T type; };
                template <typename T> struct RemovePtr<T*> { typedef T type; };
                template <typename T> void report(const char *n) {
                    printf("%s: ptr=%d size=%d\\n", n, (int)IsPtr<T>::value, (int)sizeof(typename RemovePtr<T>::type));
                }
                int main() {
                    printf("%s %d\\n", Traits<int>::name(), Traits<int>::size);
                    printf("%s %d\\n", Traits<float>::name(), Traits<float>::size);
                    printf("%s %d\\n", Traits<int*>::name(), Traits<int*>::size);
                    Vec<float, 3> v3; Vec<int, 1> v1;
                    printf("%d %d %d %d\\n", v3.size(), v1.size(), (int)sizeof(v3), (int)sizeof(v1));
                    report<double*>("double*");
                    report<char>("char");
                    return 0;
                }
                """));
    }

    /** A class specialization's static device method called from a kernel; T::member through a template parameter. */
    @Test
    void ClassSpecialization_InKernel_AndDependentMember() {
        assertEquals("0 0.50\n3 1.50\n6 2.50\n7 max\n", run("""
                #include <cstdio>
                template <typename T> struct Op { __device__ static T apply(T a, T b) { return a + b; } };
                template <> struct Op<int> { __device__ static int apply(int a, int b) { return a * b; } };
                struct MaxPolicy { static const int limit = 7; static const char *label() { return "max"; } };
                template <class P> void policy() { printf("%d %s\\n", P::limit, P::label()); }
                __global__ void k(int *c, float *d) {
                    int i = threadIdx.x;
                    c[i] = Op<int>::apply(i, 3);
                    d[i] = Op<float>::apply((float)i, 0.5f);
                }
                int main() {
                    int *c; float *d;
                    cudaMallocManaged(&c, 3 * sizeof(int));
                    cudaMallocManaged(&d, 3 * sizeof(float));
                    k<<<1, 3>>>(c, d);
                    cudaDeviceSynchronize();
                    for (int i = 0; i < 3; i++) printf("%d %.2f\\n", c[i], d[i]);
                    policy<MaxPolicy>();
                    return 0;
                }
                """));
    }

    @Test
    void Specialization_OfNoTemplate_IsAnError() {
        String e = errors("""
                template <class T> T twice(T x) { return x + x; }
                template <> float twice(float x, int y) { return x; }
                int main() { return 0; }
                """);
        assertTrue(e.contains("t.cu:2:19: error: no function template matches function template specialization 'twice'"), e);
    }
}
