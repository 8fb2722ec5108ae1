package webcu.vm;

import static org.objectweb.asm.Opcodes.*;
import static webcu.vm.LoopJit.COMPILED;
import static webcu.vm.LoopJit.MIGHT_WRAP;
import static webcu.vm.LoopJit.PARTLY;
import static webcu.vm.LoopJit.RUN;
import static webcu.vm.LoopJit.SEGMENT;
import static webcu.vm.LoopJit.SELF;
import static webcu.vm.LoopJit.THREAD;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.TreeSet;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * Generates the class of one loop from its analysed region, for {@link LoopJit}: the class and
 * its run method, the VM registers the loop keeps in JVM locals, the entry, the exits and the
 * write-back, the budget charges of counted loops, and small bytecode helpers. Apart from
 * {@link InstructionEmitter}, which translates each VM instruction, so that neither half of the
 * emitter is one file of 1,200 lines; it reaches that half only through {@link #instruction}.
 */
abstract sealed class LoopEmitter permits InstructionEmitter {
    // Locals of run(VmThread t, long[] ir, double[] fr, int ib, int fb, Segment[] cache)
    static final int T = 1, IR = 2, FR = 3, IB = 4, FB = 5, CACHE = 6;
    static final int LEFT = 7, EXIT_PC = 9, MEM = 10, FRAME = 11, ADDR = 13, OFF = 15, SEG = 17, TMP = 18;
    static final int FIRST_FREE = 20;

    final LoopRegion region;
    final boolean unsafe;
    final String className;
    final Code c;
    final int[] code;
    final int header;
    final int end;
    final Label[] labels;
    /** Where a counted loop other than the entry loop starts: its budget charge, before its header. */
    final HashMap<Integer, Label> preheaders = new HashMap<>();
    final HashMap<Integer, Integer> intSlot = new HashMap<>();
    final HashMap<Integer, Integer> floatSlot = new HashMap<>();
    /** Per counted loop (by header): the local holding the bound its charge set. */
    final HashMap<Integer, Integer> boundSlot = new HashMap<>();
    /** Per access site: the first of its locals (base: long, last offset: long, data: byte[]). */
    final HashMap<Integer, Integer> siteSlot = new HashMap<>();
    final HashMap<Integer, Label> exits = new HashMap<>();
    final ArrayList<Runnable> stubs = new ArrayList<>();
    final Label writeBack = new Label();
    MethodVisitor mv;
    /** Bytes of bytecode of run, once generated. */
    int size;

    LoopEmitter(LoopRegion region, boolean unsafe, String className) {
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

    boolean narrow(int r) {
        return region.narrow.get(r);
    }

    boolean single(int r) {
        return region.single.get(r);
    }

    /** Pushes integer register r as a long. */
    void pushL(int r) {
        if (narrow(r)) {
            mv.visitVarInsn(ILOAD, intSlot.get(r));
            mv.visitInsn(I2L);
        } else {
            mv.visitVarInsn(LLOAD, intSlot.get(r));
        }
    }

    /** Pushes the low 32 bits of integer register r as an int. */
    void pushI(int r) {
        if (narrow(r)) {
            mv.visitVarInsn(ILOAD, intSlot.get(r));
        } else {
            mv.visitVarInsn(LLOAD, intSlot.get(r));
            mv.visitInsn(L2I);
        }
    }

    /** Stores the long on the stack into r (one sign-extended from 32 bits when r is narrow). */
    void storeL(int r) {
        if (narrow(r)) {
            mv.visitInsn(L2I);
            mv.visitVarInsn(ISTORE, intSlot.get(r));
        } else {
            mv.visitVarInsn(LSTORE, intSlot.get(r));
        }
    }

    /** Stores the int on the stack into r, sign-extended. */
    void storeI(int r) {
        if (narrow(r)) {
            mv.visitVarInsn(ISTORE, intSlot.get(r));
        } else {
            mv.visitInsn(I2L);
            mv.visitVarInsn(LSTORE, intSlot.get(r));
        }
    }

    /** Pushes float register r as a double. */
    void loadD(int r) {
        if (single(r)) {
            mv.visitVarInsn(FLOAD, floatSlot.get(r));
            mv.visitInsn(F2D);
        } else {
            mv.visitVarInsn(DLOAD, floatSlot.get(r));
        }
    }

    /** Stores the double on the stack, which need not be a float, into float register r. */
    void storeD(int r) {
        if (single(r)) {
            throw new IllegalStateException("a double written to float register " + r);
        }
        mv.visitVarInsn(DSTORE, floatSlot.get(r));
    }

    /** Stores the float on the stack into float register r. */
    void storeF(int r) {
        if (single(r)) {
            mv.visitVarInsn(FSTORE, floatSlot.get(r));
        } else {
            mv.visitInsn(F2D);
            mv.visitVarInsn(DSTORE, floatSlot.get(r));
        }
    }

    void bankIndex(int bank, int base, int r) {
        mv.visitVarInsn(ALOAD, bank);
        mv.visitVarInsn(ILOAD, base);
        push(r);
        mv.visitInsn(IADD);
    }

    /** Loads register r of the int bank into its local (no check). */
    void loadInt(int r) {
        bankIndex(IR, IB, r);
        mv.visitInsn(LALOAD);
        storeL(r);
    }

    void saveInt(int r) {
        bankIndex(IR, IB, r);
        pushL(r);
        mv.visitInsn(LASTORE);
    }

    /** Loads float register r into its local (exactly: a float register holds floats). */
    void loadFloat(int r) {
        bankIndex(FR, FB, r);
        mv.visitInsn(DALOAD);
        if (single(r)) {
            mv.visitInsn(D2F);
            mv.visitVarInsn(FSTORE, floatSlot.get(r));
        } else {
            mv.visitVarInsn(DSTORE, floatSlot.get(r));
        }
    }

    void saveFloat(int r) {
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
    void prologue() {
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
    void charge(LoopRegion.Counted k, Label cannot) {
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
    boolean intBound(LoopRegion.Counted k) {
        return k.boundPc() < 0 ? narrow(k.bound()) : region.givesInt(k.boundPc());
    }

    /**
     * The backward branch of counted loop k: the induction variable against the bound its
     * charge set, then, where the loop stops, a way out to the interpreter at the header when
     * the real bound is not reached (the budget ran out first).
     */
    void countedBranch(int pc, LoopRegion.Counted k) {
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

    void loadBound(LoopRegion.Counted k, int slot) {
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
    void pushBound(LoopRegion.Counted k) {
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
    void loadSite(int site, int n, boolean write) {
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

    static int size(int op) {
        return switch (op) {
            case Op.LD8S, Op.LD8U, Op.ST8 -> 1;
            case Op.LD16S, Op.LD16U, Op.ST16 -> 2;
            case Op.LD32S, Op.LD32U, Op.LDF32, Op.ST32, Op.STF32, Op.LDX32S, Op.LDX32U, Op.LDXF32, Op.STX32,
                    Op.STXF32 -> 4;
            default -> 8;
        };
    }

    static boolean isStore(int op) {
        return op >= Op.ST8 && op <= Op.STF64 || op >= Op.STX32 && op <= Op.STXF64;
    }

    /** A label that leaves the loop for the interpreter at {@code pc}. */
    Label exit(int pc) {
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
    void writeBack() {
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
    Label target(int from, int to) {
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
    Label backTo(int from, int to, Label label) {
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

    void push(int v) {
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
    void bool(int ifOp) {
        Label yes = new Label();
        Label done = new Label();
        mv.visitJumpInsn(ifOp, yes);
        mv.visitInsn(ICONST_0);
        mv.visitJumpInsn(GOTO, done);
        mv.visitLabel(yes);
        mv.visitInsn(ICONST_1);
        mv.visitLabel(done);
    }

    void call(String owner, String name, String desc) {
        mv.visitMethodInsn(INVOKESTATIC, owner, name, desc, false);
    }

    static int icmp(int ifOp) {
        return ifOp - IFEQ + IF_ICMPEQ;
    }

    /**
     * Pushes what the comparison of integer registers a and b needs and gives the opcode that
     * jumps where {@code ifOp} (IFEQ, IFNE, IFLT, IFLE) holds: ints where both are narrow.
     */
    int compare(int a, int b, int ifOp, boolean unsigned) {
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
    int test(int a, int ifOp) {
        if (narrow(a)) {
            pushI(a);
        } else {
            pushL(a);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
        }
        return ifOp;
    }


    /** Emits the JVM code of the VM instruction at {@code pc} ({@link InstructionEmitter}). */
    abstract void instruction(int pc);
}
