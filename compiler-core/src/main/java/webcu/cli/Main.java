package webcu.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import webcu.diag.InternalCompilerError;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;
import webcu.frontend.SourceSet;
import webcu.ir.IrPrinter;
import webcu.runtime.Console;
import webcu.vm.CLibrary;
import webcu.vm.LoopCompiler;
import webcu.wgsl.WgslProgram;

/**
 * The command line, as chibicc's main.c is its driver: {@code run}, {@code check} and
 * {@code emit} over the same pipeline the browser uses. Exit status: the program's, or 1 when
 * compilation fails, 2 for bad usage.
 */
@Command(name = "webcu", mixinStandardHelpOptions = true, subcommands = {Main.Run.class, Main.Check.class, Main.Emit.class},
        description = "CUDA C++ compiler and runtime (JVM backend)")
public final class Main implements Callable<Integer> {
    static final PrintStream OUT = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
    static final PrintStream ERR = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8);

    public static void main(String[] args) {
        int status = new CommandLine(new Main()).setErr(new java.io.PrintWriter(ERR, true)).execute(args);
        OUT.flush();
        ERR.flush();
        System.exit(status);
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, ERR);
        return 2;
    }

    /** Options every subcommand shares: include folders, macros and the input files. */
    static class Inputs {
        @Option(names = "-I", description = "add a folder to the include search path") List<String> includes = new ArrayList<>();
        @Option(names = "-D", description = "define a macro (NAME or NAME=VALUE)") List<String> defines = new ArrayList<>();
        @Option(names = "--raw-diagnostics", description = "print diagnostic keys instead of messages") boolean raw;
        @Option(names = {"--fmad", "-fmad"}, arity = "1", paramLabel = "true|false",
                description = "contract a float multiply and add in device code into one fused multiply-add, as nvcc does (default true)")
        boolean fmad = true;

        /** The files given on the command line; what they include is read from the disk when named. */
        SourceSet sources(List<String> files) throws IOException {
            SourceSet set = new SourceSet();
            for (String dir : includes) {
                set.includeDir(dir);
            }
            for (String f : files) {
                Path p = Path.of(f);
                set.file(f, Files.readString(p, StandardCharsets.UTF_8), true);
            }
            set.loader(Inputs::readIfFile);
            set.fmad(fmad);
            for (String d : defines) {
                int eq = d.indexOf('=');
                set.define(eq < 0 ? d : d.substring(0, eq), eq < 0 ? "1" : d.substring(eq + 1));
            }
            return set;
        }

        /** A file on disk by path, as an #include finds it; null for none (the fuzzer reads headers the same way). */
        static String readIfFile(String path) {
            try {
                Path p = Path.of(path);
                return Files.isRegularFile(p) && Files.size(p) < 4_000_000 ? Files.readString(p, StandardCharsets.UTF_8) : null;
            } catch (IOException | java.nio.file.InvalidPathException | java.io.UncheckedIOException e) {
                return null;
            }
        }

        /** Compiles, printing diagnostics; null when there were errors. */
        CompileResult compile(List<String> files) throws IOException {
            for (String f : files) {
                if (!Files.isRegularFile(Path.of(f))) {
                    ERR.println("webcu: error: no such file: '" + f + "'");
                    return null;
                }
            }
            CompileResult r;
            try {
                r = Compiler.compile(sources(files));
            } catch (InternalCompilerError e) {
                ERR.println("webcu: internal compiler error: " + e.getMessage());
                ERR.println("please report this with the program that caused it");
                return null;
            }
            ERR.print(r.render(raw));
            return r.ok() ? r : null;
        }

        /** The device code of {@code r} for {@code target}, its diagnostics printed; null after a bug in webcu. */
        webcu.driver.DeviceCode compileDevice(CompileResult r, webcu.passes.DeviceTarget target) {
            webcu.driver.DeviceCode code = Compiler.compileDevice(r, target);
            if (code.failure() != null) {
                ERR.println("webcu: internal compiler error: " + code.failure().getMessage());
                ERR.println("please report this with the program that caused it");
                return null;
            }
            ERR.print(code.render(raw));
            return code;
        }
    }

    @Command(name = "run", description = "compile and run a program")
    static final class Run implements Callable<Integer> {
        @CommandLine.Mixin Inputs in = new Inputs();
        @Option(names = "--backend", description = "cpu (JVM emulator), vulkan (SPIR-V on the system's Vulkan; module vulkan) or webgpu"
                + " (headless Chromium; handled by ./webcu)") String backend = "cpu";
        @Option(names = "--no-jit", description = "interpret hot host loops instead of compiling them to JVM code (also -Dwebcu.jit=false)") boolean noJit;
        @Option(names = "--kernel-time-limit", paramLabel = "SECONDS", description = "stop a kernel launch that runs longer "
                + "(the emulator's watchdog; 0: no limit; default 20)") double kernelTimeLimit = webcu.vm.CpuDevice.DEFAULT_TIME_LIMIT_SECONDS;
        @Option(names = "--kernel-times", paramLabel = "FILE", description = "write every launch's GPU time (timestamp queries;"
                + " --backend vulkan) to FILE as JSON lines {\"kernel\": NAME, \"ns\": TIME}") Path kernelTimes;
        @Parameters(description = "source files, then -- and the program's arguments") List<String> rest = new ArrayList<>();

        @Override
        public Integer call() throws IOException {
            if (!backend.equals("cpu") && !backend.equals("vulkan")) {
                ERR.println("webcu: error: this launcher runs --backend cpu or vulkan; use ./webcu run --backend webgpu for the browser");
                return 2;
            }
            List<String> files = new ArrayList<>();
            List<String> args = new ArrayList<>();
            boolean afterFiles = false;
            for (String r : rest) {
                if (afterFiles) {
                    args.add(r);
                } else if (r.endsWith(".cu") || r.endsWith(".hip") || r.endsWith(".cpp") || r.endsWith(".cc") || r.endsWith(".c") || r.endsWith(".cuh")) {
                    files.add(r);
                } else {
                    afterFiles = true;
                    args.add(r);
                }
            }
            if (files.isEmpty()) {
                ERR.println("webcu: error: no input files");
                return 2;
            }
            if (!noJit && !"false".equals(System.getProperty("webcu.jit"))) {
                // now, so that it warms up while the front end works
                LoopCompiler.installFromClassPath();
            }
            CompileResult r = in.compile(files);
            if (r == null) {
                return 1;
            }
            Console console = new Console() {
                @Override
                public void out(String text) {
                    OUT.print(text);
                }

                @Override
                public void err(String text) {
                    OUT.flush();
                    ERR.print(text);
                }
            };
            List<String> argv = ProgramRun.argv(Path.of(files.get(0)).getFileName().toString(), args);
            webcu.runtime.Device device = backend.equals("cpu") ? Backends.cpu(console, kernelTimeLimit) : Backends.open(backend, console, r);
            if (device == null) {
                return 1;
            }
            if (kernelTimes != null) {
                if (!(device instanceof webcu.runtime.TimedDevice t) || !t.canTimeKernels()) {
                    ERR.println("webcu: error: --kernel-times: the " + backend + " device cannot time kernels on the GPU");
                    Backends.close(device);
                    return 2;
                }
                t.setKernelTiming(true);
            }
            try {
                ProgramRun run = new ProgramRun(r.module(), device, console, argv, new DiskFileSystem(), CLibrary.THREAD_SLEEP);
                while (true) {
                    RunState s = run.resume(Long.MAX_VALUE >> 2);
                    if (s instanceof RunState.Exited e) {
                        OUT.flush();
                        return e.status();
                    }
                    if (s instanceof RunState.Waiting w && !w.completion().isDone()) {
                        ERR.println("webcu: internal error: the " + backend + " device left a copy unfinished");
                        return 1;
                    }
                }
            } finally {
                if (kernelTimes != null) {
                    writeKernelTimes((webcu.runtime.TimedDevice) device, kernelTimes);
                }
                Backends.close(device);
            }
        }

        private static void writeKernelTimes(webcu.runtime.TimedDevice device, Path file) throws IOException {
            StringBuilder json = new StringBuilder();
            for (webcu.runtime.TimedDevice.KernelTime t : device.kernelTimes()) {
                json.append(t.json()).append('\n');
            }
            java.nio.file.Files.writeString(file, json);
        }
    }

    @Command(name = "check", description = "compile without running: the front end, and with --target webgpu or spirv the device passes too")
    static final class Check implements Callable<Integer> {
        @CommandLine.Mixin Inputs in = new Inputs();
        @Option(names = "--target", description = "cpu (the default: what the CPU emulator runs, the front end's diagnostics)"
                + " or webgpu (also what the device passes report for a GPU with IEEE floats: features WebGPU cannot run yet)"
                + " or spirv (the same for SPIR-V on Vulkan: features the SPIR-V writer cannot express yet)")
        String target = "cpu";
        @Parameters(arity = "1..*", description = "source files") List<String> files;

        @Override
        public Integer call() throws IOException {
            if (!target.equals("cpu") && !target.equals("webgpu") && !target.equals("spirv")) {
                ERR.println("webcu: error: unknown target '" + target + "' (use cpu, webgpu or spirv)");
                return 2;
            }
            CompileResult r = in.compile(files);
            if (r == null) {
                return 1;
            }
            if (target.equals("webgpu")) {
                // the kernels' device code as the page compiles it for a WebGPU device, minus what
                // only the adapter knows (fast math, subgroups, its binding limits)
                webcu.driver.DeviceCode code = in.compileDevice(r, webcu.passes.DeviceTarget.IEEE);
                return code == null || code.hasErrors() ? 1 : 0;
            }
            if (target.equals("spirv")) {
                webcu.driver.DeviceCode code = in.compileDevice(r, webcu.passes.DeviceTarget.VULKAN);
                return code == null || code.hasErrors() ? 1 : 0;
            }
            return 0;
        }
    }

    @Command(name = "emit", description = "print generated code")
    static final class Emit implements Callable<Integer> {
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;
        @CommandLine.Mixin Inputs in = new Inputs();
        @Option(names = "--target", required = true, description = "ir, wgsl or spirv (a binary module: to -o, else to"
                + " FILE's name with .spv, in the current folder)") String target;
        @Option(names = "-S", description = "with --target spirv: print the module's disassembly (spirv-dis --raw-id's text)"
                + " instead of writing the binary") boolean assembly;
        @Option(names = "-o", description = "write to this file instead of stdout") Path output;
        @Option(names = "--heap-mode", description = "with --target spirv: kernels that follow pointers read from memory"
                + " get heap mode (a heap copied around each launch), as on a device without bufferDeviceAddress or Int64"
                + " (SwiftShader), instead of physical pointers (PhysicalStorageBuffer64, the default: lavapipe, NVIDIA)")
        boolean heapMode;
        @Option(names = "--subgroups", description = "WGSL for a GPU with 32-lane subgroups (NVIDIA): warp functions"
                + " the whole block reaches become subgroup operations") boolean subgroups;
        @Option(names = "--fma", paramLabel = "probe|hardware|software", description = "WGSL for a GPU whose fma rounds once"
                + " (hardware: WGSL's fma, as WebGpuDevice's start-up probe finds on NVIDIA), twice (software: the exact"
                + " integer fma, SwiftShader) or not known (probe, the default: each invocation asks the adapter)")
        String fma = "probe";
        @Option(names = "--watchdog", paramLabel = "N", description = "the watchdog budget per invocation (default 2^30,"
                + " a GPU's; the runtime gives a CPU adapter such as SwiftShader 2^22; 0: no watchdog)")
        long watchdog = webcu.passes.DeviceTarget.DEFAULT_WATCHDOG;
        @Option(names = "--device", paramLabel = "generic|nvidia|swiftshader", description = "the WGSL the runtime loads on"
                + " that device (what WebGpuDevice measures there at start-up): nvidia is --subgroups --fma hardware,"
                + " swiftshader --fma software --watchdog 4194304 with its flushed subnormals; generic (the default) is"
                + " an IEEE GPU nobody measured. Binding limits stay unknown in all three. --subgroups, --fma and"
                + " --watchdog given as well win over it")
        String device = "generic";
        @Option(names = "--line-map", description = "print, instead of the code, where each of its lines came from:"
                + " 'LINE FILE:LINE' per line of known origin") boolean lineMap;
        @Parameters(arity = "1..*", description = "source files") List<String> files;

        /**
         * The WGSL target {@code --device}, {@code --subgroups}, {@code --fma} and {@code --watchdog} name, built as
         * WebGpuDevice builds its DeviceFacts from what it measured; null (reported) for an unknown name.
         */
        webcu.passes.DeviceTarget wgslTarget(CommandLine.Model.CommandSpec spec) {
            webcu.passes.DeviceTarget t = switch (device) {
                case "generic" -> webcu.passes.DeviceTarget.IEEE;
                case "nvidia" -> webcu.passes.DeviceTarget.IEEE.withSubgroupSize(32).withFma(webcu.passes.DeviceTarget.Fma.HARDWARE);
                case "swiftshader" -> new webcu.passes.DeviceTarget(false, 0, 0, webcu.passes.DeviceTarget.SOFTWARE_WATCHDOG,
                        webcu.passes.DeviceTarget.Fma.SOFTWARE);
                default -> null;
            };
            if (t == null) {
                ERR.println("webcu: error: unknown device '" + device + "' (use generic, nvidia or swiftshader)");
                return null;
            }
            CommandLine.ParseResult given = spec.commandLine().getParseResult();
            if (subgroups) {
                t = t.withSubgroupSize(32);
            }
            if (given.hasMatchedOption("--fma")) {
                webcu.passes.DeviceTarget.Fma f = switch (fma) {
                    case "probe" -> webcu.passes.DeviceTarget.Fma.PROBE;
                    case "hardware" -> webcu.passes.DeviceTarget.Fma.HARDWARE;
                    case "software" -> webcu.passes.DeviceTarget.Fma.SOFTWARE;
                    default -> null;
                };
                if (f == null) {
                    ERR.println("webcu: error: unknown fma '" + fma + "' (use probe, hardware or software)");
                    return null;
                }
                t = t.withFma(f);
            }
            if (given.hasMatchedOption("--watchdog")) {
                if (watchdog < 0) {
                    ERR.println("webcu: error: --watchdog must be 0 or more");
                    return null;
                }
                t = t.withWatchdog(watchdog);
            }
            return t;
        }

        @Override
        public Integer call() throws IOException {
            webcu.passes.DeviceTarget wgsl = target.equals("wgsl") ? wgslTarget(spec) : null;
            if (target.equals("wgsl") && wgsl == null) {
                return 2;
            }
            CompileResult r = in.compile(files);
            if (r == null) {
                return 1;
            }
            String text;
            switch (target) {
                case "ir" -> {
                    IrPrinter.Printed printed = IrPrinter.printWithSpans(r.module());
                    text = lineMap ? webcu.driver.GeneratedCode.lineMapText(webcu.driver.GeneratedCode.lineMap(printed.lineSpans()))
                            : printed.text();
                }
                case "wgsl" -> {
                    webcu.driver.DeviceCode code = in.compileDevice(r, wgsl);
                    if (code == null || code.hasErrors()) {
                        return 1;
                    }
                    WgslProgram w = code.program();
                    text = lineMap ? webcu.driver.GeneratedCode.lineMapText(webcu.driver.GeneratedCode.lineMap(w.lineSpans()))
                            : w.code();
                }
                case "spirv" -> {
                    webcu.passes.DeviceTarget vulkan = webcu.passes.DeviceTarget.VULKAN;
                    if (heapMode) {
                        java.util.Set<String> caps = new java.util.HashSet<>(vulkan.spirvCapabilities());
                        caps.remove("PhysicalStorageBufferAddresses");
                        vulkan = vulkan.withSpirvCapabilities(caps);
                    }
                    webcu.driver.DeviceCode code = in.compileDevice(r, vulkan);
                    if (code == null || code.hasErrors()) {
                        return 1;
                    }
                    if (!assembly) {
                        Path out = output != null ? output
                                : Path.of(Path.of(files.get(0)).getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".spv");
                        Files.write(out, code.spirv().bytes());
                        return 0;
                    }
                    text = code.spirv().disassembly();
                }
                default -> {
                    ERR.println("webcu: error: unknown target '" + target + "' (use ir, wgsl or spirv)");
                    return 2;
                }
            }
            if (output != null) {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } else {
                OUT.print(text);
                OUT.flush();
            }
            return 0;
        }
    }
}
