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

    /** {@code p = c ? a : b}: two arguments meet in one pointer, so the kernel runs in heap mode. */
    @Test
    void PointerSelect_TwoArguments_Heap() {
        line = 4;
        Local a = param(0, "a", Type.ptr(Type.I32));
        Local b = param(1, "b", Type.ptr(Type.I32));
        Function k = kernel("pick", a, b);
        Local p = k.newLocal("p", Type.ptr(Type.I32), false);
        line = 6;
        Stmt choose = assign(p, select(lt(tid(0), u32(4)), get(a), get(b)));
        k.setBody(block(choose, store(get(p), i32(1))));
        Diagnostics d = PassTesting.check(pass, module(k), """
                kernel @pick(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  local %p.2: ptr<i32>
                  %p.2 = select((threadIdx.x < 4:u32), %a.0, %b.1)
                  store %p.2, 1:i32
                }
                """, """
                kernel @pick(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  local %p.2: ptr<i32>
                  local %heap.3: ptr<u8>
                  local %a.offset.4: u32
                  local %b.offset.5: u32
                  local %p.6: u32
                  %p.6 = select((threadIdx.x < 4:u32), %a.offset.4, %b.offset.5)
                  store convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.3), %p.6)), 1:i32
                }
                """);
        assertEquals("", PassTesting.errors(d));
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

    /**
     * {@code **pp = 1}: a pointer loaded from memory has no static root; in heap mode it is the
     * loaded device address minus the heap's base (null stays null), and {@code pp} arrives as a
     * heap offset.
     */
    @Test
    void LoadedPointer_Heap() {
        line = 3;
        Local pp = param(0, "pp", Type.ptr(Type.ptr(Type.I32)));
        Function k = kernel("indirect", pp);
        k.setBody(block(store(load(get(pp)), i32(1))));
        Diagnostics d = PassTesting.check(pass, module(k), """
                kernel @indirect(%pp.0: ptr<ptr<i32>>) -> void {
                  store load(%pp.0), 1:i32
                }
                """, """
                kernel @indirect(%pp.0: ptr<ptr<i32>>) -> void {
                  local %heap.1: ptr<u8>
                  local %pp.offset.2: u32
                  local %heap.base.3: u64
                  store convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.1), select((load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.1), %pp.offset.2))) == 0:u64), 2147483648:u32, (convert<u32>(load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.1), %pp.offset.2)))) - convert<u32>(%heap.base.3))))), 1:i32
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /**
     * Managed structs holding pointers (conformance case managed_memory.cu): one heap binding,
     * the argument a heap offset, the loaded pointer converted once per use.
     */
    @Test
    void StructWithPointer_Heap() {
        DeviceModule dm = PassTesting.fromCuda("""
            struct Node { int value; int *payload; };
            __global__ void follow(Node *nodes)
            {
                int i = threadIdx.x;
                nodes[i].value += nodes[i].payload[i];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @follow(%nodes.0: ptr<%Node>) -> void {
                  local %i.1: i32
                  %i.1 = convert<i32>(threadIdx.x)
                  store field(ptradd(%nodes.0, %i.1), .value), (load(field(ptradd(%nodes.0, %i.1), .value)) + load(ptradd(load(field(ptradd(%nodes.0, %i.1), .payload)), %i.1)))
                }
                """, """
                kernel @follow(%nodes.0: ptr<%Node>) -> void {
                  local %i.1: i32
                  local %heap.2: ptr<u8>
                  local %nodes.offset.3: u32
                  local %heap.base.4: u64
                  %i.1 = convert<i32>(threadIdx.x)
                  store convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.2), (%nodes.offset.3 + (convert<u32>(%i.1) * 16:u32)))), (load(convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.2), (%nodes.offset.3 + (convert<u32>(%i.1) * 16:u32))))) + load(convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.2), (select((load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.2), ((%nodes.offset.3 + (convert<u32>(%i.1) * 16:u32)) + 8:u32)))) == 0:u64), 2147483648:u32, (convert<u32>(load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.2), ((%nodes.offset.3 + (convert<u32>(%i.1) * 16:u32)) + 8:u32))))) - convert<u32>(%heap.base.4))) + (convert<u32>(%i.1) * 4:u32))))))
                }
                """);
        assertEquals("", PassTesting.errors(d));
        KernelInterface in = dm.interfaceOf(dm.kernels().get(0));
        KernelInterface.Binding heap = in.heap();
        assertEquals(List.of(heap), in.bindings());
        assertEquals(KernelInterface.View.WORDS, heap.view());
        assertTrue(heap.read() && heap.written() && !heap.atomic());
        assertEquals(List.of("nodes", "heap.base"), in.values().stream().map(v -> v.name()).toList());
        assertTrue(in.values().get(0).heapOffset() && in.values().get(1).heapBase());
    }

    /**
     * A list walked from a {@code __device__} pointer, links stored back, nullptr compared: the
     * variable arrives as a heap offset, a stored pointer is written as a device address.
     */
    @Test
    void ListWalk_DeviceVariable_Heap() {
        DeviceModule dm = PassTesting.fromCuda("""
            struct Node { int value; Node *next; };
            __device__ Node *head;
            __global__ void relink(Node *nodes)
            {
                Node *last = nullptr;
                for (Node *p = head; p != nullptr; p = p->next) last = p;
                nodes[threadIdx.x].next = last;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @relink(%nodes.0: ptr<%Node>) -> void {
                  local %last.1: ptr<%Node>
                  local %p.2: ptr<%Node>
                  %last.1 = null:ptr<%Node>
                  %p.2 = load(&@head)
                  loop {
                    if (!(%p.2 != null:ptr<%Node>)) {
                      break
                    }
                    %last.1 = %p.2
                  } continuing {
                    %p.2 = load(field(%p.2, .next))
                  }
                  store field(ptradd(%nodes.0, threadIdx.x), .next), %last.1
                }
                """, """
                kernel @relink(%nodes.0: ptr<%Node>) -> void {
                  local %last.1: ptr<%Node>
                  local %p.2: ptr<%Node>
                  local %heap.3: ptr<u8>
                  local %nodes.offset.4: u32
                  local %last.5: u32
                  local %p.6: u32
                  local %head.offset.7: u32
                  local %heap.base.8: u64
                  %last.5 = 2147483648:u32
                  %p.6 = select((load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.3), %head.offset.7))) == 0:u64), 2147483648:u32, (convert<u32>(load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.3), %head.offset.7)))) - convert<u32>(%heap.base.8)))
                  loop {
                    if (!(%p.6 != 2147483648:u32)) {
                      break
                    }
                    %last.5 = %p.6
                  } continuing {
                    %p.6 = select((load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.3), (%p.6 + 8:u32)))) == 0:u64), 2147483648:u32, (convert<u32>(load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.3), (%p.6 + 8:u32))))) - convert<u32>(%heap.base.8)))
                  }
                  store convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.3), ((%nodes.offset.4 + (threadIdx.x * 16:u32)) + 8:u32))), select((%last.5 == 2147483648:u32), 0:u64, (convert<u64>(%last.5) + %heap.base.8))
                }
                """);
        assertEquals("", PassTesting.errors(d));
        KernelInterface in = dm.interfaceOf(dm.kernels().get(0));
        assertEquals(List.of("nodes", "heap.base", "head"), in.values().stream().map(v -> v.name()).toList());
        assertEquals("head", in.values().get(2).symbol().name());
    }

    /** A pointer to a local variable cannot be stored in device memory: the heap holds only device addresses. */
    @Test
    void StoreLocalAddress_Rejected() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void leak(int **out)
            {
                int x = 1;
                out[threadIdx.x] = &x;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        DevicePasses.run(pass, dm);
        assertEquals("t.cu:4:22: error: not supported on WebGPU yet: storing pointers to local or shared variables in memory"
                + " ('x')\n", PassTesting.errors(dm.diagnostics()));
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
     * Three pointer arguments on an adapter that binds two storage buffers: the kernel runs in
     * heap mode, with one binding; without a known limit it keeps a binding per argument.
     */
    @Test
    void MoreBuffersThanTheAdapterBinds_Heap() {
        String source = """
                __global__ void k(const int *a, const int *b, int *c) {
                    int i = threadIdx.x;
                    c[i] = a[i] + b[i];
                }
                """;
        DeviceModule limited = PassTesting.fromCuda(source);
        limited.target(new DeviceTarget(true, 2));
        DevicePasses.run(new MemoryModel(), limited);
        webcu.ir.Function k = limited.kernels().get(0);
        KernelInterface in = limited.interfaceOf(k);
        assertEquals(List.of(in.heap()), in.bindings());

        DeviceModule unlimited = PassTesting.fromCuda(source);
        DevicePasses.run(new MemoryModel(), unlimited);
        assertEquals(3, unlimited.interfaceOf(unlimited.kernels().get(0)).bindings().size());
    }
}
