package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Turns the CUDA atomics that WGSL lacks into compare-and-swap loops over the ones it has.
 *
 * <p>CUDA feature: {@code atomicAdd}/{@code atomicExch} on float, {@code atomicInc} and
 * {@code atomicDec} (with their wrap-around), and signed {@code atomicMin}/{@code atomicMax} on
 * memory that {@link MemoryModel} addresses as u32 words. The front end calls them as externals
 * {@code __webcu_atomic<Op>_<type>}.
 *
 * <p>Why WebGPU needs it: WGSL has atomics only on {@code atomic<i32>} and {@code atomic<u32>}
 * (add, sub, max, min, and, or, xor, exchange, and a weak compare-exchange); a float lives in an
 * {@code atomic<u32>} as its bits, so adding to it means reading, adding and swapping until no
 * other thread got in between, as chipStar and CUDA's own pre-Pascal code do.
 *
 * <p>Expects: {@link MemoryModel}'s canonical addresses (atomic places are already declared
 * atomic). Guarantees: the atomics left are 32-bit add, sub, exchange, and, or, xor, min and max
 * on integers of the place's own signedness, compare-and-swap, and 64-bit integer add, sub, and,
 * or and xor on word bindings ({@link WordAtomics} splits them per word, see {@link Analysis#onHalves}); each loop
 * reads the old value atomically, computes the new one, and retries while
 * {@code __webcu_atomicCAS_u32} returns another value, then yields the old value as CUDA does.
 * The other 64-bit atomics on word bindings run under a spin lock (see {@code locked}); on
 * shared memory they are rejected. On a SPIR-V device with Int64Atomics the 64-bit integer atomics
 * on buffers stay as they are (the writer makes each one native atomic), unless a locked one
 * (a double add) shares the kernel.
 *
 * <p>chipStar twin: the CAS emulation of float atomics in chipStar's device library.
 */
public final class Atomics implements DevicePass {
    @Override
    public String name() {
        return "Atomics";
    }

    @Override
    public void run(DeviceModule m) {
        State s = new State(m);
        for (Function k : m.kernels()) {
            if (hasAtomics(k)) {
                s.kernel = k;
                s.lockAll = s.needsLock(k);
                k.setBody(s.new Body().block(k.body()));
            }
        }
    }

    private static boolean hasAtomics(Function k) {
        boolean[] found = {false};
        Rewriter.forEachStmt(k.body(), s -> found[0] |= s instanceof Stmt.Call c && Analysis.isAtomic(c.callee()));
        return found[0];
    }

    /** The op and type of an atomic external: "Add", "f32" for {@code __webcu_atomicAdd_f32}. */
    static String[] opAndType(Function f) {
        String n = f.name().substring("__webcu_atomic".length());
        int us = n.lastIndexOf('_');
        return new String[] {n.substring(0, us), n.substring(us + 1)};
    }

    /** The lanes of a subgroup that take turns at a lock: the widest subgroups (AMD's wave64). */
    static final int ROUNDS = 64;

    private static final class State {
        final DeviceModule m;
        final Map<String, Function> externals = new HashMap<>();
        Function kernel;
        /** Whether every 64-bit atomic of the kernel on a word binding takes the lock (see {@link #needsLock}). */
        boolean lockAll;
        /** A SPIR-V device with Int64Atomics: 64-bit integer atomics on buffers are left to the writer (one atomic each). */
        final boolean native64;

        State(DeviceModule m) {
            this.m = m;
            this.native64 = m.target().spirv() && m.target().spirvCapabilities().contains("Int64Atomics");
        }

        /** Whether the SPIR-V writer does this 64-bit atomic as one native atomic: an integer op on a buffer's words. */
        boolean nativeWide(String op, String t, Expr address) {
            return native64 && (t.equals("u64") || t.equals("i64")) && inWords(address)
                    && !(((Expr.PtrAdd) ((Expr.Convert) address).value()).base() instanceof Expr.Convert bytes
                    && bytes.value() instanceof Expr.GlobalAddr g && g.global().dynamicShared())
                    && java.util.Set.of("Add", "Sub", "And", "Or", "Xor", "Min", "Max", "Exch", "CAS").contains(op);
        }

        /** The external {@code name} of the device module, created once with this signature. */
        Function external(String name, Type ret, Type... params) {
            return externals.computeIfAbsent(name, n -> {
                Function f = m.module().function(n);
                if (f != null && f.isExternal()) {
                    return f;
                }
                List<Local> ps = new ArrayList<>();
                for (int i = 0; i < params.length; i++) {
                    ps.add(new Local(i, "p" + i, params[i], false));
                }
                Function e = new Function(n, ExecutionSpace.DEVICE, ret, ps, false, Span.NONE);
                m.module().add(e);
                return e;
            });
        }

        Function cas() {
            return external("__webcu_atomicCAS_u32", Type.U32, Type.ptr(Type.U32), Type.U32, Type.U32);
        }

        /**
         * Whether the kernel's 64-bit atomics on word bindings must all take the lock: when one of
         * them cannot be done per word (compare-and-swap, exchange, min, max, double add), or its
         * old value is read (the two words' old values come from two atomics, so they need not
         * be one value the location held: after {@code atomicAdd(&n, 1)} from many threads, the
         * high words returned would not match the low ones across a carry). A per-word atomic
         * running beside a locked read-modify-write of the same location would be lost, so one
         * locked atomic locks them all.
         */
        boolean needsLock(Function k) {
            java.util.Set<Local> read = new java.util.HashSet<>();
            Rewriter.forEachExpr(k.body(), (st, e) -> {
                if (e instanceof Expr.LocalGet g) {
                    read.add(g.local());
                }
            });
            boolean[] lock = {false};
            Rewriter.forEachStmt(k.body(), st -> {
                if (st instanceof Stmt.Call c && Analysis.isAtomic(c.callee()) && inWords(c.args().get(0))) {
                    String[] ot = opAndType(c.callee());
                    if (ot[1].endsWith("64") && !nativeWide(ot[0], ot[1], c.args().get(0))
                            && (!Analysis.onHalves(ot[0], ot[1]) || c.result() != null && read.contains(c.result()))) {
                        lock[0] = true;
                    }
                }
            });
            return lock[0];
        }

        /** Whether the canonical address is a word of a word binding (u32 storage). */
        boolean inWords(Expr address) {
            return address instanceof Expr.Convert c && c.value() instanceof Expr.PtrAdd pa
                    && pa.base() instanceof Expr.Convert bytes && Build.pointee(bytes.type()).equals(Type.U8);
        }

        final class Body extends Rewriter {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                if (!(s instanceof Stmt.Call c) || !Analysis.isAtomic(c.callee())) {
                    return super.stmt(s);
                }
                String[] ot = opAndType(c.callee());
                String op = ot[0];
                String t = ot[1];
                Expr address = c.args().get(0);
                boolean words = inWords(address);
                boolean wide = t.endsWith("64");
                if (wide) {
                    if (!words) {
                        if (op.equals("Add") && Analysis.onHalves(op, t)) {
                            return List.of(s);
                        }
                        m.reject(kernel, c.span(), DiagKey.ERR_NOT_SUPPORTED_WEBGPU, "64-bit atomics on shared memory ('atomic"
                                + op + "')");
                        return List.of(s);
                    }
                    if (nativeWide(op, t, address) && !lockAll) {
                        return List.of(s);
                    }
                    return Analysis.onHalves(op, t) && !lockAll ? List.of(s) : locked(c, op, t);
                }
                switch (op) {
                    case "Add", "Exch" -> {
                        if (t.equals("f32")) {
                            return floatLoop(c, op);
                        }
                    }
                    case "Inc", "Dec" -> {
                        return incDecLoop(c, op);
                    }
                    case "Min", "Max" -> {
                        if (t.equals("i32") && words) {
                            return signedMinMaxLoop(c, op);
                        }
                    }
                    default -> { }
                }
                return List.of(s);
            }
        }

        /** {@code old = atomicAdd(float *a, v)}: add to the bits' float until the swap succeeds. */
        private List<Stmt> floatLoop(Stmt.Call c, String op) {
            Span at = c.span();
            Function asFloat = external("__uint_as_float", Type.F32, Type.U32);
            Function asBits = external("__float_as_uint", Type.U32, Type.F32);
            Expr bitsAddress = new Expr.Convert(Type.ptr(Type.U32), c.args().get(0));
            Local v = kernel.newLocal("atomic.value", Type.F32, false);
            Local old = kernel.newLocal("atomic.old", Type.U32, false);
            Local assumed = kernel.newLocal("atomic.assumed", Type.U32, false);
            Local sum = kernel.newLocal("atomic.sum", Type.F32, false);
            Local bits = kernel.newLocal("atomic.bits", Type.U32, false);
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.Assign(v, c.args().get(1), at));
            out.add(new Stmt.Assign(old, new Expr.Load(bitsAddress), at));
            List<Stmt> body = new ArrayList<>();
            body.add(new Stmt.Assign(assumed, Build.get(old), at));
            if (op.equals("Add")) {
                body.add(Build.call(sum, asFloat, List.of(Build.get(assumed)), at));
                body.add(Build.call(bits, asBits, List.of(new Expr.Binary(BinaryOp.ADD, Build.get(sum), Build.get(v), Type.F32)),
                        at));
            } else {
                body.add(Build.call(bits, asBits, List.of(Build.get(v)), at));
            }
            body.add(Build.call(old, cas(), List.of(bitsAddress, Build.get(assumed), Build.get(bits)), at));
            out.add(loopUntilSwapped(body, old, assumed, at));
            if (c.result() != null) {
                out.add(Build.call(c.result(), asFloat, List.of(Build.get(old)), at));
            }
            return out;
        }

        /** atomicInc: {@code old >= v ? 0 : old + 1}; atomicDec: {@code old == 0 || old > v ? v : old - 1}. */
        private List<Stmt> incDecLoop(Stmt.Call c, String op) {
            Span at = c.span();
            Expr address = c.args().get(0);
            Local v = kernel.newLocal("atomic.limit", Type.U32, false);
            Local old = kernel.newLocal("atomic.old", Type.U32, false);
            Local assumed = kernel.newLocal("atomic.assumed", Type.U32, false);
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.Assign(v, c.args().get(1), at));
            out.add(new Stmt.Assign(old, new Expr.Load(address), at));
            List<Stmt> body = new ArrayList<>();
            body.add(new Stmt.Assign(assumed, Build.get(old), at));
            Expr a = Build.get(assumed);
            Expr next;
            if (op.equals("Inc")) {
                next = new Expr.Select(Build.bin(BinaryOp.GE, a, Build.get(v)), Build.u32(0), Build.bin(BinaryOp.ADD, a, Build.u32(1)));
            } else {
                Expr wrap = Build.bin(BinaryOp.LOR, Build.bin(BinaryOp.EQ, a, Build.u32(0)), Build.bin(BinaryOp.GT, a, Build.get(v)));
                next = new Expr.Select(wrap, Build.get(v), Build.bin(BinaryOp.SUB, a, Build.u32(1)));
            }
            body.add(Build.call(old, cas(), List.of(address, a, next), at));
            out.add(loopUntilSwapped(body, old, assumed, at));
            if (c.result() != null) {
                out.add(new Stmt.Assign(c.result(), Build.get(old), at));
            }
            return out;
        }

        /** Signed min/max on u32 words: compare as i32, swap the bits. */
        private List<Stmt> signedMinMaxLoop(Stmt.Call c, String op) {
            Span at = c.span();
            Expr address = new Expr.Convert(Type.ptr(Type.U32), c.args().get(0));
            Local v = kernel.newLocal("atomic.value", Type.I32, false);
            Local old = kernel.newLocal("atomic.old", Type.U32, false);
            Local assumed = kernel.newLocal("atomic.assumed", Type.U32, false);
            List<Stmt> out = new ArrayList<>();
            out.add(new Stmt.Assign(v, c.args().get(1), at));
            out.add(new Stmt.Assign(old, new Expr.Load(address), at));
            List<Stmt> body = new ArrayList<>();
            body.add(new Stmt.Assign(assumed, Build.get(old), at));
            Expr cur = new Expr.Convert(Type.I32, Build.get(assumed));
            Expr better = Build.bin(op.equals("Min") ? BinaryOp.LT : BinaryOp.GT, Build.get(v), cur);
            Expr next = new Expr.Select(better, new Expr.Convert(Type.U32, Build.get(v)), Build.get(assumed));
            body.add(Build.call(old, cas(), List.of(address, Build.get(assumed), next), at));
            out.add(loopUntilSwapped(body, old, assumed, at));
            if (c.result() != null) {
                out.add(new Stmt.Assign(c.result(), new Expr.Convert(Type.I32, Build.get(old)), at));
            }
            return out;
        }

        /**
         * A 64-bit atomic WGSL has no instruction for (compare-and-swap, exchange, min, max, add on
         * double): a read-modify-write of the two words under a spin lock of the debug buffer.
         *
         * <p>The critical section sits inside the branch that took the lock, and the lane leaves
         * the loop from there: {@code loop { if (atomicCAS(lock, 0, 1) == 0) { critical; unlock;
         * break; } }}, never "spin until acquired, then work after the loop"; and the lanes of a
         * subgroup come to the lock one at a time ({@link #oneLaneAtATime}), so that no lane
         * spins while a lane of its own subgroup holds the lock.
         *
         * <p>The lock is the one of the address's stripe ({@link DebugBuffer#LOCKS}), so that
         * atomics on different variables do not queue on one word.
         *
         * <p>A compare-and-swap that cannot succeed takes no lock: it reads the two words twice and,
         * when both reads agree and differ from the compared value, returns them. CUDA code retries
         * a failed compare-and-swap in a loop ({@code do { assumed = old; old = atomicCAS(...); }
         * while (old != assumed)}): with every thread of a grid in such a loop, all but one attempt
         * per round fail, and taking the lock for each of them made a 20,000-thread loop run for
         * minutes on an H100. The answer (swapped or not) is always exact; the value returned by a
         * failed one could mix the halves of two values only if another thread's locked store fell
         * between its two words during both reads.
         */
        private List<Stmt> locked(Stmt.Call c, String op, String t) {
            Span at = c.span();
            Type vt = c.callee().returnType();
            Expr address = c.args().get(0);
            Local old = kernel.newLocal("atomic.old", vt, false);
            Local got = kernel.newLocal("atomic.lock", Type.U32, false);
            List<Local> args = new ArrayList<>();
            List<Stmt> out = new ArrayList<>();
            for (int i = 1; i < c.args().size(); i++) {
                Local a = kernel.newLocal("atomic.arg", c.args().get(i).type(), false);
                out.add(new Stmt.Assign(a, c.args().get(i), at));
                args.add(a);
            }
            Expr o = Build.get(old);
            Expr v = Build.get(args.get(args.size() - 1));
            Expr next = switch (op) {
                case "CAS" -> new Expr.Select(Build.bin(BinaryOp.EQ, o, Build.get(args.get(0))), v, o);
                case "Exch" -> v;
                case "Min" -> new Expr.Select(Build.bin(BinaryOp.LT, v, o), v, o);
                case "Max" -> new Expr.Select(Build.bin(BinaryOp.GT, v, o), v, o);
                case "Add" -> Build.bin(BinaryOp.ADD, o, v);
                case "Sub" -> Build.bin(BinaryOp.SUB, o, v);
                case "And" -> Build.bin(BinaryOp.AND, o, v);
                case "Or" -> Build.bin(BinaryOp.OR, o, v);
                case "Xor" -> Build.bin(BinaryOp.XOR, o, v);
                default -> null;
            };
            if (next == null) {
                m.reject(kernel, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, "64-bit atomic" + op);
                return List.of(c);
            }
            Local stripe = kernel.newLocal("atomic.stripe", Type.U32, false);
            out.add(new Stmt.Assign(stripe, stripe(address), at));
            Expr lock = new Expr.ElementAddr(new Expr.GlobalAddr(DebugBuffer.global(m.module())), Build.get(stripe));
            List<Stmt> critical = new ArrayList<>();
            critical.add(new Stmt.Assign(old, new Expr.Load(address), at));
            critical.add(new Stmt.Store(address, next, at));
            critical.add(Build.call(null, external("__webcu_atomicExch_u32", Type.U32, Type.ptr(Type.U32), Type.U32),
                    List.of(lock, Build.u32(0)), at));
            critical.add(new Stmt.Break(at));
            List<Stmt> body = new ArrayList<>();
            body.add(Build.call(got, cas(), List.of(lock, Build.u32(0), Build.u32(1)), at));
            body.add(new Stmt.If(Build.bin(BinaryOp.EQ, Build.get(got), Build.u32(0)), Build.block(critical, at),
                    Stmt.Block.empty(at), at));
            List<Stmt> spin = oneLaneAtATime(new Stmt.Loop(Build.block(body, at), Stmt.Block.empty(at), null, at), at);
            if (op.equals("CAS")) {
                Local seen = kernel.newLocal("atomic.seen", vt, false);
                Local again = kernel.newLocal("atomic.again", vt, false);
                out.add(new Stmt.Assign(seen, new Expr.Load(address), at));
                out.add(new Stmt.Assign(again, new Expr.Load(address), at));
                Expr fails = Build.bin(BinaryOp.LAND, Build.bin(BinaryOp.EQ, Build.get(seen), Build.get(again)),
                        Build.bin(BinaryOp.NE, Build.get(seen), Build.get(args.get(0))));
                out.add(new Stmt.If(fails, Build.block(List.of(new Stmt.Assign(old, Build.get(seen), at)), at),
                        Build.block(spin, at), at));
            } else {
                out.addAll(spin);
            }
            if (c.result() != null) {
                out.add(new Stmt.Assign(c.result(), o, at));
            }
            return out;
        }

        /**
         * {@code spin} run by one lane of a subgroup at a time: {@code for (round = 0; round <
         * ROUNDS; round++) if (round == tid % ROUNDS) spin;}. The other lanes wait where the
         * {@code if} ends, holding no lock, and the subgroup goes on together to the next round.
         *
         * <p>Why: NVIDIA's Vulkan driver runs a subgroup's diverged lanes one path at a time and
         * gives no lane a turn while another path loops. With the whole subgroup at the lock, the
         * lanes that lost looped back to it while the lane that won, parked on the other path,
         * never released it: one warp's {@code atomicMax} on a {@code long long} hung an H100
         * (and an H200) even with the critical section inside the branch that took the lock. Lanes
         * of one subgroup have consecutive thread indices on every adapter we know of, so no two
         * of them share a round unless a subgroup is wider than {@link #ROUNDS}.
         */
        private List<Stmt> oneLaneAtATime(Stmt spin, Span at) {
            Local round = kernel.newLocal("atomic.round", Type.U32, false);
            Local lane = kernel.newLocal("atomic.lane", Type.U32, false);
            List<Stmt> body = List.of(
                    new Stmt.If(Build.bin(BinaryOp.EQ, Build.get(round), Build.get(lane)), Build.block(List.of(spin), at),
                            Stmt.Block.empty(at), at),
                    new Stmt.Assign(round, Build.add(Build.get(round), Build.u32(1)), at));
            return List.of(
                    new Stmt.Assign(lane, Build.bin(BinaryOp.AND, Build.linearTid(), Build.u32(ROUNDS - 1)), at),
                    new Stmt.Assign(round, Build.u32(0), at),
                    new Stmt.Loop(Build.block(body, at), Stmt.Block.empty(at),
                            Build.bin(BinaryOp.EQ, Build.get(round), Build.u32(ROUNDS)), at));
        }

        /**
         * The debug-buffer word of the lock for a canonical word address: its 8-byte slot within
         * the binding, mixed with the binding, modulo the stripes.
         */
        private Expr stripe(Expr address) {
            Expr.PtrAdd pa = (Expr.PtrAdd) ((Expr.Convert) address).value();
            Expr binding = ((Expr.Convert) pa.base()).value();
            int salt = (binding.toString().hashCode() * 0x9E3779B1) >>> 24;
            Expr offset = pa.index().type().equals(Type.U32) ? pa.index() : new Expr.Convert(Type.U32, pa.index());
            Expr slot = Build.bin(BinaryOp.SHR, offset, Build.u32(3));
            Expr mixed = Build.bin(BinaryOp.AND, Build.add(slot, Build.u32(salt)), Build.u32(DebugBuffer.LOCK_COUNT - 1));
            return Build.add(mixed, Build.u32(DebugBuffer.LOCKS));
        }

        /** {@code loop { body; if (old == assumed) break; }}: the swap took when the CAS saw what we assumed. */
        private Stmt loopUntilSwapped(List<Stmt> body, Local old, Local assumed, Span at) {
            List<Stmt> b = new ArrayList<>(body);
            b.add(new Stmt.If(Build.bin(BinaryOp.EQ, Build.get(old), Build.get(assumed)),
                    new Stmt.Block(List.of(new Stmt.Break(at)), at), Stmt.Block.empty(at), at));
            return new Stmt.Loop(new Stmt.Block(b, at), Stmt.Block.empty(at), null, at);
        }
    }
}
