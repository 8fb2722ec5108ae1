package webcu.cli;

import webcu.runtime.Console;
import webcu.runtime.Device;

/** The devices the command line can run kernels on. */
final class Backends {
    private Backends() {}

    /** The CPU emulator, whose launches stop after {@code timeLimitSeconds} (0: never). */
    static Device cpu(Console console, double timeLimitSeconds) {
        webcu.vm.CpuDevice device = new webcu.vm.CpuDevice(console);
        device.setTimeLimit(timeLimitSeconds);
        return device;
    }
}
