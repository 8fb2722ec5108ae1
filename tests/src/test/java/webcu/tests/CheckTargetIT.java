package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./webcu check --target webgpu}: what WebGPU cannot run is reported at compile time, at its
 * line, as the first launch would report it; the default target stays the front end alone.
 */
class CheckTargetIT {
    private record Result(int status, String stderr) {
    }

    private static Result check(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Repo.root().resolve("webcu").toString(), "check"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(Repo.root().toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "./webcu check did not end");
        return new Result(p.exitValue(), err);
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
        assertTrue(bad.stderr().contains("unknown target 'vulkan' (use cpu or webgpu)"), bad.stderr());
    }
}
