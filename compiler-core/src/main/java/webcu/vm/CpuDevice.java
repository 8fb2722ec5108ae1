package webcu.vm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Global;
import webcu.ir.Module;
import webcu.runtime.AddressedDevice;
import webcu.runtime.Completion;
import webcu.runtime.Console;
import webcu.runtime.CudaError;
import webcu.runtime.DeviceInfo;
import webcu.runtime.KernelArg;
import webcu.runtime.KernelLaunch;
import webcu.runtime.ByteOut;

/**
 * A CUDA device emulated on the VM, for the JVM and the browser's CPU backend. Buffers are
 * segments of its own flat memory at the addresses the runtime gives them; a launch runs the
 * kernel's blocks one after another and the threads of a block interleaved between barriers (each
 * runs until it reaches {@code __syncthreads()} or ends, then the barrier opens), with one copy of
 * shared memory reused by each block. Device printf output is kept until the host synchronizes, as
 * CUDA's printf buffer is. The first fault (bad access, failed assert, trap) stops the kernel, is
 * reported on the console the way compute-sanitizer would, and makes the device refuse later work
 * and report the error at every synchronization until it is reset.
 */
public final class CpuDevice implements AddressedDevice {
    private static final long CAPACITY = 2L << 30;
    private static final long DYNAMIC_SHARED = Memory.DEVICE_SHARED_BASE + (1L << 32);

    private final Console console;
    private final Memory memory = Memory.device();
    private final HashMap<Integer, Segment> buffers = new HashMap<>();
    private final ByteOut printf = new ByteOut();
    private final Interpreter[] clock = new Interpreter[1];
    private final Collectives collectives = new Collectives();
    private final DeviceLibrary library = new DeviceLibrary(printf, clock, collectives);
    private String fault;
    private long instructionLimit = Long.MAX_VALUE;
    private long instructionsRun;
    /** The watchdog: a launch running longer than this stops (0: never); see {@link #setTimeLimit}. */
    private long timeLimitNanos;
    private long launchBegan;
    /**
     * The time limit the command line and the page give a launch on the emulator: 20 s, far
     * beyond the kernels of the conformance suite (the longest runs a few seconds there).
     */
    public static final double DEFAULT_TIME_LIMIT_SECONDS = 20;
    /** Instructions a thread runs between two looks at the clock, when there is a time limit. */
    private static final long CLOCK_QUANTUM = 1 << 20;

    private Module module;
    private Program program;
    private Interpreter interpreter;
    private final ArrayList<Segment> staticShared = new ArrayList<>();
    private long sharedNext;
    private Segment dynamicShared;
    private VmThread[] threads = new VmThread[0];
    private boolean[] atBarrier = new boolean[0];
    /** Device variables the runtime placed in its own buffers. */
    private final HashMap<Global, Long> globals = new HashMap<>();

    public CpuDevice(Console console) {
        this.console = console;
        memory.setCapacity(CAPACITY);
    }

    /**
     * Hears when a launch begins and ends. A launch runs to its end inside {@link #launch}, so a
     * host that wants to show which kernel is running must hear it from here.
     */
    public interface LaunchObserver {
        void started(KernelLaunch launch);

        void finished(KernelLaunch launch);
    }

    private LaunchObserver observer;

    public void setLaunchObserver(LaunchObserver observer) {
        this.observer = observer;
    }

    /** Kernels that run longer than this many instructions in one launch stop with cudaErrorLaunchTimeout. */
    public void setInstructionLimit(long limit) {
        this.instructionLimit = limit;
    }

    /**
     * The watchdog of the emulator: a launch still running after {@code seconds} stops with
     * cudaErrorLaunchTimeout and the report the WebGPU watchdog gives, at the line the thread was
     * running (docs/watchdog.md). The emulator has no loop budget like the GPU's, because its speed
     * differs so much from a GPU's that only time is a useful measure. 0 (the default): no limit.
     */
    public void setTimeLimit(double seconds) {
        this.timeLimitNanos = seconds <= 0 ? 0 : (long) (seconds * 1e9);
    }

    /** Thread-instructions executed by all launches so far. */
    public long instructionsRun() {
        return instructionsRun;
    }

    public Memory memory() {
        return memory;
    }

    @Override
    public DeviceInfo info() {
        return new DeviceInfo("webcu CPU emulator", 9, 0, CAPACITY, 1, 1024, new int[] {1024, 1024, 64},
                new int[] {Integer.MAX_VALUE, 65535, 65535}, 48 * 1024, 32, 64 * 1024, 65536, 1_000_000);
    }

    // ---- buffers

    @Override
    public boolean createBuffer(int id, long bytes) {
        if (bytes < 0 || bytes > Memory.MAX_SEGMENT) {
            return false;
        }
        Segment s = memory.allocate(bytes, Segment.DEVICE, "device buffer " + id, null, false);
        if (s == null) {
            return false;
        }
        buffers.put(id, s);
        return true;
    }

    @Override
    public void mapBuffer(int id, long base, String label, Span site) {
        Segment old = buffers.get(id);
        if (old == null) {
            return;
        }
        memory.unmap(old);
        buffers.put(id, memory.map(base, old.size, old.data, Segment.DEVICE, label, site, false));
    }

    @Override
    public void mapGlobal(Global g, long address) {
        globals.put(g, address);
    }

    @Override
    public byte[] bufferBytes(int id) {
        Segment s = buffers.get(id);
        return s == null ? null : s.data;
    }

    @Override
    public void destroyBuffer(int id) {
        Segment s = buffers.remove(id);
        if (s != null) {
            memory.free(s);
        }
    }

    private Segment buffer(int id) {
        Segment s = buffers.get(id);
        if (s == null) {
            throw new IllegalArgumentException("no device buffer " + id);
        }
        return s;
    }

    @Override
    public void write(int buffer, long offset, byte[] src, int srcOffset, int length) {
        System.arraycopy(src, srcOffset, buffer(buffer).data, (int) offset, length);
    }

    @Override
    public void copy(int dstBuffer, long dstOffset, int srcBuffer, long srcOffset, long length) {
        System.arraycopy(buffer(srcBuffer).data, (int) srcOffset, buffer(dstBuffer).data, (int) dstOffset, (int) length);
    }

    @Override
    public void fill(int buffer, long offset, int byteValue, long length) {
        Arrays.fill(buffer(buffer).data, (int) offset, (int) (offset + length), (byte) byteValue);
    }

    @Override
    public Completion read(int buffer, long offset, byte[] dst, int dstOffset, int length) {
        flushPrintf();
        System.arraycopy(buffer(buffer).data, (int) offset, dst, dstOffset, length);
        return Completion.finished();
    }

    @Override
    public Completion synchronize() {
        flushPrintf();
        Completion c = new Completion();
        if (fault != null) {
            c.fail(fault);
        } else {
            c.complete();
        }
        return c;
    }

    @Override
    public void reset() {
        for (Segment s : buffers.values()) {
            memory.free(s);
        }
        buffers.clear();
        globals.clear();
        module = null;
        fault = null;
        flushPrintf();
    }

    private void flushPrintf() {
        if (printf.size() > 0) {
            console.out(printf.text(0, printf.size()));
            printf.clear();
        }
    }

    // ---- launches

    @Override
    public void launch(KernelLaunch launch) {
        flushPrintf();
        if (fault != null) {
            return;
        }
        if (observer != null) {
            observer.started(launch);
        }
        try {
            run(launch);
        } catch (VmFault f) {
            // Faults outside any thread: the kernel's set-up (a kernel that does not link).
            fail(f, "kernel " + launch.kernel().name(), null);
        } finally {
            if (observer != null) {
                observer.finished(launch);
            }
        }
    }

    /** The device side of a module: its kernels and device functions, linked against device memory. */
    private void prepare(Module m) {
        if (module == m) {
            return;
        }
        module = m;
        for (Segment s : staticShared) {
            memory.free(s);
        }
        staticShared.clear();
        sharedNext = Memory.DEVICE_SHARED_BASE;
        program = new Program(m, true, memory, this::place, library, new IntrinsicLibrary());
        interpreter = new Interpreter(program);
        clock[0] = interpreter;
    }

    /** Links the kernels of {@code m} ahead of time; returns the external functions nobody provides. */
    public List<Program.Unresolved> link(Module m) {
        prepare(m);
        return program.link(m.kernels());
    }

    private long place(Global g) {
        Long mapped = globals.get(g);
        if (mapped != null) {
            return mapped;
        }
        String what = g.space() == AddressSpace.SHARED ? "__shared__ variable '" + g.name() + "'"
                : g.space() == AddressSpace.CONSTANT ? "__constant__ variable '" + g.name() + "'"
                : g.space() == AddressSpace.DEVICE ? "__device__ variable '" + g.name() + "'"
                : "string literal";
        if (g.space() == AddressSpace.SHARED) {
            if (g.dynamicShared()) {
                return DYNAMIC_SHARED;
            }
            long align = Math.max(16, g.type().align());
            long base = (sharedNext + align - 1) / align * align;
            long size = Math.max(0, g.type().size());
            sharedNext = base + size + 16;
            Segment s = memory.map(base, size, new byte[(int) size], Segment.SHARED, what, g.span(), false);
            staticShared.add(s);
            return base;
        }
        boolean readOnly = g.space() == AddressSpace.CONSTANT || g.space() == AddressSpace.HOST && g.readOnly();
        int kind = g.space() == AddressSpace.DEVICE ? Segment.DEVICE_GLOBAL
                : g.space() == AddressSpace.CONSTANT ? Segment.CONSTANT : Segment.LITERAL;
        Segment s = memory.allocate(Math.max(0, g.type().size()), kind, what, g.span(), readOnly);
        if (s == null) {
            throw new VmFault(VmFault.TRAP, CudaError.MEMORY_ALLOCATION, "out of device memory for " + what, "");
        }
        if (g.init() != null) {
            System.arraycopy(g.init(), 0, s.data, 0, Math.min(g.init().length, s.data.length));
        }
        return s.base;
    }

    private void run(KernelLaunch launch) {
        prepare(launch.module());
        Code code = program.code(launch.kernel());
        int[] grid = launch.grid();
        int[] block = launch.block();
        if (block[0] <= 0 || block[1] <= 0 || block[2] <= 0 || grid[0] <= 0 || grid[1] <= 0 || grid[2] <= 0) {
            return;
        }
        int n = block[0] * block[1] * block[2];
        if (threads.length < n) {
            VmThread[] more = Arrays.copyOf(threads, n);
            for (int i = threads.length; i < n; i++) {
                more[i] = new VmThread(memory, i);
            }
            threads = more;
        }
        if (dynamicShared != null) {
            memory.unmap(dynamicShared);
        }
        long dyn = launch.dynamicSharedBytes();
        dynamicShared = memory.map(DYNAMIC_SHARED, dyn, new byte[(int) dyn], Segment.SHARED,
                "extern __shared__ memory", launch.site(), false);
        // Struct arguments live in a read-only parameter segment, as in CUDA's param space.
        List<KernelArg> args = launch.args();
        ArrayList<Segment> params = new ArrayList<>();
        long[] values = new long[args.size()];
        for (int k = 0; k < args.size(); k++) {
            KernelArg a = args.get(k);
            if (a instanceof KernelArg.Bytes b) {
                Segment s = memory.allocate(b.bytes().length, Segment.PARAM, "kernel parameter " + (k + 1), launch.site(), true);
                System.arraycopy(b.bytes(), 0, s.data, 0, b.bytes().length);
                params.add(s);
                values[k] = s.base;
            } else if (a instanceof KernelArg.Pointer p) {
                values[k] = p.address();
            } else if (a instanceof KernelArg.Scalar sc) {
                values[k] = sc.bits();
            }
        }
        // Parameter values as the entry registers want them, computed once per launch.
        int np = Math.min(args.size(), code.paramBank.length);
        long[] ints = new long[np];
        double[] floats = new double[np];
        for (int k = 0; k < np; k++) {
            KernelArg a = args.get(k);
            if (code.paramBank[k] == 1) {
                KernelArg.Scalar sc = (KernelArg.Scalar) a;
                floats[k] = sc.type().size() == 4 ? Float.intBitsToFloat((int) values[k])
                        : Double.longBitsToDouble(values[k]);
            } else {
                ints[k] = a instanceof KernelArg.Scalar sc ? Ext.normalize(Ext.of(sc.type()), values[k]) : values[k];
            }
        }
        long start = interpreter.executed();
        launchBegan = System.nanoTime();
        try {
            for (int z = 0; z < grid[2]; z++) {
                for (int y = 0; y < grid[1]; y++) {
                    for (int x = 0; x < grid[0]; x++) {
                        if (!runBlock(launch, code, n, x, y, z, ints, floats, start)) {
                            return;
                        }
                    }
                }
            }
        } finally {
            instructionsRun += interpreter.executed() - start;
            for (Segment s : params) {
                memory.free(s);
            }
        }
    }

    private boolean runBlock(KernelLaunch launch, Code code, int n, int bx, int by, int bz, long[] ints, double[] floats,
                             long start) {
        int[] block = launch.block();
        int[] grid = launch.grid();
        for (Segment s : staticShared) {
            Arrays.fill(s.data, (byte) 0);
        }
        Arrays.fill(dynamicShared.data, (byte) 0);
        int[] banks = code.paramBank;
        int[] regs = code.paramReg;
        int bx0 = block[0];
        int bxy = block[0] * block[1];
        for (int i = 0; i < n; i++) {
            VmThread t = threads[i];
            t.start(code);
            int[] b = t.builtins;
            b[0] = i % bx0;
            b[1] = (i / bx0) % block[1];
            b[2] = i / bxy;
            b[3] = bx;
            b[4] = by;
            b[5] = bz;
            b[6] = block[0];
            b[7] = block[1];
            b[8] = block[2];
            b[9] = grid[0];
            b[10] = grid[1];
            b[11] = grid[2];
            for (int k = 0; k < ints.length; k++) {
                if (banks[k] == 1) {
                    t.fr[regs[k]] = floats[k];
                } else {
                    t.ir[regs[k]] = ints[k];
                }
            }
        }
        collectives.startBlock(n);
        if (atBarrier.length < n) {
            atBarrier = new boolean[n];
        }
        Arrays.fill(atBarrier, 0, n, false);
        while (true) {
            int finished = 0;
            for (int i = 0; i < n; i++) {
                VmThread t = threads[i];
                if (t.done) {
                    finished++;
                    continue;
                }
                if (atBarrier[i] || t.waitFor != null && !t.waitFor.isDone()) {
                    continue;
                }
                long left = instructionLimit - (interpreter.executed() - start);
                int status = interpreter.run(t, Math.max(0, timeLimitNanos == 0 ? left : Math.min(left, CLOCK_QUANTUM)));
                while (status == Interpreter.BUDGET && timeLimitNanos != 0 && left > CLOCK_QUANTUM) {
                    // the same thread goes on (the order threads run in stays as without a limit) until the clock says stop
                    long ran = System.nanoTime() - launchBegan;
                    if (ran > timeLimitNanos) {
                        t.fault = new VmFault(VmFault.TIMEOUT, CudaError.LAUNCH_TIMEOUT, "kernel " + launch.kernel().name()
                                + " stopped after " + seconds(ran) + " s: it did not finish (an endless loop?)", "");
                        fail(t.fault, launch.kernel().name(), t);
                        return false;
                    }
                    left = instructionLimit - (interpreter.executed() - start);
                    status = interpreter.run(t, Math.max(0, Math.min(left, CLOCK_QUANTUM)));
                }
                if (status == Interpreter.DONE) {
                    finished++;
                } else if (status == Interpreter.BARRIER) {
                    atBarrier[i] = true;
                } else if (status == Interpreter.WAITING) {
                    // At a warp or block collective: it goes on once the collective is resolved.
                    continue;
                } else if (status == Interpreter.FAULT) {
                    fail(t.fault, launch.kernel().name(), t);
                    return false;
                } else if (status == Interpreter.BUDGET) {
                    t.fault = new VmFault(VmFault.TIMEOUT, CudaError.LAUNCH_TIMEOUT, "the kernel ran longer than "
                            + instructionLimit + " instructions", "");
                    fail(t.fault, launch.kernel().name(), t);
                    return false;
                } else {
                    t.fault = new VmFault(VmFault.TRAP, CudaError.LAUNCH_FAILURE,
                            "internal error: a device thread stopped with status " + status, "");
                    fail(t.fault, launch.kernel().name(), t);
                    return false;
                }
            }
            if (finished == n) {
                return true;
            }
            // No thread can run: first let the collectives that threads wait at finish; when there
            // are none, every thread that has not ended waits at the barrier, which now opens.
            if (collectives.hasPending()) {
                collectives.resolveAll();
            } else {
                Arrays.fill(atBarrier, 0, n, false);
            }
        }
    }

    /** Nanoseconds as seconds with one decimal, as the WebGPU watchdog's report gives them. */
    private static String seconds(long nanos) {
        long tenths = Math.round(nanos / 1e8);
        return tenths / 10 + "." + tenths % 10;
    }

    /** Reports a kernel fault as compute-sanitizer would and makes it the device's sticky error. */
    private void fail(VmFault f, String kernel, VmThread t) {
        flushPrintf();
        int code = f.cudaError == 0 ? CudaError.LAUNCH_FAILURE : f.cudaError;
        StringBuilder sb = new StringBuilder();
        if (f.selfExplaining) {
            sb.append(f.headline).append('\n');
        } else {
            sb.append("webcu: kernel fault: ").append(f.headline).append('\n');
            if (t != null) {
                List<String> frames = t.backtrace();
                for (int i = 0; i < frames.size(); i++) {
                    sb.append(i == 0 ? "    in " : "    called from ").append(frames.get(i)).append('\n');
                }
                sb.append("    by thread (").append(t.builtins[0]).append(',').append(t.builtins[1]).append(',')
                        .append(t.builtins[2]).append(") in block (").append(t.builtins[3]).append(',')
                        .append(t.builtins[4]).append(',').append(t.builtins[5]).append(")\n");
            } else {
                sb.append("    in ").append(kernel).append('\n');
            }
            if (!f.detail.isEmpty()) {
                sb.append("    ").append(f.detail).append('\n');
            }
            sb.append("    the kernel was stopped; CUDA calls now return ").append(CudaError.name(code)).append('\n');
        }
        console.err(sb.toString());
        fault = CudaError.faultText(code, f.headline);
    }
}
