package webcu.passes;

import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Type;
import webcu.passes.KernelInterface.View;

/**
 * What {@link Provenance} tracks: the roots pointers point into, pointer values as root and
 * index, and the arithmetic on element units and indices that does not depend on the kernel.
 */
final class Roots {
    private Roots() {
    }

    /** What pointers point into: a binding (argument or device variable) or a local or shared variable. */
    static final class Root {
        final String name;
        final KernelInterface.Source source;
        /** The pointer local a binding starts from (a parameter or a struct parameter's pointer field). */
        final Local local;
        /** A device variable (binding) or a shared variable (place). */
        final Global global;
        /** An addressable local (place). */
        final Local variable;
        /** The unit of indices: the pointee below all array levels. */
        final Type element;
        View view = View.TYPED;
        boolean read;
        boolean written;
        boolean atomic;
        Local offset;

        Root(String name, KernelInterface.Source source, Local local, Global global, Local variable, Type element) {
            this.name = name;
            this.source = source;
            this.local = local;
            this.global = global;
            this.variable = variable;
            this.element = element;
        }

        boolean isBinding() {
            return source != null;
        }
    }

    /**
     * A pointer value: its root, and either its index in the root's units (elements of a typed
     * root, bytes of a word root) or, when it points inside an element of a typed root, the
     * canonical address of that part ({@code inner}).
     */
    record Ptr(Root root, Expr index, Type pointee, Expr inner) {
    }

    /** How many root elements a {@code t} spans, or -1 when {@code t} is not made of whole elements. */
    static long units(Type t, Type element) {
        if (sameUnit(t, element)) {
            return 1;
        }
        if (t instanceof Type.Array a) {
            long c = units(a.element(), element);
            return c < 0 ? -1 : c * a.count();
        }
        return -1;
    }

    /** Same type, or scalars of the same size that a bitcast turns into each other. */
    static boolean sameUnit(Type a, Type b) {
        if (a.equals(b)) {
            return true;
        }
        boolean sa = a instanceof Type.Int || a instanceof Type.Float;
        boolean sb = b instanceof Type.Int || b instanceof Type.Float;
        return sa && sb && a.size() == b.size() && a.size() >= 4;
    }

    /** {@code elem(elem(&a, i / n), i % n)} … down to the element type, for a flat index into nested arrays. */
    static Expr flatElement(Expr place, Expr i) {
        Type t = Build.pointee(place.type());
        if (!(t instanceof Type.Array a)) {
            return place;
        }
        long inner = 1;
        for (Type x = a.element(); x instanceof Type.Array xa; x = xa.element()) {
            inner *= xa.count();
        }
        if (inner == 1) {
            return new Expr.ElementAddr(place, i);
        }
        Expr outer = i instanceof Expr.IntConst c ? Build.u32(c.value() / inner)
                : new Expr.Binary(BinaryOp.DIV, i, Build.u32(inner), Type.U32);
        Expr rest = i instanceof Expr.IntConst c ? Build.u32(c.value() % inner)
                : new Expr.Binary(BinaryOp.REM, i, Build.u32(inner), Type.U32);
        return flatElement(new Expr.ElementAddr(place, outer), rest);
    }

    static boolean atomicElement(Type t) {
        return t.equals(Type.I32) || t.equals(Type.U32) || t.equals(Type.F32);
    }

    static void mark(Root r, boolean store, boolean atomic) {
        if (atomic) {
            r.atomic = true;
            r.read = true;
            r.written = true;
        } else if (store) {
            r.written = true;
        } else {
            r.read = true;
        }
    }

    static Expr wordAddress(Root r, Expr byteIndex, Type t) {
        Expr base = r.local != null ? Build.get(r.local) : new Expr.GlobalAddr(r.global);
        Expr bytes = new Expr.PtrAdd(new Expr.Convert(Type.ptr(Type.U8), base), byteIndex);
        return new Expr.Convert(Type.ptr(t), bytes);
    }

    /** An array index: 32-bit as it is, 64-bit narrowed to u32 where that is exact. */
    static Expr narrowIndex(Expr i) {
        if (i.type() instanceof Type.Int t && t.bits() == 64) {
            Expr n = Build.narrow(i);
            return n != null ? n : new Expr.Convert(Type.U32, i);
        }
        return i;
    }

    /** An element offset as u32: wraps modulo 2^32, which is exact for any index inside a buffer. */
    static Expr toU32(Expr i) {
        if (i.type().equals(Type.U32)) {
            return i;
        }
        if (i instanceof Expr.IntConst c) {
            return Build.u32(c.value());
        }
        if (i.type() instanceof Type.Int t && t.bits() == 64) {
            Expr n = Build.narrow(i);
            if (n != null) {
                return n;
            }
        }
        return new Expr.Convert(Type.U32, i);
    }
}
