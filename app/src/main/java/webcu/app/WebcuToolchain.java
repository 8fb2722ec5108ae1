package webcu.app;

import java.util.List;
import java.util.function.Consumer;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.ProgramRun;
import webcu.driver.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Completion;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;
import webcu.vm.CLibrary;
import webcu.vm.CpuDevice;
import webcu.webgpu.WebGpuDevice;

/** The real compiler, devices and VM: the only class of the app that names them. */
final class WebcuToolchain implements Toolchain {
    private final boolean timing;
    private final Progress progress;
    /** The WebGPU device this run opened, when it times its launches. */
    private WebGpuDevice timed;

    /**
     * {@code timing}: time every WebGPU launch with timestamp queries (see {@link #kernelTimesJson});
     * {@code progress} hears which kernel the GPU runs.
     */
    WebcuToolchain(boolean timing, Progress progress) {
        this.timing = timing;
        this.progress = progress;
    }

    boolean timing() {
        return timing;
    }

    /**
     * The timed launches so far as a JSON array of {@code {"kernel": name, "ns": nanoseconds}}
     * in launch order; {@code ns} is null for a launch whose timestamps could not be read, and the
     * array is empty where the adapter has no timestamp queries.
     */
    String kernelTimesJson() {
        StringBuilder sb = new StringBuilder("[");
        if (timed != null) {
            for (WebGpuDevice.KernelTime t : timed.kernelTimes()) {
                if (sb.length() > 1) {
                    sb.append(',');
                }
                sb.append("{\"kernel\":\"").append(t.kernel().replace("\\", "\\\\").replace("\"", "\\\""))
                        .append("\",\"ns\":").append(Double.isNaN(t.nanoseconds()) ? "null" : Long.toString((long) t.nanoseconds()))
                        .append('}');
            }
        }
        return sb.append(']').toString();
    }

    @Override
    public CompileResult compile(SourceSet sources) {
        return Compiler.compile(sources);
    }

    @Override
    public void openDevice(String backend, Console console, Consumer<Device> ok, Consumer<String> failed) {
        switch (backend) {
            case "webgpu" -> WebGpuDevice.create(console, device -> {
                if (timing) {
                    device.setKernelTiming(true);
                    timed = device;
                }
                ok.accept(new StageDevice(device, progress));
            }, failed);
            case "cpu" -> {
                CpuDevice cpu = new CpuDevice(console);
                // the emulator's watchdog (docs/watchdog.md): a kernel that never ends reports it, as on the GPU
                cpu.setTimeLimit(CpuDevice.DEFAULT_TIME_LIMIT_SECONDS);
                ok.accept(cpu);
            }
            default -> failed.accept("unknown backend '" + backend + "' (choose webgpu or cpu)");
        }
    }

    @Override
    public RunLoop.Program start(Module module, Device device, Console console, List<String> args, FileSystem files) {
        // sleep and usleep must not block the worker: they end from a timer
        CLibrary.Sleeper sleeper = nanos -> {
            Completion c = new Completion();
            JsHost.after((int) Math.min(Integer.MAX_VALUE, nanos / 1_000_000), c::complete);
            return c;
        };
        return new ProgramRun(module, device, console, args, files, sleeper)::resume;
    }
}
