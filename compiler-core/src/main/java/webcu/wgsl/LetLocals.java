package webcu.wgsl;

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

/**
 * The locals of a kernel that the writer declares as WGSL {@code let}s where they are assigned
 * instead of as function-scope {@code var}s: those assigned exactly once (one {@link Stmt.Assign},
 * never a call's or an atomic's result, never addressed) and read only after that assignment, in the
 * statements that follow it in its block (nested ones included), so that the {@code let}'s scope
 * holds every read.
 *
 * <p>Why: Tint's robustness transform leaves an index unclamped when its integer range analysis
 * knows the value's range, and that analysis follows values, not the loads of a {@code var}: the
 * hand-written kernels' {@code let tid = lid.x; sdata[tid]} needs no clamp where webcu's
 * {@code var tid: u32; tid = threadIdx.x; sdata[tid]} got one (bench/README.md, the bisections).
 * A {@code let} also tells the driver's compiler nothing new it could get wrong: the value is the
 * same expression, evaluated at the same point, once.
 */
final class LetLocals {
    private LetLocals() {
    }

    /** The locals of {@code k} the writer may print as {@code let} at their one assignment. */
    static Set<Local> of(Function k) {
        Map<Local, Integer> assigns = new HashMap<>();
        Set<Local> excluded = new HashSet<>();
        WgslWriter.Walk.stmts(k.body(), s -> {
            switch (s) {
                case Stmt.Assign a -> assigns.merge(a.target(), 1, Integer::sum);
                case Stmt.Call c when c.result() != null -> excluded.add(c.result());
                case Stmt.AtomicHalves a when a.result() != null -> excluded.add(a.result());
                default -> {
                }
            }
        });
        WgslWriter.Walk.exprs(k.body(), e -> {
            if (e instanceof Expr.LocalAddr a) {
                excluded.add(a.local());
            }
        });
        Set<Local> candidates = new HashSet<>();
        assigns.forEach((l, n) -> {
            if (n == 1 && !l.addressable() && !excluded.contains(l)) {
                candidates.add(l);
            }
        });
        Scan scan = new Scan(candidates);
        scan.block(k.body());
        candidates.removeAll(scan.failed);
        candidates.retainAll(scan.defined.keySet());
        return candidates;
    }

    /**
     * One walk in evaluation order with the path of (block, index) from the body down to the statement
     * being visited: a read of a candidate is in the scope of its {@code let} when the assignment's
     * block is on the path at a later index.
     */
    private static final class Scan {
        final Set<Local> candidates;
        final Map<Local, Position> defined = new HashMap<>();
        final Set<Local> failed = new HashSet<>();
        final List<Position> path = new ArrayList<>();

        Scan(Set<Local> candidates) {
            this.candidates = candidates;
        }

        record Position(Stmt.Block block, int index) {
        }

        void block(Stmt.Block b) {
            for (int i = 0; i < b.stmts().size(); i++) {
                path.add(new Position(b, i));
                stmt(b.stmts().get(i));
                path.remove(path.size() - 1);
            }
        }

        void stmt(Stmt s) {
            // the statement's own expressions first (an assignment's value reads before it writes)
            for (Expr e : Stmt.roots(s)) {
                reads(e);
            }
            switch (s) {
                case Stmt.Assign a when candidates.contains(a.target()) -> defined.put(a.target(), path.get(path.size() - 1));
                case Stmt.Block b -> block(b);
                case Stmt.If i -> {
                    block(i.then());
                    block(i.otherwise());
                }
                case Stmt.Loop l -> {
                    // a loop's break-if is one of its roots, read above: outside the body's and continuing's scopes
                    block(l.body());
                    block(l.continuing());
                }
                case Stmt.Switch sw -> sw.cases().forEach(c -> block(c.body()));
                default -> {
                }
            }
        }

        private void reads(Expr e) {
            if (e instanceof Expr.LocalGet g && candidates.contains(g.local()) && !inScope(g.local())) {
                failed.add(g.local());
            }
            for (Expr c : Expr.children(e)) {
                reads(c);
            }
        }

        private boolean inScope(Local l) {
            Position def = defined.get(l);
            if (def == null) {
                return false;
            }
            for (Position p : path) {
                if (p.block() == def.block()) {
                    return p.index() > def.index();
                }
            }
            return false;
        }
    }
}
