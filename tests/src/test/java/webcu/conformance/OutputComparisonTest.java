package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OutputComparisonTest {
    private static final CompareSpec EXACT = CompareSpec.parse("exact");
    private static final CompareSpec NUMERIC = CompareSpec.parse("numeric-tolerance");

    @Test
    void parse_ReadsParameters() {
        CompareSpec s = CompareSpec.parse("numeric-tolerance(rel=1e-12,abs=0)");
        assertEquals("numeric-tolerance", s.mode());
        assertEquals(Map.of("rel", 1e-12, "abs", 0.0), s.params());
        assertEquals("exact", CompareSpec.parse(" exact ").mode());
        assertThrows(IllegalArgumentException.class, () -> CompareSpec.parse("Exact!"));
    }

    @Test
    void exact_NamesTheFirstDifferentLine() {
        assertTrue(OutputComparison.compare(EXACT, "a\nb\n", "a\nb\n").passed());
        Verdict v = OutputComparison.compare(EXACT, "a\nb\n", "a\nc\n");
        assertFalse(v.passed());
        assertEquals("first difference at line 2:\n  expected: b\n  actual:   c", v.why());
        assertEquals("first difference at line 3:\n  expected: <missing>\n  actual:   x",
                OutputComparison.compare(EXACT, "a\nb\n", "a\nb\nx\n").why());
    }

    @Test
    void exact_FinalNewlineMatters() {
        Verdict v = OutputComparison.compare(EXACT, "a\n", "a");
        assertFalse(v.passed());
        assertEquals("difference in line endings or final newline", v.why());
    }

    @Test
    void numeric_AcceptsCloseFloats() {
        assertTrue(OutputComparison.compare(NUMERIC, "x=1.00000 y=2e-6\n", "x=1.00001 y=0\n").passed());
        assertTrue(OutputComparison.compare(NUMERIC, "v -0\n", "v 0\n").passed());
        assertTrue(OutputComparison.compare(NUMERIC, "nan inf -inf\n", "NaN Inf -infinity\n").passed());
    }

    @Test
    void numeric_IntegersMustBeEqual() {
        Verdict v = OutputComparison.compare(NUMERIC, "n=100000199990000\n", "n=100000199990001\n");
        assertFalse(v.passed());
        assertEquals("line 1 number 100000199990001 vs expected 100000199990000:\n"
                + "  expected: n=100000199990000\n  actual:   n=100000199990001", v.why());
    }

    @Test
    void numeric_TextAroundNumbersMustMatch() {
        assertEquals("line 1 text differs:\n  expected: a=1\n  actual:   b=1",
                OutputComparison.compare(NUMERIC, "a=1\n", "b=1\n").why());
        assertEquals("line count 1 != expected 2", OutputComparison.compare(NUMERIC, "1\n2\n", "1\n").why());
    }

    @Test
    void numeric_InfinityMatchesOnlyItself() {
        assertFalse(OutputComparison.numbersClose("inf", "-inf", 1e-4, 1e-5));
        assertFalse(OutputComparison.numbersClose("inf", "1e308", 1e-4, 1e-5));
        assertFalse(OutputComparison.numbersClose("nan", "1.0", 1e-4, 1e-5));
    }

    @Test
    void numeric_TightDoubleTolerance() {
        CompareSpec tight = CompareSpec.parse("numeric-tolerance(rel=1e-12,abs=0)");
        assertTrue(OutputComparison.compare(tight, "3.141592653589793\n", "3.141592653589793\n").passed());
        assertFalse(OutputComparison.compare(tight, "3.141592653589793\n", "3.1415927\n").passed());
    }

    @Test
    void unordered_ComparesMultisets() {
        CompareSpec u = CompareSpec.parse("unordered-lines");
        assertTrue(OutputComparison.compare(u, "a\nb\nb\n", "b\na\nb\n").passed());
        assertFalse(OutputComparison.compare(u, "a\nb\nb\n", "a\na\nb\n").passed());
    }

    @Test
    void tokens_SplitLikeTheReference() {
        OutputComparison.Tokens t = OutputComparison.Tokens.split("c[12345]=345.5 e=-1.5e+03 .5");
        assertEquals("c[\0]=\0 e=\0 \0", t.skeleton());
        assertEquals(java.util.List.of("12345", "345.5", "-1.5e+03", ".5"), t.numbers());
    }
}
