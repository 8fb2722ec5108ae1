package webcu.spirv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostic;
import webcu.diag.Diagnostics;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.passes.DeviceTarget;
import webcu.passes.KernelLayout;
import webcu.testing.Golden;

/**
 * What {@link SpirvBackend} writes from CUDA: every conformance kernel it compiles passes
 * {@code spirv-val --target-env vulkan1.2} and is disassembled by {@link SpirvDisassembler} exactly as
 * {@code spirv-dis --raw-id} does; what it cannot express is a diagnostic at the CUDA line and the
 * kernel is left out, never an invalid module; three small kernels are golden snapshots.
 */
class SpirvWriterTest {
    private static final Path GOLDEN = Path.of("src/test/resources/spirv/golden");

    static CompileResult compile(String name, String source) {
        CompileResult r = Compiler.compile(SourceSet.single(name, source));
        assertTrue(r.ok(), r.render(true));
        return r;
    }

    static SpirvProgram spirv(CompileResult r, Diagnostics d) {
        return spirv(r, d, DeviceTarget.VULKAN);
    }

    static SpirvProgram spirv(CompileResult r, Diagnostics d, DeviceTarget target) {
        return SpirvBackend.compile(r.module(), d, new HashMap<>(), target);
    }

    /**
     * A float multiply-add (contracted, as nvcc does) is one GLSL Fma on a device whose Fma rounds
     * once (a GPU), and the exact emulation through doubles where it may not (a CPU device, or
     * unknown): the emulation made an H200's tiled SGEMM 4.8x slower.
     */
    @Test
    void floatFma_oneInstructionWhereTheDevicesFmaIsFused() throws IOException {
        CompileResult r = compile("axpy.cu", """
                __global__ void axpy(float a, const float* x, float* y) { int i = threadIdx.x; y[i] = a * x[i] + y[i]; }
                """);
        SpirvProgram fused = spirv(r, new Diagnostics(), DeviceTarget.VULKAN.withFma(DeviceTarget.Fma.HARDWARE));
        assertEquals("", validate(fused));
        assertTrue(fused.disassembly().contains(" Fma ") && !fused.disassembly().contains("OpFConvert"), fused.disassembly());
        SpirvProgram exact = spirv(r, new Diagnostics(), DeviceTarget.VULKAN.withFma(DeviceTarget.Fma.SOFTWARE));
        assertEquals("", validate(exact));
        assertTrue(exact.disassembly().contains("OpFConvert"), exact.disassembly());
    }

    /** spirv-val's verdict on {@code p} (empty when valid), and our disassembly checked against spirv-dis. */
    static String validate(SpirvProgram p) throws IOException {
        Path spv = SpirvTools.write(p.words());
        try {
            SpirvTools.Result val = SpirvTools.run("spirv-val", "--target-env", "vulkan1.2", spv.toString());
            SpirvTools.Result dis = SpirvTools.run("spirv-dis", "--raw-id", spv.toString());
            assertEquals(dis.output(), p.disassembly(), "our disassembly differs from spirv-dis --raw-id");
            return val.status() == 0 ? "" : val.output();
        } finally {
            Files.delete(spv);
        }
    }

    @Test
    void conformanceKernels_validateOrReportUnsupported() throws IOException {
        conformanceKernels(DeviceTarget.VULKAN, 93, 135, 1);
    }

    /** For SwiftShader, which has none of the optional capabilities: 64-bit integers as u32 pairs where the writer does them. */
    @Test
    void conformanceKernels_withoutOptionalCapabilities_validate() throws IOException {
        conformanceKernels(DeviceTarget.VULKAN.withSpirvCapabilities(java.util.Set.of()), 69, 93, 34);
    }

    /** For lavapipe, whose driver ends loops: every loop checks how it was left (LoopExits), and the modules stay valid. */
    @Test
    void conformanceKernels_withLoopExitChecks_validate() throws IOException {
        conformanceKernels(DeviceTarget.VULKAN.withLoopLimit(65535), 93, 135, 1);
    }

    private static void conformanceKernels(DeviceTarget target, int minValid, int minKernels, int maxUnsupported)
            throws IOException {
        Path cases = Path.of("../tests/conformance/cases");
        List<Path> sources;
        try (var s = Files.walk(cases)) {
            sources = s.filter(f -> f.toString().endsWith(".cu")).sorted().toList();
        }
        int valid = 0;
        int withUnsupported = 0;
        int kernels = 0;
        List<String> invalid = new ArrayList<>();
        for (Path source : sources) {
            SourceSet set = new SourceSet();
            set.file(source.getFileName().toString(), Files.readString(source, StandardCharsets.UTF_8), true);
            CompileResult r = Compiler.compile(set);
            assertTrue(r.ok(), source + ":\n" + r.render(true));
            Diagnostics d = new Diagnostics();
            SpirvProgram p = spirv(r, d, target);
            for (Diagnostic x : d.all()) {
                assertEquals(DiagKey.ERR_NOT_SUPPORTED_VULKAN, x.key(), source + ": " + x.message());
                assertTrue(x.span().isKnown() && x.span().line() > 0, source + ": no line for " + x.message());
            }
            if (!d.all().isEmpty()) {
                withUnsupported++;
            }
            if (p.kernels().isEmpty()) {
                continue;
            }
            kernels += p.kernels().size();
            String verdict = validate(p);
            if (verdict.isEmpty()) {
                valid++;
            } else {
                invalid.add(source + ":\n" + verdict);
            }
        }
        System.out.println("SPIR-V of the conformance cases: " + sources.size() + " cases, " + valid + " modules valid ("
                + kernels + " kernels), " + withUnsupported + " cases with unsupported kernels, " + invalid.size() + " invalid");
        assertEquals(List.of(), invalid, "spirv-val rejected modules");
        assertTrue(valid >= minValid, "only " + valid + " conformance modules compiled to SPIR-V");
        assertTrue(kernels >= minKernels, "only " + kernels + " conformance kernels compiled to SPIR-V");
        assertTrue(withUnsupported <= maxUnsupported, withUnsupported + " conformance cases with unsupported kernels");
    }

    @Test
    void goldenKernels() throws IOException {
        String[][] samples = {{"vector_add.cu", SpirvSamples.VECTOR_ADD, "cuda_vector_add.spvasm"},
            {"block_sum.cu", SpirvSamples.BLOCK_SUM, "cuda_block_sum.spvasm"}, {"collatz.cu", SpirvSamples.COLLATZ, "cuda_collatz.spvasm"}};
        for (String[] s : samples) {
            Diagnostics d = new Diagnostics();
            SpirvProgram p = spirv(compile(s[0], s[1]), d);
            assertEquals(List.of(), d.all(), s[0]);
            assertEquals("", validate(p), s[0]);
            Golden.check(GOLDEN.resolve(s[2]), p.disassembly());
        }
    }

    /**
     * Heap mode as on the WGSL target: one word binding, the heap, no binding per pointer; the
     * pointer argument a u32 heap offset and heap.base a u64 in the uniform; valid with Int64 (a
     * golden snapshot) and without it (SwiftShader), where the addresses are u32 pairs and no
     * 64-bit type is declared.
     */
    @Test
    void heapMode_linkedList_withAndWithoutInt64() throws IOException {
        CompileResult r = compile("list.cu", SpirvSamples.LINKED_LIST);
        for (DeviceTarget target : List.of(DeviceTarget.VULKAN, DeviceTarget.VULKAN.withSpirvCapabilities(java.util.Set.of()))) {
            Diagnostics d = new Diagnostics();
            SpirvProgram p = spirv(r, d, target);
            assertEquals(List.of(), d.all());
            assertEquals("", validate(p));
            KernelLayout l = p.kernel("listSum");
            assertEquals(1, l.buffers().size());
            assertTrue(l.buffers().get(0).heap(), l.toString());
            assertTrue(l.uniform().fields().stream().anyMatch(f -> f.heapOffset() && f.param() == 0 && f.size() == 4), l.toString());
            assertTrue(l.uniform().fields().stream().anyMatch(f -> f.heapBase() && f.offset() % 8 == 0), l.toString());
            boolean int64 = target.spirvCapabilities().contains("Int64");
            assertEquals(int64, p.disassembly().contains("OpTypeInt 64"), p.disassembly());
            if (int64) {
                Golden.check(GOLDEN.resolve("cuda_linked_list.spvasm"), p.disassembly());
            }
        }
    }

    /**
     * Without Int64 a 64-bit integer is a u32 pair only for what heap mode computes: other 64-bit
     * arithmetic (a multiply) still reports the missing capability, never a wrong operation.
     */
    @Test
    void wideIntegers_onlyWhatHeapModeNeeds() throws IOException {
        DeviceTarget none = DeviceTarget.VULKAN.withSpirvCapabilities(java.util.Set.of());
        Diagnostics d = new Diagnostics();
        SpirvProgram p = spirv(compile("w.cu", """
                __global__ void add(unsigned* p, unsigned a) {
                  unsigned long long x = (unsigned long long)p[threadIdx.x] + a - 1ull;
                  p[threadIdx.x] = x > 0xFFFFFFFFull ? 1u : (unsigned)x;
                }
                __global__ void mul(unsigned long long* p, unsigned a) { p[threadIdx.x] = p[threadIdx.x] * a; }
                int main() { return 0; }
                """), d, none);
        assertEquals("", validate(p));
        assertEquals(List.of("add"), p.kernels().stream().map(KernelLayout::kernel).toList());
        assertEquals(1, d.all().size(), d.all().toString());
        assertTrue(d.all().get(0).message().contains("'unsigned long long' on a Vulkan device without Int64"), d.all().toString());
    }

    /**
     * A signed remainder is l - (l / r) * r (OpSDiv), never OpSRem, which NVIDIA's Vulkan driver
     * answered as an unsigned remainder for negative operands ({@code -1 % 3 == 0} held); unsigned
     * ones stay OpUMod.
     */
    @Test
    void signedRemainder_throughDivision() throws IOException {
        SpirvProgram p = spirv(compile("rem.cu", """
                __global__ void k(const int* in, int* out, unsigned* u, long long* w) {
                  int i = threadIdx.x;
                  out[i] = in[i] % 3 == 0 ? in[i] % in[i + 1] : 1;
                  u[i] = u[i] % 3u;
                  w[i] = w[i] % 7;
                }
                int main() { return 0; }
                """), new Diagnostics());
        assertEquals("", validate(p));
        String text = p.disassembly();
        assertFalse(text.contains("OpSRem") || text.contains("OpSMod"), text);
        assertTrue(text.contains("OpSDiv") && text.contains("OpUMod"), text);
    }

    @Test
    void reduce_hasWorkgroupMemoryBarriersAndStructuredLoop() {
        String text = spirv(compile("block_sum.cu", SpirvSamples.BLOCK_SUM), new Diagnostics()).disassembly();
        assertTrue(text.contains("OpControlBarrier"), text);
        assertTrue(text.contains("OpLoopMerge"), text);
        assertTrue(text.contains("Workgroup"), text);
        assertTrue(text.contains("OpDecorate %6 BuiltIn WorkgroupSize"), text);
        assertTrue(text.contains("OpLine"), text);
    }

    /**
     * __syncthreads orders buffer memory (UniformMemory, 0x40) only where threads may talk through a
     * buffer: always in a kernel with a binding both written and read; in one whose bindings are
     * each only read or only written, just where the launch binds one allocation twice (SpecId 5,
     * a branch between the two barriers that the specialization folds); elsewhere only workgroup
     * memory, as Tint's SPIR-V of the WGSL target's workgroupBarrier().
     */
    @Test
    void barrier_ordersBufferMemoryOnlyWhereThreadsMayTalkThroughBuffers() throws IOException {
        String apart = """
                __global__ void apart(const float* in, float* out) {
                  __shared__ float s[64];
                  s[threadIdx.x] = in[threadIdx.x];
                  __syncthreads();
                  out[threadIdx.x] = s[63 - threadIdx.x];
                }
                """;
        String through = """
                __global__ void through(float* a) {
                  a[threadIdx.x] = threadIdx.x;
                  __syncthreads();
                  a[threadIdx.x] += a[63 - threadIdx.x];
                }
                """;
        int buffers = 0x8 | 0x40 | 0x100;
        int workgroup = 0x8 | 0x100;
        SpirvProgram a = spirv(compile("apart.cu", apart), new Diagnostics());
        assertEquals("", validate(a));
        String text = a.disassembly();
        assertTrue(text.contains("OpDecorate %") && text.contains(" SpecId 5"), text);
        assertEquals(2, text.split("OpControlBarrier").length - 1, text);
        assertTrue(text.contains("OpConstant %1 " + buffers + "\n") && text.contains("OpConstant %1 " + workgroup + "\n"), text);
        SpirvProgram t = spirv(compile("through.cu", through), new Diagnostics());
        assertEquals("", validate(t));
        text = t.disassembly();
        assertFalse(text.contains(" SpecId 5"), text);
        assertEquals(1, text.split("OpControlBarrier").length - 1, text);
        assertTrue(text.contains("OpConstant %1 " + buffers + "\n") && !text.contains("OpConstant %1 " + workgroup + "\n"), text);
    }

    /**
     * With a driver loop limit, each loop (here collatz's while loop) sets its flag on entry, clears
     * it at its break, and checks it at its merge against a fault site of kind LOOP_LIMIT at the
     * loop's line; without one, none of that is written.
     */
    @Test
    void loopExitChecks_onlyWhereTheDriverEndsLoops() throws IOException {
        CompileResult r = compile("collatz.cu", SpirvSamples.COLLATZ);
        SpirvProgram plain = spirv(r, new Diagnostics());
        assertTrue(plain.checkSites().stream().noneMatch(c -> c.kind() == webcu.passes.DebugBuffer.LOOP_LIMIT));
        assertFalse(plain.disassembly().contains("webcu_in_loop"), plain.disassembly());
        SpirvProgram checked = spirv(r, new Diagnostics(), DeviceTarget.VULKAN.withLoopLimit(65535));
        assertEquals("", validate(checked));
        List<webcu.diag.Span> loops = checked.checkSites().stream()
                .filter(c -> c.kind() == webcu.passes.DebugBuffer.LOOP_LIMIT).map(webcu.passes.DebugBuffer.CheckSite::span).toList();
        int whileLine = SpirvSamples.COLLATZ.lines().toList().indexOf(SpirvSamples.COLLATZ.lines()
                .filter(l -> l.contains("while")).findFirst().orElseThrow()) + 1;
        assertEquals(List.of(whileLine), loops.stream().map(webcu.diag.Span::line).toList(), loops.toString());
        String text = checked.disassembly();
        assertTrue(text.contains("OpName %") && text.contains("\"webcu_in_loop0\""), text);
        // the flag: set before the loop, cleared at the break, read at the merge
        assertTrue(text.split("OpConstantTrue", -1).length >= 2 && text.contains("OpConstantFalse"), text);
    }

    /** Double math GLSL.std.450 lacks (exp, log, pow, sin …) is DoubleMath's (its Fma only in polynomials). */
    @Test
    void doubleMath_validWithoutGlslDoubleTranscendentals() throws IOException {
        String source = """
                __global__ void m(const double* x, double* out) {
                  double v = x[threadIdx.x];
                  out[threadIdx.x] = exp(v) + log(v) + pow(v, 2.5) + sin(v) + cos(v) + tan(v) + atan2(v, 2.0) + tanh(v)
                      + cbrt(v) + expm1(v) + log1p(v) + log2(v) + log10(v) + asin(v) + acos(v) + sinh(v) + cosh(v)
                      + exp2(v) + hypot(v, 1.0) + atan(v) + fma(v, v, -1.0);
                }
                int main() { return 0; }
                """;
        Diagnostics d = new Diagnostics();
        SpirvProgram p = spirv(compile("dmath.cu", source), d);
        assertEquals(List.of(), d.all());
        assertEquals("", validate(p));
        String text = p.disassembly();
        for (String glsl : List.of(" Exp ", " Log ", " Sin ", " Cos ", " Pow ")) {
            assertTrue(!text.contains(glsl), glsl + " on doubles");
        }
        assertTrue(text.contains("OpCapability Float64"), "Float64");
        assertTrue(!text.contains("OpCapability Int64"), "double math needs no Int64");
    }

    /**
     * 64-bit atomics: one native atomic each on a device with Int64Atomics (through a u64 view of the
     * word binding), the word and lock emulation on one without; both modules valid.
     */
    @Test
    void atomics64_nativeWithInt64Atomics_elseEmulated() throws IOException {
        String source = """
                __global__ void k(unsigned long long* s, long long* m, unsigned long long* c) {
                  atomicAdd(s, 3ULL);
                  atomicMax(m, (long long)threadIdx.x - 5);
                  atomicCAS(c, 0ULL, 1ULL);
                }
                int main() { return 0; }
                """;
        CompileResult r = compile("a64.cu", source);
        Diagnostics d = new Diagnostics();
        SpirvProgram nativeAtomics = SpirvBackend.compile(r.module(), d, new HashMap<>(), DeviceTarget.VULKAN);
        assertEquals(List.of(), d.all());
        assertEquals("", validate(nativeAtomics));
        String text = nativeAtomics.disassembly();
        assertTrue(text.contains("OpCapability Int64Atomics") && text.contains("OpAtomicSMax"), text);
        java.util.Set<String> without = new java.util.HashSet<>(DeviceTarget.VULKAN.spirvCapabilities());
        without.remove("Int64Atomics");
        SpirvProgram emulated = SpirvBackend.compile(r.module(), d, new HashMap<>(), DeviceTarget.VULKAN.withSpirvCapabilities(without));
        assertEquals(List.of(), d.all());
        assertEquals("", validate(emulated));
        assertTrue(!emulated.disassembly().contains("Int64Atomics") && !emulated.disassembly().contains("OpAtomicSMax"));
    }

    /** A kernel the writer cannot express is reported at its line and left out; the other kernel still compiles. */
    @Test
    void unsupportedKernel_isDiagnosedAndLeftOut() throws IOException {
        String source = """
                __global__ void root(float* out, float x) {
                  out[0] = lgammaf(x);
                }
                __global__ void ok(int* out) { out[threadIdx.x] = threadIdx.x; }
                int main() { return 0; }
                """;
        Diagnostics d = new Diagnostics();
        SpirvProgram p = spirv(compile("mixed.cu", source), d);
        assertEquals(1, d.all().size(), d.all().toString());
        Diagnostic x = d.all().get(0);
        assertEquals(DiagKey.ERR_NOT_SUPPORTED_VULKAN, x.key());
        assertEquals(2, x.span().line());
        assertTrue(x.message().contains("lgammaf"), x.message());
        assertEquals(List.of("ok"), p.kernels().stream().map(KernelLayout::entryPoint).toList());
        assertNotNull(p.rejected().keySet().stream().filter(n -> n.contains("root")).findFirst().orElse(null));
        assertEquals("", validate(p));
    }

    /** What the passes reject for every target names Vulkan when the target is SPIR-V. */
    @Test
    void passRejection_namesVulkan() {
        String source = """
                __device__ int f(int n) { return n <= 1 ? 1 : n * f(n - 1); }
                __global__ void k(int* out) { out[0] = f(5); }
                int main() { return 0; }
                """;
        Diagnostics d = new Diagnostics();
        SpirvProgram p = spirv(compile("rec.cu", source), d);
        assertTrue(p.kernels().isEmpty());
        assertEquals(DiagKey.ERR_NOT_SUPPORTED_VULKAN, d.all().get(0).key());
        assertTrue(d.all().get(0).message().startsWith("not supported on Vulkan (SPIR-V) yet: recursion"), d.all().get(0).message());
    }

    /** The layout is the WGSL target's: buffers 0..n-1, the uniform block at n, the scalar after the 16-byte grid. */
    @Test
    void layout_matchesWgslNumbers() {
        SpirvProgram p = spirv(compile("vector_add.cu", SpirvSamples.VECTOR_ADD), new Diagnostics());
        KernelLayout k = p.kernels().get(0);
        assertEquals("vectorAdd", k.entryPoint());
        assertEquals(3, k.buffers().size());
        assertEquals(3, k.uniform().binding());
        assertEquals(16, k.uniform().fields().get(0).offset(), "n follows the grid");
        assertEquals(List.of(true, true, false), k.buffers().stream().map(KernelLayout.Buffer::readOnly).toList());
        assertEquals(List.of("0", "1", "2"), k.workgroupSize(), "blockDim's SpecIds");
        assertEquals(null, k.dynamicSharedWords());
        webcu.wgsl.WgslProgram w = webcu.wgsl.WgslBackend.compile(compile("vector_add.cu", SpirvSamples.VECTOR_ADD).module(), new Diagnostics());
        KernelLayout wl = w.kernels().get(0);
        // the numbers, not the names (WGSL's are legal identifiers, SPIR-V's OpNames the IR's)
        assertEquals(wl.buffers().stream().map(b -> List.of(b.binding(), b.param(), b.argOffset(), b.unitSize(), b.readOnly())).toList(),
                k.buffers().stream().map(b -> List.of(b.binding(), b.param(), b.argOffset(), b.unitSize(), b.readOnly())).toList());
        assertEquals(wl.uniform().binding(), k.uniform().binding());
        assertEquals(wl.uniform().size(), k.uniform().size());
        assertEquals(wl.uniform().fields().stream().map(f -> List.of(f.param(), f.argOffset(), f.type(), f.offset(), f.buffer())).toList(),
                k.uniform().fields().stream().map(f -> List.of(f.param(), f.argOffset(), f.type(), f.offset(), f.buffer())).toList());
    }

    static final String WIDE = """
            __global__ void bits(const unsigned long long* w, int* out) {
              int i = threadIdx.x;
              unsigned long long x = w[i];
              out[4 * i] = __popcll(x);
              out[4 * i + 1] = __clzll(x);
              out[4 * i + 2] = __ffsll(x);
              out[4 * i + 3] = (int) (__brevll(x) >> 7);
            }
            __global__ void narrow(int* out) { out[threadIdx.x] = __popc(threadIdx.x); }
            int main() { return 0; }
            """;

    /**
     * A device without Int64 (SwiftShader has none of the optional capabilities): the kernel that needs
     * it is reported at its declaration (its 64-bit parameter's buffer comes first) and left out, the module declares no Int64
     * and stays valid; with every capability both kernels compile and validate.
     */
    @Test
    void aMissingCapabilityIsADiagnostic() throws IOException {
        CompileResult r = compile("wide.cu", WIDE);
        Diagnostics d = new Diagnostics();
        SpirvProgram p = SpirvBackend.compile(r.module(), d, new HashMap<>(), DeviceTarget.VULKAN.withSpirvCapabilities(java.util.Set.of()));
        assertEquals(1, d.all().size(), d.all().toString());
        assertEquals(1, d.all().get(0).span().line());
        assertEquals("not supported on Vulkan (SPIR-V) yet: 'unsigned long long' on a Vulkan device without Int64",
                d.all().get(0).message());
        assertEquals(List.of("narrow"), p.kernels().stream().map(KernelLayout::entryPoint).toList());
        assertTrue(!p.disassembly().contains("Int64"), p.disassembly());
        assertEquals("", validate(p));
        Diagnostics all = new Diagnostics();
        SpirvProgram full = spirv(r, all);
        assertEquals(List.of(), all.all());
        assertEquals(2, full.kernels().size());
        assertTrue(full.disassembly().contains("OpCapability Int64"));
        assertEquals("", validate(full));
    }
}
