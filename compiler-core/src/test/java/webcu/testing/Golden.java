package webcu.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Snapshot files: a test compares its output with a checked-in file. A missing file fails like a
 * different one, so a snapshot never passes by writing itself; run with
 * {@code -Dwebcu.golden.update=true} (the one update flag, tests/README.md) to write the files,
 * then review the diff like code.
 */
public final class Golden {
    /** The system property that rewrites every snapshot instead of comparing. */
    public static final String UPDATE_FLAG = "webcu.golden.update";

    private Golden() {
    }

    public static boolean updating() {
        return Boolean.getBoolean(UPDATE_FLAG);
    }

    public static void check(Path file, String actual) {
        try {
            if (updating()) {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            assertTrue(Files.exists(file), "missing snapshot " + file.toAbsolutePath() + "; write it with -D" + UPDATE_FLAG + "=true");
            assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual,
                    "snapshot " + file + " (update with -D" + UPDATE_FLAG + "=true)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
