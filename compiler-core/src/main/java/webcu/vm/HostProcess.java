package webcu.vm;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.runtime.Completion;
import webcu.runtime.Console;
import webcu.runtime.CudaRuntime;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;
import webcu.runtime.MemoryFileSystem;

/**
 * The host side of a running program: its memory, C library, CUDA runtime and the VM thread that
 * runs {@code main}. Linking happens when the run starts, so a missing {@code main} or a function
 * nobody provides is reported as a clear error, with the place of its first call, before any
 * output. {@link #resume} runs a slice of the program and says whether it is still running,
 * waiting for the device, or has exited; host faults are reported on stderr and end it with 1.
 */
public final class HostProcess {
    public static final int RUNNING = 0, WAITING = 1, EXITED = 2;

    private final Module module;
    private final Device device;
    private final Console console;
    private final List<String> args;
    private final Memory memory = Memory.host();
    private final StdStreams io;
    private CudaRuntime runtime;
    private HostLibrary libc;
    private StdioLibrary stdio;
    private CLibrary clib;
    private final FileSystem files;
    private final CLibrary.Sleeper sleeper;
    private Program program;
    private Interpreter interpreter;
    private VmThread thread;
    private boolean started;
    private boolean exiting;
    private boolean exited;
    private int exitStatus;
    private Completion waitingFor;
    private Completion exitSync;
    /** The atexit functions still to run once the program exits (null before it exits). */
    private List<Long> atexitLeft;
    /** Host addresses of device variables (what {@code &symbol} is in host code), for the symbol API. */
    private final java.util.HashMap<Long, Global> shadows = new java.util.HashMap<>();

    public HostProcess(Module module, Device device, Console console, List<String> args) {
        this(module, device, console, args, new MemoryFileSystem(), CLibrary.THREAD_SLEEP);
    }

    /** A process whose fopen, stat … reach {@code files}, and whose sleep and usleep wait through {@code sleeper}. */
    public HostProcess(Module module, Device device, Console console, List<String> args, FileSystem files,
                       CLibrary.Sleeper sleeper) {
        this.files = files;
        this.sleeper = sleeper;
        this.module = module;
        this.device = device;
        this.console = console;
        this.args = args == null ? List.of() : List.copyOf(args);
        this.io = new StdStreams(console);
    }

    public int exitStatus() {
        return exitStatus;
    }

    /** What the program waits for after {@link #resume} returned WAITING. */
    public Completion waitingFor() {
        return waitingFor;
    }

    /** Host VM instructions executed so far. */
    public long instructions() {
        return interpreter == null ? 0 : interpreter.executed();
    }

    /** The files the program sees; {@link FileSystem#written} lists what it wrote. */
    public FileSystem files() {
        return files;
    }

    public CudaRuntime runtime() {
        return runtime;
    }

    /** Runs at most about {@code budget} instructions; returns RUNNING, WAITING or EXITED. */
    public int resume(long budget) {
        if (exited) {
            return EXITED;
        }
        try {
            if (!started) {
                started = true;
                if (!start()) {
                    return exit(1);
                }
            }
            if (exiting) {
                return finishExit();
            }
            int status = interpreter.run(thread, budget);
            switch (status) {
                case Interpreter.BUDGET:
                    return RUNNING;
                case Interpreter.WAITING:
                    waitingFor = thread.waitFor;
                    return WAITING;
                case Interpreter.DONE:
                    return beginExit((int) thread.returnValue & 0xFF);
                case Interpreter.EXITED:
                    return beginExit(thread.exitStatus);
                case Interpreter.FAULT:
                    reportFault(thread.fault);
                    return exit(1);
                default:
                    io.report("webcu: error: the host program stopped at a device-only operation\n");
                    return exit(1);
            }
        } catch (VmFault f) {
            reportFault(f);
            return exit(1);
        } catch (RuntimeException e) {
            io.report("webcu: internal error in the VM (please report it): " + e + "\n");
            return exit(1);
        }
    }

    private boolean start() {
        runtime = new CudaRuntime(device);
        memory.setForeign(runtime::describeDeviceAddress);
        libc = new HostLibrary(memory, io, programName());
        stdio = new StdioLibrary(memory, io, files, libc);
        clib = new CLibrary(memory, io, libc, stdio, sleeper);
        runtime.registerGlobals(module);
        CudaLibrary cuda = new CudaLibrary(runtime, memory, io, module, shadows::get);
        program = new Program(module, false, memory, this::place, stdio, clib, libc, cuda, new IntrinsicLibrary(),
                new ExceptionLibrary(memory, io), new StreamLibrary(memory, io), new StdLibNatives());
        program.setLauncher(cuda);
        // a function's address is that of the object the lowering made for it, named __webcu_fn.NAME
        cuda.setFunctionResolver(address -> {
            for (webcu.ir.Global g : module.globals()) {
                if (g.name().startsWith("__webcu_fn.") && program.globalAddress(g) == address) {
                    return module.function(g.name().substring("__webcu_fn.".length()));
                }
            }
            return null;
        });
        interpreter = new Interpreter(program);
        Function main = module.function("main");
        if (main == null || main.isExternal()) {
            io.report("error: " + DiagKey.ERR_NO_MAIN.format() + "\n");
            return false;
        }
        List<String> problems = new ArrayList<>();
        for (Program.Unresolved u : program.link(List.of(main))) {
            problems.add(where(u.firstCall()) + "error: " + DiagKey.ERR_UNDEFINED_REFERENCE.format(u.function().name()));
        }
        if (webcu.runtime.DeviceDecorator.innermost(device) instanceof CpuDevice cpu) {
            for (Program.Unresolved u : cpu.link(module)) {
                problems.add(where(u.firstCall()) + "error: " + DiagKey.ERR_UNDEFINED_REFERENCE.format(u.function().name())
                        + " (in device code)");
            }
        }
        if (!problems.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (String p : problems) {
                sb.append(p).append('\n');
            }
            sb.append(problems.size()).append(problems.size() == 1 ? " error" : " errors").append(" when linking.\n");
            io.report(sb.toString());
            return false;
        }
        thread = new VmThread(memory, 0);
        thread.start(program.code(main));
        if (!main.params().isEmpty()) {
            List<String> argv = new ArrayList<>(args);
            if (argv.isEmpty()) {
                argv.add(programName());
            }
            Segment array = memory.allocate(8L * (argv.size() + 1), Segment.GLOBAL, "argv", null, false);
            for (int i = 0; i < argv.size(); i++) {
                Memory.putI64(array.data, 8 * i, memory.allocateString(argv.get(i), "argv[" + i + "]", false));
            }
            thread.setParam(0, argv.size());
            if (main.params().size() > 1) {
                thread.setParam(1, array.base);
            }
        }
        return true;
    }

    /** The function whose address is {@code address}: the lowering's object named __webcu_fn.NAME. */
    private Function functionAt(long address) {
        for (Global g : module.globals()) {
            if (g.name().startsWith("__webcu_fn.") && program.globalAddress(g) == address) {
                return module.function(g.name().substring("__webcu_fn.".length()));
            }
        }
        return null;
    }

    private static String where(Span s) {
        return s == null || !s.isKnown() ? "" : s + ": ";
    }

    /** argv[0] without its folder, as glibc's program_invocation_short_name; else the main file's name. */
    private String programName() {
        if (!args.isEmpty()) {
            String a0 = args.get(0);
            return a0.substring(a0.lastIndexOf('/') + 1);
        }
        Function main = module.function("main");
        String file = main == null || main.span() == null ? "a.out" : main.span().file();
        int slash = file.lastIndexOf('/');
        String base = slash >= 0 ? file.substring(slash + 1) : file;
        int dot = base.lastIndexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }

    /** Host addresses for globals: host data and literals, and host shadows of device variables. */
    private long place(Global g) {
        if (g.space() == AddressSpace.HOST && !g.readOnly()) {
            long library = clib.globalAddress(g.name());
            if (library != 0) {
                return library;
            }
        }
        if (g.space() == AddressSpace.HOST && g.init() == null && g.type() instanceof Type.Ptr) {
            long stream = libc.standardStream(g.name());
            if (stream != 0) {
                Segment s = memory.allocate(8, Segment.GLOBAL, "variable '" + g.name() + "'", g.span(), false);
                Memory.putI64(s.data, 0, stream);
                return s.base;
            }
        }
        String what = g.space() == AddressSpace.HOST ? (g.readOnly() ? "constant '" : "variable '") + g.name() + "'"
                : "host shadow of device variable '" + g.name() + "'";
        int kind = g.space() == AddressSpace.HOST && g.readOnly() ? Segment.LITERAL : Segment.GLOBAL;
        Segment s = memory.allocate(Math.max(0, g.type().size()), kind, what, g.span(),
                g.space() == AddressSpace.HOST && g.readOnly());
        if (s == null) {
            throw new VmFault(VmFault.TRAP, 0, "out of host memory for " + what, "");
        }
        if (g.init() != null) {
            System.arraycopy(g.init(), 0, s.data, 0, Math.min(g.init().length, s.data.length));
        }
        if (g.space() != AddressSpace.HOST) {
            shadows.put(s.base, g);
        }
        return s.base;
    }

    private int beginExit(int status) {
        if (atexitLeft == null) {
            exitStatus = status;
            atexitLeft = new ArrayList<>(clib.exitHandlers());
        }
        // exit runs the atexit functions, last registered first, before streams are flushed
        while (!atexitLeft.isEmpty()) {
            Function handler = functionAt(atexitLeft.remove(0));
            if (handler != null && !handler.isExternal()) {
                thread.start(program.code(handler));
                return RUNNING;
            }
        }
        exiting = true;
        stdio.flushAll();
        io.flush();
        return finishExit();
    }

    /** At exit CUDA tears the context down, which flushes device printf output: wait for the device. */
    private int finishExit() {
        if (exitSync == null) {
            exitSync = device.synchronize();
        }
        if (!exitSync.isDone()) {
            waitingFor = exitSync;
            return WAITING;
        }
        io.flush();
        return exit(exitStatus);
    }

    private int exit(int status) {
        io.flush();
        exited = true;
        exiting = false;
        exitStatus = status;
        return EXITED;
    }

    private void reportFault(VmFault f) {
        StringBuilder sb = new StringBuilder();
        if (f.selfExplaining) {
            sb.append(f.headline).append('\n');
        } else {
            sb.append("webcu: runtime error: ").append(f.headline).append('\n');
            if (thread != null) {
                List<String> frames = thread.backtrace();
                for (int i = 0; i < frames.size(); i++) {
                    sb.append(i == 0 ? "    in " : "    called from ").append(frames.get(i)).append('\n');
                }
            }
            if (!f.detail.isEmpty()) {
                sb.append("    ").append(f.detail).append('\n');
            }
        }
        io.report(sb.toString());
    }
}
