package webcu.vm;

import static org.objectweb.asm.Opcodes.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The JVM's loop compiler: translates a hot loop of host VM code (the int[] instructions, not the
 * IR) into a JVM method with ASM and defines it as a hidden class, which HotSpot then compiles to
 * machine code. JVM only: the browser build never references this class (TeaVM cannot define
 * classes at run time); the command line installs it with {@link #install}.
 *
 * <p>The compiled method keeps the VM registers the loop uses in JVM locals, loaded from the
 * register banks at entry and written back at every exit. It compiles a region only when every
 * instruction in it is arithmetic, a comparison, a conversion, a branch, a pure math function or a
 * load or store; calls, natives, switches, copies and traps make it refuse. Semantics are the
 * interpreter's, instruction by instruction: the same double operations rounded to float for the
 * single-precision ones, the same host integer rules. Memory accesses keep the interpreter's
 * checks: each access site keeps its segment's base, limit and bytes in locals, refreshed from
 * {@link Memory#lookup} when an access falls outside; an access that would fault, and a division
 * by zero, leave the compiled code at that instruction, so the interpreter executes it again and
 * reports the fault exactly as it always does. Each backward branch lowers the budget by the
 * instructions of the loop it closes and leaves at its target once the budget is spent.
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
    private static final String SEGMENT = "webcu/vm/Segment";
    private static final String THREAD = "webcu/vm/VmThread";

    private int compiled;
    private int refused;

    /** Makes host interpreters created from now on compile their hot loops. */
    public static void install() {
        Interpreter.setLoopCompiler(new LoopJit());
    }

    /** Loops compiled and refused so far, for tests. */
    int compiled() {
        return compiled;
    }

    int refused() {
        return refused;
    }

    @Override
    public Loop compile(Code c, int header, int backEdge) {
        int end = backEdge + Op.length(c.code, backEdge);
        try {
            Gen g = new Gen(c, header, end);
            byte[] bytes = g.generate();
            if (bytes == null) {
                refused++;
                return null;
            }
            MethodHandles.Lookup l = MethodHandles.lookup().defineHiddenClass(bytes, true);
            Loop loop = (Loop) l.findConstructor(l.lookupClass(),
                    MethodType.methodType(void.class, int.class, int.class, Loop[].class))
                    .invoke(header, end, g.inner.toArray(new Loop[0]));
            compiled++;
            return loop;
        } catch (Throwable e) {
            // A loop this compiler cannot express is interpreted, never run wrongly.
            if (DEBUG) {
                e.printStackTrace();
            }
            refused++;
            return null;
        }
    }

    /**
     * What every compiled loop extends: its region, and the compiled loops nested in it that it
     * calls rather than repeating their code, so that an inner loop HotSpot has already compiled
     * keeps running that code when an outer loop gets hot later.
     */
    abstract static class CompiledLoop extends Loop {
        final int start;
        final int end;
        final Loop[] inner;

        CompiledLoop(int start, int end, Loop[] inner) {
            this.start = start;
            this.end = end;
            this.inner = inner;
        }
    }

    // ---- called by compiled loops

    static int i16(byte[] d, int o) {
        return (short) I16.get(d, o);
    }

    static int i32(byte[] d, int o) {
        return (int) I32.get(d, o);
    }

    static long i64(byte[] d, int o) {
        return (long) I64.get(d, o);
    }

    static void putI16(byte[] d, int o, int v) {
        I16.set(d, o, (short) v);
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

    /** Generates the class of one loop. */
    private static final class Gen {
        // Locals of run(VmThread t, long[] ir, double[] fr, int ib, int fb, Segment[] cache)
        private static final int T = 1, IR = 2, FR = 3, IB = 4, FB = 5, CACHE = 6;
        private static final int LEFT = 7, EXIT_PC = 9, MEM = 10, FRAME = 11, ADDR = 13, OFF = 15, SEG = 17, TMP = 18;
        private static final int FIRST_FREE = 20;

        private final Code c;
        private final int[] code;
        private final int header;
        private final int end;
        private final Label[] labels;
        private final HashMap<Integer, Integer> intSlot = new HashMap<>();
        private final HashMap<Integer, Integer> floatSlot = new HashMap<>();
        private final HashMap<Integer, Boolean> intWritten = new HashMap<>();
        private final HashMap<Integer, Boolean> floatWritten = new HashMap<>();
        /** Float registers kept in float locals: every write in the loop gives a float (see {@link #typeFloats}). */
        private final HashSet<Integer> single = new HashSet<>();
        /** Per access site: the first of its locals (base: long, limit: long, data: byte[]). */
        private final HashMap<Integer, Integer> siteSlot = new HashMap<>();
        private final HashMap<Integer, Label> exits = new HashMap<>();
        private final ArrayList<Runnable> stubs = new ArrayList<>();
        private int next = FIRST_FREE;
        private MethodVisitor mv;
        /** Compiled loops nested in this one, called at their headers, and where they end. */
        final ArrayList<Loop> inner = new ArrayList<>();
        private final HashMap<Integer, Integer> innerAt = new HashMap<>();
        private final HashMap<Integer, Integer> innerEnd = new HashMap<>();
        /** Per instruction (by pc - header): the registers it reads and writes, int r as 2r, float r as 2r+1. */
        private final BitSet[] uses;
        private final BitSet[] defs;
        private BitSet curUses;
        private BitSet curDefs;
        /** Registers whose value on entry can matter: the only ones loaded (and checked) at entry. */
        private BitSet liveIn;

        Gen(Code c, int header, int end) {
            this.c = c;
            this.code = c.code;
            this.header = header;
            this.end = end;
            this.labels = new Label[end - header];
            this.uses = new BitSet[end - header];
            this.defs = new BitSet[end - header];
        }

        /** The class file, or null when the region holds an instruction not compiled here. */
        byte[] generate() {
            for (int pc = header; pc < end; pc += Op.length(code, pc)) {
                curUses = uses[pc - header] = new BitSet();
                curDefs = defs[pc - header] = new BitSet();
                if (!scan(pc)) {
                    if (DEBUG) {
                        System.err.println("loop " + c.name() + " " + header + ".." + end + ": no " + Op.NAMES[code[pc]]);
                    }
                    return null;
                }
                labels[pc - header] = new Label();
            }
            findInner();
            typeFloats();
            liveness();
            ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
                @Override
                protected String getCommonSuperClass(String a, String b) {
                    return "java/lang/Object";
                }
            };
            String loopClass = "webcu/vm/LoopJit$CompiledLoop";
            String ctor = "(II[Lwebcu/vm/LoopCompiler$Loop;)V";
            cw.visit(V21, ACC_FINAL | ACC_SUPER, "webcu/vm/LoopJit$Compiled", null, loopClass, null);
            MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", ctor, null, null);
            init.visitCode();
            init.visitVarInsn(ALOAD, 0);
            init.visitVarInsn(ILOAD, 1);
            init.visitVarInsn(ILOAD, 2);
            init.visitVarInsn(ALOAD, 3);
            init.visitMethodInsn(INVOKESPECIAL, loopClass, "<init>", ctor, false);
            init.visitInsn(RETURN);
            init.visitMaxs(0, 0);
            init.visitEnd();
            mv = cw.visitMethod(ACC_PUBLIC, "run", "(L" + THREAD + ";[J[DII[L" + SEGMENT + ";)I", null, null);
            mv.visitCode();
            prologue();
            for (int pc = header; pc < end; pc += Op.length(code, pc)) {
                mv.visitLabel(labels[pc - header]);
                Integer k = innerAt.get(pc);
                if (k != null) {
                    callInner(pc, k);
                    int to = innerEnd.get(pc);
                    if (to >= end) {
                        break;
                    }
                    mv.visitJumpInsn(GOTO, labels[to - header]);
                    pc = to;
                    mv.visitLabel(labels[pc - header]);
                }
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
            if (DEBUG) {
                System.err.println("loop " + c.name() + " " + header + ".." + end + ": " + last.getOffset() + " bytes");
            }
            return last.getOffset() > MAX_BYTECODE ? null : bytes;
        }

        // ---- scanning: which registers and sites the region uses

        private void useI(int r, boolean write) {
            (write ? curDefs : curUses).set(2 * r);
            if (!intSlot.containsKey(r)) {
                intSlot.put(r, next);
                next += 2;
            }
            if (write) {
                intWritten.put(r, true);
            }
        }

        private void useF(int r, boolean write) {
            (write ? curDefs : curUses).set(2 * r + 1);
            if (!floatSlot.containsKey(r)) {
                floatSlot.put(r, next);
                next += 2;
            }
            if (write) {
                floatWritten.put(r, true);
            }
        }

        private void site(int s) {
            if (!siteSlot.containsKey(s)) {
                siteSlot.put(s, next);
                next += 5;
            }
        }

        private boolean scan(int pc) {
            int op = code[pc];
            int a = code.length > pc + 1 ? code[pc + 1] : 0;
            int b = code.length > pc + 2 ? code[pc + 2] : 0;
            int d3 = code.length > pc + 3 ? code[pc + 3] : 0;
            switch (op) {
                case Op.NOP, Op.JMP -> {
                }
                case Op.MOV -> {
                    useI(a, true);
                    useI(b, false);
                }
                case Op.FMOV -> {
                    useF(a, true);
                    useF(b, false);
                }
                case Op.LI, Op.LK, Op.FRAME -> useI(a, true);
                case Op.FK -> useF(a, true);
                case Op.NOT_W, Op.NEG_W, Op.SEXT8, Op.SEXT16, Op.SEXT32, Op.ZEXT8, Op.ZEXT16, Op.ZEXT32, Op.NEZ,
                        Op.LNOT, Op.ADDI_I, Op.ADDI_U, Op.ADDI_W -> {
                    useI(a, true);
                    useI(b, false);
                }
                case Op.FNEZ, Op.F2I -> {
                    useI(a, true);
                    useF(b, false);
                }
                case Op.EQ, Op.NE, Op.LT, Op.LE, Op.LTU, Op.LEU, Op.LEA -> {
                    useI(a, true);
                    useI(b, false);
                    useI(d3, false);
                }
                case Op.FEQ, Op.FNE, Op.FLT, Op.FLE -> {
                    useI(a, true);
                    useF(b, false);
                    useF(d3, false);
                }
                case Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV, Op.FADDS, Op.FSUBS, Op.FMULS, Op.FDIVS, Op.MATH2 -> {
                    useF(a, true);
                    useF(b, false);
                    useF(d3, false);
                }
                case Op.MATH3 -> {
                    useF(a, true);
                    useF(b, false);
                    useF(d3, false);
                    useF(code[pc + 4], false);
                }
                case Op.FNEG, Op.D2F, Op.MATH1 -> {
                    useF(a, true);
                    useF(b, false);
                }
                case Op.I2F, Op.I2D, Op.U2F, Op.U2D -> {
                    useF(a, true);
                    useI(b, false);
                }
                case Op.LD8S, Op.LD8U, Op.LD16S, Op.LD16U, Op.LD32S, Op.LD32U, Op.LD64 -> {
                    useI(a, true);
                    useI(b, false);
                    site(code[pc + 4]);
                }
                case Op.LDF32, Op.LDF64 -> {
                    useF(a, true);
                    useI(b, false);
                    site(code[pc + 4]);
                }
                case Op.ST8, Op.ST16, Op.ST32, Op.ST64 -> {
                    useI(a, false);
                    useI(d3, false);
                    site(code[pc + 4]);
                }
                case Op.STF32, Op.STF64 -> {
                    useI(a, false);
                    useF(d3, false);
                    site(code[pc + 4]);
                }
                case Op.LDX32S, Op.LDX32U, Op.LDX64 -> {
                    useI(a, true);
                    useI(b, false);
                    useI(d3, false);
                    site(code[pc + 6]);
                }
                case Op.LDXF32, Op.LDXF64 -> {
                    useF(a, true);
                    useI(b, false);
                    useI(d3, false);
                    site(code[pc + 6]);
                }
                case Op.STX32, Op.STX64 -> {
                    useI(a, false);
                    useI(b, false);
                    useI(code[pc + 5], false);
                    site(code[pc + 6]);
                }
                case Op.STXF32, Op.STXF64 -> {
                    useI(a, false);
                    useI(b, false);
                    useF(code[pc + 5], false);
                    site(code[pc + 6]);
                }
                case Op.JZ, Op.JNZ -> useI(a, false);
                case Op.JEQ, Op.JNE, Op.JLT, Op.JLE, Op.JLTU, Op.JLEU -> {
                    useI(a, false);
                    useI(b, false);
                }
                default -> {
                    if (op >= Op.ADD_I && op <= Op.SHR_UW) {
                        useI(a, true);
                        useI(b, false);
                        useI(d3, false);
                    } else {
                        return false;
                    }
                }
            }
            return true;
        }

        // ---- float registers that hold floats

        /**
         * Picks the float registers to keep as JVM floats, so that single-precision arithmetic is
         * one float operation rather than a double one and two conversions: those whose every write
         * in the loop gives a float (single-precision arithmetic, float loads and conversions, float
         * constants, moves from such registers) and that single-precision operations use or the
         * loop writes. The same float results follow: the sum, difference, product or quotient of
         * two floats computed in double and rounded to float is the float operation's result
         * (double has more than twice float's precision plus two bits). A register that enters the
         * loop holding a value no float can represent makes the compiled loop decline to start.
         */
        private void typeFloats() {
            HashSet<Integer> floatUse = new HashSet<>();
            HashSet<Integer> doubleUse = new HashSet<>();
            for (int pc = header; pc < end; pc += Op.length(code, pc)) {
                int op = code[pc];
                if (op >= Op.FADDS && op <= Op.FDIVS) {
                    floatUse.add(code[pc + 2]);
                    floatUse.add(code[pc + 3]);
                } else if (op >= Op.FADD && op <= Op.FDIV) {
                    doubleUse.add(code[pc + 2]);
                    doubleUse.add(code[pc + 3]);
                } else if (op == Op.STF32) {
                    floatUse.add(code[pc + 3]);
                } else if (op == Op.STXF32) {
                    floatUse.add(code[pc + 5]);
                } else if (op == Op.STF64) {
                    doubleUse.add(code[pc + 3]);
                } else if (op == Op.STXF64) {
                    doubleUse.add(code[pc + 5]);
                }
            }
            for (int r : floatSlot.keySet()) {
                boolean written = floatWritten.containsKey(r);
                if (written || floatUse.contains(r) && !doubleUse.contains(r)) {
                    single.add(r);
                }
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int pc = header; pc < end; pc += Op.length(code, pc)) {
                    int d = floatDest(pc);
                    if (d >= 0 && single.contains(d) && !givesFloat(pc)) {
                        single.remove(d);
                        changed = true;
                    }
                }
            }
        }

        /** The float register the instruction at pc writes, or -1. */
        private int floatDest(int pc) {
            int op = code[pc];
            return switch (op) {
                case Op.FMOV, Op.FK, Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV, Op.FADDS, Op.FSUBS, Op.FMULS, Op.FDIVS,
                        Op.FNEG, Op.I2F, Op.I2D, Op.U2F, Op.U2D, Op.D2F, Op.MATH1, Op.MATH2, Op.MATH3, Op.LDF32,
                        Op.LDF64, Op.LDXF32, Op.LDXF64 -> code[pc + 1];
                default -> -1;
            };
        }

        private boolean givesFloat(int pc) {
            int op = code[pc];
            return switch (op) {
                case Op.FADDS, Op.FSUBS, Op.FMULS, Op.FDIVS, Op.I2F, Op.U2F, Op.D2F, Op.LDF32, Op.LDXF32 -> true;
                case Op.FK -> {
                    double v = c.doubles[code[pc + 2]];
                    yield (double) (float) v == v || v != v;
                }
                case Op.FMOV -> single.contains(code[pc + 2]);
                default -> false;
            };
        }

        // ---- nested compiled loops

        /**
         * Finds the loops nested in this one that are compiled already and that only their
         * header is jumped into from the rest of the region.
         */
        private void findInner() {
            LoopCompiler.Loop[] loops = c.loops;
            if (loops == null) {
                return;
            }
            for (int pc = header + Op.length(code, header); pc < end; pc += Op.length(code, pc)) {
                if (!(loops[pc] instanceof CompiledLoop l) || l.start != pc || l.end > end) {
                    continue;
                }
                boolean alone = true;
                for (int q = header; q < end && alone; q += Op.length(code, q)) {
                    int t = target(q);
                    boolean outside = q < l.start || q >= l.end;
                    alone = !(outside && t > l.start && t < l.end);
                }
                if (DEBUG) {
                    System.err.println("loop " + c.name() + " " + header + ".." + end + ": nested " + pc + ".." + l.end
                            + (alone ? " called" : " entered elsewhere"));
                }
                if (alone) {
                    innerAt.put(pc, inner.size());
                    innerEnd.put(pc, l.end);
                    inner.add(l);
                    pc = skipTo(pc, l.end);
                }
            }
        }

        /** The last instruction start before {@code to}, so the scan goes on at {@code to}. */
        private int skipTo(int pc, int to) {
            int last = pc;
            for (int q = pc; q < to; q += Op.length(code, q)) {
                last = q;
            }
            return last;
        }

        private int target(int pc) {
            return switch (code[pc]) {
                case Op.JMP -> code[pc + 1];
                case Op.JZ, Op.JNZ -> code[pc + 2];
                case Op.JEQ, Op.JNE, Op.JLT, Op.JLE, Op.JLTU, Op.JLEU -> code[pc + 3];
                default -> -1;
            };
        }

        /**
         * Runs the nested compiled loop {@code k} at its header: the registers go to the banks,
         * the loop runs there, they come back, and its exit pc picks where to go on here.
         */
        private void callInner(int pc, int k) {
            CompiledLoop l = (CompiledLoop) inner.get(k);
            storeAll();
            mv.visitVarInsn(ALOAD, T);
            mv.visitVarInsn(LLOAD, LEFT);
            mv.visitFieldInsn(PUTFIELD, THREAD, "loopBudget", "J");
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, "webcu/vm/LoopJit$CompiledLoop", "inner", "[Lwebcu/vm/LoopCompiler$Loop;");
            push(k);
            mv.visitInsn(AALOAD);
            for (int v = T; v <= CACHE; v++) {
                mv.visitVarInsn(v == IB || v == FB ? ILOAD : ALOAD, v);
            }
            mv.visitMethodInsn(INVOKEVIRTUAL, "webcu/vm/LoopCompiler$Loop", "run",
                    "(L" + THREAD + ";[J[DII[L" + SEGMENT + ";)I", false);
            mv.visitVarInsn(ISTORE, EXIT_PC);
            mv.visitVarInsn(ALOAD, T);
            mv.visitFieldInsn(GETFIELD, THREAD, "loopBudget", "J");
            mv.visitVarInsn(LSTORE, LEFT);
            loadAll();
            // The budget may be spent, or the inner loop stopped inside (a fault): leave at its pc.
            mv.visitVarInsn(LLOAD, LEFT);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFLE, writeBack);
            java.util.TreeSet<Integer> outs = new java.util.TreeSet<>();
            for (int q = l.start; q < l.end; q += Op.length(code, q)) {
                int t = target(q);
                if (t >= 0 && (t < l.start || t >= l.end) && t >= header && t < end) {
                    outs.add(t);
                }
            }
            if (l.end < end) {
                outs.add(l.end);
            }
            int[] keys = outs.stream().mapToInt(Integer::intValue).toArray();
            Label[] to = new Label[keys.length];
            for (int i = 0; i < keys.length; i++) {
                to[i] = target(pc, keys[i]); // a way back to an earlier pc counts against the budget
            }
            mv.visitVarInsn(ILOAD, EXIT_PC);
            mv.visitLookupSwitchInsn(writeBack, keys, to);
        }

        /** Stores every register held in a local back to its bank. */
        private void storeAll() {
            for (var e : intSlot.entrySet()) {
                mv.visitVarInsn(ALOAD, IR);
                mv.visitVarInsn(ILOAD, IB);
                push(e.getKey());
                mv.visitInsn(IADD);
                mv.visitVarInsn(LLOAD, e.getValue());
                mv.visitInsn(LASTORE);
            }
            for (var e : floatSlot.entrySet()) {
                mv.visitVarInsn(ALOAD, FR);
                mv.visitVarInsn(ILOAD, FB);
                push(e.getKey());
                mv.visitInsn(IADD);
                loadD(e.getKey());
                mv.visitInsn(DASTORE);
            }
        }

        /** Loads every register held in a local from its bank (floats: exactly, they hold floats). */
        private void loadAll() {
            for (var e : intSlot.entrySet()) {
                mv.visitVarInsn(ALOAD, IR);
                mv.visitVarInsn(ILOAD, IB);
                push(e.getKey());
                mv.visitInsn(IADD);
                mv.visitInsn(LALOAD);
                mv.visitVarInsn(LSTORE, e.getValue());
            }
            for (var e : floatSlot.entrySet()) {
                mv.visitVarInsn(ALOAD, FR);
                mv.visitVarInsn(ILOAD, FB);
                push(e.getKey());
                mv.visitInsn(IADD);
                mv.visitInsn(DALOAD);
                if (single.contains(e.getKey())) {
                    mv.visitInsn(D2F);
                    mv.visitVarInsn(FSTORE, e.getValue());
                } else {
                    mv.visitVarInsn(DSTORE, e.getValue());
                }
            }
        }

        // ---- liveness: which registers' values on entry matter

        /**
         * Computes {@link #liveIn}: the registers some path from the header reads before writing.
         * Leaving the loop for the interpreter counts as reading every register, except at an
         * instruction that faults (the interpreter runs it again and stops the program there), so a
         * register outside liveIn is written on every way out that goes on: it is neither loaded
         * nor checked at entry, which keeps a stale double in a float temporary from stopping the
         * compiled loop from starting.
         */
        private void liveness() {
            BitSet all = new BitSet();
            for (int r : intSlot.keySet()) {
                all.set(2 * r);
            }
            for (int r : floatSlot.keySet()) {
                all.set(2 * r + 1);
            }
            BitSet[] in = new BitSet[end - header];
            ArrayList<Integer> pcs = new ArrayList<>();
            for (int pc = header; pc < end; pc += Op.length(code, pc)) {
                pcs.add(pc);
                in[pc - header] = new BitSet();
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = pcs.size() - 1; i >= 0; i--) {
                    int pc = pcs.get(i);
                    int op = code[pc];
                    int next = pc + Op.length(code, pc);
                    BitSet out = new BitSet();
                    int target = switch (op) {
                        case Op.JMP -> code[pc + 1];
                        case Op.JZ, Op.JNZ -> code[pc + 2];
                        case Op.JEQ, Op.JNE, Op.JLT, Op.JLE, Op.JLTU, Op.JLEU -> code[pc + 3];
                        default -> -1;
                    };
                    if (op != Op.JMP) {
                        flow(out, in, all, next);
                    }
                    if (target >= 0) {
                        flow(out, in, all, target);
                        if (target <= pc) {
                            out.or(all); // the budget can run out here
                        }
                    }
                    out.andNot(defs[pc - header]);
                    out.or(uses[pc - header]);
                    if (innerAt.containsKey(pc)) {
                        out.or(all); // a nested compiled loop reads the banks
                    }
                    if (!out.equals(in[pc - header])) {
                        in[pc - header] = out;
                        changed = true;
                    }
                }
            }
            liveIn = in[0];
        }

        private void flow(BitSet out, BitSet[] in, BitSet all, int to) {
            if (to < header || to >= end) {
                out.or(all);
            } else {
                out.or(in[to - header]);
            }
        }

        // ---- entry and exits

        private void prologue() {
            for (var e : intSlot.entrySet()) {
                if (!liveIn.get(2 * e.getKey())) {
                    mv.visitInsn(LCONST_0);
                    mv.visitVarInsn(LSTORE, e.getValue());
                    continue;
                }
                mv.visitVarInsn(ALOAD, IR);
                mv.visitVarInsn(ILOAD, IB);
                push(e.getKey());
                mv.visitInsn(IADD);
                mv.visitInsn(LALOAD);
                mv.visitVarInsn(LSTORE, e.getValue());
            }
            for (var e : floatSlot.entrySet()) {
                if (!liveIn.get(2 * e.getKey() + 1)) {
                    boolean f = single.contains(e.getKey());
                    mv.visitInsn(f ? FCONST_0 : DCONST_0);
                    mv.visitVarInsn(f ? FSTORE : DSTORE, e.getValue());
                    continue;
                }
                mv.visitVarInsn(ALOAD, FR);
                mv.visitVarInsn(ILOAD, FB);
                push(e.getKey());
                mv.visitInsn(IADD);
                mv.visitInsn(DALOAD);
                if (!single.contains(e.getKey())) {
                    mv.visitVarInsn(DSTORE, e.getValue());
                    continue;
                }
                // A float register must hold a float (or NaN) to enter; else the interpreter goes on.
                Label ok = new Label();
                mv.visitVarInsn(DSTORE, TMP);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitInsn(D2F);
                mv.visitVarInsn(FSTORE, e.getValue());
                mv.visitVarInsn(FLOAD, e.getValue());
                mv.visitInsn(F2D);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitInsn(DCMPL);
                mv.visitJumpInsn(IFEQ, ok);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitVarInsn(DLOAD, TMP);
                mv.visitInsn(DCMPL);
                mv.visitJumpInsn(IFNE, ok);
                push(header);
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
            for (int pc = header; pc < end; pc += Op.length(code, pc)) {
                int op = code[pc];
                int site = siteOf(pc);
                if (site >= 0) {
                    mv.visitVarInsn(ALOAD, CACHE);
                    push(site);
                    mv.visitInsn(AALOAD);
                    mv.visitVarInsn(ASTORE, SEG);
                    loadSite(site, size(op), isStore(op));
                }
            }
        }

        /** Sets the site's locals from the segment in SEG. */
        private void loadSite(int site, int n, boolean write) {
            int s = siteSlot.get(site);
            mv.visitVarInsn(ALOAD, SEG);
            mv.visitFieldInsn(GETFIELD, SEGMENT, "base", "J");
            mv.visitVarInsn(LSTORE, s);
            mv.visitVarInsn(ALOAD, SEG);
            mv.visitFieldInsn(GETFIELD, SEGMENT, write ? "writable" : "readable", "J");
            mv.visitLdcInsn((long) n);
            mv.visitInsn(LSUB);
            mv.visitVarInsn(LSTORE, s + 2);
            mv.visitVarInsn(ALOAD, SEG);
            mv.visitFieldInsn(GETFIELD, SEGMENT, "data", "[B");
            mv.visitVarInsn(ASTORE, s + 4);
        }

        private int siteOf(int pc) {
            int op = code[pc];
            if (op >= Op.LD8S && op <= Op.STF64) {
                return code[pc + 4];
            }
            if (op >= Op.LDX32S && op <= Op.STXF64) {
                return code[pc + 6];
            }
            return -1;
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

        private final Label writeBack = new Label();

        /** Every exit: the registers the loop wrote go back to the banks, then the budget and the pc. */
        private void writeBack() {
            mv.visitLabel(writeBack);
            for (var e : intSlot.entrySet()) {
                if (intWritten.containsKey(e.getKey())) {
                    mv.visitVarInsn(ALOAD, IR);
                    mv.visitVarInsn(ILOAD, IB);
                    push(e.getKey());
                    mv.visitInsn(IADD);
                    mv.visitVarInsn(LLOAD, e.getValue());
                    mv.visitInsn(LASTORE);
                }
            }
            for (var e : floatSlot.entrySet()) {
                if (floatWritten.containsKey(e.getKey())) {
                    mv.visitVarInsn(ALOAD, FR);
                    mv.visitVarInsn(ILOAD, FB);
                    push(e.getKey());
                    mv.visitInsn(IADD);
                    loadD(e.getKey());
                    mv.visitInsn(DASTORE);
                }
            }
            mv.visitVarInsn(ALOAD, T);
            mv.visitVarInsn(LLOAD, LEFT);
            mv.visitFieldInsn(PUTFIELD, THREAD, "loopBudget", "J");
            mv.visitVarInsn(ILOAD, EXIT_PC);
            mv.visitInsn(IRETURN);
        }

        /** Where a branch at {@code from} to {@code target} goes: a label inside, a budget check on a back edge, or an exit. */
        private Label target(int from, int target) {
            if (target < header || target >= end) {
                return exit(target);
            }
            if (target > from) {
                return labels[target - header];
            }
            int cost = 0;
            for (int pc = target; pc <= from; pc += Op.length(code, pc)) {
                cost++;
            }
            Label back = new Label();
            int n = cost;
            stubs.add(() -> {
                mv.visitLabel(back);
                mv.visitVarInsn(LLOAD, LEFT);
                mv.visitLdcInsn((long) n);
                mv.visitInsn(LSUB);
                mv.visitInsn(DUP2);
                mv.visitVarInsn(LSTORE, LEFT);
                mv.visitInsn(LCONST_0);
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFLE, exit(target));
                mv.visitJumpInsn(GOTO, labels[target - header]);
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

        private void li(int r) {
            mv.visitVarInsn(LLOAD, intSlot.get(r));
        }

        private void si(int r) {
            mv.visitVarInsn(LSTORE, intSlot.get(r));
        }

        /** Pushes float register r as a double. */
        private void loadD(int r) {
            if (single.contains(r)) {
                mv.visitVarInsn(FLOAD, floatSlot.get(r));
                mv.visitInsn(F2D);
            } else {
                mv.visitVarInsn(DLOAD, floatSlot.get(r));
            }
        }

        /** Stores the double on the stack, which need not be a float, into float register r. */
        private void storeD(int r) {
            if (single.contains(r)) {
                throw new IllegalStateException("a double written to float register " + r);
            }
            mv.visitVarInsn(DSTORE, floatSlot.get(r));
        }

        /** Stores the float on the stack into float register r. */
        private void storeF(int r) {
            if (single.contains(r)) {
                mv.visitVarInsn(FSTORE, floatSlot.get(r));
            } else {
                mv.visitInsn(F2D);
                mv.visitVarInsn(DSTORE, floatSlot.get(r));
            }
        }

        private void toI32() {
            mv.visitInsn(L2I);
            mv.visitInsn(I2L);
        }

        private void toU32() {
            mv.visitLdcInsn(0xFFFFFFFFL);
            mv.visitInsn(LAND);
        }

        /** Turns the int on the stack into a bool register value: 1 where {@code ifOp} jumps. */
        private void bool(int ifOp) {
            Label yes = new Label();
            Label done = new Label();
            mv.visitJumpInsn(ifOp, yes);
            mv.visitInsn(LCONST_0);
            mv.visitJumpInsn(GOTO, done);
            mv.visitLabel(yes);
            mv.visitInsn(LCONST_1);
            mv.visitLabel(done);
        }

        private void unsignedCompare() {
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "compareUnsigned", "(JJ)I", false);
        }

        private void call(String owner, String name, String desc) {
            mv.visitMethodInsn(INVOKESTATIC, owner, name, desc, false);
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
                    li(b);
                    si(a);
                }
                case Op.FMOV -> {
                    if (single.contains(a)) {
                        mv.visitVarInsn(FLOAD, floatSlot.get(b));
                        mv.visitVarInsn(FSTORE, floatSlot.get(a));
                    } else {
                        loadD(b);
                        storeD(a);
                    }
                }
                case Op.LI -> {
                    mv.visitLdcInsn((long) b);
                    si(a);
                }
                case Op.LK -> {
                    mv.visitLdcInsn(c.longs[b]);
                    si(a);
                }
                case Op.FK -> {
                    if (single.contains(a)) {
                        mv.visitLdcInsn((float) c.doubles[b]);
                        mv.visitVarInsn(FSTORE, floatSlot.get(a));
                    } else {
                        mv.visitLdcInsn(c.doubles[b]);
                        storeD(a);
                    }
                }
                case Op.ADD_I, Op.ADD_U, Op.ADD_W, Op.SUB_I, Op.SUB_U, Op.SUB_W, Op.MUL_I, Op.MUL_U, Op.MUL_W -> {
                    li(b);
                    li(d3);
                    int kind = (op - Op.ADD_I) / 3;
                    mv.visitInsn(kind == 0 ? LADD : kind == 1 ? LSUB : LMUL);
                    normalize((op - Op.ADD_I) % 3);
                    si(a);
                }
                case Op.ADDI_I, Op.ADDI_U, Op.ADDI_W -> {
                    li(b);
                    mv.visitLdcInsn((long) d3);
                    mv.visitInsn(LADD);
                    normalize(op - Op.ADDI_I);
                    si(a);
                }
                case Op.DIV_I, Op.DIV_U, Op.DIV_W, Op.DIV_UW, Op.REM_I, Op.REM_U, Op.REM_W, Op.REM_UW -> {
                    // Division by zero faults on the host: the interpreter reports it.
                    li(d3);
                    mv.visitInsn(LCONST_0);
                    mv.visitInsn(LCMP);
                    mv.visitJumpInsn(IFEQ, exit(pc));
                    push(op);
                    li(b);
                    li(d3);
                    mv.visitInsn(ICONST_0);
                    call("webcu/vm/Interpreter", "divide", "(IJJZ)J");
                    si(a);
                }
                case Op.AND, Op.OR, Op.XOR -> {
                    li(b);
                    li(d3);
                    mv.visitInsn(op == Op.AND ? LAND : op == Op.OR ? LOR : LXOR);
                    si(a);
                }
                case Op.SHL_I, Op.SHL_U, Op.SHL_W, Op.SHR_I, Op.SHR_U, Op.SHR_W, Op.SHR_UW -> {
                    push(op);
                    li(b);
                    li(d3);
                    mv.visitInsn(ICONST_0);
                    call("webcu/vm/Interpreter", "shift", "(IJJZ)J");
                    si(a);
                }
                case Op.NOT_W -> {
                    li(b);
                    mv.visitLdcInsn(-1L);
                    mv.visitInsn(LXOR);
                    si(a);
                }
                case Op.NEG_W -> {
                    li(b);
                    mv.visitInsn(LNEG);
                    si(a);
                }
                case Op.SEXT8, Op.SEXT16, Op.SEXT32 -> {
                    li(b);
                    mv.visitInsn(L2I);
                    if (op == Op.SEXT8) {
                        mv.visitInsn(I2B);
                    } else if (op == Op.SEXT16) {
                        mv.visitInsn(I2S);
                    }
                    mv.visitInsn(I2L);
                    si(a);
                }
                case Op.ZEXT8, Op.ZEXT16, Op.ZEXT32 -> {
                    li(b);
                    mv.visitLdcInsn(op == Op.ZEXT8 ? 0xFFL : op == Op.ZEXT16 ? 0xFFFFL : 0xFFFFFFFFL);
                    mv.visitInsn(LAND);
                    si(a);
                }
                case Op.NEZ -> {
                    li(b);
                    mv.visitInsn(LCONST_0);
                    mv.visitInsn(LCMP);
                    bool(IFNE);
                    si(a);
                }
                case Op.FNEZ -> {
                    loadD(b);
                    mv.visitInsn(DCONST_0);
                    mv.visitInsn(DCMPL);
                    bool(IFNE);
                    si(a);
                }
                case Op.LNOT -> {
                    li(b);
                    mv.visitInsn(LCONST_1);
                    mv.visitInsn(LXOR);
                    si(a);
                }
                case Op.EQ, Op.NE, Op.LT, Op.LE -> {
                    li(b);
                    li(d3);
                    mv.visitInsn(LCMP);
                    bool(op == Op.EQ ? IFEQ : op == Op.NE ? IFNE : op == Op.LT ? IFLT : IFLE);
                    si(a);
                }
                case Op.LTU, Op.LEU -> {
                    li(b);
                    li(d3);
                    unsignedCompare();
                    bool(op == Op.LTU ? IFLT : IFLE);
                    si(a);
                }
                case Op.FEQ, Op.FNE, Op.FLT, Op.FLE -> {
                    // NaN: dcmpl gives -1 (== false, != true), dcmpg gives 1 (< and <= false), as Java's operators.
                    loadD(b);
                    loadD(d3);
                    mv.visitInsn(op == Op.FEQ || op == Op.FNE ? DCMPL : DCMPG);
                    bool(op == Op.FEQ ? IFEQ : op == Op.FNE ? IFNE : op == Op.FLT ? IFLT : IFLE);
                    si(a);
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
                    if (single.contains(b) && single.contains(d3)) {
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
                case Op.I2F -> {
                    li(b);
                    mv.visitInsn(L2F);
                    storeF(a);
                }
                case Op.I2D -> {
                    li(b);
                    mv.visitInsn(L2D);
                    storeD(a);
                }
                case Op.U2F -> {
                    li(b);
                    call("webcu/vm/Ext", "unsignedToFloat", "(J)F");
                    storeF(a);
                }
                case Op.U2D -> {
                    li(b);
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
                    si(a);
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
                    li(b);
                    li(d3);
                    mv.visitLdcInsn((long) code[pc + 4]);
                    mv.visitInsn(LMUL);
                    mv.visitInsn(LADD);
                    si(a);
                }
                case Op.FRAME -> {
                    mv.visitVarInsn(LLOAD, FRAME);
                    mv.visitLdcInsn((long) b);
                    mv.visitInsn(LADD);
                    si(a);
                }
                case Op.LD8S, Op.LD8U, Op.LD16S, Op.LD16U, Op.LD32S, Op.LD32U, Op.LD64, Op.LDF32, Op.LDF64 -> {
                    li(b);
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
                    li(a);
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
                case Op.JZ, Op.JNZ -> {
                    li(a);
                    mv.visitInsn(LCONST_0);
                    mv.visitInsn(LCMP);
                    mv.visitJumpInsn(op == Op.JZ ? IFEQ : IFNE, target(pc, b));
                }
                case Op.JEQ, Op.JNE, Op.JLT, Op.JLE -> {
                    li(a);
                    li(b);
                    mv.visitInsn(LCMP);
                    int ifOp = op == Op.JEQ ? IFEQ : op == Op.JNE ? IFNE : op == Op.JLT ? IFLT : IFLE;
                    mv.visitJumpInsn(ifOp, target(pc, d3));
                }
                case Op.JLTU, Op.JLEU -> {
                    li(a);
                    li(b);
                    unsignedCompare();
                    mv.visitJumpInsn(op == Op.JLTU ? IFLT : IFLE, target(pc, d3));
                }
                default -> throw new IllegalStateException("scan let through " + Op.NAMES[op]);
            }
        }

        /** 0: a 32-bit signed result, 1: 32-bit unsigned, 2: 64-bit. */
        private void normalize(int kind) {
            if (kind == 0) {
                toI32();
            } else if (kind == 1) {
                toU32();
            }
        }

        private void indexedAddress(int base, int index, int scale, int offset) {
            li(base);
            li(index);
            mv.visitLdcInsn((long) scale);
            mv.visitInsn(LMUL);
            mv.visitInsn(LADD);
            mv.visitLdcInsn((long) offset);
            mv.visitInsn(LADD);
        }

        /**
         * Checks the access whose address is on the stack against its site's segment, as the
         * interpreter does; afterwards the site's bytes and OFF give the place. An access outside
         * looks the segment up and refreshes the site; one that would fault leaves for the interpreter.
         */
        private void access(int pc, int site, int op) {
            int n = size(op);
            boolean write = isStore(op);
            int s = siteSlot.get(site);
            Label slow = new Label();
            Label ok = new Label();
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, ADDR);
            mv.visitVarInsn(LLOAD, s);
            mv.visitInsn(LSUB);
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, OFF);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFLT, slow);
            mv.visitVarInsn(LLOAD, OFF);
            mv.visitVarInsn(LLOAD, s + 2);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFGT, slow);
            mv.visitLabel(ok);
            stubs.add(() -> {
                mv.visitLabel(slow);
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
            mv.visitVarInsn(ALOAD, s + 4);
            mv.visitVarInsn(LLOAD, OFF);
            mv.visitInsn(L2I);
        }

        /** With the bytes and offset on the stack: loads into register {@code d}. */
        private void load(int op, int d) {
            switch (op) {
                case Op.LD8S, Op.LD8U -> {
                    mv.visitInsn(BALOAD);
                    if (op == Op.LD8U) {
                        push(0xFF);
                        mv.visitInsn(IAND);
                    }
                    mv.visitInsn(I2L);
                    si(d);
                }
                case Op.LD16S, Op.LD16U -> {
                    call(SELF, "i16", "([BI)I");
                    if (op == Op.LD16U) {
                        mv.visitLdcInsn(0xFFFF);
                        mv.visitInsn(IAND);
                    }
                    mv.visitInsn(I2L);
                    si(d);
                }
                case Op.LD32S, Op.LD32U -> {
                    call(SELF, "i32", "([BI)I");
                    mv.visitInsn(I2L);
                    if (op == Op.LD32U) {
                        toU32();
                    }
                    si(d);
                }
                case Op.LD64 -> {
                    call(SELF, "i64", "([BI)J");
                    si(d);
                }
                case Op.LDF32 -> {
                    call(SELF, "i32", "([BI)I");
                    call("java/lang/Float", "intBitsToFloat", "(I)F");
                    storeF(d);
                }
                default -> {
                    call(SELF, "i64", "([BI)J");
                    call("java/lang/Double", "longBitsToDouble", "(J)D");
                    storeD(d);
                }
            }
        }

        /** With the bytes and offset on the stack: stores register {@code v}. */
        private void store(int op, int v) {
            switch (op) {
                case Op.ST8 -> {
                    li(v);
                    mv.visitInsn(L2I);
                    mv.visitInsn(I2B);
                    mv.visitInsn(BASTORE);
                }
                case Op.ST16 -> {
                    li(v);
                    mv.visitInsn(L2I);
                    call(SELF, "putI16", "([BII)V");
                }
                case Op.ST32 -> {
                    li(v);
                    mv.visitInsn(L2I);
                    call(SELF, "putI32", "([BII)V");
                }
                case Op.ST64 -> {
                    li(v);
                    call(SELF, "putI64", "([BIJ)V");
                }
                case Op.STF32 -> {
                    if (single.contains(v)) {
                        mv.visitVarInsn(FLOAD, floatSlot.get(v));
                    } else {
                        loadD(v);
                        mv.visitInsn(D2F);
                    }
                    call("java/lang/Float", "floatToRawIntBits", "(F)I");
                    call(SELF, "putI32", "([BII)V");
                }
                default -> {
                    loadD(v);
                    call("java/lang/Double", "doubleToRawLongBits", "(D)J");
                    call(SELF, "putI64", "([BIJ)V");
                }
            }
        }
    }
}
