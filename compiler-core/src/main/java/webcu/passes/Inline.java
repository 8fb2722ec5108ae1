package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.DiagKey;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;

/**
 * Inlines every call of a device function with a body into the kernels that make it.
 *
 * <p>CUDA feature: {@code __device__} (and {@code __host__ __device__}) functions called from
 * kernels, at any depth.
 *
 * <p>Why WebGPU needs it: WGSL forbids recursion and has no pointers into storage buffers that a
 * function could receive generically, so the later passes (the memory model above all) want to see
 * each kernel whole; chipStar inlines for the same reason.
 *
 * <p>Expects: valid IR. Guarantees: kernels call only externals; no function with a body other
 * than a kernel remains in the module; a callee's locals become fresh locals of the kernel (one
 * set per call site). A callee that returns only at its end is pasted in place; one that returns
 * early runs inside {@code loop { ...; break; }}, its returns becoming breaks, with a flag where
 * a return sits inside one of its own loops or switches. Recursion is rejected at the call.
 *
 * <p>chipStar twin: ModuleInliner.
 */
public final class Inline implements DevicePass {
    @Override
    public String name() {
        return "Inline";
    }

    @Override
    public void run(DeviceModule m) {
        boolean any = false;
        for (Function f : m.module().functions()) {
            if (!f.isKernel() && !f.isExternal()) {
                any = true;
                break;
            }
        }
        if (!any) {
            return;
        }
        for (Function k : m.kernels()) {
            State s = new State(m, k);
            Stmt.Block body = s.kernelBody();
            if (!m.isRejected(k)) {
                k.setBody(body);
            }
        }
        m.module().functions().removeIf(f -> !f.isKernel() && !f.isExternal());
    }

    /** Inlining into one kernel: the stack of functions being inlined finds recursion. */
    private static final class State {
        final DeviceModule m;
        final Function kernel;
        final List<Function> stack = new ArrayList<>();

        State(DeviceModule m, Function kernel) {
            this.m = m;
            this.kernel = kernel;
        }

        Stmt.Block kernelBody() {
            stack.add(kernel);
            return new Body(null, null, null, null).block(kernel.body());
        }

        /** The statements that replace {@code call}, whose arguments are already in the kernel's terms. */
        List<Stmt> inline(Stmt.Call call) {
            Function callee = call.callee();
            if (stack.contains(callee) || callee.isKernel()) {
                m.reject(kernel, call.span(), DiagKey.ERR_NOT_SUPPORTED_WEBGPU,
                        callee.isKernel() ? "calling a kernel from device code" : "recursion ('" + callee.name() + "')");
                return List.of(call);
            }
            Map<Local, Local> locals = new HashMap<>();
            for (Local l : callee.locals()) {
                locals.put(l, kernel.newLocal(l.name(), l.type(), l.addressable()));
            }
            List<Stmt> out = new ArrayList<>();
            for (int i = 0; i < callee.params().size(); i++) {
                Local p = locals.get(callee.params().get(i));
                Expr arg = call.args().get(i);
                out.add(p.addressable() ? new Stmt.Store(new Expr.LocalAddr(p), arg, call.span())
                        : new Stmt.Assign(p, arg, call.span()));
            }
            List<Stmt> stmts = callee.body().stmts();
            Local result = call.result();
            stack.add(callee);
            if (Analysis.returnsOnlyAtEnd(callee.body())) {
                Body body = new Body(locals, result, null, callee);
                for (int i = 0; i < stmts.size(); i++) {
                    out.addAll(body.stmt(stmts.get(i)));
                }
            } else {
                Local flag = null;
                if (hasNestedReturn(callee.body(), 0)) {
                    flag = kernel.newLocal(callee.name() + ".returned", webcu.ir.Type.BOOL, false);
                    out.add(new Stmt.Assign(flag, new Expr.BoolConst(false), call.span()));
                }
                Body body = new Body(locals, result, flag, callee);
                List<Stmt> inner = new ArrayList<>(body.block(callee.body()).stmts());
                if (inner.isEmpty() || !(inner.get(inner.size() - 1) instanceof Stmt.Break)) {
                    inner.add(new Stmt.Break(call.span()));
                }
                out.add(new Stmt.Loop(new Stmt.Block(inner, callee.body().span()), Stmt.Block.empty(call.span()), null,
                        call.span()));
            }
            stack.remove(stack.size() - 1);
            if (callee.span().file().startsWith("<built-in>")) {
                // a header's wrapper (atomicAdd → __webcu_atomicAdd_i32): its problems are the caller's line's
                List<Stmt> moved = new ArrayList<>(out.size());
                for (Stmt s : out) {
                    moved.add(respan(s, call.span()));
                }
                return moved;
            }
            return out;
        }

        /** Rewrites one function body into the kernel: locals renamed, returns turned into breaks. */
        private final class Body extends Rewriter {
            final Map<Local, Local> locals;
            final Local result;
            final Local flag;
            final Function callee;
            int depth;

            Body(Map<Local, Local> locals, Local result, Local flag, Function callee) {
                this.locals = locals;
                this.result = result;
                this.flag = flag;
                this.callee = callee;
            }

            @Override
            protected Local target(Local l) {
                return locals == null ? l : locals.get(l);
            }

            @Override
            protected Expr expr(Expr e) {
                if (locals == null) {
                    return e;
                }
                return Expr.postOrder(e, x -> switch (x) {
                    case Expr.LocalGet g -> new Expr.LocalGet(locals.get(g.local()));
                    case Expr.LocalAddr a -> new Expr.LocalAddr(locals.get(a.local()));
                    default -> x;
                });
            }

            @Override
            protected List<Stmt> stmt(Stmt s) {
                switch (s) {
                    case Stmt.Call c when !c.callee().isExternal() -> {
                        Stmt.Call mapped = (Stmt.Call) rebuild(c);
                        return inline(mapped);
                    }
                    case Stmt.Return r when callee != null -> {
                        List<Stmt> out = new ArrayList<>();
                        if (result != null && r.value() != null) {
                            out.add(new Stmt.Assign(result, expr(r.value()), r.span()));
                        }
                        if (flag == null && depth == 0 && isLastReturn(r)) {
                            return out;
                        }
                        if (depth > 0) {
                            out.add(new Stmt.Assign(flag, new Expr.BoolConst(true), r.span()));
                        }
                        out.add(new Stmt.Break(r.span()));
                        return out;
                    }
                    case Stmt.Loop l when flag != null -> {
                        return breakable(s);
                    }
                    case Stmt.Switch sw when flag != null -> {
                        return breakable(s);
                    }
                    default -> {
                        return List.of(rebuild(s));
                    }
                }
            }

            /** A loop or switch of the callee: a return inside it leaves the enclosing level too. */
            private List<Stmt> breakable(Stmt s) {
                depth++;
                Stmt rebuilt = rebuild(s);
                depth--;
                if (!containsReturn(s)) {
                    return List.of(rebuilt);
                }
                Stmt.Block leave = new Stmt.Block(List.of(new Stmt.Break(s.span())), s.span());
                return List.of(rebuilt, new Stmt.If(new Expr.LocalGet(flag), leave, Stmt.Block.empty(s.span()), s.span()));
            }

            /** In pasted mode (no wrapper loop) the only return is the callee's last statement. */
            private boolean isLastReturn(Stmt.Return r) {
                List<Stmt> stmts = callee.body().stmts();
                return Analysis.returnsOnlyAtEnd(callee.body()) && !stmts.isEmpty() && stmts.get(stmts.size() - 1) == r;
            }
        }
    }

    /** The statement with {@code at} as the span of it and of every statement inside it. */
    static Stmt respan(Stmt s, webcu.diag.Span at) {
        return switch (s) {
            case Stmt.Block b -> respanBlock(b, at);
            case Stmt.Assign a -> new Stmt.Assign(a.target(), a.value(), at);
            case Stmt.Store st -> new Stmt.Store(st.address(), st.value(), at);
            case Stmt.Call c -> new Stmt.Call(c.result(), c.callee(), c.args(), at);
            case Stmt.If i -> new Stmt.If(i.cond(), respanBlock(i.then(), at), respanBlock(i.otherwise(), at), at);
            case Stmt.Loop l -> new Stmt.Loop(respanBlock(l.body(), at), respanBlock(l.continuing(), at), l.breakIf(), at);
            case Stmt.Switch sw -> {
                List<Stmt.Case> cases = new ArrayList<>();
                for (Stmt.Case c : sw.cases()) {
                    cases.add(new Stmt.Case(c.values(), c.isDefault(), respanBlock(c.body(), at)));
                }
                yield new Stmt.Switch(sw.selector(), cases, at);
            }
            case Stmt.Break b -> new Stmt.Break(at);
            case Stmt.Continue c -> new Stmt.Continue(at);
            case Stmt.Return r -> new Stmt.Return(r.value(), at);
            case Stmt.Barrier b -> new Stmt.Barrier(at);
            case Stmt.WordStore w -> new Stmt.WordStore(w.words(), w.byteIndex(), w.word(), w.value(), at);
            case Stmt.AtomicHalves a -> new Stmt.AtomicHalves(a.result(), a.op(), a.address(), a.value(), at);
            case Stmt.Launch l -> new Stmt.Launch(l.kernel(), l.grid(), l.block(), l.sharedBytes(), l.stream(), l.args(), at);
        };
    }

    private static Stmt.Block respanBlock(Stmt.Block b, webcu.diag.Span at) {
        List<Stmt> out = new ArrayList<>(b.stmts().size());
        for (Stmt s : b.stmts()) {
            out.add(respan(s, at));
        }
        return new Stmt.Block(out, at);
    }

    static boolean containsReturn(Stmt s) {
        boolean[] found = {false};
        Rewriter.forEachStmt(new Stmt.Block(List.of(s), s.span()), x -> found[0] |= x instanceof Stmt.Return);
        return found[0];
    }

    /** Whether a return sits inside a loop or switch of the body. */
    private static boolean hasNestedReturn(Stmt.Block body, int depth) {
        for (Stmt s : body.stmts()) {
            if (hasNestedReturn(s, depth)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasNestedReturn(Stmt s, int depth) {
        return switch (s) {
            case Stmt.Return r -> depth > 0;
            case Stmt.Block b -> hasNestedReturn(b, depth);
            case Stmt.If i -> hasNestedReturn(i.then(), depth) || hasNestedReturn(i.otherwise(), depth);
            case Stmt.Loop l -> hasNestedReturn(l.body(), depth + 1) || hasNestedReturn(l.continuing(), depth + 1);
            case Stmt.Switch sw -> {
                for (Stmt.Case c : sw.cases()) {
                    if (hasNestedReturn(c.body(), depth + 1)) {
                        yield true;
                    }
                }
                yield false;
            }
            default -> false;
        };
    }
}
