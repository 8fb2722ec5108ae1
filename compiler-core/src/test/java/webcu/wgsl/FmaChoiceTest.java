package webcu.wgsl;

import org.junit.jupiter.api.Test;
import webcu.passes.DeviceTarget;

/**
 * FmaChoice makes a contracted multiply-add and a call of fmaf a pure call of the fma the target
 * gets: the probing helper where nobody measured the device, WGSL's fma where its fma is fused,
 * the exact integer one where it rounds twice. The IR is valid after it.
 */
class FmaChoiceTest {
    private static final String SOURCE = "__global__ void k(float *o, float a, float b, float c) {"
            + " o[0] = a * b + c; o[1] = fmaf(a, b, c); }";
    private static final String BEFORE = """
            kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
              local %t0.4: f32
              store ptradd(%o.0, 0:i32), fma(%a.1, %b.2, %c.3)
              %t0.4 = call @fmaf(%a.1, %b.2, %c.3)
              store ptradd(%o.0, 1:i32), %t0.4
            }
            """;

    private static String after(String helper) {
        return """
                kernel @k(%o.0: ptr<f32>, %a.1: f32, %b.2: f32, %c.3: f32) -> void {
                  local %t0.4: f32
                  store ptradd(%o.0, 0:i32), pure FMA(%a.1, %b.2, %c.3):f32
                  %t0.4 = pure FMA(%a.1, %b.2, %c.3):f32
                  store ptradd(%o.0, 1:i32), %t0.4
                }
                """.replace("FMA", helper);
    }

    private static void check(DeviceTarget.Fma fma, String helper) {
        IrSteps.check("FmaChoice", dm -> {
            dm.target(new DeviceTarget(true, 0, 0, DeviceTarget.DEFAULT_WATCHDOG, fma));
            FmaChoice.run(dm);
        }, SOURCE, BEFORE, after(helper));
    }

    @Test
    void Unmeasured_ProbingHelper() {
        check(DeviceTarget.Fma.PROBE, "webcu_fmaf");
    }

    @Test
    void Fused_WgslFma() {
        check(DeviceTarget.Fma.HARDWARE, "fma");
    }

    @Test
    void RoundsTwice_ExactHelper() {
        check(DeviceTarget.Fma.SOFTWARE, "webcu_fmaf_soft");
    }
}
