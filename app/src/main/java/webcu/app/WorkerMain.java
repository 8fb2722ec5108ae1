package webcu.app;

import java.util.ArrayList;
import java.util.List;
import org.teavm.jso.JSExport;
import webcu.frontend.SourceSet;

/**
 * The entry point that TeaVM compiles for the page's Web Worker. The worker script fills in a
 * request through the exported setters (files, include directories, macros, arguments), then
 * calls {@link #start}; output and the exit status come back through {@code webcuHost}.
 */
public final class WorkerMain {
    private static SourceSet sources = new SourceSet();
    private static List<String> args = new ArrayList<>();
    /** The program's standard input, or null (reads see end of file). */
    private static String stdin;
    /** Whether WebGPU launches are timed with timestamp queries (benchmarks; off on the page). */
    private static boolean kernelTiming;
    /** Counts runs; a run whose number is no longer current was stopped and must stay silent. */
    private static int generation;

    private WorkerMain() {
    }

    public static void main(String[] argv) {
        // Nothing to do at load time: the worker script drives everything through the exports.
    }

    /** Forgets the previous request. */
    @JSExport
    public static void reset() {
        sources = new SourceSet();
        args = new ArrayList<>();
        stdin = null;
    }

    /** Adds a user file; {@code compile} makes it a translation unit rather than only an include. */
    @JSExport
    public static void addFile(String path, String text, boolean compile) {
        sources.file(path, text, compile);
    }

    @JSExport
    public static void addIncludeDir(String dir) {
        sources.includeDir(dir);
    }

    @JSExport
    public static void addDefine(String name, String value) {
        sources.define(name, value);
    }

    /** Adds one program argument (what follows {@code --} on the command line). */
    @JSExport
    public static void addArg(String arg) {
        args.add(arg);
    }

    /** Sets what the program reads from standard input. */
    @JSExport
    public static void setStdin(String text) {
        stdin = text;
    }

    /**
     * Times every WebGPU launch of later runs with GPU timestamps (where the adapter has the
     * timestamp-query feature). The times reach {@code webcuHost.kernelTimes(json)} just before
     * the exit status, apart from the program's output; bench/webgpu/run.mjs reads them.
     */
    @JSExport
    public static void setKernelTiming(boolean on) {
        kernelTiming = on;
    }

    /**
     * Compiles the request {@code repeat} times as Run does (to the IR, diagnostics included) and
     * returns each compile's milliseconds as a JSON array: the page's compile-time benchmark
     * (bench/README.md). With {@code keepHeaders}, later compiles find the headers' parse state
     * kept, as a user who presses Run again does; without, every compile starts from nothing.
     */
    @JSExport
    public static String benchmarkCompile(int repeat, boolean keepHeaders) {
        webcu.driver.Compiler.keepHeaderStates(keepHeaders ? 8 : 0);
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < repeat; i++) {
            long t0 = System.nanoTime();
            webcu.driver.CompileResult r = webcu.driver.Compiler.compile(sources);
            r.render(false);
            double ms = (System.nanoTime() - t0) / 1e6;
            json.append(i == 0 ? "" : ",").append(Math.round(ms * 100) / 100.0);
        }
        webcu.driver.Compiler.keepHeaderStates(8);
        return json.append("]").toString();
    }

    /** Compiles and runs the request on {@code backend} ("webgpu" or "cpu"). */
    @JSExport
    public static void start(String backend) {
        int run = ++generation;
        BufferedConsole console = new BufferedConsole((stream, text) -> {
            if (run == generation) {
                JsHost.write(stream, text);
            }
        });
        RunLoop.Scheduler scheduler = task -> JsHost.later(() -> {
            if (run == generation) {
                task.run();
            }
        });
        Progress progress = new Progress() {
            @Override
            public void diagnostics(String json) {
                if (run == generation) {
                    JsHost.diagnostics(json);
                }
            }

            @Override
            public void views(String json) {
                if (run == generation) {
                    JsHost.views(json);
                }
            }

            @Override
            public void stage(String stage) {
                if (run == generation) {
                    // output written before the stage changed belongs to the stage before
                    console.flush();
                    JsHost.stage(stage);
                }
            }
        };
        WebcuToolchain toolchain = new WebcuToolchain(kernelTiming, progress);
        toolchain.onDevice(json -> {
            if (run == generation) {
                JsHost.device(json);
            }
        });
        RunLoop.Exit exit = status -> {
            if (run == generation) {
                if (toolchain.timing()) {
                    JsHost.kernelTimes(toolchain.kernelTimesJson());
                }
                sendLaunches(toolchain.launches(), run, () -> JsHost.exit(status));
            }
        };
        new Session(toolchain, console, scheduler, exit, progress).start(sources, List.copyOf(args), backend, stdin);
    }

    /** How long the exit waits for launch times still being read back (a lost device never sends them). */
    private static final int LAUNCH_TIMES_WAIT_MS = 1000;

    /**
     * Sends the launches panel's data, then {@code exit}: the page sees the panel complete when the
     * run ends. The exit's synchronization normally brought every time in already; a time still
     * missing (a kernel still running when the program returned) is waited for up to
     * {@link #LAUNCH_TIMES_WAIT_MS}, then shown as unknown.
     */
    private static void sendLaunches(LaunchLog log, int run, Runnable exit) {
        if (log == null) {
            exit.run();
            return;
        }
        boolean[] sent = {false};
        Runnable send = () -> {
            if (!sent[0]) {
                sent[0] = true;
                if (run == generation) {
                    JsHost.launches(log.toJson());
                    exit.run();
                }
            }
        };
        log.whenSettled(send);
        if (!sent[0]) {
            JsHost.after(LAUNCH_TIMES_WAIT_MS, send::run);
        }
    }

    /**
     * Drops the current run: it gets no more slices and its output and exit are ignored. Only the
     * engine on the page's thread needs this; a worker is simply terminated.
     */
    @JSExport
    public static void stop() {
        generation++;
    }
}
