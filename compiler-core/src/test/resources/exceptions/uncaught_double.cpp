#include <cstdio>
double safeSqrtArg(double x) {
    if (x < 0) throw x;
    return x;
}
int main() {
    printf("%.2f\n", safeSqrtArg(2.25));
    fflush(stdout);
    printf("%.2f\n", safeSqrtArg(-1.0));
    return 0;
}
