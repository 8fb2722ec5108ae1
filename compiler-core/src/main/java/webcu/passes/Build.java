package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * IR constructors the passes share, folding the trivial cases so their output stays readable:
 * arithmetic on u32 indices, the externals passes call, the thread's linear index, and the debug
 * buffer's fault records. {@link Analysis} holds the queries.
 */
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

    /**
     * The low 32 bits of a 64-bit integer expression computed in u32, or null when the expression
     * is not made only of ring operations on values that were 32-bit (or constants).
     */
    static Expr narrow(Expr e) {
        if (!is64(e.type())) {
            return e.type().equals(Type.U32) ? e : e.type() instanceof Type.Int i && i.bits() <= 32
                    ? new Expr.Convert(Type.U32, e) : null;
        }
        return switch (e) {
            case Expr.IntConst c -> new Expr.IntConst(Type.U32, c.value());
            case Expr.Convert c when c.value().type() instanceof Type.Int from && from.bits() <= 32 ->
                    from.equals(Type.U32) ? c.value() : new Expr.Convert(Type.U32, c.value());
            case Expr.Convert c when is64(c.value().type()) -> narrow(c.value());
            case Expr.Binary b when b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB || b.op() == BinaryOp.MUL
                    || b.op() == BinaryOp.AND || b.op() == BinaryOp.OR || b.op() == BinaryOp.XOR -> {
                Expr l = narrow(b.left());
                Expr r = narrow(b.right());
                yield l == null || r == null ? null : new Expr.Binary(b.op(), l, r, Type.U32);
            }
            case Expr.Binary b when b.op() == BinaryOp.SHL && b.right() instanceof Expr.IntConst c
                    && c.value() >= 0 && c.value() < 32 -> {
                Expr l = narrow(b.left());
                yield l == null ? null : new Expr.Binary(BinaryOp.SHL, l, new Expr.IntConst(Type.U32, c.value()), Type.U32);
            }
            case Expr.Unary u when u.op() == UnaryOp.NEG || u.op() == UnaryOp.NOT -> {
                Expr x = narrow(u.operand());
                yield x == null ? null : new Expr.Unary(u.op(), x, Type.U32);
            }
            case Expr.Select s -> {
                Expr a = narrow(s.ifTrue());
                Expr b = narrow(s.ifFalse());
                yield a == null || b == null ? null : new Expr.Select(s.cond(), a, b);
            }
            default -> null;
        };
    }

    private static boolean is64(Type t) {
        return t instanceof Type.Int i && i.bits() == 64;
    }

    /** The thread's index in its block, x fastest: {@code x + dx * (y + dy * z)}. */
    static Expr linearTid() {
        Expr x = new Expr.BuiltinGet(Builtin.THREAD_IDX, 0);
        Expr y = new Expr.BuiltinGet(Builtin.THREAD_IDX, 1);
        Expr z = new Expr.BuiltinGet(Builtin.THREAD_IDX, 2);
        Expr dx = new Expr.BuiltinGet(Builtin.BLOCK_DIM, 0);
        Expr dy = new Expr.BuiltinGet(Builtin.BLOCK_DIM, 1);
        return add(x, bin(BinaryOp.MUL, dx, add(y, bin(BinaryOp.MUL, dy, z))));
    }

    // ---- externals

    /** The module's {@code __webcu_atomic<op>_u32} external, created once. */
    static Function atomicU32(DeviceModule m, String op) {
        String name = "__webcu_atomic" + op + "_u32";
        Function f = m.module().function(name);
        if (f == null) {
            f = m.module().add(new Function(name, ExecutionSpace.DEVICE, Type.U32,
                    List.of(new Local(0, "address", Type.ptr(Type.U32), false), new Local(1, "val", Type.U32, false)), false,
                    Span.NONE));
        }
        return f;
    }

    /** The module's external {@code name(params) -> ret}, created once. */
    static Function external(DeviceModule m, String name, Type ret, Type... params) {
        Function f = m.module().function(name);
        if (f == null) {
            List<Local> ps = new ArrayList<>();
            for (int i = 0; i < params.length; i++) {
                ps.add(new Local(i, "p" + i, params[i], false));
            }
            f = m.module().add(new Function(name, ExecutionSpace.DEVICE, ret, ps, false, Span.NONE));
        }
        return f;
    }

    // ---- the debug buffer

    /** {@code elem(&@__webcu_debug, i)}: word {@code i} of the debug buffer. */
    static Expr debugWord(Global debug, Expr i) {
        return new Expr.ElementAddr(new Expr.GlobalAddr(debug), i);
    }

    /**
     * Records an assertion (kind {@link DebugBuffer#ASSERT}, site ≥ 0: its record, if among the
     * first) and the launch's first fault: its kind, site, block and thread.
     */
    static List<Stmt> fault(DeviceModule m, Function k, Global debug, int kind, int site, Span at) {
        List<Stmt> out = new ArrayList<>();
        if (kind == DebugBuffer.ASSERT && site >= 0) {
            Local n = k.newLocal("assert.index", Type.U32, false);
            out.add(call(n, atomicU32(m, "Add"), List.of(debugWord(debug, u32(DebugBuffer.ASSERTS)), u32(1)), at));
            Expr base = add(mul(get(n), DebugBuffer.ASSERT_RECORD_WORDS), u32(DebugBuffer.ASSERT_BASE));
            List<Stmt> record = new ArrayList<>();
            record.add(new Stmt.Store(debugWord(debug, base), u32(site), at));
            record.addAll(ids(debug, base, 1, at));
            out.add(new Stmt.If(bin(BinaryOp.LT, get(n), u32(DebugBuffer.ASSERT_RECORDS)), block(record, at),
                    Stmt.Block.empty(at), at));
        }
        Local first = k.newLocal("fault.count", Type.U32, false);
        out.add(call(first, atomicU32(m, "Add"), List.of(debugWord(debug, u32(DebugBuffer.FAULTS)), u32(1)), at));
        List<Stmt> record = new ArrayList<>();
        record.add(new Stmt.Store(debugWord(debug, u32(DebugBuffer.FAULT_KIND)), u32(kind), at));
        record.add(new Stmt.Store(debugWord(debug, u32(DebugBuffer.FAULT_SITE)), u32(Math.max(site, 0)), at));
        record.addAll(ids(debug, u32(DebugBuffer.FAULT_IDS - 1), 1, at));
        out.add(new Stmt.If(bin(BinaryOp.EQ, get(first), u32(0)), block(record, at), Stmt.Block.empty(at), at));
        return out;
    }

    /** Stores blockIdx x, y, z and threadIdx x, y, z at words {@code base + from} … {@code base + from + 5}. */
    private static List<Stmt> ids(Global debug, Expr base, int from, Span at) {
        List<Stmt> out = new ArrayList<>();
        Builtin[] which = {Builtin.BLOCK_IDX, Builtin.THREAD_IDX};
        int w = from;
        for (Builtin b : which) {
            for (int c = 0; c < 3; c++) {
                out.add(new Stmt.Store(debugWord(debug, add(base, u32(w))), new Expr.BuiltinGet(b, c), at));
                w++;
            }
        }
        return out;
    }
}
