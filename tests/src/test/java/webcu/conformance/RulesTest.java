package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RulesTest {
    private static final String COMPILE = """
            # Must be rejected at compile time.
            status: reject
            line: 6-7
            contains-any: ";" | semicolon
            contains: foo
            nvcc: main.cu(7): error: expected a ";"
            """;

    @Test
    void compileError_NeedsNonzeroExit() {
        Verdict v = CompileErrorRules.parse(COMPILE).check(0, "main.cu:7:1: error: expected ';' foo");
        assertEquals("compiler accepted the program (exit 0)", v.why());
    }

    @Test
    void compileError_AcceptsAnyLineOfTheRangeInAnyForm() {
        CompileErrorRules r = CompileErrorRules.parse(COMPILE);
        assertTrue(r.check(1, "main.cu:7:1: error: expected ';' after foo").passed());
        assertTrue(r.check(1, "main.cu(6): error: expected a \";\" foo").passed());
        assertTrue(r.check(1, "error on line 6: missing semicolon foo").passed());
        assertEquals("no diagnostic at line 6-7", r.check(1, "main.cu:8:1: error: expected ';' foo").why());
        assertFalse(r.check(1, "main.cu:76:1: error: expected ';' foo").passed());
    }

    @Test
    void compileError_ChecksPhrases() {
        CompileErrorRules r = CompileErrorRules.parse(COMPILE);
        assertEquals("message lacks any of: \";\" | semicolon", r.check(1, "main.cu:7:1: error: oops foo").why());
        assertEquals("message lacks 'foo'", r.check(1, "main.cu:7:1: error: SEMICOLON missing").why());
    }

    @Test
    void compileError_FirstValueWins() {
        CompileErrorRules r = CompileErrorRules.parse("line: 3\nline: 4\n");
        assertEquals("3", r.values().get("line"));
    }

    private static final String RUNTIME = """
            # comment
            [option api-error]
            exit: 0
            stdout-regex:
            launch: cudaSuccess
            sync: (cudaErrorIllegalAddress|cudaErrorLaunchFailure)

            [option diagnostic]
            exit: nonzero
            stderr-search: (?i)out[ -]of[ -]bounds
            """;

    @Test
    void runtimeError_ParsesOptions() {
        RuntimeErrorRules r = RuntimeErrorRules.parse(RUNTIME, "x.rules");
        assertEquals(2, r.options().size());
        assertEquals(List.of("launch: cudaSuccess", "sync: (cudaErrorIllegalAddress|cudaErrorLaunchFailure)"),
                r.options().get(0).stdout());
        assertEquals("nonzero", r.options().get(1).exit());
        assertEquals(null, r.options().get(1).stdout());
    }

    @Test
    void runtimeError_AnyOptionSuffices() {
        RuntimeErrorRules r = RuntimeErrorRules.parse(RUNTIME, "x.rules");
        assertEquals("option api-error", r.check(0, "launch: cudaSuccess\nsync: cudaErrorLaunchFailure\n", "").why());
        assertEquals("option diagnostic", r.check(1, "launch: cudaSuccess\n", "error: Out-of-bounds write").why());
    }

    @Test
    void runtimeError_ExplainsEveryOption() {
        RuntimeErrorRules r = RuntimeErrorRules.parse(RUNTIME, "x.rules");
        Verdict v = r.check(0, "launch: cudaSuccess\nsync: cudaSuccess\n", "");
        assertFalse(v.passed());
        assertEquals("[api-error] stdout line 'sync: cudaSuccess' does not match "
                + "'sync: (cudaErrorIllegalAddress|cudaErrorLaunchFailure)' | [diagnostic] exit code 0, nonzero required; "
                + "stderr lacks a diagnostic matching '(?i)out[ -]of[ -]bounds'", v.why());
    }

    @Test
    void runtimeError_UnknownKeyIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> RuntimeErrorRules.parse("[option a]\nexits: 1\n", "x.rules"));
    }
}
