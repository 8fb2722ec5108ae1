package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./webcu check --target webgpu|spirv}: what the target cannot run is reported at compile time,
 * at its line, as the first launch would report it; the default target stays the front end alone.
 * {@code ./webcu emit --target spirv} writes a module spirv-val accepts, and {@code -S} its text.
 */
class CheckTargetIT {
    private record Result(int status, String stderr) {
    }

    private static Result check(String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("check"));
        all.addAll(List.of(args));
        return webcu(all).result;
    }

    private record Output(Result result, String stdout) {
    }

    private static Output webcu(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Repo.root().resolve("webcu").toString()));
        command.addAll(args);
        java.nio.file.Path err = java.nio.file.Files.createTempFile("webcu", ".err");
        Process p = new ProcessBuilder(command).directory(Repo.root().toFile()).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "./webcu " + args + " did not end");
        String errText = java.nio.file.Files.readString(err);
        java.nio.file.Files.delete(err);
        return new Output(new Result(p.exitValue(), errText), out);
    }

    @Test
    void recursionIsReportedAtItsLineForWebGpuOnly() throws Exception {
        String recursion = Repo.suite().resolve("cases/functions/recursion.cu").toString();
        Result webgpu = check("--target", "webgpu", recursion);
        assertEquals(1, webgpu.status(), webgpu.stderr());
        assertTrue(webgpu.stderr().contains("recursion.cu:4:65: error: not supported on WebGPU yet: recursion ('gcdRec')"), webgpu.stderr());
        Result cpu = check(recursion);
        assertEquals(0, cpu.status(), cpu.stderr());
        assertEquals("", cpu.stderr());
    }

    @Test
    void aProgramWebGpuRunsPassesAndAnUnknownTargetIsAUsageError() throws Exception {
        String vectorAdd = Repo.suite().resolve("cases/indexing/vector_add_1d.cu").toString();
        Result ok = check("--target", "webgpu", vectorAdd);
        assertEquals(0, ok.status(), ok.stderr());
        Result bad = check("--target", "vulkan", vectorAdd);
        assertEquals(2, bad.status());
        assertTrue(bad.stderr().contains("unknown target 'vulkan' (use cpu, webgpu or spirv)"), bad.stderr());
    }

    @Test
    void spirvTarget_reportsWhatItCannotExpressAtItsLine() throws Exception {
        String recursion = Repo.suite().resolve("cases/functions/recursion.cu").toString();
        Result spirv = check("--target", "spirv", recursion);
        assertEquals(1, spirv.status(), spirv.stderr());
        assertTrue(spirv.stderr().contains("recursion.cu:4:65: error: not supported on Vulkan (SPIR-V) yet: recursion ('gcdRec')"),
                spirv.stderr());
        Result ok = check("--target", "spirv", Repo.suite().resolve("cases/indexing/vector_add_1d.cu").toString());
        assertEquals(0, ok.status(), ok.stderr());
    }

    @Test
    void emitWgslDevice_printsTheTextTheRuntimeLoadsThere() throws Exception {
        // SGEMM's contracted a * b + acc: an fma, which only a device that measured its fma calls directly
        String sgemm = Repo.root().resolve("bench/webgpu/sgemm.cu").toString();
        Output generic = webcu(List.of("emit", "--target", "wgsl", sgemm));
        assertEquals(0, generic.result().status(), generic.result().stderr());
        assertTrue(generic.stdout().contains("webcu_fma_fused = fma("), "the generic device probes its fma");
        Output nvidia = webcu(List.of("emit", "--target", "wgsl", "--device", "nvidia", sgemm));
        assertEquals(0, nvidia.result().status(), nvidia.result().stderr());
        assertFalse(nvidia.stdout().contains("webcu_fmaf"), "NVIDIA's fma rounds once: no probe, no software fma");
        assertTrue(nvidia.stdout().contains("acc = fma("));
        Output soft = webcu(List.of("emit", "--target", "wgsl", "--device", "nvidia", "--fma", "software", sgemm));
        assertTrue(soft.stdout().contains("acc = webcu_fmaf_soft("), "--fma wins over the device's");
        assertFalse(soft.stdout().contains("webcu_fma_fused"));
        Output budget = webcu(List.of("emit", "--target", "wgsl", "--watchdog", "4194304", sgemm));
        // a loop with barriers counts the budget over Watchdog.BARRIER_DIVISOR (64)
        assertTrue(budget.stdout().contains("watchdog_uniform = 65536u;"), budget.stdout());
        Output bad = webcu(List.of("emit", "--target", "wgsl", "--device", "amd", sgemm));
        assertEquals(2, bad.result().status());
        assertTrue(bad.result().stderr().contains("unknown device 'amd'"), bad.result().stderr());
    }

    @Test
    void emitSpirv_writesAValidModuleAndSPrintsItsText() throws Exception {
        String vectorAdd = Repo.suite().resolve("cases/indexing/vector_add_1d.cu").toString();
        java.nio.file.Path spv = java.nio.file.Files.createTempFile("webcu", ".spv");
        Output emit = webcu(List.of("emit", "--target", "spirv", vectorAdd, "-o", spv.toString()));
        assertEquals(0, emit.result().status(), emit.result().stderr());
        Process val = new ProcessBuilder("spirv-val", "--target-env", "vulkan1.2", spv.toString()).redirectErrorStream(true).start();
        String verdict = new String(val.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, val.waitFor(), verdict);
        Process dis = new ProcessBuilder("spirv-dis", "--raw-id", spv.toString()).start();
        String expected = new String(dis.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, dis.waitFor());
        Output text = webcu(List.of("emit", "--target", "spirv", "-S", vectorAdd));
        assertEquals(0, text.result().status(), text.result().stderr());
        assertEquals(expected, text.stdout());
        java.nio.file.Files.delete(spv);
    }
}
