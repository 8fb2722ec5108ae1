package webcu.frontend;

/**
 * The iostreams library (ios, ostream, istream, iostream, sstream, fstream, iomanip) in the C++
 * webcu compiles, printing what libstdc++ prints.
 *
 * <p>One class, {@code std::ios_base}, holds a stream's whole state (flags, width, precision,
 * fill, iostate, and where its characters go: stdout, stderr, stdin, or a buffer); ostream,
 * istream and iostream name it, and the string and file streams derive from it, so that every
 * stream binds to {@code std::ostream &} and {@code std::istream &}. Numbers are formatted by
 * Java natives (StreamLibrary) that follow libstdc++'s num_put; cout and cerr write through the
 * same stdout and stderr as printf, as libstdc++ does when synchronised with stdio. A file stream
 * reads its whole file at open and writes its buffer out at flush and close, so that only opening
 * and closing touch the C FILE functions.
 */
final class IoHeaders {
    private IoHeaders() {}

    static final String IOS = """
        #pragma once
        #include <cctype>
        #include <cstdio>
        #include <cstdlib>
        #include <cstring>
        #include <string>
        extern "C" {
        int getchar(void);
        size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
        long __webcu_put_int(int fd, char *buf, long cap, unsigned long long bits, int isSigned, int bytes, unsigned flags, long width, int fill);
        long __webcu_put_float(int fd, char *buf, long cap, double v, unsigned flags, long precision, long width, int fill);
        }
        namespace std {
        typedef long streamsize;
        typedef long streamoff;
        typedef long streampos;
        class ios_base {
        public:
            typedef unsigned int fmtflags;
            typedef unsigned int openmode;
            typedef unsigned int iostate;
            typedef int seekdir;
            static const fmtflags boolalpha = 1;
            static const fmtflags dec = 2;
            static const fmtflags fixed = 4;
            static const fmtflags hex = 8;
            static const fmtflags internal = 16;
            static const fmtflags left = 32;
            static const fmtflags oct = 64;
            static const fmtflags right = 128;
            static const fmtflags scientific = 256;
            static const fmtflags showbase = 512;
            static const fmtflags showpoint = 1024;
            static const fmtflags showpos = 2048;
            static const fmtflags skipws = 4096;
            static const fmtflags unitbuf = 8192;
            static const fmtflags uppercase = 16384;
            static const fmtflags adjustfield = 176;
            static const fmtflags basefield = 74;
            static const fmtflags floatfield = 260;
            static const openmode app = 1;
            static const openmode ate = 2;
            static const openmode binary = 4;
            static const openmode in = 8;
            static const openmode out = 16;
            static const openmode trunc = 32;
            static const iostate goodbit = 0;
            static const iostate badbit = 1;
            static const iostate eofbit = 2;
            static const iostate failbit = 4;
            static const seekdir beg = 0;
            static const seekdir cur = 1;
            static const seekdir end = 2;

            fmtflags __flags;
            streamsize __prec;
            streamsize __width;
            char __fillc;
            iostate __state;
            int __kind; // 1 stdout, 2 stderr, 3 stdin, 4 a buffer (string streams, file streams)
            char *__buf;
            size_t __len;
            size_t __cap;
            size_t __rpos;
            size_t __wpos;
            int __peekc;
            streamsize __gcnt;
            openmode __mode;
            FILE *__fp;
            ios_base *__tiep;

            ios_base() { __init(4, 24); }
            explicit ios_base(int kind) { __init(kind, kind == 3 ? 8 : 16); }
            ~ios_base() { __destroy(); }
            void __init(int kind, openmode mode) {
                __flags = 4098; __prec = 6; __width = 0; __fillc = ' '; __state = 0; __kind = kind;
                __buf = 0; __len = 0; __cap = 0; __rpos = 0; __wpos = 0; __peekc = -2; __gcnt = 0; __mode = mode; __fp = 0; __tiep = 0;
            }
            void __destroy() { if (__buf) free(__buf); __buf = 0; __len = 0; __cap = 0; }

            fmtflags flags() const { return __flags; }
            fmtflags flags(fmtflags f) { fmtflags o = __flags; __flags = f; return o; }
            fmtflags setf(fmtflags f) { fmtflags o = __flags; __flags |= f; return o; }
            fmtflags setf(fmtflags f, fmtflags mask) { fmtflags o = __flags; __flags = (__flags & ~mask) | (f & mask); return o; }
            void unsetf(fmtflags f) { __flags &= ~f; }
            streamsize precision() const { return __prec; }
            streamsize precision(streamsize p) { streamsize o = __prec; __prec = p; return o; }
            streamsize width() const { return __width; }
            streamsize width(streamsize w) { streamsize o = __width; __width = w; return o; }
            char fill() const { return __fillc; }
            char fill(char c) { char o = __fillc; __fillc = c; return o; }
            static bool sync_with_stdio(bool sync = true) { return true; }
            ios_base *tie() const { return __tiep; }
            ios_base *tie(ios_base *t) { ios_base *o = __tiep; __tiep = t; return o; }

            iostate rdstate() const { return __state; }
            void clear(iostate s = 0) { __state = s; }
            void setstate(iostate s) { __state |= s; }
            bool good() const { return __state == 0; }
            bool eof() const { return (__state & 2) != 0; }
            bool fail() const { return (__state & 5) != 0; }
            bool bad() const { return (__state & 1) != 0; }
            explicit operator bool() const { return (__state & 5) == 0; }
            bool operator!() const { return (__state & 5) != 0; }

            // ---- the characters: where output goes, where input comes from
            void __reserve(size_t n) {
                if (n <= __cap) return;
                size_t c = __cap ? __cap : 64;
                while (c < n) c *= 2;
                char *b = (char *)malloc(c);
                if (__len) memcpy(b, __buf, __len);
                if (__buf) free(__buf);
                __buf = b;
                __cap = c;
            }
            void __write(const char *p, size_t n) {
                if (__kind == 1) { fwrite(p, 1, n, stdout); return; }
                if (__kind == 2) { fwrite(p, 1, n, stderr); return; }
                if (__kind != 4) return;
                if (__mode & 1) __wpos = __len;
                __reserve(__wpos + n);
                memcpy(__buf + __wpos, p, n);
                __wpos += n;
                if (__wpos > __len) __len = __wpos;
            }
            int __get() {
                if (__kind == 3) {
                    if (__peekc != -2) { int c = __peekc; __peekc = -2; return c; }
                    return getchar();
                }
                return __rpos < __len ? (unsigned char)__buf[__rpos++] : -1;
            }
            int __peek() {
                if (__kind == 3) {
                    if (__peekc == -2) __peekc = getchar();
                    return __peekc;
                }
                return __rpos < __len ? (unsigned char)__buf[__rpos] : -1;
            }

            // ---- unformatted output
            ios_base &put(char c) { __write(&c, 1); return *this; }
            ios_base &write(const char *s, streamsize n) { __write(s, n); return *this; }
            ios_base &flush() {
                if (__kind == 1) fflush(stdout);
                if (__kind == 4 && __fp && __len) { fwrite(__buf, 1, __len, __fp); __len = 0; __wpos = 0; }
                return *this;
            }
            streampos tellp() const { return __kind == 4 ? (streampos)__wpos : -1; }
            ios_base &seekp(streampos p) { if (__kind == 4 && p >= 0 && (size_t)p <= __len) __wpos = p; else __state |= 4; return *this; }

            // ---- unformatted input
            int get() { __gcnt = 0; int c = __get(); if (c == -1) __state |= 6; else __gcnt = 1; return c; }
            ios_base &get(char &c) { int k = get(); if (k != -1) c = (char)k; return *this; }
            ios_base &get(char *s, streamsize n, char delim = '\\n') {
                streamsize k = 0;
                while (k + 1 < n) { int c = __peek(); if (c == -1) { __state |= 2; break; } if (c == delim) break; s[k++] = (char)__get(); }
                if (n > 0) s[k] = 0;
                __gcnt = k;
                if (k == 0) __state |= 4;
                return *this;
            }
            ios_base &getline(char *s, streamsize n, char delim = '\\n') {
                streamsize k = 0;
                __gcnt = 0;
                while (true) {
                    int c = __peek();
                    if (c == -1) { __state |= 2; break; }
                    if (c == delim) { __get(); ++__gcnt; break; }
                    if (k + 1 >= n) { __state |= 4; break; }
                    s[k++] = (char)__get();
                    ++__gcnt;
                }
                if (n > 0) s[k] = 0;
                if (__gcnt == 0) __state |= 4;
                return *this;
            }
            int peek() { __gcnt = 0; int c = __peek(); if (c == -1) __state |= 2; return c; }
            ios_base &ignore(streamsize n = 1, int delim = -1) {
                __gcnt = 0;
                while (n == 9223372036854775807L || __gcnt < n) {
                    int c = __get();
                    if (c == -1) { __state |= 2; break; }
                    ++__gcnt;
                    if (c == delim) break;
                }
                return *this;
            }
            ios_base &read(char *s, streamsize n) {
                __gcnt = 0;
                while (__gcnt < n) { int c = __get(); if (c == -1) { __state |= 6; break; } s[__gcnt++] = (char)c; }
                return *this;
            }
            streamsize readsome(char *s, streamsize n) { read(s, n); __state &= ~6u; return __gcnt; }
            streamsize gcount() const { return __gcnt; }
            ios_base &unget() {
                __state &= ~2u;
                if (__kind == 4 && __rpos > 0) --__rpos; else __state |= 1;
                return *this;
            }
            ios_base &putback(char c) {
                __state &= ~2u;
                if (__kind == 4 && __rpos > 0) { --__rpos; __buf[__rpos] = c; }
                else if (__kind == 3 && __peekc == -2) __peekc = (unsigned char)c;
                else __state |= 1;
                return *this;
            }
            streampos tellg() const { return __kind == 4 && !(__state & 5) ? (streampos)__rpos : -1; }
            ios_base &seekg(streampos p) {
                __state &= ~2u;
                if (__kind == 4 && p >= 0 && (size_t)p <= __len) __rpos = p; else __state |= 4;
                return *this;
            }
            ios_base &seekg(streamoff off, seekdir dir) {
                long base = dir == 0 ? 0 : dir == 1 ? (long)__rpos : (long)__len;
                return seekg(base + off);
            }

            // ---- string streams
            string str() const { return string(__buf ? __buf : "", __len); }
            void str(const string &s) {
                __len = 0;
                __reserve(s.size() + 1);
                memcpy(__buf, s.data(), s.size());
                __len = s.size();
                __rpos = 0;
                __wpos = (__mode & 3) ? __len : 0;
            }
        };
        typedef ios_base ios;
        typedef ios_base basic_ios;
        typedef ios_base ostream;
        typedef ios_base istream;
        typedef ios_base iostream;
        typedef ios_base streambuf;

        // ---- formatted output, as libstdc++'s ostream inserters
        static inline ios_base &__out(ios_base &os, const char *s, size_t n) {
            streamsize w = os.__width;
            os.__width = 0;
            if (w <= (streamsize)n) { os.__write(s, n); return os; }
            size_t pad = w - n;
            char *fill = (char *)malloc(pad);
            memset(fill, os.__fillc, pad);
            if ((os.__flags & 176) == 32) { os.__write(s, n); os.__write(fill, pad); }
            else { os.__write(fill, pad); os.__write(s, n); }
            free(fill);
            return os;
        }
        static inline ios_base &__put_int(ios_base &os, unsigned long long bits, int isSigned, int bytes) {
            streamsize w = os.__width;
            os.__width = 0;
            if (os.__kind == 1 || os.__kind == 2) {
                char none[1];
                __webcu_put_int(os.__kind, none, 0, bits, isSigned, bytes, os.__flags, w, os.__fillc);
                return os;
            }
            char tmp[80];
            long n = __webcu_put_int(0, tmp, 80, bits, isSigned, bytes, os.__flags, w, os.__fillc);
            if (n <= 80) { os.__write(tmp, n); return os; }
            char *big = (char *)malloc(n);
            __webcu_put_int(0, big, n, bits, isSigned, bytes, os.__flags, w, os.__fillc);
            os.__write(big, n);
            free(big);
            return os;
        }
        static inline ios_base &__put_float(ios_base &os, double v) {
            streamsize w = os.__width;
            os.__width = 0;
            if (os.__kind == 1 || os.__kind == 2) {
                char none[1];
                __webcu_put_float(os.__kind, none, 0, v, os.__flags, os.__prec, w, os.__fillc);
                return os;
            }
            char tmp[128];
            long n = __webcu_put_float(0, tmp, 128, v, os.__flags, os.__prec, w, os.__fillc);
            if (n <= 128) { os.__write(tmp, n); return os; }
            char *big = (char *)malloc(n);
            __webcu_put_float(0, big, n, v, os.__flags, os.__prec, w, os.__fillc);
            os.__write(big, n);
            free(big);
            return os;
        }
        static inline ios_base &operator<<(ios_base &os, bool v) {
            if (os.__flags & 1) {
                if (v) return __out(os, "true", 4);
                return __out(os, "false", 5);
            }
            return __put_int(os, v ? 1 : 0, 1, 8);
        }
        static inline ios_base &operator<<(ios_base &os, char c) { return __out(os, &c, 1); }
        static inline ios_base &operator<<(ios_base &os, signed char c) { return __out(os, (const char *)&c, 1); }
        static inline ios_base &operator<<(ios_base &os, unsigned char c) { return __out(os, (const char *)&c, 1); }
        static inline ios_base &operator<<(ios_base &os, short v) { return __put_int(os, (long long)v, 1, 2); }
        static inline ios_base &operator<<(ios_base &os, unsigned short v) { return __put_int(os, v, 0, 2); }
        static inline ios_base &operator<<(ios_base &os, int v) { return __put_int(os, (long long)v, 1, 4); }
        static inline ios_base &operator<<(ios_base &os, unsigned int v) { return __put_int(os, v, 0, 4); }
        static inline ios_base &operator<<(ios_base &os, long v) { return __put_int(os, (long long)v, 1, 8); }
        static inline ios_base &operator<<(ios_base &os, unsigned long v) { return __put_int(os, v, 0, 8); }
        static inline ios_base &operator<<(ios_base &os, long long v) { return __put_int(os, (unsigned long long)v, 1, 8); }
        static inline ios_base &operator<<(ios_base &os, unsigned long long v) { return __put_int(os, v, 0, 8); }
        static inline ios_base &operator<<(ios_base &os, float v) { return __put_float(os, (double)v); }
        static inline ios_base &operator<<(ios_base &os, double v) { return __put_float(os, v); }
        static inline ios_base &operator<<(ios_base &os, const char *s) {
            if (!s) { os.__state |= 1; return os; }
            return __out(os, s, strlen(s));
        }
        static inline ios_base &operator<<(ios_base &os, const signed char *s) { return os << (const char *)s; }
        static inline ios_base &operator<<(ios_base &os, const unsigned char *s) { return os << (const char *)s; }
        static inline ios_base &operator<<(ios_base &os, const string &s) { return __out(os, s.data(), s.size()); }
        // any other pointer prints its address as libstdc++ does: hex with 0x, and 0 for null
        template <class T> ios_base &operator<<(ios_base &os, T *p) {
            ios_base::fmtflags saved = os.__flags;
            os.__flags = (saved & ~(74u | 16384u)) | 8u | 512u;
            __put_int(os, (unsigned long long)(unsigned long)(const void *)p, 0, 8);
            os.__flags = saved;
            return os;
        }
        static inline ios_base &operator<<(ios_base &os, decltype(nullptr)) { return __out(os, "nullptr", 7); }
        static inline ios_base &operator<<(ios_base &os, ios_base &(*manip)(ios_base &)) { return manip(os); }

        // ---- manipulators
        static inline ios_base &endl(ios_base &os) { os.put('\\n'); os.flush(); return os; }
        static inline ios_base &ends(ios_base &os) { os.put('\\0'); return os; }
        static inline ios_base &flush(ios_base &os) { os.flush(); return os; }
        static inline ios_base &boolalpha(ios_base &s) { s.setf(1); return s; }
        static inline ios_base &noboolalpha(ios_base &s) { s.unsetf(1); return s; }
        static inline ios_base &showbase(ios_base &s) { s.setf(512); return s; }
        static inline ios_base &noshowbase(ios_base &s) { s.unsetf(512); return s; }
        static inline ios_base &showpoint(ios_base &s) { s.setf(1024); return s; }
        static inline ios_base &noshowpoint(ios_base &s) { s.unsetf(1024); return s; }
        static inline ios_base &showpos(ios_base &s) { s.setf(2048); return s; }
        static inline ios_base &noshowpos(ios_base &s) { s.unsetf(2048); return s; }
        static inline ios_base &skipws(ios_base &s) { s.setf(4096); return s; }
        static inline ios_base &noskipws(ios_base &s) { s.unsetf(4096); return s; }
        static inline ios_base &uppercase(ios_base &s) { s.setf(16384); return s; }
        static inline ios_base &nouppercase(ios_base &s) { s.unsetf(16384); return s; }
        static inline ios_base &unitbuf(ios_base &s) { s.setf(8192); return s; }
        static inline ios_base &nounitbuf(ios_base &s) { s.unsetf(8192); return s; }
        static inline ios_base &internal(ios_base &s) { s.setf(16, 176); return s; }
        static inline ios_base &left(ios_base &s) { s.setf(32, 176); return s; }
        static inline ios_base &right(ios_base &s) { s.setf(128, 176); return s; }
        static inline ios_base &dec(ios_base &s) { s.setf(2, 74); return s; }
        static inline ios_base &hex(ios_base &s) { s.setf(8, 74); return s; }
        static inline ios_base &oct(ios_base &s) { s.setf(64, 74); return s; }
        static inline ios_base &fixed(ios_base &s) { s.setf(4, 260); return s; }
        static inline ios_base &scientific(ios_base &s) { s.setf(256, 260); return s; }
        static inline ios_base &hexfloat(ios_base &s) { s.setf(260, 260); return s; }
        static inline ios_base &defaultfloat(ios_base &s) { s.unsetf(260); return s; }
        static inline ios_base &ws(ios_base &is) {
            int c;
            while ((c = is.__peek()) == ' ' || c == '\\n' || c == '\\t' || c == '\\r' || c == '\\v' || c == '\\f') is.__get();
            if (c == -1) is.__state |= 2;
            return is;
        }

        // ---- formatted input, as libstdc++'s extractors: skip white space, read the longest
        // prefix that can be a number, fail (and store 0, or the limit on overflow) otherwise
        static inline bool __isspace(int c) { return c == ' ' || c == '\\n' || c == '\\t' || c == '\\r' || c == '\\v' || c == '\\f'; }
        static inline bool __sentry(ios_base &is) {
            if (is.__state) { is.__state |= 4; return false; }
            if (is.__flags & 4096) {
                int c;
                while (__isspace(c = is.__peek())) is.__get();
                if (c == -1) { is.__state |= 6; return false; }
            }
            return true;
        }
        static inline int __digit(int c, int base) {
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
            return d < base ? d : -1;
        }
        // Reads an integer's magnitude; false when no digit came. *neg tells the sign, *overflow a magnitude past ULLONG_MAX.
        static inline bool __read_int(ios_base &is, unsigned long long *mag, bool *neg, bool *overflow) {
            *mag = 0; *neg = false; *overflow = false;
            int base = (is.__flags & 74) == 8 ? 16 : (is.__flags & 74) == 64 ? 8 : 10;
            int c = is.__peek();
            if (c == '-' || c == '+') { *neg = c == '-'; is.__get(); c = is.__peek(); }
            bool any = false;
            if (base == 16 && c == '0') {
                is.__get(); any = true; c = is.__peek();
                if (c == 'x' || c == 'X') { is.__get(); c = is.__peek(); }
            }
            int d;
            while (c != -1 && (d = __digit(c, base)) >= 0) {
                unsigned long long next = *mag * base + d;
                if (*mag > 18446744073709551615ull / base || next < *mag * base) *overflow = true;
                *mag = next;
                any = true;
                is.__get();
                c = is.__peek();
            }
            if (c == -1) is.__state |= 2;
            if (!any) is.__state |= 4;
            return any;
        }
        // Each extractor leaves the variable alone when the sentry fails (end of input while
        // skipping white space), as libstdc++ does, and stores 0 or the limit when parsing fails.
        static inline bool __extract_signed(ios_base &is, long long lo, long long hi, long long *out) {
            unsigned long long mag; bool neg, over;
            if (!__sentry(is)) return false;
            *out = 0;
            if (!__read_int(is, &mag, &neg, &over)) return true;
            if (!neg && (over || mag > (unsigned long long)hi)) { is.__state |= 4; *out = hi; return true; }
            if (neg && (over || mag > (unsigned long long)hi + 1ull)) { is.__state |= 4; *out = lo; return true; }
            *out = neg ? (long long)(0ull - mag) : (long long)mag;
            return true;
        }
        static inline bool __extract_unsigned(ios_base &is, unsigned long long hi, unsigned long long *out) {
            unsigned long long mag; bool neg, over;
            if (!__sentry(is)) return false;
            *out = 0;
            if (!__read_int(is, &mag, &neg, &over)) return true;
            if (over || mag > hi) { is.__state |= 4; *out = hi; return true; }
            *out = neg ? (0ull - mag) & hi : mag;
            return true;
        }
        static inline bool __extract_float(ios_base &is, double *out) {
            if (!__sentry(is)) return false;
            *out = 0;
            char tmp[400];
            int n = 0;
            int c = is.__peek();
            if (c == '-' || c == '+') { tmp[n++] = (char)c; is.__get(); c = is.__peek(); }
            bool digits = false, dot = false, exp = false;
            while (c != -1 && n < 390) {
                if (c >= '0' && c <= '9') digits = true;
                else if (c == '.' && !dot && !exp) dot = true;
                else if ((c == 'e' || c == 'E') && digits && !exp) {
                    exp = true;
                    tmp[n++] = (char)c; is.__get(); c = is.__peek();
                    if (c == '-' || c == '+') { tmp[n++] = (char)c; is.__get(); c = is.__peek(); }
                    continue;
                } else break;
                tmp[n++] = (char)c;
                is.__get();
                c = is.__peek();
            }
            tmp[n] = 0;
            if (c == -1) is.__state |= 2;
            if (!digits) { is.__state |= 4; return true; }
            *out = strtod(tmp, 0);
            return true;
        }
        static inline ios_base &operator>>(ios_base &is, short &v) { long long t; if (__extract_signed(is, -32768, 32767, &t)) v = (short)t; return is; }
        static inline ios_base &operator>>(ios_base &is, unsigned short &v) { unsigned long long t; if (__extract_unsigned(is, 65535, &t)) v = (unsigned short)t; return is; }
        static inline ios_base &operator>>(ios_base &is, int &v) { long long t; if (__extract_signed(is, -2147483647 - 1, 2147483647, &t)) v = (int)t; return is; }
        static inline ios_base &operator>>(ios_base &is, unsigned int &v) { unsigned long long t; if (__extract_unsigned(is, 4294967295u, &t)) v = (unsigned int)t; return is; }
        static inline ios_base &operator>>(ios_base &is, long &v) { long long t; if (__extract_signed(is, -9223372036854775807L - 1, 9223372036854775807L, &t)) v = (long)t; return is; }
        static inline ios_base &operator>>(ios_base &is, unsigned long &v) { unsigned long long t; if (__extract_unsigned(is, 18446744073709551615ul, &t)) v = (unsigned long)t; return is; }
        static inline ios_base &operator>>(ios_base &is, long long &v) { long long t; if (__extract_signed(is, -9223372036854775807LL - 1, 9223372036854775807LL, &t)) v = t; return is; }
        static inline ios_base &operator>>(ios_base &is, unsigned long long &v) { unsigned long long t; if (__extract_unsigned(is, 18446744073709551615ull, &t)) v = (unsigned long long)t; return is; }
        static inline ios_base &operator>>(ios_base &is, double &v) { double t; if (__extract_float(is, &t)) v = t; return is; }
        static inline ios_base &operator>>(ios_base &is, float &v) { double t; if (__extract_float(is, &t)) v = (float)t; return is; }
        static inline ios_base &operator>>(ios_base &is, bool &v) {
            long long k;
            if (!__extract_signed(is, -9223372036854775807LL - 1, 9223372036854775807LL, &k)) return is;
            if (k != 0 && k != 1) { is.__state |= 4; v = true; } else v = k == 1;
            return is;
        }
        static inline ios_base &operator>>(ios_base &is, char &c) {
            if (!__sentry(is)) return is;
            int k = is.__get();
            if (k == -1) is.__state |= 6; else c = (char)k;
            return is;
        }
        static inline ios_base &operator>>(ios_base &is, string &s) {
            if (!__sentry(is)) return is;
            s.clear();
            streamsize w = is.__width > 0 ? is.__width : 9223372036854775807L;
            is.__width = 0;
            streamsize n = 0;
            int c;
            while (n < w && (c = is.__peek()) != -1 && !__isspace(c)) { s.push_back((char)is.__get()); ++n; }
            if (n < w && is.__peek() == -1) is.__state |= 2;
            if (n == 0) is.__state |= 4;
            return is;
        }
        static inline ios_base &operator>>(ios_base &is, char *s) {
            if (!__sentry(is)) return is;
            streamsize w = is.__width > 0 ? is.__width - 1 : 9223372036854775807L;
            is.__width = 0;
            streamsize n = 0;
            int c;
            while (n < w && (c = is.__peek()) != -1 && !__isspace(c)) s[n++] = (char)is.__get();
            s[n] = 0;
            if (n < w && is.__peek() == -1) is.__state |= 2;
            if (n == 0) is.__state |= 4;
            return is;
        }
        static inline ios_base &operator>>(ios_base &is, ios_base &(*manip)(ios_base &)) { return manip(is); }
        static inline ios_base &getline(ios_base &is, string &s, char delim) {
            if (is.__state) { is.__state |= 4; return is; }
            s.clear();
            size_t n = 0;
            while (true) {
                int c = is.__get();
                if (c == -1) { is.__state |= 2; if (n == 0) is.__state |= 4; break; }
                ++n;
                if (c == delim) break;
                s.push_back((char)c);
            }
            return is;
        }
        static inline ios_base &getline(ios_base &is, string &s) { return getline(is, s, '\\n'); }
        }
        """;

    static final String IOSTREAM = """
        #pragma once
        #include <ios>
        namespace std {
        static ios_base cout(1);
        static ios_base cerr(2);
        static ios_base clog(2);
        static ios_base cin(3);
        }
        """;

    static final String IOMANIP = """
        #pragma once
        #include <ios>
        namespace std {
        struct _Setw { int _M_n; };
        struct _Setprecision { int _M_n; };
        struct _Setfill { char _M_c; };
        struct _Setbase { int _M_base; };
        struct _Setiosflags { unsigned _M_mask; };
        struct _Resetiosflags { unsigned _M_mask; };
        static inline _Setw setw(int n) { _Setw r; r._M_n = n; return r; }
        static inline _Setprecision setprecision(int n) { _Setprecision r; r._M_n = n; return r; }
        static inline _Setfill setfill(char c) { _Setfill r; r._M_c = c; return r; }
        static inline _Setbase setbase(int b) { _Setbase r; r._M_base = b; return r; }
        static inline _Setiosflags setiosflags(unsigned m) { _Setiosflags r; r._M_mask = m; return r; }
        static inline _Resetiosflags resetiosflags(unsigned m) { _Resetiosflags r; r._M_mask = m; return r; }
        static inline ios_base &operator<<(ios_base &os, _Setw m) { os.width(m._M_n); return os; }
        static inline ios_base &operator<<(ios_base &os, _Setprecision m) { os.precision(m._M_n); return os; }
        static inline ios_base &operator<<(ios_base &os, _Setfill m) { os.fill(m._M_c); return os; }
        static inline ios_base &operator<<(ios_base &os, _Setbase m) { os.setf(m._M_base == 8 ? 64u : m._M_base == 10 ? 2u : m._M_base == 16 ? 8u : 0u, 74u); return os; }
        static inline ios_base &operator<<(ios_base &os, _Setiosflags m) { os.setf(m._M_mask); return os; }
        static inline ios_base &operator<<(ios_base &os, _Resetiosflags m) { os.setf(0, m._M_mask); return os; }
        static inline ios_base &operator>>(ios_base &is, _Setw m) { is.width(m._M_n); return is; }
        static inline ios_base &operator>>(ios_base &is, _Setprecision m) { is.precision(m._M_n); return is; }
        static inline ios_base &operator>>(ios_base &is, _Setfill m) { is.fill(m._M_c); return is; }
        static inline ios_base &operator>>(ios_base &is, _Setbase m) { is.setf(m._M_base == 8 ? 64u : m._M_base == 10 ? 2u : m._M_base == 16 ? 8u : 0u, 74u); return is; }
        }
        """;

    static final String SSTREAM = """
        #pragma once
        #include <ios>
        namespace std {
        class ostringstream : public ios_base {
        public:
            ostringstream() { __init(4, 16); }
            explicit ostringstream(const string &s, ios_base::openmode m = 16) { __init(4, m | 16); str(s); }
            ~ostringstream() { __destroy(); }
        };
        class istringstream : public ios_base {
        public:
            istringstream() { __init(4, 8); }
            explicit istringstream(const string &s, ios_base::openmode m = 8) { __init(4, m | 8); str(s); }
            ~istringstream() { __destroy(); }
        };
        class stringstream : public ios_base {
        public:
            stringstream() { __init(4, 24); }
            explicit stringstream(const string &s, ios_base::openmode m = 24) { __init(4, m); str(s); }
            ~stringstream() { __destroy(); }
        };
        }
        """;

    static final String FSTREAM = """
        #pragma once
        #include <ios>
        extern "C" {
        FILE *fopen(const char *path, const char *mode);
        int fclose(FILE *f);
        size_t fread(void *p, size_t size, size_t n, FILE *f);
        }
        namespace std {
        // What the file streams share: opening reads an input file whole; output collects in the
        // buffer and goes to the file at flush and close.
        class __fstream_base : public ios_base {
        public:
            bool is_open() const { return __fp != 0 || (__mode & 512) != 0; }
            void __open(const char *path, ios_base::openmode mode) {
                __init(4, mode);
                if (mode & 16) {
                    __fp = fopen(path, (mode & 1) ? ((mode & 8) ? "a+" : "a") : (mode & 8) && !(mode & 32) ? "r+" : "w");
                    if (!__fp) __state |= 4;
                    return;
                }
                FILE *f = fopen(path, "r");
                if (!f) { __state |= 4; return; }
                char chunk[4096];
                size_t n;
                while ((n = fread(chunk, 1, 4096, f)) > 0) { __reserve(__len + n); memcpy(__buf + __len, chunk, n); __len += n; }
                fclose(f);
                __mode |= 512; // open for reading: the bytes are all in the buffer
                if (mode & 2) __rpos = __len;
            }
            void close() {
                if (!is_open()) { __state |= 4; return; }
                flush();
                if (__fp) fclose(__fp);
                __fp = 0;
                __mode &= ~512u;
            }
        };
        class ifstream : public __fstream_base {
        public:
            ifstream() { __init(4, 8); }
            explicit ifstream(const char *path, ios_base::openmode m = 8) { __open(path, m | 8); }
            explicit ifstream(const string &path, ios_base::openmode m = 8) { __open(path.c_str(), m | 8); }
            ~ifstream() { __destroy(); }
            void open(const char *path, ios_base::openmode m = 8) { __open(path, m | 8); }
            void open(const string &path, ios_base::openmode m = 8) { __open(path.c_str(), m | 8); }
        };
        class ofstream : public __fstream_base {
        public:
            ofstream() { __init(4, 16); }
            explicit ofstream(const char *path, ios_base::openmode m = 16) { __open(path, m | 16); }
            explicit ofstream(const string &path, ios_base::openmode m = 16) { __open(path.c_str(), m | 16); }
            ~ofstream() { if (__fp) close(); __destroy(); }
            void open(const char *path, ios_base::openmode m = 16) { __open(path, m | 16); }
            void open(const string &path, ios_base::openmode m = 16) { __open(path.c_str(), m | 16); }
        };
        class fstream : public __fstream_base {
        public:
            fstream() { __init(4, 24); }
            explicit fstream(const char *path, ios_base::openmode m = 24) { __open(path, m); }
            explicit fstream(const string &path, ios_base::openmode m = 24) { __open(path.c_str(), m); }
            ~fstream() { if (__fp) close(); __destroy(); }
            void open(const char *path, ios_base::openmode m = 24) { __open(path, m); }
            void open(const string &path, ios_base::openmode m = 24) { __open(path.c_str(), m); }
        };
        }
        """;
}
