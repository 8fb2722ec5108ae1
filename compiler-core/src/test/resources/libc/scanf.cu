// sscanf edge cases: widths, scansets, %n, %i bases, suppression, mismatches and end of input.
#include <cstdio>

int main() {
    int a = -1, b = -1, c = -1, n = -1;
    char s[32] = "", t[32] = "";
    unsigned u = 0;
    long l = 0;
    short h = 0;
    unsigned char hh = 0;
    double d = 0;
    float f = 0;
    void *p = 0;

    int r = sscanf("12345", "%2d%3d", &a, &b);
    printf("1: r=%d a=%d b=%d\n", r, a, b);
    r = sscanf("0x1A 017 -9", "%i %i %i", &a, &b, &c);
    printf("2: r=%d a=%d b=%d c=%d\n", r, a, b, c);
    r = sscanf("abc123def", "%[a-z]%d%s", s, &a, t);
    printf("3: r=%d s=%s a=%d t=%s\n", r, s, a, t);
    r = sscanf("key = value;rest", "%[^= ] = %[^;];%n", s, t, &n);
    printf("4: r=%d s=%s t=%s n=%d\n", r, s, t, n);
    r = sscanf("10 20 30", "%d %*d %d", &a, &b);
    printf("5: r=%d a=%d b=%d\n", r, a, b);
    r = sscanf("x10", "%d", &a);
    printf("6: r=%d\n", r);
    r = sscanf("   ", "%d", &a);
    printf("7: r=%d\n", r);
    r = sscanf("5 apples", "%d %d", &a, &b);
    printf("8: r=%d a=%d\n", r, a);
    r = sscanf("ff -1 4294967295", "%x %u %lu", &u, &c, &l);
    printf("9: r=%d u=%u c=%d l=%ld\n", r, u, c, l);
    r = sscanf("70000 300", "%hd %hhu", &h, &hh);
    printf("10: r=%d h=%d hh=%d\n", r, h, hh);
    r = sscanf("1e-3 -.5e+2 inf", "%lf %f %s", &d, &f, s);
    printf("11: r=%d d=%g f=%g s=%s\n", r, d, f, s);
    r = sscanf("3.14159", "%4f", &f);
    printf("12: r=%d f=%g\n", r, f);
    r = sscanf("hello world", "%5c", s);
    s[5] = 0;
    printf("13: r=%d s=%s\n", r, s);
    r = sscanf("100%", "%d%%", &a);
    printf("14: r=%d a=%d\n", r, a);
    r = sscanf("0x7ffe1234", "%p", &p);
    printf("15: r=%d p=%p\n", r, p);
    r = sscanf("2024-01-15T10:30:00", "%d-%d-%dT%d:%d", &a, &b, &c, &n, &u);
    printf("16: r=%d %d/%d/%d %d:%u\n", r, a, b, c, n, u);
    r = sscanf("  +42", "%d", &a);
    printf("17: r=%d a=%d\n", r, a);
    r = sscanf("-", "%d", &a);
    printf("18: r=%d\n", r);
    r = sscanf("nan -INFINITY", "%lf %f", &d, &f);
    printf("19: r=%d d=%f f=%f\n", r, d, f);
    r = sscanf("abc", "%s%n", s, &n);
    printf("20: r=%d n=%d\n", r, n);
    return 0;
}
