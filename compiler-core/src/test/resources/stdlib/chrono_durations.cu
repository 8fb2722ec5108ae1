#include <cstdio>
#include <chrono>
int main() {
    auto start = std::chrono::high_resolution_clock::now();
    volatile double acc = 0;
    for (int i = 0; i < 1000; ++i) acc += i;
    auto end = std::chrono::high_resolution_clock::now();
    std::chrono::duration<double, std::milli> ms = end - start;
    std::chrono::duration<double> sec = end - start;
    long us = std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
    printf("elapsed ok: %d %d %d\n", ms.count() >= 0, sec.count() < 60, us >= 0);
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point t1 = std::chrono::steady_clock::now();
    printf("%d\n", (int)(t1 >= t0));
    std::chrono::nanoseconds ns(123456789012L);
    printf("%ld %ld %ld %ld %ld\n", std::chrono::duration_cast<std::chrono::microseconds>(ns).count(), std::chrono::duration_cast<std::chrono::milliseconds>(ns).count(),
        std::chrono::duration_cast<std::chrono::seconds>(ns).count(), std::chrono::duration_cast<std::chrono::minutes>(ns).count(), std::chrono::duration_cast<std::chrono::hours>(std::chrono::hours(3) + std::chrono::hours(2)).count());
    std::chrono::duration<double, std::milli> dm = ns;
    std::chrono::duration<double, std::micro> du = ns;
    std::chrono::duration<float> df = ns;
    std::chrono::milliseconds m2 = std::chrono::seconds(5);
    std::chrono::duration<double> back = std::chrono::milliseconds(1500);
    printf("%.6f %.3f %.6f %ld %.3f\n", dm.count(), du.count(), (double)df.count(), m2.count(), back.count());
    std::chrono::milliseconds a(250), b(100);
    a += b;
    printf("%ld %ld %ld %d\n", (a - b).count(), (a * 2L).count(), a / b, (int)(a > b));
    auto d = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::duration<double>(2.5));
    printf("%ld\n", d.count());
    std::chrono::system_clock::time_point now = std::chrono::system_clock::now();
    time_t tt = std::chrono::system_clock::to_time_t(now);
    printf("%d\n", (int)(tt > 1600000000));
    return 0;
}
