package webcu.frontend;

/**
 * More of the C++ library that CUDA host programs use, beside {@link StdHeaders}: limits,
 * functional, memory, type_traits and the single-threaded thread/mutex/atomic. Where a program's
 * output depends on the library the text reproduces libstdc++'s algorithms.
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
