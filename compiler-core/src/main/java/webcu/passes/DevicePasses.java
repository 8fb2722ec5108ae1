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
     * The passes, in order. DESIGN.md's remaining passes slot in where they belong:
     * Inline, DynamicSharedMemory, GlobalVariables, Printf, Abort, MemoryModel, Atomics, SubWord,
     * Int64/Float64, Warps, Uniformity, GridFolding, then CheckSupported.
     */
    public static final List<DevicePass> PIPELINE = List.of(
            new Inline(),
            new MemoryModel(),
            new CheckSupported());

    private DevicePasses() {
    }

    /**
     * Runs the pipeline on a copy of the program's device code. Unsupported constructs are
     * reported to {@code diagnostics} and their kernels left out of the result.
     */
    public static DeviceModule run(Module program, Diagnostics diagnostics) {
        DeviceModule m = DeviceModule.copyOf(program, diagnostics);
        for (DevicePass p : PIPELINE) {
            run(p, m);
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
