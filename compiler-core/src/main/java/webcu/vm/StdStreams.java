package webcu.vm;

import java.nio.charset.StandardCharsets;
import webcu.runtime.Console;
import webcu.runtime.ByteOut;

/**
 * The host program's stdout and stderr over a {@link Console}: stdout is line-buffered, as on a
 * terminal (whole lines go out at each newline, the rest at fflush, before device output and at
 * exit); stderr is unbuffered. Bytes are decoded as UTF-8 only when whole lines leave.
 */
public final class StdStreams {
    private final Console console;
    private final ByteOut out = new ByteOut();

    public StdStreams(Console console) {
        this.console = console;
    }

    public Console console() {
        return console;
    }

    /** Writes bytes to stdout (fd 1) or stderr (fd 2). */
    void write(int fd, byte[] b, int off, int len) {
        if (len <= 0) {
            return;
        }
        if (fd == 2) {
            flush();
            console.err(new String(b, off, len, StandardCharsets.UTF_8));
            return;
        }
        out.add(b, off, len);
        int last = -1;
        for (int i = out.size() - 1; i >= out.size() - len; i--) {
            if (out.get(i) == '\n') {
                last = i;
                break;
            }
        }
        if (last >= 0) {
            console.out(out.text(0, last + 1));
            out.drop(last + 1);
        }
    }

    void write(int fd, ByteOut b) {
        write(fd, b.array(), 0, b.size());
    }

    /** Sends a partial stdout line out (fflush(stdout), before device output, at exit). */
    public void flush() {
        if (out.size() > 0) {
            console.out(out.text(0, out.size()));
            out.clear();
        }
    }

    /** A message of the runtime or the VM itself, on stderr after any pending stdout. */
    public void report(String text) {
        flush();
        console.err(text);
    }
}
