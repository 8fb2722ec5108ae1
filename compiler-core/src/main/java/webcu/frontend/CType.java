package webcu.frontend;

import java.util.ArrayList;
import java.util.List;

/**
 * The types of C++ as the front end sees them: they keep what C distinguishes (char and signed
 * char, long and long long, references, enums, functions, const pointees) and what the IR's
 * types forget.
 */
public sealed interface CType {
    enum IntKind {
        BOOL(1, false, 0), CHAR(1, true, 1), SCHAR(1, true, 1), UCHAR(1, false, 1), SHORT(2, true, 2), USHORT(2, false, 2),
        INT(4, true, 3), UINT(4, false, 3), LONG(8, true, 4), ULONG(8, false, 4), LLONG(8, true, 5), ULLONG(8, false, 5);

        public final int size;
        public final boolean signed;
        /** Integer conversion rank (C11 6.3.1.1). */
        public final int rank;

        IntKind(int size, boolean signed, int rank) {
            this.size = size;
            this.signed = signed;
            this.rank = rank;
        }
    }

    Void VOID = new Void();
    Int BOOL = new Int(IntKind.BOOL);
    Int CHAR = new Int(IntKind.CHAR);
    Int SCHAR = new Int(IntKind.SCHAR);
    Int UCHAR = new Int(IntKind.UCHAR);
    Int SHORT = new Int(IntKind.SHORT);
    Int USHORT = new Int(IntKind.USHORT);
    Int INT = new Int(IntKind.INT);
    Int UINT = new Int(IntKind.UINT);
    Int LONG = new Int(IntKind.LONG);
    Int ULONG = new Int(IntKind.ULONG);
    Int LLONG = new Int(IntKind.LLONG);
    Int ULLONG = new Int(IntKind.ULLONG);
    Flt FLOAT = new Flt(false);
    Flt DOUBLE = new Flt(true);
    NullPtr NULLPTR = new NullPtr();

    record Void() implements CType {
        @Override public String toString() { return "void"; }
    }

    record Int(IntKind kind) implements CType {
        public boolean isBool() { return kind == IntKind.BOOL; }
        @Override public String toString() {
            return switch (kind) {
                case BOOL -> "bool"; case CHAR -> "char"; case SCHAR -> "signed char"; case UCHAR -> "unsigned char";
                case SHORT -> "short"; case USHORT -> "unsigned short"; case INT -> "int"; case UINT -> "unsigned int";
                case LONG -> "long"; case ULONG -> "unsigned long"; case LLONG -> "long long"; case ULLONG -> "unsigned long long";
            };
        }
    }

    record Flt(boolean isDouble) implements CType {
        @Override public String toString() { return isDouble ? "double" : "float"; }
    }

    record Ptr(CType pointee, boolean constPointee) implements CType {
        @Override public String toString() {
            return (constPointee ? "const " : "") + pointee + (pointee instanceof Ptr ? "*" : " *");
        }
    }

    /** An lvalue reference, or an rvalue reference ({@code T&&}) when {@code rvalue}: both hold the referee's address. */
    record Ref(CType referee, boolean constReferee, boolean rvalue) implements CType {
        public Ref(CType referee, boolean constReferee) {
            this(referee, constReferee, false);
        }

        @Override public String toString() { return (constReferee ? "const " : "") + referee + (rvalue ? " &&" : " &"); }
    }

    record Arr(CType element, long count) implements CType {
        @Override public String toString() { return element + " [" + (count < 0 ? "" : count) + "]"; }
    }

    record Fn(CType result, List<CType> params, boolean variadic) implements CType {
        @Override public String toString() {
            StringBuilder sb = new StringBuilder(result.toString()).append(" (");
            for (int i = 0; i < params.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(params.get(i));
            }
            return sb.append(variadic ? ", ...)" : ")").toString();
        }
    }

    record NullPtr() implements CType {
        @Override public String toString() { return "std::nullptr_t"; }
    }

    /** A struct, class or union; nominal (identity), completed once its body is seen. */
    final class Record implements CType {
        public final String name;
        public final boolean isUnion;
        public final List<Field> fields = new ArrayList<>();
        public final List<Sema.FunctionSym> methods = new ArrayList<>();
        public final List<Sema.FunctionSym> constructors = new ArrayList<>();
        /** Fields of a lambda's closure that capture by reference: they hold a pointer to the variable. */
        public final java.util.Set<String> referenceCaptures = new java.util.HashSet<>();
        /** The enclosing namespace ("std"), or null at file scope: g++'s terminate message names it. */
        public String namespace;
        /**
         * What the class's scope names besides fields and methods, for {@code C::m} and
         * {@code X<T>::m}: nested types and typedefs (CType), static data members (Typed.Var),
         * static member functions (a List of Sema.FunctionSym).
         */
        public final java.util.Map<String, Object> members = new java.util.HashMap<>();
        /** The destructor, or null. */
        public Sema.FunctionSym destructor;
        public boolean complete;
        /** Names of base members a using-declaration in the class brings in ({@code using Base::f;}): not hidden by its own. */
        public final java.util.Set<String> usingNames = new java.util.HashSet<>();
        /** Direct base classes, each at its offset in this class. */
        public final List<Base> bases = new ArrayList<>();
        /**
         * For a polymorphic class (one with virtual functions), the number its objects carry in their
         * vptr slot while they are of this dynamic type; 0 for other classes.
         */
        public int classId;
        /** Virtual functions by slot (name and parameter types, "~" for the destructor): the final overrider in this class. */
        public final java.util.Map<String, Sema.FunctionSym> vtable = new java.util.LinkedHashMap<>();
        /** Default member initializers ({@code int n = 10;}) by field name, analysed where an object is built. */
        public final java.util.Map<String, Ast.Expr> fieldDefaults = new java.util.LinkedHashMap<>();
        /** The scope of the class body, where default member initializers are analysed. */
        Object bodyScope;
        public long size;
        public int align = 1;
        public int alignAs;
        public webcu.ir.Type.Struct ir;

        public Record(String name, boolean isUnion) {
            this.name = name;
            this.isUnion = isUnion;
        }

        public boolean isPolymorphic() {
            return classId != 0;
        }

        /** The field named {@code n} a member access finds: a class's own fields come after its bases' and hide them. */
        public Field field(String n) {
            for (int i = fields.size() - 1; i >= 0; i--) {
                if (fields.get(i).name().equals(n)) {
                    return fields.get(i);
                }
            }
            return null;
        }

        @Override public String toString() { return name; }
    }

    record Field(String name, CType type, long offset, int index) {}

    /** A base class subobject and where it lies in the derived object. */
    record Base(Record record, long offset) {}

    /** An enumeration; its values are of its underlying type. */
    final class Enum implements CType {
        public final String name;
        public final Int underlying;
        public final boolean scoped;

        public Enum(String name, Int underlying, boolean scoped) {
            this.name = name;
            this.underlying = underlying;
            this.scoped = scoped;
        }

        @Override public String toString() { return name; }
    }

    static boolean isInteger(CType t) { return t instanceof Int || t instanceof Enum; }
    static boolean isArithmetic(CType t) { return isInteger(t) || t instanceof Flt; }
    static boolean isScalar(CType t) { return isArithmetic(t) || t instanceof Ptr || t instanceof NullPtr; }

    static long sizeOf(CType t) {
        return switch (t) {
            case Void v -> 1;
            case Int i -> i.kind().size;
            case Flt f -> f.isDouble() ? 8 : 4;
            case Ptr p -> 8;
            case Ref r -> 8;
            case NullPtr n -> 8;
            case Arr a -> Math.max(0, a.count()) * sizeOf(a.element());
            case Fn f -> 1;
            case Record r -> r.size;
            case Enum e -> e.underlying.kind().size;
        };
    }

    static int alignOf(CType t) {
        return switch (t) {
            case Arr a -> alignOf(a.element());
            case Record r -> r.align;
            case Void v -> 1;
            case Fn f -> 1;
            default -> (int) sizeOf(t);
        };
    }
}
