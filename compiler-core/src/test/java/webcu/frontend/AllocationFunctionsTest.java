package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The allocation functions: ::operator new/delete and their array, sized, nothrow and placement
 * forms, a program's replacement of the global ones, a class's own; expected outputs from g++ 12.
 */
class AllocationFunctionsTest {
    /** Raw storage from ::operator new, objects built in it with placement new and destroyed by hand. */
    @Test
    void rawStorageAndPlacementNew() {
        assertEquals("""
            Point(1,2)
            3
            ~Point(1,2)
            9
            Point(0,0)
            Point(1,-1)
            Point(2,-2)
            ~Point(2,-2)
            ~Point(1,-1)
            ~Point(0,0)
            placed 6
            1
            Point(7,8)
            ~Point(7,8)
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <new>
            #include <cstring>
            #include <string>
            struct Point {
                int x, y;
                Point(int a, int b) : x(a), y(b) { printf("Point(%d,%d)\\n", x, y); }
                ~Point() { printf("~Point(%d,%d)\\n", x, y); }
            };
            template <class T> struct Pool {
                void *raw;
                size_t cap;
                explicit Pool(size_t n) : raw(::operator new(n * sizeof(T))), cap(n) {}
                ~Pool() { ::operator delete(raw); }
                T *slot(size_t i) { return static_cast<T *>(raw) + i; }
            };
            int main() {
                void *mem = ::operator new(sizeof(Point));
                Point *p = new (mem) Point(1, 2);
                printf("%d\\n", p->x + p->y);
                p->~Point();
                ::operator delete(mem);
                int *arr = static_cast<int *>(::operator new[](4 * sizeof(int)));
                for (int i = 0; i < 4; ++i) arr[i] = i * i;
                printf("%d\\n", arr[3]);
                ::operator delete[](arr);
                void *q = operator new(16);
                memset(q, 0, 16);
                operator delete(q);
                Pool<Point> pool(3);
                for (int i = 0; i < 3; ++i) new (pool.slot(i)) Point(i, -i);
                for (int i = 2; i >= 0; --i) pool.slot(i)->~Point();
                alignas(8) unsigned char buf[sizeof(std::string)];
                std::string *s = new (buf) std::string("placed");
                printf("%s %zu\\n", s->c_str(), s->size());
                using std::string; s->~string();
                void *nt = ::operator new(8, std::nothrow);
                printf("%d\\n", nt != nullptr);
                ::operator delete(nt);
                Point *pa = static_cast<Point *>(::operator new(sizeof(Point) * 2));
                new (pa + 1) Point(7, 8);
                pa[1].~Point();
                ::operator delete(pa, sizeof(Point) * 2);
                return 0;
            }
            """));
    }

    /**
     * A program's operator new counts every allocation (new[] goes through it, as libstdc++'s
     * does); a class's operator new and delete serve new and delete of that class.
     */
    @Test
    void replacedGlobalAndClassOperators() {
        assertEquals("""
            2 allocations, 36 bytes
            Node::new(16)
            Node::new(16)
            Node::new(16)
            5 allocations, 84 bytes
            Node::delete
            Node::delete
            Node::delete
            sum 3
            6 allocations, 164 bytes
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <cstdlib>
            #include <new>
            #include <vector>
            static size_t allocations = 0, bytes = 0;
            void *operator new(size_t n) {
                ++allocations;
                bytes += n;
                void *p = malloc(n);
                if (!p) throw std::bad_alloc();
                return p;
            }
            void operator delete(void *p) noexcept { free(p); }
            void operator delete(void *p, size_t) noexcept { free(p); }
            struct Node {
                int value;
                Node *next;
                Node(int v, Node *n) : value(v), next(n) {}
                static void *operator new(size_t n) { printf("Node::new(%zu)\\n", n); return ::operator new(n); }
                static void operator delete(void *p) { printf("Node::delete\\n"); ::operator delete(p); }
            };
            struct Big { double d[4]; };
            int main() {
                int *a = new int(5);
                Big *b = new Big;
                printf("%zu allocations, %zu bytes\\n", allocations, bytes);
                delete a;
                delete b;
                Node *head = nullptr;
                for (int i = 0; i < 3; ++i) head = new Node(i, head);
                printf("%zu allocations, %zu bytes\\n", allocations, bytes);
                int sum = 0;
                while (head) { Node *n = head->next; sum += head->value; delete head; head = n; }
                printf("sum %d\\n", sum);
                double *arr = new double[10];
                printf("%zu allocations, %zu bytes\\n", allocations, bytes);
                delete[] arr;
                return 0;
            }
            """));
    }

    /** new T[n] default-constructs each element; delete[] destroys them last to first (null and empty arrays too). */
    @Test
    void arraysOfObjects() {
        assertEquals("""
            Counter(0)
            Counter(1)
            Counter(2)
            alive 3, last id 2
            ~Counter(2)
            ~Counter(1)
            ~Counter(0)
            alive 0
            12
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            struct Counter {
                static int alive;
                int id;
                Counter() : id(alive++) { printf("Counter(%d)\\n", id); }
                ~Counter() { printf("~Counter(%d)\\n", id); --alive; }
            };
            int Counter::alive = 0;
            struct Vec2 { float x = 1, y = 2; Vec2() {} };
            struct Named { std::string name = "none"; int n = 0; };
            int main() {
                Counter *cs = new Counter[3];
                printf("alive %d, last id %d\\n", Counter::alive, cs[2].id);
                delete[] cs;
                printf("alive %d\\n", Counter::alive);
                int n = 4;
                Vec2 *vs = new Vec2[n];
                float sum = 0;
                for (int i = 0; i < n; ++i) sum += vs[i].x + vs[i].y;
                printf("%g\\n", sum);
                delete[] vs;
                Counter *none = nullptr;
                delete[] none;
                Counter *empty = new Counter[0];
                delete[] empty;
                return 0;
            }
            """));
    }
}
