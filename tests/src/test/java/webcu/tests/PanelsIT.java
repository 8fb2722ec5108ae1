package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * The results area's Launches and Device tabs in headless Chromium: a program with two kernels
 * (one launched twice, one with a block larger than SwiftShader's workgroups) and copies in every
 * direction, run on WebGPU (Chromium's SwiftShader adapter, which has timestamp queries) and on
 * the CPU emulator; each launch's row with its grid, block, shared bytes and a time, the copies'
 * bytes, the adapter's limits, keyboard use of the tab strip, and axe-core on both tabs in the
 * light and dark themes. Screenshots under tests/target/screenshots.
 */
@Timeout(600)
class PanelsIT {
    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);
    private static BrowserSession session;

    /** fill: grid 2, block 512; scale twice: grid 2×2, block 16×16, 128 dynamic + 256 static shared bytes. */
    private static final String PROGRAM = """
            #include <cstdio>
            __global__ void fill(float *a, int n)
            {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) a[i] = i;
            }
            __global__ void scale(float *a, int n, float k)
            {
                __shared__ float tile[64];
                extern __shared__ float extra[];
                int t = threadIdx.y * blockDim.x + threadIdx.x;
                int i = (blockIdx.y * gridDim.x + blockIdx.x) * 256 + t;
                if (t < 64) tile[t] = k;
                if (t < 32) extra[t] = 1.0f;
                __syncthreads();
                if (i < n) a[i] = a[i] * tile[t % 64] * extra[t % 32];
            }
            int main()
            {
                const int n = 1000;
                static float h[n];
                float *d;
                cudaMalloc(&d, n * sizeof(float));
                for (int i = 0; i < n; i++) h[i] = 1.0f;
                cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
                cudaMemset(d, 0, n * sizeof(float));
                fill<<<2, 512>>>(d, n);
                scale<<<dim3(2, 2), dim3(16, 16), 128>>>(d, n, 2.0f);
                scale<<<dim3(2, 2), dim3(16, 16), 128>>>(d, n, 0.5f);
                cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
                printf("%.1f %.1f\\n", h[1], h[999]);
                cudaFree(d);
                return 0;
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

    private static void freshPage(String theme) {
        session.loadPage();
        js("localStorage.clear();");
        if (theme != null) {
            js("localStorage.setItem('webcu.theme', arguments[0]);", theme);
        }
        session.loadPage();
        new WebDriverWait(driver(), Duration.ofSeconds(30))
                .until(d -> "true".equals(((ChromeDriver) d).executeScript("return document.body.getAttribute('data-ui-ready');")));
        js("window.webcu.setProject({files: [{path: 'main.cu', text: arguments[0], compile: true}]});", PROGRAM);
    }

    private static RunResult runOn(String backend) {
        new Select(driver().findElement(By.id("backend"))).selectByValue(backend);
        driver().findElement(By.id("run")).click();
        RunResult r = session.awaitEnd(RUN_LIMIT);
        assertEquals("1.0 999.0\n", r.stdout(), r.stderr());
        return r;
    }

    private static void openTab(String kind) {
        driver().findElement(By.id("tab-" + kind)).click();
        WebElement panel = driver().findElement(By.id("panel-" + kind));
        assertTrue(panel.isDisplayed(), kind + " panel hidden after its tab was clicked");
        assertFalse(driver().findElement(By.id("terminal")).isDisplayed(), "the terminal still shows under the " + kind + " tab");
        assertEquals("ready", panel.getDomAttribute("data-state"));
    }

    /** Each launch row as [kernel, grid, block, shared, data-ms]. */
    @SuppressWarnings("unchecked")
    private static List<List<String>> launchRows() {
        return (List<List<String>>) js("""
                return Array.from(document.querySelectorAll('#panel-launches tr.launch-row')).map(function (r) {
                  return [r.querySelector('th').textContent, r.querySelector('.grid').textContent, r.querySelector('.block').textContent,
                          r.querySelector('.shared').textContent, r.querySelector('.time').getAttribute('data-ms')];
                });""");
    }

    private static String copyBytes(String kind) {
        return (String) js("var r = document.querySelector('#panel-launches tr.copy-row[data-kind=\"' + arguments[0] + '\"]');"
                + " return r ? r.querySelector('.bytes').getAttribute('data-bytes') : null;", kind);
    }

    private static String deviceValue(String key) {
        return (String) js("var r = document.querySelector('#panel-device tr[data-key=\"' + arguments[0] + '\"]');"
                + " return r ? r.querySelector('td').textContent : null;", key);
    }

    private static void assertTimed(List<List<String>> rows) {
        for (List<String> r : rows) {
            assertFalse(r.get(4) == null || r.get(4).isEmpty(), "no time for " + r);
            assertTrue(Double.parseDouble(r.get(4)) >= 0, "negative time for " + r);
        }
    }

    private static void assertCopies() {
        assertEquals("4000", copyBytes("H2D"));
        assertEquals("4000", copyBytes("D2H"));
        assertEquals("4000", copyBytes("MEMSET"));
        assertEquals(null, copyBytes("D2D"), "a direction the program never used is listed");
    }

    @Test
    void webGpuLaunchesAndDevice() throws IOException {
        freshPage(null);
        runOn("webgpu");
        openTab("launches");
        List<List<String>> rows = launchRows();
        assertEquals(3, rows.size(), rows.toString());
        assertEquals(List.of("fill", "2 × 1 × 1"), rows.get(0).subList(0, 2));
        // SwiftShader's workgroups hold 256 invocations: the 512-thread block runs two threads per invocation
        assertEquals("512 × 1 × 1 (2 threads per invocation)", rows.get(0).get(2));
        assertEquals("0", rows.get(0).get(3));
        for (int i = 1; i < 3; i++) {
            assertEquals(List.of("scale", "2 × 2 × 1", "16 × 16 × 1", "384 B (128 dynamic + 256 static)"), rows.get(i).subList(0, 4));
        }
        assertTimed(rows);
        assertEquals("gpu", driver().findElement(By.cssSelector("#panel-launches .clock")).getDomAttribute("data-clock"),
                "SwiftShader has timestamp-query: the times should be the GPU's");
        assertEquals("2", js("return document.querySelector('#panel-launches tr.kernel-row[data-kernel=\"scale\"] td').textContent;"));
        assertCopies();
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        Files.write(shots.resolve("panels-launches-webgpu.png"), driver().getScreenshotAs(OutputType.BYTES));

        openTab("device");
        assertEquals("4", deviceValue("subgroupSize"));
        assertEquals("256", deviceValue("maxInvocationsPerWorkgroup"));
        assertTrue(deviceValue("fallback").contains("fallback"), deviceValue("fallback"));
        String notes = driver().findElement(By.cssSelector("#panel-device .device-notes")).getText();
        assertTrue(notes.contains("emulated") && notes.contains("coarsened"), notes);
        assertEquals("yes", js("return document.querySelector('#panel-device tr[data-feature=\"timestamp-query\"] td:last-child').textContent;"));
        Files.write(shots.resolve("panels-device-webgpu.png"), driver().getScreenshotAs(OutputType.BYTES));

        // the same data reaches scripts, and a new run starts from empty panels
        assertEquals(3L, js("return window.webcu.panels().launches.rows.length;"));
        // (in one script: the next run's device message may come as soon as the script yields)
        assertEquals("empty", js("window.webcu.run(); return document.getElementById('panel-device').getAttribute('data-state');"));
        session.awaitEnd(RUN_LIMIT);
    }

    @Test
    void cpuEmulatorLaunchesAreLabelledAsEmulatorTimes() {
        freshPage(null);
        runOn("cpu");
        openTab("launches");
        List<List<String>> rows = launchRows();
        assertEquals(3, rows.size(), rows.toString());
        assertEquals(List.of("fill", "2 × 1 × 1", "512 × 1 × 1", "0"), rows.get(0).subList(0, 4));
        assertEquals(List.of("scale", "2 × 2 × 1", "16 × 16 × 1", "384 B (128 dynamic + 256 static)"), rows.get(2).subList(0, 4));
        assertTimed(rows);
        WebElement clock = driver().findElement(By.cssSelector("#panel-launches .clock"));
        assertEquals("emulator", clock.getDomAttribute("data-clock"));
        assertTrue(clock.getText().contains("emulator"), clock.getText());
        assertCopies();
        openTab("device");
        assertEquals("webcu CPU emulator", deviceValue("name"));
        assertEquals("32", deviceValue("warpSize"));
    }

    @Test
    void manyLaunchesAreCountedButOnlyTheFirstAreListed() {
        freshPage(null);
        js("window.webcu.setProject({files: [{path: 'main.cu', compile: true, text: arguments[0]}]});", """
                #include <cstdio>
                __global__ void bump(int *a) { a[threadIdx.x] += 1; }
                int main()
                {
                    int *d, h;
                    cudaMalloc(&d, sizeof(int));
                    cudaMemset(d, 0, sizeof(int));
                    for (int i = 0; i < 5000; i++) bump<<<1, 1>>>(d);
                    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
                    printf("%d\\n", h);
                }
                """);
        new Select(driver().findElement(By.id("backend"))).selectByValue("cpu");
        driver().findElement(By.id("run")).click();
        assertEquals("5000\n", session.awaitEnd(RUN_LIMIT).stdout());
        openTab("launches");
        assertEquals(500L, js("return document.querySelectorAll('#panel-launches tr.launch-row').length;"));
        // the 500 rows, then one in 128: launches 512, 640, ... 4992
        assertEquals("5000 (536 timed)", js("return document.querySelector('#panel-launches tr.kernel-row td').textContent;"));
        String caption = driver().findElement(By.cssSelector("#panel-launches .launches-table caption")).getText();
        assertTrue(caption.contains("the first 500 of 5000"), caption);
        String summary = driver().findElement(By.id("launches-summary")).getText();
        assertTrue(summary.contains("5000 kernel launches") && summary.contains("536 of them timed"), summary);
    }

    @Test
    void aLaunchThatDoesNotRunOnWebGpuHasNoTime() {
        freshPage(null);
        // 40,000 bytes of shared memory: CUDA's 48 KiB allow it, SwiftShader's 32 KiB of workgroup storage do not
        js("window.webcu.setProject({files: [{path: 'main.cu', compile: true, text: arguments[0]}]});", """
                #include <cstdio>
                __global__ void big(int *a)
                {
                    extern __shared__ int s[];
                    s[threadIdx.x] = 1;
                    __syncthreads();
                    a[threadIdx.x] = s[0];
                }
                int main()
                {
                    int *d;
                    cudaMalloc(&d, 32 * sizeof(int));
                    big<<<1, 32, 40000>>>(d);
                    printf("%s\\n", cudaGetErrorString(cudaDeviceSynchronize()));
                }
                """);
        new Select(driver().findElement(By.id("backend"))).selectByValue("webgpu");
        driver().findElement(By.id("run")).click();
        session.awaitEnd(RUN_LIMIT);
        String err = (String) js("return window.webcu.outputSpans().filter(function (s) { return s[0] === 'stderr'; })"
                + ".map(function (s) { return s[1]; }).join('');");
        assertTrue(err.contains("shared memory"), err);
        openTab("launches");
        List<List<String>> rows = launchRows();
        assertEquals(1, rows.size(), rows.toString());
        assertEquals(List.of("big", "1 × 1 × 1", "32 × 1 × 1"), rows.get(0).subList(0, 3));
        assertEquals("", rows.get(0).get(4), "a launch the device refused has no time");
        assertEquals("—", js("return document.querySelector('#panel-launches tr.launch-row .time').textContent;"));
    }

    @Test
    void theTabsWorkFromTheKeyboard() {
        freshPage(null);
        WebElement output = driver().findElement(By.id("tab-output"));
        output.click();
        // the strip: Output, WGSL, IR, SPIR-V, Launches, Device
        output.sendKeys(Keys.ARROW_LEFT);
        driver().switchTo().activeElement().sendKeys(Keys.ARROW_LEFT);
        assertEquals("tab-launches", js("return document.activeElement.id;"));
        assertTrue(driver().findElement(By.id("panel-launches")).isDisplayed());
        assertEquals("empty", driver().findElement(By.id("panel-launches")).getDomAttribute("data-state"));
        driver().switchTo().activeElement().sendKeys(Keys.END);
        assertEquals("tab-device", js("return document.activeElement.id;"));
        driver().switchTo().activeElement().sendKeys(Keys.HOME);
        assertEquals("tab-output", js("return document.activeElement.id;"));
        assertTrue(driver().findElement(By.id("terminal")).isDisplayed());
        assertFalse(driver().findElement(By.id("panel-device")).isDisplayed());
    }

    @Test
    void noSeriousAccessibilityProblemsOnEitherTabInEitherTheme() throws IOException {
        List<String> problems = new ArrayList<>();
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        for (String theme : List.of("light", "dark")) {
            freshPage(theme);
            runOn("webgpu");
            for (String tab : List.of("launches", "device")) {
                openTab(tab);
                problems.addAll(Axe.problems(driver(), theme + " " + tab));
                try {
                    driver().manage().window().setSize(new Dimension(390, 844));
                    js("return new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); });");
                    Long scroll = (Long) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
                    assertTrue(scroll <= 0, "the page scrolls sideways by " + scroll + " px on a phone under " + tab + " (" + theme + ")");
                    Files.write(shots.resolve("panels-" + tab + "-" + theme + "-390x844.png"), driver().getScreenshotAs(OutputType.BYTES));
                    problems.addAll(Axe.problems(driver(), theme + " " + tab + " 390x844"));
                } finally {
                    driver().manage().window().setSize(new Dimension(1280, 900));
                }
            }
        }
        assertEquals(List.of(), problems);
    }

}
