package webcu.conformance;

/** What one command printed and how it ended; {@code timedOut} runs end with status 124. */
public record Outcome(int exitCode, String stdout, String stderr, boolean timedOut, long millis) {
    public static final int TIMED_OUT = 124;
}
