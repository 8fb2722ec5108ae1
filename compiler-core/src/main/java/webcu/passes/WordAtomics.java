package webcu.passes;

import java.util.List;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * A 64-bit integer add, sub, and, or or xor atomic on a word view that the target has no 64-bit
 * atomic for becomes a {@link Stmt.AtomicHalves}: two 32-bit atomics, the carry or borrow of the
 * low word's carried into the high word's. WGSL has no 64-bit atomics at all; a SPIR-V device
 * with Int64Atomics keeps the call on a buffer's words (its writer prints one native atomic on the
 * binding's u64 view) but not on the dynamic shared memory, whose words have no such view.
 * {@link Atomics} has left only these five on word views unlocked ({@link Analysis#onHalves}), the
 * others and those whose old value is read where a lock is needed going through its spin lock.
 *
 * <p>Not in {@link DevicePasses#PIPELINE}: the backends run it after {@link WordAccesses} and
 * {@link CheckedAccesses}, on the word addresses as they will be printed.
 */
public final class WordAtomics implements DevicePass {
    @Override
    public String name() {
        return "WordAtomics";
    }

    @Override
    public void run(DeviceModule m) {
        boolean native64 = m.target().spirv() && m.target().spirvCapabilities().contains("Int64Atomics");
        for (Function k : List.copyOf(m.kernels())) {
            k.setBody(new Rewriter() {
                @Override
                protected List<Stmt> stmt(Stmt s) {
                    Stmt r = rebuild(s);
                    if (r instanceof Stmt.Call c && Analysis.isAtomic(c.callee()) && c.args().get(0) instanceof Expr.WordAddr w
                            && w.type().pointee() instanceof Type.Int t && t.bits() == 64
                            && !(native64 && !dynamicShared(w.words()))) {
                        String name = c.callee().name();
                        BinaryOp op = switch (name.substring("__webcu_atomic".length(), name.lastIndexOf('_'))) {
                            case "Add" -> BinaryOp.ADD;
                            case "Sub" -> BinaryOp.SUB;
                            case "And" -> BinaryOp.AND;
                            case "Or" -> BinaryOp.OR;
                            case "Xor" -> BinaryOp.XOR;
                            default -> null; // the writer reports it: Atomics locks or rejects these
                        };
                        if (op != null) {
                            return List.of(new Stmt.AtomicHalves(c.result(), op, w, c.args().get(1), c.span()));
                        }
                    }
                    return List.of(r);
                }
            }.block(k.body()));
        }
    }

    /** Whether the word view's root ({@code &g}, {@code convert(&g)}) is the dynamic shared memory. */
    private static boolean dynamicShared(Expr root) {
        return switch (root) {
            case Expr.Convert c -> dynamicShared(c.value());
            case Expr.GlobalAddr g -> g.global().dynamicShared();
            default -> false;
        };
    }
}
