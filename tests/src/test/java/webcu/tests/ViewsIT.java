package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * The WGSL, IR and SPIR-V views beside the source (issue 12 point 5, issue 15) in headless Chromium: after a run
 * of a two-kernel, two-file program the WGSL tab shows an entry point per kernel of the source,
 * the cursor on a CUDA line marks its generated lines, clicking a generated line moves the
 * editor's cursor to its CUDA line in the right file's tab, the downloads hold the views' text,
 * the SPIR-V download is the module the view disassembles, a kernel SPIR-V cannot express shows its
 * diagnostic, a failed compile says so, and axe-core finds no serious problem on any view in either theme.
 */
@Timeout(600)
class ViewsIT {
    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);
    private static BrowserSession session;

    /** Kernel scale in main.cu (its store on line 4), kernel offset in kernels.cu (its store on line 3). */
    private static final String MAIN = """
            #include <cstdio>
            __global__ void scale(float *x, float s, int n) {
              int i = blockIdx.x * blockDim.x + threadIdx.x;
              if (i < n) x[i] = x[i] * s;
            }
            __global__ void offset(int *y, int v);
            int main() {
              float *x; int *y;
              cudaMalloc(&x, 64 * sizeof(float));
              cudaMalloc(&y, 64 * sizeof(int));
              cudaMemset(x, 0, 64 * sizeof(float));
              scale<<<2, 32>>>(x, 2.0f, 64);
              offset<<<1, 64>>>(y, 7);
              int h[64];
              cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
              printf("%d\\n", h[63]);
              return 0;
            }
            """;
    private static final String KERNELS = """
            // the second kernel, in a file of its own
            __global__ void offset(int *y, int v) {
              y[threadIdx.x] = v + (int) threadIdx.x;
            }
            """;

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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> view(String kind) {
        return (Map<String, Object>) js("return window.webcu.ui.views." + kind + "();");
    }

    private static List<Long> marked(String kind) {
        List<Long> out = new ArrayList<>();
        for (Object o : (List<?>) view(kind).get("marked")) {
            out.add((Long) o);
        }
        return out;
    }

    private static String lineOf(String text, long n) {
        return text.split("\n", -1)[(int) n - 1];
    }

    /** Moves the source editor's cursor to the start of {@code line} of the file shown. */
    private static void sourceCursorTo(int line) {
        js("var v = window.webcu.ui.editor; v.dispatch({selection: {anchor: v.state.doc.line(arguments[0]).from}});", line);
    }

    private static List<Long> editorCursor() {
        @SuppressWarnings("unchecked")
        List<Long> r = (List<Long>) js("""
                var s = window.webcu.ui.editor.state, line = s.doc.lineAt(s.selection.main.head);
                return [line.number, s.selection.main.head - line.from + 1];""");
        return r;
    }

    /** Clicks the generated line {@code n} of a view where the user would (on its text). */
    private static void clickGeneratedLine(String kind, long n) {
        js("""
                var v = window.webcu.ui.views.editor(arguments[0]);
                v.dispatch({effects: window.webcu.ui.views.scrollTo(v, arguments[1])});""", kind, n);
        new WebDriverWait(driver(), Duration.ofSeconds(5)).until(d -> !driver().findElements(
                By.xpath("//div[@id='view-" + kind + "']//div[contains(@class,'cm-gutterElement') and normalize-space(.)='" + n + "']"))
                .isEmpty());
        By lineNumber = By.xpath("//div[@id='view-" + kind + "']//div[contains(@class,'cm-gutterElement') and normalize-space(.)='" + n + "']");
        // the scroll settles first: on a loaded machine the view was still moving when the line
        // under the gutter's old height was clicked (the neighbouring line, another source line)
        int y = -1;
        for (int tries = 0; tries < 20; tries++) {
            WebElement gutter = driver().findElement(lineNumber);
            int now = gutter.getLocation().getY() + gutter.getSize().getHeight() / 2;
            if (now == y) {
                break;
            }
            y = now;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        // the line's text sits at the gutter element's height
        for (WebElement line : driver().findElements(By.cssSelector("#view-" + kind + " .cm-line"))) {
            int top = line.getLocation().getY();
            if (top <= y && y < top + line.getSize().getHeight()) {
                line.click();
                return;
            }
        }
        throw new AssertionError("generated line " + n + " is not on screen");
    }

    @Test
    void theWgslOfTwoKernelsMapsBothWays() {
        freshPage();
        setProject(List.of(file("main.cu", MAIN, true), file("kernels.cu", KERNELS, true)));
        RunResult result = runOn("webgpu");
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("70\n", result.stdout());

        // the kernels of the source, by the rule the writer names entry points with (the CUDA name where legal)
        Set<String> kernels = new LinkedHashSet<>();
        Matcher m = Pattern.compile("__global__ void (\\w+)\\([^)]*\\) \\{").matcher(MAIN + KERNELS);
        while (m.find()) {
            kernels.add(m.group(1));
        }
        assertEquals(Set.of("scale", "offset"), kernels);

        driver().findElement(By.id("tab-wgsl")).click();
        assertTrue(driver().findElement(By.id("view-wgsl")).isDisplayed());
        assertFalse(driver().findElement(By.id("terminal")).isDisplayed(), "one results panel at a time");
        Map<String, Object> wgsl = view("wgsl");
        String text = (String) wgsl.get("text");
        for (String k : kernels) {
            assertTrue(text.contains("\nfn " + k + "(@builtin(local_invocation_id)"), k + " in\n" + text);
        }
        assertEquals(List.copyOf(kernels), wgsl.get("kernels"));
        String note = (String) wgsl.get("note");
        assertTrue(note.startsWith("WGSL for WebGPU: ") && note.contains("block size specialised at launch"), note);
        // two kernels: a selector jumps to each entry point
        Select selector = new Select(driver().findElement(By.id("view-wgsl-kernel")));
        assertEquals(List.of("scale", "offset"), selector.getOptions().stream().map(WebElement::getText).toList());
        selector.selectByVisibleText("offset");
        assertTrue(lineOf(text, (Long) view("wgsl").get("cursorLine")).startsWith("fn offset("));

        // the cursor on the store of scale (main.cu:4) marks the WGSL lines of that statement
        driver().findElement(By.id("file-tab-0")).click();
        sourceCursorTo(4);
        List<Long> storeLines = marked("wgsl");
        assertFalse(storeLines.isEmpty(), "no WGSL line marked for main.cu:4");
        assertTrue(storeLines.stream().anyMatch(n -> lineOf(text, n).strip().startsWith("x[")), storeLines + "\n" + text);
        assertFalse(driver().findElements(By.cssSelector("#view-wgsl .cm-mapped-line")).isEmpty(), "the mark is drawn");
        // a host line has no WGSL
        sourceCursorTo(12);
        assertEquals(List.of(), marked("wgsl"));

        // clicking offset's store in the WGSL moves the editor to kernels.cu:3, in that file's tab
        long offsetStore = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].strip().startsWith("y[")) {
                offsetStore = i + 1;
            }
        }
        assertTrue(offsetStore > 0, text);
        clickGeneratedLine("wgsl", offsetStore);
        assertEquals("kernels.cu", js("return window.webcu.ui.activeFile();"));
        assertEquals(3L, editorCursor().get(0));
        assertEquals(List.of(3L), js("return window.webcu.ui.views.sourceMarked();"));
        assertTrue(marked("wgsl").contains(offsetStore));

        // the IR view: the kernels as IR functions, mapped the same way
        driver().findElement(By.id("tab-ir")).click();
        Map<String, Object> ir = view("ir");
        String irText = (String) ir.get("text");
        // (a kernel defined in the second unit is offset.2 in the IR, its WGSL entry point keeps the source's name)
        assertTrue(irText.contains("\nkernel @scale(") && irText.contains("\nkernel @offset.2("), irText);
        assertEquals(List.copyOf(kernels), ir.get("kernels"));
        assertTrue(marked("ir").stream().anyMatch(n -> lineOf(irText, n).strip().startsWith("store ")), marked("ir") + "\n" + irText);

        // the SPIR-V view: an OpEntryPoint per kernel, each kernel's OpFunction reached by the
        // selector, lines mapped through the module's OpLine both ways
        driver().findElement(By.id("tab-spirv")).click();
        assertTrue(driver().findElement(By.id("view-spirv")).isDisplayed());
        Map<String, Object> spirv = view("spirv");
        String spvText = (String) spirv.get("text");
        assertTrue(spvText.startsWith("; SPIR-V\n; Version: 1.5\n"), spvText);
        for (String k : kernels) {
            assertTrue(Pattern.compile("\n +OpEntryPoint GLCompute %\\d+ \"" + k + "\"").matcher(spvText).find(), k + " in\n" + spvText);
        }
        assertEquals(List.copyOf(kernels), spirv.get("kernels"));
        assertTrue(((String) spirv.get("note")).startsWith("SPIR-V for Vulkan"), (String) spirv.get("note"));
        // the editor is on kernels.cu:3 (offset's store): its SPIR-V lines hold the store
        assertTrue(marked("spirv").stream().anyMatch(n -> lineOf(spvText, n).contains("OpStore")), marked("spirv") + "\n" + spvText);
        Select spvSelector = new Select(driver().findElement(By.id("view-spirv-kernel")));
        assertEquals(List.of("scale", "offset"), spvSelector.getOptions().stream().map(WebElement::getText).toList());
        spvSelector.selectByVisibleText("offset");
        String offsetStart = lineOf(spvText, (Long) view("spirv").get("cursorLine"));
        assertTrue(offsetStart.contains(" = OpFunction ")
                && spvText.contains("OpEntryPoint GLCompute " + offsetStart.strip().split(" ")[0] + " \"offset\""), offsetStart);
        // clicking the store of scale's SPIR-V moves the editor back to main.cu:4
        long scaleStore = 0;
        for (Object o : (List<?>) js("return window.webcu.ui.views.data().spirv.lines;")) {
            List<?> entry = (List<?>) o;
            if (entry.get(1).equals("main.cu") && (Long) entry.get(2) == 4 && lineOf(spvText, (Long) entry.get(0)).contains("OpStore")) {
                scaleStore = (Long) entry.get(0);
            }
        }
        assertTrue(scaleStore > 0, spvText);
        clickGeneratedLine("spirv", scaleStore);
        assertEquals("main.cu", js("return window.webcu.ui.activeFile();"));
        assertEquals(4L, editorCursor().get(0));

        // an edit makes the views stale until the next run, and they say so
        driver().findElement(By.cssSelector("#editor .cm-content")).sendKeys("// edited");
        assertEquals("The source changed since this code was generated: run again to update it.", view("wgsl").get("note"));
        assertEquals("The source changed since this code was generated: run again to update it.", view("spirv").get("note"));
    }

    @Test
    void downloadsHoldTheViewsText() {
        freshPage();
        setProject(List.of(file("main.cu", MAIN, true), file("kernels.cu", KERNELS, true)));
        assertEquals(0, runOn("cpu").exitCode());
        // catch what the button hands the browser: the file's name and its blob
        js("""
                window.__downloads = [];
                var create = URL.createObjectURL;
                URL.createObjectURL = function (blob) { window.__lastBlob = blob; return create.call(URL, blob); };
                HTMLAnchorElement.prototype.click = function () {
                  var a = this, blob = window.__lastBlob;
                  blob.arrayBuffer().then(function (b) {
                    window.__downloads.push([a.download, new TextDecoder().decode(b), Array.from(new Uint8Array(b)), blob.type]);
                  });
                };""");
        for (String kind : List.of("wgsl", "ir")) {
            driver().findElement(By.id("tab-" + kind)).click();
            WebElement button = driver().findElement(By.id("download-" + kind));
            String name = kind.equals("wgsl") ? "main.wgsl" : "main.ir.txt";
            assertEquals("Download " + name, button.getText());
            button.click();
            new WebDriverWait(driver(), Duration.ofSeconds(5)).until(d -> ((List<?>) js("return window.__downloads;")).size() > 0);
            List<?> got = (List<?>) ((List<?>) js("return window.__downloads.shift();"));
            assertEquals(name, got.get(0));
            assertEquals(view(kind).get("text"), got.get(1));
            assertFalse(((String) got.get(1)).isEmpty());
        }
        // the SPIR-V download is the module itself: the binary the view's text disassembles
        driver().findElement(By.id("tab-spirv")).click();
        WebElement spv = driver().findElement(By.id("download-spirv"));
        assertEquals("Download main.spv", spv.getText());
        spv.click();
        new WebDriverWait(driver(), Duration.ofSeconds(5)).until(d -> ((List<?>) js("return window.__downloads;")).size() > 0);
        List<?> got = (List<?>) js("return window.__downloads.shift();");
        assertEquals("main.spv", got.get(0));
        assertEquals("application/octet-stream", got.get(3));
        List<?> values = (List<?>) got.get(2);
        byte[] bytes = new byte[values.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) ((Long) values.get(i)).intValue();
        }
        assertEquals(0x07230203, (bytes[0] & 0xFF) | (bytes[1] & 0xFF) << 8 | (bytes[2] & 0xFF) << 16 | (bytes[3] & 0xFF) << 24);
        assertEquals(view("spirv").get("text"), webcu.spirv.SpirvDisassembler.disassemble(bytes));
        // on the CPU emulator the WGSL is the one for a GPU with IEEE floats
        assertTrue(((String) view("wgsl").get("note")).contains("no WebGPU device in this run"), (String) view("wgsl").get("note"));
    }

    @Test
    void aFailedCompileEmptiesTheViewsAndSaysSo() {
        freshPage();
        setProject(List.of(file("main.cu", MAIN, true), file("kernels.cu", KERNELS, true)));
        assertEquals(0, runOn("cpu").exitCode());
        assertFalse(((String) view("wgsl").get("text")).isEmpty());
        setProject(List.of(file("main.cu", "int main() { return x; }\n", true)));
        assertEquals(1, runOn("cpu").exitCode());
        for (String kind : List.of("wgsl", "ir", "spirv")) {
            Map<String, Object> v = view(kind);
            assertEquals("", v.get("text"));
            assertEquals("The program did not compile (1 error): no code to show.", v.get("note"));
            assertFalse(driver().findElement(By.id("download-" + kind)).isEnabled());
        }
    }

    @Test
    void aKernelSpirvCannotExpressShowsItsDiagnostic() {
        freshPage();
        setProject(List.of(file("main.cu", """
                __global__ void child(int *p) { p[0] = 1; }
                __global__ void parent(int *p) {
                  child<<<1, 1>>>(p);
                }
                int main() { return 0; }
                """, true)));
        assertEquals(0, runOn("cpu").exitCode());
        driver().findElement(By.id("tab-spirv")).click();
        WebElement diagnostics = driver().findElement(By.id("view-spirv-diagnostics"));
        assertTrue(diagnostics.isDisplayed());
        assertTrue(diagnostics.getText().startsWith("main.cu:3:8: error: not supported on Vulkan (SPIR-V) yet: "), diagnostics.getText());
        // the kernel that SPIR-V can express is still there
        Map<String, Object> v = view("spirv");
        assertEquals(List.of("child"), v.get("kernels"));
        assertTrue(((String) v.get("text")).contains("OpEntryPoint GLCompute"), (String) v.get("text"));
        assertFalse(((String) v.get("text")).contains("\"parent\""), (String) v.get("text"));
    }

    @Test
    void theResultTabsWorkFromTheKeyboard() {
        freshPage();
        WebElement output = driver().findElement(By.id("tab-output"));
        output.click();
        output.sendKeys(Keys.ARROW_RIGHT);
        assertEquals("tab-wgsl", js("return document.activeElement.id;"));
        assertEquals("true", driver().findElement(By.id("tab-wgsl")).getAttribute("aria-selected"));
        assertTrue(driver().findElement(By.id("view-wgsl")).isDisplayed());
        driver().switchTo().activeElement().sendKeys(Keys.ARROW_RIGHT);
        assertEquals("tab-ir", js("return document.activeElement.id;"));
        driver().switchTo().activeElement().sendKeys(Keys.ARROW_RIGHT);
        assertEquals("tab-spirv", js("return document.activeElement.id;"));
        assertTrue(driver().findElement(By.id("view-spirv")).isDisplayed());
        // after SPIR-V come the Launches and Device tabs (panels.js), then back to Output
        for (int i = 0; i < 3; i++) {
            driver().switchTo().activeElement().sendKeys(Keys.ARROW_RIGHT);
        }
        assertEquals("tab-output", js("return document.activeElement.id;"));
        assertTrue(driver().findElement(By.id("terminal")).isDisplayed());
        // before any run the views say what they will show
        assertTrue(((String) view("wgsl").get("note")).startsWith("Run the program"));
    }

    @Test
    void noSeriousAccessibilityProblemsOnTheViews() throws IOException {
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        List<String> problems = new ArrayList<>();
        for (String theme : List.of("light", "dark")) {
            freshPage();
            js("localStorage.setItem('webcu.theme', arguments[0]);", theme);
            session.loadPage();
            waitForEditor();
            setProject(List.of(file("main.cu", MAIN, true), file("kernels.cu", KERNELS, true)));
            runOn("cpu");
            sourceCursorTo(4);
            for (String kind : List.of("wgsl", "ir", "spirv")) {
                driver().findElement(By.id("tab-" + kind)).click();
                js("return new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); });");
                Files.write(shots.resolve("views-" + kind + "-" + theme + "-1280x900.png"), driver().getScreenshotAs(OutputType.BYTES));
                problems.addAll(Axe.problems(driver(), kind + " view, " + theme));
            }
            // the phone, on the view shown last (SPIR-V, the widest lines): the code scrolls inside
            // its view, the page does not scroll sideways
            driver().manage().window().setSize(new Dimension(390, 844));
            try {
                js("return new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); });");
                Long scroll = (Long) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
                assertTrue(scroll <= 0, "the page scrolls sideways by " + scroll + " px (" + theme + ")");
                assertTrue(driver().findElement(By.id("view-spirv")).isDisplayed());
                Files.write(shots.resolve("views-spirv-" + theme + "-390x844.png"), driver().getScreenshotAs(OutputType.BYTES));
                problems.addAll(Axe.problems(driver(), "spirv view, phone, " + theme));
            } finally {
                driver().manage().window().setSize(new Dimension(1280, 900));
            }
        }
        assertEquals(List.of(), problems);
    }

}
