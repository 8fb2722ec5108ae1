package webcu.app;

import java.util.List;
import java.util.function.Consumer;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.ProgramRun;
import webcu.driver.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.vm.CpuDevice;
import webcu.webgpu.WebGpuDevice;

/** The real compiler, devices and VM: the only class of the app that names them. */
final class WebcuToolchain implements Toolchain {
    @Override
    public CompileResult compile(SourceSet sources) {
        return Compiler.compile(sources);
    }

    @Override
    public void openDevice(String backend, Console console, Consumer<Device> ok, Consumer<String> failed) {
        switch (backend) {
            case "webgpu" -> WebGpuDevice.create(console, ok::accept, failed);
            case "cpu" -> ok.accept(new CpuDevice(console));
            default -> failed.accept("unknown backend '" + backend + "' (choose webgpu or cpu)");
        }
    }

    @Override
    public RunLoop.Program start(Module module, Device device, Console console, List<String> args) {
        return new ProgramRun(module, device, console, args)::resume;
    }
}
