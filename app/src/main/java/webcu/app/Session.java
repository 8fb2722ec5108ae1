package webcu.app;

import java.util.List;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.vm.ProgramRun;
import webcu.frontend.SourceSet;
import webcu.runtime.Device;
import webcu.runtime.MemoryFileSystem;
import webcu.runtime.TargetDevice;

/**
 * One press of Run: compile, show the diagnostics, open the chosen device, compile the device
 * code for it (once: the device, the views and the editor's marks share the result), run the
 * program to its exit. Exit statuses: the program's own, 1 when it did not compile or the device could not
 * be opened (as the command line reports them), {@link RunLoop#INTERNAL_ERROR_STATUS} for a bug in webcu.
 */
final class Session {
    /** How many VM instructions run between two turns of the event loop (tens of milliseconds). */
    static final long SLICE_BUDGET = 8_000_000L;

    private final Toolchain toolchain;
    private final BufferedConsole console;
    private final RunLoop.Scheduler scheduler;
    private final RunLoop.Exit exit;
    private final Progress progress;
    private MemoryFileSystem files;

    Session(Toolchain toolchain, BufferedConsole console, RunLoop.Scheduler scheduler, RunLoop.Exit exit) {
        this(toolchain, console, scheduler, exit, Progress.NONE);
    }

    Session(Toolchain toolchain, BufferedConsole console, RunLoop.Scheduler scheduler, RunLoop.Exit exit, Progress progress) {
        this.toolchain = toolchain;
        this.console = console;
        this.scheduler = scheduler;
        this.exit = exit;
        this.progress = progress;
    }

    void start(SourceSet sources, List<String> args, String backend) {
        start(sources, args, backend, null);
    }

    /** {@code stdin}: what the program reads from standard input, or null for nothing. */
    void start(SourceSet sources, List<String> args, String backend, String stdin) {
        CompileResult result;
        progress.stage(Progress.COMPILING);
        try {
            result = toolchain.compile(sources);
        } catch (RuntimeException | Error e) {
            fail(RunLoop.internalErrorMessage("compilation", e), RunLoop.INTERNAL_ERROR_STATUS);
            return;
        }
        // as data for the editor's marks, and rendered as clang does for the output, which stays
        // what the command line prints
        progress.diagnostics(Progress.toJson(result.diagnostics()));
        String diagnostics = result.render(false);
        if (!diagnostics.isEmpty()) {
            console.err(diagnostics);
        }
        if (!result.ok()) {
            views(result, null);
            fail("", 1);
            return;
        }
        try {
            toolchain.openDevice(backend, console,
                    device -> {
                        DeviceCode code;
                        try {
                            code = compileDevice(result);
                        } catch (RuntimeException | Error e) {
                            fail(RunLoop.internalErrorMessage("device code generation", e), RunLoop.INTERNAL_ERROR_STATUS);
                            return;
                        }
                        views(result, code);
                        deviceDiagnostics(result, code);
                        if (code != null && code.hasErrors()) {
                            // as nvcc does with a kernel it cannot compile: no program, and the
                            // reasons where the compile's own errors go
                            console.err(code.render(false));
                            fail("", 1);
                            return;
                        }
                        run(result, device, ProgramRun.argv(sources.mainFiles().get(0), args), sources, stdin);
                    },
                    message -> {
                        views(result, null);
                        fail("webcu: cannot use the " + backend + " backend: " + message + "\n", 1);
                    });
        } catch (RuntimeException | Error e) {
            fail(RunLoop.internalErrorMessage("device setup", e), RunLoop.INTERNAL_ERROR_STATUS);
        }
    }

    /**
     * The device code of {@code result} for the device just opened, loaded into it; null when the
     * device compiles nothing ahead. The device passes run here, once per run.
     */
    private DeviceCode compileDevice(CompileResult result) {
        TargetDevice device = toolchain.targetDevice();
        if (device == null) {
            return null;
        }
        DeviceCode code = Compiler.compileDevice(result, device.target());
        device.load(code);
        return code;
    }

    /**
     * The generated code for the page's views, once the device is known (its WGSL depends on the
     * GPU). A failure here is webcu's, but the program may still run: the views say so instead.
     */
    private void views(CompileResult result, DeviceCode code) {
        String json;
        try {
            json = toolchain.views(result, code);
        } catch (RuntimeException | Error e) {
            json = CodeViews.internalError(e);
        }
        if (json != null) {
            progress.views(json);
        }
    }

    /**
     * The device code's diagnostics (kernels WebGPU cannot run yet), added to the compile's for the
     * editor's marks; with an error among them the program does not start.
     */
    private void deviceDiagnostics(CompileResult result, DeviceCode code) {
        if (code != null && !code.diagnostics().isEmpty()) {
            List<webcu.diag.Diagnostic> all = new java.util.ArrayList<>(result.diagnostics());
            all.addAll(code.diagnostics());
            progress.diagnostics(Progress.toJson(all));
        }
    }

    /** The project's files as the running program sees them; afterwards also those it wrote. */
    MemoryFileSystem files() {
        return files;
    }

    private void run(CompileResult result, Device device, List<String> argv, SourceSet sources, String stdin) {
        RunLoop.Program program;
        try {
            files = new MemoryFileSystem(sources.files());
            if (stdin != null) {
                files.stdin(stdin);
            }
            program = toolchain.start(result.module(), device, console, argv, files);
            progress.stage(Progress.HOST);
        } catch (RuntimeException | Error e) {
            fail(RunLoop.internalErrorMessage("program start", e), RunLoop.INTERNAL_ERROR_STATUS);
            return;
        }
        new RunLoop(program, SLICE_BUDGET, console, scheduler, exit).step();
    }

    private void fail(String message, int status) {
        if (!message.isEmpty()) {
            console.err(message);
        }
        console.flush();
        exit.exited(status);
    }
}
