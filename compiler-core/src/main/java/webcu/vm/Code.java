package webcu.vm;

import java.util.Arrays;
import webcu.diag.Span;
import webcu.ir.Function;

/**
 * One function compiled to VM bytecode: the instructions, the constant pools, the register window
 * sizes, the layout of its memory frame (addressable locals and struct values), where its
 * parameters arrive, a per-access-site segment cache and a pc-to-span table for reports.
 */
final class Code {
    static final Segment NO_SEGMENT = noSegment();

    final Function function;
    final int[] code;
    final long[] longs;
    final double[] doubles;
    /** The last segment each load/store site touched; checked before the slow lookup. */
    final Segment[] cache;
    final int intRegs;
    final int floatRegs;
    /** Bytes of the memory frame (0: the function needs none). */
    final int frameSize;
    /** For parameter k: 1 if it arrives in the float bank, else 0; and its register. */
    final int[] paramBank;
    final int[] paramReg;
    /** Statement start pcs (ascending) and their spans. */
    final int[] spanPcs;
    final Span[] spans;
    /** Kernels named by LAUNCH instructions, and messages of TRAP instructions. */
    final Function[] kernels;
    final String[] messages;
    final String frameLabel;
    /** Host functions with a loop compiler: taken backward branches per target pc, and the compiled loops by header. */
    int[] backEdges;
    LoopCompiler.Loop[] loops;
    /** What the loop compiler's speculations found wrong in this function (JVM only). */
    LoopHints loopHints;

    Code(Function function, int[] code, long[] longs, double[] doubles, int sites, int intRegs, int floatRegs,
         int frameSize, int[] paramBank, int[] paramReg, int[] spanPcs, Span[] spans, Function[] kernels,
         String[] messages) {
        this.function = function;
        this.code = code;
        this.longs = longs;
        this.doubles = doubles;
        this.cache = new Segment[Math.max(1, sites)];
        Arrays.fill(cache, NO_SEGMENT);
        this.intRegs = intRegs;
        this.floatRegs = floatRegs;
        this.frameSize = frameSize;
        this.paramBank = paramBank;
        this.paramReg = paramReg;
        this.spanPcs = spanPcs;
        this.spans = spans;
        this.kernels = kernels;
        this.messages = messages;
        this.frameLabel = "local variables of " + function.name();
    }

    private static Segment noSegment() {
        Segment s = new Segment(0, 0, new byte[0], Segment.HEAP, "none", null, true);
        s.markFreed();
        return s;
    }

    String name() {
        return function.name();
    }

    /** The span of the statement whose code contains {@code pc}. */
    Span spanAt(int pc) {
        int lo = 0;
        int hi = spanPcs.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (spanPcs[mid] <= pc) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? function.span() : spans[found];
    }

    /** The start of the instruction that ends just before {@code end} (a call's return pc). */
    int instructionEndingAt(int end) {
        int lo = 0;
        int hi = spanPcs.length - 1;
        int pc = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (spanPcs[mid] < end) {
                pc = spanPcs[mid];
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        while (pc + Op.length(code, pc) < end) {
            pc += Op.length(code, pc);
        }
        return pc;
    }

    /** A listing of the bytecode, one instruction per line, for tests and debugging. */
    @Override
    public String toString() {
        return function.name() + ": iregs=" + intRegs + " fregs=" + floatRegs + " frame=" + frameSize + '\n'
                + listing(0, code.length);
    }

    /** The instructions from {@code from} up to {@code to}, one per line. */
    String listing(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int pc = 0; pc < to; pc += Op.length(code, pc)) {
            if (pc < from) {
                continue;
            }
            int len = Op.length(code, pc);
            sb.append(pc).append(": ").append(Op.NAMES[code[pc]]);
            for (int i = 1; i < len; i++) {
                sb.append(i == 1 ? " " : ", ").append(code[pc + i]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
