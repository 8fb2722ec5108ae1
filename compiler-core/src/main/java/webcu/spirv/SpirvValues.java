package webcu.spirv;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Global;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;
import webcu.passes.Intrinsics;
import webcu.spirv.SpirvTypes.Unsupported;

/**
 * The expressions, memory accesses and calls of one kernel: each IR expression becomes the id of
 * its value, of the plain SPIR-V type of its IR type. Addresses are resolved, as the WGSL writer
 * resolves MemoryModel's canonical forms, into a {@link Place} (a variable and an access chain) or
 * a {@link WordPlace} (a word access, as {@code WordAccesses} made it, into a u32 view: a word
 * binding or the dynamic shared memory).
 */
final class SpirvValues {
    /** __syncthreads and fences: AcquireRelease on uniform (buffer) and workgroup memory. */
    static final int BARRIER_SEMANTICS = 0x8 | 0x40 | 0x100;
    /** __syncthreads in a kernel whose threads cannot talk through buffers: AcquireRelease on workgroup memory. */
    static final int WORKGROUP_BARRIER_SEMANTICS = 0x8 | 0x100;

    private final KernelWriter kw;
    private final SpirvModule m;
    private final SpirvTypes types;
    boolean usesDynamicShared;

    /** {@link SpirvWriter#fusedFma()}. */
    boolean fusedFma() {
        return kw.w.fusedFma();
    }

    /** {@link SpirvWriter#warpSubgroups()}. */
    boolean warpSubgroups() {
        return kw.w.warpSubgroups();
    }

    SpirvValues(KernelWriter kw) {
        this.kw = kw;
        this.m = kw.m;
        this.types = kw.types;
    }

    private SpirvModule.Function f() {
        return kw.f;
    }

    /** A variable and the indices of an access chain into it; {@code held} is the IR type there. */
    record Place(int base, List<Integer> indices, Type held, String storageClass, boolean laidOut, boolean atomic) {
        Place index(int i, Type element) {
            List<Integer> more = new ArrayList<>(indices);
            more.add(i);
            return new Place(base, more, element, storageClass, laidOut, atomic);
        }
    }

    /**
     * A {@code type} at byte {@code byteIndex} (a u32 id) of the u32 array reached by {@code prefix}
     * from {@code base}, its first word {@code word} (a u32 id: checked for bounds and alignment in a
     * binding).
     */
    record WordPlace(int base, List<Integer> prefix, int byteIndex, Type type, String storageClass, boolean atomic,
                     int word) {
    }

    // ---------------------------------------------------------------- expressions

    int value(Expr e) {
        return switch (e) {
            case Expr.IntConst c -> types.wide(c.type()) ? SpirvWideInts.constant(this, c.value()) : intConst(c.type(), c.value());
            case Expr.FloatConst c -> c.type().bits() == 32 ? m.constantF32((float) c.value())
                    : m.constant(types.plain(c.type()), (int) Double.doubleToRawLongBits(c.value()),
                    (int) (Double.doubleToRawLongBits(c.value()) >>> 32));
            case Expr.BoolConst c -> m.constantBool(c.value());
            case Expr.LocalGet g -> {
                Integer var = kw.vars.get(g.local());
                if (var == null) {
                    throw new Unsupported("pointer values ('" + g.local().name() + "')");
                }
                yield f().value("OpLoad", types.value(g.local().type()), var);
            }
            case Expr.Load l -> load(resolve(l.address(), false), l.type());
            case Expr.Unary u -> unary(u);
            case Expr.Binary b -> binary(b);
            case Expr.Convert c -> convert(value(c.value()), c.value().type(), c.type());
            case Expr.Select s -> {
                int cond = value(s.cond());
                if (SpirvWriter.readsMemory(s.ifTrue()) || SpirvWriter.readsMemory(s.ifFalse())) {
                    yield branchValue(cond, s.ifTrue(), s.ifFalse(), s.type());
                }
                yield f().value("OpSelect", types.value(s.type()), cond, value(s.ifTrue()), value(s.ifFalse()));
            }
            case Expr.Fma x -> x.type().equals(Type.F64) ? SpirvDoubleOps.fma(this, value(x.a()), value(x.b()), value(x.c()))
                    : SpirvDoubleOps.fmaf(this, value(x.a()), value(x.b()), value(x.c()));
            case Expr.CheckedIndex c -> checked(c);
            case Expr.WordLoad w -> SpirvWords.load(this, wordPlace(w.words(), w.byteIndex(), w.word(), w.type(), false), w.type());
            case Expr.PureCall c -> throw new webcu.diag.InternalCompilerError("SPIR-V writer: WGSL's helper " + c.name()
                    + " reached it");
            case Expr.BuiltinGet b -> builtin(b);
            default -> throw new Unsupported("pointer values");
        };
    }

    int intConst(Type.Int t, long v) {
        int type = types.plain(t);
        return t.bits() == 64 ? m.constant(type, (int) v, (int) (v >>> 32)) : m.constant(type, (int) v);
    }

    private int builtin(Expr.BuiltinGet b) {
        int c = b.component();
        return switch (b.builtin()) {
            case BLOCK_DIM -> kw.w.blockDim(c);
            // a spec constant, 1 unless the device folds the launch's grid (SpirvProgram.SPEC_GRID_SLICES)
            case GRID_SLICES -> kw.w.gridSlices();
            case GRID_DIM -> {
                int ptr = f().value("OpAccessChain", m.typePointer("Uniform", types.u32()), kw.uniformVar, m.constantU32(0),
                        m.constantU32(c));
                yield f().value("OpLoad", types.u32(), ptr);
            }
            default -> {
                int var = kw.w.builtin(b.builtin());
                kw.used.add(var);
                yield f().value("OpCompositeExtract", types.u32(), f().value("OpLoad", types.v3u32(), var), c);
            }
        };
    }

    /** {@code cond ? a : b} evaluating only the chosen operand: a selection meeting in an OpPhi. */
    private int branchValue(int cond, Expr a, Expr b, Type t) {
        int then = m.id();
        int otherwise = m.id();
        int merge = m.id();
        f().op("OpSelectionMerge", merge, SpirvModule.enumValue("SelectionControl", "None"));
        f().op("OpBranchConditional", cond, then, otherwise);
        kw.label(then);
        int va = value(a);
        int endA = kw.currentLabel();
        kw.branch(merge);
        kw.label(otherwise);
        int vb = value(b);
        int endB = kw.currentLabel();
        kw.branch(merge);
        kw.label(merge);
        return f().value("OpPhi", types.value(t), va, endA, vb, endB);
    }

    private int unary(Expr.Unary u) {
        int x = value(u.operand());
        if (types.wide(u.type()) && u.op() != webcu.ir.UnaryOp.LNOT) {
            return u.op() == webcu.ir.UnaryOp.NEG
                    ? SpirvWideInts.binary(this, BinaryOp.SUB, SpirvWideInts.constant(this, 0), x, (Type.Int) u.type())
                    : f().value("OpNot", types.value(u.type()), x);
        }
        int t = types.plain(u.type());
        return switch (u.op()) {
            case NEG -> f().value(u.type() instanceof Type.Float ? "OpFNegate" : "OpSNegate", t, x);
            case NOT -> f().value("OpNot", t, x);
            case LNOT -> f().value("OpLogicalNot", t, x);
        };
    }

    private int binary(Expr.Binary b) {
        BinaryOp op = b.op();
        if (op == BinaryOp.LAND) {
            return branchValue(value(b.left()), b.right(), new Expr.BoolConst(false), Type.BOOL);
        }
        if (op == BinaryOp.LOR) {
            return branchValue(value(b.left()), new Expr.BoolConst(true), b.right(), Type.BOOL);
        }
        Type lt = b.left().type();
        if (lt instanceof Type.Ptr || b.right().type() instanceof Type.Ptr) {
            throw new Unsupported("pointer comparisons and arithmetic on pointer values");
        }
        if (types.wide(lt) || types.wide(b.right().type()) || types.wide(b.type())) {
            Type.Int wt = (Type.Int) (op.isComparison() ? (types.wide(lt) ? lt : b.right().type()) : b.type());
            int l = convert(value(b.left()), lt, wt);
            int r = convert(value(b.right()), b.right().type(), wt);
            return SpirvWideInts.binary(this, op, l, r, wt);
        }
        if (op.isComparison()) {
            int l = value(b.left());
            int r = convert(value(b.right()), b.right().type(), lt);
            return f().value(comparison(op, lt), types.bool(), l, r);
        }
        Type t = b.type();
        int l = convert(value(b.left()), lt, t);
        int r = convert(value(b.right()), b.right().type(), t);
        int rt = types.plain(t);
        if (t instanceof Type.Bool) {
            return f().value(switch (op) {
                case AND -> "OpLogicalAnd";
                case OR -> "OpLogicalOr";
                case XOR -> "OpLogicalNotEqual";
                default -> throw new Unsupported("'" + op.symbol + "' on bool");
            }, rt, l, r);
        }
        if (t instanceof Type.Float) {
            String name = switch (op) {
                case ADD -> "OpFAdd";
                case SUB -> "OpFSub";
                case MUL -> "OpFMul";
                case DIV -> "OpFDiv";
                case REM -> "OpFRem";
                default -> throw new Unsupported("'" + op.symbol + "' on floating point");
            };
            int v = f().value(name, rt, l, r);
            if (op == BinaryOp.ADD || op == BinaryOp.SUB || op == BinaryOp.MUL) {
                m.decorate(v, "NoContraction");
            }
            return v;
        }
        boolean signed = ((Type.Int) t).signed();
        if (op == BinaryOp.REM && signed) {
            // Vulkan's SPIR-V environment leaves OpSRem (and OpSMod) undefined for a negative operand
            // unless VK_KHR_maintenance8 is on, and NVIDIA's driver takes that latitude: -3 % 3 gave 1,
            // the unsigned remainder (H200, driver 580.159.04). C's remainder from the quotient instead:
            // OpSDiv truncates toward zero for any signs, so a - (a / b) * b has the dividend's sign.
            int q = f().value("OpSDiv", rt, l, r);
            return f().value("OpISub", rt, l, f().value("OpIMul", rt, q, r));
        }
        String name = switch (op) {
            case ADD -> "OpIAdd";
            case SUB -> "OpISub";
            case MUL -> "OpIMul";
            case DIV -> signed ? "OpSDiv" : "OpUDiv";
            case REM -> "OpUMod";
            case AND -> "OpBitwiseAnd";
            case OR -> "OpBitwiseOr";
            case XOR -> "OpBitwiseXor";
            case SHL -> "OpShiftLeftLogical";
            case SHR -> signed ? "OpShiftRightArithmetic" : "OpShiftRightLogical";
            default -> throw new Unsupported("'" + op.symbol + "'");
        };
        return f().value(name, rt, l, r);
    }

    private static String comparison(BinaryOp op, Type t) {
        if (t instanceof Type.Bool) {
            return switch (op) {
                case EQ -> "OpLogicalEqual";
                case NE -> "OpLogicalNotEqual";
                default -> throw new Unsupported("ordering comparisons of bool");
            };
        }
        if (t instanceof Type.Float) {
            return switch (op) {
                case EQ -> "OpFOrdEqual";
                case NE -> "OpFUnordNotEqual"; // NaN != x holds in C
                case LT -> "OpFOrdLessThan";
                case LE -> "OpFOrdLessThanEqual";
                case GT -> "OpFOrdGreaterThan";
                default -> "OpFOrdGreaterThanEqual";
            };
        }
        boolean s = ((Type.Int) t).signed();
        return switch (op) {
            case EQ -> "OpIEqual";
            case NE -> "OpINotEqual";
            case LT -> s ? "OpSLessThan" : "OpULessThan";
            case LE -> s ? "OpSLessThanEqual" : "OpULessThanEqual";
            case GT -> s ? "OpSGreaterThan" : "OpUGreaterThan";
            default -> s ? "OpSGreaterThanEqual" : "OpUGreaterThanEqual";
        };
    }

    /** C's conversion of the value {@code v} of IR type {@code from} to {@code to}. */
    int convert(int v, Type from, Type to) {
        if (from.equals(to)) {
            return v;
        }
        if (types.wide(from) || types.wide(to)) {
            return SpirvWideInts.convert(this, v, from, to);
        }
        int rt = types.plain(to);
        return switch (to) {
            case Type.Bool b -> switch (from) {
                case Type.Int i -> f().value("OpINotEqual", rt, v, intConst(i, 0));
                case Type.Float x -> f().value("OpFUnordNotEqual", rt, v, value(new Expr.FloatConst(x, 0)));
                default -> throw new Unsupported("conversion of '" + from + "' to bool");
            };
            case Type.Int ti -> switch (from) {
                case Type.Bool b -> f().value("OpSelect", rt, v, intConst(ti, 1), intConst(ti, 0));
                case Type.Float x -> floatToInt(v, x, ti);
                case Type.Int fi -> intToInt(v, fi, ti);
                default -> throw new Unsupported("conversion of pointers to integers");
            };
            case Type.Float tf -> switch (from) {
                case Type.Bool b -> f().value("OpSelect", rt, v, value(new Expr.FloatConst(tf, 1)), value(new Expr.FloatConst(tf, 0)));
                case Type.Int fi -> f().value(fi.signed() ? "OpConvertSToF" : "OpConvertUToF", rt, v);
                case Type.Float x -> f().value("OpFConvert", rt, v);
                default -> throw new Unsupported("conversion of pointers to floating point");
            };
            default -> throw new Unsupported("conversion of '" + from + "' to '" + to + "'");
        };
    }

    /**
     * Float to integer as CUDA's {@code cvt.rzi} does it: toward zero, saturating at the integer's
     * range, NaN to 0 (SPIR-V leaves an out-of-range conversion's value undefined). 8- and 16-bit
     * results are the 32-bit result's low bits.
     */
    private int floatToInt(int v, Type.Float from, Type.Int to) {
        Type.Int wide = to.bits() == 64 ? (to.signed() ? Type.I64 : Type.U64) : (to.signed() ? Type.I32 : Type.U32);
        int bits = wide.bits();
        double limit = to.signed() ? Math.scalb(1.0, bits - 1) : Math.scalb(1.0, bits); // the first value out of range
        double below = from.bits() == 32 ? Math.nextDown((float) limit) : Math.nextDown(limit);
        double low = to.signed() ? -limit : 0;
        int ft = types.plain(from);
        int clamped = f().ext(ft, "FClamp", v, value(new Expr.FloatConst(from, low)), value(new Expr.FloatConst(from, below)));
        int wt = types.plain(wide);
        int r = f().value(wide.signed() ? "OpConvertFToS" : "OpConvertFToU", wt, clamped);
        long max = to.signed() ? (bits == 64 ? Long.MAX_VALUE : Integer.MAX_VALUE) : (bits == 64 ? -1L : 0xFFFFFFFFL);
        int high = f().value("OpFOrdGreaterThanEqual", types.bool(), v, value(new Expr.FloatConst(from, limit)));
        r = f().value("OpSelect", wt, high, intConst(wide, max), r);
        r = f().value("OpSelect", wt, f().value("OpIsNan", types.bool(), v), intConst(wide, 0), r);
        return intToInt(r, wide, to);
    }

    private int intToInt(int v, Type.Int from, Type.Int to) {
        if (from.equals(to)) {
            return v;
        }
        if (from.bits() == to.bits()) {
            return f().value("OpBitcast", types.plain(to), v);
        }
        if (from.signed()) {
            return f().value("OpSConvert", types.plain(to), v); // sign-extends or truncates, into either signedness
        }
        // OpUConvert's result must be unsigned
        int u = f().value("OpUConvert", types.integer(to.bits(), false, false), v);
        return to.signed() ? f().value("OpBitcast", types.plain(to), u) : u;
    }

    /** The bits of {@code v} (IR type {@code from}) as {@code to}, of the same size. */
    int bitcast(int v, Type from, Type to) {
        if (from.equals(to) || types.wide(from) && types.wide(to)) {
            return v;
        }
        if (types.wide(from) || types.wide(to)) {
            return f().value("OpBitcast", types.value(to), v); // a double's bits (Float64 without Int64)
        }
        if (!Type.isScalar(from) || !Type.isScalar(to) || from instanceof Type.Bool || to instanceof Type.Bool
                || from.size() != to.size()) {
            throw new Unsupported("memory read or written as '" + to + "' where it holds '" + from + "'");
        }
        return f().value("OpBitcast", types.plain(to), v);
    }

    /** An index as a 32-bit integer: Vulkan's access chains index with 32 bits. */
    int index32(Expr e) {
        int v = value(e);
        Type.Int t = (Type.Int) e.type();
        return t.bits() == 32 ? v : convert(v, t, t.signed() ? Type.I32 : Type.U32);
    }

    int u32(Expr e) {
        int v = value(e);
        return convert(v, e.type(), Type.U32);
    }

    // ---------------------------------------------------------------- memory

    /**
     * The place {@code a} addresses; {@code write} says which kind of fault a bounds check reports
     * (an out-of-bounds index reads or writes element 0 instead, as on the WGSL target).
     */
    Object resolve(Expr a, boolean write) {
        return switch (a) {
            case Expr.WordAddr w -> wordPlace(w.words(), w.byteIndex(), w.word(), w.type().pointee(), write);
            case Expr.Convert c -> {
                Object inner = resolve(c.value(), write);
                Type outer = ((Type.Ptr) c.type()).pointee();
                if (inner instanceof WordPlace wp && Type.isScalar(outer) && outer.size() == wp.type().size()) {
                    yield new WordPlace(wp.base(), wp.prefix(), wp.byteIndex(), outer, wp.storageClass(), wp.atomic(),
                            wp.word());
                }
                yield inner; // a reinterpreted place: loads and stores bitcast between the two types
            }
            case Expr.PtrAdd pa -> {
                KernelWriter.Buffer b = buffer(pa.base());
                if (b == null || b.words()) {
                    throw new Unsupported("pointer arithmetic outside a buffer");
                }
                int index = u32(pa.index());
                yield new Place(b.var(), List.of(m.constantU32(0), index), b.element(), "StorageBuffer", true, b.atomic());
            }
            case Expr.LocalAddr l -> {
                Integer var = kw.vars.get(l.local());
                if (var == null) {
                    throw new Unsupported("the address of '" + l.local().name() + "'");
                }
                yield new Place(var, List.of(), l.local().type(), "Function", false, false);
            }
            case Expr.GlobalAddr g -> global(g.global());
            case Expr.ElementAddr e -> {
                Place p = place(resolve(e.base(), write));
                yield p.index(index32(e.index()), ((Type.Array) p.held()).element());
            }
            case Expr.FieldAddr fa -> {
                Place p = place(resolve(fa.base(), write));
                Type.Struct s = (Type.Struct) p.held();
                yield p.index(m.constantU32(fa.field()), s.fields().get(fa.field()).type());
            }
            default -> throw new Unsupported("this kind of pointer expression");
        };
    }

    /** A word access's operands: the byte index computed once, the word index from it where it is its word. */
    private WordPlace wordPlace(Expr words, Expr byteIndex, Expr word, Type t, boolean write) {
        KernelWriter.Buffer b = buffer(words);
        if (b == null || !b.words()) {
            throw new webcu.diag.InternalCompilerError("SPIR-V writer: word access into " + webcu.ir.IrPrinter.expr(words)
                    + ", which is not a word view");
        }
        int bi = u32(byteIndex);
        if (b.var() == kw.allocationTable) {
            // a physical pointer, always checked (the proof that turns checks off covers bindings, not this)
            Expr.CheckedIndex ci = word instanceof Expr.CheckedIndex c && c.index() == byteIndex ? c : null;
            int site = ci != null ? ci.site() : kw.w.site(write ? DebugBuffer.OOB_WRITE : DebugBuffer.OOB_READ);
            int kind = ci != null ? kind(ci) : write ? DebugBuffer.OOB_WRITE : DebugBuffer.OOB_READ;
            int size = ci != null ? ci.bytes() : t instanceof Type.Bool ? 1 : t.size();
            return SpirvPhysical.place(this, kw, bi, t, size, b.atomic(), site, kind);
        }
        int wi;
        if (word instanceof Expr.CheckedIndex ci && ci.index() == byteIndex) {
            wi = checkedWord(checkedBuffer(ci).var(), bi, ci.bytes(), ci);
        } else if (word instanceof Expr.Binary sh && sh.op() == BinaryOp.SHR && sh.left() == byteIndex
                && sh.right() instanceof Expr.IntConst two && two.value() == 2) {
            wi = f().value("OpShiftRightLogical", types.u32(), bi, m.constantU32(2));
        } else {
            wi = u32(word);
        }
        return new WordPlace(b.var(), b.prefixed() ? List.of(m.constantU32(0)) : List.of(), bi, t, b.storageClass(), b.atomic(), wi);
    }

    /** Notes the invocation's first bad access ({@code site << 3 | kind}) unless one is noted already. */
    void note(int bad, int code) {
        int u32 = types.u32();
        int bool = types.bool();
        int old = f().value("OpLoad", u32, kw.oob);
        int first = f().value("OpLogicalAnd", bool, bad, f().value("OpIEqual", bool, old, m.constantU32(0)));
        f().op("OpStore", kw.oob, f().value("OpSelect", u32, first, code, old));
    }

    /**
     * A checked index ({@code CheckedAccesses} made it): into a buffer's elements, the index or
     * element 0 when out of bounds; a word access's word, the word or word 0.
     */
    private int checked(Expr.CheckedIndex c) {
        if (c.bytes() != 0) {
            return checkedWord(checkedBuffer(c).var(), u32(c.index()), c.bytes(), c);
        }
        int i = u32(c.index());
        int n = f().value("OpArrayLength", types.u32(), checkedBuffer(c).var(), 0);
        // the spec constant is false where the runtime proved the launch in bounds: the driver folds the check away
        int bad = f().value("OpLogicalAnd", types.bool(), kw.w.checks(), f().value("OpUGreaterThanEqual", types.bool(), i, n));
        note(bad, m.constantU32(c.site() << 3 | kind(c)));
        return f().value("OpSelect", types.u32(), bad, m.constantU32(0), i);
    }

    /**
     * The word index of a {@code size}-byte access at {@code byteIndex} of the u32 runtime array of
     * {@code var}: checked for bounds and alignment (a misaligned access reports
     * {@link DebugBuffer#MISALIGNED}); word 0 when bad.
     */
    private int checkedWord(int var, int byteIndex, int size, Expr.CheckedIndex c) {
        int kind = kind(c);
        int u32 = types.u32();
        int bool = types.bool();
        int n = f().value("OpArrayLength", u32, var, 0);
        int misaligned = f().value("OpINotEqual", bool, f().value("OpBitwiseAnd", u32, byteIndex,
                m.constantU32(Math.min(size, 4) - 1)), m.constantU32(0));
        int word = f().value("OpShiftRightLogical", u32, byteIndex, m.constantU32(2));
        int last = size > 4 ? f().value("OpIAdd", u32, word, m.constantU32(1)) : word;
        int outside = f().value("OpUGreaterThanEqual", bool, last, n);
        int site = c.site();
        int code = f().value("OpSelect", u32, misaligned, m.constantU32(site << 3 | DebugBuffer.MISALIGNED),
                m.constantU32(site << 3 | kind));
        int bad = f().value("OpLogicalOr", bool, misaligned, outside);
        note(bad, code);
        return f().value("OpSelect", u32, bad, m.constantU32(0), word);
    }

    private KernelWriter.Buffer checkedBuffer(Expr.CheckedIndex c) {
        KernelWriter.Buffer b = buffer(c.array());
        if (b == null || !b.prefixed()) {
            throw new webcu.diag.InternalCompilerError("SPIR-V writer: checked index into "
                    + webcu.ir.IrPrinter.expr(c.array()) + ", which is not a storage buffer");
        }
        return b;
    }

    private static int kind(Expr.CheckedIndex c) {
        return c.write() ? DebugBuffer.OOB_WRITE : DebugBuffer.OOB_READ;
    }

    /**
     * A pointer to the u64 at word {@code word} (checked) of word place {@code wp}, through the
     * binding's u64 view: a byte index that is not a multiple of 8 is reported as misaligned
     * ({@link DebugBuffer#MISALIGNED}) and reaches element 0 instead.
     */
    int widePointer(WordPlace wp) {
        int u32 = types.u32();
        int word = wp.word();
        int bad = f().value("OpINotEqual", types.bool(), f().value("OpBitwiseAnd", u32, wp.byteIndex(), m.constantU32(7)),
                m.constantU32(0));
        note(bad, m.constantU32(kw.w.site(DebugBuffer.OOB_WRITE) << 3 | DebugBuffer.MISALIGNED));
        if (wp.storageClass().equals("PhysicalStorageBuffer")) {
            // a misaligned one goes to the sink's word 0 instead, as a bad access does (SpirvPhysical)
            int sink = SpirvPhysical.sink(kw);
            int address = f().value("OpSelect", types.plain(Type.U64), bad, sink, wp.base());
            return SpirvPhysical.pointer(kw, types.laidOut(Type.U64), address);
        }
        int index = f().value("OpSelect", u32, bad, m.constantU32(0), f().value("OpShiftRightLogical", u32, word, m.constantU32(1)));
        return f().value("OpAccessChain", m.typePointer("StorageBuffer", types.laidOut(Type.U64)), kw.wideView(wp.base()),
                m.constantU32(0), index);
    }

    /** Records fault {@code kind} at {@code site} (u32 ids) in the debug buffer, if it is the launch's first. */
    void fault(int kind, int site) {
        int u32 = types.u32();
        Place debug = debugPlace();
        int device = scope("StorageBuffer");
        int relaxed = m.constantU32(0);
        int old = f().value("OpAtomicIAdd", u32, pointer(debug.index(m.constantU32(DebugBuffer.FAULTS), Type.U32)), device,
                relaxed, m.constantU32(1));
        int first = f().value("OpIEqual", types.bool(), old, m.constantU32(0));
        int record = m.id();
        int merge = m.id();
        f().op("OpSelectionMerge", merge, SpirvModule.enumValue("SelectionControl", "None"));
        f().op("OpBranchConditional", first, record, merge);
        kw.label(record);
        f().op("OpAtomicStore", pointer(debug.index(m.constantU32(DebugBuffer.FAULT_KIND), Type.U32)), device, relaxed, kind);
        f().op("OpAtomicStore", pointer(debug.index(m.constantU32(DebugBuffer.FAULT_SITE), Type.U32)), device, relaxed, site);
        kw.branch(merge);
        kw.label(merge);
    }

    private static Place place(Object o) {
        if (o instanceof Place p) {
            return p;
        }
        throw new Unsupported("arrays or structs inside a byte-addressed buffer");
    }

    private Place global(Global g) {
        if (SpirvWriter.isDebug(g)) {
            return debugPlace();
        }
        if (SpirvWriter.isSharedStatic(g)) {
            int var = kw.w.shared(g);
            kw.used.add(var);
            return new Place(var, List.of(), kw.w.sharedType(g), "Workgroup", false, kw.w.deviceModule().isAtomic(g));
        }
        throw new Unsupported("the address of '" + g.name() + "' as a value");
    }

    /** The debug buffer's words (set 1, binding 0), always accessed atomically. */
    private Place debugPlace() {
        int var = kw.w.debugBuffer();
        kw.used.add(var);
        return new Place(var, List.of(m.constantU32(0)), new Type.Array(Type.U32, DebugBuffer.WORDS), "StorageBuffer", true, true);
    }

    /** The buffer a pointer root ({@code %p}, {@code convert(%p)}, {@code &g}) addresses, or null. */
    private KernelWriter.Buffer buffer(Expr root) {
        return switch (root) {
            case Expr.LocalGet g -> kw.roots.get(g.local());
            case Expr.Convert c -> buffer(c.value());
            case Expr.GlobalAddr g when g.global().dynamicShared() -> {
                usesDynamicShared = true;
                int var = kw.w.dynamicShared();
                kw.used.add(var);
                yield new KernelWriter.Buffer(var, Type.U32, true, kw.w.deviceModule().isAtomic(g.global()), "Workgroup", false);
            }
            case Expr.GlobalAddr g -> kw.symbols.get(g.global());
            default -> null;
        };
    }

    int pointer(Place p) {
        if (p.indices().isEmpty()) {
            return p.base();
        }
        int[] ops = new int[1 + p.indices().size()];
        ops[0] = p.base();
        for (int i = 0; i < p.indices().size(); i++) {
            ops[1 + i] = p.indices().get(i);
        }
        return f().value("OpAccessChain", m.typePointer(p.storageClass(), types.of(p.held(), p.laidOut())), ops);
    }

    int scope(String storageClass) {
        return m.constantU32(SpirvModule.enumValue("Scope", storageClass.equals("Workgroup") ? "Workgroup" : "Device"));
    }

    int load(Object target, Type t) {
        if (target instanceof WordPlace wp) {
            return SpirvWords.load(this, wp, t);
        }
        Place p = (Place) target;
        int ptr = pointer(p);
        int held = types.of(p.held(), p.laidOut());
        int v;
        if (p.atomic() && Type.isScalar(p.held())) {
            v = f().value("OpAtomicLoad", held, ptr, scope(p.storageClass()), m.constantU32(0));
        } else {
            v = f().value("OpLoad", held, ptr);
        }
        if (p.laidOut() && !Type.isScalar(p.held())) {
            v = copyLogical(v, p.held(), false);
        }
        return Type.isScalar(p.held()) ? bitcast(v, p.held(), t) : v;
    }

    /**
     * A struct or array value converted between its laid-out (buffer) type and its plain type,
     * member by member: what OpCopyLogical does in one instruction, which Mesa 22.3's lavapipe does
     * not compile (vkCreateComputePipelines fails with VK_ERROR_UNKNOWN).
     */
    private int copyLogical(int v, Type t, boolean toLaidOut) {
        if (Type.isScalar(t)) {
            return v;
        }
        List<Type> parts = t instanceof Type.Struct s ? s.fields().stream().map(Type.Field::type).toList()
                : java.util.Collections.nCopies((int) ((Type.Array) t).count(), ((Type.Array) t).element());
        int[] members = new int[parts.size()];
        for (int i = 0; i < members.length; i++) {
            int part = f().value("OpCompositeExtract", types.of(parts.get(i), !toLaidOut), v, i);
            members[i] = copyLogical(part, parts.get(i), toLaidOut);
        }
        return f().value("OpCompositeConstruct", types.of(t, toLaidOut), members);
    }

    void store(Stmt.WordStore w) {
        WordPlace wp = wordPlace(w.words(), w.byteIndex(), w.word(), w.value().type(), true);
        SpirvWords.store(this, wp, w.value().type(), value(w.value()));
    }

    void store(Expr address, Expr value) {
        Object target = resolve(address, true);
        storeValue(target, value.type(), value(value));
    }

    void storeValue(Object target, Type t, int v) {
        if (target instanceof WordPlace wp) {
            SpirvWords.store(this, wp, t, v);
            return;
        }
        Place p = (Place) target;
        int ptr = pointer(p);
        if (Type.isScalar(p.held())) {
            v = bitcast(v, t, p.held());
        } else if (p.laidOut()) {
            v = copyLogical(v, p.held(), true);
        }
        if (p.atomic() && Type.isScalar(p.held())) {
            f().op("OpAtomicStore", ptr, scope(p.storageClass()), m.constantU32(0), v);
        } else {
            f().op("OpStore", ptr, v);
        }
    }

    // ---------------------------------------------------------------- calls

    void call(Stmt.Call c) {
        // calls compute on 64-bit integers only natively: a wide one reports the missing Int64
        for (Expr a : c.args()) {
            if (types.wide(a.type())) {
                types.plain(a.type());
            }
        }
        if (c.result() != null && types.wide(c.result().type())) {
            types.plain(c.result().type());
        }
        String name = c.callee().name();
        if (name.startsWith("__webcu_atomic")) {
            SpirvWords.atomic(this, c);
            return;
        }
        if (Intrinsics.isOutParam(c.callee())) {
            int x = value(c.args().get(0));
            int f32 = types.plain(Type.F32);
            storeValue(resolve(c.args().get(1), true), Type.F32, f().ext(f32, "Sin", x));
            storeValue(resolve(c.args().get(2), true), Type.F32, f().ext(f32, "Cos", x));
            return;
        }
        int result = SpirvIntrinsics.call(this, c);
        if (c.result() != null) {
            f().op("OpStore", kwVar(c.result()), result);
        }
    }

    /** The Function variable of a local (a call's result). */
    Integer kwVar(webcu.ir.Local l) {
        Integer var = kw.vars.get(l);
        if (var == null) {
            throw new Unsupported("pointer variables ('" + l.name() + "')");
        }
        return var;
    }

    SpirvModule.Function function() {
        return kw.f;
    }

    KernelWriter kw() {
        return kw;
    }

    SpirvModule module() {
        return m;
    }

    SpirvTypes types() {
        return types;
    }
}
