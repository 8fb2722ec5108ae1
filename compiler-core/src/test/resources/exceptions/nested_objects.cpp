// Several objects per block and nested blocks: each dies once, in reverse order of construction,
// whichever statement throws.
#include <cstdio>
#include <stdexcept>
struct T { const char *n; T(const char *s) : n(s) { printf("make %s\n", n); } ~T() { printf("drop %s\n", n); } };
void f(int k) {
    T a("a");
    printf("between\n");
    T b("b"), c("c");
    {
        T d("d");
        if (k == 1) throw std::runtime_error("inner");
        T e("e");
        if (k == 2) throw 2;
    }
    T g("g");
    if (k == 3) throw 3.0;
    printf("end f\n");
}
int main() {
    for (int k = 0; k < 4; k++) {
        try { f(k); } catch (const std::exception &e) { printf("caught %s\n", e.what()); } catch (...) { printf("caught other\n"); }
    }
    return 0;
}
