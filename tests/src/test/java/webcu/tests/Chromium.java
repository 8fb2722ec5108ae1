package webcu.tests;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium with its own profile, for tests that serve the pages themselves (two origins,
 * a server that stops and comes back): the same flags as webcu.browser.BrowserSession.
 */
final class Chromium implements AutoCloseable {
    final ChromeDriver driver;
    private final Path profile;
    /** Every console line seen so far (the driver hands each out once). */
    private final List<String> log = new ArrayList<>();

    Chromium() throws IOException {
        profile = Files.createTempDirectory("webcu-chromium-");
        String bin = System.getenv().getOrDefault("WEBCU_CHROMIUM", "/usr/bin/chromium");
        String drv = System.getenv().getOrDefault("WEBCU_CHROMEDRIVER", "/usr/bin/chromedriver");
        java.util.logging.Logger.getLogger("org.openqa.selenium").setLevel(Level.OFF);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(bin);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--enable-unsafe-webgpu", "--window-size=1280,900", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(drv).toFile()).usingAnyFreePort()
                .withLogOutput(OutputStream.nullOutputStream()).build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
    }

    Object js(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    Object jsAsync(String script, Object... args) {
        return driver.executeAsyncScript(script, args);
    }

    /** The console so far, one "LEVEL message" per line. */
    List<String> console() {
        try {
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                log.add(e.getLevel() + " " + e.getMessage());
            }
        } catch (WebDriverException e) {
            log.add("(browser log unavailable: " + e.getMessage() + ")");
        }
        return List.copyOf(log);
    }

    /** Console lines about a Content Security Policy (a violation, or a policy the browser rejected). */
    List<String> cspProblems() {
        return console().stream().filter(l -> l.contains("Content Security Policy") || l.contains("Content-Security-Policy")).toList();
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var walk = Files.walk(profile)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temp folder left behind
            }
        }
    }
}
