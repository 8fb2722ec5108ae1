package webcu.cli;

import webcu.runtime.Console;
import webcu.runtime.Device;

/** The devices the command line can run kernels on. */
final class Backends {
    private Backends() {}

    static Device cpu(Console console) {
        return new webcu.vm.CpuDevice(console);
    }
}
