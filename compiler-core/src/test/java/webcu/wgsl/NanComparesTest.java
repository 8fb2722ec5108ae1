package webcu.wgsl;

import org.junit.jupiter.api.Test;

/**
 * NanCompares gives each float comparison its NaN test as a pure call: {@code &&} not unordered
 * for {@code <}, {@code >=} and the others, {@code ||} unordered for {@code !=}; against a constant
 * only the other side is tested, and two constants stay as they are. The IR is valid after it.
 */
class NanComparesTest {
    @Test
    void FloatComparisons_FalseForNaN() {
        IrSteps.check("NanCompares", NanCompares::run, "__global__ void k(int *o, float x, float y) {"
                + " o[0] = x < y; o[1] = x != y; o[2] = x >= 1.0f; if (2.0f > 1.0f) o[3] = 1; }", """
                kernel @k(%o.0: ptr<i32>, %x.1: f32, %y.2: f32) -> void {
                  store ptradd(%o.0, 0:i32), convert<i32>((%x.1 < %y.2))
                  store ptradd(%o.0, 1:i32), convert<i32>((%x.1 != %y.2))
                  store ptradd(%o.0, 2:i32), convert<i32>((%x.1 >= 1.0:f32))
                  if (2.0:f32 > 1.0:f32) {
                    store ptradd(%o.0, 3:i32), 1:i32
                  }
                }
                """, """
                kernel @k(%o.0: ptr<i32>, %x.1: f32, %y.2: f32) -> void {
                  store ptradd(%o.0, 0:i32), convert<i32>(((%x.1 < %y.2) && (!pure webcu_unordered(%x.1, %y.2):bool)))
                  store ptradd(%o.0, 1:i32), convert<i32>(((%x.1 != %y.2) || pure webcu_unordered(%x.1, %y.2):bool))
                  store ptradd(%o.0, 2:i32), convert<i32>(((%x.1 >= 1.0:f32) && (!pure webcu_isnanf(%x.1):bool)))
                  if (2.0:f32 > 1.0:f32) {
                    store ptradd(%o.0, 3:i32), 1:i32
                  }
                }
                """);
    }
}
