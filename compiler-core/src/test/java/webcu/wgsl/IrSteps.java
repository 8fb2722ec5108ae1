package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Consumer;
import webcu.diag.Diagnostics;
import webcu.ir.Function;
import webcu.ir.IrPrinter;
import webcu.ir.Validator;
import webcu.passes.DeviceModule;

/** What the tests of the WGSL-only IR steps share: a program's kernels, and the before/after check. */
final class IrSteps {
    private IrSteps() {
    }

    /** The device module of a one-file CUDA program, before any device pass. */
    static DeviceModule lower(String source) {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", source, true);
        webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
        if (!r.ok()) {
            throw new AssertionError("the test program does not compile:\n" + r.render(false));
        }
        return DeviceModule.copyOf(r.module(), new Diagnostics());
    }

    /** The kernels' IR as {@code emit --target ir} prints it. */
    static String kernels(DeviceModule dm) {
        StringBuilder sb = new StringBuilder();
        for (Function f : dm.kernels()) {
            sb.append(IrPrinter.print(f));
        }
        return sb.toString();
    }

    /** Runs {@code step} on {@code source}'s kernels: the IR before and after it, both valid. */
    static void check(String name, Consumer<DeviceModule> step, String source, String before, String after) {
        DeviceModule dm = lower(source);
        assertEquals(before, kernels(dm), "the IR before " + name);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR before " + name + " is valid");
        step.accept(dm);
        assertEquals(after, kernels(dm), "the IR after " + name);
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR after " + name + " is valid");
    }
}
