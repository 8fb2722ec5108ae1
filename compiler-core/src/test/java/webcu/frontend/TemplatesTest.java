package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

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
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
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

    // ------------------------------------------------------------ variadic templates

    /** Recursive variadic functions, sizeof..., expansion into printf and fold expressions (C++17). */
    @Test
    void Variadic_RecursionSizeofPrintfFolds() {
        assertEquals("10 3.75\n0 33\n[log] 7-x-2.5\n6 1 0 1\n5 6 7 \n", run("""
                #include <cstdio>
                template <typename T> T sum(T x) { return x; }
                template <typename T, typename... Rest> T sum(T first, Rest... rest) { return first + sum(rest...); }
                template <typename... Args> int count(Args... args) { return sizeof...(args) + 10 * sizeof...(Args); }
                template <typename... Args> void log(const char *fmt, Args... args) { printf("[log] "); printf(fmt, args...); }
                template <typename... Ts> auto fold_sum(Ts... xs) { return (xs + ...); }
                template <typename... Ts> bool all_pos(Ts... xs) { return ((xs > 0) && ...); }
                void print() { printf("\\n"); }
                template <typename T, typename... Rest> void print(T first, Rest... rest) { printf("%d ", (int)first); print(rest...); }
                int main() {
                    printf("%d %.2f\\n", sum(1, 2, 3, 4), sum(1.5, 2.25));
                    printf("%d %d\\n", count(), count(1, 'a', 2.0));
                    log("%d-%s-%.1f\\n", 7, "x", 2.5);
                    printf("%d %d %d %d\\n", fold_sum(1, 2, 3), (int)all_pos(1, 2, 3), (int)all_pos(1, -2), (int)all_pos());
                    print(5, 6, 7);
                    return 0;
                }
                """));
    }

    /** Binary folds: (init op ... op pack) folds from the left, (pack op ... op init) from the right. */
    @Test
    void Fold_BinaryLeftAndRight() {
        assertEquals("-10 -2 24\n", run("""
                #include <cstdio>
                template <typename... Ts> int left_minus(Ts... xs) { return (0 - ... - xs); }
                template <typename... Ts> int right_minus(Ts... xs) { return (xs - ... - 0); }
                template <typename... Ts> int product(Ts... xs) { return (1 * ... * xs); }
                int main() {
                    printf("%d %d %d\\n", left_minus(1, 2, 3, 4), right_minus(1, 2, 3, 4), product(2, 3, 4));
                    return 0;
                }
                """));
    }

    /** make_unique/emplace_back-style factories: forwarding references and std::forward<Args>(args)... */
    @Test
    void PerfectForwarding_FactoriesAndEmplace() {
        assertEquals("3 4 bolt 2.50\n(1,2) (5,6) (9,9) \n101\n101\n", run("""
                #include <cstdio>
                #include <cstdlib>
                #include <utility>
                struct Point { int x, y; Point(int a, int b) : x(a), y(b) {} };
                struct Named { const char *name; double w; Named(const char *n, double ww) : name(n), w(ww) {} };
                template <class T, class... Args> T *make(Args&&... args) { return new T(std::forward<Args>(args)...); }
                template <class T> class Bag {
                public:
                    T *items; int n;
                    Bag() : items((T *)malloc(8 * sizeof(T))), n(0) {}
                    template <class... Args> void emplace_back(Args&&... args) { new (&items[n]) T(std::forward<Args>(args)...); n++; }
                    void push_back(T &&v) { items[n++] = std::move(v); }
                };
                void touch(int &r) { r += 100; }
                template <class T> void relay(T &&v) { touch(std::forward<T>(v)); }
                int main() {
                    Point *p = make<Point>(3, 4);
                    int a = 5;
                    Named *q = make<Named>("bolt", a * 0.5);
                    printf("%d %d %s %.2f\\n", p->x, p->y, q->name, q->w);
                    Bag<Point> bag;
                    bag.emplace_back(1, 2);
                    bag.emplace_back(a, a + 1);
                    bag.push_back(Point(9, 9));
                    for (int i = 0; i < bag.n; i++) printf("(%d,%d) ", bag.items[i].x, bag.items[i].y);
                    printf("\\n");
                    int z = 1; relay(z); printf("%d\\n", z);
                    int m = std::move(z); printf("%d\\n", m);
                    return 0;
                }
                """));
    }

    @Test
    void Pack_UsedWithoutExpansion_IsAnError() {
        String e = errors("""
                int g(int x) { return x; }
                template <typename... Args> int f(Args... args) { return g(args); }
                int main() { return f(1, 2); }
                """);
        assertTrue(e.contains("t.cu:2:60: error: expression contains unexpanded parameter pack 'args'"), e);
    }

    // ------------------------------------------------------------ std::initializer_list

    /** A container of our own with an initializer_list constructor and assignment, as vector has. */
    private static final String VEC = """
            #include <cstdio>
            #include <cstdlib>
            #include <initializer_list>
            template <class T> class Vec {
            public:
                T *d; size_t n;
                Vec() : d(0), n(0) {}
                Vec(size_t count, T v) : d((T *)malloc(count * sizeof(T))), n(count) { for (size_t i = 0; i < n; i++) d[i] = v; }
                Vec(std::initializer_list<T> il) : d((T *)malloc(il.size() * sizeof(T))), n(il.size()) {
                    size_t i = 0;
                    for (const T *p = il.begin(); p != il.end(); ++p) d[i++] = *p;
                }
                Vec &operator=(std::initializer_list<T> il) { free(d); d = (T *)malloc(il.size() * sizeof(T)); n = 0; for (T x : il) d[n++] = x; return *this; }
                T *begin() { return d; }
                T *end() { return d + n; }
                size_t size() const { return n; }
            };
            """;

    /** List-initialisation prefers the initializer_list constructor; parentheses do not; v = {…} assigns a list. */
    @Test
    void InitializerList_ConstructorsAndAssignment() {
        assertEquals("3 2 3 2 0\n3 1 2 \n5 5 5 \n9 8 7 6 \n", run(VEC + """
                int main() {
                    Vec<int> v = {3, 1, 2};
                    Vec<int> w{7, 8};
                    Vec<int> c(3, 5);
                    Vec<int> b{3, 5};
                    Vec<int> e{};
                    printf("%zu %zu %zu %zu %zu\\n", v.size(), w.size(), c.size(), b.size(), e.size());
                    for (int x : v) printf("%d ", x);
                    printf("\\n");
                    for (int x : c) printf("%d ", x);
                    printf("\\n");
                    v = {9, 8, 7, 6};
                    for (int x : v) printf("%d ", x);
                    printf("\\n");
                    return 0;
                }
                """));
    }

    /** Braced lists as arguments (converted per element), in range-for, deduced by templates and by auto. */
    @Test
    void InitializerList_ArgumentsRangeForDeductionAuto() {
        assertEquals("10 20 30 \n10 3.5 11 1.50\n2 6\n", run("""
                #include <cstdio>
                #include <initializer_list>
                int total(std::initializer_list<int> xs) { int s = 0; for (int x : xs) s += x; return s; }
                double dtotal(std::initializer_list<double> xs) { double s = 0; for (double x : xs) s += x; return s; }
                template <class T> T biggest(std::initializer_list<T> il) { T m = *il.begin(); for (T x : il) if (x > m) m = x; return m; }
                int main() {
                    for (int x : {10, 20, 30}) printf("%d ", x);
                    printf("\\n");
                    int a = 4, b = 11, c = 6;
                    printf("%d %.1f %d %.2f\\n", total({1, 2, 3, a}), dtotal({1, 2.5}), biggest({a, b, c}), biggest({1.5, 0.25}));
                    auto il = {5, 6};
                    printf("%zu %d\\n", il.size(), *(il.begin() + 1));
                    return 0;
                }
                """));
    }

    /** A pack expanded into a braced list, the classic way to run an expression per argument before folds. */
    @Test
    void InitializerList_FromPackExpansion() {
        assertEquals("1 2.5 x \n3\n", run("""
                #include <cstdio>
                #include <initializer_list>
                void show(int v) { printf("%d ", v); }
                void show(double v) { printf("%.1f ", v); }
                void show(const char *v) { printf("%s ", v); }
                template <class... Ts> void showAll(Ts... xs) { (void)std::initializer_list<int>{(show(xs), 0)...}; printf("\\n"); }
                template <class... Ts> int countAll(Ts... xs) { int n[] = {((void)xs, 1)...}; return sizeof(n) / sizeof(n[0]); }
                int main() {
                    showAll(1, 2.5, "x");
                    printf("%d\\n", countAll(1, 'c', 2.0));
                    return 0;
                }
                """));
    }

    // ------------------------------------------------------------ default arguments, value parameters, SFINAE

    /** Non-type parameters keep their declared type; default arguments may name earlier parameters. */
    @Test
    void ValueParametersAndDefaults() {
        assertEquals("4294967295\nyes no\nz 1\n18446744073709551615 8\n1.5 1\n8 4\n", run("""
                #include <cstdio>
                template <unsigned N> unsigned prev() { return N - 1; }
                template <bool B> const char *flag() { return B ? "yes" : "no"; }
                template <char C> void ch() { printf("%c %d\\n", C, (int)sizeof(C)); }
                template <unsigned long long N> void big() { printf("%llu %d\\n", N, (int)sizeof(N)); }
                template <typename T = float> T half(int x) { return x / T(2); }
                template <class T, class U = T*, int N = sizeof(T)> struct Pair { T a; U b; int size() { return N; } };
                int main() {
                    printf("%u\\n", prev<0>());
                    printf("%s %s\\n", flag<true>(), flag<false>());
                    ch<'z'>();
                    big<18446744073709551615ULL>();
                    printf("%.1f %d\\n", half(3), half<int>(3));
                    Pair<int> p;
                    printf("%d %d\\n", (int)sizeof(p.b), p.size());
                    return 0;
                }
                """));
    }

    /** enable_if-style overloads (substitution failure removes a candidate), trailing decltype, auto results, template template parameters. */
    @Test
    void SfinaeDecltypeTemplateTemplate() {
        assertEquals("integer other integer\n3.5 2.5\n4 6\n", run("""
                #include <cstdio>
                template <bool C, class T = void> struct enable_if {};
                template <class T> struct enable_if<true, T> { typedef T type; };
                template <class T> struct is_int { static const bool value = false; };
                template <> struct is_int<int> { static const bool value = true; };
                template <> struct is_int<long> { static const bool value = true; };
                template <class T> typename enable_if<is_int<T>::value, const char *>::type kind(T) { return "integer"; }
                template <class T> typename enable_if<!is_int<T>::value, const char *>::type kind(T) { return "other"; }
                template <class T, class U> auto add(T a, U b) -> decltype(a + b) { return a + b; }
                template <class T> auto twice(T a) { return a * 2; }
                template <template <class> class C, class T> T first(C<T> &c) { return c.v[0]; }
                template <template <class> class C> int last(C<int> &c) { return c.v[2]; }
                template <class T> struct Box3 { T v[3]; };
                int main() {
                    printf("%s %s %s\\n", kind(3), kind(2.0), kind(7L));
                    printf("%.1f %.1f\\n", add(1, 2.5), twice(1.25));
                    Box3<int> b = {{4, 5, 6}};
                    printf("%d %d\\n", first(b), last<Box3>(b));
                    return 0;
                }
                """));
    }

    // ------------------------------------------------------------ members of class templates

    /** Members defined outside the class template, one specialized for an instance; member templates with explicit arguments. */
    @Test
    void OutOfClassMembers_AndMemberSpecialization() {
        assertEquals("3\n3 2\n-1\n6\n4.50\n2 3.0\n", run("""
                #include <cstdio>
                template <class T, int N> class Stack {
                public:
                    Stack();
                    void push(T x);
                    T pop();
                    int size() const;
                    template <class U> U as() const { return (U)items[0]; }
                private:
                    T items[N];
                    int top;
                };
                template <class T, int N> Stack<T, N>::Stack() : top(0) {}
                template <class T, int N> void Stack<T, N>::push(T x) { if (top < N) items[top++] = x; }
                template <class T, int N> T Stack<T, N>::pop() { return items[--top]; }
                template <class T, int N> int Stack<T, N>::size() const { return top; }
                template <> int Stack<char, 4>::size() const { return -top; }
                struct Printer {
                    int scale;
                    template <class T> void show(T v) { printf("%d\\n", (int)v * scale); }
                    template <class T> static T make(int x) { return (T)x; }
                };
                template <> void Printer::show<double>(double v) { printf("%.2f\\n", v * scale); }
                template <> double Printer::make<double>(int x) { return x + 1.0; }
                int main() {
                    Stack<int, 8> s;
                    s.push(1); s.push(2); s.push(3);
                    printf("%d\\n", s.size());
                    int top = s.pop();
                    printf("%d %d\\n", top, s.size());
                    Stack<char, 4> c;
                    c.push('a');
                    printf("%d\\n", c.size());
                    Printer p{3};
                    p.show(2);
                    p.show(1.5);
                    printf("%d %.1f\\n", s.as<int>() + 1, Printer::make<double>(2));
                    return 0;
                }
                """));
    }

    /** A recursive variadic class (Tuple<H, T...> holding a Tuple<T...>), a kernel template with a default argument, decltype over a pack. */
    @Test
    void VariadicClass_RecursiveTuple_AndKernelTemplate() {
        assertEquals("1 2.5 q 3 24\n14.0 3.5\n42\n", run("""
                #include <cstdio>
                template <class... Ts> struct Tuple {};
                template <class H, class... T> struct Tuple<H, T...> {
                    H head;
                    Tuple<T...> tail;
                    int count() const { return 1 + sizeof...(T); }
                };
                template <class T> struct Sum { static T of(const T *a, int n) { T s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; } };
                template <typename T, int BLOCK = 4> __global__ void scale(T *a, T f) { int i = blockIdx.x * BLOCK + threadIdx.x; a[i] = a[i] * f; }
                template <class F, class... Args> auto call(F f, Args... args) -> decltype(f(args...)) { return f(args...); }
                int twice(int x) { return 2 * x; }
                int main() {
                    Tuple<int, double, char> t;
                    t.head = 1; t.tail.head = 2.5; t.tail.tail.head = 'q';
                    printf("%d %.1f %c %d %d\\n", t.head, t.tail.head, t.tail.tail.head, t.count(), (int)sizeof(t));
                    float *a;
                    cudaMallocManaged(&a, 8 * sizeof(float));
                    for (int i = 0; i < 8; i++) a[i] = i;
                    scale<float><<<2, 4>>>(a, 0.5f);
                    cudaDeviceSynchronize();
                    printf("%.1f %.1f\\n", Sum<float>::of(a, 8), a[7]);
                    printf("%d\\n", call(twice, 21));
                    return 0;
                }
                """));
    }

    /**
     * Deduction as std::size(array) and iterator-tag dispatch need it: the bound of an array
     * reference, a derived object passed by value to a base parameter, and T& preferred over
     * const T& for a non-const lvalue.
     */
    @Test
    void Deduction_ArrayBound_DerivedToBase_ReferenceQualification() {
        assertEquals("7 8 5\n1 3 1\nmutable const\n", run("""
                #include <cstdio>
                template <class T, unsigned long N> unsigned long count(T (&a)[N]) { return N; }
                template <class T, int N> int plus_first(const T (&a)[N]) { return N + a[0]; }
                struct A {}; struct B : A {}; struct C : B {};
                template <class I> int tag(I, A) { return 1; }
                template <class I> int tag(I, C) { return 3; }
                template <class T> const char *which(T &) { return "mutable"; }
                template <class T> const char *which(const T &) { return "const"; }
                int main() {
                    int a[7] = {1};
                    double d[5];
                    printf("%lu %d %lu\\n", count(a), plus_first(a), count(d));
                    printf("%d %d %d\\n", tag(0, B()), tag(0, C()), tag(0, A()));
                    int x = 1;
                    printf("%s %s\\n", which(x), which(x + 1));
                    return 0;
                }
                """));
    }

    /**
     * What std::tuple is built from: a class template naming another instance of itself
     * ({@code F<I - 1>::get}), reference members bound in the constructor and assigned through,
     * SFINAE on a member type the argument's class lacks, and an explicit argument of the wrong
     * kind removing a candidate (get<int> against template <size_t I>).
     */
    @Test
    void RecursiveInstances_ReferenceMembers_ExplicitArgumentKinds() {
        assertEquals("6 6\n6 7 6\n2 1 0 1\n", run("""
                #include <cstdio>
                template <int I> struct F { static int get() { return I + F<I - 1>::get(); } };
                template <> struct F<0> { static int get() { return 0; } };
                template <int I, class T> struct G { static int get() { return I + G<I - 1, T>::get(); } };
                template <class T> struct G<0, T> { static int get() { return 0; } };
                struct R { int &r; R(int &x) : r(x) {} void set(int v) { r = v; } };
                template <class T> struct W { T r; W(T x) : r(x) {} };
                struct Tagged { typedef int tag; };
                struct Plain { int tag; };
                template <class T, class = typename T::tag> int kind(const T &) { return 1; }
                template <class T> int kind(const T &, int) { return 0; }
                template <unsigned long I> int pick() { return 1; }
                template <class T> int pick() { return 2; }
                int main() {
                    printf("%d %d\\n", F<3>::get(), G<3, char>::get());
                    int a = 1, b = 2;
                    R q(a);
                    q.set(5);
                    q.r += 1;
                    W<int &> w(b);
                    w.r = 7;
                    printf("%d %d %d\\n", a, b, q.r);
                    printf("%d %d %d %d\\n", pick<int>(), pick<0>(), kind(Plain(), 0), kind(Tagged()));
                    return 0;
                }
                """));
    }
}
