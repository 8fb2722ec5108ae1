package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import webcu.browser.BrowserSession;
import webcu.browser.RunResult;
import webcu.conformance.ConformanceRunner;
import webcu.conformance.Manifest;
import webcu.conformance.Outcome;
import webcu.conformance.Verdict;

/**
 * The gallery of worked examples (the Examples menu) in headless Chromium: every example, loaded
 * through the menu, runs on WebGPU (SwiftShader) and on the CPU emulator and prints what nvcc
 * printed on the H100, judged by its conformance case's rule (tests/conformance/programs/gallery);
 * the Game of Life draws pictures in the terminal; the menu works from the keyboard, asks before
 * it drops edits, and opens the example that ?example=NAME names; no serious axe-core violation
 * with the menu open, in either theme.
 */
@Timeout(900)
class GalleryIT {
    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);
    private static final Path SUITE = Repo.root().resolve("tests/conformance");
    private static final Path GALLERY = SUITE.resolve("programs/gallery");
    private static BrowserSession session;

    /** One line of gallery.tsv: the file's stem (02_vector_add), the page's name (vector_add), the title. */
    private record Example(String stem, String name, String title) {
    }

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

    private static List<Example> examples() throws IOException {
        List<Example> out = new ArrayList<>();
        for (String line : Files.readAllLines(GALLERY.resolve("gallery.tsv"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cols = line.split("\t");
            out.add(new Example(cols[0], cols[0].replaceFirst("^\\d+_", ""), cols[1]));
        }
        return out;
    }

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

    private static WebElement galleryDialog() {
        return driver().findElement(By.id("gallery"));
    }

    /** Opens the menu with the mouse and chooses an example. */
    private static void choose(String name) {
        driver().findElement(By.id("examples")).click();
        new WebDriverWait(driver(), Duration.ofSeconds(5)).until(ExpectedConditions.visibilityOfElementLocated(By.id("gallery")));
        driver().findElement(By.id("example-" + name)).click();
    }

    private static String firstFileText() {
        return (String) js("return window.webcu.project().files[0].text;");
    }

    private static RunResult runOn(String backend) {
        new Select(driver().findElement(By.id("backend"))).selectByValue(backend);
        driver().findElement(By.id("run")).click();
        return session.awaitEnd(RUN_LIMIT);
    }

    @Test
    void everyExampleRunsOnWebGpuAndOnTheCpuEmulatorAndPrintsWhatNvccPrints() throws IOException {
        Map<String, Manifest.Row> rows = new LinkedHashMap<>();
        for (Manifest.Row r : Manifest.read(SUITE)) {
            rows.put(r.path(), r);
        }
        List<Example> examples = examples();
        assertTrue(examples.size() >= 15, "the gallery has " + examples.size() + " examples");
        List<String> failures = new ArrayList<>();
        List<String> times = new ArrayList<>();
        freshPage();
        for (Example e : examples) {
            Manifest.Row row = rows.get("programs/gallery/" + e.stem() + ".cu");
            assertNotNull(row, e.stem() + " has no row in manifest.tsv");
            if (e.name().equals("game_of_life")) {
                // a page whose terminal has drawn no picture yet
                freshPage();
                assertTrue(driver().findElements(By.cssSelector("#terminal canvas.xterm-image-layer")).isEmpty());
            }
            choose(e.name());
            assertFalse(galleryDialog().isDisplayed(), "the menu closes once " + e.name() + " is chosen");
            assertEquals(e.name(), js("return document.body.getAttribute('data-example');"));
            // the page's example is the suite's case, byte for byte
            assertEquals(Files.readString(GALLERY.resolve(e.stem() + ".cu"), StandardCharsets.UTF_8), firstFileText());
            for (String backend : List.of("webgpu", "cpu")) {
                long start = System.nanoTime();
                RunResult result = runOn(backend);
                long ms = (System.nanoTime() - start) / 1_000_000;
                times.add(e.name() + " " + backend + " " + ms + " ms");
                // a run that fell back to the CPU emulator would not test WebGPU
                assertEquals(backend, new Select(driver().findElement(By.id("backend"))).getFirstSelectedOption().getAttribute("value"));
                assertNull(js("return document.body.getAttribute('data-webgpu');"), "WebGPU became unavailable");
                Outcome outcome = new Outcome(result.exitCode(), result.stdout(), result.stderr(), result.timedOut(), ms);
                Verdict v = ConformanceRunner.judge(SUITE, row, outcome);
                if (!v.passed()) {
                    failures.add(backend + " " + e.name() + ": " + v.why());
                }
            }
            if (e.name().equals("mandelbrot")) {
                new WebDriverWait(driver(), Duration.ofSeconds(10)).until(d -> ((String) ((ChromeDriver) d)
                        .executeScript("return document.querySelector('#terminal .xterm-rows').textContent;")).contains("pixels inside"));
                Files.write(Repo.root().resolve("tests/target/screenshots/gallery-mandelbrot-1280x900.png"),
                        driver().getScreenshotAs(OutputType.BYTES));
            }
            if (e.name().equals("game_of_life")) {
                new WebDriverWait(driver(), Duration.ofSeconds(10))
                        .until(d -> !d.findElements(By.cssSelector("#terminal canvas.xterm-image-layer")).isEmpty());
                Path shots = Repo.root().resolve("tests/target/screenshots");
                Files.createDirectories(shots);
                Files.write(shots.resolve("gallery-life-1280x900.png"), driver().getScreenshotAs(OutputType.BYTES));
            }
        }
        System.out.println("gallery runs (run to end, as the test saw them): " + String.join(", ", times));
        assertEquals(List.of(), failures);
    }

    @Test
    void theMenuWorksFromTheKeyboard() throws IOException {
        freshPage();
        List<Example> examples = examples();
        WebElement button = driver().findElement(By.id("examples"));
        button.sendKeys(Keys.ENTER);
        assertTrue(galleryDialog().isDisplayed());
        // the first example has the focus; Down twice reaches the third, Enter loads it
        assertEquals("example-" + examples.get(0).name(), js("return document.activeElement.id;"));
        driver().switchTo().activeElement().sendKeys(Keys.ARROW_DOWN);
        driver().switchTo().activeElement().sendKeys(Keys.ARROW_DOWN);
        assertEquals("example-" + examples.get(2).name(), js("return document.activeElement.id;"));
        driver().switchTo().activeElement().sendKeys(Keys.ENTER);
        assertFalse(galleryDialog().isDisplayed());
        assertEquals(examples.get(2).name(), js("return document.body.getAttribute('data-example');"));
        // reopened, the focus is on the loaded example (marked current); End reaches the last; Esc closes
        button.sendKeys(Keys.ENTER);
        assertEquals("example-" + examples.get(2).name(), js("return document.activeElement.id;"));
        assertEquals("true", driver().switchTo().activeElement().getAttribute("aria-current"));
        driver().switchTo().activeElement().sendKeys(Keys.END);
        assertEquals("example-" + examples.get(examples.size() - 1).name(), js("return document.activeElement.id;"));
        driver().switchTo().activeElement().sendKeys(Keys.ESCAPE);
        assertFalse(galleryDialog().isDisplayed());
        assertEquals(examples.get(2).name(), js("return document.body.getAttribute('data-example');"));
    }

    @Test
    void editsAreDroppedOnlyWhenTheUserAgreesAndResetBringsTheExampleBack() throws IOException {
        freshPage();
        choose("vector_add");
        String example = firstFileText();
        // an edit, as typing in the editor makes one
        js("var p = window.webcu.project(); p.files[0].text += '// my change\\n'; window.webcu.updateProject(p);");
        choose("scan");
        assertTrue(driver().switchTo().alert().getText().contains("Prefix sum"), driver().switchTo().alert().getText());
        driver().switchTo().alert().dismiss();
        // cancelled: the work stays, and the menu stays open for another choice
        assertEquals(example + "// my change\n", firstFileText());
        assertEquals("vector_add", js("return document.body.getAttribute('data-example');"));
        assertTrue(galleryDialog().isDisplayed());
        driver().findElement(By.id("gallery-close")).click();
        // reset goes back to the example the project came from, not to the page's built-in one
        js("window.webcu.resetProject();");
        assertEquals(example, firstFileText());
        // unedited: no question
        choose("scan");
        assertEquals(Files.readString(GALLERY.resolve("07_scan.cu"), StandardCharsets.UTF_8), firstFileText());
        // edited and confirmed: replaced
        js("var p = window.webcu.project(); p.files[0].text += '// again\\n'; window.webcu.updateProject(p);");
        choose("histogram");
        driver().switchTo().alert().accept();
        assertEquals("histogram", js("return document.body.getAttribute('data-example');"));
        assertEquals(Files.readString(GALLERY.resolve("08_histogram.cu"), StandardCharsets.UTF_8), firstFileText());
        // the choice survives a reload, edits included, and reset still knows the example
        js("var p = window.webcu.project(); p.files[0].text += '// kept\\n'; window.webcu.updateProject(p);");
        js("window.dispatchEvent(new Event('pagehide'));");
        session.loadPage();
        waitForEditor();
        assertEquals("histogram", js("return document.body.getAttribute('data-example');"));
        assertTrue(firstFileText().endsWith("// kept\n"));
        js("window.webcu.resetProject();");
        assertEquals(Files.readString(GALLERY.resolve("08_histogram.cu"), StandardCharsets.UTF_8), firstFileText());
    }

    @Test
    void theUrlOpensAnExampleByName() throws IOException {
        freshPage();
        driver().get(session.pageUrl() + (session.pageUrl().contains("?") ? "&" : "?") + "example=mandelbrot");
        waitForEditor();
        assertEquals("mandelbrot", js("return document.body.getAttribute('data-example');"));
        assertEquals(Files.readString(GALLERY.resolve("12_mandelbrot.cu"), StandardCharsets.UTF_8), firstFileText());
        assertEquals("mandelbrot.cu", js("return window.webcu.ui.activeFile();"));
        // a reload of the same address keeps the edits made to that example
        js("var p = window.webcu.project(); p.files[0].text += '// zoomed\\n'; window.webcu.updateProject(p);");
        js("window.dispatchEvent(new Event('pagehide'));");
        driver().navigate().refresh();
        waitForEditor();
        assertTrue(firstFileText().endsWith("// zoomed\n"));
        // an unknown name opens the menu with a word of explanation, and changes nothing
        driver().get(session.pageUrl() + (session.pageUrl().contains("?") ? "&" : "?") + "example=no_such_thing");
        waitForEditor();
        assertTrue(galleryDialog().isDisplayed());
        String message = driver().findElement(By.id("gallery-message")).getText();
        assertTrue(message.contains("no_such_thing"), message);
        assertTrue(firstFileText().endsWith("// zoomed\n"));
    }

    @Test
    void noSeriousAccessibilityProblemsWithTheMenuOpenInEitherTheme() throws IOException {
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        List<String> problems = new ArrayList<>();
        try {
            for (String theme : List.of("light", "dark")) {
                freshPage();
                js("localStorage.setItem('webcu.theme', arguments[0]);", theme);
                session.loadPage();
                waitForEditor();
                for (int[] size : new int[][] {{1280, 800}, {390, 844}}) {
                    driver().manage().window().setSize(new Dimension(size[0], size[1]));
                    driver().findElement(By.id("examples")).click();
                    js("return new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); });");
                    Long scroll = (Long) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
                    assertTrue(scroll <= 0, "the page scrolls sideways by " + scroll + " px at " + size[0] + "x" + size[1] + " (" + theme + ")");
                    Files.write(shots.resolve("gallery-" + theme + "-" + size[0] + "x" + size[1] + ".png"),
                            driver().getScreenshotAs(OutputType.BYTES));
                    problems.addAll(Axe.problems(driver(), "gallery " + theme + " " + size[0] + "x" + size[1]));
                    driver().findElement(By.id("gallery-close")).click();
                }
            }
        } finally {
            driver().manage().window().setSize(new Dimension(1280, 900));
        }
        assertEquals(List.of(), problems);
    }

}
