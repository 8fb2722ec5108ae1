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
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory());
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
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory());
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


    /**
     * {@code atomicAdd} on double: a read-modify-write of its two words inside the branch that took
     * the spin lock of the address's stripe, so that a lane never spins on a lock its own subgroup holds.
     */
    @Test
    void AtomicAdd_F64_Locked() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void sum(double *s, const double *v)
            {
                atomicAdd(s, v[threadIdx.x]);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory());
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
                  local %atomic.stripe.11: u32
                  local %atomic.round.12: u32
                  local %atomic.lane.13: u32
                  %address.7 = %s.offset.5
                  %val.3 = load(ptradd(%v.1, (%v.offset.6 + threadIdx.x)))
                  %atomic.arg.10 = %val.3
                  %atomic.stripe.11 = ((((%address.7 >> 3:u32) + 72:u32) & 255:u32) + 256:u32)
                  %atomic.lane.13 = ((threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z)))) & 63:u32)
                  %atomic.round.12 = 0:u32
                  loop {
                    if (%atomic.round.12 == %atomic.lane.13) {
                      loop {
                        %atomic.lock.9 = call @__webcu_atomicCAS_u32(elem(&@__webcu_debug, %atomic.stripe.11), 0:u32, 1:u32)
                        if (%atomic.lock.9 == 0:u32) {
                          %atomic.old.8 = load(convert<ptr<f64>>(ptradd(convert<ptr<u8>>(%s.0), %address.7)))
                          store convert<ptr<f64>>(ptradd(convert<ptr<u8>>(%s.0), %address.7)), (%atomic.old.8 + %atomic.arg.10)
                          call @__webcu_atomicExch_u32(elem(&@__webcu_debug, %atomic.stripe.11), 0:u32)
                          break
                        }
                      }
                    }
                    %atomic.round.12 = (%atomic.round.12 + 1:u32)
                  } continuing {
                  } break_if (%atomic.round.12 == 64:u32)
                  %t0.4 = %atomic.old.8
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }


    /**
     * 64-bit or and add whose old values nobody reads stay as they are: the WGSL writer does them
     * with one 32-bit atomic per word (the add carrying into the high word), no lock.
     */
    @Test
    void Or_Add_U64_ResultUnread_LeftPerWord() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void flags(unsigned long long *f)
            {
                atomicOr(f, 1ULL << threadIdx.x);
                atomicAdd(f + 1, 0xFFFFFFFFULL);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @flags(%f.0: ptr<u64>) -> void {
                  local %address.1: ptr<u64>
                  local %val.2: u64
                  local %t0.3: u64
                  local %address.4: ptr<u64>
                  local %val.5: u32
                  local %t0.6: u64
                  local %f.offset.7: u32
                  local %address.8: u32
                  local %address.9: u32
                  %address.8 = %f.offset.7
                  %val.2 = (1:u64 << threadIdx.x)
                  %t0.3 = call @__webcu_atomicOr_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%f.0), %address.8)), %val.2)
                  %address.9 = (%f.offset.7 + 8:u32)
                  %val.5 = 4294967295:u32
                  %t0.6 = call @__webcu_atomicAdd_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%f.0), %address.9)), convert<u64>(%val.5))
                }
                """, """
                kernel @flags(%f.0: ptr<u64>) -> void {
                  local %address.1: ptr<u64>
                  local %val.2: u64
                  local %t0.3: u64
                  local %address.4: ptr<u64>
                  local %val.5: u32
                  local %t0.6: u64
                  local %f.offset.7: u32
                  local %address.8: u32
                  local %address.9: u32
                  %address.8 = %f.offset.7
                  %val.2 = (1:u64 << threadIdx.x)
                  %t0.3 = call @__webcu_atomicOr_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%f.0), %address.8)), %val.2)
                  %address.9 = (%f.offset.7 + 8:u32)
                  %val.5 = 4294967295:u32
                  %t0.6 = call @__webcu_atomicAdd_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%f.0), %address.9)), convert<u64>(%val.5))
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /**
     * An old value that is read (a slot claimed with {@code atomicAdd}) must be one value the
     * location held, which per-word atomics do not give across a carry: that add takes the lock,
     * and so does the kernel's other 64-bit atomic, which would otherwise race with the locked
     * read-modify-write. Each critical section sits inside the branch that took the lock.
     */
    @Test
    void Add_U64_ResultRead_LocksEveryWideAtomic() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void claim(unsigned long long *next, unsigned long long *slot, unsigned long long *seen)
            {
                slot[threadIdx.x] = atomicAdd(next, 1ULL);
                atomicOr(seen, 1ULL << threadIdx.x);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @claim(%next.0: ptr<u64>, %slot.1: ptr<u64>, %seen.2: ptr<u64>) -> void {
                  local %t0.3: u64
                  local %address.4: ptr<u64>
                  local %val.5: u32
                  local %t0.6: u64
                  local %address.7: ptr<u64>
                  local %val.8: u64
                  local %t0.9: u64
                  local %next.offset.10: u32
                  local %slot.offset.11: u32
                  local %seen.offset.12: u32
                  local %address.13: u32
                  local %address.14: u32
                  %address.13 = %next.offset.10
                  %val.5 = 1:u32
                  %t0.6 = call @__webcu_atomicAdd_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%next.0), %address.13)), convert<u64>(%val.5))
                  %t0.3 = %t0.6
                  store ptradd(%slot.1, (%slot.offset.11 + threadIdx.x)), %t0.3
                  %address.14 = %seen.offset.12
                  %val.8 = (1:u64 << threadIdx.x)
                  %t0.9 = call @__webcu_atomicOr_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%seen.2), %address.14)), %val.8)
                }
                """, """
                kernel @claim(%next.0: ptr<u64>, %slot.1: ptr<u64>, %seen.2: ptr<u64>) -> void {
                  local %t0.3: u64
                  local %address.4: ptr<u64>
                  local %val.5: u32
                  local %t0.6: u64
                  local %address.7: ptr<u64>
                  local %val.8: u64
                  local %t0.9: u64
                  local %next.offset.10: u32
                  local %slot.offset.11: u32
                  local %seen.offset.12: u32
                  local %address.13: u32
                  local %address.14: u32
                  local %atomic.old.15: u64
                  local %atomic.lock.16: u32
                  local %atomic.arg.17: u64
                  local %atomic.stripe.18: u32
                  local %atomic.round.19: u32
                  local %atomic.lane.20: u32
                  local %atomic.old.21: u64
                  local %atomic.lock.22: u32
                  local %atomic.arg.23: u64
                  local %atomic.stripe.24: u32
                  local %atomic.round.25: u32
                  local %atomic.lane.26: u32
                  %address.13 = %next.offset.10
                  %val.5 = 1:u32
                  %atomic.arg.17 = convert<u64>(%val.5)
                  %atomic.stripe.18 = ((((%address.13 >> 3:u32) + 238:u32) & 255:u32) + 256:u32)
                  %atomic.lane.20 = ((threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z)))) & 63:u32)
                  %atomic.round.19 = 0:u32
                  loop {
                    if (%atomic.round.19 == %atomic.lane.20) {
                      loop {
                        %atomic.lock.16 = call @__webcu_atomicCAS_u32(elem(&@__webcu_debug, %atomic.stripe.18), 0:u32, 1:u32)
                        if (%atomic.lock.16 == 0:u32) {
                          %atomic.old.15 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%next.0), %address.13)))
                          store convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%next.0), %address.13)), (%atomic.old.15 + %atomic.arg.17)
                          call @__webcu_atomicExch_u32(elem(&@__webcu_debug, %atomic.stripe.18), 0:u32)
                          break
                        }
                      }
                    }
                    %atomic.round.19 = (%atomic.round.19 + 1:u32)
                  } continuing {
                  } break_if (%atomic.round.19 == 64:u32)
                  %t0.6 = %atomic.old.15
                  %t0.3 = %t0.6
                  store ptradd(%slot.1, (%slot.offset.11 + threadIdx.x)), %t0.3
                  %address.14 = %seen.offset.12
                  %val.8 = (1:u64 << threadIdx.x)
                  %atomic.arg.23 = %val.8
                  %atomic.stripe.24 = ((((%address.14 >> 3:u32) + 106:u32) & 255:u32) + 256:u32)
                  %atomic.lane.26 = ((threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z)))) & 63:u32)
                  %atomic.round.25 = 0:u32
                  loop {
                    if (%atomic.round.25 == %atomic.lane.26) {
                      loop {
                        %atomic.lock.22 = call @__webcu_atomicCAS_u32(elem(&@__webcu_debug, %atomic.stripe.24), 0:u32, 1:u32)
                        if (%atomic.lock.22 == 0:u32) {
                          %atomic.old.21 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%seen.2), %address.14)))
                          store convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%seen.2), %address.14)), (%atomic.old.21 | %atomic.arg.23)
                          call @__webcu_atomicExch_u32(elem(&@__webcu_debug, %atomic.stripe.24), 0:u32)
                          break
                        }
                      }
                    }
                    %atomic.round.25 = (%atomic.round.25 + 1:u32)
                  } continuing {
                  } break_if (%atomic.round.25 == 64:u32)
                  %t0.9 = %atomic.old.21
                }
                """);
        assertEquals("", PassTesting.errors(d));
    }

    /**
     * A 64-bit compare-and-swap in the usual retry loop: one that cannot succeed (two reads agree
     * and differ from the compared value) returns without the lock, so that a grid of threads
     * retrying does not queue on it; the rest compare and swap inside the lock's branch.
     */
    @Test
    void Cas_U64_FailsWithoutLock_SwapsUnderLock() {
        DeviceModule dm = PassTesting.fromCuda("""
            __global__ void bump(unsigned long long *c)
            {
                unsigned long long old = *c, assumed;
                do {
                    assumed = old;
                    old = atomicCAS(c, assumed, assumed + 1);
                } while (old != assumed);
            }
            """, new Inline(), new DynamicSharedMemory(), new Printf(), new Abort(), new Warps(), new Int64(), new MemoryModel(), new HeapMemory());
        Diagnostics d = PassTesting.check(pass, dm, """
                kernel @bump(%c.0: ptr<u64>) -> void {
                  local %old.1: u64
                  local %assumed.2: u64
                  local %t0.3: u64
                  local %address.4: ptr<u64>
                  local %compare.5: u64
                  local %val.6: u64
                  local %t0.7: u64
                  local %c.offset.8: u32
                  local %address.9: u32
                  %old.1 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %c.offset.8)))
                  loop {
                    %assumed.2 = %old.1
                    %address.9 = %c.offset.8
                    %compare.5 = %assumed.2
                    %val.6 = (%assumed.2 + convert<u64>(1:i32))
                    %t0.7 = call @__webcu_atomicCAS_u64(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %address.9)), %compare.5, %val.6)
                    %t0.3 = %t0.7
                    %old.1 = %t0.3
                  } continuing {
                  } break_if (!(%old.1 != %assumed.2))
                }
                """, """
                kernel @bump(%c.0: ptr<u64>) -> void {
                  local %old.1: u64
                  local %assumed.2: u64
                  local %t0.3: u64
                  local %address.4: ptr<u64>
                  local %compare.5: u64
                  local %val.6: u64
                  local %t0.7: u64
                  local %c.offset.8: u32
                  local %address.9: u32
                  local %atomic.old.10: u64
                  local %atomic.lock.11: u32
                  local %atomic.arg.12: u64
                  local %atomic.arg.13: u64
                  local %atomic.stripe.14: u32
                  local %atomic.round.15: u32
                  local %atomic.lane.16: u32
                  local %atomic.seen.17: u64
                  local %atomic.again.18: u64
                  %old.1 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %c.offset.8)))
                  loop {
                    %assumed.2 = %old.1
                    %address.9 = %c.offset.8
                    %compare.5 = %assumed.2
                    %val.6 = (%assumed.2 + convert<u64>(1:i32))
                    %atomic.arg.12 = %compare.5
                    %atomic.arg.13 = %val.6
                    %atomic.stripe.14 = ((((%address.9 >> 3:u32) + 173:u32) & 255:u32) + 256:u32)
                    %atomic.seen.17 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %address.9)))
                    %atomic.again.18 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %address.9)))
                    if ((%atomic.seen.17 == %atomic.again.18) && (%atomic.seen.17 != %atomic.arg.12)) {
                      %atomic.old.10 = %atomic.seen.17
                    } else {
                      %atomic.lane.16 = ((threadIdx.x + (blockDim.x * (threadIdx.y + (blockDim.y * threadIdx.z)))) & 63:u32)
                      %atomic.round.15 = 0:u32
                      loop {
                        if (%atomic.round.15 == %atomic.lane.16) {
                          loop {
                            %atomic.lock.11 = call @__webcu_atomicCAS_u32(elem(&@__webcu_debug, %atomic.stripe.14), 0:u32, 1:u32)
                            if (%atomic.lock.11 == 0:u32) {
                              %atomic.old.10 = load(convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %address.9)))
                              store convert<ptr<u64>>(ptradd(convert<ptr<u8>>(%c.0), %address.9)), select((%atomic.old.10 == %atomic.arg.12), %atomic.arg.13, %atomic.old.10)
                              call @__webcu_atomicExch_u32(elem(&@__webcu_debug, %atomic.stripe.14), 0:u32)
                              break
                            }
                          }
                        }
                        %atomic.round.15 = (%atomic.round.15 + 1:u32)
                      } continuing {
                      } break_if (%atomic.round.15 == 64:u32)
                    }
                    %t0.7 = %atomic.old.10
                    %t0.3 = %t0.7
                    %old.1 = %t0.3
                  } continuing {
                  } break_if (!(%old.1 != %assumed.2))
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
