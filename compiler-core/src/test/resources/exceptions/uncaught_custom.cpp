// Custom exception classes: a plain struct (no what()) and one derived from std::exception.
#include <cstdio>
#include <exception>
struct ConfigError {
    int line;
};
struct Fatal : std::exception {
};
int main(int argc, char **argv) {
    try {
        ConfigError e;
        e.line = 12;
        throw e;
    } catch (ConfigError &e) {
        printf("config error at line %d\n", e.line);
    }
    fflush(stdout);
    if (argc < 5) throw Fatal();
    return 0;
}
