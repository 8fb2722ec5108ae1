package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.vm.RunState;
import webcu.runtime.Completion;

/** The run loop against a scripted program and a hand-cranked event loop. */
class RunLoopTest {
    private final List<String> events = new ArrayList<>();
    private final Deque<Runnable> eventLoop = new ArrayDeque<>();
    private final BufferedConsole console = new BufferedConsole((s, t) -> events.add((s == 1 ? "out:" : "err:") + t));
    private final List<Long> budgets = new ArrayList<>();

    private RunLoop loop(Deque<RunState> script) {
        return new RunLoop(budget -> {
            budgets.add(budget);
            RunState s = script.pop();
            console.out("slice" + budgets.size() + ";");
            return s;
        }, 1000, console, eventLoop::add, status -> events.add("exit " + status));
    }

    private void drain() {
        while (!eventLoop.isEmpty()) {
            eventLoop.pop().run();
        }
    }

    @Test
    void yieldsBetweenSlicesAndReportsTheExit() {
        Deque<RunState> script = new ArrayDeque<>(List.of(new RunState.Running(), new RunState.Running(), new RunState.Exited(3)));
        loop(script).step();
        assertEquals(List.of("out:slice1;"), events);
        assertEquals(1, eventLoop.size());
        drain();
        assertEquals(List.of("out:slice1;", "out:slice2;", "out:slice3;", "exit 3"), events);
        assertEquals(List.of(1000L, 1000L, 1000L), budgets);
    }

    @Test
    void waitsForTheDevice() {
        Completion copy = new Completion();
        Deque<RunState> script = new ArrayDeque<>(List.of(new RunState.Waiting(copy), new RunState.Exited(0)));
        loop(script).step();
        drain();
        assertEquals(List.of("out:slice1;"), events);
        copy.complete();
        assertEquals(1, eventLoop.size(), "resumes through the event loop, not from inside complete()");
        drain();
        assertEquals(List.of("out:slice1;", "out:slice2;", "exit 0"), events);
    }

    @Test
    void anInternalErrorIsReportedWithoutAStackTrace() {
        RunLoop loop = new RunLoop(budget -> {
            throw new IllegalStateException("register 7 is unset");
        }, 1000, console, eventLoop::add, status -> events.add("exit " + status));
        loop.step();
        assertEquals(2, events.size());
        assertEquals("err:webcu: internal compiler error during run: IllegalStateException: register 7 is unset\n"
                + "webcu: please report this, with the program that caused it\n", events.get(0));
        assertEquals("exit " + RunLoop.INTERNAL_ERROR_STATUS, events.get(1));
        loop.step();
        assertEquals(2, events.size(), "a finished loop stays finished");
        assertTrue(eventLoop.isEmpty());
    }
}
