package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner against a tiny suite and fake executors that "print" the expected output of chosen cases. */
class ConformanceRunnerTest {
    @TempDir
    Path suite;

    private void write(String path, String text) throws IOException {
        Path p = suite.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private void tinySuite() throws IOException {
        write("manifest.tsv", """
                path\ttags\tcompare\texit_code\texpected_from\tdescription
                cases/a/one.cu\tindexing-1d,memcpy\texact\t0\tnative\tfirst
                cases/a/two.cu\tmemcpy\tnumeric-tolerance(rel=1e-3,abs=0)\t1\tnative\tsecond
                errors/bad.cu\tcompile-error,syntax\tcompile-error\tnonzero\thand\tbroken
                runtime-errors/oob.cu\truntime-error\truntime-error\t1\tnative+rules\tfault
                """);
        write("cases/a/one.expected", "one\n");
        write("cases/a/two.expected", "x=1.000\n");
        write("errors/bad.expected", "status: reject\nline: 3\ncontains-any: expected\n");
        write("runtime-errors/oob.rules", "[option d]\nexit: nonzero\nstderr-search: out of bounds\n");
        for (String f : List.of("cases/a/one.cu", "cases/a/two.cu", "errors/bad.cu", "runtime-errors/oob.cu")) {
            write(f, "int main() { return 0; }\n");
        }
    }

    /** Answers by file name; records what ran. */
    private static final class Fake implements Executor {
        final List<String> ran = Collections.synchronizedList(new ArrayList<>());
        final Map<String, Outcome> answers;

        Fake(Map<String, Outcome> answers) {
            this.answers = answers;
        }

        @Override
        public Outcome execute(Path source, Duration timeout) {
            String name = source.getFileName().toString();
            ran.add(name);
            return answers.getOrDefault(name, new Outcome(1, "", "error: not supported\n", false, 5));
        }
    }

    @Test
    void judgesEachPartByItsRule() throws IOException {
        tinySuite();
        Fake cpu = new Fake(Map.of(
                "one.cu", new Outcome(0, "one\n", "", false, 1),
                "two.cu", new Outcome(1, "x=1.0004\n", "", false, 1),
                "oob.cu", new Outcome(1, "", "error: out of bounds write\n", false, 1)));
        Fake check = new Fake(Map.of("bad.cu", new Outcome(1, "", "bad.cu:3:5: error: expected ';'\n", false, 1)));
        Fake webgpu = new Fake(Map.of("one.cu", new Outcome(0, "one", "", false, 1)));
        ConformanceRunner runner = new ConformanceRunner(suite, Duration.ofSeconds(5),
                Map.of("cpu", cpu, "webgpu", webgpu, "check", check));
        List<ConformanceRunner.CaseResult> results = runner.run(ConformanceRunner.Selection.all(), r -> { });

        assertEquals(List.of("one.cu", "two.cu", "oob.cu"), cpu.ran);
        assertEquals(List.of("bad.cu"), check.ran);
        Report report = new Report(results, List.of("cpu", "webgpu", "check"), Baseline.empty());
        assertEquals(4, report.passed());
        assertEquals(3, report.failed());
        String summary = report.summary();
        assertTrue(summary.endsWith("cpu: 3 passed, 0 failed\nwebgpu: 0 passed, 3 failed\ncheck: 1 passed, 0 failed\n"), summary);
        assertTrue(summary.contains("memcpy         2/2        0/2        -"), summary);
        assertTrue(summary.matches("(?s).*\ntime running the cases: cpu [0-9.]+ s webgpu [0-9.]+ s check [0-9.]+ s\n.*"), summary);
        String failures = report.failures();
        assertTrue(failures.contains("FAIL webgpu cases/a/one.cu -- difference in line endings or final newline"), failures);
        assertTrue(failures.contains("FAIL webgpu cases/a/two.cu -- line count 0 != expected 1\n"), failures);
        assertTrue(failures.contains("FAIL webgpu runtime-errors/oob.cu -- [d] stderr lacks a diagnostic matching 'out of bounds'\n"),
                failures);
    }

    @Test
    void exitCodeIsCheckedAfterOutput() throws IOException {
        tinySuite();
        Manifest.Row one = Manifest.read(suite).get(0);
        assertEquals("exit code 3, expected 0\n  exit code 3, stderr: boom",
                ConformanceRunner.judge(suite, one, new Outcome(3, "one\n", "boom\n", false, 1)).why());
    }

    @Test
    void selectionFiltersByTagAndPath() throws IOException {
        tinySuite();
        Fake cpu = new Fake(Map.of());
        ConformanceRunner runner = new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("cpu", cpu));
        runner.run(new ConformanceRunner.Selection(List.of("cpu"), Set.of("memcpy"), Set.of("indexing-1d"), List.of("cases/")), r -> { });
        assertEquals(List.of("two.cu"), cpu.ran);
    }

    @Test
    void baselineFailuresAreRegressions() throws IOException {
        tinySuite();
        Path file = suite.resolve("baseline.txt");
        Files.writeString(file, "# ratchet\ncpu cases/a/one.cu\nwebgpu cases/a/two.cu\n");
        Baseline baseline = Baseline.read(file);
        Fake cpu = new Fake(Map.of("one.cu", new Outcome(0, "one\n", "", false, 1), "two.cu", new Outcome(1, "x=1\n", "", false, 1)));
        Fake webgpu = new Fake(Map.of());
        List<ConformanceRunner.CaseResult> results = new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("cpu", cpu, "webgpu", webgpu))
                .run(new ConformanceRunner.Selection(List.of("cpu", "webgpu"), Set.of(), Set.of(), List.of("cases/")), r -> { });
        Report report = new Report(results, List.of("cpu", "webgpu"), baseline);
        assertEquals(List.of("webgpu cases/a/two.cu"),
                report.regressions().stream().map(r -> r.backend() + " " + r.row().path()).toList());
        assertEquals(List.of("cpu cases/a/two.cu"), report.newPasses());

        Baseline.append(file, report.newPasses());
        assertEquals(List.of("# ratchet", "cpu cases/a/one.cu", "cpu cases/a/two.cu", "webgpu cases/a/two.cu"),
                Files.readAllLines(file));
        assertFalse(Baseline.read(file).contains("webgpu", "cases/a/one.cu"));
    }

    /**
     * A WebGPU failure must carry the unsupported-feature error; and where both backends ran a
     * case to the end, their outputs must agree under the case's rule (the differential test).
     */
    @Test
    void unclearWebGpuFailuresAndDifferencesAreReported() throws IOException {
        tinySuite();
        Fake cpu = new Fake(Map.of("one.cu", new Outcome(0, "one\n", "", false, 1),
                "two.cu", new Outcome(1, "x=1.000\n", "", false, 1)));
        Fake webgpu = new Fake(Map.of(
                "one.cu", new Outcome(0, "", "one.cu:2:3: error: not supported on WebGPU yet: recursion ('f')\n", false, 1),
                "two.cu", new Outcome(1, "x=1.5\n", "", false, 1)));
        List<ConformanceRunner.CaseResult> results = new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("cpu", cpu, "webgpu", webgpu))
                .run(new ConformanceRunner.Selection(List.of("cpu", "webgpu"), Set.of(), Set.of(), List.of("cases/")), r -> { });
        Report report = new Report(results, List.of("cpu", "webgpu"), Baseline.empty());
        assertEquals(List.of("cases/a/two.cu"), report.unclearFailures().stream().map(r -> r.row().path()).toList());
        assertEquals(1, report.comparedByBoth());
        assertEquals(1, report.differences().size());
        assertTrue(report.differences().get(0).startsWith("cases/a/two.cu -- "), report.differences().get(0));
        String summary = report.summary();
        assertTrue(summary.contains("webgpu failures without the unsupported-feature error: 1\n  UNCLEAR cases/a/two.cu\n"), summary);
        assertTrue(summary.contains("differential cpu/webgpu: 0 of 1 cases that both ran agree\n"), summary);
    }
}
