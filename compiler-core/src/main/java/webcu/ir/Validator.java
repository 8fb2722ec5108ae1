package webcu.ir;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;

/**
 * Checks that a module is well formed: every expression's operands have the types its operator
 * needs, locals belong to their function, control statements sit where they may, calls and
 * launches match their callee. Lowering and every pass must leave a valid module; tests run this
 * after each of them. A problem here is a bug in webcu, not in the user's program.
 */
public final class Validator {
    /** One problem found, with the function and the statement's span. */
    public record Problem(String function, Span span, String message) {
        @Override
        public String toString() {
            return function + " at " + span + ": " + message;
        }
    }

    private final List<Problem> problems = new ArrayList<>();
    private Function fn;
    private Span at;
    private int loops;
    private int breakables;

    public static List<Problem> validate(Module m) {
        Validator v = new Validator();
        for (Function f : m.functions()) {
            v.function(f);
        }
        return v.problems;
    }

    /** Validates and throws with every problem listed; for tests and debug builds. */
    public static void check(Module m, String after) {
        List<Problem> ps = validate(m);
        if (!ps.isEmpty()) {
            StringBuilder sb = new StringBuilder("invalid IR after " + after + ":");
            for (Problem p : ps) {
                sb.append("\n  ").append(p);
            }
            throw new webcu.diag.InternalCompilerError(sb.toString());
        }
    }

    private void function(Function f) {
        fn = f;
        at = f.span();
        if (f.isKernel() && !(f.returnType() instanceof Type.Void)) {
            problem("kernel returns " + f.returnType());
        }
        for (int i = 0; i < f.locals().size(); i++) {
            if (f.locals().get(i).id() != i) {
                problem("local " + f.locals().get(i) + " has the wrong id for position " + i);
            }
        }
        if (f.body() != null) {
            block(f.body());
        }
    }

    private void problem(String message) {
        problems.add(new Problem(fn.name(), at, message));
    }

    private void block(Stmt.Block b) {
        for (Stmt s : b.stmts()) {
            stmt(s);
        }
    }

    private void stmt(Stmt s) {
        at = s.span();
        switch (s) {
            case Stmt.Block b -> block(b);
            case Stmt.Assign a -> {
                local(a.target());
                if (a.target().addressable()) {
                    problem("assignment to addressable local " + a.target() + " (store to its address instead)");
                }
                expect(a.value(), a.target().type(), "assigned value");
            }
            case Stmt.Store st -> {
                Type t = expr(st.address());
                if (t instanceof Type.Ptr p) {
                    expect(st.value(), p.pointee(), "stored value");
                } else {
                    problem("store to a non-pointer " + t);
                }
            }
            case Stmt.WordStore w -> wordAccess(w.words(), w.byteIndex(), w.word(), expr(w.value()));
            case Stmt.Call c -> call(c);
            case Stmt.AtomicHalves a -> atomicHalves(a);
            case Stmt.If i -> {
                expect(i.cond(), Type.BOOL, "if condition");
                block(i.then());
                block(i.otherwise());
            }
            case Stmt.Loop l -> {
                loops++;
                breakables++;
                block(l.body());
                int savedBreakables = breakables;
                block(l.continuing());
                breakables = savedBreakables;
                if (l.breakIf() != null) {
                    expect(l.breakIf(), Type.BOOL, "break_if condition");
                }
                loops--;
                breakables--;
            }
            case Stmt.Switch sw -> {
                if (!(expr(sw.selector()) instanceof Type.Int)) {
                    problem("switch selector is not an integer");
                }
                int defaults = 0;
                breakables++;
                for (Stmt.Case c : sw.cases()) {
                    defaults += c.isDefault() ? 1 : 0;
                    block(c.body());
                }
                breakables--;
                if (defaults > 1) {
                    problem("switch with " + defaults + " default cases");
                }
            }
            case Stmt.Break b -> {
                if (breakables == 0) {
                    problem("break outside loop or switch");
                }
            }
            case Stmt.Continue c -> {
                if (loops == 0) {
                    problem("continue outside loop");
                }
            }
            case Stmt.Return r -> {
                if (r.value() == null) {
                    if (!(fn.returnType() instanceof Type.Void)) {
                        problem("return without a value in a function returning " + fn.returnType());
                    }
                } else {
                    expect(r.value(), fn.returnType(), "returned value");
                }
            }
            case Stmt.Barrier b -> {
                if (!fn.space().onDevice()) {
                    problem("barrier in host function");
                }
            }
            case Stmt.Launch l -> {
                if (!l.kernel().isKernel()) {
                    problem("launch of non-kernel " + l.kernel());
                }
                if (l.grid().size() != 3 || l.block().size() != 3) {
                    problem("launch needs three grid and three block dimensions");
                }
                for (Expr e : l.grid()) {
                    expect(e, Type.U32, "grid dimension");
                }
                for (Expr e : l.block()) {
                    expect(e, Type.U32, "block dimension");
                }
                expect(l.sharedBytes(), Type.U64, "shared memory size");
                if (!(expr(l.stream()) instanceof Type.Ptr)) {
                    problem("launch stream is not a pointer");
                }
                arguments(l.kernel(), l.args());
            }
        }
    }

    private void call(Stmt.Call c) {
        arguments(c.callee(), c.args());
        if (c.result() != null) {
            local(c.result());
            if (!c.result().type().equals(c.callee().returnType())) {
                problem("call result " + c.result() + ": " + c.result().type() + " but " + c.callee() + " returns "
                        + c.callee().returnType());
            }
        }
    }

    private void arguments(Function callee, List<Expr> args) {
        int n = callee.params().size();
        if (args.size() < n || args.size() > n && !callee.variadic()) {
            problem(callee + " takes " + n + " arguments, given " + args.size());
        }
        for (int i = 0; i < args.size(); i++) {
            if (i < n) {
                expect(args.get(i), callee.params().get(i).type(), "argument " + (i + 1) + " of " + callee);
            } else {
                expr(args.get(i));
            }
        }
    }

    private void local(Local l) {
        if (l.id() < 0 || l.id() >= fn.locals().size() || !fn.locals().get(l.id()).equals(l)) {
            problem("local " + l + " does not belong to " + fn);
        }
    }

    private void expect(Expr e, Type want, String what) {
        Type got = expr(e);
        if (!got.equals(want)) {
            problem(what + " has type " + got + ", expected " + want + ": " + IrPrinter.expr(e));
        }
    }

    /** Checks an expression and returns its type. */
    private Type expr(Expr e) {
        switch (e) {
            case Expr.LocalGet g -> {
                local(g.local());
                if (g.local().addressable()) {
                    problem("value read of addressable local " + g.local());
                }
            }
            case Expr.LocalAddr a -> {
                local(a.local());
                if (!a.local().addressable()) {
                    problem("address of non-addressable local " + a.local());
                }
            }
            case Expr.BuiltinGet b -> {
                if (!fn.space().onDevice()) {
                    problem(b.builtin().cudaName + " in host function");
                }
            }
            case Expr.Load l -> {
                if (!(expr(l.address()) instanceof Type.Ptr p) || p.pointee() instanceof Type.Void) {
                    // no type to give: the load's own type() would fail on a non-pointer
                    problem("load from a non-pointer or void pointer: " + IrPrinter.expr(l.address()));
                    return Type.VOID;
                }
                return e.type();
            }
            case Expr.Unary u -> {
                Type t = expr(u.operand());
                if (u.op() == UnaryOp.LNOT ? !(t instanceof Type.Bool) : !t.equals(u.type())
                        || u.op() == UnaryOp.NOT && !(t instanceof Type.Int)
                        || u.op() == UnaryOp.NEG && !(t instanceof Type.Int || t instanceof Type.Float)) {
                    problem("bad operand " + t + " for unary " + u.op());
                }
            }
            case Expr.Binary b -> binary(b);
            case Expr.Convert c -> {
                Type from = expr(c.value());
                if (!Type.isScalar(from) || !Type.isScalar(c.type())) {
                    problem("convert from " + from + " to " + c.type());
                }
            }
            case Expr.PtrAdd p -> {
                if (!(expr(p.base()) instanceof Type.Ptr)) {
                    problem("ptradd on non-pointer");
                }
                if (!(expr(p.index()) instanceof Type.Int)) {
                    problem("ptradd index is not an integer");
                }
            }
            case Expr.ElementAddr a -> {
                if (!(expr(a.base()) instanceof Type.Ptr p && p.pointee() instanceof Type.Array)) {
                    problem("elem on a pointer to a non-array");
                    return Type.ptr(Type.VOID);
                }
                if (!(expr(a.index()) instanceof Type.Int)) {
                    problem("elem index is not an integer");
                }
            }
            case Expr.FieldAddr f -> {
                if (!(expr(f.base()) instanceof Type.Ptr p && p.pointee() instanceof Type.Struct s)) {
                    problem("field of a pointer to a non-struct");
                    return Type.ptr(Type.VOID);
                }
                if (f.field() < 0 || f.field() >= s.fields().size()) {
                    problem("field " + f.field() + " out of range for " + s);
                    return Type.ptr(Type.VOID);
                }
            }
            case Expr.Fma f -> {
                if (!(f.type() instanceof Type.Float)) {
                    problem("fma of non-float type " + f.type());
                }
                expect(f.a(), f.type(), "fma operand");
                expect(f.b(), f.type(), "fma operand");
                expect(f.c(), f.type(), "fma addend");
            }
            case Expr.CheckedIndex c -> {
                if (!(expr(c.index()) instanceof Type.Int)) {
                    problem("checked index is not an integer: " + IrPrinter.expr(c));
                }
                if (!(expr(c.array()) instanceof Type.Ptr)) {
                    problem("checked index into a non-pointer: " + IrPrinter.expr(c));
                }
                if (c.bytes() != 0 && c.bytes() != 1 && c.bytes() != 2 && c.bytes() != 4 && c.bytes() != 8) {
                    problem("checked access of " + c.bytes() + " bytes: " + IrPrinter.expr(c));
                }
                if (c.site() < 0) {
                    problem("checked index without a site: " + IrPrinter.expr(c));
                }
            }
            case Expr.WordLoad w -> wordAccess(w.words(), w.byteIndex(), w.word(), w.type());
            case Expr.WordAddr w -> {
                wordAccess(w.words(), w.byteIndex(), w.word(), w.type().pointee());
                if (wordBytes(w.type().pointee()) < 4) {
                    problem("word address of a " + w.type().pointee() + ", less than a word: " + IrPrinter.expr(w));
                }
            }
            case Expr.PureCall c -> {
                if (c.name().isEmpty()) {
                    problem("pure call without a name");
                }
                if (!Type.isScalar(c.type())) {
                    problem("pure call " + c.name() + " of non-scalar type " + c.type());
                }
                for (Expr a : c.args()) {
                    expr(a);
                }
            }
            case Expr.Select s -> {
                expect(s.cond(), Type.BOOL, "select condition");
                Type t = expr(s.ifTrue());
                expect(s.ifFalse(), t, "select operand");
            }
            case Expr.IntConst c -> { }
            case Expr.FloatConst c -> { }
            case Expr.BoolConst c -> { }
            case Expr.NullPtr n -> { }
            case Expr.GlobalAddr g -> { }
        }
        return e.type();
    }

    /** A split 64-bit atomic: add to xor, on a word view's 64-bit integer, its value and result of that type. */
    private void atomicHalves(Stmt.AtomicHalves a) {
        Type value = expr(a.value());
        if (!(a.address() instanceof Expr.WordAddr w)) {
            problem("atomic halves on " + IrPrinter.expr(a.address()) + ", not a word address");
            return;
        }
        expr(w);
        Type t = w.type().pointee();
        if (!(t instanceof Type.Int i && i.bits() == 64)) {
            problem("atomic halves on a " + t + ", not a 64-bit integer");
        }
        if (!java.util.Set.of(BinaryOp.ADD, BinaryOp.SUB, BinaryOp.AND, BinaryOp.OR, BinaryOp.XOR).contains(a.op())) {
            problem("atomic halves of " + a.op() + ", not add, sub, and, or or xor");
        }
        if (!value.equals(t)) {
            problem("atomic halves of a " + value + " on a " + t);
        }
        if (a.result() != null) {
            local(a.result());
            if (!a.result().type().equals(t)) {
                problem("atomic halves' result " + a.result() + ": " + a.result().type() + " but the place holds " + t);
            }
        }
    }

    /**
     * A word load's, store's or address's operands: a pointer root, a u32 byte index and word
     * index, and a scalar of 1, 2, 4 or 8 bytes.
     */
    private void wordAccess(Expr words, Expr byteIndex, Expr word, Type t) {
        if (!(expr(words) instanceof Type.Ptr)) {
            problem("word access into a non-pointer: " + IrPrinter.expr(words));
        }
        expect(byteIndex, Type.U32, "byte index of a word access");
        expect(word, Type.U32, "word index of a word access");
        int bytes = wordBytes(t);
        if (!Type.isScalar(t) || bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) {
            problem("word access of a " + t + ", not a scalar of 1, 2, 4 or 8 bytes");
        }
    }

    /** The bytes a word access of {@code t} covers: a bool takes one. */
    private static int wordBytes(Type t) {
        return t instanceof Type.Bool ? 1 : t.size();
    }

    private void binary(Expr.Binary b) {
        Type l = expr(b.left());
        Type r = expr(b.right());
        BinaryOp op = b.op();
        if (op.isLogical()) {
            if (!(l instanceof Type.Bool && r instanceof Type.Bool && b.type() instanceof Type.Bool)) {
                problem(op + " needs bool operands, has " + l + " and " + r);
            }
        } else if (op.isComparison()) {
            if (!l.equals(r) || !(b.type() instanceof Type.Bool) || !Type.isScalar(l)) {
                problem(op + " compares " + l + " with " + r);
            }
        } else if (op == BinaryOp.SHL || op == BinaryOp.SHR) {
            if (!(l instanceof Type.Int) || !(r instanceof Type.Int) || !l.equals(b.type())) {
                problem(op + " on " + l + " by " + r);
            }
        } else {
            boolean bitwise = op == BinaryOp.AND || op == BinaryOp.OR || op == BinaryOp.XOR;
            boolean okType = l instanceof Type.Int || l instanceof Type.Float && !bitwise && op != BinaryOp.REM
                    || l instanceof Type.Bool && bitwise;
            if (!l.equals(r) || !l.equals(b.type()) || !okType) {
                problem(op + " on " + l + " and " + r + " giving " + b.type());
            }
        }
    }
}
