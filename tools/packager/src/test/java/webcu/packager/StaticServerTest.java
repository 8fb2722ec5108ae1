package webcu.packager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticServerTest {
    @TempDir static Path tmp;
    static Path dist;
    static StaticServer server;
    static HttpClient client;
    static final String HTML = "<!doctype html><title>webcu</title>\n" + "<p>hello</p>\n".repeat(300);

    @BeforeAll
    static void start() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src"));
        dist = tmp.resolve("dist");
        PackagerTest.write(src, "index.html", HTML);
        PackagerTest.write(src, "app.js", "console.log(1);\n".repeat(100));
        PackagerTest.write(src, "worker.mjs", "export {};\n");
        PackagerTest.write(src, "style.css", "body{}");
        PackagerTest.write(src, "data.json", "{}");
        PackagerTest.write(src, "app.js.map", "{}");
        PackagerTest.write(src, "icon.svg", "<svg/>");
        PackagerTest.write(src, "notes.txt", "hi");
        PackagerTest.write(src, "k.wgsl", "fn main() {}");
        PackagerTest.write(src, "app.webmanifest", "{}");
        PackagerTest.write(src, "sub/empty.txt", "");
        Files.write(src.resolve("icon.png"), new byte[] {1, 2, 3});
        Files.write(src.resolve("favicon.ico"), new byte[] {4, 5});
        Files.write(src.resolve("app.wasm"), PackagerTest.wasmLike());
        Packager.assemble(List.of(src), dist, List.of());
        PackagerTest.write(tmp, "secret.txt", "outside the root");

        server = StaticServer.start(dist, "127.0.0.1", 0);
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    }

    @AfterAll
    static void stop() {
        server.close();
        client.close();
    }

    @Test
    void servesContentTypes() throws Exception {
        Map<String, String> types = Map.ofEntries(
                Map.entry("/", "text/html; charset=utf-8"),
                Map.entry("/app.js", "text/javascript; charset=utf-8"),
                Map.entry("/worker.mjs", "text/javascript; charset=utf-8"),
                Map.entry("/style.css", "text/css; charset=utf-8"),
                Map.entry("/data.json", "application/json; charset=utf-8"),
                Map.entry("/app.js.map", "application/json; charset=utf-8"),
                Map.entry("/icon.svg", "image/svg+xml; charset=utf-8"),
                Map.entry("/notes.txt", "text/plain; charset=utf-8"),
                Map.entry("/k.wgsl", "text/wgsl; charset=utf-8"),
                Map.entry("/app.webmanifest", "application/manifest+json; charset=utf-8"),
                Map.entry("/app.wasm", "application/wasm"),
                Map.entry("/icon.png", "image/png"),
                Map.entry("/favicon.ico", "image/x-icon"));
        for (var e : types.entrySet()) {
            HttpResponse<byte[]> r = get(e.getKey(), null);
            assertEquals(200, r.statusCode(), e.getKey());
            assertEquals(e.getValue(), r.headers().firstValue("Content-Type").orElse(""), e.getKey());
            assertEquals("no-cache", r.headers().firstValue("Cache-Control").orElse(""), e.getKey());
        }
        assertArrayEquals(HTML.getBytes(StandardCharsets.UTF_8), get("/index.html", null).body());
        HttpResponse<byte[]> empty = get("/sub/empty.txt", null);
        assertEquals(200, empty.statusCode());
        assertEquals(0, empty.body().length);
    }

    @Test
    void sendsTwinOnlyWhenBrotliIsAccepted() throws Exception {
        for (String path : List.of("/index.html", "/app.wasm")) {
            byte[] original = Files.readAllBytes(dist.resolve(path.substring(1)));

            HttpResponse<byte[]> br = get(path, "gzip, deflate, br, zstd");
            assertEquals("br", br.headers().firstValue("Content-Encoding").orElse(""), path);
            assertEquals("Accept-Encoding", br.headers().firstValue("Vary").orElse(""), path);
            assertEquals(FileTypes.contentType(path), br.headers().firstValue("Content-Type").orElse(""), path);
            assertTrue(br.body().length < original.length, path);
            assertArrayEquals(original, Brotli.decompress(br.body()), path);

            for (String accept : new String[] {null, "gzip", "br;q=0"}) {
                HttpResponse<byte[]> plain = get(path, accept);
                assertFalse(plain.headers().firstValue("Content-Encoding").isPresent(), path + " " + accept);
                assertArrayEquals(original, plain.body(), path + " " + accept);
            }
        }
        // No twin: served plain even when br is accepted.
        assertFalse(get("/icon.png", "br").headers().firstValue("Content-Encoding").isPresent());
    }

    @Test
    void notFoundForMissingFilesAndTraversal() throws Exception {
        for (String path : List.of("/missing.js", "/sub", "/sub/", "/../secret.txt", "/%2e%2e/secret.txt",
                "/sub/%2E%2E/%2e%2e/secret.txt", "/sub/..%2f..%2fsecret.txt", "/%5c..%5csecret.txt")) {
            HttpResponse<byte[]> r = get(path, null);
            assertEquals(404, r.statusCode(), path);
            assertFalse(new String(r.body(), StandardCharsets.UTF_8).contains("outside"), path);
        }
    }

    @Test
    void headSendsHeadersWithoutBody() throws Exception {
        HttpResponse<byte[]> r = send(HttpRequest.newBuilder(url("/app.wasm"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
        assertEquals(200, r.statusCode());
        assertEquals("application/wasm", r.headers().firstValue("Content-Type").orElse(""));
        assertEquals(Long.toString(Files.size(dist.resolve("app.wasm"))),
                r.headers().firstValue("Content-Length").orElse(""));
        assertEquals(0, r.body().length);
    }

    @Test
    void postIsNotAllowed() throws Exception {
        HttpResponse<byte[]> r = send(HttpRequest.newBuilder(url("/index.html"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build());
        assertEquals(405, r.statusCode());
        assertEquals("GET, HEAD", r.headers().firstValue("Allow").orElse(""));
    }

    @Test
    void handlesConcurrentRequests() throws Exception {
        List<CompletableFuture<HttpResponse<byte[]>>> pending = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            pending.add(client.sendAsync(HttpRequest.newBuilder(url("/app.wasm")).build(),
                    HttpResponse.BodyHandlers.ofByteArray()));
        }
        byte[] wasm = Files.readAllBytes(dist.resolve("app.wasm"));
        for (var f : pending) {
            assertArrayEquals(wasm, f.get().body());
        }
    }

    @Test
    void conditionalRequestsGetNotModified() throws Exception {
        HttpResponse<byte[]> first = get("/app.js", null);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        String modified = first.headers().firstValue("Last-Modified").orElseThrow();
        assertTrue(etag.matches("\"[0-9a-f]{24}\""), etag);
        HttpResponse<byte[]> brotli = get("/app.js", "br");
        assertFalse(etag.equals(brotli.headers().firstValue("ETag").orElse("")), "the twin's bytes have a tag of their own");

        for (String[] h : new String[][] {{"If-None-Match", etag}, {"If-None-Match", "\"x\", W/" + etag},
                {"If-None-Match", "*"}, {"If-Modified-Since", modified}}) {
            HttpResponse<byte[]> r = send(HttpRequest.newBuilder(url("/app.js")).header(h[0], h[1]).build());
            assertEquals(304, r.statusCode(), h[0] + ": " + h[1]);
            assertEquals(0, r.body().length);
            assertEquals(etag, r.headers().firstValue("ETag").orElse(""));
        }
        for (String[] h : new String[][] {{"If-None-Match", "\"other\""}, {"If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"},
                {"If-Modified-Since", "yesterday"}}) {
            HttpResponse<byte[]> r = send(HttpRequest.newBuilder(url("/app.js")).header(h[0], h[1]).build());
            assertEquals(200, r.statusCode(), h[0] + ": " + h[1]);
            assertArrayEquals(first.body(), r.body());
        }
        // If-None-Match decides when both are present
        HttpResponse<byte[]> both = send(HttpRequest.newBuilder(url("/app.js"))
                .header("If-None-Match", "\"other\"").header("If-Modified-Since", modified).build());
        assertEquals(200, both.statusCode());
    }

    @Test
    void hashedNamesMayBeCachedForAYear() throws Exception {
        Files.writeString(dist.resolve("app.0123456789.js"), "x");
        assertEquals("public, max-age=31536000, immutable",
                get("/app.0123456789.js", null).headers().firstValue("Cache-Control").orElse(""));
        assertEquals("no-cache", get("/app.js", null).headers().firstValue("Cache-Control").orElse(""));
    }

    @Test
    void aChangedFileGetsANewTag() throws Exception {
        Path f = dist.resolve("sub/changing.txt");
        Files.writeString(f, "one");
        String one = get("/sub/changing.txt", null).headers().firstValue("ETag").orElseThrow();
        Files.writeString(f, "two!");
        HttpResponse<byte[]> r = send(HttpRequest.newBuilder(url("/sub/changing.txt")).header("If-None-Match", one).build());
        assertEquals(200, r.statusCode());
        assertEquals("two!", new String(r.body(), StandardCharsets.UTF_8));
        assertFalse(one.equals(r.headers().firstValue("ETag").orElse("")));
    }

    @Test
    void mainServeRejectsMissingDirectory() {
        assertEquals(1, PackagerTest.main("serve", "--dir", tmp.resolve("nope").toString(), "--port", "0").code());
    }

    private static URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    private static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(url(path));
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return send(b.build());
    }

    private static HttpResponse<byte[]> send(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }
}
