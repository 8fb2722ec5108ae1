// time.h and sys/time.h as benchmark harnesses use them: fixed timestamps formatted, and clocks
// whose differences are checked rather than printed.
#include <cstdio>
#include <ctime>
#include <sys/time.h>
#include <sys/resource.h>
#include <unistd.h>

static double seconds_since(const struct timeval *t0) {
    struct timeval now, d;
    gettimeofday(&now, NULL);
    timersub(&now, t0, &d);
    return d.tv_sec + d.tv_usec * 1e-6;
}

int main() {
    const time_t stamps[] = {0, 86399, 951782400, 1700000000, 4102444800LL, -86400};
    for (int i = 0; i < 6; i++) {
        struct tm *when = gmtime(&stamps[i]);
        char buf[128];
        strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %A %b %B %j %u %w %y %e|%D|%T|%F|%R|%I %p|%%", when);
        printf("%lld -> %s yday=%d wday=%d\n", (long long)stamps[i], buf, when->tm_yday, when->tm_wday);
        printf("  asctime: %s", asctime(when));
        struct tm copy = *when;
        printf("  timegm back: %lld\n", (long long)timegm(&copy));
    }
    struct tm t = {};
    t.tm_year = 124;
    t.tm_mon = 13;   // February of the next year
    t.tm_mday = 30;  // normalized into March
    t.tm_hour = 25;
    time_t norm = timegm(&t);
    printf("normalized: %lld %04d-%02d-%02d %02d:%02d wday=%d yday=%d\n", (long long)norm, t.tm_year + 1900,
           t.tm_mon + 1, t.tm_mday, t.tm_hour, t.tm_min, t.tm_wday, t.tm_yday);
    printf("difftime=%.1f\n", difftime(1700000100, 1700000000));

    struct timeval t0;
    gettimeofday(&t0, NULL);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    usleep(2000);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) * 1e-6;
    printf("usleep(2000) took at least 2 ms: %d\n", ms >= 2.0);
    printf("gettimeofday advances: %d\n", seconds_since(&t0) >= 0.002);
    clock_t c0 = clock();
    volatile double x = 0;
    for (int i = 0; i < 100000; i++) x += i * 0.5;
    printf("clock monotone: %d\n", clock() >= c0);
    struct rusage ru;
    printf("getrusage=%d utime>=0: %d\n", getrusage(RUSAGE_SELF, &ru), ru.ru_utime.tv_sec >= 0);
    time_t now = time(NULL);
    printf("time after 2020: %d\n", now > 1577836800);
    printf("sizeof timeval=%zu timespec=%zu tm=%zu rusage=%zu\n", sizeof(struct timeval), sizeof(struct timespec),
           sizeof(struct tm), sizeof(struct rusage));
    return 0;
}
