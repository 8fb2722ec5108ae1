package webcu.passes;

/**
 * What the device passes know about the GPU that will run the kernels, beyond the WGSL language:
 * facts the WebGPU device measures once at start-up (see {@code WebGpuDevice}'s float probe).
 *
 * @param ieeeFloat whether the adapter keeps IEEE 754 single precision in full: subnormal numbers,
 *     and infinities and NaN through arithmetic. WGSL allows an implementation to assume neither
 *     occurs; SwiftShader (Chromium's software adapter) flushes subnormals to zero and simplifies
 *     {@code x * (1 / x)} to 1 as fast math does. On such an adapter {@code isnan}, {@code isinf}
 *     and {@code isfinite} would answer differently from CUDA, so {@link CheckSupported} rejects
 *     them there.
 * @param maxStorageBuffers the storage buffers a kernel may bind (0: no limit known). A kernel
 *     that would need more bindings runs in {@link HeapMemory}, with one.
 * @param subgroupSize 32 where the device has WGSL subgroups of exactly 32 lanes that hold
 *     consecutive thread indices (a warp each), as the device checked at start-up; 0 otherwise.
 *     With 32, {@link Warps} maps warp functions onto subgroup operations where that gives CUDA's
 *     results; with 0 it emulates them all through workgroup memory.
 * @param watchdog the loop iterations each invocation may run before {@link Watchdog} ends it
 *     ({@link #DEFAULT_WATCHDOG} unless a test or benchmark lowers it; 0: no watchdog)
 * @param fma how a contracted multiply-add rounds once on this device (docs/fp-contract.md)
 * @param spirvCapabilities null when the kernels go to WGSL; for SPIR-V on Vulkan ({@code webcu.spirv}),
 *     the SPIR-V capabilities beyond Shader the device has enabled ("Int64", "Float64", "Int16",
 *     "Int8", "StorageBuffer8BitAccess", "StorageBuffer16BitAccess", "Int64Atomics",
 *     "PhysicalStorageBufferAddresses": bufferDeviceAddress, with which a heap-mode kernel follows
 *     pointers as 64-bit physical pointers instead of through a heap copied around the launch,
 *     where Int64 is there too; "SignedZeroInfNanPreserve" and "DenormPreserve": the float controls
 *     for 32-bit floats the device honours, declared by every kernel): a kernel that needs another is
 *     reported, never written, since a module declaring a capability the device lacks is invalid there.
 *     The passes name Vulkan in what they reject for such a target, and still lower for WGSL's limits
 *     (64-bit integers narrowed, word views for mixed accesses), which is correct on Vulkan too
 *     (docs/spirv.md)
 * @param loopLimit 0, or the loop iterations after which the device's driver ends a kernel's loops
 *     by itself, unfinished and unannounced (Mesa's lavapipe: 65,535 per invocation, all loops
 *     together): then the SPIR-V writer's loops notice such an exit and report it as a fault
 */
public record DeviceTarget(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize, long watchdog, Fma fma,
                           java.util.Set<String> spirvCapabilities, long loopLimit) {
    /** A GPU that follows IEEE 754 as CUDA GPUs do, limits unknown; what {@code webcu emit} assumes. */
    public static final DeviceTarget IEEE = new DeviceTarget(true, 0, 0);

    /**
     * A Vulkan device through SPIR-V, as {@code webcu emit --target spirv} assumes: IEEE floats, no
     * binding limit known, no subgroups (warp functions emulated), the default watchdog (spelled out:
     * {@link #DEFAULT_WATCHDOG} is declared below), its fma unmeasured, and every optional capability
     * webcu uses. A Vulkan device gives its own with {@link #withSpirvCapabilities}.
     */
    public static final DeviceTarget VULKAN = new DeviceTarget(true, 0, 0, 1L << 30, Fma.PROBE, java.util.Set.of("Int64",
            "Float64", "Int16", "Int8", "StorageBuffer8BitAccess", "StorageBuffer16BitAccess", "Int64Atomics",
            "PhysicalStorageBufferAddresses", "SignedZeroInfNanPreserve", "DenormPreserve"));

    /**
     * The default watchdog budget, units per invocation: 2^30, so 2^30 iterations of loops that only
     * compute and 2^24 of loops that touch memory. On an H100 one thread spinning on a flag stops
     * after 1.3 s; a CUDA thread that loops 10^9 times, or 1.6 × 10^7 times over memory, is far
     * beyond what normal kernels do. Figures in docs/watchdog.md.
     */
    public static final long DEFAULT_WATCHDOG = 1L << 30;
    /**
     * The default watchdog budget on an adapter that runs on the CPU (SwiftShader, Chromium's fallback):
     * 2^22 units. There invocations run some 10^7 iterations a second in all, so 2^30 would keep
     * an endless kernel going for minutes, and no kernel that loops millions of times per
     * invocation finishes there in useful time anyway.
     */
    public static final long SOFTWARE_WATCHDOG = 1L << 22;

    /**
     * WGSL's {@code fma} may round twice (it is "e1 * e2 + e3" with that expression's accuracy):
     * NVIDIA's Vulkan driver fuses it, SwiftShader does not. Where the device measured it at
     * start-up the writer uses the hardware's fma or the exact software one directly; where nobody
     * measured it (the command line's {@code emit}) each invocation asks the adapter first.
     */
    public enum Fma {
        /** Unknown: every entry point that needs an fma probes the adapter once per invocation. */
        PROBE,
        /** The adapter's fma rounds once: WGSL's {@code fma}. */
        HARDWARE,
        /** The adapter's fma rounds twice: the exact integer fma ({@code webcu_fmaf_soft}). */
        SOFTWARE
    }

    /** A device whose driver runs loops to their end. */
    public DeviceTarget(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize, long watchdog, Fma fma,
                        java.util.Set<String> spirvCapabilities) {
        this(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, spirvCapabilities, 0);
    }

    /** A WGSL device. */
    public DeviceTarget(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize, long watchdog, Fma fma) {
        this(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, null);
    }

    /** A device whose fma nobody measured. */
    public DeviceTarget(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize, long watchdog) {
        this(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, Fma.PROBE);
    }

    /** A device without usable subgroups: warp functions are emulated. */
    public DeviceTarget(boolean ieeeFloat, int maxStorageBuffers) {
        this(ieeeFloat, maxStorageBuffers, 0);
    }

    /** A device with the default watchdog budget. */
    public DeviceTarget(boolean ieeeFloat, int maxStorageBuffers, int subgroupSize) {
        this(ieeeFloat, maxStorageBuffers, subgroupSize, DEFAULT_WATCHDOG);
    }

    /** The same device with {@code subgroupSize}. */
    public DeviceTarget withSubgroupSize(int subgroupSize) {
        return new DeviceTarget(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, spirvCapabilities, loopLimit);
    }

    /** The same device with a watchdog budget of {@code iterations} per invocation (0: none). */
    public DeviceTarget withWatchdog(long iterations) {
        return new DeviceTarget(ieeeFloat, maxStorageBuffers, subgroupSize, iterations, fma, spirvCapabilities, loopLimit);
    }

    /** Whether the kernels go to SPIR-V (see {@link #spirvCapabilities}). */
    public boolean spirv() {
        return spirvCapabilities != null;
    }

    /** The same SPIR-V device with these optional capabilities (see {@link #spirvCapabilities}). */
    public DeviceTarget withSpirvCapabilities(java.util.Set<String> capabilities) {
        return new DeviceTarget(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, java.util.Set.copyOf(capabilities), loopLimit);
    }

    /** The same device with its fma measured (or not). */
    public DeviceTarget withFma(Fma fma) {
        return new DeviceTarget(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, spirvCapabilities, loopLimit);
    }

    /** The same device with a driver that ends loops after {@code iterations} (see {@link #loopLimit}). */
    public DeviceTarget withLoopLimit(long iterations) {
        return new DeviceTarget(ieeeFloat, maxStorageBuffers, subgroupSize, watchdog, fma, spirvCapabilities, iterations);
    }
}
