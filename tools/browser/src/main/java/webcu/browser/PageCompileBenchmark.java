package webcu.browser;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Compile time in the page (a benchmark, not a test): loads the built page in headless Chromium,
 * gives it one program and has its engine compile it repeatedly, as pressing Run compiles it.
 * Prints every compile's time, the first and the best and median of the rest, once with the
 * headers' parse state kept between compiles (as when a user runs again) and once without.
 *
 * <pre>
 * PageCompileBenchmark --dist DIR [--page-query ?build=js] [-I DIR] [-D NAME[=VALUE]] FILE.cu [REPEAT]
 * </pre>
 */
public final class PageCompileBenchmark {
    private PageCompileBenchmark() {
    }

    public static void main(String[] argv) throws IOException, BrowserRunner.UsageException {
        List<String> args = new ArrayList<>(List.of(argv));
        int repeat = 40;
        if (args.size() > 1 && args.get(args.size() - 1).matches("\\d+")) {
            repeat = Integer.parseInt(args.remove(args.size() - 1));
        }
        BrowserRunner.Options o = BrowserRunner.parse(args.toArray(String[]::new));
        RunRequest request = BrowserRunner.request(new BrowserRunner.Options(o.dist(), o.backend(), o.timeout(), o.pageQuery(),
                o.verbose(), o.includeDirs(), o.defines(), o.files(), o.args(), null, Path.of(o.files().get(0)).toAbsolutePath().getParent()));
        try (BrowserSession session = BrowserSession.open(o.dist(), o.pageQuery())) {
            String build = o.pageQuery().isEmpty() ? "default build" : o.pageQuery();
            for (boolean keep : new boolean[] {true, false}) {
                List<Double> ms = session.benchmarkCompile(request, repeat, keep, Duration.ofMinutes(5));
                for (int i = 0; i < ms.size(); i++) {
                    System.out.printf("%s, compile %d: %.1f ms%n", keep ? "headers kept" : "nothing kept", i, ms.get(i));
                }
                List<Double> later = new ArrayList<>(ms.subList(1, ms.size()));
                later.sort(null);
                System.out.printf("page (%s), %s: first compile %.1f ms; later compiles best %.1f ms, median %.1f ms (%d compiles)%n",
                        build, keep ? "headers kept" : "nothing kept", ms.get(0), later.get(0), later.get(later.size() / 2), ms.size());
            }
        }
    }
}
