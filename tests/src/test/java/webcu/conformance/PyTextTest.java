package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PyTextTest {
    @Test
    void splitlines_DropsTheFinalEmptyLine() {
        assertEquals(List.of("a", "b"), PyText.splitlines("a\nb\n"));
        assertEquals(List.of("a", "b"), PyText.splitlines("a\nb"));
        assertEquals(List.of(), PyText.splitlines(""));
        assertEquals(List.of(""), PyText.splitlines("\n"));
    }

    @Test
    void splitlines_KnowsPythonsLineBreaks() {
        assertEquals(List.of("a", "b", "c", "d", "", "e"), PyText.splitlines("a\r\nb\rc\u000bd\f\u2028e"));
    }

    @Test
    void strip_RemovesPythonWhitespace() {
        assertEquals("x y", PyText.strip(" \t x y \u001f\n"));
        assertEquals("abc", PyText.strip("\"abc\"", "\""));
    }

    @Test
    void fileLines_KeepNewlinesAndUniversalNewlines() {
        assertEquals(List.of("a\n", "b\n", "c"), PyText.fileLines("a\r\nb\rc"));
    }
}
