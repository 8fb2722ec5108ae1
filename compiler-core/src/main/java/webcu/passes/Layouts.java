package webcu.passes;

import webcu.ir.Type;

/**
 * Which IR types WGSL can hold in a storage buffer with exactly their C layout, so that host and
 * kernel agree on every byte: 32-bit scalars, 64-bit scalars (as {@code vec2<u32>}, 8-byte
 * aligned like C's), and arrays and structs of them whose C field offsets are multiples of the
 * WGSL alignments (a struct is then written with {@code @size} on each member, which pins every
 * offset and the total size). {@code bool}, 8- and 16-bit integers and pointers have no storage
 * layout in WGSL; buffers holding them are addressed as words.
 */
public final class Layouts {
    private Layouts() {
    }

    /** Whether a storage buffer can hold {@code t} as a WGSL type with its C layout. */
    public static boolean storable(Type t) {
        return switch (t) {
            case Type.Int i -> i.bits() == 32 || i.bits() == 64;
            case Type.Float f -> f.bits() == 32 || f.bits() == 64;
            case Type.Array a -> storable(a.element()) && a.count() > 0;
            case Type.Struct s -> storableStruct(s);
            default -> false;
        };
    }

    private static boolean storableStruct(Type.Struct s) {
        if (!s.isComplete() || s.fields().isEmpty()) {
            return false;
        }
        for (Type.Field f : s.fields()) {
            if (!storable(f.type()) || f.offset() % wgslAlign(f.type()) != 0) {
                return false;
            }
        }
        return s.size() % wgslAlign(s) == 0;
    }

    /** The alignment WGSL gives a storable type (64-bit scalars are {@code vec2<u32>}: 8). */
    public static int wgslAlign(Type t) {
        return switch (t) {
            case Type.Int i -> i.bits() == 64 ? 8 : 4;
            case Type.Float f -> f.bits() == 64 ? 8 : 4;
            case Type.Array a -> wgslAlign(a.element());
            case Type.Struct s -> {
                int max = 4;
                if (s.isComplete()) {
                    for (Type.Field f : s.fields()) {
                        max = Math.max(max, wgslAlign(f.type()));
                    }
                }
                yield max;
            }
            default -> 4;
        };
    }

    /** The type itself, or the element type below all array levels ({@code float[4][4]} → float). */
    public static Type innermost(Type t) {
        while (t instanceof Type.Array a) {
            t = a.element();
        }
        return t;
    }

    /** Whether the type is a struct or an array (a value WGSL copies whole, C member by member). */
    public static boolean isAggregate(Type t) {
        return t instanceof Type.Struct || t instanceof Type.Array;
    }

    /** Whether {@code t} is held in WGSL as a {@code vec2<u32>}: 64-bit integers and doubles. */
    public static boolean isWide(Type t) {
        return t instanceof Type.Int i && i.bits() == 64 || t instanceof Type.Float f && f.bits() == 64;
    }
}
