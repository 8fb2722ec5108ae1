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
            typedef signed char int_least8_t;
            typedef short int_least16_t;
            typedef int int_least32_t;
            typedef long int_least64_t;
            typedef unsigned char uint_least8_t;
            typedef unsigned short uint_least16_t;
            typedef unsigned int uint_least32_t;
            typedef unsigned long uint_least64_t;
            typedef signed char int_fast8_t;
            typedef long int_fast16_t;
            typedef long int_fast32_t;
            typedef long int_fast64_t;
            typedef unsigned char uint_fast8_t;
            typedef unsigned long uint_fast16_t;
            typedef unsigned long uint_fast32_t;
            typedef unsigned long uint_fast64_t;
            #define INTMAX_MIN INT64_MIN
            #define INTMAX_MAX INT64_MAX
            #define UINTMAX_MAX UINT64_MAX
            #define INTPTR_MIN INT64_MIN
            #define INTPTR_MAX INT64_MAX
            #define UINTPTR_MAX UINT64_MAX
            #define PTRDIFF_MIN INT64_MIN
            #define PTRDIFF_MAX INT64_MAX
            #define INT8_C(c) c
            #define INT16_C(c) c
            #define INT32_C(c) c
            #define INT64_C(c) c ## L
            #define UINT8_C(c) c
            #define UINT16_C(c) c
            #define UINT32_C(c) c ## U
            #define UINT64_C(c) c ## UL
            #define INTMAX_C(c) c ## L
            #define UINTMAX_C(c) c ## UL
            namespace std {
            using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t;
            using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t;
            using ::intmax_t; using ::uintmax_t; using ::intptr_t; using ::uintptr_t;
            using ::int_least8_t; using ::int_least16_t; using ::int_least32_t; using ::int_least64_t;
            using ::uint_least8_t; using ::uint_least16_t; using ::uint_least32_t; using ::uint_least64_t;
            using ::int_fast8_t; using ::int_fast16_t; using ::int_fast32_t; using ::int_fast64_t;
            using ::uint_fast8_t; using ::uint_fast16_t; using ::uint_fast32_t; using ::uint_fast64_t;
            }
            """, "cstdint", "stdint.h");
        put(CHeaders.LIMITS, "climits", "limits.h");
        put(CHeaders.FLOAT, "cfloat", "float.h");
        put(CHeaders.STDIO, "cstdio", "stdio.h");
        put(CHeaders.STDLIB, "cstdlib", "stdlib.h");
        put(CHeaders.STRING, "cstring", "string.h");
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
        put(CHeaders.TIME, "ctime", "time.h");
        put(CHeaders.TYPES, "sys/types.h");
        put(CHeaders.STDARG, "__webcu_stdarg.h", "cstdarg", "stdarg.h");
        put(CHeaders.STRINGS, "strings.h");
        put(CHeaders.CTYPE, "cctype", "ctype.h");
        put(CHeaders.ERRNO, "cerrno", "errno.h");
        put(CHeaders.INTTYPES, "cinttypes", "inttypes.h");
        put(CHeaders.STDBOOL, "cstdbool", "stdbool.h");
        put(CHeaders.SIGNAL, "csignal", "signal.h");
        put(CHeaders.UNISTD, "unistd.h");
        put(CHeaders.GETOPT, "getopt.h");
        put(CHeaders.SYS_TIME, "sys/time.h");
        put(CHeaders.SYS_RESOURCE, "sys/resource.h");
        put(CHeaders.SYS_STAT, "sys/stat.h");
        put(CHeaders.FCNTL, "fcntl.h");
        put(CHeaders.SCHED, "sched.h");
        put(CHeaders.LOCALE, "clocale", "locale.h");
        put(MathHeader.TEXT, "cmath", "math.h");
        put(TemplateHeaders.MOVE, "bits/move.h");
        put(StdHeaders.UTILITY, "utility");
        put(StdHeaders.VECTOR, "vector");
        put(AlgorithmHeaders.ALGORITHM, "algorithm");
        put(StdHeaders.NUMERIC, "numeric");
        put(IteratorHeaders.ITERATOR_BASE, "__webcu_iterator_base.h");
        put(IteratorHeaders.ITERATOR, "iterator");
        put(IteratorHeaders.SET_ALGORITHMS, "__webcu_set_algorithms.h");
        put(IteratorHeaders.NUMERIC_SCANS, "__webcu_numeric_scans.h");
        put(TupleHeaders.TUPLE, "tuple");
        put(FunctionHeaders.FUNCTION, "__webcu_function.h");
        put(StringHeaders.STRING, "string");
        put(StringHeaders.STRING_VIEW, "string_view");
        put(IoHeaders.IOS, "ios", "ostream", "istream", "streambuf", "iosfwd");
        put(IoHeaders.IOSTREAM, "iostream");
        put(IoHeaders.IOMANIP, "iomanip");
        put(IoHeaders.SSTREAM, "sstream");
        put(IoHeaders.FSTREAM, "fstream");
        put(TreeHeaders.MAP, "map");
        put(TreeHeaders.SET, "set");
        put(StdLibHeaders.LIMITS, "limits");
        put(StdLibHeaders.TYPE_TRAITS, "type_traits");
        put(RandomHeaders.RANDOM, "random");
        put(RandomHeaders.UNIFORM, "__webcu_uniform.h");
        put(RandomHeaders.RATIO, "ratio");
        put(RandomHeaders.CHRONO, "chrono");
        put(StdLibHeaders.FUNCTIONAL_BASE, "__webcu_functional_base.h");
        put(HashHeaders.HASHTABLE_PRIMES, "__webcu_hashtable_primes.h");
        put(HashHeaders.UNORDERED_MAP, "unordered_map");
        put(HashHeaders.UNORDERED_SET, "unordered_set");
        put(ContainerHeaders.ARRAY, "array");
        put(ContainerHeaders.DEQUE, "deque");
        put(ContainerHeaders.LIST, "list");
        put(ContainerHeaders.QUEUE, "queue");
        put(ContainerHeaders.STACK, "stack");
        put(StdLibHeaders.MEMORY, "memory");
        put(StdLibHeaders.FUNCTIONAL, "functional");
        put(StdLibHeaders.ATOMIC, "atomic");
        put(StdLibHeaders.MUTEX, "mutex");
        put(StdLibHeaders.THREAD, "thread");
        put(BitsetHeaders.BITSET, "bitset");
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
        put(ExceptionHeaders.EXCEPTION, "exception");
        put(ExceptionHeaders.EXCEPTION_PTR, "__webcu_exception_ptr.h");
        put(ExceptionHeaders.STDEXCEPT, "stdexcept");
        put(ExceptionHeaders.NEW, "new");
        put(ExceptionHeaders.TYPEINFO, "typeinfo");
        put(ExceptionHeaders.FUNCTEXCEPT, "__webcu_functexcept.h");
        // GCC's precompiled everything-header, as programs from competitive programming include it
        put("""
            #pragma once
            #include <cassert>
            #include <cctype>
            #include <cerrno>
            #include <cfloat>
            #include <cinttypes>
            #include <climits>
            #include <clocale>
            #include <cmath>
            #include <csignal>
            #include <cstdarg>
            #include <cstddef>
            #include <cstdint>
            #include <cstdio>
            #include <cstdlib>
            #include <cstring>
            #include <ctime>
            #include <algorithm>
            #include <array>
            #include <atomic>
            #include <bitset>
            #include <chrono>
            #include <deque>
            #include <exception>
            #include <fstream>
            #include <functional>
            #include <initializer_list>
            #include <iomanip>
            #include <iostream>
            #include <iterator>
            #include <limits>
            #include <list>
            #include <map>
            #include <memory>
            #include <mutex>
            #include <new>
            #include <numeric>
            #include <queue>
            #include <random>
            #include <ratio>
            #include <set>
            #include <sstream>
            #include <stack>
            #include <stdexcept>
            #include <string>
            #include <string_view>
            #include <thread>
            #include <tuple>
            #include <type_traits>
            #include <typeinfo>
            #include <unordered_map>
            #include <unordered_set>
            #include <utility>
            #include <vector>
            """, "bits/stdc++.h");
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
