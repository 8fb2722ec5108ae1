package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * tests/gpu/run-suite.mjs judges GPU runs with its own JavaScript port of the suite's rules; its
 * {@code --self-test} holds that port to the suite's files as {@link SuiteSelfTest} holds this
 * package's: every .expected passes its own rule, a changed last number or exit status fails, and
 * a silent clean run fails every runtime-errors/ case.
 */
class GpuSuiteScriptTest {
    @Test
    void scriptJudgesTheSuitesOwnFilesAsTheRunnerDoes() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("node", "tests/gpu/run-suite.mjs", "--self-test")
                .directory(SuiteLocation.root().toFile())
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        int rows = Manifest.read(SuiteLocation.suite()).stream().filter(r -> !r.isCompileError()).toList().size();
        assertTrue(out.contains("self-test: " + rows + " cases, 0 problems"), out);
    }
}
