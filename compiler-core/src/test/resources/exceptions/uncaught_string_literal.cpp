// A string literal is thrown as char const*.
#include <cstdio>
void check(int n) {
    if (n > 3) throw "n is too large";
}
int main() {
    for (int i = 0; i < 10; i++) {
        check(i);
        printf("ok %d\n", i);
        fflush(stdout);
    }
    return 0;
}
