package webcu.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrowserRunnerTest {
    @TempDir
    Path dir;

    @Test
    void parse_ReadsTheLaunchersOptions() throws Exception {
        BrowserRunner.Options o = BrowserRunner.parse(new String[] {
            "--dist", "d", "--backend=cpu", "-I", "inc", "-Iinc2", "-D", "N=4", "-DFAST", "--timeout", "7",
            "a.cu", "b.cu", "--", "x", "--backend", "y"});
        assertEquals(Path.of("d"), o.dist());
        assertEquals("cpu", o.backend());
        assertEquals(List.of("inc", "inc2"), o.includeDirs());
        assertEquals(List.of(new RunRequest.Define("N", "4"), new RunRequest.Define("FAST", "1")), o.defines());
        assertEquals(Duration.ofSeconds(7), o.timeout());
        assertEquals(List.of("a.cu", "b.cu"), o.files());
        assertEquals(List.of("x", "--backend", "y"), o.args());
    }

    @Test
    void parse_DefaultsToWebGpu() throws Exception {
        BrowserRunner.Options o = BrowserRunner.parse(new String[] {"--dist", "d", "a.cu"});
        assertEquals("webgpu", o.backend());
        assertEquals(Duration.ofSeconds(120), o.timeout());
        assertEquals("", o.pageQuery());
    }

    @Test
    void parse_RejectsMistakes() {
        assertThrows(BrowserRunner.UsageException.class, () -> BrowserRunner.parse(new String[] {"a.cu"}));
        assertThrows(BrowserRunner.UsageException.class, () -> BrowserRunner.parse(new String[] {"--dist", "d"}));
        assertThrows(BrowserRunner.UsageException.class, () -> BrowserRunner.parse(new String[] {"--dist", "d", "--backend", "metal", "a.cu"}));
        assertThrows(BrowserRunner.UsageException.class, () -> BrowserRunner.parse(new String[] {"--dist", "d", "--frobnicate", "a.cu"}));
        assertThrows(BrowserRunner.UsageException.class, () -> BrowserRunner.parse(new String[] {"--dist", "d", "--timeout", "0", "a.cu"}));
        assertThrows(BrowserRunner.UsageException.class, () -> BrowserRunner.parse(new String[] {"--dist"}));
    }

    @Test
    void run_ReportsUsageAndUnreadableFilesWithStatusTwo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, BrowserRunner.run(new String[] {"--dist", dir.toString()}, out, err));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("webcu: no input files\nusage: "), err.toString(StandardCharsets.UTF_8));
        err.reset();
        String missing = dir.resolve("missing.cu").toString();
        assertEquals(2, BrowserRunner.run(new String[] {"--dist", dir.toString(), missing}, out, err));
        assertEquals("webcu: cannot read " + missing + ": no such file\n", err.toString(StandardCharsets.UTF_8));
        assertEquals(0, out.size());
    }

    @Test
    void run_WithoutABuiltPageIsARunnerFailure() throws IOException {
        Path src = dir.resolve("a.cu");
        Files.writeString(src, "int main() { return 0; }\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(BrowserRunner.RUNNER_FAILED, BrowserRunner.run(new String[] {"--dist", dir.resolve("nodist").toString(), src.toString()}, out, err));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("webcu: the browser runner failed: no page at "), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void request_CarriesIncludedHeaders() throws Exception {
        Files.createDirectories(dir.resolve("src/inc"));
        Files.writeString(dir.resolve("src/main.cu"), "#include \"util.h\"\n#include <cstdio>\n#include <lib.h>\nint main() {}\n");
        Files.writeString(dir.resolve("src/util.h"), "#pragma once\n#include \"inc/deep.h\"\n");
        Files.writeString(dir.resolve("src/inc/deep.h"), "#define DEEP 1\n#include \"../util.h\"\n");
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/lib.h"), "int lib;\n");
        String main = dir.resolve("src/main.cu").toString();
        String lib = dir.resolve("lib").toString();
        Files.createDirectories(dir.resolve("empty"));
        RunRequest r = BrowserRunner.request(BrowserRunner.parse(new String[] {"--dist", "d", "--cwd", dir.resolve("empty").toString(),
                "-I", lib, "-DX=2", main, "--", "7"}));
        assertEquals(List.of(
                        main,
                        dir.resolve("src/util.h").toString(),
                        dir.resolve("lib/lib.h").toString(),
                        dir.resolve("src/inc/deep.h").toString()),
                r.files().stream().map(RunRequest.SourceFile::path).toList());
        assertEquals(List.of(true, false, false, false), r.files().stream().map(RunRequest.SourceFile::compile).toList());
        assertEquals(List.of("7"), r.args());
        assertEquals("webgpu", r.backend());
    }

    @Test
    void project_IsWhatThePageExpects() {
        RunRequest r = new RunRequest(List.of(new RunRequest.SourceFile("m.cu", "int main(){}", true)), List.of("inc"),
                List.of(new RunRequest.Define("N", "4")), List.of("a"), "cpu");
        Map<String, Object> p = BrowserSession.project(r);
        assertEquals(List.of(Map.of("path", "m.cu", "text", "int main(){}", "compile", true)), p.get("files"));
        assertEquals(List.of("inc"), p.get("includeDirs"));
        assertEquals(List.of(Map.of("name", "N", "value", "4")), p.get("defines"));
        assertEquals(List.of("a"), p.get("args"));
    }

    @Test
    void standardInputAndDataFilesGoToThePage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("prog.cu"), "int main(){}");
        java.nio.file.Files.writeString(dir.resolve("matrix.txt"), "3 4\n");
        java.nio.file.Files.writeString(dir.resolve("numbers.txt"), "1 2 3\n");
        java.nio.file.Files.write(dir.resolve("blob.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
        java.nio.file.Files.write(dir.resolve("huge.txt"), new byte[(int) BrowserRunner.DATA_FILE_LIMIT + 1]);
        java.nio.file.Files.createDirectory(dir.resolve("sub"));
        BrowserRunner.Options o = BrowserRunner.parse(new String[] {"--dist", "d", "--cwd", dir.toString(),
                "--stdin", dir.resolve("numbers.txt").toString(), dir.resolve("prog.cu").toString()});
        RunRequest r = BrowserRunner.request(o);
        assertEquals(List.of(dir.resolve("prog.cu").toString(), "matrix.txt", "numbers.txt"),
                r.files().stream().map(RunRequest.SourceFile::path).toList());
        assertEquals("1 2 3\n", r.stdin());
        assertEquals("1 2 3\n", BrowserSession.project(r).get("stdin"));
    }

    @Test
    void aRequestNeedsAFileToCompile() {
        assertThrows(IllegalArgumentException.class, () -> new RunRequest(
                List.of(new RunRequest.SourceFile("u.h", "", false)), List.of(), List.of(), List.of(), "cpu"));
    }

    @Test
    void resultSplitsTheStreams() {
        RunResult r = new RunResult(0, List.of(new RunResult.Chunk(false, "a"), new RunResult.Chunk(true, "E"),
                new RunResult.Chunk(false, "b\n")), false);
        assertEquals("ab\n", r.stdout());
        assertEquals("E", r.stderr());
    }

    @Test
    void aMissingChromiumSaysHowToInstallIt() {
        IOException e = assertThrows(IOException.class, () -> BrowserSession.executable("WEBCU_CHROMIUM",
                dir.resolve("no-chromium").toString(), "/usr/bin/chromium", "chromium"));
        assertTrue(e.getMessage().contains("apt-get install chromium chromium-driver"), e.getMessage());
    }

    @Test
    void deleteTreeRemovesEverything() throws IOException {
        Path root = dir.resolve("profile");
        Files.createDirectories(root.resolve("a/b"));
        Files.writeString(root.resolve("a/b/c"), "x");
        assertTrue(BrowserSession.deleteTree(root));
        assertTrue(Files.notExists(root));
    }
}
