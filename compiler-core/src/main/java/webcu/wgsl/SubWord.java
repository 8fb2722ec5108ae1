package webcu.wgsl;

import java.util.List;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Type;
import webcu.passes.DeviceModule;
import webcu.passes.Rewriter;

/**
 * WGSL has no 8- or 16-bit integers: they live in i32 (signed) or u32 registers, and this step,
 * run by {@link WgslBackend} after {@link Raise}, makes their arithmetic 32-bit arithmetic plus an
 * explicit wrap, so that a value of such a type always holds what the narrower type would.
 *
 * <ul>
 *   <li>An operation whose result is 8 or 16 bits wide ({@code a + b}, {@code -a}, {@code ~a}) is
 *   done on the operands converted to the 32-bit register type, then wrapped.
 *   <li>A conversion to such a type that can leave its range (from a wider integer, from the other
 *   signedness, from a float or a double) converts to the register type, then wraps.
 * </ul>
 *
 * <p>The wrap is {@code (x << 24u) >> 24u} on i32 (sign-extends the low byte) and
 * {@code x & 0xff} on u32 (16-bit: 16 and {@code 0xffff}), converted back to the narrow type. After
 * it, every conversion between a narrow type and its register type is a no-op for the writer,
 * which prints it as its operand; an operation of a narrow type does not reach the writer.
 */
final class SubWord extends Rewriter {
    private SubWord() {
    }

    /** Rewrites every kernel of {@code dm} in place. */
    static void run(DeviceModule dm) {
        SubWord step = new SubWord();
        for (Function k : List.copyOf(dm.kernels())) {
            k.setBody(step.block(k.body()));
        }
    }

    /** Whether {@code t} is an integer WGSL lacks: 8 or 16 bits. */
    static boolean isSubWord(Type t) {
        return t instanceof Type.Int i && i.bits() < 32;
    }

    /** The 32-bit type whose register holds {@code t}. */
    static Type.Int register(Type.Int t) {
        return t.signed() ? Type.I32 : Type.U32;
    }

    @Override
    protected Expr expr(Expr e) {
        return Expr.postOrder(e, SubWord::node);
    }

    private static Expr node(Expr e) {
        return switch (e) {
            case Expr.Binary b when isSubWord(b.type()) -> {
                Type.Int t = (Type.Int) b.type();
                Type.Int w = register(t);
                boolean shift = b.op() == BinaryOp.SHL || b.op() == BinaryOp.SHR;
                // a shift's count keeps its own type; the writer makes any count a u32
                Expr r = shift ? b.right() : widen(b.right(), w);
                yield new Expr.Convert(t, wrap(new Expr.Binary(b.op(), widen(b.left(), w), r, w), t));
            }
            case Expr.Unary u when isSubWord(u.type()) -> {
                Type.Int t = (Type.Int) u.type();
                Type.Int w = register(t);
                yield new Expr.Convert(t, wrap(new Expr.Unary(u.op(), widen(u.operand(), w), w), t));
            }
            case Expr.Convert c when isSubWord(c.type()) && leavesRange(c.value().type(), (Type.Int) c.type()) -> {
                Type.Int t = (Type.Int) c.type();
                yield new Expr.Convert(t, wrap(widen(c.value(), register(t)), t));
            }
            default -> e;
        };
    }

    /**
     * Whether converting a {@code from} to {@code to} can give a value outside {@code to}'s range
     * in its register: anything but a bool or a narrower (or as wide) integer of the same
     * signedness.
     */
    private static boolean leavesRange(Type from, Type.Int to) {
        if (from instanceof Type.Bool) {
            return false;
        }
        return !(from instanceof Type.Int f && f.bits() <= to.bits() && f.signed() == to.signed());
    }

    /** {@code x} as the 32-bit register type {@code w} (the same register where {@code x} is narrow). */
    private static Expr widen(Expr x, Type.Int w) {
        return x.type().equals(w) ? x : new Expr.Convert(w, x);
    }

    /** The 32-bit {@code x} wrapped to {@code t}'s width, sign-extended where {@code t} is signed. */
    private static Expr wrap(Expr x, Type.Int t) {
        Type.Int w = register(t);
        if (t.signed()) {
            Expr by = new Expr.IntConst(Type.U32, 32 - t.bits());
            return new Expr.Binary(BinaryOp.SHR, new Expr.Binary(BinaryOp.SHL, x, by, w), by, w);
        }
        return new Expr.Binary(BinaryOp.AND, x, new Expr.IntConst(w, t.bits() == 8 ? 0xff : 0xffff), w);
    }
}
