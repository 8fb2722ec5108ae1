package webcu.app;

import java.util.List;
import java.util.function.Consumer;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;
import webcu.frontend.SourceSet;
import webcu.ir.Module;
import webcu.runtime.Completion;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.FileSystem;
import webcu.runtime.TargetDevice;
import webcu.vm.CLibrary;
import webcu.vm.CpuDevice;
import webcu.webgpu.WebGpuDevice;

/** The real compiler, devices and VM: the only class of the app that names them. */
final class WebcuToolchain implements Toolchain {
    private final boolean timing;
    private final Progress progress;
    /** The WebGPU device this run opened, when it times its launches. */
    private WebGpuDevice timed;
    /** The CPU emulator's reporter of the running kernel, when this run uses the emulator. */
    private CpuStage cpuStage;
    /** The WebGPU device this run opened, which gets the driver's device code; null before or on the CPU. */
    private WebGpuDevice gpu;
    /** The launches panel's record of this run (once a device is open), and who hears the device panel. */
    private LaunchLog launches;
    private Consumer<String> devicePanel = json -> { };

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
            for (webcu.runtime.TimedDevice.KernelTime t : timed.kernelTimes()) {
                if (sb.length() > 1) {
                    sb.append(',');
                }
                sb.append(t.json());
            }
        }
        return sb.append(']').toString();
    }

    /** Hands the device panel's JSON ({@link DevicePanel}) to {@code panel} when the run's device opens. */
    void onDevice(Consumer<String> panel) {
        devicePanel = panel;
    }

    /** The run's launches and copies ({@link LaunchLog}), or null when no device was opened. */
    LaunchLog launches() {
        return launches;
    }

    @Override
    public CompileResult compile(SourceSet sources) {
        return Compiler.compile(sources);
    }

    @Override
    public void openDevice(String backend, Console console, Consumer<Device> ok, Consumer<String> failed) {
        switch (backend) {
            case "webgpu" -> WebGpuDevice.create(console, device -> {
                gpu = device;
                if (timing) {
                    device.setKernelTiming(true);
                    timed = device;
                }
                devicePanel.accept(DevicePanel.webGpu(device.facts()));
                launches = new LaunchLog("webgpu", device.canTimeKernels() ? LaunchLog.Clock.GPU : LaunchLog.Clock.WALL);
                RecordingDevice.Timer timer = new RecordingDevice.Timer() {
                    @Override
                    public void timeNext(LaunchLog.Launch launch) {
                        device.timeNextLaunch(new WebGpuDevice.LaunchTimer() {
                            @Override
                            public void measured(double beginNs, double nanoseconds) {
                                launch.measured(beginNs, nanoseconds);
                            }

                            @Override
                            public void notRun() {
                                launch.notRun();
                            }
                        });
                    }

                    @Override
                    public int coarsening(int[] block) {
                        return device.coarseningFor(block);
                    }
                };
                ok.accept(new RecordingDevice(new StageDevice(device, progress), launches, timer, System::nanoTime));
            }, failed);
            case "cpu" -> {
                CpuDevice cpu = new CpuDevice(console);
                cpuStage = new CpuStage(progress);
                cpu.setLaunchObserver(cpuStage);
                // the emulator's watchdog (docs/watchdog.md): a kernel that never ends reports it, as on the GPU
                cpu.setTimeLimit(CpuDevice.DEFAULT_TIME_LIMIT_SECONDS);
                devicePanel.accept(DevicePanel.cpu(cpu.info()));
                launches = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
                ok.accept(new RecordingDevice(cpu, launches, null, System::nanoTime));
            }
            default -> failed.accept("unknown backend '" + backend + "' (choose webgpu or cpu)");
        }
    }

    @Override
    public TargetDevice targetDevice() {
        return gpu;
    }

    @Override
    public String views(CompileResult compiled, DeviceCode code) {
        return code == null ? CodeViews.json(compiled, webcu.passes.DeviceTarget.IEEE, null)
                : CodeViews.json(compiled, code, gpu.adapterDescription());
    }

    @Override
    public RunLoop.Program start(Module module, Device device, Console console, List<String> args, FileSystem files) {
        // sleep and usleep must not block the worker: they end from a timer
        CLibrary.Sleeper sleeper = nanos -> {
            Completion c = new Completion();
            JsHost.after((int) Math.min(Integer.MAX_VALUE, nanos / 1_000_000), c::complete);
            return c;
        };
        ProgramRun run = new ProgramRun(module, device, console, args, files, sleeper);
        CpuStage stage = cpuStage;
        if (stage == null) {
            return run::resume;
        }
        return budget -> {
            RunState state = run.resume(budget);
            stage.settle();
            return state;
        };
    }
}
