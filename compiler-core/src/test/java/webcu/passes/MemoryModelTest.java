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
        List<KernelInterface.Binding> bs = in.bindings();
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
                  local %row.5: u32
                  local %m.6: u32
                  %m.6 = %m.offset.4
                  %row.5 = (%m.6 + convert<u32>((convert<i32>(((blockIdx.x * blockDim.x) + threadIdx.x)) * %n.1)))
                  %j.3 = 0:i32
                  loop {
                    if (%j.3 >= %n.1) {
                      break
                    }
                    store ptradd(%m.0, %row.5), 0.0:f32
                    %row.5 = (%row.5 + 1:u32)
                  } continuing {
                    %j.3 = (%j.3 + 1:i32)
                  }
                  %m.6 = (%m.6 + 1:u32)
                  store ptradd(%m.0, %m.6), 1.0:f32
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

    /** {@code double *x}: doubles are 8-byte elements of a typed binding, moved as {@code vec2<u32>}. */
    @Test
    void PointerParam_F64_Typed() {
        line = 9;
        Function k = kernel("scale", param(0, "x", Type.ptr(Type.F64)));
        k.setBody(block(store(get(k.params().get(0)), f64(2))));
        Diagnostics d = new Diagnostics();
        DeviceModule dm = PassTesting.run(module(k), d, pass);
        assertEquals("", PassTesting.errors(d));
        KernelInterface.Binding b = dm.interfaceOf(dm.kernels().get(0)).bindings().get(0);
        assertEquals(Type.F64, b.element());
        assertEquals(KernelInterface.View.TYPED, b.view());
        assertEquals(8, b.unitSize());
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

    /** {@code pts[i].y} and a whole-struct copy: the binding is an array of the struct, indexed in structs. */
    @Test
    void StructElement_Typed() {
        DeviceModule dm = PassTesting.fromCuda("""
            struct P { int x; int y; };
            __global__ void sumXY(const P *pts, int *out)
            {
                int i = threadIdx.x;
                P p = pts[i];
                out[i] = p.x + pts[i].y;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @sumXY(%pts.0: ptr<%P>, %out.1: ptr<i32>) -> void {
                  local %i.2: i32
                  memory %p.3: %P
                  %i.2 = convert<i32>(threadIdx.x)
                  store &%p.3, load(ptradd(%pts.0, %i.2))
                  store ptradd(%out.1, %i.2), (load(field(&%p.3, .x)) + load(field(ptradd(%pts.0, %i.2), .y)))
                }
                """, """
                kernel @sumXY(%pts.0: ptr<%P>, %out.1: ptr<i32>) -> void {
                  local %i.2: i32
                  memory %p.3: %P
                  local %pts.offset.4: u32
                  local %out.offset.5: u32
                  %i.2 = convert<i32>(threadIdx.x)
                  store &%p.3, load(ptradd(%pts.0, (%pts.offset.4 + convert<u32>(%i.2))))
                  store ptradd(%out.1, (%out.offset.5 + convert<u32>(%i.2))), (load(field(&%p.3, .x)) + load(field(ptradd(%pts.0, (%pts.offset.4 + convert<u32>(%i.2))), .y)))
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** {@code char} data and a float buffer walked by a {@code char} pointer: word bindings addressed by byte. */
    @Test
    void Chars_Words() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void shout(const char *in, char *out, float *rows, int pitch)
            {
                int i = threadIdx.x;
                out[i] = in[i] - 32;
                float *row = (float *)((char *)rows + i * pitch);
                row[0] = 1.0f;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @shout(%in.0: ptr<i8>, %out.1: ptr<i8>, %rows.2: ptr<f32>, %pitch.3: i32) -> void {
                  local %i.4: i32
                  local %row.5: ptr<f32>
                  %i.4 = convert<i32>(threadIdx.x)
                  store ptradd(%out.1, %i.4), convert<i8>((convert<i32>(load(ptradd(%in.0, %i.4))) - 32:i32))
                  %row.5 = convert<ptr<f32>>(ptradd(convert<ptr<i8>>(%rows.2), (%i.4 * %pitch.3)))
                  store ptradd(%row.5, 0:i32), 1.0:f32
                }
                """, """
                kernel @shout(%in.0: ptr<i8>, %out.1: ptr<i8>, %rows.2: ptr<f32>, %pitch.3: i32) -> void {
                  local %i.4: i32
                  local %row.5: ptr<f32>
                  local %in.offset.6: u32
                  local %out.offset.7: u32
                  local %rows.offset.8: u32
                  local %row.9: u32
                  %i.4 = convert<i32>(threadIdx.x)
                  store convert<ptr<i8>>(ptradd(convert<ptr<u8>>(%out.1), (%out.offset.7 + convert<u32>(%i.4)))), convert<i8>((convert<i32>(load(convert<ptr<i8>>(ptradd(convert<ptr<u8>>(%in.0), (%in.offset.6 + convert<u32>(%i.4)))))) - 32:i32))
                  %row.9 = (%rows.offset.8 + convert<u32>((%i.4 * %pitch.3)))
                  store convert<ptr<f32>>(ptradd(convert<ptr<u8>>(%rows.2), %row.9)), 1.0:f32
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A struct parameter: its scalars come from the uniform buffer, its pointer becomes a binding of its own. */
    @Test
    void StructParam_Leaves() {
        DeviceModule dm = PassTesting.fromCuda("""
            struct View { float *data; int n; float scale; };
            __global__ void scale(View v)
            {
                int i = threadIdx.x;
                if (i < v.n) v.data[i] *= v.scale;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new StructArguments());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @scale(%v.0: %View) -> void {
                  memory %v.addr.1: %View
                  local %i.2: i32
                  local %v.data.3: ptr<f32>
                  local %v.n.4: i32
                  local %v.scale.5: f32
                  local %v.addr.data.6: ptr<f32>
                  %v.addr.data.6 = %v.data.3
                  store field(&%v.addr.1, .n), %v.n.4
                  store field(&%v.addr.1, .scale), %v.scale.5
                  %i.2 = convert<i32>(threadIdx.x)
                  if (%i.2 < load(field(&%v.addr.1, .n))) {
                    store ptradd(%v.addr.data.6, %i.2), (load(ptradd(%v.addr.data.6, %i.2)) * load(field(&%v.addr.1, .scale)))
                  }
                }
                """, """
                kernel @scale(%v.0: %View) -> void {
                  memory %v.addr.1: %View
                  local %i.2: i32
                  local %v.data.3: ptr<f32>
                  local %v.n.4: i32
                  local %v.scale.5: f32
                  local %v.addr.data.6: ptr<f32>
                  local %v.data.offset.7: u32
                  local %v.addr.data.8: u32
                  %v.addr.data.8 = %v.data.offset.7
                  store field(&%v.addr.1, .n), %v.n.4
                  store field(&%v.addr.1, .scale), %v.scale.5
                  %i.2 = convert<i32>(threadIdx.x)
                  if (%i.2 < load(field(&%v.addr.1, .n))) {
                    store ptradd(%v.data.3, (%v.addr.data.8 + convert<u32>(%i.2))), (load(ptradd(%v.data.3, (%v.addr.data.8 + convert<u32>(%i.2)))) * load(field(&%v.addr.1, .scale)))
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }


    /** {@code __constant__} and {@code __device__} variables: bindings without a hidden offset. */
    @Test
    void DeviceVariables_Bindings() {
        DeviceModule dm = PassTesting.fromCuda("""
            __constant__ float coeffs[4];
            __device__ int counter;
            __global__ void apply(float *x)
            {
                int i = threadIdx.x;
                x[i] *= coeffs[i % 4];
                if (i == 0) counter = counter + 1;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @apply(%x.0: ptr<f32>) -> void {
                  local %i.1: i32
                  %i.1 = convert<i32>(threadIdx.x)
                  store ptradd(%x.0, %i.1), (load(ptradd(%x.0, %i.1)) * load(ptradd(elem(&@coeffs, 0:i64), (%i.1 % 4:i32))))
                  if (%i.1 == 0:i32) {
                    store &@counter, (load(&@counter) + 1:i32)
                  }
                }
                """, """
                kernel @apply(%x.0: ptr<f32>) -> void {
                  local %i.1: i32
                  local %x.offset.2: u32
                  %i.1 = convert<i32>(threadIdx.x)
                  store ptradd(%x.0, (%x.offset.2 + convert<u32>(%i.1))), (load(ptradd(%x.0, (%x.offset.2 + convert<u32>(%i.1)))) * load(ptradd(convert<ptr<f32>>(&@coeffs), convert<u32>((%i.1 % 4:i32)))))
                  if (%i.1 == 0:i32) {
                    store ptradd(&@counter, 0:u32), (load(ptradd(&@counter, 0:u32)) + 1:i32)
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** {@code if (p)}: a null argument arrives with the hidden offset MemoryModel.NULL_OFFSET. */
    @Test
    void NullCheck_HiddenOffset() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void maybe(int *p)
            {
                if (p) p[threadIdx.x] = 1;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @maybe(%p.0: ptr<i32>) -> void {
                  if convert<bool>(%p.0) {
                    store ptradd(%p.0, threadIdx.x), 1:i32
                  }
                }
                """, """
                kernel @maybe(%p.0: ptr<i32>) -> void {
                  local %p.offset.1: u32
                  if (%p.offset.1 != 2147483648:u32) {
                    store ptradd(%p.0, (%p.offset.1 + threadIdx.x)), 1:i32
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(pass, new Module(), "", "");
        assertTrue(d.all().isEmpty());
        assertNull(DeviceModule.of(new Module(), d).interfaceOf(kernel("none")));
    }

    /**
     * {@code p = c ? a : b} (two arguments meet in one pointer) and {@code **pp = 1} (a pointer
     * loaded from memory): no static provenance, so the kernel is left as it was, without an
     * interface, for {@link HeapMemory}.
     */
    @Test
    void DynamicProvenance_LeftForHeapMemory() {
        for (Function k : List.of(HeapMemoryTest.pick(), HeapMemoryTest.indirect())) {
            DeviceModule dm = DeviceModule.of(module(k), new Diagnostics());
            String before = PassTesting.kernels(dm);
            Diagnostics d = PassTesting.check(pass, dm, before, before);
            assertEquals("", PassTesting.errors(d));
            assertEquals(List.of(k), dm.kernels());
            assertNull(dm.interfaceOf(k));
        }
    }

    /**
     * Three pointer arguments on an adapter that binds two storage buffers: the kernel is left
     * for the heap, without an interface; without a known limit it keeps a binding per argument.
     */
    @Test
    void MoreBuffersThanTheAdapterBinds_LeftForHeapMemory() {
        DeviceModule limited = PassTesting.fromCuda(HeapMemoryTest.THREE_BUFFERS);
        limited.target(new DeviceTarget(true, 2));
        String before = PassTesting.kernels(limited);
        PassTesting.check(pass, limited, before, before);
        assertNull(limited.interfaceOf(limited.kernels().get(0)));

        DeviceModule unlimited = PassTesting.fromCuda(HeapMemoryTest.THREE_BUFFERS);
        DevicePasses.run(pass, unlimited);
        assertEquals(3, unlimited.interfaceOf(unlimited.kernels().get(0)).bindings().size());
    }
}
