package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: no main source file of the compiler's modules over 1,000 lines, except the parser and
 * Sema, each of which says why in its header. A longer file is split into classes named after
 * what they hold (CLibrary, Getopt and CTime; Lower and LowerExpr …).
 */
class SourceFileSizeTest {
    static final int MAX_LINES = 1000;

    private static final List<String> MODULES = List.of("compiler-core", "vm-jit", "vulkan", "webgpu-jso", "app");

    /** Allowed for good: one stage each (see their headers). Paths from the repository root. */
    private static final Set<String> ALLOWED = Set.of(
            "compiler-core/src/main/java/webcu/frontend/Parser.java",
            "compiler-core/src/main/java/webcu/frontend/Sema.java");

    /** Lines of every main source file, by path from the repository root. */
    private static Map<String, Integer> lineCounts() throws IOException {
        Path root = Repo.root();
        Map<String, Integer> lines = new TreeMap<>();
        for (String module : MODULES) {
            Path src = root.resolve(module).resolve("src/main/java");
            List<Path> files;
            try (Stream<Path> s = Files.walk(src)) {
                files = s.filter(p -> p.toString().endsWith(".java")).toList();
            }
            for (Path f : files) {
                String rel = root.relativize(f).toString().replace('\\', '/');
                lines.put(rel, Files.readAllLines(f, StandardCharsets.UTF_8).size());
            }
        }
        return lines;
    }

    /** The files over the limit that no list excuses, with their line counts. */
    static Map<String, Integer> tooLong(Map<String, Integer> lines) {
        Map<String, Integer> out = new TreeMap<>();
        lines.forEach((file, n) -> {
            if (n > MAX_LINES && !ALLOWED.contains(file)) {
                out.put(file, n);
            }
        });
        return out;
    }

    @Test
    void noMainSourceFileIsOverTheLimit() throws IOException {
        Map<String, Integer> lines = lineCounts();
        assertTrue(lines.size() > 100, "found the main sources: " + lines.size() + " files");
        Map<String, Integer> over = tooLong(lines);
        assertTrue(over.isEmpty(), "main source files over " + MAX_LINES + " lines (split each into classes named"
                + " after what they hold, see issue 14): " + over);
    }

    @Test
    void everyAllowedFileExists() throws IOException {
        Map<String, Integer> lines = lineCounts();
        for (String f : ALLOWED) {
            assertTrue(lines.containsKey(f), "ALLOWED names a file that is not there: " + f);
        }
    }

    @Test
    void aLongFileOutsideTheListsIsReported() {
        Map<String, Integer> lines = Map.of(
                "compiler-core/src/main/java/webcu/vm/Long.java", MAX_LINES + 1,
                "compiler-core/src/main/java/webcu/vm/Short.java", MAX_LINES,
                "compiler-core/src/main/java/webcu/frontend/Sema.java", 5 * MAX_LINES);
        assertEquals(Map.of("compiler-core/src/main/java/webcu/vm/Long.java", MAX_LINES + 1), tooLong(lines));
    }
}
