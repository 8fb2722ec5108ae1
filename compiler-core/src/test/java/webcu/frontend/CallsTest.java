package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Calls and lookup corners real programs use: explicit destructor calls, a declarator's name in
 * its own initializer; expected outputs from g++ 12.
 */
class CallsTest {
    /** Placement new's counterpart: p->~T() runs the destructor (virtually if it is virtual) and keeps the storage. */
    @Test
    void explicitDestructorCalls() {
        assertEquals("""
            A(7)
            ~A(7)
            A(3)
            ~A(3)
            A(4)
            ~D
            ~B
            end
            ~A(4)
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <new>
            struct A { int v; A(int x) : v(x) { printf("A(%d)\\n", v); } ~A() { printf("~A(%d)\\n", v); } };
            struct B { virtual ~B() { printf("~B\\n"); } };
            struct D : B { ~D() override { printf("~D\\n"); } };
            struct P { int x; };
            template <typename T> void destroy(T *p) { p->~T(); }
            template <typename T> void destroyRef(T &r) { r.~T(); }
            int main() {
                alignas(8) unsigned char buf[sizeof(A)];
                A *a = new (buf) A(7);
                a->~A();
                A b(3);
                destroyRef(b);
                new (&b) A(4);
                B *d = new D;
                d->~B();
                int i = 5;
                destroy(&i);
                destroyRef(i);
                P p{1};
                p.~P();
                destroy(&p);
                printf("end\\n");
                return 0;
            }
            """));
    }

    /** In a kernel: objects built with new in device code are destroyed through a base pointer. */
    @Test
    void explicitDestructorCallInKernel() {
        assertEquals("""
            9 4
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <new>
            struct Op { int *log; __device__ Op(int *l) : log(l) {} __device__ virtual ~Op() { atomicAdd(log, 1); } };
            struct Twice : Op { __device__ Twice(int *l) : Op(l) {} __device__ ~Twice() override { atomicAdd(log + 1, 1); } };
            union Slot { char a[sizeof(Op)]; char b[sizeof(Twice)]; long long align; };
            __global__ void build(Slot *s, Op **ops, int *log) {
                int i = threadIdx.x;
                if (i % 2) ops[i] = new (&s[i]) Twice(log); else ops[i] = new (&s[i]) Op(log);
            }
            __global__ void destroy(Op **ops) { int i = threadIdx.x; ops[i]->~Op(); }
            int main() {
                Slot *s; Op **ops; int *log;
                cudaMalloc(&s, 9 * sizeof(Slot));
                cudaMalloc(&ops, 9 * sizeof(Op *));
                cudaMalloc(&log, 2 * sizeof(int));
                cudaMemset(log, 0, 2 * sizeof(int));
                build<<<1, 9>>>(s, ops, log);
                destroy<<<1, 9>>>(ops);
                int h[2];
                cudaMemcpy(h, log, sizeof h, cudaMemcpyDeviceToHost);
                printf("%d %d\\n", h[0], h[1]);
                return 0;
            }
            """));
    }

    @Test
    void destructorOfAnotherType() {
        String errors = RunProgram.errors("""
            struct A { ~A() {} };
            struct B { };
            int main() { A a; a.~B(); int i = 0; i.~A(); return 0; }
            """);
        assertTrue(errors.contains("main.cu:3:21: error: destructor type 'B' in object destruction expression does not match the type 'A' of the object being destroyed"), errors);
        assertTrue(errors.contains("main.cu:3:40: error: destructor type 'A' in object destruction expression does not match the type 'int'"), errors);
    }

    /** A name is declared at the end of its declarator: its initializer may use it (sizeof *v). */
    @Test
    void declaratorInScopeInItsInitializer() {
        String src = """
            #include <stdio.h>
            #include <stdlib.h>
            int main(void) {
                int n = 4;
                int *v = malloc(n * sizeof *v);
                for (int i = 0; i < n; i++) v[i] = i * i;
                long size = sizeof size;
                void *self = &self;
                printf("%d %ld %d\\n", v[3], size, self == (void *)&self);
                free(v);
                return 0;
            }
            """;
        assertEquals("9 8 1\n", RunProgram.stdout("util.c", src));
        assertEquals("9 8 1\n", RunProgram.stdout(src.replace("malloc(n", "(int *)malloc(n")));
    }

    /**
     * The object's constness picks between const and non-const overloads (the implicit object
     * parameter): textbook/matrix_class.cu's {@code h(r, c) = a(r, c) + b(c, r)} and {@code m.data()}.
     */
    @Test
    void constAndNonConstOverloads() {
        assertEquals("""
            DWwwrwrRCrRwrRrrC
            10 3 5 10 11
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            struct M {
                std::vector<float> d; int cols;
                M(int r, int c) : d(r * c), cols(c) {}
                float &operator()(int r, int c) { printf("w"); return d[r * cols + c]; }
                float operator()(int r, int c) const { printf("r"); return d[r * cols + c]; }
                float &operator[](int i) { printf("W"); return d[i]; }
                const float &operator[](int i) const { printf("R"); return d[i]; }
                float *data() { printf("D"); return d.data(); }
                const float *data() const { printf("C"); return d.data(); }
                float sum() const { return (*this)(0, 0) + operator()(0, 1) + data()[1]; }
                void fill() { data()[0] = 1; (*this)[1] = 2; }
            };
            struct Holder { M m; };
            float total(const M &m) { return m(0, 0) + m[1]; }
            int main() {
                M h(2, 2), a(2, 2);
                const M &ca = a;
                h.fill();
                a(0, 1) = 5;
                h(1, 1) = a(0, 1) + ca(0, 1);
                const M *pa = &a;
                float x = (*pa)(0, 1) + (*pa)[1] + pa->data()[0];
                const Holder hold{h};
                float y = hold.m(1, 1) + hold.m[0];
                float s1 = h(1, 1), s2 = total(h), s3 = h.sum();
                printf("\\n%g %g %g %g %g\\n", s1, s2, s3, x, y);
                return 0;
            }
            """));
    }

    /** obj.f(x) where f is a data member: a function object or a function pointer. */
    @Test
    void callOfDataMember() {
        assertEquals("6 4 10 6 10\n", RunProgram.stdout("""
            #include <cstdio>
            struct Twice { int operator()(int x) const { return 2 * x; } };
            static int inc(int x) { return x + 1; }
            struct Ops { Twice twice; int (*op)(int); };
            Ops make() { return Ops{Twice(), inc}; }
            int main() {
                Ops o{Twice(), inc};
                Ops *p = &o;
                printf("%d %d %d %d %d\\n", o.twice(3), o.op(3), p->twice(5), p->op(5), make().op(9));
                return 0;
            }
            """));
    }

    /**
     * it->member through iterators and classes with operator-> (applied until a pointer comes),
     * and std::minmax_element's pair of iterators (random/particles_random.cu): the first
     * smallest and the last largest element.
     */
    @Test
    void arrowThroughIterators() {
        assertEquals("""
            1/1 7/4
            1 4
            8 3
            a=1 b=2 12 1
            43 9
            """, RunProgram.stdout("""
            #include <algorithm>
            #include <cstdio>
            #include <map>
            #include <string>
            #include <vector>
            struct P { int x, id; };
            struct Box { P *p; P *operator->() const { return p; } };
            struct Outer { Box b; Box operator->() const { return b; } };
            int main() {
                std::vector<P> v = {{3, 0}, {1, 1}, {7, 2}, {1, 3}, {7, 4}, {5, 5}};
                auto mm = std::minmax_element(v.begin(), v.end(), [](const P &a, const P &b) { return a.x < b.x; });
                printf("%d/%d %d/%d\\n", mm.first->x, mm.first->id, mm.second->x, mm.second->id);
                std::vector<int> w = {4, 2, 9, 2, 9};
                auto m2 = std::minmax_element(w.begin(), w.end());
                printf("%ld %ld\\n", (long)(m2.first - w.begin()), (long)(m2.second - w.begin()));
                int lo = 3, hi = 8;
                auto m3 = std::minmax(lo, hi, [](int a, int b) { return a > b; });
                printf("%d %d\\n", m3.first, m3.second);
                std::map<std::string, int> counts = {{"b", 2}, {"a", 1}};
                for (auto it = counts.begin(); it != counts.end(); ++it) printf("%s=%d ", it->first.c_str(), it->second);
                auto f = counts.find("b");
                f->second += 10;
                printf("%d %zu\\n", counts["b"], f->first.size());
                P q{42, 9};
                Box b{&q};
                Outer o{b};
                o->x += 1;
                printf("%d %d\\n", b->x, o->id);
                return 0;
            }
            """));
    }

    /**
     * Generic lambdas: each auto parameter (auto, const auto &, auto &&, auto *, auto...) is a
     * template parameter of operator(), deduced per call, from library templates (std::sort in
     * stl/word_frequency.cu) and directly.
     */
    @Test
    void genericLambdas() {
        assertEquals("""
            3 3.5 abcd
            (1,0)(1,2)(2,9)(3,1)
            11 10.5 11 41
            0 2 3
            12 7 2.5 calls=4
            """, RunProgram.stdout("""
            #include <algorithm>
            #include <cstdio>
            #include <string>
            #include <utility>
            #include <vector>
            template <class F> int apply2(F f, int a) { return f(a, a + 1); }
            struct Pt { int x, y; };
            int main() {
                int calls = 0;
                auto add = [&calls](auto a, auto b) { ++calls; return a + b; };
                printf("%d %g %s\\n", add(1, 2), add(1.5, 2.0), add(std::string("ab"), std::string("cd")).c_str());
                std::vector<Pt> v = {{3, 1}, {1, 2}, {2, 9}, {1, 0}};
                std::sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
                for (const auto &p : v) printf("(%d,%d)", p.x, p.y);
                printf("\\n");
                auto bump = [](auto &&r) { r += 10; };
                int k = 1;
                bump(k);
                double d = 0.5;
                bump(d);
                auto first = [](auto *p) { return *p; };
                printf("%d %g %d %d\\n", k, d, first(&k), apply2(add, 20));
                auto count = [](auto... xs) { return (int)sizeof...(xs); };
                printf("%d %d %d\\n", count(), count(1, 'a'), count(1, 2.0, "x"));
                int total = 0;
                std::for_each(v.begin(), v.end(), [&](const auto &p) { total += p.y; });
                auto twice = [](auto f) { return [f](auto x) { return f(f(x)); }; };
                auto inc = [](auto x) { return x + 1; };
                printf("%d %d %g calls=%d\\n", total, twice(inc)(5), twice(inc)(0.5), calls);
                return 0;
            }
            """));
    }

    /** A lambda returning a lambda: the return value is analysed once, so its closure type is one type. */
    @Test
    void lambdaReturningLambda() {
        assertEquals("7\n7\n", RunProgram.stdout("""
            #include <cstdio>
            int main() {
                auto adder = [](int f) { return [f](int x) { return x + f; }; };
                printf("%d\\n", adder(2)(5));
                auto gadder = [](auto f) { return [f](int x) { return x + f; }; };
                printf("%d\\n", gadder(2)(5));
                return 0;
            }
            """));
    }

    @Test
    void genericLambdaInKernel() {
        assertEquals("0 0\n1 0.25\n4 1\n9 2.25\n", RunProgram.stdout("""
            #include <cstdio>
            __global__ void k(int *out, float *f) {
                int i = threadIdx.x;
                auto sq = [](auto x) { return x * x; };
                out[i] = sq(i);
                f[i] = sq(0.5f * i);
            }
            int main() {
                int *o; float *f;
                cudaMallocManaged(&o, 4 * sizeof(int));
                cudaMallocManaged(&f, 4 * sizeof(float));
                k<<<1, 4>>>(o, f);
                cudaDeviceSynchronize();
                for (int i = 0; i < 4; i++) printf("%d %g\\n", o[i], f[i]);
                return 0;
            }
            """));
    }

    /**
     * samples/transpose_sample.cu launches kernels[k]<<<grid, threads>>>(...) from an array of
     * kernel pointers; a pointer to anything but a kernel is cudaErrorInvalidDeviceFunction.
     */
    @Test
    void launchThroughKernelPointer() {
        assertEquals("""
            10 13 0
            7 10
            16 16
            cudaErrorInvalidDeviceFunction
            2
            """, RunProgram.stdout("""
            #include <cstdio>
            __global__ void fill(int *p, int v) { p[threadIdx.x] = v + threadIdx.x; }
            __global__ void twice(int *p, int v) { p[threadIdx.x] = 2 * v; }
            __global__ void other(float *p) { p[0] = 1; }
            void host(int *p, int v) { }
            int main() {
                int *d;
                cudaMalloc(&d, 4 * sizeof(int));
                auto k = fill;
                k<<<1, 4>>>(d, 10);
                int h[4];
                cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                printf("%d %d %d\\n", h[0], h[3], (int)cudaGetLastError());
                void (*table[])(int *, int) = {fill, twice};
                for (int i = 0; i < 2; i++) {
                    table[i]<<<dim3(1), dim3(4), 0, 0>>>(d, 7 + i);
                    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                    printf("%d %d\\n", h[0], h[3]);
                }
                void (*bad)(int *, int) = host;
                bad<<<1, 1>>>(d, 1);
                cudaError_t e = cudaGetLastError();
                printf("%s\\n", cudaGetErrorName(e));
                (*table[1])<<<1, 1>>>(d, 1);
                cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                printf("%d\\n", h[0]);
                return 0;
            }
            """));
    }

    @Test
    void launchOfNonKernelPointer() {
        String errors = RunProgram.errors("""
            int f(int x) { return x; }
            int main() { int (*p)(int) = f; int n = 0; p<<<1, 1>>>(2); n<<<1, 1>>>(); return 0; }
            """);
        assertTrue(errors.contains("main.cu:2:44: error: 'p' is not a __global__ function"), errors);
        assertTrue(errors.contains("main.cu:2:60: error: 'n' is not a __global__ function"), errors);
    }

    /** On a const object a non-const member function is no candidate, even when its parameters fit better. */
    @Test
    void constObjectSkipsNonConstMembers() {
        assertEquals("1 2 3\n", RunProgram.stdout("""
            #include <cstdio>
            struct S {
                int f(int) { return 1; }
                int f(double) const { return 2; }
                int g() { return 3; }
            };
            int main() {
                S s;
                const S &c = s;
                printf("%d %d %d\\n", s.f(1), c.f(1), s.g());
                return 0;
            }
            """));
    }

    /**
     * Lambdas in member functions: [this], [=] and [&] reach the enclosing object's fields and
     * member functions by name and as this->; generic ones too; a lambda returned from a lambda
     * keeps the object; p->~T() in a function template.
     */
    @Test
    void lambdasCaptureThis() {
        assertEquals("""
            56
            2 2
            a:2
            ~Box 5
            3 2 1
            6
            190
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <algorithm>
            #include <map>
            #include <string>
            struct Acc {
                int base = 10;
                int run(const std::vector<int> &v) {
                    int s = 0;
                    std::for_each(v.begin(), v.end(), [this, &s](auto x) { s += x + base; });
                    auto f = [=](auto y) { return y * base + s; };
                    return f(2);
                }
            };
            template <class T> struct Box { T v; ~Box() { printf("~Box %d\\n", (int)v); } };
            template <class T> void kill(T *p) { p->~T(); }
            struct Grid {
                int w = 3;
                int cells[6] = {1, 2, 3, 4, 5, 6};
                int at(int i) const { return cells[i] * w; }
                int sum() const {
                    int s = 0;
                    auto add = [&](int i) { s += at(i) + this->w; };
                    for (int i = 0; i < 6; i++) add(i);
                    auto outer = [this](int k) { return [this, k](int j) { return at(j) + k + w; }; };
                    return s + outer(100)(1);
                }
            };
            int grid_main() { Grid g; return g.sum(); }
            int main() {
                Acc a;
                std::vector<int> v = {1, 2, 3};
                printf("%d\\n", a.run(v));
                std::map<std::string, std::vector<int>> m;
                m["a"].push_back(1);
                auto it = m.find("a");
                it->second.push_back(2);
                printf("%zu %d\\n", it->second.size(), it->second.back());
                auto print = [](const auto &kv) { printf("%s:%zu\\n", kv.first.c_str(), kv.second.size()); };
                for (const auto &kv : m) print(kv);
                alignas(8) unsigned char buf[sizeof(Box<int>)];
                Box<int> *b = new (buf) Box<int>;
                b->v = 5;
                kill(b);
                auto cmp = [](auto &&l, auto &&r) { return l > r; };
                std::sort(v.begin(), v.end(), cmp);
                printf("%d %d %d\\n", v[0], v[1], v[2]);
                int arr[3] = {4, 6, 5};
                auto mx = std::max_element(arr, arr + 3, [](auto p, auto q) { return p < q; });
                printf("%d\\n", *mx);
                printf("%d\\n", grid_main());
                return 0;
            }
            """));
    }

    /** A function object's operator() with default arguments. */
    @Test
    void functionObjectWithDefaultArguments() {
        assertEquals("6 15\n", RunProgram.stdout("""
            #include <cstdio>
            struct F { int operator()(int a, int b = 2) const { return a * b; } };
            int main() {
                F f;
                printf("%d %d\\n", f(3), f(3, 5));
                return 0;
            }
            """));
    }

    /** The arguments prefer f(int) const, the object f(long): g++ takes the arguments' choice, as before const ranked. */
    @Test
    void argumentsOutweighTheObject() {
        assertEquals("1\n", RunProgram.stdout("""
            #include <cstdio>
            struct S { int f(int) const { return 1; } int f(long) { return 2; } };
            int main() { S s; printf("%d\\n", s.f(1)); return 0; }
            """));
    }

    /** Generic lambdas inside a function template, passed to others and to std::count_if, accumulate, transform. */
    @Test
    void genericLambdasInTemplatesAndAlgorithms() {
        assertEquals("28 5\n42\n2 60 -3\n", RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <algorithm>
            #include <numeric>
            template <class T> T sumsq(const std::vector<T> &v) {
                T scale = 2;
                auto sq = [scale](const auto &x) -> T { return x * x * scale; };
                T s = 0;
                for (const auto &x : v) s += sq(x);
                return s;
            }
            int main() {
                std::vector<int> vi = {1, 2, 3};
                std::vector<double> vd = {0.5, 1.5};
                printf("%d %g\\n", sumsq(vi), sumsq(vd));
                auto id = [](auto x) { return x; };
                auto call = [&id](auto f, auto y) { return f(id(y)); };
                printf("%d\\n", call([](int z) { return z + 1; }, 41));
                int n = std::count_if(vi.begin(), vi.end(), [](auto x) { return x % 2; });
                int t = std::accumulate(vi.begin(), vi.end(), 0, [](auto a, auto b) { return a + 10 * b; });
                std::vector<int> out(3);
                std::transform(vi.begin(), vi.end(), out.begin(), [](auto x) { return -x; });
                printf("%d %d %d\\n", n, t, out[2]);
                return 0;
            }
            """));
    }

    /** A lambda inside a lambda captures the enclosing lambda's captures, by value or by reference. */
    @Test
    void nestedLambdaCapturesEnclosingCaptures() {
        assertEquals("103 106 101\n", RunProgram.stdout("""
            #include <cstdio>
            int main() {
                int n = 100;
                auto outer = [n](int x) { return [=](int y) { return x + y + n; }; };
                auto byref = [&](int x) { auto inner = [&](int y) { n += y; return x + n; }; return inner(1); };
                int r1 = outer(1)(2);
                int r2 = byref(5);
                printf("%d %d %d\\n", r1, r2, n);
                return 0;
            }
            """));
    }
}
