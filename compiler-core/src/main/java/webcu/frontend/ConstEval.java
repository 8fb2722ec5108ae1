package webcu.frontend;

/**
 * Folds a typed expression to an integer constant, with the wraparound of its C type; null when
 * it is not constant. Division by zero is not a constant (and never reaches Java's '/').
 */
public final class ConstEval {
    private ConstEval() {}

    /** The integer value of a typed expression if it is a constant, else null (for the lowering's initializers). */
    public static Long fold(Typed.Expr e) {
        return eval(e);
    }

    static Long eval(Typed.Expr e) {
        return switch (e) {
            case Typed.IntConst c -> c.value();
            case Typed.FloatConst f -> null;
            case Typed.Convert c -> {
                if (c.operand() instanceof Typed.FloatConst f && CType.isInteger(c.type())) {
                    yield wrap(c.type(), (long) f.value());
                }
                Long v = eval(c.operand());
                yield v == null || !CType.isInteger(c.type()) ? null : wrap(c.type(), v);
            }
            case Typed.Load l -> l.operand() instanceof Typed.VarRef v && v.var().constValue != null ? v.var().constValue : null;
            case Typed.VarRef v -> v.var().constValue;
            case Typed.Unary u -> {
                Long v = eval(u.operand());
                if (v == null) {
                    yield null;
                }
                yield switch (u.op()) {
                    case "-" -> wrap(u.type(), -v);
                    case "~" -> wrap(u.type(), ~v);
                    case "!" -> v == 0 ? 1L : 0L;
                    default -> v;
                };
            }
            case Typed.Binary b -> {
                Long l = eval(b.left());
                if (l == null) {
                    yield null;
                }
                if (b.op().equals("&&") && l == 0) {
                    yield 0L;
                }
                if (b.op().equals("||") && l != 0) {
                    yield 1L;
                }
                Long r = eval(b.right());
                if (r == null) {
                    yield null;
                }
                boolean unsigned = b.left().type() instanceof CType.Int i && !i.kind().signed;
                yield binary(b.op(), l, r, b.type(), unsigned);
            }
            case Typed.Conditional c -> {
                Long v = eval(c.cond());
                yield v == null ? null : eval(v != 0 ? c.ifTrue() : c.ifFalse());
            }
            default -> null;
        };
    }

    private static Long binary(String op, long l, long r, CType type, boolean unsigned) {
        return switch (op) {
            case "+" -> wrap(type, l + r);
            case "-" -> wrap(type, l - r);
            case "*" -> wrap(type, l * r);
            case "/" -> r == 0 ? null : wrap(type, unsigned ? Long.divideUnsigned(l, r) : r == -1 ? -l : l / r);
            case "%" -> r == 0 ? null : wrap(type, unsigned ? Long.remainderUnsigned(l, r) : r == -1 ? 0 : l % r);
            case "&" -> l & r;
            case "|" -> l | r;
            case "^" -> wrap(type, l ^ r);
            case "<<" -> wrap(type, l << (r & 63));
            case ">>" -> unsigned ? wrap(type, l >>> (r & 63)) : l >> (r & 63);
            case "==" -> l == r ? 1L : 0L;
            case "!=" -> l != r ? 1L : 0L;
            case "<" -> (unsigned ? Long.compareUnsigned(l, r) < 0 : l < r) ? 1L : 0L;
            case "<=" -> (unsigned ? Long.compareUnsigned(l, r) <= 0 : l <= r) ? 1L : 0L;
            case ">" -> (unsigned ? Long.compareUnsigned(l, r) > 0 : l > r) ? 1L : 0L;
            case ">=" -> (unsigned ? Long.compareUnsigned(l, r) >= 0 : l >= r) ? 1L : 0L;
            case "&&" -> l != 0 && r != 0 ? 1L : 0L;
            case "||" -> l != 0 || r != 0 ? 1L : 0L;
            default -> null;
        };
    }

    /** Wraps a value to an integer type's width and sign, as a conversion to it does. */
    public static long wrap(CType t, long v) {
        if (t instanceof CType.Enum e) {
            t = e.underlying;
        }
        if (!(t instanceof CType.Int i)) {
            return v;
        }
        return switch (i.kind().size) {
            case 1 -> i.isBool() ? (v != 0 ? 1 : 0) : i.kind().signed ? (byte) v : v & 0xFF;
            case 2 -> i.kind().signed ? (short) v : v & 0xFFFF;
            case 4 -> i.kind().signed ? (int) v : v & 0xFFFFFFFFL;
            default -> v;
        };
    }
}
