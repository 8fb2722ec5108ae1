package webcu.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Makes barriers reachable by every thread of the block, as WGSL requires, where CUDA reaches
 * them with the whole block but through control flow that WGSL cannot prove uniform.
 *
 * <p>CUDA feature: {@code __syncthreads()} after an early {@code return} of some threads
 * ({@code if (i >= n) return; … __syncthreads();}, legal in CUDA when the returned threads never
 * reach a barrier again, which CUDA 9+ tolerates), and barriers inside a branch that only some
 * threads take, as the {@link Warps} emulation produces for warp functions called by one warp
 * ({@code if (warp == 0) sum = warpReduce(x);}).
 *
 * <p>Why WebGPU needs it: WGSL rejects a {@code workgroupBarrier()} that its uniformity analysis
 * cannot prove every invocation reaches. So, in kernels with barriers: (1) each {@code return}
 * clears an {@code active} flag instead, and the statements after it run under
 * {@code if (active)}, except those that hold a barrier (or steer a loop that does), which every
 * thread still reaches; (2) a branch on a thread-dependent condition that holds barriers runs for
 * every thread, its statements under {@code if (p)}, except barriers, loop control and
 * assignments of block-uniform values (such as a loop counter's start), whose locals are restored
 * afterwards for the threads that did not take the branch. What still is not uniform (a barrier
 * in a loop whose trip count differs between threads) is reported by the browser's analysis at
 * the barrier's CUDA line.
 *
 * <p>Expects: inlined kernels with their barriers (after {@link Warps}). Guarantees: the same
 * results for the threads that CUDA runs; barriers no longer sit after a thread-dependent return
 * or inside a thread-dependent branch.
 *
 * <p>chipStar twin: none (SPIR-V allows barriers in non-uniform control flow).
 */
public final class Uniformity implements DevicePass {
    @Override
    public String name() {
        return "Uniformity";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (Analysis.contains(k.body(), Stmt.Barrier.class)) {
                new State(k).run();
            }
        }
    }

    private static final class State {
        final Function k;
        final UniformFlow flow;

        State(Function k) {
            this.k = k;
            this.flow = new UniformFlow(k);
        }

        void run() {
            Stmt.Block body = k.body();
            if (flow.hasDivergentReturn(body.stmts(), true)) {
                body = flow.activeFlag(body);
            }
            body = new Stmt.Block(branches(body.stmts()), body.span());
            k.setBody(body);
        }

        // ---- (2) thread-dependent branches that hold barriers run for every thread

        private List<Stmt> branches(List<Stmt> stmts) {
            List<Stmt> out = new ArrayList<>();
            for (Stmt s : stmts) {
                out.addAll(branch(s));
            }
            return out;
        }

        private List<Stmt> branch(Stmt s) {
            Span at = s.span();
            switch (s) {
                case Stmt.If i when Analysis.contains(i.then(), Stmt.Barrier.class) && !Analysis.contains(i.otherwise(), Stmt.Barrier.class)
                        && !flow.controlUniformValue(i.cond()) && !Analysis.exits(i) -> {
                    return predicate(i);
                }
                case Stmt.If i -> {
                    return List.of(new Stmt.If(i.cond(), new Stmt.Block(branches(i.then().stmts()), i.then().span()),
                            new Stmt.Block(branches(i.otherwise().stmts()), i.otherwise().span()), at));
                }
                case Stmt.Block b -> {
                    return List.of(new Stmt.Block(branches(b.stmts()), at));
                }
                case Stmt.Loop l -> {
                    return List.of(new Stmt.Loop(new Stmt.Block(branches(l.body().stmts()), l.body().span()), l.continuing(),
                            l.breakIf(), at));
                }
                default -> {
                    return List.of(s);
                }
            }
        }

        /**
         * {@code if (c) { S } else { E }} with barriers in S: {@code p = c}; the locals S assigns
         * saved; S for every thread, guarded by p; the saved locals restored where p is false;
         * then E where p is false.
         */
        private List<Stmt> predicate(Stmt.If i) {
            Span at = i.span();
            Local p = k.newLocal("taken", Type.BOOL, false);
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.Assign(p, i.cond(), at));
            Set<Local> assigned = new LinkedHashSet<>();
            Rewriter.forEachStmt(i.then(), x -> {
                if (x instanceof Stmt.Assign a) {
                    assigned.add(a.target());
                } else if (x instanceof Stmt.Call c && c.result() != null) {
                    assigned.add(c.result());
                }
            });
            Set<Local> readElsewhere = readOutside(i);
            List<Stmt> restore = new ArrayList<>();
            for (Local l : assigned) {
                if (!readElsewhere.contains(l)) {
                    continue; // only the branch reads it: nothing to restore
                }
                Local saved = k.newLocal(l.name() + ".saved", l.type(), false);
                out.add(new Stmt.Assign(saved, new Expr.LocalGet(l), at));
                restore.add(new Stmt.Assign(l, new Expr.LocalGet(saved), at));
            }
            out.addAll(flow.guard(branches(i.then().stmts()), p, at));
            Expr notTaken = new Expr.Unary(UnaryOp.LNOT, new Expr.LocalGet(p), Type.BOOL);
            List<Stmt> otherwise = new ArrayList<>(restore);
            otherwise.addAll(i.otherwise().stmts());
            if (!otherwise.isEmpty()) {
                out.add(new Stmt.If(notTaken, new Stmt.Block(otherwise, at), Stmt.Block.empty(at), at));
            }
            return out;
        }

        /** The locals read anywhere in the kernel outside {@code region} (which may read them only inside). */
        private Set<Local> readOutside(Stmt region) {
            Set<Local> out = new HashSet<>();
            readOutside(k.body(), region, out);
            return out;
        }

        private static void readOutside(Stmt s, Stmt region, Set<Local> out) {
            if (s == region) {
                return;
            }
            for (Expr e : Stmt.roots(s)) {
                Expr.postOrder(e, x -> {
                    if (x instanceof Expr.LocalGet g) {
                        out.add(g.local());
                    } else if (x instanceof Expr.LocalAddr a) {
                        out.add(a.local());
                    }
                    return x;
                });
            }
            switch (s) {
                case Stmt.Block b -> b.stmts().forEach(x -> readOutside(x, region, out));
                case Stmt.If i -> {
                    readOutside(i.then(), region, out);
                    readOutside(i.otherwise(), region, out);
                }
                case Stmt.Loop l -> {
                    readOutside(l.body(), region, out);
                    readOutside(l.continuing(), region, out);
                }
                case Stmt.Switch sw -> sw.cases().forEach(c -> readOutside(c.body(), region, out));
                default -> {
                }
            }
        }
    }
}
