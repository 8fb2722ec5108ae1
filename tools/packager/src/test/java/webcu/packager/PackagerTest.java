package webcu.packager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackagerTest {
    @TempDir Path tmp;
    Path base;
    Path overlay;
    Path out;

    static final String HTML = "<!doctype html><title>webcu</title>\n" + "<p>hello hello hello</p>\n".repeat(200);
    static final String JS = "export function f() { return 42; }\n".repeat(300);

    @BeforeEach
    void sources() throws IOException {
        base = Files.createDirectories(tmp.resolve("base"));
        overlay = Files.createDirectories(tmp.resolve("overlay"));
        out = tmp.resolve("dist");
        write(base, "index.html", "old page");
        write(base, "js/app.js", JS);
        write(base, "tiny.txt", "x");
        write(base, "stale.js.br", "not brotli");
        Files.write(base.resolve("icon.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3});
        Files.write(base.resolve("app.wasm"), wasmLike());
        write(overlay, "index.html", HTML);
    }

    @Test
    void writesTwinsThatDecodeToTheOriginal() throws IOException {
        Files.createDirectories(out);
        write(out, "leftover.txt", "from an older build");
        List<Packager.Entry> entries = Packager.assemble(List.of(base, overlay), out, List.of());

        assertEquals(HTML, Files.readString(out.resolve("index.html")), "later source overrides");
        assertFalse(Files.exists(out.resolve("leftover.txt")), "out is wiped first");
        assertFalse(Files.exists(out.resolve("stale.js.br")), "twins from sources are not copied");
        for (String name : List.of("index.html", "js/app.js", "app.wasm", Packager.MANIFEST)) {
            byte[] raw = Files.readAllBytes(out.resolve(name));
            byte[] br = Files.readAllBytes(out.resolve(name + ".br"));
            assertTrue(br.length < raw.length, name);
            assertArrayEquals(raw, Brotli.decompress(br), name);
        }
        assertFalse(Files.exists(out.resolve("tiny.txt.br")), "no twin when it is not smaller");
        assertFalse(Files.exists(out.resolve("icon.png.br")), "images get no twin");

        assertEquals(List.of("app.wasm", "icon.png", "index.html", "js/app.js", Packager.MANIFEST, "tiny.txt"),
                entries.stream().map(Packager.Entry::url).toList());
        Packager.Entry index = entries.get(2);
        assertEquals(HTML.length(), index.rawSize());
        assertEquals(Files.size(out.resolve("index.html.br")), index.brotliSize());
        assertEquals(-1, entries.get(1).brotliSize());
    }

    @Test
    void manifestListsEveryFileButTwinsAndItselfWithHashes() throws IOException {
        Packager.assemble(List.of(base, overlay), out, List.of());
        String manifest = Files.readString(out.resolve(Packager.MANIFEST));
        StringBuilder expected = new StringBuilder("[\n");
        List<String> urls = List.of("app.wasm", "icon.png", "index.html", "js/app.js", "tiny.txt");
        for (int i = 0; i < urls.size(); i++) {
            byte[] raw = Files.readAllBytes(out.resolve(urls.get(i)));
            expected.append("  {\"url\": \"").append(urls.get(i)).append("\", \"revision\": \"")
                    .append(sha256Prefix(raw)).append("\", \"size\": ").append(raw.length).append('}')
                    .append(i + 1 < urls.size() ? ",\n" : "\n");
        }
        assertEquals(expected.append("]\n").toString(), manifest);

        Packager.assemble(List.of(base, overlay), out, List.of());
        assertEquals(manifest, Files.readString(out.resolve(Packager.MANIFEST)), "deterministic");
    }

    @Test
    void serviceWorkerGetsTheManifestAndABuildIdThatFollowsEveryFile() throws IOException {
        write(base, "sw.js", "'use strict';\n// precache:begin\nself.WEBCU_PRECACHE = {build: 'dev', files: []};\n// precache:end\nrest();\n");
        Packager.assemble(List.of(base, overlay), out, List.of());
        String manifest = Files.readString(out.resolve(Packager.MANIFEST));
        assertFalse(manifest.contains("sw.js"), "the worker is not precached by itself");
        String sw = Files.readString(out.resolve("sw.js"));
        String build = Packager.revision(manifest.getBytes(StandardCharsets.UTF_8));
        assertEquals("'use strict';\n// precache:begin\nself.WEBCU_PRECACHE = {\"build\": \"" + build + "\", \"files\": "
                + manifest.trim() + "};\n// precache:end\nrest();\n", sw);

        // packaging the output again (as a test of a new build does) replaces the list, and a
        // changed file changes the worker, which is how browsers notice a new build
        Path again = tmp.resolve("again");
        write(out, "tiny.txt", "y");
        Packager.assemble(List.of(out), again, List.of());
        String sw2 = Files.readString(again.resolve("sw.js"));
        assertTrue(sw2.startsWith("'use strict';\n// precache:begin\nself.WEBCU_PRECACHE = {\"build\": \""), sw2);
        assertEquals(1, sw2.split("precache:begin", -1).length - 1);
        assertFalse(sw2.contains(build), "a new build id");
        assertTrue(sw2.contains("\"url\": \"tiny.txt\", \"revision\": \"" + sha256Prefix("y".getBytes(StandardCharsets.UTF_8))), sw2);
    }

    @Test
    void serviceWorkerWithoutMarkersIsAnError() throws IOException {
        write(base, "sw.js", "self.addEventListener('fetch', f);\n");
        PackagerException e = org.junit.jupiter.api.Assertions.assertThrows(PackagerException.class,
                () -> Packager.assemble(List.of(base), out, List.of()));
        assertTrue(e.getMessage().contains("precache:begin"), e.getMessage());
    }

    @Test
    void aWebManifestBringsItsIconsDrawnAtBuildTime() throws IOException {
        write(base, "manifest.webmanifest", "{}");
        Packager.assemble(List.of(base), out, List.of());
        String manifest = Files.readString(out.resolve(Packager.MANIFEST));
        for (String name : Icons.NAMES) {
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(out.resolve(name).toFile());
            int size = name.contains("192") ? 192 : 512;
            assertEquals(size, img.getWidth(), name);
            assertEquals(size, img.getHeight(), name);
            assertTrue(manifest.contains("\"url\": \"" + name + "\""), name);
            // the maskable icon is opaque to its corners (launchers crop it); the others round them off
            int corner = img.getRGB(0, 0) >>> 24;
            assertEquals(name.contains("maskable") ? 255 : 0, corner, name);
            assertEquals(Icons.ACCENT.getRGB(), img.getRGB(size / 2, size / 20), name);
        }
        byte[] first = Files.readAllBytes(out.resolve("icon-512.png"));
        Packager.assemble(List.of(base), out, List.of());
        assertArrayEquals(first, Files.readAllBytes(out.resolve("icon-512.png")), "deterministic");
    }

    @Test
    void hashedNamesFollowTheBytesAndEveryReferenceIsRewritten() throws IOException {
        write(base, "index.html", "<script src=\"boot.js\"></script><link href='style.css'>");
        write(base, "boot.js", "new Worker('worker.js?x=1'); load(\"data/img.png\"); // boot.js.map and worker.jsx are not references\n");
        write(base, "worker.js", "importScripts('app.wasm-runtime.js'); fetch('app.wasm');\n");
        write(base, "app.wasm-runtime.js", "// runtime\n");
        write(base, "style.css", "body{}");
        Files.createDirectories(base.resolve("data"));
        Files.write(base.resolve("data/img.png"), new byte[] {1, 2});
        write(base, "sw.js", "// precache:begin\n// precache:end\n");
        List<Packager.Entry> entries = Packager.assemble(List.of(base), out, List.of("index.html", "boot.js"), true);
        Map<String, String> names = new java.util.TreeMap<>();
        for (Packager.Entry e : entries) {
            names.put(e.source(), e.url());
            if (!e.url().equals(e.source())) {
                String hash = Packager.revision(Files.readAllBytes(out.resolve(e.url()))).substring(0, HashNames.HASH_DIGITS);
                assertEquals(HashNames.hashed(e.source(), hash), e.url(), "the name carries the hash of the final bytes");
                assertTrue(HashNames.HASHED.matcher("/" + e.url()).matches(), e.url());
                assertFalse(Files.exists(out.resolve(e.source())), e.source());
            }
        }
        for (String kept : List.of("index.html", "sw.js", Packager.MANIFEST)) {
            assertEquals(kept, names.get(kept), "entry points keep their names");
        }
        assertTrue(names.get("app.wasm").matches("app\\.[0-9a-f]{10}\\.wasm"), names.toString());
        assertTrue(names.get("app.wasm-runtime.js").matches("app\\.wasm-runtime\\.[0-9a-f]{10}\\.js"), names.toString());
        assertEquals("<script src=\"" + names.get("boot.js") + "\"></script><link href='" + names.get("style.css") + "'>",
                Files.readString(out.resolve("index.html")));
        assertEquals("new Worker('" + names.get("worker.js") + "?x=1'); load(\"" + names.get("data/img.png")
                + "\"); // boot.js.map and worker.jsx are not references\n", Files.readString(out.resolve(names.get("boot.js"))));
        assertEquals("importScripts('" + names.get("app.wasm-runtime.js") + "'); fetch('" + names.get("app.wasm") + "');\n",
                Files.readString(out.resolve(names.get("worker.js"))));
        // the precache list and the worker name the new files
        String manifest = Files.readString(out.resolve(Packager.MANIFEST));
        assertTrue(manifest.contains("\"url\": \"" + names.get("worker.js") + "\""), manifest);
        assertFalse(manifest.contains("\"url\": \"worker.js\""), manifest);
        assertTrue(Files.readString(out.resolve("sw.js")).contains(names.get("app.wasm")));
    }

    @Test
    void hashedNamesRefuseACycle() throws IOException {
        write(base, "index.html", "<script src=\"a.js\"></script>");
        write(base, "a.js", "load('b.js');");
        write(base, "b.js", "load('a.js');");
        PackagerException e = org.junit.jupiter.api.Assertions.assertThrows(PackagerException.class,
                () -> Packager.assemble(List.of(base), out, List.of(), true));
        assertTrue(e.getMessage().contains("cycle"), e.getMessage());
    }

    @Test
    void revisionIsTheFirst16HexOfSha256() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        assertEquals("ba7816bf8f01cfea", Packager.revision("abc".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void commandPrintsTableAndPassesWithinBudget() {
        Result r = main("package", "--out", out.toString(), "--budget-bytes", "1000000",
                "--page-file", "index.html", "--page-file", "./js/app.js", base.toString(), overlay.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.matches("(?s).*\\n  index\\.html\\s+" + grouped(HTML.length()) + " B raw\\s+[0-9,]+ B br\\n.*"), r.out);
        assertTrue(r.out.matches("(?s).*  icon\\.png\\s+7 B raw\\s+-\\n.*"), r.out);
        long pageBr = size("index.html.br") + size("js/app.js.br");
        assertTrue(r.out.contains(String.format("page load: %s B raw, %s B brotli (budget 1,000,000 B)",
                grouped(HTML.length() + JS.length()), grouped(pageBr))), r.out);
    }

    @Test
    void overBudgetFailsNamingBudgetAndSize() {
        Result r = main("package", "--out", out.toString(), "--budget-bytes", "10",
                "--page-file", "index.html", base.toString(), overlay.toString());
        assertEquals(1, r.code);
        long br = size("index.html.br");
        assertTrue(r.err.contains("page load is " + grouped(br) + " B brotli, over the budget of 10 B"), r.err);
    }

    @Test
    void withoutPageFilesEveryFileCounts() {
        Result r = main("package", "--out", out.toString(), "--budget-bytes", "100000", base.toString());
        assertEquals(0, r.code, r.err);
        long all = size("index.html") + size("icon.png") + size("tiny.txt")
                + size("js/app.js.br") + size("app.wasm.br") + size(Packager.MANIFEST + ".br");
        assertTrue(r.out.contains(", " + grouped(all) + " B brotli"), r.out);
    }

    @Test
    void missingPageFileIsAnErrorAndKeepsTheOldOutput() throws IOException {
        write(out, "previous.txt", "kept");
        Result r = main("package", "--out", out.toString(), "--budget-bytes", "100000",
                "--page-file", "nope.js", base.toString());
        assertEquals(1, r.code);
        assertTrue(r.err.contains("--page-file nope.js"), r.err);
        assertTrue(Files.exists(out.resolve("previous.txt")));
    }

    @Test
    void refusesOutputInsideASource() {
        Result r = main("package", "--out", base.resolve("dist").toString(), "--budget-bytes", "1", base.toString());
        assertEquals(1, r.code);
        assertTrue(r.err.contains("overlaps"), r.err);
        assertTrue(Files.exists(base.resolve("index.html")));
    }

    record Result(int code, String out, String err) {}

    static Result main(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    private long size(String name) {
        try {
            return Files.size(out.resolve(name));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    private static String sha256Prefix(byte[] data) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(data);
            return java.util.HexFormat.of().formatHex(d, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** Wasm header followed by repetitive bytes, so it compresses like real code sections do. */
    static byte[] wasmLike() {
        byte[] b = new byte[4096];
        byte[] header = {0, 'a', 's', 'm', 1, 0, 0, 0};
        System.arraycopy(header, 0, b, 0, header.length);
        for (int i = header.length; i < b.length; i++) {
            b[i] = (byte) (i % 7);
        }
        return b;
    }

    static void write(Path dir, String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content, StandardCharsets.UTF_8);
    }
}
