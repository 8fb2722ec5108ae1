package webcu.frontend;

/**
 * The rest of the C++ library that CUDA host programs use, beside {@link StdHeaders}: limits,
 * random, chrono, the containers other than vector, functional, memory and the single-threaded
 * thread/mutex/atomic. Where a program's output depends on the library (random sequences,
 * unordered iteration order, heap order) the text reproduces libstdc++'s algorithms.
 */
final class StdLibHeaders {
    private StdLibHeaders() {}

    static final String LIMITS = """
        #pragma once
        #include <cfloat>
        #include <cmath>
        namespace std {
        enum float_round_style { round_indeterminate = -1, round_toward_zero = 0, round_to_nearest = 1, round_toward_infinity = 2, round_toward_neg_infinity = 3 };
        // One description per arithmetic type, picked by overloading on a null T*: the values of
        // libstdc++'s specializations (x86-64 Linux)
        struct __lim_info { bool spec; bool is_signed; bool is_integer; bool is_exact; bool has_inf; int digits; int digits10; int max_digits10;
            int min_exp; int min_exp10; int max_exp; int max_exp10; bool is_modulo; };
        static inline __lim_info __lim_make(bool sg, bool in, int d, int d10, int md10, int mine, int mine10, int maxe, int maxe10, bool mod) {
            __lim_info i; i.spec = true; i.is_signed = sg; i.is_integer = in; i.is_exact = in; i.has_inf = !in; i.digits = d; i.digits10 = d10;
            i.max_digits10 = md10; i.min_exp = mine; i.min_exp10 = mine10; i.max_exp = maxe; i.max_exp10 = maxe10; i.is_modulo = mod; return i;
        }
        static inline __lim_info __lim_of(bool *) { return __lim_make(false, true, 1, 0, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(char *) { return __lim_make(true, true, 7, 2, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(signed char *) { return __lim_make(true, true, 7, 2, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(unsigned char *) { return __lim_make(false, true, 8, 2, 0, 0, 0, 0, 0, true); }
        static inline __lim_info __lim_of(short *) { return __lim_make(true, true, 15, 4, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(unsigned short *) { return __lim_make(false, true, 16, 4, 0, 0, 0, 0, 0, true); }
        static inline __lim_info __lim_of(int *) { return __lim_make(true, true, 31, 9, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(unsigned int *) { return __lim_make(false, true, 32, 9, 0, 0, 0, 0, 0, true); }
        static inline __lim_info __lim_of(long *) { return __lim_make(true, true, 63, 18, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(unsigned long *) { return __lim_make(false, true, 64, 19, 0, 0, 0, 0, 0, true); }
        static inline __lim_info __lim_of(long long *) { return __lim_make(true, true, 63, 18, 0, 0, 0, 0, 0, false); }
        static inline __lim_info __lim_of(unsigned long long *) { return __lim_make(false, true, 64, 19, 0, 0, 0, 0, 0, true); }
        static inline __lim_info __lim_of(float *) { return __lim_make(true, false, 24, 6, 9, -125, -37, 128, 38, false); }
        static inline __lim_info __lim_of(double *) { return __lim_make(true, false, 53, 15, 17, -1021, -307, 1024, 308, false); }
        static inline bool __lim_min(bool *) { return false; }
        static inline bool __lim_max(bool *) { return true; }
        static inline char __lim_min(char *) { return -128; }
        static inline char __lim_max(char *) { return 127; }
        static inline signed char __lim_min(signed char *) { return -128; }
        static inline signed char __lim_max(signed char *) { return 127; }
        static inline unsigned char __lim_min(unsigned char *) { return 0; }
        static inline unsigned char __lim_max(unsigned char *) { return 255; }
        static inline short __lim_min(short *) { return -32768; }
        static inline short __lim_max(short *) { return 32767; }
        static inline unsigned short __lim_min(unsigned short *) { return 0; }
        static inline unsigned short __lim_max(unsigned short *) { return 65535; }
        static inline int __lim_min(int *) { return -2147483647 - 1; }
        static inline int __lim_max(int *) { return 2147483647; }
        static inline unsigned int __lim_min(unsigned int *) { return 0; }
        static inline unsigned int __lim_max(unsigned int *) { return 4294967295U; }
        static inline long __lim_min(long *) { return -9223372036854775807L - 1; }
        static inline long __lim_max(long *) { return 9223372036854775807L; }
        static inline unsigned long __lim_min(unsigned long *) { return 0; }
        static inline unsigned long __lim_max(unsigned long *) { return 18446744073709551615UL; }
        static inline long long __lim_min(long long *) { return -9223372036854775807LL - 1; }
        static inline long long __lim_max(long long *) { return 9223372036854775807LL; }
        static inline unsigned long long __lim_min(unsigned long long *) { return 0; }
        static inline unsigned long long __lim_max(unsigned long long *) { return 18446744073709551615ULL; }
        static inline float __lim_min(float *) { return FLT_MIN; }
        static inline float __lim_max(float *) { return FLT_MAX; }
        static inline double __lim_min(double *) { return DBL_MIN; }
        static inline double __lim_max(double *) { return DBL_MAX; }
        template <class T> T __lim_lowest(T *p) { return __lim_of(p).is_integer ? __lim_min(p) : (T)-__lim_max(p); }
        static inline float __lim_eps(float *) { return FLT_EPSILON; }
        static inline double __lim_eps(double *) { return DBL_EPSILON; }
        template <class T> T __lim_eps(T *) { return 0; }
        static inline float __lim_inf(float *) { return __builtin_inff(); }
        static inline double __lim_inf(double *) { return __builtin_inf(); }
        template <class T> T __lim_inf(T *) { return 0; }
        static inline float __lim_nan(float *) { return __builtin_nanf(""); }
        static inline double __lim_nan(double *) { return (double)__builtin_nanf(""); }
        template <class T> T __lim_nan(T *) { return 0; }
        static inline float __lim_denorm(float *) { return 1.40129846e-45F; }
        static inline double __lim_denorm(double *) { return 4.9406564584124654e-324; }
        template <class T> T __lim_denorm(T *) { return 0; }
        template <class T> class numeric_limits {
        public:
            static const bool is_specialized = __lim_of((T *)0).spec;
            static const bool is_signed = __lim_of((T *)0).is_signed;
            static const bool is_integer = __lim_of((T *)0).is_integer;
            static const bool is_exact = __lim_of((T *)0).is_exact;
            static const bool has_infinity = __lim_of((T *)0).has_inf;
            static const bool has_quiet_NaN = __lim_of((T *)0).has_inf;
            static const bool is_iec559 = __lim_of((T *)0).has_inf;
            static const bool is_bounded = true;
            static const bool is_modulo = __lim_of((T *)0).is_modulo;
            static const int digits = __lim_of((T *)0).digits;
            static const int digits10 = __lim_of((T *)0).digits10;
            static const int max_digits10 = __lim_of((T *)0).max_digits10;
            static const int radix = 2;
            static const int min_exponent = __lim_of((T *)0).min_exp;
            static const int min_exponent10 = __lim_of((T *)0).min_exp10;
            static const int max_exponent = __lim_of((T *)0).max_exp;
            static const int max_exponent10 = __lim_of((T *)0).max_exp10;
            static T min() { return __lim_min((T *)0); }
            static T max() { return __lim_max((T *)0); }
            static T lowest() { return __lim_lowest((T *)0); }
            static T epsilon() { return __lim_eps((T *)0); }
            static T round_error() { return __lim_of((T *)0).is_integer ? (T)0 : (T)0.5; }
            static T infinity() { return __lim_inf((T *)0); }
            static T quiet_NaN() { return __lim_nan((T *)0); }
            static T signaling_NaN() { return __lim_nan((T *)0); }
            static T denorm_min() { return __lim_denorm((T *)0); }
        };
        }
        """;

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
    static final String FUNCTIONAL_BASE = """
        #pragma once
        #include <cstring>
        namespace std {
        // a node container's element: copy-constructed in the node's raw memory, destroyed before the node is freed
        template <class V> inline void __construct_node_value(V *p, const V &v) { new ((void *)p) V(v); }
        template <class V> inline void __destroy_node_value(V *p) { p->~V(); }
        template <class T> struct less { bool operator()(const T &a, const T &b) const { return a < b; } };
        template <class T> struct greater { bool operator()(const T &a, const T &b) const { return b < a; } };
        template <class T> struct less_equal { bool operator()(const T &a, const T &b) const { return !(b < a); } };
        template <class T> struct greater_equal { bool operator()(const T &a, const T &b) const { return !(a < b); } };
        template <class T> struct equal_to { bool operator()(const T &a, const T &b) const { return a == b; } };
        template <class T> struct not_equal_to { bool operator()(const T &a, const T &b) const { return !(a == b); } };
        template <class T> struct plus { T operator()(const T &a, const T &b) const { return a + b; } };
        template <class T> struct minus { T operator()(const T &a, const T &b) const { return a - b; } };
        template <class T> struct multiplies { T operator()(const T &a, const T &b) const { return a * b; } };
        template <class T> struct divides { T operator()(const T &a, const T &b) const { return a / b; } };
        template <class T> struct modulus { T operator()(const T &a, const T &b) const { return a % b; } };
        template <class T> struct negate { T operator()(const T &a) const { return -a; } };
        template <class T> struct logical_and { bool operator()(const T &a, const T &b) const { return a && b; } };
        template <class T> struct logical_or { bool operator()(const T &a, const T &b) const { return a || b; } };
        template <class T> struct logical_not { bool operator()(const T &a) const { return !a; } };
        template <class T> struct bit_and { T operator()(const T &a, const T &b) const { return a & b; } };
        template <class T> struct bit_or { T operator()(const T &a, const T &b) const { return a | b; } };
        template <class T> struct bit_xor { T operator()(const T &a, const T &b) const { return a ^ b; } };
        // libstdc++'s _Hash_bytes (MurmurHash2, 64-bit), behind hash<string>, hash<double>, hash<float>
        static inline unsigned long __shift_mix(unsigned long v) { return v ^ (v >> 47); }
        static inline unsigned long __hash_bytes(const void *ptr, unsigned long len, unsigned long seed) {
            const unsigned long mul = (0xc6a4a793UL << 32) + 0x5bd1e995UL;
            const unsigned char *buf = (const unsigned char *)ptr;
            unsigned long aligned = len & ~7UL;
            unsigned long hash = seed ^ (len * mul);
            for (unsigned long i = 0; i < aligned; i += 8) {
                unsigned long w;
                memcpy(&w, buf + i, 8);
                unsigned long data = __shift_mix(w * mul) * mul;
                hash ^= data;
                hash *= mul;
            }
            if ((len & 7) != 0) {
                unsigned long n = len & 7;
                unsigned long data = 0;
                for (unsigned long k = n; k > 0; --k) data = (data << 8) + buf[aligned + k - 1];
                hash ^= data;
                hash *= mul;
            }
            hash = __shift_mix(hash) * mul;
            return __shift_mix(hash);
        }
        static inline unsigned long __hash_of(bool v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(char v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(signed char v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(unsigned char v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(short v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(unsigned short v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(int v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(unsigned int v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(long v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(unsigned long v) { return v; }
        static inline unsigned long __hash_of(long long v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(unsigned long long v) { return (unsigned long)v; }
        static inline unsigned long __hash_of(float v) { return v != 0.0f ? __hash_bytes(&v, 4, 0xc70f6907UL) : 0; }
        static inline unsigned long __hash_of(double v) { return v != 0.0 ? __hash_bytes(&v, 8, 0xc70f6907UL) : 0; }
        template <class T> unsigned long __hash_of(T *p) { return (unsigned long)p; }
        template <class T> struct hash { unsigned long operator()(const T &v) const { return __hash_of(v); } };
        }
        """;

    static final String HASHTABLE_PRIMES = """
        #pragma once
        #include <string>
        #include <__webcu_functional_base.h>
        namespace std {
        static inline unsigned long __hash_of(const string &s) { return __hash_bytes(s.data(), s.size(), 0xc70f6907UL); }
        // libstdc++'s __prime_list from 17 on (taken from _Prime_rehash_policy::_M_next_bkt), up to 2^32
        static const unsigned long __webcu_primes[] = {
            17UL, 19UL, 23UL, 29UL, 31UL, 37UL, 41UL, 43UL, 47UL, 53UL,
            59UL, 61UL, 67UL, 71UL, 73UL, 79UL, 83UL, 89UL, 97UL, 103UL,
            109UL, 113UL, 127UL, 137UL, 139UL, 149UL, 157UL, 167UL, 179UL, 193UL,
            199UL, 211UL, 227UL, 241UL, 257UL, 277UL, 293UL, 313UL, 337UL, 359UL,
            383UL, 409UL, 439UL, 467UL, 503UL, 541UL, 577UL, 619UL, 661UL, 709UL,
            761UL, 823UL, 887UL, 953UL, 1031UL, 1109UL, 1193UL, 1289UL, 1381UL, 1493UL,
            1613UL, 1741UL, 1879UL, 2029UL, 2179UL, 2357UL, 2549UL, 2753UL, 2971UL, 3209UL,
            3469UL, 3739UL, 4027UL, 4349UL, 4703UL, 5087UL, 5503UL, 5953UL, 6427UL, 6949UL,
            7517UL, 8123UL, 8783UL, 9497UL, 10273UL, 11113UL, 12011UL, 12983UL, 14033UL, 15173UL,
            16411UL, 17749UL, 19183UL, 20753UL, 22447UL, 24281UL, 26267UL, 28411UL, 30727UL, 33223UL,
            35933UL, 38873UL, 42043UL, 45481UL, 49201UL, 53201UL, 57557UL, 62233UL, 67307UL, 72817UL,
            78779UL, 85229UL, 92203UL, 99733UL, 107897UL, 116731UL, 126271UL, 136607UL, 147793UL, 159871UL,
            172933UL, 187091UL, 202409UL, 218971UL, 236897UL, 256279UL, 277261UL, 299951UL, 324503UL, 351061UL,
            379787UL, 410857UL, 444487UL, 480881UL, 520241UL, 562841UL, 608903UL, 658753UL, 712697UL, 771049UL,
            834181UL, 902483UL, 976369UL, 1056323UL, 1142821UL, 1236397UL, 1337629UL, 1447153UL, 1565659UL, 1693859UL,
            1832561UL, 1982627UL, 2144977UL, 2320627UL, 2510653UL, 2716249UL, 2938679UL, 3179303UL, 3439651UL, 3721303UL,
            4026031UL, 4355707UL, 4712381UL, 5098259UL, 5515729UL, 5967347UL, 6456007UL, 6984629UL, 7556579UL, 8175383UL,
            8844859UL, 9569143UL, 10352717UL, 11200489UL, 12117689UL, 13109983UL, 14183539UL, 15345007UL, 16601593UL, 17961079UL,
            19431899UL, 21023161UL, 22744717UL, 24607243UL, 26622317UL, 28802401UL, 31160981UL, 33712729UL, 36473443UL, 39460231UL,
            42691603UL, 46187573UL, 49969847UL, 54061849UL, 58488943UL, 63278561UL, 68460391UL, 74066549UL, 80131819UL, 86693767UL,
            93793069UL, 101473717UL, 109783337UL, 118773397UL, 128499677UL, 139022417UL, 150406843UL, 162723577UL, 176048909UL, 190465427UL,
            206062531UL, 222936881UL, 241193053UL, 260944219UL, 282312799UL, 305431229UL, 330442829UL, 357502601UL, 386778277UL, 418451333UL,
            452718089UL, 489790921UL, 529899637UL, 573292817UL, 620239453UL, 671030513UL, 725980837UL, 785430967UL, 849749479UL, 919334987UL,
            994618837UL, 1076067617UL, 1164186217UL, 1259520799UL, 1362662261UL, 1474249943UL, 1594975441UL, 1725587117UL, 1866894511UL, 2019773507UL,
            2185171673UL, 2364114217UL, 2557710269UL, 2767159799UL, 2993761039UL, 3238918481UL, 3504151727UL, 3791104843UL, 4101556399UL, 4294967291UL,
        };
        }
        """;

    /**
     * libstdc++'s _Hashtable for unique keys: one singly linked list of all nodes, each bucket
     * pointing at the node before its first; a new key goes to the front of its bucket, or to
     * the front of the list when its bucket is empty; buckets grow along the prime list
     * (13, 29, 59, …) when the size passes the bucket count. Iteration order is therefore
     * libstdc++'s, which programs print.
     */
    /**
     * unordered_map and unordered_set: one hash table as libstdc++ builds it (prime bucket counts,
     * one list through all buckets), differing in the element (a pair or the key itself) and in
     * the members only a map has.
     */
    private static String hashTable(String name, String params, String value, String keyOf, String members) {
        return HASH_TABLE.replace("$TPARAMS", params).replace("$NAME", name).replace("$VALUE", value).replace("$KEYOF", keyOf)
                .replace("$EXTRA", members);
    }

    private static final String HASH_MAP_MEMBERS = """
            T &operator[](const K &k) {
                __node *n = __find(k, H()(k));
                if (n) return n->v.second;
                bool ins;
                return __insert(pair<K, T>(k, T()), &ins)->v.second;
            }
            T &at(const K &k) const {
                __node *n = __find(k, H()(k));
                if (!n) __throw_out_of_range("unordered_map::at");
                return n->v.second;
            }
            pair<iterator, bool> emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            pair<iterator, bool> emplace(const pair<K, T> &v) { return insert(v); }
            pair<iterator, bool> insert_or_assign(const K &k, const T &v) { bool ins; __node *n = __insert(pair<K, T>(k, v), &ins); if (!ins) n->v.second = v; return pair<iterator, bool>(__it(n), ins); }
            pair<iterator, bool> try_emplace(const K &k, const T &v) { return insert(pair<K, T>(k, v)); }
            iterator emplace_hint(iterator hint, const K &k, const T &v) { return insert(pair<K, T>(k, v)).first; }
        """;

    private static final String HASH_SET_MEMBERS = """
            pair<iterator, bool> emplace(const K &k) { return insert(k); }
            iterator emplace_hint(iterator hint, const K &k) { return insert(k).first; }
        """;

    private static final String HASH_TABLE = """
        template <$TPARAMS> class $NAME {
        public:
            struct __node { __node *next; $VALUE v; unsigned long code; };
            struct iterator {
                __node *p;
                $VALUE &operator*() const { return p->v; }
                $VALUE *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            typedef iterator const_iterator;
            typedef K key_type;
            typedef $VALUE value_type;
            typedef unsigned long size_type;
            __node **__b;          // per bucket: the node before its first node (or __bb)
            unsigned long __nb;    // bucket count; 0 is libstdc++'s single initial bucket
            unsigned long __n;
            unsigned long __next_resize;
            __node *__bb;          // before-begin: its next is the first node
            $NAME() : __b(0), __nb(0), __n(0), __next_resize(0), __bb(0) {}
            $NAME(const $NAME &o) : __b(0), __nb(0), __n(0), __next_resize(0), __bb(0) { __assign(o); }
            ~$NAME() { __free(); }
            $NAME &operator=(const $NAME &o) { if (this != &o) { __free(); __b = 0; __nb = 0; __n = 0; __next_resize = 0; __bb = 0; __assign(o); } return *this; }
            void __free() {
                __node *p = __bb ? __bb->next : 0;
                while (p) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; }
                free((void *)__b);
                free((void *)__bb);
            }
            static const K &__key(const $VALUE &v) { return $KEYOF; }
            unsigned long __count() const { return __nb ? __nb : 1; }
            unsigned long __index(unsigned long code) const { return code % __count(); }
            void __init() {
                if (!__bb) __bb = (__node *)calloc(1, sizeof(__node));
                if (!__b) { __b = (__node **)calloc(1, sizeof(__node *)); }
            }
            // copies o's nodes in o's order into o's bucket count (libstdc++'s _M_assign)
            void __assign(const $NAME &o) {
                __init();
                if (o.__nb > 1 || o.__nb == 0) {
                    free((void *)__b);
                    __b = (__node **)calloc(o.__count(), sizeof(__node *));
                }
                __nb = o.__nb;
                __next_resize = o.__next_resize;
                __node *src = o.__bb ? o.__bb->next : 0;
                __node *prev = __bb;
                while (src) {
                    __node *n = (__node *)calloc(1, sizeof(__node));
                    __construct_node_value(&n->v, src->v);
                    n->code = src->code;
                    prev->next = n;
                    unsigned long bkt = __index(n->code);
                    if (!__b[bkt]) __b[bkt] = prev;
                    prev = n;
                    src = src->next;
                    ++__n;
                }
            }
            // _Prime_rehash_policy::_M_next_bkt
            unsigned long __next_bkt(unsigned long n) {
                static const unsigned char fast[14] = {2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13};
                if (n < 14) {
                    if (n == 0) return 1;
                    __next_resize = fast[n];
                    return fast[n];
                }
                long lo = 0, len = (long)(sizeof(__webcu_primes) / sizeof(unsigned long)) - 1;
                while (len > 0) { long half = len >> 1; if (__webcu_primes[lo + half] < n) { lo = lo + half + 1; len = len - half - 1; } else len = half; }
                __next_resize = __webcu_primes[lo];
                return __webcu_primes[lo];
            }
            // _Prime_rehash_policy::_M_need_rehash with max_load_factor 1: 0 when no rehash is due
            unsigned long __need_rehash(unsigned long n_elt, unsigned long n_ins) {
                if (n_elt + n_ins > __next_resize) {
                    unsigned long want = n_elt + n_ins;
                    if (__next_resize == 0 && want < 11) want = 11;
                    double min_bkts = (double)want;
                    unsigned long n_bkt = __count();
                    if (min_bkts >= (double)n_bkt) {
                        unsigned long a = (unsigned long)min_bkts + 1, b = n_bkt * 2;
                        return __next_bkt(a > b ? a : b);
                    }
                    __next_resize = n_bkt;
                }
                return 0;
            }
            void __rehash(unsigned long n) {
                __init();
                __node **nb = (__node **)calloc(n, sizeof(__node *));
                __node *p = __bb->next;
                __bb->next = 0;
                unsigned long bbegin = 0;
                while (p) {
                    __node *next = p->next;
                    unsigned long bkt = p->code % n;
                    if (!nb[bkt]) {
                        p->next = __bb->next;
                        __bb->next = p;
                        nb[bkt] = __bb;
                        if (p->next) nb[bbegin] = p;
                        bbegin = bkt;
                    } else {
                        p->next = nb[bkt]->next;
                        nb[bkt]->next = p;
                    }
                    p = next;
                }
                free((void *)__b);
                __b = nb;
                __nb = n;
            }
            __node *__find(const K &k, unsigned long code) const {
                if (__n == 0) return 0;
                unsigned long bkt = __index(code);
                __node *prev = __b[bkt];
                if (!prev) return 0;
                for (__node *p = prev->next; p; p = p->next) {
                    if (p->code == code && E()(__key(p->v), k)) return p;
                    if (!p->next || __index(p->next->code) != bkt) break;
                }
                return 0;
            }
            // inserts v unless its key is there; returns the node holding the key
            __node *__insert(const $VALUE &v, bool *inserted) {
                __init();
                unsigned long code = H()(__key(v));
                __node *found = __find(__key(v), code);
                if (found) { *inserted = false; return found; }
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                n->code = code;
                unsigned long r = __need_rehash(__n, 1);
                if (r) __rehash(r);
                unsigned long bkt = __index(code);
                if (__b[bkt]) {
                    n->next = __b[bkt]->next;
                    __b[bkt]->next = n;
                } else {
                    n->next = __bb->next;
                    __bb->next = n;
                    if (n->next) __b[__index(n->next->code)] = n;
                    __b[bkt] = __bb;
                }
                ++__n;
                *inserted = true;
                return n;
            }
            void __erase_node(__node *n) {
                unsigned long bkt = __index(n->code);
                __node *prev = __b[bkt];
                while (prev->next != n) prev = prev->next;
                __node *next = n->next;
                if (prev == __b[bkt]) {
                    unsigned long next_bkt = next ? __index(next->code) : 0;
                    if (!next || next_bkt != bkt) {
                        if (next) __b[next_bkt] = __b[bkt];
                        if (__bb == __b[bkt]) __bb->next = next;
                        __b[bkt] = 0;
                    }
                } else if (next) {
                    unsigned long next_bkt = __index(next->code);
                    if (next_bkt != bkt) __b[next_bkt] = prev;
                }
                prev->next = next;
                __destroy_node_value(&n->v);
                free((void *)n);
                --__n;
            }
            iterator begin() const { return __it(__bb ? __bb->next : 0); }
            iterator end() const { return __it(0); }
            iterator cbegin() const { return begin(); }
            iterator cend() const { return end(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            unsigned long bucket_count() const { return __count(); }
            unsigned long bucket(const K &k) const { return __index(H()(k)); }
            unsigned long bucket_size(unsigned long b) const {
                unsigned long c = 0;
                if (!__b || !__b[b]) return 0;
                for (__node *p = __b[b]->next; p && __index(p->code) == b; p = p->next) ++c;
                return c;
            }
            float load_factor() const { return (float)__n / (float)__count(); }
            float max_load_factor() const { return 1.0f; }
            void rehash(unsigned long n) {
                unsigned long need = __n + 1;
                if (n < need) n = need;
                unsigned long saved = __next_resize;
                n = __next_bkt(n);
                if (n != __count()) __rehash(n); else __next_resize = saved;
            }
            void reserve(unsigned long n) { rehash(n); }
            iterator find(const K &k) const { return __it(__find(k, H()(k))); }
            unsigned long count(const K &k) const { return __find(k, H()(k)) ? 1 : 0; }
            pair<iterator, iterator> equal_range(const K &k) const { iterator f = find(k); iterator l = f; if (f.p) ++l; return pair<iterator, iterator>(f, l); }
            bool contains(const K &k) const { return count(k) != 0; }
            pair<iterator, bool> insert(const $VALUE &v) { bool ins; __node *n = __insert(v, &ins); return pair<iterator, bool>(__it(n), ins); }
            void insert(const $VALUE *first, const $VALUE *last) { for (; first != last; ++first) insert(*first); }
            template <class I> void insert(I first, I last) { for (; first != last; ++first) insert(*first); }
            unsigned long erase(const K &k) { __node *n = __find(k, H()(k)); if (!n) return 0; __erase_node(n); return 1; }
            iterator erase(iterator it) { __node *next = it.p->next; __erase_node(it.p); return __it(next); }
            void clear() {
                __node *p = __bb ? __bb->next : 0;
                while (p) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; }
                if (__bb) __bb->next = 0;
                if (__b) memset((void *)__b, 0, __count() * sizeof(__node *));
                __n = 0;
            }
            void swap($NAME &o) { $NAME t = *this; *this = o; o = t; }
        $EXTRA\
            $NAME(initializer_list<$VALUE > il) : __b(0), __nb(0), __n(0), __next_resize(0), __bb(0) { for (const $VALUE *p = il.begin(); p != il.end(); ++p) insert(*p); }
        };
        """;

    static final String UNORDERED_MAP = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functional_base.h>
        #include <__webcu_functexcept.h>
        #include <__webcu_hashtable_primes.h>
        namespace std {
        """
        + hashTable("unordered_map", "class K, class T, class H = hash<K>, class E = equal_to<K> ", "pair<K, T>", "v.first", HASH_MAP_MEMBERS)
        + "}\n";

    static final String UNORDERED_SET = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functional_base.h>
        #include <__webcu_functexcept.h>
        #include <__webcu_hashtable_primes.h>
        namespace std {
        """
        + hashTable("unordered_set", "class K, class H = hash<K>, class E = equal_to<K> ", "K", "v", HASH_SET_MEMBERS) + "}\n";
    static final String ARRAY = """
        #pragma once
        #include <__webcu_functexcept.h>
        #include <__webcu_iterator_base.h>
        #include <cstdio>
        namespace std {
        template <class T, unsigned long N> struct array {
            T __elems[N];
            typedef T value_type;
            typedef T *iterator;
            typedef const T *const_iterator;
            typedef unsigned long size_type;
            T *begin() const { return (T *)__elems; }
            T *end() const { return (T *)__elems + N; }
            const T *cbegin() const { return __elems; }
            const T *cend() const { return __elems + N; }
            std::reverse_iterator<T *> rbegin() const { return std::reverse_iterator<T *>(end()); }
            std::reverse_iterator<T *> rend() const { return std::reverse_iterator<T *>(begin()); }
            std::reverse_iterator<const T *> crbegin() const { return std::reverse_iterator<const T *>(end()); }
            std::reverse_iterator<const T *> crend() const { return std::reverse_iterator<const T *>(begin()); }
            T *data() const { return (T *)__elems; }
            unsigned long size() const { return N; }
            unsigned long max_size() const { return N; }
            bool empty() const { return N == 0; }
            T &operator[](unsigned long i) const { return ((T *)__elems)[i]; }
            T &at(unsigned long i) const {
                if (i >= N) {
                    char m[160];
                    snprintf(m, 160, "array::at: __n (which is %zu) >= _Nm (which is %zu)", i, N);
                    __throw_out_of_range(m);
                }
                return ((T *)__elems)[i];
            }
            T &front() const { return ((T *)__elems)[0]; }
            T &back() const { return ((T *)__elems)[N - 1]; }
            void fill(const T &v) { for (unsigned long i = 0; i < N; ++i) __elems[i] = v; }
            void swap(array &o) { for (unsigned long i = 0; i < N; ++i) { T t = __elems[i]; __elems[i] = o.__elems[i]; o.__elems[i] = t; } }
            bool operator==(const array &o) const { for (unsigned long i = 0; i < N; ++i) if (!(__elems[i] == o.__elems[i])) return false; return true; }
            bool operator!=(const array &o) const { return !(*this == o); }
        };
        }
        """;

    /** A deque as one buffer with room kept at both ends: elements stay contiguous, iterators are pointers. */
    static final String DEQUE = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <cstdio>
        #include <initializer_list>
        #include <__webcu_functexcept.h>
        #include <__webcu_functional_base.h>
        #include <__webcu_iterator_base.h>
        namespace std {
        template <class T> class deque {
        public:
            typedef T value_type;
            typedef T *iterator;
            typedef const T *const_iterator;
            typedef unsigned long size_type;
            T *__buf;
            unsigned long __head;
            unsigned long __n;
            unsigned long __cap;
            deque() : __buf(0), __head(0), __n(0), __cap(0) {}
            explicit deque(unsigned long n) : __buf(0), __head(0), __n(0), __cap(0) { for (unsigned long i = 0; i < n; ++i) push_back(T()); }
            deque(unsigned long n, const T &v) : __buf(0), __head(0), __n(0), __cap(0) { for (unsigned long i = 0; i < n; ++i) push_back(v); }
            deque(initializer_list<T> il) : __buf(0), __head(0), __n(0), __cap(0) { for (const T *p = il.begin(); p != il.end(); ++p) push_back(*p); }
            deque(const deque &o) : __buf(0), __head(0), __n(0), __cap(0) { for (unsigned long i = 0; i < o.__n; ++i) push_back(o.__buf[o.__head + i]); }
            ~deque() { for (unsigned long i = 0; i < __n; ++i) __buf[__head + i].~T(); free((void *)__buf); }
            deque &operator=(const deque &o) { if (this != &o) { clear(); for (unsigned long i = 0; i < o.__n; ++i) push_back(o.__buf[o.__head + i]); } return *this; }
            // a new buffer with 'front' free slots before the elements and as many after
            void __regrow(unsigned long front) {
                unsigned long c = (__n + 1) * 2 + front + 8;
                T *b = (T *)calloc(c, sizeof(T));
                if (__n) memcpy((void *)(b + front), (void *)(__buf + __head), __n * sizeof(T));
                free((void *)__buf);
                __buf = b;
                __head = front;
                __cap = c;
            }
            T *begin() const { return __buf + __head; }
            T *end() const { return __buf + __head + __n; }
            const T *cbegin() const { return __buf + __head; }
            const T *cend() const { return __buf + __head + __n; }
            std::reverse_iterator<T *> rbegin() const { return std::reverse_iterator<T *>(end()); }
            std::reverse_iterator<T *> rend() const { return std::reverse_iterator<T *>(begin()); }
            std::reverse_iterator<const T *> crbegin() const { return std::reverse_iterator<const T *>(end()); }
            std::reverse_iterator<const T *> crend() const { return std::reverse_iterator<const T *>(begin()); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            T &operator[](unsigned long i) const { return __buf[__head + i]; }
            T &at(unsigned long i) const {
                if (i >= __n) {
                    char m[160];
                    snprintf(m, 160, "deque::_M_range_check: __n (which is %zu)>= this->size() (which is %zu)", i, __n);
                    __throw_out_of_range(m);
                }
                return __buf[__head + i];
            }
            T &front() const { return __buf[__head]; }
            T &back() const { return __buf[__head + __n - 1]; }
            // v may be an element: it is copied into the buffer only once the buffer has room
            void push_back(const T &v) {
                if (__head + __n == __cap) { T copy = v; __regrow(__n / 2 + 4); __construct_node_value(__buf + __head + __n, copy); } else __construct_node_value(__buf + __head + __n, v);
                ++__n;
            }
            void push_front(const T &v) {
                if (__head == 0) { T copy = v; __regrow(__n + 8); __construct_node_value(__buf + __head - 1, copy); } else __construct_node_value(__buf + __head - 1, v);
                --__head;
                ++__n;
            }
            template <class A> void emplace_back(const A &a) { push_back(T(a)); }
            template <class A> void emplace_front(const A &a) { push_front(T(a)); }
            template <class A> T *emplace(const T *pos, const A &a) { return insert((T *)pos, T(a)); }
            void pop_back() { --__n; __buf[__head + __n].~T(); memset((void *)(__buf + __head + __n), 0, sizeof(T)); }
            void pop_front() { __buf[__head].~T(); memset((void *)(__buf + __head), 0, sizeof(T)); ++__head; --__n; }
            void clear() { for (unsigned long i = 0; i < __n; ++i) __buf[__head + i].~T(); if (__buf) memset((void *)__buf, 0, __cap * sizeof(T)); __head = __cap / 2; __n = 0; }
            void resize(unsigned long n) { while (__n > n) pop_back(); while (__n < n) push_back(T()); }
            T *erase(T *pos) {
                unsigned long k = pos - begin();
                for (unsigned long i = k; i + 1 < __n; ++i) __buf[__head + i] = __buf[__head + i + 1];
                pop_back();
                return begin() + k;
            }
            T *insert(T *pos, const T &v) {
                unsigned long k = pos - begin();
                push_back(v);
                for (unsigned long i = __n - 1; i > k; --i) { T t = __buf[__head + i]; __buf[__head + i] = __buf[__head + i - 1]; __buf[__head + i - 1] = t; }
                return begin() + k;
            }
        };
        }
        """;

    static final String LIST = """
        #pragma once
        #include <cstdlib>
        #include <initializer_list>
        #include <__webcu_iterator_base.h>
        #include <__webcu_functional_base.h>
        namespace std {
        template <class T> class list {
        public:
            struct __node { __node *prev; __node *next; T v; };
            struct iterator {
                __node *p;
                T &operator*() const { return p->v; }
                T *operator->() const { return &p->v; }
                iterator &operator++() { p = p->next; return *this; }
                iterator operator++(int) { iterator t = *this; p = p->next; return t; }
                iterator &operator--() { p = p->prev; return *this; }
                iterator operator--(int) { iterator t = *this; p = p->prev; return t; }
                bool operator==(const iterator &o) const { return p == o.p; }
                bool operator!=(const iterator &o) const { return p != o.p; }
            };
            typedef iterator const_iterator;
            typedef T value_type;
            typedef unsigned long size_type;
            static iterator __it(__node *n) { iterator i; i.p = n; return i; }
            __node *__h;
            unsigned long __n;
            list() : __h(0), __n(0) {}
            list(unsigned long n, const T &v) : __h(0), __n(0) { for (unsigned long i = 0; i < n; ++i) push_back(v); }
            list(initializer_list<T> il) : __h(0), __n(0) { for (const T *p = il.begin(); p != il.end(); ++p) push_back(*p); }
            template <class I, class = typename __enable_if_iter<I>::type> list(I first, I last) : __h(0), __n(0) { for (; first != last; ++first) push_back(*first); }
            list(const list &o) : __h(0), __n(0) { if (o.__h) for (__node *p = o.__h->next; p != o.__h; p = p->next) push_back(p->v); }
            ~list() { clear(); free((void *)__h); }
            list &operator=(const list &o) { if (this != &o) { clear(); if (o.__h) for (__node *p = o.__h->next; p != o.__h; p = p->next) push_back(p->v); } return *this; }
            void __init() { if (!__h) { __h = (__node *)calloc(1, sizeof(__node)); __h->prev = __h; __h->next = __h; } }
            iterator begin() { __init(); return __it(__h->next); }
            iterator end() { __init(); return __it(__h); }
            const_iterator cbegin() { return begin(); }
            const_iterator cend() { return end(); }
            std::reverse_iterator<iterator> rbegin() { return std::reverse_iterator<iterator>(end()); }
            std::reverse_iterator<iterator> rend() { return std::reverse_iterator<iterator>(begin()); }
            std::reverse_iterator<iterator> crbegin() { return rbegin(); }
            std::reverse_iterator<iterator> crend() { return rend(); }
            unsigned long size() const { return __n; }
            bool empty() const { return __n == 0; }
            T &front() { return __h->next->v; }
            T &back() { return __h->prev->v; }
            // links a new node before pos (its value is made by the caller)
            void __link(iterator pos, __node *n) {
                __node *after = pos.p;
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                ++__n;
            }
            iterator insert(iterator pos, const T &v) {
                __init();
                __node *n = (__node *)calloc(1, sizeof(__node));
                __construct_node_value(&n->v, v);
                __node *after = pos.p;
                n->next = after;
                n->prev = after->prev;
                after->prev->next = n;
                after->prev = n;
                ++__n;
                return __it(n);
            }
            iterator erase(iterator pos) {
                __node *n = pos.p;
                __node *next = n->next;
                n->prev->next = next;
                next->prev = n->prev;
                __destroy_node_value(&n->v);
                free((void *)n);
                --__n;
                return __it(next);
            }
            void push_back(const T &v) { insert(end(), v); }
            void push_front(const T &v) { insert(begin(), v); }
            void push_back(T &&v) { __link(end(), (__node *)calloc(1, sizeof(__node))); new ((void *)&__h->prev->v) T(std::move(v)); }
            void push_front(T &&v) { __link(begin(), (__node *)calloc(1, sizeof(__node))); new ((void *)&__h->next->v) T(std::move(v)); }
            template <class A> void emplace_back(const A &a) { push_back(T(a)); }
            template <class A> void emplace_front(const A &a) { push_front(T(a)); }
            template <class A> iterator emplace(iterator pos, const A &a) { return insert(pos, T(a)); }
            void pop_back() { erase(__it(__h->prev)); }
            void pop_front() { erase(__it(__h->next)); }
            void clear() { if (!__h) return; __node *p = __h->next; while (p != __h) { __node *nx = p->next; __destroy_node_value(&p->v); free((void *)p); p = nx; } __h->next = __h; __h->prev = __h; __n = 0; }
            void remove(const T &v) { iterator i = begin(); while (i != end()) { if (*i == v) i = erase(i); else ++i; } }
            template <class P> void remove_if(P pred) { iterator i = begin(); while (i != end()) { if (pred(*i)) i = erase(i); else ++i; } }
            void reverse() { if (!__h) return; __node *p = __h; do { __node *t = p->next; p->next = p->prev; p->prev = t; p = t; } while (p != __h); }
            // a stable sort's order is unique: insertion by relinking keeps libstdc++'s result
            template <class C> void sort(C comp) {
                if (__n < 2) return;
                __node *p = __h->next->next;
                while (p != __h) {
                    __node *next = p->next;
                    __node *q = p->prev;
                    while (q != __h && comp(p->v, q->v)) q = q->prev;
                    if (q != p->prev) {
                        p->prev->next = p->next; p->next->prev = p->prev;
                        p->next = q->next; p->prev = q; q->next->prev = p; q->next = p;
                    }
                    p = next;
                }
            }
            struct __lt { bool operator()(const T &a, const T &b) const { return a < b; } };
            void sort() { sort(__lt()); }
            void unique() { if (__n < 2) return; iterator i = begin(); iterator j = i; ++j; while (j != end()) { if (*i == *j) j = erase(j); else { i = j; ++j; } } }
        };
        }
        """;

    static final String QUEUE = """
        #pragma once
        #include <deque>
        #include <vector>
        #include <algorithm>
        #include <__webcu_functional_base.h>
        namespace std {
        template <class T, class S = deque<T> > class queue {
        public:
            typedef T value_type;
            typedef unsigned long size_type;
            S c;
            ~queue() {} // c is destroyed after it
            unsigned long size() const { return c.size(); }
            bool empty() const { return c.empty(); }
            T &front() { return c.front(); }
            T &back() { return c.back(); }
            void push(const T &v) { c.push_back(v); }
            template <class A> void emplace(const A &a) { c.push_back(T(a)); }
            void pop() { c.pop_front(); }
            void swap(queue &o) { S t = c; c = o.c; o.c = t; }
        };
        // push and pop as libstdc++ does, through push_heap and pop_heap: top() and the order of
        // equal priorities are the same
        template <class T, class S = vector<T>, class C = less<T> > class priority_queue {
        public:
            typedef T value_type;
            typedef unsigned long size_type;
            S c;
            C comp;
            ~priority_queue() {} // c is destroyed after it
            priority_queue() {}
            explicit priority_queue(const C &cmp) : comp(cmp) {}
            priority_queue(const T *first, const T *last) { for (; first != last; ++first) c.push_back(*first); make_heap(c.begin(), c.end(), comp); }
            unsigned long size() const { return c.size(); }
            bool empty() const { return c.empty(); }
            const T &top() const { return c.front(); }
            void push(const T &v) { c.push_back(v); push_heap(c.begin(), c.end(), comp); }
            template <class A> void emplace(const A &a) { push(T(a)); }
            template <class A, class B> void emplace(const A &a, const B &b) { push(T(a, b)); }
            void pop() { pop_heap(c.begin(), c.end(), comp); c.pop_back(); }
        };
        }
        """;

    static final String STACK = """
        #pragma once
        #include <deque>
        namespace std {
        template <class T, class S = deque<T> > class stack {
        public:
            typedef T value_type;
            typedef unsigned long size_type;
            S c;
            ~stack() {} // c is destroyed after it
            unsigned long size() const { return c.size(); }
            bool empty() const { return c.empty(); }
            T &top() { return c.back(); }
            void push(const T &v) { c.push_back(v); }
            template <class A> void emplace(const A &a) { c.push_back(T(a)); }
            void pop() { c.pop_back(); }
        };
        }
        """;
    static final String MEMORY = """
        #pragma once
        #include <cstddef>
        #include <utility>
        namespace std {
        // Ownership moves on copy, as std::move(p) would move it: webcu's std::move is the
        // identity, so a copy from a unique_ptr is where its ownership moves.
        template <class T> class unique_ptr {
        public:
            typedef T element_type;
            typedef T *pointer;
            T *__p;
            unique_ptr() : __p(0) {}
            explicit unique_ptr(T *p) : __p(p) {}
            unique_ptr(const unique_ptr &o) : __p(o.__p) { unique_ptr *from = (unique_ptr *)&o; from->__p = 0; }
            // unique_ptr<Base> from unique_ptr<Derived>: the member initialiser checks that U * converts to T *
            template <class U> unique_ptr(unique_ptr<U> &&o) : __p(o.__p) { o.__p = 0; }
            ~unique_ptr() { if (__p) delete __p; }
            unique_ptr &operator=(const unique_ptr &o) { if (this != &o) { T *p = o.__p; unique_ptr *from = (unique_ptr *)&o; from->__p = 0; reset(p); } return *this; }
            T *get() const { return __p; }
            T &operator*() const { return *__p; }
            T *operator->() const { return __p; }
            T *release() { T *p = __p; __p = 0; return p; }
            void reset(T *p = 0) { T *old = __p; __p = p; if (old) delete old; }
            void swap(unique_ptr &o) { T *p = __p; __p = o.__p; o.__p = p; }
            bool operator!() const { return __p == 0; }
            explicit operator bool() const { return __p != 0; }
            bool operator==(const unique_ptr &o) const { return __p == o.__p; }
            bool operator!=(const unique_ptr &o) const { return __p != o.__p; }
            bool operator==(nullptr_t) const { return __p == 0; }
            bool operator!=(nullptr_t) const { return __p != 0; }
        };
        // unique_ptr<T[]>: owns an array from new[], indexed; moves on copy as above
        template <class T> class unique_ptr<T[]> {
        public:
            typedef T element_type;
            typedef T *pointer;
            T *__p;
            unique_ptr() : __p(0) {}
            explicit unique_ptr(T *p) : __p(p) {}
            unique_ptr(const unique_ptr &o) : __p(o.__p) { unique_ptr *from = (unique_ptr *)&o; from->__p = 0; }
            ~unique_ptr() { if (__p) delete[] __p; }
            unique_ptr &operator=(const unique_ptr &o) { if (this != &o) { T *p = o.__p; unique_ptr *from = (unique_ptr *)&o; from->__p = 0; reset(p); } return *this; }
            T &operator[](unsigned long i) const { return __p[i]; }
            T *get() const { return __p; }
            T *release() { T *p = __p; __p = 0; return p; }
            void reset(T *p = 0) { T *old = __p; __p = p; if (old) delete[] old; }
            explicit operator bool() const { return __p != 0; }
        };
        template <class T> unique_ptr<T> make_unique() { return unique_ptr<T>(new T()); }
        template <class T, class A> unique_ptr<T> make_unique(const A &a) { return unique_ptr<T>(new T(a)); }
        template <class T, class A, class B> unique_ptr<T> make_unique(const A &a, const B &b) { return unique_ptr<T>(new T(a, b)); }
        template <class T, class A, class B, class C> unique_ptr<T> make_unique(const A &a, const B &b, const C &c) { return unique_ptr<T>(new T(a, b, c)); }
        template <class T, class A, class B, class C, class D> unique_ptr<T> make_unique(const A &a, const B &b, const C &c, const D &d) { return unique_ptr<T>(new T(a, b, c, d)); }

        // the control block: owners, weak_ptrs, and how the object goes (delete, or the deleter given)
        struct __sp_block {
            long __uses;
            long __weaks;
            __sp_block() : __uses(1), __weaks(0) {}
            virtual void __dispose() = 0;
            virtual ~__sp_block() {}
        };
        template <class T> struct __sp_delete : __sp_block {
            T *__p;
            __sp_delete(T *p) : __p(p) {}
            void __dispose() { delete __p; }
        };
        template <class T, class D> struct __sp_deleter : __sp_block {
            T *__p;
            D __d;
            __sp_deleter(T *p, const D &d) : __p(p), __d(d) {}
            void __dispose() { __d(__p); }
        };
        template <class T> class weak_ptr;
        template <class T> class shared_ptr {
        public:
            typedef T element_type;
            T *__p;
            __sp_block *__c;
            shared_ptr() : __p(0), __c(0) {}
            shared_ptr(nullptr_t) : __p(0), __c(0) {}
            explicit shared_ptr(T *p) : __p(p), __c(0) { if (p) __c = new __sp_delete<T>(p); }
            template <class D> shared_ptr(T *p, D d) : __p(p), __c(new __sp_deleter<T, D>(p, d)) {}
            shared_ptr(const shared_ptr &o) : __p(o.__p), __c(o.__c) { if (__c) ++__c->__uses; }
            // shared_ptr<Base> from shared_ptr<Derived>: the pointer converts, the count is shared
            template <class U> shared_ptr(const shared_ptr<U> &o) : __p(o.__p), __c(o.__c) { if (__c) ++__c->__uses; }
            ~shared_ptr() { __release(); }
            void __release() {
                if (__c && --__c->__uses == 0) {
                    __c->__dispose();
                    if (__c->__weaks == 0) delete __c;
                }
                __p = 0;
                __c = 0;
            }
            shared_ptr &operator=(const shared_ptr &o) {
                if (__c != o.__c) { __release(); __p = o.__p; __c = o.__c; if (__c) ++__c->__uses; }
                return *this;
            }
            T *get() const { return __p; }
            T &operator*() const { return *__p; }
            T *operator->() const { return __p; }
            long use_count() const { return __c ? __c->__uses : 0; }
            bool unique() const { return use_count() == 1; }
            explicit operator bool() const { return __p != 0; }
            void reset() { __release(); }
            void reset(T *p) { __release(); __p = p; if (p) __c = new __sp_delete<T>(p); }
            template <class D> void reset(T *p, D d) { __release(); __p = p; __c = new __sp_deleter<T, D>(p, d); }
            void swap(shared_ptr &o) { T *p = __p; __p = o.__p; o.__p = p; __sp_block *c = __c; __c = o.__c; o.__c = c; }
            bool operator!() const { return __p == 0; }
            bool operator==(const shared_ptr &o) const { return __p == o.__p; }
            bool operator!=(const shared_ptr &o) const { return __p != o.__p; }
            bool operator==(nullptr_t) const { return __p == 0; }
            bool operator!=(nullptr_t) const { return __p != 0; }
        };
        template <class T> class weak_ptr {
        public:
            typedef T element_type;
            T *__p;
            __sp_block *__c;
            weak_ptr() : __p(0), __c(0) {}
            weak_ptr(const shared_ptr<T> &s) : __p(s.__p), __c(s.__c) { if (__c) ++__c->__weaks; }
            weak_ptr(const weak_ptr &o) : __p(o.__p), __c(o.__c) { if (__c) ++__c->__weaks; }
            ~weak_ptr() { __drop(); }
            void __drop() {
                if (__c && --__c->__weaks == 0 && __c->__uses == 0) delete __c;
                __p = 0;
                __c = 0;
            }
            weak_ptr &operator=(const weak_ptr &o) {
                if (o.__c) ++o.__c->__weaks;
                __sp_block *c = o.__c;
                T *p = o.__p;
                __drop();
                __p = p;
                __c = c;
                return *this;
            }
            weak_ptr &operator=(const shared_ptr<T> &s) { weak_ptr w(s); *this = w; return *this; }
            long use_count() const { return __c ? __c->__uses : 0; }
            bool expired() const { return use_count() == 0; }
            shared_ptr<T> lock() const {
                shared_ptr<T> s;
                if (!expired()) { s.__p = __p; s.__c = __c; ++__c->__uses; }
                return s;
            }
            void reset() { __drop(); }
        };
        template <class T> shared_ptr<T> make_shared() { return shared_ptr<T>(new T()); }
        template <class T, class A> shared_ptr<T> make_shared(const A &a) { return shared_ptr<T>(new T(a)); }
        template <class T, class A, class B> shared_ptr<T> make_shared(const A &a, const B &b) { return shared_ptr<T>(new T(a, b)); }
        template <class T, class A, class B, class C> shared_ptr<T> make_shared(const A &a, const B &b, const C &c) { return shared_ptr<T>(new T(a, b, c)); }
        template <class T, class A, class B, class C, class D> shared_ptr<T> make_shared(const A &a, const B &b, const C &c, const D &d) { return shared_ptr<T>(new T(a, b, c, d)); }
        }
        """;

    static final String FUNCTIONAL = """
        #pragma once
        #include <__webcu_functional_base.h>
        #include <__webcu_function.h>
        """;

    /** Programs run on one thread: a mutex is never contended, an atomic is a plain variable. */
    static final String ATOMIC = """
        #pragma once
        namespace std {
        enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release, memory_order_acq_rel, memory_order_seq_cst };
        template <class T> struct atomic {
            T __v;
            atomic() : __v() {}
            atomic(T v) : __v(v) {}
            T load(memory_order o = memory_order_seq_cst) const { return __v; }
            void store(T v, memory_order o = memory_order_seq_cst) { __v = v; }
            T exchange(T v, memory_order o = memory_order_seq_cst) { T old = __v; __v = v; return old; }
            bool compare_exchange_strong(T &expected, T desired, memory_order o = memory_order_seq_cst) { if (__v == expected) { __v = desired; return true; } expected = __v; return false; }
            bool compare_exchange_weak(T &expected, T desired, memory_order o = memory_order_seq_cst) { return compare_exchange_strong(expected, desired, o); }
            T fetch_add(T d, memory_order o = memory_order_seq_cst) { T old = __v; __v = __v + d; return old; }
            T fetch_sub(T d, memory_order o = memory_order_seq_cst) { T old = __v; __v = __v - d; return old; }
            T fetch_and(T d, memory_order o = memory_order_seq_cst) { T old = __v; __v = __v & d; return old; }
            T fetch_or(T d, memory_order o = memory_order_seq_cst) { T old = __v; __v = __v | d; return old; }
            T fetch_xor(T d, memory_order o = memory_order_seq_cst) { T old = __v; __v = __v ^ d; return old; }
            T operator=(T v) { __v = v; return v; }
            T operator++() { return ++__v; }
            T operator++(int) { return __v++; }
            T operator--() { return --__v; }
            T operator--(int) { return __v--; }
            T operator+=(T d) { return __v += d; }
            T operator-=(T d) { return __v -= d; }
            bool is_lock_free() const { return true; }
        };
        typedef atomic<int> atomic_int;
        typedef atomic<long> atomic_long;
        typedef atomic<bool> atomic_bool;
        typedef atomic<unsigned int> atomic_uint;
        }
        """;

    static final String MUTEX = """
        #pragma once
        namespace std {
        class mutex {
        public:
            bool __locked;
            mutex() : __locked(false) {}
            void lock() { __locked = true; }
            bool try_lock() { if (__locked) return false; __locked = true; return true; }
            void unlock() { __locked = false; }
        };
        typedef mutex recursive_mutex;
        template <class M> class lock_guard {
        public:
            M *__m;
            explicit lock_guard(M &m) : __m(&m) { m.lock(); }
            ~lock_guard() { __m->unlock(); }
        };
        template <class M> class unique_lock {
        public:
            M *__m;
            bool __owns;
            explicit unique_lock(M &m) : __m(&m), __owns(true) { m.lock(); }
            ~unique_lock() { if (__owns) __m->unlock(); }
            void lock() { __m->lock(); __owns = true; }
            void unlock() { __m->unlock(); __owns = false; }
            bool owns_lock() const { return __owns; }
        };
        }
        """;

    static final String THREAD = """
        #pragma once
        #include <chrono>
        namespace std {
        // webcu runs a program on one thread: hardware_concurrency says so, and sleeping waits
        // on the steady clock
        class thread {
        public:
            static unsigned int hardware_concurrency() { return 1; }
        };
        namespace this_thread {
        template <class D> void sleep_for(const D &d) {
            std::chrono::nanoseconds ns = d;
            long until = __webcu_clock_ns(0) + ns.count();
            while (__webcu_clock_ns(0) < until) {}
        }
        static inline void yield() {}
        }
        }
        """;

    static final String TYPE_TRAITS = """
        #pragma once
        #include <limits>
        #include <bits/move.h>
        namespace std {
        template <class T, T V> struct integral_constant { static const T value = V; typedef T value_type; };
        typedef integral_constant<bool, true> true_type;
        typedef integral_constant<bool, false> false_type;
        template <class T, class U> struct is_same { static const bool value = false; };
        template <class T> struct is_same<T, T> { static const bool value = true; };
        template <bool B, class T, class F> struct conditional { typedef T type; };
        template <class T, class F> struct conditional<false, T, F> { typedef F type; };
        template <class T> struct remove_const { typedef T type; };
        template <class T> struct remove_const<const T> { typedef T type; };
        template <class T> struct is_pointer { static const bool value = false; };
        template <class T> struct is_pointer<T *> { static const bool value = true; };
        template <class T> struct is_integral { static const bool value = false; };
        template <> struct is_integral<bool> { static const bool value = true; };
        template <> struct is_integral<char> { static const bool value = true; };
        template <> struct is_integral<signed char> { static const bool value = true; };
        template <> struct is_integral<unsigned char> { static const bool value = true; };
        template <> struct is_integral<short> { static const bool value = true; };
        template <> struct is_integral<unsigned short> { static const bool value = true; };
        template <> struct is_integral<int> { static const bool value = true; };
        template <> struct is_integral<unsigned int> { static const bool value = true; };
        template <> struct is_integral<long> { static const bool value = true; };
        template <> struct is_integral<unsigned long> { static const bool value = true; };
        template <> struct is_integral<long long> { static const bool value = true; };
        template <> struct is_integral<unsigned long long> { static const bool value = true; };
        template <class T> struct is_integral<const T> { static const bool value = is_integral<T>::value; };
        template <class T> struct is_floating_point { static const bool value = false; };
        template <> struct is_floating_point<float> { static const bool value = true; };
        template <> struct is_floating_point<double> { static const bool value = true; };
        template <> struct is_floating_point<long double> { static const bool value = true; };
        template <class T> struct is_arithmetic { static const bool value = true; };
        template <class T> struct is_signed { static const bool value = __lim_of((T *)0).is_signed; };
        template <class T> struct is_unsigned { static const bool value = !__lim_of((T *)0).is_signed; };
        template <bool B, class T = void> struct enable_if {};
        template <class T> struct enable_if<true, T> { typedef T type; };
        }
        """;
}
