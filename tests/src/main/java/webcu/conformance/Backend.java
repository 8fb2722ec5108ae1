package webcu.conformance;

import java.util.List;

/**
 * Where a case runs: {@code cpu} (./webcu run --backend cpu, the JVM's CPU emulator),
 * {@code webgpu} (the page in headless Chromium), {@code check} (./webcu check, for the
 * {@code errors/} cases, which never run) or {@code vulkan} (./webcu run --backend vulkan: the
 * SPIR-V writer's kernels on a Vulkan driver, by default Mesa's lavapipe from tools/lavapipe.sh).
 */
public final class Backend {
    public static final String CPU = "cpu";
    public static final String WEBGPU = "webgpu";
    public static final String CHECK = "check";
    public static final String VULKAN = "vulkan";

    private Backend() {
    }

    /** The backends a run without --backends uses. */
    public static List<String> names() {
        return List.of(CPU, WEBGPU, CHECK, VULKAN);
    }

    public static boolean isName(String s) {
        return names().contains(s);
    }

    /** The backends that run kernels on a GPU API: held to the unsupported-feature error and to the CPU's output. */
    public static boolean isGpu(String backend) {
        return backend.equals(WEBGPU) || backend.equals(VULKAN);
    }
}
