package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import webcu.diag.Span;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Type;
import webcu.runtime.CapturingConsole;

/**
 * The loop compiler must not change what a program does: each program here runs with the
 * interpreter alone and with {@link LoopJit}, and both runs must print the same, fault the same
 * way and end with the same status; the JIT run must also have compiled the loops it should.
 */
class LoopJitTest {
    record Outcome(String out, String err, int status, int slices) {}

    @AfterEach
    void noCompilerLeftInstalled() {
        Interpreter.setLoopCompiler(null);
    }

    private static Outcome run(String source, LoopJit jit, long slice) {
        SourceSet set = new SourceSet();
        set.file("loop.cu", source, true);
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        Interpreter.setLoopCompiler(jit);
        try {
            ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("loop"));
            for (int slices = 1; slices < 10_000_000; slices++) {
                RunState s = run.resume(slice);
                if (s instanceof RunState.Exited e) {
                    return new Outcome(console.out.toString(), console.err.toString(), e.status(), slices);
                }
            }
        } finally {
            Interpreter.setLoopCompiler(null);
        }
        throw new AssertionError("the program did not end");
    }

    /**
     * Runs with the interpreter alone, with the compiler reading memory through VarHandles and
     * with it using Unsafe (as ./webcu runs it); returns the last compiler to check what it did.
     */
    private static LoopJit same(String source, long slice) {
        Outcome plain = run(source, null, slice);
        LoopJit jit = null;
        for (boolean unsafe : new boolean[] {false, true}) {
            jit = new LoopJit(unsafe);
            Outcome compiled = run(source, jit, slice);
            String how = unsafe ? "with Unsafe" : "with VarHandles";
            assertEquals(plain.out(), compiled.out(), how);
            assertEquals(plain.err(), compiled.err(), how);
            assertEquals(plain.status(), compiled.status(), how);
        }
        return jit;
    }

    @Test
    void surefireExportsUnsafe_soTheTestsRunWhatTheLauncherRuns() {
        assertTrue(new LoopJit().usesUnsafe(), "java.base/jdk.internal.misc is exported (pom.xml argLine)");
        assertFalse(new LoopJit(false).usesUnsafe());
    }

    private static LoopJit same(String source) {
        return same(source, 50_000_000);
    }

    @Test
    void intArithmetic_32And64Bit() {
        LoopJit jit = same("""
                #include <stdio.h>
                int main() {
                    int a = 1; unsigned u = 7; long long w = 3; unsigned long long uw = 5;
                    short sh = 0; signed char sc = 0; unsigned char uc = 0;
                    for (int i = 0; i < 20000; i++) {
                        a = a * 1103515245 + 12345;
                        u = u * 2654435761u ^ (u >> 13);
                        w = w * 6364136223846793005LL + i;
                        uw = (uw << 7) | (uw >> 57);
                        sh = (short)(sh + a);
                        sc = (signed char)(sc - i);
                        uc = (unsigned char)(uc + u);
                        a ^= (a << (i & 31)) + (int)(w >> 40);
                        u += (unsigned)(i / 7) - (unsigned)(i % 5) + (u < 100u) + (a <= 0);
                        w -= (long long)(uw % 1000003ULL) / 3 + (w > 0 ? 1 : -1);
                        a += -(a & 0xff) + ~(int)u + (i != 5) + (uw >= 17ULL);
                    }
                    printf("%d %u %lld %llu %d %d %u\\n", a, u, w, uw, sh, sc, uc);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
    }

    @Test
    void floatAndDouble_roundAsTheInterpreter() {
        LoopJit jit = same("""
                #include <stdio.h>
                #include <math.h>
                int main() {
                    float s = 0.0f, p = 1.0f, q = 0.1f; double d = 0.0, e = 1e-3;
                    int n = 0; unsigned m = 0; long long big = 0;
                    for (int i = 0; i < 30000; i++) {
                        float x = (float)i * 0.37f - 11.0f;
                        s += x * q;
                        p = p * 1.0001f / (1.0f + q * 0.0001f);
                        d += (double)x * e - s;
                        e = e * 1.0000001;
                        float t = (float)d + s;
                        n += (int)t + (x < s) + (d >= (double)p) + (t == s);
                        m += (unsigned)(p * 3.0f) + (unsigned)x;
                        big += (long long)(d * 1000.0);
                        q = -q + 0.2f;
                        s = s - sqrtf(fabsf(x)) + (float)sin((double)i);
                    }
                    printf("%.9g %.9g %.17g %.17g %d %u %lld %.9g\\n", s, p, d, e, n, m, big, q);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
    }

    @Test
    void floatTemporaryHoldingADoubleBeforeTheLoop_stillRunsTheSame() {
        // The float temporaries of the loop are the registers the double statement used just before.
        LoopJit jit = same("""
                #include <stdio.h>
                int main() {
                    double d = 0.1, e = d * 3.0 + d / 7.0;
                    float s = 0.0f, t = 1.0f;
                    for (int i = 0; i < 20000; i++) {
                        s += (float)i * 0.5f + t * 0.25f;
                        t = t * 0.999f + 0.001f;
                    }
                    printf("%.17g %.9g %.9g\\n", e, s, t);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
    }

    @Test
    void nanAndSignedZero_compareAsTheInterpreter() {
        same("""
                #include <stdio.h>
                int main() {
                    float z = 0.0f, nz = -0.0f; float nan = z / z; double dn = (double)nan;
                    int c = 0; float acc = nz;
                    for (int i = 0; i < 5000; i++) {
                        c += (nan == nan) + (nan != nan) * 2 + (nan < 1.0f) * 4 + (nan <= 1.0f) * 8
                           + (dn > 0.0) * 16 + (nz == z) * 32 + (acc < 0.0f) * 64;
                        acc = acc * -1.0f;
                        if (nan) c++;
                        if (nz) c += 1000;
                    }
                    printf("%d %g %g\\n", c, acc, nan + acc);
                    return 0;
                }
                """);
    }

    @Test
    void loadsAndStores_everyWidthAndSegment() {
        LoopJit jit = same("""
                #include <stdio.h>
                #include <stdlib.h>
                struct P { char c; short s; int i; long long l; float f; double d; };
                static struct P g[64];
                static unsigned char bytes[256];
                int main() {
                    P *h = (P *)malloc(64 * sizeof(P));
                    int *a = (int *)malloc(100 * sizeof(int));
                    int *b = (int *)malloc(100 * sizeof(int));
                    for (int i = 0; i < 100; i++) { a[i] = i; b[i] = 1000 - i; }
                    long long sum = 0; double fs = 0;
                    for (int i = 0; i < 20000; i++) {
                        P *p = (i & 1) ? &g[i & 63] : &h[(i * 7) & 63];
                        p->c = (char)(p->c + i);
                        p->s = (short)(p->s - i * 3);
                        p->i += i;
                        p->l = p->l * 31 + p->i;
                        p->f = p->f + 0.5f * (float)p->s;
                        p->d = p->d - (double)p->c * 0.25;
                        bytes[i & 255] = (unsigned char)(bytes[(i * 3) & 255] + 1);
                        int *q = (i % 3 == 0) ? a : b;   // one access site, two segments
                        q[i % 100] += q[(i + 1) % 100];
                        sum += p->c + p->s + p->l + bytes[i & 255] + q[i % 100];
                        fs += p->f + p->d;
                    }
                    printf("%lld %.17g %d %d\\n", sum, fs, a[7], b[93]);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
    }

    @Test
    void outOfBoundsWriteInAHotLoop_faultsAsTheInterpreter() {
        LoopJit jit = same("""
                #include <stdio.h>
                #include <stdlib.h>
                int main() {
                    int *a = (int *)malloc(5000 * sizeof(int));
                    int s = 0;
                    printf("start\\n");
                    for (int i = 0; i < 6000; i++) {
                        a[i] = i;
                        s += a[i];
                    }
                    printf("%d\\n", s);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
    }

    @Test
    void readPastAGlobalInAHotLoop_faultsAsTheInterpreter() {
        same("""
                #include <stdio.h>
                static float v[3000];
                int main() {
                    float s = 0;
                    for (int i = 0; ; i++) s += v[i];
                    printf("%f\\n", s);
                    return 0;
                }
                """);
    }

    @Test
    void divisionByZeroInAHotLoop_faultsAsTheInterpreter() {
        same("""
                #include <stdio.h>
                int main() {
                    int s = 0;
                    for (int i = 3000; i > -10; i--) s += 100000 / i;
                    printf("%d\\n", s);
                    return 0;
                }
                """);
    }

    @Test
    void nestedLoopsWithBreakAndContinue_runAsTheInterpreter() {
        // The innermost loop gets hot first; the whole nest is compiled with it, entered at its header.
        LoopJit jit = same("""
                #include <stdio.h>
                static int grid[64][64];
                int main() {
                    long long s = 0;
                    for (int r = 0; r < 40; r++)
                        for (int i = 0; i < 64; i++) {
                            for (int j = 0; j < 64; j++) {
                                if (((i * j + r) & 7) == 3) continue;
                                if (j > 50 + (r & 7)) break;
                                grid[i][j] += i ^ j ^ r;
                                s += grid[i][j];
                            }
                            if (s % 97 == 5) s += 3;
                        }
                    printf("%lld %d\\n", s, grid[17][23]);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() >= 1, "the loops were compiled: " + jit.compiled());
    }

    @Test
    void faultInsideANestedCompiledLoop_isReportedAsTheInterpreter() {
        same("""
                #include <stdio.h>
                #include <stdlib.h>
                int main() {
                    float *a = (float *)malloc(1500 * 10 * sizeof(float));
                    float s = 0;
                    for (int i = 0; i < 3000; i++)
                        for (int j = 0; j < 10; j++) {
                            a[i * 10 + j] = (float)(i + j);
                            s += a[i * 10 + j];
                        }
                    printf("%f\\n", s);
                    return 0;
                }
                """);
    }

    @Test
    void loopWithACall_isRefusedAndStillRuns() {
        LoopJit jit = same("""
                #include <stdio.h>
                int f(int x) { return x * 3 + 1; }
                int main() {
                    int s = 0;
                    for (int i = 0; i < 5000; i++) s += f(i);
                    printf("%d\\n", s);
                    return 0;
                }
                """);
        assertTrue(jit.refused() > 0, "the loop holding a call was refused");
    }

    @Test
    void smallBudgets_stopAndResumeInsideCompiledLoops() {
        String src = """
                #include <stdio.h>
                int main() {
                    double s = 0; float f = 0;
                    for (int i = 0; i < 300; i++)
                        for (int j = 0; j < 300; j++) { s += i * 0.5 + j; f += (float)(i ^ j); }
                    printf("%.17g %.9g\\n", s, f);
                    return 0;
                }
                """;
        LoopJit jit = same(src, 777);
        assertTrue(jit.compiled() > 0, "the loops were compiled");
        Outcome small = run(src, new LoopJit(), 777);
        Outcome large = run(src, new LoopJit(), 50_000_000);
        assertEquals(large.out(), small.out());
        assertTrue(small.slices() > 100, "a compiled loop stops when the budget is spent: " + small.slices());
    }

    @Test
    void intEdgeCases_onRegistersHeldInInts() {
        LoopJit jit = same("""
                #include <stdio.h>
                #include <limits.h>
                int main() {
                    int m = INT_MIN, acc = 0, sh = 0; unsigned u = 0;
                    for (int i = 0; i < 20000; i++) {
                        int d = (i & 1) ? -1 : 1;
                        acc += m / d + m % d;              // INT_MIN / -1 as the VM defines it
                        sh ^= (i << (i & 63)) + (acc >> (i % 40)) + (int)((unsigned)acc >> (i & 31));
                        acc = acc * 3 + (short)(i * 977) + (signed char)(i * 31) + (i < acc) - !(i & 4);
                        u += (unsigned)acc < (unsigned)i;
                    }
                    printf("%d %d %u\\n", acc, sh, u);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
    }

    @Test
    void countedLoopNearTheEndOfTheIntRange_isCompiledAgainWithBudgetChecks() {
        // Stepping by 7 towards INT_MAX could wrap: the loop cannot be charged ahead, so it is
        // compiled again as a loop that checks the budget at its backward branch.
        LoopJit jit = same("""
                #include <stdio.h>
                #include <limits.h>
                int main() {
                    long long s = 0;
                    for (int r = 0; r < 3; r++)
                        for (int i = INT_MAX - 70000; i < INT_MAX - 3; i += 7) s += i & 255;
                    printf("%lld\\n", s);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() >= 2, "the loop was compiled again: " + jit.compiled());
    }

    @Test
    void linkedListWalk_followsItsNodesAfterTheyKeepMissing() {
        // Every node is its own allocation: the load sites keep leaving their segment, so the loop
        // is compiled again with sites that look the segment up in place.
        LoopJit jit = same("""
                #include <stdio.h>
                #include <stdlib.h>
                struct Node { int v; struct Node *next; };
                int main() {
                    struct Node *head = 0;
                    for (int i = 0; i < 3000; i++) {
                        struct Node *n = (struct Node *)malloc(sizeof(struct Node));
                        n->v = i * 7 % 1000;
                        n->next = head;
                        head = n;
                    }
                    long long s = 0;
                    for (int r = 0; r < 5; r++)
                        for (struct Node *p = head; p; p = p->next) s += p->v + r;
                    printf("%lld\\n", s);
                    return 0;
                }
                """);
        assertTrue(jit.compiled() >= 2, "the walk was compiled again: " + jit.compiled());
    }

    @Test
    void innerLoopOfAnOuterLoopWithACall_isCompiledAlone() {
        LoopJit jit = same("""
                #include <stdio.h>
                int main() {
                    static float a[512];
                    for (int r = 0; r < 30; r++) {
                        float s = 0;
                        for (int i = 0; i < 512; i++) { a[i] += (float)(i ^ r); s += a[i]; }
                        if (r % 10 == 0) printf("%d %.1f\\n", r, s);
                    }
                    return 0;
                }
                """);
        assertTrue(jit.compiled() > 0, "the inner loop was compiled");
    }

    @Test
    void smallBudgets_stopInsideCompiledLoopsThatAreNotCounted() {
        // A loop whose trip count is not known when it starts checks the budget at its backward branch.
        String src = """
                #include <stdio.h>
                int main() {
                    unsigned x = 1; long long s = 0; int steps = 0;
                    while (steps < 400000) {
                        x = x * 1103515245u + 12345u;
                        s += x >> 16;
                        steps += 1 + (x & 1);
                    }
                    printf("%lld %u %d\\n", s, x, steps);
                    return 0;
                }
                """;
        LoopJit jit = same(src, 5000);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
        Outcome small = run(src, new LoopJit(), 5000);
        assertTrue(small.slices() > 100, "the compiled loop stops when the budget is spent: " + small.slices());
    }

    /** Hand-made host code: a function of {@code code} with the given registers and no memory. */
    private static Code handMade(int[] code, int intRegs, int floatRegs, double... constants) {
        Function f = new Function("hand-made", ExecutionSpace.HOST, Type.VOID, List.of(), false, Span.NONE);
        return new Code(f, code, new long[0], constants, 0, intRegs, floatRegs, 0, new int[0], new int[0],
                new int[] {0}, new Span[] {Span.NONE}, new Function[0], new String[0]);
    }

    /**
     * r0 = 0; do { r2 = (int) (r2 + r3); r0++; } while (r0 < r1): header at 3, backward branch at 11,
     * return at 15; three instructions an iteration.
     */
    private static Code addLoop() {
        return handMade(new int[] {
            Op.LI, 0, 0,
            Op.ADD_I, 2, 2, 3, // 3: header
            Op.ADDI_I, 0, 0, 1,
            Op.JLT, 0, 1, 3,   // 11
            Op.RET,            // 15
        }, 4, 0);
    }

    @Test
    void registerEnteringWithMoreThanAnInt_retiresTheLoop_andItIsCompiledAgainAsALong() {
        Code c = addLoop(); // r3 is only read, by an int add
        LoopJit jit = new LoopJit();
        VmThread t = new VmThread(Memory.host(), 0);
        t.ir[1] = 100;
        t.ir[2] = 5;
        t.ir[3] = (1L << 40) + 7; // the interpreter adds its low 32 bits
        t.loopBudget = 1_000_000;
        LoopCompiler.Loop first = jit.compile(c, 3, 11);
        assertEquals(3, first.run(t, t.ir, t.fr, 0, 0, c.cache), "it declines at the header");
        assertTrue(first.retired());
        assertTrue(c.loopHints.wideInts.get(3));
        LoopCompiler.Loop again = jit.compile(c, 3, 11);
        assertEquals(15, again.run(t, t.ir, t.fr, 0, 0, c.cache));
        assertFalse(again.retired());
        assertEquals(5 + 100 * 7, t.ir[2]);
        assertEquals(1_000_000 - 100 * 3, t.loopBudget, "charged for 100 iterations of 3 instructions");
    }

    @Test
    void registerEnteringWithADouble_retiresTheLoop_andItIsCompiledAgainAsADouble() {
        // r0 = 0; do { f0 = (float) (f0 + f1); r0++; } while (r0 < r1), f1 a float constant
        Code c = handMade(new int[] {
            Op.LI, 0, 0,
            Op.FK, 1, 0,           // 3: header
            Op.FADDS, 0, 0, 1,
            Op.ADDI_I, 0, 0, 1,
            Op.JLT, 0, 1, 3,       // 14
            Op.RET,                // 18
        }, 2, 2, 0.5);
        LoopJit jit = new LoopJit();
        VmThread t = new VmThread(Memory.host(), 0);
        t.ir[1] = 10;
        t.fr[0] = 0.1; // a double that is no float; the first add rounds it
        t.loopBudget = 1_000_000;
        LoopCompiler.Loop first = jit.compile(c, 3, 14);
        assertEquals(3, first.run(t, t.ir, t.fr, 0, 0, c.cache));
        assertTrue(first.retired());
        assertTrue(c.loopHints.doubleFloats.get(0));
        LoopCompiler.Loop again = jit.compile(c, 3, 14);
        assertEquals(18, again.run(t, t.ir, t.fr, 0, 0, c.cache));
        float expected = (float) (0.1 + 0.5);
        for (int i = 1; i < 10; i++) {
            expected = expected + 0.5f;
        }
        assertEquals(expected, t.fr[0]);
    }

    @Test
    void warmUp_compilesAndRunsItsMadeUpNest() {
        LoopJit.warmUp();
        assertTrue(new LoopJit().compile(LoopJit.warmUpCode(), 12, 43) != null, "the warm-up nest compiles");
    }

    @Test
    void countedLoopLongerThanTheBudget_runsCompiledInPieces() {
        // The charge covers part of the loop each slice: it stops there and the next slice goes on.
        String src = """
                #include <stdio.h>
                int main() {
                    static float a[1 << 16];
                    float s = 0;
                    for (int i = 0; i < (1 << 16); i++) { a[i] = (float)(i % 97) * 0.5f; s += a[i]; }
                    printf("%.1f\\n", s);
                    return 0;
                }
                """;
        LoopJit jit = same(src, 20_000);
        assertTrue(jit.compiled() > 0, "the loop was compiled");
        Outcome sliced = run(src, new LoopJit(), 20_000);
        assertTrue(sliced.slices() > 20, "the loop stopped when its slice was spent: " + sliced.slices());
    }

    @Test
    void countedLoopCharged_forTheIterationsTheBudgetCovers_stopsThereAtItsHeader() {
        Code c = addLoop();
        VmThread t = new VmThread(Memory.host(), 0);
        t.ir[1] = 100;
        t.ir[2] = 5;
        t.ir[3] = 7;
        t.loopBudget = 31;
        LoopCompiler.Loop loop = new LoopJit().compile(c, 3, 11);
        assertEquals(3, loop.run(t, t.ir, t.fr, 0, 0, c.cache), "it stops at the header");
        assertEquals(10, t.ir[0], "after the ten iterations 31 instructions cover");
        assertEquals(5 + 10 * 7, t.ir[2]);
        assertEquals(1, t.loopBudget);
        t.loopBudget = 1_000;
        assertEquals(15, loop.run(t, t.ir, t.fr, 0, 0, c.cache), "and goes on to the end with more");
        assertEquals(100, t.ir[0]);
        assertEquals(5 + 100 * 7, t.ir[2]);
        assertEquals(1_000 - 90 * 3, t.loopBudget);
        assertFalse(loop.retired());
    }
}
