package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;

/** Before/after IR of {@link HostConstants}: namespace-scope const scalars read in device code become their values. */
class HostConstantsTest {
    private final HostConstants pass = new HostConstants();

    @Test
    void ConstScalars_BecomeTheirValues() {
        DeviceModule dm = PassTesting.fromCuda("""
            const float SCALE = 0.5f;
            const double OFFSET = -2.25;
            const bool NEGATE = true;
            static const unsigned long long BIG = 1ull << 40;  // an integral constant: folded by the front end
            __global__ void scale(float *out, double *wide, unsigned long long *big)
            {
                int t = threadIdx.x;
                float v = t * SCALE;
                out[t] = NEGATE ? -v : v;
                wide[t] = t + OFFSET;
                big[t] = BIG + t;
            }
            """);
        Diagnostics d = PassTesting.check(pass, dm.module(), """
                host const @SCALE: f32 = bytes[00 00 00 3f]
                host const @OFFSET: f64 = bytes[00 00 00 00 00 00 02 c0]
                host const @NEGATE: bool = bytes[01]
                kernel @scale(%out.0: ptr<f32>, %wide.1: ptr<f64>, %big.2: ptr<u64>) -> void {
                  local %t.3: i32
                  local %v.4: f32
                  %t.3 = convert<i32>(threadIdx.x)
                  %v.4 = (convert<f32>(%t.3) * load(&@SCALE))
                  store ptradd(%out.0, %t.3), select(load(&@NEGATE), (-%v.4), %v.4)
                  store ptradd(%wide.1, %t.3), (convert<f64>(%t.3) + load(&@OFFSET))
                  store ptradd(%big.2, %t.3), (1099511627776:u64 + convert<u64>(%t.3))
                }
                """, """
                kernel @scale(%out.0: ptr<f32>, %wide.1: ptr<f64>, %big.2: ptr<u64>) -> void {
                  local %t.3: i32
                  local %v.4: f32
                  %t.3 = convert<i32>(threadIdx.x)
                  %v.4 = (convert<f32>(%t.3) * 0.5:f32)
                  store ptradd(%out.0, %t.3), select(true, (-%v.4), %v.4)
                  store ptradd(%wide.1, %t.3), (convert<f64>(%t.3) + -2.25:f64)
                  store ptradd(%big.2, %t.3), (1099511627776:u64 + convert<u64>(%t.3))
                }
                """);
        assertEquals(List.of(), d.all());
    }

    /** A const whose initializer runs at start-up is a host variable: left for CheckSupported to reject, as nvcc does. */
    @Test
    void DynamicallyInitialisedConst_IsLeftAlone() {
        DeviceModule dm = PassTesting.fromCuda("""
            float two() { return 2.0f; }
            const float TWO = two();
            __global__ void k(float *out) { out[threadIdx.x] = TWO; }
            """);
        String before = webcu.ir.IrPrinter.print(dm.module());
        DevicePasses.run(pass, dm);
        assertEquals(before, webcu.ir.IrPrinter.print(dm.module()));
        assertTrue(before.contains("host var @TWO: f32"), before);
    }
}
