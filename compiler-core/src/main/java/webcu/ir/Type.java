package webcu.ir;

import java.util.List;

/**
 * The types of IR values and memory. Sizes and alignments are those of CUDA on x86-64 (LP64):
 * host and device agree on every layout, as nvcc guarantees. Struct layouts are computed by the
 * front end and carried here; the IR never re-lays out a struct.
 */
public sealed interface Type {
    int size();

    int align();

    Void VOID = new Void();
    Bool BOOL = new Bool();
    Int I8 = new Int(8, true);
    Int U8 = new Int(8, false);
    Int I16 = new Int(16, true);
    Int U16 = new Int(16, false);
    Int I32 = new Int(32, true);
    Int U32 = new Int(32, false);
    Int I64 = new Int(64, true);
    Int U64 = new Int(64, false);
    Float F32 = new Float(32);
    Float F64 = new Float(64);

    static Ptr ptr(Type pointee) {
        return new Ptr(pointee);
    }

    record Void() implements Type {
        public int size() { return 1; }
        public int align() { return 1; }
        @Override public String toString() { return "void"; }
    }

    /** A truth value; one byte in memory, as C++ {@code bool}. */
    record Bool() implements Type {
        public int size() { return 1; }
        public int align() { return 1; }
        @Override public String toString() { return "bool"; }
    }

    record Int(int bits, boolean signed) implements Type {
        public int size() { return bits / 8; }
        public int align() { return bits / 8; }

        /** Wraps a value to this width and sign-extends or zero-extends it to 64 bits. */
        public long normalize(long v) {
            return switch (bits) {
                case 8 -> signed ? (byte) v : v & 0xFFL;
                case 16 -> signed ? (short) v : v & 0xFFFFL;
                case 32 -> signed ? (int) v : v & 0xFFFFFFFFL;
                default -> v;
            };
        }

        @Override public String toString() { return (signed ? "i" : "u") + bits; }
    }

    record Float(int bits) implements Type {
        public int size() { return bits / 8; }
        public int align() { return bits / 8; }
        @Override public String toString() { return "f" + bits; }
    }

    /** A generic (flat) 64-bit pointer, as CUDA's; passes infer address spaces where needed. */
    record Ptr(Type pointee) implements Type {
        public int size() { return 8; }
        public int align() { return 8; }
        @Override public String toString() { return "ptr<" + pointee + ">"; }
    }

    record Array(Type element, long count) implements Type {
        public int size() { return (int) (element.size() * count); }
        public int align() { return element.align(); }
        @Override public String toString() { return "[" + element + "; " + count + "]"; }
    }

    /**
     * A struct, class or union, nominal: two structs are equal only if they are the same object,
     * so a struct can point to itself. Fields are set once, when the front end completes it.
     */
    final class Struct implements Type {
        private final String name;
        private List<Field> fields;
        private int size;
        private int align;

        public Struct(String name) {
            this.name = name;
        }

        public void complete(List<Field> fields, int size, int align) {
            if (this.fields != null) {
                throw new IllegalStateException("struct " + name + " completed twice");
            }
            this.fields = List.copyOf(fields);
            this.size = size;
            this.align = align;
        }

        public String name() { return name; }
        public boolean isComplete() { return fields != null; }
        public List<Field> fields() { return fields; }
        public int size() { return size; }
        public int align() { return align; }
        @Override public String toString() { return "%" + name; }
    }

    record Field(String name, Type type, int offset) {}

    static boolean isInt(Type t) { return t instanceof Int; }
    static boolean isFloat(Type t) { return t instanceof Float; }
    static boolean isScalar(Type t) { return t instanceof Int || t instanceof Float || t instanceof Bool || t instanceof Ptr; }
}
