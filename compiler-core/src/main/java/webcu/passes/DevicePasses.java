package webcu.passes;

import java.util.List;
import webcu.diag.Diagnostics;
import webcu.ir.Module;
import webcu.ir.Validator;

/**
 * The ordered pipeline that prepares the device part of a program for WGSL: it copies the kernels
 * out of the program module (which the host VM keeps running unchanged) and runs each pass on the
 * copy. Order matters: inlining first, so every later pass sees whole kernels; the memory model
 * after the passes that add buffers of their own; the check for what is still unsupported last,
 * so that each new lowering pass shrinks what it rejects.
 */
public final class DevicePasses {
    /**
     * The passes, in order. GlobalVariables and SubWord of DESIGN.md are folded into MemoryModel
     * and HeapMemory (a device variable is a root of the same pointer rewrite as an argument:
     * a binding of its own, or a heap offset) and the WGSL writer (sub-word accesses on word
     * bindings); GridFolding is done by the WGSL writer and the launch plan together. The
     * ThreadCoarsening entry is a placeholder: {@link #run(Module, Diagnostics, java.util.Map)}
     * replaces it by one that knows the launch's block sizes.
     */
    public static final List<DevicePass> PIPELINE = List.of(
            new HostConstants(),
            new Inline(),
            new ScalarReplacement(),
            new DynamicSharedMemory(),
            new Printf(),
            new Abort(),
            new Warps(),
            new Int64(),
            new StructArguments(),
            new MemoryModel(),
            new HeapMemory(),
            new Atomics(),
            new Uniformity(),
            new UnrollLoops(),
            new ThreadCoarsening(new java.util.HashMap<>()),
            new Watchdog(),
            new GridFolding(),
            new CheckSupported());

    private DevicePasses() {
    }

    /** How many times the pipeline ran in this process: tests check that a run compiles its device code once. */
    private static long runs;

    /** The pipeline's runs so far (see {@link #runs}). */
    public static long runs() {
        return runs;
    }

    /**
     * Runs the pipeline on a copy of the program's device code. Unsupported constructs are
     * reported to {@code diagnostics} and their kernels left out of the result.
     */
    public static DeviceModule run(Module program, Diagnostics diagnostics) {
        return run(program, diagnostics, new java.util.HashMap<>());
    }

    /**
     * Runs the pipeline with some kernels coarsened: {@code coarsening} maps a kernel's name to the
     * CUDA threads each invocation runs (for blocks larger than the adapter's workgroups).
     */
    public static DeviceModule run(Module program, Diagnostics diagnostics, java.util.Map<String, Integer> coarsening) {
        return run(program, diagnostics, coarsening, DeviceTarget.IEEE);
    }

    /** Runs the pipeline for the GPU {@code target} describes. */
    public static DeviceModule run(Module program, Diagnostics diagnostics, java.util.Map<String, Integer> coarsening,
                                   DeviceTarget target) {
        runs++;
        DeviceModule m = DeviceModule.copyOf(program, diagnostics);
        m.target(target);
        for (DevicePass p : PIPELINE) {
            run(p instanceof ThreadCoarsening ? new ThreadCoarsening(coarsening) : p instanceof Warps ? new Warps(coarsening) : p, m);
        }
        return m;
    }

    /** Runs one pass, drops the kernels it rejected, and checks that the IR is still valid. */
    static void run(DevicePass p, DeviceModule m) {
        p.run(m);
        m.dropRejected();
        Validator.check(m.module(), p.name());
    }

    /** For tests and debugging: the device module after every pass, as IR text. */
    public static String trace(Module program, Diagnostics diagnostics) {
        DeviceModule m = DeviceModule.copyOf(program, diagnostics);
        StringBuilder out = new StringBuilder();
        for (DevicePass p : PIPELINE) {
            run(p, m);
            out.append("; after ").append(p.name()).append('\n').append(webcu.ir.IrPrinter.print(m.module()));
        }
        return out.toString();
    }
}
