package webcu.vm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * The expression half of {@link Translator}: the state both halves share (the code being
 * emitted, its constant pools, labels and spans; each local's register or frame slot; the
 * temporaries), and the translation of expressions, addresses and branch conditions into
 * registers. Apart from Translator because expressions never reach back into statements: the
 * statement half, which owns control flow, calls and launches, builds on this one.
 */
abstract sealed class ExprTranslator permits Translator {
    static final int INT = 0, FLOAT = 1;

    final Program program;
    final Function fn;
    final boolean device;

    int[] code = new int[128];
    int len;
    final ArrayList<Long> longs = new ArrayList<>();
    final ArrayList<Double> doubles = new ArrayList<>();
    int sites;
    final ArrayList<Function> kernels = new ArrayList<>();
    final ArrayList<String> messages = new ArrayList<>();
    final ArrayList<Integer> spanPcs = new ArrayList<>();
    final ArrayList<Span> spans = new ArrayList<>();

    /** Per local id: its register, or -1 when it lives in the frame at offset[id]. */
    final int[] reg;
    final int[] offset;
    int frameSize;
    /**
     * The register that holds the frame's address for the whole call (set at entry), or -1 when
     * no local lives in the frame: a frame local is accessed at an offset from it, one
     * instruction, not a FRAME and then the access (a third of the host loop of a stencil).
     */
    int frameReg = -1;
    int fixedI;
    int fixedF;
    int tempI;
    int tempF;
    int maxI;
    int maxF;
    final int[] paramBank;
    final int[] paramReg;


    /** An address: {@code reg + index * scale + off}, where index is -1 when there is none. */
    record Addr(int reg, int off, int index, int scale) {
        Addr(int reg, int off) {
            this(reg, off, -1, 0);
        }
    }

    static final class Label {
        int pos = -1;
        int[] refs = new int[4];
        int count;
    }

    ExprTranslator(Program program, Function fn) {
        this.program = program;
        this.fn = fn;
        this.device = program.device;
        List<Local> locals = fn.locals();
        reg = new int[locals.size()];
        offset = new int[locals.size()];
        paramBank = new int[fn.params().size()];
        paramReg = new int[fn.params().size()];
        int frame = 0;
        for (Local l : locals) {
            reg[l.id()] = -1;
            offset[l.id()] = -1;
            if (inMemory(l)) {
                int align = Math.max(1, l.type().align());
                frame = (frame + align - 1) / align * align;
                offset[l.id()] = frame;
                frame += Math.max(0, l.type().size());
            }
        }
        frameSize = frame == 0 ? 0 : (frame + 15) & ~15;
        // Parameters arrive in the first registers of their bank, memory-resident ones included.
        for (int k = 0; k < fn.params().size(); k++) {
            Local p = fn.params().get(k);
            int bank = bank(p.type());
            paramBank[k] = bank;
            paramReg[k] = bank == FLOAT ? fixedF++ : fixedI++;
            if (!inMemory(p)) {
                reg[p.id()] = paramReg[k];
            }
        }
        boolean framed = false;
        for (Local l : locals) {
            if (l.id() >= fn.params().size() && !inMemory(l)) {
                reg[l.id()] = bank(l.type()) == FLOAT ? fixedF++ : fixedI++;
            }
            framed |= inMemory(l);
        }
        if (framed) {
            frameReg = fixedI++;
        }
    }

    static final int MAX_CONSTANTS = 64;
    /** Constant value (raw bits for doubles) to the register that holds it for the whole function. */
    final HashMap<Long, Integer> intConstants = new HashMap<>();
    final HashMap<Long, Integer> floatConstants = new HashMap<>();
    final ArrayList<long[]> constantLoads = new ArrayList<>();
    /**
     * Globals whose address loops use, and their registers. Their loads at entry are patched once
     * the body is translated, so that globals still get addresses in the order the code uses them.
     */
    final LinkedHashMap<Global, Integer> globalConstants = new LinkedHashMap<>();

    /** The register preloaded with this constant, or -1. */
    int constantReg(Expr e) {
        if (e instanceof Expr.GlobalAddr g) {
            Integer r = globalConstants.get(g.global());
            if (r == null) {
                return -1;
            }
            // Place the global now, as translating the address would: globals get addresses in the same order.
            program.globalAddress(g.global());
            return r;
        }
        Integer r = switch (e) {
            case Expr.IntConst c -> intConstants.get(c.value());
            case Expr.BoolConst b -> intConstants.get(b.value() ? 1L : 0L);
            case Expr.NullPtr n -> intConstants.get(0L);
            case Expr.FloatConst f -> floatConstants.get(Double.doubleToRawLongBits(f.value()));
            default -> null;
        };
        return r == null ? -1 : r;
    }

    static boolean isAggregate(Type t) {
        return t instanceof Type.Struct || t instanceof Type.Array;
    }

    static boolean inMemory(Local l) {
        return l.addressable() || isAggregate(l.type());
    }

    static int bank(Type t) {
        return t instanceof Type.Float ? FLOAT : INT;
    }

    // ---- emission

    void emit(int... words) {
        for (int w : words) {
            put(w);
        }
    }

    void put(int w) {
        if (len == code.length) {
            int[] bigger = new int[len * 2];
            System.arraycopy(code, 0, bigger, 0, len);
            code = bigger;
        }
        code[len++] = w;
    }

    void mark(Span span) {
        if (!spanPcs.isEmpty() && spanPcs.get(spanPcs.size() - 1) == len) {
            spans.set(spans.size() - 1, span);
        } else {
            spanPcs.add(len);
            spans.add(span);
        }
    }

    int longConst(long v) {
        int i = longs.indexOf(v);
        if (i < 0) {
            longs.add(v);
            i = longs.size() - 1;
        }
        return i;
    }

    int doubleConst(double v) {
        for (int i = 0; i < doubles.size(); i++) {
            if (Double.doubleToRawLongBits(doubles.get(i)) == Double.doubleToRawLongBits(v)) {
                return i;
            }
        }
        doubles.add(v);
        return doubles.size() - 1;
    }

    int site() {
        return sites++;
    }

    int temp(int bank) {
        if (bank == FLOAT) {
            int r = fixedF + tempF++;
            maxF = Math.max(maxF, fixedF + tempF);
            return r;
        }
        int r = fixedI + tempI++;
        maxI = Math.max(maxI, fixedI + tempI);
        return r;
    }

    void resetTemps() {
        tempI = 0;
        tempF = 0;
    }

    void jump(int op, Label l, int... operands) {
        put(op);
        for (int o : operands) {
            put(o);
        }
        if (l.pos >= 0) {
            put(l.pos);
        } else {
            if (l.count == l.refs.length) {
                int[] bigger = new int[l.count * 2];
                System.arraycopy(l.refs, 0, bigger, 0, l.count);
                l.refs = bigger;
            }
            l.refs[l.count++] = len;
            put(-1);
        }
    }

    void bind(Label l) {
        l.pos = len;
        for (int i = 0; i < l.count; i++) {
            code[l.refs[i]] = len;
        }
    }

    void trap(String message) {
        messages.add(message);
        emit(Op.TRAP, messages.size() - 1);
    }

    int operand(Expr e) {
        int r = expr(e);
        return r << 1 | bank(e.type());
    }


    // ---- conditions

    /** Emits a jump to {@code to} taken when {@code cond} evaluates to {@code when}. */
    void condJump(Expr cond, boolean when, Label to) {
        switch (cond) {
            case Expr.BoolConst b -> {
                if (b.value() == when) {
                    jump(Op.JMP, to);
                }
                return;
            }
            case Expr.Unary u when u.op() == UnaryOp.LNOT -> {
                condJump(u.operand(), !when, to);
                return;
            }
            case Expr.Binary b when b.op() == BinaryOp.LAND -> {
                if (when) {
                    Label skip = new Label();
                    condJump(b.left(), false, skip);
                    condJump(b.right(), true, to);
                    bind(skip);
                } else {
                    condJump(b.left(), false, to);
                    condJump(b.right(), false, to);
                }
                return;
            }
            case Expr.Binary b when b.op() == BinaryOp.LOR -> {
                if (when) {
                    condJump(b.left(), true, to);
                    condJump(b.right(), true, to);
                } else {
                    Label skip = new Label();
                    condJump(b.left(), true, skip);
                    condJump(b.right(), false, to);
                    bind(skip);
                }
                return;
            }
            case Expr.Binary b when b.op().isComparison() && !(b.left().type() instanceof Type.Float) -> {
                int l = expr(b.left());
                int r = expr(b.right());
                boolean unsigned = isUnsignedCompare(b.left().type());
                BinaryOp op = when ? b.op() : negate(b.op());
                switch (op) {
                    case EQ -> jump(Op.JEQ, to, l, r);
                    case NE -> jump(Op.JNE, to, l, r);
                    case LT -> jump(unsigned ? Op.JLTU : Op.JLT, to, l, r);
                    case LE -> jump(unsigned ? Op.JLEU : Op.JLE, to, l, r);
                    case GT -> jump(unsigned ? Op.JLTU : Op.JLT, to, r, l);
                    default -> jump(unsigned ? Op.JLEU : Op.JLE, to, r, l);
                }
                return;
            }
            default -> {
            }
        }
        int c = expr(cond);
        jump(when ? Op.JNZ : Op.JZ, to, c);
    }

    static BinaryOp negate(BinaryOp op) {
        return switch (op) {
            case EQ -> BinaryOp.NE;
            case NE -> BinaryOp.EQ;
            case LT -> BinaryOp.GE;
            case LE -> BinaryOp.GT;
            case GT -> BinaryOp.LE;
            default -> BinaryOp.LT;
        };
    }

    static boolean isUnsignedCompare(Type t) {
        // Narrow unsigned values are zero-extended, so a signed compare orders them correctly.
        return t instanceof Type.Ptr || t instanceof Type.Int i && !i.signed() && i.bits() == 64;
    }

    // ---- expressions

    /** A register holding the value of {@code e}: a local's own register when possible. */
    int expr(Expr e) {
        if (e instanceof Expr.LocalGet g && reg[g.local().id()] >= 0) {
            return reg[g.local().id()];
        }
        int k = constantReg(e);
        if (k >= 0) {
            return k;
        }
        int t = temp(isAggregate(e.type()) ? INT : bank(e.type()));
        exprTo(e, t);
        return t;
    }

    /** The address {@code e} computes, as a register and a constant offset folded from field accesses. */
    Addr address(Expr e) {
        switch (e) {
            case Expr.FieldAddr f -> {
                Type.Struct s = (Type.Struct) ((Type.Ptr) f.base().type()).pointee();
                Addr b = address(f.base());
                long off = (long) b.off() + s.fields().get(f.field()).offset();
                if (off == (int) off) {
                    return new Addr(b.reg(), (int) off, b.index(), b.scale());
                }
            }
            case Expr.ElementAddr a -> {
                Addr r = indexed(a.base(), a.index(), ((Type.Array) ((Type.Ptr) a.base().type()).pointee()).element().size());
                if (r != null) {
                    return r;
                }
            }
            case Expr.PtrAdd p -> {
                Addr r = indexed(p.base(), p.index(), scaleOf(p.base().type()));
                if (r != null) {
                    return r;
                }
            }
            case Expr.LocalAddr la when offset[la.local().id()] >= 0 -> {
                return new Addr(frameReg, offset[la.local().id()]);
            }
            default -> {
            }
        }
        return new Addr(expr(e), 0);
    }

    /** {@code base + index * scale} as an address, folding a constant index into the offset; null if it does not fit. */
    Addr indexed(Expr base, Expr index, long scale) {
        if (index instanceof Expr.IntConst c) {
            Addr b = address(base);
            long off = b.off() + c.value() * scale;
            return off == (int) off ? new Addr(b.reg(), (int) off, b.index(), b.scale()) : null;
        }
        if (scale != (int) scale) {
            return null;
        }
        Addr b = materialize(address(base));
        return new Addr(b.reg(), b.off(), expr(index), (int) scale);
    }

    static long scaleOf(Type ptr) {
        Type pointee = ((Type.Ptr) ptr).pointee();
        return pointee instanceof Type.Void ? 1 : pointee.size();
    }

    void exprTo(Expr e, int d) {
        switch (e) {
            case Expr.IntConst c -> constInt(d, c.value());
            case Expr.BoolConst b -> emit(Op.LI, d, b.value() ? 1 : 0);
            case Expr.NullPtr n -> emit(Op.LI, d, 0);
            case Expr.FloatConst f -> emit(Op.FK, d, doubleConst(f.value()));
            case Expr.LocalGet g -> {
                Local l = g.local();
                int r = reg[l.id()];
                if (r >= 0) {
                    if (r != d) {
                        emit(bank(l.type()) == FLOAT ? Op.FMOV : Op.MOV, d, r);
                    }
                } else if (isAggregate(l.type())) {
                    emit(Op.FRAME, d, offset[l.id()]);
                } else {
                    load(d, l.type(), new Addr(frameReg, offset[l.id()]));
                }
            }
            case Expr.LocalAddr a -> {
                if (offset[a.local().id()] >= 0) {
                    emit(Op.FRAME, d, offset[a.local().id()]);
                } else {
                    trap("address of register local " + a.local());
                }
            }
            case Expr.GlobalAddr g -> constInt(d, program.globalAddress(g.global()));
            case Expr.Load l -> {
                if (isAggregate(l.type())) {
                    exprTo(l.address(), d);
                } else {
                    load(d, l.type(), address(l.address()));
                }
            }
            case Expr.Unary u -> unary(u, d);
            case Expr.Binary b -> binary(b, d);
            case Expr.Convert c -> convert(c, d);
            case Expr.PtrAdd p -> lea(d, p.base(), p.index(), scaleOf(p.base().type()));
            case Expr.ElementAddr a -> {
                Type.Array arr = (Type.Array) ((Type.Ptr) a.base().type()).pointee();
                lea(d, a.base(), a.index(), arr.element().size());
            }
            case Expr.FieldAddr f -> {
                Addr a = materialize(address(f));
                if (a.off() == 0) {
                    if (a.reg() != d) {
                        emit(Op.MOV, d, a.reg());
                    }
                } else {
                    emit(Op.ADDI_W, d, a.reg(), a.off());
                }
            }
            case Expr.Fma f -> {
                int a = expr(f.a());
                int b = expr(f.b());
                int c = expr(f.c());
                emit(Op.MATH3, d, a, b, c, MathFn.FMA | (((Type.Float) f.type()).bits() == 32 ? MathFn.SINGLE : 0));
            }
            case Expr.CheckedIndex c -> throw new webcu.diag.InternalCompilerError(
                    "VM: a GPU target's checked index reached the CPU's code");
            case Expr.PureCall c -> throw new webcu.diag.InternalCompilerError(
                    "VM: a GPU target's helper " + c.name() + " reached the CPU's code");
            case Expr.WordLoad w -> throw new webcu.diag.InternalCompilerError("VM: a GPU target's word load reached the CPU's code");
            case Expr.WordAddr w -> throw new webcu.diag.InternalCompilerError("VM: a GPU target's word address reached the CPU's code");
            case Expr.Select s -> {
                Label otherwise = new Label();
                Label end = new Label();
                condJump(s.cond(), false, otherwise);
                exprTo(s.ifTrue(), d);
                jump(Op.JMP, end);
                bind(otherwise);
                exprTo(s.ifFalse(), d);
                bind(end);
            }
            case Expr.BuiltinGet b -> {
                if (device) {
                    emit(Op.BUILTIN, d, b.builtin().ordinal() * 3 + b.component());
                } else {
                    trap(b.builtin().cudaName + " used in host code");
                }
            }
        }
    }

    void constInt(int d, long v) {
        if (v == (int) v) {
            emit(Op.LI, d, (int) v);
        } else {
            emit(Op.LK, d, longConst(v));
        }
    }

    void load(int d, Type t, Addr a) {
        int op = switch (t) {
            case Type.Float f -> f.bits() == 32 ? Op.LDF32 : Op.LDF64;
            case Type.Bool b -> Op.LD8U;
            case Type.Int i -> switch (i.bits()) {
                case 8 -> i.signed() ? Op.LD8S : Op.LD8U;
                case 16 -> i.signed() ? Op.LD16S : Op.LD16U;
                case 32 -> i.signed() ? Op.LD32S : Op.LD32U;
                default -> Op.LD64;
            };
            default -> Op.LD64;
        };
        if (a.index() >= 0) {
            int x = switch (op) {
                case Op.LD32S -> Op.LDX32S;
                case Op.LD32U -> Op.LDX32U;
                case Op.LD64 -> Op.LDX64;
                case Op.LDF32 -> Op.LDXF32;
                case Op.LDF64 -> Op.LDXF64;
                default -> -1;
            };
            if (x >= 0) {
                emit(x, d, a.reg(), a.index(), a.scale(), a.off(), site());
                return;
            }
            a = materialize(a);
        }
        emit(op, d, a.reg(), a.off(), site());
    }

    /** An address without an index: computes {@code reg + index * scale} into a temporary. */
    Addr materialize(Addr a) {
        if (a.index() < 0) {
            return a;
        }
        int t = temp(INT);
        emit(Op.LEA, t, a.reg(), a.index(), a.scale());
        return new Addr(t, a.off());
    }

    void lea(int d, Expr base, Expr index, long scale) {
        int b = expr(base);
        if (index instanceof Expr.IntConst c) {
            long off = c.value() * scale;
            if (off == (int) off) {
                if (off == 0) {
                    if (b != d) {
                        emit(Op.MOV, d, b);
                    }
                } else {
                    emit(Op.ADDI_W, d, b, (int) off);
                }
                return;
            }
        }
        int i = expr(index);
        if (scale == (int) scale) {
            emit(Op.LEA, d, b, i, (int) scale);
        } else {
            int s = temp(INT);
            constInt(s, scale);
            int t = temp(INT);
            emit(Op.MUL_W, t, i, s);
            emit(Op.ADD_W, d, b, t);
        }
    }

    void unary(Expr.Unary u, int d) {
        int a = expr(u.operand());
        switch (u.op()) {
            case LNOT -> emit(Op.LNOT, d, a);
            case NEG -> {
                if (u.type() instanceof Type.Float) {
                    emit(Op.FNEG, d, a);
                } else {
                    emit(Op.NEG_W, d, a);
                    normalize(d, u.type());
                }
            }
            case NOT -> {
                emit(Op.NOT_W, d, a);
                normalize(d, u.type());
            }
        }
    }

    /** Re-normalizes a register after a 64-bit operation on a narrower type. */
    void normalize(int d, Type t) {
        if (t instanceof Type.Int i) {
            int op = switch (i.bits()) {
                case 8 -> i.signed() ? Op.SEXT8 : Op.ZEXT8;
                case 16 -> i.signed() ? Op.SEXT16 : Op.ZEXT16;
                case 32 -> i.signed() ? Op.SEXT32 : Op.ZEXT32;
                default -> -1;
            };
            if (op >= 0) {
                emit(op, d, d);
            }
        }
    }

    void binary(Expr.Binary b, int d) {
        BinaryOp op = b.op();
        if (op.isLogical()) {
            Label otherwise = new Label();
            Label end = new Label();
            condJump(b, false, otherwise);
            emit(Op.LI, d, 1);
            jump(Op.JMP, end);
            bind(otherwise);
            emit(Op.LI, d, 0);
            bind(end);
            return;
        }
        Type lt = b.left().type();
        if (op.isComparison()) {
            int l = expr(b.left());
            int r = expr(b.right());
            if (lt instanceof Type.Float) {
                switch (op) {
                    case EQ -> emit(Op.FEQ, d, l, r);
                    case NE -> emit(Op.FNE, d, l, r);
                    case LT -> emit(Op.FLT, d, l, r);
                    case LE -> emit(Op.FLE, d, l, r);
                    case GT -> emit(Op.FLT, d, r, l);
                    default -> emit(Op.FLE, d, r, l);
                }
            } else {
                boolean u = isUnsignedCompare(lt);
                switch (op) {
                    case EQ -> emit(Op.EQ, d, l, r);
                    case NE -> emit(Op.NE, d, l, r);
                    case LT -> emit(u ? Op.LTU : Op.LT, d, l, r);
                    case LE -> emit(u ? Op.LEU : Op.LE, d, l, r);
                    case GT -> emit(u ? Op.LTU : Op.LT, d, r, l);
                    default -> emit(u ? Op.LEU : Op.LE, d, r, l);
                }
            }
            return;
        }
        Type t = b.type();
        if (t instanceof Type.Float f) {
            boolean s = f.bits() == 32;
            int l = expr(b.left());
            int r = expr(b.right());
            int o = switch (op) {
                case ADD -> s ? Op.FADDS : Op.FADD;
                case SUB -> s ? Op.FSUBS : Op.FSUB;
                case MUL -> s ? Op.FMULS : Op.FMUL;
                case DIV -> s ? Op.FDIVS : Op.FDIV;
                default -> -1;
            };
            if (o < 0) {
                trap("operator " + op.symbol + " on floating-point values");
                return;
            }
            emit(o, d, l, r);
            return;
        }
        if (t instanceof Type.Bool) {
            int l = expr(b.left());
            int r = expr(b.right());
            emit(op == BinaryOp.AND ? Op.AND : op == BinaryOp.OR ? Op.OR : Op.XOR, d, l, r);
            return;
        }
        Type.Int it = t instanceof Type.Int i ? i : Type.U64;
        boolean wide = it.bits() == 64;
        boolean signed = it.signed();
        int l = expr(b.left());
        if ((op == BinaryOp.ADD || op == BinaryOp.SUB) && b.right() instanceof Expr.IntConst c) {
            long v = op == BinaryOp.ADD ? c.value() : -c.value();
            if (v == (int) v && (wide || it.bits() == 32)) {
                emit(wide ? Op.ADDI_W : signed ? Op.ADDI_I : Op.ADDI_U, d, l, (int) v);
                return;
            }
        }
        int r = expr(b.right());
        int o = switch (op) {
            case ADD -> wide ? Op.ADD_W : signed ? Op.ADD_I : Op.ADD_U;
            case SUB -> wide ? Op.SUB_W : signed ? Op.SUB_I : Op.SUB_U;
            case MUL -> wide ? Op.MUL_W : signed ? Op.MUL_I : Op.MUL_U;
            case DIV -> wide ? (signed ? Op.DIV_W : Op.DIV_UW) : signed ? Op.DIV_I : Op.DIV_U;
            case REM -> wide ? (signed ? Op.REM_W : Op.REM_UW) : signed ? Op.REM_I : Op.REM_U;
            case AND -> Op.AND;
            case OR -> Op.OR;
            case XOR -> Op.XOR;
            case SHL -> wide ? Op.SHL_W : signed ? Op.SHL_I : Op.SHL_U;
            default -> wide ? (signed ? Op.SHR_W : Op.SHR_UW) : signed ? Op.SHR_I : Op.SHR_U;
        };
        emit(o, d, l, r);
        if (it.bits() < 32) {
            // 8- and 16-bit arithmetic ran in 32 bits; wrap to the narrow type.
            normalize(d, it);
        }
    }

    void convert(Expr.Convert c, int d) {
        Type to = c.type();
        Type from = c.value().type();
        int a = expr(c.value());
        if (from instanceof Type.Float ff) {
            switch (to) {
                case Type.Float tf -> {
                    if (tf.bits() == 32 && ff.bits() == 64) {
                        emit(Op.D2F, d, a);
                    } else if (a != d) {
                        emit(Op.FMOV, d, a);
                    }
                }
                case Type.Bool b -> emit(Op.FNEZ, d, a);
                default -> emit(Op.F2I, d, a, Ext.of(to));
            }
            return;
        }
        if (to instanceof Type.Float tf) {
            boolean u64 = from instanceof Type.Int fi && !fi.signed() && fi.bits() == 64;
            if (tf.bits() == 32) {
                emit(u64 ? Op.U2F : Op.I2F, d, a);
            } else {
                emit(u64 ? Op.U2D : Op.I2D, d, a);
            }
            return;
        }
        if (to instanceof Type.Bool) {
            if (from instanceof Type.Bool) {
                move(d, a);
            } else {
                emit(Op.NEZ, d, a);
            }
            return;
        }
        // Integer, pointer and bool sources all hold normalized 64-bit values.
        if (to instanceof Type.Int ti && ti.bits() < 64 && !fitsWithout(from, ti)) {
            normalizeFrom(d, a, ti);
        } else {
            move(d, a);
        }
    }

    void move(int d, int a) {
        if (d != a) {
            emit(Op.MOV, d, a);
        }
    }

    /** True when every value of {@code from} is already a normalized value of {@code to}. */
    static boolean fitsWithout(Type from, Type.Int to) {
        if (from instanceof Type.Bool) {
            return true;
        }
        if (from instanceof Type.Int f) {
            if (f.bits() == to.bits() && f.signed() == to.signed()) {
                return true;
            }
            return f.bits() < to.bits() && (!f.signed() || to.signed());
        }
        return false;
    }

    void normalizeFrom(int d, int a, Type.Int t) {
        int op = switch (t.bits()) {
            case 8 -> t.signed() ? Op.SEXT8 : Op.ZEXT8;
            case 16 -> t.signed() ? Op.SEXT16 : Op.ZEXT16;
            default -> t.signed() ? Op.SEXT32 : Op.ZEXT32;
        };
        emit(op, d, a);
    }
}
