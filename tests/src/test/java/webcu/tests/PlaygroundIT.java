package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import webcu.browser.BrowserSession;
import webcu.browser.RunResult;

/**
 * The playground in headless Chromium as a user meets it: the editor with a tab per file, the
 * compiler's errors marked in place, arguments and standard input typed into their fields, the
 * project kept across a reload, the terminal, the CPU emulator chosen where WebGPU is missing,
 * no serious accessibility problem in either theme (axe-core from app/web/node_modules), and
 * screenshots at a desktop and a phone size under tests/target/screenshots.
 */
@Timeout(600)
class PlaygroundIT {
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

    private static ChromeDriver driver() {
        return session.driver();
    }

    private static Object js(String script, Object... args) {
        return driver().executeScript(script, args);
    }

    /** The page with its editor attached, from a clean slate (no saved project). */
    private static void freshPage() {
        session.loadPage();
        js("localStorage.clear();");
        session.loadPage();
        waitForEditor();
    }

    private static void waitForEditor() {
        new WebDriverWait(driver(), Duration.ofSeconds(30))
                .until(d -> "true".equals(((ChromeDriver) d).executeScript("return document.body.getAttribute('data-ui-ready');")));
    }

    private static void setProject(List<Map<String, Object>> files) {
        js("window.webcu.setProject({files: arguments[0]});", files);
    }

    private static Map<String, Object> file(String path, String text, boolean compile) {
        return Map.of("path", path, "text", text, "compile", compile);
    }

    private static RunResult runOn(String backend) {
        new Select(driver().findElement(By.id("backend"))).selectByValue(backend);
        driver().findElement(By.id("run")).click();
        return session.awaitEnd(RUN_LIMIT);
    }

    private static final String HELPER_WITH_ERROR = """
            int twice(int x)
            {
                return x * 2
            }
            """;

    @Test
    void aSyntaxErrorInTheSecondFileIsMarkedThere() {
        freshPage();
        setProject(List.of(
                file("main.cu", "#include <cstdio>\nint twice(int x);\nint main() { printf(\"%d\\n\", twice(21)); }\n", true),
                file("helper.cu", HELPER_WITH_ERROR, true)));
        RunResult result = runOn("cpu");
        assertEquals(1, result.exitCode());
        assertTrue(result.stderr().startsWith("helper.cu:3:"), result.stderr());
        String status = driver().findElement(By.id("status")).getText();
        assertTrue(status.startsWith("Compilation failed: 1 error"), status);

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> diagnostics = (List<Map<String, Object>>) js("return window.webcu.diagnostics();");
        assertEquals("helper.cu", diagnostics.get(0).get("file"));
        assertEquals(3L, diagnostics.get(0).get("line"));
        long column = (Long) diagnostics.get(0).get("column");
        // the rendered diagnostic names the same place
        assertTrue(result.stderr().startsWith("helper.cu:3:" + column + ": error: "), result.stderr());

        // the editor shows the file of the error, marked at its line and column
        assertEquals("helper.cu", js("return window.webcu.ui.activeFile();"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> marks = (List<Map<String, Object>>) js("return window.webcu.ui.lintMarks();");
        assertEquals(1, marks.size(), marks.toString());
        assertEquals("helper.cu", marks.get(0).get("file"));
        assertEquals(3L, marks.get(0).get("line"));
        assertEquals(column, marks.get(0).get("column"));
        assertEquals("error", marks.get(0).get("severity"));
        // (clang puts "expected ';'" just past the line's last character: a point mark, not an underline)
        WebElement underline = driver().findElement(By.cssSelector("#editor .cm-lintRange-error, #editor .cm-lintPoint-error"));
        assertTrue(underline.findElement(By.xpath("ancestor::div[contains(@class,'cm-line')]")).getText().contains("return x * 2"));
        assertFalse(driver().findElements(By.cssSelector("#editor .cm-lint-marker-error")).isEmpty(), "a gutter mark");

        // the list under the editor: clicking the entry puts the cursor there, in the right tab
        driver().findElement(By.id("file-tab-0")).click();
        assertEquals("main.cu", js("return window.webcu.ui.activeFile();"));
        WebElement entry = driver().findElement(By.cssSelector("#diagnostics .diag-link"));
        assertTrue(entry.getText().startsWith("helper.cu:3:" + column + ": error:"), entry.getText());
        entry.click();
        assertEquals("helper.cu", js("return window.webcu.ui.activeFile();"));
        assertEquals(List.of(3L, column), js("""
                var s = window.webcu.ui.editor.state, head = s.selection.main.head, line = s.doc.lineAt(head);
                return [line.number, head - line.from + 1];"""));
    }

    private static final String ECHO = """
            #include <cstdio>
            #include <iostream>
            #include <string>

            int main(int argc, char **argv)
            {
                for (int i = 1; i < argc; ++i) {
                    printf("arg %d: [%s]\\n", i, argv[i]);
                }
                std::string line;
                int n = 0;
                while (std::getline(std::cin, line)) {
                    printf("line %d: %s\\n", ++n, line.c_str());
                }
                fprintf(stderr, "read %d lines\\n", n);
                printf("done\\n");
                return n;
            }
            """;

    @Test
    void argumentsAndStdinFromTheirFieldsReachTheProgram() {
        freshPage();
        setProject(List.of(file("echo.cu", ECHO, true)));
        driver().findElement(By.id("args")).sendKeys("one 'two words' three");
        driver().findElement(By.cssSelector("#settings summary")).click();
        driver().findElement(By.id("stdin")).sendKeys("first\nsecond\n");
        RunResult result = runOn("cpu");
        assertEquals("arg 1: [one]\narg 2: [two words]\narg 3: [three]\nline 1: first\nline 2: second\n", result.stdout().replace("done\n", ""));
        assertEquals(2, result.exitCode());
        // stdout and stderr stay apart, in order
        assertEquals(List.of(
                new RunResult.Chunk(false, "arg 1: [one]\narg 2: [two words]\narg 3: [three]\nline 1: first\nline 2: second\n"),
                new RunResult.Chunk(true, "read 2 lines\n"),
                new RunResult.Chunk(false, "done\n")), result.chunks());
        // and the terminal shows them, stderr in its own colour
        String rows = (String) js("return document.querySelector('#terminal .xterm-rows').textContent;");
        assertTrue(rows.contains("arg 2: [two words]") && rows.contains("read 2 lines"), rows);
        assertFalse(driver().findElements(By.cssSelector("#terminal .xterm-rows span.xterm-fg-1")).isEmpty(),
                "stderr is drawn in the terminal's red");
        String status = driver().findElement(By.id("status")).getText();
        assertTrue(status.startsWith("Program exited with status 2 after "), status);
    }

    @Test
    void includeFoldersAndMacrosFromTheSettingsReachTheCompiler() {
        freshPage();
        setProject(List.of(
                file("main.cu", "#include <cstdio>\n#include \"config.h\"\nint main() { printf(\"%s %d %d\\n\", GREETING, N, VERBOSE); }\n", true),
                file("inc/config.h", "#define GREETING \"hello\"\n", false)));
        driver().findElement(By.cssSelector("#settings summary")).click();
        driver().findElement(By.id("include-dirs")).sendKeys("inc");
        driver().findElement(By.id("defines")).sendKeys("N=42 VERBOSE");
        RunResult result = runOn("cpu");
        assertEquals("hello 42 1\n", result.stdout(), result.stderr());
        assertEquals(List.of("inc"), js("return window.webcu.project().includeDirs;"));
        // the header is a file of its own, shown as not compiled
        assertEquals("false", driver().findElement(By.id("file-tab-1")).getAttribute("aria-selected"));
        driver().findElement(By.id("file-tab-1")).click();
        assertFalse(driver().findElement(By.id("compile-file")).isSelected());
    }

    @Test
    void autosaveSurvivesAReloadAndResetBringsTheExampleBack() {
        freshPage();
        String example = (String) js("return window.webcu.project().files[0].text;");
        assertTrue(example.contains("__global__ void vectorAdd"), example);
        WebElement content = driver().findElement(By.cssSelector("#editor .cm-content"));
        content.click();
        content.sendKeys(Keys.chord(Keys.CONTROL, Keys.END));
        content.sendKeys(Keys.ENTER, "// edited by hand");
        driver().findElement(By.id("args")).sendKeys("-n 5");
        session.loadPage();
        waitForEditor();
        String text = (String) js("return window.webcu.project().files[0].text;");
        assertTrue(text.endsWith("// edited by hand"), text.substring(Math.max(0, text.length() - 80)));
        assertTrue(((String) js("return window.webcu.ui.editor.state.doc.toString();")).endsWith("// edited by hand"));
        assertEquals("-n 5", driver().findElement(By.id("args")).getAttribute("value"));
        assertEquals(List.of("-n", "5"), js("return window.webcu.project().args;"));

        driver().findElement(By.cssSelector("#settings summary")).click();
        driver().findElement(By.id("reset-project")).click();
        driver().switchTo().alert().accept();
        assertEquals(example, js("return window.webcu.project().files[0].text;"));
        assertEquals("", driver().findElement(By.id("args")).getAttribute("value"));
    }

    @Test
    void withoutWebGpuTheCpuEmulatorRunsAndThePageSaysSo() {
        driver().get(session.pageUrl() + "?webgpu=0");
        waitForEditor();
        WebElement notice = driver().findElement(By.id("notice"));
        assertTrue(notice.isDisplayed());
        assertTrue(notice.getText().contains("CPU emulator"), notice.getText());
        assertEquals("cpu", new Select(driver().findElement(By.id("backend"))).getFirstSelectedOption().getAttribute("value"));
        setProject(List.of(file("main.cu", Programs.SQUARES, true)));
        driver().findElement(By.id("run")).click();
        RunResult result = session.awaitEnd(RUN_LIMIT);
        assertEquals(Programs.SQUARES_OUTPUT, result.stdout());
        assertEquals(0, result.exitCode());
    }

    @Test
    void ctrlEnterRunsAndEscStopsFromTheKeyboard() {
        freshPage();
        setProject(List.of(file("main.cu", Programs.FOREVER, true)));
        new Select(driver().findElement(By.id("backend"))).selectByValue("cpu");
        WebElement content = driver().findElement(By.cssSelector("#editor .cm-content"));
        content.click();
        content.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        assertEquals("running", js("return document.body.getAttribute('data-state');"));
        assertEquals(Programs.FOREVER, js("return window.webcu.project().files[0].text;"), "Ctrl+Enter inserts no line");
        new WebDriverWait(driver(), Duration.ofSeconds(30))
                .until(d -> "host".equals(((ChromeDriver) d).executeScript("return document.body.getAttribute('data-stage');")));
        String status = driver().findElement(By.id("status")).getText();
        assertTrue(status.startsWith("Running host code on the CPU emulator"), status);
        long before = System.nanoTime();
        content.sendKeys(Keys.ESCAPE);
        new WebDriverWait(driver(), Duration.ofSeconds(1))
                .until(d -> "stopped".equals(((ChromeDriver) d).executeScript("return document.body.getAttribute('data-state');")));
        assertTrue(System.nanoTime() - before < 1_000_000_000L);
        setProject(List.of(file("main.cu", Programs.SQUARES, true)));
        driver().findElement(By.cssSelector("#editor .cm-content")).sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        RunResult next = session.awaitEnd(RUN_LIMIT);
        assertEquals(Programs.SQUARES_OUTPUT, next.stdout());
    }

    @Test
    void theStatusLineFollowsTheStagesOfAWebGpuRun() {
        freshPage();
        setProject(List.of(file("main.cu", Programs.SQUARES, true)));
        js("""
                window.stagesSeen = [];
                new MutationObserver(function () {
                  var s = document.body.getAttribute('data-stage');
                  if (s && window.stagesSeen[window.stagesSeen.length - 1] !== s) { window.stagesSeen.push(s); }
                }).observe(document.body, { attributes: true, attributeFilter: ['data-stage'] });""");
        RunResult result = runOn("webgpu");
        assertEquals(Programs.SQUARES_OUTPUT, result.stdout());
        assertEquals(List.of("compiling", "host", "kernel:square", "host"), js("return window.stagesSeen;"));
        String status = driver().findElement(By.id("status")).getText();
        assertTrue(status.startsWith("Program exited with status 0 after "), status);
    }

    @Test
    void theStatusLineNamesTheKernelTheCpuEmulatorRuns() {
        freshPage();
        setProject(List.of(file("main.cu", Programs.SQUARES, true)));
        js("""
                window.stagesSeen = [];
                new MutationObserver(function () {
                  var s = document.body.getAttribute('data-stage');
                  if (s && window.stagesSeen[window.stagesSeen.length - 1] !== s) { window.stagesSeen.push(s); }
                }).observe(document.body, { attributes: true, attributeFilter: ['data-stage'] });""");
        RunResult result = runOn("cpu");
        assertEquals(Programs.SQUARES_OUTPUT, result.stdout());
        assertEquals(List.of("compiling", "host", "kernel:square", "host"), js("return window.stagesSeen;"));
    }

    @Test
    void webGpuRunsAfterAFaultAndOneAfterAnotherReuseOrRenewTheDevice() throws Exception {
        freshPage();
        // a kernel fault leaves the browser's device to be replaced; clean runs share one device
        String oob = Files.readString(Repo.suite().resolve("runtime-errors/oob_write_far.cu"), StandardCharsets.UTF_8);
        setProject(List.of(file("main.cu", oob, true)));
        RunResult faulty = runOn("webgpu");
        assertTrue(faulty.stdout().contains("sync: cudaErrorIllegalAddress"), faulty.stdout());
        setProject(List.of(file("main.cu", Programs.SQUARES, true)));
        for (int i = 0; i < 3; i++) {
            RunResult result = runOn("webgpu");
            assertEquals(Programs.SQUARES_OUTPUT, result.stdout(), "run " + i);
            assertEquals(0, result.exitCode(), "run " + i);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void whatWebGpuCannotRunIsMarkedInTheEditorBeforeTheRun() {
        freshPage();
        setProject(List.of(file("main.cu", """
                #include <cstdio>
                __device__ int fact(int n)
                {
                    return n <= 1 ? 1 : n * fact(n - 1);
                }
                __global__ void k(int *out) { out[0] = fact(5); }
                int main()
                {
                    int *d;
                    cudaMalloc(&d, sizeof(int));
                    k<<<1, 1>>>(d);
                    printf("%s\\n", cudaGetErrorString(cudaDeviceSynchronize()));
                    return 0;
                }
                """, true)));
        RunResult result = runOn("webgpu");
        assertTrue(result.stderr().contains("not supported on WebGPU yet: recursion ('fact')"), result.stderr());
        List<Map<String, Object>> marks = (List<Map<String, Object>>) js("return window.webcu.ui.lintMarks();");
        assertEquals(1, marks.size(), marks.toString());
        assertEquals(4L, marks.get(0).get("line"));
        assertEquals("error", marks.get(0).get("severity"));
        assertTrue(String.valueOf(marks.get(0).get("message")).contains("recursion"), marks.toString());
    }

    @Test
    void sixelPicturesAreDrawnInTheTerminal() {
        freshPage();
        // a 6x12 sixel picture in two colours, as a Game of Life frame would print one
        setProject(List.of(file("main.cu", """
                #include <cstdio>
                int main()
                {
                    printf("\\033Pq#0;2;0;80;0#1;2;90;10;10#0~~~~~~-#1~~~~~~\\033\\\\\\n");
                    printf("after the picture\\n");
                    return 0;
                }
                """, true)));
        RunResult result = runOn("cpu");
        assertEquals(0, result.exitCode());
        assertTrue(result.stdout().endsWith("after the picture\n"), result.stdout());
        new WebDriverWait(driver(), Duration.ofSeconds(10)).until(d -> !d.findElements(By.cssSelector("#terminal canvas.xterm-image-layer")).isEmpty());
    }

    @Test
    void aHundredThousandLinesReachTheTerminal() {
        freshPage();
        setProject(List.of(file("main.cu", """
                #include <cstdio>
                int main()
                {
                    for (int i = 0; i < 100000; ++i) {
                        printf("line %d of many\\n", i);
                    }
                    return 0;
                }
                """, true)));
        long start = System.nanoTime();
        RunResult result = runOn("cpu");
        assertEquals(0, result.exitCode());
        assertEquals(100000, result.stdout().lines().count());
        new WebDriverWait(driver(), Duration.ofSeconds(30)).until(d -> ((String) ((ChromeDriver) d)
                .executeScript("return document.querySelector('#terminal .xterm-rows').textContent;")).contains("line 99999 of many"));
        // the page still answers at once
        long ping = System.nanoTime();
        js("return 1;");
        System.out.printf("100k lines: run and terminal %d ms; page answered in %d ms%n",
                (System.nanoTime() - start) / 1_000_000, (System.nanoTime() - ping) / 1_000_000);
    }

    @Test
    void noSeriousAccessibilityProblemsInEitherThemeAndScreenshots() throws IOException {
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        List<String> problems = new ArrayList<>();
        try {
            for (String theme : List.of("light", "dark")) {
                freshPage();
                js("localStorage.setItem('webcu.theme', arguments[0]);", theme);
                session.loadPage();
                waitForEditor();
                setProject(List.of(file("main.cu", "#include <cstdio>\nint main() { printf(\"hi\\n\"); fprintf(stderr, \"warn\\n\"); }\n", true),
                        file("helper.cu", HELPER_WITH_ERROR, true)));
                runOn("cpu");
                for (int[] size : new int[][] {{1280, 800}, {390, 844}}) {
                    driver().manage().window().setSize(new Dimension(size[0], size[1]));
                    js("return new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); });");
                    Long scroll = (Long) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
                    assertTrue(scroll <= 0, "the page scrolls sideways by " + scroll + " px at " + size[0] + "x" + size[1] + " (" + theme + ")");
                    Files.write(shots.resolve("playground-" + theme + "-" + size[0] + "x" + size[1] + ".png"),
                            driver().getScreenshotAs(OutputType.BYTES));
                    problems.addAll(Axe.problems(driver(), theme + " " + size[0] + "x" + size[1]));
                }
            }
        } finally {
            driver().manage().window().setSize(new Dimension(1280, 900));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void theExampleIsHighlightedAndF1ShowsTheShortcuts() throws IOException {
        freshPage();
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        // CUDA's qualifiers, builtins and the launch brackets stand out from plain C++ names
        assertTrue(driver().findElement(By.cssSelector("#editor .cm-cuda-keyword")).getText().equals("__global__"));
        List<?> builtins = (List<?>) js("return Array.from(document.querySelectorAll('#editor .cm-cuda-builtin')).map(function (e) { return e.textContent; });");
        assertTrue(builtins.contains("blockIdx") && builtins.contains("cudaMalloc"), builtins.toString());
        assertFalse(driver().findElements(By.cssSelector("#editor .cm-cuda-launch")).isEmpty());
        Files.write(shots.resolve("playground-example-1280x900.png"), driver().getScreenshotAs(OutputType.BYTES));

        driver().findElement(By.cssSelector("#editor .cm-content")).sendKeys(Keys.F1);
        WebElement help = driver().findElement(By.id("help"));
        assertTrue(help.isDisplayed());
        assertTrue(help.getText().contains("Ctrl+Enter"), help.getText());
        Files.write(shots.resolve("playground-help-1280x900.png"), driver().getScreenshotAs(OutputType.BYTES));
        assertEquals(List.of(), Axe.problems(driver(), "help panel"));
        help.sendKeys(Keys.ESCAPE);
        assertFalse(help.isDisplayed());
    }

}
