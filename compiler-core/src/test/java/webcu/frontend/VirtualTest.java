package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Virtual functions and class hierarchies as textbook and sample programs write them; every
 * expected output was printed by the same program built with g++ 12 on x86-64.
 */
class VirtualTest {
    @Test
    void shapesThroughBasePointersAndReferences() {
        assertEquals("""
            circle 1 12.566
            shape 2 9.000
            shape 3 0.000
            ~Circle 1
            ~Shape 1
            ~Square 2
            ~Shape 2
            ~Shape 3
            16 24 24
            circle 3.142 0.000
            ~Circle 4
            ~Shape 4
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Shape {
                int id;
                Shape(int i) : id(i) {}
                virtual double area() const { return 0; }
                virtual const char *name() const { return "shape"; }
                virtual ~Shape() { printf("~Shape %d\\n", id); }
            };
            struct Circle : public Shape {
                double r;
                Circle(int i, double r) : Shape(i), r(r) {}
                double area() const override { return 3.14159 * r * r; }
                const char *name() const override { return "circle"; }
                ~Circle() { printf("~Circle %d\\n", id); }
            };
            struct Square : Shape {
                double s;
                Square(int i, double s) : Shape(i), s(s) {}
                double area() const { return s * s; }
                ~Square() override { printf("~Square %d\\n", id); }
            };
            int main() {
                Shape *shapes[3] = { new Circle(1, 2.0), new Square(2, 3.0), new Shape(3) };
                for (int i = 0; i < 3; i++) printf("%s %d %.3f\\n", shapes[i]->name(), shapes[i]->id, shapes[i]->area());
                for (int i = 0; i < 3; i++) delete shapes[i];
                printf("%zu %zu %zu\\n", sizeof(Shape), sizeof(Circle), sizeof(Square));
                Circle c(4, 1.0);
                Shape &r = c;
                printf("%s %.3f %.3f\\n", r.name(), r.area(), r.Shape::area());
                return 0;
            }
            """));
    }

    /** A container runs its elements' destructors when they leave it (erase, pop_back, resize, its own end). */
    @Test
    void vectorDestroysItsElements() {
        assertEquals("""
            erase first
            ~Square 1
            ~Shape 1
            pop_back
            ~Square 5
            ~Shape 5
            resize to 1
            ~Square 3
            ~Shape 3
            ~Shape 4
            leaving scope with 1
            ~Shape 2
            done
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <memory>
            #include <vector>
            struct Shape {
                int k;
                explicit Shape(int k) : k(k) {}
                virtual ~Shape() { printf("~Shape %d\\n", k); }
            };
            struct Square : Shape {
                explicit Square(int k) : Shape(k) {}
                ~Square() override { printf("~Square %d\\n", k); }
            };
            int main() {
                {
                    std::vector<std::unique_ptr<Shape>> shapes;
                    for (int i = 1; i <= 5; i++) {
                        if (i % 2) shapes.push_back(std::make_unique<Square>(i));
                        else shapes.push_back(std::make_unique<Shape>(i));
                    }
                    printf("erase first\\n");
                    shapes.erase(shapes.begin());
                    printf("pop_back\\n");
                    shapes.pop_back();
                    printf("resize to 1\\n");
                    shapes.resize(1);
                    printf("leaving scope with %zu\\n", shapes.size());
                }
                printf("done\\n");
            }
            """));
    }

    /** A middle class without a destructor of its own (std::ifstream over its file-stream base). */
    @Test
    void destructorThroughBaseWithoutOne() {
        assertEquals("""
            ~FileIn 7
            ~Stream 5
            ~Stream 9
            ~Stream 11
            done
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Stream { int fd; Stream() : fd(3) {} ~Stream() { printf("~Stream %d\\n", fd); } };
            struct Buffered : Stream { int pad = 7; };
            struct FileIn : Buffered { FileIn() { fd = 5; } ~FileIn() { printf("~FileIn %d\\n", pad); } };
            struct Twice : Buffered { };
            int main() {
                { FileIn f; }
                { Twice t; t.fd = 9; }
                Buffered *b = new Buffered; b->fd = 11; delete b;
                printf("done\\n");
            }
            """));
    }

    /** Calls from constructors and destructors, pure virtual functions, final, covariant results,
     *  dynamic_cast, a std::vector of base pointers, multiple inheritance with g++'s layout. */
    @Test
    void zooHierarchy() {
        assertEquals("""
            Animal(rex) says ...
            Animal(bit) says ...
            Animal(bird) says ...
            Animal(bird) says ...
            rex: woof, 4 legs
            bit: yip, 4 legs
            bird: ..., 2 legs
            bird: squawk, 2 legs
            bit: yip, 4 legs
              (a puppy of 3 months, parent says woof)
            legs: 12
            rex: bird=0 dog=1 flies=-1
            bit: bird=0 dog=1 flies=-1
            bird: bird=1 dog=0 flies=1
            bird: bird=1 dog=0 flies=0
            Animal(bird) says ...
            bird says squawk
            squawk 2
            ~Dog(rex)
            ~Animal(rex) ...
            ~Dog(bit)
            ~Animal(bit) ...
            ~Animal(bird) ...
            ~Animal(bird) ...
            2 2 42
            300 3002 300 3002
            sizes 16 16 24 16 16 32
            offset 16
            back 1 3
            ~Animal(bird) ...
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            class Animal {
            public:
                Animal(const char *n) : name_(n) { printf("Animal(%s) says %s\\n", name_, sound()); }
                virtual ~Animal() { printf("~Animal(%s) %s\\n", name_, sound()); }
                virtual const char *sound() const { return "..."; }
                virtual int legs() const = 0;
                void describe() const { printf("%s: %s, %d legs\\n", name_, sound(), legs()); }
                const char *name() const { return name_; }
            protected:
                const char *name_;
            };
            class Dog : public Animal {
            public:
                Dog(const char *n) : Animal(n) {}
                ~Dog() override { printf("~Dog(%s)\\n", name_); }
                const char *sound() const override { return "woof"; }
                int legs() const override { return 4; }
            };
            class Puppy final : public Dog {
            public:
                Puppy(const char *n, int age) : Dog(n), age_(age) {}
                const char *sound() const override { return "yip"; }
                void describe() const { Dog::describe(); printf("  (a puppy of %d months, parent says %s)\\n", age_, Dog::sound()); }
            private:
                int age_;
            };
            struct Bird : Animal {
                Bird() : Animal("bird") {}
                int legs() const { return 2; }
                virtual bool flies() const { return true; }
            };
            struct Penguin : Bird {
                Penguin() {}
                bool flies() const { return false; }
                const char *sound() const;
            };
            const char *Penguin::sound() const { return "squawk"; }

            struct Base { virtual Base *self() { return this; } virtual int id() const { return 1; } virtual ~Base() = default; };
            struct Derived : Base { Derived *self() override { return this; } int id() const override { return 2; } int extra = 42; };

            struct A { int a = 1; virtual int who() const { return a; } virtual ~A() {} };
            struct B { int b = 2; virtual int what() const { return b * 10; } virtual ~B() {} };
            struct C : A, B { int c = 3; int who() const override { return c * 100; } int what() const override { return c * 1000 + b; } };

            int total_legs(const std::vector<Animal *> &zoo) {
                int n = 0;
                for (size_t i = 0; i < zoo.size(); i++) n += zoo[i]->legs();
                return n;
            }
            void speak(const Animal &a) { printf("%s says %s\\n", a.name(), a.sound()); }

            int main() {
                std::vector<Animal *> zoo;
                zoo.push_back(new Dog("rex"));
                zoo.push_back(new Puppy("bit", 3));
                zoo.push_back(new Bird());
                zoo.push_back(new Penguin());
                for (Animal *a : zoo) a->describe();
                static_cast<Puppy *>(zoo[1])->describe();
                printf("legs: %d\\n", total_legs(zoo));
                for (size_t i = 0; i < zoo.size(); i++) {
                    Bird *b = dynamic_cast<Bird *>(zoo[i]);
                    Dog *d = dynamic_cast<Dog *>(zoo[i]);
                    printf("%s: bird=%d dog=%d flies=%d\\n", zoo[i]->name(), b != nullptr, d != nullptr, b ? b->flies() : -1);
                }
                Penguin p;
                speak(p);
                Animal &ref = p;
                printf("%s %d\\n", ref.sound(), ref.legs());
                for (Animal *a : zoo) delete a;
                Derived d;
                Base *bp = &d;
                printf("%d %d %d\\n", bp->id(), bp->self()->id(), d.self()->extra);
                C c;
                A *pa = &c;
                B *pb = &c;
                printf("%d %d %d %d\\n", pa->who(), pb->what(), c.who(), c.what());
                printf("sizes %zu %zu %zu %zu %zu %zu\\n", sizeof(Animal), sizeof(Dog), sizeof(Puppy), sizeof(A), sizeof(B), sizeof(C));
                printf("offset %d\\n", (int)((char *)pb - (char *)&c));
                C *back = dynamic_cast<C *>(pb);
                printf("back %d %d\\n", back == &c, back->c);
                return 0;
            }
            """));
    }

    /** CUDA allows virtual functions on objects created in device code. */
    @Test
    void virtualCallsInAKernel() {
        assertEquals("0 1 5 3 16 12.5 6 49 \n", RunProgram.stdout("""
            #include <cstdio>
            struct Op {
                __device__ virtual float apply(float x) const { return x; }
                __device__ virtual ~Op() {}
            };
            struct Square : Op { __device__ float apply(float x) const override { return x * x; } };
            struct Scale : Op {
                float k;
                __device__ Scale(float k) : k(k) {}
                __device__ float apply(float x) const override { return k * x; }
            };
            __global__ void run(float *out, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i >= n) return;
                Op id; Square sq; Scale sc(2.5f);
                const Op *ops[3] = { &id, &sq, &sc };
                out[i] = ops[i % 3]->apply((float)i);
            }
            int main() {
                const int n = 8;
                float *d; cudaMalloc(&d, n * sizeof(float));
                run<<<1, 32>>>(d, n);
                float h[n]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                for (int i = 0; i < n; i++) printf("%g ", h[i]);
                printf("\\n");
                cudaFree(d);
            }
            """));
    }

    @Test
    void abstractClassesAndOverrideErrors() {
        String out = RunProgram.errors("""
            struct Shape {
                virtual double area() const = 0;
                virtual const char *name() const = 0;
                virtual ~Shape() {}
            };
            struct Circle : Shape {
                double r = 1;
                double area() const override { return 3.14 * r * r; }
                int sides() const override { return 0; }
            };
            int main() {
                Shape s;
                Shape *p = new Circle();
                delete p;
                return 0;
            }
            """);
        assertTrue(out.contains("main.cu:9:9: error: 'sides' marked 'override' but does not override any member functions"), out);
        assertTrue(out.contains("main.cu:12:11: error: variable type 'Shape' is an abstract class"), out);
        assertTrue(out.contains("main.cu:2:20: note: unimplemented pure virtual method 'area' in 'Shape'"), out);
        assertTrue(out.contains("main.cu:13:16: error: allocating an object of abstract class type 'Circle'"), out);
        assertTrue(out.contains("main.cu:3:25: note: unimplemented pure virtual method 'name' in 'Circle'"), out);
        assertTrue(out.endsWith("3 errors generated.\n"), out);
    }

    @Test
    void overridingAFinalFunction() {
        String out = RunProgram.errors("""
            struct A { virtual int f() final { return 1; } };
            struct B : A { int f() { return 2; } };
            int main() { B b; return b.f(); }
            """);
        assertTrue(out.startsWith("main.cu:2:20: error: declaration of 'f' overrides a 'final' function"), out);
        assertTrue(out.contains("main.cu:1:24: note: overridden virtual function is here"), out);
    }

    /** The vptr takes 8 bytes at the front, and a derived class's fields go in its base's tail padding, as in g++. */
    @Test
    void sizeofCountsTheVptr() {
        assertEquals("8 16 16 24 4\n", RunProgram.stdout("""
            #include <cstdio>
            struct Empty { virtual ~Empty() {} };
            struct One { int x; virtual void f() {} };
            struct Two : One { int y; };
            struct Three : Two { double z; void f() override {} };
            struct Plain { int x; };
            int main() { printf("%zu %zu %zu %zu %zu\\n", sizeof(Empty), sizeof(One), sizeof(Two), sizeof(Three), sizeof(Plain)); }
            """));
    }

    /** Local and global arrays of objects are constructed element by element, global objects before main. */
    @Test
    void arraysAndGlobalsOfPolymorphicObjects() {
        assertEquals("""
            18 1.5 6 2
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Particle {
                float x = 1.5f, v = 0;
                Particle() { v = 2; }
                virtual float energy() const { return 0.5f * v * v; }
                virtual ~Particle() {}
            };
            struct Heavy : Particle { float m = 3; float energy() const override { return 0.5f * m * v * v; } };
            Heavy global_heavy;
            Particle global_list[2];
            int main() {
                Particle ps[3];
                Heavy hs[2];
                const Particle *all[5] = { &ps[0], &ps[1], &ps[2], &hs[0], &hs[1] };
                float total = 0;
                for (int i = 0; i < 5; i++) total += all[i]->energy();
                const Particle &g = global_heavy;
                printf("%g %g %g %g\\n", total, ps[2].x, g.energy(), global_list[1].energy());
                return 0;
            }
            """));
    }

    /** Base b = derived; and passing a derived object by value: the copy is a Base, and calls on it reach Base's functions. */
    @Test
    void slicingCopiesTheBasePart() {
        assertEquals("""
            3 3 10 10 10 15
            """, RunProgram.stdout("""
            #include <cstdio>
            struct P2 { int x, y; };
            struct P3 : P2 { int z; };
            struct Base { int v = 1; virtual int f() const { return v; } };
            struct Der : Base { int w = 5; int f() const override { return v + w; } };
            int sum(P2 p) { return p.x + p.y; }
            int call(Base b) { return b.f(); }
            int main() {
                P3 p3; p3.x = 1; p3.y = 2; p3.z = 3;
                P2 p2 = p3;
                Der d; d.v = 10;
                Base b = d;
                const Base *pb = &b;
                printf("%d %d %d %d %d %d\\n", p2.x + p2.y, sum(p3), b.f(), pb->f(), call(d), d.f());
                return 0;
            }
            """));
    }

    /** Textbook style: constructors, destructors and overriders defined outside their class, Base::step() from an override. */
    @Test
    void membersDefinedOutsideTheClass() {
        assertEquals("""
            newton 1.4142135624
            halver 0.0156250000
            ~Newton a=2
            ~Solver base
            ~Solver base
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            class Solver {
            public:
                Solver(int n);
                virtual ~Solver();
                virtual const char *name() const = 0;
                virtual double step(double x) const;
                double run(double x0, int iters) const;
            protected:
                int n_;
            };
            Solver::Solver(int n) : n_(n) {}
            Solver::~Solver() { printf("~Solver %s\\n", "base"); }
            double Solver::step(double x) const { return x; }
            double Solver::run(double x0, int iters) const {
                double x = x0;
                for (int i = 0; i < iters; i++) x = step(x);
                return x;
            }
            class Newton : public Solver {
            public:
                Newton(int n, double a);
                ~Newton();
                const char *name() const override;
                double step(double x) const override;
            private:
                double a_;
            };
            Newton::Newton(int n, double a) : Solver(n), a_(a) {}
            Newton::~Newton() { printf("~Newton a=%g\\n", a_); }
            const char *Newton::name() const { return "newton"; }
            double Newton::step(double x) const { return 0.5 * (x + a_ / x); }
            class Halver : public Solver {
            public:
                using Solver::Solver;
                Halver() : Solver(1) {}
                const char *name() const override { return "halver"; }
                double step(double x) const override { return x / 2 + Solver::step(0); }
            };
            int main() {
                std::vector<Solver *> solvers;
                solvers.push_back(new Newton(2, 2.0));
                solvers.push_back(new Halver());
                for (Solver *s : solvers) printf("%s %.10f\\n", s->name(), s->run(1.0, 6));
                for (Solver *s : solvers) delete s;
                return 0;
            }
            """));
    }

    /** RAII style: the elements of a local array are destroyed last to first when its block ends, also on break. */
    @Test
    void arraysOfObjectsAreDestroyed() {
        assertEquals("""
            acquire 0
            acquire 1
            acquire 2
            in scope 2
            release 2
            release 1
            release 0
            acquire 3
            acquire 4
            iter 4
            pool 4
            release 4
            pool 3
            release 3
            acquire 5
            acquire 6
            pool 6
            release 6
            pool 5
            release 5
            """, RunProgram.stdout("""
            #include <cstdio>
            struct Res {
                int id;
                Res() { static int next = 0; id = next++; printf("acquire %d\\n", id); }
                virtual ~Res() { printf("release %d\\n", id); }
            };
            struct Pool : Res { ~Pool() { printf("pool %d\\n", id); } };
            int main() {
                {
                    Res rs[3];
                    printf("in scope %d\\n", rs[2].id);
                }
                for (int k = 0; k < 2; k++) {
                    Pool ps[2];
                    if (k == 1) break;
                    printf("iter %d\\n", ps[1].id);
                }
                return 0;
            }
            """));
    }

    /**
     * What std::function's type erasure needs: deleting a null pointer to a class with a virtual
     * destructor does nothing, and return g(); in a void function still calls g.
     */
    @Test
    void deleteNull_andReturnOfVoidCall() {
        assertEquals("call 3\ngone\ndone\n", RunProgram.stdout("""
            #include <cstdio>
            struct Base { virtual ~Base() { printf("gone\\n"); } virtual void run(int) = 0; };
            struct Impl : Base { void run(int n) { printf("call %d\\n", n); } };
            static void forward(Base *b, int n) { return b->run(n); }
            int main() {
                Base *none = nullptr;
                delete none;
                Base *b = new Impl();
                forward(b, 3);
                delete b;
                printf("done\\n");
                return 0;
            }
            """));
    }
}
