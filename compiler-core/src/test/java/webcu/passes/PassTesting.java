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

    /** Diagnostics rendered in raw mode (keys, not text), one per line, without source lines. */
    static String errors(Diagnostics d) {
        DiagnosticPrinter p = new DiagnosticPrinter(f -> null, false);
        StringBuilder sb = new StringBuilder();
        d.all().forEach(x -> sb.append(p.render(x)));
        return sb.toString();
    }
}
