package webcu.webgpu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSArray;
import org.teavm.jso.core.JSArrayReader;
import org.teavm.jso.core.JSPromise;
import webcu.diag.Diagnostic;
import webcu.diag.DiagnosticPrinter;
import webcu.diag.Severity;
import webcu.diag.Span;
import webcu.runtime.DeviceProgram;
import webcu.runtime.KernelLaunch;
import webcu.runtime.LaunchLayout;
import webcu.wgsl.WgslProgram;

/**
 * The shader modules of the device code loaded into a {@link WebGpuDevice}. The driver compiled
 * the WGSL before the program started; the browser compiles it into a shader module at the first
 * launch, and each kernel gets its bind group layout and its pipelines (one per set of override
 * values and aliasing pattern, {@link LaunchPlan#pipelineKey}) when a launch first needs them. A
 * block larger than the adapter's workgroups runs a coarsened program, which the driver compiles
 * ({@link DeviceProgram#coarsened}) and which gets a shader module of its own.
 */
final class Programs {
    /** The shader module of one program, with its pipelines. */
    static final class Compiled {
        final DeviceProgram code;
        final WgslProgram program;
        final GPUShaderModule shader;
        final Map<String, GPUBindGroupLayout> layouts = new HashMap<>();
        final Map<String, GPUComputePipeline> pipelines = new HashMap<>();
        /** Bind groups by entry point and buffers, made for {@link #groupsGeneration} of the device's buffers. */
        final Map<String, GPUBindGroup> groups = new HashMap<>();
        int groupsGeneration;
        /** Whether a kernel counts watchdog ticks in the debug buffer (the host zeroes them before its launches). */
        final boolean watchdogTicks;
        /** The shader modules of the coarsened programs, by "kernel/factor". */
        final Map<String, Compiled> variants = new HashMap<>();
        boolean diagnosticsShown;
        private boolean infoDone;
        private final List<Runnable> afterInfo = new ArrayList<>();

        Compiled(DeviceProgram code, GPUShaderModule shader) {
            this.code = code;
            this.program = code.wgsl();
            this.shader = shader;
            // a program whose loops carry the watchdog's check (the loops a watchdog fault can name);
            // those in loops with barriers never tick, so this may reset a word no one wrote
            this.watchdogTicks = !program.debug().loops().isEmpty();
        }

        /** Runs {@code r} once the browser's compilation messages are in (they explain later failures best). */
        void whenInfo(Runnable r) {
            if (infoDone) {
                r.run();
            } else {
                afterInfo.add(r);
            }
        }

        void infoArrived() {
            infoDone = true;
            for (Runnable r : afterInfo) {
                r.run();
            }
            afterInfo.clear();
        }
    }

    private final WebGpuDevice owner;
    private final GPUDevice device;
    private DeviceProgram loaded;
    private Compiled compiled;

    Programs(WebGpuDevice owner, GPUDevice device) {
        this.owner = owner;
        this.device = device;
    }

    void load(DeviceProgram code) {
        loaded = code;
        compiled = null;
    }

    /** The program launched last, or null (errors of its pipelines wait for its compilation messages). */
    Compiled current() {
        return compiled;
    }

    /** The program of {@code launch}'s kernels, or null after failing the device when none was loaded for it. */
    Compiled of(KernelLaunch launch) {
        if (compiled != null && compiled.code.runs(launch)) {
            return compiled;
        }
        if (loaded == null || !loaded.runs(launch)) {
            owner.fail("internal error: a kernel was launched before its program's device code was loaded"
                    + "\nplease report this bug with the program that caused it");
            return null;
        }
        compiled = build(loaded);
        return compiled;
    }

    /** The program of {@code cp} with {@code kernel} coarsened by {@code factor}, its shader module created once. */
    Compiled variant(Compiled cp, String kernel, int factor) {
        String key = kernel + "/" + factor;
        Compiled v = cp.variants.get(key);
        if (v == null) {
            v = build(cp.code.coarsened(kernel, factor));
            cp.variants.put(key, v);
        }
        return v;
    }

    private Compiled build(DeviceProgram code) {
        if (code.failure() != null) {
            owner.fail("internal compiler error in the WGSL backend: " + code.failure().getMessage()
                    + "\nplease report this bug with the program that caused it");
        }
        WgslProgram program = code.wgsl();
        // the scope keeps Tint's error from surfacing as an uncaptured error; getCompilationInfo explains it
        device.pushErrorScope("validation");
        GPUShaderModule shader = device.createShaderModule(WebGpu.shaderModuleDescriptor(program.code(), "webcu kernels"));
        JSPromise<GPUError> shaderScope = device.popErrorScope();
        owner.checkStarted();
        Compiled cp = new Compiled(code, shader);
        owner.check(shaderScope, "the generated WGSL", cp);
        shader.getCompilationInfo().then(ci -> {
            String problem = compilationProblem(program, ci);
            if (problem != null) {
                owner.fail(problem);
            }
            cp.infoArrived();
            owner.checkDone();
            return null;
        }, reason -> {
            cp.infoArrived();
            owner.checkDone();
            return null;
        });
        return cp;
    }

    /**
     * What is wrong with the compiled WGSL, or null. A barrier outside uniform control flow is the
     * user's program (a {@code __syncthreads()} that some threads skip, e.g. after an early
     * {@code return}), reported at its CUDA line; anything else is a bug in webcu.
     */
    private static String compilationProblem(WgslProgram program, GPUCompilationInfo ci) {
        JSArrayReader<GPUCompilationMessage> messages = ci.getMessages();
        StringBuilder internal = new StringBuilder();
        for (int i = 0; i < messages.getLength(); i++) {
            GPUCompilationMessage msg = messages.get(i);
            if (!"error".equals(msg.getType())) {
                continue;
            }
            if (msg.getMessage().contains("uniform control flow")) {
                StringBuilder sb = new StringBuilder(WebGpuDevice.at(program.sourceSpan(msg.getLineNum())))
                        .append("not supported on WebGPU yet: __syncthreads() that some threads of the block may skip"
                                + " (WGSL allows barriers only in uniform control flow)");
                for (int j = i + 1; j < messages.getLength() && "info".equals(messages.get(j).getType()); j++) {
                    Span s = program.sourceSpan(messages.get(j).getLineNum());
                    if (s.isKnown()) {
                        sb.append('\n').append(s).append(": note: ").append(messages.get(j).getMessage());
                    }
                }
                return sb.toString();
            }
            internal.append("\nwgsl:").append(msg.getLineNum()).append(':').append(msg.getLinePos()).append(": ")
                    .append(msg.getMessage()).append("\n    ").append(program.line(msg.getLineNum()));
        }
        return internal.length() == 0 ? null : "internal compiler error: the browser rejected the generated WGSL:"
                + internal + "\nplease report this bug with the program that caused it";
    }

    /**
     * A launch of a kernel the device passes rejected: the program's device diagnostics go to
     * stderr (once), and the device stops with the reason at the launch's line.
     */
    void rejected(Compiled cp, KernelLaunch launch) {
        String name = launch.kernelName();
        Span first = cp.program.rejected().get(name);
        DiagnosticPrinter printer = new DiagnosticPrinter(file -> null, false);
        String reason = "kernel '" + name + "' cannot run on WebGPU";
        for (Diagnostic d : cp.code.diagnostics()) {
            if (!cp.diagnosticsShown) {
                owner.console().err(printer.render(d));
            }
            if (d.severity() == Severity.ERROR && d.span().equals(first)) {
                reason = reason + ": " + d.message();
            }
        }
        cp.diagnosticsShown = true;
        owner.stop(WebGpuDevice.at(launch.site()) + reason);
    }

    /**
     * Plans a launch that repeats no cached plan: the kernel's layout (a coarsened variant's for
     * a block larger than the adapter's workgroups), the plan, the pipeline. Null when the launch
     * cannot run (the device failed or stopped) or has nothing to run (an empty grid).
     */
    LaunchCache.Entry plan(Compiled base, KernelLaunch launch, LaunchPlan.Limits limits, LaunchPlan.Memory memory,
                           GPUBindGroupLayout debugLayout) {
        Compiled cp = base;
        LaunchLayout layout = cp.code.layout(launch.kernelName());
        if (layout == null) {
            rejected(cp, launch);
            return null;
        }
        int coarse = LaunchPlan.coarsening(launch.block(), limits);
        if (coarse > 1) {
            // a block larger than the adapter's workgroups: a variant whose invocations run several threads
            cp = variant(cp, launch.kernelName(), coarse);
            if (owner.fault() != null) {
                return null;
            }
            layout = cp.code.layout(launch.kernelName());
            if (layout == null) {
                rejected(cp, launch);
                return null;
            }
        }
        LaunchPlan plan = LaunchPlan.of(layout, launch, limits, memory);
        if (plan.error != null) {
            owner.fail(WebGpuDevice.at(launch.site()) + plan.error);
            return null;
        }
        int[] grid = launch.grid();
        if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0) {
            return null;
        }
        GPUBindGroupLayout bgl = bindGroupLayout(cp, layout);
        GPUComputePipeline pipeline = pipeline(cp, layout, bgl, debugLayout, launch, plan, true);
        return new LaunchCache.Entry(base, cp, layout, plan, bgl, pipeline);
    }

    GPUBindGroupLayout bindGroupLayout(Compiled cp, LaunchLayout layout) {
        GPUBindGroupLayout bgl = cp.layouts.get(layout.entryPoint());
        if (bgl == null) {
            JSArray<JSObject> entries = WebGpu.array();
            for (LaunchLayout.Buffer b : layout.buffers()) {
                entries.push(WebGpu.bufferLayoutEntry(b.binding(), b.readOnly() ? "read-only-storage" : "storage"));
            }
            if (layout.uniform() != null) {
                entries.push(WebGpu.dynamicUniformLayoutEntry(layout.uniform().binding()));
            }
            bgl = device.createBindGroupLayout(WebGpu.bindGroupLayoutDescriptor(entries, layout.kernel()));
            cp.layouts.put(layout.entryPoint(), bgl);
        }
        return bgl;
    }

    /**
     * The variant of {@code e}'s pipeline with the bounds checks folded away, for a launch whose
     * accesses the runtime proved in bounds ({@code LaunchLayout.rangesConstant}); made at the first such launch.
     */
    GPUComputePipeline unchecked(LaunchCache.Entry e, GPUBindGroupLayout debugLayout, KernelLaunch launch) {
        if (e.unchecked == null) {
            e.unchecked = pipeline(e.compiled, e.layout, e.bindGroupLayout, debugLayout, launch, e.plan, false);
        }
        return e.unchecked;
    }

    /**
     * The pipeline of {@code layout}'s kernel for {@code launch}'s block and dynamic shared size
     * ({@code plan}'s key), with its bounds checks or without, created at the first launch that
     * needs it under an error scope of its own.
     */
    private GPUComputePipeline pipeline(Compiled cp, LaunchLayout layout, GPUBindGroupLayout bgl, GPUBindGroupLayout debugLayout,
                                KernelLaunch launch, LaunchPlan plan, boolean checks) {
        String key = checks ? plan.pipelineKey : plan.pipelineKey + "|unchecked";
        GPUComputePipeline pipeline = cp.pipelines.get(key);
        if (pipeline != null) {
            return pipeline;
        }
        JSObject constants = WebGpu.constants();
        if (!checks) {
            WebGpu.setConstant(constants, layout.rangesConstant(), 0);
        }
        if (layout.slicesConstant() != null) {
            // GridFolding's facts of the plan's launches: the driver drops a division by 1 and a padding check of 0
            WebGpu.setConstant(constants, layout.slicesConstant(), plan.slicesConstant & 0xFFFFFFFFL);
            WebGpu.setConstant(constants, layout.paddingConstant(), plan.padded ? 1 : 0);
        }
        if (plan.zeroOffsets) {
            WebGpu.setConstant(constants, layout.offsetsConstant(), 0);
        }
        for (int i = 0; i < 3; i++) {
            WebGpu.setConstant(constants, layout.workgroupSize().get(i), launch.block()[i]);
        }
        if (layout.coarseWorkgroup() != null) {
            long threads = (long) launch.block()[0] * launch.block()[1] * launch.block()[2];
            WebGpu.setConstant(constants, layout.coarseWorkgroup(), (threads + layout.coarsening() - 1) / layout.coarsening());
        }
        if (layout.dynamicSharedWords() != null) {
            WebGpu.setConstant(constants, layout.dynamicSharedWords(), Math.max(1, (launch.dynamicSharedBytes() + 3) / 4));
        }
        device.pushErrorScope("validation");
        pipeline = device.createComputePipeline(WebGpu.computePipelineDescriptor(
                device.createPipelineLayout(WebGpu.pipelineLayoutDescriptor(bgl, debugLayout)), cp.shader, layout.entryPoint(),
                constants, layout.kernel()));
        owner.check(device.popErrorScope(), "the pipeline of kernel '" + layout.kernel() + "'");
        cp.pipelines.put(key, pipeline);
        return pipeline;
    }

    /**
     * The bind group of a launch's buffers ({@code buffer} maps a {@link LaunchPlan.Binding}'s
     * buffer to its GPUBuffer; {@code args}: the batch's arguments buffer, bound at a dynamic
     * offset), made once per kernel and set of buffers for {@code generation} of the device's
     * buffers, under an error scope of its own so that a rejection names the launch; a launch
     * that finds its group pushes no error scope.
     */
    GPUBindGroup bindGroup(Compiled cp, LaunchLayout layout, GPUBindGroupLayout bgl, LaunchPlan plan, int generation,
                           IntFunction<GPUBuffer> buffer, GPUBuffer args) {
        if (cp.groupsGeneration != generation) {
            cp.groups.clear();
            cp.groupsGeneration = generation;
        }
        StringBuilder key = new StringBuilder(layout.entryPoint());
        for (LaunchPlan.Binding b : plan.bindings) {
            key.append(',').append(b.buffer());
        }
        if (plan.heap != null) {
            key.append('/').append(plan.heap.size());
        }
        String k = key.toString();
        GPUBindGroup group = cp.groups.get(k);
        if (group != null) {
            return group;
        }
        JSArray<JSObject> entries = WebGpu.array();
        for (LaunchPlan.Binding b : plan.bindings) {
            entries.push(b.buffer() == LaunchPlan.HEAP
                    ? WebGpu.bufferBindingEntry(b.binding(), buffer.apply(b.buffer()), 0, plan.heap.size())
                    : WebGpu.bufferBindingEntry(b.binding(), buffer.apply(b.buffer())));
        }
        if (layout.uniform() != null) {
            entries.push(WebGpu.bufferBindingEntry(layout.uniform().binding(), args, 0, layout.uniform().size()));
        }
        device.pushErrorScope("validation");
        group = device.createBindGroup(WebGpu.bindGroupDescriptor(bgl, entries));
        owner.check(device.popErrorScope(), "the launch of kernel '" + layout.kernel() + "'");
        cp.groups.put(k, group);
        return group;
    }
}
