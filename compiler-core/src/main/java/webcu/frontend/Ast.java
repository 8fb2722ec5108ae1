package webcu.frontend;

import java.util.List;
import webcu.diag.Span;

/**
 * The syntax tree the parser builds: what the user wrote, with spans, before any type is known.
 * Names are unresolved strings; {@link Sema} resolves them and builds the typed tree.
 */
public final class Ast {
    private Ast() {}

    // ---------------------------------------------------------------- types as written

    public sealed interface TypeNode {
        Span span();
    }

    /** A built-in arithmetic type by its canonical C spelling ("unsigned long long", "float", "void"). */
    public record BuiltinType(String name, Span span) implements TypeNode {}

    /** A typedef, struct/class/enum or template parameter name, possibly qualified (ns::T) and with template arguments. */
    public record NamedType(String name, List<TemplateArg> args, Span span) implements TypeNode {}

    public record PointerType(TypeNode pointee, boolean constPointee, Span span) implements TypeNode {}

    /** {@code T&}, or {@code T&&} when {@code rvalue}. */
    public record ReferenceType(TypeNode referee, boolean constReferee, boolean rvalue, Span span) implements TypeNode {}

    /** {@code Args...} in a parameter list or template argument list: one element per pack element. */
    public record PackExpansionType(TypeNode pattern, Span span) implements TypeNode {}

    public record ArrayType(TypeNode element, Expr size, Span span) implements TypeNode {}

    /** A function type (for function pointers and declarators); rarely written directly. */
    public record FunctionType(TypeNode result, List<Param> params, boolean variadic, Span span) implements TypeNode {}

    /** A struct, class, union or enum defined in place (struct S { … } s;). */
    public record InlineRecordType(RecordDecl decl, Span span) implements TypeNode {}

    public record InlineEnumType(EnumDecl decl, Span span) implements TypeNode {}

    /** {@code const T} at the top level of a declared object. */
    public record ConstType(TypeNode inner, Span span) implements TypeNode {}

    /** {@code auto}: the type of the initializer. */
    public record AutoType(Span span) implements TypeNode {}

    /** {@code decltype(expr)}. */
    public record DecltypeType(Expr expr, Span span) implements TypeNode {}

    /** A template argument: a type or a constant expression. */
    public record TemplateArg(TypeNode type, Expr value) {}

    // ---------------------------------------------------------------- expressions

    public sealed interface Expr {
        Span span();
    }

    public record IntLit(String text, Span span) implements Expr {}

    public record FloatLit(String text, Span span) implements Expr {}

    public record CharLit(String text, Span span) implements Expr {}

    /** Adjacent string literals, concatenated: the bytes without the final NUL. */
    public record StringLit(byte[] bytes, Span span) implements Expr {}

    public record BoolLit(boolean value, Span span) implements Expr {}

    public record NullptrLit(Span span) implements Expr {}

    /** A name, possibly qualified ({@code std::min}) and with explicit template arguments. */
    public record Name(String name, List<TemplateArg> templateArgs, Span span) implements Expr {}

    /**
     * A member named through a class type that may be a template instance or a template
     * parameter: {@code Traits<int>::size}, {@code Traits<T>::name()}, {@code T::value}.
     */
    public record ScopedName(NamedType type, Span span) implements Expr {}

    /** Prefix operators: + - ! ~ * & and ++/-- (spelled "++pre", "--pre"). */
    public record Unary(String op, Expr operand, Span span) implements Expr {}

    /** Postfix ++ and --. */
    public record Postfix(String op, Expr operand, Span span) implements Expr {}

    public record Binary(String op, Expr left, Expr right, Span span) implements Expr {}

    /** = and the compound assignments (+= …); {@code op} is the operator without '=' or "" for plain. */
    public record Assign(String op, Expr target, Expr value, Span span) implements Expr {}

    public record Conditional(Expr cond, Expr ifTrue, Expr ifFalse, Span span) implements Expr {}

    public record Comma(Expr left, Expr right, Span span) implements Expr {}

    public record Call(Expr callee, List<Expr> args, Span span) implements Expr {}

    /** {@code kernel<<<config>>>(args)}. */
    public record KernelCall(Expr callee, List<Expr> config, List<Expr> args, Span span) implements Expr {}

    public record Index(Expr base, Expr index, Span span) implements Expr {}

    /** {@code base.name} or {@code base->name}, with explicit template arguments for a member template ({@code b.as<int>()}). */
    public record Member(Expr base, String name, boolean arrow, Span span, List<TemplateArg> templateArgs) implements Expr {
        public Member(Expr base, String name, boolean arrow, Span span) {
            this(base, name, arrow, span, List.of());
        }
    }

    /** C-style and named casts; {@code kind} is "c", "static", "reinterpret", "const" or "functional". */
    public record Cast(String kind, TypeNode type, Expr operand, Span span) implements Expr {}

    public record SizeofType(TypeNode type, Span span) implements Expr {}

    public record SizeofExpr(Expr operand, Span span) implements Expr {}

    public record AlignofType(TypeNode type, Span span) implements Expr {}

    /** A braced initializer list {@code {a, b, c}}, or {@code T{…}} when {@code type} is set. */
    public record InitList(TypeNode type, List<Expr> items, Span span) implements Expr {}

    /** {@code T(args)} where T is a type: construction or functional cast. */
    public record Construct(TypeNode type, List<Expr> args, Span span) implements Expr {}

    public record This(Span span) implements Expr {}

    /** {@code pattern...} in call arguments and braced lists: the pattern once per pack element. */
    public record PackExpansion(Expr pattern, Span span) implements Expr {}

    /** {@code sizeof...(name)}: the number of elements of a type, value or function parameter pack. */
    public record SizeofPack(String name, Span span) implements Expr {}

    /**
     * A fold expression: {@code (pack op ...)}, {@code (... op pack)}, {@code (pack op ... op init)},
     * {@code (init op ... op pack)}; {@code left} for the forms with {@code ...} before the pack,
     * {@code init} null for the unary forms.
     */
    public record Fold(String op, Expr pack, Expr init, boolean left, Span span) implements Expr {}

    /** {@code new T(args)}, {@code new T[n]}, and placement {@code new (place) T(args)} when {@code placement} is set. */
    public record New(TypeNode type, Expr arraySize, List<Expr> args, Span span, Expr placement) implements Expr {
        public New(TypeNode type, Expr arraySize, List<Expr> args, Span span) {
            this(type, arraySize, args, span, null);
        }
    }

    public record Delete(Expr operand, boolean array, Span span) implements Expr {}

    /** {@code throw operand} ({@code operand} null: {@code throw;}, the rethrow); a void expression. */
    public record Throw(Expr operand, Span span) implements Expr {}

    public record Lambda(List<Capture> captures, List<Param> params, TypeNode result, Compound body, Span span) implements Expr {}

    public record Capture(String name, boolean byReference, boolean defaultCapture) {}

    // ---------------------------------------------------------------- statements

    public sealed interface Stmt {
        Span span();
    }

    public record Compound(List<Stmt> stmts, Span span) implements Stmt {}

    public record ExprStmt(Expr expr, Span span) implements Stmt {}

    public record DeclStmt(List<Decl> decls, Span span) implements Stmt {}

    public record If(Stmt init, Expr cond, Stmt then, Stmt otherwise, boolean constexpr, Span span) implements Stmt {}

    public record While(Expr cond, Stmt body, Span span) implements Stmt {}

    public record DoWhile(Stmt body, Expr cond, Span span) implements Stmt {}

    /** {@code for (init; cond; step) body}; init is a DeclStmt, ExprStmt or null. */
    public record For(Stmt init, Expr cond, Expr step, Stmt body, Span span) implements Stmt {}

    /** {@code for (decl : range) body}. */
    public record RangeFor(VarDecl var, Expr range, Stmt body, Span span) implements Stmt {}

    public record Switch(Expr selector, Stmt body, Span span) implements Stmt {}

    public record Case(Expr value, Span span) implements Stmt {}

    public record Default(Span span) implements Stmt {}

    public record Break(Span span) implements Stmt {}

    public record Continue(Span span) implements Stmt {}

    public record Return(Expr value, Span span) implements Stmt {}

    public record Empty(Span span) implements Stmt {}

    /** {@code try body handler+}. */
    public record Try(Compound body, List<Handler> handlers, Span span) implements Stmt {}

    /** {@code catch (param) body}; {@code param} is null for {@code catch (...)}, its name null when unnamed. */
    public record Handler(Param param, Compound body, Span span) {}

    /** A {@code #pragma} line inside a function (e.g. unroll); kept, and ignored by lowering for now. */
    public record Pragma(String text, Span span) implements Stmt {}

    // ---------------------------------------------------------------- declarations

    public sealed interface Decl {
        Span span();
    }

    /**
     * CUDA and C declaration specifiers that are not part of the type, with what follows a member
     * function's parameters (override, final, = 0, = default, = delete) and the alignment that
     * alignas or an aligned attribute asks for (0: none).
     */
    public record Specs(boolean isStatic, boolean isExtern, boolean isInline, boolean isConstexpr,
                        boolean host, boolean device, boolean global, boolean shared, boolean constant,
                        boolean isTypedef, boolean isVirtual, boolean isExplicit,
                        boolean isPure, boolean isOverride, boolean isFinal, boolean isDefaulted, boolean isDeleted, int alignAs) {
        public static final Specs NONE = new Specs(false, false, false, false, false, false, false, false, false, false, false, false,
                false, false, false, false, false, 0);

        /** The same specifiers with an alignment requirement (alignas, __attribute__((aligned)), __align__) raised to {@code a}. */
        public Specs withAlign(int a) {
            return new Specs(isStatic, isExtern, isInline, isConstexpr, host, device, global, shared, constant, isTypedef, isVirtual,
                    isExplicit, isPure, isOverride, isFinal, isDefaulted, isDeleted, Math.max(alignAs, a));
        }
    }

    public record VarDecl(String name, TypeNode type, Expr init, Specs specs, Span span) implements Decl {}

    public record Param(String name, TypeNode type, Expr defaultValue, Span span) {}

    /**
     * A template parameter; {@code pack} for {@code typename... Args} and {@code int... Ns},
     * {@code isTemplate} for a template template parameter ({@code template <class> class C}).
     */
    public record TemplateParam(String name, boolean isType, TypeNode valueType, TemplateArg defaultArg, boolean pack,
                                boolean isTemplate, Span span) {}

    /**
     * A function declaration or definition (body null for a declaration). Methods carry their
     * class's name in {@code owner}, and a method of a class template defined outside it the
     * class's template arguments in {@code ownerArgs} ({@code Box<T>::print}); constructors have
     * result null.
     */
    public record FunctionDecl(String name, TypeNode result, List<Param> params, boolean variadic, Specs specs,
                               List<TemplateParam> templateParams, Compound body, String owner,
                               List<MemberInit> memberInits, boolean constMethod, Span span,
                               List<TemplateArg> specializationArgs, boolean noexcept, List<TemplateArg> ownerArgs) implements Decl {
        /** An ordinary function or a primary template, without a non-throwing exception specification. */
        public FunctionDecl(String name, TypeNode result, List<Param> params, boolean variadic, Specs specs,
                            List<TemplateParam> templateParams, Compound body, String owner,
                            List<MemberInit> memberInits, boolean constMethod, Span span) {
            this(name, result, params, variadic, specs, templateParams, body, owner, memberInits, constMethod, span, null, false, List.of());
        }

        /** An explicit specialization ({@code specializationArgs} not null) without an exception specification. */
        public FunctionDecl(String name, TypeNode result, List<Param> params, boolean variadic, Specs specs,
                            List<TemplateParam> templateParams, Compound body, String owner,
                            List<MemberInit> memberInits, boolean constMethod, Span span, List<TemplateArg> specializationArgs) {
            this(name, result, params, variadic, specs, templateParams, body, owner, memberInits, constMethod, span, specializationArgs, false, List.of());
        }

        /** A function that is or is not declared {@code noexcept}/{@code throw()}. */
        public FunctionDecl(String name, TypeNode result, List<Param> params, boolean variadic, Specs specs,
                            List<TemplateParam> templateParams, Compound body, String owner,
                            List<MemberInit> memberInits, boolean constMethod, Span span, boolean noexcept) {
            this(name, result, params, variadic, specs, templateParams, body, owner, memberInits, constMethod, span, null, noexcept, List.of());
        }

        /** The same declaration with other specialization or owner template arguments. */
        public FunctionDecl with(List<TemplateArg> specializationArgs, List<TemplateArg> ownerArgs) {
            return new FunctionDecl(name, result, params, variadic, specs, templateParams, body, owner, memberInits, constMethod, span,
                    specializationArgs, noexcept, ownerArgs);
        }

        /** {@code template <> R f<args>(…)}: the explicit arguments as written (empty when all are deduced). */
        public boolean isExplicitSpecialization() {
            return specializationArgs != null;
        }
    }

    public record MemberInit(String name, List<Expr> args, Span span) {}

    public record TypedefDecl(String name, TypeNode type, Span span) implements Decl {}

    /** An alias template: {@code template <class T> using Vec = std::vector<T>;}. */
    public record AliasTemplate(String name, List<TemplateParam> templateParams, TypeNode type, Span span) implements Decl {}

    /**
     * struct/class/union; fields and methods in order; {@code complete} false for a forward
     * declaration; {@code alignAs} the alignment asked for (0 none, -1 packed).
     */
    public record RecordDecl(String kind, String name, List<Decl> members, boolean complete,
                             List<TemplateParam> templateParams, List<TemplateArg> specializationArgs,
                             List<TypeNode> bases, int alignAs, Span span) implements Decl {}

    public record EnumDecl(String name, boolean scoped, TypeNode underlying, List<Enumerator> enumerators, Span span) implements Decl {}

    public record Enumerator(String name, Expr value, Span span) {}

    public record NamespaceDecl(String name, List<Decl> decls, Span span) implements Decl {}

    public record UsingNamespace(String name, Span span) implements Decl {}

    /** {@code using std::min;} */
    public record UsingDecl(String name, Span span) implements Decl {}

    public record StaticAssert(Expr cond, String message, Span span) implements Decl {}

    /** Several declarators in one declaration (int a, *b;) in a namespace or class scope. */
    public record DeclGroup(List<Decl> decls, Span span) implements Decl {}

    public record TranslationUnit(List<Decl> decls) {}
}
