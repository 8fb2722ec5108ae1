package webcu.spirv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import webcu.testing.Golden;

/**
 * Modules built with {@link SpirvModule} are valid Vulkan 1.2 SPIR-V (spirv-val), and the
 * disassembler reads them back as spirv-dis does; the vector add's text is a golden snapshot.
 */
class SpirvModuleTest {
    private static final Path GOLDEN = Path.of("src/test/resources/spirv/golden");

    /** {@code c[i] = a[i] + b[i]} for {@code i < n}, with one storage buffer per array as webcu binds them. */
    static int[] vectorAdd() {
        SpirvModule m = new SpirvModule();
        m.capability("Shader");
        m.memoryModel("Logical", "GLSL450");
        int voidT = m.typeVoid();
        int uint = m.typeInt(32, false);
        int f32 = m.typeFloat(32);
        int bool = m.typeBool();
        int v3 = m.typeVector(uint, 3);
        int gidPtr = m.typePointer("Input", v3);
        int gid = m.variable(gidPtr, "Input");
        m.name(gid, "gl_GlobalInvocationID");
        m.decorate(gid, "BuiltIn", SpirvModule.enumValue("BuiltIn", "GlobalInvocationId"));
        int floats = m.typeRuntimeArray(f32);
        m.decorate(floats, "ArrayStride", 4);
        int[] buffers = new int[3];
        String[] names = {"a", "b", "c"};
        int floatPtr = m.typePointer("StorageBuffer", f32);
        for (int i = 0; i < 3; i++) {
            int block = m.typeStruct(floats);
            m.decorate(block, "Block");
            m.memberDecorate(block, 0, "Offset", 0);
            buffers[i] = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
            m.name(buffers[i], names[i]);
            m.decorate(buffers[i], "DescriptorSet", 0);
            m.decorate(buffers[i], "Binding", i);
            if (i < 2) {
                m.decorate(buffers[i], "NonWritable");
            }
        }
        int params = m.typeStruct(uint);
        m.decorate(params, "Block");
        m.memberDecorate(params, 0, "Offset", 0);
        m.memberName(params, 0, "n");
        int paramsVar = m.variable(m.typePointer("Uniform", params), "Uniform");
        m.decorate(paramsVar, "DescriptorSet", 0);
        m.decorate(paramsVar, "Binding", 3);
        int uintUniformPtr = m.typePointer("Uniform", uint);
        int zero = m.constantU32(0);

        SpirvModule.Function f = m.function(voidT, m.typeFunction(voidT), "None");
        m.name(f.id(), "vector_add");
        m.entryPoint("GLCompute", f.id(), "vector_add", gid, buffers[0], buffers[1], buffers[2], paramsVar);
        m.executionMode(f.id(), "LocalSize", 256, 1, 1);
        int entry = m.id();
        int body = m.id();
        int done = m.id();
        f.label(entry);
        int g = f.value("OpLoad", v3, gid);
        int i = f.value("OpCompositeExtract", uint, g, 0);
        int n = f.value("OpLoad", uint, f.value("OpAccessChain", uintUniformPtr, paramsVar, zero));
        int inRange = f.value("OpULessThan", bool, i, n);
        f.op("OpSelectionMerge", done, SpirvModule.enumValue("SelectionControl", "None"));
        f.op("OpBranchConditional", inRange, body, done);
        f.label(body);
        int a = f.value("OpLoad", f32, f.value("OpAccessChain", floatPtr, buffers[0], zero, i));
        int b = f.value("OpLoad", f32, f.value("OpAccessChain", floatPtr, buffers[1], zero, i));
        int sum = f.value("OpFAdd", f32, a, b);
        f.op("OpStore", f.value("OpAccessChain", floatPtr, buffers[2], zero, i), sum);
        f.op("OpBranch", done);
        f.label(done);
        f.op("OpReturn");
        f.end();
        return m.words();
    }

    @Test
    void vectorAddIsValidVulkanSpirv() throws IOException {
        Path spv = SpirvTools.write(vectorAdd());
        SpirvTools.Result val = SpirvTools.run("spirv-val", "--target-env", "vulkan1.2", spv.toString());
        assertEquals(0, val.status(), val.output());
        SpirvTools.Result dis = SpirvTools.run("spirv-dis", "--raw-id", spv.toString());
        String ours = SpirvDisassembler.disassemble(vectorAdd());
        assertEquals(dis.output(), ours);
        Golden.check(GOLDEN.resolve("vector_add.spvasm"), ours);
        Files.delete(spv);
    }

    @Test
    void typesAndConstantsAreMadeOnce() {
        SpirvModule m = new SpirvModule();
        assertEquals(m.typeInt(32, false), m.typeInt(32, false));
        assertNotEquals(m.typeInt(32, false), m.typeInt(32, true));
        assertEquals(m.constantU32(7), m.constantU32(7));
        assertNotEquals(m.constantU32(7), m.constantI32(7));
        assertEquals(m.typePointer("StorageBuffer", m.typeFloat(32)), m.typePointer("StorageBuffer", m.typeFloat(32)));
        assertNotEquals(m.typeStruct(m.typeFloat(32)), m.typeStruct(m.typeFloat(32)), "structs carry their own decorations");
    }

    @Test
    void stringsArePaddedAndTerminated() {
        assertEquals(2, SpirvModule.string("main").length, "4 bytes, then a word holding the nul");
        assertEquals(1, SpirvModule.string("abc").length);
        assertEquals(0x00636261, SpirvModule.string("abc")[0]);
    }
}
