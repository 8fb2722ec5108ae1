package webcu.browser;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.ScriptTimeoutException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.Select;
import webcu.packager.StaticServer;

/**
 * Headless Chromium showing webcu's page from a local static server, reusable for many runs:
 * starting Chromium takes a second or two, a run of a small program a fraction of that. Each run
 * loads the page afresh, so runs share no state but the browser's caches.
 */
public final class BrowserSession implements AutoCloseable {
    /** Debian's paths; WEBCU_CHROMIUM and WEBCU_CHROMEDRIVER override them. */
    static final String DEFAULT_CHROMIUM = "/usr/bin/chromium";
    static final String DEFAULT_CHROMEDRIVER = "/usr/bin/chromedriver";

    // JUL keeps loggers weakly: hold this one so that the level set below sticks.
    private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

    private static final String WAIT_FOR_END = """
            var done = arguments[arguments.length - 1];
            function check() {
              var s = document.body.getAttribute('data-state');
              if (s === 'done' || s === 'stopped') { done(s); return true; }
              return false;
            }
            if (!check()) {
              new MutationObserver(function (m, o) { if (check()) { o.disconnect(); } })
                  .observe(document.body, { attributes: true });
            }
            """;

    private static final String WAIT_FOR_READY = """
            var done = arguments[arguments.length - 1];
            (function poll() {
              if (window.webcu && document.body.getAttribute('data-state') !== 'loading') { done(true); }
              else { setTimeout(poll, 10); }
            })();
            """;

    private final StaticServer server;
    private final Path profile;
    private final ChromeDriver driver;
    private final String pageUrl;

    private BrowserSession(StaticServer server, Path profile, ChromeDriver driver, String pageUrl) {
        this.server = server;
        this.profile = profile;
        this.driver = driver;
        this.pageUrl = pageUrl;
    }

    /**
     * Serves {@code dist} and starts Chromium. {@code pageQuery} is appended to the page's URL
     * (e.g. "?build=js" forces the JavaScript build; "" for the default).
     */
    public static BrowserSession open(Path dist, String pageQuery) throws IOException {
        if (!Files.isRegularFile(dist.resolve("index.html"))) {
            throw new IOException("no page at " + dist.resolve("index.html") + " (build it with ./webcu build)");
        }
        Path chromium = executable("WEBCU_CHROMIUM", System.getenv("WEBCU_CHROMIUM"), DEFAULT_CHROMIUM, "chromium");
        Path chromedriver = executable("WEBCU_CHROMEDRIVER", System.getenv("WEBCU_CHROMEDRIVER"), DEFAULT_CHROMEDRIVER,
                "chromium-driver");
        SELENIUM_LOG.setLevel(Level.OFF);

        StaticServer server = StaticServer.start(dist, "127.0.0.1", 0);
        Path profile = null;
        try {
            profile = Files.createTempDirectory("webcu-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(chromium.toFile());
            options.addArguments(
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--enable-unsafe-webgpu", "--window-size=1280,900",
                    "--user-data-dir=" + profile);
            LoggingPreferences logs = new LoggingPreferences();
            logs.enable(LogType.BROWSER, Level.ALL);
            options.setCapability("goog:loggingPrefs", logs);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(chromedriver.toFile())
                    .usingAnyFreePort()
                    .withLogOutput(OutputStream.nullOutputStream())
                    .build();
            ChromeDriver driver = new ChromeDriver(service, options);
            // No service worker: each session has a fresh profile, where it would download and
            // hash the whole build (about 7 MB) beside every run. OfflineIT tests it.
            String query = pageQuery.isEmpty() ? "?sw=0" : pageQuery + (pageQuery.startsWith("?") ? "&sw=0" : "");
            String url = "http://127.0.0.1:" + server.port() + "/index.html" + query;
            return new BrowserSession(server, profile, driver, url);
        } catch (RuntimeException | IOException e) {
            server.close();
            if (profile != null) {
                deleteTree(profile);
            }
            throw e instanceof IOException io ? io : new IOException("cannot start Chromium: " + e.getMessage(), e);
        }
    }

    /** The configured program, else the fallback; missing is an error that says how to install it. */
    static Path executable(String env, String configured, String fallback, String debianPackage) throws IOException {
        Path p = Path.of(configured != null && !configured.isEmpty() ? configured : fallback);
        if (!Files.isExecutable(p)) {
            throw new IOException(p + " not found: install Debian's " + debianPackage
                    + " (apt-get install chromium chromium-driver; tools/test-all.sh does) or set " + env);
        }
        return p;
    }

    /** The driver, for tests that look at the page themselves. */
    public ChromeDriver driver() {
        return driver;
    }

    /** The page's address, query included. */
    public String pageUrl() {
        return pageUrl;
    }

    /** Loads the page afresh and waits until its script is ready for a run. */
    public void loadPage() {
        driver.get(pageUrl);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        driver.executeAsyncScript(WAIT_FOR_READY);
    }

    /**
     * Runs a program as a user would: loads the page, puts the files in (the first file to compile
     * goes into the source box), chooses the backend, presses Run and waits for the end; past
     * {@code timeout} it presses Stop and reports {@link RunResult#TIMED_OUT}.
     */
    public RunResult run(RunRequest request, Duration timeout) {
        loadPage();
        driver.executeScript("window.webcu.setProject(arguments[0]);", project(request));
        new Select(driver.findElement(By.id("backend"))).selectByValue(request.backend());
        driver.findElement(By.id("run")).click();
        return awaitEnd(timeout);
    }

    /**
     * Compiles a request {@code repeat} times in the page's engine (the Web Worker, wasm-gc where
     * Chromium has it) and returns each compile's milliseconds, as the engine measured them.
     */
    public List<Double> benchmarkCompile(RunRequest request, int repeat, boolean keepHeaders, Duration timeout) {
        loadPage();
        driver.executeScript("window.webcu.setProject(arguments[0]);", project(request));
        driver.manage().timeouts().scriptTimeout(timeout);
        Object r = driver.executeAsyncScript("""
                var done = arguments[arguments.length - 1];
                window.webcu.benchmarkCompile(arguments[0], arguments[1]).then(done, function (e) { done('error: ' + e.message); });
                """, repeat, keepHeaders);
        if (!(r instanceof List<?> list)) {
            throw new WebDriverException("the compile benchmark failed: " + r);
        }
        List<Double> millis = new ArrayList<>();
        for (Object o : list) {
            millis.add(((Number) o).doubleValue());
        }
        return millis;
    }

    /** Waits until the page says the run ended (or stops it after {@code timeout}) and reads the panel. */
    public RunResult awaitEnd(Duration timeout) {
        driver.manage().timeouts().scriptTimeout(timeout);
        boolean timedOut = false;
        try {
            driver.executeAsyncScript(WAIT_FOR_END);
        } catch (ScriptTimeoutException e) {
            timedOut = true;
            driver.executeScript("window.webcu.stop();");
        }
        List<RunResult.Chunk> chunks = outputChunks();
        if (timedOut) {
            return new RunResult(RunResult.TIMED_OUT, chunks, true);
        }
        String state = (String) driver.executeScript("return document.body.getAttribute('data-state');");
        String code = (String) driver.executeScript("return document.body.getAttribute('data-exit-code');");
        if (!"done".equals(state) || code == null) {
            throw new WebDriverException("the page ended in state " + state + " without an exit code");
        }
        return new RunResult(Integer.parseInt(code), chunks, false);
    }

    /** The output panel's spans, text exactly as the DOM holds it (Selenium's getText would reflow it). */
    public List<RunResult.Chunk> outputChunks() {
        Object raw = driver.executeScript("return window.webcu.outputSpans();");
        List<RunResult.Chunk> chunks = new ArrayList<>();
        for (Object o : (List<?>) raw) {
            List<?> pair = (List<?>) o;
            String cls = (String) pair.get(0);
            if (!cls.equals("stdout") && !cls.equals("stderr")) {
                throw new WebDriverException("unexpected span class in the output panel: " + cls);
            }
            chunks.add(new RunResult.Chunk(cls.equals("stderr"), (String) pair.get(1)));
        }
        return chunks;
    }

    /** What the page and its worker logged to the browser console since the last call. */
    public List<String> browserLog() {
        List<String> lines = new ArrayList<>();
        try {
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                lines.add(e.getLevel() + " " + e.getMessage());
            }
        } catch (WebDriverException e) {
            lines.add("(browser log unavailable: " + e.getMessage() + ")");
        }
        return lines;
    }

    /** The script argument for window.webcu.setProject. */
    static Map<String, Object> project(RunRequest request) {
        List<Map<String, Object>> files = new ArrayList<>();
        for (RunRequest.SourceFile f : request.files()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", f.path());
            m.put("text", f.text());
            m.put("compile", f.compile());
            files.add(m);
        }
        List<Map<String, Object>> defines = new ArrayList<>();
        for (RunRequest.Define d : request.defines()) {
            defines.add(Map.of("name", d.name(), "value", d.value()));
        }
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("files", files);
        p.put("includeDirs", request.includeDirs());
        p.put("defines", defines);
        p.put("args", request.args());
        if (request.stdin() != null) {
            p.put("stdin", request.stdin());
        }
        return p;
    }

    /** Quits Chromium, stops the server and deletes the profile, whatever failed before. */
    @Override
    public void close() {
        try {
            driver.quit();
        } catch (RuntimeException e) {
            // The browser may already be gone; the profile and the server still need cleaning up.
        } finally {
            server.close();
            deleteTree(profile);
        }
    }

    /** Deletes a directory tree; a few tries, since Chromium's helpers may still be closing files. */
    static boolean deleteTree(Path root) {
        for (int attempt = 0; attempt < 5; attempt++) {
            if (!Files.exists(root)) {
                return true;
            }
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                        Files.deleteIfExists(dir);
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return !Files.exists(root);
    }
}
