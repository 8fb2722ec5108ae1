package webcu.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import webcu.runtime.CapturingConsole;

/**
 * The Vulkan device's decision whether warp functions become subgroup operations
 * ({@link WarpSubgroups}): the properties rule out subgroups that are not 32 lanes with compute
 * and the needed operations, the probe runs only where they allow it and has the last word, and
 * on the test device (SwiftShader, 4 lanes) the probe fails every shape and the target keeps the
 * emulation.
 */
class WarpSubgroupsTest {
    /** What NVIDIA's driver reports: 32 lanes, every stage, every operation up to quad. */
    private static final WarpSubgroups.Properties NVIDIA = new WarpSubgroups.Properties(32, 0x7fffffff, 0xff);

    @Test
    void properties_onlyThirtyTwoLanesInComputeWithTheOperationsUsed() {
        assertNull(WarpSubgroups.unusable(NVIDIA));
        // measured: SwiftShader 4 lanes (stages 0x31), lavapipe 8 (0x30), both operations 0xbf
        assertEquals("subgroups of 4 lanes", WarpSubgroups.unusable(new WarpSubgroups.Properties(4, 0x31, 0xbf)));
        assertEquals("subgroups of 8 lanes", WarpSubgroups.unusable(new WarpSubgroups.Properties(8, 0x30, 0xbf)));
        assertEquals("subgroups of 64 lanes", WarpSubgroups.unusable(new WarpSubgroups.Properties(64, 0x20, 0xff)));
        assertEquals("no subgroup operations in compute shaders", WarpSubgroups.unusable(new WarpSubgroups.Properties(32, 0x10, 0xff)));
        // no shuffle (0x10), no arithmetic (0x4), no ballot (0x8)
        for (int missing : new int[] {0x10, 0x4, 0x8, 0x1}) {
            String why = WarpSubgroups.unusable(new WarpSubgroups.Properties(32, 0x20, 0xff & ~missing));
            assertNotNull(why, "without 0x" + Integer.toHexString(missing));
            assertTrue(why.startsWith("subgroup operations 0x"), why);
        }
        // vote (0x2), relative shuffles (0x20), clustered (0x40) and quad (0x80) are not needed
        assertNull(WarpSubgroups.unusable(new WarpSubgroups.Properties(32, 0x20, 0x1 | 0x4 | 0x8 | 0x10)));
    }

    @Test
    void lanes_probeAskedOnlyWherePropertiesAllow_andDecides() {
        AtomicInteger asked = new AtomicInteger();
        assertEquals(32, WarpSubgroups.lanes(NVIDIA, false, () -> asked.incrementAndGet() > 0));
        assertEquals(1, asked.get());
        assertEquals(0, WarpSubgroups.lanes(NVIDIA, false, () -> asked.incrementAndGet() < 0), "a failed probe keeps the emulation");
        assertEquals(2, asked.get());
        assertEquals(0, WarpSubgroups.lanes(NVIDIA, true, () -> asked.incrementAndGet() > 0), "webcu.vulkan.warps=emulation");
        assertEquals(0, WarpSubgroups.lanes(new WarpSubgroups.Properties(4, 0x31, 0xbf), false, () -> asked.incrementAndGet() > 0));
        assertEquals(2, asked.get(), "the probe ran where it should not");
    }

    /**
     * On SwiftShader the probe kernel runs and fails every shape (its subgroups are 4 lanes: the
     * size check alone fails each invocation), so a probe that passes on NVIDIA is not one that
     * cannot fail; the device's target keeps the emulation.
     */
    @Test
    void probe_failsEveryShapeOnFourLaneSubgroups() {
        try (VulkanCompute vk = VulkanCompute.open(true)) {
            WarpSubgroups.Properties p = WarpSubgroups.properties(vk);
            List<String> failed = WarpSubgroups.probe(vk);
            System.out.println(vk.deviceName() + ": subgroupSize " + p.size() + ", probe failures " + failed);
            assertEquals(4, p.size(), "the tests expect SwiftShader");
            long shapes = java.util.Arrays.stream(WarpSubgroups.SHAPES).filter(s -> (long) s[0] * s[1] * s[2]
                    <= vk.limits().maxInvocations() && s[0] <= vk.limits().maxWorkgroupSize()[0]).count();
            assertEquals(shapes, failed.size(), failed.toString());
            for (String f : failed) {
                assertTrue(f.matches("\\d+x\\d+x\\d+: \\d+ invocations"), f);
            }
            assertEquals(0, WarpSubgroups.lanes(vk));
            assertEquals(List.of(), vk.validationMessages());
        }
        try (VulkanDevice d = new VulkanDevice(VulkanCompute.open(false), new CapturingConsole())) {
            assertEquals(0, d.target().subgroupSize());
        }
    }
}
