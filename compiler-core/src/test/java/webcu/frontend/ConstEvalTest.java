package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.ir.IrPrinter;

/** Constant folding of constexpr calls, as C++ evaluates them at compile time. */
class ConstEvalTest {
    private static String kernelIr(String source) {
        SourceSet set = new SourceSet();
        set.file("t.cu", source, true);
        CompileResult r = Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        String ir = IrPrinter.print(r.module());
        return ir.substring(ir.indexOf("kernel @k"));
    }

    /** A recursive constexpr function with constant arguments becomes its value: no call is left. */
    @Test
    void RecursiveConstexprCall_Folded() {
        String ir = kernelIr("""
                __host__ __device__ constexpr int triangle(int n) { return n <= 0 ? 0 : n + triangle(n - 1); }
                constexpr int kTile = 8;
                __global__ void k(int *out) {
                    constexpr int t = triangle(kTile);
                    out[0] = t;
                }
                """);
        assertTrue(ir.contains("= 36"), ir);
        assertFalse(ir.contains("call @triangle"), ir);
    }

    /** A call with an argument known only at run time stays a call. */
    @Test
    void ConstexprCallOfRuntimeValue_NotFolded() {
        String ir = kernelIr("""
                __device__ constexpr int twice(int n) { return 2 * n; }
                __global__ void k(int *out) {
                    const int t = twice(out[1]);
                    out[0] = t;
                }
                """);
        assertTrue(ir.contains("call @twice"), ir);
    }

    /** Only constexpr functions are evaluated; the 8-bit result wraps as a conversion does. */
    @Test
    void NonConstexprCall_NotFolded_ResultWraps() {
        String ir = kernelIr("""
                __device__ int plain(int n) { return n + 1; }
                __device__ constexpr unsigned char narrow(int n) { return n; }
                __global__ void k(int *out) {
                    const int a = plain(1);
                    const int b = narrow(300);
                    out[0] = a + b;
                }
                """);
        assertTrue(ir.contains("call @plain"), ir);
        assertFalse(ir.contains("call @narrow"), ir);
        assertTrue(ir.contains("= 44"), ir);
    }
}
