package webcu.app;

import webcu.vm.RunState;

/**
 * Drives a running program in slices: after each slice it gives the event loop a turn (so device
 * completions and output messages get through), waits for the device where the program waits, and
 * reports the exit status once. Kept free of JavaScript so that it runs in JVM tests.
 */
final class RunLoop {
    /** One slice of the program; {@code ProgramRun::resume} in the app. */
    interface Program {
        RunState resume(long instructionBudget);
    }

    /** Runs a task later, after the event loop had a turn. */
    interface Scheduler {
        void later(Runnable task);
    }

    /** Told the exit status once, after the console was flushed. */
    interface Exit {
        void exited(int status);
    }

    /** Status of a run that webcu itself broke (an internal error), as sysexits' EX_SOFTWARE. */
    static final int INTERNAL_ERROR_STATUS = 70;

    private final Program program;
    private final long sliceBudget;
    private final BufferedConsole console;
    private final Scheduler scheduler;
    private final Exit exit;
    private boolean finished;

    RunLoop(Program program, long sliceBudget, BufferedConsole console, Scheduler scheduler, Exit exit) {
        this.program = program;
        this.sliceBudget = sliceBudget;
        this.console = console;
        this.scheduler = scheduler;
        this.exit = exit;
    }

    /** Runs one slice and arranges the next; call once to start. */
    void step() {
        if (finished) {
            return;
        }
        RunState state;
        try {
            state = program.resume(sliceBudget);
        } catch (RuntimeException | Error e) {
            // A bug in webcu, not in the user's program: say so plainly, never with a stack trace.
            console.err(internalErrorMessage("run", e));
            finish(INTERNAL_ERROR_STATUS);
            return;
        }
        switch (state) {
            case RunState.Running r -> {
                console.flush();
                scheduler.later(this::step);
            }
            case RunState.Waiting w -> {
                console.flush();
                // Through the scheduler even when already done, so a long chain of finished
                // completions cannot deepen the stack.
                w.completion().whenDone(() -> scheduler.later(this::step));
            }
            case RunState.Exited e -> finish(e.status());
        }
    }

    private void finish(int status) {
        finished = true;
        console.flush();
        exit.exited(status);
    }

    /** The text shown for an internal error in {@code phase}. */
    static String internalErrorMessage(String phase, Throwable e) {
        StringBuilder sb = new StringBuilder("webcu: internal compiler error during ").append(phase).append(": ");
        String message = e.getMessage();
        sb.append(e.getClass().getSimpleName());
        if (message != null && !message.isEmpty()) {
            sb.append(": ").append(message);
        }
        return sb.append("\nwebcu: please report this, with the program that caused it\n").toString();
    }
}
