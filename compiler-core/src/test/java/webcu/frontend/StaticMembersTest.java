package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Static data members defined outside their class, used inside and outside it; expected output from g++ 12. */
class StaticMembersTest {
    /**
     * int Counter::alive = 0; is the variable the class's member functions use (it was a second
     * one); obj.member reaches a static data member; const, std::string and double members.
     */
    @Test
    void outOfClassDefinitions() {
        assertEquals("""
            2 16 default 1.5 3 2
            custom 3 2
            """, RunProgram.stdout("""
            #include <cstdio>
            #include <string>
            struct Config {
                static int instances;
                static const int capacity;
                static std::string name;
                static double scale;
                int buf[4];
                Config() { ++instances; }
                static void rename(const char *n) { name = n; }
            };
            int Config::instances = 0;
            const int Config::capacity = 16;
            std::string Config::name = "default";
            double Config::scale = 1.5;
            struct Counter {
                static int alive;
                int id;
                Counter() : id(alive++) {}
            };
            int Counter::alive = 0;
            int main() {
                Config a, b;
                Counter c0, c1, c2;
                printf("%d %d %s %g %d %d\\n", Config::instances, Config::capacity, Config::name.c_str(), Config::scale, Counter::alive, c2.id);
                Config::rename("custom");
                Config::scale *= 2;
                printf("%s %g %d\\n", Config::name.c_str(), b.scale, a.instances);
                return 0;
            }
            """));
    }
}
