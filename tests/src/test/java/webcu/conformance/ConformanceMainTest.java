package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConformanceMainTest {
    @Test
    void defaultsFollowTheRepositoryLayout() {
        ConformanceMain.Options o = ConformanceMain.parse(new String[] {"--root", "/r/main"});
        assertEquals(Path.of("/r/main/tests/conformance"), o.suite());
        assertEquals(Path.of("/r/main/tests/conformance-baseline.txt"), o.baseline());
        assertEquals(List.of("cpu", "webgpu", "check", "vulkan"), o.selection().backends());
        assertEquals(null, o.vulkanIcd(), "lavapipe from tools/lavapipe.sh");
        assertEquals(Duration.ofSeconds(120), o.timeout());
    }

    @Test
    void readsSelectionsAndFlags() {
        ConformanceMain.Options o = ConformanceMain.parse(new String[] {
            "--root", "/r/main", "--backends", "webgpu,cpu", "--tags", "a,b", "--skip-tags", "double",
            "--paths", "cases/apps/", "--timeout", "9", "--new-passes", "--webgpu-process", "--vulkan-icd", "/d/icd.json"});
        assertEquals(List.of("webgpu", "cpu"), o.selection().backends());
        assertEquals(Set.of("a", "b"), o.selection().tags());
        assertEquals(Set.of("double"), o.selection().skipTags());
        assertEquals(List.of("cases/apps/"), o.selection().paths());
        assertEquals(Duration.ofSeconds(9), o.timeout());
        assertTrue(o.newPasses());
        assertTrue(o.webgpuProcess());
        assertEquals(Path.of("/d/icd.json"), o.vulkanIcd());
    }

    /** Without lavapipe unpacked (and no --vulkan-icd), a run with the vulkan backend stops at once and says how to get it. */
    @Test
    void aMissingVulkanDriverStopsTheRunLoudly() throws IOException {
        Path root = java.nio.file.Files.createTempDirectory("webcu-root-");
        try {
            java.nio.file.Files.createDirectories(root.resolve("tools"));
            java.nio.file.Files.copy(SuiteLocation.root().resolve("tools/lavapipe.sh"), root.resolve("tools/lavapipe.sh"));
            IOException e = assertThrows(IOException.class,
                    () -> ConformanceMain.lavapipe(root, Map.of("WEBCU_CACHE", root.resolve("cache").toString())));
            assertTrue(e.getMessage().startsWith("no Vulkan driver for the vulkan backend: lavapipe: not in "), e.getMessage());
            assertTrue(e.getMessage().contains("--vulkan-icd FILE"), e.getMessage());
        } finally {
            try (var files = java.nio.file.Files.walk(root)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void rejectsUnknownBackendsAndArguments() {
        assertThrows(IllegalArgumentException.class, () -> ConformanceMain.parse(new String[] {"--backends", "metal"}));
        assertThrows(IllegalArgumentException.class, () -> ConformanceMain.parse(new String[] {"--fast"}));
        assertThrows(IllegalArgumentException.class, () -> ConformanceMain.parse(new String[] {"--tags"}));
    }

    @Test
    void aMissingSuiteStopsTheRunLoudly() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ConformanceMain.run(new String[] {"--root", "/nonexistent/main"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("conformance: no conformance suite at "), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theCheckedInBaselineParses() throws IOException {
        Baseline b = Baseline.read(SuiteLocation.root().resolve(ConformanceMain.BASELINE));
        assertTrue(b.contains("cpu", "cases/indexing/vector_add_1d.cu"));
        assertTrue(b.contains("webgpu", "cases/indexing/vector_add_1d.cu"));
        assertTrue(b.contains("webgpu", "cases/apps/vector_add_verify.cu"));
        // lavapipe: the watchdog's endless loop, which the driver's loop limit used to end silently (spirv.LoopExits)
        assertTrue(b.contains("vulkan", "cases/indexing/vector_add_1d.cu"));
        assertTrue(b.contains("vulkan", "runtime-errors/endless_kernel.cu"));
    }
}
