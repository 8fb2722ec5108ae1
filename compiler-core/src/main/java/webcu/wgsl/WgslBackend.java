package webcu.wgsl;

import webcu.diag.Diagnostics;
import webcu.ir.Module;
import webcu.passes.DeviceModule;
import webcu.passes.DevicePasses;
import webcu.passes.KernelLayout;

/**
 * Compiles the kernels of a program to WGSL: runs {@link DevicePasses} on a copy of the device
 * code, then writes one shader module with an entry point and a {@link KernelLayout} per kernel.
 * Kernels that use what WebGPU cannot run yet are reported to the diagnostics and left out; the
 * others still compile. Used by {@code webcu emit --target wgsl} and by the WebGPU device.
 */
public final class WgslBackend {
    private WgslBackend() {
    }

    /** The WGSL program of every kernel of {@code program}; the module itself is not changed. */
    public static WgslProgram compile(Module program, Diagnostics diagnostics) {
        return write(DevicePasses.run(program, diagnostics));
    }

    /**
     * The WGSL program with the kernels of {@code coarsening} coarsened: each invocation runs as many
     * CUDA threads as the map says (for blocks larger than the adapter's workgroups).
     */
    public static WgslProgram compile(Module program, Diagnostics diagnostics, java.util.Map<String, Integer> coarsening) {
        return write(DevicePasses.run(program, diagnostics, coarsening));
    }

    /** The WGSL program for the GPU {@code target} describes, with the kernels of {@code coarsening} coarsened. */
    public static WgslProgram compile(Module program, Diagnostics diagnostics, java.util.Map<String, Integer> coarsening,
                                      webcu.passes.DeviceTarget target) {
        return write(DevicePasses.run(program, diagnostics, coarsening, target));
    }

    /**
     * Writes a device module that the passes have already prepared: raised for WGSL, narrow
     * integers made 32-bit, loops' exit tests moved to their end, 64-bit operations made calls,
     * constants folded, byte accesses to word views made word accesses
     * ({@link webcu.passes.WordAccesses}), storage accesses bounds-checked
     * ({@link webcu.passes.CheckedAccesses}), 64-bit atomics split into one per word
     * ({@link webcu.passes.WordAtomics}), float comparisons made false for NaN, the device's fma chosen, then printed.
     */
    public static WgslProgram write(DeviceModule prepared) {
        // before the WGSL-only steps: RotateLoops moves the exit tests the counted loops are found by
        java.util.Map<webcu.ir.Function, webcu.passes.RangeProof> ranges =
                webcu.passes.AccessRanges.of(prepared, webcu.passes.AccessRanges.WGSL_CONSTANT);
        Raise.run(prepared);
        SubWord.run(prepared);
        RotateLoops.run(prepared);
        WideCalls.run(prepared);
        ConstFold.run(prepared);
        new webcu.passes.WordAccesses().run(prepared);
        new webcu.passes.CheckedAccesses().run(prepared);
        new webcu.passes.WordAtomics().run(prepared);
        NanCompares.run(prepared);
        FmaChoice.run(prepared);
        return new WgslWriter(prepared, ranges).write();
    }
}
