package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import webcu.passes.DeviceTarget;
import webcu.frontend.SourceSet;

/**
 * The line maps of the playground's views: each generated line of a kernel statement names the
 * CUDA line of that statement, in the file it was written in.
 */
class GeneratedCodeTest {
    private static final String SCALE = """
            #include <cstdio>
            __global__ void scale(float *x, float s, int n) {
              int i = blockIdx.x * blockDim.x + threadIdx.x;
              if (i < n) {
                x[i] = x[i] * s;
              }
            }
            __global__ void fill(int *y, int v) {
              y[threadIdx.x] = v;
            }
            int main() {
              float *x;
              cudaMalloc(&x, 64 * sizeof(float));
              scale<<<1, 64>>>(x, 2.0f, 64);
              return 0;
            }
            """;

    private static CompileResult compile(SourceSet set) {
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        return r;
    }

    /** The generated lines that map to {@code file}:{@code line}, with their text. */
    private static List<String> linesOf(GeneratedCode.View v, String file, int line) {
        String[] text = v.text().split("\n", -1);
        List<String> found = new ArrayList<>();
        for (GeneratedCode.Line l : v.lines()) {
            if (l.file().equals(file) && l.line() == line) {
                found.add(text[l.generated() - 1].strip());
            }
        }
        return found;
    }

    @Test
    void Wgsl_StatementsMapToTheirLines() {
        GeneratedCode.View v = GeneratedCode.wgsl(compile(SourceSet.single("main.cu", SCALE)), DeviceTarget.IEEE);
        assertEquals("", v.diagnostics());
        List<String> store = linesOf(v, "main.cu", 5);
        assertTrue(store.stream().anyMatch(s -> s.startsWith("x[") && s.contains("* s")), store + "\n" + v.text());
        List<String> cond = linesOf(v, "main.cu", 4);
        assertTrue(cond.stream().anyMatch(s -> s.startsWith("if ")), cond.toString());
        assertTrue(linesOf(v, "main.cu", 9).stream().anyMatch(s -> s.startsWith("y[")), v.text());
        // the entry point's header belongs to the __global__ line
        assertTrue(linesOf(v, "main.cu", 2).contains(
                "fn scale(@builtin(local_invocation_id) threadIdx: vec3<u32>, @builtin(workgroup_id) workgroupId: vec3<u32>, "
                        + "@builtin(num_workgroups) workgroupCount: vec3<u32>) {"), v.text());
        // host code has no WGSL
        assertTrue(linesOf(v, "main.cu", 14).isEmpty());
        assertEquals(List.of("scale", "fill"), v.kernels().stream().map(GeneratedCode.Kernel::name).toList());
        for (GeneratedCode.Kernel k : v.kernels()) {
            assertTrue(v.text().split("\n")[k.line() - 1].startsWith("fn " + k.generatedName() + "("));
        }
    }

    /** Every mapped line is a line of the text, and no line is mapped twice (the map is per line). */
    @Test
    void Wgsl_MapStaysAlignedAfterRewrittenBodies() {
        // returns and fmaf make the writer rewrite a kernel's body after writing it (fault flushes,
        // the fma probe line): the lines after it must keep their places
        String src = """
                __global__ void first(float *a, float b, int n) {
                  int i = threadIdx.x;
                  if (i >= n) return;
                  a[i] = fmaf(a[i], b, 1.0f);
                }
                __global__ void second(int *c) {
                  c[threadIdx.x] = 7;
                }
                int main() { return 0; }
                """;
        GeneratedCode.View v = GeneratedCode.wgsl(compile(SourceSet.single("t.cu", src)), DeviceTarget.IEEE);
        int lines = v.text().split("\n", -1).length;
        Set<Integer> seen = new TreeSet<>();
        for (GeneratedCode.Line l : v.lines()) {
            assertTrue(l.generated() >= 1 && l.generated() <= lines);
            assertTrue(seen.add(l.generated()));
        }
        assertTrue(linesOf(v, "t.cu", 7).stream().anyMatch(s -> s.startsWith("c[") && s.contains("= 7i;")), v.text());
        assertTrue(linesOf(v, "t.cu", 4).stream().anyMatch(s -> s.contains("webcu_fmaf(")), v.text());
    }

    /** A kernel in a second translation unit, calling a function of a header, maps into both files. */
    @Test
    void MultiFile_MapsToTheRightFile() {
        SourceSet set = new SourceSet();
        set.file("main.cu", """
                __global__ void doubled(int *out);
                int main() { return 0; }
                """, true);
        set.file("ops.cuh", """
                #pragma once
                __device__ int twice(int v) {
                  return v + v;
                }
                """, false);
        set.file("kernels.cu", """
                #include "ops.cuh"
                __global__ void doubled(int *out) {
                  out[threadIdx.x] = twice(threadIdx.x);
                }
                """, true);
        CompileResult r = compile(set);
        GeneratedCode.View w = GeneratedCode.wgsl(r, DeviceTarget.IEEE);
        assertFalse(linesOf(w, "ops.cuh", 3).isEmpty(), w.lines() + "\n" + w.text());
        assertTrue(linesOf(w, "kernels.cu", 3).stream().anyMatch(s -> s.startsWith("out[")), w.text());
        assertTrue(w.lines().stream().noneMatch(l -> l.file().equals("main.cu")), w.lines().toString());
        // the kernel of the second unit is doubled.2 in the IR; its entry point keeps the source's name
        assertEquals(List.of(new GeneratedCode.Kernel("doubled", "doubled", w.kernels().get(0).line())), w.kernels());

        GeneratedCode.View ir = GeneratedCode.ir(r);
        assertTrue(linesOf(ir, "ops.cuh", 3).stream().anyMatch(s -> s.startsWith("return")), ir.text());
        assertTrue(linesOf(ir, "kernels.cu", 2).stream().anyMatch(s -> s.startsWith("kernel @doubled.2(")), ir.text());
        assertTrue(linesOf(ir, "main.cu", 2).stream().anyMatch(s -> s.startsWith("host @main(")), ir.text());
        assertEquals(List.of(new GeneratedCode.Kernel("doubled", "@doubled.2", ir.kernels().get(0).line())), ir.kernels());
    }

    @Test
    void Ir_StatementsMapToTheirLines() {
        CompileResult r = compile(SourceSet.single("main.cu", SCALE));
        GeneratedCode.View v = GeneratedCode.ir(r);
        assertEquals(webcu.ir.IrPrinter.print(r.module()), v.text(), "the view shows what emit --target ir prints");
        assertTrue(linesOf(v, "main.cu", 5).stream().anyMatch(s -> s.startsWith("store ")), v.text());
        assertTrue(linesOf(v, "main.cu", 14).stream().anyMatch(s -> s.startsWith("launch @scale")), v.text());
        assertEquals(List.of("scale", "fill"), v.kernels().stream().map(GeneratedCode.Kernel::name).toList());
        assertTrue(v.text().split("\n")[v.kernels().get(1).line() - 1].startsWith("kernel @fill("));
    }

    /** Only a numeric suffix is the IR's uniqueness mark; other dots belong to the name. */
    @Test
    void SourceName_DropsTheUniquenessSuffixOnly() {
        assertEquals("offset", webcu.ir.Function.sourceName("offset.2"));
        assertEquals("offset", webcu.ir.Function.sourceName("offset"));
        assertEquals("new[].Node", webcu.ir.Function.sourceName("new[].Node"));
        assertEquals("new[].Node", webcu.ir.Function.sourceName("new[].Node.3"));
        assertEquals("f.", webcu.ir.Function.sourceName("f."));
        assertEquals(".5", webcu.ir.Function.sourceName(".5"));
    }

    @Test
    void LineMapText() {
        assertEquals("3 a.cu:7\n", GeneratedCode.lineMapText(GeneratedCode.lineMap(
                List.of(webcu.diag.Span.NONE, webcu.diag.Span.NONE, new webcu.diag.Span("a.cu", 7, 2)))));
    }
}
