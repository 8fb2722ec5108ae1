package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link DynamicSharedMemory}: every {@code extern __shared__} array becomes the one dynamic array. */
class DynamicSharedMemoryTest {
    private final DynamicSharedMemory pass = new DynamicSharedMemory();

    /** {@code extern __shared__} memory carved into a float and an int array. */
    @Test
    void Carve_OneWordArray() {
        DeviceModule dm = PassTesting.fromCuda("""
            extern __shared__ unsigned char smem[];
            __global__ void carve(float *out, int n)
            {
                float *fs = (float *)smem;
                int *is = (int *)(fs + n);
                int t = threadIdx.x;
                fs[t] = t * 0.5f;
                is[t] = t;
                __syncthreads();
                out[t] = fs[n - 1 - t] + is[t];
            }
            """, new Inline());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @carve(%out.0: ptr<f32>, %n.1: i32) -> void {
                  local %fs.2: ptr<f32>
                  local %is.3: ptr<i32>
                  local %t.4: i32
                  %fs.2 = convert<ptr<f32>>(elem(&@smem, 0:i64))
                  %is.3 = convert<ptr<i32>>(ptradd(%fs.2, %n.1))
                  %t.4 = convert<i32>(threadIdx.x)
                  store ptradd(%fs.2, %t.4), (convert<f32>(%t.4) * 0.5:f32)
                  store ptradd(%is.3, %t.4), %t.4
                  barrier
                  store ptradd(%out.0, %t.4), (load(ptradd(%fs.2, ((%n.1 - 1:i32) - %t.4))) + convert<f32>(load(ptradd(%is.3, %t.4))))
                }
                """, """
                kernel @carve(%out.0: ptr<f32>, %n.1: i32) -> void {
                  local %fs.2: ptr<f32>
                  local %is.3: ptr<i32>
                  local %t.4: i32
                  %fs.2 = convert<ptr<f32>>(elem(convert<ptr<[u8; 0]>>(&@__webcu_dynamic_shared), 0:i64))
                  %is.3 = convert<ptr<i32>>(ptradd(%fs.2, %n.1))
                  %t.4 = convert<i32>(threadIdx.x)
                  store ptradd(%fs.2, %t.4), (convert<f32>(%t.4) * 0.5:f32)
                  store ptradd(%is.3, %t.4), %t.4
                  barrier
                  store ptradd(%out.0, %t.4), (load(ptradd(%fs.2, ((%n.1 - 1:i32) - %t.4))) + convert<f32>(load(ptradd(%is.3, %t.4))))
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without {@code extern __shared__} memory is left alone. */
    @Test
    void NoExternShared_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, new Inline());
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
