package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * C++ exceptions on the host. Each program under {@code resources/exceptions/} is plain C++ that
 * g++ 12 builds too: its {@code .out}, {@code .err} and {@code .status} are what the g++ build
 * printed and returned on this machine (libstdc++'s terminate messages included), and webcu must
 * print the same. webcu's abort adds its own "Aborted" line, which the shell prints natively.
 */
class ExceptionsTest {
    private static final Path DIR = Path.of("src/test/resources/exceptions");
    private static final String ABORTED = "Aborted (abort() was called)\n";

    record Run(String out, String err, int status) {}

    static Run run(String name, String src, String... args) {
        CompileResult r = Compiler.compile(SourceSet.single(name, src));
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of(args));
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        return new Run(out.toString(), err.toString(), ((RunState.Exited) state).status());
    }

    @TestFactory
    Stream<DynamicTest> programsPrintWhatTheirGxxBuildPrints() throws IOException {
        List<Path> programs;
        try (Stream<Path> s = Files.list(DIR)) {
            programs = s.filter(p -> p.toString().endsWith(".cpp")).sorted().toList();
        }
        assertTrue(programs.size() >= 10);
        return programs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            String base = p.toString().substring(0, p.toString().length() - 4);
            Run r = run(p.getFileName().toString().replace(".cpp", ".cu"), Files.readString(p, StandardCharsets.UTF_8), "prog", "arg");
            int status = Integer.parseInt(Files.readString(Path.of(base + ".status")).trim());
            String err = Files.readString(Path.of(base + ".err"), StandardCharsets.UTF_8);
            assertEquals(Files.readString(Path.of(base + ".out"), StandardCharsets.UTF_8), r.out());
            assertEquals(status == 134 ? err + ABORTED : err, r.err());
            assertEquals(status, r.status());
        }));
    }

    private static String errors(String src) {
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", src));
        assertFalse(r.ok(), "expected an error");
        return r.render(false);
    }

    @Test
    void throwInDeviceCode_isNvccsError() {
        assertEquals("""
            main.cu:1:38: error: device code does not support exception handling
            __device__ int f(int x) { if (x < 0) throw 1; return x; }
                                                 ^~~~~
            main.cu:2:29: error: device code does not support exception handling
            __global__ void k(int *p) { try { p[0] = f(p[1]); } catch (...) { p[0] = -1; } }
                                        ^~~
            2 errors generated.
            """, errors("""
            __device__ int f(int x) { if (x < 0) throw 1; return x; }
            __global__ void k(int *p) { try { p[0] = f(p[1]); } catch (...) { p[0] = -1; } }
            """));
    }

    @Test
    void throwInHostDeviceFunction_isAnErrorUnlessOnlyTheHostSeesIt() {
        assertTrue(errors("__host__ __device__ int g(int x) { if (x < 0) throw 2; return x; }\nint main() { return g(1); }\n")
                .contains("main.cu:1:47: error: device code does not support exception handling"));
        // with __CUDA_ARCH__ tested, the device compilation no longer sees the throw: nvcc accepts this
        Run r = run("main.cu", """
            #include <cstdio>
            __host__ __device__ int g(int x) {
            #ifndef __CUDA_ARCH__
                if (x < 0) throw 2;
            #endif
                return x;
            }
            __global__ void k(int *p) { p[0] = g(p[0]); }
            int main() { try { printf("%d\\n", g(-1)); } catch (int e) { printf("caught %d\\n", e); } return 0; }
            """, "prog");
        assertEquals("caught 2\n", r.out());
    }

    @Test
    void cudaErrorChecksThatThrow_terminateAsNative() {
        Run r = run("main.cu", """
            #include <cstdio>
            #include <stdexcept>
            #define CUDA_CHECK(call) do { cudaError_t e_ = (call); \\
                if (e_ != cudaSuccess) throw std::runtime_error(cudaGetErrorString(e_)); } while (0)
            struct DeviceBuffer {
                float *p;
                DeviceBuffer(size_t n) : p(0) { CUDA_CHECK(cudaMalloc(&p, n * sizeof(float))); }
                ~DeviceBuffer() { cudaFree(p); printf("freed\\n"); }
            };
            int main() {
                try {
                    DeviceBuffer b(256);
                    CUDA_CHECK(cudaMemset(b.p, 0, 256 * sizeof(float)));
                    CUDA_CHECK(cudaSetDevice(99));
                } catch (const std::exception &e) {
                    printf("error: %s\\n", e.what());
                }
                CUDA_CHECK(cudaSetDevice(42));
                return 0;
            }
            """, "prog");
        assertEquals("freed\nerror: invalid device ordinal\n", r.out());
        assertEquals("terminate called after throwing an instance of 'std::runtime_error'\n  what():  invalid device ordinal\n" + ABORTED, r.err());
        assertEquals(134, r.status());
    }

    @Test
    void nothrowNew_allocates() {
        Run r = run("main.cu", """
            #include <cstdio>
            #include <new>
            int main() {
                int *a = new (std::nothrow) int[8];
                double *d = new (std::nothrow) double(2.5);
                a[7] = 3;
                printf("%d %.1f\\n", a[7], *d);
                return 0;
            }
            """, "prog");
        assertEquals("3 2.5\n", r.out());
    }

    @Test
    void placementNew_constructsInTheGivenStorage() {
        Run r = run("main.cu", """
            #include <cstdio>
            #include <new>
            int main() { alignas(8) char buf[8]; int *p = new (buf) int(3); printf("%d %d\\n", *p, (void *)p == (void *)buf); return 0; }
            """, "prog");
        assertEquals("3 1\n", r.out());
    }

    @Test
    void programWithoutTry_hasNoCleanupRegions() {
        assertFalse(Compiler.hasTryBlock(List.of("int main() { entry(); retry(); /* tryst */ }")));
        assertTrue(Compiler.hasTryBlock(List.of("int main() { try { } catch (...) { } }")));
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", """
            #include <cstdio>
            struct R { ~R() { printf("bye\\n"); } };
            int main() { R r; printf("hi\\n"); R s; printf("again\\n"); return 0; }
            """));
        assertTrue(r.ok(), r.render(false));
        assertFalse(webcu.ir.IrPrinter.print(r.module()).contains("__webcu_eh_enter"));
    }
}
