package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Name lookup as C++ does it: a variable, parameter or function hides a type of the same name
 * from outer scopes; expected outputs from g++ 12.
 */
class NameLookupTest {
    /** NVIDIA-sample helpers name parameters 'string'; programs name locals 'vector', 'list', 'min', 'time'. */
    @Test
    void variablesNamedLikeLibraryTypes() {
        assertEquals("""
            2 3 4 1 2.5 7 1.5
            0
            named string 12
            inner 5
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <cstring>
            #include <string>
            #include <vector>
            #include <ctime>
            inline int count(const char *string, char c) {
                int n = 0;
                for (int i = 0; string[i]; i++) if (string[i] == c) n++;
                return n;
            }
            inline bool checkCmdLineFlag(const int argc, const char **argv, const char *string_ref) {
                for (int i = 1; i < argc; i++) {
                    const char *string_argv = argv[i];
                    if (strcmp(string_argv, string_ref) == 0) return true;
                }
                return false;
            }
            struct Item { int vector; double list; };
            static void inner() {
                using namespace std;
                string s = "inner";
                vector<int> v(2, 5);
                printf("%s %d\\n", s.c_str(), v[1]);
            }
            int main(int argc, char **argv) {
                int vector = 3, list = 4, min = 1;
                double time = 2.5;
                Item it = {7, 1.5};
                printf("%d %d %d %d %g %d %g\\n", count("hello world", 'o'), vector, list, min, time, it.vector, it.list);
                printf("%d\\n", checkCmdLineFlag(argc, (const char **)argv, "-x"));
                std::string string = "named string";
                printf("%s %zu\\n", string.c_str(), string.size());
                inner();
                return 0;
            }
            """));
    }

    /** POSIX's struct stat beside the function stat: the class is still named with 'struct'. */
    @Test
    void functionHidesClassOfSameName() {
        assertEquals("""
            42 97
            2.5 16
            """, RunProgram.stdout("""
            #include <cstdio>
            struct stat { long st_size; int st_mode; };
            int stat(const char *path, struct stat *buf) { buf->st_size = 42; buf->st_mode = path[0]; return 0; }
            struct timing { double t; };
            static double timing(struct timing *t) { return t->t * 2; }
            int main() {
                struct stat st;
                if (stat("abc", &st) == 0) printf("%ld %d\\n", st.st_size, st.st_mode);
                struct timing tm = {1.25};
                printf("%g %zu\\n", timing(&tm), sizeof(struct stat));
                return 0;
            }
            """));
    }

}
