package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs the conformance suite on webcu's backends and judges every case by the suite's rules:
 * {@code cases/} and {@code runtime-errors/} on {@code cpu}, {@code webgpu} and {@code vulkan},
 * {@code errors/} through {@code check}. The browser (webgpu) works through its cases beside the
 * backends that run the launcher as a process (cpu, check, vulkan), which go one after another:
 * two launchers at once could both decide to rebuild the compiler in the same folder.
 */
public final class ConformanceRunner {
    /** What to run. Empty {@code tags} means all; {@code paths} are prefixes of manifest paths. */
    public record Selection(List<String> backends, Set<String> tags, Set<String> skipTags, List<String> paths) {
        public Selection {
            backends = List.copyOf(backends);
            tags = Set.copyOf(tags);
            skipTags = Set.copyOf(skipTags);
            paths = List.copyOf(paths);
        }

        public static Selection all() {
            return new Selection(Backend.names(), Set.of(), Set.of(), List.of());
        }

        boolean wants(Manifest.Row row) {
            if (!tags.isEmpty() && Collections.disjoint(row.tags(), tags)) {
                return false;
            }
            if (!Collections.disjoint(row.tags(), skipTags)) {
                return false;
            }
            return paths.isEmpty() || paths.stream().anyMatch(row.path()::startsWith);
        }
    }

    /** One case on one backend; {@code run} is its sidecar (what the comparison leaves out). */
    public record CaseResult(String backend, Manifest.Row row, Verdict verdict, long millis, Outcome outcome, RunSpec run) {
        /** Whether the run reported a feature that its GPU backend cannot run yet, as the standard error for it. */
        public boolean reportedUnsupported() {
            if (outcome == null) {
                return false;
            }
            String text = outcome.stdout() + outcome.stderr();
            return text.contains(backend.equals(Backend.VULKAN) ? UNSUPPORTED_VULKAN : UNSUPPORTED);
        }
    }

    /** The text every 'cannot run this on WebGPU' diagnostic carries. */
    public static final String UNSUPPORTED = "error: not supported on WebGPU yet: ";
    /**
     * What the Vulkan backend's diagnostics carry: the SPIR-V writer's "not supported on Vulkan
     * (SPIR-V) yet: " and the device's "not supported on Vulkan yet: ".
     */
    public static final String UNSUPPORTED_VULKAN = "not supported on Vulkan";

    private final Path suite;
    private final Duration timeout;
    private final Map<String, Executor> executors;

    /** {@code executors} maps each backend name to what runs it. */
    public ConformanceRunner(Path suite, Duration timeout, Map<String, Executor> executors) {
        this.suite = suite;
        this.timeout = timeout;
        this.executors = new LinkedHashMap<>(executors);
    }

    /** Whether {@code backend} runs {@code row}: {@code check} takes the errors/ cases, the others the rest. */
    static boolean runsOn(Manifest.Row row, String backend) {
        return row.isCompileError() == backend.equals(Backend.CHECK);
    }

    /**
     * programs/ (whole real-style programs, issue 10) run on WebGPU and Vulkan only when asked for
     * with --paths programs/…: many wait for their full time limit there today, which the default
     * run (and CI's 40 minutes) cannot afford; on the CPU backend they always run. The gallery
     * (programs/gallery/, the page's worked examples, about a second each) runs on the GPU
     * backends in every run, so that its baseline entries hold there too.
     */
    static boolean isProgram(Manifest.Row row) {
        return row.path().startsWith("programs/") && !row.path().startsWith("programs/gallery/");
    }

    private static boolean asksForPrograms(Selection selection) {
        return selection.paths().stream().anyMatch(p -> p.startsWith("programs"));
    }

    /** Runs the selected cases; {@code progress} sees each result as it comes (from the backends' threads). */
    public List<CaseResult> run(Selection selection, Consumer<CaseResult> progress) throws IOException {
        List<Manifest.Row> rows = Manifest.read(suite).stream().filter(selection::wants).toList();
        List<List<String>> lanes = new ArrayList<>();
        List<String> processes = new ArrayList<>();
        for (String backend : selection.backends()) {
            if (!executors.containsKey(backend)) {
                throw new IllegalArgumentException("no executor for backend " + backend);
            }
            if (backend.equals(Backend.WEBGPU)) {
                lanes.add(List.of(backend));
            } else {
                processes.add(backend);
            }
        }
        if (!processes.isEmpty()) {
            lanes.add(processes);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, lanes.size()));
        try {
            List<Future<List<CaseResult>>> futures = new ArrayList<>();
            for (List<String> lane : lanes) {
                futures.add(pool.submit(() -> {
                    List<CaseResult> done = new ArrayList<>();
                    for (String backend : lane) {
                        List<Manifest.Row> mine = rows.stream().filter(r -> runsOn(r, backend)
                                && (!Backend.isGpu(backend) || !isProgram(r) || asksForPrograms(selection))).toList();
                        done.addAll(runAll(backend, executors.get(backend), mine, progress));
                    }
                    return done;
                }));
            }
            List<CaseResult> results = new ArrayList<>();
            for (Future<List<CaseResult>> f : futures) {
                try {
                    results.addAll(f.get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof IOException io) {
                        throw io;
                    }
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new IOException(cause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private List<CaseResult> runAll(String backend, Executor executor, List<Manifest.Row> rows,
                                    Consumer<CaseResult> progress) throws IOException {
        List<CaseResult> results = new ArrayList<>();
        for (Manifest.Row row : rows) {
            Outcome outcome;
            RunSpec run = RunSpec.NONE;
            try {
                run = RunSpec.of(suite, row);
                outcome = executor.execute(Invocation.of(suite, row), timeout);
            } catch (IOException e) {
                // a broken sidecar or an empty folder fails this case, not the run
                outcome = new Outcome(2, "", "conformance: " + e.getMessage() + "\n", false, 0);
            }
            CaseResult r = new CaseResult(backend, row, judge(suite, row, outcome), outcome.millis(), outcome, run);
            results.add(r);
            progress.accept(r);
        }
        return results;
    }

    /** Applies the case's rule to what the command printed, as run_suite.py does. */
    public static Verdict judge(Path suite, Manifest.Row row, Outcome o) {
        String base = row.base();
        try {
            CompareSpec spec = CompareSpec.parse(row.compare());
            switch (spec.mode()) {
                case "compile-error" -> {
                    return CompileErrorRules.read(suite.resolve(base + ".expected")).check(o.exitCode(), o.stdout() + o.stderr());
                }
                case "runtime-error" -> {
                    return RuntimeErrorRules.read(suite.resolve(base + ".rules")).check(o.exitCode(), o.stdout(), o.stderr());
                }
                default -> {
                    String expected = Files.readString(suite.resolve(base + ".expected"), StandardCharsets.UTF_8);
                    // timing lines and the like, which no two runs print alike, are left out on both sides
                    RunSpec run = RunSpec.of(suite, row);
                    Verdict v = OutputComparison.compare(spec, run.filter(expected), run.filter(o.stdout()));
                    if (v.passed() && !String.valueOf(o.exitCode()).equals(row.exitCode())) {
                        v = Verdict.fail("exit code " + o.exitCode() + ", expected " + row.exitCode());
                    }
                    if (!v.passed() && !String.valueOf(o.exitCode()).equals(row.exitCode())) {
                        // Our run compiles and runs in one step: show why it stopped, as the
                        // reference driver shows a failed compile step.
                        v = Verdict.fail(v.why() + "\n  exit code " + o.exitCode() + ", stderr: " + tail(o.stderr(), 400));
                    }
                    return v;
                }
            }
        } catch (IOException | RuntimeException e) {
            return Verdict.fail("cannot check: " + e);
        }
    }

    static String tail(String s, int n) {
        String t = PyText.strip(s);
        return t.length() <= n ? t : t.substring(t.length() - n);
    }
}
