package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link Abort}: a failed assert records the thread and the first fault. */
class AbortTest {
    private final Abort pass = new Abort();

    /** {@code assert(v[i] >= 0)}: the failing thread records its ids and the first fault. */
    @Test
    void Assert_RecordAndFault() {
        DeviceModule dm = PassTesting.fromCuda("""
            #include <cassert>
            __global__ void check(const int *v)
            {
                assert(v[threadIdx.x] >= 0);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @check(%v.0: ptr<i32>) -> void {
                  if (load(ptradd(%v.0, threadIdx.x)) >= 0:i32) {
                  } else {
                    call @__assert_fail(elem(&@.str0, 0:i64), elem(&@.str1, 0:i64), convert<u32>(4:i32), elem(&@.str2, 0:i64))
                  }
                }
                """, """
                kernel @check(%v.0: ptr<i32>) -> void {
                  local %assert.index.1: u32
                  local %fault.count.2: u32
                  if (load(ptradd(%v.0, threadIdx.x)) >= 0:i32) {
                  } else {
                    %assert.index.1 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 10:u32), 1:u32)
                    if (%assert.index.1 < 32:u32) {
                      store elem(&@__webcu_debug, ((%assert.index.1 * 7:u32) + 16:u32)), 0:u32
                      store elem(&@__webcu_debug, (((%assert.index.1 * 7:u32) + 16:u32) + 1:u32)), blockIdx.x
                      store elem(&@__webcu_debug, (((%assert.index.1 * 7:u32) + 16:u32) + 2:u32)), blockIdx.y
                      store elem(&@__webcu_debug, (((%assert.index.1 * 7:u32) + 16:u32) + 3:u32)), blockIdx.z
                      store elem(&@__webcu_debug, (((%assert.index.1 * 7:u32) + 16:u32) + 4:u32)), threadIdx.x
                      store elem(&@__webcu_debug, (((%assert.index.1 * 7:u32) + 16:u32) + 5:u32)), threadIdx.y
                      store elem(&@__webcu_debug, (((%assert.index.1 * 7:u32) + 16:u32) + 6:u32)), threadIdx.z
                    }
                    %fault.count.2 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 0:u32), 1:u32)
                    if (%fault.count.2 == 0:u32) {
                      store elem(&@__webcu_debug, 1:u32), 1:u32
                      store elem(&@__webcu_debug, 2:u32), 0:u32
                      store elem(&@__webcu_debug, 3:u32), blockIdx.x
                      store elem(&@__webcu_debug, 4:u32), blockIdx.y
                      store elem(&@__webcu_debug, 5:u32), blockIdx.z
                      store elem(&@__webcu_debug, 6:u32), threadIdx.x
                      store elem(&@__webcu_debug, 7:u32), threadIdx.y
                      store elem(&@__webcu_debug, 8:u32), threadIdx.z
                    }
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without assert or __trap is left alone. */
    @Test
    void NoAssert_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @add(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  store ptradd(%b.1, threadIdx.x), (load(ptradd(%b.1, threadIdx.x)) + load(ptradd(%a.0, threadIdx.x)))
                }
                """, """
                kernel @add(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  store ptradd(%b.1, threadIdx.x), (load(ptradd(%b.1, threadIdx.x)) + load(ptradd(%a.0, threadIdx.x)))
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }


    /** The assertion's text is kept for the host's message. */
    @Test
    void Assert_Site() {
        DeviceModule dm = PassTesting.fromCuda("""
            #include <cassert>
            __global__ void check(const int *v)
            {
                assert(v[threadIdx.x] >= 0);
            }
            """, new Inline());
        DevicePasses.run(pass, dm);
        DebugBuffer.AssertSite a = dm.debug().asserts().get(0);
        assertEquals("v[threadIdx.x] >= 0", a.expression());
        assertEquals(4, a.line());
        assertEquals("t.cu", a.file());
    }

    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(pass, new Module(), "", "");
        assertTrue(d.all().isEmpty());
    }
}
