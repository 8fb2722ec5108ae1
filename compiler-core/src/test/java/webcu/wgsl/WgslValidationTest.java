package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import webcu.ir.Module;

/**
 * Every WGSL module the writer produces for {@link WgslSamples}, and every snapshot, must pass
 * Tint, the WGSL compiler of Chromium: {@code tools/wgsl-check/check.mjs} runs Dawn (npm
 * {@code webgpu}, null backend) on them, including pipeline creation. Skipped only when node is
 * not installed; missing node_modules are installed with {@code npm ci}.
 */
class WgslValidationTest {
    @TempDir
    Path tmp;

    /** tools/wgsl-check with its node_modules; skips the test where node is missing. */
    private static Path tool() throws Exception {
        Path tool = findTool();
        Assumptions.assumeTrue(tool != null, "tools/wgsl-check not found above " + Path.of("").toAbsolutePath());
        Assumptions.assumeTrue(run(List.of("node", "--version"), tool, 30).exit == 0,
                "node is not installed: the Tint validation of the generated WGSL is skipped");
        if (!Files.isDirectory(tool.resolve("node_modules/webgpu"))) {
            Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), tool, 300);
            assertEquals(0, npm.exit, "npm ci in " + tool + " failed:\n" + npm.output);
        }
        return tool;
    }

    /**
     * The WGSL of every kernel of every conformance case that compiles for WebGPU (kernels with
     * an unsupported feature are left out of their module, as on the page) passes Tint.
     */
    @Test
    void ConformanceKernels_PassTint() throws Exception {
        conformanceKernelsPassTint(webcu.passes.DeviceTarget.IEEE, Path.of("../tests/conformance/cases"));
    }

    /**
     * The same for an adapter with 32-lane subgroups (NVIDIA): warp functions in block- and
     * warp-uniform control flow become subgroup operations, some in branches that Tint's
     * uniformity analysis cannot prove uniform, which the module's
     * {@code diagnostic(off, subgroup_uniformity)} allows.
     */
    @Test
    void ConformanceKernelsOnSubgroups_PassTint() throws Exception {
        List<String> withSubgroups = conformanceKernelsPassTint(webcu.passes.DeviceTarget.IEEE.withSubgroupSize(32), Path.of("../tests/conformance/cases"),
                Path.of("../tests/conformance/programs/coop"), Path.of("../tests/conformance/programs/gallery/06_reduction_shuffle.cu"),
                Path.of("../bench/webgpu/warp_reduce_bench.cu"), Path.of("../bench/webgpu/warp_heavy.cu"));
        for (String warpCase : List.of("warp_shuffles.wgsl", "warp_vote_ballot.wgsl", "warp_warp_reduce.wgsl",
                "warp_warp_scan_compact.wgsl", "warp_match_reduce_sm80.wgsl", "tiled_reduce.wgsl",
                "06_reduction_shuffle.wgsl", "warp_reduce_bench.wgsl")) {
            assertTrue(withSubgroups.contains(warpCase), warpCase + " has no subgroup operation: " + withSubgroups);
        }
    }

    /** Checks the WGSL of the .cu files under {@code roots} for {@code target}; the modules that use subgroup operations. */
    private List<String> conformanceKernelsPassTint(webcu.passes.DeviceTarget target, Path... roots) throws Exception {
        Path tool = tool();
        Path cases = Path.of("../tests/conformance/cases");
        Assumptions.assumeTrue(Files.isDirectory(cases), "the conformance suite is not at " + cases.toAbsolutePath());
        List<Path> sources = new ArrayList<>();
        for (Path root : roots) {
            try (var s = Files.walk(root)) {
                sources.addAll(s.filter(f -> f.toString().endsWith(".cu")).sorted().toList());
            }
        }
        List<String> cmd = new ArrayList<>(List.of("node", tool.resolve("check.mjs").toString()));
        List<String> withSubgroups = new ArrayList<>();
        int kernels = 0;
        for (Path source : sources) {
            webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
            set.file(source.getFileName().toString(), Files.readString(source, StandardCharsets.UTF_8), true);
            webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
            assertEquals(true, r.ok(), source + ":\n" + r.render(false));
            WgslProgram w;
            try {
                w = WgslBackend.compile(r.module(), new webcu.diag.Diagnostics(), Map.of(), target);
            } catch (webcu.diag.CompileError e) {
                continue;
            }
            if (w.kernels().isEmpty()) {
                continue;
            }
            kernels += w.kernels().size();
            String name = (source.startsWith(cases) ? cases.relativize(source) : source.getFileName()).toString()
                    .replace('/', '_').replace(".cu", ".wgsl");
            Path f = tmp.resolve(name);
            Files.writeString(f, w.code());
            cmd.add(f.toString());
            if (w.code().contains("enable subgroups;")) {
                withSubgroups.add(name);
            }
        }
        assertTrue(cmd.size() - 2 >= 80, "only " + (cmd.size() - 2) + " cases have kernels WebGPU runs");
        Result r = run(cmd, tool, 300);
        assertEquals(0, r.exit, "Tint rejected the WGSL of " + kernels + " conformance kernels:\n" + r.output);
        System.out.println("WGSL of the conformance cases (subgroup size " + target.subgroupSize() + "): " + (cmd.size() - 2) + " modules ("
                + kernels + " kernels) pass Tint; subgroup operations in " + withSubgroups);
        return withSubgroups;
    }

    @Test
    void SamplesAndSnapshots_PassTint() throws Exception {
        Path tool = tool();
        List<String> cmd = new ArrayList<>(List.of("node", tool.resolve("check.mjs").toString()));
        for (Map.Entry<String, Supplier<Module>> e : WgslSamples.ALL.entrySet()) {
            Path f = tmp.resolve(e.getKey() + ".wgsl");
            Files.writeString(f, WgslSamples.compile(e.getKey(), e.getValue().get()).code());
            cmd.add(f.toString());
        }
        Path library = tmp.resolve("library.wgsl");
        Files.writeString(library, WgslLibrary.all());
        cmd.add(library.toString());
        if (Files.isDirectory(WgslGoldenTest.DIR)) {
            try (var files = Files.list(WgslGoldenTest.DIR)) {
                files.filter(f -> f.toString().endsWith(".wgsl")).sorted().forEach(f -> cmd.add(f.toAbsolutePath().toString()));
            }
        }
        Result r = run(cmd, tool, 120);
        assertEquals(0, r.exit, "Tint rejected generated WGSL:\n" + r.output);
    }

    private static Path findTool() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path t = p.resolve("tools/wgsl-check");
            if (Files.isRegularFile(t.resolve("check.mjs"))) {
                return t;
            }
        }
        return null;
    }

    private record Result(int exit, String output) {}

    private static Result run(List<String> cmd, Path dir, int seconds) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Result(-1, e.toString());
        }
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-2, "timed out: " + cmd);
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
