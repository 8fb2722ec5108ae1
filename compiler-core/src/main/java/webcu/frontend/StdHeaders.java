package webcu.frontend;

/**
 * The parts of the C++ standard library that CUDA host code commonly uses, written in the C++
 * webcu compiles. Containers keep an all-zero object as their valid empty state, so that
 * calloc'd arrays of them and bitwise moves by realloc are sound; destructors do not exist yet,
 * so containers never free what they allocated (a program's memory goes at exit anyway).
 */
final class StdHeaders {
    private StdHeaders() {}

    static final String UTILITY = """
        #pragma once
        #include <cstddef>
        #include <bits/move.h>
        namespace std {
        template <class A, class B> struct pair {
            A first;
            B second;
        };
        template <class A, class B> pair<A, B> make_pair(A a, B b) { pair<A, B> p; p.first = a; p.second = b; return p; }
        template <class T> void swap(T &a, T &b) { T t = a; a = b; b = t; }
        template <class T> const T &min(const T &a, const T &b) { return b < a ? b : a; }
        template <class T> const T &max(const T &a, const T &b) { return a < b ? b : a; }
        }
        """;

    static final String VECTOR = """
        #pragma once
        #include <cstdlib>
        #include <cstring>
        #include <utility>
        namespace std {
        template <class T> class vector {
        public:
            T *data_;
            size_t size_;
            size_t cap_;
            vector() : data_(0), size_(0), cap_(0) {}
            explicit vector(size_t n) : data_(0), size_(0), cap_(0) { resize(n); }
            vector(size_t n, const T &value) : data_(0), size_(0), cap_(0) { resize(n); for (size_t i = 0; i < n; ++i) data_[i] = value; }
            vector(const vector &o) : data_(0), size_(0), cap_(0) { assignFrom(o); }
            vector &operator=(const vector &o) { if (this != &o) assignFrom(o); return *this; }
            void assignFrom(const vector &o) { clear(); reserve(o.size_); for (size_t i = 0; i < o.size_; ++i) data_[i] = o.data_[i]; size_ = o.size_; }
            size_t size() const { return size_; }
            size_t capacity() const { return cap_; }
            bool empty() const { return size_ == 0; }
            T *data() { return data_; }
            T *begin() { return data_; }
            T *end() { return data_ + size_; }
            T &operator[](size_t i) { return data_[i]; }
            T &at(size_t i) { if (i >= size_) { fprintf(stderr, "terminate called after throwing an instance of 'std::out_of_range'\\n"); abort(); } return data_[i]; }
            T &front() { return data_[0]; }
            T &back() { return data_[size_ - 1]; }
            void reserve(size_t n) {
                if (n <= cap_) return;
                size_t c = cap_ ? cap_ : 4;
                while (c < n) c *= 2;
                T *d = (T *)calloc(c, sizeof(T));
                if (size_) memcpy((void *)d, (void *)data_, size_ * sizeof(T));
                data_ = d;
                cap_ = c;
            }
            void resize(size_t n) { reserve(n); if (n > size_) memset((void *)(data_ + size_), 0, (n - size_) * sizeof(T)); size_ = n; }
            void resize(size_t n, const T &value) { size_t old = size_; resize(n); for (size_t i = old; i < n; ++i) data_[i] = value; }
            void push_back(const T &v) { T copy = v; reserve(size_ + 1); memset((void *)(data_ + size_), 0, sizeof(T)); data_[size_] = copy; ++size_; }
            void pop_back() { --size_; }
            void clear() { size_ = 0; }
            void assign(size_t n, const T &value) { clear(); resize(n, value); }
            T *insert(T *pos, const T &v) {
                size_t k = pos - data_;
                push_back(v);
                for (size_t i = size_ - 1; i > k; --i) { T t = data_[i]; data_[i] = data_[i - 1]; data_[i - 1] = t; }
                return data_ + k;
            }
            T *erase(T *pos) {
                size_t k = pos - data_;
                for (size_t i = k; i + 1 < size_; ++i) data_[i] = data_[i + 1];
                --size_;
                return data_ + k;
            }
        };
        }
        """;

    static final String ALGORITHM = """
        #pragma once
        #include <utility>
        namespace std {
        template <class T> void __sift(T *a, long start, long n) {
            long root = start;
            while (2 * root + 1 < n) {
                long child = 2 * root + 1;
                if (child + 1 < n && a[child] < a[child + 1]) child = child + 1;
                if (a[root] < a[child]) { T t = a[root]; a[root] = a[child]; a[child] = t; root = child; } else return;
            }
        }
        template <class T> void sort(T *first, T *last) {
            long n = last - first;
            if (n < 2) return;
            if (n <= 16) {
                for (long i = 1; i < n; ++i) { T v = first[i]; long j = i - 1; while (j >= 0 && v < first[j]) { first[j + 1] = first[j]; --j; } first[j + 1] = v; }
                return;
            }
            for (long s = n / 2 - 1; s >= 0; --s) __sift(first, s, n);
            for (long e = n - 1; e > 0; --e) { T t = first[0]; first[0] = first[e]; first[e] = t; __sift(first, 0, e); }
        }
        template <class T, class C> void sort(T *first, T *last, C comp) {
            long n = last - first;
            for (long i = 1; i < n; ++i) { T v = first[i]; long j = i - 1; while (j >= 0 && comp(v, first[j])) { first[j + 1] = first[j]; --j; } first[j + 1] = v; }
        }
        template <class T> void stable_sort(T *first, T *last) {
            long n = last - first;
            for (long i = 1; i < n; ++i) { T v = first[i]; long j = i - 1; while (j >= 0 && v < first[j]) { first[j + 1] = first[j]; --j; } first[j + 1] = v; }
        }
        template <class T, class V> T *find(T *first, T *last, const V &value) { while (first != last && !(*first == value)) ++first; return first; }
        template <class T, class V> void fill(T *first, T *last, const V &value) { for (; first != last; ++first) *first = value; }
        template <class T, class V> long count(T *first, T *last, const V &value) { long n = 0; for (; first != last; ++first) if (*first == value) ++n; return n; }
        template <class T> void reverse(T *first, T *last) { while (first < last) { --last; T t = *first; *first = *last; *last = t; ++first; } }
        template <class T> T *min_element(T *first, T *last) { T *best = first; for (T *p = first; p != last; ++p) if (*p < *best) best = p; return best; }
        template <class T> T *max_element(T *first, T *last) { T *best = first; for (T *p = first; p != last; ++p) if (*best < *p) best = p; return best; }
        template <class T, class U> U *copy(T *first, T *last, U *out) { for (; first != last; ++first, ++out) *out = *first; return out; }
        template <class T> bool equal(T *first, T *last, T *other) { for (; first != last; ++first, ++other) if (!(*first == *other)) return false; return true; }
        }
        """;

    static final String NUMERIC = """
        #pragma once
        namespace std {
        template <class It, class T> T accumulate(It first, It last, T init) { for (; first != last; ++first) init = init + *first; return init; }
        template <class It, class T> void iota(It first, It last, T value) { for (; first != last; ++first, ++value) *first = value; }
        template <class It, class O> O partial_sum(It first, It last, O out) {
            if (first == last) return out;
            auto acc = *first; *out = acc; ++first; ++out;
            for (; first != last; ++first, ++out) { acc = acc + *first; *out = acc; }
            return out;
        }
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

    static final String MAP = """
        #pragma once
        #include <vector>
        namespace std {
        template <class K, class V> class map {
        public:
            vector<pair<K, V>> items_;
            size_t size() const { return items_.size_; }
            bool empty() const { return items_.size_ == 0; }
            pair<K, V> *begin() { return items_.data_; }
            pair<K, V> *end() { return items_.data_ + items_.size_; }
            size_t lower(const K &k) {
                size_t lo = 0, hi = items_.size_;
                while (lo < hi) { size_t mid = (lo + hi) / 2; if (items_.data_[mid].first < k) lo = mid + 1; else hi = mid; }
                return lo;
            }
            pair<K, V> *find(const K &k) {
                size_t i = lower(k);
                return i < items_.size_ && !(k < items_.data_[i].first) ? items_.data_ + i : end();
            }
            size_t count(const K &k) { return find(k) != end() ? 1 : 0; }
            V &operator[](const K &k) {
                size_t i = lower(k);
                if (i < items_.size_ && !(k < items_.data_[i].first)) return items_.data_[i].second;
                pair<K, V> p;
                memset((void *)&p, 0, sizeof(p));
                p.first = k;
                items_.insert(items_.data_ + i, p);
                return items_.data_[i].second;
            }
            void clear() { items_.clear(); }
        };
        }
        """;
}
