// The lifetimes of exception objects, as a C++ course shows them: a thrown temporary is built
// in place, a thrown named object is copied, a handler taking its parameter by value copies it,
// and both copies are destroyed when the handler ends (also when it leaves by break).
#include <cstdio>

struct Err {
    int code;
    Err(int c) : code(c) { printf("Err(%d)\n", c); }
    Err(const Err &o) : code(o.code) { printf("copy Err(%d)\n", code); }
    ~Err() { printf("~Err(%d)\n", code); }
};

void throwNamed() {
    Err named(7);
    try {
        throw named;
    } catch (const Err &e) {
        printf("by reference %d\n", e.code);
    }
}

int main() {
    throwNamed();
    for (int i = 0; i < 3; i++) {
        try {
            throw Err(i);
        } catch (Err e) {
            printf("handling %d\n", e.code);
            if (i == 1) break;
        }
    }
    try {
        try {
            throw Err(40);
        } catch (Err &e) {
            e.code = 41;
            throw;
        }
    } catch (const Err &e) {
        printf("rethrown object kept its change: %d\n", e.code);
    }
    printf("done\n");
    return 0;
}
