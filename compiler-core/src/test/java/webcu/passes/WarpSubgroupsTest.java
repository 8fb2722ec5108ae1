package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
