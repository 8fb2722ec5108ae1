// An uncaught int: libstdc++'s terminate message names the type, no what(); no destructor runs.
#include <cstdio>
struct Logger {
    ~Logger() { printf("logger destroyed\n"); }
};
int parse(const char *s) {
    int v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') throw (int) (*s);
        v = v * 10 + (*s - '0');
    }
    return v;
}
int main() {
    Logger log;
    printf("%d\n", parse("1234"));
    fflush(stdout);
    printf("%d\n", parse("12x4"));
    return 0;
}
