package webcu.conformance;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** Runs one program the way one of webcu's commands does ({@code run} on a backend, or {@code check}). */
public interface Executor extends AutoCloseable {
    Outcome execute(Path source, Duration timeout) throws IOException;

    @Override
    default void close() {
    }
}
