package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;

/** Names the C and POSIX headers declare the way glibc does, which C++ name lookup must allow. */
class PosixNamesTest {
    private static void compiles(String src) {
        CompileResult r = Compiler.compile(SourceSet.single("t.cu", src));
        assertTrue(r.ok(), r.render(false));
    }

    @Test
    void aFunctionHidesTheStructOfTheSameNameWhichStaysReachableWithItsKeyword() {
        compiles("""
            #include <sys/stat.h>
            #include <cstdio>
            long size(const char *path) {
                struct stat st;
                if (stat(path, &st) != 0) return -1;
                return S_ISDIR(st.st_mode) ? 0 : (long)st.st_size;
            }
            int main() { printf("%ld %zu\\n", size("x"), sizeof(struct stat)); return 0; }
            """);
    }

    @Test
    void theFunctionMayComeFirstAndTheStructAfterIt() {
        compiles("""
            struct sigaction;
            extern "C" int sigaction(int sig, const struct sigaction *act, struct sigaction *old);
            struct sigaction { void (*handler)(int); int flags; };
            int main() { struct sigaction sa; sa.flags = 0; return sizeof(struct sigaction) == 16 ? 0 : 1; }
            """);
    }

    @Test
    void stdNamesOfCTypesAreTypes() {
        compiles("""
            #include <ctime>
            #include <cstdio>
            #include <cstdint>
            int main() { std::time_t t = std::time(nullptr); std::FILE *f = stdout; std::uint64_t u = 1; std::intmax_t m = 2;
                std::fprintf(f, "%d %lu %ld\\n", t > 0, u, m); return 0; }
            """);
    }
}
