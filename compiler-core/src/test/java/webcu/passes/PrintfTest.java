package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link Printf}: device printf becomes a record in the debug buffer. */
class PrintfTest {
    private final Printf pass = new Printf();

    /** printf of an int, a string literal and a double: a record of six words. */
    @Test
    void Record_IntLiteralDouble() {
        DeviceModule dm = PassTesting.fromCuda("""
            #include <cstdio>
            __global__ void hello(int base, double x)
            {
                printf("thread %d of %s: %f\\n", base + (int)threadIdx.x, "hello", x);
            }
            """, new Inline(), new DynamicSharedMemory());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @hello(%base.0: i32, %x.1: f64) -> void {
                  call @printf(elem(&@.str0, 0:i64), (%base.0 + convert<i32>(threadIdx.x)), elem(&@.str1, 0:i64), %x.1)
                }
                """, """
                kernel @hello(%base.0: i32, %x.1: f64) -> void {
                  local %printf.offset.2: u32
                  local %printf.bits.3: i64
                  %printf.offset.2 = call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 15:u32), 6:u32)
                  if ((%printf.offset.2 + 6:u32) <= 261632:u32) {
                    store elem(&@__webcu_debug, (%printf.offset.2 + 512:u32)), 1:u32
                    store elem(&@__webcu_debug, ((%printf.offset.2 + 512:u32) + 1:u32)), 6:u32
                    store elem(&@__webcu_debug, ((%printf.offset.2 + 512:u32) + 2:u32)), convert<u32>((%base.0 + convert<i32>(threadIdx.x)))
                    store elem(&@__webcu_debug, ((%printf.offset.2 + 512:u32) + 3:u32)), 0:u32
                    %printf.bits.3 = call @__double_as_longlong(%x.1)
                    store elem(&@__webcu_debug, ((%printf.offset.2 + 512:u32) + 4:u32)), convert<u32>(%printf.bits.3)
                    store elem(&@__webcu_debug, ((%printf.offset.2 + 512:u32) + 5:u32)), convert<u32>((%printf.bits.3 >> 32:u32))
                  } else {
                    call @__webcu_atomicAdd_u32(elem(&@__webcu_debug, 9:u32), 1:u32)
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without printf is left alone. */
    @Test
    void NoPrintf_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, new Inline(), new DynamicSharedMemory());
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


    /** The record's format and arguments are what the host needs to print it. */
    @Test
    void Record_Table() {
        DeviceModule dm = PassTesting.fromCuda("""
            #include <cstdio>
            __global__ void hello(long long n, const char *s)
            {
                printf("%lld %s\\n", n, s);
            }
            """, new Inline());
        DevicePasses.run(pass, dm);
        DebugBuffer.Format f = dm.debug().formats().get(0);
        assertEquals("%lld %s\n", new String(f.text(), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(java.util.List.of(DebugBuffer.Arg.I64, DebugBuffer.Arg.STRING), f.args());
    }

    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(pass, new Module(), "", "");
        assertTrue(d.all().isEmpty());
    }
}
