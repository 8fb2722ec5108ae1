package webcu.passes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Builds IR by hand for the pass and WGSL writer tests, as the lowering would produce it for
 * small CUDA kernels. Statements get the span {@code t.cu:LINE:3}, where LINE is {@link #line}
 * at the time they are built, so an error test can say which line a diagnostic points at.
 */
public final class TestIr {
    /** The source line given to the statements built next. */
    public static int line = 1;

    private TestIr() {
    }

    public static Span here() {
        return new Span("t.cu", line, 3);
    }

    public static Local param(int id, String name, Type t) {
        return new Local(id, name, t, false);
    }

    public static Function function(ExecutionSpace space, String name, Type ret, Local... params) {
        return new Function(name, space, ret, Arrays.asList(params), false, new Span("t.cu", line, 1));
    }

    public static Function kernel(String name, Local... params) {
        return function(ExecutionSpace.KERNEL, name, Type.VOID, params);
    }

    public static Function external(String name, Type ret, Type... params) {
        List<Local> ps = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            ps.add(param(i, "p" + i, params[i]));
        }
        return new Function(name, ExecutionSpace.HOST_DEVICE, ret, ps, false, Span.NONE);
    }

    public static Module module(Function... fs) {
        Module m = new Module();
        for (Function f : fs) {
            m.add(f);
        }
        return m;
    }

    // ---- expressions

    public static Expr i32(long v) {
        return new Expr.IntConst(Type.I32, v);
    }

    public static Expr u32(long v) {
        return new Expr.IntConst(Type.U32, v);
    }

    public static Expr i64(long v) {
        return new Expr.IntConst(Type.I64, v);
    }

    public static Expr f32(double v) {
        return new Expr.FloatConst(Type.F32, v);
    }

    public static Expr f64(double v) {
        return new Expr.FloatConst(Type.F64, v);
    }

    public static Expr bool(boolean v) {
        return new Expr.BoolConst(v);
    }

    public static Expr get(Local l) {
        return new Expr.LocalGet(l);
    }

    public static Expr addr(Local l) {
        return new Expr.LocalAddr(l);
    }

    public static Expr bin(BinaryOp op, Expr a, Expr b) {
        Type t = op.isComparison() || op.isLogical() ? Type.BOOL : a.type();
        return new Expr.Binary(op, a, b, t);
    }

    public static Expr add(Expr a, Expr b) {
        return bin(BinaryOp.ADD, a, b);
    }

    public static Expr sub(Expr a, Expr b) {
        return bin(BinaryOp.SUB, a, b);
    }

    public static Expr mul(Expr a, Expr b) {
        return bin(BinaryOp.MUL, a, b);
    }

    public static Expr lt(Expr a, Expr b) {
        return bin(BinaryOp.LT, a, b);
    }

    public static Expr cvt(Type t, Expr e) {
        return new Expr.Convert(t, e);
    }

    public static Expr load(Expr address) {
        return new Expr.Load(address);
    }

    /** {@code base + i}: C's pointer arithmetic, in elements. */
    public static Expr ptradd(Expr base, Expr i) {
        return new Expr.PtrAdd(base, i);
    }

    /** {@code base[i]} read: {@code load(ptradd(base, i))}. */
    public static Expr at(Local base, Expr i) {
        return load(ptradd(get(base), i));
    }

    public static Expr elem(Expr base, Expr i) {
        return new Expr.ElementAddr(base, i);
    }

    public static Expr select(Expr c, Expr a, Expr b) {
        return new Expr.Select(c, a, b);
    }

    public static Expr tid(int c) {
        return new Expr.BuiltinGet(Builtin.THREAD_IDX, c);
    }

    public static Expr bid(int c) {
        return new Expr.BuiltinGet(Builtin.BLOCK_IDX, c);
    }

    public static Expr bdim(int c) {
        return new Expr.BuiltinGet(Builtin.BLOCK_DIM, c);
    }

    public static Expr gdim(int c) {
        return new Expr.BuiltinGet(Builtin.GRID_DIM, c);
    }

    /** {@code (int)(blockIdx.c * blockDim.c + threadIdx.c)}: the usual global index. */
    public static Expr globalIndex(int c) {
        return cvt(Type.I32, add(mul(bid(c), bdim(c)), tid(c)));
    }

    // ---- statements

    public static Stmt.Block block(Stmt... stmts) {
        return new Stmt.Block(Arrays.asList(stmts), here());
    }

    public static Stmt assign(Local l, Expr v) {
        return new Stmt.Assign(l, v, here());
    }

    public static Stmt store(Expr address, Expr v) {
        return new Stmt.Store(address, v, here());
    }

    /** {@code base[i] = v}. */
    public static Stmt storeAt(Local base, Expr i, Expr v) {
        return store(ptradd(get(base), i), v);
    }

    public static Stmt ifThen(Expr cond, Stmt... then) {
        return new Stmt.If(cond, block(then), Stmt.Block.empty(here()), here());
    }

    public static Stmt ifElse(Expr cond, Stmt.Block then, Stmt.Block otherwise) {
        return new Stmt.If(cond, then, otherwise, here());
    }

    public static Stmt loop(Stmt.Block body, Stmt.Block continuing, Expr breakIf) {
        return new Stmt.Loop(body, continuing, breakIf, here());
    }

    public static Stmt brk() {
        return new Stmt.Break(here());
    }

    public static Stmt cont() {
        return new Stmt.Continue(here());
    }

    public static Stmt ret() {
        return new Stmt.Return(null, here());
    }

    public static Stmt ret(Expr v) {
        return new Stmt.Return(v, here());
    }

    public static Stmt barrier() {
        return new Stmt.Barrier(here());
    }

    public static Stmt call(Local result, Function callee, Expr... args) {
        return new Stmt.Call(result, callee, Arrays.asList(args), here());
    }

    // ---- whole kernels

    /**
     * {@code __global__ void add(const T *a, const T *b, T *c, int n)} with
     * {@code int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i];}.
     */
    public static Module vectorAdd(String name, Type t) {
        line = 5;
        Local a = param(0, "a", Type.ptr(t));
        Local b = param(1, "b", Type.ptr(t));
        Local c = param(2, "c", Type.ptr(t));
        Local n = param(3, "n", Type.I32);
        Function k = kernel(name, a, b, c, n);
        Local i = k.newLocal("i", Type.I32, false);
        line = 7;
        Stmt s1 = assign(i, globalIndex(0));
        line = 8;
        Stmt s2 = ifThen(lt(get(i), get(n)), storeAt(c, get(i), add(at(a, get(i)), at(b, get(i)))));
        k.setBody(block(s1, s2));
        return module(k);
    }
}
