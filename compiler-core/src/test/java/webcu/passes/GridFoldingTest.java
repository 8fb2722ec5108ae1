package webcu.passes;

import org.junit.jupiter.api.Test;

/**
 * GridFolding computes blockIdx from the dispatch's workgroup id and returns from the padding
 * workgroups of a folded row, in every kernel (PassTesting validates the IR after it). For WGSL the
 * padding check first asks the pipeline's gridPadding, 0 where the launch has no padding; for
 * SPIR-V (the grid dispatched as it is) the check is as it was.
 */
class GridFoldingTest {
    @Test
    void BlockIdx_XAndY_FromWorkgroupIdAndSlices() {
        DeviceModule dm = PassTesting.fromCuda("__global__ void k(int *o) { o[blockIdx.y * gridDim.x + blockIdx.x] = 1; }");
        PassTesting.check(new GridFolding(), dm, """
                kernel @k(%o.0: ptr<i32>) -> void {
                  store ptradd(%o.0, ((blockIdx.y * gridDim.x) + blockIdx.x)), 1:i32
                }
                """, """
                kernel @k(%o.0: ptr<i32>) -> void {
                  local %blockIdx_x.1: u32
                  local %blockIdx_y.2: u32
                  %blockIdx_x.1 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
                  %blockIdx_y.2 = (workgroupId.y / gridSlices.x)
                  if ((gridPadding.x != 0:u32) && (%blockIdx_x.1 >= gridDim.x)) {
                    return
                  }
                  store ptradd(%o.0, ((%blockIdx_y.2 * gridDim.x) + %blockIdx_x.1)), 1:i32
                }
                """);
    }

    @Test
    void NoBlockIdx_StillReturnsFromPadding() {
        DeviceModule dm = PassTesting.fromCuda("__global__ void k(int *o) { o[threadIdx.x] = 1; }");
        PassTesting.check(new GridFolding(), dm, """
                kernel @k(%o.0: ptr<i32>) -> void {
                  store ptradd(%o.0, threadIdx.x), 1:i32
                }
                """, """
                kernel @k(%o.0: ptr<i32>) -> void {
                  local %blockIdx_x.1: u32
                  %blockIdx_x.1 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
                  if ((gridPadding.x != 0:u32) && (%blockIdx_x.1 >= gridDim.x)) {
                    return
                  }
                  store ptradd(%o.0, threadIdx.x), 1:i32
                }
                """);
    }

    /** A Vulkan device has no pipeline variants for the padding: the check is unconditional. */
    @Test
    void Spirv_CheckUnconditional() {
        DeviceModule dm = PassTesting.fromCuda("__global__ void k(int *o) { o[blockIdx.x] = 1; }");
        dm.target(DeviceTarget.VULKAN);
        PassTesting.check(new GridFolding(), dm, """
                kernel @k(%o.0: ptr<i32>) -> void {
                  store ptradd(%o.0, blockIdx.x), 1:i32
                }
                """, """
                kernel @k(%o.0: ptr<i32>) -> void {
                  local %blockIdx_x.1: u32
                  %blockIdx_x.1 = (workgroupId.x + ((workgroupId.y % gridSlices.x) * workgroupCount.x))
                  if (%blockIdx_x.1 >= gridDim.x) {
                    return
                  }
                  store ptradd(%o.0, %blockIdx_x.1), 1:i32
                }
                """);
    }
}
