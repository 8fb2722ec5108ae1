package webcu.passes;

import webcu.ir.Type;

/** C spellings of IR types, for diagnostics that speak the user's language ('unsigned long long', 'float *'). */
public final class TypeNames {
    private TypeNames() {
    }

    /** The type as C would print it, quoted as clang quotes types. */
    public static String c(Type t) {
        return "'" + plain(t) + "'";
    }

    static String plain(Type t) {
        return switch (t) {
            case Type.Void v -> "void";
            case Type.Bool b -> "bool";
            case Type.Int i -> switch (i.bits()) {
                case 8 -> i.signed() ? "char" : "unsigned char";
                case 16 -> i.signed() ? "short" : "unsigned short";
                case 32 -> i.signed() ? "int" : "unsigned int";
                default -> i.signed() ? "long long" : "unsigned long long";
            };
            case Type.Float f -> f.bits() == 32 ? "float" : f.bits() == 64 ? "double" : "half";
            case Type.Ptr p -> plain(p.pointee()) + " *";
            case Type.Array a -> plain(a.element()) + "[" + a.count() + "]";
            case Type.Struct s -> s.name();
        };
    }
}
