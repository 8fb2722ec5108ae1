package webcu.vm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * What the loop compiler learns about a region of host VM code before generating anything: the
 * registers and access sites it uses, which integer registers can live in JVM ints and which float
 * registers in JVM floats, which registers matter on entry, and its counted loops.
 *
 * <p>The region is a loop nest. The loop that got hot (the entry loop) is compiled together with
 * the loops around it, as far out as they hold only instructions the compiler handles: the
 * compiled method is entered at the entry loop's header and runs until the outermost loop ends,
 * in one call, which is what HotSpot compiles best (one method, on-stack replacement into its
 * long-running loop) and what keeps an outer loop from running its inner loop through calls.
 *
 * <p>Integer registers hold 64-bit values; most hold C {@code int}s, kept sign-extended. A register
 * every write in the region leaves sign-extended ({@code _I} arithmetic, 32-bit signed loads,
 * comparisons, small constants…) is held in a JVM {@code int}, so that HotSpot sees {@code int}
 * arithmetic and {@code int} induction variables; one that is only read in the region is, if every
 * read takes an {@code int} as well as a {@code long}. Its value on entry is checked; a failed check
 * is recorded in {@link LoopHints} and the loop is compiled again without that speculation.
 *
 * <p>A counted loop steps one {@code int} register by a constant, once per iteration, and leaves
 * when it passes a bound that is the same in every iteration. When such a loop starts, the number
 * of iterations is known, so the instruction budget is lowered once for all of them (or for as many
 * as it covers: the loop then stops there and leaves for the interpreter) and its backward branch
 * needs no check: HotSpot then compiles it as a counted loop (unrolled, without safepoint polls in
 * every iteration).
 */
final class LoopRegion {
    /**
     * A counted loop: the backward branch at {@code branch} to {@code header} is taken while
     * {@code iv} (stepped by {@code step} at {@code stepPc}) is below {@code bound} (above, for a
     * negative step), or equal to it when {@code inclusive}; {@code cost} is the budget of one
     * iteration. {@code boundPc} is the instruction that recomputes the bound in every iteration
     * (the same value each time), or -1 when the loop does not write it.
     */
    record Counted(int header, int branch, int stepPc, int iv, int bound, int boundPc, int step, boolean inclusive,
            int cost) {}

    final Code c;
    final int[] code;
    /** The loops of the nest, innermost (the entry loop) first, as {header, end}. */
    final List<int[]> nest;
    /** Where the compiled method is entered: the entry loop's header. */
    final int entry;
    /** The outermost loop's header and end: the region. */
    final int header;
    final int end;
    final LoopHints hints;
    /** Instruction starts, in order. */
    final int[] pcs;
    /** Integer and float registers the region uses, in order. */
    final TreeSet<Integer> ints = new TreeSet<>();
    final TreeSet<Integer> floats = new TreeSet<>();
    final BitSet intWritten = new BitSet();
    final BitSet floatWritten = new BitSet();
    /** Access sites, in order. */
    final TreeSet<Integer> sites = new TreeSet<>();
    /** Integer registers held in JVM ints. */
    final BitSet narrow = new BitSet();
    /** Float registers held in JVM floats. */
    final BitSet single = new BitSet();
    /** Registers whose value on entry can matter (int r as 2r, float r as 2r + 1). */
    BitSet liveIn;
    /** Counted loops of the region, by header. */
    final TreeMap<Integer, Counted> counted = new TreeMap<>();
    /** Why the region cannot be compiled, or null. */
    String refusal;

    /** Per instruction (by pc - header): the registers it reads and writes (int r as 2r, float r as 2r + 1). */
    private final BitSet[] uses;
    private final BitSet[] defs;
    private final BitSet jumpTargets = new BitSet();

    /** The region of the loops {@code nest} (innermost first, each inside the next, see {@link #enclosing}). */
    LoopRegion(Code c, List<int[]> nest, LoopHints hints) {
        this.c = c;
        this.code = c.code;
        this.nest = List.copyOf(nest);
        this.entry = nest.get(0)[0];
        this.header = nest.get(nest.size() - 1)[0];
        this.end = nest.get(nest.size() - 1)[1];
        this.hints = hints;
        ArrayList<Integer> list = new ArrayList<>();
        for (int pc = header; pc < end; pc += Op.length(code, pc)) {
            list.add(pc);
        }
        this.pcs = list.stream().mapToInt(Integer::intValue).toArray();
        this.uses = new BitSet[end - header];
        this.defs = new BitSet[end - header];
    }

    /** Analyses the region; false (with {@link #refusal}) when it holds an instruction not compiled. */
    boolean analyse() {
        for (int pc : pcs) {
            uses[pc - header] = new BitSet();
            defs[pc - header] = new BitSet();
            if (!scan(pc)) {
                refusal = "no " + Op.NAMES[code[pc]] + " at " + pc;
                return false;
            }
            int t = target(pc);
            if (t >= 0) {
                jumpTargets.set(t);
            }
        }
        typeFloats();
        typeInts();
        findCounted();
        liveness();
        return true;
    }

    // ---- registers and sites each instruction uses

    private void use(int pc, int bankedReg, boolean write) {
        (write ? defs : uses)[pc - header].set(bankedReg);
    }

    private void useI(int pc, int r, boolean write) {
        use(pc, 2 * r, write);
        ints.add(r);
        if (write) {
            intWritten.set(r);
        }
    }

    private void useF(int pc, int r, boolean write) {
        use(pc, 2 * r + 1, write);
        floats.add(r);
        if (write) {
            floatWritten.set(r);
        }
    }

    private boolean scan(int pc) {
        int op = code[pc];
        int a = arg(pc, 1);
        int b = arg(pc, 2);
        int d3 = arg(pc, 3);
        switch (op) {
            case Op.NOP, Op.JMP -> {
            }
            case Op.MOV -> {
                useI(pc, a, true);
                useI(pc, b, false);
            }
            case Op.FMOV -> {
                useF(pc, a, true);
                useF(pc, b, false);
            }
            case Op.LI, Op.LK, Op.FRAME -> useI(pc, a, true);
            case Op.FK -> useF(pc, a, true);
            case Op.NOT_W, Op.NEG_W, Op.SEXT8, Op.SEXT16, Op.SEXT32, Op.ZEXT8, Op.ZEXT16, Op.ZEXT32, Op.NEZ,
                    Op.LNOT, Op.ADDI_I, Op.ADDI_U, Op.ADDI_W -> {
                useI(pc, a, true);
                useI(pc, b, false);
            }
            case Op.FNEZ, Op.F2I -> {
                useI(pc, a, true);
                useF(pc, b, false);
            }
            case Op.EQ, Op.NE, Op.LT, Op.LE, Op.LTU, Op.LEU, Op.LEA -> {
                useI(pc, a, true);
                useI(pc, b, false);
                useI(pc, d3, false);
            }
            case Op.FEQ, Op.FNE, Op.FLT, Op.FLE -> {
                useI(pc, a, true);
                useF(pc, b, false);
                useF(pc, d3, false);
            }
            case Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV, Op.FADDS, Op.FSUBS, Op.FMULS, Op.FDIVS, Op.MATH2 -> {
                useF(pc, a, true);
                useF(pc, b, false);
                useF(pc, d3, false);
            }
            case Op.MATH3 -> {
                useF(pc, a, true);
                useF(pc, b, false);
                useF(pc, d3, false);
                useF(pc, code[pc + 4], false);
            }
            case Op.FNEG, Op.D2F, Op.MATH1 -> {
                useF(pc, a, true);
                useF(pc, b, false);
            }
            case Op.I2F, Op.I2D, Op.U2F, Op.U2D -> {
                useF(pc, a, true);
                useI(pc, b, false);
            }
            case Op.LD8S, Op.LD8U, Op.LD16S, Op.LD16U, Op.LD32S, Op.LD32U, Op.LD64 -> {
                useI(pc, a, true);
                useI(pc, b, false);
                sites.add(code[pc + 4]);
            }
            case Op.LDF32, Op.LDF64 -> {
                useF(pc, a, true);
                useI(pc, b, false);
                sites.add(code[pc + 4]);
            }
            case Op.ST8, Op.ST16, Op.ST32, Op.ST64 -> {
                useI(pc, a, false);
                useI(pc, d3, false);
                sites.add(code[pc + 4]);
            }
            case Op.STF32, Op.STF64 -> {
                useI(pc, a, false);
                useF(pc, d3, false);
                sites.add(code[pc + 4]);
            }
            case Op.LDX32S, Op.LDX32U, Op.LDX64 -> {
                useI(pc, a, true);
                useI(pc, b, false);
                useI(pc, d3, false);
                sites.add(code[pc + 6]);
            }
            case Op.LDXF32, Op.LDXF64 -> {
                useF(pc, a, true);
                useI(pc, b, false);
                useI(pc, d3, false);
                sites.add(code[pc + 6]);
            }
            case Op.STX32, Op.STX64 -> {
                useI(pc, a, false);
                useI(pc, b, false);
                useI(pc, code[pc + 5], false);
                sites.add(code[pc + 6]);
            }
            case Op.STXF32, Op.STXF64 -> {
                useI(pc, a, false);
                useI(pc, b, false);
                useF(pc, code[pc + 5], false);
                sites.add(code[pc + 6]);
            }
            case Op.JZ, Op.JNZ -> useI(pc, a, false);
            case Op.JEQ, Op.JNE, Op.JLT, Op.JLE, Op.JLTU, Op.JLEU -> {
                useI(pc, a, false);
                useI(pc, b, false);
            }
            default -> {
                if (op >= Op.ADD_I && op <= Op.SHR_UW) {
                    useI(pc, a, true);
                    useI(pc, b, false);
                    useI(pc, d3, false);
                } else {
                    return false;
                }
            }
        }
        return true;
    }

    private int arg(int pc, int i) {
        return pc + i < code.length ? code[pc + i] : 0;
    }

    /** The branch target of the instruction at pc, or -1. */
    int target(int pc) {
        return branchTarget(code, pc);
    }

    /** The access site of the instruction at pc, or -1. */
    int siteOf(int pc) {
        int op = code[pc];
        if (op >= Op.LD8S && op <= Op.STF64) {
            return code[pc + 4];
        }
        if (op >= Op.LDX32S && op <= Op.STXF64) {
            return code[pc + 6];
        }
        return -1;
    }

    // ---- the nest

    /**
     * The loop from {@code header} to {@code end} (the end of its backward branch) and the loops
     * around it, innermost first: each the smallest loop of the function that holds the one
     * before, as long as it is entered only at its header.
     */
    static List<int[]> enclosing(Code c, int header, int end) {
        int[] code = c.code;
        ArrayList<int[]> branches = new ArrayList<>();
        for (int pc = 0; pc < code.length; pc += Op.length(code, pc)) {
            int t = branchTarget(code, pc);
            if (t >= 0) {
                branches.add(new int[] {pc, t});
            }
        }
        ArrayList<int[]> nest = new ArrayList<>();
        nest.add(new int[] {header, end});
        while (true) {
            int[] inner = nest.get(nest.size() - 1);
            int[] best = null;
            for (int[] b : branches) {
                int h = b[1];
                int e = b[0] + Op.length(code, b[0]);
                boolean holds = h <= inner[0] && e >= inner[1] && (h < inner[0] || e > inner[1]) && h <= b[0];
                if (holds && (best == null || h > best[0] || h == best[0] && e < best[1])) {
                    best = new int[] {h, e};
                }
            }
            if (best == null) {
                return nest;
            }
            for (int[] b : branches) {
                boolean outside = b[0] < best[0] || b[0] >= best[1];
                if (outside && b[1] > best[0] && b[1] < best[1]) {
                    return nest;
                }
            }
            nest.add(best);
        }
    }

    static int branchTarget(int[] code, int pc) {
        return switch (code[pc]) {
            case Op.JMP -> code[pc + 1];
            case Op.JZ, Op.JNZ -> code[pc + 2];
            case Op.JEQ, Op.JNE, Op.JLT, Op.JLE, Op.JLTU, Op.JLEU -> code[pc + 3];
            default -> -1;
        };
    }

    // ---- float registers that hold floats

    /**
     * Picks the float registers to keep as JVM floats, so that single-precision arithmetic is one
     * float operation rather than a double one and two conversions: those whose every write in the
     * loop gives a float (single-precision arithmetic, float loads and conversions, float constants,
     * moves from such registers) and that single-precision operations use or the loop writes. The
     * same float results follow: the sum, difference, product or quotient of two floats computed in
     * double and rounded to float is the float operation's result (double has more than twice
     * float's precision plus two bits).
     */
    private void typeFloats() {
        BitSet floatUse = new BitSet();
        BitSet doubleUse = new BitSet();
        for (int pc : pcs) {
            int op = code[pc];
            if (op >= Op.FADDS && op <= Op.FDIVS) {
                floatUse.set(code[pc + 2]);
                floatUse.set(code[pc + 3]);
            } else if (op >= Op.FADD && op <= Op.FDIV) {
                doubleUse.set(code[pc + 2]);
                doubleUse.set(code[pc + 3]);
            } else if (op == Op.STF32) {
                floatUse.set(code[pc + 3]);
            } else if (op == Op.STXF32) {
                floatUse.set(code[pc + 5]);
            } else if (op == Op.STF64) {
                doubleUse.set(code[pc + 3]);
            } else if (op == Op.STXF64) {
                doubleUse.set(code[pc + 5]);
            }
        }
        for (int r : floats) {
            if (!hints.doubleFloats.get(r) && (floatWritten.get(r) || floatUse.get(r) && !doubleUse.get(r))) {
                single.set(r);
            }
        }
        keepWhereEveryWriteGives(single, 1, this::givesFloat);
    }

    /**
     * Takes out of {@code kept} (registers of the bank, 0 for ints, 1 for floats) every register
     * some instruction of the region writes with what {@code gives} says it may not hold, until none
     * is left to take out (whether an instruction gives may depend on what is kept).
     */
    private void keepWhereEveryWriteGives(BitSet kept, int bank, IntPredicate gives) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int pc : pcs) {
                int d = written(pc, bank);
                if (d >= 0 && kept.get(d) && !gives.test(pc)) {
                    kept.clear(d);
                    changed = true;
                }
            }
        }
    }

    /** The register of the bank (0 ints, 1 floats) the instruction at pc writes, or -1: an instruction writes one register at most. */
    private int written(int pc, int bank) {
        BitSet d = defs[pc - header];
        int bit = d.nextSetBit(0);
        return bit >= 0 && bit % 2 == bank ? bit / 2 : -1;
    }

    private boolean givesFloat(int pc) {
        return switch (code[pc]) {
            case Op.FADDS, Op.FSUBS, Op.FMULS, Op.FDIVS, Op.I2F, Op.U2F, Op.D2F, Op.LDF32, Op.LDXF32 -> true;
            case Op.FK -> {
                double v = c.doubles[code[pc + 2]];
                yield (double) (float) v == v || v != v;
            }
            case Op.FMOV -> single.get(code[pc + 2]);
            default -> false;
        };
    }

    // ---- integer registers that hold ints

    /**
     * Picks the integer registers to keep as JVM ints: those every write in the region leaves
     * sign-extended from 32 bits, given the others so picked, and, of those the region only reads,
     * the ones every read of which can take an int.
     */
    private void typeInts() {
        for (int r : ints) {
            if (!hints.wideInts.get(r) && (intWritten.get(r) || readsTakeInt(r))) {
                narrow.set(r);
            }
        }
        keepWhereEveryWriteGives(narrow, 0, this::givesInt);
    }

    /**
     * True when the instruction at pc writes a value sign-extended from 32 bits, given the
     * registers held in ints so far.
     */
    boolean givesInt(int pc) {
        int op = code[pc];
        return switch (op) {
            case Op.LI, Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.DIV_I, Op.REM_I, Op.SHL_I, Op.ADDI_I, Op.SEXT8, Op.SEXT16,
                    Op.SEXT32, Op.ZEXT8, Op.ZEXT16, Op.NEZ, Op.FNEZ, Op.EQ, Op.NE, Op.LT, Op.LE, Op.LTU, Op.LEU,
                    Op.FEQ, Op.FNE, Op.FLT, Op.FLE, Op.LD8S, Op.LD8U, Op.LD16S, Op.LD16U, Op.LD32S, Op.LDX32S -> true;
            case Op.LK -> c.longs[code[pc + 2]] == (int) c.longs[code[pc + 2]];
            // x >> n, ~x and x ^ 1 stay sign-extended when x is
            case Op.MOV, Op.SHR_I, Op.NOT_W, Op.LNOT -> narrow.get(code[pc + 2]);
            case Op.AND, Op.OR, Op.XOR -> narrow.get(code[pc + 2]) && narrow.get(code[pc + 3]);
            case Op.F2I -> switch (code[pc + 3]) {
                case Ext.S8, Ext.U8, Ext.S16, Ext.U16, Ext.S32, Ext.BOOL -> true;
                default -> false;
            };
            default -> false;
        };
    }

    /** True when every read of r in the region can take an int (no address or 64-bit arithmetic). */
    private boolean readsTakeInt(int r) {
        for (int pc : pcs) {
            if (uses[pc - header].get(2 * r) && !readTakesInt(pc, r)) {
                return false;
            }
        }
        return true;
    }

    private boolean readTakesInt(int pc, int r) {
        int op = code[pc];
        return switch (op) {
            case Op.MOV, Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.DIV_I, Op.REM_I, Op.SHL_I, Op.SHR_I, Op.ADDI_I, Op.AND,
                    Op.OR, Op.XOR, Op.EQ, Op.NE, Op.LT, Op.LE, Op.LTU, Op.LEU, Op.JZ, Op.JNZ, Op.JEQ, Op.JNE,
                    Op.JLT, Op.JLE, Op.JLTU, Op.JLEU, Op.NEZ, Op.LNOT, Op.SEXT8, Op.SEXT16, Op.SEXT32, Op.ZEXT8,
                    Op.ZEXT16, Op.I2F, Op.I2D -> true;
            // the value or the index of an access, never its base
            case Op.ST8, Op.ST16, Op.ST32, Op.STX32 -> code[pc + 1] != r;
            case Op.LDX32S, Op.LDX32U, Op.LDX64, Op.LDXF32, Op.LDXF64, Op.LEA -> code[pc + 2] != r;
            case Op.STX64, Op.STXF32, Op.STXF64 -> code[pc + 1] != r && code[pc + 5] != r;
            default -> false;
        };
    }

    // ---- counted loops

    /** Finds the counted loops among the loops of the region. */
    private void findCounted() {
        for (int pc : pcs) {
            int h = target(pc);
            if (h < header || h > pc || hints.uncounted.get(h)) {
                continue;
            }
            Counted k = countedAt(pc, h);
            if (k != null) {
                counted.put(h, k);
            }
        }
    }

    private Counted countedAt(int branch, int h) {
        int op = code[branch];
        if (op != Op.JLT && op != Op.JLE) {
            return null;
        }
        int end = branch + Op.length(code, branch);
        int left = code[branch + 1];
        int right = code[branch + 2];
        // one backward branch to h, and the loop entered only at h
        for (int q : pcs) {
            int t = target(q);
            boolean inside = q >= h && q < end;
            if (t == h && inside && q != branch || !inside && t > h && t < end) {
                return null;
            }
        }
        for (int iv : new int[] {left, right}) {
            int bound = iv == left ? right : left;
            if (iv == bound || !narrow.get(iv)) {
                continue;
            }
            int stepPc = -1;
            int boundPc = -1;
            boolean bad = false;
            for (int q : pcs) {
                if (q < h || q >= end) {
                    continue;
                }
                BitSet d = defs[q - header];
                if (d.get(2 * bound)) {
                    boundPc = q;
                }
                if (d.get(2 * iv)) {
                    bad |= stepPc >= 0 || code[q] != Op.ADDI_I || code[q + 2] != iv;
                    stepPc = q;
                }
            }
            if (bad || stepPc < 0 || !runsEveryIteration(stepPc, branch)) {
                continue;
            }
            int step = code[stepPc + 3];
            // up while iv < bound, down while bound < iv
            if (step == 0 || step > 0 != (iv == left)) {
                continue;
            }
            // A bound the loop writes must get the same value before every test: its last write
            // runs every iteration and computes it from registers the loop does not write
            // (i < n * n, recomputed each time).
            if (boundPc >= 0 && !(runsEveryIteration(boundPc, branch) && invariant(boundPc, h, end))) {
                continue;
            }
            return new Counted(h, branch, stepPc, iv, bound, boundPc, step, op == Op.JLE, instructions(h, branch));
        }
        return null;
    }

    /** The instructions from {@code from} to the one at {@code last}, both counted: what one iteration of a loop costs. */
    int instructions(int from, int last) {
        int n = 0;
        for (int q = from; q <= last; q += Op.length(code, q)) {
            n++;
        }
        return n;
    }

    /** True when the instruction at pc runs in every iteration that reaches the branch: nothing after it up to the branch is jumped into or jumps. */
    private boolean runsEveryIteration(int pc, int branch) {
        for (int q = pc + Op.length(code, pc); q <= branch; q += Op.length(code, q)) {
            if (jumpTargets.get(q) || q < branch && target(q) >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when the instruction at pc computes the same value every time in the loop from h to
     * end: a constant, or a move, add, subtract, multiply or sign extension of registers the loop
     * does not write (what the compiled loop can compute again before the loop starts).
     */
    private boolean invariant(int pc, int h, int end) {
        int op = code[pc];
        int[] operands = switch (op) {
            case Op.LI, Op.LK -> new int[0];
            case Op.MOV, Op.ADDI_I, Op.ADDI_W, Op.SEXT32 -> new int[] {code[pc + 2]};
            case Op.ADD_I, Op.SUB_I, Op.MUL_I, Op.ADD_W, Op.SUB_W, Op.MUL_W -> new int[] {code[pc + 2], code[pc + 3]};
            default -> null;
        };
        if (operands == null) {
            return false;
        }
        for (int q : pcs) {
            if (q >= h && q < end) {
                for (int r : operands) {
                    if (defs[q - header].get(2 * r)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    // ---- liveness: which registers' values on entry matter

    /**
     * Computes {@link #liveIn}: the registers some path from the header reads before writing.
     * Leaving the loop for the interpreter counts as reading every register (the interpreter goes
     * on with the banks), except at an instruction that faults (the interpreter runs it again and
     * stops the program there), so a register outside liveIn is written on every way out that goes
     * on: it is neither loaded nor checked at entry.
     */
    private void liveness() {
        BitSet all = new BitSet();
        for (int r : ints) {
            all.set(2 * r);
        }
        for (int r : floats) {
            all.set(2 * r + 1);
        }
        BitSet[] in = new BitSet[end - header];
        for (int pc : pcs) {
            in[pc - header] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = pcs.length - 1; i >= 0; i--) {
                int pc = pcs[i];
                int op = code[pc];
                int next = pc + Op.length(code, pc);
                BitSet out = new BitSet();
                int target = target(pc);
                if (op != Op.JMP) {
                    flow(out, in, all, next);
                }
                if (target >= 0) {
                    flow(out, in, all, target);
                    if (target <= pc) {
                        out.or(all); // the budget can run out here (a counted loop's charge may cover only part)
                    }
                }
                out.andNot(defs[pc - header]);
                out.or(uses[pc - header]);
                int site = siteOf(pc);
                if (counted.containsKey(pc) && pc != entry || site >= 0 && !hints.followedSites.get(site)) {
                    // a counted loop that cannot start here and an access outside its site's
                    // segment leave for the interpreter
                    out.or(all);
                }
                if (!out.equals(in[pc - header])) {
                    in[pc - header] = out;
                    changed = true;
                }
            }
        }
        liveIn = in[entry - header];
    }

    private void flow(BitSet out, BitSet[] in, BitSet all, int to) {
        if (to < header || to >= end) {
            out.or(all);
        } else {
            out.or(in[to - header]);
        }
    }
}
