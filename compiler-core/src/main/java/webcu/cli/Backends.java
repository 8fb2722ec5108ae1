package webcu.cli;

import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.DeviceBackend;
import webcu.runtime.TargetDevice;

/** The devices the command line can run kernels on. */
final class Backends {
    private Backends() {}

    /** The CPU emulator, whose launches stop after {@code timeLimitSeconds} (0: never). */
    static Device cpu(Console console, double timeLimitSeconds) {
        webcu.vm.CpuDevice device = new webcu.vm.CpuDevice(console);
        device.setTimeLimit(timeLimitSeconds);
        return device;
    }

    /**
     * The device of a JVM-only module (found through {@link DeviceBackend}), with {@code r}'s device
     * code compiled for it and loaded; null after printing why there is none. The device
     * diagnostics of kernels it cannot run are printed when a launch of one comes, as on WebGPU.
     */
    static Device open(String name, Console console, CompileResult r) {
        DeviceBackend backend = DeviceBackend.find(name);
        if (backend == null) {
            Main.ERR.println("webcu: error: the " + name + " backend is not on the class path (./webcu run adds module " + name + ")");
            return null;
        }
        Device device;
        try {
            device = backend.open(console);
        } catch (IllegalStateException | UnsatisfiedLinkError e) {
            Main.ERR.println("webcu: error: no " + name + " device: " + e.getMessage());
            return null;
        }
        if (device instanceof TargetDevice t) {
            DeviceCode code = Compiler.compileDevice(r, t.target());
            if (code.failure() != null) {
                Main.ERR.println("webcu: internal compiler error: " + code.failure().getMessage());
                Main.ERR.println("please report this with the program that caused it");
                close(device);
                return null;
            }
            t.load(code);
        }
        return device;
    }

    /** Releases a device that holds native resources. */
    static void close(Device device) {
        if (device instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                Main.ERR.println("webcu: warning: closing the device failed: " + e.getMessage());
            }
        }
    }
}
