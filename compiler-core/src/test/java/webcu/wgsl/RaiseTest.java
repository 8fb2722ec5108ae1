package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Validator;
import webcu.passes.DeviceModule;

/**
 * Raise turns the selects WGSL's {@code select()} cannot express (an operand reads memory) into a
 * temporary and an {@code if}, and the {@code &&}/{@code ||} around them into one too; the IR is
 * valid after it, and other selects stay.
 */
class RaiseTest {
    private static void check(String source, String before, String after) {
        IrSteps.check("Raise", Raise::run, source, before, after);
    }

    @Test
    void Select_ReadsMemory_BecomesIf() {
        check("__global__ void k(float *a, int i, int n) { float v = i < n ? a[i] : 0.0f; float w = i < n ? 1.0f : 2.0f; a[0] = v + w; }", """
                kernel @k(%a.0: ptr<f32>, %i.1: i32, %n.2: i32) -> void {
                  local %v.3: f32
                  local %w.4: f32
                  %v.3 = select((%i.1 < %n.2), load(ptradd(%a.0, %i.1)), 0.0:f32)
                  %w.4 = select((%i.1 < %n.2), 1.0:f32, 2.0:f32)
                  store ptradd(%a.0, 0:i32), (%v.3 + %w.4)
                }
                """, """
                kernel @k(%a.0: ptr<f32>, %i.1: i32, %n.2: i32) -> void {
                  local %v.3: f32
                  local %w.4: f32
                  local %sel.5: f32
                  if (%i.1 < %n.2) {
                    %sel.5 = load(ptradd(%a.0, %i.1))
                  } else {
                    %sel.5 = 0.0:f32
                  }
                  %v.3 = %sel.5
                  %w.4 = select((%i.1 < %n.2), 1.0:f32, 2.0:f32)
                  store ptradd(%a.0, 0:i32), (%v.3 + %w.4)
                }
                """);
    }

    @Test
    void And_RightOperandSelectReadsMemory_BecomesIf() {
        check("__global__ void k(float *a, bool *o, int i, int n) { *o = i < n && (i < 4 ? a[i] * 2.0f : 1.0f) > 0.0f; }", """
                kernel @k(%a.0: ptr<f32>, %o.1: ptr<bool>, %i.2: i32, %n.3: i32) -> void {
                  store %o.1, ((%i.2 < %n.3) && (select((%i.2 < 4:i32), (load(ptradd(%a.0, %i.2)) * 2.0:f32), 1.0:f32) > 0.0:f32))
                }
                """, """
                kernel @k(%a.0: ptr<f32>, %o.1: ptr<bool>, %i.2: i32, %n.3: i32) -> void {
                  local %and.4: bool
                  local %sel.5: f32
                  %and.4 = (%i.2 < %n.3)
                  if %and.4 {
                    if (%i.2 < 4:i32) {
                      %sel.5 = (load(ptradd(%a.0, %i.2)) * 2.0:f32)
                    } else {
                      %sel.5 = 1.0:f32
                    }
                    %and.4 = (%sel.5 > 0.0:f32)
                  }
                  store %o.1, %and.4
                }
                """);
    }

    @Test
    void BreakIf_SelectReadsMemory_AtTheEndOfContinuing() {
        check("__global__ void k(int *a, int n) { int i = 0; do { i++; } while (i < n ? a[i] != 0 : false); }", """
                kernel @k(%a.0: ptr<i32>, %n.1: i32) -> void {
                  local %i.2: i32
                  %i.2 = 0:i32
                  loop {
                    %i.2 = (%i.2 + 1:i32)
                  } continuing {
                  } break_if (!select((%i.2 < %n.1), (load(ptradd(%a.0, %i.2)) != 0:i32), false))
                }
                """, """
                kernel @k(%a.0: ptr<i32>, %n.1: i32) -> void {
                  local %i.2: i32
                  local %sel.3: bool
                  %i.2 = 0:i32
                  loop {
                    %i.2 = (%i.2 + 1:i32)
                  } continuing {
                    if (%i.2 < %n.1) {
                      %sel.3 = (load(ptradd(%a.0, %i.2)) != 0:i32)
                    } else {
                      %sel.3 = false
                    }
                  } break_if (!%sel.3)
                }
                """);
    }

    /** After the device passes (which give the kernel its interface): a is written and read. */
    @Test
    void Barrier_KernelExchangesThroughStorage_StorageBarrierBeforeIt() {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", "__global__ void k(int *a, const int *b) { a[threadIdx.x] = b[0]; __syncthreads(); a[0] = a[1]; }", true);
        DeviceModule dm = webcu.passes.DevicePasses.run(webcu.driver.Compiler.compile(set).module(), new Diagnostics());
        assertEquals("""
                kernel @k(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  local %a.offset.2: u32
                  local %b.offset.3: u32
                  local %blockIdx_x.4: u32
                  %blockIdx_x.4 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
                  if ((gridPadding.x != 0:u32) && (%blockIdx_x.4 >= gridDim.x)) {
                    return
                  }
                  store ptradd(%a.0, (%a.offset.2 + threadIdx.x)), load(ptradd(%b.1, %b.offset.3))
                  barrier
                  store ptradd(%a.0, %a.offset.2), load(ptradd(%a.0, (%a.offset.2 + 1:u32)))
                }
                """, IrSteps.kernels(dm), "the IR before Raise");
        Raise.run(dm);
        assertEquals("""
                kernel @k(%a.0: ptr<i32>, %b.1: ptr<i32>) -> void {
                  local %a.offset.2: u32
                  local %b.offset.3: u32
                  local %blockIdx_x.4: u32
                  %blockIdx_x.4 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
                  if ((gridPadding.x != 0:u32) && (%blockIdx_x.4 >= gridDim.x)) {
                    return
                  }
                  store ptradd(%a.0, (%a.offset.2 + threadIdx.x)), load(ptradd(%b.1, %b.offset.3))
                  call @__webcu_storageBarrier()
                  barrier
                  store ptradd(%a.0, %a.offset.2), load(ptradd(%a.0, (%a.offset.2 + 1:u32)))
                }
                """, IrSteps.kernels(dm), "the IR after Raise");
        assertEquals(List.of(), Validator.validate(dm.module()), "the IR after Raise is valid");
    }

    @Test
    void Barrier_KernelOnlyReadsStorage_NoStorageBarrier() {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", "__global__ void k(int *a, const int *b) { __shared__ int s[4]; s[0] = b[0]; __syncthreads(); a[0] = s[1]; }", true);
        DeviceModule dm = webcu.passes.DevicePasses.run(webcu.driver.Compiler.compile(set).module(), new Diagnostics());
        String before = IrSteps.kernels(dm);
        Raise.run(dm);
        assertEquals(before, IrSteps.kernels(dm), "nothing to raise");
    }
}
