package webcu.frontend;

/**
 * {@code <bitset>}: a fixed-size sequence of bits in 64-bit words, as libstdc++ stores it (so
 * sizeof agrees), with its members, operators, stream insertion and extraction, and its
 * exceptions and their what() strings.
 */
final class BitsetHeaders {
    private BitsetHeaders() {}

    static final String BITSET = """
        #pragma once
        #include <string>
        #include <istream>
        #include <cstdio>
        #include <cstring>
        #include <__webcu_functexcept.h>
        namespace std {
        template <size_t _Nb> class bitset {
        public:
            unsigned long _M_w[_Nb == 0 ? 1 : (_Nb + 63) / 64];

            /** A proxy for one bit: what operator[] returns on a non-const bitset. */
            class reference {
            public:
                unsigned long *__wp;
                size_t __bit;
                reference(unsigned long *w, size_t b) : __wp(w), __bit(b) {}
                reference &operator=(bool x) {
                    if (x) *__wp |= 1UL << __bit; else *__wp &= ~(1UL << __bit);
                    return *this;
                }
                reference &operator=(const reference &j) { bool x = (bool)j; return *this = x; }
                bool operator~() const { return (*__wp & (1UL << __bit)) == 0; }
                operator bool() const { return (*__wp & (1UL << __bit)) != 0; }
                reference &flip() { *__wp ^= 1UL << __bit; return *this; }
            };

            static size_t __words() { return _Nb == 0 ? 1 : (_Nb + 63) / 64; }
            void __sanitize() { if (_Nb % 64 != 0) _M_w[__words() - 1] &= (1UL << (_Nb % 64)) - 1; }
            void __check(size_t pos, const char *who) const {
                if (pos >= _Nb) {
                    char m[160];
                    snprintf(m, 160, "%s: __position (which is %zu) >= _Nb (which is %zu)", who, pos, _Nb);
                    __throw_out_of_range(m);
                }
            }
            // libstdc++'s _M_copy_from_ptr: the first min(N, len) characters, the last one bit 0
            void __copy_from(const char *s, size_t len, char zero, char one) {
                reset();
                size_t nbits = len < _Nb ? len : _Nb;
                for (size_t i = nbits; i > 0; --i) {
                    char c = s[nbits - i];
                    if (c == one) _M_w[(i - 1) / 64] |= 1UL << ((i - 1) % 64);
                    else if (c != zero) __throw_invalid_argument("bitset::_M_copy_from_ptr");
                }
            }

            bitset() { reset(); }
            bitset(unsigned long long v) { reset(); _M_w[0] = v; __sanitize(); }
            explicit bitset(const string &s, size_t pos = 0, size_t n = (size_t)-1, char zero = '0', char one = '1') {
                if (pos > s.size()) {
                    char m[160];
                    snprintf(m, 160, "bitset::bitset: __position (which is %zu) > __s.size() (which is %zu)", pos, s.size());
                    __throw_out_of_range(m);
                }
                size_t rest = s.size() - pos;
                __copy_from(s.data() + pos, n < rest ? n : rest, zero, one);
            }
            explicit bitset(const char *s, size_t n = (size_t)-1, char zero = '0', char one = '1') {
                size_t len = strlen(s);
                __copy_from(s, n < len ? n : len, zero, one);
            }

            bitset &set() { for (size_t i = 0; i < __words(); ++i) _M_w[i] = ~0UL; __sanitize(); return *this; }
            bitset &set(size_t pos, bool val = true) {
                __check(pos, "bitset::set");
                if (val) _M_w[pos / 64] |= 1UL << (pos % 64); else _M_w[pos / 64] &= ~(1UL << (pos % 64));
                return *this;
            }
            bitset &reset() { for (size_t i = 0; i < __words(); ++i) _M_w[i] = 0; return *this; }
            bitset &reset(size_t pos) { __check(pos, "bitset::reset"); _M_w[pos / 64] &= ~(1UL << (pos % 64)); return *this; }
            bitset &flip() { for (size_t i = 0; i < __words(); ++i) _M_w[i] = ~_M_w[i]; __sanitize(); return *this; }
            bitset &flip(size_t pos) { __check(pos, "bitset::flip"); _M_w[pos / 64] ^= 1UL << (pos % 64); return *this; }
            bool test(size_t pos) const { __check(pos, "bitset::test"); return (_M_w[pos / 64] >> (pos % 64)) & 1; }
            bool operator[](size_t pos) const { return (_M_w[pos / 64] >> (pos % 64)) & 1; }
            reference operator[](size_t pos) { return reference(&_M_w[pos / 64], pos % 64); }

            size_t size() const { return _Nb; }
            size_t count() const {
                size_t n = 0;
                for (size_t i = 0; i < __words(); ++i) {
                    for (unsigned long w = _M_w[i]; w != 0; w &= w - 1) ++n;
                }
                return n;
            }
            bool any() const { for (size_t i = 0; i < __words(); ++i) if (_M_w[i] != 0) return true; return false; }
            bool none() const { return !any(); }
            bool all() const { return count() == _Nb; }

            unsigned long to_ulong() const {
                for (size_t i = 1; i < __words(); ++i) if (_M_w[i] != 0) __throw_overflow_error("_Base_bitset::_M_do_to_ulong");
                return _M_w[0];
            }
            unsigned long long to_ullong() const {
                for (size_t i = 1; i < __words(); ++i) if (_M_w[i] != 0) __throw_overflow_error("_Base_bitset::_M_do_to_ullong");
                return _M_w[0];
            }
            string to_string(char zero = '0', char one = '1') const {
                string s(_Nb, zero);
                for (size_t i = 0; i < _Nb; ++i) if ((_M_w[i / 64] >> (i % 64)) & 1) s[_Nb - 1 - i] = one;
                return s;
            }

            bitset &operator&=(const bitset &o) { for (size_t i = 0; i < __words(); ++i) _M_w[i] &= o._M_w[i]; return *this; }
            bitset &operator|=(const bitset &o) { for (size_t i = 0; i < __words(); ++i) _M_w[i] |= o._M_w[i]; return *this; }
            bitset &operator^=(const bitset &o) { for (size_t i = 0; i < __words(); ++i) _M_w[i] ^= o._M_w[i]; return *this; }
            bitset &operator<<=(size_t k) {
                if (k >= _Nb) return reset();
                long n = (long)__words();
                long ws = (long)(k / 64);
                size_t off = k % 64;
                for (long i = n - 1; i >= 0; --i) {
                    long src = i - ws;
                    unsigned long v = 0;
                    if (src >= 0) {
                        v = _M_w[src] << off;
                        if (off != 0 && src > 0) v |= _M_w[src - 1] >> (64 - off);
                    }
                    _M_w[i] = v;
                }
                __sanitize();
                return *this;
            }
            bitset &operator>>=(size_t k) {
                if (k >= _Nb) return reset();
                long n = (long)__words();
                long ws = (long)(k / 64);
                size_t off = k % 64;
                for (long i = 0; i < n; ++i) {
                    long src = i + ws;
                    unsigned long v = 0;
                    if (src < n) {
                        v = _M_w[src] >> off;
                        if (off != 0 && src + 1 < n) v |= _M_w[src + 1] << (64 - off);
                    }
                    _M_w[i] = v;
                }
                return *this;
            }
            bitset operator<<(size_t k) const { bitset r = *this; r <<= k; return r; }
            bitset operator>>(size_t k) const { bitset r = *this; r >>= k; return r; }
            bitset operator~() const { bitset r = *this; r.flip(); return r; }
            bool operator==(const bitset &o) const {
                for (size_t i = 0; i < __words(); ++i) if (_M_w[i] != o._M_w[i]) return false;
                return true;
            }
            bool operator!=(const bitset &o) const { return !(*this == o); }
        };

        template <size_t _Nb> bitset<_Nb> operator&(const bitset<_Nb> &__a, const bitset<_Nb> &__b) { bitset<_Nb> __r = __a; __r &= __b; return __r; }
        template <size_t _Nb> bitset<_Nb> operator|(const bitset<_Nb> &__a, const bitset<_Nb> &__b) { bitset<_Nb> __r = __a; __r |= __b; return __r; }
        template <size_t _Nb> bitset<_Nb> operator^(const bitset<_Nb> &__a, const bitset<_Nb> &__b) { bitset<_Nb> __r = __a; __r ^= __b; return __r; }
        template <size_t _Nb> ios_base &operator<<(ios_base &__os, const bitset<_Nb> &__b) { return __os << __b.to_string(); }
        // as libstdc++: up to N characters '0' or '1' after white space; none is a failure
        template <size_t _Nb> ios_base &operator>>(ios_base &__is, bitset<_Nb> &__b) {
            if (!__sentry(__is)) return __is;
            string __s;
            while (__s.size() < _Nb) {
                int __c = __is.__peek();
                if (__c == -1) { __is.__state |= 2; break; }
                if (__c != '0' && __c != '1') break;
                __s.push_back((char)__is.__get());
            }
            if (__s.empty() && _Nb != 0) __is.__state |= 4;
            else __b = bitset<_Nb>(__s);
            return __is;
        }
        }
        """;
}
