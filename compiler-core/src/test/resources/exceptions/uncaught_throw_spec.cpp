// throw() is a non-throwing specification, as noexcept; noexcept(false) is not.
#include <cstdio>
void legacy(int v) throw() {
    if (v) throw v;
}
void allowed(int v) noexcept(false) {
    if (v) throw v;
}
int main() {
    try {
        allowed(3);
    } catch (int e) {
        printf("allowed threw %d\n", e);
    }
    fflush(stdout);
    try {
        legacy(4);
    } catch (...) {
        printf("never\n");
    }
    return 0;
}
