package webcu.wgsl;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.ExecutionSpace;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DeviceModule;
import webcu.passes.KernelInterface;

/**
 * The WGSL-only rewrites of the kernels, run by {@link WgslBackend} after the device passes and
 * before {@link WgslWriter}, so that the writer prints every statement and expression as one WGSL
 * statement or expression. What it raises:
 *
 * <ul>
 *   <li>A select an operand of which reads memory. WGSL's {@code select()} evaluates both
 *   operands; C evaluates only the chosen one, and a checked read of the other may fault
 *   ({@code i < n ? a[i] : 0}). It becomes a temporary assigned in an {@code if}.
 *   <li>{@code a && b} and {@code a || b} where {@code b} holds such a select: the select's
 *   statements must run only when {@code b} is evaluated, so the operator becomes a temporary and
 *   an {@code if}.
 *   <li>{@code __syncthreads()} in a kernel that both writes and reads one storage buffer: a call
 *   of {@link #STORAGE_BARRIER} (WGSL's {@code storageBarrier()}) goes before it. Only through such
 *   a buffer can a thread see another's global writes, and the barrier costs up to 10% on an H100
 *   in kernels that do not need it.
 * </ul>
 *
 * <p>The statements an expression needs go right before the statement that evaluates it; for a
 * loop's {@code break if}, at the end of the continuing block. Other selects stay: {@code select()}
 * is cheaper than a branch where reading both operands is harmless.
 */
final class Raise extends Hoisting {
    /** The external the writer prints as {@code storageBarrier()}. */
    static final String STORAGE_BARRIER = "__webcu_storageBarrier";

    /** The storage barrier's external where the kernel needs one before its barriers, else null. */
    private final Function storageBarrier;

    private Raise(Function kernel, Function storageBarrier) {
        super(kernel);
        this.storageBarrier = storageBarrier;
    }

    /** Raises every kernel of {@code dm} in place. */
    static void run(DeviceModule dm) {
        for (Function k : List.copyOf(dm.kernels())) {
            KernelInterface in = dm.interfaceOf(k);
            Function storage = in != null && exchangesStorage(in) ? storageBarrier(dm.module()) : null;
            k.setBody(new Raise(k, storage).block(k.body()));
        }
    }

    /** Whether some binding is both written and read: only then may threads talk through storage. */
    private static boolean exchangesStorage(KernelInterface in) {
        for (KernelInterface.Binding b : in.bindings()) {
            if ((b.written() || b.atomic()) && (b.read() || b.atomic())) {
                return true;
            }
        }
        return false;
    }

    private static Function storageBarrier(Module m) {
        Function f = m.function(STORAGE_BARRIER);
        if (f == null) {
            f = m.add(new Function(STORAGE_BARRIER, ExecutionSpace.DEVICE, Type.VOID, List.of(), false, Span.NONE));
        }
        return f;
    }

    /** Whether {@code e} holds a select that must become an {@code if}. */
    static boolean needsIf(Expr e) {
        if (e instanceof Expr.Select s && (hasLoad(s.ifTrue()) || hasLoad(s.ifFalse()))) {
            return true;
        }
        for (Expr c : Expr.children(e)) {
            if (needsIf(c)) {
                return true;
            }
        }
        return false;
    }

    static boolean hasLoad(Expr e) {
        if (e instanceof Expr.Load || e instanceof Expr.WordLoad) {
            return true;
        }
        for (Expr c : Expr.children(e)) {
            if (hasLoad(c)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected boolean hasWork(Expr e) {
        return needsIf(e);
    }

    @Override
    protected Expr hoist(Expr e, List<Stmt> out, Span at) {
        return raise(e, out, at);
    }

    @Override
    protected void other(Stmt s, List<Stmt> out) {
        if (s instanceof Stmt.Barrier && storageBarrier != null) {
            boolean already = !out.isEmpty() && out.get(out.size() - 1) instanceof Stmt.Call c && c.callee() == storageBarrier;
            if (!already) {
                out.add(new Stmt.Call(null, storageBarrier, List.of(), s.span()));
            }
        }
        out.add(s);
    }

    /** {@code e} without selects that need an {@code if}: their statements are appended to {@code out}. */
    private Expr raise(Expr e, List<Stmt> out, Span at) {
        if (!needsIf(e)) {
            return e;
        }
        if (e instanceof Expr.Select s && (hasLoad(s.ifTrue()) || hasLoad(s.ifFalse()))) {
            Expr cond = raise(s.cond(), out, at);
            Local tmp = kernel.newLocal("sel", s.type(), false);
            List<Stmt> then = new ArrayList<>();
            then.add(new Stmt.Assign(tmp, raise(s.ifTrue(), then, at), at));
            List<Stmt> otherwise = new ArrayList<>();
            otherwise.add(new Stmt.Assign(tmp, raise(s.ifFalse(), otherwise, at), at));
            out.add(new Stmt.If(cond, new Stmt.Block(then, at), new Stmt.Block(otherwise, at), at));
            return new Expr.LocalGet(tmp);
        }
        if (e instanceof Expr.Binary b && b.op().isLogical() && needsIf(b.right())) {
            return shortCircuit(b, out, at, this::raise);
        }
        List<Expr> kids = new ArrayList<>();
        for (Expr c : Expr.children(e)) {
            kids.add(raise(c, out, at));
        }
        return Expr.withChildren(e, kids);
    }
}
