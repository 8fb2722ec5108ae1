package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Conversions and initialisation as real programs write them: braced lists for class types,
 * char arrays from string literals, conditionals, conversion functions, converting constructor
 * templates. Every expected output was printed by the same program built with g++ 12 on x86-64.
 */
class ConversionsTest {
    @Test
    void bracedListsInitialiseClassTypesInAssignmentsArgumentsAndReturns() {
        assertEquals("""
            V 0.0 1.0 2.0 0.5
            V 9.0 8.0 7.0 6.0
            V 2.0 1.0 2.0 0.5
            1 2 first
            3 4 second
            C 7 1.5
            C 4 2.0
            V 1.0 2.0 3.0 4.0
            V 5.0 6.0 7.0 8.0
            unnamed 3
            global loc abc 4 xy 5 1
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <string>
            struct Vec4 { float x, y, z, w; };
            struct Point { int x, y; std::string tag; };
            struct C { int a; double b; C(int a_, double b_) : a(a_), b(b_) {} };
            struct Cfg { char name[32] = "unnamed"; int n = 3; };
            struct Named { char s[8]; int k; };
            void show(const C &c) { printf("C %d %.1f\\n", c.a, c.b); }
            void showv(Vec4 v) { printf("V %.1f %.1f %.1f %.1f\\n", v.x, v.y, v.z, v.w); }
            C make(int k) { return {k, k * 0.5}; }
            Vec4 mk() { return {1, 2, 3, 4}; }
            char gname[16] = "global";
            int main() {
                Vec4 a[3];
                for (int i = 0; i < 3; i++) a[i] = Vec4{(float)i, 1.0f, 2.0f, 0.5f};
                a[1] = {9, 8, 7, 6};
                for (int i = 0; i < 3; i++) showv(a[i]);
                std::vector<Point> pts;
                pts.push_back({1, 2, "first"});
                pts.push_back({3, 4, std::string("second")});
                for (auto &p : pts) printf("%d %d %s\\n", p.x, p.y, p.tag.c_str());
                std::vector<C> cs;
                cs.push_back({1, 2.5});
                show({7, 1.5});
                show(make(4));
                showv(mk());
                showv({5, 6, 7, 8});
                Cfg c; printf("%s %d\\n", c.name, c.n);
                char local[10] = "loc";
                Named nm = {"abc", 4};
                Named nm2 = {{"xy"}, 5};
                printf("%s %s %s %d %s %d %zu\\n", gname, local, nm.s, nm.k, nm2.s, nm2.k, cs.size());
            }
            """));
    }

    @Test
    void bracedListThatFitsNoParameterIsRejected() {
        String err = RunProgram.errors("""
            struct P { int x, y; };
            void f(const P &) {}
            int main() { f({1, 2, 3}); }
            """);
        assertTrue(err.contains("main.cu:3:23: error: expected fewer initializers"), err);
    }

    @Test
    void stringTooLongForItsCharArrayMember() {
        String err = RunProgram.errors("""
            struct S { char name[4] = "toolong"; };
            int main() { S s; return s.name[0]; }
            """);
        assertTrue(err.contains("error: initializer-string for char array is too long"), err);
    }

    @Test
    void conditionalOfPointersHasTheCompositePointerType() {
        assertEquals("""
            yes lit
            zero
            one one
            one
            zero one
            big
            1 x
            """, RunProgram.stdout("""
            #include <cstdio>
            struct B { int v = 1; };
            struct D : B { int w = 2; };
            const char *name(int k) { static const char *names[] = {"zero", "one"}; return names[k]; }
            int main() {
                for (int q = 0; q < 3; q++) {
                    printf("%s %s\\n", q == 0 ? "yes" : name(q % 2), q ? name(1) : "lit");
                    const char *s = q > 1 ? "big" : name(q);
                    printf("%s\\n", s);
                }
                D d; B b; b.v = 7;
                B *p = true ? &d : &b;
                const void *vp = false ? (void *)&d : (const char *)"x";
                printf("%d %c\\n", p->v, *(const char *)vp);
            }
            """));
    }

    @Test
    void convertingConstructorTemplatesAndConvertingReturns() {
        assertEquals("""
            jacobi
            rb3
            jacobi
            rb5 n0 some
            rb7 2
            1 1
            rb1 11 11
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <memory>
            #include <vector>
            #include <string>
            static int destroyed;
            struct Solver {
                virtual ~Solver() {}
                virtual std::string name() const = 0;
            };
            struct Jacobi : Solver { std::string name() const override { return "jacobi"; } };
            struct RB : Solver {
                int k;
                RB(int k) : k(k) {}
                ~RB() { destroyed++; }
                std::string name() const override { return "rb" + std::to_string(k); }
            };
            std::unique_ptr<Solver> make(int which) {
                if (which == 0) return std::make_unique<Jacobi>();
                return std::make_unique<RB>(which);
            }
            std::string label(int k) {
                if (k) return "some";
                char buf[8];
                snprintf(buf, sizeof buf, "n%d", k);
                return buf;
            }
            template <class T> struct Box {
                T *p;
                int tag;
                Box(T *x) : p(x), tag(1) {}
                template <class U> Box(const Box<U> &o) : p(o.p), tag(o.tag + 10) {}
            };
            int main() {
                std::vector<std::unique_ptr<Solver>> v;
                v.push_back(std::make_unique<Jacobi>());
                v.push_back(make(3));
                v.push_back(make(0));
                for (auto &p : v) printf("%s\\n", p->name().c_str());
                {
                    std::unique_ptr<Solver> s = std::make_unique<RB>(5);
                    printf("%s %s %s\\n", s->name().c_str(), label(0).c_str(), label(1).c_str());
                }
                std::shared_ptr<RB> r = std::make_shared<RB>(7);
                {
                    std::shared_ptr<Solver> b = r;
                    printf("%s %ld\\n", b->name().c_str(), r.use_count());
                }
                printf("%ld %d\\n", r.use_count(), destroyed);
                RB one(1);
                Box<RB> br(&one);
                Box<Solver> bs = br;
                Box<Solver> bc(br);
                printf("%s %d %d\\n", bs.p->name().c_str(), bs.tag, bc.tag);
                return 0;
            }
            """));
    }

    @Test
    void defaultMemberInitialisersInNewArraysAndDerivedObjects() {
        assertEquals("""
            1 2.5 1 2 1 4 1 1 2
            1 2.5 1 4
            """, RunProgram.stdout("""
            #include <cstdio>
            struct S { int k = 1; float f = 2.5f; };
            struct J : S { int m = 2; };
            struct W { S s; int z = 4; };
            int main() {
                S *a = new S;
                J *b = new J;
                W *w = new W;
                S *c = new S();
                J d;
                printf("%d %.1f %d %d %d %d %d %d %d\\n", a->k, a->f, b->k, b->m, w->s.k, w->z, c->k, d.k, d.m);
                S arr[3];
                W grid[2][2];
                printf("%d %.1f %d %d\\n", arr[2].k, arr[1].f, grid[1][1].s.k, grid[1][0].z);
                delete a; delete b; delete w; delete c;
            }
            """));
    }

    /** Expected values worked out by hand (nvcc accepts the program; g++ has no dim3). */
    @Test
    void implicitCopyConstructorBesideDeclaredOnes() {
        assertEquals("""
            4 2 1 / 8 1 1
            first first! 1
            8 8
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            struct Cfg {
                static dim3 grid() { return dim3(4, 2); }
                static dim3 block() { return dim3(8); }
            };
            struct Named {
                std::string s;
                int n;
                Named(const char *t, int k) : s(t), n(k) {}
            };
            __global__ void k(int *out) { out[blockIdx.y * gridDim.x + blockIdx.x] = blockDim.x; }
            int main() {
                dim3 g = dim3(Cfg::grid());
                dim3 b{dim3(Cfg::block())};
                printf("%u %u %u / %u %u %u\\n", g.x, g.y, g.z, b.x, b.y, b.z);
                Named a("first", 1);
                Named c = Named(a);
                c.s += "!";
                printf("%s %s %d\\n", a.s.c_str(), c.s.c_str(), Named(c).n);
                int *d;
                cudaMallocManaged(&d, 8 * sizeof(int));
                k<<<dim3(Cfg::grid()), dim3(Cfg::block())>>>(d);
                cudaDeviceSynchronize();
                printf("%d %d\\n", d[0], d[7]);
                cudaFree(d);
            }
            """));
    }

    /** The samples' SharedMemory helper in kernels, and conversion functions on the host; sums worked out by hand. */
    @Test
    void conversionFunctionsToPointersAndBool() {
        assertEquals("""
            2997 499.5
            15 5 -1.5
            1
            """, RunProgram.stdout("""
            #include <cstdio>
            template <class T>
            struct SharedMemory {
                __device__ inline operator T *()
                {
                    extern __shared__ int __smem[];
                    return (T *)__smem;
                }
                __device__ inline operator const T *() const
                {
                    extern __shared__ int __smem[];
                    return (T *)__smem;
                }
            };
            template <class T>
            __global__ void reduce(const T *in, T *out, unsigned n)
            {
                T *sdata = SharedMemory<T>();
                unsigned tid = threadIdx.x;
                unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
                sdata[tid] = i < n ? in[i] : 0;
                __syncthreads();
                for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
                    if (tid < s) sdata[tid] += sdata[tid + s];
                    __syncthreads();
                }
                if (tid == 0) out[blockIdx.x] = sdata[0];
            }
            struct Handle {
                int *p;
                int fd;
                operator int *() const { return p; }
                explicit operator bool() const { return fd >= 0; }
                operator double() const { return fd * 1.5; }
            };
            int sum3(const int *v) { return v[0] + v[1] + v[2]; }
            int main()
            {
                const unsigned n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
                int *in, *out;
                double *din, *dout;
                cudaMallocManaged(&in, n * sizeof(int));
                cudaMallocManaged(&out, blocks * sizeof(int));
                cudaMallocManaged(&din, n * sizeof(double));
                cudaMallocManaged(&dout, blocks * sizeof(double));
                for (unsigned i = 0; i < n; i++) { in[i] = i % 7; din[i] = 0.5 * (i % 3); }
                reduce<int><<<blocks, threads, threads * sizeof(int)>>>(in, out, n);
                reduce<double><<<blocks, threads, threads * sizeof(double)>>>(din, dout, n);
                cudaDeviceSynchronize();
                long total = 0;
                double dtotal = 0;
                for (unsigned b = 0; b < blocks; b++) { total += out[b]; dtotal += dout[b]; }
                printf("%ld %.1f\\n", total, dtotal);
                int vals[3] = {4, 5, 6};
                Handle h{vals, 2}, closed{nullptr, -1};
                int *raw = h;
                double d = closed;
                if (h && !closed) printf("%d %d %.1f\\n", sum3(h), raw[1], d);
                bool open = static_cast<bool>(h);
                printf("%d\\n", open ? 1 : 0);
                return 0;
            }
            """));
    }

    @Test
    void bracedListOfMixedItemsForAPairParameter() {
        assertEquals("1 c 3\n", RunProgram.stdout("""
            #include <map>
            #include <string>
            #include <cstdio>
            void fi(int) {}
            int main() {
                std::map<std::string, int> m;
                m.insert({"a", 1});
                std::pair<std::string, int> p = {"b", 2};
                p = {"c", 3};
                printf("%zu %s %d\\n", m.size(), p.first.c_str(), p.second);
            }
            """));
    }

    @Test
    void bracedListOfMixedItemsForAScalarIsRejected() {
        String err = RunProgram.errors("""
            void fi(int) {}
            void fd(double) {}
            void fd(float) {}
            int main() { fi({1, "a"}); fd({1, "a"}); }
            """);
        assertTrue(err.contains("main.cu:4:17: error: cannot initialize a value of type 'int' with an expression of incompatible type 'initializer list'"), err);
        assertTrue(err.contains("main.cu:4:30: error: no matching function for call to 'fd'"), err);
    }

    @Test
    void explicitConversionFunctionsOnlyInCastsAndConditions() {
        assertEquals("1 3.0 3 1.5\n", RunProgram.stdout("""
            #include <cstdio>
            struct H {
                int fd;
                explicit operator bool() const { return fd >= 0; }
                explicit operator double() const { return fd * 0.5; }
                operator int() const { return fd; }
            };
            int main() {
                H h{3}, c{-1};
                bool b = h;
                double d = h;
                int k = h;
                double e = static_cast<double>(h);
                if (h && !c) printf("%d %.1f %d %.1f\\n", b, d, k, e);
            }
            """));
        String err = RunProgram.errors("""
            struct F { explicit operator bool() const { return true; } };
            bool ok(const F &f) { return f; }
            int main() { F f; bool b = f; return ok(f) && b; }
            """);
        assertTrue(err.contains("main.cu:2:30: error: cannot initialize a value of type 'bool' with an expression of incompatible type 'F'"), err);
        assertTrue(err.contains("main.cu:3:28: error: cannot initialize a value of type 'bool' with an expression of incompatible type 'F'"), err);
    }

    @Test
    void smartPointersAndConversionFunctionsInConditions() {
        assertEquals("""
            a set
            cmp
            s 5
            h
            1
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <memory>
            struct H { int *p; operator int *() const { return p; } };
            int main() {
                std::unique_ptr<int> a(new int(4)), b;
                if (a && !b) printf("a set\\n");
                if (b == nullptr && a != nullptr) printf("cmp\\n");
                std::shared_ptr<int> s = std::make_shared<int>(5);
                if (s) printf("s %d\\n", *s);
                int v = 1;
                H h{&v}, z{nullptr};
                if (h && !z) printf("h\\n");
                bool x = static_cast<bool>(a);
                printf("%d\\n", x);
            }
            """));
    }

    @Test
    void classOperandsOfBuiltinOperatorsThroughConversionFunctions() {
        assertEquals("6.50 5.00 1 4 3.0 1\n", RunProgram.stdout("""
            #include <cstdio>
            struct Meters { double v; operator double() const { return v; } };
            struct Idx { int i; operator int() const { return i; } };
            int main() {
                Meters a{2.5}, b{4.0};
                Idx k{3};
                double arr[5] = {0, 1, 2, 3, 4};
                printf("%.2f %.2f %d %d %.1f %d\\n", a + b, a * 2, a < b, k + 1, arr[k], k == 3);
            }
            """));
    }

    @Test
    void bracedMemberInitialisersDefaultAndInConstructors() {
        assertEquals("""
            2 4 2 2 6
            3 xy 6 8 | 2 11 bee
            1 2 3 hs -4
            k 2 j
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <map>
            #include <string>
            #include <utility>
            struct Point { int x, y; };
            struct A {
                std::vector<int> v{1, 2, 3};
                std::string s{"xy"};
                int arr[3] = {4, 5, 6};
                Point p{7, 8};
            };
            struct B {
                std::vector<int> v;
                Point p;
                std::string name;
                B() : v{9, 10}, p{11, 12}, name{"bee"} {}
            };
            std::pair<int, int> f() { return {1, 2}; }
            std::vector<int> g() { return {3, 4, 5}; }
            std::string h() { return {"hs"}; }
            Point pt(int k) { return {k, -k}; }
            int main() {
                std::vector<Point> pts = {{1, 2}, {3, 4}};
                std::map<std::string, int> m = {{"a", 1}, {"b", 2}};
                A a; B b;
                Point q; q = Point{5, 6};
                auto pr = f();
                printf("%zu %d %zu %d %d\\n", pts.size(), pts[1].y, m.size(), m["b"], q.y);
                printf("%zu %s %d %d | %zu %d %s\\n", a.v.size(), a.s.c_str(), a.arr[2], a.p.y, b.v.size(), b.p.x, b.name.c_str());
                printf("%d %d %zu %s %d\\n", pr.first, pr.second, g().size(), h().c_str(), pt(4).y);
                std::vector<std::pair<std::string, int>> vp;
                vp.push_back({"k", 1});
                vp.emplace_back("j", 2);
                printf("%s %d %s\\n", vp[0].first.c_str(), vp[1].second, vp[1].first.c_str());
            }
            """));
        assertEquals("""
            7 1 2 5 0 4 6 8 9 4 ess
            2 0 2 2 0 0 2 zzz
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <string>
            struct P { int x, y; };
            struct Base { int a; Base(int a) : a(a) {} };
            struct Agg { int u, w; };
            struct D : Base, Agg {
                int n, m;
                int arr[3];
                P p;
                std::vector<int> v;
                std::string s;
                D() : Base{7}, Agg{1, 2}, n{5}, m{}, arr{4, 5, 6}, p{8, 9}, v{1, 2, 3, 4}, s{"ess"} {}
                D(int k) : Base(k), Agg(), n(k), m(k), arr{}, p{}, v(k, 1), s(3, 'z') {}
            };
            int main() {
                D d, e(2);
                printf("%d %d %d %d %d %d %d %d %d %zu %s\\n", d.a, d.u, d.w, d.n, d.m, d.arr[0], d.arr[2], d.p.x, d.p.y, d.v.size(), d.s.c_str());
                printf("%d %d %d %d %d %d %zu %s\\n", e.a, e.u, e.n, e.m, e.arr[1], e.p.y, e.v.size(), e.s.c_str());
            }
            """));
    }

    @Test
    void nestedBracedListsAndBraceElision() {
        assertEquals("""
            2 3
            2 3
            12 3 3 2 b
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <string>
            #include <array>
            struct P { int x, y; };
            struct Q { P a; P b; };
            void take(std::vector<P> v) { printf("%zu %d\\n", v.size(), v[1].x); }
            void takeq(const Q &q) { printf("%d %d\\n", q.a.y, q.b.x); }
            int main() {
                take({{1, 2}, {3, 4}});
                takeq({{1, 2}, {3, 4}});
                Q q = {{5, 6}, {7, 8}};
                q = {{9, 10}, {11, 12}};
                std::vector<std::vector<int>> grid = {{1, 2}, {3, 4, 5}};
                std::array<int, 3> ar = {1, 2, 3};
                P ps[2] = {{1, 1}, {2, 2}};
                std::string names[2] = {"a", "b"};
                printf("%d %zu %d %d %s\\n", q.b.y, grid[1].size(), ar[2], ps[1].y, names[1].c_str());
            }
            """));
        assertEquals("3 2 3\n", RunProgram.stdout("""
            #include <cstdio>
            struct S { int a[2]; int b; };
            int main() {
                int m[2][2] = {1, 2, 3, 4};
                S s = {1, 2, 3};
                printf("%d %d %d\\n", m[1][0], s.a[1], s.b);
            }
            """));
    }
}
