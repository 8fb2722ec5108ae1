package webcu.driver;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.CompileError;
import webcu.diag.Diagnostic;
import webcu.diag.Diagnostics;
import webcu.diag.InternalCompilerError;
import webcu.diag.Severity;
import webcu.ir.Module;
import webcu.passes.DeviceTarget;
import webcu.spirv.SpirvBackend;
import webcu.spirv.SpirvProgram;
import webcu.wgsl.WgslBackend;
import webcu.wgsl.WgslProgram;

/**
 * The device code of a compiled program for one device target ({@link Compiler#compileDevice}):
 * the device passes and the target's writer (WGSL, or SPIR-V where {@link DeviceTarget#spirv}) run once, before the program starts, and every consumer
 * (the device's launches, the page's views and editor marks, {@code webcu check} and
 * {@code webcu emit}) reads this one result.
 *
 * <p>What is known only at launch stays with the device: block sizes and the dynamic shared size
 * are WGSL overrides, and aliasing picks a pipeline of the same module. A block larger than the
 * adapter's workgroups needs a coarsened program, which {@link #coarsened} compiles once per
 * kernel and factor, as the device used to.
 */
public final class DeviceCode {
    private final Module module;
    private final DeviceTarget target;
    private final WgslProgram program;
    private final SpirvProgram spirv;
    private final List<Diagnostic> diagnostics;
    private final InternalCompilerError failure;
    private final java.util.function.Function<String, String> sourceText;
    private final Map<String, DeviceCode> variants = new HashMap<>();

    private DeviceCode(Module module, DeviceTarget target, WgslProgram program, SpirvProgram spirv, List<Diagnostic> diagnostics,
                       InternalCompilerError failure, java.util.function.Function<String, String> sourceText) {
        this.module = module;
        this.target = target;
        this.program = program;
        this.spirv = spirv;
        this.diagnostics = List.copyOf(diagnostics);
        this.failure = failure;
        this.sourceText = sourceText;
    }

    /** Compiles {@code module}'s kernels for {@code target}, the kernels of {@code coarsening} coarsened. */
    static DeviceCode compile(Module module, DeviceTarget target, Map<String, Integer> coarsening,
                              java.util.function.Function<String, String> sourceText) {
        Diagnostics d = new Diagnostics();
        WgslProgram p = WgslProgram.empty();
        SpirvProgram s = SpirvProgram.empty();
        InternalCompilerError failure = null;
        try {
            if (target.spirv()) {
                s = SpirvBackend.compile(module, d, coarsening, target);
            } else {
                p = WgslBackend.compile(module, d, coarsening, target);
            }
        } catch (CompileError e) {
            // reported through d
        } catch (InternalCompilerError e) {
            // a bug in webcu: kept, so that the device reports it at the launch and the views show it
            failure = e;
        }
        return new DeviceCode(module, target, p, s, d.all(), failure, sourceText);
    }

    /** The IR module this code was compiled from: a launch's module must be this one. */
    public Module module() {
        return module;
    }

    public DeviceTarget target() {
        return target;
    }

    /**
     * The WGSL of every kernel the target can run; the rejected ones are named in {@link WgslProgram#rejected()}.
     * Empty for a SPIR-V target.
     */
    public WgslProgram program() {
        return program;
    }

    /** The SPIR-V of every kernel a SPIR-V target can run ({@link DeviceTarget#spirv}); empty for a WGSL target. */
    public SpirvProgram spirv() {
        return spirv;
    }

    /** What the device passes reported (features the target cannot run yet, at their lines). */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    /** The diagnostics as clang renders them, with the source lines, like the compile's own. */
    public String render(boolean raw) {
        return new CompileResult(null, diagnostics, sourceText).render(raw);
    }

    /** The source text of a file, for rendering diagnostics. */
    public java.util.function.Function<String, String> sourceText() {
        return sourceText;
    }

    /** The bug in webcu that stopped the compile (the program is then empty), or null. */
    public InternalCompilerError failure() {
        return failure;
    }

    /**
     * This program with {@code kernel} coarsened by {@code factor} (each invocation runs that many
     * CUDA threads, for a block larger than the adapter's workgroups), compiled on first use.
     */
    public DeviceCode coarsened(String kernel, int factor) {
        String key = kernel + "/" + factor;
        DeviceCode v = variants.get(key);
        if (v == null) {
            Map<String, Integer> coarsening = new HashMap<>();
            coarsening.put(kernel, factor);
            v = compile(module, target, coarsening, sourceText);
            variants.put(key, v);
        }
        return v;
    }
}
