package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A lambda without captures converts to a pointer to function; expected outputs from g++ 12. */
class LambdaPointerTest {
    /**
     * C callbacks (qsort's comparator, a registered handler, a visitor, an integrand), unary +,
     * comparison with the pointer, a vector of function pointers, a reference parameter.
     */
    @Test
    void capturelessLambdaAsCallback() {
        assertEquals("""
            apple banana fig pear\s
            event count=3
            visited 27
            0.333333
            10000000000 1
            10 4 21\s
            42
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <cstdlib>
            #include <cstring>
            #include <vector>
            #include <algorithm>
            typedef void (*callback_t)(const char* name, int value);
            struct Registry { callback_t cb = nullptr; void on(callback_t c) { cb = c; } void fire(const char* n, int v) { if (cb) cb(n, v); } };
            static int visited = 0;
            void forEach(const int* a, int n, void (*visit)(int)) { for (int i = 0; i < n; i++) visit(a[i]); }
            double integrate(double (*f)(double), double a, double b, int steps) {
                double h = (b - a) / steps, s = 0;
                for (int i = 0; i < steps; i++) s += f(a + (i + 0.5) * h) * h;
                return s;
            }
            int main() {
                const char* words[] = {"pear", "apple", "fig", "banana"};
                qsort(words, 4, sizeof(words[0]), [](const void* a, const void* b) {
                    return strcmp(*(const char* const*)a, *(const char* const*)b);
                });
                for (const char* w : words) printf("%s ", w);
                printf("\\n");
                Registry r;
                r.on([](const char* n, int v) { printf("event %s=%d\\n", n, v); });
                r.fire("count", 3);
                int data[] = {4, 8, 15};
                forEach(data, 3, [](int x) { visited += x; });
                printf("visited %d\\n", visited);
                printf("%.6f\\n", integrate([](double x) { return x * x; }, 0, 1, 1000));
                auto sq = +[](int x) -> long { return (long)x * x; };
                long (*p)(int) = sq;
                printf("%ld %d\\n", p(100000), p == sq);
                std::vector<int (*)(int, int)> ops = {
                    [](int a, int b) { return a + b; },
                    [](int a, int b) { return a - b; },
                    [](int a, int b) { return a * b; },
                };
                for (auto op : ops) printf("%d ", op(7, 3));
                printf("\\n");
                auto lam = [](int& x) { x *= 2; };
                void (*dbl)(int&) = lam;
                int z = 21; dbl(z); printf("%d\\n", z);
                return 0;
            }
            """));
    }

    /** A lambda with a capture has no conversion: the closure object carries state a function cannot. */
    @Test
    void capturingLambdaDoesNotConvert() {
        String err = RunProgram.errors("""
            int main() {
                int k = 3;
                int (*fp)(int) = [k](int x) { return x * k; };
                return fp(1);
            }
            """);
        assertTrue(err.contains("main.cu:3:22: error: cannot initialize a value of type 'int (int) *'"), err);
    }
}
