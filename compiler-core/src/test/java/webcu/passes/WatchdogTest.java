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
                  local %watchdog.next.2: u32
                  local %watchdog.tick.3: u32
                  local %fault.count.4: u32
                  %watchdog.1 = 1048576:u32
                  %watchdog.next.2 = 786432:u32
                  loop {
                    if (%watchdog.1 <= %watchdog.next.2) {
                      if (%watchdog.1 > 64:u32) {
                        %watchdog.tick.3 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 11:u32), 1:u32)
                        if (%watchdog.tick.3 >= 1048576:u32) {
                          %watchdog.1 = 0:u32
                        } else {
                          if (%watchdog.1 > 262208:u32) {
                            %watchdog.next.2 = (%watchdog.1 - 262144:u32)
                          } else {
                            %watchdog.next.2 = 64:u32
                          }
                        }
                      }
                      if (%watchdog.1 <= 64:u32) {
                        %watchdog.1 = 0:u32
                        %fault.count.4 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                        if (%fault.count.4 == 0:u32) {
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
                    %watchdog.1 = (%watchdog.1 - 64:u32)
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
                  local %watchdog.uniform.6: u32
                  local %fault.count.7: u32
                  %watchdog.uniform.6 = 16384:u32
                  %s.3 = convert<f32>(0:i32)
                  %i.4 = 0:i32
                  loop {
                    if (%watchdog.uniform.6 == 0:u32) {
                      %fault.count.7 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                      if (%fault.count.7 == 0:u32) {
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
                    %watchdog.uniform.6 = (%watchdog.uniform.6 - 1:u32)
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
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A loop that touches no memory costs 1 unit an iteration (the Collatz steps of one thread). */
    @Test
    void Loop_NoMemory() {
        DeviceModule dm = budgeted("""
            __global__ void collatz(unsigned *out, unsigned x)
            {
                unsigned steps = 0;
                while (x != 1) {
                    x = (x & 1) ? 3 * x + 1 : x / 2;
                    steps++;
                }
                *out = steps;
            }
            """, 1 << 20);
        PassTesting.check(pass, dm, """
                kernel @collatz(%out.0: ptr<u32>, %x.1: u32) -> void {
                  local %steps.2: u32
                  %steps.2 = convert<u32>(0:i32)
                  loop {
                    if (!(%x.1 != convert<u32>(1:i32))) {
                      break
                    }
                    %x.1 = select(convert<bool>((%x.1 & convert<u32>(1:i32))), ((convert<u32>(3:i32) * %x.1) + convert<u32>(1:i32)), (%x.1 / convert<u32>(2:i32)))
                    %steps.2 = (%steps.2 + 1:u32)
                  }
                  store %out.0, %steps.2
                }
                """, """
                kernel @collatz(%out.0: ptr<u32>, %x.1: u32) -> void {
                  local %steps.2: u32
                  local %watchdog.3: u32
                  local %watchdog.next.4: u32
                  local %watchdog.tick.5: u32
                  local %fault.count.6: u32
                  %watchdog.3 = 1048576:u32
                  %watchdog.next.4 = 786432:u32
                  %steps.2 = convert<u32>(0:i32)
                  loop {
                    if (%watchdog.3 <= %watchdog.next.4) {
                      if (%watchdog.3 > 64:u32) {
                        %watchdog.tick.5 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 11:u32), 1:u32)
                        if (%watchdog.tick.5 >= 1048576:u32) {
                          %watchdog.3 = 0:u32
                        } else {
                          if (%watchdog.3 > 262208:u32) {
                            %watchdog.next.4 = (%watchdog.3 - 262144:u32)
                          } else {
                            %watchdog.next.4 = 64:u32
                          }
                        }
                      }
                      if (%watchdog.3 <= 64:u32) {
                        %watchdog.3 = 0:u32
                        %fault.count.6 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                        if (%fault.count.6 == 0:u32) {
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
                    %watchdog.3 = (%watchdog.3 - 1:u32)
                    if (!(%x.1 != convert<u32>(1:i32))) {
                      break
                    }
                    %x.1 = select(convert<bool>((%x.1 & convert<u32>(1:i32))), ((convert<u32>(3:i32) * %x.1) + convert<u32>(1:i32)), (%x.1 / convert<u32>(2:i32)))
                    %steps.2 = (%steps.2 + 1:u32)
                  }
                  store %out.0, %steps.2
                }
                """);
    }

    /**
     * Counted loops that end whatever the data need no budget: constant bounds with a step
     * towards them, up, down and by halving (a tree reduction's), barrier or not.
     */
    @Test
    void Counted_Untouched() {
        DeviceModule dm = budgeted("""
            __global__ void sums(float *v)
            {
                __shared__ float s[256];
                float a = 0;
                for (int j = 0; j < 64; j++) a += v[j];
                for (unsigned j = 100; j >= 4; j -= 4) a += v[j];
                s[threadIdx.x] = a;
                __syncthreads();
                for (unsigned k = 128; k > 0; k >>= 1) {
                    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
                    __syncthreads();
                }
                v[threadIdx.x] = s[0];
            }
            """, 1 << 20);
        String ir = PassTesting.kernels(dm);
        PassTesting.check(pass, dm, ir, ir);
    }

    /**
     * Counted loops that may not end keep their budget: a step that wraps past the bound, a
     * counter the body changes, a bound read from memory, a bound the body changes, a step of
     * two towards a bound that is not a constant (it may pass 0xFFFFFFFF and wrap).
     */
    @Test
    void Counted_MayNotEnd() {
        DeviceModule dm = budgeted("""
            __global__ void k(unsigned *v, unsigned n)
            {
                for (unsigned i = 0; i < 0xFFFFFFFFu; i += 2) v[0] += i;
                for (int j = 0; j < 64; j++) { if (v[j]) j = 0; }
                for (unsigned i = 0; i < v[1]; i++) v[i] = i;
                for (unsigned i = 0; i < n; i++) { v[i] = i; if (v[2]) n++; }
                for (unsigned i = 0; i < n; i += 2) v[i] = i;
            }
            """, 1 << 20);
        DevicePasses.run(pass, dm);
        assertEquals(5, dm.debug().loops().size(), PassTesting.kernels(dm));
    }

    /**
     * A step of one towards a bound the loop cannot change counts as a counted loop: naive SGEMM's
     * {@code k < n} over a kernel argument, and a count down to a product of built-ins.
     */
    @Test
    void Counted_InvariantBound() {
        DeviceModule dm = budgeted("""
            __global__ void sgemm(unsigned n, const float *a, const float *b, float *c)
            {
                unsigned row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
                if (row < n && col < n) {
                    float acc = 0.f;
                    for (unsigned k = 0; k < n; k++) acc += a[row * n + k] * b[k * n + col];
                    for (int j = n; j > (int) (blockDim.x * gridDim.x); j--) acc += a[j];
                    c[row * n + col] = acc;
                }
            }
            """, 1 << 20);
        String ir = PassTesting.kernels(dm);
        PassTesting.check(pass, dm, ir, ir);
        assertEquals(0, dm.debug().loops().size(), ir);
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
        assertEquals(2 * Watchdog.CHUNK, Watchdog.budget(1));
        assertEquals(3 * Watchdog.CHUNK, Watchdog.budget(2 * Watchdog.CHUNK + 1));
        assertEquals(0, Watchdog.budget(0));
        assertEquals(0xFFFC0000L, Watchdog.budget(1L << 40));
        assertEquals(1L << 30, Watchdog.ticks(DeviceTarget.DEFAULT_WATCHDOG));
        assertEquals(16383L * Watchdog.GLOBAL_FACTOR, Watchdog.ticks(Watchdog.budget(1L << 40)));
    }
}
