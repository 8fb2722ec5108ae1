// A handler that logs and rethrows, with no handler outside: terminate names the original type.
#include <cstdio>
#include <stdexcept>
int main() {
    try {
        throw std::length_error("buffer too long");
    } catch (const std::exception &e) {
        printf("log: %s\n", e.what());
        fflush(stdout);
        throw;
    }
    return 0;
}
