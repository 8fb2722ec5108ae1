package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.ir.UnaryOp;

/**
 * Contracts a float or double multiply feeding an add or subtract into one fused multiply-add
 * ({@link Expr.Fma}, rounded once) where nvcc does by default ({@code -fmad=true}), so that device
 * results match a real GPU bit for bit on every backend.
 *
 * <p>The rule, read off nvcc 13's SASS for sm_90 (NVVM fuses some pairs, ptxas the rest): a product
 * is fused into the adds and subtracts that use it when every use of it is such an add or subtract;
 * one other use (a store, a comparison, a call argument, a conversion, a multiply) keeps it a rounded
 * product everywhere. An add of two products fuses the left one (the right one is then an addend:
 * a use that keeps it rounded). {@code -(a*b)} fuses as {@code fma(-a, b, c)}. Identical products
 * of the same values are one value (the backend's value numbering), and a product held in a local
 * assigned once reaches its uses in later statements of the same block (SSA sees through locals).
 * The {@code _rn} intrinsics are calls, never products, so they are never fused, as in CUDA. Not
 * modelled: a product returned by a device function (nvcc inlines it and may then fuse it in the
 * caller), and loads of one address that the backend would merge.
 *
 * <p>WebGPU needs it because WGSL cannot say whether {@code a * b + c} is fused: drivers choose
 * (NVIDIA's fuses); an explicit {@code fma} is fused on Vulkan and Metal. It runs on the whole
 * program before the CPU emulator and the device passes: kernels and device functions are rewritten
 * in place; a {@code __host__ __device__} function that host code also calls gets a contracted
 * device twin (host code, compiled by g++ for x86-64, never contracts). Afterwards float adds and
 * subtracts of device code have no operand that nvcc would have fused. No chipStar twin (HIP-Clang
 * contracts with {@code -ffp-contract=fast} in LLVM instead).
 */
public final class Contract implements DevicePass {
    @Override
    public String name() {
        return "Contract";
    }

    @Override
    public void run(DeviceModule m) {
        program(m.module());
    }

    /** Contracts the device code of {@code module}, host functions untouched (see the class comment). */
    public static void program(Module module) {
        Set<Function> device = reached(module, true);
        Set<Function> host = reached(module, false);
        Map<Function, Stmt.Block> bodies = new LinkedHashMap<>();
        Set<Function> twinned = new HashSet<>();
        for (Function f : module.functions()) {
            if (device.contains(f) && f.body() != null) {
                Stmt.Block b = new State(f).run();
                bodies.put(f, b);
                if (b != f.body() && host.contains(f)) {
                    twinned.add(f);
                }
            }
        }
        // a shared function that calls a twinned one needs a twin too, or device calls would reach the host copy
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Function f : bodies.keySet()) {
                if (host.contains(f) && !twinned.contains(f) && callsAny(f.body(), twinned)) {
                    twinned.add(f);
                    grew = true;
                }
            }
        }
        if (bodies.isEmpty()) {
            return;
        }
        Map<Function, Function> twins = new IdentityHashMap<>();
        for (Function f : twinned) {
            String name = f.name() + ".device";
            for (int i = 2; module.function(name) != null; i++) {
                name = f.name() + ".device" + i;
            }
            Function t = new Function(name, f.space(), f.returnType(), f.params(), f.variadic(), f.span());
            for (Local l : f.locals()) {
                if (l.id() >= f.params().size()) {
                    t.newLocal(l.name(), l.type(), l.addressable());
                }
            }
            t.setNoexcept(f.isNoexcept());
            twins.put(f, t);
        }
        Rewriter redirect = new Rewriter() {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (s instanceof Stmt.Call c && twins.containsKey(c.callee())) {
                    return List.of(new Stmt.Call(c.result(), twins.get(c.callee()), c.args(), c.span()));
                }
                return super.stmt(s);
            }
        };
        for (Map.Entry<Function, Stmt.Block> e : bodies.entrySet()) {
            Function f = e.getKey();
            Stmt.Block b = twins.isEmpty() ? e.getValue() : redirect.block(e.getValue());
            if (twins.containsKey(f)) {
                twins.get(f).setBody(b);
            } else if (!host.contains(f)) {
                f.setBody(b);
            }
        }
        for (Function f : twinned) {
            module.functions().add(module.functions().indexOf(f) + 1, twins.get(f));
        }
    }

    /** Functions reachable by calls from kernels and device functions ({@code device}), or from host functions. */
    private static Set<Function> reached(Module module, boolean device) {
        Set<Function> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        List<Function> work = new ArrayList<>();
        for (Function f : module.functions()) {
            boolean root = device ? f.space() == ExecutionSpace.KERNEL || f.space() == ExecutionSpace.DEVICE
                    : f.space() == ExecutionSpace.HOST;
            if (root) {
                work.add(f);
            }
        }
        while (!work.isEmpty()) {
            Function f = work.remove(work.size() - 1);
            if (!seen.add(f) || f.body() == null) {
                continue;
            }
            Rewriter.forEachStmt(f.body(), s -> {
                if (s instanceof Stmt.Call c && (device || c.callee().space() != ExecutionSpace.KERNEL)) {
                    work.add(c.callee());
                }
            });
        }
        return seen;
    }

    private static boolean callsAny(Stmt.Block b, Set<Function> callees) {
        boolean[] found = {false};
        Rewriter.forEachStmt(b, s -> found[0] |= s instanceof Stmt.Call c && callees.contains(c.callee()));
        return found[0];
    }

    private static boolean isFloatOp(Expr e, BinaryOp op) {
        return e instanceof Expr.Binary b && b.op() == op && b.type() instanceof Type.Float;
    }

    /** One function's analysis and rewrite. */
    private static final class State {
        private final Function fn;
        /** Assignments (and call results) per local id; a parameter starts with its argument. */
        private final int[] defs;
        /** The single assignment of a local that holds a product of stable values, by local id. */
        private final Map<Integer, Expr.Binary> heldProduct = new HashMap<>();
        /** Locals whose product reaches every use (see {@link #throughLocal}). */
        private final Set<Integer> forwarded = new HashSet<>();
        /** The value of each local assigned once. */
        private final Map<Integer, Expr> defValue = new HashMap<>();
        private final Set<Integer> forwardedRank = new HashSet<>();
        private final List<Site> sites = new ArrayList<>();
        /** Uses per product value (see {@link #key}). */
        private final Map<Object, Integer> uses = new HashMap<>();
        private final Map<Object, Integer> fusedUses = new HashMap<>();
        /** The adds and subtracts that become an fma, with the operand they fuse. */
        private final Map<Expr.Binary, Site> fused = new IdentityHashMap<>();
        private final Map<Expr, Long> orders = new IdentityHashMap<>();

        State(Function fn) {
            this.fn = fn;
            this.defs = new int[fn.locals().size()];
        }

        Stmt.Block run() {
            Rewriter.forEachStmt(fn.body(), s -> {
                if (s instanceof Stmt.Assign a) {
                    defs[a.target().id()]++;
                } else if (s instanceof Stmt.Call c && c.result() != null) {
                    defs[c.result().id()]++;
                }
            });
            for (Local p : fn.params()) {
                defs[p.id()]++;
            }
            Rewriter.forEachStmt(fn.body(), s -> {
                if (s instanceof Stmt.Assign a && single(a.target())) {
                    defValue.put(a.target().id(), a.value());
                    if (!fn.params().contains(a.target()) && a.value() instanceof Expr.Binary b
                            && isFloatOp(b, BinaryOp.MUL) && stable(b.left()) && stable(b.right())) {
                        heldProduct.put(a.target().id(), b);
                    }
                }
            });
            findForwarded(fn.body());
            // every product use, in evaluation order; a forwarded def is not a use of its product (its reads are)
            Rewriter.forEachStmt(fn.body(), s -> {
                if (s instanceof Stmt.Assign a && forwarded.contains(a.target().id())) {
                    Expr.Binary p = (Expr.Binary) a.value();
                    collect(p.left(), null);
                    collect(p.right(), null);
                    return;
                }
                for (Expr root : roots(s)) {
                    collect(root, null);
                }
            });
            if (sites.isEmpty()) {
                return fn.body();
            }
            decide();
            if (fused.isEmpty()) {
                return fn.body();
            }
            boolean[] changed = {false};
            Stmt.Block out = new Rewriter() {
                @Override
                protected Expr expr(Expr e) {
                    Expr r = rewrite(e);
                    changed[0] |= r != e;
                    return r;
                }

                @Override
                protected List<Stmt> stmt(Stmt s) {
                    // the product now lives in every fma that reads the local: its own multiply is dead
                    if (s instanceof Stmt.Assign a && forwarded.contains(a.target().id())
                            && consumed(key((Expr.Binary) a.value()))) {
                        changed[0] = true;
                        return List.of();
                    }
                    return super.stmt(s);
                }
            }.block(fn.body());
            return changed[0] ? out : fn.body();
        }

        private static List<Expr> roots(Stmt s) {
            return switch (s) {
                case Stmt.Assign a -> List.of(a.value());
                case Stmt.Store st -> List.of(st.address(), st.value());
                case Stmt.Call c -> c.args();
                case Stmt.If i -> List.of(i.cond());
                case Stmt.Loop l -> l.breakIf() == null ? List.of() : List.of(l.breakIf());
                case Stmt.Switch sw -> List.of(sw.selector());
                case Stmt.Return r -> r.value() == null ? List.of() : List.of(r.value());
                case Stmt.Launch l -> {
                    List<Expr> all = new ArrayList<>(l.grid());
                    all.addAll(l.block());
                    if (l.sharedBytes() != null) {
                        all.add(l.sharedBytes());
                    }
                    if (l.stream() != null) {
                        all.add(l.stream());
                    }
                    all.addAll(l.args());
                    yield all;
                }
                default -> List.of();
            };
        }

        private boolean single(Local l) {
            return !l.addressable() && defs[l.id()] == 1;
        }

        /** Whether {@code e} has one value wherever the function evaluates it after its operands' definitions. */
        private boolean stable(Expr e) {
            return switch (e) {
                case Expr.IntConst c -> true;
                case Expr.FloatConst c -> true;
                case Expr.BoolConst c -> true;
                case Expr.BuiltinGet b -> true;
                case Expr.LocalGet g -> single(g.local());
                case Expr.Unary u -> stable(u.operand());
                case Expr.Binary b -> stable(b.left()) && stable(b.right());
                case Expr.Convert c -> stable(c.value());
                default -> false;
            };
        }

        private void locals(Expr e, Set<Integer> out) {
            if (e instanceof Expr.LocalGet g) {
                out.add(g.local().id());
            }
            for (Expr k : Expr.children(e)) {
                locals(k, out);
            }
        }

        /**
         * Finds the locals whose held product may be re-evaluated at each read: every read is in a
         * later statement of the assignment's block, and no statement from there to the read
         * assigns a local that the product reads (a loop could have moved them on).
         */
        private void findForwarded(Stmt.Block root) {
            Map<Integer, Stmt.Block> blockOf = new HashMap<>();
            Map<Integer, Integer> indexOf = new HashMap<>();
            List<Stmt.Block> blocks = new ArrayList<>();
            blocks.add(root);
            Rewriter.forEachStmt(root, s -> {
                switch (s) {
                    case Stmt.Block b -> blocks.add(b);
                    case Stmt.If i -> {
                        blocks.add(i.then());
                        blocks.add(i.otherwise());
                    }
                    case Stmt.Loop l -> {
                        blocks.add(l.body());
                        blocks.add(l.continuing());
                    }
                    case Stmt.Switch sw -> sw.cases().forEach(c -> blocks.add(c.body()));
                    default -> {
                    }
                }
            });
            for (Stmt.Block b : blocks) {
                for (int i = 0; i < b.stmts().size(); i++) {
                    if (b.stmts().get(i) instanceof Stmt.Assign a && heldProduct.containsKey(a.target().id())
                            && a.value() == heldProduct.get(a.target().id())) {
                        blockOf.put(a.target().id(), b);
                        indexOf.put(a.target().id(), i);
                    }
                }
            }
            for (Map.Entry<Integer, Stmt.Block> e : blockOf.entrySet()) {
                int id = e.getKey();
                Stmt.Block b = e.getValue();
                int at = indexOf.get(id);
                Set<Integer> operands = new HashSet<>();
                locals(heldProduct.get(id), operands);
                boolean ok = !readsLocal(b.stmts().subList(0, at + 1), id);
                boolean clobbered = false;
                for (int j = at + 1; j < b.stmts().size() && ok; j++) {
                    Stmt s = b.stmts().get(j);
                    clobbered |= assignsAny(s, operands);
                    if (clobbered && readsLocal(List.of(s), id)) {
                        ok = false;
                    }
                }
                if (ok && !readsOutside(root, b, id)) {
                    forwarded.add(id);
                }
            }
        }

        private static boolean assignsAny(Stmt s, Set<Integer> ids) {
            boolean[] found = {false};
            Rewriter.forEachStmt(new Stmt.Block(List.of(s), s.span()), x -> {
                if (x instanceof Stmt.Assign a && ids.contains(a.target().id())
                        || x instanceof Stmt.Call c && c.result() != null && ids.contains(c.result().id())) {
                    found[0] = true;
                }
            });
            return found[0];
        }

        private static boolean readsLocal(List<Stmt> stmts, int id) {
            boolean[] found = {false};
            Rewriter.forEachExpr(new Stmt.Block(stmts, webcu.diag.Span.NONE), (s, e) ->
                    found[0] |= e instanceof Expr.LocalGet g && g.local().id() == id);
            return found[0];
        }

        /** Whether a read of the local lies outside the statements of {@code home}. */
        private static boolean readsOutside(Stmt.Block root, Stmt.Block home, int id) {
            boolean[] found = {false};
            new Rewriter() {
                @Override
                protected List<Stmt> stmt(Stmt s) {
                    for (Expr r : roots(s)) {
                        found[0] |= readsLocalIn(r, id);
                    }
                    // descend into nested blocks, except the home block, whose reads are checked apart
                    switch (s) {
                        case Stmt.Block b -> visit(b);
                        case Stmt.If i -> {
                            visit(i.then());
                            visit(i.otherwise());
                        }
                        case Stmt.Loop l -> {
                            visit(l.body());
                            visit(l.continuing());
                        }
                        case Stmt.Switch sw -> sw.cases().forEach(c -> visit(c.body()));
                        default -> {
                        }
                    }
                    return List.of(s);
                }

                private void visit(Stmt.Block b) {
                    if (b != home) {
                        block(b);
                    }
                }
            }.block(root == home ? Stmt.Block.empty(root.span()) : root);
            return found[0];
        }

        private static boolean readsLocalIn(Expr e, int id) {
            if (e instanceof Expr.LocalGet g && g.local().id() == id) {
                return true;
            }
            for (Expr k : Expr.children(e)) {
                if (readsLocalIn(k, id)) {
                    return true;
                }
            }
            return false;
        }

        /** A product as a fusion sees it: its multiply (held in a local or not) and whether it is negated. */
        private record Product(Expr.Binary mul, boolean negated) {}

        private Product product(Expr e) {
            return switch (e) {
                case Expr.Binary b when isFloatOp(b, BinaryOp.MUL) -> new Product(b, false);
                case Expr.LocalGet g when forwarded.contains(g.local().id()) -> new Product(heldProduct.get(g.local().id()), false);
                case Expr.Unary u when u.op() == UnaryOp.NEG && u.type() instanceof Type.Float -> {
                    Product p = product(u.operand());
                    yield p == null || p.negated() ? null : new Product(p.mul(), true);
                }
                default -> null;
            };
        }

        /** One value per product: structurally equal products of stable operands are the same value. */
        private Object key(Expr.Binary mul) {
            return stable(mul.left()) && stable(mul.right()) ? mul : new Identity(mul);
        }

        private record Identity(Expr e) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Identity i && i.e == e;
            }

            @Override
            public int hashCode() {
                return System.identityHashCode(e);
            }
        }

        /** One use of a product: the add or subtract it is an operand of (null for any other use). */
        private record Site(Object key, Expr.Binary parent, Expr operand, boolean negated) {}

        /**
         * Records the product uses in {@code e}; {@code parent} is the float add or subtract whose
         * direct operand {@code e} is, or null.
         */
        private void collect(Expr e, Expr.Binary parent) {
            Product p = product(e);
            if (p != null) {
                Object k = key(p.mul());
                sites.add(new Site(k, parent, e, p.negated()));
                uses.merge(k, 1, Integer::sum);
                collect(p.mul().left(), null);
                collect(p.mul().right(), null);
                return;
            }
            boolean addOrSub = isFloatOp(e, BinaryOp.ADD) || isFloatOp(e, BinaryOp.SUB);
            for (Expr k : Expr.children(e)) {
                collect(k, addOrSub ? (Expr.Binary) e : null);
            }
        }

        /**
         * Decides which add or subtract fuses which operand, in nvcc's two steps. NVVM first
         * (NVPTX's add combine): operands in Reassociate's order (lower rank first), the first
         * product fuses if all its uses are adds, fewer than 5. Then ptxas, on what is left: an add
         * or subtract fuses its one product operand, or of two the one used once; a product fuses
         * only if every remaining use of it fuses.
         */
        private void decide() {
            Map<Expr.Binary, List<Site>> byParent = new IdentityHashMap<>();
            Map<Object, List<Site>> byKey = new HashMap<>();
            for (Site site : sites) {
                byKey.computeIfAbsent(site.key(), k -> new ArrayList<>()).add(site);
                if (site.parent() != null) {
                    byParent.computeIfAbsent(site.parent(), k -> new ArrayList<>()).add(site);
                }
            }
            Set<Object> nvvm = new HashSet<>();
            for (Map.Entry<Object, List<Site>> e : byKey.entrySet()) {
                boolean allAdds = e.getValue().size() < 5;
                for (Site site : e.getValue()) {
                    allAdds &= site.parent() != null && site.parent().op() == BinaryOp.ADD && !site.negated();
                }
                if (allAdds) {
                    nvvm.add(e.getKey());
                }
            }
            Map<Object, Integer> left = new HashMap<>(uses);
            for (Map.Entry<Expr.Binary, List<Site>> e : byParent.entrySet()) {
                Expr.Binary b = e.getKey();
                if (b.op() != BinaryOp.ADD) {
                    continue;
                }
                List<Site> ops = ordered(b, e.getValue());
                for (Site site : ops) {
                    if (nvvm.contains(site.key())) {
                        fused.put(b, site);
                        left.merge(site.key(), -1, Integer::sum);
                        break;
                    }
                }
            }
            Map<Object, Integer> candidates = new HashMap<>();
            Map<Expr.Binary, Site> second = new IdentityHashMap<>();
            for (Map.Entry<Expr.Binary, List<Site>> e : byParent.entrySet()) {
                if (fused.containsKey(e.getKey())) {
                    continue;
                }
                List<Site> ops = e.getValue();
                Site pick = ops.size() == 1 ? ops.get(0) : null;
                if (ops.size() == 2) {
                    Site a = ops.get(0).operand() == e.getKey().left() ? ops.get(0) : ops.get(1);
                    Site b = a == ops.get(0) ? ops.get(1) : ops.get(0);
                    pick = left.get(a.key()) == 1 ? a : left.get(b.key()) == 1 ? b : null;
                }
                if (pick != null) {
                    second.put(e.getKey(), pick);
                    candidates.merge(pick.key(), 1, Integer::sum);
                }
            }
            for (Map.Entry<Expr.Binary, Site> e : second.entrySet()) {
                Object k = e.getValue().key();
                if (candidates.get(k).equals(left.get(k))) {
                    fused.put(e.getKey(), e.getValue());
                }
            }
            for (Site site : fused.values()) {
                fusedUses.merge(site.key(), 1, Integer::sum);
            }
        }

        /** Whether every use of the product was fused, so that nothing reads its rounded value. */
        private boolean consumed(Object key) {
            return fusedUses.getOrDefault(key, 0).equals(uses.get(key));
        }

        /** The product operands of an add in the order LLVM's Reassociate leaves them: lower rank first. */
        private List<Site> ordered(Expr.Binary b, List<Site> ops) {
            if (ops.size() < 2) {
                return ops;
            }
            Site l = ops.get(0).operand() == b.left() ? ops.get(0) : ops.get(1);
            Site r = l == ops.get(0) ? ops.get(1) : ops.get(0);
            return rank(r.operand()) < rank(l.operand()) ? List.of(r, l) : List.of(l, r);
        }

        /**
         * Reassociate's rank: 0 for constants, small for parameters, a program-order number for each
         * value it cannot move (loads, calls, divisions, variables changed in loops), and one more than
         * the highest operand for arithmetic (negation adds none).
         */
        private long rank(Expr e) {
            return switch (e) {
                case Expr.IntConst c -> 0;
                case Expr.FloatConst c -> 0;
                case Expr.BoolConst c -> 0;
                case Expr.LocalGet g when fn.params().contains(g.local()) && single(g.local()) -> 3 + g.local().id();
                case Expr.LocalGet g when defValue.containsKey(g.local().id()) && !forwardedRank.contains(g.local().id()) -> {
                    forwardedRank.add(g.local().id());
                    long r = rank(defValue.get(g.local().id()));
                    forwardedRank.remove(g.local().id());
                    yield r;
                }
                case Expr.Unary u when u.op() == UnaryOp.NEG -> rank(u.operand());
                case Expr.Binary b when b.op() != BinaryOp.DIV && b.op() != BinaryOp.REM -> 1 + Math.max(rank(b.left()), rank(b.right()));
                case Expr.Unary u -> 1 + rank(u.operand());
                case Expr.Convert c -> 1 + rank(c.value());
                default -> order(e);
            };
        }

        /** A number that grows in evaluation order, for a value Reassociate ranks by its place. */
        private long order(Expr e) {
            if (orders.isEmpty()) {
                long[] n = {1L << 16};
                Rewriter.forEachStmt(fn.body(), s -> {
                    for (Expr root : roots(s)) {
                        number(root, n);
                    }
                });
            }
            Long o = orders.get(e);
            return o != null ? o : 1L << 40;
        }

        private void number(Expr e, long[] n) {
            for (Expr k : Expr.children(e)) {
                number(k, n);
            }
            orders.putIfAbsent(e, n[0]++);
        }

        private Expr rewrite(Expr e) {
            if (e instanceof Expr.Binary b && fused.containsKey(b)) {
                Site site = fused.get(b);
                Product p = product(site.operand());
                boolean right = site.operand() == b.right();
                Expr other = rewrite(right ? b.left() : b.right());
                Expr x = rewrite(p.mul().left());
                Expr y = rewrite(p.mul().right());
                // a - b*c = fma(-b, c, a); a*b - c = fma(a, b, -c)
                boolean negateProduct = p.negated() != (b.op() == BinaryOp.SUB && right);
                boolean negateAddend = b.op() == BinaryOp.SUB && !right;
                Type t = b.type();
                return new Expr.Fma(negateProduct ? new Expr.Unary(UnaryOp.NEG, x, t) : x, y,
                        negateAddend ? new Expr.Unary(UnaryOp.NEG, other, t) : other, t);
            }
            return Expr.mapChildren(e, this::rewrite);
        }
    }
}
