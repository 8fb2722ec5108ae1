package webcu.webgpu;

import org.teavm.jso.JSBody;
import org.teavm.jso.JSFunctor;
import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSArray;
import org.teavm.jso.core.JSArrayReader;

/**
 * The entry to WebGPU ({@link #gpu()}), its flag constants, and builders for the descriptor
 * dictionaries that WebGPU's methods take (plain JS objects, built in JS so no Java wrapper is
 * needed per dictionary). Works in a page and in a worker.
 */
public final class WebGpu {
    private WebGpu() {
    }

    // GPUBufferUsage
    public static final int BUFFER_MAP_READ = 1;
    public static final int BUFFER_MAP_WRITE = 2;
    public static final int BUFFER_COPY_SRC = 4;
    public static final int BUFFER_COPY_DST = 8;
    public static final int BUFFER_UNIFORM = 64;
    public static final int BUFFER_STORAGE = 128;
    public static final int BUFFER_QUERY_RESOLVE = 512;
    // GPUMapMode
    public static final int MAP_READ = 1;
    public static final int MAP_WRITE = 2;
    // GPUShaderStage
    public static final int SHADER_STAGE_COMPUTE = 4;

    /**
     * The watchdog budget (loop iterations per invocation, docs/watchdog.md) that
     * {@code globalThis.webcuWatchdog} asks for (set before the device is created: the page's
     * {@code ?watchdog=N}, BrowserRunner's and tests/gpu's {@code --watchdog N}; 0 turns the
     * watchdog off), or -1 for the default.
     */
    @JSBody(script = "return (typeof globalThis !== 'undefined' && typeof globalThis.webcuWatchdog === 'number'"
            + " && globalThis.webcuWatchdog >= 0) ? globalThis.webcuWatchdog : -1;")
    public static native double watchdogBudget0();

    /** {@link #watchdogBudget0()} as a whole number. */
    public static long watchdogBudget() {
        return (long) watchdogBudget0();
    }

    /** {@code navigator.gpu}, or null where the browser has no WebGPU. */
    @JSBody(script = "return (typeof navigator !== 'undefined' && navigator.gpu) ? navigator.gpu : null;")
    public static native GPU gpu();

    /**
     * Options for {@link GPU#requestAdapter}: {@code powerPreference} is {@code "high-performance"}
     * or {@code "low-power"}; {@code compatibility} asks for WebGPU's compatibility feature level,
     * which OpenGL ES-only machines offer (compute shaders work the same there).
     */
    @JSBody(params = {"powerPreference", "compatibility"}, script = """
            return compatibility ? { powerPreference: powerPreference, featureLevel: 'compatibility' }
                                 : { powerPreference: powerPreference };
            """)
    public static native JSObject adapterOptions(String powerPreference, boolean compatibility);

    /**
     * A device descriptor asking for the adapter's maximum of every limit a CUDA program can
     * reach (buffer and binding sizes, workgroup storage and size, bindings per stage), and for
     * the optional features webcu uses where the adapter has them: timestamp queries (kernel
     * timings) and subgroups (warp functions).
     */
    @JSBody(params = "adapter", script = """
            var names = ['maxBufferSize', 'maxStorageBufferBindingSize', 'maxUniformBufferBindingSize',
              'maxStorageBuffersPerShaderStage', 'maxUniformBuffersPerShaderStage', 'maxBindingsPerBindGroup',
              'maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupSizeX',
              'maxComputeWorkgroupSizeY', 'maxComputeWorkgroupSizeZ', 'maxComputeWorkgroupsPerDimension',
              'maxBindGroups'];
            var limits = {};
            for (var i = 0; i < names.length; i++) {
              var v = adapter.limits[names[i]];
              if (typeof v === 'number') { limits[names[i]] = v; }
            }
            var features = [];
            var wanted = ['timestamp-query', 'subgroups'];
            for (var j = 0; j < wanted.length; j++) {
              if (adapter.features.has(wanted[j])) { features.push(wanted[j]); }
            }
            return { requiredLimits: limits, requiredFeatures: features, label: 'webcu' };
            """)
    public static native JSObject deviceDescriptor(GPUAdapter adapter);

    /** The adapter's smallest subgroup size, or 0 where the browser does not say. */
    @JSBody(params = "adapter", script = "return (adapter.info && adapter.info.subgroupMinSize) || 0;")
    public static native int subgroupMinSize(GPUAdapter adapter);

    /** The adapter's largest subgroup size, or 0 where the browser does not say. */
    @JSBody(params = "adapter", script = "return (adapter.info && adapter.info.subgroupMaxSize) || 0;")
    public static native int subgroupMaxSize(GPUAdapter adapter);

    /** One string of the adapter's info ({@code vendor}, {@code architecture} …), empty where the browser hides it. */
    @JSBody(params = {"adapter", "field"}, script = "var i = adapter.info || {}; return i[field] ? String(i[field]) : '';")
    public static native String adapterInfo(GPUAdapter adapter, String field);

    /**
     * Whether the browser says the adapter is a fallback one (software, or too slow for real work):
     * {@code info.isFallbackAdapter} in current browsers, {@code isFallbackAdapter} on the adapter before.
     */
    @JSBody(params = "adapter", script = "return !!((adapter.info && adapter.info.isFallbackAdapter) || adapter.isFallbackAdapter);")
    public static native boolean isFallbackAdapter(GPUAdapter adapter);
    /**
     * Whether the adapter runs on the CPU (SwiftShader, lavapipe, llvmpipe): the browser's fallback
     * adapter, or one whose info says so. Such adapters run loops some hundred times slower.
     */
    @JSBody(params = "adapter", script = """
            var i = adapter.info || {};
            if (i.isFallbackAdapter || adapter.isFallbackAdapter) { return true; }
            return /swiftshader|lavapipe|llvmpipe|software/i.test([i.vendor, i.architecture, i.device, i.description].join(' '));
            """)
    public static native boolean isSoftware(GPUAdapter adapter);

    /** A one-line description of the adapter from whatever its info exposes. */
    @JSBody(params = "adapter", script = """
            var i = adapter.info || {};
            var parts = [i.vendor, i.architecture, i.device, i.description].filter(function (s) { return !!s; });
            return parts.length ? parts.join(' ') : 'WebGPU adapter';
            """)
    public static native String describe(GPUAdapter adapter);

    @JSBody(params = {"size", "usage", "label"}, script = "return { size: size, usage: usage, label: label };")
    public static native JSObject bufferDescriptor(double size, int usage, String label);

    @JSBody(params = {"code", "label"}, script = "return { code: code, label: label };")
    public static native JSObject shaderModuleDescriptor(String code, String label);

    /** An empty record of pipeline-overridable constants; fill it with {@link #setConstant}. */
    @JSBody(script = "return {};")
    public static native JSObject constants();

    @JSBody(params = {"constants", "name", "value"}, script = "constants[name] = value;")
    public static native void setConstant(JSObject constants, String name, double value);

    @JSBody(params = {"layout", "module", "entryPoint", "constants", "label"}, script = """
            return { layout: layout, label: label,
                     compute: { module: module, entryPoint: entryPoint, constants: constants } };
            """)
    public static native JSObject computePipelineDescriptor(GPUPipelineLayout layout, GPUShaderModule module,
                                                            String entryPoint, JSObject constants, String label);

    /**
     * A compute-stage buffer entry of a bind group layout; {@code type} is {@code "storage"},
     * {@code "read-only-storage"} or {@code "uniform"}.
     */
    @JSBody(params = {"binding", "type"}, script = "return { binding: binding, visibility: 4, buffer: { type: type } };")
    public static native JSObject bufferLayoutEntry(int binding, String type);

    /**
     * A compute-stage uniform entry whose offset each {@code setBindGroup} gives: the kernels'
     * arguments are slices of one buffer per submit ({@link CommandBatch}).
     */
    @JSBody(params = "binding", script = "return { binding: binding, visibility: 4, buffer: { type: 'uniform', hasDynamicOffset: true } };")
    public static native JSObject dynamicUniformLayoutEntry(int binding);

    @JSBody(params = {"entries", "label"}, script = "return { entries: entries, label: label };")
    public static native JSObject bindGroupLayoutDescriptor(JSArrayReader<JSObject> entries, String label);

    @JSBody(params = "layout", script = "return { bindGroupLayouts: [layout] };")
    public static native JSObject pipelineLayoutDescriptor(GPUBindGroupLayout layout);

    /** A pipeline layout of two bind groups: a kernel's own (0) and webcu's debug buffer (1). */
    @JSBody(params = {"layout", "debug"}, script = "return { bindGroupLayouts: [layout, debug] };")
    public static native JSObject pipelineLayoutDescriptor(GPUBindGroupLayout layout, GPUBindGroupLayout debug);

    /** A whole-buffer entry of a bind group. */
    @JSBody(params = {"binding", "buffer"}, script = "return { binding: binding, resource: { buffer: buffer } };")
    public static native JSObject bufferBindingEntry(int binding, GPUBuffer buffer);

    /** An entry of a bind group that binds {@code size} bytes of a buffer from {@code offset}. */
    @JSBody(params = {"binding", "buffer", "offset", "size"},
            script = "return { binding: binding, resource: { buffer: buffer, offset: offset, size: size } };")
    public static native JSObject bufferBindingEntry(int binding, GPUBuffer buffer, double offset, double size);

    @JSBody(params = {"layout", "entries"}, script = "return { layout: layout, entries: entries };")
    public static native JSObject bindGroupDescriptor(GPUBindGroupLayout layout, JSArrayReader<JSObject> entries);

    /** A compute pass that writes its begin and end timestamps into two queries, or none when the set is null. */
    @JSBody(params = {"querySet", "beginIndex", "endIndex"}, script = """
            return querySet ? { timestampWrites: { querySet: querySet, beginningOfPassWriteIndex: beginIndex,
                                                   endOfPassWriteIndex: endIndex } } : {};
            """)
    public static native JSObject computePassDescriptor(GPUQuerySet querySet, int beginIndex, int endIndex);

    /** A one-element array of dynamic offsets for {@link #setBindGroupAndDispatch}, made once and reused. */
    @JSBody(script = "return [0];")
    public static native JSObject offsetArray();

    /**
     * {@code pass.setBindGroup(0, group, [offset]); pass.dispatchWorkgroups(x, y, z)} in one call,
     * {@code offsets} from {@link #offsetArray} reused: a loop's launches that alternate bind groups
     * (a ping-pong stencil) need both every time, and each call from the wasm-gc build into
     * JavaScript costs a crossing and TeaVM's glue. Dawn for node converts a plain array faster than
     * a Uint32Array with a start and a length (4.1 against 4.8 µs per set and dispatch on its null
     * backend).
     */
    @JSBody(params = {"pass", "group", "offsets", "offset", "x", "y", "z"},
            script = "offsets[0] = offset; pass.setBindGroup(0, group, offsets); pass.dispatchWorkgroups(x, y, z);")
    public static native void setBindGroupAndDispatch(GPUComputePassEncoder pass, GPUBindGroup group, JSObject offsets,
                                                      int offset, int x, int y, int z);

    /** {@code type} is {@code "timestamp"} (needs the timestamp-query feature). */
    @JSBody(params = {"type", "count"}, script = "return { type: type, count: count };")
    public static native JSObject querySetDescriptor(String type, int count);

    public static <T extends JSObject> JSArray<T> array() {
        return JSArray.create();
    }

    /** A one-element array, as {@link GPUQueue#submit} wants. */
    public static JSArray<GPUCommandBuffer> commands(GPUCommandBuffer buffer) {
        JSArray<GPUCommandBuffer> a = JSArray.create();
        a.push(buffer);
        return a;
    }

    /** Runs {@code task} once the current task and its microtasks are done (setTimeout 0). */
    @JSBody(params = "task", script = "setTimeout(task, 0);")
    public static native void soon(Task task);

    /** A Java callback run once from JavaScript. */
    @JSFunctor
    public interface Task extends JSObject {
        void run();
    }

    /** Receives a message from JavaScript. */
    @JSFunctor
    public interface MessageHandler extends JSObject {
        void handle(String message);
    }

    /** Calls {@code handler} with the message of every error that no error scope captured. */
    @JSBody(params = {"device", "handler"}, script = """
            device.addEventListener('uncapturederror', function (e) {
              handler(e && e.error && e.error.message ? e.error.message : String(e));
            });
            """)
    public static native void onUncapturedError(GPUDevice device, MessageHandler handler);

    /** Receives a number from JavaScript. */
    @JSFunctor
    public interface NumberHandler extends JSObject {
        void handle(int value);
    }

    /** {@link #probeFloat}'s answer: the adapter keeps IEEE 754 single precision in full. */
    public static final int PROBE_IEEE = 1;
    /** {@link #probeFloat}'s answer: WGSL's {@code fma} rounds once (fused) on this adapter. */
    public static final int PROBE_FMA_FUSED = 2;
    /** {@link #probeFloat}'s answer: WGSL's {@code fma} rounds twice (a multiply, then an add). */
    public static final int PROBE_FMA_UNFUSED = 4;

    /**
     * Measures what WGSL does not promise about {@code device}'s floats: whether it keeps IEEE 754
     * single precision in full (a subnormal input stays non-zero, {@code x * (1 / x)} for x = 0 is
     * NaN rather than fast math's 1, and {@code inf * 0} is NaN), and whether its {@code fma}
     * rounds once: (1 + 2^-23)^2 - (1 + 2^-22) is 2^-46 fused, 0 rounded twice. The operands come
     * from a buffer, so no compiler can fold them. Calls {@code handler} with the bits
     * {@link #PROBE_IEEE}, {@link #PROBE_FMA_FUSED} or {@link #PROBE_FMA_UNFUSED} (neither fma bit:
     * an answer that is neither), or -1 when the probe failed.
     */
    @JSBody(params = {"device", "handler"}, script = """
            try {
              var code = '@group(0) @binding(0) var<storage, read_write> io: array<u32>;\\n'
                + '@compute @workgroup_size(1) fn probe() {\\n'
                + '  let zero = bitcast<f32>(io[0]); let one = bitcast<f32>(io[1]);\\n'
                + '  let tiny = bitcast<f32>(io[2]); let inf = bitcast<f32>(io[3]);\\n'
                + '  io[4] = bitcast<u32>(zero * (one / zero));\\n'
                + '  io[5] = select(0u, 1u, tiny > 0.0f);\\n'
                + '  io[6] = bitcast<u32>(inf * zero);\\n'
                + '  io[7] = bitcast<u32>(fma(bitcast<f32>(io[8]), bitcast<f32>(io[8]), bitcast<f32>(io[9])));\\n'
                + '}\\n';
              var module = device.createShaderModule({ code: code, label: 'webcu float probe' });
              var pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: module, entryPoint: 'probe' },
                label: 'webcu float probe' });
              var io = device.createBuffer({ size: 40, usage: 128 | 4 | 8, label: 'webcu float probe' });
              var back = device.createBuffer({ size: 40, usage: 1 | 8, label: 'webcu float probe read' });
              device.queue.writeBuffer(io, 0, new Uint32Array([0, 0x3f800000, 0x000116c2, 0x7f800000, 0, 0, 0, 0,
                0x3f800001, 0xbf800002]));
              var group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0),
                entries: [{ binding: 0, resource: { buffer: io } }] });
              var enc = device.createCommandEncoder();
              var pass = enc.beginComputePass();
              pass.setPipeline(pipeline); pass.setBindGroup(0, group); pass.dispatchWorkgroups(1); pass.end();
              enc.copyBufferToBuffer(io, 0, back, 0, 40);
              device.queue.submit([enc.finish()]);
              back.mapAsync(1).then(function () {
                var r = new Uint32Array(back.getMappedRange().slice(0));
                back.unmap(); back.destroy(); io.destroy();
                var nan = function (bits) { return (bits & 0x7fffffff) > 0x7f800000; };
                var ieee = nan(r[4]) && r[5] === 1 && nan(r[6]) ? 1 : 0;
                // 2^-46 is 0x28800000
                handler(ieee | (r[7] === 0x28800000 ? 2 : r[7] === 0 ? 4 : 0));
              }, function () { handler(-1); });
            } catch (e) {
              handler(-1);
            }
            """)
    public static native void probeFloat(GPUDevice device, NumberHandler handler);

    /**
     * Checks what webcu's subgroup path for warp functions assumes and WebGPU does not promise: in
     * workgroups of the shapes kernels use (1D and 2D and 3D, whole and partial warps, up to the
     * device's largest), every subgroup has 32 lanes, lane i holds local invocation index 32w + i,
     * a ballot sees exactly the invocations of that warp, and a shuffle reads the lane it names.
     * Calls {@code handler} with 1 when every check held, 0 when one failed, -1 when the probe
     * could not run (no subgroups feature on the device, a shader or pipeline refused).
     * {@code globalThis.webcuSubgroups = false} (set before the device is created) skips the probe
     * and answers 0: the emulation then serves every warp function, for comparisons.
     */
    @JSBody(params = {"device", "handler"}, script = """
            try {
              if (typeof globalThis !== 'undefined' && globalThis.webcuSubgroups === false) { handler(0); return; }
              if (!device.features.has('subgroups')) { handler(-1); return; }
              var code = 'enable subgroups;\\n'
                + 'override X: u32 = 1u; override Y: u32 = 1u; override Z: u32 = 1u;\\n'
                + '@group(0) @binding(0) var<storage, read_write> bad: atomic<u32>;\\n'
                + '@compute @workgroup_size(X, Y, Z) fn probe(@builtin(local_invocation_index) li: u32,\\n'
                + '    @builtin(subgroup_invocation_id) sid: u32, @builtin(subgroup_size) size: u32) {\\n'
                + '  let n = X * Y * Z; let lane = li % 32u; let base = li - lane; let left = n - base;\\n'
                + '  let present = select((1u << left) - 1u, 0xffffffffu, left >= 32u);\\n'
                + '  let ballot = subgroupBallot(true);\\n'
                + '  let other = subgroupShuffle(li, lane ^ 1u);\\n'
                + '  var ok = size == 32u && sid == lane && ballot.x == present && ballot.y == 0u;\\n'
                + '  if (base + (lane ^ 1u) < n && other != (li ^ 1u)) { ok = false; }\\n'
                + '  if (!ok) { atomicAdd(&bad, 1u); }\\n'
                + '}\\n';
              var most = device.limits.maxComputeInvocationsPerWorkgroup;
              var shapes = [[32, 1, 1], [48, 1, 1], [64, 1, 1], [100, 1, 1], [128, 1, 1], [256, 1, 1], [512, 1, 1],
                [1024, 1, 1], [16, 16, 1], [32, 8, 1], [8, 8, 4], [16, 4, 2], [24, 3, 1]].filter(function (s) {
                  return s[0] * s[1] * s[2] <= most && s[0] <= device.limits.maxComputeWorkgroupSizeX
                    && s[1] <= device.limits.maxComputeWorkgroupSizeY && s[2] <= device.limits.maxComputeWorkgroupSizeZ;
                });
              var module = device.createShaderModule({ code: code, label: 'webcu subgroup probe' });
              var io = device.createBuffer({ size: 4, usage: 128 | 4 | 8, label: 'webcu subgroup probe' });
              var back = device.createBuffer({ size: 4, usage: 1 | 8, label: 'webcu subgroup probe read' });
              device.pushErrorScope('validation');
              var enc = device.createCommandEncoder();
              for (var i = 0; i < shapes.length; i++) {
                var pipeline = device.createComputePipeline({ layout: 'auto', label: 'webcu subgroup probe',
                  compute: { module: module, entryPoint: 'probe', constants: { X: shapes[i][0], Y: shapes[i][1], Z: shapes[i][2] } } });
                var group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0),
                  entries: [{ binding: 0, resource: { buffer: io } }] });
                var pass = enc.beginComputePass();
                pass.setPipeline(pipeline); pass.setBindGroup(0, group); pass.dispatchWorkgroups(4); pass.end();
              }
              enc.copyBufferToBuffer(io, 0, back, 0, 4);
              device.queue.submit([enc.finish()]);
              device.popErrorScope().then(function (error) {
                if (error) { back.destroy(); io.destroy(); handler(-1); return; }
                back.mapAsync(1).then(function () {
                  var r = new Uint32Array(back.getMappedRange().slice(0));
                  back.unmap(); back.destroy(); io.destroy();
                  handler(r[0] === 0 ? 1 : 0);
                }, function () { handler(-1); });
              }, function () { handler(-1); });
            } catch (e) {
              handler(-1);
            }
            """)
    public static native void probeSubgroups(GPUDevice device, NumberHandler handler);

    /** The message of a rejected promise's reason (an Error, a DOMException or anything else). */
    @JSBody(params = "reason", script = "return reason && reason.message ? String(reason.message) : String(reason);")
    public static native String reasonMessage(Object reason);
}
