package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A call no overload matches lists every candidate and why it is not viable, as clang does. */
class OverloadNotesTest {
    /** Functions and a function template of one name, each with its reason, in declaration order. */
    @Test
    void everyCandidateGetsANote() {
        assertEquals("""
            main.cu:9:10: error: no matching function for call to 'print'
                print(v);
                     ^
            main.cu:3:6: note: candidate function not viable: no known conversion from 'Vec' to 'int' for 1st argument
            void print(int v) { printf("%d\\n", v); }
                 ^~~~~
            main.cu:4:6: note: candidate function not viable: requires 2 arguments, but 1 was provided
            void print(double v, int precision) { printf("%.*f\\n", precision, v); }
                 ^~~~~
            main.cu:5:6: note: candidate function not viable: no known conversion from 'Vec' to 'const char *' for 1st argument
            void print(const char *s) { printf("%s\\n", s); }
                 ^~~~~
            main.cu:6:25: note: candidate function template not viable: requires 2 arguments, but 1 was provided
            template <class T> void print(T *p, int n) {}
                                    ^~~~~
            1 error generated.
            """, RunProgram.errors("""
            #include <cstdio>
            struct Vec { float x, y; };
            void print(int v) { printf("%d\\n", v); }
            void print(double v, int precision) { printf("%.*f\\n", precision, v); }
            void print(const char *s) { printf("%s\\n", s); }
            template <class T> void print(T *p, int n) {}
            int main() {
                Vec v{1, 2};
                print(v);
                return 0;
            }
            """));
    }

    /** clang's default -fshow-overloads=best: 32 notes for the first such error, 4 for later ones, then a count. */
    @Test
    void manyCandidatesAreCapped() {
        StringBuilder src = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            src.append("struct Tag").append(i).append(" {};\n");
        }
        for (int i = 0; i < 40; i++) {
            src.append("void handle(Tag").append(i).append(") {}\n");
        }
        src.append("int main() {\n    handle(1);\n    handle(2.5);\n    return 0;\n}\n");
        String err = RunProgram.errors(src.toString());
        String[] errors = err.split("error: no matching function");
        assertEquals(3, errors.length, err);
        assertEquals(32, errors[1].split("note: candidate function not viable").length - 1, err);
        assertTrue(errors[1].contains("\nnote: remaining 8 candidates omitted; pass -fshow-overloads=all to show them\n"), err);
        assertEquals(4, errors[2].split("note: candidate function not viable").length - 1, err);
        assertTrue(errors[2].contains("\nnote: remaining 36 candidates omitted; pass -fshow-overloads=all to show them\n"), err);
    }
}
