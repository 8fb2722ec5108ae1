package webcu.frontend;

/**
 * <random>, <ratio> and <chrono>: the engines and distributions draw libstdc++'s sequences
 * (mt19937, minstd_rand, uniform/normal distributions …), so seeded programs print what they
 * print with g++.
 */
final class RandomHeaders {
    private RandomHeaders() {}

    static final String RANDOM = """
        #pragma once
        #include <cmath>
        #include <limits>
        #include <__webcu_uniform.h>
        namespace std {
        // The engines as libstdc++ defines them (result_type is uint_fast32_t/uint_fast64_t, both
        // unsigned long on x86-64 Linux), written out per engine rather than as the class
        // templates mersenne_twister_engine and linear_congruential_engine.
        #define __WEBCU_MT(NAME, N, M, R, A, U, D, S, B, T, C, L, F, MASK, WM2) \\
        class NAME { \\
        public: \\
            typedef unsigned long result_type; \\
            static const unsigned long default_seed = 5489UL; \\
            unsigned long __x[N]; \\
            unsigned long __p; \\
            NAME() { seed(5489UL); } \\
            explicit NAME(unsigned long s) { seed(s); } \\
            void seed(unsigned long s = 5489UL) { \\
                __x[0] = s & MASK; \\
                for (unsigned long i = 1; i < N; ++i) { unsigned long x = __x[i - 1]; x ^= x >> WM2; x *= F; x += i; __x[i] = x & MASK; } \\
                __p = N; \\
            } \\
            static unsigned long min() { return 0; } \\
            static unsigned long max() { return MASK; } \\
            void __gen() { \\
                unsigned long upper = (~0UL) << R; \\
                unsigned long lower = ~upper; \\
                for (unsigned long k = 0; k < N - M; ++k) { unsigned long y = (__x[k] & upper) | (__x[k + 1] & lower); __x[k] = __x[k + M] ^ (y >> 1) ^ ((y & 1) ? A : 0UL); } \\
                for (unsigned long k = N - M; k < N - 1; ++k) { unsigned long y = (__x[k] & upper) | (__x[k + 1] & lower); __x[k] = __x[k + M - N] ^ (y >> 1) ^ ((y & 1) ? A : 0UL); } \\
                unsigned long y = (__x[N - 1] & upper) | (__x[0] & lower); \\
                __x[N - 1] = __x[M - 1] ^ (y >> 1) ^ ((y & 1) ? A : 0UL); \\
                __p = 0; \\
            } \\
            unsigned long operator()() { \\
                if (__p >= N) __gen(); \\
                unsigned long z = __x[__p++]; \\
                z ^= (z >> U) & D; \\
                z ^= (z << S) & B; \\
                z ^= (z << T) & C; \\
                z ^= z >> L; \\
                return z; \\
            } \\
            void discard(unsigned long long n) { for (; n != 0; --n) (*this)(); } \\
            bool operator==(const NAME &o) const { if (__p != o.__p) return false; for (unsigned long i = 0; i < N; ++i) if (__x[i] != o.__x[i]) return false; return true; } \\
        };
        __WEBCU_MT(mt19937, 624, 397, 31, 0x9908b0dfUL, 11, 0xffffffffUL, 7, 0x9d2c5680UL, 15, 0xefc60000UL, 18, 1812433253UL, 0xffffffffUL, 30)
        __WEBCU_MT(mt19937_64, 312, 156, 31, 0xb5026f5aa96619e9UL, 29, 0x5555555555555555UL, 17, 0x71d67fffeda60000UL, 37, 0xfff7eee000000000UL, 43, 6364136223846793005UL, 0xffffffffffffffffUL, 62)
        #undef __WEBCU_MT
        #define __WEBCU_LCG(NAME, A) \\
        class NAME { \\
        public: \\
            typedef unsigned long result_type; \\
            static const unsigned long default_seed = 1UL; \\
            unsigned long __x; \\
            NAME() { seed(1UL); } \\
            explicit NAME(unsigned long s) { seed(s); } \\
            void seed(unsigned long s = 1UL) { __x = s % 2147483647UL; if (__x == 0) __x = 1; } \\
            static unsigned long min() { return 1; } \\
            static unsigned long max() { return 2147483646UL; } \\
            unsigned long operator()() { __x = (A * __x) % 2147483647UL; return __x; } \\
            void discard(unsigned long long n) { for (; n != 0; --n) (*this)(); } \\
            bool operator==(const NAME &o) const { return __x == o.__x; } \\
        };
        __WEBCU_LCG(minstd_rand0, 16807UL)
        __WEBCU_LCG(minstd_rand, 48271UL)
        #undef __WEBCU_LCG
        typedef minstd_rand0 default_random_engine;

        // Nondeterministic, as on Linux: any value may come.
        extern "C" unsigned long __webcu_random_device(void);
        class random_device {
        public:
            typedef unsigned int result_type;
            random_device() {}
            explicit random_device(const char *) {}
            static unsigned int min() { return 0; }
            static unsigned int max() { return 4294967295U; }
            unsigned int operator()() { return (unsigned int)__webcu_random_device(); }
            double entropy() const { return 0.0; }
        };

        // libstdc++'s generate_canonical: enough calls of the engine for the type's digits,
        // summed in T, then kept below 1
        static inline float __canonical_below_one(float) { return 0.99999994F; }
        static inline double __canonical_below_one(double) { return 0.99999999999999989; }
        template <class T, class G> T __generate_canonical(G &g, unsigned long bits) {
            unsigned long b = (unsigned long)numeric_limits<T>::digits;
            if (bits < b) b = bits;
            double r = (double)(g.max() - g.min()) + 1.0;
            unsigned long log2r = 0;
            for (double p = 2.0; p <= r; p *= 2.0) ++log2r;
            unsigned long m = (b + log2r - 1UL) / log2r;
            if (m < 1) m = 1;
            T sum = T(0);
            T tmp = T(1);
            for (unsigned long k = m; k != 0; --k) {
                sum += T(g() - g.min()) * tmp;
                tmp = (T)((double)tmp * r);
            }
            T ret = sum / tmp;
            if (ret >= T(1)) ret = __canonical_below_one(T(0));
            return ret;
        }
        template <class T, unsigned long B, class G> T generate_canonical(G &g) { return __generate_canonical<T>(g, B); }

        template <class T = int> class uniform_int_distribution {
        public:
            typedef T result_type;
            T __a, __b;
            uniform_int_distribution() : __a(0), __b(numeric_limits<T>::max()) {}
            explicit uniform_int_distribution(T a, T b = numeric_limits<T>::max()) : __a(a), __b(b) {}
            T a() const { return __a; }
            T b() const { return __b; }
            T min() const { return __a; }
            T max() const { return __b; }
            void reset() {}
            template <class G> T operator()(G &g) { return (T)(__uniform_int(g, (unsigned long)__b - (unsigned long)__a) + (unsigned long)__a); }
        };

        template <class T = double> class uniform_real_distribution {
        public:
            typedef T result_type;
            T __a, __b;
            uniform_real_distribution() : __a(0), __b(1) {}
            explicit uniform_real_distribution(T a, T b = T(1)) : __a(a), __b(b) {}
            T a() const { return __a; }
            T b() const { return __b; }
            T min() const { return __a; }
            T max() const { return __b; }
            void reset() {}
            template <class G> T operator()(G &g) { return __generate_canonical<T>(g, (unsigned long)numeric_limits<T>::digits) * (__b - __a) + __a; }
        };

        // libstdc++'s Marsaglia polar method: each accepted pair gives two values, the second
        // kept for the next call (reset() forgets it)
        template <class T = double> class normal_distribution {
        public:
            typedef T result_type;
            T __mean, __stddev, __saved;
            bool __saved_available;
            normal_distribution() : __mean(0), __stddev(1), __saved(0), __saved_available(false) {}
            explicit normal_distribution(T mean, T stddev = T(1)) : __mean(mean), __stddev(stddev), __saved(0), __saved_available(false) {}
            T mean() const { return __mean; }
            T stddev() const { return __stddev; }
            void reset() { __saved_available = false; }
            template <class G> T operator()(G &g) {
                T ret;
                if (__saved_available) {
                    __saved_available = false;
                    ret = __saved;
                } else {
                    T x, y, r2;
                    do {
                        x = T(2.0) * __generate_canonical<T>(g, (unsigned long)numeric_limits<T>::digits) - 1.0;
                        y = T(2.0) * __generate_canonical<T>(g, (unsigned long)numeric_limits<T>::digits) - 1.0;
                        r2 = x * x + y * y;
                    } while (r2 > 1.0 || r2 == 0.0);
                    T mult = sqrt(-2 * log(r2) / r2);
                    __saved = x * mult;
                    __saved_available = true;
                    ret = y * mult;
                }
                return ret * __stddev + __mean;
            }
        };

        class bernoulli_distribution {
        public:
            typedef bool result_type;
            double __p;
            bernoulli_distribution() : __p(0.5) {}
            explicit bernoulli_distribution(double p) : __p(p) {}
            double p() const { return __p; }
            void reset() {}
            template <class G> bool operator()(G &g) { return __generate_canonical<double>(g, 53UL) < __p; }
        };
        }
        """;

    /**
     * libstdc++'s uniform_int_distribution core (bits/uniform_int_dist.h), shared by <random>
     * and std::shuffle: a value in [0, range] from any engine, by Lemire's multiply-and-reject
     * for engines of exactly 32 or 64 bits, by division otherwise, by composition when the
     * range is wider than the engine's.
     */
    static final String UNIFORM = """
        #pragma once
        namespace std {
        static inline unsigned long __mulhi64(unsigned long a, unsigned long b, unsigned long *low) {
            unsigned long a0 = a & 0xffffffffUL, a1 = a >> 32, b0 = b & 0xffffffffUL, b1 = b >> 32;
            unsigned long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
            unsigned long mid = (p00 >> 32) + (p01 & 0xffffffffUL) + (p10 & 0xffffffffUL);
            *low = a * b;
            return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
        }
        template <class G> unsigned long __uniform_int(G &g, unsigned long urange) {
            unsigned long urngmin = g.min();
            unsigned long urngrange = g.max() - urngmin;
            unsigned long ret;
            if (urngrange > urange) {
                unsigned long uerange = urange + 1;
                if (urngrange == 0xffffffffffffffffUL) {
                    unsigned long low;
                    unsigned long high = __mulhi64((unsigned long)g(), uerange, &low);
                    if (low < uerange) {
                        unsigned long threshold = (0UL - uerange) % uerange;
                        while (low < threshold) high = __mulhi64((unsigned long)g(), uerange, &low);
                    }
                    ret = high;
                } else if (urngrange == 0xffffffffUL) {
                    unsigned int r32 = (unsigned int)uerange;
                    unsigned long product = (unsigned long)g() * (unsigned long)r32;
                    unsigned int low = (unsigned int)product;
                    if (low < r32) {
                        unsigned int threshold = (0U - r32) % r32;
                        while (low < threshold) { product = (unsigned long)g() * (unsigned long)r32; low = (unsigned int)product; }
                    }
                    ret = product >> 32;
                } else {
                    unsigned long scaling = urngrange / uerange;
                    unsigned long past = uerange * scaling;
                    do ret = (unsigned long)g() - urngmin; while (ret >= past);
                    ret /= scaling;
                }
            } else if (urngrange < urange) {
                unsigned long tmp;
                do {
                    unsigned long uerngrange = urngrange + 1;
                    tmp = uerngrange * __uniform_int(g, urange / uerngrange);
                    ret = tmp + ((unsigned long)g() - urngmin);
                } while (ret > urange || ret < tmp);
            } else {
                ret = (unsigned long)g() - urngmin;
            }
            return ret;
        }
        }
        """;
    static final String RATIO = """
        #pragma once
        namespace std {
        template <long N, long D = 1> struct ratio { static const long num = N; static const long den = D; };
        typedef ratio<1, 1000000000000000000L> atto;
        typedef ratio<1, 1000000000000000L> femto;
        typedef ratio<1, 1000000000000L> pico;
        typedef ratio<1, 1000000000L> nano;
        typedef ratio<1, 1000000L> micro;
        typedef ratio<1, 1000L> milli;
        typedef ratio<1, 100L> centi;
        typedef ratio<1, 10L> deci;
        typedef ratio<10L, 1> deca;
        typedef ratio<100L, 1> hecto;
        typedef ratio<1000L, 1> kilo;
        typedef ratio<1000000L, 1> mega;
        typedef ratio<1000000000L, 1> giga;
        }
        """;

    static final String CHRONO = """
        #pragma once
        #include <ratio>
        #include <ctime>
        #include <limits>
        extern "C" long __webcu_clock_ns(int clock);
        namespace std {
        namespace chrono {
        // Every duration keeps its count and period at run time too, so that one constructor
        // converts from any other duration as duration_cast does (libstdc++'s
        // __duration_cast_impl: the period ratio reduced, integer division when no floating
        // type is involved).
        struct __duration_base {
            long __i;
            double __d;
            long __num;
            long __den;
            int __kind; // 0 integer, 1 float, 2 double
        };
        static inline long __gcd(long a, long b) { while (b != 0) { long t = a % b; a = b; b = t; } return a < 0 ? -a : a; }
        static inline int __rep_kind(float) { return 1; }
        static inline int __rep_kind(double) { return 2; }
        template <class R> int __rep_kind(R) { return 0; }
        // the count of o in units num/den, computed in the common type of both representations
        static inline double __convert_fp(const __duration_base &o, long num, long den, int kind) {
            long cn = o.__num / __gcd(o.__num, num) * (den / __gcd(o.__den, den));
            long cd = o.__den / __gcd(o.__den, den) * (num / __gcd(o.__num, num));
            long g = __gcd(cn, cd);
            cn /= g;
            cd /= g;
            double c = o.__kind ? o.__d : (double)o.__i;
            if (kind == 1) {
                float f = (float)c;
                if (cn == 1 && cd == 1) return f;
                if (cd == 1) return f * (float)cn;
                if (cn == 1) return f / (float)cd;
                return f * (float)cn / (float)cd;
            }
            if (cn == 1 && cd == 1) return c;
            if (cd == 1) return c * (double)cn;
            if (cn == 1) return c / (double)cd;
            return c * (double)cn / (double)cd;
        }
        static inline long __convert_int(const __duration_base &o, long num, long den) {
            long cn = o.__num / __gcd(o.__num, num) * (den / __gcd(o.__den, den));
            long cd = o.__den / __gcd(o.__den, den) * (num / __gcd(o.__num, num));
            long g = __gcd(cn, cd);
            cn /= g;
            cd /= g;
            if (cn == 1 && cd == 1) return o.__i;
            if (cd == 1) return o.__i * cn;
            if (cn == 1) return o.__i / cd;
            return o.__i * cn / cd;
        }
        template <class Rep, class Period = ratio<1> > class duration {
        public:
            long __i;
            double __d;
            long __num;
            long __den;
            int __kind;
            typedef Rep rep;
            typedef Period period;
            void __set(Rep r) { __kind = __rep_kind(r); __num = Period::num; __den = Period::den; __i = 0; __d = 0; if (__kind) __d = (double)r; else __i = (long)r; }
            duration() { __set(Rep(0)); }
            // one constructor per arithmetic type, so that a number never picks the template below
            explicit duration(int r) { __set((Rep)r); }
            explicit duration(unsigned int r) { __set((Rep)r); }
            explicit duration(long r) { __set((Rep)r); }
            explicit duration(unsigned long r) { __set((Rep)r); }
            explicit duration(long long r) { __set((Rep)r); }
            explicit duration(unsigned long long r) { __set((Rep)r); }
            explicit duration(float r) { __set((Rep)r); }
            explicit duration(double r) { __set((Rep)r); }
            template <class D2> duration(const D2 &d2) {
                __duration_base o;
                o.__i = d2.__i; o.__d = d2.__d; o.__num = d2.__num; o.__den = d2.__den; o.__kind = d2.__kind;
                __set(Rep(0));
                int k = o.__kind > __kind ? o.__kind : __kind;
                if (k) __set((Rep)__convert_fp(o, Period::num, Period::den, k));
                else __set((Rep)__convert_int(o, Period::num, Period::den));
            }
            Rep count() const { return __kind ? (Rep)__d : (Rep)__i; }
            static duration zero() { return duration(Rep(0)); }
            static duration min() { return duration(numeric_limits<Rep>::lowest()); }
            static duration max() { return duration(numeric_limits<Rep>::max()); }
            duration operator+() const { return *this; }
            duration operator-() const { return duration(-count()); }
            duration operator+(const duration &o) const { return duration(count() + o.count()); }
            duration operator-(const duration &o) const { return duration(count() - o.count()); }
            duration operator*(const Rep &k) const { return duration(count() * k); }
            duration operator/(const Rep &k) const { return duration(count() / k); }
            Rep operator/(const duration &o) const { return count() / o.count(); }
            duration &operator+=(const duration &o) { __set(count() + o.count()); return *this; }
            duration &operator-=(const duration &o) { __set(count() - o.count()); return *this; }
            duration &operator*=(const Rep &k) { __set(count() * k); return *this; }
            duration &operator/=(const Rep &k) { __set(count() / k); return *this; }
            duration &operator++() { __set(count() + 1); return *this; }
            duration &operator--() { __set(count() - 1); return *this; }
            bool operator==(const duration &o) const { return count() == o.count(); }
            bool operator!=(const duration &o) const { return count() != o.count(); }
            bool operator<(const duration &o) const { return count() < o.count(); }
            bool operator>(const duration &o) const { return count() > o.count(); }
            bool operator<=(const duration &o) const { return count() <= o.count(); }
            bool operator>=(const duration &o) const { return count() >= o.count(); }
        };
        typedef duration<long, nano> nanoseconds;
        typedef duration<long, micro> microseconds;
        typedef duration<long, milli> milliseconds;
        typedef duration<long> seconds;
        typedef duration<long, ratio<60> > minutes;
        typedef duration<long, ratio<3600> > hours;
        template <class To, class D> To duration_cast(const D &d) { To r(d); return r; }

        template <class Clock, class Dur = nanoseconds> class time_point {
        public:
            typedef Clock clock;
            typedef Dur duration;
            typedef typename Dur::rep rep;
            typedef typename Dur::period period;
            Dur __d;
            time_point() : __d() {}
            explicit time_point(const Dur &d) : __d(d) {}
            Dur time_since_epoch() const { return __d; }
            Dur operator-(const time_point &o) const { return __d - o.__d; }
            time_point operator+(const Dur &d) const { return time_point(__d + d); }
            time_point operator-(const Dur &d) const { return time_point(__d - d); }
            time_point &operator+=(const Dur &d) { __d += d; return *this; }
            time_point &operator-=(const Dur &d) { __d -= d; return *this; }
            bool operator==(const time_point &o) const { return __d == o.__d; }
            bool operator!=(const time_point &o) const { return __d != o.__d; }
            bool operator<(const time_point &o) const { return __d < o.__d; }
            bool operator>(const time_point &o) const { return __d > o.__d; }
            bool operator<=(const time_point &o) const { return __d <= o.__d; }
            bool operator>=(const time_point &o) const { return __d >= o.__d; }
        };
        template <class To, class TP> To time_point_cast(const TP &t) { return To(t.__d); }

        struct system_clock {
            typedef long rep;
            typedef nano period;
            typedef nanoseconds duration;
            typedef std::chrono::time_point<system_clock, nanoseconds> time_point;
            static const bool is_steady = false;
            static time_point now() { return time_point(nanoseconds(__webcu_clock_ns(1))); }
            static time_t to_time_t(const time_point &t) { return (time_t)(t.__d.count() / 1000000000L); }
            static time_point from_time_t(time_t t) { return time_point(nanoseconds((long)t * 1000000000L)); }
        };
        struct steady_clock {
            typedef long rep;
            typedef nano period;
            typedef nanoseconds duration;
            typedef std::chrono::time_point<steady_clock, nanoseconds> time_point;
            static const bool is_steady = true;
            static time_point now() { return time_point(nanoseconds(__webcu_clock_ns(0))); }
        };
        // as in libstdc++
        typedef system_clock high_resolution_clock;
        }
        }
        """;
}
