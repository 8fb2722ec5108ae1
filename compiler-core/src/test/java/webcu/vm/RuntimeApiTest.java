package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static webcu.vm.HostMain.value;
import static webcu.vm.Ir.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.ir.AddressSpace;
import webcu.ir.Builtin;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;

/** The CUDA API beyond malloc and memcpy, end to end on the CPU device: symbols, managed memory, properties. */
class RuntimeApiTest {
    private static final Type IP = ptr(Type.I32);

    @Test
    void deviceVariables_areSharedByKernelsAndTheSymbolApi() {
        Module m = new Module();
        Global counter = m.add(new Global("counter", Type.I32, AddressSpace.DEVICE, new byte[] {5, 0, 0, 0}, false,
                false, S));
        Global scale = m.add(new Global("scale", Type.I32, AddressSpace.CONSTANT, null, true, false, S));
        Function atomicAdd = ext(m, "__webcu_atomicAdd_i32", Type.I32, false, IP, Type.I32);
        Function k = fn(m, "bump", ExecutionSpace.KERNEL, Type.VOID);
        k.setBody(block(call(null, atomicAdd, new Expr.GlobalAddr(counter), load(new Expr.GlobalAddr(scale)))));
        Function to = ext(m, "__webcu_memcpyToSymbol", Type.I32, false, VOIDP, VOIDP, Type.U64, Type.U64, Type.I32);
        Function from = ext(m, "__webcu_memcpyFromSymbol", Type.I32, false, VOIDP, VOIDP, Type.U64, Type.U64, Type.I32);
        Function size = ext(m, "__webcu_getSymbolSize", Type.I32, false, ptr(Type.U64), VOIDP);
        HostMain h = new HostMain(m);
        Local v = h.hostArray("v", Type.I32, 1);
        Local sz = h.hostArray("sz", Type.U64, 1);
        h.add(store(HostMain.elem(v, i32(0)), i32(3)));
        h.add(call(null, to, cvt(VOIDP, new Expr.GlobalAddr(scale)), cvt(VOIDP, addr(v)), u64(4), u64(0), i32(1)));
        h.add(launch(k, dim(2), dim(10)));
        Local rc = h.result(from, cvt(VOIDP, addr(v)), cvt(VOIDP, new Expr.GlobalAddr(counter)), u64(4), u64(0), i32(2));
        h.add(call(null, size, HostMain.elem(sz, i32(0)), cvt(VOIDP, new Expr.GlobalAddr(counter))));
        h.add(print(m, "rc=%d counter=%d size=%lu\n", get(rc), load(HostMain.elem(v, i32(0))),
                load(HostMain.elem(sz, i32(0)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("rc=0 counter=65 size=4\n", r.out());
    }

    @Test
    void managedMemory_isSeenByHostAndDeviceWithoutCopies() {
        Module m = new Module();
        Function k = fn(m, "square", ExecutionSpace.KERNEL, Type.VOID, "p", IP);
        Expr i = cvt(Type.I32, builtin(Builtin.THREAD_IDX, 0));
        Expr cell = at(get(k.params().get(0)), i);
        k.setBody(block(store(cell, mul(load(cell), load(cell)))));
        Function managed = ext(m, "cudaMallocManaged", Type.I32, false, ptr(VOIDP), Type.U64, Type.U32);
        HostMain h = new HostMain(m);
        Local p = h.main.newLocal("p", IP, true);
        Local j = h.local("j", Type.I32);
        h.add(call(null, managed, cvt(ptr(VOIDP), addr(p)), u64(16), u32(1)));
        h.add(forLoop(assign(j, i32(0)), lt(get(j), i32(4)), assign(j, add(get(j), i32(1))),
                store(at(value(p), get(j)), add(get(j), i32(2)))));
        h.add(launch(k, dim(1), dim(4), value(p)));
        h.add(call(null, h.sync()));
        h.add(print(m, "%d %d %d %d\n", load(at(value(p), i32(0))), load(at(value(p), i32(1))),
                load(at(value(p), i32(2))), load(at(value(p), i32(3)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("4 9 16 25\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void deviceProperties_areWrittenByFieldName() {
        Type.Struct prop = new Type.Struct("cudaDeviceProp");
        prop.complete(List.of(
                new Type.Field("name", new Type.Array(Type.I8, 32), 0),
                new Type.Field("warpSize", Type.I32, 32),
                new Type.Field("maxThreadsDim", new Type.Array(Type.I32, 3), 36),
                new Type.Field("totalGlobalMem", Type.U64, 48)), 56, 8);
        Module m = new Module();
        Function get = ext(m, "cudaGetDeviceProperties", Type.I32, false, ptr(prop), Type.I32);
        HostMain h = new HostMain(m);
        Local pr = h.main.newLocal("prop", prop, true);
        Local rc = h.result(get, addr(pr), i32(0));
        Local bad = h.result(get, addr(pr), i32(1000));
        h.add(print(m, "%d %d %s warp=%d dims=%d,%d,%d big=%d\n", get(rc), get(bad),
                new Expr.ElementAddr(field(addr(pr), 0), i32(0)), load(field(addr(pr), 1)),
                load(new Expr.ElementAddr(field(addr(pr), 2), i32(0))), load(new Expr.ElementAddr(field(addr(pr), 2), i32(1))),
                load(new Expr.ElementAddr(field(addr(pr), 2), i32(2))),
                cvt(Type.I32, bin(webcu.ir.BinaryOp.GT, load(field(addr(pr), 3)), u64(0)))));
        Runs.Result r = Runs.run(h.finish(i32(0)));
        assertEquals("0 101 webcu CPU emulator warp=32 dims=1024,1024,64 big=1\n", r.out());
    }

    @Test
    void overloadSuffixes_bindToTheCFunction() {
        Module m = new Module();
        Function abs = ext(m, "abs.3", Type.I32, false, Type.I32);
        Function k = fn(m, "k", ExecutionSpace.KERNEL, Type.VOID, "p", IP);
        Local a = k.newLocal("a", Type.I32, false);
        k.setBody(block(call(a, abs, i32(-42)), store(get(k.params().get(0)), get(a))));
        HostMain h = new HostMain(m);
        Local d = h.deviceArray("d", Type.I32, 4);
        h.add(launch(k, dim(1), dim(1), value(d)));
        Local host = h.hostArray("h", Type.I32, 1);
        h.copy(addr(host), value(d), 4, 2);
        Local b = h.result(abs, i32(-7));
        h.add(print(m, "%d %d\n", load(HostMain.elem(host, i32(0))), get(b)));
        assertEquals("42 7\n", Runs.run(h.finish(i32(0))).out());
    }
}
