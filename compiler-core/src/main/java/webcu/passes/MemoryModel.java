package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Gives every pointer of a kernel a provenance: the storage binding it points into (one of the
 * kernel's pointer parameters) and a u32 element index into that binding.
 *
 * <p>CUDA feature: pointer parameters ({@code float *a}), pointer arithmetic and indexing
 * ({@code a[i]}, {@code *(a + i)}), pointer locals derived from a parameter
 * ({@code float *row = a + r * n}), and host-side offsets ({@code kernel<<<…>>>(d_a + 100)}).
 *
 * <p>Why WebGPU needs it: WGSL has no flat pointers into buffers; a kernel sees each buffer as a
 * {@code var<storage>} array, and a binding's offset must be a multiple of 256 bytes
 * (minStorageBufferOffsetAlignment), so an arbitrary host offset has to travel as a number.
 *
 * <p>Expects: inlined kernels (no device calls). Guarantees afterwards: every pointer parameter has
 * a scalar element type (i32, u32, f32) and a hidden u32 offset local; every access through it is
 * {@code load/store(ptradd(%param, index: u32))} with the offset already added; pointer locals are
 * replaced by u32 index locals of the same name; no other pointer value remains except the
 * addresses of locals and shared globals ({@code &x}, {@code elem(&arr, i)}), which WGSL writes as
 * places. 64-bit index arithmetic built from 32-bit values with +, -, *, &, |, ^ is narrowed to
 * u32, exact for every in-bounds index. The kernel's {@link KernelInterface} is recorded. Pointers
 * whose provenance is not static (loaded from memory, mixing two parameters, pointing to locals)
 * are rejected for now; DESIGN.md's heap-binding fallback will take them.
 *
 * <p>chipStar twin: none (clspv's argument mapping and LLVM's InferAddressSpaces do this job).
 */
public final class MemoryModel implements DevicePass {
    @Override
    public String name() {
        return "MemoryModel";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            new State(m, k).run();
        }
    }

    /** Whether WGSL can hold this type in a storage array without the sub-word or 64-bit passes. */
    static boolean isWordElement(Type t) {
        return t.equals(Type.I32) || t.equals(Type.U32) || t.equals(Type.F32);
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        /** Pointer params and pointer locals to the param (binding) they point into. */
        final Map<Local, Local> binding = new LinkedHashMap<>();
        /** Param to its element type. */
        final Map<Local, Type> element = new LinkedHashMap<>();
        final Map<Local, Local> offset = new HashMap<>();
        /** Pointer locals (and assigned pointer params) to the u32 index local that replaces them. */
        final Map<Local, Local> index = new HashMap<>();
        final Set<Local> read = new HashSet<>();
        final Set<Local> written = new HashSet<>();
        Span at;
        boolean failed;

        State(DeviceModule m, Function k) {
            this.m = m;
            this.k = k;
            this.at = k.span();
        }

        void reject(String feature) {
            if (!failed) {
                m.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, feature);
            }
            failed = true;
        }

        void run() {
            for (Local p : k.params()) {
                if (p.type() instanceof Type.Ptr ptr) {
                    if (p.addressable()) {
                        reject("taking the address of pointer parameter '" + p.name() + "'");
                        return;
                    }
                    Type el = ptr.pointee() instanceof Type.Void ? castTarget(p) : ptr.pointee();
                    if (!isWordElement(el)) {
                        reject("pointer parameters to " + TypeNames.c(el) + " ('" + p.name() + "')");
                        return;
                    }
                    element.put(p, el);
                    binding.put(p, p);
                    offset.put(p, k.newLocal(p.name() + ".offset", Type.U32, false));
                } else if (!(p.type() instanceof Type.Int || p.type() instanceof Type.Float || p.type() instanceof Type.Bool)) {
                    reject("parameters of type " + TypeNames.c(p.type()) + " ('" + p.name() + "')");
                    return;
                }
            }
            if (!resolvePointerLocals()) {
                return;
            }
            List<Stmt> prologue = new ArrayList<>();
            for (Map.Entry<Local, Local> e : binding.entrySet()) {
                Local l = e.getKey();
                if (assigned.contains(l)) {
                    Local idx = k.newLocal(l.name(), Type.U32, false);
                    index.put(l, idx);
                    if (l.id() < k.params().size()) {
                        prologue.add(new Stmt.Assign(idx, new Expr.LocalGet(offset.get(l)), k.span()));
                    }
                }
            }
            Stmt.Block body = new Body().block(k.body());
            if (failed) {
                return;
            }
            prologue.addAll(body.stmts());
            k.setBody(new Stmt.Block(prologue, k.body().span()));
            List<KernelInterface.Param> params = new ArrayList<>();
            for (int i = 0; i < k.params().size(); i++) {
                Local p = k.params().get(i);
                if (element.containsKey(p)) {
                    params.add(new KernelInterface.Buffer(i, p, element.get(p), read.contains(p), written.contains(p),
                            offset.get(p)));
                } else {
                    params.add(new KernelInterface.Value(i, p));
                }
            }
            m.setInterface(k, new KernelInterface(params));
        }

        /** The element type a {@code void *} parameter is cast to, or void when it is never cast. */
        private Type castTarget(Local p) {
            Type[] found = {Type.VOID};
            Rewriter.forEachExpr(k.body(), (s, e) -> {
                if (found[0] instanceof Type.Void && e instanceof Expr.Convert c && c.type() instanceof Type.Ptr to
                        && c.value() instanceof Expr.LocalGet g && g.local().equals(p)) {
                    found[0] = to.pointee();
                }
            });
            // An unused void pointer still needs some element type for its binding.
            return found[0] instanceof Type.Void && !used(p) ? Type.U32 : found[0];
        }

        private boolean used(Local p) {
            boolean[] u = {false};
            Rewriter.forEachExpr(k.body(), (s, e) -> u[0] |= e instanceof Expr.LocalGet g && g.local().equals(p));
            return u[0];
        }

        final Set<Local> assigned = new HashSet<>();

        /**
         * Finds the binding of every pointer local from its assignments, iterating to a fixed point
         * (a local may be assigned from another pointer local before or after it in the code).
         */
        private boolean resolvePointerLocals() {
            List<Stmt.Assign> assigns = new ArrayList<>();
            Rewriter.forEachStmt(k.body(), s -> {
                if (s instanceof Stmt.Assign a && a.target().type() instanceof Type.Ptr) {
                    assigns.add(a);
                    assigned.add(a.target());
                }
            });
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Stmt.Assign a : assigns) {
                    at = a.span();
                    Local root = root(a.value());
                    if (root == null) {
                        continue;
                    }
                    Local had = binding.get(a.target());
                    if (had == null) {
                        binding.put(a.target(), root);
                        changed = true;
                    } else if (had != root && !had.equals(root)) {
                        reject("a pointer that may point into different arguments ('" + a.target().name() + "')");
                        return false;
                    }
                }
            }
            for (Stmt.Assign a : assigns) {
                if (!binding.containsKey(a.target())) {
                    at = a.span();
                    Local root = root(a.value());
                    if (root == null && !failed) {
                        reject(describeUnknown(a.value()));
                    }
                    return false;
                }
            }
            return !failed;
        }

        /** The parameter a pointer expression points into, or null when unknown (yet). */
        private Local root(Expr e) {
            return switch (e) {
                case Expr.LocalGet g -> binding.get(g.local());
                case Expr.PtrAdd p -> root(p.base());
                case Expr.Convert c when c.value().type() instanceof Type.Ptr -> root(c.value());
                case Expr.Select s -> {
                    Local a = root(s.ifTrue());
                    Local b = root(s.ifFalse());
                    if (a != null && b != null && !a.equals(b)) {
                        reject("a pointer that may point into different arguments");
                        yield null;
                    }
                    yield a != null ? a : b;
                }
                default -> null;
            };
        }

        private String describeUnknown(Expr e) {
            return switch (e) {
                case Expr.Load l -> "pointers loaded from memory";
                case Expr.NullPtr n -> "null pointers in kernels";
                case Expr.LocalAddr a -> "pointers to local variables";
                case Expr.ElementAddr a -> "pointers to local variables or shared memory";
                case Expr.GlobalAddr g -> "pointers to global variables";
                case Expr.Convert c -> "converting an integer to a pointer";
                case Expr.PtrAdd p -> describeUnknown(p.base());
                default -> "this use of pointers";
            };
        }

        /** Rewrites the kernel's statements: pointer assignments become index assignments. */
        private final class Body extends Rewriter {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                Span saved = at;
                at = s.span();
                try {
                    if (s instanceof Stmt.Assign a && a.target().type() instanceof Type.Ptr) {
                        return List.of(new Stmt.Assign(index.get(a.target()), indexOf(a.value()), a.span()));
                    }
                    if (s instanceof Stmt.Call c && !Intrinsics.isSupported(c.callee())) {
                        return List.of(s); // a later pass lowers it (Printf, Atomics …) or CheckSupported names it
                    }
                    if (s instanceof Stmt.Store st) {
                        Expr address = address(st.address(), true);
                        return List.of(new Stmt.Store(address, value(st.value()), st.span()));
                    }
                    return super.stmt(s);
                } finally {
                    at = saved;
                }
            }

            @Override
            protected Expr expr(Expr e) {
                return value(e);
            }
        }

        /** A non-pointer expression with every load's address rewritten. */
        Expr value(Expr e) {
            if (e.type() instanceof Type.Ptr) {
                reject(e instanceof Expr.NullPtr ? "null pointers in kernels" : "pointer values other than memory addresses");
                return e;
            }
            if (e instanceof Expr.Load l) {
                return new Expr.Load(address(l.address(), false));
            }
            if (e instanceof Expr.Convert c && c.value().type() instanceof Type.Ptr) {
                reject("converting a pointer to an integer");
                return e;
            }
            List<Expr> kids = Expr.children(e);
            if (kids.isEmpty()) {
                return e;
            }
            List<Expr> mapped = new ArrayList<>(kids.size());
            for (Expr x : kids) {
                mapped.add(value(x));
            }
            return Rewriter.withChildren(e, mapped);
        }

        /** An address that is loaded from or stored to, in the canonical form WGSL can write as a place. */
        Expr address(Expr a, boolean store) {
            Local root = root(a);
            if (root != null) {
                (store ? written : read).add(root);
                Type el = ((Type.Ptr) a.type()).pointee();
                if (!el.equals(element.get(root))) {
                    reject("accessing " + TypeNames.c(element.get(root)) + " memory as " + TypeNames.c(el));
                }
                return new Expr.PtrAdd(new Expr.LocalGet(root), indexOf(a));
            }
            return switch (a) {
                case Expr.LocalAddr l -> {
                    if (l.local().type() instanceof Type.Ptr) {
                        reject("pointers stored in memory ('" + l.local().name() + "')");
                    }
                    yield a;
                }
                case Expr.GlobalAddr g -> a;
                case Expr.ElementAddr e -> new Expr.ElementAddr(address(e.base(), store), narrowIndex(value(e.index())));
                case Expr.FieldAddr f -> new Expr.FieldAddr(address(f.base(), store), f.field());
                case Expr.PtrAdd p when p.base() instanceof Expr.ElementAddr e -> {
                    // &arr[j] + i: an array decayed to a pointer and then offset
                    Expr j = narrowIndex(value(e.index()));
                    Expr i = sameType(narrowIndex(value(p.index())), j.type());
                    yield new Expr.ElementAddr(address(e.base(), store), new Expr.Binary(BinaryOp.ADD, j, i, j.type()));
                }
                default -> {
                    reject(describeUnknown(a));
                    yield a;
                }
            };
        }

        /** The u32 element index (offset included) of a pointer into a binding. */
        Expr indexOf(Expr e) {
            return switch (e) {
                case Expr.LocalGet g -> {
                    Local idx = index.get(g.local());
                    if (idx != null) {
                        yield new Expr.LocalGet(idx);
                    }
                    Local off = offset.get(g.local());
                    if (off == null) {
                        reject(describeUnknown(e));
                        yield new Expr.IntConst(Type.U32, 0);
                    }
                    yield new Expr.LocalGet(off);
                }
                case Expr.PtrAdd p -> {
                    Type el = ((Type.Ptr) p.base().type()).pointee();
                    Local root = root(p.base());
                    if (root != null && !el.equals(element.get(root))) {
                        reject("pointer arithmetic on " + TypeNames.c(el) + " pointers into " + TypeNames.c(element.get(root))
                                + " memory");
                    }
                    yield new Expr.Binary(BinaryOp.ADD, indexOf(p.base()), toU32(value(p.index())), Type.U32);
                }
                case Expr.Convert c when c.value().type() instanceof Type.Ptr -> {
                    Local root = root(c.value());
                    Type to = ((Type.Ptr) c.type()).pointee();
                    Type from = ((Type.Ptr) c.value().type()).pointee();
                    if (root != null && !to.equals(element.get(root)) && !(to instanceof Type.Void)
                            && !from.equals(to)) {
                        reject("casting a pointer to " + TypeNames.c(element.get(root)) + " into a pointer to "
                                + TypeNames.c(to));
                    }
                    yield indexOf(c.value());
                }
                case Expr.Select s -> new Expr.Select(value(s.cond()), indexOf(s.ifTrue()), indexOf(s.ifFalse()));
                default -> {
                    reject(describeUnknown(e));
                    yield new Expr.IntConst(Type.U32, 0);
                }
            };
        }
    }

    private static Expr sameType(Expr e, Type t) {
        return e.type().equals(t) ? e : new Expr.Convert(t, e);
    }

    /** An array index: 32-bit as it is, 64-bit narrowed to u32 where that is exact. */
    static Expr narrowIndex(Expr i) {
        if (i.type() instanceof Type.Int t && t.bits() == 64) {
            Expr n = narrow(i);
            return n != null ? n : i;
        }
        return i;
    }

    /** An element offset as u32: wraps modulo 2^32, which is exact for any index inside a buffer. */
    static Expr toU32(Expr i) {
        if (i.type().equals(Type.U32)) {
            return i;
        }
        if (i.type() instanceof Type.Int t && t.bits() == 64) {
            Expr n = narrow(i);
            if (n != null) {
                return n;
            }
        }
        return new Expr.Convert(Type.U32, i);
    }

    /**
     * The low 32 bits of a 64-bit integer expression computed in u32, or null when the expression
     * is not made only of ring operations on values that were 32-bit (or constants).
     */
    static Expr narrow(Expr e) {
        if (!(e.type() instanceof Type.Int t) || t.bits() != 64) {
            return e.type().equals(Type.U32) ? e : e.type() instanceof Type.Int i && i.bits() <= 32
                    ? new Expr.Convert(Type.U32, e) : null;
        }
        return switch (e) {
            case Expr.IntConst c -> new Expr.IntConst(Type.U32, c.value());
            case Expr.Convert c when c.value().type() instanceof Type.Int from && from.bits() <= 32 ->
                    from.equals(Type.U32) ? c.value() : new Expr.Convert(Type.U32, c.value());
            case Expr.Convert c when c.value().type() instanceof Type.Int from && from.bits() == 64 -> narrow(c.value());
            case Expr.Binary b when b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB || b.op() == BinaryOp.MUL
                    || b.op() == BinaryOp.AND || b.op() == BinaryOp.OR || b.op() == BinaryOp.XOR -> {
                Expr l = narrow(b.left());
                Expr r = narrow(b.right());
                yield l == null || r == null ? null : new Expr.Binary(b.op(), l, r, Type.U32);
            }
            case Expr.Binary b when b.op() == BinaryOp.SHL && b.right() instanceof Expr.IntConst c
                    && c.value() >= 0 && c.value() < 32 -> {
                Expr l = narrow(b.left());
                yield l == null ? null : new Expr.Binary(BinaryOp.SHL, l, new Expr.IntConst(Type.U32, c.value()), Type.U32);
            }
            case Expr.Unary u when u.op() == UnaryOp.NEG || u.op() == UnaryOp.NOT -> {
                Expr x = narrow(u.operand());
                yield x == null ? null : new Expr.Unary(u.op(), x, Type.U32);
            }
            case Expr.Select s -> {
                Expr a = narrow(s.ifTrue());
                Expr b = narrow(s.ifFalse());
                yield a == null || b == null ? null : new Expr.Select(s.cond(), a, b);
            }
            default -> null;
        };
    }
}
