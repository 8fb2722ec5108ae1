// The common CUDA-sample pattern: a failed check throws std::runtime_error, nobody catches it.
#include <cstdio>
#include <stdexcept>
#include <string>
static void require(bool ok, const char *what) {
    if (!ok) throw std::runtime_error(what);
}
int main() {
    int n = 5;
    require(n > 0, "n must be positive");
    printf("n = %d\n", n);
    fflush(stdout);
    require(n % 2 == 0, "n must be even");
    return 0;
}
