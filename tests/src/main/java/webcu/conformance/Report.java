package webcu.conformance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The suite's results as text: a FAIL line per failing case with the first difference, then per
 * backend "N passed, M failed", a table per tag, and the state of the baseline.
 */
public final class Report {
    private final List<ConformanceRunner.CaseResult> results;
    private final List<String> backends;
    private final Baseline baseline;

    public Report(List<ConformanceRunner.CaseResult> results, List<String> backends, Baseline baseline) {
        this.results = results.stream()
                .sorted(Comparator.comparing((ConformanceRunner.CaseResult r) -> backends.indexOf(r.backend()))
                        .thenComparing(r -> r.row().path()))
                .toList();
        this.backends = List.copyOf(backends);
        this.baseline = baseline;
    }

    /** Baseline cases that failed: each one a regression. */
    public List<ConformanceRunner.CaseResult> regressions() {
        return results.stream().filter(r -> !r.verdict().passed() && baseline.contains(r.backend(), r.row().path())).toList();
    }

    /** Passing cases not yet in the baseline, as baseline lines. */
    public List<String> newPasses() {
        return results.stream()
                .filter(r -> r.verdict().passed() && !baseline.contains(r.backend(), r.row().path()))
                .map(r -> Baseline.key(r.backend(), r.row().path()))
                .toList();
    }

    /**
     * Failures on a GPU backend (WebGPU, Vulkan) that did not say why with the unsupported-feature
     * error: wrong output, a crash or a time-out. The standard allows none; each one is a bug to fix.
     */
    public List<ConformanceRunner.CaseResult> unclearFailures() {
        return allUnclearFailures().stream().filter(r -> held(r.row().path())).toList();
    }

    /**
     * Unclear GPU failures of cases outside the baseline that fail on the CPU too: a program
     * whose features webcu lacks yet fails everywhere, and its GPU failure says nothing new.
     * Listed, but they do not fail the run.
     */
    public List<ConformanceRunner.CaseResult> unheldUnclearFailures() {
        return allUnclearFailures().stream().filter(r -> !held(r.row().path())).toList();
    }

    private List<ConformanceRunner.CaseResult> allUnclearFailures() {
        return results.stream()
                .filter(r -> Backend.isGpu(r.backend()) && !r.verdict().passed() && !r.reportedUnsupported())
                .toList();
    }

    /**
     * Whether the GPU rules (no unclear failure, no difference from the CPU) hold for a case: they
     * do for a case of the baseline (on any backend) and for one that passed on the CPU in this
     * run, where the CPU's output is a trustworthy stand-in for nvcc's.
     */
    private boolean held(String path) {
        for (String b : Backend.names()) {
            if (baseline.contains(b, path)) {
                return true;
            }
        }
        return results.stream().anyMatch(r -> r.backend().equals(Backend.CPU) && r.row().path().equals(path) && r.verdict().passed());
    }

    /** {@link #differences(String)} of every GPU backend in the run, each entry led by the backend's name. */
    public List<String> differences() {
        List<String> out = new ArrayList<>();
        for (String gpu : backends) {
            if (Backend.isGpu(gpu)) {
                differences(gpu).forEach(d -> out.add(gpu + " " + d));
            }
        }
        return out;
    }

    /**
     * The differential test: cases that both the CPU and the GPU backend {@code backend} ran to the end
     * (no unsupported feature reported) whose outputs differ under the case's comparison rule, with
     * the CPU's output standing in for nvcc's; only cases of the baseline and cases that passed
     * on the CPU count (a wrong CPU output is no reference). Each entry says where they part.
     */
    public List<String> differences(String backend) {
        List<String> out = new ArrayList<>();
        for (ConformanceRunner.CaseResult[] both : ranByBoth(backend)) {
            ConformanceRunner.CaseResult cpu = both[0];
            ConformanceRunner.CaseResult gpu = both[1];
            CompareSpec spec = CompareSpec.parse(gpu.row().compare());
            Verdict v;
            if (spec.mode().equals("runtime-error")) {
                v = cpu.outcome().exitCode() == gpu.outcome().exitCode() ? Verdict.pass()
                        : Verdict.fail("exit code " + gpu.outcome().exitCode() + " on " + gpu.backend() + ", " + cpu.outcome().exitCode() + " on the CPU");
            } else {
                v = OutputComparison.compare(spec, gpu.run().filter(cpu.outcome().stdout()), gpu.run().filter(gpu.outcome().stdout()));
            }
            if (!v.passed()) {
                out.add(gpu.row().path() + " -- " + v.why());
            }
        }
        return out;
    }

    /** How many cases the CPU and a GPU backend both ran to the end, the denominator of {@link #differences()}. */
    public int comparedByBoth() {
        return backends.stream().filter(Backend::isGpu).mapToInt(this::comparedByBoth).sum();
    }

    /** How many cases the CPU and {@code gpu} both ran to the end, the denominator of {@link #differences(String)}. */
    public int comparedByBoth(String gpu) {
        return ranByBoth(gpu).size();
    }

    /** {cpu, gpu} result pairs of the cases both ran to the end (compile-error cases have no output to compare). */
    private List<ConformanceRunner.CaseResult[]> ranByBoth(String backend) {
        Map<String, ConformanceRunner.CaseResult> cpuByPath = new LinkedHashMap<>();
        for (ConformanceRunner.CaseResult r : results) {
            if (r.backend().equals(Backend.CPU) && r.outcome() != null) {
                cpuByPath.put(r.row().path(), r);
            }
        }
        List<ConformanceRunner.CaseResult[]> pairs = new ArrayList<>();
        for (ConformanceRunner.CaseResult gpu : results) {
            ConformanceRunner.CaseResult cpu = cpuByPath.get(gpu.row().path());
            if (gpu.backend().equals(backend) && gpu.outcome() != null && !gpu.reportedUnsupported() && cpu != null
                    && !CompareSpec.parse(gpu.row().compare()).mode().equals("compile-error") && held(gpu.row().path())) {
                pairs.add(new ConformanceRunner.CaseResult[] {cpu, gpu});
            }
        }
        return pairs;
    }

    public int passed() {
        return (int) results.stream().filter(r -> r.verdict().passed()).count();
    }

    public int failed() {
        return results.size() - passed();
    }

    /** The FAIL lines, one per failing case. */
    public String failures() {
        StringBuilder sb = new StringBuilder();
        for (ConformanceRunner.CaseResult r : results) {
            if (!r.verdict().passed()) {
                sb.append("FAIL ").append(r.backend()).append(' ').append(r.row().path()).append(" -- ")
                        .append(r.verdict().why()).append('\n');
            }
        }
        return sb.toString();
    }

    /** Per backend totals, the tag table and the baseline's state. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        Map<String, int[]> totals = new LinkedHashMap<>();
        for (String b : backends) {
            totals.put(b, new int[2]);
        }
        Map<String, Map<String, int[]>> byTag = new TreeMap<>();
        for (ConformanceRunner.CaseResult r : results) {
            int[] t = totals.computeIfAbsent(r.backend(), k -> new int[2]);
            t[r.verdict().passed() ? 0 : 1]++;
            for (String tag : r.row().tags()) {
                int[] c = byTag.computeIfAbsent(tag, k -> new LinkedHashMap<>()).computeIfAbsent(r.backend(), k -> new int[2]);
                c[r.verdict().passed() ? 0 : 1]++;
            }
        }
        sb.append("per tag (passed/run):\n");
        int width = Math.max(3, byTag.keySet().stream().mapToInt(String::length).max().orElse(3));
        sb.append(pad("tag", width));
        for (String b : totals.keySet()) {
            sb.append("  ").append(pad(b, 9));
        }
        sb.append('\n');
        for (Map.Entry<String, Map<String, int[]>> e : byTag.entrySet()) {
            sb.append(pad(e.getKey(), width));
            for (String b : totals.keySet()) {
                int[] c = e.getValue().get(b);
                sb.append("  ").append(pad(c == null ? "-" : c[0] + "/" + (c[0] + c[1]), 9));
            }
            sb.append('\n');
        }
        List<ConformanceRunner.CaseResult> regressions = regressions();
        sb.append("baseline: ").append(baseline.size()).append(" entries, ");
        if (regressions.isEmpty()) {
            sb.append("none of the cases run failed\n");
        } else {
            sb.append(regressions.size()).append(" failed (regressions):\n");
            for (ConformanceRunner.CaseResult r : regressions) {
                sb.append("  REGRESSION ").append(r.backend()).append(' ').append(r.row().path()).append('\n');
            }
        }
        for (String gpu : backends.stream().filter(Backend::isGpu).toList()) {
            List<ConformanceRunner.CaseResult> unclear = unclearFailures().stream().filter(r -> r.backend().equals(gpu)).toList();
            sb.append(gpu).append(" failures without the unsupported-feature error: ").append(unclear.size()).append('\n');
            for (ConformanceRunner.CaseResult r : unclear) {
                sb.append("  UNCLEAR ").append(r.row().path()).append('\n');
            }
            long unheld = unheldUnclearFailures().stream().filter(r -> r.backend().equals(gpu)).count();
            if (unheld > 0) {
                sb.append("not counted (outside the baseline and failing on the CPU too): ").append(unheld).append('\n');
            }
        }
        for (String gpu : backends.stream().filter(Backend::isGpu).toList()) {
            if (!backends.contains(Backend.CPU)) {
                break;
            }
            List<String> diff = differences(gpu);
            int both = comparedByBoth(gpu);
            sb.append("differential cpu/").append(gpu).append(": ").append(both - diff.size()).append(" of ").append(both)
                    .append(" cases that both ran agree\n");
            for (String d : diff) {
                sb.append("  DIFFERS ").append(d).append('\n');
            }
        }
        List<String> fresh = newPasses();
        if (!fresh.isEmpty()) {
            sb.append(fresh.size()).append(" passing cases are not in the baseline yet (--new-passes lists them)\n");
        }
        sb.append("time running the cases:");
        for (String backend : totals.keySet()) {
            long millis = results.stream().filter(r -> r.backend().equals(backend)).mapToLong(ConformanceRunner.CaseResult::millis).sum();
            sb.append(String.format(" %s %.1f s", backend, millis / 1000.0));
        }
        sb.append('\n');
        for (Map.Entry<String, int[]> e : totals.entrySet()) {
            sb.append(e.getKey()).append(": ").append(e.getValue()[0]).append(" passed, ").append(e.getValue()[1]).append(" failed\n");
        }
        return sb.toString();
    }

    /** Per-case timings, slowest first, for finding what makes the suite slow. */
    public String slowest(int n) {
        List<ConformanceRunner.CaseResult> sorted = new ArrayList<>(results);
        sorted.sort(Comparator.comparingLong(ConformanceRunner.CaseResult::millis).reversed());
        StringBuilder sb = new StringBuilder();
        for (ConformanceRunner.CaseResult r : sorted.subList(0, Math.min(n, sorted.size()))) {
            sb.append(String.format("%8d ms  %s %s%n", r.millis(), r.backend(), r.row().path()));
        }
        return sb.toString();
    }

    private static String pad(String s, int width) {
        StringBuilder sb = new StringBuilder(s);
        while (sb.length() < width) {
            sb.append(' ');
        }
        return sb.toString();
    }
}
