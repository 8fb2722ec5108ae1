package webcu.vm;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.runtime.Completion;

/**
 * The explicit state of one VM thread: register banks, the current function's pc and register
 * windows, a stack of saved frames, and what it waits for. Nothing lives on the Java stack between
 * {@link Interpreter#run} calls, so the host program can stop at a blocking call and a device
 * thread at a barrier, and either resumes later where it stopped.
 *
 * <p>Native functions see their call through this object: {@link #argI}, {@link #argF},
 * {@link #returnI}, {@link #returnF}, and {@link #block} to wait for a device completion.
 */
public final class VmThread {
    /** Called once the completion a native call blocked on is done, to deliver its result. */
    public interface Resume {
        void run(VmThread t);
    }

    static final int MAX_DEPTH = 100_000;

    final Memory mem;
    /** This thread's stack slot in {@link #mem}. */
    final int slot;

    long[] ir = new long[64];
    double[] fr = new double[32];

    Code code;
    int pc;
    int ib;
    int fb;
    long frameAddr;
    Segment frameSeg;

    Code[] savedCode = new Code[16];
    int[] savedPc = new int[16];
    int[] savedIb = new int[16];
    int[] savedFb = new int[16];
    int[] savedDst = new int[16];
    long[] savedFrameAddr = new long[16];
    Segment[] savedFrameSeg = new Segment[16];
    int depth;

    /** threadIdx, blockIdx, blockDim, gridDim: x, y, z each. */
    final int[] builtins = new int[12];

    // The native call in progress: where its argument operands start, how many, where its result goes.
    int argPc;
    int nargs;
    int resultOperand = -1;
    int resultExt;

    /** The instruction budget left, passed to and from a compiled loop (see {@link LoopCompiler.Loop#run}). */
    long loopBudget;

    Completion waitFor;
    Resume onResume;

    /** main's return value, or the value a kernel thread's entry function returned. */
    long returnValue;
    /** The float or double an entry function returned. */
    double returnValueF;
    int exitStatus;
    VmFault fault;
    boolean done;

    VmThread(Memory mem, int slot) {
        this.mem = mem;
        this.slot = slot;
    }

    public Memory memory() {
        return mem;
    }

    /** Makes the thread ready to run {@code c} from its start; set the parameters next. */
    void start(Code c) {
        depth = 0;
        done = false;
        fault = null;
        waitFor = null;
        onResume = null;
        mem.resetStack(slot);
        code = c;
        pc = 0;
        ib = 0;
        fb = 0;
        ensureInt(c.intRegs);
        ensureFloat(c.floatRegs);
        frameSeg = null;
        frameAddr = 0;
        if (c.frameSize > 0) {
            frameSeg = mem.pushFrame(slot, c.frameSize, c.frameLabel);
            if (frameSeg == null) {
                throw new VmFault(VmFault.STACK_OVERFLOW, 701, "stack overflow",
                        "the local variables of " + c.name() + " do not fit in the thread's stack");
            }
            frameAddr = frameSeg.base;
        }
    }

    /** Sets parameter {@code k} of the function just started. */
    void setParam(int k, long v) {
        ir[code.paramReg[k]] = v;
    }

    void setParamF(int k, double v) {
        fr[code.paramReg[k]] = v;
    }

    long[] ensureInt(int n) {
        if (n > ir.length) {
            long[] bigger = new long[Math.max(n, ir.length * 2)];
            System.arraycopy(ir, 0, bigger, 0, ir.length);
            ir = bigger;
        }
        return ir;
    }

    double[] ensureFloat(int n) {
        if (n > fr.length) {
            double[] bigger = new double[Math.max(n, fr.length * 2)];
            System.arraycopy(fr, 0, bigger, 0, fr.length);
            fr = bigger;
        }
        return fr;
    }

    void growFrames() {
        int n = savedCode.length * 2;
        savedCode = java.util.Arrays.copyOf(savedCode, n);
        savedPc = java.util.Arrays.copyOf(savedPc, n);
        savedIb = java.util.Arrays.copyOf(savedIb, n);
        savedFb = java.util.Arrays.copyOf(savedFb, n);
        savedDst = java.util.Arrays.copyOf(savedDst, n);
        savedFrameAddr = java.util.Arrays.copyOf(savedFrameAddr, n);
        savedFrameSeg = java.util.Arrays.copyOf(savedFrameSeg, n);
    }

    // ---- the native call interface

    public int argCount() {
        return nargs;
    }

    public boolean isFloatArg(int k) {
        return (code.code[argPc + k] & 1) != 0;
    }

    /** Argument {@code k} from the integer bank (integers, bools, pointers). */
    public long argI(int k) {
        int op = code.code[argPc + k];
        return (op & 1) == 0 ? ir[ib + (op >> 1)] : (long) fr[fb + (op >> 1)];
    }

    /** Argument {@code k} from the float bank (float and double). */
    public double argF(int k) {
        int op = code.code[argPc + k];
        return (op & 1) != 0 ? fr[fb + (op >> 1)] : (double) ir[ib + (op >> 1)];
    }

    public void returnI(long v) {
        if (resultOperand < 0) {
            return;
        }
        if ((resultOperand & 1) == 0) {
            ir[ib + (resultOperand >> 1)] = Ext.normalize(resultExt, v);
        } else {
            fr[fb + (resultOperand >> 1)] = resultExt == Ext.F32 ? (double) (float) v : (double) v;
        }
    }

    public void returnF(double v) {
        if (resultOperand < 0) {
            return;
        }
        if ((resultOperand & 1) != 0) {
            fr[fb + (resultOperand >> 1)] = resultExt == Ext.F32 ? (double) (float) v : v;
        } else {
            ir[ib + (resultOperand >> 1)] = Ext.fromDouble(resultExt, v);
        }
    }

    /**
     * Makes the current native call wait for {@code c}; {@code then} delivers the result once it is
     * done. The native returns {@link NativeLibrary#BLOCK} afterwards.
     */
    public void block(Completion c, Resume then) {
        waitFor = c;
        onResume = then;
    }

    public void setExitStatus(int status) {
        exitStatus = status;
    }

    /** The span of the statement being executed (a native call's call site). */
    public Span span() {
        return code == null ? Span.NONE : code.spanAt(pc);
    }

    public String functionName() {
        return code == null ? "?" : code.name();
    }

    /** threadIdx (0–2), blockIdx (3–5), blockDim (6–8), gridDim (9–11). */
    public int builtin(int i) {
        return builtins[i];
    }

    /**
     * The arguments past the named parameters of the call that entered the current function, as
     * va_start sees them: one 8-byte slot each, integers and pointers as values, floating-point
     * ones as the bits of a double (C promotes float arguments of a variadic call to double).
     */
    long[] variadicArguments() {
        if (depth == 0) {
            return new long[0];
        }
        Code caller = savedCode[depth - 1];
        int at = caller.instructionEndingAt(savedPc[depth - 1]);
        if (caller.code[at] != Op.CALL) {
            return new long[0];
        }
        int n = caller.code[at + 3];
        int named = code.paramBank.length;
        long[] slots = new long[Math.max(0, n - named)];
        for (int i = named; i < n; i++) {
            int a = caller.code[at + 4 + i];
            slots[i - named] = (a & 1) == 0 ? ir[savedIb[depth - 1] + (a >> 1)]
                    : Double.doubleToRawLongBits(fr[savedFb[depth - 1] + (a >> 1)]);
        }
        return slots;
    }

    /** The active frames, innermost first: function name and span of the statement running in it. */
    public List<String> backtrace() {
        List<String> out = new ArrayList<>();
        if (code == null) {
            return out;
        }
        out.add(code.name() + " (" + code.spanAt(pc) + ")");
        for (int i = depth - 1; i >= 0; i--) {
            Code c = savedCode[i];
            // The saved pc is the instruction after the call; the call itself is just before it.
            out.add(c.name() + " (" + c.spanAt(Math.max(0, savedPc[i] - 1)) + ")");
        }
        return out;
    }
}
