package webcu.spirv;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.spirv.SpirvTypes.Unsupported;

/**
 * The word accesses ({@code WordAccesses} made them) into u32 views (MemoryModel's word bindings
 * and the dynamic shared memory), as their forms' semantics say, and the atomics. A 4-byte value is one word, an 8-byte one two words (low first) put
 * together with OpBitcast; a byte or half-word is read with a shift and an extract, and written
 * with an atomic and then an atomic or on its word, so that neighbouring bytes other invocations
 * write survive, as the WGSL writer does. Atomics are relaxed, at device scope on buffers and
 * workgroup scope on shared memory, as CUDA's {@code atomicAdd} and friends are.
 */
final class SpirvWords {
    /** The memory operand Vulkan requires on every load and store through a physical pointer, followed by the alignment. */
    private static final int ALIGNED = 2;

    private SpirvWords() {
    }

    private static boolean physical(SpirvValues.WordPlace wp) {
        return wp.storageClass().equals("PhysicalStorageBuffer");
    }

    /** A pointer to word {@code plus} of the access: in the view, or at the physical address (SpirvPhysical) plus 4·plus bytes. */
    private static int wordPointer(SpirvValues v, SpirvValues.WordPlace wp, int plus) {
        if (physical(wp)) {
            return SpirvPhysical.pointer(v.kw(), v.types().u32(), SpirvPhysical.plus(v.kw(), wp.base(), 4 * plus));
        }
        int wordIndex = wordIndex(v, wp, plus);
        SpirvModule m = v.module();
        List<Integer> ops = new ArrayList<>();
        ops.add(wp.base());
        ops.addAll(wp.prefix());
        ops.add(wordIndex);
        return v.function().value("OpAccessChain", m.typePointer(wp.storageClass(), v.types().u32()),
                ops.stream().mapToInt(Integer::intValue).toArray());
    }

    private static int wordIndex(SpirvValues v, SpirvValues.WordPlace wp, int plus) {
        return plus == 0 ? wp.word() : v.function().value("OpIAdd", v.types().u32(), wp.word(), v.module().constantU32(plus));
    }

    private static int loadWord(SpirvValues v, SpirvValues.WordPlace wp, int ptr) {
        int u32 = v.types().u32();
        if (wp.atomic()) {
            return v.function().value("OpAtomicLoad", u32, ptr, v.scope(wp.storageClass()), v.module().constantU32(0));
        }
        if (physical(wp)) {
            return v.function().value("OpLoad", u32, ptr, ALIGNED, 4);
        }
        return v.function().value("OpLoad", u32, ptr);
    }

    private static void storeWord(SpirvValues v, SpirvValues.WordPlace wp, int ptr, int value) {
        if (wp.atomic()) {
            v.function().op("OpAtomicStore", ptr, v.scope(wp.storageClass()), v.module().constantU32(0), value);
        } else if (physical(wp)) {
            v.function().op("OpStore", ptr, value, ALIGNED, 4);
        } else {
            v.function().op("OpStore", ptr, value);
        }
    }

    private static int size(Type t) {
        return t instanceof Type.Bool ? 1 : t.size();
    }

    static int load(SpirvValues v, SpirvValues.WordPlace wp, Type t) {
        SpirvModule m = v.module();
        SpirvModule.Function f = v.function();
        int u32 = v.types().u32();
        int size = size(t);
        switch (size) {
            case 4 -> {
                return v.bitcast(loadWord(v, wp, wordPointer(v, wp, 0)), Type.U32, t);
            }
            case 8 -> {
                int lo = loadWord(v, wp, wordPointer(v, wp, 0));
                int hi = loadWord(v, wp, wordPointer(v, wp, 1));
                int pair = f.value("OpCompositeConstruct", m.typeVector(u32, 2), lo, hi);
                return v.types().wide(t) ? pair : f.value("OpBitcast", v.types().plain(t), pair);
            }
            case 1, 2 -> {
                int word = loadWord(v, wp, wordPointer(v, wp, 0));
                int shift = f.value("OpShiftLeftLogical", u32, f.value("OpBitwiseAnd", u32, wp.byteIndex(), m.constantU32(3)),
                        m.constantU32(3));
                int bits = m.constantU32(size * 8);
                if (t instanceof Type.Bool) {
                    int b = f.value("OpBitFieldUExtract", u32, word, shift, bits);
                    return f.value("OpINotEqual", v.types().bool(), b, m.constantU32(0));
                }
                Type.Int ti = (Type.Int) t;
                if (ti.signed()) {
                    int i32 = v.types().i32();
                    int x = f.value("OpBitFieldSExtract", i32, f.value("OpBitcast", i32, word), shift, bits);
                    return v.convert(x, Type.I32, t);
                }
                return v.convert(f.value("OpBitFieldUExtract", u32, word, shift, bits), Type.U32, t);
            }
            default -> throw new Unsupported("arrays or structs inside a byte-addressed buffer");
        }
    }

    static void store(SpirvValues v, SpirvValues.WordPlace wp, Type t, int value) {
        SpirvModule m = v.module();
        SpirvModule.Function f = v.function();
        int u32 = v.types().u32();
        int size = size(t);
        switch (size) {
            case 4 -> storeWord(v, wp, wordPointer(v, wp, 0), v.bitcast(value, t, Type.U32));
            case 8 -> {
                int pair = v.types().wide(t) ? value : f.value("OpBitcast", m.typeVector(u32, 2), value);
                storeWord(v, wp, wordPointer(v, wp, 0), f.value("OpCompositeExtract", u32, pair, 0));
                storeWord(v, wp, wordPointer(v, wp, 1), f.value("OpCompositeExtract", u32, pair, 1));
            }
            case 1, 2 -> {
                int ptr = wordPointer(v, wp, 0);
                int shift = f.value("OpShiftLeftLogical", u32, f.value("OpBitwiseAnd", u32, wp.byteIndex(), m.constantU32(3)),
                        m.constantU32(3));
                int mask = m.constantU32(size == 1 ? 0xff : 0xffff);
                int bits = t instanceof Type.Bool ? f.value("OpSelect", u32, value, m.constantU32(1), m.constantU32(0))
                        : f.value("OpBitwiseAnd", u32, v.convert(value, t, Type.U32), mask);
                int scope = v.scope(wp.storageClass());
                int relaxed = m.constantU32(0);
                int clear = f.value("OpNot", u32, f.value("OpShiftLeftLogical", u32, mask, shift));
                f.value("OpAtomicAnd", u32, ptr, scope, relaxed, clear);
                f.value("OpAtomicOr", u32, ptr, scope, relaxed, f.value("OpShiftLeftLogical", u32, bits, shift));
            }
            default -> throw new Unsupported("arrays or structs inside a byte-addressed buffer");
        }
    }

    /**
     * A 64-bit atomic on a word view that {@code passes.WordAtomics} split: one 32-bit atomic per
     * word, the low word's carry (add) or borrow (sub) added to the high word's operand.
     */
    static void atomicHalves(SpirvValues v, Stmt.AtomicHalves a) {
        if (!(v.resolve(a.address(), true) instanceof SpirvValues.WordPlace wp)) {
            throw new webcu.diag.InternalCompilerError("SPIR-V writer: split atomic on a place that is not a word view");
        }
        SpirvModule m = v.module();
        SpirvModule.Function f = v.function();
        int u32 = v.types().u32();
        int bool = v.types().bool();
        int v2 = m.typeVector(u32, 2);
        int pair = v.types().wide(a.value().type()) ? v.value(a.value()) : f.value("OpBitcast", v2, v.value(a.value()));
        int vlo = f.value("OpCompositeExtract", u32, pair, 0);
        int vhi = f.value("OpCompositeExtract", u32, pair, 1);
        int loPtr = wordPointer(v, wp, 0);
        int hiPtr = wordPointer(v, wp, 1);
        int scope = v.scope(wp.storageClass());
        int relaxed = m.constantU32(0);
        int one = m.constantU32(1);
        int zero = m.constantU32(0);
        int lo;
        int hi;
        switch (a.op()) {
            case ADD -> {
                lo = f.value("OpAtomicIAdd", u32, loPtr, scope, relaxed, vlo);
                int carry = f.value("OpSelect", u32, f.value("OpULessThan", bool, f.value("OpIAdd", u32, lo, vlo), lo), one, zero);
                hi = f.value("OpAtomicIAdd", u32, hiPtr, scope, relaxed, f.value("OpIAdd", u32, vhi, carry));
            }
            case SUB -> {
                lo = f.value("OpAtomicISub", u32, loPtr, scope, relaxed, vlo);
                int borrow = f.value("OpSelect", u32, f.value("OpULessThan", bool, lo, vlo), one, zero);
                hi = f.value("OpAtomicISub", u32, hiPtr, scope, relaxed, f.value("OpIAdd", u32, vhi, borrow));
            }
            case AND, OR, XOR -> {
                String name = switch (a.op()) {
                    case AND -> "OpAtomicAnd";
                    case OR -> "OpAtomicOr";
                    default -> "OpAtomicXor";
                };
                lo = f.value(name, u32, loPtr, scope, relaxed, vlo);
                hi = f.value(name, u32, hiPtr, scope, relaxed, vhi);
            }
            default -> throw new webcu.diag.InternalCompilerError("SPIR-V writer: split atomic " + a.op());
        }
        if (a.result() != null) {
            int both = f.value("OpCompositeConstruct", v2, lo, hi);
            int old = v.types().wide(a.result().type()) ? both : f.value("OpBitcast", v.types().plain(a.result().type()), both);
            f.op("OpStore", v.kwVar(a.result()), old);
        }
    }

    /**
     * A 64-bit integer atomic on a buffer's words as one native atomic on the binding's u64 view
     * (Int64Atomics; the Atomics pass left it unlowered for such a device).
     */
    private static void atomicWide(SpirvValues v, Stmt.Call c, String op, SpirvValues.WordPlace wp, Type.Int t) {
        SpirvModule m = v.module();
        SpirvModule.Function f = v.function();
        int u64 = v.types().plain(Type.U64);
        m.capability("Int64Atomics");
        int ptr = v.widePointer(wp);
        int scope = v.scope("StorageBuffer");
        int relaxed = m.constantU32(0);
        List<Integer> args = new ArrayList<>();
        for (int i = 1; i < c.args().size(); i++) {
            args.add(v.bitcast(v.value(c.args().get(i)), c.args().get(i).type(), Type.U64));
        }
        int result = switch (op) {
            case "CAS" -> f.value("OpAtomicCompareExchange", u64, ptr, scope, relaxed, relaxed, args.get(1), args.get(0));
            case "Add" -> f.value("OpAtomicIAdd", u64, ptr, scope, relaxed, args.get(0));
            case "Sub" -> f.value("OpAtomicISub", u64, ptr, scope, relaxed, args.get(0));
            case "Exch" -> f.value("OpAtomicExchange", u64, ptr, scope, relaxed, args.get(0));
            case "Min" -> f.value(t.signed() ? "OpAtomicSMin" : "OpAtomicUMin", u64, ptr, scope, relaxed, args.get(0));
            case "Max" -> f.value(t.signed() ? "OpAtomicSMax" : "OpAtomicUMax", u64, ptr, scope, relaxed, args.get(0));
            case "And" -> f.value("OpAtomicAnd", u64, ptr, scope, relaxed, args.get(0));
            case "Or" -> f.value("OpAtomicOr", u64, ptr, scope, relaxed, args.get(0));
            case "Xor" -> f.value("OpAtomicXor", u64, ptr, scope, relaxed, args.get(0));
            default -> throw new Unsupported("64-bit atomic" + op);
        };
        if (c.result() != null) {
            f.op("OpStore", v.kwVar(c.result()), v.bitcast(result, Type.U64, t));
        }
    }

    /**
     * {@code __webcu_atomic<Op>_<type>(address, operands…)}: one SPIR-V atomic on a 32-bit place,
     * or on a buffer's words a native 64-bit one, which only a device with Int64Atomics gets
     * ({@code passes.WordAtomics} has split the others' add to xor; the rest are not supported).
     */
    static void atomic(SpirvValues v, Stmt.Call c) {
        String name = c.callee().name();
        String op = name.substring("__webcu_atomic".length(), name.lastIndexOf('_'));
        Type t = c.callee().returnType();
        Object target = v.resolve(c.args().get(0), true);
        if (t.size() == 8 && t instanceof Type.Int ti && target instanceof SpirvValues.WordPlace wp
                && (wp.storageClass().equals("StorageBuffer") || physical(wp)) && v.types().has("Int64Atomics")) {
            atomicWide(v, c, op, wp, ti);
            return;
        }
        if (t.size() != 4) {
            throw new Unsupported("64-bit atomic" + op);
        }
        SpirvModule m = v.module();
        SpirvModule.Function f = v.function();
        int ptr;
        Type held;
        String storageClass;
        if (target instanceof SpirvValues.WordPlace wp) {
            if (size(wp.type()) != 4) {
                throw new Unsupported("atomics on values smaller than a word");
            }
            ptr = wordPointer(v, wp, 0);
            held = Type.U32;
            storageClass = wp.storageClass();
        } else {
            SpirvValues.Place p = (SpirvValues.Place) target;
            if (p.storageClass().equals("Function") || !(p.held() instanceof Type.Int hi && hi.bits() == 32)) {
                throw new Unsupported("atomics on '" + p.held() + "' in " + p.storageClass() + " memory");
            }
            ptr = v.pointer(p);
            held = p.held();
            storageClass = p.storageClass();
        }
        int ht = v.types().plain(held);
        int scope = v.scope(storageClass);
        int relaxed = m.constantU32(0);
        List<Integer> args = new ArrayList<>();
        for (int i = 1; i < c.args().size(); i++) {
            args.add(v.bitcast(v.value(c.args().get(i)), c.args().get(i).type(), held));
        }
        boolean signed = t instanceof Type.Int ti && ti.signed();
        int result = switch (op) {
            case "CAS" -> f.value("OpAtomicCompareExchange", ht, ptr, scope, relaxed, relaxed, args.get(1), args.get(0));
            case "Add" -> f.value("OpAtomicIAdd", ht, ptr, scope, relaxed, args.get(0));
            case "Sub" -> f.value("OpAtomicISub", ht, ptr, scope, relaxed, args.get(0));
            case "Exch" -> f.value("OpAtomicExchange", ht, ptr, scope, relaxed, args.get(0));
            case "Min" -> f.value(signed ? "OpAtomicSMin" : "OpAtomicUMin", ht, ptr, scope, relaxed, args.get(0));
            case "Max" -> f.value(signed ? "OpAtomicSMax" : "OpAtomicUMax", ht, ptr, scope, relaxed, args.get(0));
            case "And" -> f.value("OpAtomicAnd", ht, ptr, scope, relaxed, args.get(0));
            case "Or" -> f.value("OpAtomicOr", ht, ptr, scope, relaxed, args.get(0));
            case "Xor" -> f.value("OpAtomicXor", ht, ptr, scope, relaxed, args.get(0));
            default -> throw new Unsupported("atomic" + op);
        };
        if (c.result() != null) {
            Integer var = v.kwVar(c.result());
            f.op("OpStore", var, v.bitcast(result, held, t));
        }
    }
}
