package webcu.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The end of an operation that may finish later: a device-to-host copy on WebGPU completes when
 * its buffer is mapped. The host VM suspends on an unfinished completion and resumes from
 * {@link #whenDone}. Not thread-safe: the browser has one thread, the JVM backends finish at once.
 */
public final class Completion {
    private boolean done;
    private String error;
    private final List<Runnable> waiters = new ArrayList<>();

    public static Completion finished() {
        Completion c = new Completion();
        c.done = true;
        return c;
    }

    public boolean isDone() {
        return done;
    }

    /** A device-level failure (lost device, map failure), or null. */
    public String error() {
        return error;
    }

    public void complete() {
        finish(null);
    }

    public void fail(String message) {
        finish(message);
    }

    private void finish(String message) {
        if (done) {
            return;
        }
        done = true;
        error = message;
        List<Runnable> ws = new ArrayList<>(waiters);
        waiters.clear();
        for (Runnable r : ws) {
            r.run();
        }
    }

    public void whenDone(Runnable r) {
        if (done) {
            r.run();
        } else {
            waiters.add(r);
        }
    }
}
