package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostic;
import webcu.diag.Severity;
import webcu.diag.Span;
import webcu.driver.CompileResult;
import webcu.vm.RunState;
import webcu.frontend.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;

/** One press of Run, with a fake compiler, device and VM. */
class SessionTest {
    private final List<String> events = new ArrayList<>();
    private final Deque<Runnable> eventLoop = new ArrayDeque<>();
    private final BufferedConsole console = new BufferedConsole((s, t) -> events.add((s == 1 ? "out:" : "err:") + t));

    /** Compiles to {@code result}; opens a device unless {@code deviceError} is set; the program prints and exits 0. */
    private class Fake implements Toolchain {
        CompileResult result;
        String deviceError;
        List<String> seenArgs;
        String seenBackend;
        /** What views() answers; null: no views, as a host without them. */
        String views;
        /** What the device reports ahead of any launch. */
        List<webcu.diag.Diagnostic> deviceDiagnostics = List.of();

        @Override
        public List<webcu.diag.Diagnostic> deviceDiagnostics(CompileResult compiled) {
            return deviceDiagnostics;
        }

        @Override
        public String views(CompileResult compiled) {
            return views == null ? null : views + (compiled.ok() ? " ok" : " failed");
        }

        @Override
        public CompileResult compile(SourceSet sources) {
            return result;
        }

        @Override
        public void openDevice(String backend, Console c, Consumer<Device> ok, Consumer<String> failed) {
            seenBackend = backend;
            if (deviceError != null) {
                failed.accept(deviceError);
            } else {
                ok.accept(null);
            }
        }

        @Override
        public RunLoop.Program start(Module module, Device device, Console c, List<String> args, FileSystem files) {
            seenArgs = args;
            return budget -> {
                c.out("hello\n");
                return new RunState.Exited(0);
            };
        }
    }

    /** What the page hears besides the output, in order with it. */
    private final Progress progress = new Progress() {
        @Override
        public void diagnostics(String json) {
            events.add("diagnostics " + json);
        }

        @Override
        public void stage(String stage) {
            events.add("stage " + stage);
        }

        @Override
        public void views(String json) {
            events.add("views " + json);
        }
    };

    private void run(Fake fake, String backend) {
        new Session(fake, console, eventLoop::add, status -> events.add("exit " + status), progress)
                .start(SourceSet.single("main.cu", "int main() {}"), List.of("a", "b"), backend);
        while (!eventLoop.isEmpty()) {
            eventLoop.pop().run();
        }
    }

    private static CompileResult ok() {
        return new CompileResult(new Module(), List.of(), path -> null);
    }

    @Test
    void runsACompiledProgram() {
        Fake fake = new Fake();
        fake.result = ok();
        run(fake, "webgpu");
        assertEquals(List.of("stage compiling", "diagnostics []", "stage host", "out:hello\n", "exit 0"), events);
        assertEquals("webgpu", fake.seenBackend);
        // the program's argv: its name (the main file's, as the CLI gives it), then the user's arguments
        assertEquals(List.of("main", "a", "b"), fake.seenArgs);
    }

    @Test
    void compileErrorsGoToStderrWithStatusOne() {
        Fake fake = new Fake();
        Diagnostic d = new Diagnostic(Severity.ERROR, new Span("main.cu", 1, 5, 3), DiagKey.ERR_EXPECTED_EXPRESSION,
                "expected expression", List.of());
        fake.result = new CompileResult(null, List.of(d), path -> path.equals("main.cu") ? "int main() {}" : null);
        run(fake, "cpu");
        assertEquals(List.of("stage compiling",
                "diagnostics [{\"file\":\"main.cu\",\"line\":1,\"column\":5,\"length\":3,\"severity\":\"error\","
                        + "\"key\":\"err.expected.expression\",\"message\":\"expected expression\",\"notes\":[]}]",
                "err:main.cu:1:5: error: expected expression\nint main() {}\n    ^~~\n1 error generated.\n", "exit 1"),
                events);
    }

    @Test
    void aDeviceThatCannotOpenIsReported() {
        Fake fake = new Fake();
        fake.result = ok();
        fake.deviceError = "no adapter";
        run(fake, "webgpu");
        assertEquals(List.of("stage compiling", "diagnostics []", "err:webcu: cannot use the webgpu backend: no adapter\n", "exit 1"),
                events);
    }

    /** What the device cannot run reaches the editor's marks before the program starts, beside the compile's own. */
    @Test
    void theDevicesDiagnosticsJoinTheCompilesBeforeTheRun() {
        Fake fake = new Fake();
        fake.result = ok();
        fake.deviceDiagnostics = List.of(new webcu.diag.Diagnostic(webcu.diag.Severity.ERROR, new webcu.diag.Span("main.cu", 4, 9, 3),
                webcu.diag.DiagKey.ERR_NOT_SUPPORTED_WEBGPU, "not supported on WebGPU yet: recursion ('f')", List.of()));
        run(fake, "webgpu");
        assertEquals("diagnostics []", events.get(1));
        assertTrue(events.get(2).startsWith("diagnostics [{\"file\":\"main.cu\",\"line\":4,\"column\":9,\"length\":3,\"severity\":\"error\""),
                events.get(2));
        assertEquals(List.of("stage host", "out:hello\n", "exit 0"), events.subList(3, events.size()));
    }

    /** The views come once per compile, after its diagnostics, before the program starts. */
    @Test
    void generatedCodeGoesToTheViewsBeforeTheRun() {
        Fake fake = new Fake();
        fake.result = ok();
        fake.views = "V";
        run(fake, "webgpu");
        assertEquals(List.of("stage compiling", "diagnostics []", "views V ok", "stage host", "out:hello\n", "exit 0"), events);
    }

    @Test
    void viewsAfterAFailedCompileOrDevice() {
        Fake fake = new Fake();
        fake.views = "V";
        fake.result = new CompileResult(null, List.of(), path -> null);
        run(fake, "cpu");
        assertEquals(List.of("stage compiling", "diagnostics []", "views V failed", "exit 1"), events);
        events.clear();
        fake.result = ok();
        fake.deviceError = "no adapter";
        run(fake, "webgpu");
        assertEquals(List.of("stage compiling", "diagnostics []", "views V ok",
                "err:webcu: cannot use the webgpu backend: no adapter\n", "exit 1"), events);
    }

    /** A crash while writing the views is reported in them; the program still runs. */
    @Test
    void aCrashInTheViewsLeavesTheRunAlone() {
        Fake fake = new Fake() {
            @Override
            public String views(CompileResult compiled) {
                throw new IllegalStateException("boom");
            }
        };
        fake.result = ok();
        run(fake, "cpu");
        assertEquals(List.of("stage compiling", "diagnostics []",
                "views {\"ok\":false,\"internal\":\"webcu: internal compiler error during code generation for the views: "
                        + "IllegalStateException: boom\\nwebcu: please report this, with the program that caused it\\n\"}",
                "stage host", "out:hello\n", "exit 0"), events);
    }

    @Test
    void aCompilerCrashIsAnInternalError() {
        Fake fake = new Fake() {
            @Override
            public CompileResult compile(SourceSet sources) {
                throw new IndexOutOfBoundsException("Index 3 out of bounds for length 3");
            }
        };
        run(fake, "cpu");
        assertEquals(List.of("stage compiling", "err:webcu: internal compiler error during compilation: IndexOutOfBoundsException: "
                + "Index 3 out of bounds for length 3\nwebcu: please report this, with the program that caused it\n",
                "exit " + RunLoop.INTERNAL_ERROR_STATUS), events);
    }

    @Test
    void diagnosticsAsJsonKeepNotesAndEscapeText() {
        Diagnostic note = new Diagnostic(Severity.NOTE, new Span("util.cuh", 3, 1, 4), DiagKey.ERR_EXPECTED_EXPRESSION,
                "declared here", List.of());
        Diagnostic d = new Diagnostic(Severity.WARNING, new Span("a b.cu", 2, 7, 1), DiagKey.ERR_EXPECTED_EXPRESSION,
                "use of \"x\"\tand \\", List.of(note));
        Diagnostic unplaced = new Diagnostic(Severity.ERROR, Span.NONE, DiagKey.ERR_EXPECTED_EXPRESSION, "no main", List.of());
        assertEquals("[{\"file\":\"a b.cu\",\"line\":2,\"column\":7,\"length\":1,\"severity\":\"warning\","
                + "\"key\":\"err.expected.expression\",\"message\":\"use of \\\"x\\\"\\tand \\\\\",\"notes\":["
                + "{\"file\":\"util.cuh\",\"line\":3,\"column\":1,\"length\":4,\"severity\":\"note\","
                + "\"key\":\"err.expected.expression\",\"message\":\"declared here\",\"notes\":[]}]},"
                + "{\"file\":\"\",\"line\":0,\"column\":0,\"length\":0,\"severity\":\"error\","
                + "\"key\":\"err.expected.expression\",\"message\":\"no main\",\"notes\":[]}]",
                Progress.toJson(List.of(d, unplaced)));
    }
}
