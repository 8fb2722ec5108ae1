package webcu.wgsl;

import webcu.ir.Expr;
import webcu.ir.Local;

/** What the printers of a kernel's statements and memory accesses reach through their kernel writer. */
abstract class KernelPart {
    protected final KernelWriter kw;
    protected final WgslWriter w;

    protected KernelPart(KernelWriter kw) {
        this.kw = kw;
        this.w = kw.w;
    }

    protected final void line(String s) {
        kw.line(s);
    }

    protected final String local(Local l) {
        return kw.local(l);
    }

    protected final String top(Expr e) {
        return kw.exprs.top(e);
    }

    protected final String expr(Expr e) {
        return kw.exprs.expr(e);
    }

    protected static Expr fold(Expr e) {
        return ConstFold.fold(e);
    }
}
