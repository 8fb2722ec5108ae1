package webcu.wgsl;

import org.junit.jupiter.api.Test;

/**
 * WideCalls makes every operation on 64-bit integers and doubles a call of the external named for
 * its WGSL form, in evaluation order before the statement (at the end of continuing for a
 * {@code break if}), and the {@code ||}/{@code &&} whose right operand has one that reads memory
 * a temporary and an {@code if}; the IR is valid after it.
 */
class WideCallsTest {
    private static void check(String source, String before, String after) {
        IrSteps.check("WideCalls", WideCalls::run, source, before, after);
    }

    @Test
    void Operations_BecomeCalls_InEvaluationOrder() {
        // one call each, operands first; a shift's count becomes a u32; a store's value is the
        // last call's result; u64 to i64 stays (one register)
        check("__global__ void k(long long *o, long long a, int b, unsigned long long u) { o[0] = a * 3 + (a >> b); o[1] = (long long)(u % 10); }", """
                kernel @k(%o.0: ptr<i64>, %a.1: i64, %b.2: i32, %u.3: u64) -> void {
                  store ptradd(%o.0, 0:i32), ((%a.1 * convert<i64>(3:i32)) + (%a.1 >> %b.2))
                  store ptradd(%o.0, 1:i32), convert<i64>((%u.3 % convert<u64>(10:i32)))
                }
                """, """
                kernel @k(%o.0: ptr<i64>, %a.1: i64, %b.2: i32, %u.3: u64) -> void {
                  local %wide.4: i64
                  local %wide.5: i64
                  local %wide.6: i64
                  local %wide.7: u64
                  %wide.4 = call @__webcu_wide_mul64(%a.1, 3:i64)
                  %wide.5 = call @__webcu_wide_shrs64(%a.1, convert<u32>(%b.2))
                  %wide.6 = call @__webcu_wide_add64(%wide.4, %wide.5)
                  store ptradd(%o.0, 0:i32), %wide.6
                  %wide.7 = call @__webcu_wide_remu64(%u.3, 10:u64)
                  store ptradd(%o.0, 1:i32), convert<i64>(%wide.7)
                }
                """);
    }

    @Test
    void Or_RightOperandHasA64BitOperation_BecomesIf() {
        // the division reads memory that C reads only when i < n: it must stay behind the test
        check("__global__ void k(long long *a, bool *o, int i, int n) { *o = i >= n || a[i] / 7 > 100; }", """
                kernel @k(%a.0: ptr<i64>, %o.1: ptr<bool>, %i.2: i32, %n.3: i32) -> void {
                  store %o.1, ((%i.2 >= %n.3) || ((load(ptradd(%a.0, %i.2)) / convert<i64>(7:i32)) > convert<i64>(100:i32)))
                }
                """, """
                kernel @k(%a.0: ptr<i64>, %o.1: ptr<bool>, %i.2: i32, %n.3: i32) -> void {
                  local %or.4: bool
                  local %wide.5: i64
                  local %wide.6: bool
                  %or.4 = (%i.2 >= %n.3)
                  if (!%or.4) {
                    %wide.5 = call @__webcu_wide_divs64(load(ptradd(%a.0, %i.2)), 7:i64)
                    %wide.6 = call @__webcu_wide_gts64(%wide.5, 100:i64)
                    %or.4 = %wide.6
                  }
                  store %o.1, %or.4
                }
                """);
    }

    @Test
    void Doubles_AssignmentTakesTheResult_ConversionsAndComparesAreCalls() {
        check("__global__ void k(double *a, float *o, int i) { double d = a[i] * 2.0; o[i] = (float)d; if (d < 1.0) o[0] = 0.0f; }", """
                kernel @k(%a.0: ptr<f64>, %o.1: ptr<f32>, %i.2: i32) -> void {
                  local %d.3: f64
                  %d.3 = (load(ptradd(%a.0, %i.2)) * 2.0:f64)
                  store ptradd(%o.1, %i.2), convert<f32>(%d.3)
                  if (%d.3 < 1.0:f64) {
                    store ptradd(%o.1, 0:i32), 0.0:f32
                  }
                }
                """, """
                kernel @k(%a.0: ptr<f64>, %o.1: ptr<f32>, %i.2: i32) -> void {
                  local %d.3: f64
                  local %wide.4: f32
                  local %wide.5: bool
                  %d.3 = call @__webcu_wide_dmul(load(ptradd(%a.0, %i.2)), 2.0:f64)
                  %wide.4 = call @__webcu_wide_f64_to_f32(%d.3)
                  store ptradd(%o.1, %i.2), %wide.4
                  %wide.5 = call @__webcu_wide_dlt(%d.3, 1.0:f64)
                  if %wide.5 {
                    store ptradd(%o.1, 0:i32), 0.0:f32
                  }
                }
                """);
    }

    @Test
    void BreakIf_Its64BitTestGoesAtTheEndOfContinuing() {
        check("__global__ void k(unsigned long long *o, unsigned long long n) { unsigned long long x = 1; do { x = x * 3; } while (x < n); o[0] = x; }", """
                kernel @k(%o.0: ptr<u64>, %n.1: u64) -> void {
                  local %x.2: u64
                  %x.2 = convert<u64>(1:i32)
                  loop {
                    %x.2 = (%x.2 * convert<u64>(3:i32))
                  } continuing {
                  } break_if (!(%x.2 < %n.1))
                  store ptradd(%o.0, 0:i32), %x.2
                }
                """, """
                kernel @k(%o.0: ptr<u64>, %n.1: u64) -> void {
                  local %x.2: u64
                  local %wide.3: bool
                  %x.2 = convert<u64>(1:i32)
                  loop {
                    %x.2 = call @__webcu_wide_mul64(%x.2, 3:u64)
                  } continuing {
                    %wide.3 = call @__webcu_wide_ltu64(%x.2, %n.1)
                  } break_if (!%wide.3)
                  store ptradd(%o.0, 0:i32), %x.2
                }
                """);
    }
}
