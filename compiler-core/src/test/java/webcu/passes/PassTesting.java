package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import webcu.diag.DiagnosticPrinter;
import webcu.diag.Diagnostics;
import webcu.ir.IrPrinter;
import webcu.ir.Module;
import webcu.ir.Validator;

/** The shape of every pass test: IR text before, run one pass, validate, IR text after. */
final class PassTesting {
    private PassTesting() {
    }

    /**
     * Checks that {@code m} prints as {@code before}, runs {@code pass} on it (as a device module),
     * validates the result and checks that it prints as {@code after}. Returns the diagnostics.
     */
    static Diagnostics check(DevicePass pass, Module m, String before, String after) {
        assertEquals(before, IrPrinter.print(m), "the IR before " + pass.name());
        assertEquals(List.of(), Validator.validate(m), "the IR before " + pass.name() + " is valid");
        Diagnostics d = new Diagnostics();
        DeviceModule dm = DeviceModule.of(m, d);
        DevicePasses.run(pass, dm);
        assertEquals(after, IrPrinter.print(dm.module()), "the IR after " + pass.name());
        return d;
    }

    /** The device module after running {@code passes} in order on a copy of {@code program}. */
    static DeviceModule run(Module program, Diagnostics d, DevicePass... passes) {
        DeviceModule dm = DeviceModule.copyOf(program, d);
        for (DevicePass p : passes) {
            DevicePasses.run(p, dm);
        }
        return dm;
    }

    /**
     * The device module of a small CUDA program, compiled by the front end, after running
     * {@code before} on it: the input of the pass under test, as the pipeline would give it.
     */
    static DeviceModule fromCuda(String source, DevicePass... before) {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", source, true);
        webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
        if (!r.ok()) {
            throw new AssertionError("the test program does not compile:\n" + r.render(false));
        }
        DeviceModule dm = DeviceModule.copyOf(r.module(), new Diagnostics());
        for (DevicePass p : before) {
            DevicePasses.run(p, dm);
        }
        return dm;
    }

    /** The kernels of a device module as IR text (externals left out: they are only declarations). */
    static String kernels(DeviceModule dm) {
        StringBuilder sb = new StringBuilder();
        for (webcu.ir.Function f : dm.module().functions()) {
            if (!f.isExternal()) {
                sb.append(IrPrinter.print(f));
            }
        }
        return sb.toString();
    }

    /** Checks the kernels' IR before, runs {@code pass}, validates, and checks the kernels' IR after. */
    static Diagnostics check(DevicePass pass, DeviceModule dm, String before, String after) {
        assertEquals(before, kernels(dm), "the IR before " + pass.name());
        DevicePasses.run(pass, dm);
        assertEquals(after, kernels(dm), "the IR after " + pass.name());
        return dm.diagnostics();
    }

    /** Diagnostics rendered in raw mode (keys, not text), one per line, without source lines. */
    static String errors(Diagnostics d) {
        DiagnosticPrinter p = new DiagnosticPrinter(f -> null, false);
        StringBuilder sb = new StringBuilder();
        d.all().forEach(x -> sb.append(p.render(x)));
        return sb.toString();
    }
}
