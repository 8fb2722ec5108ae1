package webcu.browser;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.WebDriverException;

/**
 * The page's budgets (a benchmark, not a test; issue 12): cold start to ready, from navigation to
 * the moment both the engine (the Web Worker's build, module compiled) and the editor are ready,
 * each in a fresh Chromium profile so nothing is cached; then compile + run of one program after
 * warm-up, from Run to the exit status, as the page measures it.
 *
 * <pre>
 * PageBudgetBenchmark --dist DIR [--page-query ?build=js] FILE.cu [FRESH_PROFILES] [RUNS]
 * </pre>
 */
public final class PageBudgetBenchmark {
    private PageBudgetBenchmark() {
    }

    /** Both marks the page sets (webcu-page.js), as milliseconds since navigation; null until both exist. */
    private static final String READY_AT = """
            var done = arguments[arguments.length - 1];
            (function poll() {
              var e = performance.getEntriesByName('webcu-engine-ready'), v = performance.getEntriesByName('webcu-view-ready');
              if (e.length && v.length) { done(Math.max(e[0].startTime, v[0].startTime)); }
              else { setTimeout(poll, 5); }
            })();
            """;

    /** Presses Run from inside the page and answers the milliseconds until the run ended. */
    private static final String TIMED_RUN = """
            var done = arguments[arguments.length - 1];
            var t0 = performance.now(), stages = [], last = null;
            var o = new MutationObserver(function () {
              var g = document.body.getAttribute('data-stage');
              if (g && g !== last) { last = g; stages.push(g + ' ' + (performance.now() - t0).toFixed(0)); }
              var s = document.body.getAttribute('data-state');
              if (s === 'done' || s === 'stopped') {
                o.disconnect();
                done([performance.now() - t0, document.body.getAttribute('data-exit-code'), stages.join(', ')]);
              }
            });
            o.observe(document.body, { attributes: true, attributeFilter: ['data-state', 'data-stage'] });
            document.getElementById('run').click();
            """;

    public static void main(String[] argv) throws IOException, BrowserRunner.UsageException {
        List<String> args = new ArrayList<>(List.of(argv));
        List<Integer> counts = new ArrayList<>();
        while (args.size() > 1 && args.get(args.size() - 1).matches("\\d+")) {
            counts.add(0, Integer.parseInt(args.remove(args.size() - 1)));
        }
        int profiles = counts.size() > 0 ? counts.get(0) : 5;
        int runs = counts.size() > 1 ? counts.get(1) : 10;
        BrowserRunner.Options o = BrowserRunner.parse(args.toArray(String[]::new));
        String build = o.pageQuery().isEmpty() ? "default build" : o.pageQuery();

        List<Double> cold = new ArrayList<>();
        for (int i = 0; i < profiles; i++) {
            try (BrowserSession session = BrowserSession.open(o.dist(), o.pageQuery())) {
                session.driver().manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
                session.driver().get(session.pageUrl());
                double ms = ((Number) session.driver().executeAsyncScript(READY_AT)).doubleValue();
                Object engine = session.driver().executeScript("return document.body.getAttribute('data-build');");
                System.out.printf("cold start %d (fresh profile): ready after %.0f ms (%s build)%n", i + 1, ms, engine);
                cold.add(ms);
            }
        }
        System.out.printf("page (%s): cold start to ready, median of %d fresh profiles: %.0f ms (best %.0f, worst %.0f)%n",
                build, cold.size(), median(cold), min(cold), max(cold));

        RunRequest request = BrowserRunner.request(new BrowserRunner.Options(o.dist(), o.backend(), o.timeout(), o.pageQuery(),
                o.verbose(), o.includeDirs(), o.defines(), o.files(), o.args(), null, Path.of(o.files().get(0)).toAbsolutePath().getParent()));
        String name = Path.of(o.files().get(0)).getFileName().toString();
        try (BrowserSession session = BrowserSession.open(o.dist(), o.pageQuery())) {
            session.loadPage();
            session.driver().executeScript("window.webcu.setProject(arguments[0]);", BrowserSession.project(request));
            session.driver().manage().timeouts().scriptTimeout(Duration.ofMinutes(2));
            for (String backend : new String[] {"webgpu", "cpu"}) {
                session.driver().executeScript("var b = document.getElementById('backend'); b.value = arguments[0];"
                        + " b.dispatchEvent(new Event('change'));", backend);
                List<Double> times = new ArrayList<>();
                for (int i = 0; i <= runs; i++) {
                    List<?> r = (List<?>) session.driver().executeAsyncScript(TIMED_RUN);
                    if (!"0".equals(r.get(1))) {
                        throw new WebDriverException(name + " on " + backend + " exited with status " + r.get(1));
                    }
                    double ms = ((Number) r.get(0)).doubleValue();
                    System.out.printf("%s on %s, run %d%s: %.1f ms (stages from Run, ms: %s)%n", name, backend, i,
                            i == 0 ? " (warm-up)" : "", ms, r.get(2));
                    if (i > 0) {
                        times.add(ms);
                    }
                }
                System.out.printf("page (%s): compile + run of %s on %s after warm-up, median of %d: %.1f ms (best %.1f)%n",
                        build, name, backend, times.size(), median(times), min(times));
            }
        }
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    private static double min(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
