// An exception leaving a noexcept function terminates even though a handler waits outside.
#include <cstdio>
#include <stdexcept>
int compute(int x) noexcept {
    if (x > 2) throw std::overflow_error("compute: x too large");
    return x * 10;
}
int main() {
    try {
        for (int i = 0; i < 5; i++) {
            printf("%d\n", compute(i));
            fflush(stdout);
        }
    } catch (const std::exception &e) {
        printf("never: %s\n", e.what());
    }
    return 0;
}
