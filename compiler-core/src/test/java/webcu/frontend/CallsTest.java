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
            struct Op { int *log; __device__ Op(int *l) : log(l) {} __device__ virtual ~Op() { atomicAdd(log, 1); } };
            struct Twice : Op { __device__ Twice(int *l) : Op(l) {} __device__ ~Twice() override { atomicAdd(log + 1, 1); } };
            __global__ void build(Op **ops, int *log) { int i = threadIdx.x; if (i % 2) ops[i] = new Twice(log); else ops[i] = new Op(log); }
            __global__ void destroy(Op **ops) { int i = threadIdx.x; ops[i]->~Op(); }
            int main() {
                Op **ops; int *log;
                cudaMalloc(&ops, 9 * sizeof(Op *));
                cudaMalloc(&log, 2 * sizeof(int));
                cudaMemset(log, 0, 2 * sizeof(int));
                build<<<1, 9>>>(ops, log);
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
}
