package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, working folder and standard input a case gets, seen by a stand-in launcher. */
class ProcessExecutorTest {
    @TempDir
    Path root;

    private Path launcher() throws IOException {
        Path webcu = root.resolve("webcu");
        Files.writeString(webcu, """
                #!/bin/sh
                echo "cwd=$(pwd)"
                for a in "$@"; do echo "arg=$a"; done
                echo "stdin=$(cat)"
                echo "to stderr" >&2
                exit 3
                """, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(webcu, PosixFilePermissions.fromString("rwxr-xr-x"));
        return webcu;
    }

    @Test
    void passesFlagsSourcesAndArgumentsAndRunsInTheProgramsFolder() throws IOException {
        launcher();
        Path dir = Files.createDirectories(root.resolve("suite/programs/app"));
        Files.writeString(dir.resolve("in.txt"), "3 1 2\n");
        Invocation inv = new Invocation(List.of(dir.resolve("a.cu"), dir.resolve("b.c")), List.of("-DN=4"),
                List.of("-n", "two words"), dir, dir.resolve("in.txt"));
        Outcome o = new ProcessExecutor(root, List.of("run", "--backend", "cpu")).execute(inv, Duration.ofSeconds(20));
        assertEquals(3, o.exitCode());
        assertEquals("cwd=" + dir.toRealPath() + "\narg=run\narg=--backend\narg=cpu\narg=-DN=4\narg=" + dir.resolve("a.cu")
                + "\narg=" + dir.resolve("b.c") + "\narg=--\narg=-n\narg=two words\nstdin=3 1 2\n", o.stdout());
        assertEquals("to stderr\n", o.stderr());
    }

    @Test
    void aSingleFileGetsNoArgumentsAndAnEmptyInput() throws IOException {
        launcher();
        Path dir = Files.createDirectories(root.resolve("suite/cases/x"));
        Outcome o = new ProcessExecutor(root, List.of("check")).execute(dir.resolve("one.cu"), Duration.ofSeconds(20));
        assertEquals("cwd=" + dir.toRealPath() + "\narg=check\narg=" + dir.resolve("one.cu") + "\nstdin=\n", o.stdout());
    }

    @Test
    void argumentsNeedTheRunCommand() throws IOException {
        launcher();
        Invocation inv = new Invocation(List.of(root.resolve("a.cu")), List.of(), List.of("-x"), root, null);
        assertThrows(IllegalArgumentException.class,
                () -> new ProcessExecutor(root, List.of("check")).execute(inv, Duration.ofSeconds(20)));
    }
}
