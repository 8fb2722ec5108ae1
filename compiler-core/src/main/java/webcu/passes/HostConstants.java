package webcu.passes;

import webcu.ir.AddressSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Type;

/**
 * Replaces a read of a namespace-scope {@code const} scalar in device code by its value.
 *
 * <p>CUDA feature: a {@code const} variable without an execution space, of scalar type, initialised
 * with a constant expression, may be used directly in device code ({@code const float SCALE =
 * 0.5f; … x * SCALE} in a kernel; CUDA C++ Programming Guide, "const-qualified variables"). nvcc
 * substitutes the value; the variable itself lives only in host memory.
 *
 * <p>Why WebGPU needs it: a kernel cannot reach host memory, so without this the read is a host
 * variable in device code ({@link CheckSupported} rejects it). The CPU emulator needs nothing.
 *
 * <p>Expects: the device module as lowering leaves it. Guarantees afterwards: no {@code load} of a
 * host {@code const} global with constant bytes and scalar type remains; such a global is left in
 * the module only where something else (its address) still uses it. A const global whose
 * initializer ran at start-up (lowered as a plain host variable) is not one of them: nvcc rejects
 * it in device code, and so does {@link CheckSupported}.
 *
 * <p>chipStar twin: none (clang folds these before code generation).
 */
public final class HostConstants implements DevicePass {
    @Override
    public String name() {
        return "HostConstants";
    }

    @Override
    public void run(DeviceModule m) {
        Rewriter r = new Rewriter() {
            @Override
            protected Expr expr(Expr e) {
                return Expr.postOrder(e, x -> {
                    if (x instanceof Expr.Load l && l.address() instanceof Expr.GlobalAddr g) {
                        Expr value = valueOf(g.global());
                        if (value != null) {
                            return value;
                        }
                    }
                    return x;
                });
            }
        };
        for (Function f : m.module().functions()) {
            if (!f.isExternal()) {
                f.setBody(r.block(f.body()));
            }
        }
        m.module().globals().removeIf(g -> valueOf(g) != null && !used(m, g));
    }

    /** The constant a host const scalar holds, or null for any other global. */
    static Expr valueOf(Global g) {
        if (g.space() != AddressSpace.HOST || !g.readOnly() || g.init() == null || g.init().length < g.type().size()) {
            return null;
        }
        long bits = 0;
        for (int i = g.type().size() - 1; i >= 0; i--) {
            bits = bits << 8 | (g.init()[i] & 0xFF);
        }
        return switch (g.type()) {
            case Type.Int t -> new Expr.IntConst(t, bits);
            case Type.Float t when t.bits() == 32 -> new Expr.FloatConst(t, Float.intBitsToFloat((int) bits));
            case Type.Float t -> new Expr.FloatConst(t, Double.longBitsToDouble(bits));
            case Type.Bool b -> new Expr.BoolConst(bits != 0);
            default -> null;
        };
    }

    private static boolean used(DeviceModule m, Global g) {
        boolean[] found = {false};
        for (Function f : m.module().functions()) {
            if (!f.isExternal()) {
                Rewriter.forEachExpr(f.body(), (s, e) -> found[0] |= e instanceof Expr.GlobalAddr a && a.global() == g);
            }
        }
        return found[0];
    }
}
