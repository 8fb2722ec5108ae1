package webcu.frontend;

/**
 * Built-in header text for {@code <tuple>}. A tuple is its first element followed by the tuple of
 * the rest (a partial specialization over a pack, ending in the empty primary template); libstdc++
 * inherits from its leaves instead, which nothing a program prints depends on. The class's
 * members are analysed for every instance, so what is only valid for some element types (default
 * construction, which a reference cannot have) is a member template, analysed when used.
 */
final class TupleHeaders {
    private TupleHeaders() {}

    static final String TUPLE = """
        #pragma once
        #include <utility>
        namespace std {
        template <class... T> class tuple;
        template <class... T> class tuple {
        public:
            typedef void __tuple_tag;
            static const unsigned long __size = 0;
            tuple() {}
            template <class Tu> void __assign(const Tu &) {}
            template <class Tu> bool __eq(const Tu &) const { return true; }
            template <class Tu> bool __lt(const Tu &) const { return false; }
            void swap(tuple &) {}
        };
        template <class H, class... T> class tuple<H, T...> {
        public:
            typedef void __tuple_tag; // what only a tuple has: a pair or a string must not take tuple's templates
            static const unsigned long __size = 1 + sizeof...(T);
            typedef H __head_type;
            typedef tuple<T...> __tail_type;
            H __head;
            tuple<T...> __tail;
            template <class D = H> tuple() : __head(), __tail() {}
            tuple(const H &h, const T &... t) : __head(h), __tail(t...) {}
            tuple(const tuple &o) : __head(o.__head), __tail(o.__tail) {}
            // tuple<long, double> from tuple<int, float>, and a two-element tuple from a pair
            template <class Tu, class = typename Tu::__tuple_tag> tuple(const Tu &o) : __head(o.__head), __tail(o.__tail) {}
            template <class A, class B> tuple(const pair<A, B> &p) : __head(p.first), __tail(p.second) {}
            // element by element, so that a tuple of references (std::tie) assigns through them
            tuple &operator=(const tuple &o) { __head = o.__head; __tail.__assign(o.__tail); return *this; }
            template <class Tu, class = typename Tu::__tuple_tag> tuple &operator=(const Tu &o) { __assign(o); return *this; }
            template <class A, class B> tuple &operator=(const pair<A, B> &p) { __head = p.first; __tail.__head = p.second; return *this; }
            template <class Tu> void __assign(const Tu &o) { __head = o.__head; __tail.__assign(o.__tail); }
            template <class Tu> bool __eq(const Tu &o) const { return __head == o.__head && __tail.__eq(o.__tail); }
            template <class Tu> bool __lt(const Tu &o) const { return __head < o.__head || (!(o.__head < __head) && __tail.__lt(o.__tail)); }
            void swap(tuple &o) { tuple t = *this; *this = o; o = t; }
        };

        // comparisons are free functions: a member operator< would hide std::string's inside the class
        template <class Tu, class Uu, class = typename Tu::__tuple_tag, class = typename Uu::__tuple_tag> bool operator==(const Tu &a, const Uu &b) { return a.__eq(b); }
        template <class Tu, class Uu, class = typename Tu::__tuple_tag, class = typename Uu::__tuple_tag> bool operator!=(const Tu &a, const Uu &b) { return !a.__eq(b); }
        template <class Tu, class Uu, class = typename Tu::__tuple_tag, class = typename Uu::__tuple_tag> bool operator<(const Tu &a, const Uu &b) { return a.__lt(b); }
        template <class Tu, class Uu, class = typename Tu::__tuple_tag, class = typename Uu::__tuple_tag> bool operator>(const Tu &a, const Uu &b) { return b.__lt(a); }
        template <class Tu, class Uu, class = typename Tu::__tuple_tag, class = typename Uu::__tuple_tag> bool operator<=(const Tu &a, const Uu &b) { return !b.__lt(a); }
        template <class Tu, class Uu, class = typename Tu::__tuple_tag, class = typename Uu::__tuple_tag> bool operator>=(const Tu &a, const Uu &b) { return !a.__lt(b); }

        template <class Tu> struct tuple_size { static const unsigned long value = Tu::__size; };
        template <class A, class B> struct tuple_size<pair<A, B> > { static const unsigned long value = 2; };

        // element I of a tuple: walks the tails
        template <unsigned long I, class Tu> struct __tuple_get {
            typedef typename __tuple_get<I - 1, typename Tu::__tail_type>::type type;
            static type &get(Tu &t) { return __tuple_get<I - 1, typename Tu::__tail_type>::get(t.__tail); }
            static const type &cget(const Tu &t) { return __tuple_get<I - 1, typename Tu::__tail_type>::cget(t.__tail); }
        };
        template <class Tu> struct __tuple_get<0, Tu> {
            typedef typename Tu::__head_type type;
            static type &get(Tu &t) { return t.__head; }
            static const type &cget(const Tu &t) { return t.__head; }
        };
        template <unsigned long I, class Tu> struct tuple_element { typedef typename __tuple_get<I, Tu>::type type; };
        template <class A, class B> struct tuple_element<0, pair<A, B> > { typedef A type; };
        template <class A, class B> struct tuple_element<1, pair<A, B> > { typedef B type; };

        template <unsigned long I, class Tu, class = typename Tu::__tuple_tag> typename __tuple_get<I, Tu>::type &get(Tu &t) { return __tuple_get<I, Tu>::get(t); }
        template <unsigned long I, class Tu, class = typename Tu::__tuple_tag> const typename __tuple_get<I, Tu>::type &get(const Tu &t) { return __tuple_get<I, Tu>::cget(t); }

        // get<T>: the index of the one element of type T
        template <class A, class B> struct __tuple_same { static const bool value = false; };
        template <class A> struct __tuple_same<A, A> { static const bool value = true; };
        template <class T, class Tu, bool = __tuple_same<T, typename Tu::__head_type>::value> struct __tuple_index { static const unsigned long value = 0; };
        template <class T, class Tu> struct __tuple_index<T, Tu, false> { static const unsigned long value = 1 + __tuple_index<T, typename Tu::__tail_type>::value; };
        template <class T, class Tu, class = typename Tu::__tuple_tag> T &get(Tu &t) { return __tuple_get<__tuple_index<T, Tu>::value, Tu>::get(t); }
        template <class T, class Tu, class = typename Tu::__tuple_tag> const T &get(const Tu &t) { return __tuple_get<__tuple_index<T, Tu>::value, Tu>::cget(t); }

        // pairs are tuple-like too
        template <unsigned long I, class A, class B> struct __pair_get;
        template <class A, class B> struct __pair_get<0, A, B> { typedef A type; static A &get(pair<A, B> &p) { return p.first; } };
        template <class A, class B> struct __pair_get<1, A, B> { typedef B type; static B &get(pair<A, B> &p) { return p.second; } };
        template <unsigned long I, class A, class B> typename __pair_get<I, A, B>::type &get(pair<A, B> &p) { return __pair_get<I, A, B>::get(p); }
        template <unsigned long I, class A, class B> const typename __pair_get<I, A, B>::type &get(const pair<A, B> &p) { return __pair_get<I, A, B>::get((pair<A, B> &)p); }

        struct __ignore_t {
            template <class T> const __ignore_t &operator=(const T &) const { return *this; }
        };
        static const __ignore_t ignore = __ignore_t();

        template <class... T> tuple<T &...> tie(T &... t) { return tuple<T &...>(t...); }
        template <class... T> tuple<T...> make_tuple(T... t) { return tuple<T...>(t...); }
        template <class... T> tuple<T &...> forward_as_tuple(T &... t) { return tuple<T &...>(t...); }
        template <class... T> void swap(tuple<T...> &a, tuple<T...> &b) { a.swap(b); }
        // apply(f, t): f(get<0>(t), …, get<N-1>(t)), the arguments gathered from the last one back
        template <unsigned long N> struct __apply_n {
            template <class F, class Tu, class... A> static auto go(F &f, Tu &t, A &... a) { return __apply_n<N - 1>::go(f, t, get<N - 1>(t), a...); }
        };
        template <> struct __apply_n<0> {
            template <class F, class Tu, class... A> static auto go(F &f, Tu &t, A &... a) { return f(a...); }
        };
        // tuple_cat: two at a time, each element taken by its index
        template <class... _Ap, class... _Bp, unsigned long... _Ip, unsigned long... _Jp>
        tuple<_Ap..., _Bp...> __tuple_cat2(const tuple<_Ap...> &__a, const tuple<_Bp...> &__b, index_sequence<_Ip...>, index_sequence<_Jp...>) {
            return tuple<_Ap..., _Bp...>(get<_Ip>(__a)..., get<_Jp>(__b)...);
        }
        inline tuple<> tuple_cat() { return tuple<>(); }
        template <class... _Ap> tuple<_Ap...> tuple_cat(const tuple<_Ap...> &__a) { return __a; }
        template <class... _Ap, class... _Bp, class... _Rest> auto tuple_cat(const tuple<_Ap...> &__a, const tuple<_Bp...> &__b, const _Rest &... __rest) {
            return tuple_cat(__tuple_cat2(__a, __b, make_index_sequence<sizeof...(_Ap)>{}, make_index_sequence<sizeof...(_Bp)>{}), __rest...);
        }
        template <class F, class Tu> auto apply(F f, Tu &t) { return __apply_n<tuple_size<Tu>::value>::go(f, t); }
        template <class F, class Tu> auto apply(F f, const Tu &t) { return __apply_n<tuple_size<Tu>::value>::go(f, t); }
        }
        """;
}
