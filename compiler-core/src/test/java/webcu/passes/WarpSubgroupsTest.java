package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;

/**
 * Before/after IR of {@link Warps} on a device with 32-lane subgroups ({@link DeviceTarget#subgroupSize}
 * 32): warp functions that the whole block reaches become subgroup operations; the others, and
 * every call on a device without such subgroups, keep the workgroup-memory emulation.
 */
class WarpSubgroupsTest {
    private static final DeviceTarget SUBGROUPS = DeviceTarget.IEEE.withSubgroupSize(32);

    private static DeviceModule prepared(String source, DeviceTarget target) {
        DeviceModule dm = PassTesting.fromCuda(source, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort());
        dm.target(target);
        return dm;
    }

    private static String after(String source, DeviceTarget target, Map<String, Integer> coarsening) {
        DeviceModule dm = prepared(source, target);
        DevicePasses.run(new Warps(coarsening), dm);
        return PassTesting.kernels(dm);
    }

    private static final String WARP_SUM = """
            __global__ void warpSum(const int *in, int *out)
            {
                int v = in[threadIdx.x];
                v += __shfl_down_sync(0xffffffffu, v, 1);
                out[threadIdx.x] = v;
            }
            """;

    /** A shuffle the whole block reaches: one subgroupShuffle from the emulation's source lane, no barrier. */
    @Test
    void ShuffleDown_Uniform_BecomesSubgroupShuffle() {
        Diagnostics d = PassTesting.check(new Warps(), prepared(WARP_SUM, SUBGROUPS), """
                kernel @warpSum(%in.0: ptr<i32>, %out.1: ptr<i32>) -> void {
                  local %v.2: i32
                  local %t0.3: i32
                  local %mask.4: u32
                  local %var.5: i32
                  local %delta.6: u32
                  local %width.7: i32
                  local %t0.8: i32
                  %v.2 = load(ptradd(%in.0, threadIdx.x))
                  %mask.4 = 4294967295:u32
                  %var.5 = %v.2
                  %delta.6 = convert<u32>(1:i32)
                  %width.7 = 32:i32
                  %t0.8 = call @__webcu_shfl_down_i32(%mask.4, %var.5, %delta.6, %width.7)
                  %t0.3 = %t0.8
                  %v.2 = (%v.2 + %t0.3)
                  store ptradd(%out.1, threadIdx.x), %v.2
                }
                """, """
                kernel @warpSum(%in.0: ptr<i32>, %out.1: ptr<i32>) -> void {
                  local %v.2: i32
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
                  local %warp.shuffled.16: u32
                  local %warp.got.17: u32
                  %v.2 = load(ptradd(%in.0, threadIdx.x))
                  %mask.4 = 4294967295:u32
                  %var.5 = %v.2
                  %delta.6 = convert<u32>(1:i32)
                  %width.7 = 32:i32
                  %warp.tid.9 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                  %warp.lane.10 = (%warp.tid.9 & 31:u32)
                  %warp.base.11 = (%warp.tid.9 - %warp.lane.10)
                  %warp.own.12 = convert<u32>(%var.5)
                  %warp.width.13 = convert<u32>(%width.7)
                  %warp.src.14 = (%warp.lane.10 + %delta.6)
                  %warp.ok.15 = (((%warp.lane.10 - (%warp.lane.10 & (~(%warp.width.13 - 1:u32)))) + %delta.6) < %warp.width.13)
                  %warp.shuffled.16 = call @__webcu_subgroup_shuffle(%warp.own.12, (%warp.src.14 & 31:u32))
                  %warp.got.17 = select((%warp.ok.15 && ((%warp.base.11 + %warp.src.14) < ((blockDim.x * blockDim.y) * blockDim.z))), %warp.shuffled.16, %warp.own.12)
                  %t0.8 = convert<i32>(%warp.got.17)
                  %t0.3 = %t0.8
                  %v.2 = (%v.2 + %t0.3)
                  store ptradd(%out.1, threadIdx.x), %v.2
                }
                """);
        assertFalse(d.hasErrors());
    }

    /** The same kernel on a device without 32-lane subgroups (SwiftShader's are 4 wide): the emulation. */
    @Test
    void NoSubgroups_Emulation() {
        String ir = after(WARP_SUM, DeviceTarget.IEEE, Map.of());
        assertFalse(ir.contains("__webcu_subgroup_"), ir);
        assertTrue(ir.contains("store elem(&@__webcu_warp_lo, %warp.tid.9), %warp.own.12"), ir);
        assertTrue(ir.contains("barrier"), ir);
    }

    /** A coarsened kernel runs several CUDA threads per invocation, so its lanes are not a subgroup's. */
    @Test
    void Coarsened_Emulation() {
        String ir = after(WARP_SUM, SUBGROUPS, Map.of("warpSum", 2));
        assertFalse(ir.contains("__webcu_subgroup_"), ir);
        assertTrue(ir.contains("__webcu_warp_lo"), ir);
        assertTrue(after(WARP_SUM, SUBGROUPS, Map.of("other", 2)).contains("__webcu_subgroup_shuffle"));
    }

    /** The classic warp reduction in a loop with a uniform trip count: every step a subgroup shuffle. */
    @Test
    void ReductionLoop_ShuffleXor() {
        String ir = after("""
                __global__ void reduce(const float *in, float *out)
                {
                    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
                    for (int off = 16; off > 0; off /= 2)
                        v += __shfl_xor_sync(0xffffffff, v, off);
                    if (threadIdx.x % 32 == 0) atomicAdd(out, v);
                }
                """, SUBGROUPS, Map.of());
        assertTrue(ir.contains("call @__webcu_subgroup_shuffle("), ir);
        assertTrue(ir.contains("call @__float_as_uint("), ir);
        assertTrue(ir.contains("call @__uint_as_float("), ir);
        assertFalse(ir.contains("__webcu_warp_lo") || ir.contains("barrier"), ir);
    }

    /**
     * In a branch only some threads take, lanes of a subgroup may be inactive; the emulation (whose
     * barriers Uniformity makes every thread reach) keeps CUDA's results there. The uniform call
     * before the branch still becomes a subgroup operation.
     */
    @Test
    void DivergentBranch_KeepsEmulation() {
        String ir = after("""
                __global__ void lanes(int *out, unsigned *votes)
                {
                    votes[threadIdx.x] = __ballot_sync(0xffffffffu, threadIdx.x % 3 == 0);
                    if (threadIdx.x < 40)
                        out[threadIdx.x] = __shfl_up_sync(0xffffffffu, (int)threadIdx.x, 1);
                }
                """, SUBGROUPS, Map.of());
        assertTrue(ir.contains("call @__webcu_subgroup_ballot("), ir);
        assertFalse(ir.contains("__webcu_subgroup_shuffle"), ir);
        assertTrue(ir.contains("__webcu_warp_lo"), ir);
    }

    /** After a thread-dependent return the lanes that returned are gone: the whole kernel keeps the emulation. */
    @Test
    void AfterDivergentReturn_Emulation() {
        String ir = after("""
                __global__ void tail(const int *in, int *out, int n)
                {
                    int i = blockIdx.x * blockDim.x + threadIdx.x;
                    if (i >= n) return;
                    out[i] = __shfl_xor_sync(0xffffffffu, in[i], 1);
                }
                """, SUBGROUPS, Map.of());
        assertFalse(ir.contains("__webcu_subgroup_"), ir);
        assertTrue(ir.contains("__webcu_warp_lo"), ir);
    }

    /** A continue inside a switch leaves the rest of the loop's body to the other threads: emulation. */
    @Test
    void ContinueInSwitch_Emulation() {
        String ir = after("""
                __global__ void steps(const int *in, int *out, int n)
                {
                    int v = 0;
                    for (int k = 0; k < n; ++k) {
                        switch (k % 2) {
                        case 0:
                            if (in[threadIdx.x] > k) continue;
                            break;
                        default:
                            break;
                        }
                        v += __shfl_xor_sync(0xffffffffu, v + k, 1);
                    }
                    out[threadIdx.x] = v;
                }
                """, SUBGROUPS, Map.of());
        assertFalse(ir.contains("__webcu_subgroup_"), ir);
        assertTrue(ir.contains("__webcu_warp_lo"), ir);
    }

    /** A branch on a kernel argument is taken by the whole block: subgroups are fine there. */
    @Test
    void UniformBranch_Subgroups() {
        String ir = after("""
                __global__ void maybe(int *out, int flag)
                {
                    int v = threadIdx.x;
                    if (flag > 0) v = __shfl_sync(0xffffffffu, v, 0);
                    out[threadIdx.x] = v;
                }
                """, SUBGROUPS, Map.of());
        assertTrue(ir.contains("call @__webcu_subgroup_shuffle("), ir);
        assertFalse(ir.contains("__webcu_warp_lo"), ir);
    }

    /** Votes, the active mask and the sm_80 reductions; __syncwarp, match and the block predicates stay emulated. */
    @Test
    void VotesReductions_AndWhatStays() {
        String ir = after("""
                __global__ void votes(const int *in, int *out)
                {
                    int v = in[threadIdx.x];
                    int any = __any_sync(0xffffffffu, v > 5);
                    int all = __all_sync(0x0000ffffu, v > 5);
                    unsigned active = __activemask();
                    int sum = __reduce_add_sync(0xffffffffu, v);
                    unsigned hi = __reduce_max_sync(0xffffffffu, (unsigned)v);
                    __syncwarp();
                    unsigned same = __match_any_sync(0xffffffffu, v);
                    int count = __syncthreads_count(v > 0);
                    out[threadIdx.x] = any + all + (int)active + sum + (int)hi + (int)same + count;
                }
                """, SUBGROUPS, Map.of());
        assertTrue(ir.contains("call @__webcu_subgroup_ballot((convert<i32>((%v.2 > 5:i32)) != 0:i32))"), ir);
        assertTrue(ir.contains("call @__webcu_subgroup_ballot(true)"), ir);
        assertTrue(ir.contains("call @__webcu_subgroup_add_i32(%"), ir);
        assertTrue(ir.contains("call @__webcu_subgroup_max_u32(%"), ir);
        // the match and the block count still go through the scratch words
        assertTrue(ir.contains("__webcu_warp_lo") && ir.contains("__webcu_block_count"), ir);
    }

    /** A 64-bit value is shuffled as two words. */
    @Test
    void Shuffle64_TwoWords() {
        String ir = after("""
                __global__ void wide(const double *in, double *out)
                {
                    out[threadIdx.x] = __shfl_down_sync(0xffffffffu, in[threadIdx.x], 4, 16);
                }
                """, SUBGROUPS, Map.of());
        assertEquals(2, ir.split("call @__webcu_subgroup_shuffle\\(", -1).length - 1, ir);
        assertTrue(ir.contains("call @__longlong_as_double("), ir);
    }

    private static final String TWO_STAGES = """
            __global__ void stages(const int *in, int *out)
            {
                int t = threadIdx.x;
                int wid = t / 32, lane = t % 32;
                int v = in[t];
                if (wid == 0) v = __shfl_down_sync(0xffffffffu, v, 1);
                if (lane < 16) v = __shfl_down_sync(0xffffffffu, v, 2);
                out[t] = v;
            }
            """;

    /**
     * The second stage of a block reduction sits under {@code if (wid == 0)}: every lane of a warp
     * takes that branch or none does, so the shuffle becomes a subgroup shuffle. The branch is
     * compiled twice under a block-uniform test that no warp spans two rows of the block: with
     * the subgroup shuffle (no barrier, so the other warps skip it), else with the emulation.
     * Under {@code if (lane < 16)} half a warp takes it: the emulation only.
     */
    @Test
    void WarpUniformBranch_Subgroups_LaneBranch_Emulation() {
        Diagnostics d = PassTesting.check(new Warps(), prepared(TWO_STAGES, SUBGROUPS), """
                kernel @stages(%in.0: ptr<i32>, %out.1: ptr<i32>) -> void {
                  local %t.2: i32
                  local %wid.3: i32
                  local %lane.4: i32
                  local %v.5: i32
                  local %t0.6: i32
                  local %t1.7: i32
                  local %mask.8: u32
                  local %var.9: i32
                  local %delta.10: u32
                  local %width.11: i32
                  local %t0.12: i32
                  local %mask.13: u32
                  local %var.14: i32
                  local %delta.15: u32
                  local %width.16: i32
                  local %t0.17: i32
                  %t.2 = convert<i32>(threadIdx.x)
                  %wid.3 = (%t.2 / 32:i32)
                  %lane.4 = (%t.2 % 32:i32)
                  %v.5 = load(ptradd(%in.0, %t.2))
                  if (%wid.3 == 0:i32) {
                    %mask.8 = 4294967295:u32
                    %var.9 = %v.5
                    %delta.10 = convert<u32>(1:i32)
                    %width.11 = 32:i32
                    %t0.12 = call @__webcu_shfl_down_i32(%mask.8, %var.9, %delta.10, %width.11)
                    %t0.6 = %t0.12
                    %v.5 = %t0.6
                  }
                  if (%lane.4 < 16:i32) {
                    %mask.13 = 4294967295:u32
                    %var.14 = %v.5
                    %delta.15 = convert<u32>(2:i32)
                    %width.16 = 32:i32
                    %t0.17 = call @__webcu_shfl_down_i32(%mask.13, %var.14, %delta.15, %width.16)
                    %t1.7 = %t0.17
                    %v.5 = %t1.7
                  }
                  store ptradd(%out.1, %t.2), %v.5
                }
                """, """
                kernel @stages(%in.0: ptr<i32>, %out.1: ptr<i32>) -> void {
                  local %t.2: i32
                  local %wid.3: i32
                  local %lane.4: i32
                  local %v.5: i32
                  local %t0.6: i32
                  local %t1.7: i32
                  local %mask.8: u32
                  local %var.9: i32
                  local %delta.10: u32
                  local %width.11: i32
                  local %t0.12: i32
                  local %mask.13: u32
                  local %var.14: i32
                  local %delta.15: u32
                  local %width.16: i32
                  local %t0.17: i32
                  local %warp.tid.18: u32
                  local %warp.lane.19: u32
                  local %warp.base.20: u32
                  local %warp.own.21: u32
                  local %warp.width.22: u32
                  local %warp.src.23: u32
                  local %warp.ok.24: bool
                  local %warp.shuffled.25: u32
                  local %warp.got.26: u32
                  local %warp.tid.27: u32
                  local %warp.lane.28: u32
                  local %warp.base.29: u32
                  local %warp.own.30: u32
                  local %warp.width.31: u32
                  local %warp.src.32: u32
                  local %warp.ok.33: bool
                  local %warp.got.34: u32
                  local %warp.tid.35: u32
                  local %warp.lane.36: u32
                  local %warp.base.37: u32
                  local %warp.own.38: u32
                  local %warp.width.39: u32
                  local %warp.src.40: u32
                  local %warp.ok.41: bool
                  local %warp.got.42: u32
                  %t.2 = convert<i32>(threadIdx.x)
                  %wid.3 = (%t.2 / 32:i32)
                  %lane.4 = (%t.2 % 32:i32)
                  %v.5 = load(ptradd(%in.0, %t.2))
                  if (((blockDim.x & 31:u32) == 0:u32) || ((blockDim.y * blockDim.z) == 1:u32)) {
                    if (%wid.3 == 0:i32) {
                      %mask.8 = 4294967295:u32
                      %var.9 = %v.5
                      %delta.10 = convert<u32>(1:i32)
                      %width.11 = 32:i32
                      %warp.tid.18 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                      %warp.lane.19 = (%warp.tid.18 & 31:u32)
                      %warp.base.20 = (%warp.tid.18 - %warp.lane.19)
                      %warp.own.21 = convert<u32>(%var.9)
                      %warp.width.22 = convert<u32>(%width.11)
                      %warp.src.23 = (%warp.lane.19 + %delta.10)
                      %warp.ok.24 = (((%warp.lane.19 - (%warp.lane.19 & (~(%warp.width.22 - 1:u32)))) + %delta.10) < %warp.width.22)
                      %warp.shuffled.25 = call @__webcu_subgroup_shuffle(%warp.own.21, (%warp.src.23 & 31:u32))
                      %warp.got.26 = select((%warp.ok.24 && ((%warp.base.20 + %warp.src.23) < ((blockDim.x * blockDim.y) * blockDim.z))), %warp.shuffled.25, %warp.own.21)
                      %t0.12 = convert<i32>(%warp.got.26)
                      %t0.6 = %t0.12
                      %v.5 = %t0.6
                    }
                  } else {
                    if (%wid.3 == 0:i32) {
                      %mask.8 = 4294967295:u32
                      %var.9 = %v.5
                      %delta.10 = convert<u32>(1:i32)
                      %width.11 = 32:i32
                      %warp.tid.27 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                      %warp.lane.28 = (%warp.tid.27 & 31:u32)
                      %warp.base.29 = (%warp.tid.27 - %warp.lane.28)
                      %warp.own.30 = convert<u32>(%var.9)
                      %warp.width.31 = convert<u32>(%width.11)
                      %warp.src.32 = (%warp.lane.28 + %delta.10)
                      %warp.ok.33 = (((%warp.lane.28 - (%warp.lane.28 & (~(%warp.width.31 - 1:u32)))) + %delta.10) < %warp.width.31)
                      store elem(&@__webcu_warp_lo, %warp.tid.27), %warp.own.30
                      barrier
                      %warp.got.34 = %warp.own.30
                      if (%warp.ok.33 && ((%warp.base.29 + %warp.src.32) < ((blockDim.x * blockDim.y) * blockDim.z))) {
                        %warp.got.34 = load(elem(&@__webcu_warp_lo, (%warp.base.29 + %warp.src.32)))
                      }
                      barrier
                      %t0.12 = convert<i32>(%warp.got.34)
                      %t0.6 = %t0.12
                      %v.5 = %t0.6
                    }
                  }
                  if (%lane.4 < 16:i32) {
                    %mask.13 = 4294967295:u32
                    %var.14 = %v.5
                    %delta.15 = convert<u32>(2:i32)
                    %width.16 = 32:i32
                    %warp.tid.35 = (threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z))))
                    %warp.lane.36 = (%warp.tid.35 & 31:u32)
                    %warp.base.37 = (%warp.tid.35 - %warp.lane.36)
                    %warp.own.38 = convert<u32>(%var.14)
                    %warp.width.39 = convert<u32>(%width.16)
                    %warp.src.40 = (%warp.lane.36 + %delta.15)
                    %warp.ok.41 = (((%warp.lane.36 - (%warp.lane.36 & (~(%warp.width.39 - 1:u32)))) + %delta.15) < %warp.width.39)
                    store elem(&@__webcu_warp_lo, %warp.tid.35), %warp.own.38
                    barrier
                    %warp.got.42 = %warp.own.38
                    if (%warp.ok.41 && ((%warp.base.37 + %warp.src.40) < ((blockDim.x * blockDim.y) * blockDim.z))) {
                      %warp.got.42 = load(elem(&@__webcu_warp_lo, (%warp.base.37 + %warp.src.40)))
                    }
                    barrier
                    %t0.17 = convert<i32>(%warp.got.42)
                    %t1.7 = %t0.17
                    %v.5 = %t1.7
                  }
                  store ptradd(%out.1, %t.2), %v.5
                }
                """);
        assertFalse(d.hasErrors());
    }

    /** The classic block reduction's second stage, the warp index by a shift, a row of a 2-D block: subgroups under the row test. */
    @Test
    void WarpIndexForms_Subgroups() {
        String ir = after("""
                __global__ void forms(const float *in, float *out)
                {
                    __shared__ float sums[32];
                    float v = in[threadIdx.y * blockDim.x + threadIdx.x];
                    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
                    if (lane == 0) sums[warp] = v;
                    __syncthreads();
                    if (warp == 0) {
                        v = lane < blockDim.x / warpSize ? sums[lane] : 0.0f;
                        for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(0xffffffff, v, off);
                    }
                    if (threadIdx.y == 1) v = __shfl_sync(0xffffffff, v, 3);
                    out[threadIdx.y * blockDim.x + threadIdx.x] = v;
                }
                """, SUBGROUPS, Map.of());
        assertEquals(2, ir.split("call @__webcu_subgroup_shuffle\\(", -1).length - 1, ir);
        assertEquals(2, ir.split("if \\(\\(\\(blockDim.x & 31:u32\\) == 0:u32\\) \\|\\| \\(\\(blockDim.y \\* blockDim.z\\) == 1:u32\\)\\)", -1).length - 1, ir);
    }

    /**
     * Not warp-uniform: the lane, the global index over 32 (a block of 48 threads starts its
     * second block mid-warp), threadIdx.x after a branch assigned it, a loop whose exit depends
     * on the lane, and everything after a return decided per lane.
     */
    @Test
    void NotWarpUniform_Emulation() {
        for (String body : List.of(
                "if (threadIdx.x % 32 < 16) v = __shfl_xor_sync(0xffffffffu, v, 1);",
                "if ((blockIdx.x * blockDim.x + threadIdx.x) / 32 == 1) v = __shfl_xor_sync(0xffffffffu, v, 1);",
                "int t = 0; if (n > 0) t = threadIdx.x; else t = n; if (t / 32 == 0) v = __shfl_xor_sync(0xffffffffu, v, 1);",
                "int t = threadIdx.x; if (v > 0) t = 0; if (t / 32 == 0) v = __shfl_xor_sync(0xffffffffu, v, 1);",
                "for (int k = 0; k < 4; ++k) { if (threadIdx.x == k) break; v += __shfl_xor_sync(0xffffffffu, v, 1); }",
                "if ((char)threadIdx.x / 32 == 0) v = __shfl_xor_sync(0xffffffffu, v, 1);",
                "if (threadIdx.x / 16 == 0) v = __shfl_xor_sync(0xffffffffu, v, 1);",
                "if (threadIdx.x == 5) return; if (threadIdx.x / 32 == 0) v = __shfl_xor_sync(0xffffffffu, v, 1);")) {
            String ir = after("__global__ void k(const int *in, int *out, int n)\n{\n    int v = in[threadIdx.x];\n    "
                    + body + "\n    out[threadIdx.x] = v;\n}\n", SUBGROUPS, Map.of());
            assertFalse(ir.contains("__webcu_subgroup_"), body + "\n" + ir);
            assertTrue(ir.contains("__webcu_warp_lo"), body + "\n" + ir);
        }
    }

    /** A return decided per warp leaves whole warps; a loop whose exit is decided per warp keeps them whole. */
    @Test
    void WarpReturnAndLoop_Subgroups() {
        String ir = after("""
                __global__ void k(const int *in, int *out, int n)
                {
                    int v = in[threadIdx.x];
                    if (threadIdx.x / 32 >= n) return;
                    for (unsigned w = threadIdx.x / 64; w < 4; ++w) v += __shfl_xor_sync(0xffffffffu, v, 1);
                    out[threadIdx.x] = v;
                }
                """, SUBGROUPS, Map.of());
        assertTrue(ir.contains("call @__webcu_subgroup_shuffle("), ir);
        assertTrue(ir.contains("__webcu_warp_lo"), "the emulation for blocks whose rows split warps: " + ir);
        // on a device without 32-lane subgroups nothing changes
        assertFalse(after(TWO_STAGES, DeviceTarget.IEEE, Map.of()).contains("__webcu_subgroup_"));
    }

    /** The linear thread index over 32, as cooperative groups' {@code meta_group_rank()} computes it. */
    @Test
    void LinearIndexOver32_Subgroups() {
        String ir = after("""
                __global__ void k(const int *in, int *out)
                {
                    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
                    int v = in[t];
                    if (t / 32 == 1) v = __reduce_add_sync(0xffffffffu, v);
                    if (t / 16 == 1) v = __reduce_add_sync(0xffffffffu, v);
                    out[t] = v;
                }
                """, SUBGROUPS, Map.of());
        assertEquals(1, ir.split("call @__webcu_subgroup_add_i32\\(", -1).length - 1, ir);
    }

    /** {@code if (threadIdx.x < warpSize)}: the first warp, whole; {@code if (threadIdx.x < 16)}: half of it. */
    @Test
    void FirstWarpComparison_Subgroups_HalfWarp_Emulation() {
        String ir = after("""
                __global__ void k(const int *in, int *out)
                {
                    int tid = threadIdx.x;
                    int v = in[tid];
                    if (tid < warpSize) v = __reduce_add_sync(0xffffffffu, v);
                    if (63 < threadIdx.x) v = __reduce_max_sync(0xffffffffu, v);
                    if (tid < 16) v = __reduce_min_sync(0xffffffffu, v);
                    out[tid] = v;
                }
                """, SUBGROUPS, Map.of());
        assertTrue(ir.contains("call @__webcu_subgroup_add_i32(") && ir.contains("call @__webcu_subgroup_max_i32("), ir);
        assertFalse(ir.contains("__webcu_subgroup_min_i32"), ir);
    }
}
