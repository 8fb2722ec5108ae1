package webcu.frontend;

/**
 * The C++ standard library as CUDA host code uses it, written in the C++ webcu compiles: here
 * <utility>, <vector>, <numeric> and <string>; the rest in {@link AlgorithmHeaders},
 * {@link TreeHeaders}, {@link HashHeaders}, {@link ContainerHeaders}, {@link RandomHeaders} and
 * {@link StdLibHeaders}. Containers keep an all-zero object as their valid empty state, so that
 * calloc'd arrays of them and bitwise moves are sound, and construct and destroy their elements in
 * place (docs/lang-lifetimes.md). Results that programs print follow libstdc++ exactly: growth of
 * capacity, sort order, heap order.
 */
final class StdHeaders {
    private StdHeaders() {}

    static final String UTILITY = """
        #pragma once
        #include <cstddef>
        #include <bits/move.h>
        namespace std {
        template <class A, class B> struct pair {
            typedef A first_type;
            typedef B second_type;
            A first;
            B second;
            pair() : first(), second() {}
            pair(const A &a, const B &b) : first(a), second(b) {}
            void swap(pair &o) { pair t = *this; *this = o; o = t; }
            bool operator==(const pair &o) const { return first == o.first && second == o.second; }
            bool operator!=(const pair &o) const { return !(*this == o); }
            bool operator<(const pair &o) const { return first < o.first || (!(o.first < first) && second < o.second); }
            bool operator>(const pair &o) const { return o < *this; }
            bool operator<=(const pair &o) const { return !(o < *this); }
            bool operator>=(const pair &o) const { return !(*this < o); }
        };
        template <class A, class B> pair<A, B> make_pair(A a, B b) { return pair<A, B>(a, b); }
        template <class T> void swap(T &a, T &b) { T t = a; a = b; b = t; }
        template <class T, class U> T exchange(T &obj, const U &v) { T old = obj; obj = v; return old; }
        template <class T> const T &min(const T &a, const T &b) { return b < a ? b : a; }
        template <class T> const T &max(const T &a, const T &b) { return a < b ? b : a; }
        template <class T, class C> const T &min(const T &a, const T &b, C comp) { return comp(b, a) ? b : a; }
        template <class T, class C> const T &max(const T &a, const T &b, C comp) { return comp(a, b) ? b : a; }
        // compile-time integer sequences; the make_ aliases are built by the compiler (as clang's
        // __make_integer_seq), not by recursive instantiation. index_sequence is a template of its own.
        // (Reserved names throughout: a program's #define N 250 must not reach them.)
        template <class _Tp, _Tp... _Ip> struct integer_sequence {
            typedef _Tp value_type;
            static constexpr size_t size() noexcept { return sizeof...(_Ip); }
        };
        template <size_t... _Ip> struct index_sequence {
            typedef size_t value_type;
            static constexpr size_t size() noexcept { return sizeof...(_Ip); }
        };
        template <class _Tp, _Tp _Np> struct __make_integer_seq;
        template <size_t _Np> struct __make_index_seq;
        template <class _Tp, _Tp _Np> using make_integer_sequence = __make_integer_seq<_Tp, _Np>;
        template <size_t _Np> using make_index_sequence = __make_index_seq<_Np>;
        template <class... _Tp> using index_sequence_for = __make_index_seq<sizeof...(_Tp)>;
        }
        """;

    static final String VECTOR = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <cstdio>
        #include <utility>
        #include <initializer_list>
        #include <__webcu_functexcept.h>
        #include <__webcu_iterator_base.h>
        #include <__webcu_functional_base.h>
        namespace std {
        // Elements live in calloc'd memory and move by memcpy: the library's containers and
        // strings keep an all-zero object as their valid empty state. Growth follows libstdc++
        // (double, at least what is asked), so capacity() prints the same.
        template <class T> class vector {
        public:
            typedef T value_type;
            typedef T *iterator;
            typedef const T *const_iterator;
            typedef std::reverse_iterator<T *> reverse_iterator;
            typedef std::reverse_iterator<const T *> const_reverse_iterator;
            typedef T &reference;
            typedef const T &const_reference;
            typedef T *pointer;
            typedef size_t size_type;
            typedef long difference_type;
            T *data_;
            size_t size_;
            size_t cap_;
            vector() : data_(0), size_(0), cap_(0) {}
            explicit vector(size_t n) : data_(0), size_(0), cap_(0) { __grow_exact(n); resize(n); }
            vector(size_t n, const T &value) : data_(0), size_(0), cap_(0) { __grow_exact(n); resize(n, value); }
            vector(const T *first, const T *last) : data_(0), size_(0), cap_(0) { assign(first, last); }
            // any other iterator pair (a set's, a list's), sized first as libstdc++ does for forward
            // iterators; an integer pair (n, value) is the constructor above
            template <class I, class = typename __enable_if_iter<I>::type> vector(I first, I last) : data_(0), size_(0), cap_(0) {
                size_t n = (size_t)distance(first, last);
                if (n) __grow_exact(n);
                for (; first != last; ++first) push_back(*first);
            }
            vector(initializer_list<T> il) : data_(0), size_(0), cap_(0) { assign(il.begin(), il.end()); }
            vector(const vector &o) : data_(0), size_(0), cap_(0) { assign(o.data_, o.data_ + o.size_); }
            ~vector() { for (size_t i = 0; i < size_; ++i) data_[i].~T(); free((void *)data_); }
            vector &operator=(const vector &o) { if (this != &o) assign(o.data_, o.data_ + o.size_); return *this; }
            vector &operator=(initializer_list<T> il) { assign(il.begin(), il.end()); return *this; }
            size_t size() const { return size_; }
            size_t capacity() const { return cap_; }
            size_t max_size() const { return 9223372036854775807UL / sizeof(T); }
            bool empty() const { return size_ == 0; }
            T *data() const { return data_; }
            T *begin() const { return data_; }
            T *end() const { return data_ + size_; }
            const T *cbegin() const { return data_; }
            const T *cend() const { return data_ + size_; }
            std::reverse_iterator<T *> rbegin() const { return std::reverse_iterator<T *>(end()); }
            std::reverse_iterator<T *> rend() const { return std::reverse_iterator<T *>(begin()); }
            std::reverse_iterator<const T *> crbegin() const { return std::reverse_iterator<const T *>(end()); }
            std::reverse_iterator<const T *> crend() const { return std::reverse_iterator<const T *>(begin()); }
            T &operator[](size_t i) const { return data_[i]; }
            T &at(size_t i) const {
                if (i >= size_) {
                    char m[160];
                    snprintf(m, 160, "vector::_M_range_check: __n (which is %zu) >= this->size() (which is %zu)", i, size_);
                    __throw_out_of_range(m);
                }
                return data_[i];
            }
            T &front() const { return data_[0]; }
            T &back() const { return data_[size_ - 1]; }
            void __grow_exact(size_t c) {
                if (c <= cap_) return;
                T *d = (T *)calloc(c ? c : 1, sizeof(T));
                if (size_) memcpy((void *)d, (void *)data_, size_ * sizeof(T));
                free((void *)data_);
                data_ = d;
                cap_ = c;
            }
            // libstdc++'s _M_check_len: the size plus the larger of the size and what is added
            void __grow_for(size_t extra) {
                if (size_ + extra <= cap_) return;
                size_t c = size_ + (size_ > extra ? size_ : extra);
                __grow_exact(c);
            }
            void reserve(size_t n) {
                if (n > max_size()) __throw_length_error("vector::reserve");
                __grow_exact(n);
            }
            void shrink_to_fit() {
                if (cap_ == size_) return;
                T *d = size_ ? (T *)calloc(size_, sizeof(T)) : (T *)0;
                if (size_) memcpy((void *)d, (void *)data_, size_ * sizeof(T));
                free((void *)data_);
                data_ = d;
                cap_ = size_;
            }
            void resize(size_t n) {
                if (n > size_) { __grow_for(n - size_); for (size_t i = size_; i < n; ++i) data_[i] = T(); }
                else for (size_t i = n; i < size_; ++i) __clear_slot(i);
                size_ = n;
            }
            void resize(size_t n, const T &value) {
                if (n > size_) { T v = value; __grow_for(n - size_); for (size_t i = size_; i < n; ++i) data_[i] = v; }
                else for (size_t i = n; i < size_; ++i) __clear_slot(i);
                size_ = n;
            }
            // an element leaves: its destructor runs, and the slot is zero again for the next assignment
            void __clear_slot(size_t i) { data_[i].~T(); memset((void *)(data_ + i), 0, sizeof(T)); }
            void push_back(const T &v) {
                if (size_ == cap_) { T copy = v; __grow_for(1); __construct_node_value(data_ + size_, copy); } else __construct_node_value(data_ + size_, v);
                ++size_;
            }
            // a temporary or std::move(x) is moved into the new slot (g++ prints "move", not "copy")
            void push_back(T &&v) {
                if (size_ == cap_) { T tmp(std::move(v)); __grow_for(1); new ((void *)(data_ + size_)) T(std::move(tmp)); }
                else new ((void *)(data_ + size_)) T(std::move(v));
                ++size_;
            }
            void emplace_back() { push_back(T()); }
            template <class A> void emplace_back(const A &a) { push_back(T(a)); }
            template <class A, class B> void emplace_back(const A &a, const B &b) { push_back(T(a, b)); }
            template <class A, class B, class C> void emplace_back(const A &a, const B &b, const C &c) { push_back(T(a, b, c)); }
            template <class A, class B, class C, class D> void emplace_back(const A &a, const B &b, const C &c, const D &d) { push_back(T(a, b, c, d)); }
            void pop_back() { --size_; __clear_slot(size_); }
            void clear() { for (size_t i = 0; i < size_; ++i) __clear_slot(i); size_ = 0; }
            void assign(size_t n, const T &value) { T v = value; clear(); if (n > cap_) __grow_exact(n); resize(n, v); }
            void assign(const T *first, const T *last) {
                size_t n = last - first;
                if (first >= data_ && first < data_ + cap_ && data_) { vector tmp(first, last); swap(tmp); return; }
                clear();
                if (n > cap_) __grow_exact(n);
                for (size_t i = 0; i < n; ++i) data_[i] = first[i];
                size_ = n;
            }
            void assign(initializer_list<T> il) { assign(il.begin(), il.end()); }
            void swap(vector &o) {
                T *d = data_; data_ = o.data_; o.data_ = d;
                size_t s = size_; size_ = o.size_; o.size_ = s;
                size_t c = cap_; cap_ = o.cap_; o.cap_ = c;
            }
            // opens a gap of n slots at k (zeroed, so assignment into them is sound)
            void __open(size_t k, size_t n) {
                __grow_for(n);
                if (size_ > k) memmove((void *)(data_ + k + n), (void *)(data_ + k), (size_ - k) * sizeof(T));
                memset((void *)(data_ + k), 0, n * sizeof(T));
                size_ += n;
            }
            T *insert(const T *pos, const T &v) { size_t k = pos - data_; T copy = v; __open(k, 1); data_[k] = copy; return data_ + k; }
            T *insert(const T *pos, size_t n, const T &v) { size_t k = pos - data_; T copy = v; __open(k, n); for (size_t i = 0; i < n; ++i) data_[k + i] = copy; return data_ + k; }
            T *insert(const T *pos, const T *first, const T *last) {
                size_t k = pos - data_;
                vector tmp(first, last);
                size_t n = tmp.size_;
                __open(k, n);
                for (size_t i = 0; i < n; ++i) data_[k + i] = tmp.data_[i];
                return data_ + k;
            }
            T *insert(const T *pos, initializer_list<T> il) { return insert(pos, il.begin(), il.end()); }
            template <class A> T *emplace(const T *pos, const A &a) { return insert(pos, T(a)); }
            T *erase(const T *pos) { return erase(pos, pos + 1); }
            T *erase(const T *first, const T *last) {
                size_t k = first - data_;
                size_t n = last - first;
                if (n == 0) return data_ + k;
                for (size_t i = k; i + n < size_; ++i) data_[i] = data_[i + n];
                for (size_t i = size_ - n; i < size_; ++i) __clear_slot(i);
                size_ -= n;
                return data_ + k;
            }
            bool operator==(const vector &o) const {
                if (size_ != o.size_) return false;
                for (size_t i = 0; i < size_; ++i) if (!(data_[i] == o.data_[i])) return false;
                return true;
            }
            bool operator!=(const vector &o) const { return !(*this == o); }
            bool operator<(const vector &o) const {
                for (size_t i = 0; i < size_ && i < o.size_; ++i) {
                    if (data_[i] < o.data_[i]) return true;
                    if (o.data_[i] < data_[i]) return false;
                }
                return size_ < o.size_;
            }
            bool operator>(const vector &o) const { return o < *this; }
            bool operator<=(const vector &o) const { return !(o < *this); }
            bool operator>=(const vector &o) const { return !(*this < o); }
        };
        }
        """;

    static final String NUMERIC = """
        #pragma once
        #include <__webcu_numeric_scans.h>
        namespace std {
        template <class I, class T> T accumulate(I first, I last, T init) { for (; first != last; ++first) init = init + *first; return init; }
        template <class I, class T, class F> T accumulate(I first, I last, T init, F f) { for (; first != last; ++first) init = f(init, *first); return init; }
        template <class I, class J, class T> T inner_product(I first, I last, J other, T init) { for (; first != last; ++first, ++other) init = init + *first * *other; return init; }
        template <class I, class J, class T, class F, class G> T inner_product(I first, I last, J other, T init, F add, G mul) { for (; first != last; ++first, ++other) init = add(init, mul(*first, *other)); return init; }
        template <class I, class T> void iota(I first, I last, T value) { for (; first != last; ++first, ++value) *first = value; }
        template <class I, class O> O partial_sum(I first, I last, O out) {
            if (first == last) return out;
            auto acc = *first; *out = acc; ++first; ++out;
            for (; first != last; ++first, ++out) { acc = acc + *first; *out = acc; }
            return out;
        }
        template <class I, class O, class F> O partial_sum(I first, I last, O out, F f) {
            if (first == last) return out;
            auto acc = *first; *out = acc; ++first; ++out;
            for (; first != last; ++first, ++out) { acc = f(acc, *first); *out = acc; }
            return out;
        }
        template <class I, class O> O adjacent_difference(I first, I last, O out) {
            if (first == last) return out;
            auto prev = *first; *out = prev; ++first; ++out;
            for (; first != last; ++first, ++out) { auto v = *first; *out = v - prev; prev = v; }
            return out;
        }
        template <class M, class N> M gcd(M a, N b) { if (a < 0) a = -a; if (b < 0) b = -b; while (b != 0) { M t = a % b; a = b; b = t; } return a; }
        template <class M, class N> M lcm(M a, N b) { if (a == 0 || b == 0) return 0; M g = gcd(a, b); M r = a / g * b; return r < 0 ? -r : r; }
        }
        """;

    static final String STRING = """
        #pragma once
        #include <cstdio>
        #include <cstdlib>
        #include <cstring>
        namespace std {
        class string {
        public:
            char *buf_;
            size_t len_;
            size_t cap_;
            string() : buf_(0), len_(0), cap_(0) {}
            string(const char *s) : buf_(0), len_(0), cap_(0) { append(s, strlen(s)); }
            string(const string &o) : buf_(0), len_(0), cap_(0) { append(o.buf_ ? o.buf_ : "", o.len_); }
            string(size_t n, char c) : buf_(0), len_(0), cap_(0) { for (size_t i = 0; i < n; ++i) push_back(c); }
            string &operator=(const string &o) { if (this != &o) { len_ = 0; append(o.buf_ ? o.buf_ : "", o.len_); } return *this; }
            string &operator=(const char *s) { len_ = 0; append(s, strlen(s)); return *this; }
            void reserve(size_t n) {
                if (n + 1 <= cap_) return;
                size_t c = cap_ ? cap_ : 16;
                while (c < n + 1) c *= 2;
                char *b = (char *)malloc(c);
                if (len_) memcpy(b, buf_, len_);
                b[len_] = 0;
                buf_ = b;
                cap_ = c;
            }
            string &append(const char *s, size_t n) { reserve(len_ + n); memcpy(buf_ + len_, s, n); len_ += n; buf_[len_] = 0; return *this; }
            string &operator+=(const string &o) { return append(o.buf_ ? o.buf_ : "", o.len_); }
            string &operator+=(const char *s) { return append(s, strlen(s)); }
            string &operator+=(char c) { return append(&c, 1); }
            void push_back(char c) { append(&c, 1); }
            const char *c_str() const { return buf_ ? buf_ : ""; }
            const char *data() const { return buf_ ? buf_ : ""; }
            size_t size() const { return len_; }
            size_t length() const { return len_; }
            bool empty() const { return len_ == 0; }
            void clear() { len_ = 0; if (buf_) buf_[0] = 0; }
            char &operator[](size_t i) { return buf_[i]; }
            char *begin() { return buf_; }
            char *end() { return buf_ + len_; }
            string substr(size_t pos, size_t n = 4294967295u) const {
                string r;
                if (pos > len_) pos = len_;
                if (n > len_ - pos) n = len_ - pos;
                r.append(buf_ + pos, n);
                return r;
            }
            int compare(const string &o) const { return strcmp(c_str(), o.c_str()); }
        };
        static inline string operator+(const string &a, const string &b) { string r = a; r += b; return r; }
        static inline string operator+(const string &a, const char *b) { string r = a; r += b; return r; }
        static inline string operator+(const char *a, const string &b) { string r = a; r += b; return r; }
        static inline string operator+(const string &a, char b) { string r = a; r += b; return r; }
        static inline bool operator==(const string &a, const string &b) { return a.compare(b) == 0; }
        static inline bool operator==(const string &a, const char *b) { return strcmp(a.c_str(), b) == 0; }
        static inline bool operator!=(const string &a, const string &b) { return a.compare(b) != 0; }
        static inline bool operator<(const string &a, const string &b) { return a.compare(b) < 0; }
        static inline string __fmt(const char *f, long long v) { char b[32]; snprintf(b, 32, f, v); return string(b); }
        static inline string to_string(int v) { return __fmt("%lld", (long long)v); }
        static inline string to_string(long v) { return __fmt("%lld", (long long)v); }
        static inline string to_string(long long v) { return __fmt("%lld", v); }
        static inline string to_string(unsigned int v) { return __fmt("%llu", (long long)v); }
        static inline string to_string(unsigned long v) { return __fmt("%llu", (long long)v); }
        static inline string to_string(unsigned long long v) { return __fmt("%llu", (long long)v); }
        static inline string to_string(double v) { char b[512]; snprintf(b, 512, "%f", v); return string(b); }
        static inline string to_string(float v) { char b[512]; snprintf(b, 512, "%f", (double)v); return string(b); }
        static inline int stoi(const string &s) { return atoi(s.c_str()); }
        static inline double stod(const string &s) { return atof(s.c_str()); }
        }
        """;
}
