package webcu.conformance;

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

/**
 * The port of run_suite.py's {@code --self-test}: every expectation file parses, and every
 * {@code .expected} passes its own rule, so that the Java checker reads the suite as the reference does.
 */
class SuiteSelfTest {
    @Test
    void everyExpectationPassesItsOwnRule() throws IOException {
        Path suite = SuiteLocation.suite();
        List<Manifest.Row> rows = Manifest.read(suite);
        assertTrue(rows.size() >= 117 + 60, "manifest rows: " + rows.size());
        List<String> problems = new ArrayList<>();
        for (Manifest.Row r : rows) {
            String why = selfTest(suite, r);
            if (why != null) {
                problems.add(r.path() + ": " + why);
            }
        }
        assertEquals(List.of(), problems);
    }

    private static String selfTest(Path suite, Manifest.Row r) {
        try {
            CompareSpec spec = CompareSpec.parse(r.compare());
            Path base = suite.resolve(r.base());
            switch (spec.mode()) {
                case "compile-error" -> {
                    CompileErrorRules rules = CompileErrorRules.read(Path.of(base + ".expected"));
                    if (!rules.values().containsKey("line") || !rules.values().containsKey("status")) {
                        return "missing keys";
                    }
                    String any = rules.values().getOrDefault("contains-any", "").split("\\|", -1)[0];
                    String fake = Path.of(r.path()).getFileName() + "(" + rules.values().get("line").split("-")[0]
                            + "): error: " + PyText.strip(PyText.strip(any), "\"") + " "
                            + rules.values().getOrDefault("contains", "");
                    Verdict v = rules.check(1, fake);
                    return v.passed() ? null : v.why();
                }
                case "runtime-error" -> {
                    RuntimeErrorRules rules = RuntimeErrorRules.read(Path.of(base + ".rules"));
                    if (rules.options().isEmpty()) {
                        return "no options";
                    }
                    String exp = Files.readString(Path.of(base + ".expected"), StandardCharsets.UTF_8);
                    if (r.tags().contains("silent-native")) {
                        // Native CUDA stays silent here; the rules demand a report, so native output must fail.
                        return rules.check(0, exp, "").passed() ? "silent native output was accepted" : null;
                    }
                    String stderr = r.path().contains("assert") ? "Assertion `v[i] >= 0` failed." : "";
                    Verdict v = rules.check(Integer.parseInt(r.exitCode()), exp, stderr);
                    return v.passed() ? null : v.why();
                }
                default -> {
                    String exp = Files.readString(Path.of(base + ".expected"), StandardCharsets.UTF_8);
                    RunSpec run = RunSpec.of(suite, r);
                    Invocation inv = Invocation.of(suite, r);
                    if (inv.stdin() != null && !Files.isRegularFile(inv.stdin())) {
                        return "no stdin file " + inv.stdin();
                    }
                    Verdict v = OutputComparison.compare(spec, run.filter(exp), run.filter(exp));
                    if (!exp.endsWith("\n")) {
                        return "expected output lacks a final newline";
                    }
                    return v.passed() ? null : v.why();
                }
            }
        } catch (IOException | RuntimeException e) {
            return "exception: " + e;
        }
    }

    @Test
    void manifestHasTheFourParts() throws IOException {
        List<Manifest.Row> rows = Manifest.read(SuiteLocation.suite());
        assertEquals(List.of("cases", "errors", "programs", "runtime-errors"),
                rows.stream().map(Manifest.Row::part).distinct().sorted().toList());
        assertFalse(rows.stream().anyMatch(r -> r.part().equals("errors") && !r.isCompileError()));
    }

    /** Every program file and folder of programs/ has its manifest row (helpers and included kernels aside). */
    @Test
    void everyProgramIsInTheManifest() throws IOException {
        Path suite = SuiteLocation.suite();
        java.util.Set<String> listed = new java.util.HashSet<>();
        Manifest.read(suite).forEach(r -> listed.add(r.path()));
        List<String> missing = new ArrayList<>();
        try (var styles = Files.list(suite.resolve("programs"))) {
            for (Path style : (Iterable<Path>) styles.filter(Files::isDirectory).sorted()::iterator) {
                try (var entries = Files.list(style)) {
                    for (Path p : (Iterable<Path>) entries.sorted()::iterator) {
                        String rel = suite.relativize(p).toString().replace('\\', '/');
                        boolean program = Files.isDirectory(p) || (rel.endsWith(".cu") && !isIncluded(style, p));
                        if (program && !listed.contains(rel)) {
                            missing.add(rel);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    /** A .cu file that another file of its folder #includes (Rodinia's "kernel.cu") is no program of its own. */
    private static boolean isIncluded(Path folder, Path file) throws IOException {
        String needle = "#include \"" + file.getFileName() + "\"";
        try (var siblings = Files.list(folder)) {
            for (Path q : (Iterable<Path>) siblings::iterator) {
                if (Files.isRegularFile(q) && !q.equals(file) && Files.readString(q, StandardCharsets.UTF_8).contains(needle)) {
                    return true;
                }
            }
        }
        return false;
    }
}
