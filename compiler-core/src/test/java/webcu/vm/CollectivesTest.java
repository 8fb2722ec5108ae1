package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static webcu.vm.HostMain.value;
import static webcu.vm.Ir.*;

import org.junit.jupiter.api.Test;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;

/** Warp shuffles, votes and block predicates: threads meet at the collective as on the GPU. */
class CollectivesTest {
    private static final Type IP = ptr(Type.I32);

    private static Expr lane() {
        return cvt(Type.I32, bin(BinaryOp.REM, builtin(Builtin.THREAD_IDX, 0), u32(32)));
    }

    private static Expr warp() {
        return cvt(Type.I32, bin(BinaryOp.DIV, builtin(Builtin.THREAD_IDX, 0), u32(32)));
    }

    /** Runs kernel {@code k(int *out)} on {@code threads} threads and prints out[0..count). */
    private static String run(Module m, Function k, int threads, int count) {
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 4L * Math.max(count, threads));
        h.add(launch(k, dim(1), dim(threads), value(d)));
        Local host = h.hostArray("h", Type.I32, count);
        h.copy(addr(host), value(d), 4L * count, 2);
        StringBuilder fmt = new StringBuilder();
        Expr[] args = new Expr[count];
        for (int i = 0; i < count; i++) {
            fmt.append(i == 0 ? "%d" : " %d");
            args[i] = load(HostMain.elem(host, i32(i)));
        }
        h.add(print(m, fmt + "\n", args));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("", r.err());
        return r.out();
    }

    @Test
    void shuffleDown_reducesEachWarp() {
        Module m = new Module();
        Function shfl = ext(m, "__webcu_shfl_down_i32", Type.I32, false, Type.U32, Type.I32, Type.U32, Type.I32);
        Function k = fn(m, "reduce", ExecutionSpace.KERNEL, Type.VOID, "out", IP);
        Local v = k.newLocal("v", Type.I32, false);
        Local o = k.newLocal("o", Type.U32, false);
        Local got = k.newLocal("got", Type.I32, false);
        k.setBody(block(
                assign(v, cvt(Type.I32, builtin(Builtin.THREAD_IDX, 0))),
                forLoop(assign(o, u32(16)), bin(BinaryOp.GT, get(o), u32(0)), assign(o, bin(BinaryOp.SHR, get(o), u32(1))),
                        call(got, shfl, u32(0xFFFFFFFFL), get(v), get(o), i32(32)),
                        assign(v, add(get(v), get(got)))),
                iff(bin(BinaryOp.EQ, lane(), i32(0)), store(at(get(k.params().get(0)), warp()), get(v)))));
        // Warp 0 sums 0..31, warp 1 sums 32..63.
        assertEquals("496 1520\n", run(m, k, 64, 2));
    }

    @Test
    void shuffleXorAndFloatShuffle() {
        Module m = new Module();
        Function xor = ext(m, "__webcu_shfl_xor_i32", Type.I32, false, Type.U32, Type.I32, Type.I32, Type.I32);
        Function idx = ext(m, "__webcu_shfl_f32", Type.F32, false, Type.U32, Type.F32, Type.I32, Type.I32);
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID, "out", IP);
        Local x = k.newLocal("x", Type.I32, false);
        Local f = k.newLocal("f", Type.F32, false);
        k.setBody(block(
                call(x, xor, u32(0xFFFFFFFFL), lane(), i32(1), i32(32)),
                call(f, idx, u32(0xFFFFFFFFL), mul(cvt(Type.F32, lane()), f32(1.5)), i32(5), i32(8)),
                store(at(get(k.params().get(0)), lane()), add(mul(get(x), i32(100)), cvt(Type.I32, get(f))))));
        // Lane i gets lane i^1; the float comes from lane 5 of its group of 8 (lanes 5, 13: 7.5 and 19.5).
        assertEquals("107 7 307 207 507 407 707 607 919 819\n", run(m, k, 32, 10));
    }

    @Test
    void ballotAnyAll_andActiveMask() {
        Module m = new Module();
        Function ballot = ext(m, "__ballot_sync", Type.U32, false, Type.U32, Type.I32);
        Function any = ext(m, "__any_sync", Type.I32, false, Type.U32, Type.I32);
        Function all = ext(m, "__all_sync", Type.I32, false, Type.U32, Type.I32);
        Function active = ext(m, "__activemask", Type.U32, false);
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID, "out", IP);
        Local b = k.newLocal("b", Type.U32, false);
        Local a = k.newLocal("a", Type.I32, false);
        Local l = k.newLocal("l", Type.I32, false);
        Local am = k.newLocal("am", Type.U32, false);
        Expr p = get(k.params().get(0));
        k.setBody(block(
                call(b, ballot, u32(0xFFFFFFFFL), cvt(Type.I32, bin(BinaryOp.EQ, bin(BinaryOp.REM, lane(), i32(3)), i32(0)))),
                call(a, any, u32(0xFFFFFFFFL), cvt(Type.I32, bin(BinaryOp.EQ, lane(), i32(7)))),
                call(l, all, u32(0xFFFFFFFFL), cvt(Type.I32, lt(lane(), i32(31)))),
                iff(lt(lane(), i32(20)), call(am, active)),
                iff(bin(BinaryOp.EQ, lane(), i32(0)),
                        store(p, cvt(Type.I32, get(b))),
                        store(at(p, i32(1)), get(a)),
                        store(at(p, i32(2)), get(l)),
                        store(at(p, i32(3)), cvt(Type.I32, get(am))))));
        assertEquals(0x49249249 + " 1 0 " + 0xFFFFF + "\n", run(m, k, 32, 4));
    }

    @Test
    void syncthreadsCount_countsTheWholeBlockAndSharedDataIsVisibleAfterIt() {
        Module m = new Module();
        Global s = m.add(new Global("s", new Type.Array(Type.I32, 128), AddressSpace.SHARED, null, false, false, S));
        Function count = ext(m, "__syncthreads_count", Type.I32, false, Type.I32);
        Function or = ext(m, "__syncthreads_or", Type.I32, false, Type.I32);
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID, "out", IP);
        Local t = k.newLocal("t", Type.I32, false);
        Local c = k.newLocal("c", Type.I32, false);
        Local o = k.newLocal("o", Type.I32, false);
        Expr shared = new Expr.GlobalAddr(s);
        k.setBody(block(
                assign(t, cvt(Type.I32, builtin(Builtin.THREAD_IDX, 0))),
                store(new Expr.ElementAddr(shared, get(t)), mul(get(t), i32(2))),
                call(c, count, cvt(Type.I32, lt(get(t), i32(10)))),
                call(o, or, cvt(Type.I32, bin(BinaryOp.EQ, get(t), i32(99)))),
                iff(bin(BinaryOp.EQ, get(t), i32(0)),
                        store(get(k.params().get(0)), get(c)),
                        store(at(get(k.params().get(0)), i32(1)), get(o)),
                        store(at(get(k.params().get(0)), i32(2)), load(new Expr.ElementAddr(shared, i32(127)))))));
        assertEquals("10 1 254\n", run(m, k, 128, 3));
    }
}
