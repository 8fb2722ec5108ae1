package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Alias templates, deduction of a parameter pack from a class template's arguments, and the
 * instantiation depth limit; expected outputs from g++ 12. std::index_sequence and tuple_cat are
 * tested by stdlib/integer_sequences.cu.
 */
class AliasTemplatesTest {
    /** template <class T> using Vec = std::vector<T>, partial aliases, seq<I...> and types<T...> deduced from an instance. */
    @Test
    void aliasTemplatesAndPackDeduction() {
        assertEquals("""
            2 3 1.5
            7 seven
            1 2 3 | 3
            | 0
            3
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <vector>
            #include <cstddef>
            template <class T> using Vec = std::vector<T>;
            template <class K, class V> struct Pair { K k; V v; };
            template <class V> using IntKey = Pair<int, V>;
            template <unsigned long... I> struct seq { static constexpr unsigned long size() { return sizeof...(I); } };
            template <unsigned long... I> void show(seq<I...>) { ((printf("%lu ", I)), ...); printf("| %zu\\n", sizeof...(I)); }
            template <class... T> struct types {};
            template <class... T> void count(types<T...>) { printf("%zu\\n", sizeof...(T)); }
            int main() {
                Vec<int> v = {1, 2};
                Vec<Vec<double>> m(2, Vec<double>(3, 1.5));
                printf("%zu %zu %g\\n", v.size(), m[1].size(), m[1][2]);
                IntKey<const char *> p{7, "seven"};
                printf("%d %s\\n", p.k, p.v);
                show(seq<1, 2, 3>{});
                show(seq<>{});
                count(types<int, double, char>{});
            }
            """));
    }

    /** A recursive template with no base case stops at clang's depth with clang's message, not a crash. */
    @Test
    void runawayRecursionIsAnError() {
        String err = RunProgram.errors("""
            template <unsigned long N> struct Fact { static const unsigned long value = N * Fact<N - 1>::value; };
            int main() { return (int)Fact<5>::value; }
            """);
        assertTrue(err.contains("error: recursive template instantiation exceeded maximum depth of 1024"), err);
    }
}
