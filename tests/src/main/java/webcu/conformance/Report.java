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
        List<String> fresh = newPasses();
        if (!fresh.isEmpty()) {
            sb.append(fresh.size()).append(" passing cases are not in the baseline yet (--new-passes lists them)\n");
        }
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
