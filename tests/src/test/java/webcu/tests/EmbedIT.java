package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLEncoder;
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
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import webcu.packager.StaticServer;

/**
 * The embed (embed.html) in an iframe of a host page on another origin (two local servers on two
 * ports): the host drives it by postMessage and receives ready, started, output, finished, resize
 * and check; bad messages and foreign origins are ignored; a read-only embed cannot be edited;
 * share links round-trip the project exactly; axe-core finds no serious problem in either theme;
 * and no test meets a Content Security Policy violation.
 */
@Timeout(900)
class EmbedIT {
    @TempDir static Path hostDir;
    private static StaticServer app;
    private static StaticServer host;
    private static Chromium chrome;

    private static final String HOST_PAGE = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>A course page</title></head>
            <body>
            <h1>Exercise</h1>
            <iframe id="app" title="webcu" width="900" height="600"></iframe>
            <script>
              window.received = [];
              var frame = document.getElementById('app');
              window.addEventListener('message', function (e) {
                if (e.source === frame.contentWindow) window.received.push({ origin: e.origin, data: e.data });
              });
              function send(m) { frame.contentWindow.postMessage(m, '*'); }
              // ?early: the host posts as soon as the iframe has loaded, without waiting for ready
              var early = new URLSearchParams(location.search).get('early');
              if (early) frame.addEventListener('load', function () { send(JSON.parse(early)); send({ webcu: 1, type: 'run', backend: 'cpu' }); });
              frame.src = new URLSearchParams(location.search).get('src');
            </script>
            </body></html>
            """;

    static final String TWICE = """
            #include <cstdio>
            __global__ void twice(int *v) { v[threadIdx.x] *= 2; }
            int main()
            {
                int h[4] = {1, 2, 3, 4};
                int *d;
                cudaMalloc((void **)&d, sizeof h);
                cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
                twice<<<1, 4>>>(d);
                cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                for (int i = 0; i < 4; ++i) printf("%d\\n", h[i]);
                fprintf(stderr, "done\\n");
                return 3;
            }
            """;

    @BeforeAll
    static void start() throws IOException {
        app = StaticServer.start(Repo.dist(), "127.0.0.1", 0);
        Files.writeString(hostDir.resolve("host.html"), HOST_PAGE);
        host = StaticServer.start(hostDir, "127.0.0.1", 0);
        chrome = new Chromium();
    }

    @AfterAll
    static void stop() {
        if (chrome != null) {
            List<String> csp = chrome.cspProblems();
            chrome.close();
            assertEquals(List.of(), csp, "no Content Security Policy violation in any test");
        }
        if (app != null) app.close();
        if (host != null) host.close();
    }

    static String appOrigin() {
        return "http://127.0.0.1:" + app.port();
    }

    static String hostOrigin() {
        return "http://127.0.0.1:" + host.port();
    }

    /** The host page with the embed at embed.html + query (and fragment), waiting for its "ready". */
    private static void openHost(String embedQuery, boolean expectReady) {
        chrome.driver.switchTo().defaultContent();
        String src = appOrigin() + "/embed.html" + embedQuery;
        // a new query each time: a change of the fragment alone would not load the page again
        chrome.driver.get(hostOrigin() + "/host.html?src=" + URLEncoder.encode(src, StandardCharsets.UTF_8));
        if (expectReady) {
            Map<String, Object> ready = waitFor("ready");
            assertEquals(1L, ready.get("version"));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> received() {
        return (List<Map<String, Object>>) chrome.js("return window.received;");
    }

    /** The data of the first message of this type (a webcu one), waiting for it. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> waitFor(String type) {
        Object[] found = new Object[1];
        try {
            waitUntil(type, found);
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("no '" + type + "' message; received " + received() + "; the embed: "
                    + inEmbed("return document.getElementById('status').textContent + ' state=' + document.body.getAttribute('data-state')"
                            + " + ' sw=' + document.documentElement.getAttribute('data-sw') + ' controlled=' + !!navigator.serviceWorker.controller;")
                    + "; console: " + chrome.console(), e);
        }
        return (Map<String, Object>) found[0];
    }

    @SuppressWarnings("unchecked")
    private static void waitUntil(String type, Object[] found) {
        new WebDriverWait(chrome.driver, Duration.ofSeconds(90)).until(d -> {
            for (Map<String, Object> m : received()) {
                Map<String, Object> data = (Map<String, Object>) m.get("data");
                if (data != null && Long.valueOf(1).equals(data.get("webcu")) && type.equals(data.get("type"))) {
                    found[0] = data;
                    return true;
                }
            }
            return false;
        });
    }

    private static void send(Object message) {
        chrome.js("send(arguments[0]);", message);
    }

    private static void clearReceived() {
        chrome.js("window.received = [];");
    }

    /** Runs script inside the embed's frame. */
    private static Object inEmbed(String script) {
        chrome.driver.switchTo().frame(chrome.driver.findElement(By.id("app")));
        try {
            return chrome.js(script);
        } finally {
            chrome.driver.switchTo().defaultContent();
        }
    }

    private static Map<String, Object> file(String path, String text) {
        return Map.of("path", path, "text", text);
    }

    private static Map<String, Object> msg(String type, Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("webcu", 1);
        m.put("type", type);
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    @SuppressWarnings("unchecked")
    void theHostSetsFilesRunsAndReceivesOutputFinishedAndResize() {
        openHost("?height=auto", true);
        send(msg("setFiles", "files", List.of(file("main.cu", TWICE))));
        send(msg("setArgs", "args", List.of("a b", "c")));
        send(msg("run", "backend", "webgpu"));
        Map<String, Object> finished = waitFor("finished");
        assertEquals("2\n4\n6\n8\n", finished.get("stdout"), String.valueOf(finished));
        assertEquals("done\n", finished.get("stderr"));
        assertEquals(3L, finished.get("exitCode"));
        assertEquals(false, finished.get("stopped"));
        assertEquals(List.of(Map.of("kernel", "twice")), finished.get("launches"));
        assertEquals("webgpu", waitFor("started").get("backend"));

        // the output arrived in stream chunks, in order, before finished
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        boolean finishedSeen = false;
        for (Map<String, Object> m : received()) {
            Map<String, Object> data = (Map<String, Object>) m.get("data");
            assertEquals(appOrigin(), m.get("origin"));
            if ("finished".equals(data.get("type"))) finishedSeen = true;
            if ("output".equals(data.get("type"))) {
                assertFalse(finishedSeen, "output after finished");
                (data.get("stream").equals("stderr") ? err : out).append(data.get("text"));
            }
        }
        assertEquals("2\n4\n6\n8\n", out.toString());
        assertEquals("done\n", err.toString());
        assertEquals(List.of("a b", "c"), inEmbed("return window.webcu.project().args;"));

        // height=auto: the embed's height, in webcu's format and in Canvas LMS's
        long height = (Long) waitFor("resize").get("height");
        assertTrue(height > 200, "height " + height);
        assertTrue(received().stream().anyMatch(m -> {
            Map<String, Object> d = (Map<String, Object>) m.get("data");
            return "lti.frameResize".equals(d.get("subject")) && d.get("height") instanceof Long h && h > 200;
        }), "lti.frameResize");

        // getOutput answers with the same, tagged with the request's id
        clearReceived();
        send(msg("getOutput", "id", "q1"));
        Map<String, Object> state = waitFor("outputState");
        assertEquals("q1", state.get("id"));
        assertEquals("done", state.get("state"));
        assertEquals(3L, state.get("exitCode"));
        assertEquals("2\n4\n6\n8\n", state.get("stdout"));

        // the embed kept nothing in the visitor's storage of the playground
        assertEquals(null, inEmbed("return localStorage.getItem('webcu.project.v1');"));
    }

    @Test
    void messagesSentOnTheIframesLoadEventAreNotLost() {
        chrome.driver.switchTo().defaultContent();
        String early = "{\"webcu\": 1, \"type\": \"setFiles\", \"files\": [{\"path\": \"main.cu\", "
                + "\"text\": \"#include <cstdio>\\nint main() { printf(\\\"early\\\\n\\\"); }\\n\"}]}";
        chrome.driver.get(hostOrigin() + "/host.html?src=" + URLEncoder.encode(appOrigin() + "/embed.html", StandardCharsets.UTF_8)
                + "&early=" + URLEncoder.encode(early, StandardCharsets.UTF_8));
        assertEquals("early\n", waitFor("finished").get("stdout"));
    }

    @Test
    void stopEndsARunawayProgram() {
        openHost("", true);
        send(msg("setFiles", "files", List.of(file("spin.cu", "int main() { volatile int x = 0; for (;;) { x++; } }\n"))));
        send(msg("run", "backend", "cpu"));
        waitFor("started");
        send(msg("stop"));
        Map<String, Object> finished = waitFor("finished");
        assertEquals(true, finished.get("stopped"));
        assertEquals(null, finished.get("exitCode"));
    }

    @Test
    void twentyKindsOfBadMessagesAreIgnored() {
        openHost("", true);
        String before = (String) inEmbed("return JSON.stringify(window.webcu.project());");
        int warningsBefore = warnings();
        // each is built in the host page's own script, as a hostile page would send it
        List<String> bad = List.of(
                "'run'",                                                        // not an object
                "[1, 2]",                                                       // an array
                "null",
                "{type: 'run'}",                                                // no version
                "{webcu: 2, type: 'run'}",                                      // another version
                "{webcu: '1', type: 'run'}",                                    // version as text
                "{webcu: 1, type: 'format'}",                                   // unknown verb
                "{webcu: 1}",                                                   // no type
                "{webcu: 1, type: 'run', backend: 'cuda'}",                     // unknown backend
                "{webcu: 1, type: 'run', extra: 1}",                            // unknown field
                "{webcu: 1, type: 'setFiles'}",                                 // missing files
                "{webcu: 1, type: 'setFiles', files: 'int main(){}'}",          // wrong type
                "{webcu: 1, type: 'setFiles', files: [{path: 'a.cu', text: 5}]}",
                "{webcu: 1, type: 'setFiles', files: [{path: '../etc/passwd', text: ''}]}",
                "{webcu: 1, type: 'setFiles', files: [{path: 'h.h', text: 'int x;'}]}",   // nothing to compile
                "{webcu: 1, type: 'setFiles', files: [{path: 'a.cu', text: 'x'.repeat(10 * 1024 * 1024)}]}", // 10 MB
                "{webcu: 1, type: 'setArgs', args: [1, 2]}",
                "{webcu: 1, type: 'setArgs', args: Array(1000).fill('x')}",
                "JSON.parse('{\"webcu\": 1, \"type\": \"run\", \"__proto__\": {\"polluted\": true}}')",
                "JSON.parse('{\"webcu\": 1, \"type\": \"setFiles\", \"files\": [{\"path\": \"a.cu\", \"text\": \"\", \"constructor\": {\"prototype\": {\"polluted\": true}}}]}')",
                "Object.assign(new Date(), {webcu: 1, type: 'run'})",          // not a plain object
                "{webcu: 1, type: 'getOutput', id: {}}");
        for (String m : bad) {
            chrome.js("send(" + m + ");");
        }
        // a good message afterwards still works: the embed went on listening
        send(msg("getOutput", "id", 7));
        assertEquals(7L, waitFor("outputState").get("id"));
        assertEquals("idle", inEmbed("return document.body.getAttribute('data-state');"), "no run started");
        assertEquals(before, inEmbed("return JSON.stringify(window.webcu.project());"), "the project is unchanged");
        assertEquals(null, inEmbed("return ({}).polluted === undefined ? null : 'polluted';"));
        assertEquals(null, chrome.js("return ({}).polluted === undefined ? null : 'polluted';"));
        int warned = warnings() - warningsBefore;
        assertTrue(warned >= bad.size(), "each bad message is reported on the console: " + warned + " of " + bad.size());
        assertTrue(received().stream().noneMatch(m -> "started".equals(((Map<?, ?>) m.get("data")).get("type"))));
    }

    private static int warnings() {
        return (int) chrome.console().stream().filter(l -> l.contains("webcu embed: ignored")).count();
    }

    @Test
    void anAllowListKeepsOtherOriginsOut() {
        // the host's origin is allowed: it drives the embed
        openHost("?allowedOrigins=" + URLEncoder.encode(hostOrigin(), StandardCharsets.UTF_8), true);
        send(msg("setFiles", "files", List.of(file("main.cu", "#include <cstdio>\nint main() { printf(\"allowed\\n\"); }\n"))));
        send(msg("run", "backend", "cpu"));
        assertEquals("allowed\n", waitFor("finished").get("stdout"));

        // only another origin is: the embed neither answers nor obeys
        openHost("?allowedOrigins=https://course.example.org", false);
        new WebDriverWait(chrome.driver, Duration.ofSeconds(60)).until(d ->
                "true".equals(inEmbed("return document.documentElement.getAttribute('data-embed-ready');")));
        String before = (String) inEmbed("return JSON.stringify(window.webcu.project());");
        send(msg("setFiles", "files", List.of(file("main.cu", "int main() { return 9; }\n"))));
        send(msg("run", "backend", "cpu"));
        chrome.js("return 1;");
        sleep(1500);
        assertEquals(before, inEmbed("return JSON.stringify(window.webcu.project());"));
        assertEquals("idle", inEmbed("return document.body.getAttribute('data-state');"));
        assertEquals(List.of(), received(), "nothing is posted to an origin off the list");
        assertTrue(chrome.console().stream().anyMatch(l -> l.contains("which allowedOrigins does not list")));
    }

    @Test
    void aReadOnlyEmbedCannotBeEdited() {
        openHost("?readOnly&hideToolbar", true);
        chrome.driver.switchTo().frame(chrome.driver.findElement(By.id("app")));
        try {
            String before = (String) chrome.js("return window.webcu.project().files[0].text;");
            WebElement content = chrome.driver.findElement(By.cssSelector("#editor .cm-content"));
            content.click();
            content.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "// typed", Keys.ENTER, Keys.BACK_SPACE);
            assertEquals(before, chrome.js("return window.webcu.project().files[0].text;"));
            assertEquals("true", content.getAttribute("aria-readonly"));
            assertFalse(chrome.driver.findElement(By.id("run")).isDisplayed(), "hideToolbar");
            assertFalse(chrome.driver.findElement(By.id("rename-file")).isDisplayed(), "no file actions");
        } finally {
            chrome.driver.switchTo().defaultContent();
        }
        // the host still runs it
        send(msg("run", "backend", "cpu"));
        Map<String, Object> finished = waitFor("finished");
        assertTrue(((String) finished.get("stdout")).contains("7 squared is 49"), String.valueOf(finished));
    }

    static final String STUDENT_GOOD = "__device__ int square(int x) { return x * x; }\n";
    static final String STUDENT_BAD = "__device__ int square(int x) { return x + x; }\n";
    // the teacher's checking main: never shown, appended to the student's file
    static final String HARNESS = """
            #include <cstdio>
            __global__ void check(int *out) { out[threadIdx.x] = square(threadIdx.x); }
            int main()
            {
                int *d, h[5];
                cudaMalloc((void **)&d, sizeof h);
                check<<<1, 5>>>(d);
                cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
                for (int i = 0; i < 5; ++i) printf("%d ", h[i]);
                printf("\\n");
                return 0;
            }
            """;

    @Test
    @SuppressWarnings("unchecked")
    void hiddenCheckingCodeRunsAndItsVerdictReachesTheHost() {
        openHost("", true);
        send(msg("setFiles", "files", List.of(file("square.cu", STUDENT_GOOD)),
                "append", List.of(file("square.cu", HARNESS)), "expect", "0 1 4 9 16 \n"));
        assertEquals(STUDENT_GOOD, inEmbed("return window.webcu.project().files[0].text;"), "the harness is not shown");
        send(msg("run", "backend", "cpu"));
        Map<String, Object> check = waitFor("check");
        assertEquals(true, check.get("passed"), String.valueOf(check));
        assertEquals("Check: passed", inEmbed("return document.getElementById('check-result').textContent;"));

        // the learner gets it wrong: the output differs, the verdict says so
        clearReceived();
        inEmbed("window.webcu.setProject({files: [{path: 'square.cu', text: " + jsString(STUDENT_BAD) + ", compile: true}]});");
        send(msg("run"));
        check = waitFor("check");
        assertEquals(false, check.get("passed"));
        assertEquals("the output differs from the expected output", check.get("reason"));
        assertEquals("0 2 4 6 8 \n", waitFor("finished").get("stdout"));

        // Reset brings back what the teacher set
        chrome.driver.switchTo().frame(chrome.driver.findElement(By.id("app")));
        try {
            chrome.driver.findElement(By.id("reset-embed")).click();
            assertEquals(STUDENT_GOOD, chrome.js("return window.webcu.project().files[0].text;"));
        } finally {
            chrome.driver.switchTo().defaultContent();
        }
    }

    static String jsString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c == '\n') b.append("\\n");
            else if (c == '\r') b.append("\\r");
            else b.append(c);
        }
        return b.append('"').toString();
    }

    // ---------------------------------------------------------------- share links

    private static void openApp(String pathAndQuery) {
        chrome.driver.switchTo().defaultContent();
        chrome.driver.get(appOrigin() + pathAndQuery);
        new WebDriverWait(chrome.driver, Duration.ofSeconds(60)).until(d ->
                "true".equals(chrome.js("return document.body.getAttribute('data-ui-ready');")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aShareLinkRestoresTheProjectByteForByte() {
        openApp("/index.html?sw=0");
        chrome.js("localStorage.clear();");
        Map<String, Object> project = new LinkedHashMap<>();
        project.put("files", List.of(
                Map.of("path", "main.cu", "text", "// héllo wörld — ∑ 🚀\r\n#include \"util.h\"\r\nint main() { return f(); }\r\n", "compile", true),
                Map.of("path", "inc/util.h", "text", "inline int f() { return 0; }\n\n\t// tabs and trailing spaces   \n", "compile", false),
                Map.of("path", "data.txt", "text", "", "compile", false)));
        project.put("includeDirs", List.of("inc"));
        project.put("defines", List.of(Map.of("name", "N", "value", "4"), Map.of("name", "DEBUG", "value", "1")));
        project.put("args", List.of("one", "two words", "ünï"));
        project.put("stdin", "line 1\r\nline 2 ✓\n");
        chrome.js("window.webcu.setProject(arguments[0]); document.getElementById('backend').value = 'cpu';", project);
        Object expected = chrome.js("return JSON.stringify(window.webcu.project());");
        chrome.driver.findElement(By.id("copy-link")).click();
        new WebDriverWait(chrome.driver, Duration.ofSeconds(10)).until(d -> !((String) chrome.js("return document.getElementById('share-text').value;")).isEmpty());
        String link = (String) chrome.js("return document.getElementById('share-text').value;");
        assertTrue(link.startsWith(appOrigin() + "/#p="), link);

        // a fresh visitor (no saved project) opens it
        chrome.js("localStorage.clear();");
        chrome.driver.get("about:blank");
        chrome.driver.get(link.replace("/#p=", "/index.html?sw=0#p="));
        new WebDriverWait(chrome.driver, Duration.ofSeconds(60)).until(d ->
                "true".equals(chrome.js("return document.body.getAttribute('data-ui-ready');")));
        assertEquals(expected, chrome.js("return JSON.stringify(window.webcu.project());"));
        assertEquals("cpu", chrome.js("return document.getElementById('backend').value;"));
        assertEquals("", chrome.js("return location.hash;"), "the link's fragment is dropped once read");
        // the restored project runs
        chrome.js("window.webcu.run();");
        new WebDriverWait(chrome.driver, Duration.ofSeconds(120)).until(d -> "done".equals(chrome.js("return document.body.getAttribute('data-state');")));
        assertEquals("0", chrome.js("return document.body.getAttribute('data-exit-code');"));

        // the embed code carries the same project to embed.html
        chrome.driver.findElement(By.id("copy-embed")).click();
        new WebDriverWait(chrome.driver, Duration.ofSeconds(10)).until(d -> ((String) chrome.js("return document.getElementById('share-text').value;")).startsWith("<iframe"));
        String code = (String) chrome.js("return document.getElementById('share-text').value;");
        assertTrue(code.startsWith("<iframe src=\"" + appOrigin() + "/embed.html?height=auto#p="), code);
        String src = code.substring(code.indexOf("src=\"") + 5, code.indexOf('"', code.indexOf("src=\"") + 5)).replace("&amp;", "&");
        openHost(src.substring((appOrigin() + "/embed.html").length()), true);
        Map<String, Object> embedded = (Map<String, Object>) inEmbed("return window.webcu.project();");
        assertEquals(((List<?>) project.get("files")).size(), ((List<?>) embedded.get("files")).size());
        assertEquals(expected, inEmbed("return JSON.stringify(window.webcu.project());"));
    }

    @Test
    void aLinkForA200LineProgramStaysShort() throws IOException {
        openApp("/index.html?sw=0");
        // real code, not a repeated pattern: two programs of the suite, the first 200 lines
        List<String> lines = new ArrayList<>();
        for (String name : List.of("programs/textbook/raii_lifetimes.cu", "programs/bench/hotspot_rodinia.cu")) {
            lines.addAll(Files.readAllLines(Repo.suite().resolve(name)));
        }
        String text = String.join("\n", lines.subList(0, 200)) + "\n";
        chrome.js("window.webcu.setProject({files: [{path: 'main.cu', text: arguments[0], compile: true}]});", text);
        chrome.driver.findElement(By.id("copy-link")).click();
        new WebDriverWait(chrome.driver, Duration.ofSeconds(10)).until(d -> !((String) chrome.js("return document.getElementById('share-text').value;")).isEmpty());
        String link = (String) chrome.js("return document.getElementById('share-text').value;");
        System.out.println("share link for a 200-line program (" + text.length() + " characters): " + link.length() + " characters");
        assertTrue(link.length() <= 6 * 1024, "link length " + link.length());
    }

    @Test
    void onThePagesOwnThreadThePolicyLeadsToTheJavaScriptBuild() {
        // no worker: the engine runs under the page's CSP, which refuses the wasm-gc loader's eval
        openApp("/index.html?sw=0&worker=0");
        chrome.js("window.webcu.setProject({files: [{path: 'main.cu', compile: true, text: arguments[0]}]});"
                + "document.getElementById('backend').value = 'cpu'; window.webcu.run();",
                "#include <cstdio>\nint main() { printf(\"on the page\\n\"); }\n");
        new WebDriverWait(chrome.driver, Duration.ofSeconds(180)).until(d -> "done".equals(chrome.js("return document.body.getAttribute('data-state');")));
        assertEquals("js", chrome.js("return document.body.getAttribute('data-build');"));
        assertEquals("on the page\n", chrome.js("return window.webcu.outputSpans().map(function (s) { return s[1]; }).join('');"));
    }

    @Test
    void aDamagedLinkSaysSoAndKeepsThePage() {
        openApp("/index.html?sw=0#p=AAAA-not-deflate");
        WebElement notice = chrome.driver.findElement(By.id("notice"));
        assertTrue(notice.isDisplayed());
        assertTrue(notice.getText().startsWith("The program in this link could not be opened"), notice.getText());
        assertTrue(((String) chrome.js("return window.webcu.project().files[0].text;")).length() > 0);
    }

    // ---------------------------------------------------------------- accessibility

    @Test
    void axeFindsNoSeriousProblemInTheEmbedInEitherTheme() throws IOException {
        List<String> problems = new ArrayList<>();
        Path shots = Repo.root().resolve("tests/target/screenshots");
        Files.createDirectories(shots);
        for (String page : List.of("embed", "share-panel")) {
            for (String theme : List.of("light", "dark")) {
                if (page.equals("embed")) {
                    openApp("/embed.html?sw=0&theme=" + theme);
                    // both verdicts' colours are checked for contrast
                    chrome.js("document.getElementById('check-result').textContent = 'Check: not yet — the output differs'; "
                            + "document.getElementById('check-result').setAttribute('data-passed', 'false');");
                } else {
                    openApp("/index.html?sw=0&theme=" + theme);
                    chrome.js("localStorage.setItem('webcu.theme', arguments[0]);", theme);
                    openApp("/index.html?sw=0");
                    chrome.driver.findElement(By.id("copy-link")).click();
                    new WebDriverWait(chrome.driver, Duration.ofSeconds(10)).until(d -> !((String) chrome.js("return document.getElementById('share-text').value;")).isEmpty());
                }
                problems.addAll(Axe.problems(chrome.driver, page + " " + theme));
                Files.write(shots.resolve(page + "-" + theme + ".png"), chrome.driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
            }
        }
        chrome.js("localStorage.removeItem('webcu.theme');");
        assertEquals(List.of(), problems);
    }

    @Test
    void theEmbedsDefaultProgramRunsOnItsOwn() {
        openHost("?autorun&backend=cpu&args=x%20y", true);
        Map<String, Object> finished = waitFor("finished");
        assertNotNull(finished);
        assertEquals(0L, finished.get("exitCode"));
        assertTrue(((String) finished.get("stdout")).startsWith("0 squared is 0\n"), String.valueOf(finished));
        assertEquals(List.of("x", "y"), inEmbed("return window.webcu.project().args;"));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
