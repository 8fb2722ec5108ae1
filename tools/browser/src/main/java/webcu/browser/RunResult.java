package webcu.browser;

import java.util.List;

/**
 * What the page's output panel showed after a run: its spans in order, and the exit status
 * ({@link #TIMED_OUT} when the run was stopped after the time limit).
 */
public record RunResult(int exitCode, List<Chunk> chunks, boolean timedOut) {
    /** Exit status of a run stopped for taking too long, as coreutils' timeout reports it. */
    public static final int TIMED_OUT = 124;

    public RunResult {
        chunks = List.copyOf(chunks);
    }

    /** One span of the output panel. */
    public record Chunk(boolean stderr, String text) {
    }

    /** Everything shown as stdout, in order. */
    public String stdout() {
        return join(false);
    }

    /** Everything shown as stderr (diagnostics, runtime reports), in order. */
    public String stderr() {
        return join(true);
    }

    private String join(boolean err) {
        StringBuilder sb = new StringBuilder();
        for (Chunk c : chunks) {
            if (c.stderr() == err) {
                sb.append(c.text());
            }
        }
        return sb.toString();
    }
}
