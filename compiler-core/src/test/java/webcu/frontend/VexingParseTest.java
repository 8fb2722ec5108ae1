package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * T x(U(...)): a declaration when the parentheses can hold a parameter, an object built from a
 * functional cast otherwise, as C++ disambiguates it; expected results from g++ 12.
 */
class VexingParseTest {
    /** Functional casts with literals and expressions inside are initializers. */
    @Test
    void functionalCastInitializers() {
        assertEquals("2 2 1 abc 3 3.5\n", RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            int main() {
                int n = 300;
                dim3 grid(dim3((n + 255) / 256));
                dim3 block(dim3(4, 2));
                dim3 one(dim3(1u));
                std::string s(std::string("abc"));
                int k(int(3.7));
                double d(double(7) / 2);
                printf("%u %u %u %s %d %g\\n", grid.x, block.y, one.z, s.c_str(), k, d);
                return 0;
            }
            """));
    }

    /** dim3 block(dim3(f())) declares a function taking a dim3 (*)(): g++ rejects block.x. */
    @Test
    void parenthesisedParameterNameDeclaresAFunction() {
        String err = RunProgram.errors("""
            #include <cstdio>
            unsigned f() { return 4; }
            int main() {
                dim3 block(dim3(f()));
                printf("%u\\n", block.x);
                return 0;
            }
            """);
        assertTrue(err.contains("main.cu:5:26: error: no member named 'x'"), err);
    }

    /** A parenthesised parameter name in an ordinary declaration is that parameter. */
    @Test
    void parenthesisedParameterNames() {
        assertEquals("7 12\n", RunProgram.stdout("""
            #include <cstdio>
            int twice(int (x)) { return 2 * x; }
            int apply(int (g)(int), int v) { return g(v); }
            int plus5(int v) { return v + 5; }
            int main() {
                printf("%d %d\\n", apply(plus5, 2), twice(6));
                return 0;
            }
            """));
    }
}
