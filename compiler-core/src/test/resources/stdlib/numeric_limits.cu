#include <cstdio>
#include <limits>
#define P(T) printf(#T " %d %d %d %d %d %.17g %.17g %.17g %.17g\n", std::numeric_limits<T>::digits, std::numeric_limits<T>::digits10, (int)std::numeric_limits<T>::is_signed, (int)std::numeric_limits<T>::is_integer, (int)std::numeric_limits<T>::is_specialized, (double)std::numeric_limits<T>::min(), (double)std::numeric_limits<T>::max(), (double)std::numeric_limits<T>::lowest(), (double)std::numeric_limits<T>::epsilon());
template <class T> T smallest(const T *a, int n) { T m = std::numeric_limits<T>::max(); for (int i = 0; i < n; ++i) if (a[i] < m) m = a[i]; return m; }
int main() {
    P(bool) P(char) P(signed char) P(unsigned char) P(short) P(unsigned short) P(int) P(unsigned) P(long) P(unsigned long) P(long long) P(unsigned long long) P(float) P(double)
    printf("%g %g %d %d\n", std::numeric_limits<float>::infinity(), std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<float>::max_exponent, std::numeric_limits<double>::min_exponent10);
    printf("%lld %llu %.9g %.17g\n", (long long)std::numeric_limits<long>::min(), (unsigned long long)std::numeric_limits<unsigned long long>::max(), std::numeric_limits<float>::denorm_min(), std::numeric_limits<double>::denorm_min());
    float f[4] = {3.5f, -2.25f, 8.0f, 1.0f};
    int k[3] = {7, 3, 9};
    printf("%g %d %d\n", smallest(f, 4), smallest(k, 3), std::numeric_limits<int>::max() / 2);
    double best = std::numeric_limits<double>::infinity();
    if (2.0 < best) best = 2.0;
    printf("%g %d\n", best, std::numeric_limits<float>::max_digits10);
    return 0;
}
