package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.vm.Ir.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/** C's integer, float and conversion semantics as the VM implements them, host and device. */
class SemanticsTest {
    /** Runs {@code return e;} in a fresh function on the host (or device) VM. */
    private static VmThread eval(Expr e, boolean device) {
        Module m = new Module();
        Function f = fn(m, "f", device ? ExecutionSpace.DEVICE : ExecutionSpace.HOST, e.type());
        f.setBody(block(ret(e)));
        return runFunction(m, f, device);
    }

    static VmThread runFunction(Module m, Function f, boolean device) {
        Memory mem = device ? Memory.device() : Memory.host();
        Program p = new Program(m, device, mem, g -> mem.allocate(g.type().size(), Segment.GLOBAL, g.name(), null, false).base);
        Interpreter in = new Interpreter(p);
        VmThread t = new VmThread(mem, 0);
        t.start(p.code(f));
        int status = in.run(t, 1_000_000);
        if (status == Interpreter.FAULT) {
            return t;
        }
        assertEquals(Interpreter.DONE, status);
        return t;
    }

    private static long host(Expr e) {
        VmThread t = eval(e, false);
        if (t.fault != null) {
            throw t.fault;
        }
        return t.returnValue;
    }

    private static long device(Expr e) {
        VmThread t = eval(e, true);
        if (t.fault != null) {
            throw t.fault;
        }
        return t.returnValue;
    }

    private static double hostF(Expr e) {
        return eval(e, false).returnValueF;
    }

    private static Expr op(BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, op.isComparison() ? Type.BOOL : l.type());
    }

    @Test
    void add_I32_wrapsAround() {
        assertEquals(Integer.MIN_VALUE, host(add(i32(Integer.MAX_VALUE), i32(1))));
        assertEquals(Integer.MIN_VALUE, host(op(BinaryOp.ADD, i32(Integer.MAX_VALUE), i32(1))));
    }

    @Test
    void sub_U32_wrapsToLargeUnsigned() {
        assertEquals(4294967295L, host(sub(u32(0), u32(1))));
        assertEquals(4294967295L, host(op(BinaryOp.SUB, u32(0), new Expr.Convert(Type.U32, i32(1)))));
    }

    @Test
    void mul_U32_andI64_wrap() {
        assertEquals((65536L * 65536L) & 0xFFFFFFFFL, host(mul(u32(65536), u32(65536))));
        assertEquals(Long.MIN_VALUE, host(mul(i64(Long.MIN_VALUE), i64(-1))));
    }

    @Test
    void add_I8_wrapsAtEightBits() {
        assertEquals(-128, host(op(BinaryOp.ADD, i8(127), i8(1))));
        assertEquals(0, host(op(BinaryOp.ADD, new Expr.IntConst(Type.U8, 255), new Expr.IntConst(Type.U8, 1))));
    }

    @Test
    void divRem_truncateTowardZero() {
        assertEquals(-3, host(op(BinaryOp.DIV, i32(-7), i32(2))));
        assertEquals(-1, host(op(BinaryOp.REM, i32(-7), i32(2))));
        assertEquals(1, host(op(BinaryOp.REM, i32(7), i32(-2))));
        assertEquals(-3, host(op(BinaryOp.DIV, i64(-7), i64(2))));
        assertEquals(2147483647L, host(op(BinaryOp.DIV, u32(4294967295L), u32(2))));
        assertEquals(Long.MAX_VALUE, host(op(BinaryOp.DIV, u64(-1), u64(2))));
        assertEquals(1, host(op(BinaryOp.REM, u64(-1), u64(2))));
    }

    @Test
    void div_MinByMinusOne_wrapsWithoutTrap() {
        assertEquals(Integer.MIN_VALUE, host(op(BinaryOp.DIV, i32(Integer.MIN_VALUE), i32(-1))));
        assertEquals(0, host(op(BinaryOp.REM, i32(Integer.MIN_VALUE), i32(-1))));
        assertEquals(Long.MIN_VALUE, host(op(BinaryOp.DIV, i64(Long.MIN_VALUE), i64(-1))));
        assertEquals(0, host(op(BinaryOp.REM, i64(Long.MIN_VALUE), i64(-1))));
    }

    @Test
    void divByZero_faultsOnHost() {
        VmThread t = eval(op(BinaryOp.DIV, i32(7), i32(0)), false);
        assertNotNull(t.fault);
        assertEquals(VmFault.DIVIDE_BY_ZERO, t.fault.kind);
    }

    @Test
    void divByZero_givesAllOnesOnDevice() {
        assertEquals(-1, device(op(BinaryOp.DIV, i32(7), i32(0))));
        assertEquals(4294967295L, device(op(BinaryOp.DIV, u32(7), u32(0))));
        assertEquals(7, device(op(BinaryOp.REM, i32(7), i32(0))));
        assertEquals(-1, device(op(BinaryOp.DIV, u64(7), u64(0))));
    }

    @Test
    void compare_unsignedAndSigned() {
        assertEquals(1, host(op(BinaryOp.GT, u32(0xFFFFFFFFL), u32(1))));
        assertEquals(1, host(op(BinaryOp.LT, i32(-1), i32(1))));
        assertEquals(1, host(op(BinaryOp.GT, u64(-1), u64(1))));
        assertEquals(0, host(op(BinaryOp.GT, i64(-1), i64(1))));
        assertEquals(1, host(op(BinaryOp.GE, u64(0x8000000000000000L), u64(0x7FFFFFFFFFFFFFFFL))));
    }

    @Test
    void shift_clampsOnDeviceAndMasksOnHost() {
        assertEquals(0, device(op(BinaryOp.SHL, u32(1), i32(32))));
        assertEquals(1, host(op(BinaryOp.SHL, u32(1), i32(32))));
        assertEquals(-1, device(op(BinaryOp.SHR, i32(-8), i32(40))));
        assertEquals(0, device(op(BinaryOp.SHR, u32(0x80000000L), i32(32))));
        assertEquals(0x80000000L, host(op(BinaryOp.SHR, u32(0x80000000L), i32(32))));
        assertEquals(-4, host(op(BinaryOp.SHR, i32(-8), i32(1))));
        assertEquals(0x7FFFFFFC, host(op(BinaryOp.SHR, u32(0xFFFFFFF8L), i32(1))));
        assertEquals(Integer.MIN_VALUE, host(op(BinaryOp.SHL, i32(1), i32(31))));
    }

    @Test
    void floatToInt_truncatesAndSaturates() {
        assertEquals(-1, host(cvt(Type.I32, f32(-1.5))));
        assertEquals(Integer.MAX_VALUE, host(cvt(Type.I32, f32(3e9))));
        assertEquals(Integer.MIN_VALUE, host(cvt(Type.I32, f32(-3e9))));
        assertEquals(0, host(cvt(Type.U32, f32(-1.0))));
        assertEquals(4294967295L, host(cvt(Type.U32, f64(1e12))));
        assertEquals(0, host(cvt(Type.I32, f32(Double.NaN))));
        assertEquals(127, host(cvt(Type.I8, f32(1000))));
        assertEquals(-1L, host(cvt(Type.U64, f64(1e30))));
        assertEquals(0x8000000000000000L, host(cvt(Type.U64, f64(9223372036854775808.0))));
    }

    @Test
    void intToFloat_roundsToNearestEven() {
        assertEquals(16777216.0, hostF(cvt(Type.F32, i32(16777217))));
        assertEquals(18446744073709551615.0, hostF(cvt(Type.F64, u64(-1))));
        assertEquals(4294967295.0, hostF(cvt(Type.F64, u32(0xFFFFFFFFL))));
        assertEquals(-1.0, hostF(cvt(Type.F32, i32(-1))));
    }

    @Test
    void floatArithmetic_isSinglePrecision() {
        // 1 + 2^-24 is not a float: the sum rounds back to 1 in float, but not in double.
        assertEquals(1.0, hostF(add(f32(1.0), f32(Math.pow(2, -24)))));
        assertEquals(1.0 + Math.pow(2, -24), hostF(add(f64(1.0), f64(Math.pow(2, -24)))));
        assertEquals((float) (0.1f * 3.0f), hostF(mul(f32(0.1), f32(3.0))));
        assertEquals((float) 0.1, hostF(cvt(Type.F32, f64(0.1))));
    }

    @Test
    void boolConversions() {
        assertEquals(1, host(cvt(Type.BOOL, i32(5))));
        assertEquals(0, host(cvt(Type.BOOL, f32(0.0))));
        assertEquals(1, host(cvt(Type.BOOL, f64(Double.NaN))));
        assertEquals(1, host(cvt(Type.I32, bool(true))));
        assertEquals(1.0, hostF(cvt(Type.F64, bool(true))));
    }

    @Test
    void intConversions_wrapAndExtend() {
        assertEquals(-1, host(cvt(Type.I32, u64(0xFFFFFFFFL))));
        assertEquals(0xFFFFFFFFL, host(cvt(Type.U32, i32(-1))));
        assertEquals(-1L, host(cvt(Type.U64, i32(-1))));
        assertEquals(0x34, host(cvt(Type.U8, i32(0x1234))));
        assertEquals(-1, host(cvt(Type.I16, u32(0xFFFF))));
    }

    @Test
    void logical_shortCircuits() {
        // 1 / 0 on the host faults, so reaching it would show.
        Expr boom = op(BinaryOp.EQ, op(BinaryOp.DIV, i32(1), i32(0)), i32(0));
        assertEquals(0, host(op(BinaryOp.LAND, bool(false), boom)));
        assertEquals(1, host(op(BinaryOp.LOR, bool(true), boom)));
        assertEquals(5, host(new Expr.Select(bool(true), i32(5), op(BinaryOp.DIV, i32(1), i32(0)))));
        assertEquals(0, host(new Expr.Unary(UnaryOp.NOT, i32(-1), Type.I32)));
        assertEquals(0xFFFFFFFEL, host(new Expr.Unary(UnaryOp.NOT, u32(1), Type.U32)));
        assertEquals(-5, host(new Expr.Unary(UnaryOp.NEG, i32(5), Type.I32)));
        assertEquals(Integer.MIN_VALUE, host(new Expr.Unary(UnaryOp.NEG, i32(Integer.MIN_VALUE), Type.I32)));
    }

    @Test
    void loopsAndSwitch_computeFactorialAndClassify() {
        Module m = new Module();
        Function f = fn(m, "f", ExecutionSpace.HOST, Type.I64, "n", Type.I32);
        Local n = f.params().get(0);
        Local acc = f.newLocal("acc", Type.I64, false);
        Local i = f.newLocal("i", Type.I32, false);
        Local cls = f.newLocal("cls", Type.I64, false);
        f.setBody(block(
                assign(acc, i64(1)),
                forLoop(assign(i, i32(2)), op(BinaryOp.LE, get(i), get(n)), assign(i, add(get(i), i32(1))),
                        assign(acc, mul(get(acc), cvt(Type.I64, get(i))))),
                new Stmt.Switch(get(n), List.of(
                        new Stmt.Case(List.of(1L, 2L), false, block(assign(cls, i64(100)))),
                        new Stmt.Case(List.of(10L), false, block(assign(cls, i64(200)), new Stmt.Break(S))),
                        new Stmt.Case(List.of(), true, block(assign(cls, i64(300))))), S),
                ret(add(get(acc), get(cls)))));
        VmThread t = new VmThread(Memory.host(), 0);
        Program p = new Program(m, false, t.mem, g -> 0);
        Interpreter in = new Interpreter(p);
        t.start(p.code(f));
        t.setParam(0, 10);
        assertEquals(Interpreter.DONE, in.run(t, 1_000_000));
        assertEquals(3628800 + 200, t.returnValue);
        t.start(p.code(f));
        t.setParam(0, 2);
        in.run(t, 1_000_000);
        assertEquals(2 + 100, t.returnValue);
        t.start(p.code(f));
        t.setParam(0, 5);
        in.run(t, 1_000_000);
        assertEquals(120 + 300, t.returnValue);
    }

    @Test
    void frameLocals_areAccessedFromTheFrameRegister() {
        // int f(int n) { int s = 0; int *p = &s; for (int i = 0; i < n; i++) s = s + i; return *p + n; }
        // with n and s in the frame (their addresses taken): a FRAME at entry and one for &s, none per use
        Module m = new Module();
        Local n = new Local(0, "n", Type.I32, true);
        Function f = m.add(new Function("f", ExecutionSpace.HOST, Type.I32, List.of(n), false, S));
        Local s = f.newLocal("s", Type.I32, true);
        Local p = f.newLocal("p", ptr(Type.I32), false);
        Local i = f.newLocal("i", Type.I32, false);
        f.setBody(block(
                assign(s, i32(0)),
                assign(p, addr(s)),
                forLoop(assign(i, i32(0)), lt(get(i), load(addr(n))), assign(i, add(get(i), i32(1))),
                        assign(s, add(get(s), get(i)))),
                ret(add(load(get(p)), get(n)))));
        VmThread t = new VmThread(Memory.host(), 0);
        Program p2 = new Program(m, false, t.mem, g -> 0);
        Code code = p2.code(f);
        assertEquals(2, code.listing(0, code.code.length).lines().filter(l -> l.contains(": frame ")).count(), code.toString());
        t.start(code);
        t.setParam(0, 10);
        assertEquals(Interpreter.DONE, new Interpreter(p2).run(t, 1_000_000));
        assertEquals(45 + 10, t.returnValue);
    }

    @Test
    void recursion_usesExplicitFramesNotJavaStack() {
        // int depth(int n) { int local[4]; local[0] = n; return n == 0 ? 0 : 1 + depth(n - 1); }
        Module m = new Module();
        Function f = fn(m, "depth", ExecutionSpace.HOST, Type.I32, "n", Type.I32);
        Local n = f.params().get(0);
        Local arr = f.newLocal("local", new Type.Array(Type.I32, 4), true);
        Local r = f.newLocal("r", Type.I32, false);
        f.setBody(block(
                store(new Expr.ElementAddr(addr(arr), i32(0)), get(n)),
                iff(op(BinaryOp.EQ, get(n), i32(0)), ret(i32(0))),
                call(r, f, sub(get(n), i32(1))),
                ret(add(i32(1), get(r)))));
        VmThread t = new VmThread(Memory.host(), 0);
        Program p = new Program(m, false, t.mem, g -> 0);
        Interpreter in = new Interpreter(p);
        t.start(p.code(f));
        t.setParam(0, 50_000);
        assertEquals(Interpreter.DONE, in.run(t, 100_000_000));
        assertEquals(50_000, t.returnValue);
    }

    @Test
    void budget_stopsAndResumes() {
        Module m = new Module();
        Function f = fn(m, "f", ExecutionSpace.HOST, Type.I32);
        Local i = f.newLocal("i", Type.I32, false);
        f.setBody(block(
                forLoop(assign(i, i32(0)), lt(get(i), i32(1000)), assign(i, add(get(i), i32(1)))),
                ret(get(i))));
        VmThread t = new VmThread(Memory.host(), 0);
        Program p = new Program(m, false, t.mem, g -> 0);
        Interpreter in = new Interpreter(p);
        t.start(p.code(f));
        int slices = 0;
        int status;
        do {
            status = in.run(t, 100);
            slices++;
        } while (status == Interpreter.BUDGET);
        assertEquals(Interpreter.DONE, status);
        assertEquals(1000, t.returnValue);
        assertTrue(slices > 10, "ran in " + slices + " slices");
    }

    @Test
    void structValues_copyBytesThroughCallsAndReturns() {
        // struct P { int x; float y; }; P make(int x) { P p; p.x = x; p.y = 1.5f; return p; }
        // int main() { P q = make(7); P r; r = q; return r.x * 10 + (int)(r.y * 2); }
        Type.Struct ps = new Type.Struct("P");
        ps.complete(List.of(new Type.Field("x", Type.I32, 0), new Type.Field("y", Type.F32, 4)), 8, 4);
        Module m = new Module();
        Function make = fn(m, "make", ExecutionSpace.HOST, ps, "x", Type.I32);
        Local p = make.newLocal("p", ps, true);
        make.setBody(block(
                store(field(addr(p), 0), get(make.params().get(0))),
                store(field(addr(p), 1), f32(1.5)),
                ret(load(addr(p)))));
        Function main = fn(m, "main", ExecutionSpace.HOST, Type.I32);
        Local q = main.newLocal("q", ps, true);
        Local r = main.newLocal("r", ps, true);
        main.setBody(block(
                call(q, make, i32(7)),
                store(addr(r), load(addr(q))),
                ret(add(mul(load(field(addr(r), 0)), i32(10)),
                        cvt(Type.I32, mul(load(field(addr(r), 1)), f32(2.0)))))));
        VmThread t = runFunction(m, main, false);
        assertEquals(73, t.returnValue);
    }
}
