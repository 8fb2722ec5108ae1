package webcu.vm;

import static org.objectweb.asm.Opcodes.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.ExecutionSpace;
import webcu.ir.Function;
import webcu.ir.Type;

/**
 * The JVM's loop compiler: translates a hot loop of host VM code (the int[] instructions, not the
 * IR) into a JVM method with ASM and defines it as a hidden class, which HotSpot then compiles to
 * machine code. JVM only: the browser build never references this class (TeaVM cannot define
 * classes at run time); the command line installs it with {@link #install}.
 *
 * <p>The compiled method keeps the VM registers the loop uses in JVM locals, loaded from the
 * register banks at entry and written back at every exit; {@link LoopRegion} decides which live in
 * ints and floats and which loops are counted. It compiles a region only when every instruction in
 * it is arithmetic, a comparison, a conversion, a branch, a pure math function or a load or store;
 * calls, natives, switches, copies and traps make it refuse. Semantics are the interpreter's,
 * instruction by instruction: the same double operations rounded to float for the single-precision
 * ones, the same host integer rules.
 *
 * <p>Memory accesses keep the interpreter's checks. Each access site starts from the segment the
 * interpreter cached for it and checks every address against it; an address outside leaves the
 * compiled code at that instruction, and the interpreter runs it again (finding the new segment,
 * or reporting the fault exactly as it always does). A site that keeps leaving (a linked list
 * walk: every node its own segment) is compiled next time to look the segment up in place. A division by zero leaves the same way. Counted loops lower the budget
 * once when they start, for all their iterations or as many as it covers (they then stop there and
 * leave); every other backward branch lowers it by the instructions of the loop it closes and
 * leaves at its target once the budget is spent.
 *
 * <p>Speculations that fail (a register holding something else on entry than the int or float the
 * loop was compiled for, a site that keeps leaving) are recorded in the function's
 * {@link LoopHints}; the loop then reports itself {@linkplain Loop#retired() retired} and the
 * interpreter has it compiled again without them.
 *
 * <p>The bytecode of a loop is written by {@link InstructionEmitter} (one VM instruction at a
 * time) over {@link LoopEmitter} (the method's frame, entry, exits and budget charges); this class
 * holds the compiler's entry points and the static methods compiled loops call.
 */
public final class LoopJit implements LoopCompiler {
    /** HotSpot does not compile methods of more than 8000 bytes of bytecode: refuse larger loops. */
    private static final int MAX_BYTECODE = 7900;
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** -Dwebcu.jit.debug=true prints each loop compiled (its bytecode size) or refused, and why. */
    private static final boolean DEBUG = Boolean.getBoolean("webcu.jit.debug");
    static final String SELF = "webcu/vm/LoopJit";
    static final String COMPILED = "webcu/vm/LoopJit$CompiledLoop";
    static final String SEGMENT = "webcu/vm/Segment";
    static final String THREAD = "webcu/vm/VmThread";
    static final String RUN = "(L" + THREAD + ";[J[DII[L" + SEGMENT + ";)I";

    /**
     * {@code jdk.internal.misc.Unsafe}, when java.base exports it to this class's module
     * ({@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}, which {@code ./webcu} passes)
     * and the machine is little-endian as the VM's memory; else null, and compiled loops read and
     * write memory through VarHandles. Both give the same results; HotSpot's profiling tier, which
     * runs a loop until the optimizing compiler is done with it, runs VarHandle accesses several
     * times slower, which is most of what a short program waits for.
     */
    static final Object UNSAFE = findUnsafe();
    static final String UNSAFE_CLASS = "jdk/internal/misc/Unsafe";
    static final long BYTES_BASE = UNSAFE == null ? 0 : bytesBase();

    private final boolean unsafe;
    /** The name the classes of compiled loops get (./webcu tunes HotSpot for those named LoopJit$Compiled). */
    private final String className;
    private int compiled;
    private int refused;

    /** A loop compiler that uses Unsafe where it can. */
    public LoopJit() {
        this(UNSAFE != null);
    }

    /** A loop compiler that uses Unsafe (when it can) or VarHandles for memory, for tests. */
    LoopJit(boolean unsafe) {
        this(unsafe, "webcu/vm/LoopJit$Compiled");
    }

    private LoopJit(boolean unsafe, String className) {
        this.unsafe = unsafe && UNSAFE != null;
        this.className = className;
    }

    /**
     * Makes host interpreters created from now on compile their hot loops, and starts warming the
     * compiler up on a daemon thread: the first loop compiled in a JVM waits tens of milliseconds
     * for class loading and for HotSpot to compile ASM, and the command line calls this while its
     * front end is still busy, so that the program's first hot loop does not.
     */
    /** The service compiler-core's command line finds (META-INF/services/webcu.vm.LoopCompiler$Installer). */
    public static final class Installer implements LoopCompiler.Installer {
        @Override
        public void install() {
            LoopJit.install();
        }
    }

    public static void install() {
        LoopJit jit = new LoopJit();
        Interpreter.setLoopCompiler(jit);
        Thread warm = new Thread(() -> {
            try {
                warmUp();
            } catch (Throwable e) {
                // only ever a little slower: the program's own loops warm the compiler up instead
            }
        }, "webcu-loop-compiler-warm-up");
        warm.setDaemon(true);
        warm.start();
    }

    /**
     * Compiles a made-up loop nest with a private compiler and runs it over a little memory: this
     * loads and compiles ASM and this compiler, and makes HotSpot compile the JDK methods compiled
     * loops call (the Unsafe accesses), which the first loops of a program would otherwise run
     * interpreted while HotSpot catches up.
     */
    static void warmUp() {
        // named apart, so that HotSpot compiles these loops no sooner than it would any method
        LoopJit jit = new LoopJit(UNSAFE != null, "webcu/vm/LoopJit$WarmUp");
        Memory mem = Memory.host();
        Segment a = mem.allocate(64 * 4, Segment.HEAP, "warm-up a", null, false);
        Segment b = mem.allocate(64 * 4, Segment.HEAP, "warm-up b", null, false);
        Segment w = mem.allocate(64 * 8, Segment.HEAP, "warm-up w", null, false);
        VmThread t = new VmThread(mem, 0);
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            Code c = warmUpCode();
            Loop loop = jit.compile(c, WARM_INNER, WARM_INNER_BRANCH);
            if (loop == null) {
                return;
            }
            Segment[] cache = {a, a, b, w, w};
            for (int run = 0; run < WARM_UP_RUNS; run++) {
                t.ir[0] = 0;
                t.ir[1] = 64;
                t.ir[2] = 0;
                t.ir[3] = a.base;
                t.ir[4] = b.base;
                t.ir[7] = w.base;
                t.fr[0] = 0;
                t.loopBudget = Long.MAX_VALUE >> 2;
                loop.run(t, t.ir, t.fr, 0, 0, cache);
            }
        }
    }

    private static final int WARM_UP_ROUNDS = 4;
    private static final int WARM_UP_RUNS = 4;
    private static final int WARM_INNER = 12;
    private static final int WARM_INNER_BRANCH = 43;

    /**
     * for (r0 = 0; r0 < r1; r0++) { f0 = 0; for (r2 = 0; r2 < r1; r2++) { f0 += a[r2] * a[r2]; a[r2] = r2 & r0; }
     * b[r0] = f0; w[r0] += r0; } with a, b and w (long) in r3, r4 and r7.
     */
    static Code warmUpCode() {
        int[] code = {
            Op.LI, 0, 0,                       // 0
            Op.LI, 1, 64,                      // 3
            Op.FK, 0, 0,                       // 6: outer header
            Op.LI, 2, 0,                       // 9
            Op.LDXF32, 1, 3, 2, 4, 0, 0,       // 12: inner header
            Op.FMULS, 2, 1, 1,                 // 19
            Op.FADDS, 0, 0, 2,                 // 23
            Op.AND, 5, 2, 0,                   // 27
            Op.STX32, 3, 2, 4, 0, 5, 1,        // 31
            Op.ADDI_I, 2, 2, 1,                // 38
            Op.NOP,                            // 42
            Op.JLT, 2, 1, WARM_INNER,          // 43
            Op.STXF32, 4, 0, 4, 0, 0, 2,       // 47
            Op.LDX64, 6, 7, 0, 8, 0, 3,        // 54
            Op.ADD_W, 6, 6, 0,                 // 61
            Op.STX64, 7, 0, 8, 0, 6, 4,        // 65
            Op.ADDI_I, 0, 0, 1,                // 72
            Op.JLT, 0, 1, 6,                   // 76
            Op.RET,                            // 80
        };
        Function f = new Function("loop-compiler-warm-up", ExecutionSpace.HOST, Type.VOID, List.of(), false, Span.NONE);
        return new Code(f, code, new long[0], new double[] {0.0}, 5, 8, 3, 0, new int[0], new int[0], new int[] {0},
                new Span[] {Span.NONE}, new Function[0], new String[0]);
    }

    private static Object findUnsafe() {
        try {
            if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN
                    || !Object.class.getModule().isExported("jdk.internal.misc", LoopJit.class.getModule())) {
                return null;
            }
            return Class.forName("jdk.internal.misc.Unsafe").getMethod("getUnsafe").invoke(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static long bytesBase() {
        try {
            return ((Number) UNSAFE.getClass().getMethod("arrayBaseOffset", Class.class).invoke(UNSAFE, byte[].class)).longValue();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** True when compiled loops access memory through Unsafe, for tests and benchmarks. */
    boolean usesUnsafe() {
        return unsafe;
    }

    /** Loops compiled and refused so far, for tests. */
    int compiled() {
        return compiled;
    }

    int refused() {
        return refused;
    }

    /**
     * Compiles the loop from {@code header} to {@code backEdge} with as many of the loops around it
     * as can be compiled and fit in one method (see {@link LoopRegion}); null when not even the
     * loop alone can.
     */
    @Override
    public Loop compile(Code c, int header, int backEdge) {
        int end = backEdge + Op.length(c.code, backEdge);
        if (c.loopHints == null) {
            c.loopHints = new LoopHints(c.cache.length);
        }
        List<int[]> nest = LoopRegion.enclosing(c, header, end);
        for (int depth = nest.size(); depth > 0; depth--) {
            Loop loop = compile(new LoopRegion(c, nest.subList(0, depth), c.loopHints));
            if (loop != null) {
                compiled++;
                return loop;
            }
        }
        refused++;
        return null;
    }

    private Loop compile(LoopRegion region) {
        Code c = region.c;
        String what = "loop " + c.name() + " " + region.entry + " in " + region.header + ".." + region.end;
        long t0 = System.nanoTime();
        try {
            if (!region.analyse()) {
                if (DEBUG) {
                    System.err.println(what + ": " + region.refusal);
                }
                return null;
            }
            LoopEmitter e = new InstructionEmitter(region, unsafe, className);
            byte[] bytes = e.generate();
            if (DEBUG) {
                System.err.print(c.listing(region.header, region.end));
                System.err.println(what + ": " + e.size + " bytes, ints " + region.narrow + ", floats " + region.single
                        + ", counted " + region.counted.keySet() + ", followed sites " + c.loopHints.followedSites
                        + String.format(", %.1f ms", (System.nanoTime() - t0) / 1e6));
            }
            if (e.size > MAX_BYTECODE) {
                return null;
            }
            MethodHandles.Lookup l = MethodHandles.lookup().defineHiddenClass(bytes, true);
            return (Loop) l.findConstructor(l.lookupClass(), MethodType.methodType(void.class, int.class, LoopHints.class))
                    .invoke(region.entry, c.loopHints);
        } catch (Throwable e) {
            // A loop this compiler cannot express is interpreted, never run wrongly.
            if (DEBUG) {
                System.err.println(what + ": " + e);
                e.printStackTrace();
            }
            return null;
        }
    }

    /** What every compiled loop extends: where it is entered, and the hints its speculations report to. */
    abstract static class CompiledLoop extends Loop {
        final int start;
        final LoopHints hints;
        boolean retired;

        CompiledLoop(int start, LoopHints hints) {
            this.start = start;
            this.hints = hints;
        }

        @Override
        public boolean retired() {
            return retired;
        }
    }

    // ---- called by compiled loops

    static byte i8(byte[] d, int o) {
        return d[o];
    }

    static short i16(byte[] d, int o) {
        return (short) I16.get(d, o);
    }

    static int i32(byte[] d, int o) {
        return (int) I32.get(d, o);
    }

    static long i64(byte[] d, int o) {
        return (long) I64.get(d, o);
    }

    static void putI8(byte[] d, int o, byte v) {
        d[o] = v;
    }

    static void putI16(byte[] d, int o, short v) {
        I16.set(d, o, v);
    }

    static void putI32(byte[] d, int o, int v) {
        I32.set(d, o, v);
    }

    static void putI64(byte[] d, int o, long v) {
        I64.set(d, o, v);
    }

    /** The segment an access falls in, as the interpreter's slow path finds it; null where it faults. */
    static Segment lookup(Memory mem, Segment[] cache, int site, long a, long n, boolean write) {
        Segment s = mem.lookup(a, n, write);
        if (s != null) {
            cache[site] = s;
        }
        return s;
    }

    /**
     * The last offset in segment s at which an access of n bytes may start (reading, or writing
     * when {@code write}), or -1 when none may: freed, or read-only for a write. Never past the
     * end of its bytes, which is what keeps unchecked Unsafe accesses inside the array.
     */
    static long siteLimit(Segment s, int n, boolean write) {
        long limit = write ? s.writable : s.readable;
        byte[] d = s.data;
        if (d == null || limit < 0) {
            return -1;
        }
        return Math.max(-1, Math.min(limit, d.length) - n);
    }

    /** An access left its site's segment. */
    static void missed(CompiledLoop l, int site) {
        if (l.hints.missed(site)) {
            l.retired = true;
        }
    }

    /** Integer register r entered the loop holding more than an int: compile it as a long. Returns the header. */
    static int wideInt(CompiledLoop l, int r) {
        l.hints.wideInts.set(r);
        l.retired = true;
        return l.start;
    }

    /** Float register r entered the loop holding a double: compile it as a double. Returns the header. */
    static int doubleFloat(CompiledLoop l, int r) {
        l.hints.doubleFloats.set(r);
        l.retired = true;
        return l.start;
    }

    /** What {@link #chargePart} gives when the budget does not cover one iteration. */
    static final long NO_BUDGET = -1;
    /** What {@link #charge} gives when stepping past the bound could wrap around. */
    static final long MIGHT_WRAP = -2;

    /**
     * The iterations left to a counted loop at its header (at least one: the one starting), or
     * {@link #MIGHT_WRAP} when the bound is so close to the end of the int range that stepping past
     * it would wrap around (and the loop might never end).
     */
    static long iterations(long iv, long bound, int step, boolean inclusive) {
        if (step > 0) {
            if (bound > Integer.MAX_VALUE - step + (inclusive ? 0 : 1)) {
                return MIGHT_WRAP;
            }
            long span = bound - iv;
            return inclusive ? (span < 0 ? 1 : span / step + 1) : (span <= 0 ? 1 : (span + step - 1) / step);
        }
        long t = -(long) step;
        if (bound < Integer.MIN_VALUE + t - (inclusive ? 0 : 1)) {
            return MIGHT_WRAP;
        }
        long span = iv - bound;
        return inclusive ? (span < 0 ? 1 : span / t + 1) : (span <= 0 ? 1 : (span + t - 1) / t);
    }

    /** What {@link #charge} gives when the budget does not cover all the iterations left. */
    static final long PARTLY = -3;

    /**
     * The budget left after charging a counted loop for all the iterations it has left, or a
     * negative value: {@link #MIGHT_WRAP} (see {@link #iterations}), or {@link #PARTLY} when the
     * budget does not cover them all (see {@link #chargePart}).
     */
    static long charge(long iv, long bound, int step, boolean inclusive, long cost, long left) {
        long n = iterations(iv, bound, step, inclusive);
        if (n < 0) {
            return n;
        }
        return n * cost <= left ? left - n * cost : PARTLY;
    }

    /**
     * The budget left after charging a counted loop whose iterations the budget does not all cover
     * for as many as it does, or {@link #NO_BUDGET} when it does not cover one; {@link #clamp} then
     * gives the bound it runs to.
     */
    static long chargePart(long cost, long left) {
        long k = left / cost;
        return k <= 0 ? NO_BUDGET : left - k * cost;
    }

    /**
     * The bound a counted loop charged from {@code before} down to {@code after} for fewer than all
     * its iterations runs to: the value its induction variable reaches after those, so that the
     * loop stops there (and then leaves for the interpreter).
     */
    static long clamp(long iv, int step, boolean inclusive, long cost, long before, long after) {
        long reached = iv + (before - after) / cost * step;
        return inclusive ? reached - Long.signum(step) : reached;
    }

    /**
     * A counted loop whose bound could wrap: compile it again checking the budget at its backward
     * branch instead, so that it runs compiled however close to the end of the range it counts.
     */
    static void mightWrap(CompiledLoop l, int header) {
        l.hints.uncounted.set(header);
        l.retired = true;
    }
}
