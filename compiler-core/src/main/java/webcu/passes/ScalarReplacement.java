package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Splits struct locals whose address never escapes into one value local per field, after first
 * replacing pointer locals that only ever hold one local's address by that address.
 *
 * <p>CUDA feature: lambdas. A lambda is a struct of its captures; one that captures by reference
 * holds pointers ({@code [&counter]}), and its body, once inlined, reads them back out of the
 * closure's memory through {@code this}. Small structs built and used inside a kernel
 * ({@code float2}-like helpers, iterators) are the same pattern.
 *
 * <p>Why WebGPU needs it: WGSL cannot keep a pointer in memory, and {@link MemoryModel} resolves a
 * pointer only where its provenance is visible in value locals; a pointer loaded from a struct in
 * memory is "dynamic" to it. Once the fields are locals, the captured pointer is a value local
 * assigned from {@code &counter}, which the memory model follows.
 *
 * <p>Expects: inlined kernels ({@link Inline}). Guarantees: a struct local (no unions: fields at
 * distinct offsets, all scalars or pointers) whose address is used only as the base of a field
 * load or store, or in a whole copy to or from another such local, is never read or written
 * again; its fields live in new locals named {@code local_field}. Other locals are untouched.
 *
 * <p>Locals are records compared by value: the body may hold other instances than
 * {@link Function#locals()}, so the sets here are hash sets, not identity sets.
 *
 * <p>chipStar twin: LLVM's SROA, which chipStar's pipeline runs before its own passes.
 */
public final class ScalarReplacement implements DevicePass {
    @Override
    public String name() {
        return "ScalarReplacement";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            k.setBody(propagateAddresses(k));
            split(k);
        }
    }

    /**
     * Replaces each non-parameter pointer local whose every assignment stores the address of one
     * and the same local (an inlined {@code this}) by that address, and drops those assignments.
     */
    static Stmt.Block propagateAddresses(Function k) {
        Map<Local, Local> target = new HashMap<>();
        Set<Local> disqualified = new HashSet<>();
        disqualified.addAll(k.params());
        Rewriter.forEachStmt(k.body(), s -> {
            switch (s) {
                case Stmt.Assign a when a.target().type() instanceof Type.Ptr -> {
                    Local prev = target.get(a.target());
                    if (a.value() instanceof Expr.LocalAddr la && (prev == null || prev == la.local())) {
                        target.put(a.target(), la.local());
                    } else {
                        disqualified.add(a.target());
                    }
                }
                case Stmt.Call c when c.result() != null -> disqualified.add(c.result());
                default -> { }
            }
        });
        target.keySet().removeAll(disqualified);
        target.keySet().removeIf(Local::addressable);
        if (target.isEmpty()) {
            return k.body();
        }
        return new Rewriter() {
            @Override
            protected Expr expr(Expr e) {
                return Expr.postOrder(e, x -> x instanceof Expr.LocalGet g && target.containsKey(g.local())
                        ? new Expr.LocalAddr(target.get(g.local())) : x);
            }

            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (s instanceof Stmt.Assign a && target.containsKey(a.target())) {
                    return List.of();
                }
                return List.of(rebuild(s));
            }
        }.block(k.body());
    }

    /** Whether a local's type can be split: a struct of scalars and pointers at distinct offsets. */
    static boolean splittable(Local l) {
        if (!l.addressable() || !(l.type() instanceof Type.Struct s) || !s.isComplete() || s.fields().isEmpty()) {
            return false;
        }
        Set<Integer> offsets = new HashSet<>();
        for (Type.Field f : s.fields()) {
            if (!Type.isScalar(f.type()) || !offsets.add(f.offset())) {
                return false;
            }
        }
        return true;
    }

    private static void split(Function k) {
        Set<Local> candidates = new HashSet<>();
        for (Local l : k.locals()) {
            if (l.id() >= k.params().size() && splittable(l)) {
                candidates.add(l);
            }
        }
        if (candidates.isEmpty()) {
            return;
        }
        List<Local[]> copies = new ArrayList<>();
        Set<Local> escaped = new HashSet<>();
        Rewriter.forEachStmt(k.body(), s -> scanStmt(s, copies, escaped));
        candidates.removeAll(escaped);
        // a copy between a split local and one that stays in memory would lose the fields: keep both
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Local[] c : copies) {
                if (candidates.contains(c[0]) != candidates.contains(c[1])) {
                    candidates.remove(c[0]);
                    candidates.remove(c[1]);
                    changed = true;
                }
            }
        }
        if (candidates.isEmpty()) {
            return;
        }
        Map<Local, List<Local>> fields = new HashMap<>();
        for (Local l : new ArrayList<>(k.locals())) {
            if (candidates.contains(l)) {
                List<Local> fs = new ArrayList<>();
                for (Type.Field f : ((Type.Struct) l.type()).fields()) {
                    fs.add(k.newLocal(l.name() + "_" + f.name(), f.type(), false));
                }
                fields.put(l, fs);
            }
        }
        k.setBody(new Rewriter() {
            @Override
            protected Expr expr(Expr e) {
                return Expr.postOrder(e, x -> {
                    Local f = fieldOf(x instanceof Expr.Load ld ? ld.address() : null, fields);
                    return f != null ? new Expr.LocalGet(f) : x;
                });
            }

            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (s instanceof Stmt.Store st) {
                    Local f = fieldOf(st.address(), fields);
                    if (f != null) {
                        return List.of(new Stmt.Assign(f, expr(st.value()), st.span()));
                    }
                    Local[] copy = wholeCopy(st);
                    if (copy != null && fields.containsKey(copy[0])) {
                        List<Stmt> out = new ArrayList<>();
                        if (!copy[0].equals(copy[1])) {
                            List<Local> dst = fields.get(copy[0]);
                            List<Local> src = fields.get(copy[1]);
                            for (int i = 0; i < dst.size(); i++) {
                                out.add(new Stmt.Assign(dst.get(i), new Expr.LocalGet(src.get(i)), st.span()));
                            }
                        }
                        return out;
                    }
                }
                return List.of(rebuild(s));
            }
        }.block(k.body()));
    }

    /** The field local that {@code address} names, when it is {@code field(&split, .f)}; else null. */
    private static Local fieldOf(Expr address, Map<Local, List<Local>> fields) {
        if (address instanceof Expr.FieldAddr fa && fa.base() instanceof Expr.LocalAddr la && fields.containsKey(la.local())) {
            return fields.get(la.local()).get(fa.field());
        }
        return null;
    }

    /** {@code store &to, load(&from)} between two locals of one type: {to, from}; else null. */
    private static Local[] wholeCopy(Stmt.Store st) {
        if (st.address() instanceof Expr.LocalAddr to && st.value() instanceof Expr.Load ld
                && ld.address() instanceof Expr.LocalAddr from && to.local().type() == from.local().type()) {
            return new Local[] {to.local(), from.local()};
        }
        return null;
    }

    /**
     * Records the whole copies of one statement and marks every local whose address appears
     * anywhere else than as a field access base, a copy's source or a copy's destination.
     */
    private static void scanStmt(Stmt s, List<Local[]> copies, Set<Local> escaped) {
        if (s instanceof Stmt.Store st) {
            Local[] copy = wholeCopy(st);
            if (copy != null) {
                copies.add(copy);
                return;
            }
            scanAddress(st.address(), escaped);
            scanExpr(st.value(), escaped);
            return;
        }
        for (Expr e : Stmt.roots(s)) {
            scanExpr(e, escaped);
        }
    }

    /** A store's address: {@code field(&l, .f)} is a field access; anything else is scanned as a value. */
    private static void scanAddress(Expr address, Set<Local> escaped) {
        if (address instanceof Expr.FieldAddr fa && fa.base() instanceof Expr.LocalAddr) {
            return;
        }
        scanExpr(address, escaped);
    }

    private static void scanExpr(Expr e, Set<Local> escaped) {
        if (e instanceof Expr.Load ld && ld.address() instanceof Expr.FieldAddr fa && fa.base() instanceof Expr.LocalAddr) {
            return;
        }
        if (e instanceof Expr.LocalAddr la) {
            escaped.add(la.local());
            return;
        }
        for (Expr c : Expr.children(e)) {
            scanExpr(c, escaped);
        }
    }
}
