package webcu.app;

import java.util.List;
import java.util.function.Consumer;
import webcu.driver.CompileResult;
import webcu.frontend.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;

/** What the app needs from the compiler, the devices and the VM; tests substitute a fake. */
interface Toolchain {
    CompileResult compile(SourceSet sources);

    /** Opens the device named by {@code backend} ("webgpu" or "cpu"); exactly one callback is called, maybe later. */
    void openDevice(String backend, Console console, Consumer<Device> ok, Consumer<String> failed);

    /** Starts the program's host code on the VM; its fopen, stat … reach {@code files}. */
    /**
     * The generated code of {@code compiled} as JSON for the page's views ({@link CodeViews}), for
     * the device opened last; null where the host shows no views.
     */
    default String views(CompileResult compiled) {
        return null;
    }

    /**
     * What the device opened last reports about {@code compiled}'s kernels before any launch (a
     * feature it cannot run yet, at its line); empty where the device compiles nothing ahead.
     */
    default List<webcu.diag.Diagnostic> deviceDiagnostics(CompileResult compiled) {
        return List.of();
    }

    RunLoop.Program start(Module module, Device device, Console console, List<String> args, FileSystem files);
}
