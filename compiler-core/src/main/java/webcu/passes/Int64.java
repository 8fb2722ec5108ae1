package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Narrows 64-bit integer arithmetic to 32 bits where the result provably does not change.
 *
 * <p>CUDA feature: {@code size_t}, {@code long} and {@code long long} in kernels, above all
 * {@code size_t i = blockIdx.x * blockDim.x + threadIdx.x} and indices computed from it.
 *
 * <p>Why WebGPU needs it: WGSL has no 64-bit integers; the WGSL writer emulates them exactly on
 * {@code vec2<u32>} (every operator, comparison and conversion, with carries), which costs several
 * instructions per operation. Most 64-bit values in kernels are 32-bit values widened by C's
 * conversions, and this pass keeps those in 32 bits, so only true 64-bit arithmetic
 * ({@code unsigned long long acc += v * v}) pays for the emulation.
 *
 * <p>What it does: a 64-bit local that is only ever assigned a widened 32-bit value (all
 * zero-extended, or all sign-extended) becomes a 32-bit local of the same name, widened again
 * where it is read; a comparison of two values widened the same way compares the 32-bit values
 * (widening keeps their order); the low 32 bits of ring arithmetic ({@code + - * & | ^ ~}, shifts
 * by constants) on widened values are computed in 32 bits ({@link #narrow}). Expects: inlined
 * kernels. Guarantees: the same results for every input; 64-bit parameters, memory and genuine
 * 64-bit arithmetic are left to the writer's emulation.
 *
 * <p>chipStar twin: none (LLVM's instcombine narrows the same patterns).
 */
public final class Int64 implements DevicePass {
    @Override
    public String name() {
        return "Int64";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (uses64(k)) {
                narrowLocals(k);
                k.setBody(new Simplify().block(k.body()));
            }
        }
    }

    private static boolean uses64(Function k) {
        for (Local l : k.locals()) {
            if (is64(l.type())) {
                return true;
            }
        }
        boolean[] found = {false};
        Rewriter.forEachExpr(k.body(), (s, e) -> found[0] |= is64(e.type()));
        return found[0];
    }

    static boolean is64(Type t) {
        return t instanceof Type.Int i && i.bits() == 64;
    }

    /** The 32-bit value a widening conversion widened, or null. Its signedness says how it was widened. */
    static Expr widened(Expr e) {
        if (e instanceof Expr.Convert c && is64(c.type()) && c.value().type() instanceof Type.Int from && from.bits() <= 32) {
            Type t32 = from.signed() ? Type.I32 : Type.U32;
            return Build.as(t32, c.value());
        }
        if (e instanceof Expr.IntConst c && is64(c.type())) {
            long v = c.value();
            if (v >= 0 && v <= 0xFFFFFFFFL && !c.type().signed()) {
                return Build.u32(v);
            }
            if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE && c.type().signed()) {
                return Build.i32(v);
            }
        }
        return null;
    }

    /** Demotes 64-bit locals assigned only widened 32-bit values, until nothing changes. */
    private static void narrowLocals(Function k) {
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<Local, Type> candidates = new HashMap<>();
            List<Local> spoiled = new ArrayList<>();
            for (Local l : k.locals()) {
                if (is64(l.type()) && !l.addressable() && l.id() >= k.params().size()) {
                    candidates.put(l, null);
                }
            }
            Rewriter.forEachStmt(k.body(), s -> {
                Local target = s instanceof Stmt.Assign a ? a.target() : s instanceof Stmt.Call c ? c.result() : null;
                if (target == null || !candidates.containsKey(target)) {
                    return;
                }
                Expr w = s instanceof Stmt.Assign a ? widened(a.value()) : null;
                Type t = w == null ? null : w.type();
                Type had = candidates.get(target);
                if (t == null || had != null && !had.equals(t)) {
                    spoiled.add(target);
                } else {
                    candidates.put(target, t);
                }
            });
            spoiled.forEach(candidates::remove);
            candidates.entrySet().removeIf(e -> e.getValue() == null);
            if (candidates.isEmpty()) {
                return;
            }
            Map<Local, Local> narrow = new HashMap<>();
            for (Map.Entry<Local, Type> e : candidates.entrySet()) {
                Local old = e.getKey();
                Local n = new Local(old.id(), old.name(), e.getValue(), false);
                k.replaceLocal(n);
                narrow.put(old, n);
            }
            k.setBody(new Rewriter() {
                @Override
                protected List<Stmt> stmt(Stmt s) {
                    if (s instanceof Stmt.Assign a && narrow.containsKey(a.target())) {
                        return List.of(new Stmt.Assign(narrow.get(a.target()), widened(expr(a.value())), a.span()));
                    }
                    return super.stmt(s);
                }

                @Override
                protected Expr expr(Expr e) {
                    return Expr.postOrder(e, x -> x instanceof Expr.LocalGet g && narrow.containsKey(g.local())
                            ? new Expr.Convert(g.local().type(), new Expr.LocalGet(narrow.get(g.local()))) : x);
                }
            }.block(k.body()));
            changed = true;
        }
    }

    /** Folds conversions of conversions, 32-bit comparisons of widened values and truncated ring arithmetic. */
    private static final class Simplify extends Rewriter {
        @Override
        protected Expr expr(Expr e) {
            return Expr.postOrder(e, Int64::simplify);
        }
    }

    static Expr simplify(Expr e) {
        switch (e) {
            case Expr.Convert c when is64(c.type()) && c.value() instanceof Expr.Convert inner
                    && inner.value().type() instanceof Type.Int from && from.bits() <= 32 && is64(inner.type()) -> {
                // widening twice: once, as the first widening says (sign from the source)
                return new Expr.Convert(c.type(), inner.value());
            }
            case Expr.Binary b when b.op().isComparison() && is64(b.left().type()) -> {
                Expr l = widened(b.left());
                Expr r = widened(b.right());
                if (l != null && r != null && l.type().equals(r.type())) {
                    // widening keeps order: a signed compare of zero-extended values, or an unsigned
                    // one of sign-extended values, orders them as the 32-bit compare of their type
                    boolean signed = ((Type.Int) l.type()).signed();
                    boolean cmpSigned = ((Type.Int) b.left().type()).signed();
                    if (signed == cmpSigned || !signed || b.op() == BinaryOp.EQ || b.op() == BinaryOp.NE) {
                        return new Expr.Binary(b.op(), l, r, Type.BOOL);
                    }
                    // unsigned 64-bit compare of sign-extended values orders them as u32
                    return new Expr.Binary(b.op(), Build.as(Type.U32, l), Build.as(Type.U32, r), Type.BOOL);
                }
                return e;
            }
            case Expr.Convert c when c.type() instanceof Type.Int to && to.bits() == 32 && is64(c.value().type()) -> {
                Expr n = Build.narrow(c.value());
                return n == null ? e : Build.as(to, n);
            }
            default -> {
                return e;
            }
        }
    }

}
