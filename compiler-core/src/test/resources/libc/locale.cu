// setlocale as glibc answers with an empty environment (env -i): only "C" exists.
#include <clocale>
#include <cstdio>
int main() {
    const char *a = setlocale(LC_ALL, "");
    const char *b = setlocale(LC_NUMERIC, NULL);
    const char *c = setlocale(LC_ALL, "xx_YY.nothing");
    printf("%s %s %s\n", a ? a : "(null)", b ? b : "(null)", c ? c : "(null)");
    printf("%.2f\n", 3.14159);
}
