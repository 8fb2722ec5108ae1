package webcu.conformance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.WebDriverException;
import webcu.browser.BrowserRunner;
import webcu.browser.BrowserSession;
import webcu.browser.RunRequest;

/**
 * Runs programs on WebGPU the way {@code ./webcu run --backend webgpu} does (the same
 * {@link BrowserRunner} code), but in one Chromium for the whole suite. A browser that breaks is
 * replaced for the next case; one that cannot start at all is an error, not a failed case.
 */
public final class BrowserExecutor implements Executor {
    private final Path dist;
    private final String pageQuery;
    private BrowserSession session;

    public BrowserExecutor(Path dist, String pageQuery) {
        this.dist = dist;
        this.pageQuery = pageQuery;
    }

    /** Starts the browser now, so that a missing Chromium stops the run before any case. */
    public void open() throws IOException {
        if (session == null) {
            session = BrowserSession.open(dist, pageQuery);
        }
    }

    @Override
    public Outcome execute(Invocation program, Duration timeout) throws IOException {
        List<String> args = new ArrayList<>(List.of("--dist", dist.toString(), "--backend", Backend.WEBGPU, "--timeout",
                String.valueOf(Math.max(1, timeout.toSeconds()))));
        if (program.stdin() != null) {
            args.addAll(List.of("--stdin", program.stdin().toString()));
        }
        if (program.workdir() != null) {
            args.addAll(List.of("--cwd", program.workdir().toString()));
        }
        args.addAll(program.flags());
        program.sources().forEach(s -> args.add(s.toString()));
        if (!program.args().isEmpty()) {
            args.add("--");
            args.addAll(program.args());
        }
        String[] argv = args.toArray(String[]::new);
        BrowserRunner.Options options;
        try {
            options = BrowserRunner.parse(argv);
        } catch (BrowserRunner.UsageException e) {
            throw new IllegalStateException(e);
        }
        RunRequest request = BrowserRunner.request(options);
        open();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int status;
        try {
            status = BrowserRunner.execute(session, options, request, out, err);
        } catch (WebDriverException e) {
            // The page or the browser broke; this case fails and the next one gets a new browser.
            session.close();
            session = null;
            String why = "webcu: the browser runner failed: " + e.getMessage().lines().findFirst().orElse("") + "\n";
            err.write(why.getBytes(StandardCharsets.UTF_8));
            status = BrowserRunner.RUNNER_FAILED;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                status == Outcome.TIMED_OUT, millis);
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
