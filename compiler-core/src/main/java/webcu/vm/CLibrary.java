package webcu.vm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import webcu.ir.Function;
import webcu.runtime.Errno;

/**
 * The rest of the C and POSIX library that is not stdio: getopt and getopt_long exactly as glibc
 * parses (argument permutation, its messages on stderr), ctype in the "C" locale, the string.h
 * and strings.h functions HostLibrary lacks, stdlib extras (rand_r, the 48-bit generators,
 * aligned allocation, getenv/setenv, atexit), time (clock_gettime, gettimeofday, gmtime, strftime
 * …, the time zone is UTC), sleep, and the process queries (getpid, sysconf) with the values of a
 * one-processor machine. sleep and usleep wait through the {@link Sleeper} the embedder gives.
 * getopt's parser is {@link Getopt}, the calendar and strftime {@link CTime}.
 */
public final class CLibrary implements NativeLibrary {
    /** Waits: the CLI really sleeps; the page must not freeze, so it completes from a timer. */
    public interface Sleeper {
        webcu.runtime.Completion sleep(long nanos);
    }

    /** The JVM's sleeper: the thread sleeps, then the call goes on. */
    public static final Sleeper THREAD_SLEEP = nanos -> {
        try {
            Thread.sleep((nanos + 999_999) / 1_000_000); // at least what was asked, as usleep guarantees
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return webcu.runtime.Completion.finished();
    };

    private static final String[] NAMES = {
        "getopt", "getopt_long", "getopt_long_only",
        "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint", "ispunct", "isspace",
        "isupper", "isxdigit", "isascii", "tolower", "toupper", "toascii",
        "memchr", "memrchr", "strnlen", "strcoll", "strxfrm", "stpcpy", "strcasestr", "strspn", "strcspn", "strpbrk",
        "strtok", "strtok_r", "strsep", "strdup", "strndup", "strsignal", "strcasecmp", "strncasecmp", "bzero",
        "bcopy", "bcmp", "index", "rindex", "ffs",
        "aligned_alloc", "posix_memalign", "memalign", "valloc", "rand_r", "random", "srandom", "drand48", "lrand48",
        "mrand48", "srand48", "atexit", "getenv", "setenv", "unsetenv", "system", "_Exit", "quick_exit", "_exit",
        "strtoimax", "strtoumax", "imaxabs", "strtold",
        "clock_gettime", "clock_getres", "timespec_get", "gettimeofday", "getrusage", "difftime", "gmtime",
        "localtime", "gmtime_r", "localtime_r", "mktime", "timegm", "strftime", "asctime", "ctime", "nanosleep",
        "sleep", "usleep",
        "getpid", "getppid", "getuid", "geteuid", "sysconf", "getpagesize", "gethostname", "signal", "sched_yield",
        "sched_getcpu", "setlocale",
    };
    private static final HashMap<String, Integer> IDS = new HashMap<>();

    static {
        for (int i = 0; i < NAMES.length; i++) {
            IDS.put(NAMES[i], i);
        }
    }

    private final Memory mem;
    private final StdStreams io;
    private final HostLibrary libc;
    private final StdioLibrary stdio;
    private final Sleeper sleeper;
    private final GlibcRandom random;
    private final CTime time;
    private final Getopt getopt;
    private final HashMap<String, Long> environment = new HashMap<>();
    private final HashMap<Integer, Long> handlers = new HashMap<>();
    private final List<Long> atexit = new ArrayList<>();
    private long strtokSave;
    private long localeName;
    private long rand48 = 0x1234ABCD330EL;

    public CLibrary(Memory mem, StdStreams io, HostLibrary libc, StdioLibrary stdio, Sleeper sleeper) {
        this.mem = mem;
        this.io = io;
        this.libc = libc;
        this.stdio = stdio;
        this.sleeper = sleeper;
        this.random = libc.random();
        this.time = new CTime(mem);
        this.getopt = new Getopt(mem, io, environment);
    }

    /** The address of a library variable the program declares extern (optarg, optind, …), or 0. */
    public long globalAddress(String name) {
        return getopt.globalAddress(name);
    }

    /** The functions registered with atexit, in the order they must run (last registered first). */
    public List<Long> exitHandlers() {
        List<Long> out = new ArrayList<>(atexit);
        java.util.Collections.reverse(out);
        return out;
    }

    @Override
    public int lookup(Function f) {
        Integer id = IDS.get(NativeLibrary.cName(f));
        return id == null ? -1 : id;
    }

    private String str(long p) {
        return mem.cstringText(p);
    }

    private byte[] bytes(long p) {
        return mem.cstring(p, Integer.MAX_VALUE);
    }

    private long newString(byte[] b, int n, VmThread t) {
        long p = libc.reallocate(0, n + 1, t.span());
        if (p != 0) {
            mem.writeBytes(p, b, 0, n);
            mem.writeU8(p + n, 0);
        }
        return p;
    }

    @Override
    public int call(int id, VmThread t) {
        String name = NAMES[id];
        switch (name) {
            case "getopt" -> t.returnI(getopt.getopt(t, (int) t.argI(0), t.argI(1), bytes(t.argI(2)), 0, 0, false));
            case "getopt_long", "getopt_long_only" -> t.returnI(getopt.getopt(t, (int) t.argI(0), t.argI(1), bytes(t.argI(2)),
                    t.argI(3), t.argI(4), name.equals("getopt_long_only")));
            case "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint", "ispunct",
                    "isspace", "isupper", "isxdigit", "isascii" -> t.returnI(ctype(name, (int) t.argI(0)));
            case "tolower" -> {
                int c = (int) t.argI(0);
                t.returnI(c >= 'A' && c <= 'Z' ? c + 32 : c);
            }
            case "toupper" -> {
                int c = (int) t.argI(0);
                t.returnI(c >= 'a' && c <= 'z' ? c - 32 : c);
            }
            case "toascii" -> t.returnI(t.argI(0) & 0x7F);
            case "memchr", "memrchr" -> {
                long p = t.argI(0);
                int c = (int) t.argI(1) & 0xFF;
                int n = (int) Math.min(t.argI(2), Integer.MAX_VALUE);
                byte[] b = mem.readBytes(p, n);
                long found = 0;
                for (int i = 0; i < n; i++) {
                    int k = name.equals("memchr") ? i : n - 1 - i;
                    if ((b[k] & 0xFF) == c) {
                        found = p + k;
                        break;
                    }
                }
                t.returnI(found);
            }
            case "strnlen" -> t.returnI(mem.cstring(t.argI(0), (int) Math.min(t.argI(1), Integer.MAX_VALUE)).length);
            case "strcoll", "strcasecmp", "strncasecmp" -> {
                int max = name.equals("strncasecmp") ? (int) Math.min(t.argI(2), Integer.MAX_VALUE) : Integer.MAX_VALUE;
                byte[] a = mem.cstring(t.argI(0), max);
                byte[] b = mem.cstring(t.argI(1), max);
                boolean fold = !name.equals("strcoll");
                int r = 0;
                for (int i = 0; ; i++) {
                    int x = i < a.length ? a[i] & 0xFF : 0;
                    int y = i < b.length ? b[i] & 0xFF : 0;
                    if (fold) {
                        x = x >= 'A' && x <= 'Z' ? x + 32 : x;
                        y = y >= 'A' && y <= 'Z' ? y + 32 : y;
                    }
                    if (x != y || x == 0 || i + 1 > max) {
                        r = i + 1 > max && x == y ? 0 : x - y;
                        break;
                    }
                }
                t.returnI(r);
            }
            case "strxfrm" -> {
                byte[] s = bytes(t.argI(1));
                long n = t.argI(2);
                if (s.length < n) {
                    mem.writeBytes(t.argI(0), s, 0, s.length);
                    mem.writeU8(t.argI(0) + s.length, 0);
                }
                t.returnI(s.length);
            }
            case "stpcpy" -> {
                byte[] s = bytes(t.argI(1));
                mem.writeBytes(t.argI(0), s, 0, s.length);
                mem.writeU8(t.argI(0) + s.length, 0);
                t.returnI(t.argI(0) + s.length);
            }
            case "strcasestr" -> {
                String hay = new String(bytes(t.argI(0)), StandardCharsets.ISO_8859_1);
                String needle = new String(bytes(t.argI(1)), StandardCharsets.ISO_8859_1);
                int i = asciiLower(hay).indexOf(asciiLower(needle));
                t.returnI(i < 0 ? 0 : t.argI(0) + i);
            }
            case "strspn", "strcspn" -> t.returnI(span(bytes(t.argI(0)), bytes(t.argI(1)), name.equals("strspn")));
            case "strpbrk" -> {
                byte[] s = bytes(t.argI(0));
                int i = span(s, bytes(t.argI(1)), false);
                t.returnI(i < s.length ? t.argI(0) + i : 0);
            }
            case "strtok" -> t.returnI(strtok(t.argI(0), t.argI(1), 0));
            case "strtok_r" -> t.returnI(strtok(t.argI(0), t.argI(1), t.argI(2)));
            case "strsep" -> {
                long sp = t.argI(0);
                long s = mem.readI64(sp);
                if (s == 0) {
                    t.returnI(0);
                    break;
                }
                byte[] b = bytes(s);
                int i = span(b, bytes(t.argI(1)), false);
                if (i < b.length) {
                    mem.writeU8(s + i, 0);
                    mem.writeI64(sp, s + i + 1);
                } else {
                    mem.writeI64(sp, 0);
                }
                t.returnI(s);
            }
            case "strdup" -> {
                byte[] s = bytes(t.argI(0));
                t.returnI(newString(s, s.length, t));
            }
            case "strndup" -> {
                byte[] s = mem.cstring(t.argI(0), (int) Math.min(t.argI(1), Integer.MAX_VALUE));
                t.returnI(newString(s, s.length, t));
            }
            case "strsignal" -> {
                int sig = (int) t.argI(0);
                String[] names = {"Unknown signal 0", "Hangup", "Interrupt", "Quit", "Illegal instruction",
                    "Trace/breakpoint trap", "Aborted", "Bus error", "Floating point exception", "Killed",
                    "User defined signal 1", "Segmentation fault", "User defined signal 2", "Broken pipe", "Alarm clock",
                    "Terminated"};
                String text = sig >= 0 && sig < names.length ? names[sig] : "Unknown signal " + sig;
                t.returnI(staticText(text));
            }
            case "bzero" -> mem.fill(t.argI(0), 0, t.argI(1));
            case "bcopy" -> mem.copy(t.argI(1), t.argI(0), t.argI(2));
            case "bcmp" -> {
                int n = (int) t.argI(2);
                byte[] a = mem.readBytes(t.argI(0), n);
                byte[] b = mem.readBytes(t.argI(1), n);
                t.returnI(java.util.Arrays.equals(a, b) ? 0 : 1);
            }
            case "index", "rindex" -> {
                long p = t.argI(0);
                byte[] s = bytes(p);
                int c = (int) t.argI(1) & 0xFF;
                long found = c == 0 ? p + s.length : 0;
                for (int i = 0; i < s.length && c != 0; i++) {
                    if ((s[i] & 0xFF) == c) {
                        found = p + i;
                        if (name.equals("index")) {
                            break;
                        }
                    }
                }
                t.returnI(found);
            }
            case "ffs" -> {
                int v = (int) t.argI(0);
                t.returnI(v == 0 ? 0 : Integer.numberOfTrailingZeros(v) + 1);
            }
            case "aligned_alloc", "memalign", "valloc", "posix_memalign" -> {
                boolean posix = name.equals("posix_memalign");
                long align = name.equals("valloc") ? 4096 : t.argI(posix ? 1 : 0);
                long size = t.argI(name.equals("valloc") ? 0 : posix ? 2 : 1);
                if (align <= 0 || (align & (align - 1)) != 0 || posix && align % 8 != 0) {
                    if (posix) {
                        t.returnI(Errno.EINVAL);
                    } else {
                        stdio.setErrno(Errno.EINVAL);
                        t.returnI(0);
                    }
                    break;
                }
                if (align > Memory.ALIGN) {
                    throw new VmFault(VmFault.TRAP, 0, name + " with an alignment of " + align + " bytes",
                            "webcu's allocations are aligned to " + Memory.ALIGN + " bytes; larger alignments are not supported");
                }
                long p = libc.reallocate(0, size, t.span());
                if (posix) {
                    if (p == 0) {
                        t.returnI(Errno.ENOMEM);
                    } else {
                        mem.writeI64(t.argI(0), p);
                        t.returnI(0);
                    }
                } else {
                    t.returnI(p);
                }
            }
            case "rand_r" -> {
                long sp = t.argI(0);
                int next = mem.readI32(sp);
                next = next * 1103515245 + 12345;
                int result = Integer.remainderUnsigned(Integer.divideUnsigned(next, 65536), 2048);
                next = next * 1103515245 + 12345;
                result <<= 10;
                result ^= Integer.remainderUnsigned(Integer.divideUnsigned(next, 65536), 1024);
                next = next * 1103515245 + 12345;
                result <<= 10;
                result ^= Integer.remainderUnsigned(Integer.divideUnsigned(next, 65536), 1024);
                mem.writeI32(sp, next);
                t.returnI(result);
            }
            case "random" -> t.returnI(random.next());
            case "srandom" -> random.seed((int) t.argI(0));
            case "drand48", "lrand48", "mrand48" -> {
                rand48 = (rand48 * 0x5DEECE66DL + 0xB) & 0xFFFFFFFFFFFFL;
                switch (name) {
                    case "drand48" -> t.returnF(rand48 * 0x1.0p-48);
                    case "lrand48" -> t.returnI(rand48 >>> 17);
                    default -> t.returnI((int) (rand48 >>> 16));
                }
            }
            case "srand48" -> rand48 = ((t.argI(0) & 0xFFFFFFFFL) << 16 | 0x330E);
            case "atexit" -> {
                atexit.add(t.argI(0));
                t.returnI(0);
            }
            case "getenv" -> {
                Long v = environment.get(str(t.argI(0)));
                t.returnI(v == null ? 0 : v);
            }
            case "setenv" -> {
                String key = str(t.argI(0));
                if (key.isEmpty() || key.indexOf('=') >= 0) {
                    stdio.setErrno(Errno.EINVAL);
                    t.returnI(-1);
                    break;
                }
                if (t.argI(2) != 0 || !environment.containsKey(key)) {
                    byte[] v = bytes(t.argI(1));
                    environment.put(key, mem.allocateString(new String(v, StandardCharsets.ISO_8859_1),
                            "environment variable " + key, false));
                }
                t.returnI(0);
            }
            case "unsetenv" -> {
                environment.remove(str(t.argI(0)));
                t.returnI(0);
            }
            case "system" -> {
                // there is no shell on the VM: system(NULL) says so, a command fails as when sh is missing
                t.returnI(t.argI(0) == 0 ? 0 : 127 << 8);
            }
            case "_Exit", "quick_exit", "_exit" -> {
                io.flush();
                t.setExitStatus((int) t.argI(0) & 0xFF);
                return EXIT;
            }
            case "strtoimax", "strtoumax" -> {
                long p = t.argI(0);
                int[] end = new int[1];
                long v = HostLibrary.parseInteger(bytes(p), (int) t.argI(2), end);
                if (t.argI(1) != 0) {
                    mem.writeI64(t.argI(1), p + end[0]);
                }
                t.returnI(v);
            }
            case "imaxabs" -> t.returnI(Math.abs(t.argI(0)));
            case "strtold" -> {
                long p = t.argI(0);
                int[] end = new int[1];
                double v = HostLibrary.parseDouble(bytes(p), end);
                if (t.argI(1) != 0) {
                    mem.writeI64(t.argI(1), p + end[0]);
                }
                t.returnF(v);
            }
            case "clock_gettime", "clock_getres", "timespec_get" -> {
                boolean get = !name.equals("clock_getres");
                int clock = name.equals("timespec_get") ? 0 : (int) t.argI(0);
                long ts = t.argI(name.equals("timespec_get") ? 0 : 1);
                if (clock < 0 || clock > 7) {
                    stdio.setErrno(Errno.EINVAL);
                    t.returnI(-1);
                    break;
                }
                long nanos = !get ? 1 : clock == 0 || clock == 5 ? time.realtimeMicros() * 1000 + (System.nanoTime() - time.startNanos) % 1000
                        : clock == 2 || clock == 3 ? System.nanoTime() - time.startNanos : System.nanoTime();
                if (ts != 0) {
                    mem.writeI64(ts, Math.floorDiv(nanos, 1_000_000_000L));
                    mem.writeI64(ts + 8, Math.floorMod(nanos, 1_000_000_000L));
                }
                t.returnI(name.equals("timespec_get") ? 1 : 0);
            }
            case "gettimeofday" -> {
                long tv = t.argI(0);
                long us = time.realtimeMicros();
                if (tv != 0) {
                    mem.writeI64(tv, us / 1_000_000);
                    mem.writeI64(tv + 8, us % 1_000_000);
                }
                t.returnI(0);
            }
            case "getrusage" -> {
                long p = t.argI(1);
                mem.fill(p, 0, 144);
                long us = (System.nanoTime() - time.startNanos) / 1000;
                mem.writeI64(p, us / 1_000_000);
                mem.writeI64(p + 8, us % 1_000_000);
                mem.writeI64(p + 32, mem.allocatedBytes() / 1024);
                t.returnI(0);
            }
            case "difftime" -> t.returnF((double) (t.argI(0) - t.argI(1)));
            case "gmtime", "localtime" -> {
                if (time.tmBuffer == 0) {
                    time.tmBuffer = mem.allocate(56, Segment.GLOBAL, "gmtime's struct tm", null, false).base;
                }
                time.writeTm(time.tmBuffer, mem.readI64(t.argI(0)));
                t.returnI(time.tmBuffer);
            }
            case "gmtime_r", "localtime_r" -> {
                time.writeTm(t.argI(1), mem.readI64(t.argI(0)));
                t.returnI(t.argI(1));
            }
            case "mktime", "timegm" -> {
                long p = t.argI(0);
                long secs = time.timeOf(p);
                time.writeTm(p, secs);
                t.returnI(secs);
            }
            case "strftime" -> {
                byte[] out = time.strftime(str(t.argI(2)), t.argI(3)).getBytes(StandardCharsets.UTF_8);
                long max = t.argI(1);
                if (out.length + 1 > max) {
                    t.returnI(0);
                } else {
                    mem.writeBytes(t.argI(0), out, 0, out.length);
                    mem.writeU8(t.argI(0) + out.length, 0);
                    t.returnI(out.length);
                }
            }
            case "asctime", "ctime" -> {
                long tm = t.argI(0);
                if (name.equals("ctime")) {
                    if (time.tmBuffer == 0) {
                        time.tmBuffer = mem.allocate(56, Segment.GLOBAL, "gmtime's struct tm", null, false).base;
                    }
                    time.writeTm(time.tmBuffer, mem.readI64(tm));
                    tm = time.tmBuffer;
                }
                String text = CTime.DAYS[Math.floorMod(time.field(tm, 6), 7)].substring(0, 3) + " "
                        + CTime.MONTHS[Math.floorMod(time.field(tm, 4), 12)].substring(0, 3) + CTime.pad(time.field(tm, 3), 3, ' ') + " "
                        + CTime.pad(time.field(tm, 2), 2, '0') + ":" + CTime.pad(time.field(tm, 1), 2, '0') + ":" + CTime.pad(time.field(tm, 0), 2, '0') + " "
                        + (time.field(tm, 5) + 1900) + "\n";
                if (time.timeText == 0) {
                    time.timeText = mem.allocate(26, Segment.GLOBAL, "asctime's buffer", null, false).base;
                }
                byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
                mem.writeBytes(time.timeText, b, 0, Math.min(b.length, 25));
                mem.writeU8(time.timeText + Math.min(b.length, 25), 0);
                t.returnI(time.timeText);
            }
            case "nanosleep" -> {
                long req = t.argI(0);
                long sec = mem.readI64(req);
                long nsec = mem.readI64(req + 8);
                if (sec < 0 || nsec < 0 || nsec > 999_999_999) {
                    stdio.setErrno(Errno.EINVAL);
                    t.returnI(-1);
                    break;
                }
                return sleep(t, sec * 1_000_000_000L + nsec, 0);
            }
            case "sleep" -> {
                return sleep(t, (t.argI(0) & 0xFFFFFFFFL) * 1_000_000_000L, 0);
            }
            case "usleep" -> {
                return sleep(t, (t.argI(0) & 0xFFFFFFFFL) * 1000L, 0);
            }
            case "getpid" -> t.returnI(PID);
            case "getppid" -> t.returnI(PID - 1);
            case "getuid", "geteuid" -> t.returnI(1000);
            case "sysconf" -> {
                long v = switch ((int) t.argI(0)) {
                    case 83, 84 -> 1; // _SC_NPROCESSORS_CONF, _SC_NPROCESSORS_ONLN: the VM runs the host on one processor
                    case 30 -> 4096; // _SC_PAGESIZE
                    case 2 -> 100; // _SC_CLK_TCK
                    case 4 -> 1024; // _SC_OPEN_MAX
                    case 85 -> Memory.MAX_SEGMENT / 4096; // _SC_PHYS_PAGES
                    case 180 -> 64; // _SC_HOST_NAME_MAX
                    default -> {
                        stdio.setErrno(Errno.EINVAL);
                        yield -1;
                    }
                };
                t.returnI(v);
            }
            case "getpagesize" -> t.returnI(4096);
            case "gethostname" -> {
                byte[] host = "webcu".getBytes(StandardCharsets.ISO_8859_1);
                long len = t.argI(1);
                if (len < host.length + 1) {
                    stdio.setErrno(Errno.ENAMETOOLONG);
                    t.returnI(-1);
                } else {
                    mem.writeBytes(t.argI(0), host, 0, host.length);
                    mem.writeU8(t.argI(0) + host.length, 0);
                    t.returnI(0);
                }
            }
            case "signal" -> {
                int sig = (int) t.argI(0);
                if (sig < 1 || sig > 64 || sig == 9 || sig == 19) {
                    stdio.setErrno(Errno.EINVAL);
                    t.returnI(-1);
                    break;
                }
                Long old = handlers.put(sig, t.argI(1));
                t.returnI(old == null ? 0 : old);
            }
            case "sched_yield", "sched_getcpu" -> t.returnI(0);
            case "setlocale" -> {
                // "" picks the environment's locale, which is empty here: "C" as glibc gives without LANG
                long p = t.argI(1);
                String want = p == 0 ? "C" : str(p);
                boolean known = want.isEmpty() || want.equals("C") || want.equals("POSIX") || want.equals("C.UTF-8");
                int category = (int) t.argI(0);
                if (category < 0 || category > 12 || !known) {
                    t.returnI(0);
                } else {
                    if (localeName == 0) {
                        localeName = mem.allocateString("C", "setlocale's result", true);
                    }
                    t.returnI(localeName);
                }
            }
            default -> throw new VmFault(VmFault.TRAP, 0, "internal error: C library function " + name, "");
        }
        return CONTINUE;
    }

    /** The process id the VM reports: a fixed number, since the program is the only process it runs. */
    static final int PID = 4242;

    private int sleep(VmThread t, long nanos, long result) {
        webcu.runtime.Completion c = sleeper.sleep(nanos);
        if (c.isDone()) {
            t.returnI(result);
            return CONTINUE;
        }
        t.block(c, th -> th.returnI(result));
        return BLOCK;
    }

    private long staticText(String text) {
        return mem.allocateString(text, "strsignal's text", true);
    }

    private static String asciiLower(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return sb.toString();
    }

    /** The length of the prefix of {@code s} made of bytes in {@code set} (strspn) or not in it (strcspn). */
    private static int span(byte[] s, byte[] set, boolean in) {
        boolean[] member = new boolean[256];
        for (byte b : set) {
            member[b & 0xFF] = true;
        }
        int i = 0;
        while (i < s.length && member[s[i] & 0xFF] == in) {
            i++;
        }
        return i;
    }

    private long strtok(long s, long delim, long savePtr) {
        long p = s != 0 ? s : savePtr != 0 ? mem.readI64(savePtr) : strtokSave;
        if (p == 0) {
            return 0;
        }
        byte[] set = bytes(delim);
        byte[] rest = bytes(p);
        int start = span(rest, set, true);
        long token = 0;
        long next;
        if (start == rest.length) {
            next = p + rest.length;
        } else {
            token = p + start;
            byte[] tail = java.util.Arrays.copyOfRange(rest, start, rest.length);
            int len = span(tail, set, false);
            if (len < tail.length) {
                mem.writeU8(token + len, 0);
                next = token + len + 1;
            } else {
                next = token + len;
            }
        }
        if (savePtr != 0) {
            mem.writeI64(savePtr, next);
        } else {
            strtokSave = next;
        }
        return token;
    }

    /**
     * A ctype test as glibc answers it in the "C" locale: the bit of its class table (isalpha is
     * 1024, isdigit 2048 …), which programs that print the result show.
     */
    private static int ctype(String name, int c) {
        if (name.equals("isascii")) {
            return (c & ~0x7F) == 0 ? 1 : 0;
        }
        if (c < 0 || c > 127) {
            return 0;
        }
        boolean upper = c >= 'A' && c <= 'Z';
        boolean lower = c >= 'a' && c <= 'z';
        boolean digit = c >= '0' && c <= '9';
        boolean graph = c > 32 && c < 127;
        return switch (name) {
            case "isalnum" -> upper || lower || digit ? 8 : 0;
            case "isalpha" -> upper || lower ? 1024 : 0;
            case "isblank" -> c == ' ' || c == '\t' ? 1 : 0;
            case "iscntrl" -> c < 32 || c == 127 ? 2 : 0;
            case "isdigit" -> digit ? 2048 : 0;
            case "isgraph" -> graph ? 32768 : 0;
            case "islower" -> lower ? 512 : 0;
            case "isprint" -> graph || c == ' ' ? 16384 : 0;
            case "ispunct" -> graph && !upper && !lower && !digit ? 4 : 0;
            case "isspace" -> c == ' ' || c >= '\t' && c <= '\r' ? 8192 : 0;
            case "isupper" -> upper ? 256 : 0;
            default -> digit || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' ? 4096 : 0; // isxdigit
        };
    }
}
