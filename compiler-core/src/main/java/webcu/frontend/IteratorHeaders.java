package webcu.frontend;

/**
 * Built-in header text for {@code <iterator>} and the iterator algorithms other headers share:
 * iterator_traits, distance/advance/next/prev and std::begin/end/size (libstdc++'s
 * bits/stl_iterator_base_*.h and bits/range_access.h, which {@code <algorithm>} and
 * {@code <numeric>} include as libstdc++'s do), the insert iterators and ostream_iterator, the
 * sorted-range set algorithms and the C++17 scans of {@code <numeric>}. The library's container
 * iterators declare no member typedefs, so iterator_traits reads the value type off
 * {@code *it}.
 */
final class IteratorHeaders {
    private IteratorHeaders() {}

    static final String ITERATOR_BASE = """
        #pragma once
        #include <bits/move.h>
        namespace std {
        template <class T> T &&__declval();
        template <class T> struct __unqual { typedef T type; };
        template <class T> struct __unqual<T &> { typedef typename __unqual<T>::type type; };
        template <class T> struct __unqual<T &&> { typedef typename __unqual<T>::type type; };
        template <class T> struct __unqual<const T> { typedef T type; };
        // what may be an iterator: integers are counts, as in vector(n, value)
        template <class T> struct __enable_if_iter { typedef void type; };
        template <> struct __enable_if_iter<bool> {};
        template <> struct __enable_if_iter<char> {};
        template <> struct __enable_if_iter<signed char> {};
        template <> struct __enable_if_iter<unsigned char> {};
        template <> struct __enable_if_iter<short> {};
        template <> struct __enable_if_iter<unsigned short> {};
        template <> struct __enable_if_iter<int> {};
        template <> struct __enable_if_iter<unsigned int> {};
        template <> struct __enable_if_iter<long> {};
        template <> struct __enable_if_iter<unsigned long> {};
        template <> struct __enable_if_iter<long long> {};
        template <> struct __enable_if_iter<unsigned long long> {};
        struct input_iterator_tag {};
        struct output_iterator_tag {};
        struct forward_iterator_tag : input_iterator_tag {};
        struct bidirectional_iterator_tag : forward_iterator_tag {};
        struct random_access_iterator_tag : bidirectional_iterator_tag {};
        template <class I> struct iterator_traits {
            typedef typename __unqual<decltype(*__declval<I &>())>::type value_type;
            typedef long difference_type;
            typedef value_type *pointer;
            typedef value_type &reference;
            typedef bidirectional_iterator_tag iterator_category;
        };
        template <class T> struct iterator_traits<T *> {
            typedef T value_type;
            typedef long difference_type;
            typedef T *pointer;
            typedef T &reference;
            typedef random_access_iterator_tag iterator_category;
        };
        template <class T> struct iterator_traits<const T *> {
            typedef T value_type;
            typedef long difference_type;
            typedef const T *pointer;
            typedef const T &reference;
            typedef random_access_iterator_tag iterator_category;
        };
        // std::reverse_iterator: current is one past the element it names, as libstdc++'s
        template <class _Iter> class reverse_iterator {
        public:
            _Iter current;
            typedef _Iter iterator_type;
            typedef typename iterator_traits<_Iter>::value_type value_type;
            typedef typename iterator_traits<_Iter>::difference_type difference_type;
            typedef typename iterator_traits<_Iter>::pointer pointer;
            typedef typename iterator_traits<_Iter>::reference reference;
            typedef typename iterator_traits<_Iter>::iterator_category iterator_category;
            reverse_iterator() : current() {}
            explicit reverse_iterator(_Iter __x) : current(__x) {}
            template <class _Up> reverse_iterator(const reverse_iterator<_Up> &o) : current(o.current) {}
            _Iter base() const { return current; }
            reference operator*() const { _Iter __t = current; --__t; return *__t; }
            pointer operator->() const { _Iter __t = current; --__t; return &*__t; }
            reverse_iterator &operator++() { --current; return *this; }
            reverse_iterator operator++(int) { reverse_iterator t = *this; --current; return t; }
            reverse_iterator &operator--() { ++current; return *this; }
            reverse_iterator operator--(int) { reverse_iterator t = *this; ++current; return t; }
            reverse_iterator operator+(long n) const { return reverse_iterator(current - n); }
            reverse_iterator operator-(long n) const { return reverse_iterator(current + n); }
            // a member, so that it is found beside operator-(long): r2 - r1 counts the elements between
            template <class _Iter2> long operator-(const reverse_iterator<_Iter2> &o) const { return o.current - current; }
            reverse_iterator &operator+=(long n) { current -= n; return *this; }
            reverse_iterator &operator-=(long n) { current += n; return *this; }
            reference operator[](long n) const { return *(*this + n); }
        };
        template <class _Iter> struct iterator_traits<reverse_iterator<_Iter> > {
            typedef typename iterator_traits<_Iter>::value_type value_type;
            typedef long difference_type;
            typedef typename iterator_traits<_Iter>::pointer pointer;
            typedef typename iterator_traits<_Iter>::reference reference;
            typedef typename iterator_traits<_Iter>::iterator_category iterator_category;
        };
        template <class _Iter, class _Iter2> bool operator==(const reverse_iterator<_Iter> &a, const reverse_iterator<_Iter2> &b) { return a.current == b.current; }
        template <class _Iter, class _Iter2> bool operator!=(const reverse_iterator<_Iter> &a, const reverse_iterator<_Iter2> &b) { return a.current != b.current; }
        template <class _Iter, class _Iter2> bool operator<(const reverse_iterator<_Iter> &a, const reverse_iterator<_Iter2> &b) { return b.current < a.current; }
        template <class _Iter, class _Iter2> bool operator>(const reverse_iterator<_Iter> &a, const reverse_iterator<_Iter2> &b) { return a.current < b.current; }
        template <class _Iter, class _Iter2> bool operator<=(const reverse_iterator<_Iter> &a, const reverse_iterator<_Iter2> &b) { return !(a.current < b.current); }
        template <class _Iter, class _Iter2> bool operator>=(const reverse_iterator<_Iter> &a, const reverse_iterator<_Iter2> &b) { return !(b.current < a.current); }
        template <class _Iter> reverse_iterator<_Iter> operator+(long n, const reverse_iterator<_Iter> &r) { return r + n; }
        template <class _Iter> reverse_iterator<_Iter> make_reverse_iterator(_Iter __i) { return reverse_iterator<_Iter>(__i); }
        template <class _Cont> auto rbegin(_Cont &__c) -> decltype(__c.rbegin()) { return __c.rbegin(); }
        template <class _Cont> auto rend(_Cont &__c) -> decltype(__c.rend()) { return __c.rend(); }
        template <class _Cont> auto crbegin(const _Cont &__c) -> decltype(__c.crbegin()) { return __c.crbegin(); }
        template <class _Cont> auto crend(const _Cont &__c) -> decltype(__c.crend()) { return __c.crend(); }
        template <class _Tp, unsigned long _Np> reverse_iterator<_Tp *> rbegin(_Tp (&__arr)[_Np]) { return reverse_iterator<_Tp *>(__arr + _Np); }
        template <class _Tp, unsigned long _Np> reverse_iterator<_Tp *> rend(_Tp (&__arr)[_Np]) { return reverse_iterator<_Tp *>(__arr); }
        template <class I> long __distance(I first, I last, input_iterator_tag) { long n = 0; for (; first != last; ++first) ++n; return n; }
        template <class I> long __distance(I first, I last, random_access_iterator_tag) { return last - first; }
        template <class I> long distance(I first, I last) { return __distance(first, last, typename iterator_traits<I>::iterator_category()); }
        template <class I> void __advance(I &it, long n, bidirectional_iterator_tag) { if (n > 0) { while (n--) ++it; } else { while (n++) --it; } }
        template <class I> void __advance(I &it, long n, random_access_iterator_tag) { it += n; }
        template <class I, class D> void advance(I &it, D n) { __advance(it, (long)n, typename iterator_traits<I>::iterator_category()); }
        template <class I> I next(I it, long n = 1) { advance(it, n); return it; }
        template <class I> I prev(I it, long n = 1) { advance(it, -n); return it; }
        template <class C> auto begin(C &c) -> decltype(c.begin()) { return c.begin(); }
        template <class C> auto begin(const C &c) -> decltype(c.begin()) { return c.begin(); }
        template <class C> auto end(C &c) -> decltype(c.end()) { return c.end(); }
        template <class C> auto end(const C &c) -> decltype(c.end()) { return c.end(); }
        template <class T, unsigned long N> T *begin(T (&a)[N]) { return a; }
        template <class T, unsigned long N> T *end(T (&a)[N]) { return a + N; }
        template <class C> auto cbegin(const C &c) -> decltype(c.begin()) { return c.begin(); }
        template <class C> auto cend(const C &c) -> decltype(c.end()) { return c.end(); }
        template <class C> auto size(const C &c) -> decltype(c.size()) { return c.size(); }
        template <class T, unsigned long N> unsigned long size(const T (&a)[N]) { return N; }
        template <class C> auto empty(const C &c) -> decltype(c.empty()) { return c.empty(); }
        template <class T, unsigned long N> bool empty(const T (&a)[N]) { return false; }
        template <class C> auto data(C &c) -> decltype(c.data()) { return c.data(); }
        template <class T, unsigned long N> T *data(T (&a)[N]) { return a; }
        }
        """;

    static final String ITERATOR = """
        #pragma once
        #include <__webcu_iterator_base.h>
        #include <ostream>
        namespace std {
        template <class C> struct back_insert_iterator {
            typedef C container_type;
            C *container;
            explicit back_insert_iterator(C &c) : container(&c) {}
            back_insert_iterator &operator=(const typename C::value_type &v) { container->push_back(v); return *this; }
            back_insert_iterator &operator*() { return *this; }
            back_insert_iterator &operator++() { return *this; }
            back_insert_iterator operator++(int) { return *this; }
        };
        template <class C> struct front_insert_iterator {
            typedef C container_type;
            C *container;
            explicit front_insert_iterator(C &c) : container(&c) {}
            front_insert_iterator &operator=(const typename C::value_type &v) { container->push_front(v); return *this; }
            front_insert_iterator &operator*() { return *this; }
            front_insert_iterator &operator++() { return *this; }
            front_insert_iterator operator++(int) { return *this; }
        };
        template <class C> struct insert_iterator {
            typedef C container_type;
            C *container;
            typename C::iterator iter;
            insert_iterator(C &c, typename C::iterator i) : container(&c), iter(i) {}
            insert_iterator &operator=(const typename C::value_type &v) { iter = container->insert(iter, v); ++iter; return *this; }
            insert_iterator &operator*() { return *this; }
            insert_iterator &operator++() { return *this; }
            insert_iterator operator++(int) { return *this; }
        };
        template <class C> back_insert_iterator<C> back_inserter(C &c) { return back_insert_iterator<C>(c); }
        template <class C> front_insert_iterator<C> front_inserter(C &c) { return front_insert_iterator<C>(c); }
        template <class C> insert_iterator<C> inserter(C &c, typename C::iterator i) { return insert_iterator<C>(c, i); }
        template <class T> struct ostream_iterator {
            ostream *__os;
            const char *__delim;
            ostream_iterator(ostream &os) : __os(&os), __delim(0) {}
            ostream_iterator(ostream &os, const char *delim) : __os(&os), __delim(delim) {}
            ostream_iterator &operator=(const T &v) { *__os << v; if (__delim) *__os << __delim; return *this; }
            ostream_iterator &operator*() { return *this; }
            ostream_iterator &operator++() { return *this; }
            ostream_iterator &operator++(int) { return *this; }
        };
        }
        """;

    /** libstdc++'s bits/stl_algo.h set operations: which equal elements are copied matters. */
    static final String SET_ALGORITHMS = """
        #pragma once
        namespace std {
        template <class I1, class I2, class O, class C> O set_union(I1 f1, I1 l1, I2 f2, I2 l2, O out, C comp) {
            while (f1 != l1 && f2 != l2) {
                if (comp(*f1, *f2)) { *out = *f1; ++f1; }
                else if (comp(*f2, *f1)) { *out = *f2; ++f2; }
                else { *out = *f1; ++f1; ++f2; }
                ++out;
            }
            for (; f1 != l1; ++f1, ++out) *out = *f1;
            for (; f2 != l2; ++f2, ++out) *out = *f2;
            return out;
        }
        template <class I1, class I2, class O, class C> O set_intersection(I1 f1, I1 l1, I2 f2, I2 l2, O out, C comp) {
            while (f1 != l1 && f2 != l2) {
                if (comp(*f1, *f2)) ++f1;
                else if (comp(*f2, *f1)) ++f2;
                else { *out = *f1; ++out; ++f1; ++f2; }
            }
            return out;
        }
        template <class I1, class I2, class O, class C> O set_difference(I1 f1, I1 l1, I2 f2, I2 l2, O out, C comp) {
            while (f1 != l1 && f2 != l2) {
                if (comp(*f1, *f2)) { *out = *f1; ++out; ++f1; }
                else if (comp(*f2, *f1)) ++f2;
                else { ++f1; ++f2; }
            }
            for (; f1 != l1; ++f1, ++out) *out = *f1;
            return out;
        }
        template <class I1, class I2, class O, class C> O set_symmetric_difference(I1 f1, I1 l1, I2 f2, I2 l2, O out, C comp) {
            while (f1 != l1 && f2 != l2) {
                if (comp(*f1, *f2)) { *out = *f1; ++out; ++f1; }
                else if (comp(*f2, *f1)) { *out = *f2; ++out; ++f2; }
                else { ++f1; ++f2; }
            }
            for (; f1 != l1; ++f1, ++out) *out = *f1;
            for (; f2 != l2; ++f2, ++out) *out = *f2;
            return out;
        }
        template <class I1, class I2, class C> bool includes(I1 f1, I1 l1, I2 f2, I2 l2, C comp) {
            while (f1 != l1 && f2 != l2) {
                if (comp(*f2, *f1)) return false;
                if (!comp(*f1, *f2)) ++f2;
                ++f1;
            }
            return f2 == l2;
        }
        template <class I1, class I2, class O> O set_union(I1 f1, I1 l1, I2 f2, I2 l2, O out) { return set_union(f1, l1, f2, l2, out, __less()); }
        template <class I1, class I2, class O> O set_intersection(I1 f1, I1 l1, I2 f2, I2 l2, O out) { return set_intersection(f1, l1, f2, l2, out, __less()); }
        template <class I1, class I2, class O> O set_difference(I1 f1, I1 l1, I2 f2, I2 l2, O out) { return set_difference(f1, l1, f2, l2, out, __less()); }
        template <class I1, class I2, class O> O set_symmetric_difference(I1 f1, I1 l1, I2 f2, I2 l2, O out) { return set_symmetric_difference(f1, l1, f2, l2, out, __less()); }
        template <class I1, class I2> bool includes(I1 f1, I1 l1, I2 f2, I2 l2) { return includes(f1, l1, f2, l2, __less()); }
        }
        """;

    /**
     * The C++17 algorithms of {@code <numeric>}, in libstdc++'s sequential order of operations
     * (its parallel-ready ones run left to right when no execution policy is given).
     */
    static final String NUMERIC_SCANS = """
        #pragma once
        #include <__webcu_iterator_base.h>
        namespace std {
        struct __plus { template <class A, class B> auto operator()(const A &a, const B &b) const -> decltype(a + b) { return a + b; } };
        struct __times { template <class A, class B> auto operator()(const A &a, const B &b) const -> decltype(a * b) { return a * b; } };
        // random-access ranges are reduced four elements at a time, as libstdc++ does: it changes float sums
        template <class I, class T, class F> T __reduce(I first, I last, T init, F op, input_iterator_tag) { for (; first != last; ++first) init = op(init, *first); return init; }
        template <class I, class T, class F> T __reduce(I first, I last, T init, F op, random_access_iterator_tag) {
            while (last - first >= 4) {
                T v1 = op(first[0], first[1]);
                T v2 = op(first[2], first[3]);
                T v3 = op(v1, v2);
                init = op(init, v3);
                first += 4;
            }
            for (; first != last; ++first) init = op(init, *first);
            return init;
        }
        template <class I, class T, class F> T reduce(I first, I last, T init, F op) { return __reduce(first, last, init, op, typename iterator_traits<I>::iterator_category()); }
        template <class I, class T> T reduce(I first, I last, T init) { return reduce(first, last, init, __plus()); }
        template <class I> typename iterator_traits<I>::value_type reduce(I first, I last) { return reduce(first, last, typename iterator_traits<I>::value_type()); }
        template <class I, class O, class T, class F> O exclusive_scan(I first, I last, O out, T init, F op) {
            while (first != last) { T v = init; init = op(init, *first); ++first; *out = v; ++out; }
            return out;
        }
        template <class I, class O, class T> O exclusive_scan(I first, I last, O out, T init) { return exclusive_scan(first, last, out, init, __plus()); }
        template <class I, class O, class F, class T> O inclusive_scan(I first, I last, O out, F op, T init) {
            for (; first != last; ++first) { init = op(init, *first); *out = init; ++out; }
            return out;
        }
        template <class I, class O, class F> O inclusive_scan(I first, I last, O out, F op) {
            if (first != last) {
                typename iterator_traits<I>::value_type init = *first;
                *out = init; ++out;
                return inclusive_scan(++first, last, out, op, init);
            }
            return out;
        }
        template <class I, class O> O inclusive_scan(I first, I last, O out) { return inclusive_scan(first, last, out, __plus()); }
        template <class I, class O, class T, class F, class U> O transform_exclusive_scan(I first, I last, O out, T init, F op, U unary) {
            while (first != last) { T v = init; init = op(init, unary(*first)); ++first; *out = v; ++out; }
            return out;
        }
        template <class I, class O, class F, class U> O transform_inclusive_scan(I first, I last, O out, F op, U unary) {
            if (first != last) {
                auto init = unary(*first);
                *out = init; ++out; ++first;
                for (; first != last; ++first) { init = op(init, unary(*first)); *out = init; ++out; }
            }
            return out;
        }
        template <class I, class O, class F, class U, class T> O transform_inclusive_scan(I first, I last, O out, F op, U unary, T init) {
            for (; first != last; ++first) { init = op(init, unary(*first)); *out = init; ++out; }
            return out;
        }
        template <class I, class T, class F, class U> T __transform_reduce(I first, I last, T init, F op, U unary, input_iterator_tag) {
            for (; first != last; ++first) init = op(init, unary(*first));
            return init;
        }
        template <class I, class T, class F, class U> T __transform_reduce(I first, I last, T init, F op, U unary, random_access_iterator_tag) {
            while (last - first >= 4) {
                T v1 = op(unary(first[0]), unary(first[1]));
                T v2 = op(unary(first[2]), unary(first[3]));
                T v3 = op(v1, v2);
                init = op(init, v3);
                first += 4;
            }
            for (; first != last; ++first) init = op(init, unary(*first));
            return init;
        }
        template <class I, class T, class F, class U> T transform_reduce(I first, I last, T init, F op, U unary) {
            return __transform_reduce(first, last, init, op, unary, typename iterator_traits<I>::iterator_category());
        }
        template <class I1, class I2, class T, class F, class G> T __transform_reduce2(I1 first1, I1 last1, I2 first2, T init, F op, G combine, input_iterator_tag, input_iterator_tag) {
            for (; first1 != last1; ++first1, ++first2) init = op(init, combine(*first1, *first2));
            return init;
        }
        template <class I1, class I2, class T, class F, class G> T __transform_reduce2(I1 first1, I1 last1, I2 first2, T init, F op, G combine, random_access_iterator_tag, random_access_iterator_tag) {
            while (last1 - first1 >= 4) {
                T v1 = op(combine(first1[0], first2[0]), combine(first1[1], first2[1]));
                T v2 = op(combine(first1[2], first2[2]), combine(first1[3], first2[3]));
                T v3 = op(v1, v2);
                init = op(init, v3);
                first1 += 4;
                first2 += 4;
            }
            for (; first1 != last1; ++first1, ++first2) init = op(init, combine(*first1, *first2));
            return init;
        }
        template <class I1, class I2, class T, class F, class G> T transform_reduce(I1 first1, I1 last1, I2 first2, T init, F op, G combine) {
            return __transform_reduce2(first1, last1, first2, init, op, combine,
                typename iterator_traits<I1>::iterator_category(), typename iterator_traits<I2>::iterator_category());
        }
        template <class I1, class I2, class T> T transform_reduce(I1 first1, I1 last1, I2 first2, T init) {
            return transform_reduce(first1, last1, first2, init, __plus(), __times());
        }
        }
        """;
}
