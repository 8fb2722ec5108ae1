package webcu.webgpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntToLongFunction;
import org.teavm.jso.JSObject;
import org.teavm.jso.core.JSArray;
import org.teavm.jso.core.JSPromise;
import org.teavm.jso.typedarrays.ArrayBuffer;
import org.teavm.jso.typedarrays.Int32Array;
import org.teavm.jso.typedarrays.Int8Array;
import webcu.diag.Span;
import webcu.runtime.AddressedDevice;
import webcu.runtime.Completion;
import webcu.runtime.Console;
import webcu.runtime.DeviceFacts;
import webcu.runtime.DeviceInfo;
import webcu.runtime.DeviceOutput;
import webcu.runtime.DeviceProgram;
import webcu.runtime.KernelLaunch;
import webcu.runtime.LaunchLayout;
import webcu.runtime.StickyFault;
import webcu.runtime.TargetDevice;
import webcu.runtime.TimedDevice;

/**
 * The {@link Device} that runs kernels on the GPU through WebGPU: one GPUBuffer per CUDA
 * allocation, the program's kernels in one WGSL shader module, launches dispatched in issue order
 * on the device's queue. Launches, copies and fills are recorded into one command encoder
 * ({@link CommandBatch}) and submitted when the host needs the GPU's results (a read, a
 * synchronization, printf and faults, timestamps), before a queue write to a buffer they may
 * use, when the batch is full, or when the host yields to the event loop; a validation error
 * of the batch is reported at its submit.
 *
 * <p>Use: {@link #create} asynchronously (it needs an adapter and a device from the browser),
 * compile the program's device code for its {@link #target()} ({@code Compiler.compileDevice}),
 * {@link #load} it, then hand the device to the runtime. The device never runs the device passes:
 * what only a launch tells (block sizes, dynamic shared memory, aliasing, coarsening) it
 * specializes from the loaded code ({@link Programs}). Reads complete when their staging buffer is mapped;
 * {@link #synchronize()} when the queue has drained. Errors are sticky, as CUDA's are: a launch
 * that cannot run (a kernel with an unsupported feature, a block larger than the adapter allows,
 * a shader the browser rejects, a lost device) is reported once on the console's stderr, later
 * launches are skipped, and every later completion fails with the same message, so a program
 * never prints wrong results as if they were right.
 *
 * <p>Memory: WebGPU copies, clears and writes need 4-byte offsets and sizes, so unaligned
 * {@code cudaMemcpy}/{@code cudaMemset} ranges go through the small kernels of
 * {@link MemoryShaders}; a copy within one buffer goes through a temporary buffer.
 */
public final class WebGpuDevice implements AddressedDevice, TargetDevice, TimedDevice {
    private final Console console;
    private final GPUDevice device;
    private final GPUQueue queue;
    private final String description;
    private final DeviceInfo info;
    private final LaunchPlan.Limits limits;
    private final double maxBufferSize;
    /** Queue submissions so far, and how many of them the last finished drain covered. */
    private long submitted;
    private long drained;
    private final boolean timestamps;
    private final int subgroupMin;
    private final int subgroupMax;
    private final Map<Integer, GPUBuffer> buffers = new HashMap<>();
    private final Map<Integer, Long> sizes = new HashMap<>();
    /** Where the runtime placed each buffer, and each device variable, in the device address space. */
    private final AddressMap memoryMap = new AddressMap(sizes);
    /** The host copies of managed buffers, and whether the device's copies are the newer ones. */
    private final Map<Integer, byte[]> managed = new HashMap<>();
    private boolean managedOnDevice;
    private final GPUBuffer nullBuffer;
    /** Printf records and fault reports of every kernel (the debug buffer, {@link DeviceOutput}), bound as group 1. */
    private final GPUBuffer debugBuffer;
    private final GPUBindGroupLayout debugLayout;
    private final GPUBindGroup debugGroup;
    /** Whether a kernel ran since the debug buffer was last read back, and whose tables its records follow. */
    private boolean debugDirty;
    private Programs.Compiled debugProgram;
    /** The device code the driver compiled for this device, as shader modules and pipelines. */
    private final Programs programs;
    private MemoryOps memoryOps;
    /** The commands recorded since the last submit. */
    private final CommandBatch batch;
    /** Recent launches' plans, cleared when memory changes or another program is loaded. */
    private final LaunchCache launchCache = new LaunchCache();
    /** Bumped when a buffer that bind groups may hold goes (cudaFree, a grown heap): cached groups are stale. */
    private int bindingGeneration;
    /** Whether a launch since the last reset may have counted watchdog ticks. */
    private boolean ticksDirty;
    private final StickyFault fault;
    private boolean timing;
    /** What the float probe measured: kernels that classify NaN and infinities are refused where it failed. */
    private final DeviceFacts measured;
    private final LaunchTimes times;
    /** Hears the time of the next launch only (the page's launches panel); null: nobody asked. */
    private LaunchTimer nextTimer;
    /** The timer of the launch being issued, until its time is on the way. */
    private LaunchTimer launchTimer;
    private final Facts facts;
    /**
     * When each kernel (by name) was last submitted, in milliseconds: a watchdog report says how
     * long it ran. Stamped at the batch's submit, not at each launch (a clock read per launch cost ~1 µs).
     */
    private final Map<String, Double> launchedAt = new HashMap<>();
    private int pendingChecks;
    private final List<Runnable> checkWaiters = new ArrayList<>();
    /** {@link #size}, made once: a method reference per launch is an object per launch. */
    private final IntToLongFunction sizeOf = this::size;
    /** The run ended: buffers kept for reuse are destroyed once their reads are done. */
    private boolean released;

    /**
     * Hears how long one launch took. {@code beginNs}: where it began on a clock of its own (the
     * GPU's timestamps, or System.nanoTime), so only differences between launches mean something.
     */
    public interface LaunchTimer {
        void measured(double beginNs, double nanoseconds);

        /** The launch did not run (an error before or at it, an empty grid): no time will come. */
        void notRun();
    }

    /**
     * The adapter and the device webcu opened on it, for the page's device panel. Strings may be
     * empty where the browser hides them; subgroup sizes 0 where it does not tell them.
     */
    public record Facts(String vendor, String architecture, String device, String description, boolean fallback,
                        int subgroupMinSize, int subgroupMaxSize, boolean warpsOnSubgroups, boolean ieeeFloat,
                        int maxInvocationsPerWorkgroup, int[] maxWorkgroupSize, int maxWorkgroupsPerDimension,
                        long maxWorkgroupStorageSize, double maxStorageBufferBindingSize, double maxBufferSize,
                        int maxStorageBuffersPerShaderStage, List<String> adapterFeatures, List<String> deviceFeatures) {
    }

    private WebGpuDevice(Console console, GPUAdapter adapter, GPUDevice device, boolean ieeeFloat, boolean warpSubgroups,
                         DeviceFacts.Fma fma) {
        this.console = console;
        this.fault = new StickyFault(console);
        // a probe failure leaves the warp functions to the emulation, which is right on every adapter
        long budget = WebGpu.watchdogBudget();
        this.measured = new DeviceFacts(ieeeFloat, (int) device.getLimits().getMaxStorageBuffersPerShaderStage(),
                warpSubgroups ? 32 : 0,
                budget >= 0 ? budget : WebGpu.isSoftware(adapter) ? DeviceFacts.SOFTWARE_WATCHDOG : DeviceFacts.DEFAULT_WATCHDOG, fma);
        this.device = device;
        this.programs = new Programs(this, device);
        this.times = new LaunchTimes(this, device);
        this.queue = device.getQueue();
        this.description = WebGpu.describe(adapter);
        GPUSupportedLimits l = device.getLimits();
        int[] maxSize = {(int) l.getMaxComputeWorkgroupSizeX(), (int) l.getMaxComputeWorkgroupSizeY(),
            (int) l.getMaxComputeWorkgroupSizeZ()};
        int perDim = (int) l.getMaxComputeWorkgroupsPerDimension();
        this.limits = new LaunchPlan.Limits((int) l.getMaxComputeInvocationsPerWorkgroup(), maxSize, perDim,
                l.getMaxStorageBufferBindingSize(), (int) l.getMaxStorageBuffersPerShaderStage(),
                (long) l.getMaxComputeWorkgroupStorageSize());
        this.maxBufferSize = l.getMaxBufferSize();
        this.timestamps = device.getFeatures().has("timestamp-query");
        this.subgroupMin = WebGpu.subgroupMinSize(adapter);
        this.subgroupMax = WebGpu.subgroupMaxSize(adapter);
        List<String> adapterFeatures = new ArrayList<>();
        List<String> deviceFeatures = new ArrayList<>();
        for (String f : List.of("timestamp-query", "subgroups", "shader-f16")) {
            if (adapter.getFeatures().has(f)) {
                adapterFeatures.add(f);
            }
            if (device.getFeatures().has(f)) {
                deviceFeatures.add(f);
            }
        }
        this.facts = new Facts(WebGpu.adapterInfo(adapter, "vendor"), WebGpu.adapterInfo(adapter, "architecture"),
                WebGpu.adapterInfo(adapter, "device"), WebGpu.adapterInfo(adapter, "description"),
                WebGpu.isFallbackAdapter(adapter), subgroupMin, subgroupMax, warpSubgroups, ieeeFloat,
                limits.maxInvocationsPerWorkgroup(), maxSize.clone(), perDim, limits.maxWorkgroupStorage(),
                limits.maxStorageBufferBindingSize(), maxBufferSize, limits.maxStorageBuffers(),
                List.copyOf(adapterFeatures), List.copyOf(deviceFeatures));
        // CUDA's architectural limits, as every GPU since Volta reports them: programs size their
        // launches and print these. A launch beyond what the adapter can dispatch fails with a
        // message naming the adapter's limit (LaunchPlan); WebGPU does not tell the memory size.
        this.info = new DeviceInfo("WebGPU: " + description, 8, 0, 4L << 30, 16, 1024, new int[] {1024, 1024, 64},
                new int[] {Integer.MAX_VALUE, 65535, 65535}, 49152, 32, 65536, 65536, 1000000);
        this.nullBuffer = raw(16, WebGpu.BUFFER_STORAGE, "webcu null pointer");
        this.debugBuffer = raw(DeviceOutput.BUFFER_BYTES, WebGpu.BUFFER_STORAGE | WebGpu.BUFFER_COPY_SRC | WebGpu.BUFFER_COPY_DST,
                "webcu printf and faults");
        JSArray<JSObject> debugEntries = WebGpu.array();
        debugEntries.push(WebGpu.bufferLayoutEntry(0, "storage"));
        this.debugLayout = device.createBindGroupLayout(WebGpu.bindGroupLayoutDescriptor(debugEntries, "webcu debug"));
        JSArray<JSObject> group = WebGpu.array();
        group.push(WebGpu.bufferBindingEntry(0, debugBuffer));
        this.debugGroup = device.createBindGroup(WebGpu.bindGroupDescriptor(debugLayout, group));
        this.batch = new CommandBatch(this, device, debugGroup, (int) l.getMinUniformBufferOffsetAlignment());
    }

    /**
     * Asks the browser for an adapter and a device with the adapter's maximum limits, then calls
     * {@code ok} with the device, or {@code failed} with a message (no WebGPU, no adapter, the
     * device request refused).
     */
    public static void create(Console console, Consumer<WebGpuDevice> ok, Consumer<String> failed) {
        WebGpuDevice previous = current;
        current = null;
        if (previous != null && !previous.release() && opened != null) {
            // a run that failed may have left the browser's device in a state we cannot see (an
            // error scope still open, work still queued): the next run gets a fresh one
            opened.device().destroy();
            opened = null;
        }
        if (opened != null) {
            current = new WebGpuDevice(console, opened.adapter(), opened.device(), opened.ieeeFloat(), opened.warpSubgroups(),
                    opened.fma());
            ok.accept(current);
            return;
        }
        GPU gpu = WebGpu.gpu();
        if (gpu == null) {
            failed.accept("WebGPU is not available in this browser");
            return;
        }
        DeviceRequest.open(gpu, false, o -> adopt(o, console, ok), failed);
    }

    /**
     * The browser's device, opened and probed ({@link DeviceRequest}), becomes this worker's:
     * kept for the next run, and watched for loss and uncaught errors for its whole life.
     */
    private static void adopt(DeviceRequest.Opened o, Console console, Consumer<WebGpuDevice> ok) {
        opened = o;
        GPUDevice device = o.device();
        // one listener each for the device's whole life, speaking to the run using it now
        device.getLost().then(lost -> {
            if (opened == o) {
                opened = null;
            }
            if (current != null && current.device == device) {
                current.fail("the GPU device was lost (" + lost.getReason() + "): " + lost.getMessage());
            }
            return null;
        });
        WebGpu.onUncapturedError(device, message -> {
            if (current != null && current.device == device) {
                current.fail("internal error: WebGPU reported: " + message);
            }
        });
        current = new WebGpuDevice(console, o.adapter(), device, o.ieeeFloat(), o.warpSubgroups(), o.fma());
        ok.accept(current);
    }

    private static DeviceRequest.Opened opened;
    /** The device of the run now going on (only one at a time per worker), or null. */
    private static WebGpuDevice current;

    /**
     * Ends this run's use of the browser's device: its buffers are destroyed (the browser frees
     * them once work already submitted is done). True when the run left the device as it found
     * it, so that the next run may use it too.
     */
    private boolean release() {
        flush();
        released = true;
        batch.release();
        times.release();
        if (debugStaging != null) {
            debugStaging.destroy();
            debugStaging = null;
        }
        for (GPUBuffer b : buffers.values()) {
            b.destroy();
        }
        buffers.clear();
        nullBuffer.destroy();
        debugBuffer.destroy();
        return !fault.failed() && pendingChecks == 0;
    }

    // ---- what the app may show

    /** What the device passes know of this GPU: the WGSL its kernels get depends on it (the playground's WGSL view). */
    @Override
    public DeviceFacts measured() {
        return measured;
    }

    /** The device code the driver compiled for {@link #target()}; the browser compiles its WGSL at the first launch. */
    @Override
    public void load(DeviceProgram program) {
        programs.load(program);
        launchCache.clear();
    }

    /** The adapter as the browser describes it (vendor, architecture …). */
    public String adapterDescription() {
        return description;
    }

    /** Whether the adapter keeps IEEE infinities, NaN and subnormals (measured when the device was created). */
    public boolean keepsIeeeFloat() {
        return measured.ieeeFloat();
    }

    /** Whether the device can time kernels with timestamp queries (the timestamp-query feature). */
    @Override
    public boolean canTimeKernels() {
        return timestamps;
    }

    /** Whether warp functions run as subgroup operations here (32-lane subgroups that passed the start-up probe). */
    public boolean warpsOnSubgroups() {
        return measured.subgroupSize() == 32;
    }

    /** The adapter's subgroup sizes {min, max}, {0, 0} where the browser does not say. */
    public int[] subgroupSizes() {
        return new int[] {subgroupMin, subgroupMax};
    }

    /**
     * Times every later launch with GPU timestamps (where the adapter has the timestamp-query
     * feature; otherwise this does nothing). The times arrive asynchronously, all of them by the
     * time {@link #synchronize()} completes.
     */
    @Override
    public void setKernelTiming(boolean on) {
        timing = on && timestamps;
    }

    /**
     * Times the next launch alone and tells {@code timer}: its GPU time from timestamp queries where
     * the device has them, else the wall-clock time from its submission (or the end of the timed
     * launch before it, whichever is later) until the queue finished it. A launch that does not
     * run (an error, an empty grid) or whose time cannot be read calls {@link LaunchTimer#notRun}.
     * The time arrives before the next synchronization completes.
     */
    public void timeNextLaunch(LaunchTimer timer) {
        nextTimer = timer;
    }

    /** The adapter and the device's limits and features. */
    public Facts facts() {
        return facts;
    }

    /** How many CUDA threads each invocation runs for a launch of {@code block} (1: none coarsened). */
    public int coarseningFor(int[] block) {
        return LaunchPlan.coarsening(block, limits);
    }

    /** The timed launches so far, in launch order; a time that could not be read is NaN. */
    @Override
    public List<KernelTime> kernelTimes() {
        return times.kernelTimes();
    }

    /** The sticky error that stopped the device, or null. */
    public String fault() {
        return fault.message();
    }

    // ---- Device

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean createBuffer(int id, long bytes) {
        if (bytes > maxBufferSize) {
            return false;
        }
        long size = Math.max(4, (bytes + 3) & ~3L);
        device.pushErrorScope("out-of-memory");
        GPUBuffer b = raw(size, WebGpu.BUFFER_STORAGE | WebGpu.BUFFER_COPY_SRC | WebGpu.BUFFER_COPY_DST, "cuda allocation " + id);
        check(device.popErrorScope(), "out of device memory");
        buffers.put(id, b);
        sizes.put(id, size);
        launchCache.clear();
        return true;
    }

    @Override
    public void mapBuffer(int id, long base, String label, Span site) {
        memoryMap.bases.put(id, base);
        launchCache.clear();
    }

    @Override
    public void mapSymbol(String name, long address) {
        memoryMap.symbols.put(name, address);
        launchCache.clear();
    }

    @Override
    public void reset() {
        fault.clear();
        memoryMap.symbols.clear();
        launchCache.clear();
    }

    /**
     * Managed memory (cudaMallocManaged): a host copy of the buffer that the program reads and
     * writes directly. It is uploaded before a launch and downloaded when the host next waits for
     * the device, as CUDA requires the host to synchronize before touching managed memory that
     * kernels may change.
     */
    @Override
    public byte[] bufferBytes(int id) {
        Long size = sizes.get(id);
        if (size == null || size > Integer.MAX_VALUE) {
            return null;
        }
        byte[] host = new byte[(int) (long) size];
        managed.put(id, host);
        return host;
    }

    /** Before a launch: the host's managed copies become the device's, unless kernels have changed them since. */
    private void uploadManaged() {
        if (managedOnDevice || managed.isEmpty()) {
            return;
        }
        for (Map.Entry<Integer, byte[]> e : managed.entrySet()) {
            byte[] b = e.getValue();
            writeBuffer(buffers.get(e.getKey()), 0, Int8Array.copyFromJavaArray(b), 0, b.length);
        }
        managedOnDevice = !managed.isEmpty();
    }

    /** When the host waits: the device's managed buffers are copied back into the host's copies. */
    private void downloadManaged() {
        if (!managedOnDevice || fault.failed()) {
            return;
        }
        managedOnDevice = false;
        for (Map.Entry<Integer, byte[]> e : managed.entrySet()) {
            byte[] host = e.getValue();
            int size = host.length + 3 & ~3;
            GPUBuffer staging = raw(size, WebGpu.BUFFER_MAP_READ | WebGpu.BUFFER_COPY_DST, "webcu managed read");
            GPUCommandEncoder enc = device.createCommandEncoder();
            enc.copyBufferToBuffer(buffers.get(e.getKey()), 0, staging, 0, size);
            flush();
            queue.submit(WebGpu.commands(enc.finish()));
            pendingChecks++;
            staging.mapAsync(WebGpu.MAP_READ, 0, size).then(x -> {
                byte[] bytes = new Int8Array(staging.getMappedRange(0, size), 0, host.length).copyToJavaArray();
                System.arraycopy(bytes, 0, host, 0, host.length);
                staging.unmap();
                staging.destroy();
                checkDone();
                return null;
            }, reason -> {
                staging.destroy();
                fail("could not read managed memory back: " + WebGpu.reasonMessage(reason));
                checkDone();
                return null;
            });
        }
    }

    @Override
    public void destroyBuffer(int id) {
        GPUBuffer b = buffers.remove(id);
        sizes.remove(id);
        memoryMap.bases.remove(id);
        managed.remove(id);
        launchCache.clear();
        if (b != null) {
            batch.destroyAfterSubmit(b);
            bindingGeneration++;
        }
    }

    @Override
    public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        if (length == 0 || fault.failed()) {
            return;
        }
        byte[] host = managed.get(buffer);
        if (host != null) {
            System.arraycopy(src, srcOffset, host, (int) offset, length);
        }
        GPUBuffer dst = buffers.get(buffer);
        if ((offset & 3) == 0 && (length & 3) == 0) {
            byte[] bytes = srcOffset == 0 && length == src.length ? src : Arrays.copyOfRange(src, srcOffset, srcOffset + length);
            writeBuffer(dst, offset, Int8Array.copyFromJavaArray(bytes), 0, length);
            return;
        }
        // writeBuffer needs whole words: stage the bytes, then merge them in on the GPU
        int padded = (length + 3) & ~3;
        byte[] bytes = new byte[padded];
        System.arraycopy(src, srcOffset, bytes, 0, length);
        GPUBuffer staging = raw(padded, WebGpu.BUFFER_STORAGE | WebGpu.BUFFER_COPY_DST, "webcu unaligned write");
        writeFresh(staging, 0, Int8Array.copyFromJavaArray(bytes), 0, padded);
        memory().copyBytes(buffer, offset, offset + length, staging, 0);
        batch.destroyAfterSubmit(staging);
    }

    @Override
    public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        if (length == 0 || fault.failed()) {
            return;
        }
        if (managed.containsKey(srcBuffer)) {
            uploadManaged();
        }
        if (managed.containsKey(dstBuffer)) {
            // the copy lands on the device: the host's copy refreshes when the host next waits
            uploadManaged();
            managedOnDevice = true;
        }
        GPUBuffer src = buffers.get(srcBuffer);
        if (dstBuffer != srcBuffer && ((dstOffset | srcOffset | length) & 3) == 0) {
            batch.encoder().copyBufferToBuffer(src, srcOffset, buffers.get(dstBuffer), dstOffset, length);
            return;
        }
        if (dstBuffer != srcBuffer) {
            memory().copyBytes(dstBuffer, dstOffset, dstOffset + length, src, srcOffset);
            return;
        }
        // WebGPU forbids a copy within one buffer (and one binding may not be read and written
        // by two bindings): copy the source range out first
        long a0 = srcOffset & ~3L;
        long a1 = (srcOffset + length + 3) & ~3L;
        GPUBuffer tmp = raw(a1 - a0, WebGpu.BUFFER_STORAGE | WebGpu.BUFFER_COPY_DST, "webcu copy within a buffer");
        batch.encoder().copyBufferToBuffer(src, a0, tmp, 0, a1 - a0);
        memory().copyBytes(dstBuffer, dstOffset, dstOffset + length, tmp, srcOffset - a0);
        batch.destroyAfterSubmit(tmp);
    }

    @Override
    public void fill(int buffer, long offset, int byteValue, long length) {
        if (length == 0 || fault.failed()) {
            return;
        }
        byte[] host = managed.get(buffer);
        if (host != null) {
            Arrays.fill(host, (int) offset, (int) (offset + length), (byte) byteValue);
        }
        int b = byteValue & 0xFF;
        if (b == 0 && ((offset | length) & 3) == 0) {
            batch.encoder().clearBuffer(buffers.get(buffer), offset, length);
            return;
        }
        memory().fill(buffer, offset, offset + length, b * 0x01010101);
    }

    @Override
    public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
        times.read();
        readDebug();
        if (managed.containsKey(buffer)) {
            uploadManaged();
        }
        downloadManaged();
        Completion c = new Completion();
        if (length == 0 || fault.failed()) {
            finish(c);
            return c;
        }
        long a0 = offset & ~3L;
        long a1 = (offset + length + 3) & ~3L;
        double size = a1 - a0;
        GPUBuffer staging = raw(size, WebGpu.BUFFER_MAP_READ | WebGpu.BUFFER_COPY_DST, "webcu read");
        // the copy joins the recorded work, and the host needs it now
        batch.encoder().copyBufferToBuffer(buffers.get(buffer), a0, staging, 0, size);
        flush();
        int skip = (int) (offset - a0);
        long upTo = submitted;
        staging.mapAsync(WebGpu.MAP_READ, 0, size).then(x -> {
            // the copy ran, so everything submitted before it has too
            drained = Math.max(drained, upTo);
            ArrayBuffer mapped = staging.getMappedRange(0, size);
            byte[] bytes = new Int8Array(mapped, skip, length).copyToJavaArray();
            System.arraycopy(bytes, 0, dst, dstOffset, length);
            staging.unmap();
            staging.destroy();
            whenChecksDone(() -> finish(c));
            return null;
        }, reason -> {
            staging.destroy();
            fail("could not read device memory: " + WebGpu.reasonMessage(reason));
            finish(c);
            return null;
        });
        return c;
    }

    @Override
    public void launch(KernelLaunch launch) {
        launchTimer = nextTimer;
        nextTimer = null;
        try {
            dispatch(launch);
        } finally {
            // every early return (a fault, an empty grid, a rejected kernel) leaves the timer here
            LaunchTimer unused = launchTimer;
            launchTimer = null;
            if (unused != null) {
                unused.notRun();
            }
        }
    }

    private void dispatch(KernelLaunch launch) {
        if (fault.failed()) {
            return;
        }
        Programs.Compiled base = programs.of(launch);
        if (base == null || fault.failed()) {
            return;
        }
        LaunchCache.Entry e = launchCache.find(base, launch);
        if (e == null) {
            e = programs.plan(base, launch, limits, memoryMap, debugLayout);
            if (e == null) {
                return;
            }
            launchCache.add(launch, e);
        }
        LaunchPlan plan = e.plan;
        Programs.Compiled cp = e.compiled;
        LaunchLayout layout = e.layout;
        uploadManaged();
        if (debugDirty && debugProgram != cp) {
            // the records so far follow the other program's printf formats and check sites
            readDebug();
        }
        debugDirty = true;
        debugProgram = cp;
        int size = plan.uniform != null ? plan.uniform.length : 0;
        int at = batch.reserve(size);
        if (plan.uniform != null) {
            // a repeated plan's bytes with this launch's scalars, straight into the batch's arguments
            String error = plan.writeUniform(launch, batch.args(), at);
            if (error != null) {
                fail(at(launch.site()) + error);
                return;
            }
        }
        GPUBuffer heap = plan.heap != null ? heapBuffer(plan.heap.size()) : null;
        int generation = bindingGeneration + batch.argsGeneration();
        GPUBindGroup group = e.group;
        if (group == null || e.groupGeneration != generation) {
            group = programs.bindGroup(cp, layout, e.bindGroupLayout, plan, generation,
                    id -> id == LaunchPlan.HEAP ? heap : id >= 0 ? buffers.get(id) : nullBuffer, batch.argsBuffer());
            e.group = group;
            e.groupGeneration = generation;
        }
        if (plan.heap != null) {
            // the heap mirrors device addresses: each allocation goes to its address minus the heap's base
            GPUCommandEncoder enc = batch.encoder();
            for (webcu.runtime.DeviceHeap.Allocation a : plan.heap.allocations()) {
                enc.copyBufferToBuffer(buffers.get(a.buffer()), 0, heap, plan.heap.offsetOf(a), sizes.get(a.buffer()));
            }
        }
        if (ticksDirty && cp.watchdogTicks) {
            // the watchdog's launch-wide tick count starts from zero for every launch (Watchdog)
            batch.encoder().clearBuffer(debugBuffer, DeviceOutput.WATCHDOG_TICKS_BYTE, 4);
        }
        ticksDirty |= cp.watchdogTicks;
        LaunchTimer timer = launchTimer;
        boolean timed = timing || timer != null && timestamps;
        GPUComputePipeline pipeline = e.pipeline;
        if (layout.rangesConstant() != null && plan.uniform != null && e.provenInBounds(batch.args(), at, size, launch.block(), sizeOf)) {
            pipeline = programs.unchecked(e, debugLayout, launch);
        }
        batch.dispatch(layout.kernel(), pipeline, group, size, at, timed ? times.passDescriptor(true) : null, plan.dispatch);
        if (plan.heap != null && !plan.heap.readOnly()) {
            GPUCommandEncoder enc = batch.encoder();
            for (webcu.runtime.DeviceHeap.Allocation a : plan.heap.allocations()) {
                enc.copyBufferToBuffer(heap, plan.heap.offsetOf(a), buffers.get(a.buffer()), 0, sizes.get(a.buffer()));
            }
        }
        launchTimer = null;
        if (timed) {
            times.submitted(layout.kernel(), timing, timer);
        } else if (timer != null) {
            // timed from its submission to the queue's end: it cannot wait in the batch
            flush();
            times.wallTime(timer);
        }
    }

    /**
     * Submits what the batch recorded: the host needs the GPU's results (a read, a wait, a
     * timestamp read-back), or work outside the batch must come after it.
     */
    void flush() {
        if (!batch.isEmpty()) {
            double now = System.currentTimeMillis();
            for (String kernel : batch.kernels()) {
                launchedAt.put(kernel, now);
            }
            submitted++;
            batch.submit();
        }
    }

    @Override
    public Completion synchronize() {
        times.read();
        readDebug();
        downloadManaged();
        flush();
        if (drained == submitted && pendingChecks == 0) {
            // nothing issued since the queue last drained: done now, as cudaStreamQuery expects
            Completion c = new Completion();
            finish(c);
            return c;
        }
        Completion c = new Completion();
        long upTo = submitted;
        queue.onSubmittedWorkDone().then(x -> {
            drained = Math.max(drained, upTo);
            if (drained == submitted) {
                batch.drained();
            }
            whenChecksDone(() -> finish(c));
            return null;
        }, reason -> {
            fail("the GPU queue failed: " + WebGpu.reasonMessage(reason));
            finish(c);
            return null;
        });
        return c;
    }

    // ---- device printf and faults

    /**
     * Reads the debug buffer back after the kernels launched since the last read: prints their
     * printf records in order (CUDA prints them when the host synchronizes) and reports the first
     * fault (a failed assertion with every failing thread's message, an out-of-bounds or
     * misaligned access), then clears the header for the next kernels. Later completions wait for it.
     */
    private void readDebug() {
        if (!debugDirty || fault.failed() || debugProgram == null) {
            return;
        }
        debugDirty = false;
        Programs.Compiled cp = debugProgram;
        pendingChecks++;
        int first = DEBUG_HEAD_BYTES;
        readWords(0, first, head -> {
            int end = DeviceOutput.end(head[DeviceOutput.CURSOR_BYTE / 4]);
            if (end * 4 <= first) {
                decodeDebug(cp, head, end);
                return;
            }
            readWords(first, end * 4 - first, rest -> {
                int[] all = Arrays.copyOf(head, end);
                System.arraycopy(rest, 0, all, first / 4, rest.length);
                decodeDebug(cp, all, end);
            });
        });
    }

    /**
     * The staging buffer of the debug buffer's first 64 KiB, read back at every synchronization:
     * kept between reads (creating a mappable buffer cost ~0.25 ms a synchronization on an H200);
     * null while a read uses it.
     */
    private GPUBuffer debugStaging;
    private static final int DEBUG_HEAD_BYTES = 65536;

    /**
     * Copies {@code bytes} bytes of the debug buffer from {@code offset} and hands them over as
     * words; from offset 0, only the words up to the printf cursor's {@link DeviceOutput#end}.
     */
    private void readWords(int offset, int bytes, Consumer<int[]> then) {
        boolean head = bytes == DEBUG_HEAD_BYTES && debugStaging != null;
        GPUBuffer staging = head ? debugStaging : raw(bytes, WebGpu.BUFFER_MAP_READ | WebGpu.BUFFER_COPY_DST, "webcu debug read");
        boolean keep = bytes == DEBUG_HEAD_BYTES;
        if (head) {
            debugStaging = null;
        }
        if (!batch.isEmpty()) {
            // after the kernels whose records it reads, in their submit (one submit less a synchronization)
            batch.encoder().copyBufferToBuffer(debugBuffer, offset, staging, 0, bytes);
            flush();
        } else {
            // webcu's own bookkeeping: not work the program issued, so it leaves cudaStreamQuery's answer alone
            GPUCommandEncoder e = device.createCommandEncoder();
            e.copyBufferToBuffer(debugBuffer, offset, staging, 0, bytes);
            queue.submit(WebGpu.commands(e.finish()));
        }
        staging.mapAsync(WebGpu.MAP_READ, 0, bytes).then(x -> {
            Int32Array mapped = new Int32Array(staging.getMappedRange(0, bytes));
            int n = bytes / 4;
            if (offset == 0) {
                // the head: only the header and the records so far count, and a word costs a call
                // into JavaScript (all 16384 of them took ~0.4 ms of each synchronization)
                n = Math.min(n, DeviceOutput.end(mapped.get(DeviceOutput.CURSOR_BYTE / 4)));
            }
            int[] words = new int[n];
            for (int i = 0; i < words.length; i++) {
                words[i] = mapped.get(i);
            }
            staging.unmap();
            if (keep && debugStaging == null && !released) {
                debugStaging = staging;
            } else {
                staging.destroy();
            }
            then.accept(words);
            return null;
        }, reason -> {
            staging.destroy();
            fail("could not read device printf output: " + WebGpu.reasonMessage(reason));
            checkDone();
            return null;
        });
    }

    private static boolean zero(int[] w, int n) {
        for (int i = 0; i < n; i++) {
            if (w[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private void decodeDebug(Programs.Compiled cp, int[] w, int end) {
        double now = System.currentTimeMillis();
        DeviceOutput.Result r = DeviceOutput.decode(cp.program, w, end, kernel -> {
            Double at = launchedAt.get(kernel);
            return at == null ? Double.NaN : (now - at) / 1000.0;
        });
        if (!r.stdout().isEmpty()) {
            console.out(r.stdout());
        }
        if (!r.stderr().isEmpty()) {
            console.err(r.stderr());
        }
        // the next kernels start from an empty header (the records after it are simply overwritten);
        // a header read back empty needs no write (a queue write per synchronization)
        if (!zero(w, Math.min(end, 16))) {
            queue.writeBuffer(debugBuffer, 0, Int8Array.copyFromJavaArray(new byte[64]), 0, 64);
        }
        if (r.fault() != null) {
            fail(r.fault());
        }
        checkDone();
    }

    /**
     * The heap buffer of heap-mode kernels (MemoryModel), kept between launches and grown when a
     * launch needs more; its contents outside the copied allocations mean nothing.
     */
    private GPUBuffer heapBuffer;
    private double heapCapacity;

    private GPUBuffer heapBuffer(double size) {
        if (heapBuffer == null || heapCapacity < size) {
            if (heapBuffer != null) {
                batch.destroyAfterSubmit(heapBuffer);
                bindingGeneration++;
            }
            heapCapacity = size;
            device.pushErrorScope("out-of-memory");
            heapBuffer = raw(size, WebGpu.BUFFER_STORAGE | WebGpu.BUFFER_COPY_SRC | WebGpu.BUFFER_COPY_DST, "webcu heap");
            check(device.popErrorScope(), "out of device memory for the heap of a kernel that follows pointers");
        }
        return heapBuffer;
    }

    // ---- errors

    static String at(Span site) {
        return StickyFault.at(site);
    }

    /** Records the first fault and shows it; later operations are skipped and completions fail. */
    void fail(String message) {
        fault.fail(message);
    }

    private void finish(Completion c) {
        fault.finish(c);
    }

    /** Records the first fault without showing it (what explains it was shown already). */
    void stop(String message) {
        fault.stop(message);
    }

    Console console() {
        return console;
    }

    /** Waits for an error scope; {@code what} names the operation in the message. */
    void check(JSPromise<GPUError> scope, String what) {
        check(scope, what, programs.current());
    }

    /** Waits for an error scope whose error, if any, is reported after {@code cp}'s compilation messages. */
    void check(JSPromise<GPUError> scope, String what, Programs.Compiled cp) {
        pendingChecks++;
        scope.then(error -> {
            if (error == null) {
                checkDone();
            } else if (cp == null) {
                report(error, what);
                checkDone();
            } else {
                // a shader error also fails its pipeline: let the shader's message, the cause, come first
                cp.whenInfo(() -> {
                    report(error, what);
                    checkDone();
                });
            }
            return null;
        }, reason -> {
            checkDone();
            return null;
        });
    }

    private void report(GPUError error, String what) {
        fail(what.startsWith("out of") ? what + ": " + error.getMessage()
                : "internal error: WebGPU rejected " + what + ": " + error.getMessage());
    }

    /** A check of the GPU's work began: completions wait until {@link #checkDone()}. */
    void checkStarted() {
        pendingChecks++;
    }

    void checkDone() {
        pendingChecks--;
        if (pendingChecks == 0 && !checkWaiters.isEmpty()) {
            List<Runnable> ws = new ArrayList<>(checkWaiters);
            checkWaiters.clear();
            for (Runnable r : ws) {
                r.run();
            }
        }
    }

    private void whenChecksDone(Runnable r) {
        if (pendingChecks == 0) {
            r.run();
        } else {
            checkWaiters.add(r);
        }
    }

    // ---- buffers

    /** Submits {@code e} after the recorded work. */
    void submit(GPUCommandEncoder e) {
        flush();
        submitted++;
        queue.submit(WebGpu.commands(e.finish()));
    }

    /** Writes {@code dst} after the recorded work (a queue write happens before commands submitted later). */
    void writeBuffer(GPUBuffer dst, double offset, Int8Array data, int dataOffset, int size) {
        flush();
        writeFresh(dst, offset, data, dataOffset, size);
    }

    /** Writes a buffer that no recorded command uses yet, so that it may go ahead of them. */
    void writeFresh(GPUBuffer dst, double offset, Int8Array data, int dataOffset, int size) {
        submitted++;
        queue.writeBuffer(dst, offset, data, dataOffset, size);
    }

    /** The commands recorded since the last submit (copies and fills of {@link MemoryOps} join them). */
    CommandBatch batch() {
        return batch;
    }

    GPUBuffer raw(double size, int usage, String label) {
        return device.createBuffer(WebGpu.bufferDescriptor(size, usage, label));
    }

    /** The GPU buffer of allocation {@code id}, and its size in bytes (0 when there is none). */
    GPUBuffer buffer(int id) {
        return buffers.get(id);
    }

    long size(int id) {
        return sizes.getOrDefault(id, 0L);
    }

    private MemoryOps memory() {
        if (memoryOps == null) {
            memoryOps = new MemoryOps(this, device, limits.maxStorageBufferBindingSize());
        }
        return memoryOps;
    }
}
