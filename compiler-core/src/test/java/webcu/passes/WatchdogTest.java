package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.diag.Span;

/** Before/after IR of {@link Watchdog}: every loop of a kernel gets an iteration budget. */
class WatchdogTest {
    private final Watchdog pass = new Watchdog();

    private static DeviceModule budgeted(String cuda, long budget) {
        DeviceModule dm = PassTesting.fromCuda(cuda, new Inline());
        dm.target(DeviceTarget.IEEE.withWatchdog(budget));
        return dm;
    }

    static final String SPIN = """
            __global__ void spin(const int *flag)
            {
                while (*flag == 0) {
                }
            }
            """;

    /** A spin on a flag: one counter per invocation, a tick every chunk, a fault naming the loop, then break. */
    @Test
    void Loop_Spin() {
        DeviceModule dm = budgeted(SPIN, 1 << 20);
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @spin(%flag.0: ptr<i32>) -> void {
                  loop {
                    if (!(load(%flag.0) == 0:i32)) {
                      break
                    }
                  }
                }
                """, """
                kernel @spin(%flag.0: ptr<i32>) -> void {
                  local %watchdog.1: u32
                  local %watchdog.tick.2: u32
                  local %fault.count.3: u32
                  %watchdog.1 = 1048575:u32
                  loop {
                    if ((%watchdog.1 & 65535:u32) == 0:u32) {
                      if (%watchdog.1 != 0:u32) {
                        %watchdog.tick.2 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 11:u32), 1:u32)
                        if (%watchdog.tick.2 >= 262144:u32) {
                          %watchdog.1 = 0:u32
                        }
                      }
                      if (%watchdog.1 == 0:u32) {
                        %fault.count.3 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                        if (%fault.count.3 == 0:u32) {
                          store elem(&@__webcu_debug, 1:u32), 6:u32
                          store elem(&@__webcu_debug, 2:u32), 0:u32
                          store elem(&@__webcu_debug, 3:u32), blockIdx.x
                          store elem(&@__webcu_debug, 4:u32), blockIdx.y
                          store elem(&@__webcu_debug, 5:u32), blockIdx.z
                          store elem(&@__webcu_debug, 6:u32), threadIdx.x
                          store elem(&@__webcu_debug, 7:u32), threadIdx.y
                          store elem(&@__webcu_debug, 8:u32), threadIdx.z
                        }
                        break
                      }
                    }
                    %watchdog.1 = (%watchdog.1 - 1:u32)
                    if (!(load(%flag.0) == 0:i32)) {
                      break
                    }
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
        assertEquals(List.of(new DebugBuffer.LoopSite("spin", new Span("t.cu", 3, 5, 5))), dm.debug().loops());
    }

    /** A loop that holds barriers counts on the block-uniform counter; the loop inside it on the per-invocation one. */
    @Test
    void Loop_Barrier() {
        DeviceModule dm = budgeted("""
            __global__ void tiles(const float *a, float *out, int n)
            {
                __shared__ float t[64];
                float s = 0;
                for (int i = 0; i < n; i += 64) {
                    t[threadIdx.x] = a[i + threadIdx.x];
                    __syncthreads();
                    for (int j = 0; j < 64; j++) s += t[j];
                    __syncthreads();
                }
                out[threadIdx.x] = s;
            }
            """, 1 << 20);
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @tiles(%a.0: ptr<f32>, %out.1: ptr<f32>, %n.2: i32) -> void {
                  local %s.3: f32
                  local %i.4: i32
                  local %j.5: i32
                  %s.3 = convert<f32>(0:i32)
                  %i.4 = 0:i32
                  loop {
                    if (!(%i.4 < %n.2)) {
                      break
                    }
                    store ptradd(elem(&@t, 0:i64), threadIdx.x), load(ptradd(%a.0, (convert<u32>(%i.4) + threadIdx.x)))
                    barrier
                    %j.5 = 0:i32
                    loop {
                      if (!(%j.5 < 64:i32)) {
                        break
                      }
                      %s.3 = (%s.3 + load(ptradd(elem(&@t, 0:i64), %j.5)))
                    } continuing {
                      %j.5 = (%j.5 + 1:i32)
                    }
                    barrier
                  } continuing {
                    %i.4 = (%i.4 + 64:i32)
                  }
                  store ptradd(%out.1, threadIdx.x), %s.3
                }
                """, """
                kernel @tiles(%a.0: ptr<f32>, %out.1: ptr<f32>, %n.2: i32) -> void {
                  local %s.3: f32
                  local %i.4: i32
                  local %j.5: i32
                  local %watchdog.6: u32
                  local %watchdog.tick.7: u32
                  local %fault.count.8: u32
                  local %watchdog.uniform.9: u32
                  local %fault.count.10: u32
                  %watchdog.6 = 1048575:u32
                  %watchdog.uniform.9 = 65536:u32
                  %s.3 = convert<f32>(0:i32)
                  %i.4 = 0:i32
                  loop {
                    if (%watchdog.uniform.9 == 0:u32) {
                      %fault.count.10 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                      if (%fault.count.10 == 0:u32) {
                        store elem(&@__webcu_debug, 1:u32), 6:u32
                        store elem(&@__webcu_debug, 2:u32), 1:u32
                        store elem(&@__webcu_debug, 3:u32), blockIdx.x
                        store elem(&@__webcu_debug, 4:u32), blockIdx.y
                        store elem(&@__webcu_debug, 5:u32), blockIdx.z
                        store elem(&@__webcu_debug, 6:u32), threadIdx.x
                        store elem(&@__webcu_debug, 7:u32), threadIdx.y
                        store elem(&@__webcu_debug, 8:u32), threadIdx.z
                      }
                      break
                    }
                    %watchdog.uniform.9 = (%watchdog.uniform.9 - 1:u32)
                    if (!(%i.4 < %n.2)) {
                      break
                    }
                    store ptradd(elem(&@t, 0:i64), threadIdx.x), load(ptradd(%a.0, (convert<u32>(%i.4) + threadIdx.x)))
                    barrier
                    %j.5 = 0:i32
                    loop {
                      if ((%watchdog.6 & 65535:u32) == 0:u32) {
                        if (%watchdog.6 != 0:u32) {
                          %watchdog.tick.7 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 11:u32), 1:u32)
                          if (%watchdog.tick.7 >= 262144:u32) {
                            %watchdog.6 = 0:u32
                          }
                        }
                        if (%watchdog.6 == 0:u32) {
                          %fault.count.8 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                          if (%fault.count.8 == 0:u32) {
                            store elem(&@__webcu_debug, 1:u32), 6:u32
                            store elem(&@__webcu_debug, 2:u32), 0:u32
                            store elem(&@__webcu_debug, 3:u32), blockIdx.x
                            store elem(&@__webcu_debug, 4:u32), blockIdx.y
                            store elem(&@__webcu_debug, 5:u32), blockIdx.z
                            store elem(&@__webcu_debug, 6:u32), threadIdx.x
                            store elem(&@__webcu_debug, 7:u32), threadIdx.y
                            store elem(&@__webcu_debug, 8:u32), threadIdx.z
                          }
                          break
                        }
                      }
                      %watchdog.6 = (%watchdog.6 - 1:u32)
                      if (!(%j.5 < 64:i32)) {
                        break
                      }
                      %s.3 = (%s.3 + load(ptradd(elem(&@t, 0:i64), %j.5)))
                    } continuing {
                      %j.5 = (%j.5 + 1:i32)
                    }
                    barrier
                  } continuing {
                    %i.4 = (%i.4 + 64:i32)
                  }
                  store ptradd(%out.1, threadIdx.x), %s.3
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without loops is left alone. */
    @Test
    void NoLoop_Untouched() {
        DeviceModule dm = budgeted("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, 1 << 20);
        String ir = """
                kernel @add(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  store ptradd(%b.1, threadIdx.x), (load(ptradd(%b.1, threadIdx.x)) + load(ptradd(%a.0, threadIdx.x)))
                }
                """;
        PassTesting.check(pass, dm, ir, ir);
        assertEquals(List.of(), dm.debug().loops());
    }

    /** A budget of 0 turns the watchdog off (to measure what it costs). */
    @Test
    void BudgetZero_Untouched() {
        DeviceModule dm = budgeted(SPIN, 0);
        String ir = PassTesting.kernels(dm);
        PassTesting.check(pass, dm, ir, ir);
    }

    /** A module without kernels stays empty. */
    @Test
    void EmptyModule() {
        DeviceModule dm = budgeted("int main() { return 0; }", 1 << 20);
        PassTesting.check(pass, dm, "", "");
    }

    /** Budgets are whole chunks that fit a u32 counter; the launch's ticks stay within a u32 too. */
    @Test
    void Budget_Rounded() {
        assertEquals(Watchdog.CHUNK, Watchdog.budget(1));
        assertEquals(2 * Watchdog.CHUNK, Watchdog.budget(Watchdog.CHUNK + 1));
        assertEquals(0, Watchdog.budget(0));
        assertEquals(0xFFFF0000L, Watchdog.budget(1L << 40));
        assertEquals(1L << 28, Watchdog.ticks(Watchdog.DEFAULT_BUDGET));
        assertEquals(65535L * Watchdog.GLOBAL_FACTOR, Watchdog.ticks(Watchdog.budget(1L << 40)));
    }
}
