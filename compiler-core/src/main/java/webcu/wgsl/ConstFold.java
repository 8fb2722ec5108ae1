package webcu.wgsl;

import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Type;

/**
 * Folds operations on constants before the writer prints them, so that WGSL never sees a
 * constant expression it would reject: Tint evaluates {@code 2147483647i + 1i},
 * {@code 1i << 31u}, {@code x / 0i} or {@code 1e38f * 10f} at shader-creation time and refuses
 * the module when the result overflows, where CUDA simply wraps (integers) or rounds to infinity
 * (floats). Integer results wrap as on the GPU; what C leaves undefined gets WGSL's runtime
 * answer (x / 0 is x, x % 0 is 0, INT_MIN / -1 is INT_MIN) or PTX's for shift counts of 32 or more
 * (0, or the sign for an arithmetic right shift), so folding never changes what the kernel would
 * compute at run time.
 */
final class ConstFold {
    private ConstFold() {
    }

    /**
     * Folds every expression of {@code dm}'s kernels in place: run by {@link WgslBackend} before
     * {@code CheckedAccesses}, so that an access the folding removes ({@code a[i] % 0} is 0) gets
     * no check site. The writer folds again what it prints, which changes nothing then.
     */
    static void run(webcu.passes.DeviceModule dm) {
        webcu.passes.Rewriter folder = new webcu.passes.Rewriter() {
            @Override
            protected Expr expr(Expr e) {
                return fold(e);
            }
        };
        for (webcu.ir.Function k : java.util.List.copyOf(dm.kernels())) {
            k.setBody(folder.block(k.body()));
        }
    }

    static Expr fold(Expr e) {
        return Expr.postOrder(e, x -> {
            Expr r = Expr.children(x).isEmpty() ? null : foldNode(x);
            return r != null ? r : x;
        });
    }

    private static boolean isConst(Expr e) {
        return e instanceof Expr.IntConst || e instanceof Expr.FloatConst || e instanceof Expr.BoolConst;
    }

    /** The constant value of a node whose operands are constants, or null. */
    private static Expr foldNode(Expr e) {
        return switch (e) {
            case Expr.Unary u when isConst(u.operand()) -> unary(u);
            case Expr.Binary b when b.op() == BinaryOp.LAND && b.left() instanceof Expr.BoolConst c ->
                    c.value() ? b.right() : c;
            case Expr.Binary b when b.op() == BinaryOp.LOR && b.left() instanceof Expr.BoolConst c ->
                    c.value() ? c : b.right();
            case Expr.Binary b when isConst(b.left()) && isConst(b.right()) -> binary(b);
            // x + 0 and x - 0: an access through *p or p[0] reads p[p_offset], not p[p_offset + 0u]
            case Expr.Binary b when (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB)
                    && b.right() instanceof Expr.IntConst c && c.value() == 0 -> b.left();
            case Expr.Binary b when (b.op() == BinaryOp.DIV || b.op() == BinaryOp.REM)
                    && b.right() instanceof Expr.IntConst c && c.value() == 0 ->
                    b.op() == BinaryOp.DIV ? b.left() : new Expr.IntConst((Type.Int) b.type(), 0);
            case Expr.Binary b when (b.op() == BinaryOp.SHL || b.op() == BinaryOp.SHR)
                    && b.right() instanceof Expr.IntConst c && unsigned(c) >= 32 && b.type() instanceof Type.Int t
                    && t.bits() <= 32 ->
                    b.op() == BinaryOp.SHR && t.signed()
                            ? new Expr.Binary(BinaryOp.SHR, b.left(), new Expr.IntConst(Type.U32, 31), t)
                            : new Expr.IntConst(t, 0);
            case Expr.Convert c when isConst(c.value()) -> convert(c.type(), c.value());
            case Expr.Select s when s.cond() instanceof Expr.BoolConst c -> c.value() ? s.ifTrue() : s.ifFalse();
            default -> null;
        };
    }

    private static long unsigned(Expr.IntConst c) {
        return c.type().signed() && c.value() < 0 ? Long.MAX_VALUE : c.value();
    }

    private static Expr unary(Expr.Unary u) {
        return switch (u.op()) {
            case NEG -> u.operand() instanceof Expr.IntConst i ? new Expr.IntConst((Type.Int) u.type(), -i.value())
                    : u.operand() instanceof Expr.FloatConst f ? new Expr.FloatConst(f.type(), negate(f.value())) : null;
            case NOT -> u.operand() instanceof Expr.IntConst i ? new Expr.IntConst((Type.Int) u.type(), ~i.value()) : null;
            case LNOT -> u.operand() instanceof Expr.BoolConst b ? new Expr.BoolConst(!b.value()) : null;
        };
    }

    /**
     * {@code -v} by flipping the sign bit: TeaVM's WebAssembly output computes {@code -v} as
     * {@code 0 - v}, which turns -0.0 into +0.0.
     */
    static double negate(double v) {
        return Double.longBitsToDouble(Double.doubleToRawLongBits(v) ^ Long.MIN_VALUE);
    }

    private static Expr binary(Expr.Binary b) {
        if (b.left() instanceof Expr.IntConst l && b.right() instanceof Expr.IntConst r) {
            return intBinary(b.op(), l, r, b.type());
        }
        if (b.left() instanceof Expr.FloatConst l && b.right() instanceof Expr.FloatConst r && l.type().bits() == 64) {
            double x = l.value();
            double y = r.value();
            return switch (b.op()) {
                case ADD -> new Expr.FloatConst(Type.F64, x + y);
                case SUB -> new Expr.FloatConst(Type.F64, x - y);
                case MUL -> new Expr.FloatConst(Type.F64, x * y);
                case DIV -> new Expr.FloatConst(Type.F64, x / y);
                case EQ -> new Expr.BoolConst(x == y);
                case NE -> new Expr.BoolConst(x != y);
                case LT -> new Expr.BoolConst(x < y);
                case LE -> new Expr.BoolConst(x <= y);
                case GT -> new Expr.BoolConst(x > y);
                case GE -> new Expr.BoolConst(x >= y);
                default -> null;
            };
        }
        if (b.left() instanceof Expr.FloatConst l && b.right() instanceof Expr.FloatConst r && l.type().bits() == 32) {
            float x = (float) l.value();
            float y = (float) r.value();
            return switch (b.op()) {
                case ADD -> new Expr.FloatConst(Type.F32, x + y);
                case SUB -> new Expr.FloatConst(Type.F32, x - y);
                case MUL -> new Expr.FloatConst(Type.F32, x * y);
                case DIV -> new Expr.FloatConst(Type.F32, x / y);
                case EQ -> new Expr.BoolConst(x == y);
                case NE -> new Expr.BoolConst(x != y);
                case LT -> new Expr.BoolConst(x < y);
                case LE -> new Expr.BoolConst(x <= y);
                case GT -> new Expr.BoolConst(x > y);
                case GE -> new Expr.BoolConst(x >= y);
                default -> null;
            };
        }
        if (b.left() instanceof Expr.BoolConst l && b.right() instanceof Expr.BoolConst r) {
            return switch (b.op()) {
                case AND, LAND -> new Expr.BoolConst(l.value() && r.value());
                case OR, LOR -> new Expr.BoolConst(l.value() || r.value());
                case XOR, NE -> new Expr.BoolConst(l.value() != r.value());
                case EQ -> new Expr.BoolConst(l.value() == r.value());
                default -> null;
            };
        }
        return null;
    }

    private static Expr intBinary(BinaryOp op, Expr.IntConst l, Expr.IntConst r, Type type) {
        Type.Int t = l.type();
        boolean signed = t.signed();
        // IntConst values are normalized: sign-extended when signed, zero-extended when not.
        long x = l.value();
        long y = r.value();
        if (op.isComparison()) {
            int c = signed ? Long.compare(x, y) : Long.compareUnsigned(x, y);
            return new Expr.BoolConst(switch (op) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                default -> c >= 0;
            });
        }
        if (!(type instanceof Type.Int rt)) {
            return null;
        }
        if (t.bits() == 64) {
            return wideBinary(op, x, y, rt);
        }
        long min = signed ? -(1L << (t.bits() - 1)) : 0;
        long v = switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case DIV -> y == 0 || signed && x == min && y == -1 ? x : signed ? x / y : Long.divideUnsigned(x, y);
            case REM -> y == 0 || signed && x == min && y == -1 ? 0 : signed ? x % y : Long.remainderUnsigned(x, y);
            case SHL -> unsigned(r) >= rt.bits() ? 0 : x << y;
            case SHR -> unsigned(r) >= rt.bits() ? (signed && x < 0 ? -1 : 0) : x >> y;
            default -> Long.MIN_VALUE;
        };
        if (op == BinaryOp.LAND || op == BinaryOp.LOR) {
            return null;
        }
        return new Expr.IntConst(rt, v);
    }

    /** 64-bit integer arithmetic as the writer's helpers compute it (x / 0 = x, shift counts modulo 64). */
    private static Expr wideBinary(BinaryOp op, long x, long y, Type.Int t) {
        boolean signed = t.signed();
        Long v = switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case DIV -> y == 0 || signed && x == Long.MIN_VALUE && y == -1 ? x : signed ? x / y : Long.divideUnsigned(x, y);
            case REM -> y == 0 || signed && x == Long.MIN_VALUE && y == -1 ? 0 : signed ? x % y : Long.remainderUnsigned(x, y);
            case SHL -> x << (y & 63);
            case SHR -> signed ? x >> (y & 63) : x >>> (y & 63);
            default -> null;
        };
        return v == null ? null : new Expr.IntConst(t, v);
    }

    private static Expr convert(Type to, Expr v) {
        double d;
        long i;
        boolean isFloat;
        switch (v) {
            case Expr.IntConst c -> {
                i = c.value();
                isFloat = false;
                d = c.type().signed() ? (double) i : unsignedToDouble(i);
            }
            case Expr.FloatConst f -> {
                d = f.value();
                i = 0;
                isFloat = true;
            }
            case Expr.BoolConst b -> {
                i = b.value() ? 1 : 0;
                d = i;
                isFloat = false;
            }
            default -> {
                return null;
            }
        }
        return switch (to) {
            case Type.Bool b -> new Expr.BoolConst(isFloat ? d != 0 : i != 0);
            case Type.Int t when t.bits() == 64 && !isFloat -> new Expr.IntConst(t, i);
            case Type.Int t when t.bits() <= 32 -> {
                if (!isFloat) {
                    yield new Expr.IntConst(t, i);
                }
                // Saturating, NaN to 0: what WGSL and PTX's cvt.rzi both do.
                double lo = t.signed() ? -(double) (1L << (t.bits() - 1)) : 0;
                double hi = t.signed() ? (double) ((1L << (t.bits() - 1)) - 1) : (double) ((1L << t.bits()) - 1);
                yield new Expr.IntConst(t, Double.isNaN(d) ? 0 : (long) Math.max(lo, Math.min(hi, d)));
            }
            case Type.Float f when f.bits() == 64 -> new Expr.FloatConst(f, isFloat ? d
                    : v instanceof Expr.IntConst c && !c.type().signed() ? unsignedToDouble(i) : (double) i);
            case Type.Float f when f.bits() == 32 -> {
                if (isFloat) {
                    yield new Expr.FloatConst(f, (float) d);
                }
                boolean unsignedSource = v instanceof Expr.IntConst c && !c.type().signed();
                yield new Expr.FloatConst(f, unsignedSource ? unsignedToFloat(i) : (float) i);
            }
            default -> null;
        };
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? (double) v : (double) (v >>> 1) * 2.0 + (v & 1);
    }

    private static float unsignedToFloat(long v) {
        if (v >= 0) {
            return (float) v;
        }
        // round-to-nearest of a 64-bit unsigned value: halve with a sticky bit, convert, double
        return (float) ((v >>> 1) | (v & 1)) * 2.0f;
    }
}
