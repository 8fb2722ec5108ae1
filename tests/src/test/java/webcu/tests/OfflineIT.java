package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;
import webcu.packager.StaticServer;

/**
 * The offline app in headless Chromium: the service worker precaches the build, the site keeps
 * working (a WebGPU run included) after its server has stopped, a new build at the same address
 * brings the "new version" notice and its Reload switches to it; and the app served from a
 * sub-path, plain (no Brotli, no Content-Encoding, no COOP/COEP headers), works.
 */
@Timeout(900)
class OfflineIT {
    @TempDir Path tmp;

    /** dist/ copied into dir, without the .br twins when plain. */
    static void copySite(Path dir, boolean plain) throws IOException {
        Path dist = Repo.dist();
        try (Stream<Path> walk = Files.walk(dist)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = dir.resolve(dist.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!(plain && p.toString().endsWith(".br"))) {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void await(Chromium c, String condition, int seconds) {
        new WebDriverWait(c.driver, Duration.ofSeconds(seconds)).until(d -> Boolean.TRUE.equals(c.js("return !!(" + condition + ");")));
    }

    private static String runExample(Chromium c, String backend) {
        await(c, "document.body.getAttribute('data-build')", 120);
        c.js("document.getElementById('backend').value = arguments[0]; window.webcu.run();", backend);
        await(c, "document.body.getAttribute('data-state') === 'done'", 180);
        return (String) c.js("return window.webcu.outputSpans().map(function (s) { return s[1]; }).join('');");
    }

    @Test
    void theSiteWorksOfflineAndANewBuildOffersAReload() throws Exception {
        Path site = tmp.resolve("site");
        copySite(site, false);
        StaticServer server = StaticServer.start(site, "127.0.0.1", 0);
        int port = server.port();
        String url = "http://127.0.0.1:" + port + "/";
        try (Chromium c = new Chromium()) {
            c.driver.get(url);
            // the worker precaches the whole build (about 7 MB, each file checked against its hash)
            await(c, "navigator.serviceWorker.controller", 240);
            @SuppressWarnings("unchecked")
            List<String> missing = (List<String>) c.jsAsync("""
                    var done = arguments[arguments.length - 1];
                    fetch('precache-manifest.json').then(function (r) { return r.json(); }).then(function (files) {
                      return caches.keys().then(function (names) {
                        var name = names.filter(function (n) { return n.indexOf('webcu-') === 0; })[0];
                        return caches.open(name).then(function (cache) {
                          return Promise.all(files.map(function (f) {
                            return cache.match(new URL(f.url, location.href).href).then(function (r) { return r ? null : f.url; });
                          }));
                        });
                      });
                    }).then(function (r) { done(r.filter(function (x) { return x; })); }, function (e) { done(['error ' + e]); });
                    """);
            assertEquals(List.of(), missing, "every file of the manifest is in the cache");
            server.close();

            // offline: the page, the worker, the compiler and the GPU run all come from the cache
            c.driver.navigate().refresh();
            assertEquals("offline", c.jsAsync("""
                    var done = arguments[arguments.length - 1];
                    fetch('not-in-the-build.txt').then(function () { done('online'); }, function () { done('offline'); });
                    """));
            String out = runExample(c, "webgpu");
            assertTrue(out.contains("PASS: 0 mismatches"), out);
            assertEquals("0", c.js("return document.body.getAttribute('data-exit-code');"));
            assertEquals(null, c.js("return document.body.getAttribute('data-webgpu');"), "it ran on WebGPU");

            // a new build (one changed file, packaged again as ./webcu site does, with content-hashed
            // names) deployed at the same address
            Path source = tmp.resolve("next-src");
            copySite(source, true);
            Files.writeString(source.resolve("webcu.css"), Files.readString(source.resolve("webcu.css")) + "\n/* build 2 */\n");
            Path next = tmp.resolve("next");
            StringWriter log = new StringWriter();
            int code = webcu.packager.Main.run(new PrintWriter(log), new PrintWriter(log), "package", "--hash-names", "--out", next.toString(),
                    "--budget-bytes", "100000000", source.toString());
            assertEquals(0, code, log.toString());
            server = StaticServer.start(next, "127.0.0.1", port);
            try {
                c.driver.navigate().refresh();
                await(c, "document.getElementById('update-notice')", 240);
                assertTrue(c.driver.findElement(By.id("update-notice")).getText().contains("A new version of webcu is ready"));
                assertFalse(pageCss(c).contains("build 2"), "the old build runs until Reload");
                c.driver.findElement(By.id("update-reload")).click();
                await(c, "!document.getElementById('update-notice') && document.body.getAttribute('data-build')", 120);
                assertTrue(pageCss(c).contains("build 2"));
                assertTrue(((String) c.js("return document.querySelector('link[rel=stylesheet]').href;")).matches(".*/webcu\\.[0-9a-f]{10}\\.css"));
                c.js("window.webcu.setProject({files: [{path: 'main.cu', compile: true, text: arguments[0]}]});",
                        "#include <cstdio>\nint main() { printf(\"build 2\\n\"); }\n");
                assertEquals("build 2\n", runExample(c, "cpu"));
                assertEquals(List.of(), c.cspProblems());
            } finally {
                server.close();
            }
        }
    }

    /** The text of the page's first stylesheet, as the page gets it (through the service worker). */
    private static String pageCss(Chromium c) {
        return (String) c.jsAsync("var done = arguments[arguments.length - 1];"
                + "fetch(document.querySelector('link[rel=stylesheet]').href).then(function (r) { return r.text(); }).then(done);");
    }

    @Test
    void theAppWorksFromASubPathOfAPlainHost() throws Exception {
        Path root = tmp.resolve("host");
        copySite(root.resolve("courses/gpu/webcu"), true);
        Files.writeString(root.resolve("index.html"), "<!doctype html><title>another site</title>");
        try (StaticServer server = StaticServer.start(root, "127.0.0.1", 0); Chromium c = new Chromium()) {
            String base = "http://127.0.0.1:" + server.port() + "/courses/gpu/webcu/";
            c.driver.get(base);
            await(c, "document.body.getAttribute('data-ui-ready') === 'true'", 120);
            assertEquals(false, c.js("return window.crossOriginIsolated;"), "no COOP/COEP needed");
            c.js("window.webcu.setProject({files: [{path: 'main.cu', compile: true, text: arguments[0]}]});",
                    "#include <cstdio>\nint main() { printf(\"from a sub-path\\n\"); }\n");
            assertEquals("from a sub-path\n", runExample(c, "cpu"));

            await(c, "navigator.serviceWorker.controller", 240);
            assertEquals(base, c.jsAsync("var done = arguments[arguments.length - 1];"
                    + "navigator.serviceWorker.getRegistration().then(function (r) { done(r.scope); });"));
            // the manifest's relative start_url and scope resolve to the sub-path
            assertEquals(base, c.jsAsync("""
                    var done = arguments[arguments.length - 1];
                    var link = document.querySelector('link[rel=manifest]').href;
                    fetch(link).then(function (r) { return r.json(); }).then(function (m) {
                      var start = new URL(m.start_url, link).href, scope = new URL(m.scope, link).href;
                      done(start === scope ? start : start + ' vs ' + scope);
                    });
                    """));
            // a share link points into the sub-path
            c.driver.findElement(By.id("copy-link")).click();
            await(c, "document.getElementById('share-text').value", 10);
            assertTrue(((String) c.js("return document.getElementById('share-text').value;")).startsWith(base + "#p="));
            assertEquals(List.of(), c.cspProblems());
        }
    }
}
