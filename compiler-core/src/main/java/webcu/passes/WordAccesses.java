package webcu.passes;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Byte accesses to word views become word accesses: a load, store or atomic whose address is
 * {@link MemoryModel}'s byte address into a word binding or the dynamic shared memory
 * ({@code convert<T*>(ptradd(convert<u8*>(root), byte))}, the outer converts of an access that
 * reinterprets it included) becomes an {@link Expr.WordLoad}, a {@link Stmt.WordStore} or, as an
 * atomic's or out-parameter's address, an {@link Expr.WordAddr}, with its first word
 * {@code byte >> 2}. The WGSL and SPIR-V writers print these as word operations (shifts and masks
 * of a word for a byte, atomic and/or to store one); {@link CheckedAccesses}, run after it, makes
 * a binding's word index a checked one.
 *
 * <p>Not in {@link DevicePasses#PIPELINE}: the backends run it just before {@link CheckedAccesses},
 * after their own steps, on the addresses as they will be printed.
 */
public final class WordAccesses implements DevicePass {
    private final Set<Local> byRoot = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Global> bySymbol = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    @Override
    public String name() {
        return "WordAccesses";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : List.copyOf(m.kernels())) {
            KernelInterface in = m.interfaceOf(k);
            byRoot.clear();
            bySymbol.clear();
            if (in != null) {
                for (KernelInterface.Binding b : in.bindings()) {
                    if (b.view() != KernelInterface.View.WORDS) {
                        continue;
                    }
                    if (b.root() != null) {
                        byRoot.add(b.root());
                    } else if (b.global() != null) {
                        bySymbol.add(b.global());
                    }
                }
            }
            k.setBody(new Step().block(k.body()));
        }
    }

    /** A byte access to a word view: its root, byte index and the type accessed. */
    private record Access(Expr words, Expr byteIndex, Type type) {
        Expr word() {
            return new Expr.Binary(BinaryOp.SHR, byteIndex, new Expr.IntConst(Type.U32, 2), Type.U32);
        }
    }

    private final class Step extends Rewriter {
        @Override
        protected Expr expr(Expr e) {
            return Expr.postOrder(e, x -> {
                if (x instanceof Expr.Load l) {
                    Access a = access(l.address());
                    if (a != null && a.type().equals(l.type())) {
                        return new Expr.WordLoad(a.words(), a.byteIndex(), a.word(), a.type());
                    }
                }
                return x;
            });
        }

        @Override
        protected List<Stmt> stmt(Stmt s) {
            Stmt r = rebuild(s);
            return List.of(switch (r) {
                case Stmt.Store st when access(st.address()) instanceof Access a && a.type().equals(st.value().type()) ->
                        new Stmt.WordStore(a.words(), a.byteIndex(), a.word(), st.value(), st.span());
                case Stmt.Call c when c.callee().name().startsWith("__webcu_atomic") || Intrinsics.isOutParam(c.callee()) -> {
                    boolean atomic = c.callee().name().startsWith("__webcu_atomic");
                    List<Expr> args = new ArrayList<>(c.args());
                    for (int i = atomic ? 0 : 1; i < (atomic ? 1 : args.size()); i++) {
                        Access a = access(args.get(i));
                        if (a != null) {
                            Expr addr = new Expr.WordAddr(a.words(), a.byteIndex(), a.word(), Type.ptr(a.type()));
                            // the argument keeps its pointer type: a word address is as typed as the access
                            args.set(i, addr.type().equals(args.get(i).type()) ? addr : new Expr.Convert(args.get(i).type(), addr));
                        }
                    }
                    yield new Stmt.Call(c.result(), c.callee(), args, c.span());
                }
                default -> r;
            });
        }
    }

    /**
     * The word access {@code a} is, or null: a byte address into a word view, the type accessed
     * that of its outermost conversion to a scalar of the same size (an i32 read as u32 by an
     * atomic's compare-and-swap loop reads a u32). A load or store of another type than that
     * (MemoryModel makes none) stays a byte access, which the writers reject.
     */
    private Access access(Expr a) {
        if (!(a instanceof Expr.Convert c)) {
            return null;
        }
        Type outer = ((Type.Ptr) c.type()).pointee();
        if (c.value() instanceof Expr.PtrAdd pa && pa.base() instanceof Expr.Convert bytes
                && ((Type.Ptr) bytes.type()).pointee().equals(Type.U8) && isWords(bytes.value())) {
            return new Access(bytes.value(), pa.index(), outer);
        }
        Access inner = access(c.value());
        if (inner != null && outer.size() == inner.type().size() && !(outer instanceof Type.Struct)
                && !(outer instanceof Type.Array)) {
            return new Access(inner.words(), inner.byteIndex(), outer);
        }
        return inner;
    }

    /** Whether the pointer root {@code root} ({@code %p}, {@code convert(%p)}, {@code &g}) is a word view. */
    private boolean isWords(Expr root) {
        return switch (root) {
            case Expr.LocalGet g -> byRoot.contains(g.local());
            case Expr.Convert c -> isWords(c.value());
            case Expr.GlobalAddr g -> g.global().dynamicShared() || bySymbol.contains(g.global());
            default -> false;
        };
    }
}
