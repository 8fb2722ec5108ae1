package webcu.passes;

import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/** Small IR constructors the passes share, folding the trivial cases so their output stays readable. */
final class Build {
    private Build() {
    }

    static Expr u32(long v) {
        return new Expr.IntConst(Type.U32, v);
    }

    static Expr i32(long v) {
        return new Expr.IntConst(Type.I32, v);
    }

    static Expr get(Local l) {
        return new Expr.LocalGet(l);
    }

    static boolean isZero(Expr e) {
        return e instanceof Expr.IntConst c && c.value() == 0;
    }

    /** {@code a + b} in u32, dropping a zero operand and folding two constants. */
    static Expr add(Expr a, Expr b) {
        if (isZero(a)) {
            return b;
        }
        if (isZero(b)) {
            return a;
        }
        if (a instanceof Expr.IntConst x && b instanceof Expr.IntConst y) {
            return u32(x.value() + y.value());
        }
        return new Expr.Binary(BinaryOp.ADD, a, b, Type.U32);
    }

    /** {@code a * c} in u32 for a constant {@code c}. */
    static Expr mul(Expr a, long c) {
        if (c == 1 || isZero(a)) {
            return a;
        }
        if (c == 0) {
            return u32(0);
        }
        if (a instanceof Expr.IntConst x) {
            return u32(x.value() * c);
        }
        return new Expr.Binary(BinaryOp.MUL, a, u32(c), Type.U32);
    }

    static Expr bin(BinaryOp op, Expr a, Expr b) {
        Type t = op.isComparison() || op.isLogical() ? Type.BOOL : a.type();
        return new Expr.Binary(op, a, b, t);
    }

    /** The value as {@code t}, converting only when the types differ. */
    static Expr as(Type t, Expr e) {
        return e.type().equals(t) ? e : new Expr.Convert(t, e);
    }

    static Stmt assign(Local l, Expr v, Span at) {
        return new Stmt.Assign(l, v, at);
    }

    static Stmt.Block block(List<Stmt> stmts, Span at) {
        return new Stmt.Block(stmts, at);
    }

    static Stmt.Call call(Local result, Function f, List<Expr> args, Span at) {
        return new Stmt.Call(result, f, args, at);
    }

    /** The pointee of a pointer type. */
    static Type pointee(Type t) {
        return ((Type.Ptr) t).pointee();
    }
}
