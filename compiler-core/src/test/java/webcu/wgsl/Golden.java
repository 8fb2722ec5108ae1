package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Snapshot files under {@code src/test/resources/golden/wgsl}: a test compares its output with the
 * file; run with {@code -Dwebcu.golden.update=true} to rewrite the files, then review the diff.
 */
final class Golden {
    static final Path DIR = Path.of("src/test/resources/golden/wgsl");

    private Golden() {
    }

    static void check(String file, String actual) {
        Path f = DIR.resolve(file);
        try {
            if (Boolean.getBoolean("webcu.golden.update")) {
                Files.createDirectories(DIR);
                Files.writeString(f, actual);
                return;
            }
            assertTrue(Files.exists(f), "missing snapshot " + f.toAbsolutePath() + "; run with -Dwebcu.golden.update=true");
            assertEquals(Files.readString(f), actual, "snapshot " + file + " (update with -Dwebcu.golden.update=true)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
