package webcu.spirv;

import webcu.ir.BinaryOp;
import webcu.ir.Type;

/**
 * 64-bit integers on a Vulkan device without Int64 (SwiftShader): a u32 vector of two (low word,
 * high word), as the WGSL target's {@code vec2<u32>}. Only what a kernel in heap mode computes on
 * the device addresses it reads and writes is done here: constants, moves, selects, word loads and
 * stores, {@code + - & | ^ ~} and negation, comparisons, and conversions to and from 32-bit and
 * narrower integers;
 * anything else on such an integer still reports "'long long' on a Vulkan device without Int64"
 * ({@link SpirvTypes#plain} of the type), so a kernel is never written with a wrong wide operation.
 */
final class SpirvWideInts {
    private SpirvWideInts() {
    }

    private static int v2(SpirvValues v) {
        return v.module().typeVector(v.types().u32(), 2);
    }

    private static int word(SpirvValues v, int x, int i) {
        return v.function().value("OpCompositeExtract", v.types().u32(), x, i);
    }

    private static int pair(SpirvValues v, int lo, int hi) {
        return v.function().value("OpCompositeConstruct", v2(v), lo, hi);
    }

    static int constant(SpirvValues v, long value) {
        SpirvModule m = v.module();
        return m.constantComposite(v2(v), m.constantU32((int) value), m.constantU32((int) (value >>> 32)));
    }

    /** {@code l op r}, both of wide type {@code t} (a comparison: of type {@code t}, giving a bool). */
    static int binary(SpirvValues v, BinaryOp op, int l, int r, Type.Int t) {
        SpirvModule.Function f = v.function();
        int u32 = v.types().u32();
        int bool = v.types().bool();
        return switch (op) {
            case ADD -> {
                int lo = f.value("OpIAdd", u32, word(v, l, 0), word(v, r, 0));
                int carry = f.value("OpSelect", u32, f.value("OpULessThan", bool, lo, word(v, l, 0)), v.module().constantU32(1),
                        v.module().constantU32(0));
                int hi = f.value("OpIAdd", u32, f.value("OpIAdd", u32, word(v, l, 1), word(v, r, 1)), carry);
                yield pair(v, lo, hi);
            }
            case SUB -> {
                int borrow = f.value("OpSelect", u32, f.value("OpULessThan", bool, word(v, l, 0), word(v, r, 0)),
                        v.module().constantU32(1), v.module().constantU32(0));
                int lo = f.value("OpISub", u32, word(v, l, 0), word(v, r, 0));
                int hi = f.value("OpISub", u32, f.value("OpISub", u32, word(v, l, 1), word(v, r, 1)), borrow);
                yield pair(v, lo, hi);
            }
            case AND -> f.value("OpBitwiseAnd", v2(v), l, r);
            case OR -> f.value("OpBitwiseOr", v2(v), l, r);
            case XOR -> f.value("OpBitwiseXor", v2(v), l, r);
            case EQ -> f.value("OpAll", bool, f.value("OpIEqual", v.module().typeVector(bool, 2), l, r));
            case NE -> f.value("OpAny", bool, f.value("OpINotEqual", v.module().typeVector(bool, 2), l, r));
            case LT -> less(v, l, r, t.signed());
            case GT -> less(v, r, l, t.signed());
            case LE -> f.value("OpLogicalNot", bool, less(v, r, l, t.signed()));
            case GE -> f.value("OpLogicalNot", bool, less(v, l, r, t.signed()));
            default -> v.types().plain(t); // reports the missing Int64
        };
    }

    /** {@code a < b}: the high words decide (signed or not), the low words (unsigned) where they are equal. */
    private static int less(SpirvValues v, int a, int b, boolean signed) {
        SpirvModule.Function f = v.function();
        int bool = v.types().bool();
        int ah = word(v, a, 1);
        int bh = word(v, b, 1);
        int high = signed ? f.value("OpSLessThan", bool, ah, bh) : f.value("OpULessThan", bool, ah, bh);
        int same = f.value("OpIEqual", bool, ah, bh);
        int low = f.value("OpULessThan", bool, word(v, a, 0), word(v, b, 0));
        return f.value("OpLogicalOr", bool, high, f.value("OpLogicalAnd", bool, same, low));
    }

    /** C's conversion of {@code x} from {@code from} to {@code to}, one of them a wide integer. */
    static int convert(SpirvValues v, int x, Type from, Type to) {
        SpirvTypes types = v.types();
        if (types.wide(from) && types.wide(to)) {
            return x; // the same bits, signed or not
        }
        if (types.wide(from)) {
            if (to instanceof Type.Bool) {
                return binary(v, BinaryOp.NE, x, constant(v, 0), (Type.Int) from);
            }
            if (to instanceof Type.Int) {
                return v.convert(word(v, x, 0), Type.U32, to); // the low bits
            }
            return types.plain(from);
        }
        Type.Int wide = (Type.Int) to;
        SpirvModule m = v.module();
        return switch (from) {
            case Type.Bool b -> v.function().value("OpSelect", v2(v), x, constant(v, 1), constant(v, 0));
            case Type.Int i -> {
                int lo = v.convert(x, from, i.signed() ? Type.I32 : Type.U32);
                if (!i.signed()) {
                    yield pair(v, lo, m.constantU32(0));
                }
                // sign-extended, whatever the signedness of the wide type
                int hi = v.function().value("OpShiftRightArithmetic", types.i32(), lo, m.constantU32(31));
                int u32 = types.u32();
                yield pair(v, v.function().value("OpBitcast", u32, lo), v.function().value("OpBitcast", u32, hi));
            }
            default -> types.plain(wide);
        };
    }
}
