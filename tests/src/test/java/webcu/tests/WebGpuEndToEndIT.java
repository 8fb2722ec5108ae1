package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import webcu.browser.BrowserRunner;
import webcu.browser.BrowserSession;
import webcu.browser.RunRequest;
import webcu.browser.RunResult;

/**
 * The page in headless Chromium, end to end: a user types a CUDA program into the editor, runs it
 * on WebGPU
 * (Chromium's software adapter here) and reads nvcc's output in the panel. A missing Chromium
 * fails these tests; tools/test-all.sh installs it.
 */
@Timeout(600)
class WebGpuEndToEndIT {
    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);
    private static BrowserSession session;

    @BeforeAll
    static void openBrowser() throws IOException {
        session = BrowserSession.open(Repo.dist(), "");
    }

    @AfterAll
    static void closeBrowser() {
        if (session != null) {
            session.close();
        }
    }

    private static String withoutIndent(String text) {
        return text.lines().map(String::strip).collect(java.util.stream.Collectors.joining("\n")).strip();
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    private static String waitForBuild(ChromeDriver driver) {
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> ((ChromeDriver) d)
                .executeScript("return document.body.getAttribute('data-build');") != null);
        return (String) driver.executeScript("return document.body.getAttribute('data-build');");
    }

    @Test
    void typedVectorAddRunsOnWebGpu() throws IOException {
        Path cu = Repo.suite().resolve("cases/indexing/vector_add_1d.cu");
        String expected = read(Repo.suite().resolve("cases/indexing/vector_add_1d.expected"));
        session.loadPage();
        ChromeDriver driver = session.driver();
        assertEquals("wasm-gc", waitForBuild(driver), "Chromium has wasm-gc, so the page must load that build");
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> ((ChromeDriver) d)
                .executeScript("return document.body.getAttribute('data-ui-ready');") != null);
        WebElement editor = driver.findElement(By.cssSelector("#editor .cm-content"));
        editor.click();
        editor.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        editor.sendKeys(read(cu));
        // the editor indents new lines itself, so only the lines' leading blanks may differ
        assertEquals(withoutIndent(read(cu)), withoutIndent((String) driver.executeScript("return window.webcu.project().files[0].text;")));
        new Select(driver.findElement(By.id("backend"))).selectByValue("webgpu");
        driver.findElement(By.id("run")).click();
        RunResult result = session.awaitEnd(RUN_LIMIT);
        assertEquals("", result.stderr());
        assertEquals(expected, result.stdout());
        assertEquals(0, result.exitCode());
        assertEquals(List.of(new RunResult.Chunk(false, expected)), result.chunks(), "stdout arrives as one span");
    }

    @Test
    void theCommandLineRunnerPrintsExactlyThePanel() throws IOException {
        Path cu = Repo.suite().resolve("cases/apps/vector_add_verify.cu");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = BrowserRunner.run(new String[] {"--dist", Repo.dist().toString(), "--backend", "webgpu", cu.toString()}, out, err);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertEquals(read(Repo.suite().resolve("cases/apps/vector_add_verify.expected")), out.toString(StandardCharsets.UTF_8));
        assertEquals(0, status);
    }

    @Test
    void theJavaScriptBuildRunsOnTheCpuBackend() throws IOException {
        try (BrowserSession js = BrowserSession.open(Repo.dist(), "?build=js")) {
            Path cu = Repo.suite().resolve("cases/indexing/vector_add_1d.cu");
            RunResult result = js.run(RunRequest.single(cu.toString(), read(cu), "cpu"), RUN_LIMIT);
            assertEquals("js", js.driver().executeScript("return document.body.getAttribute('data-build');"));
            assertEquals(read(Repo.suite().resolve("cases/indexing/vector_add_1d.expected")), result.stdout());
            assertEquals(0, result.exitCode());
        }
    }

    @Test
    void compileErrorsAreShownAsStderr() {
        RunResult result = session.run(RunRequest.single("main.cu", Programs.SYNTAX_ERROR, "webgpu"), RUN_LIMIT);
        assertEquals(1, result.exitCode());
        assertEquals("", result.stdout());
        assertTrue(result.stderr().startsWith("main.cu:"), result.stderr());
        assertTrue(result.stderr().contains("error:"), result.stderr());
    }

    @Test
    void stopEndsARunawayProgram() {
        session.loadPage();
        ChromeDriver driver = session.driver();
        driver.executeScript("window.webcu.setProject(arguments[0]);",
                java.util.Map.of("files", List.of(java.util.Map.of("path", "main.cu", "text", Programs.FOREVER, "compile", true))));
        new Select(driver.findElement(By.id("backend"))).selectByValue("cpu");
        driver.findElement(By.id("run")).click();
        RunResult result = session.awaitEnd(Duration.ofSeconds(5));
        assertTrue(result.timedOut(), "the loop must still be running after 5 s");
        assertEquals("stopped", driver.executeScript("return document.body.getAttribute('data-state');"));
        // The page stays usable: the next run works.
        RunResult next = session.run(RunRequest.single("main.cu", Programs.SQUARES, "webgpu"), RUN_LIMIT);
        assertEquals(Programs.SQUARES_OUTPUT, next.stdout());
        assertEquals(0, next.exitCode());
    }
}
