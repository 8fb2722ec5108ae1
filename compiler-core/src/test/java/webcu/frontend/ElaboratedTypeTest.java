package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;

/** {@code struct P} written in a declaration names the P in scope, as in C and C++. */
class ElaboratedTypeTest {
    private static CompileResult compile(String source) {
        SourceSet set = new SourceSet();
        set.file("t.cu", source, true);
        return Compiler.compile(set);
    }

    /** Inside a function, {@code struct P *p} is the file's P, not a new incomplete one. */
    @Test
    void StructPointerInFunction_NamesFileScopeStruct() {
        CompileResult r = compile("""
                struct P { int c; };
                int main() {
                    P v;
                    v.c = 3;
                    struct P *p = &v;
                    return p->c;
                }
                """);
        assertTrue(r.ok(), r.render(false));
    }

    /** A struct named nowhere before is declared by its first mention; it has no members. */
    @Test
    void UndeclaredStruct_DeclaredIncomplete() {
        CompileResult r = compile("""
                int main() {
                    struct Q *q = 0;
                    return q->c;
                }
                """);
        assertFalse(r.ok());
        assertTrue(r.render(false).contains("t.cu:3:15: error: "), r.render(false));
    }
}
