package webcu.frontend;

/**
 * The texts of {@code <exception>}, {@code <stdexcept>}, {@code <new>} and {@code <typeinfo>}, and of
 * {@code <__webcu_functexcept.h>}, the library's way to throw (libstdc++'s bits/functexcept.h).
 *
 * <p>Every standard exception keeps its message in std::exception itself, so that what() gives
 * the right text through a reference to any base even where no virtual call is made; the
 * message is a copy on the heap, which copies of the object share (nothing frees it: a
 * program throws few exceptions). what() is still virtual, for classes that override it.
 */
final class ExceptionHeaders {
    private ExceptionHeaders() {}

    static final String EXCEPTION = """
        #pragma once
        #include <cstddef>
        #include <cstdio>
        #include <cstdlib>
        #include <cstring>
        namespace std {
        class exception {
        public:
            const char *__what;
            exception() noexcept : __what("std::exception") {}
            exception(const char *__w, int) noexcept : __what(__w) {}
            ~exception() noexcept {}
            virtual const char *what() const noexcept { return __what ? __what : "std::exception"; }
            static const char *__copy(const char *s) {
                size_t n = strlen(s) + 1;
                char *p = (char *) malloc(n);
                memcpy(p, s, n);
                return p;
            }
        };
        class bad_exception : public exception {
        public:
            bad_exception() noexcept : exception("std::bad_exception", 0) {}
        };
        typedef void (*terminate_handler)();
        static inline void terminate() noexcept {
            fprintf(stderr, "terminate called without an active exception\\n");
            abort();
        }
        }
        #include <__webcu_exception_ptr.h>
        """;

    /**
     * std::exception_ptr: the address of an exception object the runtime keeps alive while a
     * pointer holds it (a count in webcu.vm.ExceptionLibrary); the last one to go runs the
     * object's destructor, which the runtime hands back because it cannot call the program.
     */
    static final String EXCEPTION_PTR = """
        #pragma once
        extern "C" void *__webcu_eh_current();
        extern "C" void __webcu_eh_ptr_ref(void *p);
        extern "C" void *__webcu_eh_ptr_release(void *p);
        extern "C" void __webcu_eh_ptr_free(void *p);
        extern "C" void __webcu_eh_rethrow_ptr(void *p);
        namespace std {
        class exception_ptr {
        public:
            void *__p;
            exception_ptr() noexcept : __p(0) {}
            exception_ptr(decltype(nullptr)) noexcept : __p(0) {}
            exception_ptr(void *p, int) noexcept : __p(p) {}
            exception_ptr(const exception_ptr &o) noexcept : __p(o.__p) { if (__p) __webcu_eh_ptr_ref(__p); }
            ~exception_ptr() { __drop(); }
            exception_ptr &operator=(const exception_ptr &o) noexcept {
                if (o.__p) __webcu_eh_ptr_ref(o.__p);
                __drop();
                __p = o.__p;
                return *this;
            }
            void __drop() {
                if (!__p) return;
                typedef void (*__dtor_t)(void *);
                __dtor_t d = (__dtor_t)__webcu_eh_ptr_release(__p);
                if (d) {
                    d(__p);
                    __webcu_eh_ptr_free(__p);
                }
                __p = 0;
            }
            explicit operator bool() const noexcept { return __p != 0; }
            bool operator==(const exception_ptr &o) const noexcept { return __p == o.__p; }
            bool operator!=(const exception_ptr &o) const noexcept { return __p != o.__p; }
        };
        // built in the result and taken by reference: webcu does not yet destroy a returned local
        // or a by-value parameter, whose count would then never drop
        static inline exception_ptr current_exception() noexcept { return exception_ptr(__webcu_eh_current(), 0); }
        [[noreturn]] static inline void rethrow_exception(const exception_ptr &p) { __webcu_eh_rethrow_ptr(p.__p); }
        template <class E> exception_ptr make_exception_ptr(E e) noexcept {
            try {
                throw e;
            } catch (...) {
                return current_exception();
            }
        }
        }
        """;

    static final String STDEXCEPT = """
        #pragma once
        #include <exception>
        // <string> reports its errors through these classes (via __webcu_functexcept.h), so it may be
        // the header that included this one: string is declared here and defined at the end.
        namespace std { class string; }
        namespace std {
        class logic_error : public exception {
        public:
            explicit logic_error(const char *s) : exception(exception::__copy(s), 0) {}
            explicit logic_error(const string &s) : exception(exception::__copy(s.c_str()), 0) {}
        };
        class domain_error : public logic_error {
        public:
            explicit domain_error(const char *s) : logic_error(s) {}
            explicit domain_error(const string &s) : logic_error(s) {}
        };
        class invalid_argument : public logic_error {
        public:
            explicit invalid_argument(const char *s) : logic_error(s) {}
            explicit invalid_argument(const string &s) : logic_error(s) {}
        };
        class length_error : public logic_error {
        public:
            explicit length_error(const char *s) : logic_error(s) {}
            explicit length_error(const string &s) : logic_error(s) {}
        };
        class out_of_range : public logic_error {
        public:
            explicit out_of_range(const char *s) : logic_error(s) {}
            explicit out_of_range(const string &s) : logic_error(s) {}
        };
        class runtime_error : public exception {
        public:
            explicit runtime_error(const char *s) : exception(exception::__copy(s), 0) {}
            explicit runtime_error(const string &s) : exception(exception::__copy(s.c_str()), 0) {}
        };
        class range_error : public runtime_error {
        public:
            explicit range_error(const char *s) : runtime_error(s) {}
            explicit range_error(const string &s) : runtime_error(s) {}
        };
        class overflow_error : public runtime_error {
        public:
            explicit overflow_error(const char *s) : runtime_error(s) {}
            explicit overflow_error(const string &s) : runtime_error(s) {}
        };
        class underflow_error : public runtime_error {
        public:
            explicit underflow_error(const char *s) : runtime_error(s) {}
            explicit underflow_error(const string &s) : runtime_error(s) {}
        };
        }
        #include <string>
        """;

    static final String NEW = """
        #pragma once
        #include <exception>
        #include <cstdlib>
        namespace std {
        class bad_alloc : public exception {
        public:
            bad_alloc() noexcept : exception("std::bad_alloc", 0) {}
        };
        class bad_array_new_length : public bad_alloc {
        public:
            bad_array_new_length() noexcept { __what = "std::bad_array_new_length"; }
        };
        struct nothrow_t { explicit nothrow_t() {} };
        static const nothrow_t nothrow;
        }
        // the global allocation functions; a program's own definitions replace them (see Sema)
        // as libstdc++: the other forms go through operator new(size_t) and operator delete(void *)
        void *operator new(size_t n) { return malloc(n ? n : 1); }
        void operator delete(void *p) noexcept { free(p); }
        void *operator new[](size_t n) { return ::operator new(n); }
        void operator delete[](void *p) noexcept { ::operator delete(p); }
        void operator delete(void *p, size_t n) noexcept { ::operator delete(p); }
        void operator delete[](void *p, size_t n) noexcept { ::operator delete[](p); }
        void *operator new(size_t n, const std::nothrow_t &t) noexcept { return ::operator new(n); }
        void *operator new[](size_t n, const std::nothrow_t &t) noexcept { return ::operator new[](n); }
        void operator delete(void *p, const std::nothrow_t &t) noexcept { ::operator delete(p); }
        void operator delete[](void *p, const std::nothrow_t &t) noexcept { ::operator delete[](p); }
        inline void *operator new(size_t n, void *p) noexcept { return p; }
        inline void *operator new[](size_t n, void *p) noexcept { return p; }
        inline void operator delete(void *p, void *q) noexcept {}
        inline void operator delete[](void *p, void *q) noexcept {}
        """;

    static final String TYPEINFO = """
        #pragma once
        #include <exception>
        namespace std {
        class bad_cast : public exception {
        public:
            bad_cast() noexcept : exception("std::bad_cast", 0) {}
        };
        class bad_typeid : public exception {
        public:
            bad_typeid() noexcept : exception("std::bad_typeid", 0) {}
        };
        }
        """;

    /** The library's error reporting: each throws the std exception it names. */
    static final String FUNCTEXCEPT = """
        #pragma once
        #include <stdexcept>
        #include <new>
        namespace std {
        static inline void __throw_logic_error(const char *s) { throw logic_error(s); }
        static inline void __throw_domain_error(const char *s) { throw domain_error(s); }
        static inline void __throw_invalid_argument(const char *s) { throw invalid_argument(s); }
        static inline void __throw_out_of_range(const char *s) { throw out_of_range(s); }
        static inline void __throw_length_error(const char *s) { throw length_error(s); }
        static inline void __throw_runtime_error(const char *s) { throw runtime_error(s); }
        static inline void __throw_overflow_error(const char *s) { throw overflow_error(s); }
        static inline void __throw_underflow_error(const char *s) { throw underflow_error(s); }
        static inline void __throw_range_error(const char *s) { throw range_error(s); }
        static inline void __throw_bad_alloc() { throw bad_alloc(); }
        }
        """;
}
