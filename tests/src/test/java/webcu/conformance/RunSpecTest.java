package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sidecar NAME.run: its keys, shell-style words as Python's shlex.split gives them, and the skip filter. */
class RunSpecTest {
    @Test
    void readsEveryKey() throws IOException {
        RunSpec s = RunSpec.parse("""
                # comment
                args: -wA=64 --bins=64 extra

                flags: -DNI=96 -DNAME="a b"
                stdin: numbers.txt
                skip: ^Time: .*
                skip: ^Performance= .*
                """, "x.run");
        assertEquals(List.of("-wA=64", "--bins=64", "extra"), s.args());
        assertEquals(List.of("-DNI=96", "-DNAME=a b"), s.flags());
        assertEquals("numbers.txt", s.stdin());
        assertEquals(2, s.skip().size());
    }

    @Test
    void emptyWhenAbsentKeys() throws IOException {
        RunSpec s = RunSpec.parse("# nothing\n", "x.run");
        assertEquals(List.of(), s.args());
        assertEquals(List.of(), s.flags());
        assertNull(s.stdin());
        assertEquals("a\nb", s.filter("a\nb"));
    }

    @Test
    void splitsLikeShlex() throws IOException {
        // reference: python3 -c 'import shlex; print(shlex.split(...))'
        assertEquals(List.of("a", "b c", "d'e", "f\"g", "h\\i", "jk"),
                RunSpec.shellSplit("a 'b c' \"d'e\" \"f\\\"g\" 'h\\i' j\\k", "x", 1));
        assertEquals(List.of(), RunSpec.shellSplit("   ", "x", 1));
        assertEquals(List.of("x=1", "y"), RunSpec.shellSplit("\tx=1  y ", "x", 1));
        IOException e = assertThrows(IOException.class, () -> RunSpec.shellSplit("a 'b", "x.run", 4));
        assertEquals("x.run:4: unterminated quote", e.getMessage());
    }

    @Test
    void rejectsWhatItCannotHonour() {
        assertEquals("x.run:1: unknown key 'argv'",
                assertThrows(IOException.class, () -> RunSpec.parse("argv: 1\n", "x.run")).getMessage());
        assertEquals("x.run:2: 'args' given twice",
                assertThrows(IOException.class, () -> RunSpec.parse("args: 1\nargs: 2\n", "x.run")).getMessage());
        assertEquals("x.run: only -D and -I flags are allowed, not '-O3'",
                assertThrows(IOException.class, () -> RunSpec.parse("flags: -O3\n", "x.run")).getMessage());
        assertEquals("x.run:1: expected 'key: value'",
                assertThrows(IOException.class, () -> RunSpec.parse("args\n", "x.run")).getMessage());
        assertThrows(IOException.class, () -> RunSpec.parse("skip: (\n", "x.run"));
    }

    @Test
    void filterDropsWholeMatchingLinesAndKeepsLineEnds() throws IOException {
        RunSpec s = RunSpec.parse("skip: ^Time: .*\nskip: elapsed [0-9]+ ms\n", "x.run");
        assertEquals("a\nb\n", s.filter("a\nTime: 0.3 ms\nb\nelapsed 12 ms\n"));
        assertEquals("a\r\nb", s.filter("a\r\nTime: 1\nb"));
        // only whole lines: a line containing the pattern somewhere else stays
        assertEquals("total elapsed 12 ms\nTime:\n", s.filter("total elapsed 12 ms\nTime:\n"));
        assertEquals("", s.filter("Time: 9"));
    }
}
