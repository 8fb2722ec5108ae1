package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link Warps}: warp functions through shared scratch words and barriers. */
class WarpsTest {
    private final Warps pass = new Warps();

    /** {@code __shfl_down_sync} and {@code __ballot_sync}: scratch words between two barriers. */
    @Test
    void ShuffleDown_Ballot() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void warp(int *out)
            {
                int v = threadIdx.x;
                out[threadIdx.x] = __shfl_down_sync(0xffffffffu, v, 1);
            }
            __global__ void vote(unsigned *out)
            {
                out[threadIdx.x] = __ballot_sync(0xffffffffu, threadIdx.x % 2 == 0);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @warp(%out.0: ptr<i32>) -> void {
                  local %v.1: i32
                  local %t0.2: i32
                  local %mask.3: u32
                  local %var.4: i32
                  local %delta.5: u32
                  local %width.6: i32
                  local %t0.7: i32
                  %v.1 = convert<i32>(threadIdx.x)
                  %mask.3 = 4294967295:u32
                  %var.4 = %v.1
                  %delta.5 = convert<u32>(1:i32)
                  %width.6 = 32:i32
                  %t0.7 = call @__webcu_shfl_down_i32(%mask.3, %var.4, %delta.5, %width.6)
                  %t0.2 = %t0.7
                  store ptradd(%out.0, threadIdx.x), %t0.2
                }
                kernel @vote(%out.0: ptr<u32>) -> void {
                  local %t0.1: u32
                  %t0.1 = call @__ballot_sync(4294967295:u32, convert<i32>(((threadIdx.x % convert<u32>(2:i32)) == convert<u32>(0:i32))))
                  store ptradd(%out.0, threadIdx.x), %t0.1
                }
                """, """
                kernel @warp(%out.0: ptr<i32>) -> void {
                  local %v.1: i32
                  local %t0.2: i32
                  local %mask.3: u32
                  local %var.4: i32
                  local %delta.5: u32
                  local %width.6: i32
                  local %t0.7: i32
                  local %warp.tid.8: u32
                  local %warp.lane.9: u32
                  local %warp.base.10: u32
                  local %warp.own.11: u32
                  local %warp.width.12: u32
                  local %warp.src.13: u32
                  local %warp.ok.14: bool
                  local %warp.got.15: u32
                  %v.1 = convert<i32>(threadIdx.x)
                  %mask.3 = 4294967295:u32
                  %var.4 = %v.1
                  %delta.5 = convert<u32>(1:i32)
                  %width.6 = 32:i32
                  %warp.tid.8 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                  %warp.lane.9 = (%warp.tid.8 & 31:u32)
                  %warp.base.10 = (%warp.tid.8 - %warp.lane.9)
                  %warp.own.11 = convert<u32>(%var.4)
                  %warp.width.12 = convert<u32>(%width.6)
                  %warp.src.13 = (%warp.lane.9 + %delta.5)
                  %warp.ok.14 = (((%warp.lane.9 - (%warp.lane.9 & (~(%warp.width.12 - 1:u32)))) + %delta.5) < %warp.width.12)
                  store elem(&@__webcu_warp_lo, %warp.tid.8), %warp.own.11
                  barrier
                  %warp.got.15 = %warp.own.11
                  if (%warp.ok.14 && ((%warp.base.10 + %warp.src.13) < ((blockDim.x * blockDim.y) * blockDim.z))) {
                    %warp.got.15 = load(elem(&@__webcu_warp_lo, (%warp.base.10 + %warp.src.13)))
                  }
                  barrier
                  %t0.7 = convert<i32>(%warp.got.15)
                  %t0.2 = %t0.7
                  store ptradd(%out.0, threadIdx.x), %t0.2
                }
                kernel @vote(%out.0: ptr<u32>) -> void {
                  local %t0.1: u32
                  local %warp.tid.2: u32
                  local %warp.lane.3: u32
                  local %warp.base.4: u32
                  local %warp.ballot.5: u32
                  local %warp.i.6: u32
                  local %warp.mask.7: u32
                  %warp.tid.2 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                  %warp.lane.3 = (%warp.tid.2 & 31:u32)
                  %warp.base.4 = (%warp.tid.2 - %warp.lane.3)
                  store elem(&@__webcu_warp_lo, %warp.tid.2), select((convert<i32>(((threadIdx.x % convert<u32>(2:i32)) == convert<u32>(0:i32))) != 0:i32), 1:u32, 0:u32)
                  barrier
                  %warp.ballot.5 = 0:u32
                  %warp.i.6 = 0:u32
                  loop {
                    if (%warp.i.6 >= 32:u32) {
                      break
                    }
                    if (((%warp.base.4 + %warp.i.6) < ((blockDim.x * blockDim.y) * blockDim.z)) && (load(elem(&@__webcu_warp_lo, (%warp.base.4 + %warp.i.6))) != 0:u32)) {
                      %warp.ballot.5 = (%warp.ballot.5 | (1:u32 << %warp.i.6))
                    }
                  } continuing {
                    %warp.i.6 = (%warp.i.6 + 1:u32)
                  }
                  barrier
                  %warp.mask.7 = 4294967295:u32
                  %t0.1 = (%warp.ballot.5 & %warp.mask.7)
                  store ptradd(%out.0, threadIdx.x), %t0.1
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without warp functions is left alone. */
    @Test
    void NoWarpFunctions_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @add(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  store ptradd(%b.1, threadIdx.x), (load(ptradd(%b.1, threadIdx.x)) + load(ptradd(%a.0, threadIdx.x)))
                }
                """, """
                kernel @add(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  store ptradd(%b.1, threadIdx.x), (load(ptradd(%b.1, threadIdx.x)) + load(ptradd(%a.0, threadIdx.x)))
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
