package webcu.vm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.runtime.CudaError;
import webcu.runtime.CudaRuntime;
import webcu.runtime.HostMemory;
import webcu.runtime.KernelArg;

/**
 * Binds the host program's CUDA runtime calls (and HIP's names for them) to {@link CudaRuntime}:
 * reads the arguments from the VM, writes results such as the pointer cudaMalloc returns into host
 * memory, turns host pointers into byte ranges for copies, encodes kernel arguments for launches,
 * and suspends the program while the device finishes a blocking call.
 */
public final class CudaLibrary implements NativeLibrary, Launcher {
    private static final int MALLOC = 0, FREE = 1, MEMCPY = 2, MEMSET = 3, SYNCHRONIZE = 4, GET_LAST_ERROR = 5,
            PEEK_AT_LAST_ERROR = 6, GET_ERROR_STRING = 7, GET_ERROR_NAME = 8, DEVICE_RESET = 9, SET_DEVICE = 10,
            GET_DEVICE = 11, GET_DEVICE_COUNT = 12, MEMCPY_ASYNC = 13, MEMSET_ASYNC = 14, HIP_GET_ERROR_NAME = 15,
            STREAM_SYNCHRONIZE = 16, MALLOC_HOST = 17, HOST_ALLOC = 18, FREE_HOST = 19, MALLOC_MANAGED = 20,
            MALLOC_PITCH = 21, MEMCPY_2D = 22, MEMCPY_2D_ASYNC = 23, MEM_GET_INFO = 24, STREAM_CREATE = 25,
            STREAM_CREATE_WITH_FLAGS = 26, STREAM_DESTROY = 27, STREAM_QUERY = 28, STREAM_WAIT_EVENT = 29,
            EVENT_CREATE = 30, EVENT_CREATE_WITH_FLAGS = 31, EVENT_DESTROY = 32, EVENT_RECORD = 33,
            EVENT_SYNCHRONIZE = 34, EVENT_QUERY = 35, EVENT_ELAPSED_TIME = 36, GET_DEVICE_PROPERTIES = 37,
            DEVICE_GET_ATTRIBUTE = 38, POINTER_GET_ATTRIBUTES = 39, HOST_REGISTER = 40, HOST_UNREGISTER = 41,
            MEM_PREFETCH_ASYNC = 42, DRIVER_GET_VERSION = 43, RUNTIME_GET_VERSION = 44, MEMCPY_TO_SYMBOL = 45,
            MEMCPY_FROM_SYMBOL = 46, GET_SYMBOL_ADDRESS = 47, GET_SYMBOL_SIZE = 48, LAUNCH_KERNEL = 49,
            MEMSET_2D = 50, SET_DEVICE_FLAGS = 51, GET_DEVICE_FLAGS = 52, ACCEPT = 53, GET_CONFIG = 54,
            SET_LIMIT = 55, GET_LIMIT = 56, STREAM_PRIORITY_RANGE = 57, STREAM_CREATE_WITH_PRIORITY = 58,
            FUNC_GET_ATTRIBUTES = 59, FUNC_SET_ATTRIBUTE = 60, FUNC_ACCEPT = 61, OCCUPANCY = 62,
            COOPERATIVE_LAUNCH = 63, CAN_ACCESS_PEER = 64, CHOOSE_DEVICE = 65, LAUNCH_INVALID = 66;

    private static final HashMap<String, Integer> NAMES = new HashMap<>();

    static {
        for (String prefix : new String[] {"cuda", "hip"}) {
            NAMES.put(prefix + "Malloc", MALLOC);
            NAMES.put(prefix + "Free", FREE);
            NAMES.put(prefix + "Memcpy", MEMCPY);
            NAMES.put(prefix + "Memset", MEMSET);
            NAMES.put(prefix + "DeviceSynchronize", SYNCHRONIZE);
            NAMES.put(prefix + "GetLastError", GET_LAST_ERROR);
            NAMES.put(prefix + "PeekAtLastError", PEEK_AT_LAST_ERROR);
            NAMES.put(prefix + "GetErrorString", GET_ERROR_STRING);
            NAMES.put(prefix + "DeviceReset", DEVICE_RESET);
            NAMES.put(prefix + "SetDevice", SET_DEVICE);
            NAMES.put(prefix + "GetDevice", GET_DEVICE);
            NAMES.put(prefix + "GetDeviceCount", GET_DEVICE_COUNT);
            NAMES.put(prefix + "MemcpyAsync", MEMCPY_ASYNC);
            NAMES.put(prefix + "MemsetAsync", MEMSET_ASYNC);
            NAMES.put(prefix + "StreamSynchronize", STREAM_SYNCHRONIZE);
        }
        String[][] more = {
            {"cudaMallocHost", "17"}, {"cudaHostAlloc", "18"}, {"cudaFreeHost", "19"}, {"cudaMallocManaged", "20"},
            {"cudaMallocPitch", "21"}, {"cudaMemcpy2D", "22"}, {"cudaMemcpy2DAsync", "23"}, {"cudaMemGetInfo", "24"},
            {"cudaStreamCreate", "25"}, {"cudaStreamCreateWithFlags", "26"}, {"cudaStreamDestroy", "27"},
            {"cudaStreamQuery", "28"}, {"cudaStreamWaitEvent", "29"}, {"cudaEventCreate", "30"},
            {"cudaEventCreateWithFlags", "31"}, {"cudaEventDestroy", "32"}, {"cudaEventRecord", "33"},
            {"cudaEventSynchronize", "34"}, {"cudaEventQuery", "35"}, {"cudaEventElapsedTime", "36"},
            {"cudaGetDeviceProperties", "37"}, {"hipGetDeviceProperties", "37"}, {"cudaDeviceGetAttribute", "38"}, {"cudaPointerGetAttributes", "39"},
            {"cudaHostRegister", "40"}, {"cudaHostUnregister", "41"}, {"cudaMemPrefetchAsync", "42"},
            {"cudaDriverGetVersion", "43"}, {"cudaRuntimeGetVersion", "44"}, {"__webcu_memcpyToSymbol", "45"},
            {"__webcu_memcpyFromSymbol", "46"}, {"__webcu_getSymbolAddress", "47"}, {"__webcu_getSymbolSize", "48"},
            {"cudaLaunchKernel", "49"}, {"cudaMemset2D", "50"}, {"cudaMemset2DAsync", "50"},
            {"cudaSetDeviceFlags", "51"}, {"cudaGetDeviceFlags", "52"},
            // Hints about caches and bank sizes: CUDA itself may ignore them, and nothing here has those caches.
            {"cudaDeviceSetCacheConfig", "53"}, {"cudaDeviceSetSharedMemConfig", "53"},
            {"cudaProfilerStart", "53"}, {"cudaProfilerStop", "53"},
            {"cudaDeviceGetCacheConfig", "54"}, {"cudaDeviceGetSharedMemConfig", "54"},
            {"cudaDeviceSetLimit", "55"}, {"cudaDeviceGetLimit", "56"}, {"cudaDeviceGetStreamPriorityRange", "57"},
            {"cudaStreamCreateWithPriority", "58"}, {"cudaEventRecordWithFlags", "33"},
            {"cudaFuncGetAttributes", "59"}, {"cudaFuncSetAttribute", "60"}, {"cudaFuncSetCacheConfig", "61"},
            {"cudaFuncSetSharedMemConfig", "61"}, {"cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", "62"},
            {"cudaLaunchCooperativeKernel", "63"}, {"cudaDeviceCanAccessPeer", "64"}, {"cudaChooseDevice", "65"},
        };
        for (String[] e : more) {
            NAMES.put(e[0], Integer.parseInt(e[1]));
        }
        NAMES.put("cudaGetErrorName", GET_ERROR_NAME);
        NAMES.put("hipGetErrorName", HIP_GET_ERROR_NAME);
        NAMES.put("cudaThreadSynchronize", SYNCHRONIZE);
        // kernel<<<...>>> through a pointer that names no kernel (webcu's Lower emits the call)
        NAMES.put("__webcu_launchInvalid", LAUNCH_INVALID);
    }

    private final CudaRuntime rt;
    private final Memory mem;
    private final StdStreams io;
    private final Module module;
    private final HashMap<String, Long> strings = new HashMap<>();
    private final HostMemory host;
    private final java.util.function.LongFunction<Global> symbolAt;
    /** Pinned host allocations (cudaMallocHost, cudaHostAlloc, cudaHostRegister). */
    private final HashSet<Segment> pinned = new HashSet<>();
    /** Managed allocations: the host's view of the bytes the device also sees. */
    private final HashMap<Long, Segment> managed = new HashMap<>();
    /** Struct types of the cudaDeviceProp / cudaPointerAttributes parameters, by the index in an id. */
    private final ArrayList<Type.Struct> structs = new ArrayList<>();
    /** What cudaSetDeviceFlags set (scheduling hints: a host thread that waits here never spins). */
    private int deviceFlags;

    /**
     * {@code symbolAt} maps the host address of a device variable (what {@code &symbol} gives in
     * host code) to the variable, for the symbol API.
     */
    public CudaLibrary(CudaRuntime rt, Memory mem, StdStreams io, Module module,
                       java.util.function.LongFunction<Global> symbolAt) {
        this.rt = rt;
        this.mem = mem;
        this.io = io;
        this.module = module;
        this.symbolAt = symbolAt;
        this.host = (address, n, write) -> {
            Segment s = mem.checkRange(address, n, write);
            return new HostMemory.Range(s.data, (int) (address - s.base));
        };
    }

    @Override
    public int lookup(Function f) {
        Integer id = NAMES.get(NativeLibrary.cName(f));
        if (id == null) {
            return -1;
        }
        if (id == GET_DEVICE_PROPERTIES || id == POINTER_GET_ATTRIBUTES || id == FUNC_GET_ATTRIBUTES) {
            // The fields are written by name, in the layout the program's header gave the struct.
            if (f.params().isEmpty() || !(f.params().get(0).type() instanceof Type.Ptr p)
                    || !(p.pointee() instanceof Type.Struct st)) {
                return -1;
            }
            structs.add(st);
            return id | structs.size() << 8;
        }
        return id;
    }

    @Override
    public int call(int id, VmThread t) {
        Type.Struct struct = id > 0xFF ? structs.get((id >>> 8) - 1) : null;
        switch (id & 0xFF) {
            case MALLOC -> {
                long target = t.argI(0);
                long size = t.argI(1);
                if (target == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                    return CONTINUE;
                }
                int rc = rt.malloc(size, "cudaMalloc(" + Long.toUnsignedString(size) + ")", t.span());
                if (rc == CudaError.SUCCESS) {
                    mem.writeI64(target, rt.allocated());
                }
                t.returnI(rc);
            }
            case FREE -> {
                long p = t.argI(0);
                int rc = rt.free(p);
                Segment shared = managed.remove(p);
                if (rc == CudaError.SUCCESS && shared != null) {
                    mem.free(shared);
                }
                t.returnI(rc);
            }
            case MALLOC_HOST, HOST_ALLOC -> {
                long target = t.argI(0);
                long size = t.argI(1);
                Segment seg = target == 0 || size < 0 ? null
                        : mem.allocate(size, Segment.HEAP, (id == MALLOC_HOST ? "cudaMallocHost(" : "cudaHostAlloc(")
                        + size + ")", t.span(), false);
                if (seg == null) {
                    t.returnI(rt.error(target == 0 ? CudaError.INVALID_VALUE : CudaError.MEMORY_ALLOCATION));
                } else {
                    pinned.add(seg);
                    mem.writeI64(target, seg.base);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case FREE_HOST -> {
                long p = t.argI(0);
                Segment seg = p == 0 ? null : mem.find(p);
                if (p == 0) {
                    t.returnI(CudaError.SUCCESS);
                } else if (seg == null || seg.base != p || !pinned.remove(seg)) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    mem.free(seg);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case MALLOC_MANAGED -> t.returnI(mallocManaged(t));
            case MALLOC_PITCH -> {
                long target = t.argI(0);
                long pitchAt = t.argI(1);
                int rc = target == 0 || pitchAt == 0 ? rt.error(CudaError.INVALID_VALUE)
                        : rt.mallocPitch(t.argI(2), t.argI(3), "cudaMallocPitch", t.span());
                if (rc == CudaError.SUCCESS) {
                    mem.writeI64(target, rt.allocated());
                    mem.writeI64(pitchAt, rt.pitch());
                }
                t.returnI(rc);
            }
            case MEMCPY_2D, MEMCPY_2D_ASYNC -> {
                io.flush();
                return result(t, rt.memcpy2D(t.argI(0), t.argI(1), t.argI(2), t.argI(3), t.argI(4), t.argI(5),
                        (int) t.argI(6), host));
            }
            case MEM_GET_INFO -> {
                long total = rt.info().totalGlobalMem();
                writeSize(t.argI(0), total - rt.usedBytes());
                writeSize(t.argI(1), total);
                t.returnI(CudaError.SUCCESS);
            }
            case MEMSET_2D -> t.returnI(rt.memset2D(t.argI(0), t.argI(1), (int) t.argI(2), t.argI(3), t.argI(4)));
            case SET_DEVICE_FLAGS -> {
                int flags = (int) t.argI(0);
                if ((flags & ~0xFF) != 0 || Integer.bitCount(flags & 0x07) > 1) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    deviceFlags = flags;
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case GET_DEVICE_FLAGS -> {
                if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    // cudaGetDeviceFlags reports cudaDeviceMapHost as always set once the device is active.
                    mem.writeI32(t.argI(0), deviceFlags | 0x08);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case ACCEPT -> t.returnI(CudaError.SUCCESS);
            case GET_CONFIG -> {
                if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    mem.writeI32(t.argI(0), 0);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case SET_LIMIT -> t.returnI(rt.setLimit((int) t.argI(0), t.argI(1)));
            case GET_LIMIT -> {
                long v = rt.limit((int) t.argI(1));
                if (t.argI(0) == 0 || v < 0) {
                    t.returnI(rt.error(t.argI(0) == 0 ? CudaError.INVALID_VALUE : CudaError.UNSUPPORTED_LIMIT));
                } else {
                    mem.writeI64(t.argI(0), v);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case STREAM_PRIORITY_RANGE -> {
                // One priority level, as on a device without stream priorities: both ends are 0.
                writeI32(t.argI(0), 0);
                writeI32(t.argI(1), 0);
                t.returnI(CudaError.SUCCESS);
            }
            case STREAM_CREATE_WITH_PRIORITY -> {
                int rc = t.argI(0) == 0 ? rt.error(CudaError.INVALID_VALUE) : rt.streamCreate((int) t.argI(1));
                if (rc == CudaError.SUCCESS) {
                    mem.writeI64(t.argI(0), rt.allocated());
                }
                t.returnI(rc);
            }
            case FUNC_GET_ATTRIBUTES -> {
                Function kernel = functionAt.apply(t.argI(1));
                if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else if (kernel == null || !kernel.isKernel()) {
                    t.returnI(rt.error(CudaError.INVALID_DEVICE_FUNCTION));
                } else {
                    funcAttributes(struct, t.argI(0), kernel);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case FUNC_SET_ATTRIBUTE -> {
                Function kernel = functionAt.apply(t.argI(0));
                int attr = (int) t.argI(1);
                int value = (int) t.argI(2);
                if (kernel == null || !kernel.isKernel()) {
                    t.returnI(rt.error(CudaError.INVALID_DEVICE_FUNCTION));
                } else if (attr == 8) {
                    t.returnI(rt.setMaxDynamicShared(kernel, value));
                } else if (attr == 9) {
                    t.returnI(value < -1 || value > 100 ? rt.error(CudaError.INVALID_VALUE) : CudaError.SUCCESS);
                } else {
                    t.returnI(attr >= 10 && attr <= 15 ? CudaError.SUCCESS : rt.error(CudaError.INVALID_VALUE));
                }
            }
            case FUNC_ACCEPT -> {
                Function kernel = functionAt.apply(t.argI(0));
                t.returnI(kernel == null || !kernel.isKernel() ? rt.error(CudaError.INVALID_DEVICE_FUNCTION) : CudaError.SUCCESS);
            }
            case OCCUPANCY -> {
                Function kernel = functionAt.apply(t.argI(1));
                if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else if (kernel == null || !kernel.isKernel()) {
                    t.returnI(rt.error(CudaError.INVALID_DEVICE_FUNCTION));
                } else {
                    mem.writeI32(t.argI(0), rt.occupancy(kernel, (int) t.argI(2), t.argI(3)));
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case COOPERATIVE_LAUNCH -> {
                // A grid-wide barrier needs every block resident at once; no backend here guarantees it.
                io.flush();
                io.report("webcu: cudaLaunchCooperativeKernel is not supported yet (grid-wide synchronization)\n");
                t.returnI(rt.error(CudaError.NOT_SUPPORTED));
            }
            case CAN_ACCESS_PEER -> {
                writeI32(t.argI(0), 0);
                t.returnI(t.argI(1) != 0 || t.argI(2) != 0 ? rt.error(CudaError.INVALID_DEVICE) : CudaError.SUCCESS);
            }
            case CHOOSE_DEVICE -> {
                writeI32(t.argI(0), 0);
                t.returnI(t.argI(0) == 0 || t.argI(1) == 0 ? rt.error(CudaError.INVALID_VALUE) : CudaError.SUCCESS);
            }
            case STREAM_CREATE, STREAM_CREATE_WITH_FLAGS, EVENT_CREATE, EVENT_CREATE_WITH_FLAGS -> {
                long target = t.argI(0);
                int flags = t.argCount() > 1 ? (int) t.argI(1) : 0;
                int rc = target == 0 ? rt.error(CudaError.INVALID_VALUE)
                        : id == STREAM_CREATE || id == STREAM_CREATE_WITH_FLAGS ? rt.streamCreate(flags) : rt.eventCreate(flags);
                if (rc == CudaError.SUCCESS) {
                    mem.writeI64(target, rt.allocated());
                }
                t.returnI(rc);
            }
            case STREAM_DESTROY -> t.returnI(rt.streamDestroy(t.argI(0)));
            case STREAM_QUERY -> t.returnI(rt.streamQuery(t.argI(0)));
            case LAUNCH_KERNEL -> t.returnI(launchKernel(t));
            case LAUNCH_INVALID -> rt.error(CudaError.INVALID_DEVICE_FUNCTION);
            case STREAM_WAIT_EVENT -> t.returnI(rt.streamWaitEvent(t.argI(0), t.argI(1)));
            case EVENT_DESTROY -> t.returnI(rt.eventDestroy(t.argI(0)));
            case EVENT_RECORD -> t.returnI(rt.eventRecord(t.argI(0), t.argCount() > 1 ? t.argI(1) : 0));
            case EVENT_SYNCHRONIZE -> {
                io.flush();
                return result(t, rt.eventSynchronize(t.argI(0)));
            }
            case EVENT_QUERY -> t.returnI(rt.eventQuery(t.argI(0)));
            case EVENT_ELAPSED_TIME -> {
                int rc = t.argI(0) == 0 ? rt.error(CudaError.INVALID_VALUE) : rt.eventElapsedTime(t.argI(1), t.argI(2));
                if (rc == CudaError.SUCCESS) {
                    mem.writeI32(t.argI(0), Float.floatToRawIntBits(rt.elapsed()));
                }
                t.returnI(rc);
            }
            case GET_DEVICE_PROPERTIES -> {
                long p = t.argI(0);
                if (p == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else if (t.argI(1) != 0) {
                    t.returnI(rt.error(CudaError.INVALID_DEVICE));
                } else {
                    deviceProperties(struct, p);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case DEVICE_GET_ATTRIBUTE -> {
                long v = rt.attribute((int) t.argI(1));
                if (t.argI(0) == 0 || v < 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else if (t.argI(2) != 0) {
                    t.returnI(rt.error(CudaError.INVALID_DEVICE));
                } else {
                    mem.writeI32(t.argI(0), (int) v);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case POINTER_GET_ATTRIBUTES -> {
                if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    pointerAttributes(struct, t.argI(0), t.argI(1));
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case HOST_REGISTER, HOST_UNREGISTER -> {
                Segment seg = mem.find(t.argI(0));
                if (seg == null || seg.freed) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    if (id == HOST_REGISTER) {
                        pinned.add(seg);
                    } else {
                        pinned.remove(seg);
                    }
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case MEM_PREFETCH_ASYNC -> t.returnI(CudaError.SUCCESS);
            case DRIVER_GET_VERSION, RUNTIME_GET_VERSION -> {
                if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    mem.writeI32(t.argI(0), CudaRuntime.VERSION);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case MEMCPY_TO_SYMBOL -> {
                io.flush();
                return result(t, rt.memcpySymbol(symbolAt.apply(t.argI(0)), true, t.argI(1), t.argI(2), t.argI(3),
                        (int) t.argI(4), host));
            }
            case MEMCPY_FROM_SYMBOL -> {
                io.flush();
                return result(t, rt.memcpySymbol(symbolAt.apply(t.argI(1)), false, t.argI(0), t.argI(2), t.argI(3),
                        (int) t.argI(4), host));
            }
            case GET_SYMBOL_ADDRESS, GET_SYMBOL_SIZE -> {
                Global g = symbolAt.apply(t.argI(1));
                long address = g == null ? 0 : rt.symbolAddress(g);
                if (address == 0) {
                    t.returnI(rt.error(CudaError.INVALID_SYMBOL));
                } else if (t.argI(0) == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    mem.writeI64(t.argI(0), id == GET_SYMBOL_ADDRESS ? address : g.type().size());
                    t.returnI(CudaError.SUCCESS);
                }
            }
            case MEMCPY, MEMCPY_ASYNC -> {
                io.flush();
                return result(t, rt.memcpy(t.argI(0), t.argI(1), t.argI(2), (int) t.argI(3), host));
            }
            case MEMSET, MEMSET_ASYNC -> t.returnI(rt.memset(t.argI(0), (int) t.argI(1), t.argI(2)));
            case SYNCHRONIZE, STREAM_SYNCHRONIZE -> {
                io.flush();
                return result(t, rt.deviceSynchronize());
            }
            case GET_LAST_ERROR -> t.returnI(rt.getLastError());
            case PEEK_AT_LAST_ERROR -> t.returnI(rt.peekAtLastError());
            case GET_ERROR_STRING -> t.returnI(string(CudaError.string((int) t.argI(0))));
            case GET_ERROR_NAME -> t.returnI(string(CudaError.name((int) t.argI(0))));
            case HIP_GET_ERROR_NAME -> t.returnI(string(CudaError.hipName((int) t.argI(0))));
            case DEVICE_RESET -> {
                io.flush();
                t.returnI(rt.deviceReset());
            }
            case SET_DEVICE -> t.returnI(rt.setDevice((int) t.argI(0)));
            case GET_DEVICE, GET_DEVICE_COUNT -> {
                long p = t.argI(0);
                if (p == 0) {
                    t.returnI(rt.error(CudaError.INVALID_VALUE));
                } else {
                    mem.writeI32(p, id == GET_DEVICE ? 0 : 1);
                    t.returnI(CudaError.SUCCESS);
                }
            }
            default -> throw new VmFault(VmFault.TRAP, 0, "internal error: CUDA library function " + id, "");
        }
        return CONTINUE;
    }

    private void writeI32(long address, int value) {
        if (address != 0) {
            mem.writeI32(address, value);
        }
    }

    /** Fills a cudaFuncAttributes for a kernel, by field name. */
    private void funcAttributes(Type.Struct s, long p, Function kernel) {
        mem.fill(p, 0, s.size());
        StructWriter w = new StructWriter(mem, s, p);
        w.integer("sharedSizeBytes", rt.staticSharedBytes(kernel));
        w.integer("maxThreadsPerBlock", rt.info().maxThreadsPerBlock());
        w.integer("ptxVersion", rt.info().major() * 10 + rt.info().minor());
        w.integer("binaryVersion", rt.info().major() * 10 + rt.info().minor());
        w.integer("maxDynamicSharedSizeBytes", rt.maxDynamicShared(kernel));
        w.integer("preferredShmemCarveout", -1);
    }

    private void writeSize(long address, long value) {
        if (address != 0) {
            mem.writeI64(address, value);
        }
    }

    /**
     * cudaMallocManaged: one allocation that host and device both address. On a device that shares
     * its buffers' bytes (the CPU device) the host maps the very same bytes, so no copies are needed.
     */
    private int mallocManaged(VmThread t) {
        long target = t.argI(0);
        long size = t.argI(1);
        if (target == 0 || size == 0) {
            return rt.error(CudaError.INVALID_VALUE);
        }
        int rc = rt.malloc(size, "cudaMallocManaged(" + Long.toUnsignedString(size) + ")", t.span());
        if (rc != CudaError.SUCCESS) {
            return rc;
        }
        long a = rt.allocated();
        byte[] bytes = rt.device() instanceof webcu.runtime.AddressedDevice ad
                ? ad.bufferBytes(rt.map().find(a).buffer()) : null;
        if (bytes == null) {
            // Devices with separate memory need copies at launches and synchronizations: not yet.
            rt.free(a);
            return rt.error(CudaError.NOT_SUPPORTED);
        }
        managed.put(a, mem.map(a, size, bytes, Segment.HEAP, "cudaMallocManaged(" + size + ")", t.span(), false));
        mem.writeI64(target, a);
        return CudaError.SUCCESS;
    }

    /** Fills a cudaDeviceProp by field name, in the layout the header declares. */
    private void deviceProperties(Type.Struct s, long p) {
        webcu.runtime.DeviceInfo info = rt.info();
        mem.fill(p, 0, s.size());
        StructWriter w = new StructWriter(mem, s, p);
        w.string("name", info.name());
        w.integer("totalGlobalMem", info.totalGlobalMem());
        w.integer("sharedMemPerBlock", info.sharedMemPerBlock());
        w.integer("regsPerBlock", info.regsPerBlock());
        w.integer("warpSize", info.warpSize());
        w.integer("memPitch", Integer.MAX_VALUE);
        w.integer("maxThreadsPerBlock", info.maxThreadsPerBlock());
        w.integers("maxThreadsDim", info.maxThreadsDim());
        w.integers("maxGridSize", info.maxGridSize());
        w.integer("clockRate", info.clockRate());
        w.integer("totalConstMem", info.totalConstMem());
        w.integer("major", info.major());
        w.integer("minor", info.minor());
        w.integer("textureAlignment", 512);
        w.integer("texturePitchAlignment", 32);
        w.integer("multiProcessorCount", info.multiProcessorCount());
        w.integer("canMapHostMemory", 1);
        w.integer("concurrentKernels", 1);
        w.integer("asyncEngineCount", 1);
        w.integer("unifiedAddressing", 1);
        w.integer("memoryBusWidth", rt.attribute(37));
        w.integer("l2CacheSize", rt.attribute(38));
        w.integer("maxThreadsPerMultiProcessor", CudaRuntime.MAX_THREADS_PER_SM);
        w.integer("streamPrioritiesSupported", 1);
        w.integer("globalL1CacheSupported", 1);
        w.integer("localL1CacheSupported", 1);
        w.integer("managedMemory", 1);
        w.integer("concurrentManagedAccess", 1);
        w.integer("computePreemptionSupported", 1);
        w.integer("hostRegisterSupported", 1);
        w.integer("sharedMemPerMultiprocessor", CudaRuntime.SHARED_PER_SM);
        w.integer("regsPerMultiprocessor", CudaRuntime.REGS_PER_SM);
        // No opt-in beyond what a block really gets: the launch checks against sharedMemPerBlock.
        w.integer("sharedMemPerBlockOptin", info.sharedMemPerBlock());
        w.integer("maxBlocksPerMultiProcessor", CudaRuntime.MAX_BLOCKS_PER_SM);
        w.integer("reservedSharedMemPerBlock", CudaRuntime.RESERVED_SHARED_PER_BLOCK);
        w.integer("deviceNumaId", -1);
        // Fields only hipDeviceProp_t still has.
        w.integer("deviceOverlap", 1);
        w.integer("memoryClockRate", info.clockRate());
        w.integer("maxSharedMemoryPerMultiProcessor", CudaRuntime.SHARED_PER_SM);
        w.integer("clockInstructionRate", info.clockRate());
        w.integer("hostNumaId", -1);
    }

    /** Fills a cudaPointerAttributes: unregistered (pageable), host (pinned), device or managed. */
    private void pointerAttributes(Type.Struct s, long p, long ptr) {
        int type;
        Segment seg = mem.find(ptr);
        if (seg != null && managed.get(seg.base) == seg) {
            type = 3;
        } else if (rt.isDevicePointer(ptr)) {
            type = 2;
        } else if (seg != null && pinned.contains(seg)) {
            type = 1;
        } else {
            type = 0;
        }
        mem.fill(p, 0, s.size());
        StructWriter w = new StructWriter(mem, s, p);
        w.integer("type", type);
        w.integer("memoryType", type);
        w.integer("device", 0);
        w.integer("devicePointer", type == 0 ? 0 : ptr);
        w.integer("hostPointer", type == 2 ? 0 : ptr);
    }

    /** Writes fields of a struct in memory by name; fields the header does not declare are skipped. */
    private static final class StructWriter {
        private final Memory mem;
        private final Type.Struct s;
        private final long base;

        StructWriter(Memory mem, Type.Struct s, long base) {
            this.mem = mem;
            this.s = s;
            this.base = base;
        }

        private Type.Field field(String name) {
            for (Type.Field f : s.fields()) {
                if (f.name().equals(name)) {
                    return f;
                }
            }
            return null;
        }

        void integer(String name, long v) {
            Type.Field f = field(name);
            if (f != null) {
                put(base + f.offset(), f.type(), v);
            }
        }

        void integers(String name, int[] vs) {
            Type.Field f = field(name);
            if (f != null && f.type() instanceof Type.Array a) {
                for (int i = 0; i < Math.min(vs.length, a.count()); i++) {
                    put(base + f.offset() + (long) i * a.element().size(), a.element(), vs[i]);
                }
            }
        }

        void string(String name, String v) {
            Type.Field f = field(name);
            if (f != null && f.type() instanceof Type.Array a) {
                byte[] b = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                mem.writeBytes(base + f.offset(), b, 0, (int) Math.min(b.length, a.count() - 1));
            }
        }

        private void put(long at, Type t, long v) {
            switch (t.size()) {
                case 1 -> mem.writeU8(at, (int) v);
                case 2 -> {
                    mem.writeU8(at, (int) v);
                    mem.writeU8(at + 1, (int) (v >> 8));
                }
                case 4 -> mem.writeI32(at, (int) v);
                case 8 -> mem.writeI64(at, v);
                default -> {
                }
            }
        }
    }

    /** Delivers a runtime result now, or suspends the program until the device is done. */
    private int result(VmThread t, int rc) {
        if (rc == CudaRuntime.PENDING) {
            t.block(rt.pending(), th -> th.returnI(rt.finish()));
            return BLOCK;
        }
        t.returnI(rc);
        return CONTINUE;
    }

    /** A host copy of a runtime string (cudaGetErrorString returns const char*), made once. */
    private long string(String s) {
        Long a = strings.get(s);
        if (a == null) {
            a = mem.allocateString(s, "CUDA runtime string", true);
            strings.put(s, a);
        }
        return a;
    }

    /** Maps a function's address (what {@code (const void *)kernel} gives) to the function; set by the host process. */
    private java.util.function.LongFunction<Function> functionAt = a -> null;

    public void setFunctionResolver(java.util.function.LongFunction<Function> functionAt) {
        this.functionAt = functionAt;
    }

    /**
     * cudaLaunchKernel(func, grid, block, args, sharedMem, stream): args[k] points to the value of
     * the kernel's parameter k, read with the parameter's type, as CUDA reads it.
     */
    private int launchKernel(VmThread t) {
        io.flush();
        Function kernel = functionAt.apply(t.argI(0));
        if (kernel == null || !kernel.isKernel()) {
            return rt.error(CudaError.INVALID_DEVICE_FUNCTION);
        }
        long gridAt = t.argI(1);
        long blockAt = t.argI(2);
        int[] grid = {mem.readI32(gridAt), mem.readI32(gridAt + 4), mem.readI32(gridAt + 8)};
        int[] block = {mem.readI32(blockAt), mem.readI32(blockAt + 4), mem.readI32(blockAt + 8)};
        long argv = t.argI(3);
        List<KernelArg> args = new ArrayList<>();
        for (int k = 0; k < kernel.params().size(); k++) {
            Type pt = kernel.params().get(k).type();
            long p = mem.readI64(argv + 8L * k);
            KernelArg arg = switch (pt) {
                case Type.Ptr ptr -> rt.pointerArg(mem.readI64(p));
                case Type.Float f -> new KernelArg.Scalar(pt, f.bits() == 32 ? mem.readI32(p) & 0xFFFFFFFFL : mem.readI64(p));
                case Type.Int i -> new KernelArg.Scalar(pt, i.normalize(i.bits() == 64 ? mem.readI64(p)
                        : i.bits() == 32 ? mem.readI32(p) : i.bits() == 16 ? (mem.readU8(p) | mem.readU8(p + 1) << 8) : mem.readU8(p)));
                case Type.Bool b -> new KernelArg.Scalar(pt, mem.readU8(p) != 0 ? 1 : 0);
                default -> new KernelArg.Bytes(pt, mem.readBytes(p, pt.size()));
            };
            args.add(arg);
        }
        return rt.launch(module, kernel, grid, block, t.argI(4), args, t.span());
    }

    /**
     * The last {@code <<<>>>} launches' grid, block and argument lists, handed to the next launch
     * again when its values are the same (nobody changes them): a loop of launches makes no arrays,
     * lists or scalars (allocations, and BigInt longs in the page's JavaScript build), and the
     * device finds its arguments the same by reference. Launches of another kernel start afresh.
     */
    private int[] recentGrid = new int[3];
    private int[] recentBlock = new int[3];
    private Function recentKernel;
    @SuppressWarnings("unchecked")
    private final List<KernelArg>[] recentArgs = new List[4];
    private int recentNext;
    /** Per parameter of the launch being made: its pointer argument or bytes, or null for a scalar in {@link #bits}. */
    private KernelArg[] made = new KernelArg[8];
    private long[] bits = new long[8];

    @Override
    public int launch(Function kernel, VmThread t) {
        io.flush();
        int[] grid = recentGrid = dims(recentGrid, (int) t.argI(0), (int) t.argI(1), (int) t.argI(2));
        int[] block = recentBlock = dims(recentBlock, (int) t.argI(3), (int) t.argI(4), (int) t.argI(5));
        long shared = t.argI(6);
        rt.launch(module, kernel, grid, block, shared, args(kernel, t), t.span());
        return CONTINUE;
    }

    private static int[] dims(int[] recent, int x, int y, int z) {
        return recent[0] == x && recent[1] == y && recent[2] == z ? recent : new int[] {x, y, z};
    }

    private List<KernelArg> args(Function kernel, VmThread t) {
        if (kernel != recentKernel) {
            Arrays.fill(recentArgs, null);
            recentKernel = kernel;
        }
        int n = Math.max(0, Math.min(kernel.params().size(), t.argCount() - 8));
        if (made.length < n) {
            made = new KernelArg[n];
            bits = new long[n];
        }
        boolean bytes = false;
        for (int k = 0; k < n; k++) {
            Type pt = kernel.params().get(k).type();
            int a = 8 + k;
            made[k] = null;
            switch (pt) {
                case Type.Ptr p -> made[k] = rt.pointerArg(t.argI(a));
                case Type.Float f -> bits[k] = f.bits() == 32
                        ? Float.floatToRawIntBits((float) t.argF(a)) & 0xFFFFFFFFL
                        : Double.doubleToRawLongBits(t.argF(a));
                case Type.Struct s -> made[k] = new KernelArg.Bytes(pt, mem.readBytes(t.argI(a), s.size()));
                case Type.Array arr -> made[k] = new KernelArg.Bytes(pt, mem.readBytes(t.argI(a), arr.size()));
                default -> bits[k] = t.argI(a);
            }
            bytes |= made[k] instanceof KernelArg.Bytes;
        }
        if (!bytes) {
            for (List<KernelArg> recent : recentArgs) {
                if (recent != null && recent.size() == n && same(recent, n)) {
                    return recent;
                }
            }
        }
        KernelArg[] args = new KernelArg[n];
        for (int k = 0; k < n; k++) {
            args[k] = made[k] != null ? made[k] : new KernelArg.Scalar(kernel.params().get(k).type(), bits[k]);
        }
        List<KernelArg> list = Collections.unmodifiableList(Arrays.asList(args));
        if (!bytes) {
            recentArgs[recentNext] = list;
            recentNext = (recentNext + 1) % recentArgs.length;
        }
        return list;
    }

    /** Whether {@code recent}, an argument list of the same kernel, holds the arguments just made. */
    private boolean same(List<KernelArg> recent, int n) {
        for (int k = 0; k < n; k++) {
            KernelArg was = recent.get(k);
            if (made[k] != null ? was != made[k] : !(was instanceof KernelArg.Scalar s && s.bits() == bits[k])) {
                return false;
            }
        }
        return true;
    }
}
