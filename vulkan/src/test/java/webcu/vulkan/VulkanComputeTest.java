package webcu.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.spirv.SpirvModule;

/**
 * A SPIR-V kernel built with {@link SpirvModule} runs through Vulkan (in tests SwiftShader's Vulkan
 * driver, under the Khronos validation layer) and computes what C would, with no validation
 * message.
 */
class VulkanComputeTest {
    /** {@code y[i] = a * x[i] + y[i]} for {@code i < n}; {@code a} and {@code n} in a uniform block. */
    static int[] saxpy() {
        return saxpy(true);
    }

    /** Without {@code structured}, the branch lacks its OpSelectionMerge: invalid for Vulkan. */
    static int[] saxpy(boolean structured) {
        SpirvModule m = new SpirvModule();
        m.capability("Shader");
        m.memoryModel("Logical", "GLSL450");
        int voidT = m.typeVoid();
        int uint = m.typeInt(32, false);
        int f32 = m.typeFloat(32);
        int bool = m.typeBool();
        int v3 = m.typeVector(uint, 3);
        int gid = m.variable(m.typePointer("Input", v3), "Input");
        m.decorate(gid, "BuiltIn", SpirvModule.enumValue("BuiltIn", "GlobalInvocationId"));
        int floats = m.typeRuntimeArray(f32);
        m.decorate(floats, "ArrayStride", 4);
        int[] buffers = new int[2];
        for (int i = 0; i < 2; i++) {
            int block = m.typeStruct(floats);
            m.decorate(block, "Block");
            m.memberDecorate(block, 0, "Offset", 0);
            buffers[i] = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
            m.decorate(buffers[i], "DescriptorSet", 0);
            m.decorate(buffers[i], "Binding", i);
        }
        int params = m.typeStruct(f32, uint);
        m.decorate(params, "Block");
        m.memberDecorate(params, 0, "Offset", 0);
        m.memberDecorate(params, 1, "Offset", 4);
        int paramsVar = m.variable(m.typePointer("Uniform", params), "Uniform");
        m.decorate(paramsVar, "DescriptorSet", 0);
        m.decorate(paramsVar, "Binding", 2);
        int floatPtr = m.typePointer("StorageBuffer", f32);
        int zero = m.constantU32(0);
        int one = m.constantU32(1);

        SpirvModule.Function f = m.function(voidT, m.typeFunction(voidT), "None");
        m.entryPoint("GLCompute", f.id(), "saxpy", gid, buffers[0], buffers[1], paramsVar);
        m.executionMode(f.id(), "LocalSize", 64, 1, 1);
        int entry = m.id();
        int body = m.id();
        int done = m.id();
        f.label(entry);
        int i = f.value("OpCompositeExtract", uint, f.value("OpLoad", v3, gid), 0);
        int a = f.value("OpLoad", f32, f.value("OpAccessChain", m.typePointer("Uniform", f32), paramsVar, zero));
        int n = f.value("OpLoad", uint, f.value("OpAccessChain", m.typePointer("Uniform", uint), paramsVar, one));
        int inRange = f.value("OpULessThan", bool, i, n);
        if (structured) {
            f.op("OpSelectionMerge", done, SpirvModule.enumValue("SelectionControl", "None"));
        }
        f.op("OpBranchConditional", inRange, body, done);
        f.label(body);
        int x = f.value("OpLoad", f32, f.value("OpAccessChain", floatPtr, buffers[0], zero, i));
        int yPtr = f.value("OpAccessChain", floatPtr, buffers[1], zero, i);
        int y = f.value("OpLoad", f32, yPtr);
        f.op("OpStore", yPtr, f.value("OpFAdd", f32, f.value("OpFMul", f32, a, x), y));
        f.op("OpBranch", done);
        f.label(done);
        f.op("OpReturn");
        f.end();
        return m.words();
    }

    @Test
    void saxpyRunsOnVulkanWithoutValidationMessages() {
        int n = 1000;
        try (VulkanCompute vk = VulkanCompute.open(true)) {
            VulkanCompute.Buffer x = vk.buffer(4L * n);
            VulkanCompute.Buffer y = vk.buffer(4L * n);
            VulkanCompute.Buffer params = vk.buffer(16);
            ByteBuffer xs = x.contents();
            ByteBuffer ys = y.contents();
            for (int i = 0; i < n; i++) {
                xs.putFloat(4 * i, i);
                ys.putFloat(4 * i, 1000 - i);
            }
            params.contents().putFloat(0, 2f).putInt(4, n);
            vk.dispatch(saxpy(), "saxpy", List.of(new VulkanCompute.Binding(0, x, VulkanCompute.Kind.STORAGE),
                    new VulkanCompute.Binding(1, y, VulkanCompute.Kind.STORAGE),
                    new VulkanCompute.Binding(2, params, VulkanCompute.Kind.UNIFORM)), (n + 63) / 64, 1, 1);
            assertTrue(vk.validationMessages().isEmpty(), "validation: " + vk.validationMessages());
            ByteBuffer out = y.contents();
            for (int i = 0; i < n; i++) {
                assertEquals(2f * i + (1000 - i), out.getFloat(4 * i), "y[" + i + "]");
            }
            x.close();
            y.close();
            params.close();
            assertTrue(vk.validationMessages().isEmpty(), "validation: " + vk.validationMessages());
            System.out.println("Vulkan device: " + vk.deviceName() + ", Vulkan " + vk.apiVersion() + ", capabilities "
                    + vk.spirvCapabilities() + ", bufferDeviceAddress " + vk.hasBufferDeviceAddress());
        }
    }

    @Test
    void theValidationLayerReportsInvalidSpirv() {
        try (VulkanCompute vk = VulkanCompute.open(true)) {
            VulkanCompute.Buffer x = vk.buffer(64);
            VulkanCompute.Buffer y = vk.buffer(64);
            VulkanCompute.Buffer params = vk.buffer(16);
            try {
                vk.dispatch(saxpy(false), "saxpy", List.of(new VulkanCompute.Binding(0, x, VulkanCompute.Kind.STORAGE),
                        new VulkanCompute.Binding(1, y, VulkanCompute.Kind.STORAGE),
                        new VulkanCompute.Binding(2, params, VulkanCompute.Kind.UNIFORM)), 1, 1, 1);
            } catch (IllegalStateException e) {
                // a driver may also refuse the pipeline; the layer's message is what this test wants
            }
            assertTrue(vk.validationMessages().stream().anyMatch(m -> m.contains("spirv-val")), "messages: " + vk.validationMessages());
            x.close();
            y.close();
            params.close();
        }
    }
}
