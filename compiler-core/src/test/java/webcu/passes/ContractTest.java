package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.IrPrinter;
import webcu.ir.Module;
import webcu.ir.Validator;

/**
 * Contract fuses where nvcc 13 fuses for sm_90. The expectations come from nvcc's own output for
 * the same kernels ({@code nvcc -arch=sm_90 -cubin}, {@code cuobjdump -sass}: FFMA where it fused,
 * FMUL and FADD where it did not; run on the H100 and compared bit for bit too).
 */
class ContractTest {
    /** The program as the front end lowers it, before contraction ({@code --fmad=false}). */
    private static Module lower(String source) {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet().fmad(false);
        set.file("t.cu", source, true);
        webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
        if (!r.ok()) {
            throw new AssertionError("the test program does not compile:\n" + r.render(false));
        }
        return r.module();
    }

    /** Checks the kernels' IR before and after the pass. */
    private static void check(String source, String before, String after) {
        DeviceModule dm = DeviceModule.copyOf(lower(source), new Diagnostics());
        PassTesting.check(new Contract(), dm, before, after);
    }

    /** a*b+c and c-a*b: FFMA R, R, R and FFMA -R, R, R (one product, two uses, both fusing). */
    @Test
    void MulAdd_F32_ProductUsedByAddAndSub() {
        check("__global__ void k(float *o, float a, float b, float c) { o[0] = a * b + c; o[1] = c - a * b; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  store ptradd(%o.0, 0:i32), ((%a.1 * %b.2) + %c.3)
                  store ptradd(%o.0, 1:i32), (%c.3 - (%a.1 * %b.2))
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  store ptradd(%o.0, 0:i32), fma(%a.1, %b.2, %c.3)
                  store ptradd(%o.0, 1:i32), fma((-%a.1), %b.2, %c.3)
                }
                """);
    }

    /** the product is also stored: FMUL then FADD. */
    @Test
    void ProductAlsoStored_F32_Unfused() {
        check("__global__ void k(float *o, float a, float b, float c) { float t = a * b; o[0] = t + c; o[1] = t; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t.4: f32
                  %t.4 = (%a.1 * %b.2)
                  store ptradd(%o.0, 0:i32), (%t.4 + %c.3)
                  store ptradd(%o.0, 1:i32), %t.4
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t.4: f32
                  %t.4 = (%a.1 * %b.2)
                  store ptradd(%o.0, 0:i32), (%t.4 + %c.3)
                  store ptradd(%o.0, 1:i32), %t.4
                }
                """);
    }

    /** a local read by an add and a subtract: two FFMAs, no FMUL. */
    @Test
    void ProductInLocal_F32_AddAndSubFuse() {
        check("__global__ void k(float *o, float a, float b, float c, float d) { float t = a * b; o[0] = t + c; o[1] = t - d; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32, %d.4: f32) -> void {
                  local %t.5: f32
                  %t.5 = (%a.1 * %b.2)
                  store ptradd(%o.0, 0:i32), (%t.5 + %c.3)
                  store ptradd(%o.0, 1:i32), (%t.5 - %d.4)
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32, %d.4: f32) -> void {
                  local %t.5: f32
                  store ptradd(%o.0, 0:i32), fma(%a.1, %b.2, %c.3)
                  store ptradd(%o.0, 1:i32), fma(%a.1, %b.2, (-%d.4))
                }
                """);
    }

    /** loads in source order: the left product fuses, the right one is the addend. */
    @Test
    void SumOfProducts_F32_LeftFuses() {
        check("__global__ void k(float *o, const float *a, const float *b) { o[0] = a[0] * b[0] + a[1] * b[1]; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: ptr<f32>, %b.2: ptr<f32>) -> void {
                  store ptradd(%o.0, 0:i32), ((load(ptradd(%a.1, 0:i32)) * load(ptradd(%b.2, 0:i32))) + (load(ptradd(%a.1, 1:i32)) * load(ptradd(%b.2, 1:i32))))
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: ptr<f32>, %b.2: ptr<f32>) -> void {
                  store ptradd(%o.0, 0:i32), fma(load(ptradd(%a.1, 0:i32)), load(ptradd(%b.2, 0:i32)), (load(ptradd(%a.1, 1:i32)) * load(ptradd(%b.2, 1:i32))))
                }
                """);
    }

    /** Reassociate puts b*c (loaded earlier) first, so it fuses: fma.rn.f32 b, c, a*d. */
    @Test
    void SumOfProducts_F32_LowerRankFirst() {
        check("__global__ void k(float *o, const float *x, const float *y) { float a = x[0], b = y[0], c = x[1], d = y[1]; o[0] = a * d + b * c; }", """
                kernel @k(%o.0: ptr<f32>, %x.1: ptr<f32>, %y.2: ptr<f32>) -> void {
                  local %a.3: f32
                  local %b.4: f32
                  local %c.5: f32
                  local %d.6: f32
                  %a.3 = load(ptradd(%x.1, 0:i32))
                  %b.4 = load(ptradd(%y.2, 0:i32))
                  %c.5 = load(ptradd(%x.1, 1:i32))
                  %d.6 = load(ptradd(%y.2, 1:i32))
                  store ptradd(%o.0, 0:i32), ((%a.3 * %d.6) + (%b.4 * %c.5))
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %x.1: ptr<f32>, %y.2: ptr<f32>) -> void {
                  local %a.3: f32
                  local %b.4: f32
                  local %c.5: f32
                  local %d.6: f32
                  %a.3 = load(ptradd(%x.1, 0:i32))
                  %b.4 = load(ptradd(%y.2, 0:i32))
                  %c.5 = load(ptradd(%x.1, 1:i32))
                  %d.6 = load(ptradd(%y.2, 1:i32))
                  store ptradd(%o.0, 0:i32), fma(%b.4, %c.5, (%a.3 * %d.6))
                }
                """);
    }

    /** mul.rn.f32 / add.rn.f32 are never fused, nor is what feeds them. */
    @Test
    void RoundingIntrinsics_F32_NeverFused() {
        check("__global__ void k(float *o, float a, float b, float c) { o[0] = __fmul_rn(a, b) + c; o[1] = __fadd_rn(a * b, c); }", """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t0.4: f32
                  local %t1.5: f32
                  %t0.4 = call @__fmul_rn(%a.1, %b.2)
                  store ptradd(%o.0, 0:i32), (%t0.4 + %c.3)
                  %t1.5 = call @__fadd_rn((%a.1 * %b.2), %c.3)
                  store ptradd(%o.0, 1:i32), %t1.5
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t0.4: f32
                  local %t1.5: f32
                  %t0.4 = call @__fmul_rn(%a.1, %b.2)
                  store ptradd(%o.0, 0:i32), (%t0.4 + %c.3)
                  %t1.5 = call @__fadd_rn((%a.1 * %b.2), %c.3)
                  store ptradd(%o.0, 1:i32), %t1.5
                }
                """);
    }

    /** FFMA -a, b, c and FFMA -a, b, -c. */
    @Test
    void NegatedProduct_F32() {
        check("__global__ void k(float *o, float a, float b, float c) { o[0] = -(a * b) + c; o[1] = -(a * b) - c; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  store ptradd(%o.0, 0:i32), ((-(%a.1 * %b.2)) + %c.3)
                  store ptradd(%o.0, 1:i32), ((-(%a.1 * %b.2)) - %c.3)
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  store ptradd(%o.0, 0:i32), fma((-%a.1), %b.2, %c.3)
                  store ptradd(%o.0, 1:i32), fma((-%a.1), %b.2, (-%c.3))
                }
                """);
    }

    /** DFMA. */
    @Test
    void MulAdd_F64() {
        check("__global__ void k(double *o, double a, double b, double c) { o[0] = a * b + c; }", """
                kernel @k(%o.0: ptr<f64>, %a.1: f64, %b.2: f64, %c.3: f64) -> void {
                  store ptradd(%o.0, 0:i32), ((%a.1 * %b.2) + %c.3)
                }
                """, """
                kernel @k(%o.0: ptr<f64>, %a.1: f64, %b.2: f64, %c.3: f64) -> void {
                  store ptradd(%o.0, 0:i32), fma(%a.1, %b.2, %c.3)
                }
                """);
    }

    /** an accumulating loop: one FFMA per iteration. */
    @Test
    void DotProductLoop_F32() {
        check("__global__ void k(float *o, const float *a, const float *b, int n) { float s = 0.0f; for (int i = 0; i < n; i++) s += a[i] * b[i]; o[0] = s; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: ptr<f32>, %b.2: ptr<f32>, %n.3: i32) -> void {
                  local %s.4: f32
                  local %i.5: i32
                  %s.4 = 0.0:f32
                  %i.5 = 0:i32
                  loop {
                    if (!(%i.5 < %n.3)) {
                      break
                    }
                    %s.4 = (%s.4 + (load(ptradd(%a.1, %i.5)) * load(ptradd(%b.2, %i.5))))
                  } continuing {
                    %i.5 = (%i.5 + 1:i32)
                  }
                  store ptradd(%o.0, 0:i32), %s.4
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: ptr<f32>, %b.2: ptr<f32>, %n.3: i32) -> void {
                  local %s.4: f32
                  local %i.5: i32
                  %s.4 = 0.0:f32
                  %i.5 = 0:i32
                  loop {
                    if (!(%i.5 < %n.3)) {
                      break
                    }
                    %s.4 = fma(load(ptradd(%a.1, %i.5)), load(ptradd(%b.2, %i.5)), %s.4)
                  } continuing {
                    %i.5 = (%i.5 + 1:i32)
                  }
                  store ptradd(%o.0, 0:i32), %s.4
                }
                """);
    }

    /** FMUL, then a predicated FADD. */
    @Test
    void ProductStoredInOtherBranch_F32_Unfused() {
        check("__global__ void k(float *o, float a, float b, float c) { float t = a * b; if (c > 0) o[0] = t + c; else o[0] = t; }", """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t.4: f32
                  %t.4 = (%a.1 * %b.2)
                  if (%c.3 > convert<f32>(0:i32)) {
                    store ptradd(%o.0, 0:i32), (%t.4 + %c.3)
                  } else {
                    store ptradd(%o.0, 0:i32), %t.4
                  }
                }
                """, """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t.4: f32
                  %t.4 = (%a.1 * %b.2)
                  if (%c.3 > convert<f32>(0:i32)) {
                    store ptradd(%o.0, 0:i32), (%t.4 + %c.3)
                  } else {
                    store ptradd(%o.0, 0:i32), %t.4
                  }
                }
                """);
    }

    /** integers are left alone. */
    @Test
    void MulAdd_I32_NoPolyfill() {
        check("__global__ void k(int *o, int a, int b, int c) { o[0] = a * b + c; }", """
                kernel @k(%o.0: ptr<i32>, %a.1: i32, %b.2: i32, %c.3: i32) -> void {
                  store ptradd(%o.0, 0:i32), ((%a.1 * %b.2) + %c.3)
                }
                """, """
                kernel @k(%o.0: ptr<i32>, %a.1: i32, %b.2: i32, %c.3: i32) -> void {
                  store ptradd(%o.0, 0:i32), ((%a.1 * %b.2) + %c.3)
                }
                """);
    }

    /**
     * A __host__ __device__ function that host code calls too gets a contracted device twin: g++
     * compiles the host copy without contraction (x86-64 has no FMA by default), nvcc the device one with.
     */
    @Test
    void HostDeviceFunction_DeviceTwin() {
        Module m = lower("""
                __host__ __device__ float axpy(float a, float x, float y) { return a * x + y; }
                __global__ void k(float *o) { o[0] = axpy(o[0], o[1], o[2]); }
                int main() { float h = axpy(1.5f, 2.0f, 3.0f); k<<<1, 1>>>(nullptr); return (int)h; }
                """);
        Contract.program(m);
        assertEquals(java.util.List.of(), Validator.validate(m));
        String ir = IrPrinter.print(m);
        assertTrue(ir.contains("host_device @axpy(%a.0: f32, %x.1: f32, %y.2: f32) -> f32 {\n  return ((%a.0 * %x.1) + %y.2)\n}"), ir);
        assertTrue(ir.contains("host_device @axpy.device(%a.0: f32, %x.1: f32, %y.2: f32) -> f32 {\n  return fma(%a.0, %x.1, %y.2)\n}"), ir);
        assertTrue(ir.contains("call @axpy.device("), ir);
        assertTrue(ir.contains("call @axpy(1.5:f32"), ir);
    }

    /** Host code is never contracted, and a module without float arithmetic is left as it is. */
    @Test
    void HostCode_Untouched() {
        Module m = lower("int main() { float a = 1.5f, b = 2.25f, c = 0.1f; float r = a * b + c; return r > 3.0f; }");
        String before = IrPrinter.print(m);
        Contract.program(m);
        assertEquals(before, IrPrinter.print(m));
        Module empty = new Module();
        Contract.program(empty);
        assertEquals("", IrPrinter.print(empty));
    }

    /** The driver contracts unless the program is compiled with --fmad=false, as nvcc's -fmad=false. */
    @Test
    void FmadFalse_NoFma() {
        String src = "__global__ void k(float *o, float a, float b, float c) { o[0] = a * b + c; }";
        webcu.driver.CompileResult on = webcu.driver.Compiler.compile(webcu.frontend.SourceSet.single("t.cu", src));
        webcu.driver.CompileResult off = webcu.driver.Compiler.compile(webcu.frontend.SourceSet.single("t.cu", src).fmad(false));
        assertTrue(IrPrinter.print(on.module()).contains("fma(%a.1, %b.2, %c.3)"));
        assertTrue(IrPrinter.print(off.module()).contains("((%a.1 * %b.2) + %c.3)"));
    }
}
