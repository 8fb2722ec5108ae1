package webcu.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.frontend.SourceSet;
import webcu.passes.DeviceTarget;
import webcu.spirv.SpirvProgram;

/**
 * CUDA compiled by webcu to SPIR-V ({@code spirv.SpirvBackend}) runs on Vulkan (SwiftShader in
 * tests, under the Khronos validation layer): the launch is made by hand from the program's layout
 * (buffers at their bindings, the uniform block's grid and arguments at their offsets, blockDim
 * as specialization constants), as the Vulkan device of the CUDA runtime will make it.
 */
class VulkanSpirvTest {
    static final String VECTOR_ADD = """
            __global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
              int i = blockIdx.x * blockDim.x + threadIdx.x;
              if (i < n) c[i] = a[i] + b[i];
            }
            int main() { return 0; }
            """;

    @Test
    void cudaVectorAdd_runsOnVulkan() {
        CompileResult r = Compiler.compile(SourceSet.single("vector_add.cu", VECTOR_ADD));
        assertTrue(r.ok(), r.render(true));
        DeviceCode code = Compiler.compileDevice(r, DeviceTarget.VULKAN);
        assertEquals(List.of(), code.diagnostics());
        SpirvProgram p = code.spirv();
        SpirvProgram.Kernel k = p.kernels().get(0);
        int n = 1000;
        int block = 64;
        int grid = (n + block - 1) / block;
        try (VulkanCompute vk = VulkanCompute.open(true)) {
            List<VulkanCompute.Buffer> arrays = new ArrayList<>();
            List<VulkanCompute.Binding> bindings = new ArrayList<>();
            for (SpirvProgram.Buffer b : k.buffers()) {
                VulkanCompute.Buffer buf = vk.buffer(4L * n);
                ByteBuffer data = buf.contents();
                for (int i = 0; i < n; i++) {
                    data.putFloat(4 * i, b.param() == 0 ? i : b.param() == 1 ? 0.5f * i : -1f);
                }
                arrays.add(buf);
                bindings.add(new VulkanCompute.Binding(b.binding(), buf, VulkanCompute.Kind.STORAGE));
            }
            VulkanCompute.Buffer uniform = vk.buffer(k.uniformSize());
            ByteBuffer u = uniform.contents();
            for (int i = 0; i < k.uniformSize(); i += 4) {
                u.putInt(i, 0);
            }
            // gridDim x, y, z, then one dispatch slice per CUDA row (GridFolding)
            u.putInt(0, grid).putInt(4, 1).putInt(8, 1).putInt(12, 1);
            for (SpirvProgram.UniformField f : k.fields()) {
                if (f.buffer() < 0 && f.param() == 3) {
                    u.putInt(f.offset(), n);
                }
            }
            bindings.add(new VulkanCompute.Binding(k.uniformBinding(), uniform, VulkanCompute.Kind.UNIFORM));
            vk.dispatch(p.words(), k.entryPoint(), bindings, new int[] {block, 1, 1}, grid, 1, 1);
            assertTrue(vk.validationMessages().isEmpty(), "validation: " + vk.validationMessages());
            ByteBuffer c = arrays.get(2).contents();
            assertEquals(2, k.buffers().get(2).param());
            for (int i = 0; i < n; i++) {
                assertEquals(1.5f * i, c.getFloat(4 * i), "c[" + i + "]");
            }
            for (VulkanCompute.Buffer b : arrays) {
                b.close();
            }
            uniform.close();
            assertTrue(vk.validationMessages().isEmpty(), "validation: " + vk.validationMessages());
        }
    }
}
