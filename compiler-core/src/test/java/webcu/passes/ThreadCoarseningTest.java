package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link ThreadCoarsening}: a 512-thread block as invocations of two threads each. */
class ThreadCoarseningTest {
    /** A scan with barriers in a loop: thread loops between the barriers, the shared loop counter stays one variable. */
    @Test
    void Scan_TwoThreadsPerInvocation() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void scan(int *a)
            {
                __shared__ int s[512];
                int t = threadIdx.x;
                s[t] = a[t];
                for (int off = 1; off < 512; off <<= 1) {
                    __syncthreads();
                    int x = t >= off ? s[t - off] : 0;
                    __syncthreads();
                    s[t] += x;
                }
                a[t] = s[t];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(),
                new Warps(), new Int64(), new MemoryModel(), new HeapMemory(), new Atomics(), new Uniformity());
        Diagnostics d = PassTesting.check(new ThreadCoarsening(Map.of("scan", 2)), dm, """
                kernel @scan(%a.0: ptr<i32>) -> void {
                  local %t.1: i32
                  local %off.2: i32
                  local %x.3: i32
                  local %a.offset.4: u32
                  %t.1 = convert<i32>(threadIdx.x)
                  store elem(&@s, convert<u32>(%t.1)), load(ptradd(%a.0, (%a.offset.4 + convert<u32>(%t.1))))
                  %off.2 = 1:i32
                  loop {
                    if (!(%off.2 < 512:i32)) {
                      break
                    }
                    barrier
                    %x.3 = select((%t.1 >= %off.2), load(elem(&@s, convert<u32>((%t.1 - %off.2)))), 0:i32)
                    barrier
                    store elem(&@s, convert<u32>(%t.1)), (load(elem(&@s, convert<u32>(%t.1))) + %x.3)
                  } continuing {
                    %off.2 = (%off.2 << 1:i32)
                  }
                  store ptradd(%a.0, (%a.offset.4 + convert<u32>(%t.1))), load(elem(&@s, convert<u32>(%t.1)))
                }
                """, """
                kernel @scan(%a.0: ptr<i32>) -> void {
                  memory %t.1: [i32; 2]
                  local %off.2: i32
                  memory %x.3: [i32; 2]
                  local %a.offset.4: u32
                  local %thread.5: u32
                  %thread.5 = 0:u32
                  loop {
                    if (%thread.5 >= 2:u32) {
                      break
                    }
                    if ((threadIdx.x + (%thread.5 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) < ((blockDim.x * blockDim.y) * blockDim.z)) {
                      store elem(&%t.1, %thread.5), convert<i32>(((threadIdx.x + (%thread.5 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) % blockDim.x))
                      store elem(&@s, convert<u32>(load(elem(&%t.1, %thread.5)))), load(ptradd(%a.0, (%a.offset.4 + convert<u32>(load(elem(&%t.1, %thread.5))))))
                    }
                  } continuing {
                    %thread.5 = (%thread.5 + 1:u32)
                  }
                  %off.2 = 1:i32
                  loop {
                    if (!(%off.2 < 512:i32)) {
                      break
                    }
                    barrier
                    %thread.5 = 0:u32
                    loop {
                      if (%thread.5 >= 2:u32) {
                        break
                      }
                      if ((threadIdx.x + (%thread.5 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) < ((blockDim.x * blockDim.y) * blockDim.z)) {
                        store elem(&%x.3, %thread.5), select((load(elem(&%t.1, %thread.5)) >= %off.2), load(elem(&@s, convert<u32>((load(elem(&%t.1, %thread.5)) - %off.2)))), 0:i32)
                      }
                    } continuing {
                      %thread.5 = (%thread.5 + 1:u32)
                    }
                    barrier
                    %thread.5 = 0:u32
                    loop {
                      if (%thread.5 >= 2:u32) {
                        break
                      }
                      if ((threadIdx.x + (%thread.5 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) < ((blockDim.x * blockDim.y) * blockDim.z)) {
                        store elem(&@s, convert<u32>(load(elem(&%t.1, %thread.5)))), (load(elem(&@s, convert<u32>(load(elem(&%t.1, %thread.5))))) + load(elem(&%x.3, %thread.5)))
                      }
                    } continuing {
                      %thread.5 = (%thread.5 + 1:u32)
                    }
                  } continuing {
                    %off.2 = (%off.2 << 1:i32)
                  }
                  %thread.5 = 0:u32
                  loop {
                    if (%thread.5 >= 2:u32) {
                      break
                    }
                    if ((threadIdx.x + (%thread.5 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) < ((blockDim.x * blockDim.y) * blockDim.z)) {
                      store ptradd(%a.0, (%a.offset.4 + convert<u32>(load(elem(&%t.1, %thread.5))))), load(elem(&@s, convert<u32>(load(elem(&%t.1, %thread.5)))))
                    }
                  } continuing {
                    %thread.5 = (%thread.5 + 1:u32)
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
        assertEquals(2, dm.coarsening(dm.kernels().get(0)));
    }

    /** Kernels the device does not ask to coarsen are left alone. */
    @Test
    void NotAsked_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void scan(int *a)
            {
                __shared__ int s[512];
                int t = threadIdx.x;
                s[t] = a[t];
                for (int off = 1; off < 512; off <<= 1) {
                    __syncthreads();
                    int x = t >= off ? s[t - off] : 0;
                    __syncthreads();
                    s[t] += x;
                }
                a[t] = s[t];
            }
            """, new Inline(), new MemoryModel(), new HeapMemory());
        String ir = PassTesting.kernels(dm);
        DevicePasses.run(new ThreadCoarsening(Map.of()), dm);
        assertEquals(ir, PassTesting.kernels(dm));
        assertEquals(1, dm.coarsening(dm.kernels().get(0)));
    }

    /** A heap-mode kernel: the heap's root local and the heap values stay one variable for all threads. */
    @Test
    void Heap_RootShared() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void deref(int **pp)
            {
                *pp[threadIdx.x] = 1;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(),
                new Warps(), new Int64(), new MemoryModel(), new HeapMemory(), new Atomics(), new Uniformity());
        Diagnostics d = PassTesting.check(new ThreadCoarsening(Map.of("deref", 2)), dm, """
                kernel @deref(%pp.0: ptr<ptr<i32>>) -> void {
                  local %heap.1: ptr<u8>
                  local %pp.offset.2: u32
                  local %heap.base.3: u64
                  store convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.1), select((load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.1), (%pp.offset.2 + (threadIdx.x * 8:u32))))) == 0:u64), 2147483648:u32, (convert<u32>(load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.1), (%pp.offset.2 + (threadIdx.x * 8:u32)))))) - convert<u32>(%heap.base.3))))), 1:i32
                }
                """, """
                kernel @deref(%pp.0: ptr<ptr<i32>>) -> void {
                  local %heap.1: ptr<u8>
                  local %pp.offset.2: u32
                  local %heap.base.3: u64
                  local %thread.4: u32
                  %thread.4 = 0:u32
                  loop {
                    if (%thread.4 >= 2:u32) {
                      break
                    }
                    if ((threadIdx.x + (%thread.4 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) < ((blockDim.x * blockDim.y) * blockDim.z)) {
                      store convert<ptr<i32>>(ptradd(convert<ptr<u8>>(%heap.1), select((load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.1), (%pp.offset.2 + (((threadIdx.x + (%thread.4 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) % blockDim.x) * 8:u32))))) == 0:u64), 2147483648:u32, (convert<u32>(load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%heap.1), (%pp.offset.2 + (((threadIdx.x + (%thread.4 * ((((blockDim.x * blockDim.y) * blockDim.z) + 1:u32) / 2:u32))) % blockDim.x) * 8:u32)))))) - convert<u32>(%heap.base.3))))), 1:i32
                    }
                  } continuing {
                    %thread.4 = (%thread.4 + 1:u32)
                  }
                }
                """);
        assertTrue(d.all().isEmpty());
    }

    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(new ThreadCoarsening(Map.of("k", 4)), new Module(), "", "");
        assertTrue(d.all().isEmpty());
    }
}
