package webcu.runtime;

import java.util.Set;
import webcu.passes.DeviceTarget;

/**
 * What a {@link TargetDevice} measured of its GPU, in the device's terms: the runtime turns it
 * into the {@link DeviceTarget} the driver compiles for ({@link #target}), so that the devices name
 * no compiler stage. The meaning of each fact is {@code DeviceTarget}'s.
 *
 * @param spirvCapabilities null for a WGSL device; for SPIR-V, the optional capabilities enabled
 * @param loopLimit 0, or the loop iterations after which the device's driver ends a kernel's loops
 */
public record DeviceFacts(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize, long watchdog, Fma fma,
                          Set<String> spirvCapabilities, long loopLimit) {
    /** The watchdog budget of a GPU ({@link DeviceTarget#DEFAULT_WATCHDOG}). */
    public static final long DEFAULT_WATCHDOG = DeviceTarget.DEFAULT_WATCHDOG;
    /** The watchdog budget of an adapter that runs on the CPU ({@link DeviceTarget#SOFTWARE_WATCHDOG}). */
    public static final long SOFTWARE_WATCHDOG = DeviceTarget.SOFTWARE_WATCHDOG;

    /** How the device's fma rounds, as its start-up probe found ({@link DeviceTarget.Fma}). */
    public enum Fma {
        /** Not measured: each invocation that needs an fma asks the adapter. */
        UNMEASURED,
        /** It rounds once. */
        FUSED,
        /** It rounds twice. */
        UNFUSED
    }

    /** A WGSL device. */
    public DeviceFacts(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize, long watchdog, Fma fma) {
        this(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, null, 0);
    }

    /**
     * A Vulkan device with these optional SPIR-V capabilities and loop limit ({@link
     * DeviceTarget#loopLimit}), otherwise as {@link DeviceTarget#VULKAN} assumes.
     */
    public static DeviceFacts vulkan(Set<String> spirvCapabilities, long loopLimit) {
        return vulkan(spirvCapabilities, loopLimit, Fma.UNMEASURED);
    }

    /** {@link #vulkan(Set, long)} on a device whose Fma is known to round once ({@code FUSED}) or not. */
    public static DeviceFacts vulkan(Set<String> spirvCapabilities, long loopLimit, Fma fma) {
        DeviceTarget v = DeviceTarget.VULKAN;
        // IEEE NaN and infinities only where the driver is told to keep them (float controls); else
        // isnan/isinf are reported as unsupported, as on a fast-math WebGPU adapter
        boolean ieee = spirvCapabilities.contains("SignedZeroInfNanPreserve");
        return new DeviceFacts(ieee, v.maxStorageBuffers(), v.subgroupSize(), v.watchdog(), fma,
                Set.copyOf(spirvCapabilities), loopLimit);
    }

    /** The same facts with {@code subgroupSize} ({@link DeviceTarget#subgroupSize}: 32 where subgroups are warps). */
    public DeviceFacts withSubgroupSize(int subgroupSize) {
        return new DeviceFacts(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, spirvCapabilities, loopLimit);
    }

    /** The target the driver compiles this device's kernels for. */
    public DeviceTarget target() {
        DeviceTarget.Fma f = switch (fma) {
            case UNMEASURED -> DeviceTarget.Fma.PROBE;
            case FUSED -> DeviceTarget.Fma.HARDWARE;
            case UNFUSED -> DeviceTarget.Fma.SOFTWARE;
        };
        return new DeviceTarget(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, f, spirvCapabilities, loopLimit);
    }
}
