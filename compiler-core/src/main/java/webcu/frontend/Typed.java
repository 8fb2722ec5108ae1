package webcu.frontend;

import java.util.List;
import webcu.diag.Span;

/**
 * The typed tree {@link Sema} builds: every name resolved to its symbol, every implicit
 * conversion explicit, overloads chosen, templates instantiated. The lowering to IR reads only
 * this tree. Expressions know whether they are lvalues; an lvalue's value is read through
 * {@link Load}.
 */
public final class Typed {
    private Typed() {}

    /** A variable: local, parameter or global. {@code addressTaken} tells lowering to keep it in memory. */
    public static final class Var {
        public final String name;
        public final CType type;
        public final Span span;
        public final boolean isGlobal;
        public final boolean isConst;
        /** for globals: "host", "device", "constant", "shared" */
        public final String space;
        public boolean addressTaken;
        public boolean dynamicShared;
        /** a global with internal linkage (static, or const without extern): never linked to another file's */
        public boolean internal;
        /** constant value for const integral variables initialised with a constant (array sizes, template args) */
        public Long constValue;
        public Expr globalInit;

        public Var(String name, CType type, Span span, boolean isGlobal, boolean isConst, String space) {
            this.name = name;
            this.type = type;
            this.span = span;
            this.isGlobal = isGlobal;
            this.isConst = isConst;
            this.space = space;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    // ---------------------------------------------------------------- expressions

    public sealed interface Expr {
        CType type();

        Span span();

        default boolean lvalue() {
            return false;
        }
    }

    public record IntConst(CType type, long value, Span span) implements Expr {}

    public record FloatConst(CType type, double value, Span span) implements Expr {}

    /** A string literal: an lvalue array of char, NUL included. */
    public record StringConst(CType type, byte[] bytes, Span span) implements Expr {
        public boolean lvalue() { return true; }
    }

    public record NullConst(CType type, Span span) implements Expr {}

    /** A variable as an lvalue. References are already dereferenced by Sema. */
    public record VarRef(Var var, Span span) implements Expr {
        public CType type() { return var.type instanceof CType.Ref r ? r.referee() : var.type; }
        public boolean lvalue() { return true; }
    }

    /** The referenced object of a reference variable, parameter or reference-returning call: an lvalue. */
    public record Deref(Expr pointer, CType type, Span span) implements Expr {
        public boolean lvalue() { return true; }
    }

    /** The address of an lvalue. */
    public record AddressOf(Expr operand, CType type, Span span) implements Expr {}

    /** The value of an lvalue (lvalue-to-rvalue conversion), or an array decayed to a pointer to its first element. */
    public record Load(Expr operand, CType type, Span span) implements Expr {}

    public record Decay(Expr array, CType type, Span span) implements Expr {}

    /** A component of threadIdx, blockIdx, blockDim or gridDim. */
    public record BuiltinVar(webcu.ir.Builtin builtin, int component, Span span) implements Expr {
        public CType type() { return CType.UINT; }
    }

    /** -, ~, ! on an already-promoted operand. */
    public record Unary(String op, Expr operand, CType type, Span span) implements Expr {}

    /** Arithmetic, bitwise, shift, comparison and logical operators on converted operands. */
    public record Binary(String op, Expr left, Expr right, CType type, Span span) implements Expr {}

    /** pointer ± integer (in elements). */
    public record PtrArith(String op, Expr pointer, Expr offset, CType type, Span span) implements Expr {}

    /** pointer − pointer (in elements, as ptrdiff_t). */
    public record PtrDiff(Expr left, Expr right, CType type, Span span) implements Expr {}

    public record Member(Expr base, CType.Field field, Span span) implements Expr {
        public CType type() { return field.type() instanceof CType.Ref r ? r.referee() : field.type(); }
        public boolean lvalue() { return true; }
    }

    public record Convert(Expr operand, CType type, Span span) implements Expr {}

    /** target = value (value already converted to the target's type); the result is the target, an lvalue. */
    public record Assign(Expr target, Expr value, Span span) implements Expr {
        public CType type() { return target.type(); }
        public boolean lvalue() { return true; }
    }

    /**
     * target op= value: computes {@code (opType)target op value}, converts back to the target's type.
     * For pointers, op is + or - and value is an integer offset.
     */
    public record CompoundAssign(String op, Expr target, Expr value, CType opType, Span span) implements Expr {
        public CType type() { return target.type(); }
        public boolean lvalue() { return true; }
    }

    /** ++/-- (delta +1 or -1), prefix or postfix. */
    public record IncDec(Expr target, int delta, boolean prefix, Span span) implements Expr {
        public CType type() { return target.type(); }
        public boolean lvalue() { return prefix; }
    }

    public record Conditional(Expr cond, Expr ifTrue, Expr ifFalse, CType type, Span span) implements Expr {
        public boolean lvalue() { return ifTrue.lvalue() && ifFalse.lvalue(); }
    }

    public record Comma(Expr left, Expr right, Span span) implements Expr {
        public CType type() { return right.type(); }
        public boolean lvalue() { return right.lvalue(); }
    }

    /** A call of a known function; args converted to the parameters (by-reference args are addresses). */
    public record Call(Sema.FunctionSym function, List<Expr> args, CType type, Span span) implements Expr {
        public boolean lvalue() { return false; }
    }

    /** A temporary object of record type built by a constructor call: an lvalue living in a fresh variable. */
    public record Construct(Var temp, Sema.FunctionSym constructor, List<Expr> args, Span span) implements Expr {
        public CType type() { return temp.type; }
        public boolean lvalue() { return true; }
    }

    /** An aggregate value built from an initializer list into a fresh temporary. */
    public record Aggregate(Var temp, List<Init> inits, Span span) implements Expr {
        public CType type() { return temp.type; }
        public boolean lvalue() { return true; }
    }

    /** One scalar piece of an aggregate initialisation: byte path given by a list of field/element steps. */
    public record Init(List<Step> path, Expr value) {}

    /** A step into an aggregate: a field of a record, or an element of an array. */
    public record Step(CType.Field field, long element, CType type) {}

    /** The address of a function (a function designator decayed to a pointer). */
    public record FunctionRef(Sema.FunctionSym function, CType type, Span span) implements Expr {}

    /** A call through a function pointer; args converted to the pointer's parameter types. */
    public record CallIndirect(Expr target, CType.Fn signature, List<Expr> args, Span span) implements Expr {
        public CType type() { return signature.result(); }
    }

    /**
     * {@code p<<<grid, block, shared, stream>>>(args)} through a pointer to a {@code __global__}
     * function; args converted to the pointer's parameter types.
     */
    public record LaunchIndirect(Expr target, CType.Fn signature, Expr grid, Expr block, Expr shared, Expr stream,
                                 List<Expr> args, Span span) implements Expr {
        public CType type() { return CType.VOID; }
    }

    /** kernel<<<grid, block, shared, stream>>>(args). grid and block are dim3 lvalues or values. */
    public record Launch(Sema.FunctionSym kernel, Expr grid, Expr block, Expr shared, Expr stream, List<Expr> args, Span span) implements Expr {
        public CType type() { return CType.VOID; }
    }

    /**
     * The end of a full-expression: {@code value} is evaluated, then {@code after} runs (the
     * destructors of the temporaries it made, last made first), and the result is the value.
     */
    public record Cleanup(Expr value, List<Stmt> after, Span span) implements Expr {
        public CType type() { return value.type(); }
    }

    /**
     * A temporary object once made: {@code flag} is set to 1 after {@code object} is constructed,
     * so that a temporary made in only one arm of ?: (or before an exception) is destroyed only
     * if it exists.
     */
    public record Made(Expr object, Var flag, Span span) implements Expr {
        public CType type() { return object.type(); }
        public boolean lvalue() { return object.lvalue(); }
    }

    // ---------------------------------------------------------------- statements

    public sealed interface Stmt {
        Span span();
    }

    public record Block(List<Stmt> stmts, Span span) implements Stmt {}

    public record ExprStmt(Expr expr, Span span) implements Stmt {}

    /** A local variable's definition with its initialisation (null: uninitialised). */
    public record LocalDef(Var var, Expr init, Span span) implements Stmt {}

    public record If(Expr cond, Stmt then, Stmt otherwise, Span span) implements Stmt {}

    /** Every loop: cond checked before the body (null: always), step after it; {@code doWhile} checks cond after. */
    public record Loop(Expr cond, Stmt body, Expr step, boolean doWhile, Span span) implements Stmt {}

    /** A switch: the body is a sequence of labelled sections in source order (fall-through is kept here). */
    public record Switch(Expr selector, List<Section> sections, Span span) implements Stmt {}

    public record Section(List<Long> values, boolean isDefault, List<Stmt> body) {}

    public record Break(Span span) implements Stmt {}

    public record Continue(Span span) implements Stmt {}

    public record Return(Expr value, Span span) implements Stmt {}

    /** __syncthreads() */
    public record Barrier(Span span) implements Stmt {}
}
