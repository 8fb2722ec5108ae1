package webcu.frontend;

/**
 * std::string and std::string_view in the C++ webcu compiles, with libstdc++'s observable
 * behaviour: npos, the find family, exceptions from at/substr/stoi with libstdc++'s what()
 * texts, to_string as libstdc++ formats. A string owns a NUL-terminated heap buffer that its
 * destructor frees; the empty string is all-zero (no buffer), so that zeroed memory holds valid
 * empty strings, as the containers rely on.
 */
final class StringHeaders {
    private StringHeaders() {}

    static final String STRING_VIEW = """
        #pragma once
        #include <cstring>
        #include <__webcu_functexcept.h>
        namespace std {
        class string_view {
        public:
            typedef unsigned long size_type;
            static const size_type npos = 18446744073709551615ul;
            const char *__p;
            size_type __n;
            string_view() : __p(""), __n(0) {}
            string_view(const char *s) : __p(s), __n(strlen(s)) {}
            string_view(const char *s, size_type n) : __p(s), __n(n) {}
            const char *data() const { return __p; }
            size_type size() const { return __n; }
            size_type length() const { return __n; }
            bool empty() const { return __n == 0; }
            const char *begin() const { return __p; }
            const char *end() const { return __p + __n; }
            char operator[](size_type i) const { return __p[i]; }
            char front() const { return __p[0]; }
            char back() const { return __p[__n - 1]; }
            void remove_prefix(size_type k) { __p += k; __n -= k; }
            void remove_suffix(size_type k) { __n -= k; }
            string_view substr(size_type pos = 0, size_type n = 18446744073709551615ul) const {
                if (pos > __n) __throw_out_of_range_fmt_sv(pos, __n);
                return string_view(__p + pos, n < __n - pos ? n : __n - pos);
            }
            static void __throw_out_of_range_fmt_sv(size_type pos, size_type n) {
                char msg[160];
                snprintf(msg, 160, "basic_string_view::substr: __pos (which is %zu) > __size (which is %zu)", pos, n);
                __throw_out_of_range(msg);
            }
            int compare(string_view o) const {
                size_type k = __n < o.__n ? __n : o.__n;
                int r = k ? memcmp(__p, o.__p, k) : 0;
                if (r) return r;
                return __n < o.__n ? -1 : __n > o.__n ? 1 : 0;
            }
            size_type find(string_view s, size_type pos = 0) const {
                if (s.__n == 0) return pos <= __n ? pos : npos;
                for (size_type i = pos; i + s.__n <= __n; ++i) if (memcmp(__p + i, s.__p, s.__n) == 0) return i;
                return npos;
            }
            size_type find(char c, size_type pos = 0) const { for (size_type i = pos; i < __n; ++i) if (__p[i] == c) return i; return npos; }
            size_type rfind(char c, size_type pos = 18446744073709551615ul) const {
                if (__n == 0) return npos;
                size_type i = pos < __n - 1 ? pos : __n - 1;
                while (true) { if (__p[i] == c) return i; if (i == 0) return npos; --i; }
            }
            bool starts_with(string_view s) const { return __n >= s.__n && memcmp(__p, s.__p, s.__n) == 0; }
            bool ends_with(string_view s) const { return __n >= s.__n && memcmp(__p + __n - s.__n, s.__p, s.__n) == 0; }
        };
        static inline bool operator==(string_view a, string_view b) { return a.compare(b) == 0; }
        static inline bool operator!=(string_view a, string_view b) { return a.compare(b) != 0; }
        static inline bool operator<(string_view a, string_view b) { return a.compare(b) < 0; }
        static inline bool operator>(string_view a, string_view b) { return a.compare(b) > 0; }
        static inline bool operator<=(string_view a, string_view b) { return a.compare(b) <= 0; }
        static inline bool operator>=(string_view a, string_view b) { return a.compare(b) >= 0; }
        static inline bool operator==(string_view a, const char *b) { return a.compare(string_view(b)) == 0; }
        static inline bool operator==(const char *a, string_view b) { return string_view(a).compare(b) == 0; }
        static inline bool operator!=(string_view a, const char *b) { return a.compare(string_view(b)) != 0; }
        static inline bool operator!=(const char *a, string_view b) { return string_view(a).compare(b) != 0; }
        }
        """;

    static final String STRING = """
        #pragma once
        #include <cstdio>
        #include <cstdlib>
        #include <cstring>
        #include <__webcu_functexcept.h>
        #include <__webcu_iterator_base.h>
        #include <string_view>
        extern "C" {
        long long strtoll(const char *s, char **end, int base);
        unsigned long long strtoull(const char *s, char **end, int base);
        double strtod(const char *s, char **end);
        }
        namespace std {
        class string {
        public:
            typedef unsigned long size_type;
            typedef long difference_type;
            typedef char value_type;
            typedef char *iterator;
            typedef const char *const_iterator;
            typedef char &reference;
            typedef const char &const_reference;
            static const size_type npos = 18446744073709551615ul;
            char *buf_;
            size_type len_;
            size_type cap_;
            string() : buf_(0), len_(0), cap_(0) {}
            string(const char *s) : buf_(0), len_(0), cap_(0) { append(s, strlen(s)); }
            string(const char *s, size_type n) : buf_(0), len_(0), cap_(0) { append(s, n); }
            string(const char *first, const char *last) : buf_(0), len_(0), cap_(0) { append(first, last - first); }
            template <class I, class = typename __enable_if_iter<I>::type> string(I first, I last) : buf_(0), len_(0), cap_(0) { for (; first != last; ++first) push_back(*first); }
            string(const string &o) : buf_(0), len_(0), cap_(0) { append(o.data(), o.len_); }
            string(const string &o, size_type pos, size_type n = 18446744073709551615ul) : buf_(0), len_(0), cap_(0) {
                o.__check(pos, "basic_string::basic_string");
                append(o.data() + pos, n < o.len_ - pos ? n : o.len_ - pos);
            }
            string(size_type n, char c) : buf_(0), len_(0), cap_(0) { append(n, c); }
            string(string_view v) : buf_(0), len_(0), cap_(0) { append(v.data(), v.size()); }
            ~string() { if (buf_) free(buf_); }
            string &operator=(const string &o) { if (this != &o) { len_ = 0; append(o.data(), o.len_); } return *this; }
            string &operator=(const char *s) { len_ = 0; return append(s, strlen(s)); }
            string &operator=(char c) { len_ = 0; return append(&c, 1); }
            operator string_view() const { return string_view(data(), len_); }

            void __check(size_type pos, const char *who) const {
                if (pos > len_) {
                    char msg[200];
                    snprintf(msg, 200, "%s: __pos (which is %zu) > this->size() (which is %zu)", who, pos, len_);
                    __throw_out_of_range(msg);
                }
            }
            size_type __limit(size_type pos, size_type n) const { return n < len_ - pos ? n : len_ - pos; }

            // ---- capacity
            size_type size() const { return len_; }
            size_type length() const { return len_; }
            size_type max_size() const { return 4611686018427387903ul; }
            size_type capacity() const { return cap_ ? cap_ - 1 : 15; }
            bool empty() const { return len_ == 0; }
            void clear() { len_ = 0; if (buf_) buf_[0] = 0; }
            void reserve(size_type n = 0) {
                if (n + 1 <= cap_) return;
                size_type c = cap_ ? cap_ : 16;
                while (c < n + 1) c *= 2;
                char *b = (char *)malloc(c);
                if (len_) memcpy(b, buf_, len_);
                b[len_] = 0;
                if (buf_) free(buf_);
                buf_ = b;
                cap_ = c;
            }
            void shrink_to_fit() {}
            void resize(size_type n) { resize(n, 0); }
            void resize(size_type n, char c) {
                if (n > len_) { reserve(n); memset(buf_ + len_, c, n - len_); }
                len_ = n;
                if (buf_) buf_[len_] = 0;
            }

            // ---- access
            const char *c_str() const { return buf_ ? buf_ : ""; }
            const char *data() const { return buf_ ? buf_ : ""; }
            char &operator[](size_type i) const { return buf_[i]; }
            char &at(size_type i) const {
                if (i >= len_) {
                    char msg[200];
                    snprintf(msg, 200, "basic_string::at: __n (which is %zu) >= this->size() (which is %zu)", i, len_);
                    __throw_out_of_range(msg);
                }
                return buf_[i];
            }
            char &front() const { return buf_[0]; }
            char &back() const { return buf_[len_ - 1]; }
            char *begin() const { return buf_; }
            char *end() const { return buf_ + len_; }
            const char *cbegin() const { return buf_; }
            const char *cend() const { return buf_ + len_; }
            std::reverse_iterator<char *> rbegin() const { return std::reverse_iterator<char *>(end()); }
            std::reverse_iterator<char *> rend() const { return std::reverse_iterator<char *>(begin()); }
            std::reverse_iterator<const char *> crbegin() const { return std::reverse_iterator<const char *>(end()); }
            std::reverse_iterator<const char *> crend() const { return std::reverse_iterator<const char *>(begin()); }

            // ---- modifiers
            string &append(const char *s, size_type n) {
                if (n == 0) return *this;
                if (buf_ && s >= buf_ && s < buf_ + cap_) { string copy(s, n); return append(copy.buf_, n); }
                reserve(len_ + n);
                memcpy(buf_ + len_, s, n);
                len_ += n;
                buf_[len_] = 0;
                return *this;
            }
            string &append(const char *s) { return append(s, strlen(s)); }
            string &append(const string &o) { return append(o.data(), o.len_); }
            string &append(const string &o, size_type pos, size_type n = 18446744073709551615ul) {
                o.__check(pos, "basic_string::append");
                return append(o.data() + pos, o.__limit(pos, n));
            }
            string &append(size_type n, char c) {
                if (n == 0) return *this;
                reserve(len_ + n);
                memset(buf_ + len_, c, n);
                len_ += n;
                buf_[len_] = 0;
                return *this;
            }
            string &append(const char *first, const char *last) { return append(first, (size_type)(last - first)); }
            string &operator+=(const string &o) { return append(o.data(), o.len_); }
            string &operator+=(const char *s) { return append(s, strlen(s)); }
            string &operator+=(char c) { return append(&c, 1); }
            void push_back(char c) { append(&c, 1); }
            void pop_back() { --len_; buf_[len_] = 0; }
            string &assign(const string &o) { return *this = o; }
            string &assign(const char *s) { return *this = s; }
            string &assign(const char *s, size_type n) { string t(s, n); return *this = t; }
            string &assign(size_type n, char c) { len_ = 0; return append(n, c); }
            string &assign(const char *first, const char *last) { string t(first, last); return *this = t; }
            string &insert(size_type pos, const char *s, size_type n) {
                __check(pos, "basic_string::insert");
                string tail(data() + pos, len_ - pos);
                len_ = pos;
                append(s, n);
                return append(tail);
            }
            string &insert(size_type pos, const string &s) { string copy = s; return insert(pos, copy.data(), copy.len_); }
            string &insert(size_type pos, const char *s) { return insert(pos, s, strlen(s)); }
            string &insert(size_type pos, size_type n, char c) { string t(n, c); return insert(pos, t.data(), n); }
            char *insert(char *p, char c) { size_type k = p - buf_; insert(k, &c, 1); return buf_ + k; }
            string &erase(size_type pos = 0, size_type n = 18446744073709551615ul) {
                __check(pos, "basic_string::erase");
                n = __limit(pos, n);
                if (n) { memmove(buf_ + pos, buf_ + pos + n, len_ - pos - n); len_ -= n; buf_[len_] = 0; }
                return *this;
            }
            char *erase(char *p) { size_type k = p - buf_; erase(k, 1); return buf_ + k; }
            char *erase(char *first, char *last) { size_type k = first - buf_; erase(k, last - first); return buf_ + k; }
            string &replace(size_type pos, size_type n, const char *s, size_type k) {
                __check(pos, "basic_string::replace");
                n = __limit(pos, n);
                string r(data(), pos);
                r.append(s, k);
                r.append(data() + pos + n, len_ - pos - n);
                return *this = r;
            }
            string &replace(size_type pos, size_type n, const string &s) { return replace(pos, n, s.data(), s.len_); }
            string &replace(size_type pos, size_type n, const char *s) { return replace(pos, n, s, strlen(s)); }
            string &replace(size_type pos, size_type n, size_type k, char c) { string t(k, c); return replace(pos, n, t.data(), k); }
            string &replace(char *first, char *last, const string &s) { return replace(first - buf_, last - first, s.data(), s.len_); }
            void swap(string &o) {
                char *b = buf_; buf_ = o.buf_; o.buf_ = b;
                size_type l = len_; len_ = o.len_; o.len_ = l;
                size_type c = cap_; cap_ = o.cap_; o.cap_ = c;
            }
            size_type copy(char *dst, size_type n, size_type pos = 0) const {
                __check(pos, "basic_string::copy");
                n = __limit(pos, n);
                memcpy(dst, data() + pos, n);
                return n;
            }

            // ---- operations
            string substr(size_type pos = 0, size_type n = 18446744073709551615ul) const {
                __check(pos, "basic_string::substr");
                return string(data() + pos, __limit(pos, n));
            }
            int compare(const char *s, size_type n) const {
                size_type k = len_ < n ? len_ : n;
                int r = k ? memcmp(data(), s, k) : 0;
                if (r) return r;
                long d = (long)len_ - (long)n;
                return d > 2147483647L ? 2147483647 : d < -2147483647L - 1 ? -2147483647 - 1 : (int)d;
            }
            int compare(const string &o) const { return compare(o.data(), o.len_); }
            int compare(const char *s) const { return compare(s, strlen(s)); }
            int compare(size_type pos, size_type n, const string &o) const {
                __check(pos, "basic_string::compare");
                string a(data() + pos, __limit(pos, n));
                return a.compare(o);
            }
            int compare(size_type pos, size_type n, const char *s) const {
                __check(pos, "basic_string::compare");
                string a(data() + pos, __limit(pos, n));
                return a.compare(s);
            }
            size_type find(const char *s, size_type pos, size_type n) const {
                if (n == 0) return pos <= len_ ? pos : npos;
                for (size_type i = pos; i < len_ && n <= len_ - i; ++i) if (buf_[i] == s[0] && memcmp(buf_ + i, s, n) == 0) return i;
                return npos;
            }
            size_type find(const string &s, size_type pos = 0) const { return find(s.data(), pos, s.len_); }
            size_type find(const char *s, size_type pos = 0) const { return find(s, pos, strlen(s)); }
            size_type find(char c, size_type pos = 0) const { for (size_type i = pos; i < len_; ++i) if (buf_[i] == c) return i; return npos; }
            size_type rfind(const char *s, size_type pos, size_type n) const {
                if (n > len_) return npos;
                size_type i = len_ - n < pos ? len_ - n : pos;
                while (true) { if (memcmp(data() + i, s, n) == 0) return i; if (i == 0) return npos; --i; }
            }
            size_type rfind(const string &s, size_type pos = 18446744073709551615ul) const { return rfind(s.data(), pos, s.len_); }
            size_type rfind(const char *s, size_type pos = 18446744073709551615ul) const { return rfind(s, pos, strlen(s)); }
            size_type rfind(char c, size_type pos = 18446744073709551615ul) const { return rfind(&c, pos, 1); }
            bool __in(const char *s, size_type n, char c) const { for (size_type k = 0; k < n; ++k) if (s[k] == c) return true; return false; }
            size_type find_first_of(const char *s, size_type pos, size_type n) const {
                for (size_type i = pos; i < len_; ++i) if (__in(s, n, buf_[i])) return i;
                return npos;
            }
            size_type find_first_of(const string &s, size_type pos = 0) const { return find_first_of(s.data(), pos, s.len_); }
            size_type find_first_of(const char *s, size_type pos = 0) const { return find_first_of(s, pos, strlen(s)); }
            size_type find_first_of(char c, size_type pos = 0) const { return find(c, pos); }
            size_type find_first_not_of(const char *s, size_type pos, size_type n) const {
                for (size_type i = pos; i < len_; ++i) if (!__in(s, n, buf_[i])) return i;
                return npos;
            }
            size_type find_first_not_of(const string &s, size_type pos = 0) const { return find_first_not_of(s.data(), pos, s.len_); }
            size_type find_first_not_of(const char *s, size_type pos = 0) const { return find_first_not_of(s, pos, strlen(s)); }
            size_type find_first_not_of(char c, size_type pos = 0) const { return find_first_not_of(&c, pos, 1); }
            size_type find_last_of(const char *s, size_type pos, size_type n) const {
                if (len_ == 0) return npos;
                size_type i = pos < len_ - 1 ? pos : len_ - 1;
                while (true) { if (__in(s, n, buf_[i])) return i; if (i == 0) return npos; --i; }
            }
            size_type find_last_of(const string &s, size_type pos = 18446744073709551615ul) const { return find_last_of(s.data(), pos, s.len_); }
            size_type find_last_of(const char *s, size_type pos = 18446744073709551615ul) const { return find_last_of(s, pos, strlen(s)); }
            size_type find_last_of(char c, size_type pos = 18446744073709551615ul) const { return rfind(c, pos); }
            size_type find_last_not_of(const char *s, size_type pos, size_type n) const {
                if (len_ == 0) return npos;
                size_type i = pos < len_ - 1 ? pos : len_ - 1;
                while (true) { if (!__in(s, n, buf_[i])) return i; if (i == 0) return npos; --i; }
            }
            size_type find_last_not_of(const string &s, size_type pos = 18446744073709551615ul) const { return find_last_not_of(s.data(), pos, s.len_); }
            size_type find_last_not_of(const char *s, size_type pos = 18446744073709551615ul) const { return find_last_not_of(s, pos, strlen(s)); }
            size_type find_last_not_of(char c, size_type pos = 18446744073709551615ul) const { return find_last_not_of(&c, pos, 1); }
            bool starts_with(const char *s) const { size_type n = strlen(s); return n <= len_ && memcmp(data(), s, n) == 0; }
            bool starts_with(const string &s) const { return s.len_ <= len_ && memcmp(data(), s.data(), s.len_) == 0; }
            bool ends_with(const char *s) const { size_type n = strlen(s); return n <= len_ && memcmp(data() + len_ - n, s, n) == 0; }
            bool ends_with(const string &s) const { return s.len_ <= len_ && memcmp(data() + len_ - s.len_, s.data(), s.len_) == 0; }
        };
        static inline string operator+(const string &a, const string &b) { string r; r.reserve(a.size() + b.size()); r += a; r += b; return r; }
        static inline string operator+(const string &a, const char *b) { string r = a; r += b; return r; }
        static inline string operator+(const char *a, const string &b) { string r = a; r += b; return r; }
        static inline string operator+(const string &a, char b) { string r = a; r += b; return r; }
        static inline string operator+(char a, const string &b) { string r(1, a); r += b; return r; }
        static inline bool operator==(const string &a, const string &b) { return a.size() == b.size() && a.compare(b) == 0; }
        static inline bool operator==(const string &a, const char *b) { return a.compare(b) == 0; }
        static inline bool operator==(const char *a, const string &b) { return b.compare(a) == 0; }
        static inline bool operator!=(const string &a, const string &b) { return !(a == b); }
        static inline bool operator!=(const string &a, const char *b) { return a.compare(b) != 0; }
        static inline bool operator!=(const char *a, const string &b) { return b.compare(a) != 0; }
        static inline bool operator<(const string &a, const string &b) { return a.compare(b) < 0; }
        static inline bool operator<(const string &a, const char *b) { return a.compare(b) < 0; }
        static inline bool operator<(const char *a, const string &b) { return b.compare(a) > 0; }
        static inline bool operator>(const string &a, const string &b) { return a.compare(b) > 0; }
        static inline bool operator>(const string &a, const char *b) { return a.compare(b) > 0; }
        static inline bool operator>(const char *a, const string &b) { return b.compare(a) < 0; }
        static inline bool operator<=(const string &a, const string &b) { return a.compare(b) <= 0; }
        static inline bool operator<=(const string &a, const char *b) { return a.compare(b) <= 0; }
        static inline bool operator<=(const char *a, const string &b) { return b.compare(a) >= 0; }
        static inline bool operator>=(const string &a, const string &b) { return a.compare(b) >= 0; }
        static inline bool operator>=(const string &a, const char *b) { return a.compare(b) >= 0; }
        static inline bool operator>=(const char *a, const string &b) { return b.compare(a) <= 0; }
        static inline void swap(string &a, string &b) { a.swap(b); }

        // ---- numeric conversions, as libstdc++'s (vsnprintf for to_string of floating point)
        static inline string __fmt_ll(const char *f, long long v) { char b[32]; snprintf(b, 32, f, v); return string(b); }
        static inline string to_string(int v) { return __fmt_ll("%lld", (long long)v); }
        static inline string to_string(long v) { return __fmt_ll("%lld", (long long)v); }
        static inline string to_string(long long v) { return __fmt_ll("%lld", v); }
        static inline string to_string(unsigned int v) { return __fmt_ll("%llu", (long long)v); }
        static inline string to_string(unsigned long v) { return __fmt_ll("%llu", (long long)v); }
        static inline string to_string(unsigned long long v) { return __fmt_ll("%llu", (long long)v); }
        static inline string to_string(double v) { char b[512]; snprintf(b, 512, "%f", v); return string(b); }
        static inline string to_string(float v) { char b[512]; snprintf(b, 512, "%f", (double)v); return string(b); }

        // The digits of an integer as strtol reads them, with overflow seen: libstdc++'s __stoa
        // throws invalid_argument when no digit is read and out_of_range when the value does not fit.
        static inline bool __sto_mag(const char *s, size_t *idx, int base, const char *name, unsigned long long *mag, bool *neg) {
            const char *p = s;
            while (*p == ' ' || *p == '\\t' || *p == '\\n' || *p == '\\r' || *p == '\\v' || *p == '\\f') ++p;
            *neg = false;
            if (*p == '+' || *p == '-') { *neg = *p == '-'; ++p; }
            if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
                int d1 = p[2] >= '0' && p[2] <= '9' || p[2] >= 'a' && p[2] <= 'f' || p[2] >= 'A' && p[2] <= 'F';
                if (d1) { p += 2; base = 16; }
            }
            if (base == 0) base = p[0] == '0' ? 8 : 10;
            const char *start = p;
            bool over = false;
            unsigned long long m = 0;
            while (true) {
                int c = *p;
                int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
                if (d >= base) break;
                if (m > (18446744073709551615ull - d) / base) over = true;
                m = m * base + d;
                ++p;
            }
            if (p == start) __throw_invalid_argument(name);
            if (idx) *idx = p - s;
            *mag = m;
            return !over;
        }
        static inline long long __sto_signed(const string &s, size_t *idx, int base, const char *name, long long lo, long long hi) {
            unsigned long long m; bool neg;
            bool ok = __sto_mag(s.c_str(), idx, base, name, &m, &neg);
            if (!ok || (!neg && m > (unsigned long long)hi) || (neg && m > (unsigned long long)hi + 1ull)) __throw_out_of_range(name);
            return neg ? (long long)(0ull - m) : (long long)m;
        }
        static inline unsigned long long __sto_unsigned(const string &s, size_t *idx, int base, const char *name, unsigned long long hi) {
            unsigned long long m; bool neg;
            bool ok = __sto_mag(s.c_str(), idx, base, name, &m, &neg);
            if (!ok || m > hi) __throw_out_of_range(name);
            return neg ? (0ull - m) & hi : m;
        }
        static inline int stoi(const string &s, size_t *idx = 0, int base = 10) { return (int)__sto_signed(s, idx, base, "stoi", -2147483647LL - 1, 2147483647LL); }
        static inline long stol(const string &s, size_t *idx = 0, int base = 10) { return (long)__sto_signed(s, idx, base, "stol", -9223372036854775807LL - 1, 9223372036854775807LL); }
        static inline long long stoll(const string &s, size_t *idx = 0, int base = 10) { return __sto_signed(s, idx, base, "stoll", -9223372036854775807LL - 1, 9223372036854775807LL); }
        static inline unsigned long stoul(const string &s, size_t *idx = 0, int base = 10) { return (unsigned long)__sto_unsigned(s, idx, base, "stoul", 18446744073709551615ull); }
        static inline unsigned long long stoull(const string &s, size_t *idx = 0, int base = 10) { return __sto_unsigned(s, idx, base, "stoull", 18446744073709551615ull); }
        static inline double __sto_float(const string &s, size_t *idx, const char *name) {
            char *end = 0;
            double v = strtod(s.c_str(), &end);
            if (end == s.c_str()) __throw_invalid_argument(name);
            if (idx) *idx = end - s.c_str();
            return v;
        }
        static inline double stod(const string &s, size_t *idx = 0) { return __sto_float(s, idx, "stod"); }
        static inline float stof(const string &s, size_t *idx = 0) {
            double v = __sto_float(s, idx, "stof");
            if (v > 3.4028234663852886e+38 || v < -3.4028234663852886e+38) {
                if (v - v == 0) __throw_out_of_range("stof"); // finite but beyond float
            }
            return (float)v;
        }
        static inline double stold(const string &s, size_t *idx = 0) { return __sto_float(s, idx, "stold"); }
        }
        """;
}
