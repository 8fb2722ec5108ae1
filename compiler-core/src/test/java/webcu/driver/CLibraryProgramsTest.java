package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.runtime.FileSystem;
import webcu.runtime.MemoryFileSystem;
import webcu.vm.CLibrary;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * The C and POSIX library through whole programs in {@code resources/libc}: each .expected (and
 * .stderr) was printed by the same program built with g++ 12 against glibc 2.36 on this machine
 * (time.cu with TZ=UTC), and the file program ran in a folder holding the same data.txt.
 */
class CLibraryProgramsTest {
    private static final Path DIR = Path.of("src/test/resources/libc");

    private record Outcome(String out, String err, int status) {}

    private static String read(String name) throws IOException {
        return Files.readString(DIR.resolve(name), StandardCharsets.UTF_8);
    }

    private static Outcome run(String program, FileSystem files) throws IOException {
        CompileResult r = Compiler.compile(SourceSet.single(program, read(program)));
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("prog"), files,
                CLibrary.THREAD_SLEEP);
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        return new Outcome(out.toString(), err.toString(), ((RunState.Exited) state).status());
    }

    @Test
    void getoptAndGetoptLongParseAsGlibc() throws IOException {
        Outcome o = run("getopt.cu", new MemoryFileSystem());
        assertEquals(read("getopt.expected"), o.out());
        assertEquals(read("getopt.stderr"), o.err());
    }

    @Test
    void filesAreReadWrittenAndReadBack() throws IOException {
        MemoryFileSystem fs = new MemoryFileSystem(Map.of("data.txt", read("data.txt")));
        Outcome o = run("files.cu", fs);
        assertEquals(0, o.status(), o.err());
        assertEquals(read("files.expected"), o.out());
        assertEquals(read("files.stderr"), o.err());
        assertEquals(List.of("report.txt"), fs.written());
        assertEquals(read("files.report.txt"), fs.text("report.txt"));
        assertNull(fs.read("records.bin"));
    }

    @Test
    void stringStdlibCtypeAndTheScanfAndPrintfFamilies() throws IOException {
        Outcome o = run("strings.cu", new MemoryFileSystem());
        assertEquals(0, o.status(), o.err());
        assertEquals(read("strings.expected"), o.out());
    }

    @Test
    void sscanfEdgeCases() throws IOException {
        Outcome o = run("scanf.cu", new MemoryFileSystem());
        assertEquals(0, o.status(), o.err());
        assertEquals(read("scanf.expected"), o.out());
    }

    @Test
    void setlocaleKnowsOnlyTheCLocale() throws IOException {
        Outcome o = run("locale.cu", new MemoryFileSystem());
        assertEquals(read("locale.expected"), o.out());
    }

    @Test
    void timeFormattingAndClocks() throws IOException {
        Outcome o = run("time.cu", new MemoryFileSystem());
        assertEquals(0, o.status(), o.err());
        assertEquals(read("time.expected"), o.out());
    }

    @Test
    void atexitHandlersRunLastFirstAndOpenStreamsReachTheirFiles() throws IOException {
        MemoryFileSystem fs = new MemoryFileSystem();
        Outcome o = run("atexit.cu", fs);
        assertEquals(3, o.status(), o.err());
        assertEquals(read("atexit.expected"), o.out());
        assertEquals("run started\nclosed\n", fs.text("journal.txt"));
    }

    @Test
    void standardInputFeedsScanfGetcharAndFgets() throws IOException {
        Outcome o = run("stdin.cu", new MemoryFileSystem().stdin(read("stdin.txt")));
        assertEquals(0, o.status(), o.err());
        assertEquals(read("stdin.expected"), o.out());
    }

    @Test
    void aMissingFileIsNullWithEnoentAndPerrorSaysSo() throws IOException {
        Outcome o = run("files.cu", new MemoryFileSystem());
        assertEquals(1, o.status());
        assertEquals("data.txt: No such file or directory\n", o.err());
    }
}
