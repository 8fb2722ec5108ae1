package webcu.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Module;
import webcu.ir.Stmt;

/**
 * The CUDA runtime API over a {@link Device}: device allocations and their addresses, copies in
 * every direction, memset, synchronization, launches with CUDA 13's validation, and the error
 * state (the last error that cudaGetLastError returns and clears, and the sticky error a kernel
 * fault leaves, which every later call returns). HIP's API maps onto the same methods.
 *
 * <p>Calls that must wait for the device (copies to the host, synchronization) return
 * {@link #PENDING} when the device has not finished; the caller waits for {@link #pending()} and
 * then calls {@link #finish()} for the result. Host memory is reached only through
 * {@link HostMemory}, so this class knows nothing of the VM.
 */
public final class CudaRuntime {
    /** Returned by calls that wait for {@link #pending()}. */
    public static final int PENDING = -1;

    public static final int MEMCPY_HOST_TO_HOST = 0, MEMCPY_HOST_TO_DEVICE = 1, MEMCPY_DEVICE_TO_HOST = 2,
            MEMCPY_DEVICE_TO_DEVICE = 3, MEMCPY_DEFAULT = 4;

    private final Device device;
    private final DeviceInfo info;
    private final DeviceMemoryMap map = new DeviceMemoryMap();
    private int lastError;
    private int sticky;
    private int nextBuffer = 1;
    private long used;
    private long allocated;
    private Completion pending;
    private Completion pendingRead;
    private final HashMap<Function, Long> staticShared = new HashMap<>();
    /** The kernel last launched without dynamic shared memory, whose static shared memory fits. */
    private Function sharedChecked;
    private final HashMap<Global, DeviceMemoryMap.Allocation> symbols = new HashMap<>();
    private final HashMap<Long, Integer> streams = new HashMap<>();
    private final HashMap<Long, Event> events = new HashMap<>();
    private long nextHandle = STREAM_HANDLES;
    private long pitch;
    private float elapsed;

    /** Stream and event handles are opaque non-null values in a range no allocation uses. */
    private static final long STREAM_HANDLES = 0x5eed00000000L;
    /** cudaStreamLegacy and cudaStreamPerThread, valid without being created. */
    private static final long STREAM_LEGACY = 1, STREAM_PER_THREAD = 2;
    private static final int EVENT_DISABLE_TIMING = 0x02;
    /** What cudaDriverGetVersion and cudaRuntimeGetVersion report: CUDA 13.0. */
    public static final int VERSION = 13000;

    /** An event: its flags and when it was last recorded (nanoseconds, or -1). */
    private static final class Event {
        final int flags;
        long recorded = -1;

        Event(int flags) {
            this.flags = flags;
        }
    }

    public CudaRuntime(Device device) {
        this.device = device;
        this.info = device.info();
    }

    public Device device() {
        return device;
    }

    public DeviceInfo info() {
        return info;
    }

    public DeviceMemoryMap map() {
        return map;
    }

    // ---- errors

    /** cudaGetLastError: the last error, cleared (a sticky error stays). */
    public int getLastError() {
        int e = lastError;
        lastError = sticky;
        return e;
    }

    /** cudaPeekAtLastError. */
    public int peekAtLastError() {
        return lastError;
    }

    /** The sticky error of a faulted context, or 0. */
    public int stickyError() {
        return sticky;
    }

    private int fail(int e) {
        lastError = e;
        return e;
    }

    /** Records a failure reported outside the runtime's own calls (e.g. an argument the caller rejected). */
    public int error(int e) {
        return fail(e);
    }

    // ---- pending calls

    /** What a call that returned PENDING waits for. */
    public Completion pending() {
        return pending;
    }

    /** The result of the call that returned PENDING, once {@link #pending()} is done. */
    public int finish() {
        Completion c = pending;
        Completion r = pendingRead;
        pending = null;
        pendingRead = null;
        return finishSync(c, r);
    }

    private int waitForDevice(Completion read) {
        Completion c = device.synchronize();
        if (c.isDone() && (read == null || read.isDone())) {
            return finishSync(c, read);
        }
        pending = c;
        pendingRead = read;
        return PENDING;
    }

    private int finishSync(Completion c, Completion read) {
        String err = c == null ? null : c.error();
        if (err == null && read != null) {
            err = read.error();
        }
        if (err != null) {
            int code = CudaError.fromFaultText(err);
            if (CudaError.isSticky(code)) {
                sticky = code;
            }
            return fail(code);
        }
        return CudaError.SUCCESS;
    }

    // ---- memory

    /** cudaMalloc: on success the address is {@link #allocated()} (0 for a size of 0). */
    public int malloc(long size, String label, Span site) {
        allocated = 0;
        if (sticky != 0) {
            return fail(sticky);
        }
        if (size == 0) {
            return CudaError.SUCCESS;
        }
        if (size < 0 || size > info.totalGlobalMem() - used) {
            return fail(CudaError.MEMORY_ALLOCATION);
        }
        int id = nextBuffer++;
        if (!device.createBuffer(id, size)) {
            return fail(CudaError.MEMORY_ALLOCATION);
        }
        DeviceMemoryMap.Allocation a = map.add(id, size, label, site);
        used += size;
        if (device instanceof AddressedDevice ad) {
            ad.mapBuffer(id, a.base(), label, site);
        }
        allocated = a.base();
        return CudaError.SUCCESS;
    }

    public long allocated() {
        return allocated;
    }

    /** cudaFree: null is fine; anything but the start of a live allocation is an invalid value. */
    public int free(long address) {
        if (sticky != 0) {
            return fail(sticky);
        }
        if (address == 0) {
            return CudaError.SUCCESS;
        }
        DeviceMemoryMap.Allocation a = map.exact(address);
        if (a == null) {
            return fail(CudaError.INVALID_VALUE);
        }
        device.destroyBuffer(a.buffer());
        map.remove(a);
        used -= a.size();
        return CudaError.SUCCESS;
    }

    /** True when {@code address} is in a live device allocation. */
    public boolean isDevicePointer(long address) {
        return map.find(address) != null;
    }

    /**
     * cudaMemcpy with all five kinds. Device ranges must lie inside one live allocation (else
     * cudaErrorInvalidValue, nothing copied); host ranges are checked by {@code host}. Copies
     * involving the host wait for the device, as cudaMemcpy does, and report kernel faults.
     */
    public int memcpy(long dst, long src, long n, int kind, HostMemory host) {
        if (sticky != 0) {
            return fail(sticky);
        }
        if (kind < MEMCPY_HOST_TO_HOST || kind > MEMCPY_DEFAULT) {
            return fail(CudaError.INVALID_MEMCPY_DIRECTION);
        }
        if (n == 0) {
            return CudaError.SUCCESS;
        }
        DeviceMemoryMap.Allocation da = map.find(dst);
        DeviceMemoryMap.Allocation sa = map.find(src);
        if (kind == MEMCPY_DEFAULT) {
            boolean dstDevice = da != null || DeviceMemoryMap.isDeviceRange(dst);
            boolean srcDevice = sa != null || DeviceMemoryMap.isDeviceRange(src);
            kind = srcDevice ? (dstDevice ? MEMCPY_DEVICE_TO_DEVICE : MEMCPY_DEVICE_TO_HOST)
                    : (dstDevice ? MEMCPY_HOST_TO_DEVICE : MEMCPY_HOST_TO_HOST);
        }
        switch (kind) {
            case MEMCPY_HOST_TO_DEVICE -> {
                if (da == null || !da.holds(dst, n) || sa != null || src == 0 || n > Integer.MAX_VALUE) {
                    return fail(CudaError.INVALID_VALUE);
                }
                HostMemory.Range h = host.range(src, n, false);
                device.write(da.buffer(), dst - da.base(), h.data(), h.offset(), (int) n);
                return waitForDevice(null);
            }
            case MEMCPY_DEVICE_TO_HOST -> {
                if (sa == null || !sa.holds(src, n) || da != null || dst == 0 || n > Integer.MAX_VALUE) {
                    return fail(CudaError.INVALID_VALUE);
                }
                HostMemory.Range h = host.range(dst, n, true);
                Completion read = device.read(sa.buffer(), src - sa.base(), h.data(), h.offset(), (int) n);
                return waitForDevice(read);
            }
            case MEMCPY_DEVICE_TO_DEVICE -> {
                if (sa == null || !sa.holds(src, n) || da == null || !da.holds(dst, n)) {
                    return fail(CudaError.INVALID_VALUE);
                }
                device.copy(da.buffer(), dst - da.base(), sa.buffer(), src - sa.base(), n);
                return CudaError.SUCCESS;
            }
            default -> {
                if (da != null || sa != null || dst == 0 || src == 0) {
                    return fail(CudaError.INVALID_VALUE);
                }
                HostMemory.Range s = host.range(src, n, false);
                HostMemory.Range d = host.range(dst, n, true);
                System.arraycopy(s.data(), s.offset(), d.data(), d.offset(), (int) n);
                return CudaError.SUCCESS;
            }
        }
    }

    /** cudaMemset: fills {@code n} bytes of device memory with the low byte of {@code value}. */
    public int memset(long address, int value, long n) {
        if (sticky != 0) {
            return fail(sticky);
        }
        if (n == 0) {
            return CudaError.SUCCESS;
        }
        DeviceMemoryMap.Allocation a = map.find(address);
        if (a == null || !a.holds(address, n)) {
            return fail(CudaError.INVALID_VALUE);
        }
        device.fill(a.buffer(), address - a.base(), value & 0xFF, n);
        return CudaError.SUCCESS;
    }

    /** cudaDeviceSynchronize: waits for the device and reports a kernel fault (sticky from then on). */
    public int deviceSynchronize() {
        if (sticky != 0) {
            return fail(sticky);
        }
        return waitForDevice(null);
    }

    /** cudaDeviceReset: frees everything and clears every error, sticky ones included. */
    public int deviceReset() {
        for (DeviceMemoryMap.Allocation a : map.live()) {
            device.destroyBuffer(a.buffer());
        }
        map.clear();
        used = 0;
        lastError = 0;
        sticky = 0;
        if (device instanceof AddressedDevice ad) {
            ad.reset();
        }
        // A reset context loads the module again: its variables start over from their initializers.
        symbols.clear();
        if (registered != null) {
            registerGlobals(registered);
        }
        return CudaError.SUCCESS;
    }

    /** cudaSetDevice: there is one device, number 0. */
    public int setDevice(int ordinal) {
        if (sticky != 0) {
            return fail(sticky);
        }
        return ordinal == 0 ? CudaError.SUCCESS : fail(CudaError.INVALID_DEVICE);
    }

    /** Bytes of device memory in use (cudaMemGetInfo: free is the total less this). */
    public long usedBytes() {
        return used;
    }

    /** cudaMallocPitch: rows padded to 512 bytes; the pitch is {@link #pitch()}. */
    public int mallocPitch(long width, long height, String label, Span site) {
        pitch = 0;
        if (width < 0 || height < 0) {
            return fail(CudaError.INVALID_VALUE);
        }
        long p = (width + 511) & -512L;
        int rc = malloc(p * height, label, site);
        if (rc == CudaError.SUCCESS) {
            pitch = p;
        }
        return rc;
    }

    public long pitch() {
        return pitch;
    }

    /**
     * cudaMemcpy2D: {@code height} rows of {@code width} bytes between pitched layouts. Every row is
     * checked before anything is copied; the copy waits for the device once, as one call.
     */
    public int memcpy2D(long dst, long dpitch, long src, long spitch, long width, long height, int kind,
                        HostMemory host) {
        if (sticky != 0) {
            return fail(sticky);
        }
        if (width > dpitch || width > spitch || width < 0 || height < 0) {
            return fail(CudaError.INVALID_PITCH_VALUE);
        }
        if (kind < MEMCPY_HOST_TO_HOST || kind > MEMCPY_DEFAULT) {
            return fail(CudaError.INVALID_MEMCPY_DIRECTION);
        }
        if (width == 0 || height == 0) {
            return CudaError.SUCCESS;
        }
        // Each row is a plain copy; validation of the last row covers the whole extent of both layouts.
        long lastDst = dst + (height - 1) * dpitch;
        long lastSrc = src + (height - 1) * spitch;
        DeviceMemoryMap.Allocation da = map.find(dst);
        DeviceMemoryMap.Allocation sa = map.find(src);
        if (da != null && (!da.holds(lastDst, width)) || sa != null && !sa.holds(lastSrc, width)) {
            return fail(CudaError.INVALID_VALUE);
        }
        Completion last = null;
        for (long r = 0; r < height; r++) {
            int rc = memcpyNoWait(dst + r * dpitch, src + r * spitch, width, kind, host);
            if (rc != CudaError.SUCCESS) {
                return rc;
            }
            if (lastRead != null) {
                last = lastRead;
            }
        }
        return waitForDevice(last);
    }

    private Completion lastRead;
    private Module registered;

    /** One copy of {@link #memcpy} without the final wait (rows of a 2D copy). */
    private int memcpyNoWait(long dst, long src, long n, int kind, HostMemory host) {
        lastRead = null;
        DeviceMemoryMap.Allocation da = map.find(dst);
        DeviceMemoryMap.Allocation sa = map.find(src);
        if (kind == MEMCPY_DEFAULT) {
            kind = sa != null ? (da != null ? MEMCPY_DEVICE_TO_DEVICE : MEMCPY_DEVICE_TO_HOST)
                    : (da != null ? MEMCPY_HOST_TO_DEVICE : MEMCPY_HOST_TO_HOST);
        }
        switch (kind) {
            case MEMCPY_HOST_TO_DEVICE -> {
                if (da == null || !da.holds(dst, n) || sa != null) {
                    return fail(CudaError.INVALID_VALUE);
                }
                HostMemory.Range h = host.range(src, n, false);
                device.write(da.buffer(), dst - da.base(), h.data(), h.offset(), (int) n);
            }
            case MEMCPY_DEVICE_TO_HOST -> {
                if (sa == null || !sa.holds(src, n) || da != null) {
                    return fail(CudaError.INVALID_VALUE);
                }
                HostMemory.Range h = host.range(dst, n, true);
                lastRead = device.read(sa.buffer(), src - sa.base(), h.data(), h.offset(), (int) n);
            }
            case MEMCPY_DEVICE_TO_DEVICE -> {
                if (sa == null || !sa.holds(src, n) || da == null || !da.holds(dst, n)) {
                    return fail(CudaError.INVALID_VALUE);
                }
                device.copy(da.buffer(), dst - da.base(), sa.buffer(), src - sa.base(), n);
            }
            default -> {
                if (da != null || sa != null) {
                    return fail(CudaError.INVALID_VALUE);
                }
                HostMemory.Range s2 = host.range(src, n, false);
                HostMemory.Range d2 = host.range(dst, n, true);
                System.arraycopy(s2.data(), s2.offset(), d2.data(), d2.offset(), (int) n);
            }
        }
        return CudaError.SUCCESS;
    }

    // ---- device globals (symbols)

    /**
     * Creates a device buffer for every {@code __device__} and {@code __constant__} variable of the
     * module, initialized from its initializer, so that kernels and the symbol API share them.
     */
    public void registerGlobals(Module module) {
        registered = module;
        for (Global g : module.globals()) {
            if ((g.space() == AddressSpace.DEVICE || g.space() == AddressSpace.CONSTANT) && !symbols.containsKey(g)) {
                long size = Math.max(1, g.type().size());
                int id = nextBuffer++;
                if (!device.createBuffer(id, size)) {
                    continue;
                }
                String what = (g.space() == AddressSpace.DEVICE ? "__device__" : "__constant__") + " variable '"
                        + g.name() + "'";
                DeviceMemoryMap.Allocation a = map.add(id, size, what, g.span());
                used += size;
                if (g.init() != null) {
                    device.write(id, 0, g.init(), 0, (int) Math.min(g.init().length, size));
                }
                if (device instanceof AddressedDevice ad) {
                    ad.mapBuffer(id, a.base(), what, g.span());
                    ad.mapGlobal(g, a.base());
                }
                symbols.put(g, a);
            }
        }
    }

    /** The device address of a registered variable, or 0. */
    public long symbolAddress(Global g) {
        DeviceMemoryMap.Allocation a = symbols.get(g);
        return a == null ? 0 : a.base();
    }

    /** cudaMemcpyToSymbol / cudaMemcpyFromSymbol: a copy at an offset into the variable, range-checked. */
    public int memcpySymbol(Global g, boolean toSymbol, long other, long count, long offset, int kind, HostMemory host) {
        if (sticky != 0) {
            return fail(sticky);
        }
        DeviceMemoryMap.Allocation a = g == null ? null : symbols.get(g);
        if (a == null) {
            return fail(CudaError.INVALID_SYMBOL);
        }
        if (offset < 0 || count < 0 || offset > a.size() - count) {
            return fail(CudaError.INVALID_VALUE);
        }
        if (toSymbol && kind != MEMCPY_HOST_TO_DEVICE && kind != MEMCPY_DEVICE_TO_DEVICE && kind != MEMCPY_DEFAULT
                || !toSymbol && kind != MEMCPY_DEVICE_TO_HOST && kind != MEMCPY_DEVICE_TO_DEVICE && kind != MEMCPY_DEFAULT) {
            return fail(CudaError.INVALID_MEMCPY_DIRECTION);
        }
        long at = a.base() + offset;
        return toSymbol ? memcpy(at, other, count, kind, host) : memcpy(other, at, count, kind, host);
    }

    // ---- streams and events (work is issued in order; a stream adds no concurrency)

    private long newHandle() {
        nextHandle += 16;
        return nextHandle;
    }

    /** The handle of a new stream, written to {@link #allocated()}. */
    public int streamCreate(int flags) {
        if (sticky != 0) {
            return fail(sticky);
        }
        allocated = newHandle();
        streams.put(allocated, flags);
        return CudaError.SUCCESS;
    }

    private boolean isStream(long h) {
        return h == 0 || h == STREAM_LEGACY || h == STREAM_PER_THREAD || streams.containsKey(h);
    }

    public int streamDestroy(long h) {
        if (h == 0 || streams.remove(h) == null) {
            return fail(CudaError.INVALID_RESOURCE_HANDLE);
        }
        return CudaError.SUCCESS;
    }

    public int streamSynchronize(long h) {
        if (!isStream(h)) {
            return fail(CudaError.INVALID_RESOURCE_HANDLE);
        }
        return deviceSynchronize();
    }

    /** cudaStreamQuery / cudaEventQuery: done, or cudaErrorNotReady while the device still works. */
    public int query() {
        if (sticky != 0) {
            return fail(sticky);
        }
        Completion c = device.synchronize();
        if (!c.isDone()) {
            return CudaError.NOT_READY;
        }
        return finishSync(c, null);
    }

    public int streamQuery(long h) {
        return isStream(h) ? query() : fail(CudaError.INVALID_RESOURCE_HANDLE);
    }

    public int streamWaitEvent(long stream, long event) {
        if (!isStream(stream) || !events.containsKey(event)) {
            return fail(CudaError.INVALID_RESOURCE_HANDLE);
        }
        return CudaError.SUCCESS;
    }

    /** The handle of a new event, written to {@link #allocated()}. */
    public int eventCreate(int flags) {
        if (sticky != 0) {
            return fail(sticky);
        }
        allocated = newHandle();
        events.put(allocated, new Event(flags));
        return CudaError.SUCCESS;
    }

    public int eventDestroy(long h) {
        return events.remove(h) == null ? fail(CudaError.INVALID_RESOURCE_HANDLE) : CudaError.SUCCESS;
    }

    /** cudaEventRecord: the time is taken when the work issued before it is done (the CPU device: now). */
    public int eventRecord(long h, long stream) {
        Event e = events.get(h);
        if (e == null || !isStream(stream)) {
            return fail(CudaError.INVALID_RESOURCE_HANDLE);
        }
        e.recorded = System.nanoTime();
        return CudaError.SUCCESS;
    }

    public int eventSynchronize(long h) {
        if (!events.containsKey(h)) {
            return fail(CudaError.INVALID_RESOURCE_HANDLE);
        }
        return deviceSynchronize();
    }

    public int eventQuery(long h) {
        return events.containsKey(h) ? query() : fail(CudaError.INVALID_RESOURCE_HANDLE);
    }

    /** cudaEventElapsedTime: milliseconds between two recorded timing events, in {@link #elapsed()}. */
    public int eventElapsedTime(long start, long end) {
        Event a = events.get(start);
        Event b = events.get(end);
        if (a == null || b == null || (a.flags & EVENT_DISABLE_TIMING) != 0 || (b.flags & EVENT_DISABLE_TIMING) != 0) {
            return fail(CudaError.INVALID_RESOURCE_HANDLE);
        }
        if (a.recorded < 0 || b.recorded < 0) {
            return fail(CudaError.NOT_READY);
        }
        elapsed = (b.recorded - a.recorded) / 1e6f;
        return CudaError.SUCCESS;
    }

    public float elapsed() {
        return elapsed;
    }

    /** cudaDeviceGetAttribute: the value of attribute {@code attr}, or -1 for one this device does not know. */
    public long attribute(int attr) {
        return switch (attr) {
            case 1 -> info.maxThreadsPerBlock();
            case 2, 3, 4 -> info.maxThreadsDim()[attr - 2];
            case 5, 6, 7 -> info.maxGridSize()[attr - 5];
            case 8, 97 -> info.sharedMemPerBlock();
            case 9 -> info.totalConstMem();
            case 10 -> info.warpSize();
            case 11 -> Integer.MAX_VALUE;
            case 12 -> info.regsPerBlock();
            case 13, 36 -> info.clockRate();
            case 14 -> 512;
            case 15, 19, 31, 41, 78, 79, 80, 83, 89, 90, 99 -> 1;
            case 16 -> info.multiProcessorCount();
            case 17, 18, 20, 32, 33, 34, 35, 50, 84, 85, 86, 88, 95, 100, 101, 120 -> 0;
            case 37 -> 64;
            case 38 -> 4 << 20;
            case 39 -> MAX_THREADS_PER_SM;
            case 40 -> 1;
            case 51 -> 32;
            case 75 -> info.major();
            case 76 -> info.minor();
            case 81 -> SHARED_PER_SM;
            case 82 -> REGS_PER_SM;
            case 106 -> MAX_BLOCKS_PER_SM;
            case 111 -> RESERVED_SHARED_PER_BLOCK;
            default -> -1;
        };
    }

    // ---- what the per-multiprocessor attributes and the occupancy API report

    /**
     * The multiprocessor webcu models for cudaDeviceProp and the occupancy API (an H100's: sm_90
     * limits). No backend schedules by multiprocessor, so these shape nothing but the reports; the
     * per-block limits (threads, shared memory) are the ones launches are checked against.
     */
    public static final int MAX_THREADS_PER_SM = 2048, MAX_BLOCKS_PER_SM = 32, REGS_PER_SM = 65536,
            SHARED_PER_SM = 228 * 1024, RESERVED_SHARED_PER_BLOCK = 1024;
    /** cudaDeviceGetLimit's defaults on CUDA 13: stack, printf FIFO and malloc heap sizes. */
    private final long[] limits = {1024, 1 << 20, 8 << 20, 2, 2048, 0, 0};
    private final HashMap<Function, Integer> maxDynamicShared = new HashMap<>();

    /**
     * cudaOccupancyMaxActiveBlocksPerMultiprocessor: resident blocks of {@code blockSize} threads
     * on one multiprocessor, limited by its threads (whole warps), blocks and shared memory
     * (registers do not limit it: webcu has no register allocation to count).
     */
    public int occupancy(Function kernel, int blockSize, long dynamicShared) {
        if (blockSize <= 0 || blockSize > info.maxThreadsPerBlock()) {
            return 0;
        }
        int warps = (blockSize + info.warpSize() - 1) / info.warpSize();
        int blocks = Math.min(MAX_BLOCKS_PER_SM, MAX_THREADS_PER_SM / (warps * info.warpSize()));
        long shared = staticSharedBytes(kernel) + dynamicShared + RESERVED_SHARED_PER_BLOCK;
        if (shared - RESERVED_SHARED_PER_BLOCK > info.sharedMemPerBlock()) {
            return 0;
        }
        return (int) Math.min(blocks, SHARED_PER_SM / shared);
    }

    /** cudaDeviceSetLimit: only the values CUDA lets a program change; they size nothing here. */
    public int setLimit(int limit, long value) {
        if (limit < 0 || limit >= limits.length || limit == 5 && value != 0 && value != 32 && value != 64
                && value != 128) {
            return fail(CudaError.INVALID_VALUE);
        }
        limits[limit] = value;
        return CudaError.SUCCESS;
    }

    /** cudaDeviceGetLimit, or -1 for a limit CUDA does not have. */
    public long limit(int limit) {
        return limit < 0 || limit >= limits.length ? -1 : limits[limit];
    }

    /**
     * cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize): the opt-in above 48 KiB
     * cannot be granted beyond what the device really gives a block, so larger values fail as on
     * a GPU whose opt-in limit is that size.
     */
    public int setMaxDynamicShared(Function kernel, int bytes) {
        if (bytes < 0 || bytes + staticSharedBytes(kernel) > info.sharedMemPerBlock()) {
            return fail(CudaError.INVALID_VALUE);
        }
        maxDynamicShared.put(kernel, bytes);
        return CudaError.SUCCESS;
    }

    /** cudaFuncAttributes.maxDynamicSharedSizeBytes: the last value set, else what is left of 48 KiB. */
    public int maxDynamicShared(Function kernel) {
        Integer v = maxDynamicShared.get(kernel);
        return v != null ? v : (int) (info.sharedMemPerBlock() - staticSharedBytes(kernel));
    }

    /** cudaMemset2D: {@code height} rows of {@code width} bytes, {@code pitch} bytes apart. */
    public int memset2D(long address, long pitch, int value, long width, long height) {
        if (width > pitch && height > 1) {
            return fail(CudaError.INVALID_VALUE);
        }
        for (long r = 0; r < height; r++) {
            int rc = memset(address + r * pitch, value, width);
            if (rc != CudaError.SUCCESS) {
                return rc;
            }
        }
        return CudaError.SUCCESS;
    }

    // ---- launches

    /**
     * Recent pointer arguments, valid for one {@link DeviceMemoryMap#version}: a loop of launches
     * passes the same pointers again, and one object per pointer spares the map's search (longs
     * are BigInts in the page's JavaScript build) and lets a device compare them by reference.
     */
    private final KernelArg.Pointer[] recentPointers = new KernelArg.Pointer[8];
    private int recentNext;
    private int recentVersion = -1;

    /** How a pointer argument reaches the device: its address, and the buffer and offset behind it. */
    public KernelArg pointerArg(long address) {
        if (recentVersion != map.version()) {
            Arrays.fill(recentPointers, null);
            recentVersion = map.version();
        }
        for (KernelArg.Pointer p : recentPointers) {
            if (p != null && p.address() == address) {
                return p;
            }
        }
        DeviceMemoryMap.Allocation a = map.find(address);
        KernelArg.Pointer p = a == null ? new KernelArg.Pointer(address, -1, 0)
                : new KernelArg.Pointer(address, a.buffer(), address - a.base());
        recentPointers[recentNext] = p;
        recentNext = (recentNext + 1) % recentPointers.length;
        return p;
    }

    /**
     * A {@code <<<grid, block, shared>>>} launch. Invalid shapes fail with cudaErrorInvalidValue as
     * CUDA 13 reports them (not sticky); the error goes to the last error, as a launch has no return
     * value. A valid launch is handed to the device; its faults come back at the next synchronization.
     * The arrays and the list become the launch's: the caller makes them for it and leaves them alone.
     */
    public int launch(Module module, Function kernel, int[] grid, int[] block, long sharedBytes, List<KernelArg> args,
                      Span site) {
        if (sticky != 0) {
            return fail(sticky);
        }
        int[] maxBlock = info.maxThreadsDim();
        int[] maxGrid = info.maxGridSize();
        // in ints (the limits are positive ints, so a negative int, a huge unsigned one, is out of
        // range), with the product checked before it is formed: longs are BigInts in the page
        int threads = 1;
        for (int i = 0; i < 3; i++) {
            int b = block[i];
            int g = grid[i];
            if (b <= 0 || b > maxBlock[i] || g <= 0 || g > maxGrid[i] || b > info.maxThreadsPerBlock() / threads) {
                return fail(CudaError.INVALID_VALUE);
            }
            threads *= b;
        }
        if (kernel != sharedChecked || sharedBytes != 0) {
            // a loop of launches of one kernel without dynamic shared memory checks it once
            // (longs are BigInts in the page's JavaScript build)
            long shared = sharedBytes + staticSharedBytes(kernel);
            if (sharedBytes < 0 || shared > info.sharedMemPerBlock()) {
                return fail(CudaError.INVALID_VALUE);
            }
            sharedChecked = sharedBytes == 0 ? kernel : null;
        }
        device.launch(new KernelLaunch(module, kernel, grid, block, sharedBytes, Collections.unmodifiableList(args),
                site));
        return CudaError.SUCCESS;
    }

    /** Bytes of {@code __shared__} variables the kernel and the functions it calls use. */
    public long staticSharedBytes(Function kernel) {
        Long cached = staticShared.get(kernel);
        if (cached != null) {
            return cached;
        }
        long total = staticSharedBytesOf(kernel);
        staticShared.put(kernel, total);
        return total;
    }

    /** {@link #staticSharedBytes} without the cache: what the page's launch panel shows per kernel. */
    public static long staticSharedBytesOf(Function kernel) {
        Set<Global> globals = new HashSet<>();
        Set<Function> seen = new HashSet<>();
        ArrayList<Function> work = new ArrayList<>();
        work.add(kernel);
        seen.add(kernel);
        while (!work.isEmpty()) {
            Function f = work.remove(work.size() - 1);
            if (f.body() != null) {
                collect(f.body(), globals, seen, work);
            }
        }
        long total = 0;
        for (Global g : globals) {
            if (g.space() == AddressSpace.SHARED && !g.dynamicShared()) {
                total += g.type().size();
            }
        }
        return total;
    }

    private static void collect(Stmt s, Set<Global> globals, Set<Function> seen, List<Function> work) {
        switch (s) {
            case Stmt.Block b -> b.stmts().forEach(x -> collect(x, globals, seen, work));
            case Stmt.Assign a -> collect(a.value(), globals);
            case Stmt.Store st -> {
                collect(st.address(), globals);
                collect(st.value(), globals);
            }
            case Stmt.Call c -> {
                c.args().forEach(e -> collect(e, globals));
                if (seen.add(c.callee())) {
                    work.add(c.callee());
                }
            }
            case Stmt.If i -> {
                collect(i.cond(), globals);
                collect(i.then(), globals, seen, work);
                collect(i.otherwise(), globals, seen, work);
            }
            case Stmt.Loop l -> {
                collect(l.body(), globals, seen, work);
                collect(l.continuing(), globals, seen, work);
                if (l.breakIf() != null) {
                    collect(l.breakIf(), globals);
                }
            }
            case Stmt.Switch sw -> {
                collect(sw.selector(), globals);
                sw.cases().forEach(c -> collect(c.body(), globals, seen, work));
            }
            case Stmt.Return r -> {
                if (r.value() != null) {
                    collect(r.value(), globals);
                }
            }
            default -> {
            }
        }
    }

    private static void collect(Expr e, Set<Global> globals) {
        if (e instanceof Expr.GlobalAddr g) {
            globals.add(g.global());
        }
        for (Expr c : Expr.children(e)) {
            collect(c, globals);
        }
    }

    // ---- descriptions

    /** Explains a device address for a host fault report, or null if it is not one. */
    public String describeDeviceAddress(long address) {
        DeviceMemoryMap.Allocation a = map.find(address);
        boolean freed = false;
        if (a == null) {
            a = map.findFreed(address);
            freed = a != null;
        }
        if (a == null) {
            return DeviceMemoryMap.isDeviceRange(address)
                    ? "in device memory; host code cannot dereference a device pointer" : null;
        }
        return "device memory, inside the " + a.size() + "-byte " + (freed ? "freed " : "") + "allocation at 0x"
                + Long.toHexString(a.base()) + " (" + a.origin() + "): host code cannot dereference a device pointer"
                + " (copy the data with cudaMemcpy)";
    }
}
