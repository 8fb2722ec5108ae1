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
 * Programs of several translation units that include the same headers, as a main.cu + kernels.cu
 * + project.h program does: what a header declares is declared once (the one-definition rule),
 * and functions link by name. Reference output from g++ 12 with the same files as .cpp.
 */
class SeveralUnitsTest {
    private static final String HEADER = """
            #ifndef SHARED_H
            #define SHARED_H
            struct Pair { int a, b; };
            const int SCALE = 3;
            inline int weight(const Pair &p) { return p.a * SCALE + p.b; }
            template <typename T> T twice(T v) { return v + v; }
            int total(const Pair *ps, int n);
            #endif
            """;

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

    @Test
    void headerIncludedByTwoUnitsDeclaresOnce() {
        SourceSet set = new SourceSet();
        set.file("shared.h", HEADER, false);
        set.file("main.cu", """
                #include <cstdio>
                #include "shared.h"
                int main() {
                    Pair ps[3] = {{1, 2}, {3, 4}, {5, 6}};
                    printf("%d %d %d\\n", weight(ps[0]), twice(7), total(ps, 3));
                    return 0;
                }
                """, true);
        set.file("lib.cu", """
                #include "shared.h"
                int total(const Pair *ps, int n) {
                    int s = 0;
                    for (int i = 0; i < n; i++) s += twice(weight(ps[i]));
                    return s;
                }
                """, true);
        assertEquals("5 14 78\n", run(set));
    }

    @Test
    void kernelInOneUnitLaunchedThroughAFunctionOfIt() {
        SourceSet set = new SourceSet();
        set.file("shared.h", HEADER, false);
        set.file("kernels.cu", """
                #include "shared.h"
                __global__ void weigh(const Pair *ps, int *out, int n) {
                    int i = blockIdx.x * blockDim.x + threadIdx.x;
                    if (i < n) out[i] = ps[i].a * SCALE + ps[i].b;
                }
                int total(const Pair *ps, int n) {
                    Pair *d; int *o; int h[8];
                    cudaMalloc(&d, n * sizeof(Pair));
                    cudaMalloc(&o, n * sizeof(int));
                    cudaMemcpy(d, ps, n * sizeof(Pair), cudaMemcpyHostToDevice);
                    weigh<<<1, 32>>>(d, o, n);
                    cudaMemcpy(h, o, n * sizeof(int), cudaMemcpyDeviceToHost);
                    int s = 0;
                    for (int i = 0; i < n; i++) s += twice(h[i]);
                    return s;
                }
                """, true);
        set.file("main.cu", """
                #include <cstdio>
                #include "shared.h"
                int main() {
                    Pair ps[3] = {{1, 2}, {3, 4}, {5, 6}};
                    printf("%d %d %d\\n", weight(ps[0]), twice(7), total(ps, 3));
                    return 0;
                }
                """, true);
        assertEquals("5 14 78\n", run(set));
    }

    @Test
    void twoDefinitionsInTheUnitsThemselvesAreStillAnError() {
        SourceSet set = new SourceSet();
        set.file("a.cu", "int f() { return 1; }\nint main() { return f(); }\n", true);
        set.file("b.cu", "int f() { return 2; }\n", true);
        CompileResult r = Compiler.compile(set);
        assertFalse(r.ok());
        assertTrue(r.render(false).contains("b.cu:1:5: error: redefinition of 'f'"), r.render(false));
    }
}
