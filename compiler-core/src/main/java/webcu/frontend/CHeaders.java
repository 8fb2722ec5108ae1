package webcu.frontend;

/**
 * The C library's headers and the POSIX/Linux ones programs include, declaring what glibc
 * declares (the subset programs use) with glibc's values for constants and x86-64 layouts for
 * structs, so that sizes and printed numbers match an nvcc build. Functions without a body are
 * implemented in Java by the VM's libraries (HostLibrary, StdioLibrary, PosixLibrary); the few
 * that call back into the program (qsort, bsearch) are C here, since a native cannot call the VM.
 */
final class CHeaders {
    private CHeaders() {}

    /** What sys/types.h and several others share: the POSIX scalar types and the time structs. */
    static final String TYPES = """
        #pragma once
        #include <cstddef>
        typedef long ssize_t;
        typedef long off_t;
        typedef int pid_t;
        typedef unsigned int mode_t;
        typedef unsigned int uid_t;
        typedef unsigned int gid_t;
        typedef unsigned long dev_t;
        typedef unsigned long ino_t;
        typedef unsigned long nlink_t;
        typedef long blksize_t;
        typedef long blkcnt_t;
        typedef long time_t;
        typedef long clock_t;
        typedef long suseconds_t;
        typedef unsigned int useconds_t;
        typedef int clockid_t;
        typedef unsigned int u_int;
        typedef unsigned long u_long;
        typedef unsigned char u_char;
        typedef unsigned short u_short;
        struct timespec { time_t tv_sec; long tv_nsec; };
        struct timeval { time_t tv_sec; suseconds_t tv_usec; };
        """;

    static final String STDIO = """
        #pragma once
        #include <cstddef>
        #include <sys/types.h>
        #include <__webcu_stdarg.h>
        typedef struct _IO_FILE FILE;
        typedef long fpos_t;
        extern FILE *stdin;
        extern FILE *stdout;
        extern FILE *stderr;
        #define stdin stdin
        #define stdout stdout
        #define stderr stderr
        #define EOF (-1)
        #define BUFSIZ 8192
        #define FILENAME_MAX 4096
        #define FOPEN_MAX 16
        #define L_tmpnam 20
        #define TMP_MAX 238328
        #define SEEK_SET 0
        #define SEEK_CUR 1
        #define SEEK_END 2
        #define _IOFBF 0
        #define _IOLBF 1
        #define _IONBF 2
        extern "C" {
        __host__ __device__ int printf(const char *format, ...);
        int fprintf(FILE *stream, const char *format, ...);
        int sprintf(char *str, const char *format, ...);
        int snprintf(char *str, size_t size, const char *format, ...);
        int vprintf(const char *format, va_list ap);
        int vfprintf(FILE *stream, const char *format, va_list ap);
        int vsprintf(char *str, const char *format, va_list ap);
        int vsnprintf(char *str, size_t size, const char *format, va_list ap);
        int scanf(const char *format, ...);
        int fscanf(FILE *stream, const char *format, ...);
        int sscanf(const char *str, const char *format, ...);
        int vscanf(const char *format, va_list ap);
        int vfscanf(FILE *stream, const char *format, va_list ap);
        int vsscanf(const char *str, const char *format, va_list ap);
        int puts(const char *s);
        int putchar(int c);
        int fputs(const char *s, FILE *stream);
        int fputc(int c, FILE *stream);
        int putc(int c, FILE *stream);
        int getchar(void);
        int fgetc(FILE *stream);
        int getc(FILE *stream);
        int ungetc(int c, FILE *stream);
        char *fgets(char *s, int size, FILE *stream);
        ssize_t getline(char **line, size_t *n, FILE *stream);
        ssize_t getdelim(char **line, size_t *n, int delim, FILE *stream);
        FILE *fopen(const char *path, const char *mode);
        FILE *freopen(const char *path, const char *mode, FILE *stream);
        FILE *fdopen(int fd, const char *mode);
        int fclose(FILE *stream);
        int fflush(FILE *stream);
        size_t fread(void *ptr, size_t size, size_t n, FILE *stream);
        size_t fwrite(const void *ptr, size_t size, size_t n, FILE *stream);
        int fseek(FILE *stream, long offset, int whence);
        int fseeko(FILE *stream, off_t offset, int whence);
        long ftell(FILE *stream);
        off_t ftello(FILE *stream);
        void rewind(FILE *stream);
        int fgetpos(FILE *stream, fpos_t *pos);
        int fsetpos(FILE *stream, const fpos_t *pos);
        int feof(FILE *stream);
        int ferror(FILE *stream);
        void clearerr(FILE *stream);
        int fileno(FILE *stream);
        int remove(const char *path);
        int rename(const char *from, const char *to);
        void perror(const char *s);
        int setvbuf(FILE *stream, char *buf, int mode, size_t size);
        void setbuf(FILE *stream, char *buf);
        FILE *tmpfile(void);
        }
        namespace std {
        using ::FILE; using ::fpos_t; using ::size_t;
        using ::printf; using ::fprintf; using ::sprintf; using ::snprintf; using ::vprintf; using ::vfprintf;
        using ::vsprintf; using ::vsnprintf; using ::scanf; using ::fscanf; using ::sscanf; using ::vscanf;
        using ::vfscanf; using ::vsscanf; using ::puts; using ::putchar; using ::fputs; using ::fputc; using ::putc;
        using ::getchar; using ::fgetc; using ::getc; using ::ungetc; using ::fgets; using ::fopen; using ::freopen;
        using ::fclose; using ::fflush; using ::fread; using ::fwrite; using ::fseek; using ::ftell; using ::rewind;
        using ::fgetpos; using ::fsetpos; using ::feof; using ::ferror; using ::clearerr; using ::remove;
        using ::rename; using ::perror; using ::setvbuf; using ::setbuf; using ::tmpfile;
        }
        """;

    /** va_list is a pointer into 8-byte slots that va_start fills from the call's extra arguments. */
    static final String STDARG = """
        #pragma once
        typedef char *va_list;
        typedef char *__gnuc_va_list;
        typedef char *__builtin_va_list;
        extern "C" char *__webcu_va_start(void);
        #define va_start(ap, last) ((void)((ap) = __webcu_va_start()))
        #define va_arg(ap, T) (*(T *)(((ap) += 8) - 8))
        #define va_end(ap) ((void)(ap))
        #define va_copy(dst, src) ((void)((dst) = (src)))
        #define __va_copy(dst, src) ((void)((dst) = (src)))
        namespace std { using ::va_list; }
        """;

    static final String STDLIB = """
        #pragma once
        #include <cstddef>
        #define RAND_MAX 2147483647
        #define EXIT_SUCCESS 0
        #define EXIT_FAILURE 1
        #define MB_CUR_MAX 1
        typedef struct { int quot; int rem; } div_t;
        typedef struct { long quot; long rem; } ldiv_t;
        typedef struct { long long quot; long long rem; } lldiv_t;
        extern "C" {
        __host__ __device__ void *malloc(size_t size);
        void *calloc(size_t n, size_t size);
        void *realloc(void *p, size_t size);
        __host__ __device__ void free(void *p);
        void *aligned_alloc(size_t alignment, size_t size);
        int posix_memalign(void **p, size_t alignment, size_t size);
        void *memalign(size_t alignment, size_t size);
        void *valloc(size_t size);
        int rand(void);
        void srand(unsigned int seed);
        int rand_r(unsigned int *seed);
        long random(void);
        void srandom(unsigned int seed);
        double drand48(void);
        long lrand48(void);
        long mrand48(void);
        void srand48(long seed);
        void exit(int status);
        void _Exit(int status);
        void quick_exit(int status);
        void abort(void);
        int atexit(void (*f)(void));
        int atoi(const char *s);
        long atol(const char *s);
        long long atoll(const char *s);
        double atof(const char *s);
        long strtol(const char *s, char **end, int base);
        unsigned long strtoul(const char *s, char **end, int base);
        long long strtoll(const char *s, char **end, int base);
        unsigned long long strtoull(const char *s, char **end, int base);
        double strtod(const char *s, char **end);
        float strtof(const char *s, char **end);
        long double strtold(const char *s, char **end);
        __host__ __device__ int abs(int x);
        __host__ __device__ long labs(long x);
        __host__ __device__ long long llabs(long long x);
        char *getenv(const char *name);
        int setenv(const char *name, const char *value, int overwrite);
        int unsetenv(const char *name);
        int system(const char *command);
        }
        inline div_t div(int a, int b) { div_t r; r.quot = a / b; r.rem = a % b; return r; }
        inline ldiv_t ldiv(long a, long b) { ldiv_t r; r.quot = a / b; r.rem = a % b; return r; }
        inline lldiv_t lldiv(long long a, long long b) { lldiv_t r; r.quot = a / b; r.rem = a % b; return r; }
        // glibc's qsort is a merge sort when it can allocate its buffer: stable, so equal keys end
        // in the same order as there; bsearch is the usual halving.
        extern "C" inline void __webcu_msort(char *b, size_t n, size_t s, int (*cmp)(const void *, const void *), char *t) {
            if (n <= 1) return;
            size_t n1 = n / 2, n2 = n - n1;
            char *b1 = b, *b2 = b + n1 * s;
            __webcu_msort(b1, n1, s, cmp, t);
            __webcu_msort(b2, n2, s, cmp, t);
            char *tmp = t;
            while (n1 > 0 && n2 > 0) {
                if (cmp(b1, b2) <= 0) { for (size_t i = 0; i < s; i++) tmp[i] = b1[i]; b1 += s; --n1; }
                else { for (size_t i = 0; i < s; i++) tmp[i] = b2[i]; b2 += s; --n2; }
                tmp += s;
            }
            for (size_t i = 0; i < n1 * s; i++) tmp[i] = b1[i];
            for (size_t i = 0; i < (n - n2) * s; i++) b[i] = t[i];
        }
        extern "C" inline void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
            if (n <= 1 || size == 0) return;
            char *t = (char *)malloc(n * size);
            __webcu_msort((char *)base, n, size, cmp, t);
            free(t);
        }
        extern "C" inline void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
            size_t lo = 0, hi = n;
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                const char *p = (const char *)base + mid * size;
                int c = cmp(key, p);
                if (c < 0) hi = mid;
                else if (c > 0) lo = mid + 1;
                else return (void *)p;
            }
            return 0;
        }
        namespace std {
        using ::div_t; using ::ldiv_t; using ::lldiv_t; using ::size_t;
        using ::malloc; using ::calloc; using ::realloc; using ::free; using ::aligned_alloc; using ::rand; using ::srand;
        using ::exit; using ::_Exit; using ::quick_exit; using ::abort; using ::atexit; using ::atoi; using ::atol; using ::atoll;
        using ::atof; using ::strtol; using ::strtoul; using ::strtoll; using ::strtoull; using ::strtod; using ::strtof;
        using ::strtold; using ::abs; using ::labs; using ::llabs; using ::div; using ::ldiv; using ::lldiv; using ::getenv;
        using ::system; using ::qsort; using ::bsearch;
        }
        """;

    static final String STRING = """
        #pragma once
        #include <cstddef>
        extern "C" {
        __host__ __device__ void *memcpy(void *dst, const void *src, size_t n);
        __host__ __device__ void *memset(void *dst, int c, size_t n);
        void *memmove(void *dst, const void *src, size_t n);
        int memcmp(const void *a, const void *b, size_t n);
        void *memchr(const void *s, int c, size_t n);
        void *memrchr(const void *s, int c, size_t n);
        size_t strlen(const char *s);
        size_t strnlen(const char *s, size_t max);
        int strcmp(const char *a, const char *b);
        int strncmp(const char *a, const char *b, size_t n);
        int strcoll(const char *a, const char *b);
        size_t strxfrm(char *dst, const char *src, size_t n);
        char *strcpy(char *dst, const char *src);
        char *strncpy(char *dst, const char *src, size_t n);
        char *stpcpy(char *dst, const char *src);
        char *strcat(char *dst, const char *src);
        char *strncat(char *dst, const char *src, size_t n);
        char *strchr(const char *s, int c);
        char *strrchr(const char *s, int c);
        char *strstr(const char *s, const char *t);
        char *strcasestr(const char *s, const char *t);
        size_t strspn(const char *s, const char *accept);
        size_t strcspn(const char *s, const char *reject);
        char *strpbrk(const char *s, const char *accept);
        char *strtok(char *s, const char *delim);
        char *strtok_r(char *s, const char *delim, char **save);
        char *strsep(char **s, const char *delim);
        char *strdup(const char *s);
        char *strndup(const char *s, size_t n);
        char *strerror(int errnum);
        int strerror_r(int errnum, char *buf, size_t n);
        char *strsignal(int sig);
        }
        namespace std {
        using ::size_t; using ::memcpy; using ::memset; using ::memmove; using ::memcmp; using ::memchr; using ::strlen;
        using ::strcmp; using ::strncmp; using ::strcoll; using ::strxfrm; using ::strcpy; using ::strncpy; using ::strcat;
        using ::strncat; using ::strchr; using ::strrchr; using ::strstr; using ::strspn; using ::strcspn; using ::strpbrk;
        using ::strtok; using ::strerror;
        }
        """;

    static final String STRINGS = """
        #pragma once
        #include <cstddef>
        extern "C" {
        int strcasecmp(const char *a, const char *b);
        int strncasecmp(const char *a, const char *b, size_t n);
        void bzero(void *s, size_t n);
        void bcopy(const void *src, void *dst, size_t n);
        int bcmp(const void *a, const void *b, size_t n);
        char *index(const char *s, int c);
        char *rindex(const char *s, int c);
        int ffs(int i);
        }
        """;

    static final String CTYPE = """
        #pragma once
        extern "C" {
        int isalnum(int c);
        int isalpha(int c);
        int isblank(int c);
        int iscntrl(int c);
        int isdigit(int c);
        int isgraph(int c);
        int islower(int c);
        int isprint(int c);
        int ispunct(int c);
        int isspace(int c);
        int isupper(int c);
        int isxdigit(int c);
        int isascii(int c);
        int tolower(int c);
        int toupper(int c);
        int toascii(int c);
        }
        namespace std {
        using ::isalnum; using ::isalpha; using ::isblank; using ::iscntrl; using ::isdigit; using ::isgraph; using ::islower;
        using ::isprint; using ::ispunct; using ::isspace; using ::isupper; using ::isxdigit; using ::tolower; using ::toupper;
        }
        """;

    static final String ERRNO = """
        #pragma once
        extern "C" int *__errno_location(void);
        #define errno (*__errno_location())
        #define EPERM 1
        #define ENOENT 2
        #define ESRCH 3
        #define EINTR 4
        #define EIO 5
        #define ENXIO 6
        #define E2BIG 7
        #define ENOEXEC 8
        #define EBADF 9
        #define ECHILD 10
        #define EAGAIN 11
        #define EWOULDBLOCK EAGAIN
        #define ENOMEM 12
        #define EACCES 13
        #define EFAULT 14
        #define EBUSY 16
        #define EEXIST 17
        #define EXDEV 18
        #define ENODEV 19
        #define ENOTDIR 20
        #define EISDIR 21
        #define EINVAL 22
        #define ENFILE 23
        #define EMFILE 24
        #define ENOTTY 25
        #define EFBIG 27
        #define ENOSPC 28
        #define ESPIPE 29
        #define EROFS 30
        #define EMLINK 31
        #define EPIPE 32
        #define EDOM 33
        #define ERANGE 34
        #define EDEADLK 35
        #define ENAMETOOLONG 36
        #define ENOLCK 37
        #define ENOSYS 38
        #define ENOTEMPTY 39
        #define ELOOP 40
        #define EOVERFLOW 75
        #define EILSEQ 84
        #define ENOTSUP 95
        #define EOPNOTSUPP 95
        #define ETIMEDOUT 110
        #define ECANCELED 125
        """;

    static final String INTTYPES = """
        #pragma once
        #include <cstdint>
        #define PRId8 "d"
        #define PRId16 "d"
        #define PRId32 "d"
        #define PRId64 "ld"
        #define PRIi8 "i"
        #define PRIi16 "i"
        #define PRIi32 "i"
        #define PRIi64 "li"
        #define PRIu8 "u"
        #define PRIu16 "u"
        #define PRIu32 "u"
        #define PRIu64 "lu"
        #define PRIo8 "o"
        #define PRIo16 "o"
        #define PRIo32 "o"
        #define PRIo64 "lo"
        #define PRIx8 "x"
        #define PRIx16 "x"
        #define PRIx32 "x"
        #define PRIx64 "lx"
        #define PRIX8 "X"
        #define PRIX16 "X"
        #define PRIX32 "X"
        #define PRIX64 "lX"
        #define PRIdMAX "ld"
        #define PRIiMAX "li"
        #define PRIuMAX "lu"
        #define PRIxMAX "lx"
        #define PRIXMAX "lX"
        #define PRIdPTR "ld"
        #define PRIuPTR "lu"
        #define PRIxPTR "lx"
        #define PRIXPTR "lX"
        #define PRIdFAST8 "d"
        #define PRIdFAST16 "ld"
        #define PRIdFAST32 "ld"
        #define PRIdFAST64 "ld"
        #define PRIuFAST32 "lu"
        #define PRIuFAST64 "lu"
        #define PRIdLEAST32 "d"
        #define PRIdLEAST64 "ld"
        #define PRIuLEAST32 "u"
        #define PRIuLEAST64 "lu"
        #define SCNd8 "hhd"
        #define SCNd16 "hd"
        #define SCNd32 "d"
        #define SCNd64 "ld"
        #define SCNi32 "i"
        #define SCNi64 "li"
        #define SCNu8 "hhu"
        #define SCNu16 "hu"
        #define SCNu32 "u"
        #define SCNu64 "lu"
        #define SCNx32 "x"
        #define SCNx64 "lx"
        #define SCNdMAX "ld"
        #define SCNuMAX "lu"
        typedef struct { long quot; long rem; } imaxdiv_t;
        extern "C" {
        intmax_t strtoimax(const char *s, char **end, int base);
        uintmax_t strtoumax(const char *s, char **end, int base);
        intmax_t imaxabs(intmax_t x);
        }
        inline imaxdiv_t imaxdiv(intmax_t a, intmax_t b) { imaxdiv_t r; r.quot = a / b; r.rem = a % b; return r; }
        namespace std { using ::imaxdiv_t; using ::strtoimax; using ::strtoumax; using ::imaxabs; using ::imaxdiv; }
        """;

    static final String STDBOOL = """
        #pragma once
        #define __bool_true_false_are_defined 1
        """;

    static final String LIMITS = """
        #pragma once
        #define CHAR_BIT 8
        #define MB_LEN_MAX 16
        #define SCHAR_MIN (-128)
        #define SCHAR_MAX 127
        #define UCHAR_MAX 255
        #define CHAR_MIN SCHAR_MIN
        #define CHAR_MAX SCHAR_MAX
        #define SHRT_MIN (-32768)
        #define SHRT_MAX 32767
        #define USHRT_MAX 65535
        #define INT_MIN (-2147483647-1)
        #define INT_MAX 2147483647
        #define UINT_MAX 4294967295U
        #define LONG_MIN (-9223372036854775807L-1)
        #define LONG_MAX 9223372036854775807L
        #define ULONG_MAX 18446744073709551615UL
        #define LLONG_MIN (-9223372036854775807LL-1)
        #define LLONG_MAX 9223372036854775807LL
        #define ULLONG_MAX 18446744073709551615ULL
        #define SSIZE_MAX LONG_MAX
        #define PATH_MAX 4096
        #define NAME_MAX 255
        #define HOST_NAME_MAX 64
        #define LINE_MAX 2048
        #define IOV_MAX 1024
        """;

    static final String FLOAT = """
        #pragma once
        #define FLT_RADIX 2
        #define FLT_ROUNDS 1
        #define FLT_EVAL_METHOD 0
        #define DECIMAL_DIG 21
        #define FLT_DECIMAL_DIG 9
        #define DBL_DECIMAL_DIG 17
        #define FLT_MAX 3.40282347e+38F
        #define FLT_MIN 1.17549435e-38F
        #define FLT_EPSILON 1.19209290e-07F
        #define FLT_TRUE_MIN 1.40129846e-45F
        #define FLT_DIG 6
        #define FLT_MANT_DIG 24
        #define FLT_MIN_EXP (-125)
        #define FLT_MAX_EXP 128
        #define FLT_MIN_10_EXP (-37)
        #define FLT_MAX_10_EXP 38
        #define DBL_MAX 1.7976931348623157e+308
        #define DBL_MIN 2.2250738585072014e-308
        #define DBL_EPSILON 2.2204460492503131e-16
        #define DBL_TRUE_MIN 4.9406564584124654e-324
        #define DBL_DIG 15
        #define DBL_MANT_DIG 53
        #define DBL_MIN_EXP (-1021)
        #define DBL_MAX_EXP 1024
        #define DBL_MIN_10_EXP (-307)
        #define DBL_MAX_10_EXP 308
        """;

    static final String TIME = """
        #pragma once
        #include <sys/types.h>
        #define CLOCKS_PER_SEC 1000000L
        #define CLOCK_REALTIME 0
        #define CLOCK_MONOTONIC 1
        #define CLOCK_PROCESS_CPUTIME_ID 2
        #define CLOCK_THREAD_CPUTIME_ID 3
        #define CLOCK_MONOTONIC_RAW 4
        #define CLOCK_REALTIME_COARSE 5
        #define CLOCK_MONOTONIC_COARSE 6
        #define CLOCK_BOOTTIME 7
        #define TIME_UTC 1
        struct tm {
            int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon; int tm_year; int tm_wday; int tm_yday;
            int tm_isdst; long tm_gmtoff; const char *tm_zone;
        };
        extern "C" {
        __host__ __device__ clock_t clock(void);
        time_t time(time_t *t);
        double difftime(time_t a, time_t b);
        int clock_gettime(clockid_t id, struct timespec *ts);
        int clock_getres(clockid_t id, struct timespec *ts);
        int timespec_get(struct timespec *ts, int base);
        int nanosleep(const struct timespec *req, struct timespec *rem);
        struct tm *gmtime(const time_t *t);
        struct tm *localtime(const time_t *t);
        struct tm *gmtime_r(const time_t *t, struct tm *out);
        struct tm *localtime_r(const time_t *t, struct tm *out);
        time_t mktime(struct tm *tm);
        time_t timegm(struct tm *tm);
        size_t strftime(char *s, size_t max, const char *format, const struct tm *tm);
        char *asctime(const struct tm *tm);
        char *ctime(const time_t *t);
        }
        namespace std {
        using ::clock_t; using ::time_t; using ::tm; using ::timespec; using ::size_t;
        using ::clock; using ::time; using ::difftime; using ::gmtime; using ::localtime; using ::mktime; using ::strftime;
        using ::asctime; using ::ctime; using ::timespec_get;
        }
        """;

    static final String SIGNAL = """
        #pragma once
        #include <sys/types.h>
        typedef void (*sighandler_t)(int);
        typedef void (*__sighandler_t)(int);
        typedef int sig_atomic_t;
        #define SIG_DFL ((sighandler_t)0)
        #define SIG_IGN ((sighandler_t)1)
        #define SIG_ERR ((sighandler_t)-1)
        #define SIGHUP 1
        #define SIGINT 2
        #define SIGQUIT 3
        #define SIGILL 4
        #define SIGTRAP 5
        #define SIGABRT 6
        #define SIGBUS 7
        #define SIGFPE 8
        #define SIGKILL 9
        #define SIGUSR1 10
        #define SIGSEGV 11
        #define SIGUSR2 12
        #define SIGPIPE 13
        #define SIGALRM 14
        #define SIGTERM 15
        extern "C" {
        // No signal reaches a program on the VM, so a handler is recorded and never called.
        sighandler_t signal(int sig, sighandler_t handler);
        }
        namespace std { using ::sig_atomic_t; using ::signal; }
        """;

    static final String UNISTD = """
        #pragma once
        #include <sys/types.h>
        #define STDIN_FILENO 0
        #define STDOUT_FILENO 1
        #define STDERR_FILENO 2
        #define F_OK 0
        #define X_OK 1
        #define W_OK 2
        #define R_OK 4
        #define _SC_CLK_TCK 2
        #define _SC_OPEN_MAX 4
        #define _SC_PAGESIZE 30
        #define _SC_PAGE_SIZE _SC_PAGESIZE
        #define _SC_NPROCESSORS_CONF 83
        #define _SC_NPROCESSORS_ONLN 84
        #define _SC_PHYS_PAGES 85
        #define _SC_HOST_NAME_MAX 180
        extern "C" {
        extern char *optarg;
        extern int optind, opterr, optopt;
        int getopt(int argc, char *const argv[], const char *optstring);
        unsigned int sleep(unsigned int seconds);
        int usleep(useconds_t usec);
        pid_t getpid(void);
        pid_t getppid(void);
        uid_t getuid(void);
        uid_t geteuid(void);
        int access(const char *path, int mode);
        char *getcwd(char *buf, size_t size);
        int unlink(const char *path);
        int rmdir(const char *path);
        long sysconf(int name);
        int getpagesize(void);
        int isatty(int fd);
        int gethostname(char *name, size_t len);
        ssize_t write(int fd, const void *buf, size_t n);
        ssize_t read(int fd, void *buf, size_t n);
        int close(int fd);
        off_t lseek(int fd, off_t offset, int whence);
        void _exit(int status);
        }
        """;

    static final String GETOPT = """
        #pragma once
        #include <unistd.h>
        #define no_argument 0
        #define required_argument 1
        #define optional_argument 2
        struct option {
            const char *name;
            int has_arg;
            int *flag;
            int val;
        };
        extern "C" {
        int getopt_long(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longindex);
        int getopt_long_only(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longindex);
        }
        """;

    static final String SYS_TIME = """
        #pragma once
        #include <sys/types.h>
        struct timezone { int tz_minuteswest; int tz_dsttime; };
        extern "C" int gettimeofday(struct timeval *tv, void *tz);
        #define timerisset(tvp) ((tvp)->tv_sec || (tvp)->tv_usec)
        #define timerclear(tvp) ((tvp)->tv_sec = (tvp)->tv_usec = 0)
        #define timercmp(a, b, CMP) (((a)->tv_sec == (b)->tv_sec) ? ((a)->tv_usec CMP (b)->tv_usec) : ((a)->tv_sec CMP (b)->tv_sec))
        #define timeradd(a, b, result) do { (result)->tv_sec = (a)->tv_sec + (b)->tv_sec; (result)->tv_usec = (a)->tv_usec + (b)->tv_usec; if ((result)->tv_usec >= 1000000) { ++(result)->tv_sec; (result)->tv_usec -= 1000000; } } while (0)
        #define timersub(a, b, result) do { (result)->tv_sec = (a)->tv_sec - (b)->tv_sec; (result)->tv_usec = (a)->tv_usec - (b)->tv_usec; if ((result)->tv_usec < 0) { --(result)->tv_sec; (result)->tv_usec += 1000000; } } while (0)
        """;

    static final String SYS_RESOURCE = """
        #pragma once
        #include <sys/types.h>
        #define RUSAGE_SELF 0
        #define RUSAGE_CHILDREN (-1)
        #define RUSAGE_THREAD 1
        struct rusage {
            struct timeval ru_utime;
            struct timeval ru_stime;
            long ru_maxrss; long ru_ixrss; long ru_idrss; long ru_isrss; long ru_minflt; long ru_majflt; long ru_nswap;
            long ru_inblock; long ru_oublock; long ru_msgsnd; long ru_msgrcv; long ru_nsignals; long ru_nvcsw; long ru_nivcsw;
        };
        extern "C" int getrusage(int who, struct rusage *usage);
        """;

    static final String SYS_STAT = """
        #pragma once
        #include <sys/types.h>
        struct stat {
            dev_t st_dev;
            ino_t st_ino;
            nlink_t st_nlink;
            mode_t st_mode;
            uid_t st_uid;
            gid_t st_gid;
            int __pad0;
            dev_t st_rdev;
            off_t st_size;
            blksize_t st_blksize;
            blkcnt_t st_blocks;
            struct timespec st_atim;
            struct timespec st_mtim;
            struct timespec st_ctim;
            long __glibc_reserved[3];
        };
        #define st_atime st_atim.tv_sec
        #define st_mtime st_mtim.tv_sec
        #define st_ctime st_ctim.tv_sec
        #define S_IFMT 0170000
        #define S_IFDIR 0040000
        #define S_IFCHR 0020000
        #define S_IFREG 0100000
        #define S_IFIFO 0010000
        #define S_IFLNK 0120000
        #define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
        #define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
        #define S_ISCHR(m) (((m) & S_IFMT) == S_IFCHR)
        #define S_ISFIFO(m) (((m) & S_IFMT) == S_IFIFO)
        #define S_ISLNK(m) (((m) & S_IFMT) == S_IFLNK)
        #define S_IRWXU 0700
        #define S_IRUSR 0400
        #define S_IWUSR 0200
        #define S_IXUSR 0100
        #define S_IRWXG 070
        #define S_IRGRP 040
        #define S_IWGRP 020
        #define S_IXGRP 010
        #define S_IRWXO 07
        #define S_IROTH 04
        #define S_IWOTH 02
        #define S_IXOTH 01
        extern "C" {
        int stat(const char *path, struct stat *st);
        int lstat(const char *path, struct stat *st);
        int fstat(int fd, struct stat *st);
        int mkdir(const char *path, mode_t mode);
        int chmod(const char *path, mode_t mode);
        mode_t umask(mode_t mask);
        }
        """;

    static final String FCNTL = """
        #pragma once
        #include <sys/types.h>
        #define O_RDONLY 00
        #define O_WRONLY 01
        #define O_RDWR 02
        #define O_CREAT 0100
        #define O_EXCL 0200
        #define O_TRUNC 01000
        #define O_APPEND 02000
        #define O_NONBLOCK 04000
        #define O_CLOEXEC 02000000
        extern "C" int open(const char *path, int flags, ...);
        """;

    /** Only the "C" locale exists: printf and ctype behave as in it whatever a program asks. */
    static final String LOCALE = """
        #pragma once
        #define LC_CTYPE 0
        #define LC_NUMERIC 1
        #define LC_TIME 2
        #define LC_COLLATE 3
        #define LC_MONETARY 4
        #define LC_MESSAGES 5
        #define LC_ALL 6
        extern "C" char *setlocale(int category, const char *locale);
        namespace std { using ::setlocale; }
        """;

    static final String SCHED = """
        #pragma once
        #include <sys/types.h>
        extern "C" {
        int sched_yield(void);
        int sched_getcpu(void);
        }
        """;
}
