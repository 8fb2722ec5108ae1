package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;

class PreprocessorTest {
    /** Preprocesses {@code main.cu} and returns the user's tokens (the implicit CUDA header left out) joined by spaces. */
    private static String pp(SourceSet s, Diagnostics d) {
        List<Token> toks = new Preprocessor(s, d).run("main.cu");
        StringBuilder sb = new StringBuilder();
        for (Token t : toks) {
            if (t.kind() != Token.Kind.EOF && !t.span().file().startsWith("<built-in>")) {
                sb.append(sb.length() == 0 ? "" : " ").append(t.text());
            }
        }
        return sb.toString();
    }

    private static String pp(String text) {
        Diagnostics d = new Diagnostics();
        String r = pp(SourceSet.single("main.cu", text), d);
        assertFalse(d.hasErrors(), () -> d.all().toString());
        return r;
    }

    @Test
    void objectAndFunctionMacros() {
        assertEquals("int x = ( 3 ) * ( 4 + 1 ) ;", pp("#define N 3\n#define MUL(a, b) (a) * (b)\nint x = MUL(N, 4 + 1);"));
    }

    @Test
    void stringizeAndPaste() {
        assertEquals("\"a + b\" xy ;", pp("#define S(x) #x\n#define CAT(a, b) a ## b\nS(a + b) CAT(x, y);"));
    }

    @Test
    void variadic() {
        assertEquals("f ( 1 , 2 , 3 ) ;", pp("#define CALL(fn, ...) fn(__VA_ARGS__)\nCALL(f, 1, 2, 3);"));
    }

    @Test
    void selfReferenceDoesNotLoop() {
        assertEquals("foo + 1 ;", pp("#define foo foo + 1\nfoo;"));
    }

    @Test
    void conditionals() {
        String src = """
            #define A 2
            #if A > 1 && defined(A)
            yes
            #elif 1
            no1
            #else
            no2
            #endif
            #ifdef B
            no3
            #endif
            #ifndef B
            yes2
            #endif
            """;
        assertEquals("yes yes2", pp(src));
    }

    @Test
    void nvccMacros() {
        assertEquals("1 13000", pp("__CUDACC__ CUDART_VERSION"));
    }

    @Test
    void includesFromVirtualFilesAndOnce() {
        SourceSet s = new SourceSet()
                .file("inc/util.h", "#pragma once\nint util;\n", false)
                .file("main.cu", "#include \"inc/util.h\"\n#include \"inc/util.h\"\nint main;", true);
        Diagnostics d = new Diagnostics();
        assertEquals("int util ; int main ;", pp(s, d));
        assertFalse(d.hasErrors());
    }

    @Test
    void missingIncludeIsAnError() {
        Diagnostics d = new Diagnostics();
        pp(SourceSet.single("main.cu", "#include \"nope.h\"\n"), d);
        assertTrue(d.hasErrors());
        assertEquals("'nope.h' file not found", d.all().get(0).message());
        assertEquals(1, d.all().get(0).span().line());
    }

    @Test
    void errorDirective() {
        Diagnostics d = new Diagnostics();
        pp(SourceSet.single("main.cu", "#if 1\n#error stop here\n#endif\n"), d);
        assertEquals("#error stop here", d.all().get(0).message());
        assertEquals(2, d.all().get(0).span().line());
    }

    @Test
    void pragmaUnrollSurvives() {
        assertEquals("unroll 4 for", pp("#pragma unroll 4\nfor"));
    }
}
