package webcu.webgpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;
import webcu.runtime.DeviceHeap;
import webcu.runtime.GridFold;
import webcu.runtime.KernelArg;
import webcu.runtime.KernelLaunch;
import webcu.runtime.LaunchLayout;
import webcu.runtime.UniformPacking;

/**
 * What one kernel launch binds and writes on WebGPU, decided in plain Java (so JVM tests can check
 * it): the buffer behind each storage binding, the bytes of the uniform buffer, the pipeline
 * cache key, or the reason the launch cannot run. {@link WebGpuDevice} turns a plan into WebGPU
 * calls.
 */
final class LaunchPlan {
    /** The adapter limits a launch is checked against. */
    record Limits(int maxInvocationsPerWorkgroup, int[] maxWorkgroupSize, int maxWorkgroupsPerDimension,
                  double maxStorageBufferBindingSize, int maxStorageBuffers, long maxWorkgroupStorage) {
        Limits(int maxInvocationsPerWorkgroup, int[] maxWorkgroupSize, int maxWorkgroupsPerDimension,
               double maxStorageBufferBindingSize) {
            this(maxInvocationsPerWorkgroup, maxWorkgroupSize, maxWorkgroupsPerDimension, maxStorageBufferBindingSize, 8, 16384);
        }
    }

    /**
     * Storage binding {@code binding} gets buffer {@code buffer} (-1: a null pointer, bound to a
     * dummy buffer; {@link #HEAP}: the heap buffer).
     */
    record Binding(int binding, int buffer, boolean readOnly) {
    }

    /** The buffer id of the heap binding in {@link Binding#buffer}. */
    static final int HEAP = -2;

    /** Where the device keeps what the launch refers to besides its arguments. */
    interface Memory {
        /** The byte size of buffer {@code id}. */
        long size(int id);

        /** The buffer and byte offset behind a device address, or null when no live buffer holds it. */
        long[] locate(long address);

        /** The buffer of the device variable named {@code symbol}, or -1 when it has none. */
        int symbol(String symbol);

        /** The device address of the variable named {@code symbol}, or 0 when it has none. */
        default long symbolAddress(String symbol) {
            return 0;
        }

        /** Every live allocation (device variables' buffers included), for a heap. */
        default List<DeviceHeap.Allocation> allocations() {
            return List.of();
        }
    }

    final List<Binding> bindings;
    /** The uniform buffer's contents, or null when the kernel has none. */
    final byte[] uniform;
    /** The cache key of the pipeline: entry point, block dims, dynamic shared size, binding pattern. */
    final String pipelineKey;
    /** Why the launch cannot run, or null. */
    final String error;

    /** The workgroups to dispatch (x folded into y where the grid is wider than the adapter allows). */
    final int[] dispatch;
    /**
     * The pipeline's constants for GridFolding ({@link LaunchLayout#slicesConstant}): the slices
     * per row of every launch that repeats this plan (0: the kernel reads the uniform's), and
     * whether the dispatch has padding workgroups (false: the pipeline drops the padding check).
     * Both are in {@link #pipelineKey}.
     */
    final int slicesConstant;
    final boolean padded;
    /**
     * Whether every hidden offset in the uniform is 0 (each pointer at its allocation's start) and
     * the kernel has the constant that drops them ({@link LaunchLayout#offsetsConstant}); in the key too.
     */
    final boolean zeroOffsets;
    /** The heap to assemble around the dispatch, or null when the kernel has none. */
    final DeviceHeap heap;
    private final LaunchLayout layout;
    /** The launch planned, and the parameters whose pointers chose the bindings ({@link #repeats}). */
    private final KernelLaunch source;
    private final int[] pointerParams;
    /** The uniform's fields that hold scalar arguments, the only bytes a repeated launch changes. */
    private final List<LaunchLayout.UniformField> scalars;

    private LaunchPlan(List<Binding> bindings, byte[] uniform, String pipelineKey, String error, int[] dispatch, DeviceHeap heap,
                       LaunchLayout layout, KernelLaunch source, int[] pointerParams,
                       List<LaunchLayout.UniformField> scalars, int slicesConstant, boolean padded, boolean zeroOffsets) {
        this.slicesConstant = slicesConstant;
        this.padded = padded;
        this.zeroOffsets = zeroOffsets;
        this.layout = layout;
        this.bindings = bindings;
        this.uniform = uniform;
        this.pipelineKey = pipelineKey;
        this.error = error;
        this.dispatch = dispatch;
        this.heap = heap;
        this.source = source;
        this.pointerParams = pointerParams;
        this.scalars = scalars;
    }

    private static LaunchPlan failed(String error) {
        return new LaunchPlan(List.of(), null, null, error, null, null, null, null, null, List.of(), 0, true, false);
    }

    /**
     * Whether {@code launch} of the same kernel (in the same program, with the device's memory
     * unchanged since this plan) plans to this plan but for its scalar arguments: the same grid,
     * block and dynamic shared size, and the same pointers where they choose a binding. Plans with
     * a heap, and pointers inside structs passed by value, never repeat (their bindings follow the
     * whole address space). Compares ints and references only where it can: longs are BigInts in
     * the page's JavaScript build, and this runs at every launch.
     */
    /** Whether a later launch may repeat this plan ({@link #repeats}). */
    boolean repeatable() {
        return source != null && pointerParams != null;
    }

    boolean repeats(KernelLaunch launch) {
        if (source == null || pointerParams == null) {
            return false;
        }
        int[] g = launch.grid();
        int[] sg = source.grid();
        int[] b = launch.block();
        int[] sb = source.block();
        if (g[0] != sg[0] || g[1] != sg[1] || g[2] != sg[2] || b[0] != sb[0] || b[1] != sb[1] || b[2] != sb[2]
                || launch.dynamicSharedBytes() != source.dynamicSharedBytes()) {
            return false;
        }
        List<KernelArg> args = launch.args();
        List<KernelArg> planned = source.args();
        for (int p : pointerParams) {
            KernelArg a = args.get(p);
            KernelArg was = planned.get(p);
            if (a != was && !(a instanceof KernelArg.Pointer x && was instanceof KernelArg.Pointer y
                    && x.buffer() == y.buffer() && x.offset() == y.offset() && x.address() == y.address())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a repeated launch's uniform may differ from this plan's: it has scalar arguments. */
    boolean hasScalars() {
        return !scalars.isEmpty();
    }

    /**
     * Writes the uniform of {@code launch}, which {@link #repeats} this plan, at {@code at} of
     * {@code dst}: this plan's bytes with the launch's scalar arguments. Returns an error or null.
     */
    String writeUniform(KernelLaunch launch, byte[] dst, int at) {
        // a loop: TeaVM's arraycopy of a byte array makes a typed-array view each time, dearer for these few bytes
        for (int i = 0; i < uniform.length; i++) {
            dst[at + i] = uniform[i];
        }
        for (LaunchLayout.UniformField f : scalars) {
            String error = UniformPacking.putScalar(dst, at, layout, f, launch.args());
            if (error != null) {
                return error;
            }
        }
        return null;
    }

    /** Plans a launch whose arguments hold only buffer-relative pointers (JVM tests). */
    static LaunchPlan of(LaunchLayout layout, KernelLaunch launch, Limits limits, IntToLongFunction bufferSize) {
        return of(layout, launch, limits, new Memory() {
            public long size(int id) {
                return bufferSize.applyAsLong(id);
            }

            public long[] locate(long address) {
                return null;
            }

            public int symbol(String symbol) {
                return -1;
            }
        });
    }

    /**
     * The CUDA threads each invocation must run for a block of {@code block} threads: 1 when the
     * adapter's workgroups hold the block, else enough that the workgroup fits (ThreadCoarsening).
     */
    static int coarsening(int[] block, Limits limits) {
        long threads = (long) block[0] * block[1] * block[2];
        boolean fits = threads <= limits.maxInvocationsPerWorkgroup();
        for (int i = 0; i < 3; i++) {
            fits &= block[i] <= limits.maxWorkgroupSize()[i];
        }
        if (fits) {
            return 1;
        }
        long perInvocation = Math.min(limits.maxInvocationsPerWorkgroup(), limits.maxWorkgroupSize()[0]);
        // a block that fits in threads but not in its z (or y) is linearized too: two threads per invocation
        return (int) Math.max(2, Math.min(64, (threads + perInvocation - 1) / perInvocation));
    }

    /** Plans {@code launch} of the kernel laid out as {@code layout}. */
    static LaunchPlan of(LaunchLayout layout, KernelLaunch launch, Limits limits, Memory memory) {
        int[] b = launch.block();
        long threads = (long) b[0] * b[1] * b[2];
        int k = layout.coarsening();
        long workgroup = (threads + k - 1) / k;
        if (workgroup > limits.maxInvocationsPerWorkgroup() || k > 1 && workgroup > limits.maxWorkgroupSize()[0]) {
            return failed("not supported on WebGPU yet: blocks of " + threads + " threads (this adapter allows "
                    + limits.maxInvocationsPerWorkgroup() + ")");
        }
        String[] dims = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            if (k == 1 && b[i] > limits.maxWorkgroupSize()[i]) {
                return failed("not supported on WebGPU yet: blockDim." + dims[i] + " = " + b[i]
                        + " (this adapter allows " + limits.maxWorkgroupSize()[i] + ")");
            }
            if (i > 0 && (launch.grid()[i] & 0xFFFFFFFFL) > limits.maxWorkgroupsPerDimension()) {
                return failed("not supported on WebGPU yet: gridDim." + dims[i] + " = " + (launch.grid()[i] & 0xFFFFFFFFL)
                        + " (this adapter allows " + limits.maxWorkgroupsPerDimension() + " blocks per dimension)");
            }
        }
        if (launch.dynamicSharedBytes() > limits.maxWorkgroupStorage()) {
            return failed("not supported on WebGPU yet: " + launch.dynamicSharedBytes() + " bytes of dynamic shared memory"
                    + " (this adapter allows " + limits.maxWorkgroupStorage() + " bytes of shared memory per block)");
        }
        if (layout.buffers().size() > limits.maxStorageBuffers()) {
            return failed("not supported on WebGPU yet: kernels with " + layout.buffers().size()
                    + " buffers (pointer arguments and device variables; this adapter allows " + limits.maxStorageBuffers()
                    + ")");
        }
        if (launch.dynamicSharedBytes() != 0 && layout.dynamicSharedWords() == null) {
            return failed("not supported on WebGPU yet: dynamic shared memory (extern __shared__)");
        }
        List<Binding> bindings = new ArrayList<>();
        int[] pointerParams = new int[layout.buffers().size()];
        int pointers = 0;
        boolean repeatable = true;
        long[] hiddenOffset = new long[layout.buffers().size()];
        StringBuilder pattern = new StringBuilder();
        DeviceHeap heap = null;
        if (DeviceHeap.needed(layout)) {
            // the heap's extent and offsets are the runtime's, as on Vulkan
            Object h = DeviceHeap.of(layout, memory.allocations(), (long) limits.maxStorageBufferBindingSize(), "WebGPU", "adapter");
            if (h instanceof String message) {
                return failed(message);
            }
            heap = (DeviceHeap) h;
        }
        for (int n = 0; n < layout.buffers().size(); n++) {
            LaunchLayout.Buffer buf = layout.buffers().get(n);
            int id = -1;
            if (buf.heap()) {
                bindings.add(new Binding(buf.binding(), HEAP, buf.readOnly()));
                pattern.append(buf.readOnly() ? 'r' : 'w');
                continue;
            } else if (buf.param() < 0) {
                id = memory.symbol(buf.symbol());
                if (id < 0) {
                    return failed("internal error: device variable '" + buf.symbol() + "' has no buffer");
                }
            } else {
                KernelArg arg = launch.args().get(buf.param());
                long[] at;
                if (arg instanceof KernelArg.Pointer p && buf.argOffset() == 0) {
                    at = p.buffer() >= 0 ? new long[] {p.buffer(), p.offset()} : p.address() == 0 ? null : memory.locate(p.address());
                    pointerParams[pointers++] = buf.param();
                } else if (arg instanceof KernelArg.Bytes s) {
                    repeatable = false;
                    long address = read(s.bytes(), buf.argOffset(), 8);
                    at = address == 0 ? null : memory.locate(address);
                } else {
                    return failed("internal error: argument " + (buf.param() + 1) + " of '" + layout.kernel()
                            + "' is not a pointer");
                }
                if (at == null) {
                    // a null or dangling pointer: bound to a dummy buffer, with an offset that makes
                    // any access through it fail the kernel's bounds check, as an illegal address
                    hiddenOffset[n] = 0x80000000L;
                } else {
                    if (at[1] % buf.unitSize() != 0) {
                        return failed("misaligned address: pointer argument " + (buf.param() + 1) + " of '" + layout.kernel()
                                + "' is not aligned to its " + buf.unitSize() + "-byte elements");
                    }
                    id = (int) at[0];
                    hiddenOffset[n] = at[1] / buf.unitSize();
                }
            }
            if (id >= 0 && memory.size(id) > limits.maxStorageBufferBindingSize()) {
                return failed("not supported on WebGPU yet: an allocation of " + memory.size(id)
                        + " bytes in a kernel (this adapter binds at most " + (long) limits.maxStorageBufferBindingSize()
                        + " bytes)");
            }
            bindings.add(new Binding(buf.binding(), id, buf.readOnly()));
            pattern.append(buf.readOnly() ? 'r' : 'w');
        }
        for (int i = 0; i < bindings.size(); i++) {
            for (int j = i + 1; j < bindings.size(); j++) {
                Binding x = bindings.get(i);
                Binding y = bindings.get(j);
                if (x.buffer() >= 0 && x.buffer() == y.buffer() && !(x.readOnly() && y.readOnly())) {
                    return failed("not supported on WebGPU yet: '" + layout.buffers().get(i).name() + "' and '"
                            + layout.buffers().get(j).name() + "' point into one allocation and the kernel writes through"
                            + " one of them");
                }
            }
        }
        long gx = launch.grid()[0] & 0xFFFFFFFFL;
        long gy = launch.grid()[1] & 0xFFFFFFFFL;
        int max = limits.maxWorkgroupsPerDimension();
        GridFold fold = GridFold.of(launch.grid(), max, max);
        if (fold == null) {
            return failed("not supported on WebGPU yet: a grid of " + gx + " x " + gy
                    + " blocks (this adapter dispatches at most " + max + " x " + max + ")");
        }
        int[] dispatch = fold.dispatch();
        long slicesWord = fold.slices();
        int slicesConstant = 0;
        boolean padded = true;
        String variant = "";
        if (layout.slicesConstant() != null) {
            // a constant where the kernel may fold it: one row per CUDA row, or a grid of one row
            slicesConstant = fold.rows() == 1 || gy == 1 ? (int) slicesWord : 0;
            padded = fold.padded();
            variant = "|" + (slicesConstant & 0xFFFFFFFFL) + (padded ? "p" : "");
        }
        byte[] uniform = null;
        List<LaunchLayout.UniformField> scalars = new ArrayList<>();
        boolean zeroOffsets = true;
        if (layout.uniform() != null) {
            uniform = new byte[layout.uniform().size()];
            UniformPacking.putGrid(uniform, launch.grid(), slicesWord);
            for (LaunchLayout.UniformField f : layout.uniform().fields()) {
                if (f.hiddenOffset()) {
                    putInt(uniform, f.offset(), (int) hiddenOffset[f.buffer()]);
                    zeroOffsets &= hiddenOffset[f.buffer()] == 0;
                    continue;
                }
                if (f.heapBase()) {
                    putInt(uniform, f.offset(), (int) heap.base());
                    putInt(uniform, f.offset() + 4, (int) (heap.base() >>> 32));
                    continue;
                }
                if (f.heapOffset()) {
                    long address;
                    if (f.param() < 0) {
                        address = memory.symbolAddress(f.symbol());
                        if (address == 0) {
                            return failed("internal error: device variable '" + f.symbol() + "' has no address");
                        }
                    } else if (launch.args().get(f.param()) instanceof KernelArg.Pointer p && f.argOffset() == 0) {
                        address = p.address();
                    } else if (launch.args().get(f.param()) instanceof KernelArg.Bytes s) {
                        address = read(s.bytes(), f.argOffset(), 8);
                    } else {
                        return failed("internal error: argument " + (f.param() + 1) + " of '" + layout.kernel()
                                + "' is not a pointer");
                    }
                    putInt(uniform, f.offset(), (int) heap.offset(address));
                    continue;
                }
                String error = UniformPacking.putScalar(uniform, 0, layout, f, launch.args());
                if (error != null) {
                    return failed(error);
                }
                scalars.add(f);
            }
        }
        zeroOffsets &= layout.offsetsConstant() != null;
        String key = layout.entryPoint() + "|" + b[0] + "," + b[1] + "," + b[2] + "|" + launch.dynamicSharedBytes()
                + "|" + pattern + variant + (zeroOffsets ? "z" : "");
        return new LaunchPlan(bindings, uniform, key, null, dispatch, heap, layout, launch,
                heap == null && repeatable ? Arrays.copyOf(pointerParams, pointers) : null, scalars, slicesConstant, padded,
                zeroOffsets);
    }

    /** {@code size} bytes little-endian at {@code at} (zero-extended). */
    static long read(byte[] a, int at, int size) {
        return UniformPacking.read(a, at, size);
    }

    static void putInt(byte[] a, int at, int v) {
        UniformPacking.putInt(a, at, v);
    }
}
