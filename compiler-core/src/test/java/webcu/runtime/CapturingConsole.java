package webcu.runtime;

/** A console that keeps what a program writes to stdout and stderr, for tests to read. */
public final class CapturingConsole implements Console {
    public final StringBuilder out = new StringBuilder();
    public final StringBuilder err = new StringBuilder();

    @Override
    public void out(String text) {
        out.append(text);
    }

    @Override
    public void err(String text) {
        err.append(text);
    }
}
