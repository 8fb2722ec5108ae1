// A textbook program reading its input with scanf, getchar and fgets on stdin.
#include <cstdio>
#include <cstring>

int main() {
    int rows, cols;
    if (scanf("%d %d", &rows, &cols) != 2) {
        fprintf(stderr, "expected the matrix size\n");
        return 1;
    }
    double sum = 0;
    for (int i = 0; i < rows * cols; i++) {
        double v;
        if (scanf("%lf", &v) != 1) {
            fprintf(stderr, "missing element %d\n", i);
            return 1;
        }
        sum += v;
    }
    printf("%dx%d matrix, sum %.3f, mean %.4f\n", rows, cols, sum, sum / (rows * cols));
    int c;
    while ((c = getchar()) != '\n' && c != EOF) {
    }
    char title[64];
    if (fgets(title, sizeof title, stdin)) {
        title[strcspn(title, "\n")] = 0;
        printf("title: \"%s\"\n", title);
    }
    int extra;
    int r = scanf("%d", &extra);
    printf("scanf at the end: %d, feof(stdin)=%d\n", r, feof(stdin) != 0);
    return 0;
}
