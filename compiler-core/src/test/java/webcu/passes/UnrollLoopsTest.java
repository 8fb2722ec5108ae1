package webcu.passes;

import org.junit.jupiter.api.Test;

/**
 * UnrollLoops copies the body of a short loop with a constant trip count once per iteration, its
 * index replaced by the iteration's value (PassTesting validates the IR after it); loops it cannot
 * count, or that leave otherwise than by their test, stay.
 */
class UnrollLoopsTest {
    private static void check(String source, String before, String after) {
        PassTesting.check(new UnrollLoops(), PassTesting.fromCuda(source), before, after);
    }

    @Test
    void TreeReduction_EightSteps_BarriersCopied() {
        check("""
                __global__ void r(float *d) {
                  __shared__ float s[8];
                  unsigned t = threadIdx.x;
                  s[t] = d[t];
                  __syncthreads();
                  for (unsigned k = 4; k > 0; k >>= 1) {
                    if (t < k) s[t] += s[t + k];
                    __syncthreads();
                  }
                  if (t == 0) d[0] = s[0];
                }
                """, """
                kernel @r(%d.0: ptr<f32>) -> void {
                  local %t.1: u32
                  local %k.2: u32
                  %t.1 = threadIdx.x
                  store ptradd(elem(&@s, 0:i64), %t.1), load(ptradd(%d.0, %t.1))
                  barrier
                  %k.2 = convert<u32>(4:i32)
                  loop {
                    if (!(%k.2 > convert<u32>(0:i32))) {
                      break
                    }
                    if (%t.1 < %k.2) {
                      store ptradd(elem(&@s, 0:i64), %t.1), (load(ptradd(elem(&@s, 0:i64), %t.1)) + load(ptradd(elem(&@s, 0:i64), (%t.1 + %k.2))))
                    }
                    barrier
                  } continuing {
                    %k.2 = (%k.2 >> 1:i32)
                  }
                  if (%t.1 == convert<u32>(0:i32)) {
                    store ptradd(%d.0, 0:i32), load(ptradd(elem(&@s, 0:i64), 0:i32))
                  }
                }
                """, """
                kernel @r(%d.0: ptr<f32>) -> void {
                  local %t.1: u32
                  local %k.2: u32
                  %t.1 = threadIdx.x
                  store ptradd(elem(&@s, 0:i64), %t.1), load(ptradd(%d.0, %t.1))
                  barrier
                  if (%t.1 < 4:u32) {
                    store ptradd(elem(&@s, 0:i64), %t.1), (load(ptradd(elem(&@s, 0:i64), %t.1)) + load(ptradd(elem(&@s, 0:i64), (%t.1 + 4:u32))))
                  }
                  barrier
                  if (%t.1 < 2:u32) {
                    store ptradd(elem(&@s, 0:i64), %t.1), (load(ptradd(elem(&@s, 0:i64), %t.1)) + load(ptradd(elem(&@s, 0:i64), (%t.1 + 2:u32))))
                  }
                  barrier
                  if (%t.1 < 1:u32) {
                    store ptradd(elem(&@s, 0:i64), %t.1), (load(ptradd(elem(&@s, 0:i64), %t.1)) + load(ptradd(elem(&@s, 0:i64), (%t.1 + 1:u32))))
                  }
                  barrier
                  if (%t.1 == convert<u32>(0:i32)) {
                    store ptradd(%d.0, 0:i32), load(ptradd(elem(&@s, 0:i64), 0:i32))
                  }
                }
                """);
    }

    /**
     * A 16-step dot product unrolls where the device's fma is the hardware's; where it is the
     * software one (SwiftShader), sixteen copies of that helper are too much to compile.
     */
    @Test
    void SixteenFmas_UnrolledOnlyWhereTheFmaIsTheHardwares() {
        String source = "__global__ void d(const float *a, float *o) { float acc = 0.f;"
                + " for (int k = 0; k < 16; k++) acc += a[k] * a[k + 16]; o[0] = acc; }";
        DeviceModule hw = PassTesting.fromCuda(source);
        hw.target(DeviceTarget.IEEE.withFma(DeviceTarget.Fma.HARDWARE));
        DevicePasses.run(new UnrollLoops(), hw);
        String unrolled = PassTesting.kernels(hw);
        org.junit.jupiter.api.Assertions.assertFalse(unrolled.contains("loop"), unrolled);
        org.junit.jupiter.api.Assertions.assertTrue(unrolled.contains("%acc.2 = fma(load(ptradd(%a.0, 15:i32)), load(ptradd(%a.0, (15:i32 + 16:i32))), %acc.2)"), unrolled);
        for (DeviceTarget.Fma fma : new DeviceTarget.Fma[] {DeviceTarget.Fma.SOFTWARE, DeviceTarget.Fma.PROBE}) {
            DeviceModule soft = PassTesting.fromCuda(source);
            soft.target(DeviceTarget.IEEE.withFma(fma));
            String before = PassTesting.kernels(soft);
            DevicePasses.run(new UnrollLoops(), soft);
            org.junit.jupiter.api.Assertions.assertEquals(before, PassTesting.kernels(soft), fma.toString());
        }
    }

    @Test
    void IndexReadAfterTheLoop_KeepsItsFinalValue_SignedCountdown() {
        check("""
                __global__ void f(int *o) {
                  int i;
                  for (i = 3; i >= 0; i -= 2) o[i] = i;
                  o[4] = i;
                }
                """, """
                kernel @f(%o.0: ptr<i32>) -> void {
                  local %i.1: i32
                  %i.1 = 3:i32
                  loop {
                    if (!(%i.1 >= 0:i32)) {
                      break
                    }
                    store ptradd(%o.0, %i.1), %i.1
                  } continuing {
                    %i.1 = (%i.1 - 2:i32)
                  }
                  store ptradd(%o.0, 4:i32), %i.1
                }
                """, """
                kernel @f(%o.0: ptr<i32>) -> void {
                  local %i.1: i32
                  %i.1 = 3:i32
                  store ptradd(%o.0, 3:i32), 3:i32
                  store ptradd(%o.0, 1:i32), 1:i32
                  %i.1 = -1:i32
                  store ptradd(%o.0, 4:i32), %i.1
                }
                """);
    }

    @Test
    void TooManyTrips_ABreak_AContinue_AnIndexTheBodyChanges_Stay() {
        String kernel = """
                kernel @f(%o.0: ptr<i32>, %n.1: i32) -> void {
                  local %i.2: i32
                  local %j.3: i32
                  local %k.4: i32
                  local %m.5: i32
                  %i.2 = 0:i32
                  loop {
                    if (!(%i.2 < 17:i32)) {
                      break
                    }
                    store ptradd(%o.0, %i.2), 0:i32
                  } continuing {
                    %i.2 = (%i.2 + 1:i32)
                  }
                  %j.3 = 0:i32
                  loop {
                    if (!(%j.3 < 4:i32)) {
                      break
                    }
                    if (%j.3 == %n.1) {
                      break
                    }
                  } continuing {
                    %j.3 = (%j.3 + 1:i32)
                  }
                  %k.4 = 0:i32
                  loop {
                    if (!(%k.4 < 4:i32)) {
                      break
                    }
                    if (%k.4 == %n.1) {
                      continue
                    }
                    store ptradd(%o.0, %k.4), 1:i32
                  } continuing {
                    %k.4 = (%k.4 + 1:i32)
                  }
                  %m.5 = 0:i32
                  loop {
                    if (!(%m.5 < 4:i32)) {
                      break
                    }
                    %m.5 = (%m.5 + %n.1)
                  } continuing {
                    %m.5 = (%m.5 + 1:i32)
                  }
                }
                """;
        check("""
                __global__ void f(int *o, int n) {
                  for (int i = 0; i < 17; i++) o[i] = 0;
                  for (int j = 0; j < 4; j++) if (j == n) break;
                  for (int k = 0; k < 4; k++) { if (k == n) continue; o[k] = 1; }
                  for (int m = 0; m < 4; m++) m += n;
                }
                """, kernel, kernel);
    }
}
