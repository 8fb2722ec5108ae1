package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link Uniformity}: early returns and thread-dependent branches around barriers. */
class UniformityTest {
    private final Uniformity pass = new Uniformity();

    /** {@code if (i >= n) return;} before a barrier: the return clears {@code active}, the rest runs under it but the barrier. */
    @Test
    void EarlyReturn_ActiveFlag() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void reverse(int *out, int n)
            {
                __shared__ int s[64];
                int i = threadIdx.x;
                if (i >= n) return;
                s[i] = i;
                __syncthreads();
                out[i] = s[n - 1 - i];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory(), new Atomics());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @reverse(%out.0: ptr<i32>, %n.1: i32) -> void {
                  local %i.2: i32
                  local %out.offset.3: u32
                  %i.2 = convert<i32>(threadIdx.x)
                  if (%i.2 >= %n.1) {
                    return
                  }
                  store elem(&@s, convert<u32>(%i.2)), %i.2
                  barrier
                  store ptradd(%out.0, (%out.offset.3 + convert<u32>(%i.2))), load(elem(&@s, convert<u32>(((%n.1 - 1:i32) - %i.2))))
                }
                """, """
                kernel @reverse(%out.0: ptr<i32>, %n.1: i32) -> void {
                  local %i.2: i32
                  local %out.offset.3: u32
                  local %active.4: bool
                  %active.4 = true
                  %i.2 = convert<i32>(threadIdx.x)
                  if (%i.2 >= %n.1) {
                    %active.4 = false
                  }
                  if %active.4 {
                    store elem(&@s, convert<u32>(%i.2)), %i.2
                  }
                  barrier
                  if %active.4 {
                    store ptradd(%out.0, (%out.offset.3 + convert<u32>(%i.2))), load(elem(&@s, convert<u32>(((%n.1 - 1:i32) - %i.2))))
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A warp reduction in one warp's branch: every thread runs the loop and its barriers, the rest under {@code taken}. */
    @Test
    void DivergentBranch_Predicated() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void firstWarp(int *out)
            {
                int x = threadIdx.x;
                if (threadIdx.x < 32) {
                    for (int off = 16; off > 0; off >>= 1) x += __shfl_down_sync(0xffffffffu, x, off);
                }
                out[threadIdx.x] = x;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory(), new Atomics());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @firstWarp(%out.0: ptr<i32>) -> void {
                  local %x.1: i32
                  local %off.2: i32
                  local %t0.3: i32
                  local %mask.4: u32
                  local %var.5: i32
                  local %delta.6: u32
                  local %width.7: i32
                  local %t0.8: i32
                  local %warp.tid.9: u32
                  local %warp.lane.10: u32
                  local %warp.base.11: u32
                  local %warp.own.12: u32
                  local %warp.width.13: u32
                  local %warp.src.14: u32
                  local %warp.ok.15: bool
                  local %warp.got.16: u32
                  local %out.offset.17: u32
                  %x.1 = convert<i32>(threadIdx.x)
                  if (threadIdx.x < convert<u32>(32:i32)) {
                    %off.2 = 16:i32
                    loop {
                      if (!(%off.2 > 0:i32)) {
                        break
                      }
                      %mask.4 = 4294967295:u32
                      %var.5 = %x.1
                      %delta.6 = convert<u32>(%off.2)
                      %width.7 = 32:i32
                      %warp.tid.9 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                      %warp.lane.10 = (%warp.tid.9 & 31:u32)
                      %warp.base.11 = (%warp.tid.9 - %warp.lane.10)
                      %warp.own.12 = convert<u32>(%var.5)
                      %warp.width.13 = convert<u32>(%width.7)
                      %warp.src.14 = (%warp.lane.10 + %delta.6)
                      %warp.ok.15 = (((%warp.lane.10 - (%warp.lane.10 & (~(%warp.width.13 - 1:u32)))) + %delta.6) < %warp.width.13)
                      store elem(&@__webcu_warp_lo, %warp.tid.9), %warp.own.12
                      barrier
                      %warp.got.16 = %warp.own.12
                      if (%warp.ok.15 && ((%warp.base.11 + %warp.src.14) < ((blockDim.x * blockDim.y) * blockDim.z))) {
                        %warp.got.16 = load(elem(&@__webcu_warp_lo, (%warp.base.11 + %warp.src.14)))
                      }
                      barrier
                      %t0.8 = convert<i32>(%warp.got.16)
                      %t0.3 = %t0.8
                      %x.1 = (%x.1 + %t0.3)
                    } continuing {
                      %off.2 = (%off.2 >> 1:i32)
                    }
                  }
                  store ptradd(%out.0, (%out.offset.17 + threadIdx.x)), %x.1
                }
                """, """
                kernel @firstWarp(%out.0: ptr<i32>) -> void {
                  local %x.1: i32
                  local %off.2: i32
                  local %t0.3: i32
                  local %mask.4: u32
                  local %var.5: i32
                  local %delta.6: u32
                  local %width.7: i32
                  local %t0.8: i32
                  local %warp.tid.9: u32
                  local %warp.lane.10: u32
                  local %warp.base.11: u32
                  local %warp.own.12: u32
                  local %warp.width.13: u32
                  local %warp.src.14: u32
                  local %warp.ok.15: bool
                  local %warp.got.16: u32
                  local %out.offset.17: u32
                  local %taken.18: bool
                  local %x.saved.19: i32
                  %x.1 = convert<i32>(threadIdx.x)
                  %taken.18 = (threadIdx.x < convert<u32>(32:i32))
                  %x.saved.19 = %x.1
                  %off.2 = 16:i32
                  loop {
                    if (!(%off.2 > 0:i32)) {
                      break
                    }
                    %mask.4 = 4294967295:u32
                    if %taken.18 {
                      %var.5 = %x.1
                    }
                    %delta.6 = convert<u32>(%off.2)
                    %width.7 = 32:i32
                    if %taken.18 {
                      %warp.tid.9 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                      %warp.lane.10 = (%warp.tid.9 & 31:u32)
                      %warp.base.11 = (%warp.tid.9 - %warp.lane.10)
                      %warp.own.12 = convert<u32>(%var.5)
                    }
                    %warp.width.13 = convert<u32>(%width.7)
                    if %taken.18 {
                      %warp.src.14 = (%warp.lane.10 + %delta.6)
                      %warp.ok.15 = (((%warp.lane.10 - (%warp.lane.10 & (~(%warp.width.13 - 1:u32)))) + %delta.6) < %warp.width.13)
                    }
                    store elem(&@__webcu_warp_lo, (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))), select(%taken.18, %warp.own.12, 0:u32)
                    barrier
                    if %taken.18 {
                      %warp.got.16 = %warp.own.12
                      if (%warp.ok.15 && ((%warp.base.11 + %warp.src.14) < ((blockDim.x * blockDim.y) * blockDim.z))) {
                        %warp.got.16 = load(elem(&@__webcu_warp_lo, (%warp.base.11 + %warp.src.14)))
                      }
                    }
                    barrier
                    if %taken.18 {
                      %t0.8 = convert<i32>(%warp.got.16)
                      %t0.3 = %t0.8
                      %x.1 = (%x.1 + %t0.3)
                    }
                  } continuing {
                    %off.2 = (%off.2 >> 1:i32)
                  }
                  if (!%taken.18) {
                    %x.1 = %x.saved.19
                  }
                  store ptradd(%out.0, (%out.offset.17 + threadIdx.x)), %x.1
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A barrier every thread reaches is left alone. */
    @Test
    void UniformBarrier_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void shift(int *a)
            {
                __shared__ int s[64];
                s[threadIdx.x] = a[threadIdx.x];
                __syncthreads();
                a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory(), new Atomics());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @shift(%a.0: ptr<i32>) -> void {
                  local %a.offset.1: u32
                  store elem(&@s, threadIdx.x), load(ptradd(%a.0, (%a.offset.1 + threadIdx.x)))
                  barrier
                  store ptradd(%a.0, (%a.offset.1 + threadIdx.x)), load(elem(&@s, ((threadIdx.x + convert<u32>(1:i32)) % convert<u32>(64:i32))))
                }
                """, """
                kernel @shift(%a.0: ptr<i32>) -> void {
                  local %a.offset.1: u32
                  store elem(&@s, threadIdx.x), load(ptradd(%a.0, (%a.offset.1 + threadIdx.x)))
                  barrier
                  store ptradd(%a.0, (%a.offset.1 + threadIdx.x)), load(elem(&@s, ((threadIdx.x + convert<u32>(1:i32)) % convert<u32>(64:i32))))
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }


    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(pass, new Module(), "", "");
        assertTrue(d.all().isEmpty());
    }
}
