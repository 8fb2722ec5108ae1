package webcu.frontend;

/**
 * Folds a typed expression to an integer constant, with the wraparound of its C type; null when
 * it is not constant. Division by zero is not a constant (and never reaches Java's '/').
 *
 * <p>Calls of {@code constexpr} functions whose body is a single {@code return} (the C++11 form,
 * recursion included) fold too when their arguments do, as a C++ compiler evaluates them: a
 * {@code constexpr int t = triangle(8);} in a kernel must not call a recursive function at run
 * time, which WebGPU cannot do. Other bodies stay calls.
 */
public final class ConstEval {
    /** Deeper constexpr recursion than this is left to run time (C++ compilers stop near 512 too). */
    private static final int MAX_DEPTH = 512;

    private ConstEval() {}

    /** The integer value of a typed expression if it is a constant, else null (for the lowering's initializers). */
    public static Long fold(Typed.Expr e) {
        return eval(e);
    }

    static Long eval(Typed.Expr e) {
        return eval(e, java.util.Collections.emptyMap(), 0);
    }

    /** {@code params} holds the values of the parameters of the constexpr call being evaluated. */
    private static Long eval(Typed.Expr e, java.util.Map<Typed.Var, Long> params, int depth) {
        return switch (e) {
            case Typed.IntConst c -> c.value();
            case Typed.FloatConst f -> null;
            case Typed.Convert c -> {
                if (c.operand() instanceof Typed.FloatConst f && CType.isInteger(c.type())) {
                    yield wrap(c.type(), (long) f.value());
                }
                Long v = eval(c.operand(), params, depth);
                yield v == null || !CType.isInteger(c.type()) ? null : wrap(c.type(), v);
            }
            case Typed.Load l when l.operand() instanceof Typed.VarRef v && params.containsKey(v.var()) ->
                    wrap(l.type(), params.get(v.var()));
            case Typed.Load l -> l.operand() instanceof Typed.VarRef v && v.var().constValue != null ? v.var().constValue : null;
            case Typed.VarRef v -> v.var().constValue;
            case Typed.Call c -> call(c, params, depth);
            case Typed.Unary u -> {
                Long v = eval(u.operand(), params, depth);
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
                Long l = eval(b.left(), params, depth);
                if (l == null) {
                    yield null;
                }
                if (b.op().equals("&&") && l == 0) {
                    yield 0L;
                }
                if (b.op().equals("||") && l != 0) {
                    yield 1L;
                }
                Long r = eval(b.right(), params, depth);
                if (r == null) {
                    yield null;
                }
                boolean unsigned = b.left().type() instanceof CType.Int i && !i.kind().signed;
                yield binary(b.op(), l, r, b.type(), unsigned);
            }
            case Typed.Conditional c -> {
                Long v = eval(c.cond(), params, depth);
                yield v == null ? null : eval(v != 0 ? c.ifTrue() : c.ifFalse(), params, depth);
            }
            default -> null;
        };
    }

    private static Long call(Typed.Call c, java.util.Map<Typed.Var, Long> params, int depth) {
        Sema.FunctionSym f = c.function();
        if (depth >= MAX_DEPTH || f.decl == null || !f.decl.specs().isConstexpr() || f.body == null
                || f.body.stmts().size() != 1 || !(f.body.stmts().get(0) instanceof Typed.Return r) || r.value() == null
                || !CType.isInteger(c.type()) || f.params.size() != c.args().size()) {
            return null;
        }
        java.util.Map<Typed.Var, Long> inner = new java.util.HashMap<>();
        for (int i = 0; i < c.args().size(); i++) {
            if (!CType.isInteger(f.params.get(i).type)) {
                return null;
            }
            Long v = eval(c.args().get(i), params, depth);
            if (v == null) {
                return null;
            }
            inner.put(f.params.get(i), wrap(f.params.get(i).type, v));
        }
        Long v = eval(r.value(), inner, depth + 1);
        return v == null ? null : wrap(c.type(), v);
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
