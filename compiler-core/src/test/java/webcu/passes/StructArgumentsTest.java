package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link StructArguments}: struct kernel arguments split into scalars and pointers. */
class StructArgumentsTest {
    private final StructArguments pass = new StructArguments();

    /** A struct argument holding a pointer: leaves for its scalars and its pointer; the pointer field of the copy becomes a local. */
    @Test
    void StructParam_SplitIntoLeaves() {
        DeviceModule dm = PassTesting.fromCuda("""
            struct View { float *data; int n; float scale; };
            __global__ void scale(View v)
            {
                int i = threadIdx.x;
                if (i < v.n) v.data[i] *= v.scale;
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @scale(%v.0: %View) -> void {
                  memory %v.addr.1: %View
                  local %i.2: i32
                  store &%v.addr.1, %v.0
                  %i.2 = convert<i32>(threadIdx.x)
                  if (%i.2 < load(field(&%v.addr.1, .n))) {
                    store ptradd(load(field(&%v.addr.1, .data)), %i.2), (load(ptradd(load(field(&%v.addr.1, .data)), %i.2)) * load(field(&%v.addr.1, .scale)))
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
                  %v.addr.data.6 = %v.data.3
                  store field(&%v.addr.1, .n), %v.n.4
                  store field(&%v.addr.1, .scale), %v.scale.5
                  %i.2 = convert<i32>(threadIdx.x)
                  if (%i.2 < load(field(&%v.addr.1, .n))) {
                    store ptradd(%v.addr.data.6, %i.2), (load(ptradd(%v.addr.data.6, %i.2)) * load(field(&%v.addr.1, .scale)))
                  }
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** A kernel without struct arguments is left alone. */
    @Test
    void NoStructArguments_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void add(const int *a, int *b)
            {
                b[threadIdx.x] += a[threadIdx.x];
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64());
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
