package webcu.frontend;

import java.util.HashMap;
import java.util.Map;

/**
 * The headers webcu provides: real header text declaring what the runtime and the VM's library
 * implement. A function declared here without a body is an external: the VM binds it by name,
 * and device passes lower the ones kernels may call. Standard headers share one text each
 * between their C and C++ spellings.
 */
public final class BuiltinHeaders {
    private BuiltinHeaders() {}

    private static final Map<String, String> HEADERS = new HashMap<>();

    public static String text(String name) {
        return HEADERS.get(name);
    }

    /** The first name holds the text; the others include it, so #pragma once sees one file. */
    private static void put(String text, String... names) {
        HEADERS.put(names[0], text);
        for (int i = 1; i < names.length; i++) {
            HEADERS.put(names[i], "#pragma once\n#include <" + names[0] + ">\n");
        }
    }

    static {
        put("""
            #pragma once
            typedef unsigned long size_t;
            typedef long ptrdiff_t;
            typedef long intptr_t;
            typedef unsigned long uintptr_t;
            typedef decltype(nullptr) nullptr_t;
            #define offsetof(T, m) __builtin_offsetof(T, m)
            namespace std { typedef unsigned long size_t; typedef long ptrdiff_t; }
            """, "cstddef", "stddef.h", "__webcu_base.h");
        put("""
            #pragma once
            #include <cstddef>
            typedef signed char int8_t;
            typedef short int16_t;
            typedef int int32_t;
            typedef long int64_t;
            typedef unsigned char uint8_t;
            typedef unsigned short uint16_t;
            typedef unsigned int uint32_t;
            typedef unsigned long uint64_t;
            typedef long intmax_t;
            typedef unsigned long uintmax_t;
            #define INT8_MIN (-128)
            #define INT16_MIN (-32768)
            #define INT32_MIN (-2147483647-1)
            #define INT64_MIN (-9223372036854775807L-1)
            #define INT8_MAX 127
            #define INT16_MAX 32767
            #define INT32_MAX 2147483647
            #define INT64_MAX 9223372036854775807L
            #define UINT8_MAX 255
            #define UINT16_MAX 65535
            #define UINT32_MAX 4294967295U
            #define UINT64_MAX 18446744073709551615UL
            #define SIZE_MAX 18446744073709551615UL
            namespace std {
            using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t;
            using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t;
            }
            """, "cstdint", "stdint.h");
        put("""
            #pragma once
            #define CHAR_BIT 8
            #define SCHAR_MIN (-128)
            #define SCHAR_MAX 127
            #define UCHAR_MAX 255
            #define CHAR_MIN SCHAR_MIN
            #define CHAR_MAX SCHAR_MAX
            #define SHRT_MIN (-32768)
            #define SHRT_MAX 32767
            #define USHRT_MAX 65535
            #define INT_MIN (-2147483647-1)
            #define INT_MAX 2147483647
            #define UINT_MAX 4294967295U
            #define LONG_MIN (-9223372036854775807L-1)
            #define LONG_MAX 9223372036854775807L
            #define ULONG_MAX 18446744073709551615UL
            #define LLONG_MIN (-9223372036854775807LL-1)
            #define LLONG_MAX 9223372036854775807LL
            #define ULLONG_MAX 18446744073709551615ULL
            """, "climits", "limits.h");
        put("""
            #pragma once
            #define FLT_MAX 3.40282347e+38F
            #define FLT_MIN 1.17549435e-38F
            #define FLT_EPSILON 1.19209290e-07F
            #define FLT_DIG 6
            #define FLT_MANT_DIG 24
            #define DBL_MAX 1.7976931348623157e+308
            #define DBL_MIN 2.2250738585072014e-308
            #define DBL_EPSILON 2.2204460492503131e-16
            #define DBL_DIG 15
            #define DBL_MANT_DIG 53
            """, "cfloat", "float.h");
        put("""
            #pragma once
            #include <cstddef>
            struct FILE;
            #define stdout ((FILE *)1)
            #define stderr ((FILE *)2)
            #define EOF (-1)
            extern "C" {
            __host__ __device__ int printf(const char *format, ...);
            int fprintf(FILE *stream, const char *format, ...);
            int sprintf(char *str, const char *format, ...);
            int snprintf(char *str, size_t size, const char *format, ...);
            int puts(const char *s);
            int putchar(int c);
            int fputs(const char *s, FILE *stream);
            int fputc(int c, FILE *stream);
            int fflush(FILE *stream);
            }
            namespace std { using ::printf; using ::fprintf; using ::sprintf; using ::snprintf; using ::puts; using ::putchar; using ::fflush; }
            """, "cstdio", "stdio.h");
        put("""
            #pragma once
            #include <cstddef>
            #define RAND_MAX 2147483647
            #define EXIT_SUCCESS 0
            #define EXIT_FAILURE 1
            extern "C" {
            __host__ __device__ void *malloc(size_t size);
            void *calloc(size_t n, size_t size);
            void *realloc(void *p, size_t size);
            __host__ __device__ void free(void *p);
            int rand(void);
            void srand(unsigned int seed);
            void exit(int status);
            void abort(void);
            int atoi(const char *s);
            long atol(const char *s);
            double atof(const char *s);
            long strtol(const char *s, char **end, int base);
            double strtod(const char *s, char **end);
            __host__ __device__ int abs(int x);
            __host__ __device__ long labs(long x);
            __host__ __device__ long long llabs(long long x);
            char *getenv(const char *name);
            }
            namespace std { using ::malloc; using ::calloc; using ::realloc; using ::free; using ::rand; using ::srand; using ::exit; using ::abort; using ::atoi; using ::atof; using ::abs; }
            """, "cstdlib", "stdlib.h");
        put("""
            #pragma once
            #include <cstddef>
            extern "C" {
            __host__ __device__ void *memcpy(void *dst, const void *src, size_t n);
            __host__ __device__ void *memset(void *dst, int c, size_t n);
            void *memmove(void *dst, const void *src, size_t n);
            int memcmp(const void *a, const void *b, size_t n);
            size_t strlen(const char *s);
            int strcmp(const char *a, const char *b);
            int strncmp(const char *a, const char *b, size_t n);
            char *strcpy(char *dst, const char *src);
            char *strncpy(char *dst, const char *src, size_t n);
            char *strcat(char *dst, const char *src);
            char *strchr(const char *s, int c);
            char *strstr(const char *s, const char *t);
            }
            namespace std { using ::memcpy; using ::memset; using ::memcmp; using ::strlen; using ::strcmp; using ::strcpy; }
            """, "cstring", "string.h");
        put("""
            #pragma once
            extern "C" {
            __host__ __device__ void __assert_fail(const char *expr, const char *file, unsigned int line, const char *function);
            }
            #ifdef NDEBUG
            #define assert(e) ((void)0)
            #else
            #define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
            #endif
            """, "cassert", "assert.h");
        put("""
            #pragma once
            #include <cstddef>
            typedef long clock_t;
            typedef long time_t;
            #define CLOCKS_PER_SEC 1000000L
            extern "C" {
            __host__ __device__ clock_t clock(void);
            time_t time(time_t *t);
            }
            namespace std { using ::clock; using ::time; using ::clock_t; using ::time_t; }
            """, "ctime", "time.h");
        put(MathHeader.TEXT, "cmath", "math.h");
        put(StdHeaders.UTILITY, "utility");
        put(StdHeaders.VECTOR, "vector");
        put(StdHeaders.ALGORITHM, "algorithm");
        put(StdHeaders.NUMERIC, "numeric");
        put(StdHeaders.STRING, "string");
        put(StdHeaders.MAP, "map");
        put("""
            #pragma once
            #include <cstddef>
            namespace std {
            template <class E> class initializer_list {
            public:
                const E *__array;
                size_t __len;
                initializer_list() : __array(0), __len(0) {}
                size_t size() const { return __len; }
                const E *begin() const { return __array; }
                const E *end() const { return __array + __len; }
            };
            template <class E> const E *begin(initializer_list<E> il) { return il.begin(); }
            template <class E> const E *end(initializer_list<E> il) { return il.end(); }
            }
            """, "initializer_list");
        // How the library reports errors (libstdc++'s bits/functexcept.h): every header that throws
        // calls these, so that exceptions change one place. Until throw exists they end the program
        // as an uncaught exception ends it under libstdc++.
        put("""
            #pragma once
            #include <cstdio>
            #include <cstdlib>
            namespace std {
            static inline void __webcu_uncaught(const char *type, const char *what) {
                fprintf(stderr, "terminate called after throwing an instance of '%s'\\n  what():  %s\\n", type, what);
                abort();
            }
            static inline void __throw_logic_error(const char *s) { __webcu_uncaught("std::logic_error", s); }
            static inline void __throw_invalid_argument(const char *s) { __webcu_uncaught("std::invalid_argument", s); }
            static inline void __throw_out_of_range(const char *s) { __webcu_uncaught("std::out_of_range", s); }
            static inline void __throw_length_error(const char *s) { __webcu_uncaught("std::length_error", s); }
            static inline void __throw_runtime_error(const char *s) { __webcu_uncaught("std::runtime_error", s); }
            static inline void __throw_overflow_error(const char *s) { __webcu_uncaught("std::overflow_error", s); }
            static inline void __throw_range_error(const char *s) { __webcu_uncaught("std::range_error", s); }
            static inline void __throw_bad_alloc() { __webcu_uncaught("std::bad_alloc", "std::bad_alloc"); }
            }
            """, "__webcu_functexcept.h");
        put(CudaHeaders.RUNTIME, "cuda_runtime.h", "cuda_runtime_api.h", "device_launch_parameters.h", "__webcu_cuda.h",
                "vector_types.h", "vector_functions.h", "builtin_types.h", "driver_types.h", "host_defines.h",
                "device_functions.h", "sm_20_atomic_functions.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h");
        put(CudaHeaders.HIP, "hip/hip_runtime.h", "hip/hip_runtime_api.h");
        put(CudaLibHeaders.COOPERATIVE_GROUPS, "cooperative_groups.h", "hip/hip_cooperative_groups.h");
        put(CudaLibHeaders.PROFILER_API, "cuda_profiler_api.h");
        put(CudaLibHeaders.FP16, "cuda_fp16.h", "hip/hip_fp16.h");
        put(CudaLibHeaders.DRIVER, "cuda.h");
        put(CudaLibHeaders.COOPERATIVE_GROUPS_REDUCE, "cooperative_groups/reduce.h", "cooperative_groups/scan.h");
    }
}
