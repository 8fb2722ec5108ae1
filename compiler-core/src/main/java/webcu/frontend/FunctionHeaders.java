package webcu.frontend;

/**
 * Built-in header text for the callable wrappers of {@code <functional>}: std::function (a
 * partial specialization over the call signature R(A...), erasing the callable's type behind a
 * class with virtual call and clone), std::bad_function_call, and std::bind with the
 * placeholders _1 … _4 for up to four bound arguments.
 */
final class FunctionHeaders {
    private FunctionHeaders() {}

    static final String FUNCTION = """
        #pragma once
        #include <cstddef>
        #include <exception>
        #include <bits/move.h>
        namespace std {
        class bad_function_call : public exception {
        public:
            bad_function_call() noexcept : exception("bad_function_call", 0) {}
            const char *what() const noexcept { return "bad_function_call"; }
        };
        template <class Sig> class function;
        template <class R, class... A> class function<R(A...)> {
        public:
            typedef R result_type;
            struct __callable {
                virtual R __call(A &&... a) = 0;
                virtual __callable *__clone() const = 0;
                virtual ~__callable() {}
            };
            template <class F> struct __holder : __callable {
                F __fn;
                __holder(const F &f) : __fn(f) {}
                R __call(A &&... a) { return __fn(std::forward<A>(a)...); }
                __callable *__clone() const { return new __holder(__fn); }
            };
            __callable *__f;
            function() noexcept : __f(0) {}
            function(nullptr_t) noexcept : __f(0) {}
            function(const function &o) : __f(o.__f ? o.__f->__clone() : 0) {}
            template <class F> function(F f) : __f(new __holder<F>(f)) {}
            ~function() { delete __f; }
            function &operator=(const function &o) {
                if (this != &o) {
                    __callable *c = o.__f ? o.__f->__clone() : 0;
                    delete __f;
                    __f = c;
                }
                return *this;
            }
            function &operator=(nullptr_t) { delete __f; __f = 0; return *this; }
            template <class F> function &operator=(F f) {
                __callable *c = new __holder<F>(f);
                delete __f;
                __f = c;
                return *this;
            }
            R operator()(A... a) const {
                if (!__f) throw bad_function_call();
                return __f->__call(std::forward<A>(a)...); // a by-value argument moves on, as in libstdc++
            }
            explicit operator bool() const noexcept { return __f != 0; }
            void swap(function &o) noexcept { __callable *t = __f; __f = o.__f; o.__f = t; }
        };
        template <class R, class... A> bool operator==(const function<R(A...)> &f, nullptr_t) { return !f.__f; }
        template <class R, class... A> bool operator!=(const function<R(A...)> &f, nullptr_t) { return f.__f != 0; }

        // std::bind: a placeholder _N takes the call's N-th argument, any other bound value is used as is
        template <int N> struct __placeholder {};
        namespace placeholders {
        static const __placeholder<1> _1 = __placeholder<1>();
        static const __placeholder<2> _2 = __placeholder<2>();
        static const __placeholder<3> _3 = __placeholder<3>();
        static const __placeholder<4> _4 = __placeholder<4>();
        }
        // class templates, not overloads: the placeholder case must win without partial ordering
        template <int N> struct __nth {
            template <class X, class... C> static auto get(X &x, C &... c) { return __nth<N - 1>::get(c...); }
        };
        template <> struct __nth<1> {
            template <class X, class... C> static X get(X &x, C &... c) { return x; }
        };
        template <class T> struct __arg {
            template <class... C> static T get(const T &v, C &... c) { return v; }
        };
        template <int N> struct __arg<__placeholder<N> > {
            template <class... C> static auto get(const __placeholder<N> &p, C &... c) { return __nth<N>::get(c...); }
        };
        template <class F> struct __bind0 {
            F f;
            template <class... C> auto operator()(C... c) { return f(); }
        };
        template <class F, class B1> struct __bind1 {
            F f; B1 b1;
            template <class... C> auto operator()(C... c) { return f(__arg<B1>::get(b1, c...)); }
        };
        template <class F, class B1, class B2> struct __bind2 {
            F f; B1 b1; B2 b2;
            template <class... C> auto operator()(C... c) {
                return f(__arg<B1>::get(b1, c...), __arg<B2>::get(b2, c...));
            }
        };
        template <class F, class B1, class B2, class B3> struct __bind3 {
            F f; B1 b1; B2 b2; B3 b3;
            template <class... C> auto operator()(C... c) {
                return f(__arg<B1>::get(b1, c...), __arg<B2>::get(b2, c...), __arg<B3>::get(b3, c...));
            }
        };
        template <class F, class B1, class B2, class B3, class B4> struct __bind4 {
            F f; B1 b1; B2 b2; B3 b3; B4 b4;
            template <class... C> auto operator()(C... c) {
                return f(__arg<B1>::get(b1, c...), __arg<B2>::get(b2, c...), __arg<B3>::get(b3, c...), __arg<B4>::get(b4, c...));
            }
        };
        template <class F> __bind0<F> bind(F f) { __bind0<F> b; b.f = f; return b; }
        template <class F, class B1> __bind1<F, B1> bind(F f, B1 b1) { __bind1<F, B1> b; b.f = f; b.b1 = b1; return b; }
        template <class F, class B1, class B2> __bind2<F, B1, B2> bind(F f, B1 b1, B2 b2) { __bind2<F, B1, B2> b; b.f = f; b.b1 = b1; b.b2 = b2; return b; }
        template <class F, class B1, class B2, class B3> __bind3<F, B1, B2, B3> bind(F f, B1 b1, B2 b2, B3 b3) {
            __bind3<F, B1, B2, B3> b; b.f = f; b.b1 = b1; b.b2 = b2; b.b3 = b3; return b;
        }
        template <class F, class B1, class B2, class B3, class B4> __bind4<F, B1, B2, B3, B4> bind(F f, B1 b1, B2 b2, B3 b3, B4 b4) {
            __bind4<F, B1, B2, B3, B4> b; b.f = f; b.b1 = b1; b.b2 = b2; b.b3 = b3; b.b4 = b4; return b;
        }
        }
        """;
}
