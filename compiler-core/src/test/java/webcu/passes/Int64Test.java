package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link Int64}: 64-bit locals that hold widened 32-bit values become 32-bit. */
class Int64Test {
    private final Int64 pass = new Int64();

    /** {@code size_t i = blockIdx.x * blockDim.x + threadIdx.x}: a u32 in a 64-bit local; the accumulator stays 64-bit. */
    @Test
    void Local_WidenedU32() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void sums(unsigned long long *out, int n)
            {
                size_t i = blockIdx.x * blockDim.x + threadIdx.x;
                unsigned long long acc = 0;
                for (int k = 0; k < n; ++k) acc += (unsigned long long)i * k;
                if (i < (size_t)n) out[i] = acc;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @sums(%out.0: ptr<u64>, %n.1: i32) -> void {
                  local %i.2: u64
                  local %acc.3: u64
                  local %k.4: i32
                  %i.2 = convert<u64>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  %acc.3 = convert<u64>(0:i32)
                  %k.4 = 0:i32
                  loop {
                    if (!(%k.4 < %n.1)) {
                      break
                    }
                    %acc.3 = (%acc.3 + (%i.2 * convert<u64>(%k.4)))
                  } continuing {
                    %k.4 = (%k.4 + 1:i32)
                  }
                  if (%i.2 < convert<u64>(%n.1)) {
                    store ptradd(%out.0, %i.2), %acc.3
                  }
                }
                """, """
                kernel @sums(%out.0: ptr<u64>, %n.1: i32) -> void {
                  local %i.2: u32
                  local %acc.3: u64
                  local %k.4: i32
                  %i.2 = ((blockIdx.x * blockDim.x) + threadIdx.x)
                  %acc.3 = convert<u64>(0:i32)
                  %k.4 = 0:i32
                  loop {
                    if (!(%k.4 < %n.1)) {
                      break
                    }
                    %acc.3 = (%acc.3 + (convert<u64>(%i.2) * convert<u64>(%k.4)))
                  } continuing {
                    %k.4 = (%k.4 + 1:i32)
                  }
                  if (convert<u64>(%i.2) < convert<u64>(%n.1)) {
                    store ptradd(%out.0, convert<u64>(%i.2)), %acc.3
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** {@code long long i} from a u32 and compared with a sign-extended int: the compare stays 64-bit, the index narrows. */
    @Test
    void Compare_SignExtended() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void gather(const float *a, float *out, int n)
            {
                long long i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < (long long)n) out[i] = a[i * 2];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @gather(%a.0: ptr<f32>, %out.1: ptr<f32>, %n.2: i32) -> void {
                  local %i.3: i64
                  %i.3 = convert<i64>(((blockIdx.x * blockDim.x) + threadIdx.x))
                  if (%i.3 < convert<i64>(%n.2)) {
                    store ptradd(%out.1, %i.3), load(ptradd(%a.0, (%i.3 * convert<i64>(2:i32))))
                  }
                }
                """, """
                kernel @gather(%a.0: ptr<f32>, %out.1: ptr<f32>, %n.2: i32) -> void {
                  local %i.3: u32
                  %i.3 = ((blockIdx.x * blockDim.x) + threadIdx.x)
                  if (convert<i64>(%i.3) < convert<i64>(%n.2)) {
                    store ptradd(%out.1, convert<i64>(%i.3)), load(ptradd(%a.0, (convert<i64>(%i.3) * convert<i64>(2:i32))))
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without 64-bit values is left alone. */
    @Test
    void NoWideValues_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps());
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


    @Test
    void EmptyModule() {
        Diagnostics d = PassTesting.check(pass, new Module(), "", "");
        assertTrue(d.all().isEmpty());
    }
}
