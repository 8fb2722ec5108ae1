package webcu.vm;

import java.util.List;
import webcu.ir.Module;
import webcu.ir.Validator;
import webcu.runtime.CapturingConsole;
import webcu.runtime.Device;

/** Runs a hand-built module to its end on the CPU device and collects what it printed. */
final class Runs {
    private Runs() {
    }

    record Result(String out, String err, int status) {}

    static Result run(Module m, String... args) {
        CapturingConsole console = new CapturingConsole();
        return run(m, new CpuDevice(console), console, args);
    }

    static Result run(Module m, Device device, CapturingConsole console, String... args) {
        Validator.check(m, "test construction");
        ProgramRun run = new ProgramRun(m, device, console, List.of(args));
        for (int slices = 0; slices < 100_000; slices++) {
            RunState s = run.resume(1_000_000);
            if (s instanceof RunState.Exited e) {
                return new Result(console.out.toString(), console.err.toString(), e.status());
            }
            if (s instanceof RunState.Waiting w && !w.completion().isDone()) {
                throw new AssertionError("waiting for a completion that never finishes");
            }
        }
        throw new AssertionError("the program did not end");
    }
}
