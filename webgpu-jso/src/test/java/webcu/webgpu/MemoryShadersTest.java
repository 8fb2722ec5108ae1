package webcu.webgpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory-operation shaders must pass Tint (tools/wgsl-check), as the kernels' WGSL does. */
class MemoryShadersTest {
    @TempDir
    Path tmp;

    @Test
    void Wgsl_PassesTint() throws Exception {
        Path tool = null;
        for (Path p = Path.of("").toAbsolutePath(); p != null && tool == null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("tools/wgsl-check/check.mjs"))) {
                tool = p.resolve("tools/wgsl-check");
            }
        }
        Assumptions.assumeTrue(tool != null && Files.isDirectory(tool.resolve("node_modules/webgpu")),
                "tools/wgsl-check is not installed (npm ci); compiler-core's WgslValidationTest installs it");
        Path f = tmp.resolve("memory.wgsl");
        Files.writeString(f, MemoryShaders.WGSL);
        Process p;
        try {
            p = new ProcessBuilder("node", tool.resolve("check.mjs").toString(), f.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("node is not installed: " + e.getMessage());
            return;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
    }
}
