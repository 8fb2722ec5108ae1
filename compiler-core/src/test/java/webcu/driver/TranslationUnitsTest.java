package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * Programs of several files, as nvcc builds them: each .cu/.cpp/.c file its own translation unit
 * (static names and types per file, headers shared), linked by name; .c files compiled as C.
 */
class TranslationUnitsTest {
    private static final String UTIL_H = """
        #ifndef UTIL_H
        #define UTIL_H
        struct Stats { int count; float sum; };
        #ifdef __cplusplus
        extern "C" {
        #endif
        float *make_array(int n);
        void summarize(const float *a, int n, struct Stats *out);
        #ifdef __cplusplus
        }
        #endif
        static inline int twice(int x) { return 2 * x; }
        #endif
        """;

    private static final String UTIL_C = """
        #include <stdio.h>
        #include <stdlib.h>
        #include "util.h"
        static int offset(int i) { return i + 1; }   /* main.cu has its own offset() */
        int calls;                                    /* defined here, extern in main.cu */
        float *make_array(int n) {
            float *a = malloc(n * sizeof(float));    /* C: no cast needed */
            int i;
            for (i = 0; i < n; i++) a[i] = (float)offset(i);
            calls++;
            return a;
        }
        void summarize(const float *a, int n, struct Stats *out) {
            int i;
            out->count = n;
            out->sum = 0;
            for (i = 0; i < n; i++) out->sum += a[i];
            calls++;
        #ifdef __cplusplus
            printf("compiled as C++\\n");
        #endif
        #ifdef __CUDACC__
            printf("compiled by nvcc's device front end\\n");
        #endif
        }
        """;

    private static final String KERNEL_CU = """
        __global__ void scale(float *a, int n, float f) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) a[i] *= f;
        }
        """;

    private static final String MAIN_CU = """
        #include <cstdio>
        #include "util.h"
        #include "kernel.cu"
        extern int calls;
        static int offset(int i) { return i * 100; }
        int main() {
            const int n = 8;
            float *h = make_array(n);
            float *d;
            cudaMalloc(&d, n * sizeof(float));
            cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
            scale<<<1, 32>>>(d, n, 2.0f);
            cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
            Stats s;
            summarize(h, n, &s);
            printf("count %d sum %.1f offset %d twice %d calls %d\\n", s.count, s.sum, offset(2), twice(21), calls);
            return 0;
        }
        """;

    @Test
    void filesAreTranslationUnitsLinkedByName() {
        SourceSet set = new SourceSet()
                .file("prog/util.h", UTIL_H, false)
                .file("prog/kernel.cu", KERNEL_CU, false)
                .file("prog/main.cu", MAIN_CU, true)
                .file("prog/util.c", UTIL_C, true);
        assertEquals("count 8 sum 72.0 offset 200 twice 42 calls 2\n", run(set));
    }

    @Test
    void cFilesAreCAndWarnOfImplicitDeclarations() {
        SourceSet set = new SourceSet()
                .file("a.cu", "#include <cstdio>\nextern \"C\" int caller(int);\nint main() { printf(\"%d\\n\", caller(4)); }\n", true)
                .file("b.c", "int caller(int x) { return elsewhere(x) + 1; }\n", true)
                .file("c.c", "int elsewhere(int x) { return x * 3; }\n", true);
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        assertEquals("""
            b.c:1:28: warning: implicit declaration of function 'elsewhere'
            int caller(int x) { return elsewhere(x) + 1; }
                                       ^~~~~~~~~
            """, r.render(false));
    }

    @Test
    void cppNeedsACastFromVoidPointer() {
        SourceSet set = new SourceSet()
                .file("a.cpp", "#include <cstdlib>\nint main() { int *p = malloc(4); return 0; }\n", true);
        CompileResult r = Compiler.compile(set);
        assertFalse(r.ok());
        assertTrue(r.render(false).contains("a.cpp:2:29: error: cannot initialize a value of type 'int *' with an expression of incompatible type 'void *'"),
                r.render(false));
    }

    @Test
    void includesAreReadThroughTheLoader() {
        SourceSet set = new SourceSet()
                .file("dir/main.cu", "#include <cstdio>\n#include \"sub/a.h\"\nint main() { printf(\"%d\\n\", A); }\n", true)
                .loader(path -> switch (path) {
                    case "dir/sub/a.h" -> "#include \"b.h\"\n#define A (B + 1)\n";
                    case "dir/sub/b.h" -> "#define B 41\n";
                    default -> null;
                });
        assertEquals("42\n", run(set));
        // the include search asked for dir/b.h too: a miss is not a file (the page builds its
        // file system from files())
        assertFalse(set.files().containsValue(null));
        assertEquals(java.util.Set.of("dir/main.cu", "dir/sub/a.h", "dir/sub/b.h"), set.files().keySet());
    }

    private static String run(SourceSet set) {
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("prog"));
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        assertEquals(0, ((RunState.Exited) state).status(), err.toString());
        return out.toString();
    }
}
