package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/** Compiles a program, runs it on the CPU device and returns what it printed; for the language feature tests. */
final class RunProgram {
    private RunProgram() {}

    /** The program's standard output; fails if it does not compile or exits with a status other than 0. */
    static String stdout(String src) {
        return stdout("main.cu", src);
    }

    /** The same for a source file named {@code path} (its extension picks the language: .c is C). */
    static String stdout(String path, String src) {
        CompileResult r = Compiler.compile(SourceSet.single(path, src));
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("prog"));
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        assertEquals(0, ((RunState.Exited) state).status(), err.toString());
        return out.toString();
    }

    /** The rendered diagnostics of a program that must not compile. */
    static String errors(String src) {
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", src));
        assertFalse(r.ok(), "expected an error");
        return r.render(false);
    }
}
