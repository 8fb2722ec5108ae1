package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.passes.TestIr.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Stmt;
import webcu.ir.Type;

class MemoryModelTest {
    private final MemoryModel pass = new MemoryModel();

    @Test
    void VectorAdd_I32() {
        Module m = vectorAdd("addInts", Type.I32);
        Diagnostics d = PassTesting.check(pass, m, """
                kernel @addInts(%a.0: ptr<i32>, %b.1: ptr<i32>, %c.2: ptr<i32>, %n.3: i32) -> void {
                  local %i.4: i32
                  %i.4 = convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  if (%i.4 < %n.3) {
                    store ptradd(%c.2, %i.4), (load(ptradd(%a.0, %i.4)) + load(ptradd(%b.1, %i.4)))
                  }
                }
                """, """
                kernel @addInts(%a.0: ptr<i32>, %b.1: ptr<i32>, %c.2: ptr<i32>, %n.3: i32) -> void {
                  local %i.4: i32
                  local %a.offset.5: u32
                  local %b.offset.6: u32
                  local %c.offset.7: u32
                  %i.4 = convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  if (%i.4 < %n.3) {
                    store ptradd(%c.2, (%c.offset.7 + convert<u32>(%i.4))), (load(ptradd(%a.0, (%a.offset.5 + convert<u32>(%i.4)))) + load(ptradd(%b.1, (%b.offset.6 + convert<u32>(%i.4)))))
                  }
                }
                """);
        assertTrue(d.all().isEmpty());
    }

    @Test
    void VectorAdd_Interface() {
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(vectorAdd("vecAdd", Type.F32), d, pass);
        KernelInterface in = dm.interfaceOf(dm.kernels().get(0));
        List<KernelInterface.Buffer> bs = in.buffers();
        assertEquals(3, bs.size());
        assertEquals(Type.F32, bs.get(0).element());
        assertEquals(List.of(true, true, false), bs.stream().map(b -> b.read()).toList());
        assertEquals(List.of(false, false, true), bs.stream().map(b -> b.written()).toList());
        assertEquals("a.offset", bs.get(0).offset().name());
        assertEquals(List.of(3), in.values().stream().map(v -> v.index()).toList());
    }

    /** {@code float *row = m + r * n; for (...) row[j] = 0;} and {@code p += 1} on a parameter. */
    @Test
    void PointerLocal_F32() {
        line = 3;
        Local mp = param(0, "m", Type.ptr(Type.F32));
        Local n = param(1, "n", Type.I32);
        Function k = kernel("zeroRow", mp, n);
        Local row = k.newLocal("row", Type.ptr(Type.F32), false);
        Local j = k.newLocal("j", Type.I32, false);
        k.setBody(block(
                assign(row, ptradd(get(mp), mul(globalIndex(0), get(n)))),
                assign(j, i32(0)),
                loop(block(
                        ifThen(bin(webcu.ir.BinaryOp.GE, get(j), get(n)), brk()),
                        store(get(row), f32(0)),
                        assign(row, ptradd(get(row), i32(1)))),
                        block(assign(j, add(get(j), i32(1)))), null),
                assign(mp, ptradd(get(mp), i32(1))),
                store(get(mp), f32(1))));
        PassTesting.check(pass, module(k), """
                kernel @zeroRow(%m.0: ptr<f32>, %n.1: i32) -> void {
                  local %row.2: ptr<f32>
                  local %j.3: i32
                  %row.2 = ptradd(%m.0, (convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x)) * %n.1))
                  %j.3 = 0:i32
                  loop {
                    if (%j.3 >= %n.1) {
                      break
                    }
                    store %row.2, 0.0:f32
                    %row.2 = ptradd(%row.2, 1:i32)
                  } continuing {
                    %j.3 = (%j.3 + 1:i32)
                  }
                  %m.0 = ptradd(%m.0, 1:i32)
                  store %m.0, 1.0:f32
                }
                """, """
                kernel @zeroRow(%m.0: ptr<f32>, %n.1: i32) -> void {
                  local %row.2: ptr<f32>
                  local %j.3: i32
                  local %m.offset.4: u32
                  local %m.5: u32
                  local %row.6: u32
                  %m.5 = %m.offset.4
                  %row.6 = (%m.5 + convert<u32>((convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x)) * %n.1)))
                  %j.3 = 0:i32
                  loop {
                    if (%j.3 >= %n.1) {
                      break
                    }
                    store ptradd(%m.0, %row.6), 0.0:f32
                    %row.6 = (%row.6 + convert<u32>(1:i32))
                  } continuing {
                    %j.3 = (%j.3 + 1:i32)
                  }
                  %m.5 = (%m.5 + convert<u32>(1:i32))
                  store ptradd(%m.0, %m.5), 1.0:f32
                }
                """);
    }

    /** {@code c[(size_t)i] = a[i * 2ull]}: 64-bit index arithmetic narrowed to u32. */
    @Test
    void Index_I64() {
        line = 2;
        Local a = param(0, "a", Type.ptr(Type.I32));
        Local c = param(1, "c", Type.ptr(Type.I32));
        Function k = kernel("gather", a, c);
        Local i = k.newLocal("i", Type.I32, false);
        k.setBody(block(
                assign(i, globalIndex(0)),
                storeAt(c, cvt(Type.I64, get(i)), at(a, mul(cvt(Type.U64, get(i)), new webcu.ir.Expr.IntConst(Type.U64, 2))))));
        PassTesting.check(pass, module(k), """
                kernel @gather(%a.0: ptr<i32>, %c.1: ptr<i32>) -> void {
                  local %i.2: i32
                  %i.2 = convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  store ptradd(%c.1, convert<i64>(%i.2)), load(ptradd(%a.0, (convert<u64>(%i.2) * 2:u64)))
                }
                """, """
                kernel @gather(%a.0: ptr<i32>, %c.1: ptr<i32>) -> void {
                  local %i.2: i32
                  local %a.offset.3: u32
                  local %c.offset.4: u32
                  %i.2 = convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  store ptradd(%c.1, (%c.offset.4 + convert<u32>(%i.2))), load(ptradd(%a.0, (%a.offset.3 + (convert<u32>(%i.2) * 2:u32))))
                }
                """);
    }

    @Test
    void PointerSelect_TwoArguments_Rejected() {
        line = 4;
        Local a = param(0, "a", Type.ptr(Type.I32));
        Local b = param(1, "b", Type.ptr(Type.I32));
        Function k = kernel("pick", a, b);
        Local p = k.newLocal("p", Type.ptr(Type.I32), false);
        line = 6;
        Stmt choose = assign(p, select(lt(tid(0), u32(4)), get(a), get(b)));
        k.setBody(block(choose, store(get(p), i32(1))));
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(module(k), d, pass);
        assertEquals("t.cu:6:3: error: not supported on WebGPU yet: a pointer that may point into different arguments\n",
                PassTesting.errors(d));
        assertTrue(dm.kernels().isEmpty(), "the rejected kernel leaves the module");
        assertEquals(List.of("pick"), List.copyOf(dm.rejected().keySet()));
    }

    @Test
    void PointerParam_F64_Rejected() {
        line = 9;
        Function k = kernel("scale", param(0, "x", Type.ptr(Type.F64)));
        k.setBody(block(store(get(k.params().get(0)), f64(2))));
        Diagnostics d = new Diagnostics();
        PassTesting.run(module(k), d, pass);
        assertEquals("t.cu:9:1: error: not supported on WebGPU yet: pointer parameters to 'double' ('x')\n",
                PassTesting.errors(d));
    }

    @Test
    void LoadedPointer_Rejected() {
        line = 3;
        Local pp = param(0, "pp", Type.ptr(Type.ptr(Type.I32)));
        Function k = kernel("indirect", pp);
        k.setBody(block(store(load(get(pp)), i32(1))));
        Diagnostics d = new Diagnostics();
        PassTesting.run(module(k), d, pass);
        assertEquals("t.cu:3:1: error: not supported on WebGPU yet: pointer parameters to 'int *' ('pp')\n",
                PassTesting.errors(d));
    }

    /** A kernel without pointers keeps its body; its scalars become uniform values. */
    @Test
    void NoPointers_Untouched() {
        line = 1;
        Local n = param(0, "n", Type.I32);
        Function k = kernel("noop", n);
        Local x = k.newLocal("x", Type.I32, false);
        k.setBody(block(assign(x, add(get(n), i32(1)))));
        String ir = """
                kernel @noop(%n.0: i32) -> void {
                  local %x.1: i32
                  %x.1 = (%n.0 + 1:i32)
                }
                """;
        PassTesting.check(pass, module(k), ir, ir);
    }

    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(pass, new Module(), "", "");
        assertTrue(d.all().isEmpty());
        assertNull(DeviceModule.of(new Module(), d).interfaceOf(kernel("none")));
    }
}
