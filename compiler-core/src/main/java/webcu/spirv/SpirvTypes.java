package webcu.spirv;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import webcu.ir.Type;

/**
 * The SPIR-V types of IR types, in two flavours: "plain" for function and workgroup memory and
 * for values, "laid out" (ArrayStride and member Offset decorations, the C layout the IR carries)
 * for storage and uniform buffers, which Vulkan reads with an explicit layout. Capabilities follow
 * the widths used: Int8/Int16/Int64/Float64 for values, StorageBuffer8/16BitAccess for narrow
 * integers in buffers. A pointer inside a struct or array is its 8 bytes as two u32: after
 * MemoryModel, kernels only move such fields with their struct.
 */
final class SpirvTypes {
    private final SpirvModule m;
    private final Map<Type.Struct, Integer> plainStructs = new IdentityHashMap<>();
    private final Map<Type.Struct, Integer> laidOutStructs = new IdentityHashMap<>();
    private final Map<String, Integer> laidOutArrays = new java.util.HashMap<>();
    private final Set<Integer> strided = new HashSet<>();
    /** Struct names for OpName, unique in the module. */
    private final Set<String> structNames = new HashSet<>();

    /** The optional capabilities the device has (DeviceTarget.spirvCapabilities). */
    private final Set<String> available;

    SpirvTypes(SpirvModule m, Set<String> available) {
        this.m = m;
        this.available = available;
    }

    /** Declares {@code capability}, or reports {@code feature} when the device lacks it. */
    private void need(String capability, String feature) {
        if (!available.contains(capability)) {
            throw new Unsupported(feature + " on a Vulkan device without " + capability);
        }
        m.capability(capability);
    }

    /** Whether the device has the optional {@code capability}. */
    boolean has(String capability) {
        return available.contains(capability);
    }

    /**
     * Whether {@code t} is a 64-bit integer held as two u32 words ({@link SpirvWideInts}): the
     * device lacks Int64.
     */
    boolean wide(Type t) {
        return t instanceof Type.Int i && i.bits() == 64 && !available.contains("Int64");
    }

    /** The type of values of {@code t} and of Function variables holding them: {@link #plain}, or a wide integer's u32 pair. */
    int value(Type t) {
        return wide(t) ? m.typeVector(u32(), 2) : plain(t);
    }

    int voidType() {
        return m.typeVoid();
    }

    int bool() {
        return m.typeBool();
    }

    int u32() {
        return m.typeInt(32, false);
    }

    int i32() {
        return m.typeInt(32, true);
    }

    int v3u32() {
        return m.typeVector(u32(), 3);
    }

    int v4u32() {
        return m.typeVector(u32(), 4);
    }

    /** The type of values and of function or workgroup memory. */
    int plain(Type t) {
        return of(t, false);
    }

    /** The type of buffer memory: explicitly laid out. */
    int laidOut(Type t) {
        return of(t, true);
    }

    int of(Type t, boolean laidOut) {
        return switch (t) {
            case Type.Void v -> m.typeVoid();
            case Type.Bool b -> {
                if (laidOut) {
                    throw new Unsupported("'bool' in global memory");
                }
                yield m.typeBool();
            }
            case Type.Int i -> integer(i.bits(), i.signed(), laidOut);
            case Type.Float f -> {
                if (f.bits() == 64) {
                    need("Float64", "'double'");
                } else if (f.bits() != 32) {
                    throw new Unsupported("'" + f + "' floating point");
                }
                yield m.typeFloat(f.bits());
            }
            case Type.Array a -> {
                int element = of(a.element(), laidOut);
                int length = m.constantU32((int) a.count());
                if (!laidOut) {
                    yield m.typeArray(element, length);
                }
                String key = element + "[" + a.count() + "]";
                Integer known = laidOutArrays.get(key);
                if (known == null) {
                    known = m.typeArrayDistinct(element, length);
                    m.decorate(known, "ArrayStride", a.element().size());
                    laidOutArrays.put(key, known);
                }
                yield known;
            }
            case Type.Struct s -> struct(s, laidOut);
            // a pointer field of a struct the kernel copies whole (a struct argument's copy): its 8 bytes as
            // two words, moved with the struct; using it as a pointer is reported where it happens
            case Type.Ptr p -> m.typeVector(m.typeInt(32, false), 2);
        };
    }

    int integer(int bits, boolean signed, boolean laidOut) {
        String name = "'" + (signed ? "" : "unsigned ") + switch (bits) {
            case 8 -> "char";
            case 16 -> "short";
            default -> "long long";
        } + "'";
        switch (bits) {
            case 8 -> need("Int8", name);
            case 16 -> need("Int16", name);
            case 64 -> need("Int64", name);
            default -> {
            }
        }
        if (bits < 32 && laidOut) {
            // narrow integers in buffers are loaded and stored as such, computed on in their own width
            need(bits == 8 ? "StorageBuffer8BitAccess" : "StorageBuffer16BitAccess", name + " in global memory");
        }
        return m.typeInt(bits, signed);
    }

    private int struct(Type.Struct s, boolean laidOut) {
        Map<Type.Struct, Integer> cache = laidOut ? laidOutStructs : plainStructs;
        Integer known = cache.get(s);
        if (known != null) {
            return known;
        }
        int[] members = new int[s.fields().size()];
        for (int i = 0; i < members.length; i++) {
            members[i] = of(s.fields().get(i).type(), laidOut);
        }
        int id = m.typeStruct(members);
        cache.put(s, id);
        String name = s.name();
        for (int n = 2; !structNames.add(name); n++) {
            name = s.name() + "_" + n;
        }
        m.name(id, name);
        for (int i = 0; i < members.length; i++) {
            m.memberName(id, i, s.fields().get(i).name());
            if (laidOut) {
                m.memberDecorate(id, i, "Offset", s.fields().get(i).offset());
            }
        }
        return id;
    }

    /** A runtime array of {@code element} (laid out), strided by {@code stride} bytes. */
    int runtimeArray(int element, int stride) {
        int id = m.typeRuntimeArray(element);
        if (strided.add(id)) {
            m.decorate(id, "ArrayStride", stride);
        }
        return id;
    }

    /** An IR feature this writer cannot express yet: becomes a diagnostic at the statement's line. */
    static final class Unsupported extends RuntimeException {
        Unsupported(String feature) {
            super(feature, null, false, false);
        }
    }
}
