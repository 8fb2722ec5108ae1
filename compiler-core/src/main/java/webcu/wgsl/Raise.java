package webcu.wgsl;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.ExecutionSpace;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;
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
final class Raise {
    /** The external the writer prints as {@code storageBarrier()}. */
    static final String STORAGE_BARRIER = "__webcu_storageBarrier";

    private final Function kernel;
    /** The storage barrier's external where the kernel needs one before its barriers, else null. */
    private final Function storageBarrier;

    private Raise(Function kernel, Function storageBarrier) {
        this.kernel = kernel;
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
        if (e instanceof Expr.Load) {
            return true;
        }
        for (Expr c : Expr.children(e)) {
            if (hasLoad(c)) {
                return true;
            }
        }
        return false;
    }

    private Stmt.Block block(Stmt.Block b) {
        List<Stmt> out = new ArrayList<>(b.stmts().size());
        for (Stmt s : b.stmts()) {
            stmt(s, out);
        }
        return new Stmt.Block(out, b.span());
    }

    /** Appends {@code s}, preceded by the statements its expressions need, to {@code out}. */
    private void stmt(Stmt s, List<Stmt> out) {
        Span at = s.span();
        switch (s) {
            case Stmt.Block b -> out.add(block(b));
            case Stmt.Assign a -> {
                Expr v = raise(a.value(), out, at);
                out.add(new Stmt.Assign(a.target(), v, at));
            }
            case Stmt.Store st -> {
                // the writer evaluates the value before the address
                Expr v = raise(st.value(), out, at);
                Expr address = raise(st.address(), out, at);
                out.add(new Stmt.Store(address, v, at));
            }
            case Stmt.Call c -> {
                List<Expr> args = new ArrayList<>(c.args().size());
                for (Expr e : c.args()) {
                    args.add(raise(e, out, at));
                }
                out.add(new Stmt.Call(c.result(), c.callee(), args, at));
            }
            case Stmt.If i -> {
                Expr cond = raise(i.cond(), out, at);
                out.add(new Stmt.If(cond, block(i.then()), block(i.otherwise()), at));
            }
            case Stmt.Loop l -> {
                Stmt.Block body = block(l.body());
                Stmt.Block continuing = block(l.continuing());
                Expr breakIf = l.breakIf();
                if (breakIf != null && needsIf(breakIf)) {
                    List<Stmt> tail = new ArrayList<>(continuing.stmts());
                    breakIf = raise(breakIf, tail, at);
                    continuing = new Stmt.Block(tail, continuing.span());
                }
                out.add(new Stmt.Loop(body, continuing, breakIf, at));
            }
            case Stmt.Switch sw -> {
                Expr selector = raise(sw.selector(), out, at);
                List<Stmt.Case> cases = new ArrayList<>();
                for (Stmt.Case c : sw.cases()) {
                    cases.add(new Stmt.Case(c.values(), c.isDefault(), block(c.body())));
                }
                out.add(new Stmt.Switch(selector, cases, at));
            }
            case Stmt.Return r -> out.add(r.value() == null ? r : new Stmt.Return(raise(r.value(), out, at), at));
            case Stmt.Barrier b when storageBarrier != null -> {
                boolean already = !out.isEmpty() && out.get(out.size() - 1) instanceof Stmt.Call c && c.callee() == storageBarrier;
                if (!already) {
                    out.add(new Stmt.Call(null, storageBarrier, List.of(), at));
                }
                out.add(b);
            }
            default -> out.add(s);
        }
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
            boolean and = b.op() == BinaryOp.LAND;
            Local tmp = kernel.newLocal(and ? "and" : "or", Type.BOOL, false);
            out.add(new Stmt.Assign(tmp, raise(b.left(), out, at), at));
            List<Stmt> right = new ArrayList<>();
            right.add(new Stmt.Assign(tmp, raise(b.right(), right, at), at));
            Expr get = new Expr.LocalGet(tmp);
            Expr cond = and ? get : new Expr.Unary(UnaryOp.LNOT, get, Type.BOOL);
            out.add(new Stmt.If(cond, new Stmt.Block(right, at), new Stmt.Block(List.of(), at), at));
            return get;
        }
        List<Expr> kids = new ArrayList<>();
        for (Expr c : Expr.children(e)) {
            kids.add(raise(c, out, at));
        }
        return Expr.withChildren(e, kids);
    }
}
