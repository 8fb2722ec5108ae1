package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;

/** The runtime's CUDA semantics over a fake device: addresses, copies, launch checks and errors. */
class CudaRuntimeTest {
    private static final Span S = new Span("r.cu", 3, 1);
    private static final long HOST = 0x1000;

    private final FakeDevice device = new FakeDevice();
    private final CudaRuntime rt = new CudaRuntime(device);
    private final byte[] hostBytes = new byte[4096];
    private final HostMemory host = (address, n, write) -> {
        if (address < HOST || address + n > HOST + hostBytes.length) {
            throw new IllegalStateException("bad host range");
        }
        return new HostMemory.Range(hostBytes, (int) (address - HOST));
    };

    private long malloc(long size) {
        assertEquals(CudaError.SUCCESS, rt.malloc(size, "cudaMalloc", S));
        return rt.allocated();
    }

    private static Function kernel(Module m) {
        Function k = new Function("k", ExecutionSpace.KERNEL, Type.VOID,
                List.of(new Local(0, "p", Type.ptr(Type.I32), false)), false, S);
        k.setBody(new Stmt.Block(List.of(), S));
        return m.add(k);
    }

    private int launch(Function k, int[] grid, int[] block, long shared) {
        return rt.launch(new Module(), k, grid, block, shared, List.of(rt.pointerArg(0)), S);
    }

    /** A loop of launches passes the same pointers: the same argument each time, until memory changes. */
    @Test
    void pointerArg_reusedUntilAnAllocationChanges() {
        long a = malloc(1000);
        KernelArg.Pointer p = (KernelArg.Pointer) rt.pointerArg(a + 8);
        assertEquals(new KernelArg.Pointer(a + 8, p.buffer(), 8), p);
        assertSame(p, rt.pointerArg(a + 8));
        assertEquals(new KernelArg.Pointer(a + 1000, -1, 0), rt.pointerArg(a + 1000));
        assertEquals(CudaError.SUCCESS, rt.free(a));
        assertEquals(new KernelArg.Pointer(a + 8, -1, 0), rt.pointerArg(a + 8));
    }

    @Test
    void malloc_placesAlignedAddressesWithGaps() {
        long a = malloc(1000);
        long b = malloc(256);
        assertEquals(DeviceMemoryMap.BASE, a);
        assertEquals(0, b % 256);
        assertTrue(b >= a + 1000 + 256);
        assertTrue(rt.isDevicePointer(a + 999));
        assertFalse(rt.isDevicePointer(a + 1000));
    }

    @Test
    void mallocZero_givesNull() {
        assertEquals(CudaError.SUCCESS, rt.malloc(0, "cudaMalloc", S));
        assertEquals(0, rt.allocated());
    }

    @Test
    void mallocHuge_failsWithOutOfMemoryAndSetsLastError() {
        assertEquals(CudaError.MEMORY_ALLOCATION, rt.malloc(1L << 50, "cudaMalloc", S));
        assertEquals(0, rt.allocated());
        assertEquals(CudaError.MEMORY_ALLOCATION, rt.getLastError());
        assertEquals(CudaError.SUCCESS, rt.getLastError());
    }

    @Test
    void free_acceptsNullAndStartsOnly() {
        long a = malloc(64);
        assertEquals(CudaError.SUCCESS, rt.free(0));
        assertEquals(CudaError.INVALID_VALUE, rt.free(a + 4));
        assertEquals(CudaError.SUCCESS, rt.free(a));
        assertEquals(CudaError.INVALID_VALUE, rt.free(a));
        assertFalse(rt.isDevicePointer(a));
    }

    @Test
    void memcpy_roundTripsWithInteriorPointers() {
        long d = malloc(64);
        for (int i = 0; i < 16; i++) {
            hostBytes[i] = (byte) (i + 1);
        }
        assertEquals(CudaError.SUCCESS, rt.memcpy(d + 8, HOST, 16, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.SUCCESS, rt.memcpy(HOST + 100, d + 12, 4, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(5, hostBytes[100]);
        assertEquals(8, hostBytes[103]);
        assertEquals(CudaError.SUCCESS, rt.memcpy(HOST + 200, d + 8, 2, CudaRuntime.MEMCPY_DEFAULT, host));
        assertEquals(1, hostBytes[200]);
        long e = malloc(64);
        assertEquals(CudaError.SUCCESS, rt.memcpy(e, d + 8, 16, CudaRuntime.MEMCPY_DEFAULT, host));
        assertEquals(CudaError.SUCCESS, rt.memcpy(HOST + 300, e + 15, 1, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(16, hostBytes[300]);
    }

    @Test
    void memcpy_outsideTheAllocation_isInvalidAndCopiesNothing() {
        long d = malloc(1000 * 4);
        hostBytes[0] = 42;
        assertEquals(CudaError.INVALID_VALUE, rt.memcpy(d, HOST, 4000 * 4, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.INVALID_VALUE, rt.memcpy(HOST, d, 1L << 40, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(0, device.buffers.values().iterator().next()[0]);
        // Not sticky: the right size works afterwards.
        assertEquals(CudaError.SUCCESS, rt.memcpy(HOST, d, 4000, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
    }

    @Test
    void memcpy_badKind_isInvalidDirection() {
        long d = malloc(16);
        assertEquals(CudaError.INVALID_MEMCPY_DIRECTION, rt.memcpy(HOST, d, 16, 42, host));
        assertEquals(CudaError.INVALID_MEMCPY_DIRECTION, rt.getLastError());
    }

    @Test
    void memcpy_freedPointer_isInvalid() {
        long d = malloc(4096);
        rt.free(d);
        assertEquals(CudaError.INVALID_VALUE, rt.memcpy(HOST, d, 16, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(CudaError.INVALID_VALUE, rt.memcpy(d, HOST, 16, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
    }

    @Test
    void memset_fillsAndChecksRange() {
        long d = malloc(32);
        assertEquals(CudaError.SUCCESS, rt.memset(d + 4, 0x1ff, 8));
        byte[] b = device.buffers.values().iterator().next();
        assertEquals((byte) 0xff, b[4]);
        assertEquals(0, b[12]);
        assertEquals(CudaError.INVALID_VALUE, rt.memset(d, 0, 33));
    }

    @Test
    void launch_invalidShapesFailWithInvalidValueAndAreNotSticky() {
        Function k = kernel(new Module());
        assertEquals(1, launch(k, new int[] {1, 1, 1}, new int[] {2048, 1, 1}, 0));
        assertEquals(1, launch(k, new int[] {1, 1, 1}, new int[] {1024, 2, 1}, 0));
        assertEquals(1, launch(k, new int[] {1, 1, 1}, new int[] {1, 1, 65}, 0));
        assertEquals(1, launch(k, new int[] {1, 65536, 1}, new int[] {32, 1, 1}, 0));
        assertEquals(1, launch(k, new int[] {1, 1, 0}, new int[] {32, 1, 1}, 0));
        assertEquals(1, launch(k, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 200 * 1024));
        // unsigned dims: a negative int is over 2^31 blocks, and threads
        assertEquals(1, launch(k, new int[] {-1, 1, 1}, new int[] {32, 1, 1}, 0));
        assertEquals(1, launch(k, new int[] {1, 1, 1}, new int[] {32, -1, 1}, 0));
        assertEquals(0, device.launches.size());
        assertEquals(CudaError.INVALID_VALUE, rt.peekAtLastError());
        assertEquals(CudaError.INVALID_VALUE, rt.peekAtLastError());
        assertEquals(CudaError.INVALID_VALUE, rt.getLastError());
        assertEquals(CudaError.SUCCESS, rt.getLastError());
        assertEquals(0, launch(k, new int[] {2, 3, 1}, new int[] {32, 4, 2}, 0));
        assertEquals(1, device.launches.size());
        assertEquals(CudaError.SUCCESS, rt.getLastError());
    }

    @Test
    void launch_countsStaticSharedMemory() {
        Module m = new Module();
        Global big = m.add(new Global("tile", new Type.Array(Type.F32, 10 * 1024), AddressSpace.SHARED, null, false,
                false, S));
        Function k = new Function("k", ExecutionSpace.KERNEL, Type.VOID, List.of(), false, S);
        k.setBody(new Stmt.Block(List.of(new Stmt.Store(
                new Expr.ElementAddr(new Expr.GlobalAddr(big), new Expr.IntConst(Type.I32, 0)),
                new Expr.FloatConst(Type.F32, 1), S)), S));
        m.add(k);
        assertEquals(40 * 1024, rt.staticSharedBytes(k));
        assertEquals(CudaError.SUCCESS, rt.launch(m, k, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 8 * 1024, List.of(), S));
        assertEquals(CudaError.INVALID_VALUE,
                rt.launch(m, k, new int[] {1, 1, 1}, new int[] {1, 1, 1}, 8 * 1024 + 1, List.of(), S));
    }

    @Test
    void pointerArg_resolvesBufferAndOffset() {
        long d = malloc(100);
        KernelArg.Pointer p = (KernelArg.Pointer) rt.pointerArg(d + 40);
        assertEquals(d + 40, p.address());
        assertEquals(40, p.offset());
        assertTrue(p.buffer() > 0);
        assertEquals(-1, ((KernelArg.Pointer) rt.pointerArg(0)).buffer());
    }

    @Test
    void kernelFault_isReportedAtSyncAndStaysSticky() {
        long d = malloc(16);
        device.fault = CudaError.faultText(CudaError.ILLEGAL_ADDRESS, "invalid __global__ write");
        assertEquals(CudaError.SUCCESS, rt.getLastError());
        assertEquals(CudaError.ILLEGAL_ADDRESS, rt.deviceSynchronize());
        assertEquals(CudaError.ILLEGAL_ADDRESS, rt.memcpy(HOST, d, 4, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(CudaError.ILLEGAL_ADDRESS, rt.malloc(16, "cudaMalloc", S));
        assertEquals(CudaError.ILLEGAL_ADDRESS, rt.getLastError());
        assertEquals(CudaError.ILLEGAL_ADDRESS, rt.getLastError());
        device.fault = null;
        assertEquals(CudaError.SUCCESS, rt.deviceReset());
        assertEquals(CudaError.SUCCESS, rt.getLastError());
        assertEquals(CudaError.SUCCESS, rt.deviceSynchronize());
    }

    @Test
    void slowDevice_makesCopiesPending() {
        long d = malloc(16);
        device.late = true;
        assertEquals(CudaRuntime.PENDING, rt.memcpy(HOST, d, 16, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertFalse(rt.pending().isDone());
        device.finishAll();
        assertTrue(rt.pending().isDone());
        assertEquals(CudaError.SUCCESS, rt.finish());
        assertEquals(CudaRuntime.PENDING, rt.deviceSynchronize());
        device.fault = "cudaErrorAssert: device-side assert triggered";
        device.finishAll();
        assertEquals(CudaError.ASSERT, rt.finish());
        assertEquals(CudaError.ASSERT, rt.stickyError());
    }

    @Test
    void setDevice_onlyZeroExists() {
        assertEquals(CudaError.SUCCESS, rt.setDevice(0));
        assertEquals(CudaError.INVALID_DEVICE, rt.setDevice(999));
        assertEquals(CudaError.INVALID_DEVICE, rt.getLastError());
    }

    @Test
    void describeDeviceAddress_namesTheAllocation() {
        long d = malloc(64);
        assertTrue(rt.describeDeviceAddress(d + 4).contains("cudaMalloc at r.cu:3:1"));
        assertEquals(null, rt.describeDeviceAddress(0x20000));
    }

    @Test
    void streamsAndEvents_areOrderedAndTimed() {
        assertEquals(CudaError.SUCCESS, rt.streamCreate(0));
        long stream = rt.allocated();
        assertTrue(stream != 0);
        assertEquals(CudaError.SUCCESS, rt.streamSynchronize(stream));
        assertEquals(CudaError.SUCCESS, rt.streamQuery(0));
        assertEquals(CudaError.SUCCESS, rt.eventCreate(0));
        long start = rt.allocated();
        assertEquals(CudaError.SUCCESS, rt.eventCreate(0));
        long stop = rt.allocated();
        assertEquals(CudaError.NOT_READY, rt.eventElapsedTime(start, stop));
        assertEquals(CudaError.SUCCESS, rt.eventRecord(start, stream));
        assertEquals(CudaError.SUCCESS, rt.eventRecord(stop, 0));
        assertEquals(CudaError.SUCCESS, rt.eventSynchronize(stop));
        assertEquals(CudaError.SUCCESS, rt.eventElapsedTime(start, stop));
        assertTrue(rt.elapsed() >= 0);
        assertEquals(CudaError.SUCCESS, rt.eventCreate(0x02));
        long untimed = rt.allocated();
        rt.eventRecord(untimed, 0);
        assertEquals(CudaError.INVALID_RESOURCE_HANDLE, rt.eventElapsedTime(start, untimed));
        assertEquals(CudaError.SUCCESS, rt.streamDestroy(stream));
        assertEquals(CudaError.INVALID_RESOURCE_HANDLE, rt.streamDestroy(stream));
        assertEquals(CudaError.INVALID_RESOURCE_HANDLE, rt.streamSynchronize(12345));
        device.late = true;
        assertEquals(CudaError.NOT_READY, rt.streamQuery(0));
    }

    @Test
    void symbols_getDeviceBuffersInitializedFromTheirInitializers() {
        Module m = new Module();
        Global counter = m.add(new Global("counter", Type.I32, AddressSpace.DEVICE, new byte[] {7, 0, 0, 0}, false, false, S));
        Global table = m.add(new Global("table", new Type.Array(Type.F32, 4), AddressSpace.CONSTANT, null, true, false, S));
        rt.registerGlobals(m);
        long c = rt.symbolAddress(counter);
        assertTrue(rt.isDevicePointer(c));
        assertEquals(CudaError.SUCCESS, rt.memcpySymbol(counter, false, HOST, 4, 0, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(7, hostBytes[0]);
        hostBytes[0] = 1;
        hostBytes[1] = 2;
        assertEquals(CudaError.SUCCESS, rt.memcpySymbol(table, true, HOST, 8, 4, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.INVALID_VALUE, rt.memcpySymbol(table, true, HOST, 8, 12, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.INVALID_SYMBOL, rt.memcpySymbol(null, true, HOST, 4, 0, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.INVALID_MEMCPY_DIRECTION,
                rt.memcpySymbol(table, true, HOST, 4, 0, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals(CudaError.SUCCESS, rt.memcpySymbol(table, false, HOST + 64, 4, 4, CudaRuntime.MEMCPY_DEFAULT, host));
        assertEquals(1, hostBytes[64]);
        assertEquals(2, hostBytes[65]);
    }

    @Test
    void pitchedAllocationAndTwoDimensionalCopies() {
        assertEquals(CudaError.SUCCESS, rt.mallocPitch(100, 3, "cudaMallocPitch", S));
        long d = rt.allocated();
        assertEquals(512, rt.pitch());
        for (int i = 0; i < 300; i++) {
            hostBytes[i] = (byte) i;
        }
        assertEquals(CudaError.SUCCESS, rt.memcpy2D(d, 512, HOST, 100, 100, 3, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.SUCCESS, rt.memcpy(HOST + 1000, d + 512 * 2 + 99, 1, CudaRuntime.MEMCPY_DEVICE_TO_HOST, host));
        assertEquals((byte) 299, hostBytes[1000]);
        assertEquals(CudaError.SUCCESS, rt.memcpy2D(HOST + 2000, 50, d + 10, 512, 50, 3, CudaRuntime.MEMCPY_DEFAULT, host));
        assertEquals((byte) 210, hostBytes[2000 + 100]);
        assertEquals(CudaError.INVALID_PITCH_VALUE, rt.memcpy2D(d, 50, HOST, 100, 100, 3, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
        assertEquals(CudaError.INVALID_VALUE, rt.memcpy2D(d, 512, HOST, 100, 100, 4, CudaRuntime.MEMCPY_HOST_TO_DEVICE, host));
    }

    @Test
    void attributes_describeThisDevice() {
        assertEquals(32, rt.attribute(10));
        assertEquals(1024, rt.attribute(2));
        assertEquals(64, rt.attribute(4));
        assertEquals(-1, rt.attribute(9999));
    }

    private Function sharedKernel(Module m, int floats) {
        Global tile = m.add(new Global("tile" + floats, new Type.Array(Type.F32, floats), AddressSpace.SHARED, null, false,
                false, S));
        Function k = new Function("k" + floats, ExecutionSpace.KERNEL, Type.VOID, List.of(), false, S);
        k.setBody(new Stmt.Block(List.of(new Stmt.Store(
                new Expr.ElementAddr(new Expr.GlobalAddr(tile), new Expr.IntConst(Type.I32, 0)),
                new Expr.FloatConst(Type.F32, 1), S)), S));
        return m.add(k);
    }

    @Test
    void occupancy_isLimitedByThreadsBlocksAndSharedMemoryOfOneMultiprocessor() {
        Module m = new Module();
        Function none = kernel(m);
        Function quarter = sharedKernel(m, 3 * 1024);
        // 2048 threads per multiprocessor, whole warps, at most 32 blocks
        assertEquals(8, rt.occupancy(none, 256, 0));
        assertEquals(2, rt.occupancy(none, 1024, 0));
        assertEquals(3, rt.occupancy(none, 544, 0));
        assertEquals(32, rt.occupancy(none, 32, 0));
        assertEquals(32, rt.occupancy(none, 1, 0));
        assertEquals(0, rt.occupancy(none, 1025, 0));
        assertEquals(0, rt.occupancy(none, 0, 0));
        // 12 KiB static + 1 KiB reserved per block: 228 KiB / 13 KiB = 17 blocks
        assertEquals(17, rt.occupancy(quarter, 32, 0));
        // with 20 KiB more dynamic shared memory: 228 / 33 = 6
        assertEquals(6, rt.occupancy(quarter, 32, 20 * 1024));
        // more than a block may have
        assertEquals(0, rt.occupancy(quarter, 32, 40 * 1024));
    }

    @Test
    void maxDynamicShared_isWhatRemainsOf48KiBAndCannotBeRaisedBeyondIt() {
        Module m = new Module();
        Function k = sharedKernel(m, 1024);
        assertEquals(48 * 1024 - 4096, rt.maxDynamicShared(k));
        assertEquals(CudaError.SUCCESS, rt.setMaxDynamicShared(k, 16 * 1024));
        assertEquals(16 * 1024, rt.maxDynamicShared(k));
        assertEquals(CudaError.INVALID_VALUE, rt.setMaxDynamicShared(k, 64 * 1024));
        assertEquals(CudaError.INVALID_VALUE, rt.getLastError());
    }

    @Test
    void limits_haveCuda13DefaultsAndKeepWhatIsSet() {
        assertEquals(1024, rt.limit(0));
        assertEquals(1 << 20, rt.limit(1));
        assertEquals(8 << 20, rt.limit(2));
        assertEquals(-1, rt.limit(9));
        assertEquals(CudaError.SUCCESS, rt.setLimit(2, 64 << 20));
        assertEquals(64 << 20, rt.limit(2));
        assertEquals(CudaError.INVALID_VALUE, rt.setLimit(5, 48));
        assertEquals(CudaError.INVALID_VALUE, rt.setLimit(12, 1));
    }

    @Test
    void attributes_agreeWithTheDeviceInfoAndTheModelledMultiprocessor() {
        DeviceInfo info = device.info();
        assertEquals(info.warpSize(), rt.attribute(10));
        assertEquals(info.maxThreadsPerBlock(), rt.attribute(1));
        assertEquals(info.sharedMemPerBlock(), rt.attribute(8));
        assertEquals(info.sharedMemPerBlock(), rt.attribute(97));
        assertEquals(CudaRuntime.MAX_THREADS_PER_SM, rt.attribute(39));
        assertEquals(CudaRuntime.SHARED_PER_SM, rt.attribute(81));
        assertEquals(CudaRuntime.MAX_BLOCKS_PER_SM, rt.attribute(106));
        assertEquals(0, rt.attribute(95));
        assertEquals(-1, rt.attribute(9999));
    }

    @Test
    void memset2D_fillsOnlyTheRowsWidth() {
        long p = malloc(4 * 64);
        assertEquals(CudaError.SUCCESS, rt.memset2D(p, 64, 0xAB, 10, 4));
        byte[] bytes = device.buffers.values().iterator().next();
        for (int i = 0; i < 4 * 64; i++) {
            assertEquals(i % 64 < 10 ? (byte) 0xAB : 0, bytes[i], "byte " + i);
        }
        assertEquals(CudaError.INVALID_VALUE, rt.memset2D(p, 8, 0, 10, 2));
        assertEquals(CudaError.INVALID_VALUE, rt.memset2D(p, 64, 0, 10, 5));
    }
}
