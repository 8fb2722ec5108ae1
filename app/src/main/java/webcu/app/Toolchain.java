package webcu.app;

import java.util.List;
import java.util.function.Consumer;
import webcu.driver.CompileResult;
import webcu.driver.DeviceCode;
import webcu.frontend.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;
import webcu.runtime.TargetDevice;

/** What the app needs from the compiler, the devices and the VM; tests substitute a fake. */
interface Toolchain {
    CompileResult compile(SourceSet sources);

    /** Opens the device named by {@code backend} ("webgpu" or "cpu"); exactly one callback is called, maybe later. */
    void openDevice(String backend, Console console, Consumer<Device> ok, Consumer<String> failed);

    /**
     * The device opened last when the driver compiles its kernels ahead ({@link
     * webcu.driver.Compiler#compileDevice}, loaded before the program starts); null where the
     * device runs the IR itself (the CPU emulator) or none is open.
     */
    default TargetDevice targetDevice() {
        return null;
    }

    /**
     * The generated code of {@code compiled} as JSON for the page's views ({@link CodeViews}):
     * the WGSL of {@code code}, the device code the run's device was given, or for a GPU with
     * IEEE floats when {@code code} is null; null where the host shows no views.
     */
    default String views(CompileResult compiled, DeviceCode code) {
        return null;
    }

    /** Starts the program's host code on the VM; its fopen, stat … reach {@code files}. */
    RunLoop.Program start(Module module, Device device, Console console, List<String> args, FileSystem files);
}
