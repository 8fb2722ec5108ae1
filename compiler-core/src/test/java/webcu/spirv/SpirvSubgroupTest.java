package webcu.spirv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.DiagKey;
import webcu.diag.Diagnostic;
import webcu.diag.Diagnostics;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.passes.DeviceTarget;
import webcu.testing.Golden;

/**
 * Warp functions as SPIR-V subgroup operations, for a Vulkan device whose subgroups are CUDA's
 * warps ({@code DeviceTarget.subgroupSize} 32, as VulkanDevice sets after its probe): every
 * conformance kernel is valid for {@code vulkan1.2} and disassembled as spirv-dis does, the warp
 * cases use OpGroupNonUniform instructions, and a device without such subgroups gets none.
 */
class SpirvSubgroupTest {
    private static final Path GOLDEN = Path.of("src/test/resources/spirv/golden");
    private static final DeviceTarget WARPS = DeviceTarget.VULKAN.withSubgroupSize(32);

    @Test
    void conformanceKernels_withWarpSubgroups_validate() throws IOException {
        Path cases = Path.of("../tests/conformance/cases");
        List<Path> sources;
        try (var s = Files.walk(cases)) {
            sources = s.filter(f -> f.toString().endsWith(".cu")).sorted().toList();
        }
        int valid = 0;
        int kernels = 0;
        List<String> invalid = new ArrayList<>();
        List<String> withSubgroups = new ArrayList<>();
        for (Path source : sources) {
            SourceSet set = new SourceSet();
            set.file(source.getFileName().toString(), Files.readString(source, StandardCharsets.UTF_8), true);
            CompileResult r = Compiler.compile(set);
            assertTrue(r.ok(), source + ":\n" + r.render(true));
            Diagnostics d = new Diagnostics();
            SpirvProgram p = SpirvWriterTest.spirv(r, d, WARPS);
            for (Diagnostic x : d.all()) {
                assertEquals(DiagKey.ERR_NOT_SUPPORTED_VULKAN, x.key(), source + ": " + x.message());
                assertFalse(x.message().contains("subgroup"), source + ": " + x.message());
            }
            if (p.kernels().isEmpty()) {
                continue;
            }
            kernels += p.kernels().size();
            String verdict = SpirvWriterTest.validate(p);
            if (verdict.isEmpty()) {
                valid++;
            } else {
                invalid.add(source + ":\n" + verdict);
            }
            if (p.disassembly().contains("OpGroupNonUniform")) {
                withSubgroups.add(cases.relativize(source).toString());
                assertTrue(p.disassembly().contains("OpCapability GroupNonUniform\n"), source.toString());
            }
        }
        System.out.println("SPIR-V of the conformance cases with warp subgroups: " + valid + " modules valid (" + kernels
                + " kernels), " + invalid.size() + " invalid; subgroup operations in " + withSubgroups);
        assertEquals(List.of(), invalid, "spirv-val rejected modules");
        assertTrue(valid >= 93 && kernels >= 135, valid + " modules, " + kernels + " kernels");
        for (String warpCase : List.of("warp/shuffles.cu", "warp/vote_ballot.cu", "warp/warp_reduce.cu",
                "warp/warp_scan_compact.cu", "warp/match_reduce_sm80.cu", "int64_double/atomics_shuffle_64.cu")) {
            assertTrue(withSubgroups.contains(warpCase), warpCase + " has no subgroup operation: " + withSubgroups);
        }
    }

    /**
     * The golden warp kernel: its shuffles one OpGroupNonUniformShuffle each (no barrier: no
     * workgroup scratch), its ballot an OpGroupNonUniformBallot's first word, its sm_80 sum an
     * OpGroupNonUniformIAdd Reduce; on a device without warp subgroups, the emulation's barriers
     * and no group instruction or capability.
     */
    @Test
    void warpKernel_subgroupForm_golden() throws IOException {
        CompileResult r = SpirvWriterTest.compile("warp_sum.cu", SpirvSamples.WARP_SUM);
        Diagnostics d = new Diagnostics();
        SpirvProgram p = SpirvWriterTest.spirv(r, d, WARPS);
        assertEquals(List.of(), d.all());
        assertEquals("", SpirvWriterTest.validate(p));
        String text = p.disassembly();
        for (String capability : List.of("GroupNonUniform", "GroupNonUniformShuffle", "GroupNonUniformBallot",
                "GroupNonUniformArithmetic")) {
            assertTrue(text.contains("OpCapability " + capability + "\n"), capability);
        }
        assertTrue(text.contains("OpGroupNonUniformShuffle") && text.contains("OpGroupNonUniformBallot")
                && text.contains("OpGroupNonUniformIAdd %"), text);
        assertFalse(text.contains("OpControlBarrier"), text);
        Golden.check(GOLDEN.resolve("cuda_warp_sum_subgroups.spvasm"), text);

        SpirvProgram emulated = SpirvWriterTest.spirv(r, new Diagnostics(), DeviceTarget.VULKAN);
        assertEquals("", SpirvWriterTest.validate(emulated));
        assertFalse(emulated.disassembly().contains("GroupNonUniform"), emulated.disassembly());
        assertTrue(emulated.disassembly().contains("OpControlBarrier"), emulated.disassembly());
    }

    /** Signed and unsigned sm_80 reductions pick the signed or unsigned group instruction. */
    @Test
    void reductions_signedAndUnsigned() throws IOException {
        CompileResult r = SpirvWriterTest.compile("reduce.cu", """
                __global__ void k(const int* in, const unsigned* u, int* out, unsigned* uout) {
                  int i = threadIdx.x;
                  out[i] = __reduce_min_sync(0xffffffffu, in[i]) + __reduce_max_sync(0xffffffffu, in[i]);
                  uout[i] = __reduce_min_sync(0xffffffffu, u[i]) + __reduce_max_sync(0xffffffffu, u[i])
                      + __reduce_and_sync(0xffffffffu, u[i]) + __reduce_or_sync(0xffffffffu, u[i])
                      + __reduce_xor_sync(0xffffffffu, u[i]);
                }
                int main() { return 0; }
                """);
        SpirvProgram p = SpirvWriterTest.spirv(r, new Diagnostics(), WARPS);
        assertEquals("", SpirvWriterTest.validate(p));
        String text = p.disassembly();
        for (String op : List.of("SMin", "SMax", "UMin", "UMax", "BitwiseAnd", "BitwiseOr", "BitwiseXor")) {
            assertTrue(text.contains("OpGroupNonUniform" + op + " "), op + "\n" + text);
        }
        assertTrue(text.contains(" Reduce "), text);
    }

    /** The Vulkan device's start-up probe (SubgroupProbe): valid for vulkan1.2, disassembled as spirv-dis does. */
    @Test
    void probeModule_valid() throws IOException {
        int[] words = SubgroupProbe.module();
        Path spv = SpirvTools.write(words);
        try {
            SpirvTools.Result val = SpirvTools.run("spirv-val", "--target-env", "vulkan1.2", spv.toString());
            assertEquals(0, val.status(), val.output());
            assertEquals(SpirvTools.run("spirv-dis", "--raw-id", spv.toString()).output(), SpirvDisassembler.disassemble(words));
        } finally {
            Files.delete(spv);
        }
        String text = SpirvDisassembler.disassemble(words);
        assertTrue(text.contains("BuiltIn SubgroupLocalInvocationId") && text.contains("BuiltIn SubgroupSize")
                && text.contains("OpEntryPoint GLCompute %") && text.contains("\"" + SubgroupProbe.ENTRY + "\""), text);
    }

    /**
     * The tutorial block reduction (bench/webgpu/warp_reduce_bench.cu) and the programs whose
     * second stage sits under a warp-uniform branch ({@code if (wid == 0)}, cooperative groups'
     * {@code meta_group_rank() == 0}): valid, with group instructions in that stage (beside the
     * emulation that blocks whose rows split warps fall back to).
     */
    @Test
    void warpUniformStages_validate() throws IOException {
        for (String file : List.of("../bench/webgpu/warp_reduce_bench.cu", "../tests/conformance/programs/coop/tiled_reduce.cu",
                "../tests/conformance/programs/gallery/06_reduction_shuffle.cu")) {
            Path source = Path.of(file);
            CompileResult r = SpirvWriterTest.compile(source.getFileName().toString(), Files.readString(source, StandardCharsets.UTF_8));
            Diagnostics d = new Diagnostics();
            SpirvProgram p = SpirvWriterTest.spirv(r, d, WARPS);
            assertEquals(List.of(), d.all(), file);
            assertEquals("", SpirvWriterTest.validate(p), file);
            String text = p.disassembly();
            assertTrue(text.contains("OpGroupNonUniformShuffle") && text.contains("OpControlBarrier"), file);
        }
        // a return decided per warp: the whole body is compiled twice
        CompileResult r = SpirvWriterTest.compile("warp_return.cu", """
                __global__ void k(const int *in, int *out, int n)
                {
                    __shared__ int s[32];
                    int v = in[threadIdx.x];
                    if (threadIdx.x / 32 >= n) return;
                    for (int w = 0; w < n; ++w) v += __shfl_xor_sync(0xffffffffu, v, 1);
                    if (threadIdx.x % 32 == 0) s[threadIdx.x / 32] = v;
                    __syncthreads();
                    if (threadIdx.x < 32) v = __reduce_add_sync(0xffffffffu, s[threadIdx.x % 4]);
                    out[threadIdx.x] = v;
                }
                """);
        SpirvProgram p = SpirvWriterTest.spirv(r, new Diagnostics(), WARPS);
        assertEquals("", SpirvWriterTest.validate(p));
        assertTrue(p.disassembly().contains("OpGroupNonUniformShuffle") && p.disassembly().contains("OpGroupNonUniformIAdd"));
    }
}
