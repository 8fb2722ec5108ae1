package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Emulates CUDA's warp functions and block-wide predicates exactly through workgroup memory and
 * barriers: each thread writes its value to a scratch array at its linear thread index, the
 * block waits, each reads the lane it wants (or, for votes and reductions, the 32 lanes of its
 * warp), and the block waits again before the scratch is reused.
 *
 * <p>CUDA feature: {@code __shfl_sync}, {@code __shfl_up_sync}, {@code __shfl_down_sync},
 * {@code __shfl_xor_sync} (any width, 32- and 64-bit values), {@code __ballot_sync},
 * {@code __any_sync}, {@code __all_sync}, {@code __activemask}, {@code __syncwarp},
 * {@code __match_any_sync}, {@code __match_all_sync}, the sm_80 {@code __reduce_*_sync}, and
 * {@code __syncthreads_count}/{@code _and}/{@code _or}. A warp is 32 consecutive threads in the
 * block's linear order, as on NVIDIA hardware.
 *
 * <p>Why WebGPU needs it: WGSL's subgroups have the adapter's size (4 on Chromium's software
 * adapter, 32 or 64 elsewhere) and are optional, so they cannot give CUDA's 32-lane semantics;
 * workgroup memory and {@code workgroupBarrier()} can, on any adapter. The cost is that the
 * calls must be reached by the whole block, as barriers must in WGSL: a warp function inside a
 * branch that only some warps take is reported at its line (by the browser's uniformity analysis,
 * mapped back to CUDA).
 *
 * <p>Expects: inlined kernels, before {@link MemoryModel}. Guarantees afterwards: none of these
 * calls remain; the scratch arrays are shared variables ({@code __webcu_warp_lo},
 * {@code __webcu_warp_hi} for 64-bit values, {@code __webcu_block_count}).
 *
 * <p>Subgroups: where the device has WGSL subgroups of exactly 32 lanes holding consecutive
 * thread indices ({@link DeviceTarget#subgroupSize}, which WebGpuDevice checks with a probe
 * kernel at start-up), shuffles, ballots, votes, {@code __activemask} and the sm_80 reductions
 * become subgroup operations instead ({@code subgroupShuffle}, {@code subgroupBallot},
 * {@code subgroupAdd} …), with no workgroup memory or barriers. Only where every lane of the warp
 * is sure to be active, as the emulation's results assume: the kernel is not coarsened (one
 * invocation per CUDA thread), and the call is in block-uniform control flow with no
 * thread-dependent return before it ({@link UniformFlow#callsInUniformFlow}), or in control flow
 * decided per warp ({@code if (wid == 0)}: {@link UniformFlow#warpUniformFlow}), whose outermost
 * whole-block statement is compiled twice: with subgroup operations under
 * {@link UniformFlow#rowsHoldWarps} (every warp within one row of the block), else emulated (a
 * subgroup copy without barriers, so that Uniformity need not run it for every thread under a
 * predicate: that was slower than the emulation on the H200). Everywhere else, and
 * for {@code __syncwarp}, {@code __match_*_sync} and the block-wide predicates, the emulation
 * stays. Every shuffle goes through {@code subgroupShuffle} with the source lane computed as the
 * emulation computes it (WGSL requires the delta of {@code subgroupShuffleUp/Down/Xor} to be
 * uniform; CUDA's may not be), and lanes outside the width or the block keep their own value.
 * The module turns the {@code subgroup_uniformity} diagnostic off: Tint's analysis cannot see
 * that the block-uniform branches of our analysis are uniform (a value read from a buffer, say),
 * nor that a branch on the warp index keeps each subgroup whole.
 *
 * <p>chipStar twin: HipWarps (which maps to OpenCL subgroups instead).
 */
public final class Warps implements DevicePass {
    /** The most threads a block may have: the scratch arrays hold one word per thread. */
    static final int MAX_THREADS = 1024;

    @Override
    public String name() {
        return "Warps";
    }

    /** Kernel name to CUDA threads per invocation (ThreadCoarsening's map): coarsened kernels keep the emulation. */
    private final java.util.Map<String, Integer> coarsening;

    public Warps() {
        this(java.util.Map.of());
    }

    public Warps(java.util.Map<String, Integer> coarsening) {
        this.coarsening = coarsening;
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            boolean[] found = {false};
            Rewriter.forEachStmt(k.body(), s -> found[0] |= s instanceof Stmt.Call c && kind(c.callee()) != null);
            if (found[0]) {
                State st = new State(m, k);
                if (m.target().subgroupSize() == 32 && coarsening.getOrDefault(k.name(), 1) <= 1) {
                    st.subgroupCalls = UniformFlow.callsInUniformFlow(k);
                    UniformFlow.WarpCalls w = UniformFlow.warpUniformFlow(k);
                    st.warpCalls = w.calls();
                    st.warpRoots = w.roots();
                    if (w.wholeBody()) {
                        st.warpRoots = java.util.Set.of(k.body());
                    }
                }
                Stmt.Block body = k.body();
                k.setBody(st.warpRoots.contains(body) ? Build.block(st.new Body().stmt(body), body.span()) : st.new Body().block(body));
            }
        }
    }

    /** The collective a call is ("shfl", "ballot" …), or null. */
    static String kind(Function f) {
        if (!f.isExternal()) {
            return null;
        }
        String n = f.name();
        if (n.startsWith("__webcu_shfl_up_")) {
            return "shfl_up";
        }
        if (n.startsWith("__webcu_shfl_down_")) {
            return "shfl_down";
        }
        if (n.startsWith("__webcu_shfl_xor_")) {
            return "shfl_xor";
        }
        if (n.startsWith("__webcu_shfl_")) {
            return "shfl";
        }
        if (n.startsWith("__webcu_match_any_")) {
            return "match_any";
        }
        if (n.startsWith("__webcu_match_all_")) {
            return "match_all";
        }
        if (n.startsWith("__webcu_reduce_")) {
            return "reduce_" + n.substring("__webcu_reduce_".length(), n.lastIndexOf('_'));
        }
        return switch (n) {
            case "__ballot_sync" -> "ballot";
            case "__any_sync" -> "any";
            case "__all_sync" -> "all";
            case "__activemask" -> "activemask";
            case "__syncwarp" -> "syncwarp";
            case "__syncthreads_count" -> "count";
            case "__syncthreads_and" -> "and";
            case "__syncthreads_or" -> "or";
            case "__reduce_and_sync" -> "reduce_and";
            case "__reduce_or_sync" -> "reduce_or";
            case "__reduce_xor_sync" -> "reduce_xor";
            default -> null;
        };
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        Global lo;
        Global hi;
        Global count;
        Span at;
        /** The calls that may become subgroup operations (empty: emulate every call). */
        java.util.Set<Stmt> subgroupCalls = java.util.Set.of();
        /** The calls whole warps reach where each warp lies within a row of the block. */
        java.util.Set<Stmt> warpCalls = java.util.Set.of();
        /** The statements compiled twice, under UniformFlow.rowsHoldWarps: warpCalls as subgroup operations, else emulated. */
        java.util.Set<Stmt> warpRoots = java.util.Set.of();
        /** Rewriting a root's subgroup copy. */
        boolean warpCopy;
        /** Rewriting either copy of a root. */
        boolean inRoot;

        State(DeviceModule m, Function k) {
            this.m = m;
            this.k = k;
        }

        Global shared(String name, int words) {
            for (Global g : m.module().globals()) {
                if (g.name().equals(name)) {
                    return g;
                }
            }
            return m.module().add(new Global(name, new Type.Array(Type.U32, words), AddressSpace.SHARED, null, false, false,
                    Span.NONE));
        }

        Expr tid() {
            return Build.linearTid();
        }

        Expr threads() {
            return Build.bin(BinaryOp.MUL, Build.bin(BinaryOp.MUL, new Expr.BuiltinGet(Builtin.BLOCK_DIM, 0),
                    new Expr.BuiltinGet(Builtin.BLOCK_DIM, 1)), new Expr.BuiltinGet(Builtin.BLOCK_DIM, 2));
        }

        Expr slot(Global g, Expr i) {
            return new Expr.ElementAddr(new Expr.GlobalAddr(g), i);
        }

        Local local(String name, Type t) {
            return k.newLocal(name, t, false);
        }

        Stmt barrier() {
            return new Stmt.Barrier(at);
        }

        Stmt assign(Local l, Expr v) {
            return new Stmt.Assign(l, v, at);
        }

        Stmt ifThen(Expr c, List<Stmt> then) {
            return new Stmt.If(c, Build.block(then, at), Stmt.Block.empty(at), at);
        }

        final class Body extends Rewriter {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (!inRoot && warpRoots.contains(s)) {
                    // whole warps only where no warp spans two rows: otherwise the emulation
                    inRoot = true;
                    warpCopy = true;
                    List<Stmt> fast = stmt(s);
                    warpCopy = false;
                    List<Stmt> slow = stmt(s);
                    inRoot = false;
                    return List.of(new Stmt.If(UniformFlow.rowsHoldWarps(), Build.block(fast, s.span()), Build.block(slow, s.span()),
                            s.span()));
                }
                if (s instanceof Stmt.Call c && kind(c.callee()) != null) {
                    at = c.span();
                    if (subgroupCalls.contains(c)) {
                        List<Stmt> out = subgroup(c, kind(c.callee()));
                        if (out != null) {
                            return out;
                        }
                    } else if (warpCopy && warpCalls.contains(c)) {
                        List<Stmt> out = subgroup(c, kind(c.callee()));
                        if (out != null) {
                            return out;
                        }
                    }
                    return lower(c, kind(c.callee()));
                }
                return super.stmt(s);
            }
        }

        /** The statements that replace one collective call. */
        List<Stmt> lower(Stmt.Call c, String kind) {
            List<Stmt> out = new ArrayList<>();
            Local tid = local("warp.tid", Type.U32);
            Local lane = local("warp.lane", Type.U32);
            Local base = local("warp.base", Type.U32);
            out.add(assign(tid, tid()));
            out.add(assign(lane, Build.bin(BinaryOp.AND, Build.get(tid), Build.u32(31))));
            out.add(assign(base, Build.bin(BinaryOp.SUB, Build.get(tid), Build.get(lane))));
            switch (kind) {
                case "shfl", "shfl_up", "shfl_down", "shfl_xor" -> shuffle(c, kind, tid, lane, base, out);
                case "ballot", "any", "all", "activemask" -> vote(c, kind, tid, lane, base, out);
                case "syncwarp" -> out.add(barrier());
                case "count", "and", "or" -> blockCount(c, kind, tid, out);
                case "match_any", "match_all" -> match(c, kind, tid, lane, base, out);
                default -> reduce(c, kind.substring("reduce_".length()), tid, lane, base, out);
            }
            return out;
        }

        /** The statements that replace one collective call with subgroup operations, or null to emulate it. */
        List<Stmt> subgroup(Stmt.Call c, String kind) {
            String op = kind.startsWith("reduce_") ? kind.substring("reduce_".length()) : null;
            boolean reducible = op != null && (c.args().get(1).type().equals(Type.I32) || c.args().get(1).type().equals(Type.U32));
            switch (kind) {
                case "shfl", "shfl_up", "shfl_down", "shfl_xor", "ballot", "any", "all", "activemask" -> { }
                default -> {
                    if (!reducible) {
                        return null;
                    }
                }
            }
            List<Stmt> out = new ArrayList<>();
            Local tid = local("warp.tid", Type.U32);
            Local lane = local("warp.lane", Type.U32);
            Local base = local("warp.base", Type.U32);
            out.add(assign(tid, tid()));
            out.add(assign(lane, Build.bin(BinaryOp.AND, Build.get(tid), Build.u32(31))));
            out.add(assign(base, Build.bin(BinaryOp.SUB, Build.get(tid), Build.get(lane))));
            switch (kind) {
                case "shfl", "shfl_up", "shfl_down", "shfl_xor" -> subgroupShuffle(c, kind, lane, base, out);
                case "ballot", "any", "all", "activemask" -> subgroupVote(c, kind, base, out);
                default -> {
                    Type t = c.args().get(1).type();
                    String suffix = t.equals(Type.I32) ? "i32" : "u32";
                    Local r = local("warp.reduced", t);
                    out.add(Build.call(r, Build.external(m, Analysis.SUBGROUP_PREFIX + op + "_" + suffix, t, t),
                            List.of(c.args().get(1)), at));
                    if (c.result() != null) {
                        out.add(assign(c.result(), Build.as(c.result().type(), Build.get(r))));
                    }
                }
            }
            return out;
        }

        /** Every shuffle as {@code subgroupShuffle} from the lane the emulation would read. */
        private void subgroupShuffle(Stmt.Call c, String kind, Local lane, Local base, List<Stmt> out) {
            Expr value = c.args().get(1);
            Type t = value.type();
            List<Expr> w = words(value, out);
            List<Local> own = new ArrayList<>();
            for (Expr x : w) {
                Local o = local("warp.own", Type.U32);
                out.add(assign(o, x));
                own.add(o);
            }
            Local[] lanes = sourceLane(c, kind, lane, out);
            Local src = lanes[0];
            Local ok = lanes[1];
            Expr valid = Build.bin(BinaryOp.LAND, Build.get(ok), Build.bin(BinaryOp.LT,
                    Build.add(Build.get(base), Build.get(src)), threads()));
            Function shuffle = Build.external(m, Analysis.SUBGROUP_PREFIX + "shuffle", Type.U32, Type.U32, Type.U32);
            List<Expr> got = new ArrayList<>();
            for (Local o : own) {
                // every lane shuffles, in range or not: a subgroup operation wants the whole subgroup
                Local g = local("warp.shuffled", Type.U32);
                out.add(Build.call(g, shuffle, List.of(Build.get(o), Build.bin(BinaryOp.AND, Build.get(src), Build.u32(31))), at));
                Local r = local("warp.got", Type.U32);
                out.add(assign(r, new Expr.Select(valid, Build.get(g), Build.get(o))));
                got.add(Build.get(r));
            }
            fromWords(c.result(), t, got, out);
        }

        /** Ballots and votes from {@code subgroupBallot}, masked as the emulation masks them. */
        private void subgroupVote(Stmt.Call c, String kind, Local base, List<Stmt> out) {
            Function ballot = Build.external(m, Analysis.SUBGROUP_PREFIX + "ballot", Type.U32, Type.BOOL);
            Local bits = local("warp.ballot", Type.U32);
            Expr pred = kind.equals("activemask") ? new Expr.BoolConst(true)
                    : Build.bin(BinaryOp.NE, c.args().get(1), new Expr.IntConst((Type.Int) c.args().get(1).type(), 0));
            out.add(Build.call(bits, ballot, List.of(pred), at));
            if (c.result() == null) {
                return;
            }
            if (kind.equals("activemask")) {
                out.add(assign(c.result(), Build.as(c.result().type(), Build.get(bits))));
                return;
            }
            out.add(assign(c.result(), Build.as(c.result().type(), voteResult(c, kind, bits, base, out))));
        }

        /** Splits a 32- or 64-bit value into u32 words (floats by their bits). */
        private List<Expr> words(Expr v, List<Stmt> out) {
            Type t = v.type();
            if (t.equals(Type.F32)) {
                Local b = local("warp.bits", Type.U32);
                out.add(Build.call(b, Build.external(m, "__float_as_uint", Type.U32, Type.F32), List.of(v), at));
                return List.of(Build.get(b));
            }
            if (t.equals(Type.F64)) {
                Local b = local("warp.bits", Type.I64);
                out.add(Build.call(b, Build.external(m, "__double_as_longlong", Type.I64, Type.F64), List.of(v), at));
                v = Build.get(b);
                t = Type.I64;
            }
            if (Layouts.isWide(t)) {
                Local x = local("warp.value", t);
                out.add(assign(x, v));
                return List.of(new Expr.Convert(Type.U32, Build.get(x)),
                        new Expr.Convert(Type.U32, new Expr.Binary(BinaryOp.SHR, Build.get(x), Build.u32(32), t)));
            }
            return List.of(Build.as(Type.U32, v));
        }

        /** Rebuilds a value of type {@code t} from u32 words into {@code result}. */
        private void fromWords(Local result, Type t, List<Expr> w, List<Stmt> out) {
            if (result == null) {
                return;
            }
            if (t.equals(Type.F32)) {
                out.add(Build.call(result, Build.external(m, "__uint_as_float", Type.F32, Type.U32), List.of(w.get(0)), at));
                return;
            }
            if (Layouts.isWide(t)) {
                Expr v = new Expr.Binary(BinaryOp.OR, new Expr.Binary(BinaryOp.SHL, new Expr.Convert(Type.U64, w.get(1)),
                        Build.u32(32), Type.U64), new Expr.Convert(Type.U64, w.get(0)), Type.U64);
                if (t.equals(Type.F64)) {
                    out.add(Build.call(result, Build.external(m, "__longlong_as_double", Type.F64, Type.I64),
                            List.of(new Expr.Convert(Type.I64, v)), at));
                } else {
                    out.add(assign(result, Build.as(t, v)));
                }
                return;
            }
            out.add(assign(result, Build.as(t, w.get(0))));
        }

        private void shuffle(Stmt.Call c, String kind, Local tid, Local lane, Local base, List<Stmt> out) {
            Expr value = c.args().get(1);
            Type t = value.type();
            List<Expr> w = words(value, out);
            List<Local> own = new ArrayList<>();
            for (Expr x : w) {
                Local o = local("warp.own", Type.U32);
                out.add(assign(o, x));
                own.add(o);
            }
            Local[] lanes = sourceLane(c, kind, lane, out);
            Local src = lanes[0];
            Local ok = lanes[1];
            Expr from = Build.add(Build.get(base), Build.get(src));
            Expr valid = Build.bin(BinaryOp.LAND, Build.get(ok), Build.bin(BinaryOp.LT, from, threads()));
            List<Expr> got = new ArrayList<>();
            for (int i = 0; i < own.size(); i++) {
                Global g = i == 0 ? lo() : hi();
                out.add(new Stmt.Store(slot(g, Build.get(tid)), Build.get(own.get(i)), at));
            }
            out.add(barrier());
            for (int i = 0; i < own.size(); i++) {
                Global g = i == 0 ? lo() : hi();
                Local r = local("warp.got", Type.U32);
                out.add(assign(r, Build.get(own.get(i))));
                out.add(ifThen(valid, List.of(assign(r, new Expr.Load(slot(g, from))))));
                got.add(Build.get(r));
            }
            out.add(barrier());
            fromWords(c.result(), t, got, out);
        }

        /**
         * The lane of the warp a shuffle reads ({@code src}) and whether it lies in the caller's
         * segment of {@code width} lanes ({@code ok}); otherwise the caller keeps its own value.
         */
        private Local[] sourceLane(Stmt.Call c, String kind, Local lane, List<Stmt> out) {
            Local width = local("warp.width", Type.U32);
            out.add(assign(width, Build.as(Type.U32, c.args().get(3))));
            Local src = local("warp.src", Type.U32);
            Local ok = local("warp.ok", Type.BOOL);
            Expr seg = Build.bin(BinaryOp.AND, Build.get(lane), new Expr.Unary(webcu.ir.UnaryOp.NOT,
                    Build.bin(BinaryOp.SUB, Build.get(width), Build.u32(1)), Type.U32));
            Expr arg = Build.as(Type.U32, c.args().get(2));
            Expr laneInSeg = Build.bin(BinaryOp.SUB, Build.get(lane), seg);
            switch (kind) {
                case "shfl" -> {
                    out.add(assign(src, Build.add(seg, Build.bin(BinaryOp.AND, arg, Build.bin(BinaryOp.SUB, Build.get(width),
                            Build.u32(1))))));
                    out.add(assign(ok, new Expr.BoolConst(true)));
                }
                case "shfl_up" -> {
                    out.add(assign(src, Build.bin(BinaryOp.SUB, Build.get(lane), arg)));
                    out.add(assign(ok, Build.bin(BinaryOp.GE, laneInSeg, arg)));
                }
                case "shfl_down" -> {
                    out.add(assign(src, Build.add(Build.get(lane), arg)));
                    out.add(assign(ok, Build.bin(BinaryOp.LT, Build.add(laneInSeg, arg), Build.get(width))));
                }
                default -> {
                    out.add(assign(src, Build.bin(BinaryOp.XOR, Build.get(lane), arg)));
                    out.add(assign(ok, Build.bin(BinaryOp.EQ, Build.bin(BinaryOp.AND, Build.get(src), new Expr.Unary(
                            webcu.ir.UnaryOp.NOT, Build.bin(BinaryOp.SUB, Build.get(width), Build.u32(1)), Type.U32)), seg)));
                }
            }
            return new Local[] {src, ok};
        }

        /** The lanes of this warp that exist (a last warp may be partial), as a mask. */
        private Expr present(Local base) {
            Expr left = Build.bin(BinaryOp.SUB, threads(), Build.get(base));
            return new Expr.Select(Build.bin(BinaryOp.GE, left, Build.u32(32)), Build.u32(0xFFFFFFFFL),
                    Build.bin(BinaryOp.SUB, Build.bin(BinaryOp.SHL, Build.u32(1), left), Build.u32(1)));
        }

        /** Gathers one bit per lane (the predicate) into a ballot of the warp. */
        private Local ballot(Expr pred, Local tid, Local base, List<Stmt> out) {
            out.add(new Stmt.Store(slot(lo(), Build.get(tid)), new Expr.Select(pred, Build.u32(1), Build.u32(0)), at));
            out.add(barrier());
            Local bits = local("warp.ballot", Type.U32);
            out.add(assign(bits, Build.u32(0)));
            forLanes(base, (i, valid, body) -> body.add(ifThen(Build.bin(BinaryOp.LAND, valid,
                    Build.bin(BinaryOp.NE, new Expr.Load(slot(lo(), Build.add(Build.get(base), Build.get(i)))), Build.u32(0))),
                    List.of(assign(bits, Build.bin(BinaryOp.OR, Build.get(bits), Build.bin(BinaryOp.SHL, Build.u32(1),
                            Build.get(i))))))), out);
            out.add(barrier());
            return bits;
        }

        private interface LaneBody {
            void add(Local i, Expr valid, List<Stmt> body);
        }

        /** {@code for (i = 0; i < 32; i++) body} with {@code valid}: lane i of this warp exists. */
        private void forLanes(Local base, LaneBody f, List<Stmt> out) {
            Local i = local("warp.i", Type.U32);
            out.add(assign(i, Build.u32(0)));
            List<Stmt> body = new ArrayList<>();
            body.add(ifThen(Build.bin(BinaryOp.GE, Build.get(i), Build.u32(32)), List.of(new Stmt.Break(at))));
            f.add(i, Build.bin(BinaryOp.LT, Build.add(Build.get(base), Build.get(i)), threads()), body);
            out.add(new Stmt.Loop(Build.block(body, at), Build.block(List.of(assign(i, Build.add(Build.get(i), Build.u32(1)))), at),
                    null, at));
        }

        private void vote(Stmt.Call c, String kind, Local tid, Local lane, Local base, List<Stmt> out) {
            if (kind.equals("activemask")) {
                // a vote of the threads that got here: in a branch, Uniformity keeps the others out
                Local bits = ballot(Build.bin(BinaryOp.EQ, Build.u32(0), Build.u32(0)), tid, base, out);
                if (c.result() != null) {
                    out.add(assign(c.result(), Build.as(c.result().type(), Build.get(bits))));
                }
                return;
            }
            Expr pred = Build.bin(BinaryOp.NE, c.args().get(1), new Expr.IntConst((Type.Int) c.args().get(1).type(), 0));
            Local bits = ballot(pred, tid, base, out);
            if (c.result() == null) {
                return;
            }
            out.add(assign(c.result(), Build.as(c.result().type(), voteResult(c, kind, bits, base, out))));
        }

        /** A ballot, any or all from the warp's ballot {@code bits}. */
        private Expr voteResult(Stmt.Call c, String kind, Local bits, Local base, List<Stmt> out) {
            // only the lanes of the mask take part: a tile of 16 votes apart from the other half of its warp
            Local mask = local("warp.mask", Type.U32);
            out.add(assign(mask, Build.as(Type.U32, c.args().get(0))));
            Expr voted = Build.bin(BinaryOp.AND, Build.get(bits), Build.get(mask));
            return switch (kind) {
                case "ballot" -> voted;
                case "any" -> new Expr.Select(Build.bin(BinaryOp.NE, voted, Build.u32(0)), Build.i32(1), Build.i32(0));
                default -> new Expr.Select(Build.bin(BinaryOp.EQ, voted, Build.bin(BinaryOp.AND, present(base), Build.get(mask))),
                        Build.i32(1), Build.i32(0));
            };
        }

        /** {@code __syncthreads_count/and/or}: an atomic count of the block's true predicates between barriers. */
        private void blockCount(Stmt.Call c, String kind, Local tid, List<Stmt> out) {
            Global g = count();
            Function add = Build.atomicU32(m, "Add");
            out.add(ifThen(Build.bin(BinaryOp.EQ, Build.get(tid), Build.u32(0)),
                    List.of(new Stmt.Store(slot(g, Build.u32(0)), Build.u32(0), at))));
            out.add(barrier());
            Expr pred = Build.bin(BinaryOp.NE, c.args().get(0), new Expr.IntConst((Type.Int) c.args().get(0).type(), 0));
            out.add(ifThen(pred, List.of(Build.call(null, add, List.of(slot(g, Build.u32(0)), Build.u32(1)), at))));
            out.add(barrier());
            Local n = local("block.count", Type.U32);
            out.add(assign(n, new Expr.Load(slot(g, Build.u32(0)))));
            out.add(barrier());
            if (c.result() == null) {
                return;
            }
            Expr r = switch (kind) {
                case "count" -> Build.get(n);
                case "and" -> new Expr.Select(Build.bin(BinaryOp.EQ, Build.get(n), threads()), Build.u32(1), Build.u32(0));
                default -> new Expr.Select(Build.bin(BinaryOp.NE, Build.get(n), Build.u32(0)), Build.u32(1), Build.u32(0));
            };
            out.add(assign(c.result(), Build.as(c.result().type(), r)));
        }

        /** match_any: the lanes holding my value; match_all: every lane when all hold the same value. */
        private void match(Stmt.Call c, String kind, Local tid, Local lane, Local base, List<Stmt> out) {
            List<Expr> w = words(c.args().get(1), out);
            List<Local> own = new ArrayList<>();
            for (int j = 0; j < w.size(); j++) {
                Local o = local("warp.own", Type.U32);
                out.add(assign(o, w.get(j)));
                own.add(o);
                out.add(new Stmt.Store(slot(j == 0 ? lo() : hi(), Build.get(tid)), Build.get(o), at));
            }
            out.add(barrier());
            Local same = local("warp.same", Type.U32);
            out.add(assign(same, Build.u32(0)));
            forLanes(base, (i, valid, body) -> {
                Expr eq = valid;
                for (int j = 0; j < own.size(); j++) {
                    eq = Build.bin(BinaryOp.LAND, eq, Build.bin(BinaryOp.EQ,
                            new Expr.Load(slot(j == 0 ? lo() : hi(), Build.add(Build.get(base), Build.get(i)))), Build.get(own.get(j))));
                }
                body.add(ifThen(eq, List.of(assign(same, Build.bin(BinaryOp.OR, Build.get(same),
                        Build.bin(BinaryOp.SHL, Build.u32(1), Build.get(i)))))));
            }, out);
            out.add(barrier());
            if (kind.equals("match_any")) {
                if (c.result() != null) {
                    out.add(assign(c.result(), Build.get(same)));
                }
                return;
            }
            Expr all = Build.bin(BinaryOp.EQ, Build.get(same), present(base));
            if (c.result() != null) {
                out.add(assign(c.result(), new Expr.Select(all, present(base), Build.u32(0))));
            }
            Expr predAddr = c.args().get(2);
            out.add(new Stmt.Store(predAddr, new Expr.Select(all, Build.i32(1), Build.i32(0)), at));
        }

        /** The sm_80 warp reductions: every lane gets the reduction of the warp's values. */
        private void reduce(Stmt.Call c, String op, Local tid, Local lane, Local base, List<Stmt> out) {
            Expr v = c.args().get(1);
            Type t = v.type();
            out.add(new Stmt.Store(slot(lo(), Build.get(tid)), Build.as(Type.U32, v), at));
            out.add(barrier());
            Local acc = local("warp.acc", t);
            Expr first = Build.as(t, new Expr.Load(slot(lo(), Build.get(base))));
            out.add(assign(acc, first));
            forLanes(base, (i, valid, body) -> {
                Expr x = Build.as(t, new Expr.Load(slot(lo(), Build.add(Build.get(base), Build.get(i)))));
                Expr a = Build.get(acc);
                Expr next = switch (op) {
                    case "add" -> Build.bin(BinaryOp.ADD, a, x);
                    case "min" -> new Expr.Select(Build.bin(BinaryOp.LT, x, a), x, a);
                    case "max" -> new Expr.Select(Build.bin(BinaryOp.GT, x, a), x, a);
                    case "and" -> Build.bin(BinaryOp.AND, a, x);
                    case "or" -> Build.bin(BinaryOp.OR, a, x);
                    default -> Build.bin(BinaryOp.XOR, a, x);
                };
                // lane 0 is already in acc for min, max and and/or (idempotent); add and xor start over
                body.add(ifThen(Build.bin(BinaryOp.LAND, valid, Build.bin(BinaryOp.GT, Build.get(i), Build.u32(0))),
                        List.of(assign(acc, next))));
            }, out);
            out.add(barrier());
            if (c.result() != null) {
                out.add(assign(c.result(), Build.as(c.result().type(), Build.get(acc))));
            }
        }

        Global lo() {
            if (lo == null) {
                lo = shared("__webcu_warp_lo", MAX_THREADS);
            }
            return lo;
        }

        Global hi() {
            if (hi == null) {
                hi = shared("__webcu_warp_hi", MAX_THREADS);
            }
            return hi;
        }

        Global count() {
            if (count == null) {
                count = shared("__webcu_block_count", 1);
            }
            return count;
        }
    }
}
