package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.frontend.SourceSet;
import webcu.passes.DevicePasses;
import webcu.passes.DeviceTarget;

/** The device code the driver compiles once per device target, and its coarsened variants. */
class DeviceCodeTest {
    private static final String PROGRAM = """
            __device__ int f(int n) {
                return n < 2 ? n : f(n - 1) + f(n - 2);
            }
            __global__ void fib(int *out) { *out = f(10); }
            __global__ void add(float *a) { a[threadIdx.x] += 1.0f; }
            int main() { return 0; }
            """;

    @Test
    void compilesTheKernelsOnceWithTheirDiagnosticsAtTheirLines() {
        CompileResult compiled = Compiler.compile(SourceSet.single("main.cu", PROGRAM));
        long before = DevicePasses.runs();
        DeviceCode code = Compiler.compileDevice(compiled, DeviceTarget.IEEE);
        assertEquals(1, DevicePasses.runs() - before);
        assertSame(compiled.module(), code.module());
        assertNull(code.failure());
        assertNotNull(code.program().kernel("add"));
        assertTrue(code.program().rejected().containsKey("fib"), code.program().rejected().toString());
        assertTrue(code.hasErrors());
        String rendered = code.render(false);
        // clang's form, with the source line, as the compile's own diagnostics
        assertTrue(rendered.startsWith("main.cu:2:25: error: "), rendered);
        assertTrue(rendered.contains("error: not supported on WebGPU yet: recursion"), rendered);
        assertTrue(rendered.contains("return n < 2 ? n : f(n - 1) + f(n - 2);\n"), rendered);
        assertTrue(rendered.endsWith("2 errors generated.\n"), rendered);
    }

    @Test
    void aCoarsenedVariantIsCompiledOncePerKernelAndFactor() {
        CompileResult compiled = Compiler.compile(SourceSet.single("main.cu", PROGRAM));
        DeviceCode code = Compiler.compileDevice(compiled, DeviceTarget.IEEE);
        long before = DevicePasses.runs();
        DeviceCode v = code.coarsened("add", 4);
        assertSame(v, code.coarsened("add", 4));
        assertEquals(1, DevicePasses.runs() - before);
        assertEquals(4, v.program().kernel("add").coarsening());
        assertEquals(1, code.program().kernel("add").coarsening());
        assertSame(compiled.module(), v.module());
        DeviceCode other = code.coarsened("add", 2);
        assertEquals(2, other.program().kernel("add").coarsening());
        assertEquals(2, DevicePasses.runs() - before);
    }

    /** A SPIR-V target gets SPIR-V (and no WGSL), the passes' rejections naming Vulkan; a WGSL target the reverse. */
    @Test
    void aSpirvTargetHoldsSpirv() {
        CompileResult compiled = Compiler.compile(SourceSet.single("main.cu", PROGRAM));
        DeviceCode spirv = Compiler.compileDevice(compiled, DeviceTarget.VULKAN);
        assertNull(spirv.failure());
        assertNotNull(spirv.spirv().kernel("add"));
        assertTrue(spirv.spirv().rejected().containsKey("fib"), spirv.spirv().rejected().toString());
        assertTrue(spirv.program().kernels().isEmpty());
        assertTrue(spirv.render(false).contains("main.cu:2:25: error: not supported on Vulkan (SPIR-V) yet: recursion"),
                spirv.render(false));
        DeviceCode wgsl = Compiler.compileDevice(compiled, DeviceTarget.IEEE);
        assertEquals(0, wgsl.spirv().words().length);
        assertNotNull(wgsl.program().kernel("add"));
    }

    /** Coarsening is not done for SPIR-V yet: the kernel is reported, not miscompiled. */
    @Test
    void aCoarsenedSpirvVariantIsReported() {
        CompileResult compiled = Compiler.compile(SourceSet.single("main.cu", PROGRAM));
        DeviceCode v = Compiler.compileDevice(compiled, DeviceTarget.VULKAN).coarsened("add", 4);
        assertNull(v.spirv().kernel("add"));
        assertTrue(v.render(false).contains("not supported on Vulkan (SPIR-V) yet: blocks larger than"), v.render(false));
    }
}
