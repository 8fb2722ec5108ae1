package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The page's file system: paths resolved against the working folder, errno values as Linux gives them. */
class MemoryFileSystemTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void projectFilesAreReadableByRelativeDottedAndAbsolutePaths() {
        MemoryFileSystem fs = new MemoryFileSystem(Map.of("data/in.txt", "x y\n"));
        assertArrayEquals(b("x y\n"), fs.read("data/in.txt"));
        assertArrayEquals(b("x y\n"), fs.read("./data/../data/in.txt"));
        assertArrayEquals(b("x y\n"), fs.read(MemoryFileSystem.CWD + "/data/in.txt"));
        assertEquals(FileSystem.Kind.DIRECTORY, fs.kind("data"));
        assertEquals(FileSystem.Kind.FILE, fs.kind("data/in.txt"));
        assertNull(fs.read("data"));
        assertEquals(Errno.EISDIR, fs.readError("data"));
        assertEquals(Errno.ENOENT, fs.readError("missing.txt"));
    }

    @Test
    void writtenFilesAreListedInOrderAndFoldersMustExist() {
        MemoryFileSystem fs = new MemoryFileSystem();
        assertEquals(0, fs.write("b.txt", b("1")));
        assertEquals(Errno.ENOENT, fs.write("out/a.txt", b("2")));
        assertEquals(0, fs.mkdir("out"));
        assertEquals(Errno.EEXIST, fs.mkdir("out"));
        assertEquals(0, fs.write("out/a.txt", b("2")));
        assertEquals(0, fs.write("b.txt", b("3")));
        assertEquals(List.of("b.txt", "out/a.txt"), fs.written());
        assertEquals("3", fs.text("b.txt"));
        assertEquals(Errno.ENOTEMPTY, fs.remove("out"));
        assertEquals(0, fs.rename("out/a.txt", "c.txt"));
        assertEquals(0, fs.remove("out"));
        assertEquals(List.of("b.txt", "c.txt"), fs.written());
        assertEquals(Errno.ENOENT, fs.remove("out"));
    }
}
