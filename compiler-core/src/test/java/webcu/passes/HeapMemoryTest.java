package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.passes.TestIr.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/** {@link HeapMemory}: the kernels {@link MemoryModel} left without an interface, on the one heap binding. */
class HeapMemoryTest {
    private final HeapMemory pass = new HeapMemory();

    /** A kernel with three pointer arguments. */
    static final String THREE_BUFFERS = """
            __global__ void k(const int *a, const int *b, int *c) {
                int i = threadIdx.x;
                c[i] = a[i] + b[i];
            }
            """;

    /** {@code int *p = threadIdx.x < 4 ? a : b; *p = 1;} */
    static Function pick() {
        line = 4;
        Local a = param(0, "a", Type.ptr(Type.I32));
        Local b = param(1, "b", Type.ptr(Type.I32));
        Function k = kernel("pick", a, b);
        Local p = k.newLocal("p", Type.ptr(Type.I32), false);
        line = 6;
        Stmt choose = assign(p, select(lt(tid(0), u32(4)), get(a), get(b)));
        k.setBody(block(choose, store(get(p), i32(1))));
        return k;
    }

    /** {@code **pp = 1;} */
    static Function indirect() {
        line = 3;
        Local pp = param(0, "pp", Type.ptr(Type.ptr(Type.I32)));
        Function k = kernel("indirect", pp);
        k.setBody(block(store(load(get(pp)), i32(1))));
        return k;
    }

    /** The kernel as this pass gets it: after {@link MemoryModel}, which leaves it as it was. */
    private static DeviceModule afterMemoryModel(Function k) {
        DeviceModule dm = DeviceModule.of(module(k), new Diagnostics());
        DevicePasses.run(new MemoryModel(), dm);
        return dm;
    }

    /** {@code p = c ? a : b}: two arguments meet in one pointer, so the kernel runs in heap mode. */
    @Test
    void PointerSelect_TwoArguments_Heap() {
        Diagnostics d = PassTesting.check(pass, afterMemoryModel(pick()), """
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

    /**
     * {@code **pp = 1}: a pointer loaded from memory has no static root; in heap mode it is the
     * loaded device address minus the heap's base (null stays null), and {@code pp} arrives as a
     * heap offset.
     */
    @Test
    void LoadedPointer_Heap() {
        Diagnostics d = PassTesting.check(pass, afterMemoryModel(indirect()), """
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
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel());
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
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel());
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
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel());
        DevicePasses.run(pass, dm);
        assertEquals("t.cu:4:22: error: not supported on WebGPU yet: storing pointers to local or shared variables in memory"
                + " ('x')\n", PassTesting.errors(dm.diagnostics()));
    }

    /**
     * Three pointer arguments on an adapter that binds two storage buffers: {@link MemoryModel}
     * left the kernel without an interface, and it runs with one binding, the heap.
     */
    @Test
    void MoreBuffersThanTheAdapterBinds_Heap() {
        DeviceModule limited = PassTesting.fromCuda(THREE_BUFFERS);
        limited.target(new DeviceTarget(true, 2));
        DevicePasses.run(new MemoryModel(), limited);
        DevicePasses.run(pass, limited);
        KernelInterface in = limited.interfaceOf(limited.kernels().get(0));
        assertEquals(List.of(in.heap()), in.bindings());
        assertEquals(List.of("a", "b", "c"), in.values().stream().map(v -> v.name()).toList());
    }
}
