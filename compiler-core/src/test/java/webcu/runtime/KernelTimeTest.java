package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one JSON shape of a launch's GPU time, which the CLI's lines and the page's array share. */
class KernelTimeTest {
    @Test
    void wholeNanosecondsAndName() {
        assertEquals("{\"kernel\": \"saxpy\", \"ns\": 1235}", new TimedDevice.KernelTime("saxpy", 1234.6).json());
    }

    @Test
    void unreadTimestampsAreNull() {
        assertEquals("{\"kernel\": \"k\", \"ns\": null}", new TimedDevice.KernelTime("k", Double.NaN).json());
    }

    @Test
    void quotesAndBackslashesInTheNameAreEscaped() {
        // A demangled template name may hold neither today, but the JSON must stay JSON if it does.
        assertEquals("{\"kernel\": \"a\\\"b\\\\c\", \"ns\": 1}", new TimedDevice.KernelTime("a\"b\\c", 1).json());
    }
}
