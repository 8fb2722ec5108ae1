package webcu.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.InternalCompilerError;
import webcu.diag.Span;

/**
 * The validator rejects each kind of bad IR it knows, one test per message: every test builds a
 * function that is valid but for one fault and expects exactly that one problem.
 */
class ValidatorTest {
    private static final Type.Array ARRAY = new Type.Array(Type.F32, 4);
    private final Module module = new Module();

    private Function function(String name, ExecutionSpace space, Type returns, Stmt... body) {
        Function f = new Function(name, space, returns, List.of(), false, Span.NONE);
        f.setBody(block(body));
        module.add(f);
        return f;
    }

    private static Stmt.Block block(Stmt... stmts) {
        return new Stmt.Block(List.of(stmts), Span.NONE);
    }

    private static Expr i32(long v) {
        return new Expr.IntConst(Type.I32, v);
    }

    private static Expr u32(long v) {
        return new Expr.IntConst(Type.U32, v);
    }

    private static Expr f32(double v) {
        return new Expr.FloatConst(Type.F32, v);
    }

    /** The one problem the module has; fails when it has none or several. */
    private String onlyProblem() {
        List<Validator.Problem> problems = Validator.validate(module);
        assertEquals(1, problems.size(), () -> "expected one problem, got " + problems);
        return problems.get(0).message();
    }

    private void rejects(String expected) {
        String message = onlyProblem();
        assertTrue(message.startsWith(expected), () -> "expected '" + expected + "…', got '" + message + "'");
    }

    /** The well-formed twin of the functions below: without it every test could pass by rejecting anything. */
    @Test
    void acceptsAWellFormedKernelAndHostFunction() {
        Function k = function("k", ExecutionSpace.KERNEL, Type.VOID);
        Local i = k.newLocal("i", Type.U32, false);
        Local slot = k.newLocal("slot", ARRAY, true);
        Stmt.Loop loop = new Stmt.Loop(block(
                new Stmt.If(new Expr.Binary(BinaryOp.GE, new Expr.LocalGet(i), u32(4), Type.BOOL),
                        block(new Stmt.Break(Span.NONE)), block(), Span.NONE),
                new Stmt.Store(new Expr.ElementAddr(new Expr.LocalAddr(slot), new Expr.LocalGet(i)),
                        new Expr.Fma(f32(1), f32(2), f32(3), Type.F32), Span.NONE),
                new Stmt.Barrier(Span.NONE)),
                block(new Stmt.Assign(i, new Expr.Binary(BinaryOp.ADD, new Expr.LocalGet(i), u32(1), Type.U32), Span.NONE)),
                null, Span.NONE);
        k.setBody(block(new Stmt.Assign(i, new Expr.BuiltinGet(Builtin.THREAD_IDX, 0), Span.NONE), loop));
        Function main = function("main", ExecutionSpace.HOST, Type.I32);
        main.setBody(block(
                new Stmt.Launch(k, List.of(u32(1), u32(1), u32(1)), List.of(u32(32), u32(1), u32(1)),
                        new Expr.IntConst(Type.U64, 0), new Expr.NullPtr(Type.ptr(Type.VOID)), List.of(), Span.NONE),
                new Stmt.Return(i32(0), Span.NONE)));
        assertEquals(List.of(), Validator.validate(module));
    }

    @Test
    void kernelReturningAValue() {
        function("k", ExecutionSpace.KERNEL, Type.I32, new Stmt.Return(i32(1), Span.NONE));
        rejects("kernel returns i32");
    }

    @Test
    void localWithTheWrongId() {
        Function f = function("f", ExecutionSpace.HOST, Type.VOID);
        f.newLocal("a", Type.I32, false);
        f.locals().set(0, new Local(3, "a", Type.I32, false));
        rejects("local ");
        assertTrue(onlyProblem().contains("has the wrong id for position 0"));
    }

    @Test
    void assignmentToAnAddressableLocal() {
        Function f = function("f", ExecutionSpace.HOST, Type.VOID);
        Local a = f.newLocal("a", Type.I32, true);
        f.setBody(block(new Stmt.Assign(a, i32(1), Span.NONE)));
        rejects("assignment to addressable local");
    }

    @Test
    void storeThroughANonPointer() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Store(i32(8), i32(1), Span.NONE));
        rejects("store to a non-pointer i32");
    }

    @Test
    void operandOfTheWrongType() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.If(i32(1), block(), block(), Span.NONE));
        rejects("if condition has type i32, expected bool");
    }

    @Test
    void switchOnANonInteger() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Switch(f32(1), List.of(), Span.NONE));
        rejects("switch selector is not an integer");
    }

    @Test
    void switchWithTwoDefaults() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Switch(i32(1), List.of(
                new Stmt.Case(List.of(), true, block()), new Stmt.Case(List.of(), true, block())), Span.NONE));
        rejects("switch with 2 default cases");
    }

    @Test
    void breakOutsideALoopOrSwitch() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Break(Span.NONE));
        rejects("break outside loop or switch");
    }

    @Test
    void continueInASwitchOutsideALoop() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Switch(i32(1), List.of(
                new Stmt.Case(List.of(1L), false, block(new Stmt.Continue(Span.NONE)))), Span.NONE));
        rejects("continue outside loop");
    }

    @Test
    void returnWithoutAValue() {
        function("f", ExecutionSpace.HOST, Type.I32, new Stmt.Return(null, Span.NONE));
        rejects("return without a value in a function returning i32");
    }

    @Test
    void barrierInHostCode() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Barrier(Span.NONE));
        rejects("barrier in host function");
    }

    private Stmt.Launch launch(Function kernel, List<Expr> grid, Expr stream) {
        return new Stmt.Launch(kernel, grid, List.of(u32(32), u32(1), u32(1)), new Expr.IntConst(Type.U64, 0), stream,
                List.of(), Span.NONE);
    }

    @Test
    void launchOfADeviceFunction() {
        Function d = function("d", ExecutionSpace.DEVICE, Type.VOID);
        function("main", ExecutionSpace.HOST, Type.VOID,
                launch(d, List.of(u32(1), u32(1), u32(1)), new Expr.NullPtr(Type.ptr(Type.VOID))));
        rejects("launch of non-kernel");
    }

    @Test
    void launchWithTwoGridDimensions() {
        Function k = function("k", ExecutionSpace.KERNEL, Type.VOID);
        function("main", ExecutionSpace.HOST, Type.VOID, launch(k, List.of(u32(1), u32(1)), new Expr.NullPtr(Type.ptr(Type.VOID))));
        rejects("launch needs three grid and three block dimensions");
    }

    @Test
    void launchOnAStreamThatIsNotAPointer() {
        Function k = function("k", ExecutionSpace.KERNEL, Type.VOID);
        function("main", ExecutionSpace.HOST, Type.VOID, launch(k, List.of(u32(1), u32(1), u32(1)), new Expr.IntConst(Type.U64, 0)));
        rejects("launch stream is not a pointer");
    }

    @Test
    void callResultOfAnotherType() {
        Function g = function("g", ExecutionSpace.HOST, Type.I32, new Stmt.Return(i32(1), Span.NONE));
        Function f = function("f", ExecutionSpace.HOST, Type.VOID);
        Local r = f.newLocal("r", Type.F32, false);
        f.setBody(block(new Stmt.Call(r, g, List.of(), Span.NONE)));
        rejects("call result");
        assertTrue(onlyProblem().contains("f32 but"), onlyProblem());
    }

    @Test
    void callWithTooManyArguments() {
        Function g = function("g", ExecutionSpace.HOST, Type.VOID);
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Call(null, g, List.of(i32(1)), Span.NONE));
        assertTrue(onlyProblem().endsWith("takes 0 arguments, given 1"), onlyProblem());
    }

    @Test
    void localOfAnotherFunction() {
        Function g = function("g", ExecutionSpace.HOST, Type.VOID);
        Local theirs = g.newLocal("x", Type.I32, false);
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Assign(theirs, i32(1), Span.NONE));
        rejects("local ");
        assertTrue(onlyProblem().contains("does not belong to"), onlyProblem());
    }

    @Test
    void valueReadOfAnAddressableLocal() {
        Function f = function("f", ExecutionSpace.HOST, Type.I32);
        Local a = f.newLocal("a", Type.I32, true);
        f.setBody(block(new Stmt.Return(new Expr.LocalGet(a), Span.NONE)));
        rejects("value read of addressable local");
    }

    @Test
    void addressOfANonAddressableLocal() {
        Function f = function("f", ExecutionSpace.HOST, Type.VOID);
        Local a = f.newLocal("a", Type.I32, false);
        f.setBody(block(new Stmt.Store(new Expr.LocalAddr(a), i32(1), Span.NONE)));
        rejects("address of non-addressable local");
    }

    @Test
    void threadIdxInHostCode() {
        function("f", ExecutionSpace.HOST, Type.U32, new Stmt.Return(new Expr.BuiltinGet(Builtin.THREAD_IDX, 0), Span.NONE));
        rejects("threadIdx in host function");
    }

    @Test
    void loadThroughAVoidPointer() {
        function("f", ExecutionSpace.HOST, Type.VOID,
                new Stmt.Store(new Expr.NullPtr(Type.ptr(Type.I32)), new Expr.Load(new Expr.NullPtr(Type.ptr(Type.VOID))), Span.NONE));
        // the stored value's type is unknown after the bad load, so only the load is reported
        List<Validator.Problem> problems = Validator.validate(module);
        assertTrue(problems.get(0).message().startsWith("load from a non-pointer or void pointer"), problems.toString());
    }

    @Test
    void loadThroughANonPointer() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Store(new Expr.NullPtr(Type.ptr(Type.I32)), new Expr.Load(i32(8)), Span.NONE));
        List<Validator.Problem> problems = Validator.validate(module);
        assertTrue(problems.get(0).message().startsWith("load from a non-pointer or void pointer: 8"), problems.toString());
    }

    @Test
    void bitwiseNotOfAFloat() {
        function("f", ExecutionSpace.HOST, Type.F32, new Stmt.Return(new Expr.Unary(UnaryOp.NOT, f32(1), Type.F32), Span.NONE));
        rejects("bad operand f32 for unary NOT");
    }

    @Test
    void conversionOfAnArray() {
        Function f = function("f", ExecutionSpace.HOST, Type.I32);
        Local a = f.newLocal("a", ARRAY, true);
        f.setBody(block(new Stmt.Return(new Expr.Convert(Type.I32, new Expr.Load(new Expr.LocalAddr(a))), Span.NONE)));
        rejects("convert from [f32; 4] to i32");
    }

    @Test
    void pointerArithmeticOnAnInteger() {
        function("f", ExecutionSpace.HOST, Type.I32, new Stmt.Return(new Expr.PtrAdd(i32(1), i32(1)), Span.NONE));
        rejects("ptradd on non-pointer");
    }

    @Test
    void pointerArithmeticByAFloat() {
        Type.Ptr p = Type.ptr(Type.I32);
        function("f", ExecutionSpace.HOST, p, new Stmt.Return(new Expr.PtrAdd(new Expr.NullPtr(p), f32(1)), Span.NONE));
        rejects("ptradd index is not an integer");
    }

    /** A function returning {@code ptradd(null, checked)}: valid for a checked index of an integer into a pointer. */
    private void returnsChecked(Expr.CheckedIndex c) {
        Type.Ptr p = Type.ptr(Type.I32);
        function("f", ExecutionSpace.HOST, p, new Stmt.Return(new Expr.PtrAdd(new Expr.NullPtr(p), c), Span.NONE));
    }

    @Test
    void acceptsCheckedIndices() {
        Expr p = new Expr.NullPtr(Type.ptr(Type.I32));
        returnsChecked(new Expr.CheckedIndex(i32(1), p, 0, 0, false));
        function("g", ExecutionSpace.HOST, Type.U32, new Stmt.Return(new Expr.CheckedIndex(u32(8), p, 8, 3, true), Span.NONE));
        assertEquals(List.of(), Validator.validate(module));
    }

    @Test
    void checkedIndexByAFloat() {
        returnsChecked(new Expr.CheckedIndex(f32(1), new Expr.NullPtr(Type.ptr(Type.I32)), 0, 0, false));
        rejects("checked index is not an integer");
    }

    @Test
    void checkedIndexIntoAnInteger() {
        returnsChecked(new Expr.CheckedIndex(i32(1), i32(0), 0, 0, false));
        rejects("checked index into a non-pointer");
    }

    @Test
    void checkedAccessOfThreeBytes() {
        returnsChecked(new Expr.CheckedIndex(u32(1), new Expr.NullPtr(Type.ptr(Type.U32)), 3, 0, true));
        rejects("checked access of 3 bytes");
    }

    @Test
    void checkedIndexWithoutASite() {
        returnsChecked(new Expr.CheckedIndex(u32(1), new Expr.NullPtr(Type.ptr(Type.U32)), 0, -1, false));
        rejects("checked index without a site");
    }

    /** A word view's root for the word accesses below: a null u8 pointer. */
    private static Expr words() {
        return new Expr.NullPtr(Type.ptr(Type.U8));
    }

    @Test
    void acceptsWordAccesses() {
        Expr shifted = new Expr.Binary(BinaryOp.SHR, u32(6), u32(2), Type.U32);
        function("f", ExecutionSpace.HOST, Type.U16, new Stmt.WordStore(words(), u32(5), u32(1), new Expr.BoolConst(true), Span.NONE),
                new Stmt.WordStore(words(), u32(8), u32(2), new Expr.FloatConst(Type.F64, 1), Span.NONE),
                new Stmt.Return(new Expr.WordLoad(words(), u32(6), shifted, Type.U16), Span.NONE));
        function("g", ExecutionSpace.HOST, Type.ptr(Type.I64),
                new Stmt.Return(new Expr.WordAddr(words(), u32(8), u32(2), Type.ptr(Type.I64)), Span.NONE));
        assertEquals(List.of(), Validator.validate(module));
    }

    @Test
    void wordLoadFromAnInteger() {
        function("f", ExecutionSpace.HOST, Type.U8, new Stmt.Return(new Expr.WordLoad(u32(0), u32(1), u32(0), Type.U8), Span.NONE));
        rejects("word access into a non-pointer");
    }

    @Test
    void wordStoreAtASignedByteIndex() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.WordStore(words(), i32(1), u32(0), i32(7), Span.NONE));
        rejects("byte index of a word access has type i32, expected u32");
    }

    @Test
    void wordLoadAtAWideWordIndex() {
        function("f", ExecutionSpace.HOST, Type.F32, new Stmt.Return(new Expr.WordLoad(words(), u32(4),
                new Expr.IntConst(Type.U64, 1), Type.F32), Span.NONE));
        rejects("word index of a word access has type u64, expected u32");
    }

    @Test
    void wordStoreOfAnArray() {
        Local a = function("f", ExecutionSpace.HOST, Type.VOID).newLocal("a", ARRAY, true);
        module.functions().get(0).setBody(block(new Stmt.WordStore(words(), u32(0), u32(0),
                new Expr.Load(new Expr.LocalAddr(a)), Span.NONE)));
        rejects("word access of a [f32; 4], not a scalar of 1, 2, 4 or 8 bytes");
    }

    @Test
    void wordAddressOfAHalfWord() {
        function("f", ExecutionSpace.HOST, Type.ptr(Type.I16),
                new Stmt.Return(new Expr.WordAddr(words(), u32(2), u32(0), Type.ptr(Type.I16)), Span.NONE));
        rejects("word address of a i16, less than a word");
    }

    /** A split atomic's place: the u64 (or {@code t}) at byte 8 of {@link #words()}, word 2. */
    private static Expr wordAddr(Type t) {
        return new Expr.WordAddr(words(), u32(8), u32(2), Type.ptr(t));
    }

    private static Expr u64(long v) {
        return new Expr.IntConst(Type.U64, v);
    }

    @Test
    void acceptsAtomicHalves() {
        Function f = function("f", ExecutionSpace.HOST, Type.VOID);
        Local old = f.newLocal("old", Type.I64, false);
        f.setBody(block(new Stmt.AtomicHalves(null, BinaryOp.ADD, wordAddr(Type.U64), u64(1), Span.NONE),
                new Stmt.AtomicHalves(old, BinaryOp.XOR, wordAddr(Type.I64), new Expr.IntConst(Type.I64, -1), Span.NONE)));
        assertEquals(List.of(), Validator.validate(module));
    }

    @Test
    void atomicHalvesOnATypedPointer() {
        function("f", ExecutionSpace.HOST, Type.VOID,
                new Stmt.AtomicHalves(null, BinaryOp.SUB, new Expr.NullPtr(Type.ptr(Type.U64)), u64(1), Span.NONE));
        rejects("atomic halves on null:ptr<u64>, not a word address");
    }

    @Test
    void atomicHalvesOnAWord() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.AtomicHalves(null, BinaryOp.ADD, wordAddr(Type.U32), u32(1), Span.NONE));
        rejects("atomic halves on a u32, not a 64-bit integer");
    }

    @Test
    void atomicHalvesOfAMultiplication() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.AtomicHalves(null, BinaryOp.MUL, wordAddr(Type.U64), u64(3), Span.NONE));
        rejects("atomic halves of MUL, not add, sub, and, or or xor");
    }

    @Test
    void atomicHalvesOfANarrowValue() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.AtomicHalves(null, BinaryOp.OR, wordAddr(Type.U64), u32(1), Span.NONE));
        rejects("atomic halves of a u32 on a u64");
    }

    @Test
    void atomicHalvesIntoANarrowResult() {
        Function f = function("f", ExecutionSpace.HOST, Type.VOID);
        Local old = f.newLocal("old", Type.U32, false);
        f.setBody(block(new Stmt.AtomicHalves(old, BinaryOp.AND, wordAddr(Type.U64), u64(1), Span.NONE)));
        rejects("atomic halves' result %old");
    }

    @Test
    void acceptsAPureCall() {
        function("f", ExecutionSpace.HOST, Type.BOOL, new Stmt.Return(new Expr.PureCall("isnan", List.of(f32(1)), Type.BOOL), Span.NONE));
        assertEquals(List.of(), Validator.validate(module));
    }

    @Test
    void pureCallWithoutAName() {
        function("f", ExecutionSpace.HOST, Type.BOOL, new Stmt.Return(new Expr.PureCall("", List.of(f32(1)), Type.BOOL), Span.NONE));
        rejects("pure call without a name");
    }

    @Test
    void pureCallOfAStruct() {
        Type.Struct s = new Type.Struct("S");
        s.complete(List.of(new Type.Field("x", Type.I32, 0)), 4, 4);
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Store(new Expr.NullPtr(Type.ptr(s)),
                new Expr.PureCall("make", List.of(), s), Span.NONE));
        rejects("pure call make of non-scalar type");
    }

    @Test
    void elementOfANonArray() {
        Type.Ptr p = Type.ptr(Type.I32);
        function("f", ExecutionSpace.HOST, Type.VOID,
                new Stmt.Store(new Expr.ElementAddr(new Expr.NullPtr(p), i32(0)), i32(1), Span.NONE));
        List<Validator.Problem> problems = Validator.validate(module);
        assertTrue(problems.get(0).message().equals("elem on a pointer to a non-array"), problems.toString());
    }

    @Test
    void elementByAFloatIndex() {
        Type.Ptr p = Type.ptr(ARRAY);
        function("f", ExecutionSpace.HOST, Type.VOID,
                new Stmt.Store(new Expr.ElementAddr(new Expr.NullPtr(p), f32(0)), f32(1), Span.NONE));
        rejects("elem index is not an integer");
    }

    @Test
    void fieldOfANonStruct() {
        function("f", ExecutionSpace.HOST, Type.VOID,
                new Stmt.Store(new Expr.FieldAddr(new Expr.NullPtr(Type.ptr(Type.I32)), 0), i32(1), Span.NONE));
        List<Validator.Problem> problems = Validator.validate(module);
        assertTrue(problems.get(0).message().equals("field of a pointer to a non-struct"), problems.toString());
    }

    @Test
    void fieldPastTheLast() {
        Type.Struct s = new Type.Struct("pair");
        s.complete(List.of(new Type.Field("a", Type.I32, 0), new Type.Field("b", Type.I32, 4)), 8, 4);
        function("f", ExecutionSpace.HOST, Type.VOID,
                new Stmt.Store(new Expr.FieldAddr(new Expr.NullPtr(Type.ptr(s)), 2), i32(1), Span.NONE));
        List<Validator.Problem> problems = Validator.validate(module);
        assertTrue(problems.get(0).message().equals("field 2 out of range for %pair"), problems.toString());
    }

    @Test
    void fmaOfIntegers() {
        function("f", ExecutionSpace.HOST, Type.I32, new Stmt.Return(new Expr.Fma(i32(1), i32(2), i32(3), Type.I32), Span.NONE));
        rejects("fma of non-float type i32");
    }

    @Test
    void logicalAndOfIntegers() {
        function("f", ExecutionSpace.HOST, Type.BOOL,
                new Stmt.Return(new Expr.Binary(BinaryOp.LAND, i32(1), i32(0), Type.BOOL), Span.NONE));
        rejects("LAND needs bool operands, has i32 and i32");
    }

    @Test
    void comparisonOfMixedTypes() {
        function("f", ExecutionSpace.HOST, Type.BOOL,
                new Stmt.Return(new Expr.Binary(BinaryOp.LT, i32(1), u32(0), Type.BOOL), Span.NONE));
        rejects("LT compares i32 with u32");
    }

    @Test
    void shiftOfAFloat() {
        function("f", ExecutionSpace.HOST, Type.F32,
                new Stmt.Return(new Expr.Binary(BinaryOp.SHL, f32(1), i32(1), Type.F32), Span.NONE));
        rejects("SHL on f32 by i32");
    }

    @Test
    void remainderOfFloats() {
        function("f", ExecutionSpace.HOST, Type.F32,
                new Stmt.Return(new Expr.Binary(BinaryOp.REM, f32(1), f32(2), Type.F32), Span.NONE));
        rejects("REM on f32 and f32 giving f32");
    }

    @Test
    void checkThrowsAnInternalErrorNamingThePass() {
        function("f", ExecutionSpace.HOST, Type.VOID, new Stmt.Break(Span.NONE));
        InternalCompilerError e = assertThrows(InternalCompilerError.class, () -> Validator.check(module, "SomePass"));
        assertTrue(e.getMessage().startsWith("invalid IR after SomePass:"), e.getMessage());
        assertTrue(e.getMessage().contains("break outside loop or switch"), e.getMessage());
    }
}
