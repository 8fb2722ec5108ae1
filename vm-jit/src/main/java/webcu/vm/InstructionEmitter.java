package webcu.vm;

import static org.objectweb.asm.Opcodes.*;
import static webcu.vm.LoopJit.BYTES_BASE;
import static webcu.vm.LoopJit.COMPILED;
import static webcu.vm.LoopJit.SEGMENT;
import static webcu.vm.LoopJit.SELF;
import static webcu.vm.LoopJit.UNSAFE_CLASS;

import org.objectweb.asm.Label;

/**
 * The instruction half of {@link LoopEmitter}: the JVM code of each VM instruction of the loop
 * (arithmetic, comparisons, conversions, branches, math functions) and the memory accesses with
 * the interpreter's segment checks, through Unsafe or VarHandles.
 */
final class InstructionEmitter extends LoopEmitter {
    InstructionEmitter(LoopRegion region, boolean unsafe, String className) {
        super(region, unsafe, className);
    }

    @Override
    void instruction(int pc) {
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
