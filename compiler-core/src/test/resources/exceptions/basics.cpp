#include <cstdio>
#include <stdexcept>
#include <string>

struct Tracer {
    const char *name;
    Tracer(const char *n) : name(n) { printf("ctor %s\n", name); }
    ~Tracer() { printf("dtor %s\n", name); }
};

int depth(int n) {
    Tracer t("depth");
    if (n == 0) throw std::runtime_error("bottom reached");
    return depth(n - 1) + 1;
}

class MyError : public std::runtime_error {
public:
    int code;
    MyError(const std::string &m, int c) : std::runtime_error(m), code(c) {}
};

int main() {
    try {
        throw 42;
    } catch (int e) {
        printf("caught int %d\n", e);
    }
    try {
        depth(2);
    } catch (const std::exception &e) {
        printf("caught: %s\n", e.what());
    }
    try {
        throw MyError(std::string("custom"), 7);
    } catch (const std::logic_error &e) {
        printf("wrong\n");
    } catch (const MyError &e) {
        printf("MyError %s %d\n", e.what(), e.code);
    }
    for (int i = 0; i < 3; i++) {
        try {
            if (i == 1) continue;
            if (i == 2) throw "str";
            printf("i=%d\n", i);
        } catch (const char *s) {
            printf("caught %s at %d\n", s, i);
        }
    }
    try {
        try {
            throw std::out_of_range("inner");
        } catch (std::exception &e) {
            printf("inner caught %s, rethrow\n", e.what());
            throw;
        }
    } catch (std::out_of_range &e) {
        printf("outer caught %s\n", e.what());
    } catch (...) {
        printf("wrong\n");
    }
    try { throw 1.5; } catch (...) { printf("catch all\n"); }
    fflush(stdout);
    throw std::invalid_argument("uncaught one");
}
