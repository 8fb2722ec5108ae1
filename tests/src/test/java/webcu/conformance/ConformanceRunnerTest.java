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

    /** Answers by the name of the first source file; records what ran and how. */
    private static final class Fake implements Executor {
        final List<String> ran = Collections.synchronizedList(new ArrayList<>());
        final List<Invocation> invocations = Collections.synchronizedList(new ArrayList<>());
        final Map<String, Outcome> answers;

        Fake(Map<String, Outcome> answers) {
            this.answers = answers;
        }

        @Override
        public Outcome execute(Invocation program, Duration timeout) {
            String name = program.sources().get(0).getFileName().toString();
            ran.add(name);
            invocations.add(program);
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
        Fake vulkan = new Fake(Map.of("one.cu", new Outcome(0, "one\n", "", false, 1),
                "two.cu", new Outcome(1, "", "two.cu:1:1: error: not supported on Vulkan (SPIR-V) yet: recursion\n", false, 1),
                "oob.cu", new Outcome(0, "", "", false, 1)));
        ConformanceRunner runner = new ConformanceRunner(suite, Duration.ofSeconds(5),
                Map.of("cpu", cpu, "webgpu", webgpu, "check", check, "vulkan", vulkan));
        List<ConformanceRunner.CaseResult> results = runner.run(ConformanceRunner.Selection.all(), r -> { });

        assertEquals(List.of("one.cu", "two.cu", "oob.cu"), cpu.ran);
        assertEquals(List.of("bad.cu"), check.ran);
        assertEquals(List.of("one.cu", "two.cu", "oob.cu"), vulkan.ran);
        Report report = new Report(results, List.of("cpu", "webgpu", "check", "vulkan"), Baseline.empty());
        assertEquals(5, report.passed());
        assertEquals(5, report.failed());
        String summary = report.summary();
        assertTrue(summary.endsWith("cpu: 3 passed, 0 failed\nwebgpu: 0 passed, 3 failed\ncheck: 1 passed, 0 failed\n"
                + "vulkan: 1 passed, 2 failed\n"), summary);
        assertTrue(summary.matches("(?s).*\nmemcpy +2/2 +0/2 +- +1/2 *\n.*"), summary);
        assertTrue(summary.matches("(?s).*\ntime running the cases: cpu [0-9.]+ s webgpu [0-9.]+ s check [0-9.]+ s vulkan [0-9.]+ s\n.*"),
                summary);
        // oob.cu printed nothing on Vulkan: unclear, and the CPU passed it, so it counts
        assertTrue(summary.contains("vulkan failures without the unsupported-feature error: 1\n  UNCLEAR runtime-errors/oob.cu\n"), summary);
        assertTrue(summary.contains("differential cpu/vulkan: 1 of 2 cases that both ran agree\n"
                + "  DIFFERS runtime-errors/oob.cu -- exit code 0 on vulkan, 1 on the CPU\n"), summary);
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
        assertTrue(report.differences().get(0).startsWith("webgpu cases/a/two.cu -- "), report.differences().get(0));
        String summary = report.summary();
        assertTrue(summary.contains("webgpu failures without the unsupported-feature error: 1\n  UNCLEAR cases/a/two.cu\n"), summary);
        assertTrue(summary.contains("differential cpu/webgpu: 0 of 1 cases that both ran agree\n"), summary);
    }

    /** A programs/ part: a folder program, a sidecar with flags, arguments, stdin and skipped timing lines. */
    private void programsSuite() throws IOException {
        write("manifest.tsv", """
                path\ttags\tcompare\texit_code\texpected_from\tdescription
                programs/bench/timed.cu\tbench-style\texact\t0\tnative\ttimed
                programs/multi/app\tmulti-file\texact\t0\tnative\tfolder
                """);
        write("programs/bench/timed.cu", "int main() { return 0; }\n");
        write("programs/bench/timed.run", """
                # how the benchmark runs
                args: -n 5 --name "two words" it\\'s
                flags: -DN=96 -Iinclude
                stdin: input.txt
                skip: ^(GPU|CPU) Runtime: .*
                skip: ^elapsed .*
                """);
        write("programs/bench/timed.expected", "N=96\nGPU Runtime: 0.000150s\nsum 42\nelapsed 3 ms\n");
        write("programs/bench/input.txt", "1 2 3\n");
        write("programs/multi/app/main.cu", "int main() { return 0; }\n");
        write("programs/multi/app/kernels.cu", "\n");
        write("programs/multi/app/util.c", "\n");
        write("programs/multi/app/util.h", "\n");
        write("programs/multi/app/data.txt", "\n");
        write("programs/multi/app.expected", "ok\n");
    }

    @Test
    void programsRunWithTheirSidecarInTheirFolder() throws IOException {
        programsSuite();
        Fake cpu = new Fake(Map.of(
                "timed.cu", new Outcome(0, "N=96\nGPU Runtime: 0.9s\nsum 42\nelapsed 70 ms\n", "", false, 1),
                "kernels.cu", new Outcome(0, "ok\n", "", false, 1)));
        List<ConformanceRunner.CaseResult> results = new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("cpu", cpu))
                .run(new ConformanceRunner.Selection(List.of("cpu"), Set.of(), Set.of(), List.of()), r -> { });
        assertTrue(results.stream().allMatch(r -> r.verdict().passed()), results.toString());

        Invocation timed = cpu.invocations.get(0);
        Path bench = suite.resolve("programs/bench").toAbsolutePath().normalize();
        assertEquals(List.of(bench.resolve("timed.cu")), timed.sources());
        assertEquals(List.of("-n", "5", "--name", "two words", "it's"), timed.args());
        assertEquals(List.of("-DN=96", "-I" + suite.toAbsolutePath().resolve("include").normalize()), timed.flags());
        assertEquals(bench, timed.workdir());
        assertEquals(bench.resolve("input.txt"), timed.stdin());

        Invocation app = cpu.invocations.get(1);
        Path folder = suite.resolve("programs/multi/app").toAbsolutePath().normalize();
        assertEquals(List.of(folder.resolve("kernels.cu"), folder.resolve("main.cu"), folder.resolve("util.c")), app.sources());
        assertEquals(folder, app.workdir());
        assertEquals(List.of(), app.args());
        assertEquals(null, app.stdin());
    }

    @Test
    void skippedLinesAreLeftOutButTheRestIsExact() throws IOException {
        programsSuite();
        Manifest.Row timed = Manifest.read(suite).get(0);
        assertTrue(ConformanceRunner.judge(suite, timed, new Outcome(0, "N=96\nsum 42\n", "", false, 1)).passed());
        assertEquals("first difference at line 2:\n  expected: sum 42\n  actual:   sum 43",
                ConformanceRunner.judge(suite, timed, new Outcome(0, "N=96\nGPU Runtime: 1s\nsum 43\n", "", false, 1)).why());
        // a skip pattern matches whole lines only
        assertFalse(ConformanceRunner.judge(suite, timed,
                new Outcome(0, "N=96\nsum 42\nGPU Runtime: 1s\nx elapsed 3 ms\n", "", false, 1)).passed());
    }

    @Test
    void aBrokenSidecarFailsItsCaseOnly() throws IOException {
        programsSuite();
        write("programs/bench/timed.run", "argv: -n 5\n");
        Fake cpu = new Fake(Map.of("kernels.cu", new Outcome(0, "ok\n", "", false, 1)));
        List<ConformanceRunner.CaseResult> results = new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("cpu", cpu))
                .run(new ConformanceRunner.Selection(List.of("cpu"), Set.of(), Set.of(), List.of()), r -> { });
        assertEquals(List.of("kernels.cu"), cpu.ran);
        assertFalse(results.get(0).verdict().passed());
        assertTrue(results.get(0).outcome().stderr().contains("timed.run:1: unknown key 'argv'"), results.get(0).outcome().stderr());
        assertTrue(results.get(1).verdict().passed());
    }

    @Test
    void theGalleryRunsOnWebGpuWithoutBeingAskedForOtherProgramsOnlyWhenAsked() throws IOException {
        programsSuite();
        Files.writeString(suite.resolve("manifest.tsv"),
                "programs/gallery/01_hello.cu\tprintf\texact\t0\tnative\tlesson one\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        write("programs/gallery/01_hello.cu", "int main() { return 0; }\n");
        write("programs/gallery/01_hello.expected", "hello\n");
        Fake webgpu = new Fake(Map.of("01_hello.cu", new Outcome(0, "hello\n", "", false, 1)));
        new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("webgpu", webgpu))
                .run(new ConformanceRunner.Selection(List.of("webgpu"), Set.of(), Set.of(), List.of()), r -> { });
        assertEquals(List.of("01_hello.cu"), webgpu.ran);
        Fake asked = new Fake(Map.of());
        new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("webgpu", asked))
                .run(new ConformanceRunner.Selection(List.of("webgpu"), Set.of(), Set.of(), List.of("programs/")), r -> { });
        assertEquals(List.of("timed.cu", "kernels.cu", "01_hello.cu"), asked.ran);   // a folder program is named by its first source
    }

    /**
     * A new program that fails on the CPU (webcu lacks its features yet) and fails on WebGPU
     * without the unsupported-feature error does not fail the run; in the baseline, or passing on
     * the CPU, it does.
     */
    @Test
    void webGpuRulesHoldForBaselineCasesAndCpuPasses() throws IOException {
        programsSuite();
        Outcome cpuFails = new Outcome(1, "", "main.cu:1:10: error: 'iostream' file not found\n", false, 1);
        Outcome gpuFails = new Outcome(1, "", "main.cu:1:10: error: 'iostream' file not found\n", false, 1);
        Fake cpu = new Fake(Map.of("timed.cu", cpuFails, "kernels.cu", new Outcome(0, "ok\n", "", false, 1)));
        Fake webgpu = new Fake(Map.of("timed.cu", gpuFails, "kernels.cu", new Outcome(0, "ko\n", "", false, 1)));
        List<ConformanceRunner.CaseResult> results = new ConformanceRunner(suite, Duration.ofSeconds(5), Map.of("cpu", cpu, "webgpu", webgpu))
                // programs/ run on WebGPU only when --paths asks for them (ConformanceRunner.isProgram)
                .run(new ConformanceRunner.Selection(List.of("cpu", "webgpu"), Set.of(), Set.of(), List.of("programs/")), r -> { });

        Report fresh = new Report(results, List.of("cpu", "webgpu"), Baseline.empty());
        assertEquals(List.of("programs/multi/app"), fresh.unclearFailures().stream().map(r -> r.row().path()).toList());
        assertEquals(List.of("programs/bench/timed.cu"), fresh.unheldUnclearFailures().stream().map(r -> r.row().path()).toList());
        assertEquals(1, fresh.comparedByBoth());
        assertTrue(fresh.summary().contains("not counted (outside the baseline and failing on the CPU too): 1\n"), fresh.summary());

        Path file = suite.resolve("baseline.txt");
        Files.writeString(file, "cpu programs/bench/timed.cu\n");
        Report held = new Report(results, List.of("cpu", "webgpu"), Baseline.read(file));
        assertEquals(List.of("programs/bench/timed.cu", "programs/multi/app"),
                held.unclearFailures().stream().map(r -> r.row().path()).sorted().toList());
        assertEquals(2, held.comparedByBoth());
    }
}
