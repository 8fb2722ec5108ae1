package webcu.frontend;

/** The text of cmath/math.h: C functions, the float overloads C++ adds, and CUDA math intrinsics. */
final class MathHeader {
    private MathHeader() {}

    static final String TEXT = """
        #pragma once
        #define M_PI 3.14159265358979323846
        #define M_E 2.7182818284590452354
        #define INFINITY (__builtin_inff())
        #define NAN (__builtin_nanf(""))
        #define HUGE_VALF (__builtin_inff())
        #define HUGE_VAL (__builtin_inf())
        extern "C" {
        __host__ __device__ double sqrt(double x);
        __host__ __device__ float sqrtf(float x);
        __host__ __device__ double cbrt(double x);
        __host__ __device__ float cbrtf(float x);
        __host__ __device__ double sin(double x);
        __host__ __device__ float sinf(float x);
        __host__ __device__ double cos(double x);
        __host__ __device__ float cosf(float x);
        __host__ __device__ double tan(double x);
        __host__ __device__ float tanf(float x);
        __host__ __device__ double asin(double x);
        __host__ __device__ float asinf(float x);
        __host__ __device__ double acos(double x);
        __host__ __device__ float acosf(float x);
        __host__ __device__ double atan(double x);
        __host__ __device__ float atanf(float x);
        __host__ __device__ double sinh(double x);
        __host__ __device__ float sinhf(float x);
        __host__ __device__ double cosh(double x);
        __host__ __device__ float coshf(float x);
        __host__ __device__ double tanh(double x);
        __host__ __device__ float tanhf(float x);
        __host__ __device__ double asinh(double x);
        __host__ __device__ float asinhf(float x);
        __host__ __device__ double acosh(double x);
        __host__ __device__ float acoshf(float x);
        __host__ __device__ double atanh(double x);
        __host__ __device__ float atanhf(float x);
        __host__ __device__ double exp(double x);
        __host__ __device__ float expf(float x);
        __host__ __device__ double exp2(double x);
        __host__ __device__ float exp2f(float x);
        __host__ __device__ double expm1(double x);
        __host__ __device__ float expm1f(float x);
        __host__ __device__ double log(double x);
        __host__ __device__ float logf(float x);
        __host__ __device__ double log2(double x);
        __host__ __device__ float log2f(float x);
        __host__ __device__ double log10(double x);
        __host__ __device__ float log10f(float x);
        __host__ __device__ double log1p(double x);
        __host__ __device__ float log1pf(float x);
        __host__ __device__ double floor(double x);
        __host__ __device__ float floorf(float x);
        __host__ __device__ double ceil(double x);
        __host__ __device__ float ceilf(float x);
        __host__ __device__ double trunc(double x);
        __host__ __device__ float truncf(float x);
        __host__ __device__ double round(double x);
        __host__ __device__ float roundf(float x);
        __host__ __device__ double rint(double x);
        __host__ __device__ float rintf(float x);
        __host__ __device__ double nearbyint(double x);
        __host__ __device__ float nearbyintf(float x);
        __host__ __device__ double fabs(double x);
        __host__ __device__ float fabsf(float x);
        __host__ __device__ double erf(double x);
        __host__ __device__ float erff(float x);
        __host__ __device__ double erfc(double x);
        __host__ __device__ float erfcf(float x);
        __host__ __device__ double tgamma(double x);
        __host__ __device__ float tgammaf(float x);
        __host__ __device__ double lgamma(double x);
        __host__ __device__ float lgammaf(float x);
        __host__ __device__ double pow(double x, double y);
        __host__ __device__ float powf(float x, float y);
        __host__ __device__ double atan2(double x, double y);
        __host__ __device__ float atan2f(float x, float y);
        __host__ __device__ double fmod(double x, double y);
        __host__ __device__ float fmodf(float x, float y);
        __host__ __device__ double fmin(double x, double y);
        __host__ __device__ float fminf(float x, float y);
        __host__ __device__ double fmax(double x, double y);
        __host__ __device__ float fmaxf(float x, float y);
        __host__ __device__ double hypot(double x, double y);
        __host__ __device__ float hypotf(float x, float y);
        __host__ __device__ double copysign(double x, double y);
        __host__ __device__ float copysignf(float x, float y);
        __host__ __device__ double remainder(double x, double y);
        __host__ __device__ float remainderf(float x, float y);
        __host__ __device__ double fdim(double x, double y);
        __host__ __device__ float fdimf(float x, float y);
        __host__ __device__ double fma(double x, double y, double z);
        __host__ __device__ float fmaf(float x, float y, float z);
        __host__ __device__ double ldexp(double x, int e);
        __host__ __device__ float ldexpf(float x, int e);
        __host__ __device__ double frexp(double x, int *e);
        __host__ __device__ float frexpf(float x, int *e);
        __host__ __device__ double modf(double x, double *i);
        __host__ __device__ float modff(float x, float *i);
        __host__ __device__ long lround(double x);
        __host__ __device__ long lroundf(float x);
        __host__ __device__ float __builtin_inff(void);
        __host__ __device__ double __builtin_inf(void);
        __host__ __device__ float __builtin_nanf(const char *s);
        __host__ __device__ int __webcu_isnan(double x);
        __host__ __device__ int __webcu_isinf(double x);
        __host__ __device__ int __webcu_isfinite(double x);
        __host__ __device__ int __webcu_signbit(double x);
        __device__ float rsqrtf(float x);
        __device__ double rsqrt(double x);
        __device__ float __expf(float x);
        __device__ float __logf(float x);
        __device__ float __sinf(float x);
        __device__ float __cosf(float x);
        __device__ float __powf(float x, float y);
        __device__ float __fdividef(float x, float y);
        __device__ float __fadd_rn(float x, float y);
        __device__ float __fsub_rn(float x, float y);
        __device__ float __fmul_rn(float x, float y);
        __device__ float __fdiv_rn(float x, float y);
        __device__ float __fmaf_rn(float x, float y, float z);
        __device__ float __saturatef(float x);
        __device__ int __float2int_rn(float x);
        __device__ int __float2int_rz(float x);
        __device__ int __float2int_ru(float x);
        __device__ int __float2int_rd(float x);
        __device__ unsigned int __float2uint_rn(float x);
        __device__ unsigned int __float2uint_rz(float x);
        __device__ float __int2float_rn(int x);
        __device__ int __float_as_int(float x);
        __device__ float __int_as_float(int x);
        __device__ unsigned int __float_as_uint(float x);
        __device__ float __uint_as_float(unsigned int x);
        __device__ int __popc(unsigned int x);
        __device__ int __popcll(unsigned long long x);
        __device__ int __clz(int x);
        __device__ int __clzll(long long x);
        __device__ int __ffs(int x);
        __device__ unsigned int __brev(unsigned int x);
        __device__ int __mul24(int x, int y);
        __device__ int __mulhi(int x, int y);
        __device__ unsigned int __umulhi(unsigned int x, unsigned int y);
        __host__ __device__ int min(int a, int b);
        __host__ __device__ int max(int a, int b);
        __host__ __device__ unsigned int umin(unsigned int a, unsigned int b);
        __host__ __device__ unsigned int umax(unsigned int a, unsigned int b);
        }
        static __host__ __device__ inline float sqrt(float x) { return sqrtf(x); }
        static __host__ __device__ inline float cbrt(float x) { return cbrtf(x); }
        static __host__ __device__ inline float sin(float x) { return sinf(x); }
        static __host__ __device__ inline float cos(float x) { return cosf(x); }
        static __host__ __device__ inline float tan(float x) { return tanf(x); }
        static __host__ __device__ inline float asin(float x) { return asinf(x); }
        static __host__ __device__ inline float acos(float x) { return acosf(x); }
        static __host__ __device__ inline float atan(float x) { return atanf(x); }
        static __host__ __device__ inline float sinh(float x) { return sinhf(x); }
        static __host__ __device__ inline float cosh(float x) { return coshf(x); }
        static __host__ __device__ inline float tanh(float x) { return tanhf(x); }
        static __host__ __device__ inline float asinh(float x) { return asinhf(x); }
        static __host__ __device__ inline float acosh(float x) { return acoshf(x); }
        static __host__ __device__ inline float atanh(float x) { return atanhf(x); }
        static __host__ __device__ inline float exp(float x) { return expf(x); }
        static __host__ __device__ inline float exp2(float x) { return exp2f(x); }
        static __host__ __device__ inline float expm1(float x) { return expm1f(x); }
        static __host__ __device__ inline float log(float x) { return logf(x); }
        static __host__ __device__ inline float log2(float x) { return log2f(x); }
        static __host__ __device__ inline float log10(float x) { return log10f(x); }
        static __host__ __device__ inline float log1p(float x) { return log1pf(x); }
        static __host__ __device__ inline float floor(float x) { return floorf(x); }
        static __host__ __device__ inline float ceil(float x) { return ceilf(x); }
        static __host__ __device__ inline float trunc(float x) { return truncf(x); }
        static __host__ __device__ inline float round(float x) { return roundf(x); }
        static __host__ __device__ inline float rint(float x) { return rintf(x); }
        static __host__ __device__ inline float nearbyint(float x) { return nearbyintf(x); }
        static __host__ __device__ inline float fabs(float x) { return fabsf(x); }
        static __host__ __device__ inline float erf(float x) { return erff(x); }
        static __host__ __device__ inline float erfc(float x) { return erfcf(x); }
        static __host__ __device__ inline float tgamma(float x) { return tgammaf(x); }
        static __host__ __device__ inline float lgamma(float x) { return lgammaf(x); }
        static __host__ __device__ inline float pow(float x, float y) { return powf(x, y); }
        static __host__ __device__ inline float atan2(float x, float y) { return atan2f(x, y); }
        static __host__ __device__ inline float fmod(float x, float y) { return fmodf(x, y); }
        static __host__ __device__ inline float fmin(float x, float y) { return fminf(x, y); }
        static __host__ __device__ inline float fmax(float x, float y) { return fmaxf(x, y); }
        static __host__ __device__ inline float hypot(float x, float y) { return hypotf(x, y); }
        static __host__ __device__ inline float copysign(float x, float y) { return copysignf(x, y); }
        static __host__ __device__ inline float remainder(float x, float y) { return remainderf(x, y); }
        static __host__ __device__ inline float fdim(float x, float y) { return fdimf(x, y); }
        static __host__ __device__ inline float fma(float x, float y, float z) { return fmaf(x, y, z); }
        static __host__ __device__ inline float abs(float x) { return fabsf(x); }
        static __host__ __device__ inline double abs(double x) { return fabs(x); }
        static __host__ __device__ inline float min(float a, float b) { return fminf(a, b); }
        static __host__ __device__ inline float max(float a, float b) { return fmaxf(a, b); }
        static __host__ __device__ inline double min(double a, double b) { return fmin(a, b); }
        static __host__ __device__ inline double max(double a, double b) { return fmax(a, b); }
        static __host__ __device__ inline unsigned int min(unsigned int a, unsigned int b) { return umin(a, b); }
        static __host__ __device__ inline unsigned int max(unsigned int a, unsigned int b) { return umax(a, b); }
        static __host__ __device__ inline long long min(long long a, long long b) { return a < b ? a : b; }
        static __host__ __device__ inline long long max(long long a, long long b) { return a > b ? a : b; }
        #define isnan(x) __webcu_isnan(x)
        #define isinf(x) __webcu_isinf(x)
        #define isfinite(x) __webcu_isfinite(x)
        #define signbit(x) __webcu_signbit(x)
        namespace std {
        using ::sqrt;
        using ::cbrt;
        using ::sin;
        using ::cos;
        using ::tan;
        using ::asin;
        using ::acos;
        using ::atan;
        using ::sinh;
        using ::cosh;
        using ::tanh;
        using ::asinh;
        using ::acosh;
        using ::atanh;
        using ::exp;
        using ::exp2;
        using ::expm1;
        using ::log;
        using ::log2;
        using ::log10;
        using ::log1p;
        using ::floor;
        using ::ceil;
        using ::trunc;
        using ::round;
        using ::rint;
        using ::nearbyint;
        using ::fabs;
        using ::erf;
        using ::erfc;
        using ::tgamma;
        using ::lgamma;
        using ::pow;
        using ::atan2;
        using ::fmod;
        using ::fmin;
        using ::fmax;
        using ::hypot;
        using ::copysign;
        using ::remainder;
        using ::fdim;
        using ::fma;
        using ::abs;
        using ::ldexp;
        using ::frexp;
        using ::modf;
        using ::lround;
        }
        """;
}
