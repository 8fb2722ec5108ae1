package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.htmlunit.BrowserVersion;
import org.htmlunit.WebClient;
import org.htmlunit.html.DomElement;
import org.htmlunit.html.HtmlButton;
import org.htmlunit.html.HtmlOption;
import org.htmlunit.html.HtmlPage;
import org.htmlunit.html.HtmlSelect;
import org.htmlunit.html.HtmlTextArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import webcu.packager.StaticServer;

/**
 * The page in HtmlUnit, on the JavaScript build. HtmlUnit's Web Workers cannot post messages back
 * to the page (HtmlUnit 5.5), so programs run through the page's own-thread engine (?worker=0),
 * the fallback the page has for browsers without usable workers.
 */
@Timeout(240)
class PageHtmlUnitIT {
    private StaticServer server;
    private WebClient web;

    @BeforeEach
    void start() throws IOException {
        server = StaticServer.start(Repo.dist(), "127.0.0.1", 0);
        web = new WebClient(BrowserVersion.CHROME);
        web.getOptions().setThrowExceptionOnScriptError(true);
    }

    @AfterEach
    void stop() {
        web.close();
        server.close();
    }

    private HtmlPage open(String query) throws IOException {
        return web.getPage("http://127.0.0.1:" + server.port() + "/index.html" + query);
    }

    private void waitFor(HtmlPage page, String attribute, List<String> values, long millis) {
        long end = System.currentTimeMillis() + millis;
        while (!values.contains(page.getBody().getAttribute(attribute)) && System.currentTimeMillis() < end) {
            web.waitForBackgroundJavaScript(50);
        }
        assertTrue(values.contains(page.getBody().getAttribute(attribute)),
                attribute + " is '" + page.getBody().getAttribute(attribute) + "', waited for " + values
                        + "; status: " + page.getElementById("status").getTextContent()
                        + "; output: " + page.getElementById("output").getTextContent());
    }

    /** The output panel as "class:text" entries. */
    private static List<String> spans(HtmlPage page) {
        List<String> out = new ArrayList<>();
        for (DomElement e : page.getElementById("output").getChildElements()) {
            out.add(e.getAttribute("class") + ":" + e.getTextContent());
        }
        return out;
    }

    @Test
    void showsTheEditorTheBackendsAndTheExample() throws IOException {
        HtmlPage page = open("");
        assertEquals("webcu — CUDA in the browser", page.getTitleText());
        HtmlTextArea source = (HtmlTextArea) page.getElementById("source");
        assertTrue(source.getText().contains("__global__ void vectorAdd(const float *a, const float *b, float *c, int n)"),
                source.getText());
        assertTrue(source.getText().contains("vectorAdd<<<blocks, threads>>>(da, db, dc, n);"), "markup is unescaped");
        HtmlSelect backend = (HtmlSelect) page.getElementById("backend");
        assertEquals(List.of("webgpu", "cpu"), backend.getOptions().stream().map(HtmlOption::getValueAttribute).toList());
        assertFalse(((HtmlButton) page.getElementById("run")).isDisabled());
        assertTrue(((HtmlButton) page.getElementById("stop")).isDisabled());
        assertEquals("pre", page.getElementById("output").getTagName());
        assertEquals("", page.getElementById("output").getTextContent());
        assertEquals("idle", page.getBody().getAttribute("data-state"));
    }

    @Test
    void stopEndsARunAndRunWorksAgain() throws IOException {
        HtmlPage page = open("");
        ((HtmlTextArea) page.getElementById("source")).setText(Programs.FOREVER);
        ((HtmlButton) page.getElementById("run")).click();
        assertEquals("running", page.getBody().getAttribute("data-state"));
        assertTrue(((HtmlButton) page.getElementById("run")).isDisabled());
        ((HtmlButton) page.getElementById("stop")).click();
        assertEquals("stopped", page.getBody().getAttribute("data-state"));
        assertEquals(List.of("stderr:webcu: stopped\n"), spans(page));
        assertFalse(((HtmlButton) page.getElementById("run")).isDisabled());
        assertTrue(((HtmlButton) page.getElementById("stop")).isDisabled());
    }

    /**
     * The JavaScript build compiled and ran by HtmlUnit's interpreter: about a minute for this
     * program (measured: 63 s), so only one run here; the Chromium tests cover the rest.
     */
    @Test
    void runsAProgramOnTheCpuBackend() throws IOException {
        HtmlPage page = open("?worker=0");
        waitFor(page, "data-build", List.of("js"), 120_000);
        ((HtmlSelect) page.getElementById("backend")).setSelectedAttribute("cpu", true);
        ((HtmlTextArea) page.getElementById("source")).setText(Programs.SQUARES);
        ((HtmlButton) page.getElementById("run")).click();
        waitFor(page, "data-state", List.of("done"), 170_000);
        assertEquals(List.of("stdout:" + Programs.SQUARES_OUTPUT), spans(page));
        assertEquals("0", page.getBody().getAttribute("data-exit-code"));
    }
}
