package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BufferedConsoleTest {
    private final List<String> written = new ArrayList<>();
    private final BufferedConsole console = new BufferedConsole((stream, text) -> written.add(stream + ":" + text));

    @Test
    void mergesRunsOfOneStreamAndKeepsOrder() {
        console.out("a");
        console.out("b");
        console.err("E");
        console.out("c");
        assertEquals(List.of("1:ab", "2:E"), written);
        console.flush();
        assertEquals(List.of("1:ab", "2:E", "1:c"), written);
    }

    @Test
    void flushWithNothingPendingWritesNothing() {
        console.flush();
        console.out("");
        console.flush();
        assertEquals(List.of(), written);
    }

    @Test
    void flushesEarlyWhenTheBufferGrowsLarge() {
        String chunk = "x".repeat(40_000);
        console.out(chunk);
        assertEquals(0, written.size());
        console.out(chunk);
        assertEquals(1, written.size());
        assertEquals(80_002, written.get(0).length());
    }
}
