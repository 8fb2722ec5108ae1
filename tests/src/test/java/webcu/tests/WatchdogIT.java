package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import webcu.browser.BrowserSession;
import webcu.browser.RunResult;

/**
 * The GPU watchdog in headless Chromium (SwiftShader's WebGPU): a kernel that never ends stops by
 * itself with the watchdog's report, and Stop during such a kernel ends the run within a second
 * and leaves the page able to run the next program on WebGPU (issue 12 point 8, docs/watchdog.md).
 */
@Timeout(600)
class WatchdogIT {
    private static final Duration RUN_LIMIT = Duration.ofSeconds(120);

    /** A kernel that waits for a flag nobody sets: it never ends without the watchdog. */
    static final String ENDLESS = """
            #include <cstdio>

            __global__ void spin(volatile int *flag)
            {
                while (*flag == 0) {
                }
            }

            int main()
            {
                int *flag;
                cudaMalloc(&flag, sizeof(int));
                cudaMemset(flag, 0, sizeof(int));
                printf("launching\\n");
                spin<<<2, 32>>>(flag);
                cudaError_t sync = cudaDeviceSynchronize();
                printf("sync: %s: %s\\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
                return sync == cudaSuccess ? 0 : 1;
            }
            """;

    /** Puts {@code source} in the editor and presses Run with WebGPU chosen (the page as it is: no reload). */
    private static void run(BrowserSession s, String source) {
        s.driver().executeScript("window.webcu.setProject({files: arguments[0]});",
                List.of(Map.of("path", "main.cu", "text", source, "compile", true)));
        new Select(s.driver().findElement(By.id("backend"))).selectByValue("webgpu");
        s.driver().findElement(By.id("run")).click();
    }

    /**
     * Without Stop, the endless kernel ends by itself within the budget's time (lowered with
     * ?watchdog= so that SwiftShader gets there in seconds) and the report names the kernel and
     * the loop's line; the error is CUDA's for a kernel its watchdog stopped.
     */
    @Test
    void anEndlessKernelEndsByItselfWithTheReport() throws IOException {
        try (BrowserSession s = BrowserSession.open(Repo.dist(), "?watchdog=1048576")) {
            s.loadPage();
            long began = System.nanoTime();
            run(s, ENDLESS);
            RunResult r = s.awaitEnd(RUN_LIMIT);
            double seconds = (System.nanoTime() - began) / 1e9;
            System.out.printf("watchdog: the endless kernel (64 invocations, budget 2^20) ended after %.1f s%n", seconds);
            assertEquals("launching\nsync: cudaErrorLaunchTimeout: the launch timed out and was terminated\n", r.stdout());
            assertEquals(1, r.exitCode());
            assertTrue(r.stderr().matches("(?s).*cudaErrorLaunchTimeout: kernel spin stopped after [0-9]+\\.[0-9] s: "
                    + "it did not finish \\(an endless loop\\?\\) in the loop at main\\.cu:5:5\n.*"), r.stderr());
        }
    }

    /**
     * Stop while the endless kernel runs: the page stops within a second, and the next WebGPU run
     * prints its output (WebGPU cannot cancel a dispatch: the next one waits until the watchdog
     * has ended the old one). The budget is raised to 2^28 so that the kernel is still running when
     * Stop is pressed (with a software adapter's default it ends in a fraction of a second).
     */
    @Test
    void stopEndsAnEndlessKernelWithinASecondAndTheNextRunWorks() throws IOException {
        try (BrowserSession s = BrowserSession.open(Repo.dist(), "?watchdog=268435456")) {
            s.loadPage();
            run(s, ENDLESS);
            ChromeDriver d = s.driver();
            new WebDriverWait(d, Duration.ofSeconds(60))
                    .until(x -> "kernel:spin".equals(d.executeScript("return document.body.getAttribute('data-stage');")));
            long before = System.nanoTime();
            d.findElement(By.id("stop")).click();
            new WebDriverWait(d, Duration.ofSeconds(1))
                    .until(x -> "stopped".equals(d.executeScript("return document.body.getAttribute('data-state');")));
            assertTrue(System.nanoTime() - before < 1_000_000_000L);
            long next = System.nanoTime();
            run(s, Programs.SQUARES);
            RunResult r = s.awaitEnd(RUN_LIMIT);
            System.out.printf("watchdog: the run after Stop took %.1f s%n", (System.nanoTime() - next) / 1e9);
            assertEquals(Programs.SQUARES_OUTPUT, r.stdout(), r.stderr());
            assertEquals(0, r.exitCode());
        }
    }
}
