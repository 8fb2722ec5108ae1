package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.frontend.Preprocessor;
import webcu.frontend.Token;
import webcu.ir.IrPrinter;
import webcu.frontend.SourceSet;

/**
 * The saved state after a program's leading built-in includes (Preprocessor.prefixKey,
 * Parser.afterHeaders): a compile that starts from it gives the same module as one that does
 * not, for the same program and for others that share or do not share its headers.
 */
class HeaderPrefixTest {
    private static final String SORTING = """
        #include <cstdio>
        #include <vector>
        #include <algorithm>

        __global__ void twice(int *a, int n) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) a[i] *= 2;
        }

        int main() {
            std::vector<int> v = {5, 3, 9, 1};
            std::sort(v.begin(), v.end());
            printf("%d %d\\n", v.front(), v.back());
            return 0;
        }
        """;

    /** The same includes, a different program: one that names a header's types differently. */
    private static final String SHADOWING = """
        #include <cstdio>
        #include <vector>
        #include <algorithm>
        int count(const char *string, int n) { int c = 0; for (int i = 0; i < n; i++) c += string[i] == 'a'; return c; }
        int main() { int vector = 3; printf("%d %d\\n", count("banana", 6), vector); return 0; }
        """;

    private static String ir(String name, String text) {
        CompileResult r = Compiler.compile(SourceSet.single(name, text));
        assertFalse(r.diagnostics().stream().anyMatch(d -> d.toString().contains("error")), () -> r.render(false));
        assertNotNull(r.module(), () -> r.render(false));
        return IrPrinter.print(r.module());
    }

    @Test
    void aCompileFromSavedHeadersMatchesAFreshOne() {
        String first = ir("sort.cu", SORTING);
        String shadowing = ir("shadow.cu", SHADOWING);
        assertEquals(first, ir("sort.cu", SORTING));
        assertEquals(shadowing, ir("shadow.cu", SHADOWING));
        // a macro defined first changes what the headers mean: that program starts from nothing saved
        String defined = ir("sort.cu", "#define NDEBUG 1\n" + SORTING);
        assertEquals(defined, ir("sort.cu", "#define NDEBUG 1\n" + SORTING));
    }

    /** The index of the first token that comes from {@code file}, or -1. */
    private static int firstFrom(List<Token> toks, String file) {
        for (int i = 0; i < toks.size(); i++) {
            if (toks.get(i).span().file().equals(file)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void thePrefixEndsAtTheFirstLineThatIsNotABuiltInInclude() {
        SourceSet set = new SourceSet()
                .file("main.cu", "#include <cstdio>\n#include \"local.h\"\n#include <vector>\nint main() { return X; }\n", true)
                .file("local.h", "#define X 0\nint from_local;\n", false);
        Preprocessor pp = new Preprocessor(set, new Diagnostics());
        List<Token> toks = pp.run("main.cu");
        assertNotNull(pp.prefixKey());
        // <vector> comes after a user header, which may define what it depends on: it is not in the prefix
        assertEquals(pp.prefixLength(), firstFrom(toks, "local.h"));
        assertTrue(firstFrom(toks, "<built-in>/cstdio") < pp.prefixLength());
        assertTrue(firstFrom(toks, "<built-in>/vector") > pp.prefixLength());

        Preprocessor plain = new Preprocessor(SourceSet.single("main.cpp", "int main() { return 0; }\n"), new Diagnostics());
        plain.run("main.cpp");
        assertNull(plain.prefixKey());
    }

    @Test
    void aHeaderFromAnIncludeFolderIsNotTakenForTheBuiltInOne() {
        SourceSet set = new SourceSet()
                .file("main.cu", "#include <cstdio>\n#include <vector>\nint main() { return 0; }\n", true)
                .file("inc/vector", "int from_inc;\n", false)
                .includeDir("inc");
        Preprocessor pp = new Preprocessor(set, new Diagnostics());
        List<Token> toks = pp.run("main.cu");
        assertEquals(pp.prefixLength(), firstFrom(toks, "inc/vector"));
        // and with -I folders nothing is saved: a header nested in cstdio could come from one
        assertNull(pp.prefixKey());
    }
}
