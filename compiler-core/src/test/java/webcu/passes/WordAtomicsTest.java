package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Validator;

/**
 * WordAtomics splits the 64-bit add, sub, and, or and xor atomics on word views where the target
 * has no 64-bit atomic for them: all of them for WGSL and for a Vulkan device without
 * Int64Atomics, only the dynamic shared memory's (no u64 view) on a device with it, whose buffer
 * atomics stay calls for the SPIR-V writer's native atomics. Input: the pipeline and WordAccesses,
 * as the backends run them; the IR is valid before and after.
 */
class WordAtomicsTest {
    private static final String SOURCE = """
            __global__ void k(unsigned long long *sum, long long *bits) {
              extern __shared__ unsigned long long s[];
              atomicAdd(sum, 5ULL);
              atomicOr((unsigned long long *)bits, 6ULL);
              atomicAdd(&s[threadIdx.x], 7ULL);
            }
            """;

    private static final String PROLOGUE = """
            kernel @k(%sum.0: ptr<u64>, %bits.1: ptr<i64>) -> void {
              local %address.2: ptr<u64>
              local %val.3: u32
              local %t0.4: u64
              local %address.5: ptr<u64>
              local %val.6: u32
              local %t0.7: u64
              local %address.8: ptr<u64>
              local %val.9: u32
              local %t0.10: u64
              local %sum.offset.11: u32
              local %bits.offset.12: u32
              local %address.13: u32
              local %address.14: u32
              local %address.15: u32
              local %blockIdx_x.16: u32
              %blockIdx_x.16 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
              if ((gridPadding.x != 0:u32) && (%blockIdx_x.16 >= gridDim.x)) {
                return
              }
              %address.13 = %sum.offset.11
              %val.3 = 5:u32
            """;

    private static final String SUM = "(wordaddr<u64>(%sum.0, byte %address.13, word (%address.13 >> 2:u32)), convert<u64>(%val.3))\n"
            + "  %address.14 = %bits.offset.12\n  %val.6 = 6:u32\n";
    private static final String BITS = "(wordaddr<u64>(%bits.1, byte %address.14, word (%address.14 >> 2:u32)), convert<u64>(%val.6))\n"
            + "  %address.15 = (threadIdx.x * 8:u32)\n  %val.9 = 7:u32\n";
    private static final String SHARED = "(wordaddr<u64>(&@__webcu_dynamic_shared, byte %address.15, word (%address.15 >> 2:u32)), "
            + "convert<u64>(%val.9))\n}\n";

    private static final String CALLS = PROLOGUE + "  %t0.4 = call @__webcu_atomicAdd_u64" + SUM
            + "  %t0.7 = call @__webcu_atomicOr_u64" + BITS + "  %t0.10 = call @__webcu_atomicAdd_u64" + SHARED;

    private static final String SPLIT = PROLOGUE + "  %t0.4 = atomichalves add" + SUM + "  %t0.7 = atomichalves or" + BITS
            + "  %t0.10 = atomichalves add" + SHARED;

    private static DeviceModule prepared(DeviceTarget target) {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", SOURCE, true);
        DeviceModule dm = DevicePasses.run(webcu.driver.Compiler.compile(set).module(), new Diagnostics(), Map.of(), target);
        new WordAccesses().run(dm);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR before WordAtomics is valid");
        return dm;
    }

    private static void check(DeviceTarget target, String after) {
        DeviceModule dm = prepared(target);
        // a Vulkan device dispatches the grid as it is: GridFolding's padding check asks no pipeline constant
        String guard = "if ((gridPadding.x != 0:u32) && (%blockIdx_x.16 >= gridDim.x)) {";
        String spirvGuard = "if (%blockIdx_x.16 >= gridDim.x) {";
        PassTesting.check(new WordAtomics(), dm, target.spirv() ? CALLS.replace(guard, spirvGuard) : CALLS,
                target.spirv() ? after.replace(guard, spirvGuard) : after);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR after WordAtomics is valid");
    }

    @Test
    void wgslSplitsEveryWide_AddSubAndOrXorAtomic() {
        check(DeviceTarget.IEEE, SPLIT);
    }

    @Test
    void vulkanWithInt64Atomics_SplitsOnlyTheDynamicSharedMemorys() {
        check(DeviceTarget.VULKAN, PROLOGUE + "  %t0.4 = call @__webcu_atomicAdd_u64" + SUM
                + "  %t0.7 = call @__webcu_atomicOr_u64" + BITS + "  %t0.10 = atomichalves add" + SHARED);
    }

    @Test
    void vulkanWithoutInt64Atomics_SplitsThemAll() {
        Set<String> caps = new HashSet<>(DeviceTarget.VULKAN.spirvCapabilities());
        caps.remove("Int64Atomics");
        check(DeviceTarget.VULKAN.withSpirvCapabilities(caps), SPLIT);
    }
}
