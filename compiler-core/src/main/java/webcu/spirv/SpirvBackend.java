package webcu.spirv;

import java.util.Map;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostics;
import webcu.diag.Span;
import webcu.ir.Function;
import webcu.ir.Module;
import webcu.passes.DeviceModule;
import webcu.passes.DevicePasses;
import webcu.passes.DeviceTarget;

/**
 * Compiles the kernels of a program to SPIR-V for Vulkan: runs {@link DevicePasses} for a SPIR-V
 * {@link DeviceTarget} on a copy of the device code, then writes one module with an entry point per
 * kernel ({@link SpirvWriter}). A kernel that uses what the writer cannot express yet is reported at
 * its line ({@code not supported on Vulkan (SPIR-V) yet: …}) and the module is written again
 * without it, so the others still compile and the module is always valid. Used by
 * {@code webcu emit --target spirv} and {@code webcu check --target spirv}.
 */
public final class SpirvBackend {
    private SpirvBackend() {
    }

    /** The SPIR-V of every kernel of {@code program} for {@code target} (a SPIR-V target: {@code spirvCapabilities} set); the module is not changed. */
    public static SpirvProgram compile(Module program, Diagnostics diagnostics, Map<String, Integer> coarsening,
                                       DeviceTarget target) {
        if (!target.spirv()) {
            throw new IllegalArgumentException("SPIR-V backend given a WGSL device target");
        }
        return write(DevicePasses.run(program, diagnostics, coarsening, target));
    }

    /**
     * Writes a device module that the passes have prepared, its byte accesses to word views made
     * word accesses ({@link webcu.passes.WordAccesses}) and its storage accesses bounds-checked
     * ({@link webcu.passes.CheckedAccesses}), the 64-bit atomics the device has no native one for
     * split into one per word ({@link webcu.passes.WordAtomics}); drops and reports the kernels
     * the writer cannot express.
     */
    public static SpirvProgram write(DeviceModule prepared) {
        // before CheckedAccesses: the proof reads the accesses' plain indices
        Map<Function, webcu.passes.RangeProof> ranges =
                webcu.passes.AccessRanges.of(prepared, String.valueOf(SpirvProgram.SPEC_CHECKS));
        // once: a kernel dropped below leaves its sites in the table, and the others keep their numbers
        new webcu.passes.WordAccesses().run(prepared);
        new webcu.passes.CheckedAccesses().run(prepared);
        new webcu.passes.WordAtomics().run(prepared);
        while (true) {
            SpirvWriter w = new SpirvWriter(prepared, ranges);
            try {
                return w.write();
            } catch (SpirvTypes.Unsupported e) {
                Function k = w.current;
                if (k == null) {
                    throw new webcu.diag.InternalCompilerError("SPIR-V writer: " + e.getMessage() + " outside a kernel");
                }
                Span at = w.currentSpan.isKnown() ? w.currentSpan : k.span() == null ? Span.NONE : k.span();
                prepared.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_VULKAN, e.getMessage());
                prepared.module().functions().remove(k);
            }
        }
    }
}
