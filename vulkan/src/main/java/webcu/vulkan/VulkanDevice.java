package webcu.vulkan;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.lwjgl.system.MemoryUtil;
import webcu.diag.Diagnostic;
import webcu.diag.DiagnosticPrinter;
import webcu.diag.Severity;
import webcu.diag.Span;
import webcu.runtime.AddressedDevice;
import webcu.runtime.BoundsProofs;
import webcu.runtime.Completion;
import webcu.runtime.Console;
import webcu.runtime.Device;
import webcu.runtime.DeviceBackend;
import webcu.runtime.DeviceFacts;
import webcu.runtime.DeviceHeap;
import webcu.runtime.DeviceInfo;
import webcu.runtime.DeviceOutput;
import webcu.runtime.DeviceProgram;
import webcu.runtime.GridFold;
import webcu.runtime.KernelArg;
import webcu.runtime.KernelLaunch;
import webcu.runtime.LaunchLayout;
import webcu.runtime.StickyFault;
import webcu.runtime.TargetDevice;
import webcu.runtime.TimedDevice;
import webcu.runtime.UniformPacking;
import webcu.spirv.SpirvProgram;

/**
 * The CUDA runtime's device on Vulkan: kernels compiled by the SPIR-V writer for this device's
 * capabilities, one VkBuffer per allocation (in a discrete GPU's own memory, else mapped),
 * launches laid out by the program's {@link LaunchLayout} (blockDim and the dynamic shared words
 * as specialization constants).
 *
 * <p>Every launch, copy and fill waits for its fence, so the host's copies, fills and reads happen
 * in issue order: on mapped memory directly, on a discrete GPU through a staging buffer. The debug buffer (set 1) is read back where CUDA flushes
 * device printf, at a synchronization (a wait or a device-to-host copy): its printf records are
 * printed, and its first fault (an assertion, an out-of-bounds access, the watchdog) becomes the
 * sticky error, reported in the words the WebGPU device uses ({@link DeviceOutput}). After a
 * fault nothing else runs, as on a GPU whose context a fault has broken.
 */
public final class VulkanDevice implements AddressedDevice, TargetDevice, TimedDevice, AutoCloseable {
    /** {@code run --backend vulkan}. */
    public static final class Backend implements DeviceBackend {
        @Override
        public String name() {
            return "vulkan";
        }

        @Override
        public Device open(Console console) {
            return new VulkanDevice(VulkanCompute.open(false), console);
        }
    }

    /** The hidden offset that makes every access through a null or dangling pointer fail its bounds check. */
    private static final int NULL_OFFSET = 0x80000000;
    /** The host's copies to and from a discrete GPU's memory go through this many bytes at a time. */
    private static final int STAGING_BYTES = 16 << 20;

    private final VulkanCompute vk;
    private final Console console;
    private final DeviceFacts measured;
    private final DeviceInfo info;
    private final Map<Integer, VulkanCompute.Buffer> buffers = new HashMap<>();
    /** Device address → buffer id, for pointers read out of structs and for device variables. */
    private final TreeMap<Long, Integer> byAddress = new TreeMap<>();
    private final Map<Integer, Long> bases = new HashMap<>();
    private final Map<String, Long> symbols = new HashMap<>();
    private final Map<Integer, byte[]> managed = new HashMap<>();
    private final Map<String, VulkanCompute.Pipeline> pipelines = new HashMap<>();
    private final Map<String, Long> launchedAt = new HashMap<>();
    private final VulkanCompute.Buffer debug;
    private final VulkanCompute.Buffer nullBuffer;
    private VulkanCompute.Buffer heapBuffer;
    private VulkanCompute.Buffer tableBuffer;
    private VulkanCompute.Buffer sink;
    /**
     * The launches' uniform buffer, host-visible, rewritten by every launch (the previous one has
     * finished: every launch waits for its fence); made larger when a launch needs more.
     */
    private VulkanCompute.Buffer uniformBuffer;
    /** Made at the first copy that needs it ({@link #upload}, {@link #download}). */
    private VulkanCompute.Buffer staging;
    private DeviceProgram code;
    private SpirvProgram program = SpirvProgram.empty();
    private long module;
    private boolean debugDirty;
    private boolean diagnosticsShown;
    private final StickyFault fault;
    private boolean timing;
    private final List<KernelTime> kernelTimes = new ArrayList<>();

    /** Mesa's LP_MAX_TGSI_LOOP_ITERATIONS: the loop iterations llvmpipe runs per invocation, all loops together. */
    static final long LLVMPIPE_LOOP_LIMIT = 65535;

    public VulkanDevice(VulkanCompute vk, Console console) {
        this.vk = vk;
        this.console = console;
        this.fault = new StickyFault(console);
        // lavapipe (llvmpipe, Mesa 22.3) ends a kernel's loops after 65,535 iterations in all, without
        // a word: its loops then check how they were left (spirv.LoopExits)
        // GLSL's Fma: a GPU's fused multiply-add (NVIDIA's rounds once, as Dawn's probe measured on
        // the H200); the CPU implementations round twice (lavapipe's and SwiftShader's, measured),
        // so there CUDA's fmaf is emulated exactly. Decided by the device type, not probed.
        this.measured = DeviceFacts.vulkan(vk.spirvCapabilities(), vk.deviceName().startsWith("llvmpipe") ? LLVMPIPE_LOOP_LIMIT : 0,
                vk.isCpu() ? DeviceFacts.Fma.UNFUSED : DeviceFacts.Fma.FUSED)
                // warp functions as subgroup operations where the subgroups are warps (32 lanes, probed)
                .withSubgroupSize(WarpSubgroups.lanes(vk));
        // CUDA's architectural limits, as the WebGPU device reports them (programs size their
        // launches and print these); a launch beyond what this device dispatches (SwiftShader: 256
        // invocations per workgroup) fails with a message naming its limit rather than with
        // cudaErrorInvalidConfiguration, which would say the program is wrong
        this.info = new DeviceInfo("Vulkan: " + vk.deviceName(), 8, 0, 4L << 30, 16, 1024, new int[] {1024, 1024, 64},
                new int[] {Integer.MAX_VALUE, 65535, 65535}, 49152, 32, 65536, 65536, 1000000);
        this.debug = vk.buffer(DeviceOutput.BUFFER_BYTES);
        this.nullBuffer = vk.buffer(16);
    }

    /** The Vulkan instance and device under it (tests read its validation messages). */
    VulkanCompute compute() {
        return vk;
    }

    /** The pipelines' keys so far (tests read which variants launches took: unchecked, folded). */
    java.util.Set<String> pipelineKeys() {
        return java.util.Set.copyOf(pipelines.keySet());
    }

    @Override
    public DeviceFacts measured() {
        return measured;
    }

    @Override
    public void load(DeviceProgram code) {
        vk.flush(); // the recorded launches use the pipelines about to go
        closePipelines();
        this.code = code;
        this.program = code.spirv() != null ? code.spirv() : SpirvProgram.empty();
        this.diagnosticsShown = false;
        this.module = program.words().length > 0 ? vk.shaderModule(optimized(program.words())) : 0;
    }

    /**
     * The module as the SPIR-V optimizer named by the system property {@code webcu.vulkan.spirv-opt}
     * (spirv-opt -O) leaves it, or as written when the property is not set: a measurement aid
     * (bench/vulkan) telling what the driver gains from SSA-form SPIR-V; not used otherwise.
     */
    private static int[] optimized(int[] words) {
        String opt = System.getProperty("webcu.vulkan.spirv-opt");
        if (opt == null || opt.isEmpty()) {
            return words;
        }
        try {
            java.nio.file.Path in = java.nio.file.Files.createTempFile("webcu", ".spv");
            java.nio.file.Path out = java.nio.file.Files.createTempFile("webcu", ".opt.spv");
            ByteBuffer bytes = ByteBuffer.allocate(words.length * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            bytes.asIntBuffer().put(words);
            java.nio.file.Files.write(in, bytes.array());
            Process p = new ProcessBuilder(opt, "-O", "--target-env=vulkan1.2", in.toString(), "-o", out.toString())
                    .inheritIO().start();
            if (p.waitFor() != 0) {
                throw new IllegalStateException(opt + " failed");
            }
            ByteBuffer o = ByteBuffer.wrap(java.nio.file.Files.readAllBytes(out)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            int[] result = new int[o.remaining() / 4];
            o.asIntBuffer().get(result);
            java.nio.file.Files.delete(in);
            java.nio.file.Files.delete(out);
            return result;
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException("webcu.vulkan.spirv-opt: " + e.getMessage(), e);
        }
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean createBuffer(int id, long bytes) {
        long size = Math.max(4, (bytes + 3) & ~3L);
        if (size > Math.min(Integer.MAX_VALUE - 8, vk.limits().maxStorageRange())) {
            return false;
        }
        try {
            buffers.put(id, vk.deviceBuffer(size));
        } catch (IllegalStateException e) {
            return false;
        }
        return true;
    }

    @Override
    public void destroyBuffer(int id) {
        vk.flush();
        VulkanCompute.Buffer b = buffers.remove(id);
        Long base = bases.remove(id);
        if (base != null) {
            byAddress.remove(base);
        }
        managed.remove(id);
        if (b != null) {
            b.close();
        }
    }

    @Override
    public void mapBuffer(int id, long base, String label, Span site) {
        bases.put(id, base);
        byAddress.put(base, id);
    }

    @Override
    public void mapSymbol(String name, long address) {
        symbols.put(name, address);
    }

    @Override
    public void reset() {
        vk.flush();
        fault.clear();
        symbols.clear();
        MemoryUtil.memSet(MemoryUtil.memAddress(debug.contents()), 0, debug.size);
        debugDirty = false;
    }

    /** Managed memory: the host's copy goes to the device before each launch and comes back after it. */
    @Override
    public byte[] bufferBytes(int id) {
        vk.flush();
        VulkanCompute.Buffer b = buffers.get(id);
        if (b == null) {
            return null;
        }
        byte[] host = new byte[(int) b.size];
        managed.put(id, host);
        return host;
    }

    @Override
    public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        vk.flush(); // the recorded launches first: the host is about to touch memory
        if (length == 0 || fault.failed()) {
            return;
        }
        upload(buffers.get(buffer), offset, src, srcOffset, length);
    }

    @Override
    public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        vk.flush(); // the recorded launches first: the host is about to touch memory
        if (length == 0 || fault.failed()) {
            return;
        }
        VulkanCompute.Buffer src = buffers.get(srcBuffer);
        VulkanCompute.Buffer dst = buffers.get(dstBuffer);
        if (!src.isMapped() && src == dst && srcOffset < dstOffset + length && dstOffset < srcOffset + length) {
            // vkCmdCopyBuffer forbids overlapping regions: through the host, as memmove
            byte[] bytes = new byte[(int) length];
            download(src, srcOffset, bytes, 0, bytes.length);
            upload(dst, dstOffset, bytes, 0, bytes.length);
        } else {
            copyBytes(src, srcOffset, dst, dstOffset, length);
        }
    }

    @Override
    public void fill(int buffer, long offset, int byteValue, long length) {
        vk.flush(); // the recorded launches first: the host is about to touch memory
        if (length == 0 || fault.failed()) {
            return;
        }
        VulkanCompute.Buffer b = buffers.get(buffer);
        if (b.isMapped()) {
            MemoryUtil.memSet(MemoryUtil.memAddress(b.contents()) + offset, byteValue, length);
        } else if (offset % 4 == 0 && length % 4 == 0) {
            vk.fill(b, offset, length, (byteValue & 0xFF) * 0x01010101);
        } else {
            byte[] bytes = new byte[(int) length];
            java.util.Arrays.fill(bytes, (byte) byteValue);
            upload(b, offset, bytes, 0, bytes.length);
        }
    }

    @Override
    public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
        readDebug();
        Completion c = new Completion();
        if (!fault.failed() && length > 0) {
            download(buffers.get(buffer), offset, dst, dstOffset, length);
        }
        finish(c);
        return c;
    }

    /** Host bytes into a buffer: straight into a mapped one, else in chunks through the staging buffer. */
    private void upload(VulkanCompute.Buffer b, long offset, byte[] src, int srcOffset, int length) {
        if (b.isMapped()) {
            b.contents().put((int) offset, src, srcOffset, length);
            return;
        }
        for (int done = 0; done < length; ) {
            int n = Math.min(length - done, STAGING_BYTES);
            staging().contents().put(0, src, srcOffset + done, n);
            vk.copy(staging, 0, b, offset + done, n);
            done += n;
        }
    }

    /** A buffer's bytes to the host: straight from a mapped one, else in chunks through the staging buffer. */
    private void download(VulkanCompute.Buffer b, long offset, byte[] dst, int dstOffset, int length) {
        if (b.isMapped()) {
            b.contents().get((int) offset, dst, dstOffset, length);
            return;
        }
        for (int done = 0; done < length; ) {
            int n = Math.min(length - done, STAGING_BYTES);
            vk.copy(b, offset + done, staging(), 0, n);
            staging.contents().get(0, dst, dstOffset + done, n);
            done += n;
        }
    }

    private VulkanCompute.Buffer uniformBuffer(int bytes) {
        return uniformBuffer = atLeast(uniformBuffer, bytes);
    }

    /**
     * {@code buffer} if it holds {@code bytes}, else a new one of the next power of two (at least
     * 256 bytes) in its place, made after the recorded launches ran: they update and read the old one.
     */
    private VulkanCompute.Buffer atLeast(VulkanCompute.Buffer buffer, int bytes) {
        if (buffer != null && buffer.size >= bytes) {
            return buffer;
        }
        vk.flush();
        if (buffer != null) {
            buffer.close();
        }
        return vk.buffer(Math.max(256, Integer.highestOneBit(Math.max(1, bytes - 1)) << 1));
    }

    private VulkanCompute.Buffer staging() {
        if (staging == null) {
            staging = vk.buffer(STAGING_BYTES);
        }
        return staging;
    }

    @Override
    public Completion synchronize() {
        readDebug();
        Completion c = new Completion();
        finish(c);
        return c;
    }

    @Override
    public void launch(KernelLaunch launch) {
        if (fault.failed() || faulted()) {
            return;
        }
        LaunchLayout layout = code == null ? null : code.layout(launch.kernelName());
        if (layout == null) {
            rejected(launch);
            return;
        }
        String limit = limit(launch, layout);
        if (limit != null) {
            fail(at(launch.site()) + "not supported on Vulkan yet: " + limit);
            return;
        }
        int[] grid = launch.grid();
        if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0) {
            return;
        }
        // x wider than the device dispatches is folded into rows, as on WebGPU (passes.GridFolding)
        VulkanCompute.Limits l = vk.limits();
        GridFold fold = GridFold.of(grid, unsigned(l.maxWorkgroupCount()[0]), unsigned(l.maxWorkgroupCount()[1]));
        if (fold == null) {
            fail(at(launch.site()) + "not supported on Vulkan yet: a grid of " + (grid[0] & 0xFFFFFFFFL) + " x "
                    + (grid[1] & 0xFFFFFFFFL) + " blocks (this device dispatches at most " + unsigned(l.maxWorkgroupCount()[0])
                    + " x " + unsigned(l.maxWorkgroupCount()[1]) + " workgroups)");
            return;
        }
        int[] dispatch = fold.dispatch();
        DeviceHeap heap = null;
        VulkanCompute.Buffer heapBound = null;
        // physical pointers: the heap binding holds the allocation table, written before the dispatch (nothing is copied)
        boolean physical = program.physicalPointers();
        LaunchBatch.Update table = null;
        if (physical && DeviceHeap.needed(layout) && !vk.physicalPointers()) {
            // compiled for another device: its pointers would be addresses this one never gave out
            fail(at(launch.site()) + "not supported on Vulkan yet: kernel '" + layout.kernel()
                    + "' was compiled for physical pointers, which this device has not enabled");
            return;
        }
        if (DeviceHeap.needed(layout)) {
            Object h = DeviceHeap.of(layout, allocations(), physical ? Long.MAX_VALUE
                    : Math.min(vk.limits().maxStorageRange(), Integer.MAX_VALUE - 8), "Vulkan", "device");
            if (h instanceof String message) {
                fail(at(launch.site()) + message);
                return;
            }
            heap = (DeviceHeap) h;
        }
        List<VulkanCompute.Binding> bindings = new ArrayList<>();
        byte[] uniform = new byte[layout.uniform().size()];
        UniformPacking.putGrid(uniform, grid, fold.slices());
        int[] hidden = new int[layout.buffers().size()];
        int[] bufferOf = new int[layout.buffers().size()];
        double[] bytes = new double[layout.buffers().size()];
        for (int n = 0; n < layout.buffers().size(); n++) {
            LaunchLayout.Buffer b = layout.buffers().get(n);
            if (b.heap() && physical) {
                bufferOf[n] = -1;
                byte[] words = AllocationTable.of(heap, buffers, sink().address);
                table = new LaunchBatch.Update(tableBuffer(words.length), 0, words);
                bindings.add(new VulkanCompute.Binding(0, b.binding(), table.buffer(), VulkanCompute.Kind.STORAGE, words.length));
                continue;
            }
            if (b.heap()) {
                bufferOf[n] = -1;
                // bound to the heap's bytes only: its bounds checks cover the heap, not the buffer kept for larger ones
                try {
                    heapBound = heapBuffer(heap.size());
                } catch (IllegalStateException e) {
                    fail(at(launch.site()) + "out of device memory for the heap of a kernel that follows pointers ('"
                            + layout.kernel() + "': " + heap.size() + " bytes)");
                    return;
                }
                bindings.add(new VulkanCompute.Binding(0, b.binding(), heapBound, VulkanCompute.Kind.STORAGE, heap.size()));
                continue;
            }
            long[] at = locate(b, launch);
            bufferOf[n] = at == null ? -1 : (int) at[0];
            if (at == null) {
                hidden[n] = NULL_OFFSET;
                bindings.add(new VulkanCompute.Binding(b.binding(), nullBuffer, VulkanCompute.Kind.STORAGE));
                continue;
            }
            if (at[1] % b.unitSize() != 0) {
                fail(at(launch.site()) + "misaligned address: pointer argument " + (b.param() + 1) + " of '" + layout.kernel()
                        + "' is not aligned to its " + b.unitSize() + "-byte elements");
                return;
            }
            hidden[n] = (int) (at[1] / b.unitSize());
            bytes[n] = buffers.get((int) at[0]).size;
            bindings.add(new VulkanCompute.Binding(b.binding(), buffers.get((int) at[0]), VulkanCompute.Kind.STORAGE));
        }
        for (LaunchLayout.UniformField f : layout.uniform().fields()) {
            String bad = null;
            if (f.hiddenOffset()) {
                UniformPacking.putInt(uniform, f.offset(), hidden[f.buffer()]);
            } else if (f.heapBase()) {
                UniformPacking.putInt(uniform, f.offset(), (int) heap.base());
                UniformPacking.putInt(uniform, f.offset() + 4, (int) (heap.base() >>> 32));
            } else if (f.heapOffset()) {
                long address = heapAddress(f, launch);
                if (address < 0) {
                    bad = "internal error: " + (f.param() < 0 ? "device variable '" + f.symbol() + "' has no address"
                            : "argument " + (f.param() + 1) + " of '" + layout.kernel() + "' is not a pointer");
                } else {
                    UniformPacking.putInt(uniform, f.offset(), (int) heap.offset(address));
                }
            } else {
                bad = UniformPacking.putScalar(uniform, 0, layout, f, launch.args());
            }
            if (bad != null) {
                fail(at(launch.site()) + bad);
                return;
            }
        }
        int shared = (int) Math.max(1, (launch.dynamicSharedBytes() + 3) / 4);
        int[] block = launch.block();
        // the pipeline without bounds checks where none of this launch's can fail (docs/bounds-checks.md)
        boolean unchecked = BoundsProofs.holds(layout, uniform, 0, block, dispatch, bytes);
        boolean aliased = aliased(layout, bufferOf);
        String key = layout.entryPoint() + "|" + block[0] + "," + block[1] + "," + block[2] + "|" + shared
                + (unchecked ? "|unchecked" : "") + (aliased ? "|aliased" : "") + (fold.rows() == 1 ? "" : "|" + fold.slices());
        try {
            VulkanCompute.Buffer u = uniformBuffer(uniform.length);
            bindings.add(new VulkanCompute.Binding(layout.uniform().binding(), u, VulkanCompute.Kind.UNIFORM));
            // bound for every kernel: a pipeline layout may hold a set its shader does not use
            bindings.add(new VulkanCompute.Binding(1, 0, debug, VulkanCompute.Kind.STORAGE));
            VulkanCompute.Pipeline p = pipelines.get(key);
            if (p == null) {
                // SpecIds 0 to 6 (SpirvProgram): blockDim, the shared words, the checks, aliasing, the slices per row
                p = vk.pipeline(module, layout.entryPoint(), bindings, new int[] {block[0], block[1], block[2], shared, unchecked ? 0 : 1,
                        aliased ? 1 : 0, (int) fold.slices()});
                pipelines.put(key, p);
            }
            debugDirty = true;
            launchedAt.put(layout.kernel(), System.nanoTime());
            String kernel = layout.kernel();
            java.util.function.DoubleConsumer time = timing ? ns -> kernelTimes.add(new KernelTime(kernel, ns)) : null;
            if (managed.isEmpty() && heapBound == null && (table == null || table.bytes().length <= 65536)) {
                // recorded behind the launches before it and run at the next synchronization (LaunchBatch); its
                // uniform, the watchdog's launch-wide tick count, which starts from zero (Watchdog), and the
                // allocation table are written in the command stream
                byte[] words = java.util.Arrays.copyOf(uniform, (uniform.length + 3) & ~3);
                List<LaunchBatch.Update> updates = new ArrayList<>(List.of(new LaunchBatch.Update(u, 0, words),
                        new LaunchBatch.Update(debug, DeviceOutput.WATCHDOG_TICKS_BYTE, new byte[4])));
                if (table != null) {
                    updates.add(table);
                }
                vk.enqueue(p, bindings, updates, dispatch[0], dispatch[1], dispatch[2], time);
                return;
            }
            // managed memory and the heap: the host's copies and the allocations go to the device before the launch and
            // come back after it, so the launch runs alone
            vk.flush();
            for (Map.Entry<Integer, byte[]> e : managed.entrySet()) {
                upload(buffers.get(e.getKey()), 0, e.getValue(), 0, e.getValue().length);
            }
            if (heapBound != null) {
                // the heap mirrors device addresses: each allocation goes to its address minus the heap's base
                for (DeviceHeap.Allocation a : heap.allocations()) {
                    copyBytes(buffers.get(a.buffer()), 0, heapBound, heap.offsetOf(a), a.size());
                }
            }
            u.contents().put(0, uniform);
            if (table != null) {
                table.buffer().contents().put(0, table.bytes());
            }
            // the watchdog's launch-wide tick count starts from zero for every launch (Watchdog)
            debug.contents().putInt(DeviceOutput.WATCHDOG_TICKS_BYTE, 0);
            double ns = vk.dispatch(p, bindings, dispatch[0], dispatch[1], dispatch[2], timing);
            if (time != null) {
                time.accept(ns);
            }
            if (heapBound != null && !heap.readOnly()) {
                for (DeviceHeap.Allocation a : heap.allocations()) {
                    copyBytes(heapBound, heap.offsetOf(a), buffers.get(a.buffer()), 0, a.size());
                }
            }
            for (Map.Entry<Integer, byte[]> e : managed.entrySet()) {
                download(buffers.get(e.getKey()), 0, e.getValue(), 0, e.getValue().length);
            }
        } catch (IllegalStateException e) {
            fail(at(launch.site()) + "the Vulkan device failed kernel '" + layout.kernel() + "': " + e.getMessage());
        }
    }

    @Override
    public boolean canTimeKernels() {
        return vk.canTime();
    }

    @Override
    public void setKernelTiming(boolean on) {
        timing = on;
    }

    @Override
    public List<KernelTime> kernelTimes() {
        vk.flush();
        return List.copyOf(kernelTimes);
    }

    /** Every live allocation (device variables' buffers included), for a heap. */
    private List<DeviceHeap.Allocation> allocations() {
        List<DeviceHeap.Allocation> all = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : bases.entrySet()) {
            VulkanCompute.Buffer b = buffers.get(e.getKey());
            if (b != null) {
                all.add(new DeviceHeap.Allocation(e.getKey(), e.getValue(), b.size));
            }
        }
        return all;
    }

    /** The device address heap offset field {@code f} stands for (0 for null), or -1 when there is none. */
    private long heapAddress(LaunchLayout.UniformField f, KernelLaunch launch) {
        if (f.param() < 0) {
            Long address = symbols.get(f.symbol());
            return address == null || address == 0 ? -1 : address;
        }
        KernelArg arg = launch.args().get(f.param());
        if (arg instanceof KernelArg.Pointer p && f.argOffset() == 0) {
            return p.address();
        }
        if (arg instanceof KernelArg.Bytes s) {
            return UniformPacking.read(s.bytes(), f.argOffset(), 8);
        }
        return -1;
    }

    /**
     * The buffer of the allocation tables (physical pointers), host-visible, written in the command
     * stream by every heap launch; made larger when a launch needs more.
     */
    private VulkanCompute.Buffer tableBuffer(int bytes) {
        return tableBuffer = atLeast(tableBuffer, bytes);
    }

    /** What a bad access through a physical pointer reads or writes instead (AllocationTable), made at first use. */
    private VulkanCompute.Buffer sink() {
        if (sink == null) {
            sink = vk.buffer(AllocationTable.SINK_BYTES);
        }
        return sink;
    }

    /**
     * The heap buffer of heap-mode kernels, kept between launches and grown when a launch needs
     * more (a heap launch runs alone, after the batch before it, so the old one is idle when it goes).
     */
    private VulkanCompute.Buffer heapBuffer(long size) {
        if (heapBuffer == null || heapBuffer.size < size) {
            if (heapBuffer != null) {
                heapBuffer.close();
            }
            heapBuffer = null;
            heapBuffer = vk.deviceBuffer(size);
        }
        return heapBuffer;
    }

    /** Bytes from one buffer to another: on the host where both are mapped, else a copy on the device. */
    private void copyBytes(VulkanCompute.Buffer src, long srcOffset, VulkanCompute.Buffer dst, long dstOffset, long length) {
        if (length == 0) {
            return;
        }
        if (src.isMapped() && dst.isMapped()) {
            MemoryUtil.memCopy(MemoryUtil.memAddress(src.contents()) + srcOffset, MemoryUtil.memAddress(dst.contents()) + dstOffset,
                    length);
        } else {
            vk.copy(src, srcOffset, dst, dstOffset, length);
        }
    }

    /**
     * Whether two of the launch's bindings share an allocation and one of them is written (SpecId 5,
     * SpirvProgram.SPEC_ALIASED: then __syncthreads orders buffer memory too). Null pointers bind a
     * buffer whose every access faults, so they share nothing.
     */
    static boolean aliased(LaunchLayout layout, int[] bufferOf) {
        for (int i = 0; i < bufferOf.length; i++) {
            for (int j = i + 1; j < bufferOf.length; j++) {
                if (bufferOf[i] >= 0 && bufferOf[i] == bufferOf[j]
                        && !(layout.buffers().get(i).readOnly() && layout.buffers().get(j).readOnly())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A device limit as an int: CUDA's grids stay below 2^31 in every dimension. */
    private static int unsigned(int limit) {
        return limit < 0 ? Integer.MAX_VALUE : limit;
    }

    /** Why this device cannot run the launch's shape, or null. */
    private String limit(KernelLaunch launch, LaunchLayout layout) {
        VulkanCompute.Limits l = vk.limits();
        int[] b = launch.block();
        long threads = (long) b[0] * b[1] * b[2];
        if (threads > l.maxInvocations()) {
            return "blocks of " + threads + " threads (this device allows " + l.maxInvocations() + ")";
        }
        String[] dims = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            if (b[i] > l.maxWorkgroupSize()[i]) {
                return "blockDim." + dims[i] + " = " + b[i] + " (this device allows " + l.maxWorkgroupSize()[i] + ")";
            }
            long g = launch.grid()[i] & 0xFFFFFFFFL;
            // a wide x is folded into rows (GridFold), whose limit the launch checks
            if (i > 0 && g > (l.maxWorkgroupCount()[i] & 0xFFFFFFFFL)) {
                return "gridDim." + dims[i] + " = " + g + " (this device allows " + (l.maxWorkgroupCount()[i] & 0xFFFFFFFFL) + ")";
            }
        }
        if (launch.dynamicSharedBytes() != 0 && layout.dynamicSharedWords() == null) {
            return "dynamic shared memory in a kernel without extern __shared__ memory";
        }
        if (launch.dynamicSharedBytes() > l.maxSharedBytes()) {
            return launch.dynamicSharedBytes() + " bytes of dynamic shared memory (this device allows " + l.maxSharedBytes() + ")";
        }
        return null;
    }

    /** The buffer id and byte offset binding {@code b} gets, or null for a null or dangling pointer. */
    private long[] locate(LaunchLayout.Buffer b, KernelLaunch launch) {
        long address;
        if (b.param() < 0) {
            address = symbols.getOrDefault(b.symbol(), 0L);
        } else {
            KernelArg arg = launch.args().get(b.param());
            if (arg instanceof KernelArg.Pointer p && b.argOffset() == 0) {
                if (p.buffer() >= 0) {
                    return new long[] {p.buffer(), p.offset()};
                }
                address = p.address();
            } else if (arg instanceof KernelArg.Bytes s) {
                address = UniformPacking.read(s.bytes(), b.argOffset(), 8);
            } else {
                address = 0;
            }
        }
        Map.Entry<Long, Integer> e = address == 0 ? null : byAddress.floorEntry(address);
        if (e == null || address - e.getKey() >= buffers.get(e.getValue()).size) {
            return null;
        }
        return new long[] {e.getValue(), address - e.getKey()};
    }

    /** A launch of a kernel the device passes or the SPIR-V writer left out: its diagnostics, then the error. */
    private void rejected(KernelLaunch launch) {
        String name = launch.kernelName();
        Span first = program.rejected().get(name);
        DiagnosticPrinter printer = new DiagnosticPrinter(file -> null, false);
        String reason = "kernel '" + name + "' cannot run on Vulkan";
        for (Diagnostic d : code != null ? code.diagnostics() : List.<Diagnostic>of()) {
            if (!diagnosticsShown) {
                console.err(printer.render(d));
            }
            if (d.severity() == Severity.ERROR && d.span().equals(first)) {
                reason = reason + ": " + d.message();
            }
        }
        diagnosticsShown = true;
        fault.stop(at(launch.site()) + reason);
    }

    /** Whether a kernel recorded a fault that the next synchronization will report. */
    private boolean faulted() {
        return debugDirty && debug.contents().getInt(DeviceOutput.FAULTS_BYTE) != 0;
    }

    /** Prints the printf records of the kernels since the last read-back and reports their first fault. */
    private void readDebug() {
        vk.flush();
        if (!debugDirty || fault.failed()) {
            return;
        }
        debugDirty = false;
        ByteBuffer d = debug.contents();
        int end = DeviceOutput.end(d.getInt(DeviceOutput.CURSOR_BYTE));
        int[] w = new int[end];
        d.asIntBuffer().get(0, w);
        long now = System.nanoTime();
        DeviceOutput.Result r = DeviceOutput.decode(program, w, end, kernel -> {
            Long at = launchedAt.get(kernel);
            return at == null ? Double.NaN : (now - at) / 1e9;
        });
        if (!r.stdout().isEmpty()) {
            console.out(r.stdout());
        }
        if (!r.stderr().isEmpty()) {
            console.err(r.stderr());
        }
        // the next kernels start from an empty header (the records after it are simply overwritten)
        MemoryUtil.memSet(MemoryUtil.memAddress(d), 0, 64);
        if (r.fault() != null) {
            fail(r.fault());
        }
    }

    private static String at(Span site) {
        return StickyFault.at(site);
    }

    /** Records the first fault and shows it; later operations are skipped and completions fail. */
    private void fail(String message) {
        fault.fail(message);
    }

    private void finish(Completion c) {
        fault.finish(c);
    }

    private void closePipelines() {
        for (VulkanCompute.Pipeline p : pipelines.values()) {
            p.close();
        }
        pipelines.clear();
        if (module != 0) {
            vk.destroyShaderModule(module);
            module = 0;
        }
    }

    @Override
    public void close() {
        vk.flush();
        closePipelines();
        for (VulkanCompute.Buffer b : buffers.values()) {
            b.close();
        }
        buffers.clear();
        debug.close();
        nullBuffer.close();
        if (staging != null) {
            staging.close();
        }
        for (VulkanCompute.Buffer b : new VulkanCompute.Buffer[] {tableBuffer, sink}) {
            if (b != null) {
                b.close();
            }
        }
        if (heapBuffer != null) {
            heapBuffer.close();
        }
        if (uniformBuffer != null) {
            uniformBuffer.close();
        }
        vk.close();
    }
}
