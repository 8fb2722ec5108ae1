package webcu.vm;

import static org.objectweb.asm.Opcodes.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.TreeSet;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
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
 */
public final class LoopJit implements LoopCompiler {
    /** HotSpot does not compile methods of more than 8000 bytes of bytecode: refuse larger loops. */
    private static final int MAX_BYTECODE = 7900;
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** -Dwebcu.jit.debug=true prints each loop compiled (its bytecode size) or refused, and why. */
    private static final boolean DEBUG = Boolean.getBoolean("webcu.jit.debug");
    private static final String SELF = "webcu/vm/LoopJit";
    private static final String COMPILED = "webcu/vm/LoopJit$CompiledLoop";
    private static final String SEGMENT = "webcu/vm/Segment";
    private static final String THREAD = "webcu/vm/VmThread";
    private static final String RUN = "(L" + THREAD + ";[J[DII[L" + SEGMENT + ";)I";

    /**
     * {@code jdk.internal.misc.Unsafe}, when java.base exports it to this class's module
     * ({@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}, which {@code ./webcu} passes)
     * and the machine is little-endian as the VM's memory; else null, and compiled loops read and
     * write memory through VarHandles. Both give the same results; HotSpot's profiling tier, which
     * runs a loop until the optimizing compiler is done with it, runs VarHandle accesses several
     * times slower, which is most of what a short program waits for.
     */
    static final Object UNSAFE = findUnsafe();
    private static final String UNSAFE_CLASS = "jdk/internal/misc/Unsafe";
    private static final long BYTES_BASE = UNSAFE == null ? 0 : bytesBase();

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
            Emitter e = new Emitter(region, unsafe, className);
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

    /** Generates the class of one loop from its analysed region. */
    private static final class Emitter {
        // Locals of run(VmThread t, long[] ir, double[] fr, int ib, int fb, Segment[] cache)
        private static final int T = 1, IR = 2, FR = 3, IB = 4, FB = 5, CACHE = 6;
        private static final int LEFT = 7, EXIT_PC = 9, MEM = 10, FRAME = 11, ADDR = 13, OFF = 15, SEG = 17, TMP = 18;
        private static final int FIRST_FREE = 20;

        private final LoopRegion region;
        private final boolean unsafe;
        private final String className;
        private final Code c;
        private final int[] code;
        private final int header;
        private final int end;
        private final Label[] labels;
        /** Where a counted loop other than the entry loop starts: its budget charge, before its header. */
        private final HashMap<Integer, Label> preheaders = new HashMap<>();
        private final HashMap<Integer, Integer> intSlot = new HashMap<>();
        private final HashMap<Integer, Integer> floatSlot = new HashMap<>();
        /** Per counted loop (by header): the local holding the bound its charge set. */
        private final HashMap<Integer, Integer> boundSlot = new HashMap<>();
        /** Per access site: the first of its locals (base: long, last offset: long, data: byte[]). */
        private final HashMap<Integer, Integer> siteSlot = new HashMap<>();
        private final HashMap<Integer, Label> exits = new HashMap<>();
        private final ArrayList<Runnable> stubs = new ArrayList<>();
        private final Label writeBack = new Label();
        private MethodVisitor mv;
        /** Bytes of bytecode of run, once generated. */
        int size;

        Emitter(LoopRegion region, boolean unsafe, String className) {
            this.region = region;
            this.unsafe = unsafe;
            this.className = className;
            this.c = region.c;
            this.code = c.code;
            this.header = region.header;
            this.end = region.end;
            int next = FIRST_FREE;
            for (int r : region.ints) {
                intSlot.put(r, next);
                next += 2;
            }
            for (int r : region.floats) {
                floatSlot.put(r, next);
                next += 2;
            }
            for (int s : region.sites) {
                siteSlot.put(s, next);
                next += 5;
            }
            for (int h : region.counted.keySet()) {
                boundSlot.put(h, next);
                next += 2;
            }
            labels = new Label[end - header];
            for (int pc : region.pcs) {
                labels[pc - header] = new Label();
                if (region.counted.containsKey(pc) && pc != region.entry) {
                    preheaders.put(pc, new Label());
                }
            }
        }

        byte[] generate() {
            ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
                @Override
                protected String getCommonSuperClass(String a, String b) {
                    return "java/lang/Object";
                }
            };
            String ctor = "(ILwebcu/vm/LoopHints;)V";
            cw.visit(V21, ACC_FINAL | ACC_SUPER, className, null, COMPILED, null);
            MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", ctor, null, null);
            init.visitCode();
            init.visitVarInsn(ALOAD, 0);
            init.visitVarInsn(ILOAD, 1);
            init.visitVarInsn(ALOAD, 2);
            init.visitMethodInsn(INVOKESPECIAL, COMPILED, "<init>", ctor, false);
            init.visitInsn(RETURN);
            init.visitMaxs(0, 0);
            init.visitEnd();
            mv = cw.visitMethod(ACC_PUBLIC, "run", RUN, null, null);
            mv.visitCode();
            prologue();
            // Entered at the entry loop's header: the loops around it are entered in their middle
            // this once, which HotSpot handles (as it does its own on-stack replacement), and the
            // nest is one copy of the code, so it has the least to compile.
            if (region.entry != header) {
                mv.visitJumpInsn(GOTO, labels[region.entry - header]);
            }
            for (int pc : region.pcs) {
                Label pre = preheaders.get(pc);
                if (pre != null) {
                    mv.visitLabel(pre);
                    charge(region.counted.get(pc), exit(pc));
                }
                mv.visitLabel(labels[pc - header]);
                instruction(pc);
            }
            mv.visitJumpInsn(GOTO, exit(end));
            for (int i = 0; i < stubs.size(); i++) {
                stubs.get(i).run();
            }
            Label last = new Label();
            mv.visitLabel(last);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
            cw.visitEnd();
            byte[] bytes = cw.toByteArray();
            size = last.getOffset();
            return bytes;
        }

        // ---- registers in locals

        private boolean narrow(int r) {
            return region.narrow.get(r);
        }

        private boolean single(int r) {
            return region.single.get(r);
        }

        /** Pushes integer register r as a long. */
        private void pushL(int r) {
            if (narrow(r)) {
                mv.visitVarInsn(ILOAD, intSlot.get(r));
                mv.visitInsn(I2L);
            } else {
                mv.visitVarInsn(LLOAD, intSlot.get(r));
            }
        }

        /** Pushes the low 32 bits of integer register r as an int. */
        private void pushI(int r) {
            if (narrow(r)) {
                mv.visitVarInsn(ILOAD, intSlot.get(r));
            } else {
                mv.visitVarInsn(LLOAD, intSlot.get(r));
                mv.visitInsn(L2I);
            }
        }

        /** Stores the long on the stack into r (one sign-extended from 32 bits when r is narrow). */
        private void storeL(int r) {
            if (narrow(r)) {
                mv.visitInsn(L2I);
                mv.visitVarInsn(ISTORE, intSlot.get(r));
            } else {
                mv.visitVarInsn(LSTORE, intSlot.get(r));
            }
        }

        /** Stores the int on the stack into r, sign-extended. */
        private void storeI(int r) {
            if (narrow(r)) {
                mv.visitVarInsn(ISTORE, intSlot.get(r));
            } else {
                mv.visitInsn(I2L);
                mv.visitVarInsn(LSTORE, intSlot.get(r));
            }
        }

        /** Pushes float register r as a double. */
        private void loadD(int r) {
            if (single(r)) {
                mv.visitVarInsn(FLOAD, floatSlot.get(r));
                mv.visitInsn(F2D);
            } else {
                mv.visitVarInsn(DLOAD, floatSlot.get(r));
            }
        }

        /** Stores the double on the stack, which need not be a float, into float register r. */
        private void storeD(int r) {
            if (single(r)) {
                throw new IllegalStateException("a double written to float register " + r);
            }
            mv.visitVarInsn(DSTORE, floatSlot.get(r));
        }

        /** Stores the float on the stack into float register r. */
        private void storeF(int r) {
            if (single(r)) {
                mv.visitVarInsn(FSTORE, floatSlot.get(r));
            } else {
                mv.visitInsn(F2D);
                mv.visitVarInsn(DSTORE, floatSlot.get(r));
            }
        }

        private void bankIndex(int bank, int base, int r) {
            mv.visitVarInsn(ALOAD, bank);
            mv.visitVarInsn(ILOAD, base);
            push(r);
            mv.visitInsn(IADD);
        }

        /** Loads register r of the int bank into its local (no check). */
        private void loadInt(int r) {
            bankIndex(IR, IB, r);
            mv.visitInsn(LALOAD);
            storeL(r);
        }

        private void saveInt(int r) {
            bankIndex(IR, IB, r);
            pushL(r);
            mv.visitInsn(LASTORE);
        }

        /** Loads float register r into its local (exactly: a float register holds floats). */
        private void loadFloat(int r) {
            bankIndex(FR, FB, r);
            mv.visitInsn(DALOAD);
            if (single(r)) {
                mv.visitInsn(D2F);
                mv.visitVarInsn(FSTORE, floatSlot.get(r));
            } else {
                mv.visitVarInsn(DSTORE, floatSlot.get(r));
            }
        }

        private void saveFloat(int r) {
            bankIndex(FR, FB, r);
            loadD(r);
            mv.visitInsn(DASTORE);
        }

        // ---- entry and exits

        /**
         * Loads the registers whose value on entry matters, checking those held narrower than the
         * banks (a failed check retires the loop and returns to the interpreter at the header), then
         * the budget, the sites' segments and, for a counted loop, its charge.
         */
        private void prologue() {
            for (int r : region.ints) {
                if (!region.liveIn.get(2 * r)) {
                    if (narrow(r)) {
                        mv.visitInsn(ICONST_0);
                        mv.visitVarInsn(ISTORE, intSlot.get(r));
                    } else {
                        mv.visitInsn(LCONST_0);
                        mv.visitVarInsn(LSTORE, intSlot.get(r));
                    }
                    continue;
                }
                if (!narrow(r)) {
                    loadInt(r);
                    continue;
                }
                Label ok = new Label();
                bankIndex(IR, IB, r);
                mv.visitInsn(LALOAD);
                mv.visitInsn(DUP2);
                mv.visitVarInsn(LSTORE, TMP);
                mv.visitInsn(L2I);
                mv.visitInsn(DUP);
                mv.visitVarInsn(ISTORE, intSlot.get(r));
                mv.visitInsn(I2L);
                mv.visitVarInsn(LLOAD, TMP);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFEQ, ok);
                mv.visitVarInsn(ALOAD, 0);
                push(r);
                mv.visitMethodInsn(INVOKESTATIC, SELF, "wideInt", "(L" + COMPILED + ";I)I", false);
                mv.visitInsn(IRETURN);
                mv.visitLabel(ok);
            }
            for (int r : region.floats) {
                if (!region.liveIn.get(2 * r + 1)) {
                    mv.visitInsn(single(r) ? FCONST_0 : DCONST_0);
                    mv.visitVarInsn(single(r) ? FSTORE : DSTORE, floatSlot.get(r));
                    continue;
                }
                if (!single(r)) {
                    loadFloat(r);
                    continue;
                }
                // A float register must hold a float (or NaN) to enter.
                Label ok = new Label();
                bankIndex(FR, FB, r);
                mv.visitInsn(DALOAD);
                mv.visitVarInsn(DSTORE, TMP);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitInsn(D2F);
                mv.visitVarInsn(FSTORE, floatSlot.get(r));
                mv.visitVarInsn(FLOAD, floatSlot.get(r));
                mv.visitInsn(F2D);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitInsn(DCMPL);
                mv.visitJumpInsn(IFEQ, ok);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitInsn(DCMPL);
                mv.visitJumpInsn(IFNE, ok);
                mv.visitVarInsn(ALOAD, 0);
                push(r);
                mv.visitMethodInsn(INVOKESTATIC, SELF, "doubleFloat", "(L" + COMPILED + ";I)I", false);
                mv.visitInsn(IRETURN);
                mv.visitLabel(ok);
            }
            mv.visitVarInsn(ALOAD, T);
            mv.visitFieldInsn(GETFIELD, THREAD, "loopBudget", "J");
            mv.visitVarInsn(LSTORE, LEFT);
            mv.visitVarInsn(ALOAD, T);
            mv.visitFieldInsn(GETFIELD, THREAD, "mem", "Lwebcu/vm/Memory;");
            mv.visitVarInsn(ASTORE, MEM);
            mv.visitVarInsn(ALOAD, T);
            mv.visitFieldInsn(GETFIELD, THREAD, "frameAddr", "J");
            mv.visitVarInsn(LSTORE, FRAME);
            // Each access site starts from the segment the interpreter cached for it.
            TreeSet<Integer> loaded = new TreeSet<>();
            for (int pc : region.pcs) {
                int site = region.siteOf(pc);
                if (site >= 0 && loaded.add(site)) {
                    mv.visitVarInsn(ALOAD, CACHE);
                    push(site);
                    mv.visitInsn(AALOAD);
                    mv.visitVarInsn(ASTORE, SEG);
                    loadSite(site, size(code[pc]), isStore(code[pc]));
                }
            }
            for (var e : region.counted.entrySet()) {
                // set by the loop's charge before its branch reads it; the verifier wants it set on every path
                mv.visitInsn(intBound(e.getValue()) ? ICONST_0 : LCONST_0);
                mv.visitVarInsn(intBound(e.getValue()) ? ISTORE : LSTORE, boundSlot.get(e.getKey()));
            }
            // The entry loop, and the counted loops around it (entered in their middle, not through
            // their charges), are charged for the iterations they have left. Nothing is written yet:
            // when they cannot start compiled, the method returns straight away.
            Label cannot = new Label();
            boolean any = false;
            for (int[] loop : region.nest) {
                LoopRegion.Counted k = region.counted.get(loop[0]);
                if (k != null) {
                    charge(k, cannot);
                    any = true;
                }
            }
            if (any) {
                stubs.add(() -> {
                    mv.visitLabel(cannot);
                    push(region.entry);
                    mv.visitInsn(IRETURN);
                });
            }
        }

        /**
         * Charges counted loop k for its iterations and sets the bound it runs to (see
         * {@link LoopJit#charge}); goes to {@code cannot} when it cannot start compiled.
         */
        private void charge(LoopRegion.Counted k, Label cannot) {
            int slot = boundSlot.get(k.header());
            boolean intBound = intBound(k);
            pushL(k.iv());
            pushBound(k);
            push(k.step());
            mv.visitInsn(k.inclusive() ? ICONST_1 : ICONST_0);
            mv.visitLdcInsn((long) k.cost());
            mv.visitVarInsn(LLOAD, LEFT);
            call(SELF, "charge", "(JJIZJJ)J");
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, TMP);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            Label notAll = new Label();
            Label set = new Label();
            mv.visitJumpInsn(IFLT, notAll);
            pushBound(k);
            mv.visitLabel(set);
            if (intBound) {
                mv.visitInsn(L2I);
                mv.visitVarInsn(ISTORE, slot);
            } else {
                mv.visitVarInsn(LSTORE, slot);
            }
            mv.visitVarInsn(LLOAD, TMP);
            mv.visitVarInsn(LSTORE, LEFT);
            stubs.add(() -> {
                // only some iterations, near the end of the budget; or none
                mv.visitLabel(notAll);
                Label part = new Label();
                mv.visitVarInsn(LLOAD, TMP);
                mv.visitLdcInsn(PARTLY);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFEQ, part);
                mv.visitVarInsn(LLOAD, TMP);
                mv.visitLdcInsn(MIGHT_WRAP);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFNE, cannot);
                mv.visitVarInsn(ALOAD, 0);
                push(k.header());
                call(SELF, "mightWrap", "(L" + COMPILED + ";I)V");
                mv.visitJumpInsn(GOTO, cannot);
                mv.visitLabel(part);
                mv.visitLdcInsn((long) k.cost());
                mv.visitVarInsn(LLOAD, LEFT);
                call(SELF, "chargePart", "(JJ)J");
                mv.visitInsn(DUP2);
                mv.visitVarInsn(LSTORE, TMP);
                mv.visitInsn(LCONST_0);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFLT, cannot);
                pushL(k.iv());
                push(k.step());
                mv.visitInsn(k.inclusive() ? ICONST_1 : ICONST_0);
                mv.visitLdcInsn((long) k.cost());
                mv.visitVarInsn(LLOAD, LEFT);
                mv.visitVarInsn(LLOAD, TMP);
                call(SELF, "clamp", "(JIZJJJ)J");
                mv.visitJumpInsn(GOTO, set);
            });
        }

        /**
         * True when counted loop k's bound is an int (so that its induction variable, an int, is
         * compared with an int local: a loop HotSpot counts). Its clamped bound lies between the
         * induction variable and the bound, so it is an int too.
         */
        private boolean intBound(LoopRegion.Counted k) {
            return k.boundPc() < 0 ? narrow(k.bound()) : region.givesInt(k.boundPc());
        }

        /**
         * The backward branch of counted loop k: the induction variable against the bound its
         * charge set, then, where the loop stops, a way out to the interpreter at the header when
         * the real bound is not reached (the budget ran out first).
         */
        private void countedBranch(int pc, LoopRegion.Counted k) {
            int op = code[pc];
            int ifOp = op == Op.JLT ? IFLT : IFLE;
            boolean ivFirst = code[pc + 1] == k.iv();
            int slot = boundSlot.get(k.header());
            Label top = labels[k.header() - header];
            if (narrow(k.iv()) && intBound(k)) {
                mv.visitVarInsn(ILOAD, ivFirst ? intSlot.get(k.iv()) : slot);
                mv.visitVarInsn(ILOAD, ivFirst ? slot : intSlot.get(k.iv()));
                mv.visitJumpInsn(icmp(ifOp), top);
            } else {
                if (ivFirst) {
                    pushL(k.iv());
                    loadBound(k, slot);
                } else {
                    loadBound(k, slot);
                    pushL(k.iv());
                }
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(ifOp, top);
            }
            mv.visitJumpInsn(compare(code[pc + 1], code[pc + 2], ifOp, false), exit(k.header()));
        }

        private void loadBound(LoopRegion.Counted k, int slot) {
            if (intBound(k)) {
                mv.visitVarInsn(ILOAD, slot);
                mv.visitInsn(I2L);
            } else {
                mv.visitVarInsn(LLOAD, slot);
            }
        }

        /**
         * Pushes the bound counted loop k tests against, as a long: the register, or, when the loop
         * recomputes it every iteration, what that instruction computes (the same every time).
         */
        private void pushBound(LoopRegion.Counted k) {
            int pc = k.boundPc();
            if (pc < 0) {
                pushL(k.bound());
                return;
            }
            int op = code[pc];
            int b = code[pc + 2];
            switch (op) {
                case Op.LI -> mv.visitLdcInsn((long) b);
                case Op.LK -> mv.visitLdcInsn(c.longs[b]);
                case Op.MOV -> pushL(b);
                case Op.SEXT32 -> {
                    pushI(b);
                    mv.visitInsn(I2L);
                }
                case Op.ADDI_I -> {
                    pushI(b);
                    push(code[pc + 3]);
                    mv.visitInsn(IADD);
                    mv.visitInsn(I2L);
                }
                case Op.ADDI_W -> {
                    pushL(b);
                    mv.visitLdcInsn((long) code[pc + 3]);
                    mv.visitInsn(LADD);
                }
                case Op.ADD_I, Op.SUB_I, Op.MUL_I -> {
                    pushI(b);
                    pushI(code[pc + 3]);
                    mv.visitInsn(op == Op.ADD_I ? IADD : op == Op.SUB_I ? ISUB : IMUL);
                    mv.visitInsn(I2L);
                }
                case Op.ADD_W, Op.SUB_W, Op.MUL_W -> {
                    pushL(b);
                    pushL(code[pc + 3]);
                    mv.visitInsn(op == Op.ADD_W ? LADD : op == Op.SUB_W ? LSUB : LMUL);
                }
                default -> throw new IllegalStateException("a bound computed by " + Op.NAMES[op]);
            }
        }

        /** Sets the site's locals from the segment in SEG: its base, the last offset (see {@link LoopJit#siteLimit}), its bytes. */
        private void loadSite(int site, int n, boolean write) {
            int s = siteSlot.get(site);
            mv.visitVarInsn(ALOAD, SEG);
            mv.visitFieldInsn(GETFIELD, SEGMENT, "base", "J");
            mv.visitVarInsn(LSTORE, s);
            mv.visitVarInsn(ALOAD, SEG);
            push(n);
            mv.visitInsn(write ? ICONST_1 : ICONST_0);
            call(SELF, "siteLimit", "(L" + SEGMENT + ";IZ)J");
            mv.visitVarInsn(LSTORE, s + 2);
            mv.visitVarInsn(ALOAD, SEG);
            mv.visitFieldInsn(GETFIELD, SEGMENT, "data", "[B");
            mv.visitVarInsn(ASTORE, s + 4);
        }

        private static int size(int op) {
            return switch (op) {
                case Op.LD8S, Op.LD8U, Op.ST8 -> 1;
                case Op.LD16S, Op.LD16U, Op.ST16 -> 2;
                case Op.LD32S, Op.LD32U, Op.LDF32, Op.ST32, Op.STF32, Op.LDX32S, Op.LDX32U, Op.LDXF32, Op.STX32,
                        Op.STXF32 -> 4;
                default -> 8;
            };
        }

        private static boolean isStore(int op) {
            return op >= Op.ST8 && op <= Op.STF64 || op >= Op.STX32 && op <= Op.STXF64;
        }

        /** A label that leaves the loop for the interpreter at {@code pc}. */
        private Label exit(int pc) {
            Label l = exits.get(pc);
            if (l == null) {
                Label at = new Label();
                exits.put(pc, at);
                if (exits.size() == 1) {
                    stubs.add(this::writeBack);
                }
                stubs.add(() -> {
                    mv.visitLabel(at);
                    push(pc);
                    mv.visitVarInsn(ISTORE, EXIT_PC);
                    mv.visitJumpInsn(GOTO, writeBack);
                });
                l = at;
            }
            return l;
        }

        /** Every exit: the registers the loop wrote go back to the banks, then the budget and the pc. */
        private void writeBack() {
            mv.visitLabel(writeBack);
            for (int r : region.ints) {
                if (region.intWritten.get(r)) {
                    saveInt(r);
                }
            }
            for (int r : region.floats) {
                if (region.floatWritten.get(r)) {
                    saveFloat(r);
                }
            }
            mv.visitVarInsn(ALOAD, T);
            mv.visitVarInsn(LLOAD, LEFT);
            mv.visitFieldInsn(PUTFIELD, THREAD, "loopBudget", "J");
            mv.visitVarInsn(ILOAD, EXIT_PC);
            mv.visitInsn(IRETURN);
        }

        /**
         * Where a branch at {@code from} to {@code to} goes: a label inside (through the charge of a
         * counted loop it enters), the header of a counted loop from its own backward branch, a
         * budget check on any other backward branch, or an exit.
         */
        private Label target(int from, int to) {
            if (to < header || to >= end) {
                return exit(to);
            }
            if (to > from) {
                Label pre = preheaders.get(to);
                return pre != null ? pre : labels[to - header];
            }
            return backTo(from, to, labels[to - header]);
        }

        /** A backward branch from {@code from} to {@code to}, going on at {@code label}: with the budget check it needs. */
        private Label backTo(int from, int to, Label label) {
            LoopRegion.Counted k = region.counted.get(to);
            if (k != null && k.branch() == from) {
                return label;
            }
            Label back = new Label();
            int n = region.instructions(to, from);
            stubs.add(() -> {
                mv.visitLabel(back);
                mv.visitVarInsn(LLOAD, LEFT);
                mv.visitLdcInsn((long) n);
                mv.visitInsn(LSUB);
                mv.visitInsn(DUP2);
                mv.visitVarInsn(LSTORE, LEFT);
                mv.visitInsn(LCONST_0);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFLE, exit(to));
                mv.visitJumpInsn(GOTO, label);
            });
            return back;
        }

        // ---- instructions

        private void push(int v) {
            if (v >= -1 && v <= 5) {
                mv.visitInsn(ICONST_0 + v);
            } else if (v == (byte) v) {
                mv.visitIntInsn(BIPUSH, v);
            } else if (v == (short) v) {
                mv.visitIntInsn(SIPUSH, v);
            } else {
                mv.visitLdcInsn(v);
            }
        }

        /** Turns a jump with {@code ifOp} (an IF or IF_ICMP opcode) into the int 1 where it jumps, else 0. */
        private void bool(int ifOp) {
            Label yes = new Label();
            Label done = new Label();
            mv.visitJumpInsn(ifOp, yes);
            mv.visitInsn(ICONST_0);
            mv.visitJumpInsn(GOTO, done);
            mv.visitLabel(yes);
            mv.visitInsn(ICONST_1);
            mv.visitLabel(done);
        }

        private void call(String owner, String name, String desc) {
            mv.visitMethodInsn(INVOKESTATIC, owner, name, desc, false);
        }

        private static int icmp(int ifOp) {
            return ifOp - IFEQ + IF_ICMPEQ;
        }

        /**
         * Pushes what the comparison of integer registers a and b needs and gives the opcode that
         * jumps where {@code ifOp} (IFEQ, IFNE, IFLT, IFLE) holds: ints where both are narrow.
         */
        private int compare(int a, int b, int ifOp, boolean unsigned) {
            if (narrow(a) && narrow(b)) {
                pushI(a);
                pushI(b);
                if (!unsigned) {
                    return icmp(ifOp);
                }
                call("java/lang/Integer", "compareUnsigned", "(II)I");
                return ifOp;
            }
            pushL(a);
            pushL(b);
            if (unsigned) {
                call("java/lang/Long", "compareUnsigned", "(JJ)I");
            } else {
                mv.visitInsn(LCMP);
            }
            return ifOp;
        }

        /** Pushes integer register a and gives the opcode that jumps where it is zero ({@code ifOp} IFEQ) or not (IFNE). */
        private int test(int a, int ifOp) {
            if (narrow(a)) {
                pushI(a);
            } else {
                pushL(a);
                mv.visitInsn(LCONST_0);
                mv.visitInsn(LCMP);
            }
            return ifOp;
        }

        private void instruction(int pc) {
            int op = code[pc];
            int a = code.length > pc + 1 ? code[pc + 1] : 0;
            int b = code.length > pc + 2 ? code[pc + 2] : 0;
            int d3 = code.length > pc + 3 ? code[pc + 3] : 0;
            switch (op) {
                case Op.NOP -> {
                }
                case Op.MOV -> {
                    if (narrow(a)) {
                        pushI(b);
                        storeI(a);
                    } else {
                        pushL(b);
                        storeL(a);
                    }
                }
                case Op.FMOV -> {
                    if (single(a)) {
                        mv.visitVarInsn(FLOAD, floatSlot.get(b));
                        mv.visitVarInsn(FSTORE, floatSlot.get(a));
                    } else {
                        loadD(b);
                        storeD(a);
                    }
                }
                case Op.LI -> {
                    if (narrow(a)) {
                        push(b);
                        storeI(a);
                    } else {
                        mv.visitLdcInsn((long) b);
                        storeL(a);
                    }
                }
                case Op.LK -> {
                    if (narrow(a)) {
                        push((int) c.longs[b]);
                        storeI(a);
                    } else {
                        mv.visitLdcInsn(c.longs[b]);
                        storeL(a);
                    }
                }
                case Op.FK -> {
                    if (single(a)) {
                        mv.visitLdcInsn((float) c.doubles[b]);
                        mv.visitVarInsn(FSTORE, floatSlot.get(a));
                    } else {
                        mv.visitLdcInsn(c.doubles[b]);
                        storeD(a);
                    }
                }
                case Op.ADD_I, Op.SUB_I, Op.MUL_I -> {
                    // the low 32 bits of a sum, difference or product depend only on the operands' low 32 bits
                    pushI(b);
                    pushI(d3);
                    mv.visitInsn(op == Op.ADD_I ? IADD : op == Op.SUB_I ? ISUB : IMUL);
                    storeI(a);
                }
                case Op.ADD_U, Op.ADD_W, Op.SUB_U, Op.SUB_W, Op.MUL_U, Op.MUL_W -> {
                    pushL(b);
                    pushL(d3);
                    int kind = (op - Op.ADD_I) / 3;
                    mv.visitInsn(kind == 0 ? LADD : kind == 1 ? LSUB : LMUL);
                    if ((op - Op.ADD_I) % 3 == 1) {
                        toU32();
                    }
                    storeL(a);
                }
                case Op.ADDI_I -> {
                    pushI(b);
                    push(d3);
                    mv.visitInsn(IADD);
                    storeI(a);
                }
                case Op.ADDI_U, Op.ADDI_W -> {
                    pushL(b);
                    mv.visitLdcInsn((long) d3);
                    mv.visitInsn(LADD);
                    if (op == Op.ADDI_U) {
                        toU32();
                    }
                    storeL(a);
                }
                case Op.DIV_I, Op.REM_I, Op.DIV_U, Op.DIV_W, Op.DIV_UW, Op.REM_U, Op.REM_W, Op.REM_UW -> divide(pc, op, a, b, d3);
                case Op.AND, Op.OR, Op.XOR -> {
                    if (narrow(b) && narrow(d3)) {
                        pushI(b);
                        pushI(d3);
                        mv.visitInsn(op == Op.AND ? IAND : op == Op.OR ? IOR : IXOR);
                        storeI(a);
                    } else {
                        pushL(b);
                        pushL(d3);
                        mv.visitInsn(op == Op.AND ? LAND : op == Op.OR ? LOR : LXOR);
                        storeL(a);
                    }
                }
                case Op.SHL_I -> {
                    // (int) (x << (n & 31)): Java's int shift takes the count's low five bits
                    pushI(b);
                    pushI(d3);
                    mv.visitInsn(ISHL);
                    storeI(a);
                }
                case Op.SHR_I, Op.SHL_U, Op.SHL_W, Op.SHR_U, Op.SHR_W, Op.SHR_UW -> {
                    if (op == Op.SHR_I && narrow(b)) {
                        pushI(b);
                        pushI(d3);
                        mv.visitInsn(ISHR);
                        storeI(a);
                    } else {
                        push(op);
                        pushL(b);
                        pushL(d3);
                        mv.visitInsn(ICONST_0);
                        call("webcu/vm/Interpreter", "shift", "(IJJZ)J");
                        storeL(a);
                    }
                }
                case Op.NOT_W -> {
                    if (narrow(a)) {
                        pushI(b);
                        mv.visitInsn(ICONST_M1);
                        mv.visitInsn(IXOR);
                        storeI(a);
                    } else {
                        pushL(b);
                        mv.visitLdcInsn(-1L);
                        mv.visitInsn(LXOR);
                        storeL(a);
                    }
                }
                case Op.NEG_W -> {
                    pushL(b);
                    mv.visitInsn(LNEG);
                    storeL(a);
                }
                case Op.SEXT8, Op.SEXT16, Op.SEXT32 -> {
                    pushI(b);
                    if (op == Op.SEXT8) {
                        mv.visitInsn(I2B);
                    } else if (op == Op.SEXT16) {
                        mv.visitInsn(I2S);
                    }
                    storeI(a);
                }
                case Op.ZEXT8, Op.ZEXT16 -> {
                    pushI(b);
                    push(op == Op.ZEXT8 ? 0xFF : 0xFFFF);
                    mv.visitInsn(IAND);
                    storeI(a);
                }
                case Op.ZEXT32 -> {
                    pushL(b);
                    toU32();
                    storeL(a);
                }
                case Op.NEZ -> {
                    bool(test(b, IFNE));
                    storeI(a);
                }
                case Op.FNEZ -> {
                    loadD(b);
                    mv.visitInsn(DCONST_0);
                    mv.visitInsn(DCMPL);
                    bool(IFNE);
                    storeI(a);
                }
                case Op.LNOT -> {
                    if (narrow(a)) {
                        pushI(b);
                        mv.visitInsn(ICONST_1);
                        mv.visitInsn(IXOR);
                        storeI(a);
                    } else {
                        pushL(b);
                        mv.visitInsn(LCONST_1);
                        mv.visitInsn(LXOR);
                        storeL(a);
                    }
                }
                case Op.EQ, Op.NE, Op.LT, Op.LE -> {
                    bool(compare(b, d3, op == Op.EQ ? IFEQ : op == Op.NE ? IFNE : op == Op.LT ? IFLT : IFLE, false));
                    storeI(a);
                }
                case Op.LTU, Op.LEU -> {
                    bool(compare(b, d3, op == Op.LTU ? IFLT : IFLE, true));
                    storeI(a);
                }
                case Op.FEQ, Op.FNE, Op.FLT, Op.FLE -> {
                    // NaN: dcmpl gives -1 (== false, != true), dcmpg gives 1 (< and <= false), as Java's operators.
                    loadD(b);
                    loadD(d3);
                    mv.visitInsn(op == Op.FEQ || op == Op.FNE ? DCMPL : DCMPG);
                    bool(op == Op.FEQ ? IFEQ : op == Op.FNE ? IFNE : op == Op.FLT ? IFLT : IFLE);
                    storeI(a);
                }
                case Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV -> {
                    loadD(b);
                    loadD(d3);
                    int k = op - Op.FADD;
                    mv.visitInsn(k == 0 ? DADD : k == 1 ? DSUB : k == 2 ? DMUL : DDIV);
                    storeD(a);
                }
                case Op.FADDS, Op.FSUBS, Op.FMULS, Op.FDIVS -> {
                    int k = op - Op.FADDS;
                    if (single(b) && single(d3)) {
                        mv.visitVarInsn(FLOAD, floatSlot.get(b));
                        mv.visitVarInsn(FLOAD, floatSlot.get(d3));
                        mv.visitInsn(k == 0 ? FADD : k == 1 ? FSUB : k == 2 ? FMUL : FDIV);
                    } else {
                        loadD(b);
                        loadD(d3);
                        mv.visitInsn(k == 0 ? DADD : k == 1 ? DSUB : k == 2 ? DMUL : DDIV);
                        mv.visitInsn(D2F);
                    }
                    storeF(a);
                }
                case Op.FNEG -> {
                    loadD(b);
                    mv.visitInsn(DNEG);
                    storeD(a);
                }
                case Op.I2F, Op.I2D -> {
                    // an int converts to float or double as the long holding it does
                    if (narrow(b)) {
                        mv.visitVarInsn(ILOAD, intSlot.get(b));
                        mv.visitInsn(op == Op.I2F ? I2F : I2D);
                    } else {
                        mv.visitVarInsn(LLOAD, intSlot.get(b));
                        mv.visitInsn(op == Op.I2F ? L2F : L2D);
                    }
                    if (op == Op.I2F) {
                        storeF(a);
                    } else {
                        storeD(a);
                    }
                }
                case Op.U2F -> {
                    pushL(b);
                    call("webcu/vm/Ext", "unsignedToFloat", "(J)F");
                    storeF(a);
                }
                case Op.U2D -> {
                    pushL(b);
                    call("webcu/vm/Ext", "unsignedToDouble", "(J)D");
                    storeD(a);
                }
                case Op.D2F -> {
                    loadD(b);
                    mv.visitInsn(D2F);
                    storeF(a);
                }
                case Op.F2I -> {
                    push(d3);
                    loadD(b);
                    call("webcu/vm/Ext", "fromDouble", "(ID)J");
                    storeL(a);
                }
                case Op.MATH1, Op.MATH2, Op.MATH3 -> {
                    int args = op - Op.MATH1 + 1;
                    push(code[pc + 2 + args]);
                    for (int i = 0; i < 3; i++) {
                        if (i < args) {
                            loadD(code[pc + 2 + i]);
                        } else {
                            mv.visitInsn(DCONST_0);
                        }
                    }
                    call("webcu/vm/MathFn", "apply", "(IDDD)D");
                    storeD(a);
                }
                case Op.LEA -> {
                    pushL(b);
                    pushL(d3);
                    mv.visitLdcInsn((long) code[pc + 4]);
                    mv.visitInsn(LMUL);
                    mv.visitInsn(LADD);
                    storeL(a);
                }
                case Op.FRAME -> {
                    mv.visitVarInsn(LLOAD, FRAME);
                    mv.visitLdcInsn((long) b);
                    mv.visitInsn(LADD);
                    storeL(a);
                }
                case Op.LD8S, Op.LD8U, Op.LD16S, Op.LD16U, Op.LD32S, Op.LD32U, Op.LD64, Op.LDF32, Op.LDF64 -> {
                    pushL(b);
                    mv.visitLdcInsn((long) d3);
                    mv.visitInsn(LADD);
                    access(pc, code[pc + 4], op);
                    load(op, a);
                }
                case Op.LDX32S, Op.LDX32U, Op.LDX64, Op.LDXF32, Op.LDXF64 -> {
                    indexedAddress(b, d3, code[pc + 4], code[pc + 5]);
                    access(pc, code[pc + 6], op);
                    load(switch (op) {
                        case Op.LDX32S -> Op.LD32S;
                        case Op.LDX32U -> Op.LD32U;
                        case Op.LDX64 -> Op.LD64;
                        case Op.LDXF32 -> Op.LDF32;
                        default -> Op.LDF64;
                    }, a);
                }
                case Op.ST8, Op.ST16, Op.ST32, Op.ST64, Op.STF32, Op.STF64 -> {
                    pushL(a);
                    mv.visitLdcInsn((long) b);
                    mv.visitInsn(LADD);
                    access(pc, code[pc + 4], op);
                    store(op, d3);
                }
                case Op.STX32, Op.STX64, Op.STXF32, Op.STXF64 -> {
                    indexedAddress(a, b, d3, code[pc + 4]);
                    access(pc, code[pc + 6], op);
                    store(switch (op) {
                        case Op.STX32 -> Op.ST32;
                        case Op.STX64 -> Op.ST64;
                        case Op.STXF32 -> Op.STF32;
                        default -> Op.STF64;
                    }, code[pc + 5]);
                }
                case Op.JMP -> mv.visitJumpInsn(GOTO, target(pc, a));
                case Op.JZ, Op.JNZ -> mv.visitJumpInsn(test(a, op == Op.JZ ? IFEQ : IFNE), target(pc, b));
                case Op.JEQ, Op.JNE, Op.JLT, Op.JLE -> {
                    LoopRegion.Counted k = region.counted.get(d3);
                    if (k != null && k.branch() == pc) {
                        countedBranch(pc, k);
                        return;
                    }
                    int ifOp = op == Op.JEQ ? IFEQ : op == Op.JNE ? IFNE : op == Op.JLT ? IFLT : IFLE;
                    mv.visitJumpInsn(compare(a, b, ifOp, false), target(pc, d3));
                }
                case Op.JLTU, Op.JLEU -> mv.visitJumpInsn(compare(a, b, op == Op.JLTU ? IFLT : IFLE, true), target(pc, d3));
                default -> throw new IllegalStateException("the region let through " + Op.NAMES[op]);
            }
        }

        private void toU32() {
            mv.visitLdcInsn(0xFFFFFFFFL);
            mv.visitInsn(LAND);
        }

        /** Division and remainder; by zero the interpreter reports the fault, so the loop leaves there. */
        private void divide(int pc, int op, int a, int b, int d3) {
            if ((op == Op.DIV_I || op == Op.REM_I) && narrow(b) && narrow(d3)) {
                // int division gives (int) (x / y) for ints, INT_MIN / -1 included
                pushI(d3);
                mv.visitJumpInsn(IFEQ, exit(pc));
                pushI(b);
                pushI(d3);
                mv.visitInsn(op == Op.DIV_I ? IDIV : IREM);
                storeI(a);
                return;
            }
            pushL(d3);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFEQ, exit(pc));
            push(op);
            pushL(b);
            pushL(d3);
            mv.visitInsn(ICONST_0);
            call("webcu/vm/Interpreter", "divide", "(IJJZ)J");
            storeL(a);
        }

        private void indexedAddress(int base, int index, int scale, int offset) {
            pushL(base);
            pushL(index);
            mv.visitLdcInsn((long) scale);
            mv.visitInsn(LMUL);
            mv.visitInsn(LADD);
            mv.visitLdcInsn((long) offset);
            mv.visitInsn(LADD);
        }

        /**
         * Checks the access whose address is on the stack against its site's segment; afterwards
         * what {@link #load} and {@link #store} take is on the stack: the Unsafe, the bytes and the
         * offset plus the array base (a long), or the bytes and the offset (an int). An address
         * outside leaves for the interpreter at pc, or, at a site that follows its segment, looks
         * the segment up and refreshes the site (leaving only where the access would fault). The
         * check is two signed comparisons rather than one unsigned one: HotSpot's profiling tier
         * runs Long.compareUnsigned as a call.
         */
        private void access(int pc, int site, int op) {
            int n = size(op);
            boolean write = isStore(op);
            boolean follow = region.hints.followedSites.get(site);
            int s = siteSlot.get(site);
            Label miss = new Label();
            Label ok = new Label();
            if (follow) {
                mv.visitInsn(DUP2);
                mv.visitVarInsn(LSTORE, ADDR);
            }
            mv.visitVarInsn(LLOAD, s);
            mv.visitInsn(LSUB);
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, OFF);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFLT, miss);
            mv.visitVarInsn(LLOAD, OFF);
            mv.visitVarInsn(LLOAD, s + 2);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFGT, miss);
            mv.visitLabel(ok);
            stubs.add(() -> {
                mv.visitLabel(miss);
                if (!follow) {
                    mv.visitVarInsn(ALOAD, 0);
                    push(site);
                    call(SELF, "missed", "(L" + COMPILED + ";I)V");
                    mv.visitJumpInsn(GOTO, exit(pc));
                    return;
                }
                mv.visitVarInsn(ALOAD, MEM);
                mv.visitVarInsn(ALOAD, CACHE);
                push(site);
                mv.visitVarInsn(LLOAD, ADDR);
                mv.visitLdcInsn((long) n);
                mv.visitInsn(write ? ICONST_1 : ICONST_0);
                call(SELF, "lookup", "(Lwebcu/vm/Memory;[L" + SEGMENT + ";IJJZ)L" + SEGMENT + ";");
                mv.visitInsn(DUP);
                mv.visitVarInsn(ASTORE, SEG);
                mv.visitJumpInsn(IFNULL, exit(pc));
                loadSite(site, n, write);
                mv.visitVarInsn(LLOAD, ADDR);
                mv.visitVarInsn(LLOAD, s);
                mv.visitInsn(LSUB);
                mv.visitVarInsn(LSTORE, OFF);
                mv.visitJumpInsn(GOTO, ok);
            });
            if (unsafe) {
                mv.visitFieldInsn(GETSTATIC, SELF, "UNSAFE", "Ljava/lang/Object;");
                mv.visitTypeInsn(CHECKCAST, UNSAFE_CLASS);
                mv.visitVarInsn(ALOAD, s + 4);
                mv.visitVarInsn(LLOAD, OFF);
                mv.visitLdcInsn(BYTES_BASE);
                mv.visitInsn(LADD);
            } else {
                mv.visitVarInsn(ALOAD, s + 4);
                mv.visitVarInsn(LLOAD, OFF);
                mv.visitInsn(L2I);
            }
        }

        /** Reads a value of {@code desc}'s type at what {@link #access} left on the stack. */
        private void get(String unsafeName, String helper, String desc) {
            if (unsafe) {
                mv.visitMethodInsn(INVOKEVIRTUAL, UNSAFE_CLASS, unsafeName, "(Ljava/lang/Object;J)" + desc, false);
            } else {
                call(SELF, helper, "([BI)" + desc);
            }
        }

        /** Writes the value of {@code desc}'s type on the stack at what {@link #access} left below it. */
        private void put(String unsafeName, String helper, String desc) {
            if (unsafe) {
                mv.visitMethodInsn(INVOKEVIRTUAL, UNSAFE_CLASS, unsafeName, "(Ljava/lang/Object;J" + desc + ")V", false);
            } else {
                call(SELF, helper, "([BI" + desc + ")V");
            }
        }

        /** With what {@link #access} left on the stack: loads into register {@code d}. */
        private void load(int op, int d) {
            switch (op) {
                case Op.LD8S, Op.LD8U -> {
                    get("getByte", "i8", "B");
                    if (op == Op.LD8U) {
                        push(0xFF);
                        mv.visitInsn(IAND);
                    }
                    storeI(d);
                }
                case Op.LD16S, Op.LD16U -> {
                    get("getShortUnaligned", "i16", "S");
                    if (op == Op.LD16U) {
                        mv.visitLdcInsn(0xFFFF);
                        mv.visitInsn(IAND);
                    }
                    storeI(d);
                }
                case Op.LD32S -> {
                    get("getIntUnaligned", "i32", "I");
                    storeI(d);
                }
                case Op.LD32U -> {
                    get("getIntUnaligned", "i32", "I");
                    mv.visitInsn(I2L);
                    toU32();
                    storeL(d);
                }
                case Op.LD64 -> {
                    get("getLongUnaligned", "i64", "J");
                    storeL(d);
                }
                case Op.LDF32 -> {
                    get("getIntUnaligned", "i32", "I");
                    call("java/lang/Float", "intBitsToFloat", "(I)F");
                    storeF(d);
                }
                default -> {
                    get("getLongUnaligned", "i64", "J");
                    call("java/lang/Double", "longBitsToDouble", "(J)D");
                    storeD(d);
                }
            }
        }

        /** With what {@link #access} left on the stack: stores register {@code v}. */
        private void store(int op, int v) {
            switch (op) {
                case Op.ST8 -> {
                    pushI(v);
                    mv.visitInsn(I2B);
                    put("putByte", "putI8", "B");
                }
                case Op.ST16 -> {
                    pushI(v);
                    mv.visitInsn(I2S);
                    put("putShortUnaligned", "putI16", "S");
                }
                case Op.ST32 -> {
                    pushI(v);
                    put("putIntUnaligned", "putI32", "I");
                }
                case Op.ST64 -> {
                    pushL(v);
                    put("putLongUnaligned", "putI64", "J");
                }
                case Op.STF32 -> {
                    if (single(v)) {
                        mv.visitVarInsn(FLOAD, floatSlot.get(v));
                    } else {
                        loadD(v);
                        mv.visitInsn(D2F);
                    }
                    call("java/lang/Float", "floatToRawIntBits", "(F)I");
                    put("putIntUnaligned", "putI32", "I");
                }
                default -> {
                    loadD(v);
                    call("java/lang/Double", "doubleToRawLongBits", "(D)J");
                    put("putLongUnaligned", "putI64", "J");
                }
            }
        }
    }
}
