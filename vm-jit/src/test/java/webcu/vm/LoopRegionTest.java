package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;

/**
 * What the loop compiler's analysis finds in the VM code of real loops: the nest compiled
 * together, the counted loops, the registers held in ints. {@link LoopJitTest} checks that
 * running the code generated from it changes nothing.
 */
class LoopRegionTest {
    /** main's VM code. */
    private static Code mainCode(String source) {
        SourceSet set = new SourceSet();
        set.file("loop.cu", source, true);
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        Memory mem = Memory.host();
        Program p = new Program(r.module(), false, mem,
                g -> mem.allocate(g.type().size(), Segment.GLOBAL, g.name(), null, false).base);
        return p.code(r.module().function("main"));
    }

    /** The loops of c as {header, end}, by their backward branches in pc order. */
    private static List<int[]> loops(Code c) {
        List<int[]> loops = new ArrayList<>();
        for (int pc = 0; pc < c.code.length; pc += Op.length(c.code, pc)) {
            int t = LoopRegion.branchTarget(c.code, pc);
            if (t >= 0 && t <= pc) {
                loops.add(new int[] {t, pc + Op.length(c.code, pc)});
            }
        }
        return loops;
    }

    /** The region of the loop that closes first in c (the innermost of the first nest), analysed. */
    private static LoopRegion firstNest(Code c, LoopHints hints) {
        int[] inner = loops(c).get(0);
        LoopRegion r = new LoopRegion(c, LoopRegion.enclosing(c, inner[0], inner[1]), hints);
        assertTrue(r.analyse(), r.refusal);
        return r;
    }

    private static final String MATMUL = """
            #define N 64
            static float A[N][N], B[N][N], C[N][N];
            int main() {
                for (int i = 0; i < N; i++)
                    for (int j = 0; j < N; j++) {
                        float s = 0.0f;
                        for (int k = 0; k < N; k++) s += A[i][k] * B[k][j];
                        C[i][j] = s;
                    }
                return 0;
            }
            """;

    @Test
    void matmul_isOneNestOfThreeCountedLoopsEnteredAtTheInnermost() {
        Code c = mainCode(MATMUL);
        LoopRegion r = firstNest(c, new LoopHints(c.cache.length));
        assertEquals(3, r.nest.size());
        assertEquals(r.nest.get(0)[0], r.entry);
        assertEquals(r.nest.get(2)[0], r.header);
        assertEquals(3, r.counted.size(), "i, j and k are counted: " + r.counted);
        for (LoopRegion.Counted k : r.counted.values()) {
            assertEquals(1, k.step());
            assertTrue(r.narrow.get(k.iv()), "the induction variable is an int");
            assertEquals(-1, k.boundPc(), "N is in a register the loop does not write");
        }
        assertEquals(3, r.sites.size(), "A, B and C");
        assertTrue(r.single.cardinality() >= 1, "s is a float");
    }

    @Test
    void boundRecomputedEveryIteration_isStillCounted() {
        Code c = mainCode("""
                int main() {
                    static int a[4096];
                    int n = 64;
                    for (int i = 0; i < n * n; i++) a[i] = i;
                    return 0;
                }
                """);
        LoopRegion r = firstNest(c, new LoopHints(c.cache.length));
        assertEquals(1, r.counted.size());
        LoopRegion.Counted k = r.counted.firstEntry().getValue();
        assertTrue(k.boundPc() >= 0, "n * n is computed again before every test");
        assertEquals(Op.MUL_I, c.code[k.boundPc()]);
    }

    @Test
    void listWalk_isNotCounted_andItsPointerIsALong() {
        Code c = mainCode("""
                #include <stdlib.h>
                struct Node { int v; struct Node *next; };
                int main() {
                    struct Node *p = (struct Node *)malloc(sizeof(struct Node));
                    p->v = 1; p->next = 0;
                    int s = 0;
                    while (p) { s += p->v; p = p->next; }
                    return s;
                }
                """);
        LoopRegion r = firstNest(c, new LoopHints(c.cache.length));
        assertTrue(r.counted.isEmpty());
        int loads64 = 0;
        for (int pc : r.pcs) {
            if (c.code[pc] == Op.LD64) {
                loads64++;
                assertFalse(r.narrow.get(c.code[pc + 1]), "a pointer loaded from memory is not an int");
            }
        }
        assertEquals(1, loads64);
    }

    @Test
    void aRegisterHintedWide_isALong_andItsLoopNotCounted() {
        Code c = mainCode(MATMUL);
        LoopHints hints = new LoopHints(c.cache.length);
        LoopRegion first = firstNest(c, hints);
        LoopRegion.Counted k = first.counted.get(first.entry);
        assertNotNull(k);
        hints.wideInts.set(k.iv());
        LoopRegion again = firstNest(c, hints);
        assertFalse(again.narrow.get(k.iv()));
        assertFalse(again.counted.containsKey(first.entry), "only an int induction variable makes a loop counted");
    }

    @Test
    void loopWithACall_isRefusedAndSaysWhy() {
        Code c = mainCode("""
                #include <stdio.h>
                int main() {
                    for (int i = 0; i < 10; i++) printf("%d\\n", i);
                    return 0;
                }
                """);
        int[] loop = loops(c).get(0);
        LoopRegion r = new LoopRegion(c, List.of(loop), new LoopHints(c.cache.length));
        assertFalse(r.analyse());
        // printf is a native call where the host library is linked, a trap here (no library): neither compiles
        assertTrue(r.refusal.startsWith("no "), r.refusal);
    }

    @Test
    void innerLoopOfALoopWithACall_hasAllItsEnclosingLoopsListed() {
        // enclosing() lists the loops around; the compiler then tries them from the outermost in
        Code c = mainCode("""
                #include <stdio.h>
                int main() {
                    static int a[100];
                    for (int r = 0; r < 3; r++) {
                        for (int i = 0; i < 100; i++) a[i] += i;
                        printf("%d\\n", a[r]);
                    }
                    return 0;
                }
                """);
        int[] inner = loops(c).get(0);
        List<int[]> nest = LoopRegion.enclosing(c, inner[0], inner[1]);
        assertEquals(2, nest.size());
        assertFalse(new LoopRegion(c, nest, new LoopHints(c.cache.length)).analyse(), "the outer loop calls printf");
        assertTrue(new LoopRegion(c, nest.subList(0, 1), new LoopHints(c.cache.length)).analyse());
    }
}
