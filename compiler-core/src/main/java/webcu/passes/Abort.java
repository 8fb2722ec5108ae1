package webcu.passes;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Turns {@code assert} and {@code __trap()} in kernels into fault records in the debug buffer,
 * which the host reports the way CUDA does when it next synchronizes: each failed assertion as
 * {@code file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr` failed.} on
 * stderr, then {@code cudaErrorAssert} (or the trap's launch failure), sticky for later calls.
 *
 * <p>CUDA feature: {@code assert(e)} in device code (the header's macro calls
 * {@code __assert_fail(expr, file, line, function)}) and {@code __trap()}.
 *
 * <p>Why WebGPU needs it: a WGSL kernel cannot stop the dispatch or report anything but through
 * memory; the thread records its block and thread ids and the assertion's site (the first
 * {@link DebugBuffer#ASSERT_RECORDS} threads that fail), and the first fault of the launch is
 * kept. The thread then goes on rather than returning, so that no barrier after the assertion
 * becomes non-uniform; what it computes after a failed assertion is never seen, because the host
 * makes the error sticky.
 *
 * <p>Expects: inlined kernels, before {@link MemoryModel}. Guarantees afterwards: no call of
 * {@code __assert_fail}, {@code __assertfail} or {@code __trap} remains in kernels; each assertion
 * site is in {@link DeviceModule#debug()}.
 *
 * <p>chipStar twin: HipAbort.
 */
public final class Abort implements DevicePass {
    @Override
    public String name() {
        return "Abort";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (Analysis.calls(k, "__assert_fail") || Analysis.calls(k, "__assertfail") || Analysis.calls(k, "__trap")) {
                Global debug = DebugBuffer.global(m.module());
                k.setBody(new Rewriter() {
                    @Override
                    protected List<Stmt> stmt(Stmt s) {
                        if (s instanceof Stmt.Call c && c.callee().isExternal()) {
                            String n = Analysis.cudaName(c.callee().name());
                            if (n.equals("__assert_fail") || n.equals("__assertfail")) {
                                return Build.fault(m, k, debug, DebugBuffer.ASSERT, assertSite(m, c), c.span());
                            }
                            if (n.equals("__trap")) {
                                return Build.fault(m, k, debug, DebugBuffer.TRAP, -1, c.span());
                            }
                        }
                        return super.stmt(s);
                    }
                }.block(k.body()));
            }
        }
    }

    private static int assertSite(DeviceModule m, Stmt.Call c) {
        String expr = text(c.args(), 0);
        String file = text(c.args(), 1);
        long line = c.args().size() > 2 && c.args().get(2) instanceof Expr.IntConst i ? i.value() : c.span().line();
        String function = text(c.args(), 3);
        return m.debug().addAssert(new DebugBuffer.AssertSite(file, line, function, expr));
    }

    private static String text(List<Expr> args, int i) {
        byte[] b = i < args.size() ? Analysis.literal(args.get(i)) : null;
        return b == null ? "?" : new String(b, StandardCharsets.UTF_8);
    }

}
