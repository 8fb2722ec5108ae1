package webcu.app;

import webcu.runtime.Console;

/**
 * A console that gathers a program's output and hands it on in few, large pieces, keeping the
 * order of stdout and stderr; each piece the page receives costs one postMessage and one DOM update.
 */
final class BufferedConsole implements Console {
    /** Where flushed output goes: stream 1 is stdout, 2 is stderr (the Unix numbers). */
    interface Sink {
        void write(int stream, String text);
    }

    static final int STDOUT = 1;
    static final int STDERR = 2;

    /** Flush early past this many buffered chars so that a chatty program does not grow the buffer without end. */
    private static final int FLUSH_AT = 1 << 16;

    private final Sink sink;
    private final StringBuilder pending = new StringBuilder();
    private int pendingStream;

    BufferedConsole(Sink sink) {
        this.sink = sink;
    }

    @Override
    public void out(String text) {
        append(STDOUT, text);
    }

    @Override
    public void err(String text) {
        append(STDERR, text);
    }

    private void append(int stream, String text) {
        if (text.isEmpty()) {
            return;
        }
        if (stream != pendingStream) {
            flush();
            pendingStream = stream;
        }
        pending.append(text);
        if (pending.length() >= FLUSH_AT) {
            flush();
        }
    }

    /** Hands on everything gathered so far. */
    void flush() {
        if (pending.length() > 0) {
            sink.write(pendingStream, pending.toString());
            pending.setLength(0);
        }
    }
}
