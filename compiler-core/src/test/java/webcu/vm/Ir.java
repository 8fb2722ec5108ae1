package webcu.vm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/** A small vocabulary for building IR by hand in tests, until the front end produces it. */
final class Ir {
    private Ir() {
    }

    static final Span S = new Span("test.cu", 1, 1);

    static Span at(int line) {
        return new Span("test.cu", line, 1);
    }

    static Expr.IntConst i32(long v) {
        return new Expr.IntConst(Type.I32, v);
    }

    static Expr.IntConst u32(long v) {
        return new Expr.IntConst(Type.U32, v);
    }

    static Expr.IntConst i64(long v) {
        return new Expr.IntConst(Type.I64, v);
    }

    static Expr.IntConst u64(long v) {
        return new Expr.IntConst(Type.U64, v);
    }

    static Expr.IntConst i8(long v) {
        return new Expr.IntConst(Type.I8, v);
    }

    static Expr.FloatConst f32(double v) {
        return new Expr.FloatConst(Type.F32, v);
    }

    static Expr.FloatConst f64(double v) {
        return new Expr.FloatConst(Type.F64, v);
    }

    static Expr.BoolConst bool(boolean v) {
        return new Expr.BoolConst(v);
    }

    static Expr get(Local l) {
        return new Expr.LocalGet(l);
    }

    static Expr addr(Local l) {
        return new Expr.LocalAddr(l);
    }

    static Expr load(Expr address) {
        return new Expr.Load(address);
    }

    static Expr bin(BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, op.isComparison() || op.isLogical() ? Type.BOOL : l.type());
    }

    static Expr add(Expr l, Expr r) {
        return bin(BinaryOp.ADD, l, r);
    }

    static Expr sub(Expr l, Expr r) {
        return bin(BinaryOp.SUB, l, r);
    }

    static Expr mul(Expr l, Expr r) {
        return bin(BinaryOp.MUL, l, r);
    }

    static Expr lt(Expr l, Expr r) {
        return bin(BinaryOp.LT, l, r);
    }

    static Expr ne(Expr l, Expr r) {
        return bin(BinaryOp.NE, l, r);
    }

    static Expr not(Expr e) {
        return new Expr.Unary(UnaryOp.LNOT, e, Type.BOOL);
    }

    static Expr cvt(Type t, Expr e) {
        return new Expr.Convert(t, e);
    }

    /** {@code base + index} (pointer arithmetic). */
    static Expr at(Expr base, Expr index) {
        return new Expr.PtrAdd(base, index);
    }

    static Expr builtin(Builtin b, int component) {
        return new Expr.BuiltinGet(b, component);
    }

    static Expr field(Expr base, int field) {
        return new Expr.FieldAddr(base, field);
    }

    static Stmt assign(Local l, Expr v) {
        return new Stmt.Assign(l, v, S);
    }

    static Stmt store(Expr a, Expr v) {
        return new Stmt.Store(a, v, S);
    }

    static Stmt store(Expr a, Expr v, int line) {
        return new Stmt.Store(a, v, at(line));
    }

    static Stmt call(Local result, Function f, Expr... args) {
        return new Stmt.Call(result, f, List.of(args), S);
    }

    static Stmt callAt(int line, Local result, Function f, Expr... args) {
        return new Stmt.Call(result, f, List.of(args), at(line));
    }

    static Stmt ret(Expr v) {
        return new Stmt.Return(v, S);
    }

    static Stmt ret() {
        return new Stmt.Return(null, S);
    }

    static Stmt.Block block(Stmt... s) {
        return new Stmt.Block(Arrays.asList(s), S);
    }

    static Stmt iff(Expr c, Stmt... then) {
        return new Stmt.If(c, block(then), Stmt.Block.empty(S), S);
    }

    static Stmt ifElse(Expr c, Stmt.Block then, Stmt.Block otherwise) {
        return new Stmt.If(c, then, otherwise, S);
    }

    /** for (init; cond; step) body, as the front end lowers it: a loop whose body starts with the test. */
    static Stmt forLoop(Stmt init, Expr cond, Stmt step, Stmt... body) {
        List<Stmt> b = new ArrayList<>();
        b.add(iff(not(cond), new Stmt.Break(S)));
        b.addAll(Arrays.asList(body));
        return block(init, new Stmt.Loop(new Stmt.Block(b, S), block(step), null, S));
    }

    static Stmt barrier() {
        return new Stmt.Barrier(S);
    }

    static Stmt launch(Function kernel, Expr[] grid, Expr[] block, Expr... args) {
        return new Stmt.Launch(kernel, List.of(grid), List.of(block), u64(0), new Expr.NullPtr(Type.ptr(Type.VOID)),
                List.of(args), S);
    }

    static Expr[] dim(long x) {
        return new Expr[] {u32(x), u32(1), u32(1)};
    }

    static Expr[] dim(Expr x) {
        return new Expr[] {x, u32(1), u32(1)};
    }

    static Local param(String name, Type t) {
        return new Local(0, name, t, false);
    }

    /** A function with parameters (name, type) pairs; its locals are made with f.newLocal. */
    static Function fn(Module m, String name, ExecutionSpace space, Type ret, Object... params) {
        List<Local> ps = new ArrayList<>();
        for (int i = 0; i < params.length; i += 2) {
            ps.add(new Local(i / 2, (String) params[i], (Type) params[i + 1], false));
        }
        return m.add(new Function(name, space, ret, ps, false, at(1)));
    }

    /** An external function (no body): what the library provides. */
    static Function ext(Module m, String name, Type ret, boolean variadic, Type... params) {
        Function existing = m.function(name);
        if (existing != null) {
            return existing;
        }
        List<Local> ps = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            ps.add(new Local(i, "p" + i, params[i], false));
        }
        return m.add(new Function(name, ExecutionSpace.HOST_DEVICE, ret, ps, variadic, S));
    }

    static Type.Ptr ptr(Type t) {
        return Type.ptr(t);
    }

    static final Type.Ptr VOIDP = Type.ptr(Type.VOID);
    static final Type.Ptr CHARP = Type.ptr(Type.I8);

    /** A string literal: a read-only host global; the expression is its char*. */
    static Expr str(Module m, String s) {
        byte[] b = (s + "\0").getBytes(StandardCharsets.UTF_8);
        Global g = m.add(new Global(".str" + m.globals().size(), new Type.Array(Type.I8, b.length), AddressSpace.HOST,
                b, true, false, S));
        return new Expr.ElementAddr(new Expr.GlobalAddr(g), i32(0));
    }

    static Function printf(Module m) {
        return ext(m, "printf", Type.I32, true, CHARP);
    }

    /** printf(format, args...) as a statement (result ignored); floats must already be doubles. */
    static Stmt print(Module m, String format, Expr... args) {
        List<Expr> all = new ArrayList<>();
        all.add(str(m, format));
        all.addAll(Arrays.asList(args));
        return new Stmt.Call(null, printf(m), all, S);
    }
}
