package webcu.runtime;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.Diagnostic;
import webcu.diag.InternalCompilerError;
import webcu.driver.DeviceCode;
import webcu.passes.KernelLayout;
import webcu.spirv.SpirvProgram;
import webcu.wgsl.WgslProgram;

/**
 * The driver's {@link DeviceCode} as a {@link TargetDevice} reads it: the target's program (WGSL
 * or SPIR-V), each kernel's {@link LaunchLayout}, the diagnostics, and the coarsened variants. The
 * devices (modules webgpu-jso and vulkan) see the compiled program through this class and the
 * target writer's program only, never the driver, the passes or the IR (docs/ARCHITECTURE.md).
 */
public final class DeviceProgram {
    private final DeviceCode code;
    private final Map<String, LaunchLayout> layouts = new HashMap<>();

    public DeviceProgram(DeviceCode code) {
        this.code = code;
    }

    /** Whether {@code launch} is of a kernel of the program this code was compiled from. */
    public boolean runs(KernelLaunch launch) {
        return launch.module() == code.module();
    }

    /** The WGSL (empty for a SPIR-V target). */
    public WgslProgram wgsl() {
        return code.program();
    }

    /** The SPIR-V (empty for a WGSL target). */
    public SpirvProgram spirv() {
        return code.spirv();
    }

    /** The launch layout of the kernel with this CUDA name; null when the target rejected it or it does not exist. */
    public LaunchLayout layout(String kernel) {
        LaunchLayout l = layouts.get(kernel);
        if (l == null) {
            KernelLayout k = code.target().spirv() ? code.spirv().kernel(kernel) : code.program().kernel(kernel);
            if (k == null) {
                return null;
            }
            l = new LaunchLayout(k);
            layouts.put(kernel, l);
        }
        return l;
    }

    /** What the device passes reported (the kernels the target cannot run, at their lines). */
    public List<Diagnostic> diagnostics() {
        return code.diagnostics();
    }

    /** The bug in webcu that stopped the compile (the program is then empty), or null. */
    public InternalCompilerError failure() {
        return code.failure();
    }

    /** This program with {@code kernel} coarsened by {@code factor} ({@link DeviceCode#coarsened}), compiled on first use. */
    public DeviceProgram coarsened(String kernel, int factor) {
        return new DeviceProgram(code.coarsened(kernel, factor));
    }
}
