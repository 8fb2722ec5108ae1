// string.h, strings.h, ctype.h, stdlib.h, inttypes.h and the scanf/printf families, as a
// text-processing utility would use them.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strings.h>
#include <cctype>
#include <cinttypes>
#include <cstdarg>
#include <climits>
#include <cfloat>

static int log_line(char *out, size_t cap, const char *level, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(out, cap, "[%s] ", level);
    n += vsnprintf(out + n, cap - n, fmt, ap);
    va_end(ap);
    return n;
}

static double average(int count, ...) {
    va_list ap;
    va_start(ap, count);
    double s = 0;
    for (int i = 0; i < count; i++) s += va_arg(ap, double);
    va_end(ap);
    return s / count;
}

static void report(const char *fmt, ...) {
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    vprintf(fmt, ap);
    vfprintf(stdout, fmt, copy);
    va_end(copy);
    va_end(ap);
}

static int by_length(const void *a, const void *b) {
    const char *x = *(const char *const *)a;
    const char *y = *(const char *const *)b;
    return (int)strlen(x) - (int)strlen(y);
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main() {
    char line[128];
    int n = log_line(line, sizeof line, "info", "%d items, %.2f%% done, %s", 12, 37.5, "ok");
    printf("%d: %s\n", n, line);
    printf("average %.4f\n", average(4, 1.0, 2.5, 3.25, 10.0));
    report("%s=%ld (%#x)\n", "value", 123456789L, 255);

    char csv[] = "name, age,,city ;zip";
    char *save = NULL;
    for (char *t = strtok_r(csv, ",; ", &save); t; t = strtok_r(NULL, ",; ", &save)) printf("field <%s>\n", t);
    const char *s = "hello, world";
    printf("strspn=%zu strcspn=%zu strpbrk=%s strchr=%s strrchr=%s\n", strspn(s, "leh"), strcspn(s, ",w"),
           strpbrk(s, "wo"), strchr(s, 'o'), strrchr(s, 'o'));
    printf("memchr=%s strstr=%s strncmp=%d memcmp<0=%d\n", (const char *)memchr(s, 'w', 12), strstr(s, "wor"),
           strncmp(s, "help", 3), memcmp("abc", "abd", 3) < 0);
    printf("strcasecmp=%d strncasecmp=%d strcasecmp<0=%d\n", strcasecmp("CUDA", "cuda"), strncasecmp("GPUx", "gpuy", 3),
           strcasecmp("alpha", "BETA") < 0);
    char *d = strdup("duplicate");
    char *nd = strndup("truncate-me", 8);
    printf("%s %s %zu\n", d, nd, strlen(nd));
    free(d);
    free(nd);
    char buf[32];
    bzero(buf, sizeof buf);
    strncpy(buf, "abc", sizeof buf - 1);
    strcat(buf, "def");
    printf("%s %zu %d\n", buf, strlen(buf), (int)sizeof(buf));

    int words = 0, digits = 0, upper = 0;
    const char *text = "The 3 Quick brown FOXES jumped 42 times!";
    for (const char *p = text; *p; p++) {
        if (isdigit((unsigned char)*p)) digits++;
        if (isupper((unsigned char)*p)) upper++;
        if (isalpha((unsigned char)*p) && (p == text || !isalpha((unsigned char)p[-1]))) words++;
    }
    printf("words=%d digits=%d upper=%d\n", words, digits, upper);
    for (const char *p = "MiXeD 9!"; *p; p++) putchar(islower(*p) ? toupper(*p) : tolower(*p));
    putchar('\n');

    char *end;
    long v = strtol("  -0x1fZ", &end, 16);
    printf("strtol=%ld rest=%s\n", v, end);
    unsigned long long u = strtoull("18446744073709551615", NULL, 10);
    printf("strtoull=%llu\n", u);
    long long ll = strtoll("-9000000000", &end, 10);
    printf("strtoll=%lld\n", ll);
    double dv = strtod("6.02e23xyz", &end);
    printf("strtod=%g rest=%s\n", dv, end);
    float fv = strtof("0.1", NULL);
    printf("strtof=%.9g atoi=%d atol=%ld atof=%.3f\n", fv, atoi("  42abc"), atol("-7"), atof("2.5e1"));
    div_t q = div(-17, 5);
    ldiv_t lq = ldiv(100000000000L, 7);
    printf("div=%d,%d ldiv=%ld,%ld abs=%d labs=%ld\n", q.quot, q.rem, lq.quot, lq.rem, abs(-3), labs(-4L));

    int64_t big = INT64_MIN;
    uint64_t ubig = UINT64_MAX;
    int32_t small = -5;
    printf("%" PRId64 " %" PRIu64 " %" PRIx64 " %" PRId32 " %" PRIu8 "\n", big, ubig, ubig, small, (uint8_t)200);
    intmax_t im = strtoimax("123456789012", NULL, 10);
    printf("strtoimax=%" PRIdMAX " INT_MAX=%d LLONG_MIN=%lld FLT_DIG=%d DBL_EPSILON=%g\n", im, INT_MAX, LLONG_MIN,
           FLT_DIG, DBL_EPSILON);

    int a, b;
    char word[16], rest[32];
    float f;
    double g;
    unsigned x;
    printf("sscanf=%d\n", sscanf("10,20 name 3.5 2.25e3 ff tail of line", "%d,%d %15s %f %lf %x %[^\n]", &a, &b, word, &f, &g, &x, rest));
    printf("  %d %d %s %.2f %.1f %u <%s>\n", a, b, word, f, g, x, rest);
    int pos = 0;
    char c1, c2;
    printf("sscanf=%d", sscanf("  k=v;", " %c=%c%n", &c1, &c2, &pos));
    printf(" %c %c %d\n", c1, c2, pos);
    printf("sscanf empty=%d mismatch=%d\n", sscanf("", "%d", &a), sscanf("abc", "%d", &a));
    int h, m, sec;
    printf("time=%d", sscanf("12:34:56", "%d:%d:%d", &h, &m, &sec));
    printf(" %02d-%02d-%02d\n", h, m, sec);

    const char *names[] = {"kernel", "gpu", "thread", "a", "warp", "sm"};
    qsort(names, 6, sizeof(names[0]), by_length);
    for (int i = 0; i < 6; i++) printf("%s ", names[i]);
    printf("\n");
    int vals[] = {42, -7, 19, 3, 3, 100, 0, -50};
    qsort(vals, 8, sizeof(int), cmp_int);
    for (int i = 0; i < 8; i++) printf("%d ", vals[i]);
    int key = 19;
    int *hit = (int *)bsearch(&key, vals, 8, sizeof(int), cmp_int);
    key = 5;
    int *miss = (int *)bsearch(&key, vals, 8, sizeof(int), cmp_int);
    printf("\nbsearch 19 at %d, 5 %s\n", (int)(hit - vals), miss ? "found" : "missing");
    unsigned seed = 12345;
    int r1 = rand_r(&seed);
    int r2 = rand_r(&seed);
    printf("rand_r %d %d\n", r1, r2);
    srand(7);
    int s1 = rand();
    int s2 = rand();
    printf("rand %d %d\n", s1, s2);
    srand48(99);
    double e1 = drand48();
    long e2 = lrand48();
    printf("drand48 %.10f lrand48 %ld\n", e1, e2);
    return 0;
}
