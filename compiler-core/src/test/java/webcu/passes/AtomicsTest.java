package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Module;

/** Before/after IR of {@link Atomics}: the atomics WGSL lacks become compare-and-swap loops. */
class AtomicsTest {
    private final Atomics pass = new Atomics();

    /** {@code atomicAdd} on float and {@code atomicInc}: compare-and-swap loops on the bits. */
    @Test
    void FloatAdd_AtomicInc_CasLoops() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void acc(float *sum, unsigned *ring, const float *v)
            {
                int i = threadIdx.x;
                atomicAdd(sum, v[i]);
                unsigned slot = atomicInc(ring, 15u);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @acc(%sum.0: ptr<f32>, %ring.1: ptr<u32>, %v.2: ptr<f32>) -> void {
                  local %i.3: i32
                  local %slot.4: u32
                  local %t0.5: u32
                  local %address.6: ptr<f32>
                  local %val.7: f32
                  local %t0.8: f32
                  local %address.9: ptr<u32>
                  local %val.10: u32
                  local %t0.11: u32
                  local %sum.offset.12: u32
                  local %ring.offset.13: u32
                  local %v.offset.14: u32
                  local %address.15: u32
                  local %address.16: u32
                  %i.3 = convert<i32>(threadIdx.x)
                  %address.15 = %sum.offset.12
                  %val.7 = load(ptradd(%v.2, (%v.offset.14 + convert<u32>(%i.3))))
                  %t0.8 = call @__webcu_atomicAdd_f32(ptradd(%sum.0, %address.15), %val.7)
                  %address.16 = %ring.offset.13
                  %val.10 = 15:u32
                  %t0.11 = call @__webcu_atomicInc_u32(ptradd(%ring.1, %address.16), %val.10)
                  %t0.5 = %t0.11
                  %slot.4 = %t0.5
                }
                """, """
                kernel @acc(%sum.0: ptr<f32>, %ring.1: ptr<u32>, %v.2: ptr<f32>) -> void {
                  local %i.3: i32
                  local %slot.4: u32
                  local %t0.5: u32
                  local %address.6: ptr<f32>
                  local %val.7: f32
                  local %t0.8: f32
                  local %address.9: ptr<u32>
                  local %val.10: u32
                  local %t0.11: u32
                  local %sum.offset.12: u32
                  local %ring.offset.13: u32
                  local %v.offset.14: u32
                  local %address.15: u32
                  local %address.16: u32
                  local %atomic.value.17: f32
                  local %atomic.old.18: u32
                  local %atomic.assumed.19: u32
                  local %atomic.sum.20: f32
                  local %atomic.bits.21: u32
                  local %atomic.limit.22: u32
                  local %atomic.old.23: u32
                  local %atomic.assumed.24: u32
                  %i.3 = convert<i32>(threadIdx.x)
                  %address.15 = %sum.offset.12
                  %val.7 = load(ptradd(%v.2, (%v.offset.14 + convert<u32>(%i.3))))
                  %atomic.value.17 = %val.7
                  %atomic.old.18 = load(convert<ptr<u32>>(ptradd(%sum.0, %address.15)))
                  loop {
                    %atomic.assumed.19 = %atomic.old.18
                    %atomic.sum.20 = call @__uint_as_float(%atomic.assumed.19)
                    %atomic.bits.21 = call @__float_as_uint((%atomic.sum.20 + %atomic.value.17))
                    %atomic.old.18 = call @__webcu_atomicCAS_u32(convert<ptr<u32>>(ptradd(%sum.0, %address.15)), %atomic.assumed.19, %atomic.bits.21)
                    if (%atomic.old.18 == %atomic.assumed.19) {
                      break
                    }
                  }
                  %t0.8 = call @__uint_as_float(%atomic.old.18)
                  %address.16 = %ring.offset.13
                  %val.10 = 15:u32
                  %atomic.limit.22 = %val.10
                  %atomic.old.23 = load(ptradd(%ring.1, %address.16))
                  loop {
                    %atomic.assumed.24 = %atomic.old.23
                    %atomic.old.23 = call @__webcu_atomicCAS_u32(ptradd(%ring.1, %address.16), %atomic.assumed.24, select((%atomic.assumed.24 >= %atomic.limit.22), 0:u32, (%atomic.assumed.24 + 1:u32)))
                    if (%atomic.old.23 == %atomic.assumed.24) {
                      break
                    }
                  }
                  %t0.11 = %atomic.old.23
                  %t0.5 = %t0.11
                  %slot.4 = %t0.5
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /** {@code atomicAdd} on int: WGSL has it, the pass leaves it. */
    @Test
    void AtomicAdd_I32_Untouched() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void count(int *hist, const int *keys)
            {
                atomicAdd(&hist[keys[threadIdx.x]], 1);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @count(%hist.0: ptr<i32>, %keys.1: ptr<i32>) -> void {
                  local %address.2: ptr<i32>
                  local %val.3: i32
                  local %t0.4: i32
                  local %hist.offset.5: u32
                  local %keys.offset.6: u32
                  local %address.7: u32
                  %address.7 = (%hist.offset.5 + convert<u32>(load(ptradd(%keys.1, (%keys.offset.6 + threadIdx.x)))))
                  %val.3 = 1:i32
                  %t0.4 = call @__webcu_atomicAdd_i32(ptradd(%hist.0, %address.7), %val.3)
                }
                """, """
                kernel @count(%hist.0: ptr<i32>, %keys.1: ptr<i32>) -> void {
                  local %address.2: ptr<i32>
                  local %val.3: i32
                  local %t0.4: i32
                  local %hist.offset.5: u32
                  local %keys.offset.6: u32
                  local %address.7: u32
                  %address.7 = (%hist.offset.5 + convert<u32>(load(ptradd(%keys.1, (%keys.offset.6 + threadIdx.x)))))
                  %val.3 = 1:i32
                  %t0.4 = call @__webcu_atomicAdd_i32(ptradd(%hist.0, %address.7), %val.3)
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }


    /** {@code atomicAdd} on double: a read-modify-write of its two words inside the debug buffer's spin lock. */
    @Test
    void AtomicAdd_F64_Locked() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void sum(double *s, const double *v)
            {
                atomicAdd(s, v[threadIdx.x]);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @sum(%s.0: ptr<f64>, %v.1: ptr<f64>) -> void {
                  local %address.2: ptr<f64>
                  local %val.3: f64
                  local %t0.4: f64
                  local %s.offset.5: u32
                  local %v.offset.6: u32
                  local %address.7: u32
                  %address.7 = %s.offset.5
                  %val.3 = load(ptradd(%v.1, (%v.offset.6 + threadIdx.x)))
                  %t0.4 = call @__webcu_atomicAdd_f64(convert<ptr<f64>>(ptradd(convert<ptr<u8>>(%s.0), %address.7)), %val.3)
                }
                """, """
                kernel @sum(%s.0: ptr<f64>, %v.1: ptr<f64>) -> void {
                  local %address.2: ptr<f64>
                  local %val.3: f64
                  local %t0.4: f64
                  local %s.offset.5: u32
                  local %v.offset.6: u32
                  local %address.7: u32
                  local %atomic.old.8: f64
                  local %atomic.lock.9: u32
                  local %atomic.arg.10: f64
                  %address.7 = %s.offset.5
                  %val.3 = load(ptradd(%v.1, (%v.offset.6 + threadIdx.x)))
                  %atomic.arg.10 = %val.3
                  loop {
                    %atomic.lock.9 = call @__webcu_atomicCAS_u32(elem(&@__webcu_debug, 14:u32), 0:u32, 1:u32)
                    if (%atomic.lock.9 == 0:u32) {
                      %atomic.old.8 = load(convert<ptr<f64>>(ptradd(convert<ptr<u8>>(%s.0), %address.7)))
                      store convert<ptr<f64>>(ptradd(convert<ptr<u8>>(%s.0), %address.7)), (%atomic.old.8 + %atomic.arg.10)
                      call @__webcu_atomicExch_u32(elem(&@__webcu_debug, 14:u32), 0:u32)
                      break
                    }
                  }
                  %t0.4 = %atomic.old.8
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
