package webcu.vm;

import java.util.Arrays;

/**
 * Runs VM threads: a switch-dispatch loop over a function's int[] code with the thread's state in
 * locals, written back to the {@link VmThread} whenever the loop stops. A run stops when the
 * instruction budget is spent, at a barrier, at a blocking native call, at exit, at the end of the
 * thread's entry function, or at a fault; C calls push explicit frames, never Java ones.
 *
 * <p>Integer semantics are CUDA's on the device: division by zero gives all ones (remainder: the
 * dividend) as the GPU's division routine does, shift counts at or beyond the width give 0 (or
 * the sign for arithmetic right shifts) as PTX's clamping shifts do, and 1-, 2-, 4- and 8-byte
 * accesses must be naturally aligned. On the host, division by zero is a fault (a native program
 * dies of SIGFPE) and shift counts are masked to the width as x86 does. Both sides truncate
 * float-to-int conversions toward zero and saturate out-of-range values, as PTX's cvt.rzi.
 */
public final class Interpreter {
    /** Results of {@link #run}. */
    public static final int BUDGET = 0, DONE = 1, BARRIER = 2, WAITING = 3, EXITED = 4, FAULT = 5;

    /** Taken backward branches to one pc after which the loop they close is compiled. */
    static final int HOT_LOOP = 1000;
    /** Marks a loop the loop compiler refused, so that it is not asked again. */
    private static final LoopCompiler.Loop REFUSED = new LoopCompiler.Loop() {
        @Override
        public int run(VmThread t, long[] ir, double[] fr, int ib, int fb, Segment[] cache) {
            throw new IllegalStateException("a refused loop is never run");
        }
    };
    private static volatile LoopCompiler defaultLoopCompiler;
    /**
     * 0xFFFFFFFF as a field, not a literal: the page's JavaScript build makes a long literal beyond
     * an int's range from its halves where it is used (seven BigInt operations), and the unsigned
     * ints' instructions mask with it.
     */
    private static final long U32 = Integer.toUnsignedLong(-1);

    private final Program program;
    private final boolean device;
    /** Compiles hot loops of host code; null on the device, in the browser, or when turned off. */
    private final LoopCompiler loopCompiler;
    /** Instructions executed by all runs so far. */
    long executed;

    public Interpreter(Program program) {
        this(program, defaultLoopCompiler);
    }

    Interpreter(Program program, LoopCompiler loopCompiler) {
        this.program = program;
        this.device = program.device;
        this.loopCompiler = device ? null : loopCompiler;
    }

    /**
     * Sets the loop compiler of host interpreters made from now on (null: interpret only). Only
     * JVM entry points call this; kernels are always interpreted.
     */
    public static void setLoopCompiler(LoopCompiler compiler) {
        defaultLoopCompiler = compiler;
    }

    public long executed() {
        return executed;
    }

    /** Runs {@code t} for at most {@code budget} instructions. */
    public int run(VmThread t, long budget) {
        if (t.waitFor != null) {
            if (!t.waitFor.isDone()) {
                return WAITING;
            }
            VmThread.Resume r = t.onResume;
            t.waitFor = null;
            t.onResume = null;
            if (r != null) {
                try {
                    r.run(t);
                } catch (VmFault f) {
                    t.fault = f;
                    return FAULT;
                }
            }
        }
        if (t.done) {
            return DONE;
        }
        Code c = t.code;
        int[] code = c.code;
        long[] k = c.longs;
        double[] dk = c.doubles;
        Segment[] cache = c.cache;
        long[] ir = t.ir;
        double[] fr = t.fr;
        int pc = t.pc;
        int ib = t.ib;
        int fb = t.fb;
        long frameAddr = t.frameAddr;
        final Memory mem = t.mem;
        final boolean dev = device;
        final long am2 = dev ? 1 : 0;
        final long am4 = dev ? 3 : 0;
        final long am8 = dev ? 7 : 0;
        final boolean jit = loopCompiler != null;
        // the count of instructions left is an int, with the rest of a budget beyond an int's range
        // in rest: longs are BigInts in the page's JavaScript build, and this runs per instruction
        int left = (int) Math.min(budget, Integer.MAX_VALUE);
        long rest = budget - left;
        try {
            while (true) {
                if (--left < 0) {
                    if (rest <= 0) {
                        t.pc = pc;
                        executed += budget;
                        return BUDGET;
                    }
                    left = (int) Math.min(rest, Integer.MAX_VALUE);
                    rest -= left;
                    left--;
                }
                switch (code[pc]) {
                    case Op.MOV -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]];
                        pc += 3;
                    }
                    case Op.FMOV -> {
                        fr[fb + code[pc + 1]] = fr[fb + code[pc + 2]];
                        pc += 3;
                    }
                    case Op.LI -> {
                        ir[ib + code[pc + 1]] = code[pc + 2];
                        pc += 3;
                    }
                    case Op.LK -> {
                        ir[ib + code[pc + 1]] = k[code[pc + 2]];
                        pc += 3;
                    }
                    case Op.FK -> {
                        fr[fb + code[pc + 1]] = dk[code[pc + 2]];
                        pc += 3;
                    }
                    case Op.ADD_I -> {
                        ir[ib + code[pc + 1]] = (int) (ir[ib + code[pc + 2]] + ir[ib + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.ADD_U -> {
                        ir[ib + code[pc + 1]] = (ir[ib + code[pc + 2]] + ir[ib + code[pc + 3]]) & U32;
                        pc += 4;
                    }
                    case Op.ADD_W -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] + ir[ib + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.SUB_I -> {
                        ir[ib + code[pc + 1]] = (int) (ir[ib + code[pc + 2]] - ir[ib + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.SUB_U -> {
                        ir[ib + code[pc + 1]] = (ir[ib + code[pc + 2]] - ir[ib + code[pc + 3]]) & U32;
                        pc += 4;
                    }
                    case Op.SUB_W -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] - ir[ib + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.MUL_I -> {
                        ir[ib + code[pc + 1]] = (int) (ir[ib + code[pc + 2]] * ir[ib + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.MUL_U -> {
                        ir[ib + code[pc + 1]] = (ir[ib + code[pc + 2]] * ir[ib + code[pc + 3]]) & U32;
                        pc += 4;
                    }
                    case Op.MUL_W -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] * ir[ib + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.AND -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] & ir[ib + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.OR -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] | ir[ib + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.XOR -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] ^ ir[ib + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.SHL_I, Op.SHL_U, Op.SHL_W, Op.SHR_I, Op.SHR_U, Op.SHR_W, Op.SHR_UW -> {
                        ir[ib + code[pc + 1]] = shift(code[pc], ir[ib + code[pc + 2]], ir[ib + code[pc + 3]], dev);
                        pc += 4;
                    }
                    case Op.ADDI_I -> {
                        ir[ib + code[pc + 1]] = (int) (ir[ib + code[pc + 2]] + code[pc + 3]);
                        pc += 4;
                    }
                    case Op.ADDI_U -> {
                        ir[ib + code[pc + 1]] = (ir[ib + code[pc + 2]] + code[pc + 3]) & U32;
                        pc += 4;
                    }
                    case Op.ADDI_W -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] + code[pc + 3];
                        pc += 4;
                    }
                    case Op.EQ -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] == ir[ib + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.NE -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] != ir[ib + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.LT -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] < ir[ib + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.LE -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] <= ir[ib + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.LTU -> {
                        ir[ib + code[pc + 1]] =
                                (ir[ib + code[pc + 2]] ^ Long.MIN_VALUE) < (ir[ib + code[pc + 3]] ^ Long.MIN_VALUE) ? 1 : 0;
                        pc += 4;
                    }
                    case Op.LEU -> {
                        ir[ib + code[pc + 1]] =
                                (ir[ib + code[pc + 2]] ^ Long.MIN_VALUE) <= (ir[ib + code[pc + 3]] ^ Long.MIN_VALUE) ? 1 : 0;
                        pc += 4;
                    }
                    case Op.FEQ -> {
                        ir[ib + code[pc + 1]] = fr[fb + code[pc + 2]] == fr[fb + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.FNE -> {
                        ir[ib + code[pc + 1]] = fr[fb + code[pc + 2]] != fr[fb + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.FLT -> {
                        ir[ib + code[pc + 1]] = fr[fb + code[pc + 2]] < fr[fb + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.FLE -> {
                        ir[ib + code[pc + 1]] = fr[fb + code[pc + 2]] <= fr[fb + code[pc + 3]] ? 1 : 0;
                        pc += 4;
                    }
                    case Op.FADD -> {
                        fr[fb + code[pc + 1]] = fr[fb + code[pc + 2]] + fr[fb + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.FSUB -> {
                        fr[fb + code[pc + 1]] = fr[fb + code[pc + 2]] - fr[fb + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.FMUL -> {
                        fr[fb + code[pc + 1]] = fr[fb + code[pc + 2]] * fr[fb + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.FDIV -> {
                        fr[fb + code[pc + 1]] = fr[fb + code[pc + 2]] / fr[fb + code[pc + 3]];
                        pc += 4;
                    }
                    case Op.FADDS -> {
                        fr[fb + code[pc + 1]] = F32.round(fr[fb + code[pc + 2]] + fr[fb + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.FSUBS -> {
                        fr[fb + code[pc + 1]] = F32.round(fr[fb + code[pc + 2]] - fr[fb + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.FMULS -> {
                        fr[fb + code[pc + 1]] = F32.round(fr[fb + code[pc + 2]] * fr[fb + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.FDIVS -> {
                        fr[fb + code[pc + 1]] = F32.round(fr[fb + code[pc + 2]] / fr[fb + code[pc + 3]]);
                        pc += 4;
                    }
                    case Op.I2F -> {
                        fr[fb + code[pc + 1]] = F32.round((double) ir[ib + code[pc + 2]]);
                        pc += 3;
                    }
                    case Op.I2D -> {
                        fr[fb + code[pc + 1]] = (double) ir[ib + code[pc + 2]];
                        pc += 3;
                    }
                    case Op.D2F -> {
                        fr[fb + code[pc + 1]] = F32.round(fr[fb + code[pc + 2]]);
                        pc += 3;
                    }
                    case Op.LD32S -> {
                        long a = ir[ib + code[pc + 2]] + code[pc + 3];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 4, false);
                            off = a - s.base;
                        }
                        byte[] d = s.data;
                        int o = (int) off;
                        ir[ib + code[pc + 1]] = (d[o] & 0xFF) | (d[o + 1] & 0xFF) << 8 | (d[o + 2] & 0xFF) << 16 | d[o + 3] << 24;
                        pc += 5;
                    }
                    case Op.LD32U -> {
                        long a = ir[ib + code[pc + 2]] + code[pc + 3];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 4, false);
                            off = a - s.base;
                        }
                        byte[] d = s.data;
                        int o = (int) off;
                        ir[ib + code[pc + 1]] =
                                ((d[o] & 0xFF) | (d[o + 1] & 0xFF) << 8 | (d[o + 2] & 0xFF) << 16 | d[o + 3] << 24) & U32;
                        pc += 5;
                    }
                    case Op.LD64 -> {
                        long a = ir[ib + code[pc + 2]] + code[pc + 3];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 8 || (a & am8) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 8, false);
                            off = a - s.base;
                        }
                        ir[ib + code[pc + 1]] = Memory.getI64(s.data, (int) off);
                        pc += 5;
                    }
                    case Op.LDF32 -> {
                        long a = ir[ib + code[pc + 2]] + code[pc + 3];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 4, false);
                            off = a - s.base;
                        }
                        byte[] d = s.data;
                        int o = (int) off;
                        fr[fb + code[pc + 1]] = Float.intBitsToFloat(
                                (d[o] & 0xFF) | (d[o + 1] & 0xFF) << 8 | (d[o + 2] & 0xFF) << 16 | d[o + 3] << 24);
                        pc += 5;
                    }
                    case Op.LDF64 -> {
                        long a = ir[ib + code[pc + 2]] + code[pc + 3];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 8 || (a & am8) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 8, false);
                            off = a - s.base;
                        }
                        fr[fb + code[pc + 1]] = Double.longBitsToDouble(Memory.getI64(s.data, (int) off));
                        pc += 5;
                    }
                    case Op.ST32 -> {
                        long a = ir[ib + code[pc + 1]] + code[pc + 2];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.writable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 4, true);
                            off = a - s.base;
                        }
                        long v = ir[ib + code[pc + 3]];
                        byte[] d = s.data;
                        int o = (int) off;
                        d[o] = (byte) v;
                        d[o + 1] = (byte) (v >> 8);
                        d[o + 2] = (byte) (v >> 16);
                        d[o + 3] = (byte) (v >> 24);
                        pc += 5;
                    }
                    case Op.ST64 -> {
                        long a = ir[ib + code[pc + 1]] + code[pc + 2];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.writable - 8 || (a & am8) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 8, true);
                            off = a - s.base;
                        }
                        Memory.putI64(s.data, (int) off, ir[ib + code[pc + 3]]);
                        pc += 5;
                    }
                    case Op.STF32 -> {
                        long a = ir[ib + code[pc + 1]] + code[pc + 2];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.writable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 4, true);
                            off = a - s.base;
                        }
                        int v = Float.floatToRawIntBits((float) fr[fb + code[pc + 3]]);
                        byte[] d = s.data;
                        int o = (int) off;
                        d[o] = (byte) v;
                        d[o + 1] = (byte) (v >> 8);
                        d[o + 2] = (byte) (v >> 16);
                        d[o + 3] = (byte) (v >> 24);
                        pc += 5;
                    }
                    case Op.STF64 -> {
                        long a = ir[ib + code[pc + 1]] + code[pc + 2];
                        Segment s = cache[code[pc + 4]];
                        long off = a - s.base;
                        if (off < 0 || off > s.writable - 8 || (a & am8) != 0) {
                            s = slow(mem, cache, code[pc + 4], a, 8, true);
                            off = a - s.base;
                        }
                        Memory.putI64(s.data, (int) off, Double.doubleToRawLongBits(fr[fb + code[pc + 3]]));
                        pc += 5;
                    }
                    case Op.LEA -> {
                        ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] + ir[ib + code[pc + 3]] * code[pc + 4];
                        pc += 5;
                    }
                    case Op.FRAME -> {
                        ir[ib + code[pc + 1]] = frameAddr + code[pc + 2];
                        pc += 3;
                    }
                    case Op.JMP, Op.JZ, Op.JNZ, Op.JEQ, Op.JNE, Op.JLT, Op.JLE, Op.JLTU, Op.JLEU -> {
                        int op = code[pc];
                        int to = switch (op) {
                            case Op.JMP -> code[pc + 1];
                            case Op.JZ -> ir[ib + code[pc + 1]] == 0 ? code[pc + 2] : pc + 3;
                            case Op.JNZ -> ir[ib + code[pc + 1]] != 0 ? code[pc + 2] : pc + 3;
                            case Op.JEQ -> ir[ib + code[pc + 1]] == ir[ib + code[pc + 2]] ? code[pc + 3] : pc + 4;
                            case Op.JNE -> ir[ib + code[pc + 1]] != ir[ib + code[pc + 2]] ? code[pc + 3] : pc + 4;
                            case Op.JLT -> ir[ib + code[pc + 1]] < ir[ib + code[pc + 2]] ? code[pc + 3] : pc + 4;
                            case Op.JLE -> ir[ib + code[pc + 1]] <= ir[ib + code[pc + 2]] ? code[pc + 3] : pc + 4;
                            case Op.JLTU -> (ir[ib + code[pc + 1]] ^ Long.MIN_VALUE) < (ir[ib + code[pc + 2]] ^ Long.MIN_VALUE)
                                    ? code[pc + 3] : pc + 4;
                            default -> (ir[ib + code[pc + 1]] ^ Long.MIN_VALUE) <= (ir[ib + code[pc + 2]] ^ Long.MIN_VALUE)
                                    ? code[pc + 3] : pc + 4;
                        };
                        if (jit && to <= pc) {
                            to = backEdge(t, c, to, pc, left + rest);
                            left = (int) Math.min(t.loopBudget, Integer.MAX_VALUE);
                            rest = t.loopBudget - left;
                        }
                        pc = to;
                    }
                    case Op.CALL -> {
                        Code callee = program.code(code[pc + 1]);
                        int n = code[pc + 3];
                        int nib = ib + c.intRegs;
                        int nfb = fb + c.floatRegs;
                        if (nib + callee.intRegs > ir.length) {
                            ir = t.ensureInt(nib + callee.intRegs);
                        }
                        if (nfb + callee.floatRegs > fr.length) {
                            fr = t.ensureFloat(nfb + callee.floatRegs);
                        }
                        int d = t.depth;
                        if (d >= VmThread.MAX_DEPTH) {
                            throw new VmFault(VmFault.STACK_OVERFLOW, 701, "stack overflow",
                                    "more than " + VmThread.MAX_DEPTH + " nested calls (runaway recursion?)");
                        }
                        Segment frame = null;
                        if (callee.frameSize > 0) {
                            frame = mem.pushFrame(t.slot, callee.frameSize, callee.frameLabel);
                            if (frame == null) {
                                throw new VmFault(VmFault.STACK_OVERFLOW, 701, "stack overflow",
                                        "the thread's stack is full (runaway recursion or large local arrays?)");
                            }
                        }
                        int[] pb = callee.paramBank;
                        int[] pr = callee.paramReg;
                        int params = Math.min(n, pb.length);
                        for (int i = 0; i < params; i++) {
                            int a = code[pc + 4 + i];
                            if (pb[i] == 0) {
                                ir[nib + pr[i]] = (a & 1) == 0 ? ir[ib + (a >> 1)] : (long) fr[fb + (a >> 1)];
                            } else {
                                fr[nfb + pr[i]] = (a & 1) != 0 ? fr[fb + (a >> 1)] : (double) ir[ib + (a >> 1)];
                            }
                        }
                        if (d == t.savedCode.length) {
                            t.growFrames();
                        }
                        t.savedCode[d] = c;
                        t.savedPc[d] = pc + 4 + n;
                        t.savedIb[d] = ib;
                        t.savedFb[d] = fb;
                        t.savedDst[d] = code[pc + 2];
                        t.savedFrameAddr[d] = frameAddr;
                        t.savedFrameSeg[d] = t.frameSeg;
                        t.depth = d + 1;
                        c = callee;
                        code = c.code;
                        k = c.longs;
                        dk = c.doubles;
                        cache = c.cache;
                        pc = 0;
                        ib = nib;
                        fb = nfb;
                        frameAddr = frame == null ? 0 : frame.base;
                        t.frameSeg = frame;
                        t.code = c;
                        t.ib = ib;
                        t.fb = fb;
                        t.frameAddr = frameAddr;
                    }
                    case Op.RET, Op.RETI, Op.RETF, Op.RETM -> {
                        int op = code[pc];
                        long iv = 0;
                        double fv = 0;
                        if (op == Op.RETI) {
                            iv = ir[ib + code[pc + 1]];
                        } else if (op == Op.RETF) {
                            fv = fr[fb + code[pc + 1]];
                        }
                        int d = t.depth - 1;
                        if (op == Op.RETM && d >= 0 && (t.savedDst[d] & 3) == 2) {
                            // Copy the struct out before its frame goes away.
                            long dst = ir[t.savedIb[d] + (t.savedDst[d] >> 2)];
                            mem.copy(dst, ir[ib + code[pc + 1]], code[pc + 2]);
                        }
                        if (t.frameSeg != null) {
                            mem.popFrame(t.slot, t.frameSeg);
                        }
                        if (d < 0) {
                            t.returnValue = op == Op.RETF ? (long) fv : iv;
                            t.returnValueF = fv;
                            t.done = true;
                            t.pc = pc;
                            t.frameSeg = null;
                            executed += budget - rest - left;
                            return DONE;
                        }
                        c = t.savedCode[d];
                        code = c.code;
                        k = c.longs;
                        dk = c.doubles;
                        cache = c.cache;
                        pc = t.savedPc[d];
                        ib = t.savedIb[d];
                        fb = t.savedFb[d];
                        frameAddr = t.savedFrameAddr[d];
                        t.frameSeg = t.savedFrameSeg[d];
                        t.savedCode[d] = null;
                        t.savedFrameSeg[d] = null;
                        t.depth = d;
                        t.code = c;
                        t.ib = ib;
                        t.fb = fb;
                        t.frameAddr = frameAddr;
                        int dst = t.savedDst[d];
                        if (dst >= 0) {
                            int kind = dst & 3;
                            if (kind == 0) {
                                ir[ib + (dst >> 2)] = iv;
                            } else if (kind == 1) {
                                fr[fb + (dst >> 2)] = fv;
                            }
                        }
                    }
                    case Op.NATIVE -> {
                        int n = code[pc + 5];
                        t.argPc = pc + 6;
                        t.nargs = n;
                        t.resultOperand = code[pc + 3];
                        t.resultExt = code[pc + 4];
                        t.pc = pc;
                        int status = program.libraries[code[pc + 1]].call(code[pc + 2], t);
                        ir = t.ir;
                        fr = t.fr;
                        pc += 6 + n;
                        if (status == NativeLibrary.UNWIND) {
                            c = t.code;
                            code = c.code;
                            k = c.longs;
                            dk = c.doubles;
                            cache = c.cache;
                            pc = t.pc;
                            ib = t.ib;
                            fb = t.fb;
                            frameAddr = t.frameAddr;
                            continue;
                        }
                        if (status != NativeLibrary.CONTINUE) {
                            t.pc = pc;
                            executed += budget - rest - left;
                            return status == NativeLibrary.BLOCK ? WAITING : EXITED;
                        }
                    }
                    case Op.LAUNCH -> {
                        int n = code[pc + 2];
                        t.argPc = pc + 3;
                        t.nargs = n;
                        t.resultOperand = -1;
                        t.pc = pc;
                        int status = program.launcher.launch(c.kernels[code[pc + 1]], t);
                        pc += 3 + n;
                        if (status != NativeLibrary.CONTINUE) {
                            t.pc = pc;
                            executed += budget - rest - left;
                            return status == NativeLibrary.BLOCK ? WAITING : EXITED;
                        }
                    }
                    case Op.BARRIER -> {
                        t.pc = pc + 1;
                        executed += budget - rest - left;
                        return BARRIER;
                    }
                    case Op.BUILTIN -> {
                        ir[ib + code[pc + 1]] = t.builtins[code[pc + 2]] & U32;
                        pc += 3;
                    }
                    case Op.MATH1 -> {
                        fr[fb + code[pc + 1]] = MathFn.apply(code[pc + 3], fr[fb + code[pc + 2]], 0, 0);
                        pc += 4;
                    }
                    case Op.LDX32S, Op.LDX32U, Op.LDXF32 -> {
                        long a = ir[ib + code[pc + 2]] + ir[ib + code[pc + 3]] * code[pc + 4] + code[pc + 5];
                        Segment s = cache[code[pc + 6]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 6], a, 4, false);
                            off = a - s.base;
                        }
                        byte[] d = s.data;
                        int o = (int) off;
                        int v = (d[o] & 0xFF) | (d[o + 1] & 0xFF) << 8 | (d[o + 2] & 0xFF) << 16 | d[o + 3] << 24;
                        int op = code[pc];
                        if (op == Op.LDXF32) {
                            fr[fb + code[pc + 1]] = Float.intBitsToFloat(v);
                        } else {
                            ir[ib + code[pc + 1]] = op == Op.LDX32S ? v : v & U32;
                        }
                        pc += 7;
                    }
                    case Op.LDX64, Op.LDXF64 -> {
                        long a = ir[ib + code[pc + 2]] + ir[ib + code[pc + 3]] * code[pc + 4] + code[pc + 5];
                        Segment s = cache[code[pc + 6]];
                        long off = a - s.base;
                        if (off < 0 || off > s.readable - 8 || (a & am8) != 0) {
                            s = slow(mem, cache, code[pc + 6], a, 8, false);
                            off = a - s.base;
                        }
                        long v = Memory.getI64(s.data, (int) off);
                        if (code[pc] == Op.LDXF64) {
                            fr[fb + code[pc + 1]] = Double.longBitsToDouble(v);
                        } else {
                            ir[ib + code[pc + 1]] = v;
                        }
                        pc += 7;
                    }
                    case Op.STX32, Op.STXF32 -> {
                        long a = ir[ib + code[pc + 1]] + ir[ib + code[pc + 2]] * code[pc + 3] + code[pc + 4];
                        Segment s = cache[code[pc + 6]];
                        long off = a - s.base;
                        if (off < 0 || off > s.writable - 4 || (a & am4) != 0) {
                            s = slow(mem, cache, code[pc + 6], a, 4, true);
                            off = a - s.base;
                        }
                        int v = code[pc] == Op.STXF32 ? Float.floatToRawIntBits((float) fr[fb + code[pc + 5]])
                                : (int) ir[ib + code[pc + 5]];
                        byte[] d = s.data;
                        int o = (int) off;
                        d[o] = (byte) v;
                        d[o + 1] = (byte) (v >> 8);
                        d[o + 2] = (byte) (v >> 16);
                        d[o + 3] = (byte) (v >> 24);
                        pc += 7;
                    }
                    case Op.STX64, Op.STXF64 -> {
                        long a = ir[ib + code[pc + 1]] + ir[ib + code[pc + 2]] * code[pc + 3] + code[pc + 4];
                        Segment s = cache[code[pc + 6]];
                        long off = a - s.base;
                        if (off < 0 || off > s.writable - 8 || (a & am8) != 0) {
                            s = slow(mem, cache, code[pc + 6], a, 8, true);
                            off = a - s.base;
                        }
                        long v = code[pc] == Op.STXF64 ? Double.doubleToRawLongBits(fr[fb + code[pc + 5]])
                                : ir[ib + code[pc + 5]];
                        Memory.putI64(s.data, (int) off, v);
                        pc += 7;
                    }
                    default -> pc = rare(t, c, pc, ir, fr, ib, fb, dev);
                }
            }
        } catch (VmFault f) {
            t.pc = pc;
            t.code = c;
            t.ib = ib;
            t.fb = fb;
            t.frameAddr = frameAddr;
            t.fault = f;
            executed += budget - rest - Math.max(0, left);
            return FAULT;
        }
    }

    /**
     * The less frequent instructions, kept out of {@link #run} so that its loop stays small enough
     * for the JIT (HotSpot does not compile methods of more than 8000 bytes of bytecode).
     */
    private int rare(VmThread t, Code c, int pc, long[] ir, double[] fr, int ib, int fb, boolean dev) {
        int[] code = c.code;
        long[] k = c.longs;
        Segment[] cache = c.cache;
        Memory mem = t.mem;
        long am2 = dev ? 1 : 0;
        switch (code[pc]) {
            case Op.NOP -> pc += 1;
            case Op.DIV_I, Op.DIV_U, Op.DIV_W, Op.DIV_UW, Op.REM_I, Op.REM_U, Op.REM_W, Op.REM_UW -> {
                ir[ib + code[pc + 1]] = divide(code[pc], ir[ib + code[pc + 2]], ir[ib + code[pc + 3]], dev);
                pc += 4;
            }
            case Op.NOT_W -> {
                ir[ib + code[pc + 1]] = ~ir[ib + code[pc + 2]];
                pc += 3;
            }
            case Op.NEG_W -> {
                ir[ib + code[pc + 1]] = -ir[ib + code[pc + 2]];
                pc += 3;
            }
            case Op.SEXT8 -> {
                ir[ib + code[pc + 1]] = (byte) ir[ib + code[pc + 2]];
                pc += 3;
            }
            case Op.SEXT16 -> {
                ir[ib + code[pc + 1]] = (short) ir[ib + code[pc + 2]];
                pc += 3;
            }
            case Op.SEXT32 -> {
                ir[ib + code[pc + 1]] = (int) ir[ib + code[pc + 2]];
                pc += 3;
            }
            case Op.ZEXT8 -> {
                ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] & 0xFFL;
                pc += 3;
            }
            case Op.ZEXT16 -> {
                ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] & 0xFFFFL;
                pc += 3;
            }
            case Op.ZEXT32 -> {
                ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] & U32;
                pc += 3;
            }
            case Op.NEZ -> {
                ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] != 0 ? 1 : 0;
                pc += 3;
            }
            case Op.FNEZ -> {
                ir[ib + code[pc + 1]] = fr[fb + code[pc + 2]] != 0.0 ? 1 : 0;
                pc += 3;
            }
            case Op.LNOT -> {
                ir[ib + code[pc + 1]] = ir[ib + code[pc + 2]] ^ 1;
                pc += 3;
            }
            case Op.FNEG -> {
                fr[fb + code[pc + 1]] = -fr[fb + code[pc + 2]];
                pc += 3;
            }
            case Op.U2F -> {
                fr[fb + code[pc + 1]] = F32.round(Ext.unsignedToFloat(ir[ib + code[pc + 2]]));
                pc += 3;
            }
            case Op.U2D -> {
                fr[fb + code[pc + 1]] = Ext.unsignedToDouble(ir[ib + code[pc + 2]]);
                pc += 3;
            }
            case Op.F2I -> {
                ir[ib + code[pc + 1]] = Ext.fromDouble(code[pc + 3], fr[fb + code[pc + 2]]);
                pc += 4;
            }
            case Op.LD8S, Op.LD8U -> {
                long a = ir[ib + code[pc + 2]] + code[pc + 3];
                Segment s = cache[code[pc + 4]];
                long off = a - s.base;
                if (off < 0 || off >= s.readable) {
                    s = slow(mem, cache, code[pc + 4], a, 1, false);
                    off = a - s.base;
                }
                byte v = s.data[(int) off];
                ir[ib + code[pc + 1]] = code[pc] == Op.LD8S ? v : v & 0xFF;
                pc += 5;
            }
            case Op.LD16S, Op.LD16U -> {
                long a = ir[ib + code[pc + 2]] + code[pc + 3];
                Segment s = cache[code[pc + 4]];
                long off = a - s.base;
                if (off < 0 || off > s.readable - 2 || (a & am2) != 0) {
                    s = slow(mem, cache, code[pc + 4], a, 2, false);
                    off = a - s.base;
                }
                byte[] d = s.data;
                int o = (int) off;
                int v = (d[o] & 0xFF) | d[o + 1] << 8;
                ir[ib + code[pc + 1]] = code[pc] == Op.LD16S ? (short) v : v & 0xFFFF;
                pc += 5;
            }
            case Op.ST8 -> {
                long a = ir[ib + code[pc + 1]] + code[pc + 2];
                Segment s = cache[code[pc + 4]];
                long off = a - s.base;
                if (off < 0 || off >= s.writable) {
                    s = slow(mem, cache, code[pc + 4], a, 1, true);
                    off = a - s.base;
                }
                s.data[(int) off] = (byte) ir[ib + code[pc + 3]];
                pc += 5;
            }
            case Op.ST16 -> {
                long a = ir[ib + code[pc + 1]] + code[pc + 2];
                Segment s = cache[code[pc + 4]];
                long off = a - s.base;
                if (off < 0 || off > s.writable - 2 || (a & am2) != 0) {
                    s = slow(mem, cache, code[pc + 4], a, 2, true);
                    off = a - s.base;
                }
                long v = ir[ib + code[pc + 3]];
                byte[] d = s.data;
                int o = (int) off;
                d[o] = (byte) v;
                d[o + 1] = (byte) (v >> 8);
                pc += 5;
            }
            case Op.COPY -> {
                mem.copy(ir[ib + code[pc + 1]], ir[ib + code[pc + 2]], code[pc + 3]);
                pc += 6;
            }
            case Op.SWITCH -> {
                long v = ir[ib + code[pc + 1]];
                int n = code[pc + 2];
                int target = code[pc + 3];
                for (int i = 0; i < n; i++) {
                    if (k[code[pc + 4 + 2 * i]] == v) {
                        target = code[pc + 5 + 2 * i];
                        break;
                    }
                }
                pc = target;
            }
            case Op.MATH2 -> {
                fr[fb + code[pc + 1]] = MathFn.apply(code[pc + 4], fr[fb + code[pc + 2]], fr[fb + code[pc + 3]], 0);
                pc += 5;
            }
            case Op.MATH3 -> {
                fr[fb + code[pc + 1]] = MathFn.apply(code[pc + 5], fr[fb + code[pc + 2]], fr[fb + code[pc + 3]],
                        fr[fb + code[pc + 4]]);
                pc += 6;
            }

            case Op.TRAP -> throw new VmFault(VmFault.TRAP, 719, c.messages[code[pc + 1]], "");
            default -> throw new VmFault(VmFault.TRAP, 719, "internal error: bad opcode " + code[pc]
                    + " at " + pc + " in " + c.name(), "");
        }
        return pc;
    }

    /**
     * A taken backward branch from {@code from} to {@code header} in host code with a loop
     * compiler: counts it, compiles the loop once it is hot, and runs the compiled loop. Returns the
     * pc to go on at; the budget left is in {@code t.loopBudget}.
     */
    private int backEdge(VmThread t, Code c, int header, int from, long left) {
        t.loopBudget = left;
        LoopCompiler.Loop[] loops = c.loops;
        if (loops == null) {
            loops = c.loops = new LoopCompiler.Loop[c.code.length];
            c.backEdges = new int[c.code.length];
        }
        LoopCompiler.Loop l = loops[header];
        if (l != null && l.retired()) {
            // The hints that retired it are the function's: drop every loop compiled without them;
            // the hot ones come back at their next backward branch.
            Arrays.fill(loops, null);
            l = null;
        }
        if (l == null) {
            if (++c.backEdges[header] < HOT_LOOP) {
                return header;
            }
            l = loopCompiler.compile(c, header, from);
            loops[header] = l = l == null ? REFUSED : l;
        }
        if (l == REFUSED || left <= 0) {
            return header;
        }
        try {
            return l.run(t, t.ir, t.fr, t.ib, t.fb, c.cache);
        } catch (RuntimeException | LinkageError e) {
            // A compiled loop never throws by design; if one does, say so rather than crash.
            throw new VmFault(VmFault.TRAP, 719, "internal error: the loop compiler's code for "
                    + c.name() + " failed: " + e, "");
        }
    }

    private static Segment slow(Memory mem, Segment[] cache, int site, long a, int n, boolean write) {
        Segment s = mem.check(a, n, write);
        cache[site] = s;
        return s;
    }

    /** Integer division and remainder with C's truncation and no Java trap on any operand. */
    static long divide(int op, long a, long b, boolean device) {
        if (b == 0) {
            if (!device) {
                throw new VmFault(VmFault.DIVIDE_BY_ZERO, 0, "integer division by zero", "");
            }
            return switch (op) {
                case Op.DIV_I -> -1;
                case Op.DIV_U -> 0xFFFFFFFFL;
                case Op.DIV_W, Op.DIV_UW -> -1;
                default -> a;
            };
        }
        return switch (op) {
            case Op.DIV_I -> (int) (a / b);
            case Op.DIV_U -> a / b;
            case Op.DIV_W -> b == -1 ? -a : a / b;
            case Op.DIV_UW -> Long.divideUnsigned(a, b);
            case Op.REM_I -> (int) (a % b);
            case Op.REM_U -> a % b;
            case Op.REM_W -> b == -1 ? 0 : a % b;
            default -> Long.remainderUnsigned(a, b);
        };
    }

    /** Shifts; {@code n} is the count as its (normalized) integer value. */
    static long shift(int op, long a, long n, boolean device) {
        int width = op == Op.SHL_W || op == Op.SHR_W || op == Op.SHR_UW ? 64 : 32;
        boolean over = n < 0 || n >= width;
        int s = (int) (n & (width - 1));
        if (device && over) {
            return switch (op) {
                case Op.SHR_I -> a < 0 ? -1 : 0;
                case Op.SHR_W -> a >> 63;
                default -> 0;
            };
        }
        return switch (op) {
            case Op.SHL_I -> (int) (a << s);
            case Op.SHL_U -> (a << s) & U32;
            case Op.SHL_W -> a << s;
            case Op.SHR_I -> a >> s;
            case Op.SHR_U -> a >>> s;
            case Op.SHR_W -> a >> s;
            default -> a >>> s;
        };
    }
}
