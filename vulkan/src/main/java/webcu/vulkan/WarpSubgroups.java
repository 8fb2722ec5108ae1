package webcu.vulkan;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.VK10.VK_SHADER_STAGE_COMPUTE_BIT;
import static org.lwjgl.vulkan.VK11.VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;
import static org.lwjgl.vulkan.VK11.VK_SUBGROUP_FEATURE_BALLOT_BIT;
import static org.lwjgl.vulkan.VK11.VK_SUBGROUP_FEATURE_BASIC_BIT;
import static org.lwjgl.vulkan.VK11.VK_SUBGROUP_FEATURE_SHUFFLE_BIT;
import static org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceFeatures2;
import static org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceProperties2;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures2;
import org.lwjgl.vulkan.VkPhysicalDeviceProperties2;
import org.lwjgl.vulkan.VkPhysicalDeviceSubgroupSizeControlFeatures;
import org.lwjgl.vulkan.VkPhysicalDeviceSubgroupSizeControlProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceSubgroupProperties;
import webcu.spirv.SubgroupProbe;

/**
 * Whether a Vulkan device's subgroups are CUDA's warps, so that the SPIR-V writer may map warp
 * functions onto subgroup operations ({@code DeviceTarget.subgroupSize} 32; else {@code
 * passes.Warps} emulates them through workgroup memory). Two steps, as WebGpuDevice's:
 * <ol>
 * <li>the device's VkPhysicalDeviceSubgroupProperties: subgroupSize 32, the compute stage, and the
 *     basic, ballot, shuffle and arithmetic operations ({@link #usable});</li>
 * <li>a probe kernel ({@code spirv.SubgroupProbe}) in the block shapes kernels use (1D, 2D, 3D,
 *     whole and partial warps) shows every subgroup holding 32 consecutive local invocation
 *     indices, as Vulkan does not promise ({@link #probe}).</li>
 * </ol>
 * Measured: SwiftShader 4 lanes, lavapipe 8 (llvmpipe's 256-bit vectors; 32 with
 * {@code LP_NATIVE_VECTOR_WIDTH=1024}), NVIDIA 32 (docs/spirv.md). The system property
 * {@code webcu.vulkan.warps=emulation} keeps the emulation on any device, for comparisons.
 * {@code java -cp … webcu.vulkan.WarpSubgroups} prints the properties, each probe shape's verdict
 * and the decision for the first device.
 */
public final class WarpSubgroups {
    /** The subgroup operations the SPIR-V writer's warp functions use (VkSubgroupFeatureFlagBits). */
    static final int NEEDED_OPERATIONS = VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT
            | VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;

    /** The block shapes the probe runs, as WebGpuDevice's: those beyond the device's limits are left out. */
    static final int[][] SHAPES = {{32, 1, 1}, {48, 1, 1}, {64, 1, 1}, {100, 1, 1}, {128, 1, 1}, {256, 1, 1}, {512, 1, 1},
        {1024, 1, 1}, {16, 16, 1}, {32, 8, 1}, {8, 8, 4}, {16, 4, 2}, {24, 3, 1}};

    private WarpSubgroups() {
    }

    /** A device's VkPhysicalDeviceSubgroupProperties. */
    record Properties(int size, int stages, int operations) {
    }

    /** Why subgroups of these properties cannot be warps, or null where the probe should decide. */
    static String unusable(Properties p) {
        if (p.size() != 32) {
            return "subgroups of " + p.size() + " lanes";
        }
        if ((p.stages() & VK_SHADER_STAGE_COMPUTE_BIT) == 0) {
            return "no subgroup operations in compute shaders";
        }
        if ((p.operations() & NEEDED_OPERATIONS) != NEEDED_OPERATIONS) {
            return String.format("subgroup operations 0x%x, not all of basic, ballot, shuffle and arithmetic (0x%x)",
                    p.operations(), NEEDED_OPERATIONS);
        }
        return null;
    }

    /**
     * The decision: 32 where emulation is not {@code forced}, the properties allow it and the
     * {@code probe} (asked only then) passed; else 0.
     */
    static int lanes(Properties p, boolean forced, BooleanSupplier probe) {
        return !forced && unusable(p) == null && probe.getAsBoolean() ? 32 : 0;
    }

    /** {@link #lanes(Properties, boolean, BooleanSupplier)} for device {@code vk}: its properties, the system property, its probe. */
    static int lanes(VulkanCompute vk) {
        return lanes(properties(vk), "emulation".equals(System.getProperty("webcu.vulkan.warps")), () -> probe(vk).isEmpty());
    }

    static Properties properties(VulkanCompute vk) {
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceSubgroupProperties sg = VkPhysicalDeviceSubgroupProperties.calloc(stack).sType$Default();
            vkGetPhysicalDeviceProperties2(vk.physicalDevice(), VkPhysicalDeviceProperties2.calloc(stack).sType$Default().pNext(sg));
            return new Properties(sg.subgroupSize(), sg.supportedStages(), sg.supportedOperations());
        }
    }

    /**
     * Runs the probe kernel on 4 workgroups of each shape within the device's limits; returns the
     * shapes where a check failed ("32x1x1: 5 invocations") or the device refused the kernel, empty
     * when every check held.
     */
    static List<String> probe(VulkanCompute vk) {
        List<String> failed = new ArrayList<>();
        VulkanCompute.Limits l = vk.limits();
        long module;
        try {
            module = vk.shaderModule(SubgroupProbe.module());
        } catch (IllegalStateException e) {
            return List.of("the probe's module: " + e.getMessage());
        }
        try (VulkanCompute.Buffer bad = vk.buffer(4)) {
            List<VulkanCompute.Binding> bindings = List.of(new VulkanCompute.Binding(0, bad, VulkanCompute.Kind.STORAGE));
            for (int[] s : SHAPES) {
                if ((long) s[0] * s[1] * s[2] > l.maxInvocations() || s[0] > l.maxWorkgroupSize()[0]
                        || s[1] > l.maxWorkgroupSize()[1] || s[2] > l.maxWorkgroupSize()[2]) {
                    continue;
                }
                String shape = s[0] + "x" + s[1] + "x" + s[2];
                bad.contents().putInt(0, 0);
                try (VulkanCompute.Pipeline p = vk.pipeline(module, SubgroupProbe.ENTRY, bindings, s)) {
                    vk.dispatch(p, bindings, 4, 1, 1);
                } catch (IllegalStateException e) {
                    failed.add(shape + ": " + e.getMessage());
                    continue;
                }
                int n = bad.contents().getInt(0);
                if (n != 0) {
                    failed.add(shape + ": " + n + " invocations");
                }
            }
        } finally {
            vk.destroyShaderModule(module);
        }
        return failed;
    }

    /** Prints the first device's subgroup properties, the probe's failures and the decision. */
    public static void main(String[] args) {
        try (VulkanCompute vk = VulkanCompute.open(false)) {
            Properties p = properties(vk);
            System.out.printf("%s (Vulkan %s): subgroupSize %d, stages 0x%x, operations 0x%x%n", vk.deviceName(), vk.apiVersion(),
                    p.size(), p.stages(), p.operations());
            String[] version = vk.apiVersion().split("\\.");
            if (Integer.parseInt(version[0]) > 1 || Integer.parseInt(version[1]) >= 3) {
                // subgroup size control (Vulkan 1.3): whether a pipeline could ask for another size or full subgroups
                try (MemoryStack stack = stackPush()) {
                    VkPhysicalDeviceSubgroupSizeControlProperties sc = VkPhysicalDeviceSubgroupSizeControlProperties.calloc(stack)
                            .sType$Default();
                    vkGetPhysicalDeviceProperties2(vk.physicalDevice(), VkPhysicalDeviceProperties2.calloc(stack).sType$Default().pNext(sc));
                    VkPhysicalDeviceSubgroupSizeControlFeatures scf = VkPhysicalDeviceSubgroupSizeControlFeatures.calloc(stack)
                            .sType$Default();
                    vkGetPhysicalDeviceFeatures2(vk.physicalDevice(), VkPhysicalDeviceFeatures2.calloc(stack).sType$Default().pNext(scf));
                    System.out.printf("subgroup size control: sizes %d to %d, stages 0x%x; subgroupSizeControl %b, computeFullSubgroups %b%n",
                            sc.minSubgroupSize(), sc.maxSubgroupSize(), sc.requiredSubgroupSizeStages(), scf.subgroupSizeControl(),
                            scf.computeFullSubgroups());
                }
            }
            String why = unusable(p);
            System.out.println(why == null ? "properties: usable" : "properties: " + why);
            // run even where the properties rule subgroups out, to show what the device's subgroups are
            long start = System.nanoTime();
            List<String> failed = probe(vk);
            System.out.println((failed.isEmpty() ? "probe: every shape passed" : "probe failed: " + failed)
                    + String.format(" (%.1f ms)", (System.nanoTime() - start) / 1e6));
            boolean forced = "emulation".equals(System.getProperty("webcu.vulkan.warps"));
            System.out.println("warp lanes: " + lanes(p, forced, failed::isEmpty) + (forced ? " (webcu.vulkan.warps=emulation)" : ""));
        }
    }
}
