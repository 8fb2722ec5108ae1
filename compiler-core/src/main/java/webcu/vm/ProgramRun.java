package webcu.vm;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.Module;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;

/**
 * One run of a compiled program: its host code on the VM, its kernels on a {@link Device}. The
 * caller drives it with {@link #resume} so that a browser can yield to its event loop between
 * slices and wait for device-to-host copies without blocking.
 */
public final class ProgramRun {
    private final HostProcess process;

    /**
     * Prepares a run; nothing is checked or executed before the first {@link #resume}. {@code args}
     * is the program's whole argv, argv[0] first (when empty, argv[0] is the main file's name).
     */
    public ProgramRun(Module module, Device device, Console console, List<String> args) {
        this.process = new HostProcess(module, device, console, args);
    }

    /**
     * A run whose file functions (fopen, stat, remove …) reach {@code files}: the CLI gives the
     * working folder, the page a {@link webcu.runtime.MemoryFileSystem} of the project's files.
     * sleep and usleep wait through {@code sleeper} (the page's must not block its thread).
     */
    public ProgramRun(Module module, Device device, Console console, List<String> args, FileSystem files,
                      CLibrary.Sleeper sleeper) {
        this.process = new HostProcess(module, device, console, args, files, sleeper);
    }

    /** The files the program sees; after the run, {@link FileSystem#written} lists those it wrote. */
    public FileSystem files() {
        return process.files();
    }

    /**
     * The argv of a program started as the CLI and the page start it: the main file's name without
     * folder and extension (as a shell would show the nvcc-built executable), then the user's arguments.
     */
    public static List<String> argv(String mainFile, List<String> userArgs) {
        List<String> argv = new ArrayList<>();
        String name = mainFile.substring(mainFile.lastIndexOf('/') + 1);
        argv.add(name.replaceAll("\\.[^.]*$", ""));
        argv.addAll(userArgs);
        return argv;
    }

    /** Runs at most about {@code instructionBudget} VM instructions and says where the program stands. */
    public RunState resume(long instructionBudget) {
        return switch (process.resume(instructionBudget)) {
            case HostProcess.RUNNING -> new RunState.Running();
            case HostProcess.WAITING -> new RunState.Waiting(process.waitingFor());
            default -> new RunState.Exited(process.exitStatus());
        };
    }

    /** Host VM instructions executed so far (for benchmarks and the UI's statistics). */
    public long instructions() {
        return process.instructions();
    }
}
