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

    /** Names of namespace std need std::, a using-directive or -declaration, or an argument of a std class; clang's messages. */
    @Test
    void stdNamesNeedQualification() {
        assertEquals("""
            main.cu:4:5: error: use of undeclared identifier 'cout'; did you mean 'std::cout'?
                cout << 1;
                ^~~~
            main.cu:5:5: error: unknown type name 'string'; did you mean 'std::string'?
                string s = "a";
                ^~~~~~
            main.cu:6:5: error: no template named 'vector'; did you mean 'std::vector'?
                vector<int> v;
                ^~~~~~
            main.cu:8:5: error: use of undeclared identifier 'sort'; did you mean 'std::sort'?
                sort(a, a + 3);
                ^~~~
            main.cu:10:5: error: use of undeclared identifier 'swap'; did you mean 'std::swap'?
                swap(x, y);
                ^~~~
            main.cu:11:23: error: use of undeclared identifier 'endl'; did you mean 'std::endl'?
                std::cout << x << endl;
                                  ^~~~
            main.cu:12:14: error: use of undeclared identifier 'chrono'; did you mean 'std::chrono'?
                auto t = chrono::steady_clock::now();
                         ^~~~~~
            main.cu:13:14: error: use of undeclared identifier 'make_unique'; did you mean 'std::make_unique'?
                auto p = make_unique<int>(3);
                         ^~~~~~~~~~~
            main.cu:14:12: error: no template named 'numeric_limits'; did you mean 'std::numeric_limits'?
                return numeric_limits<int>::max() + *p;
                       ^~~~~~~~~~~~~~
            9 errors generated.
            """, RunProgram.errors("""
            #include <iostream>
            #include <bits/stdc++.h>
            int main() {
                cout << 1;
                string s = "a";
                vector<int> v;
                int a[3] = {3, 1, 2};
                sort(a, a + 3);
                int x = 1, y = 2;
                swap(x, y);
                std::cout << x << endl;
                auto t = chrono::steady_clock::now();
                auto p = make_unique<int>(3);
                return numeric_limits<int>::max() + *p;
            }
            """));
    }

    /**
     * What C++ does find unqualified: through using (at file scope, in one function only, one name,
     * a nested namespace), by argument-dependent lookup, C's and CUDA's global names, the
     * program's own code in namespace std, a std base class's name in a derived class.
     */
    @Test
    void stdNamesFoundAsCxxFindsThem() {
        assertEquals("""
            1 2 3 | 6 3 | b a | 5 2 | 1.41421 2 3
            k 7 8
            local 4
            ms 0
            bad input
            """, RunProgram.stdout("""
            #include <algorithm>
            #include <chrono>
            #include <cmath>
            #include <cstdio>
            #include <iostream>
            #include <numeric>
            #include <stdexcept>
            #include <string>
            #include <unordered_set>
            #include <vector>
            using std::cout;
            struct Key { int id; bool operator==(const Key &o) const { return id == o.id; } };
            namespace std {
            template <> struct hash<Key> { size_t operator()(const Key &k) const { return hash<int>()(k.id); } };
            }
            class ParseError : public std::runtime_error {
            public:
                explicit ParseError(const std::string &what) : runtime_error(what) {}
            };
            static void local() {
                using namespace std;
                vector<int> v(4);
                cout << "local " << v.size() << endl;
            }
            static long elapsed() {
                using namespace std::chrono;
                auto t0 = steady_clock::now();
                return duration_cast<milliseconds>(t0 - t0).count();
            }
            int main() {
                std::vector<int> v{3, 1, 2};
                sort(v.begin(), v.end());
                int total = accumulate(v.begin(), v.end(), 0);
                std::string a = "a", b = "b";
                swap(a, b);
                size_t n = distance(v.begin(), v.end());
                cout << v[0] << " " << v[1] << " " << v[2] << " | " << total << " " << n << " | " << a << " " << b;
                cout << " | " << max(2, 5) << " " << min(2.0f, 3.0f) << " | " << sqrt(2.0) << " " << fabs(-2.0) << " " << abs(-3) << "\\n";
                std::unordered_set<Key> keys{{7}, {8}};
                printf("k %d %d\\n", (int)keys.count(Key{7}) * 7, (int)keys.count(Key{8}) * 8);
                local();
                cout << "ms " << elapsed() << "\\n";
                try {
                    throw ParseError("bad input");
                } catch (const std::exception &e) {
                    cout << e.what() << "\\n";
                }
                return 0;
            }
            """));
    }
}
