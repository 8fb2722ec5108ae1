package webcu.ir;

import java.util.List;

/**
 * Expressions: typed trees without side effects. An expression is evaluated when the statement
 * holding it executes, operands left to right; only {@link Load} and {@link WordLoad} read
 * memory, and {@code LAND}, {@code LOR} and {@link Select} evaluate an operand only when it is
 * needed (so a guarded load such as {@code i < n && a[i] > 0} never reads out of bounds). Calls are statements, but for a
 * target's side-effect-free helpers ({@link PureCall}).
 *
 * <p>One exception: a {@link CheckedIndex} that finds its index bad notes the fault in the
 * invocation's private first-fault word. It is still an expression because that note is all it
 * does: nothing else in the kernel reads the word, only the first note counts, and the invocation
 * reports it to the debug buffer as it returns. So evaluating a checked index twice, or not at all
 * when a select or {@code &&} skips it, changes nothing but which bad access is reported, as it
 * does when the unchecked access would not run.
 */
public sealed interface Expr {
    Type type();

    record IntConst(Type.Int type, long value) implements Expr {
        public IntConst {
            value = type.normalize(value);
        }
    }

    record FloatConst(Type.Float type, double value) implements Expr {
        public FloatConst {
            if (type.bits() == 32) {
                value = (float) value;
            }
        }
    }

    record BoolConst(boolean value) implements Expr {
        public Type type() { return Type.BOOL; }
    }

    /** The null pointer of a pointer type. */
    record NullPtr(Type.Ptr type) implements Expr {}

    /** The value of a non-addressable local. */
    record LocalGet(Local local) implements Expr {
        public Type type() { return local.type(); }
    }

    /** The address of an addressable local. */
    record LocalAddr(Local local) implements Expr {
        public Type type() { return new Type.Ptr(local.type()); }
    }

    record GlobalAddr(Global global) implements Expr {
        public Type type() { return new Type.Ptr(global.type()); }
    }

    /** Reads the scalar, struct or array value at {@code address}. */
    record Load(Expr address) implements Expr {
        public Type type() { return ((Type.Ptr) address.type()).pointee(); }
    }

    record Unary(UnaryOp op, Expr operand, Type type) implements Expr {}

    record Binary(BinaryOp op, Expr left, Expr right, Type type) implements Expr {}

    /**
     * Converts between numeric types, bool, and pointers (C's conversions: float to int truncates,
     * int to bool is {@code != 0}, pointer to pointer keeps the address).
     */
    record Convert(Type type, Expr value) implements Expr {}

    /** {@code base + index} in elements of the pointee: C's pointer arithmetic. */
    record PtrAdd(Expr base, Expr index) implements Expr {
        public Type type() { return base.type(); }
    }

    /** The address of element {@code index} of the array {@code base} points to. */
    record ElementAddr(Expr base, Expr index) implements Expr {
        public Type type() {
            Type.Array a = (Type.Array) ((Type.Ptr) base.type()).pointee();
            return new Type.Ptr(a.element());
        }
    }

    /** The address of field {@code field} of the struct {@code base} points to. */
    record FieldAddr(Expr base, int field) implements Expr {
        public Type type() {
            Type.Struct s = (Type.Struct) ((Type.Ptr) base.type()).pointee();
            return new Type.Ptr(s.fields().get(field).type());
        }
    }

    /** {@code cond ? ifTrue : ifFalse}, evaluating only the chosen operand. */
    record Select(Expr cond, Expr ifTrue, Expr ifFalse) implements Expr {
        public Type type() { return ifTrue.type(); }
    }

    /**
     * {@code a * b + c} rounded once, as IEEE 754's fusedMultiplyAdd: what nvcc makes of a float or
     * double multiply feeding an add or subtract ({@code webcu.passes.Contract}), and of {@code fmaf}.
     * All three operands and the result have one float type.
     */
    record Fma(Expr a, Expr b, Expr c, Type type) implements Expr {}

    /** A component (0, 1, 2 for x, y, z) of a CUDA built-in variable, as u32. */
    record BuiltinGet(Builtin builtin, int component) implements Expr {
        public Type type() { return Type.U32; }
    }

    /**
     * {@code index} checked against the storage binding that the pointer {@code array} (a kernel's
     * binding root: a pointer parameter, a device variable) points into, as u32. With {@code bytes}
     * 0, {@code index} counts the binding's elements and the value is the index's low 32 bits, or 0
     * when they are not below the binding's length. With {@code bytes} 1, 2, 4 or 8, the binding
     * is a word binding, {@code index} the byte index of a {@code bytes}-wide access into it and
     * the value the index of the access's first word ({@code index >> 2}), or word 0 when the
     * access ends past the binding or is not aligned to {@code min(bytes, 4)}: the {@code word} of
     * a {@link WordLoad}, {@link WordAddr} or {@link Stmt.WordStore}. A bad index notes
     * debug-buffer check site {@code site} of the program, as an out-of-bounds write when
     * {@code write} or read otherwise (misaligned for a misaligned byte access), in the invocation's
     * first-fault word (see above). Made by {@code webcu.passes.CheckedAccesses} just before a
     * kernel is written.
     */
    record CheckedIndex(Expr index, Expr array, int bytes, int site, boolean write) implements Expr {
        public Type type() { return Type.U32; }
    }

    /**
     * Reads the {@code type} (a scalar of 1, 2, 4 or 8 bytes; a bool is one byte) at byte
     * {@code byteIndex} (u32) of a word view: {@code words}, the pointer root of a word binding or
     * of the dynamic shared memory, whose memory is u32 words, little-endian. {@code word} (u32) is
     * the index of the access's first word: {@code byteIndex >> 2}, or a {@link CheckedIndex} of
     * {@code byteIndex}. A 4-byte value is that word's bits, an 8-byte one that word's and the next
     * (low first); a 1- or 2-byte one is the bits at {@code 8 * (byteIndex & 3)} of the word,
     * sign-extended for a signed type, not zero for a bool. Made by {@code webcu.passes.WordAccesses}
     * from a load of {@code MemoryModel}'s byte address, so that the writers print word operations.
     */
    record WordLoad(Expr words, Expr byteIndex, Expr word, Type type) implements Expr {}

    /**
     * The address of the 4- or 8-byte {@code type.pointee()} at byte {@code byteIndex} of a word
     * view, held by word {@code word} and, for 8 bytes, the next ({@code words}, {@code byteIndex}
     * and {@code word} as in {@link WordLoad}): what an atomic or an out-parameter on a word view
     * gets, which reads and writes whole words.
     */
    record WordAddr(Expr words, Expr byteIndex, Expr word, Type.Ptr type) implements Expr {}

    /**
     * A call of a side-effect-free helper of the target, by its name in the target's language
     * ({@code webcu_unordered} in WGSL): what a target's IR steps put inside an expression where
     * a {@link Stmt.Call} would need a statement of its own and change the kernel's shape. The
     * writer prints it as a call; the helper reads nothing but its arguments.
     */
    record PureCall(String name, List<Expr> args, Type type) implements Expr {
        public PureCall {
            args = List.copyOf(args);
        }
    }

    static List<Expr> children(Expr e) {
        return switch (e) {
            case IntConst c -> List.of();
            case FloatConst c -> List.of();
            case BoolConst c -> List.of();
            case NullPtr c -> List.of();
            case LocalGet g -> List.of();
            case LocalAddr a -> List.of();
            case GlobalAddr a -> List.of();
            case BuiltinGet b -> List.of();
            case Load l -> List.of(l.address());
            case Unary u -> List.of(u.operand());
            case Binary b -> List.of(b.left(), b.right());
            case Convert c -> List.of(c.value());
            case PtrAdd p -> List.of(p.base(), p.index());
            case ElementAddr a -> List.of(a.base(), a.index());
            case FieldAddr f -> List.of(f.base());
            case Select s -> List.of(s.cond(), s.ifTrue(), s.ifFalse());
            case Fma f -> List.of(f.a(), f.b(), f.c());
            case CheckedIndex c -> List.of(c.index(), c.array());
            case PureCall c -> c.args();
            case WordLoad w -> List.of(w.words(), w.byteIndex(), w.word());
            case WordAddr w -> List.of(w.words(), w.byteIndex(), w.word());
        };
    }

    /**
     * Rebuilds {@code e} bottom-up: children first, then {@code f} on the node with its new
     * children. The one walk over expression trees that passes and writers share; a node whose
     * children did not change is passed to {@code f} as it is.
     */
    static Expr postOrder(Expr e, java.util.function.UnaryOperator<Expr> f) {
        return f.apply(mapChildren(e, k -> postOrder(k, f)));
    }

    /**
     * {@code e} over its children as {@code f} maps them, or {@code e} itself when none changes:
     * the step of a top-down rewrite, which decides at a node before it descends.
     */
    static Expr mapChildren(Expr e, java.util.function.UnaryOperator<Expr> f) {
        List<Expr> kids = children(e);
        if (kids.isEmpty()) {
            return e;
        }
        List<Expr> mapped = new java.util.ArrayList<>(kids.size());
        boolean changed = false;
        for (Expr k : kids) {
            Expr m = f.apply(k);
            changed |= m != k;
            mapped.add(m);
        }
        return changed ? withChildren(e, mapped) : e;
    }

    /** The same node over new children (in {@link #children} order). */
    static Expr withChildren(Expr e, List<Expr> k) {
        return switch (e) {
            case Load l -> new Load(k.get(0));
            case Unary u -> new Unary(u.op(), k.get(0), u.type());
            case Binary b -> new Binary(b.op(), k.get(0), k.get(1), b.type());
            case Convert c -> new Convert(c.type(), k.get(0));
            case PtrAdd p -> new PtrAdd(k.get(0), k.get(1));
            case ElementAddr a -> new ElementAddr(k.get(0), k.get(1));
            case FieldAddr f -> new FieldAddr(k.get(0), f.field());
            case Select s -> new Select(k.get(0), k.get(1), k.get(2));
            case Fma f -> new Fma(k.get(0), k.get(1), k.get(2), f.type());
            case CheckedIndex c -> new CheckedIndex(k.get(0), k.get(1), c.bytes(), c.site(), c.write());
            case PureCall c -> new PureCall(c.name(), k, c.type());
            case WordLoad w -> new WordLoad(k.get(0), k.get(1), k.get(2), w.type());
            case WordAddr w -> new WordAddr(k.get(0), k.get(1), k.get(2), w.type());
            default -> e;
        };
    }
}
