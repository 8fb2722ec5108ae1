package webcu.conformance;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** Runs one program the way one of webcu's commands does ({@code run} on a backend, or {@code check}). */
public interface Executor extends AutoCloseable {
    Outcome execute(Invocation program, Duration timeout) throws IOException;

    /** A single source file with no flags, arguments or input. */
    default Outcome execute(Path source, Duration timeout) throws IOException {
        return execute(Invocation.of(source), timeout);
    }

    @Override
    default void close() {
    }
}
