package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Runs a block of more threads than the adapter allows per workgroup by giving each invocation
 * {@code K} CUDA threads: thread {@code lane + v * W} for {@code v < K}, where {@code W} is the
 * workgroup's size (the block's threads divided by {@code K}, rounded up).
 *
 * <p>CUDA feature: blocks of up to 1024 threads ({@code scan<<<1, 512>>>}), which every CUDA GPU
 * since Fermi runs, on adapters whose workgroups hold fewer invocations (256 on Chromium's software
 * adapter, the WebGPU default).
 *
 * <p>Why WebGPU needs it: {@code maxComputeInvocationsPerWorkgroup} is a hard limit of the
 * dispatch. Each local becomes an array of {@code K} (one per virtual thread); the statements
 * between barriers run in a loop over the {@code K} threads ({@code v}), skipping threads past the
 * block's end; barriers, and the loops and branches that hold them (which CUDA runs uniformly, so
 * thread 0's copy of their conditions decides), stay outside those loops, so a barrier still
 * waits for all {@code K * W} threads. Returns become the active flag of {@link Uniformity} first.
 *
 * <p>Expects: the kernels after {@link Uniformity}; the kernels to coarsen and their {@code K}
 * come from the device, per launch shape. Guarantees afterwards: in a coarsened kernel,
 * {@code threadIdx.x} (a BuiltinGet) means the invocation's index in a one-dimensional workgroup
 * of {@code W} invocations, and every CUDA thread index is computed from it;
 * {@link DeviceModule#coarsening} records {@code K}.
 *
 * <p>chipStar twin: none (the work-item loops of POCL and MCUDA do the same on CPUs).
 */
public final class ThreadCoarsening implements DevicePass {
    private final Map<String, Integer> factors;

    /** Coarsens the kernels named in {@code factors} by their factor; the default pipeline coarsens none. */
    public ThreadCoarsening(Map<String, Integer> factors) {
        // a HashMap, not Map.copyOf: TeaVM's immutable maps trap on lookups in WebAssembly
        this.factors = new HashMap<>(factors);
    }

    @Override
    public String name() {
        return "ThreadCoarsening";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            Integer f = factors.get(k.name());
            if (f != null && f > 1) {
                new State(m, k, f).run();
                m.setCoarsening(k, f);
            }
        }
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        final int factor;
        /** Locals that stay one per invocation: parameters and the uniform values of the interface. */
        final Set<Local> shared = new HashSet<>();
        final Map<Local, Local> coarse = new HashMap<>();
        final Set<Local> uniform = new HashSet<>();
        Local v;

        State(DeviceModule m, Function k, int factor) {
            this.m = m;
            this.k = k;
            this.factor = factor;
        }

        void run() {
            UniformFlow.flagReturns(k);
            shared.addAll(k.params());
            KernelInterface in = m.interfaceOf(k);
            if (in != null) {
                for (KernelInterface.Value val : in.values()) {
                    shared.add(val.local());
                }
                for (KernelInterface.Binding b : in.bindings()) {
                    if (b.offset() != null) {
                        shared.add(b.offset());
                    }
                    if (b.root() != null) {
                        // the heap's root is no parameter, but it names the binding as they do
                        shared.add(b.root());
                    }
                }
            }
            // a value every thread shares (a loop counter that steers barriers) stays one variable, and
            // its assignments run once, between the threads' loops: WGSL must see it uniform
            uniform.addAll(UniformFlow.uniformLocals(k));
            uniform.removeAll(k.params());
            Set<Local> assigned = new HashSet<>();
            Rewriter.forEachStmt(k.body(), s -> {
                if (s instanceof Stmt.Assign a) {
                    assigned.add(a.target());
                } else if (s instanceof Stmt.Call c && c.result() != null) {
                    assigned.add(c.result());
                }
            });
            int n = k.locals().size();
            List<Local> copied = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Local l = k.locals().get(i);
                if (uniform.contains(l) && !l.addressable()) {
                    continue;
                }
                if (!shared.contains(l)) {
                    Local c = new Local(l.id(), l.name(), new Type.Array(l.type(), factor), true);
                    k.replaceLocal(c);
                    coarse.put(l, c);
                } else if (assigned.contains(l)) {
                    // a parameter the kernel changes: each thread gets its own copy of the value
                    coarse.put(l, k.newLocal(l.name(), new Type.Array(l.type(), factor), true));
                    copied.add(l);
                }
            }
            v = k.newLocal("thread", Type.U32, false);
            List<Stmt> body = new ArrayList<>();
            Span at = k.body().span();
            for (Local l : copied) {
                for (int t = 0; t < factor; t++) {
                    body.add(new Stmt.Store(new Expr.ElementAddr(new Expr.LocalAddr(coarse.get(l)), Build.u32(t)), Build.get(l), at));
                }
            }
            body.addAll(list(k.body().stmts()));
            k.setBody(new Stmt.Block(body, at));
        }

        /** A statement list: runs of statements without barriers become loops over the threads. */
        private List<Stmt> list(List<Stmt> stmts) {
            List<Stmt> out = new ArrayList<>();
            List<Stmt> run = new ArrayList<>();
            for (Stmt s : stmts) {
                if (isSync(s)) {
                    flush(run, out);
                    out.add(sync(s));
                } else {
                    run.add(s);
                }
            }
            flush(run, out);
            return out;
        }

        private boolean isSync(Stmt s) {
            if (Analysis.contains(s, Stmt.Barrier.class) || Analysis.contains(s, Stmt.Return.class) || Analysis.exits(s)) {
                return true;
            }
            boolean[] found = {false};
            Rewriter.forEachStmt(new Stmt.Block(List.of(s), s.span()),
                    x -> found[0] |= x instanceof Stmt.Assign a && uniform.contains(a.target()) && !coarse.containsKey(a.target()));
            return found[0];
        }

        /** {@code for (thread = 0; thread < K; thread++) if (index < threads) { run }}. */
        private void flush(List<Stmt> run, List<Stmt> out) {
            if (run.isEmpty()) {
                return;
            }
            Span at = run.get(0).span();
            Rewrite r = new Rewrite(Build.get(v), true);
            List<Stmt> body = new ArrayList<>();
            for (Stmt s : run) {
                body.addAll(r.stmt(s));
            }
            Expr exists = Build.bin(BinaryOp.LT, linear(Build.get(v)), threads());
            List<Stmt> loop = new ArrayList<>();
            loop.add(new Stmt.If(Build.bin(BinaryOp.GE, Build.get(v), Build.u32(factor)),
                    Build.block(List.of(new Stmt.Break(at)), at), Stmt.Block.empty(at), at));
            loop.add(new Stmt.If(exists, Build.block(body, at), Stmt.Block.empty(at), at));
            Stmt.Block cont = Build.block(List.of(new Stmt.Assign(v, Build.add(Build.get(v), Build.u32(1)), at)), at);
            out.add(new Stmt.Assign(v, Build.u32(0), at));
            out.add(new Stmt.Loop(Build.block(loop, at), cont, null, at));
            run.clear();
        }

        /** A statement every thread runs together: its conditions are thread 0's, its insides coarsened. */
        private Stmt sync(Stmt s) {
            Rewrite first = new Rewrite(Build.u32(0), false);
            Span at = s.span();
            return switch (s) {
                case Stmt.Assign a -> new Stmt.Assign(a.target(), first.expr(a.value()), at);
                case Stmt.Block b -> new Stmt.Block(list(b.stmts()), at);
                case Stmt.If i -> new Stmt.If(first.expr(i.cond()), new Stmt.Block(list(i.then().stmts()), i.then().span()),
                        new Stmt.Block(list(i.otherwise().stmts()), i.otherwise().span()), at);
                case Stmt.Loop l -> new Stmt.Loop(new Stmt.Block(list(l.body().stmts()), l.body().span()),
                        new Stmt.Block(list(l.continuing().stmts()), l.continuing().span()),
                        l.breakIf() == null ? null : first.expr(l.breakIf()), at);
                case Stmt.Switch sw -> {
                    List<Stmt.Case> cases = new ArrayList<>();
                    for (Stmt.Case c : sw.cases()) {
                        cases.add(new Stmt.Case(c.values(), c.isDefault(), new Stmt.Block(list(c.body().stmts()), c.body().span())));
                    }
                    yield new Stmt.Switch(first.expr(sw.selector()), cases, at);
                }
                case Stmt.Return r -> new Stmt.Return(null, at);
                default -> s;
            };
        }

        /** The block's threads: blockDim.x * blockDim.y * blockDim.z. */
        private static Expr threads() {
            return Build.bin(BinaryOp.MUL, Build.bin(BinaryOp.MUL, new Expr.BuiltinGet(Builtin.BLOCK_DIM, 0),
                    new Expr.BuiltinGet(Builtin.BLOCK_DIM, 1)), new Expr.BuiltinGet(Builtin.BLOCK_DIM, 2));
        }

        /** The linear index of thread {@code thread} of this invocation: lane + thread * W. */
        private Expr linear(Expr thread) {
            Expr w = Build.bin(BinaryOp.DIV, Build.add(threads(), Build.u32(factor - 1)), Build.u32(factor));
            return Build.add(new Expr.BuiltinGet(Builtin.THREAD_IDX, 0), Build.bin(BinaryOp.MUL, thread, w));
        }

        /** Rewrites locals to their thread's element and CUDA's threadIdx to the thread's own. */
        private final class Rewrite extends Rewriter {
            final Expr thread;
            final boolean inRegion;

            Rewrite(Expr thread, boolean inRegion) {
                this.thread = thread;
                this.inRegion = inRegion;
            }

            private Expr element(Local c) {
                return new Expr.ElementAddr(new Expr.LocalAddr(c), thread);
            }

            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (s instanceof Stmt.Assign a && coarse.containsKey(a.target())) {
                    return List.of(new Stmt.Store(element(coarse.get(a.target())), expr(a.value()), a.span()));
                }
                if (s instanceof Stmt.Call c && c.result() != null && coarse.containsKey(c.result())) {
                    Local tmp = k.newLocal(c.result().name(), ((Type.Array) coarse.get(c.result()).type()).element(), false);
                    List<Expr> args = new ArrayList<>();
                    for (Expr x : c.args()) {
                        args.add(expr(x));
                    }
                    return List.of(new Stmt.Call(tmp, c.callee(), args, c.span()),
                            new Stmt.Store(element(coarse.get(c.result())), Build.get(tmp), c.span()));
                }
                return super.stmt(s);
            }

            @Override
            protected Expr expr(Expr e) {
                return Expr.postOrder(e, x -> switch (x) {
                    case Expr.LocalGet g when coarse.containsKey(g.local()) -> new Expr.Load(element(coarse.get(g.local())));
                    case Expr.LocalAddr a when coarse.containsKey(a.local()) -> element(coarse.get(a.local()));
                    case Expr.BuiltinGet b when b.builtin() == Builtin.THREAD_IDX -> threadIdx(b.component());
                    default -> x;
                });
            }

            /** threadIdx.x, y, z of this thread, from its linear index in the block. */
            private Expr threadIdx(int c) {
                Expr l = linear(thread);
                Expr bx = new Expr.BuiltinGet(Builtin.BLOCK_DIM, 0);
                Expr by = new Expr.BuiltinGet(Builtin.BLOCK_DIM, 1);
                return switch (c) {
                    case 0 -> Build.bin(BinaryOp.REM, l, bx);
                    case 1 -> Build.bin(BinaryOp.REM, Build.bin(BinaryOp.DIV, l, bx), by);
                    default -> Build.bin(BinaryOp.DIV, l, Build.bin(BinaryOp.MUL, bx, by));
                };
            }
        }
    }
}
