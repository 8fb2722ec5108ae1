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
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.vm.RunState;
import webcu.frontend.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;
import webcu.runtime.TargetDevice;
import webcu.passes.DevicePasses;

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
        /** The opened device when it gets its kernels from the driver (a GPU with IEEE floats); null: it runs the IR. */
        FakeGpu gpu;

        @Override
        public TargetDevice targetDevice() {
            return gpu;
        }

        @Override
        public String views(CompileResult compiled, DeviceCode code) {
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

    /** A GPU that records the device code it was given, and launches from nothing else. */
    private static final class FakeGpu implements TargetDevice {
        final List<DeviceCode> loaded = new ArrayList<>();

        @Override
        public webcu.runtime.DeviceFacts measured() {
            return new webcu.runtime.DeviceFacts(true, 0, 0, webcu.runtime.DeviceFacts.DEFAULT_WATCHDOG,
                    webcu.runtime.DeviceFacts.Fma.UNMEASURED);
        }

        @Override
        public void load(DeviceCode code) {
            loaded.add(code);
        }

        @Override
        public void load(webcu.runtime.DeviceProgram program) {
            throw new AssertionError("the session loads the driver's device code");
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

    /**
     * What the device cannot run reaches the editor's marks beside the compile's own, and the
     * program does not start: an error in device code is a compile error, as with nvcc.
     */
    @Test
    void theDevicesDiagnosticsJoinTheCompilesAndStopTheRun() {
        Fake fake = new Fake();
        fake.result = Compiler.compile(SourceSet.single("main.cu", RECURSIVE_KERNEL));
        fake.gpu = new FakeGpu();
        run(fake, "webgpu");
        assertEquals("diagnostics []", events.get(1));
        assertTrue(events.get(2).startsWith("diagnostics [{\"file\":\"main.cu\",\"line\":2,\"column\":"), events.get(2));
        assertTrue(events.get(2).contains("not supported on WebGPU yet: recursion"), events.get(2));
        assertEquals(5, events.size(), events.toString());
        assertTrue(events.get(3).startsWith("err:main.cu:2:") && events.get(3).contains("error: not supported on WebGPU yet: recursion ('f')"),
                events.get(3));
        assertEquals("exit 1", events.get(4));
    }

    private static final String RECURSIVE_KERNEL = """
            __device__ int f(int n) {
                return n < 2 ? n : f(n - 1) + f(n - 2);
            }
            __global__ void k(int *out) { *out = f(10); }
            __global__ void add(float *a) { a[threadIdx.x] += 1.0f; }
            int main() { return 0; }
            """;

    /**
     * A WebGPU run compiles the device code once for its device: the device, the WGSL view and the
     * editor's marks all get that one result (they used to run the device passes three times).
     * The SPIR-V view is for another target (Vulkan), so it runs the passes once more.
     */
    @Test
    void aWebGpuRunRunsTheDevicePassesOnce() {
        Fake fake = new Fake() {
            @Override
            public String views(CompileResult compiled, DeviceCode code) {
                return CodeViews.json(compiled, code, "a fake GPU");
            }
        };
        fake.result = Compiler.compile(SourceSet.single("main.cu", RECURSIVE_KERNEL));
        fake.gpu = new FakeGpu();
        long before = DevicePasses.runs();
        run(fake, "webgpu");
        assertEquals(2, DevicePasses.runs() - before);
        assertEquals(1, fake.gpu.loaded.size());
        DeviceCode code = fake.gpu.loaded.get(0);
        assertTrue(code.module() == fake.result.module(), "the device gets the code of the module the program runs");
        assertTrue(code.program().kernel("add") != null, "add is compiled");
        assertTrue(code.program().rejected().containsKey("k"), "k is rejected: " + code.program().rejected());
        String views = events.stream().filter(e -> e.startsWith("views ")).findFirst().orElseThrow();
        assertTrue(views.contains("WebGPU: a fake GPU") && views.contains("fn add"), views);
        assertTrue(views.contains("not supported on WebGPU yet: recursion"), views);
        assertTrue(views.contains("not supported on Vulkan (SPIR-V) yet: recursion"), views);
    }

    /** On the CPU emulator nothing is compiled for a device: only the views' WGSL runs the passes. */
    @Test
    void aCpuRunGivesNoDeviceCode() {
        Fake fake = new Fake();
        fake.result = Compiler.compile(SourceSet.single("main.cu", RECURSIVE_KERNEL));
        long before = DevicePasses.runs();
        run(fake, "cpu");
        assertEquals(0, DevicePasses.runs() - before);
        assertEquals(List.of("stage compiling", "diagnostics []", "stage host", "out:hello\n", "exit 0"), events);
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
            public String views(CompileResult compiled, DeviceCode code) {
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
