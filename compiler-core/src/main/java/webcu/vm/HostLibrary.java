package webcu.vm;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import webcu.diag.Span;
import webcu.ir.Function;
import webcu.ir.Type;
import webcu.runtime.Printf;

/**
 * The C library of the host program, in Java: stdio output (printf and friends with glibc's exact
 * formatting, line-buffered stdout), the malloc family over VM segments (so that overruns, double
 * frees and uses after free are reported), string and memory functions, glibc's rand, exit, abort
 * and assert, number parsing, clock and time. Math functions are VM instructions (see
 * {@link MathFn}) and need no entry here.
 */
public final class HostLibrary implements NativeLibrary {
    // stdio (0-8, 39, 42) is StdioLibrary's, which HostProcess binds first
    private static final int MALLOC = 9, CALLOC = 10, REALLOC = 11, FREE = 12, MEMCPY = 13, MEMMOVE = 14,
            MEMSET = 15, MEMCMP = 16, STRLEN = 17, STRCMP = 18, STRNCMP = 19, STRCPY = 20, STRNCPY = 21, STRCAT = 22,
            STRCHR = 23, ABS = 24, LABS = 25, FABS_ABS = 26, RAND = 27, SRAND = 28, EXIT = 29, ABORT = 30,
            ASSERT_FAIL = 31, ATOI = 32, ATOF = 33, STRTOL = 34, STRTOUL = 35, STRTOD = 36, CLOCK = 37, TIME = 38,
            NEW = 40, DELETE = 41, STRRCHR = 43, STRSTR = 44, STRNCAT = 45;

    private static final HashMap<String, Integer> NAMES = new HashMap<>();

    static {
        String[][] table = {
            {"malloc", "9"}, {"calloc", "10"},
            {"realloc", "11"}, {"free", "12"}, {"memcpy", "13"}, {"memmove", "14"}, {"memset", "15"},
            {"memcmp", "16"}, {"strlen", "17"}, {"strcmp", "18"}, {"strncmp", "19"}, {"strcpy", "20"},
            {"strncpy", "21"}, {"strcat", "22"}, {"strchr", "23"}, {"abs", "24"}, {"labs", "25"}, {"llabs", "25"},
            {"rand", "27"}, {"srand", "28"}, {"exit", "29"}, {"abort", "30"}, {"__assert_fail", "31"},
            {"atoi", "32"}, {"atol", "32"}, {"atoll", "32"}, {"atof", "33"}, {"strtol", "34"}, {"strtoll", "34"},
            {"strtoul", "35"}, {"strtoull", "35"}, {"strtod", "36"}, {"strtof", "36"}, {"clock", "37"},
            {"time", "38"}, {"operator new", "40"}, {"operator new[]", "40"}, {"_Znwm", "40"},
            {"_Znam", "40"}, {"operator delete", "41"}, {"operator delete[]", "41"}, {"_ZdlPv", "41"},
            {"_ZdaPv", "41"}, {"_ZdlPvm", "41"}, {"strrchr", "43"}, {"strstr", "44"},
            {"strncat", "45"},
        };
        for (String[] e : table) {
            NAMES.put(e[0], Integer.parseInt(e[1]));
        }
    }

    private final Memory mem;
    private final StdStreams io;
    private final GlibcRandom random = new GlibcRandom();
    private final HashMap<Long, Segment> heap = new HashMap<>();
    private final String programName;
    private final long stdinHandle;
    private final long stdoutHandle;
    private final long stderrHandle;
    private final long startNanos = System.nanoTime();

    public HostLibrary(Memory mem, StdStreams io, String programName) {
        this.mem = mem;
        this.io = io;
        this.programName = programName;
        // FILE objects for stdin, stdout and stderr: real host addresses, so %p prints them sensibly.
        stdinHandle = mem.allocate(16, Segment.GLOBAL, "FILE stdin", null, true).base;
        stdoutHandle = mem.allocate(16, Segment.GLOBAL, "FILE stdout", null, true).base;
        stderrHandle = mem.allocate(16, Segment.GLOBAL, "FILE stderr", null, true).base;
    }

    /** The FILE* value of a standard stream by its C name, or 0: for globals named stdout and so on. */
    public long standardStream(String name) {
        return switch (name) {
            case "stdin" -> stdinHandle;
            case "stdout" -> stdoutHandle;
            case "stderr" -> stderrHandle;
            default -> 0;
        };
    }

    @Override
    public int lookup(Function f) {
        Integer id = NAMES.get(NativeLibrary.cName(f));
        if (id == null) {
            return -1;
        }
        // C++ std::abs(double) shares the name with the integer one.
        if (id == ABS && !f.params().isEmpty() && f.params().get(0).type() instanceof Type.Float) {
            return FABS_ABS;
        }
        return id;
    }

    @Override
    public int call(int id, VmThread t) {
        switch (id) {
            case MALLOC, NEW -> t.returnI(malloc(t.argI(0), id == NEW ? "new" : "malloc", t.span()));
            case CALLOC -> {
                long n = t.argI(0);
                long size = t.argI(1);
                if (n != 0 && size != 0 && (n < 0 || size < 0 || Long.MAX_VALUE / n < size)) {
                    t.returnI(0);
                } else {
                    t.returnI(malloc(n * size, "calloc", t.span()));
                }
            }
            case REALLOC -> t.returnI(realloc(t.argI(0), t.argI(1), t.span()));
            case FREE, DELETE -> free(t.argI(0), id == DELETE ? "delete" : "free");
            case MEMCPY, MEMMOVE -> {
                mem.copy(t.argI(0), t.argI(1), t.argI(2));
                t.returnI(t.argI(0));
            }
            case MEMSET -> {
                mem.fill(t.argI(0), (int) t.argI(1), t.argI(2));
                t.returnI(t.argI(0));
            }
            case MEMCMP -> {
                long n = t.argI(2);
                byte[] a = mem.readBytes(t.argI(0), (int) n);
                byte[] b = mem.readBytes(t.argI(1), (int) n);
                t.returnI(compare(a, b, a.length));
            }
            case STRLEN -> t.returnI(mem.cstring(t.argI(0), Integer.MAX_VALUE).length);
            case STRCMP, STRNCMP -> {
                int max = id == STRNCMP ? (int) Math.min(t.argI(2), Integer.MAX_VALUE) : Integer.MAX_VALUE;
                byte[] a = terminated(mem.cstring(t.argI(0), max));
                byte[] b = terminated(mem.cstring(t.argI(1), max));
                t.returnI(compare(a, b, Math.min(max, Math.min(a.length, b.length))));
            }
            case STRCPY -> {
                byte[] s = mem.cstring(t.argI(1), Integer.MAX_VALUE);
                mem.writeBytes(t.argI(0), terminated(s), 0, s.length + 1);
                t.returnI(t.argI(0));
            }
            case STRNCPY -> {
                int n = (int) Math.min(t.argI(2), Integer.MAX_VALUE);
                byte[] s = mem.cstring(t.argI(1), n);
                byte[] out = new byte[n];
                System.arraycopy(s, 0, out, 0, s.length);
                mem.writeBytes(t.argI(0), out, 0, n);
                t.returnI(t.argI(0));
            }
            case STRCAT, STRNCAT -> {
                int max = id == STRNCAT ? (int) Math.min(t.argI(2), Integer.MAX_VALUE) : Integer.MAX_VALUE;
                long end = t.argI(0) + mem.cstring(t.argI(0), Integer.MAX_VALUE).length;
                byte[] s = mem.cstring(t.argI(1), max);
                mem.writeBytes(end, terminated(s), 0, s.length + 1);
                t.returnI(t.argI(0));
            }
            case STRCHR, STRRCHR -> {
                long p = t.argI(0);
                byte[] s = terminated(mem.cstring(p, Integer.MAX_VALUE));
                byte c = (byte) t.argI(1);
                long found = 0;
                for (int i = 0; i < s.length; i++) {
                    if (s[i] == c) {
                        found = p + i;
                        if (id == STRCHR) {
                            break;
                        }
                    }
                }
                t.returnI(found);
            }
            case STRSTR -> {
                long p = t.argI(0);
                String hay = new String(mem.cstring(p, Integer.MAX_VALUE), StandardCharsets.ISO_8859_1);
                String needle = new String(mem.cstring(t.argI(1), Integer.MAX_VALUE), StandardCharsets.ISO_8859_1);
                int i = hay.indexOf(needle);
                t.returnI(i < 0 ? 0 : p + i);
            }
            case ABS, LABS -> {
                long v = t.argI(0);
                t.returnI(v < 0 ? -v : v);
            }
            case FABS_ABS -> t.returnF(Math.abs(t.argF(0)));
            case RAND -> t.returnI(random.next());
            case SRAND -> random.seed((int) t.argI(0));
            case EXIT -> {
                io.flush();
                t.setExitStatus((int) t.argI(0) & 0xFF);
                return EXIT;
            }
            case ABORT -> {
                io.report("Aborted (abort() was called)\n");
                t.setExitStatus(134);
                return EXIT;
            }
            case ASSERT_FAIL -> {
                String expr = mem.cstringText(t.argI(0));
                String file = mem.cstringText(t.argI(1));
                long line = t.argI(2) & 0xFFFFFFFFL;
                String func = mem.cstringText(t.argI(3));
                io.report(programName + ": " + file + ":" + line + ": " + func + ": Assertion `" + expr + "' failed.\n");
                t.setExitStatus(134);
                return EXIT;
            }
            case ATOI -> t.returnI(parseInteger(mem.cstring(t.argI(0), Integer.MAX_VALUE), 10, null));
            case ATOF -> t.returnF(parseDouble(mem.cstring(t.argI(0), Integer.MAX_VALUE), null));
            case STRTOL, STRTOUL -> {
                long p = t.argI(0);
                int[] end = new int[1];
                long v = parseInteger(mem.cstring(p, Integer.MAX_VALUE), (int) t.argI(2), end);
                if (t.argI(1) != 0) {
                    mem.writeI64(t.argI(1), p + end[0]);
                }
                t.returnI(v);
            }
            case STRTOD -> {
                long p = t.argI(0);
                int[] end = new int[1];
                double v = parseDouble(mem.cstring(p, Integer.MAX_VALUE), end);
                if (t.argI(1) != 0) {
                    mem.writeI64(t.argI(1), p + end[0]);
                }
                t.returnF(v);
            }
            case CLOCK -> t.returnI((System.nanoTime() - startNanos) / 1000);
            case TIME -> {
                long now = System.currentTimeMillis() / 1000;
                if (t.argCount() > 0 && t.argI(0) != 0) {
                    mem.writeI64(t.argI(0), now);
                }
                t.returnI(now);
            }
            default -> throw new VmFault(VmFault.TRAP, 0, "internal error: host library function " + id, "");
        }
        return CONTINUE;
    }

    /** glibc's rand state, which random() shares. */
    GlibcRandom random() {
        return random;
    }

    /** realloc for the other libraries (strdup, getline …): memory the program may free. */
    long reallocate(long p, long size, Span site) {
        return realloc(p, size, site);
    }

    private long malloc(long size, String how, Span site) {
        if (size < 0 || size > Memory.MAX_SEGMENT) {
            return 0;
        }
        Segment s = mem.allocate(size, Segment.HEAP, how + "(" + size + ")", site, false);
        if (s == null) {
            return 0;
        }
        heap.put(s.base, s);
        return s.base;
    }

    private long realloc(long p, long size, Span site) {
        if (p == 0) {
            return malloc(size, "realloc", site);
        }
        Segment old = heap.get(p);
        if (old == null) {
            badFree(p, "realloc");
        }
        if (size == 0) {
            free(p, "realloc");
            return 0;
        }
        long q = malloc(size, "realloc", site);
        if (q == 0) {
            return 0;
        }
        mem.copy(q, p, Math.min(size, old.size));
        free(p, "realloc");
        return q;
    }

    private void free(long p, String how) {
        if (p == 0) {
            return;
        }
        Segment s = heap.remove(p);
        if (s == null) {
            badFree(p, how);
        }
        mem.free(s);
    }

    private void badFree(long p, String how) {
        Segment s = mem.find(p);
        if (s != null && s.freed && s.base == p && s.kind == Segment.HEAP) {
            throw new VmFault(VmFault.BAD_FREE, 0, "double free: " + how + "(" + Hex.addr(p) + ")",
                    Hex.addr(p) + " is " + Memory.describe(s) + ", which was already freed");
        }
        String what = s == null ? "not an allocation"
                : "inside " + Memory.describe(s) + (s.base == p ? "" : ", not at its start");
        throw new VmFault(VmFault.BAD_FREE, 0, "invalid " + how + "(" + Hex.addr(p) + ")",
                Hex.addr(p) + " was not returned by malloc: it is " + what);
    }

    private static byte[] terminated(byte[] s) {
        byte[] out = new byte[s.length + 1];
        System.arraycopy(s, 0, out, 0, s.length);
        return out;
    }

    private static int compare(byte[] a, byte[] b, int n) {
        for (int i = 0; i < n; i++) {
            int x = a[i] & 0xFF;
            int y = b[i] & 0xFF;
            if (x != y) {
                return x - y;
            }
        }
        return 0;
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    /** strtol's grammar: spaces, sign, optional 0x / 0 prefix (base 0 or 16), digits. */
    static long parseInteger(byte[] s, int base, int[] end) {
        int i = 0;
        while (i < s.length && isSpace(s[i])) {
            i++;
        }
        boolean negative = false;
        if (i < s.length && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        if ((base == 0 || base == 16) && i + 1 < s.length && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
            i += 2;
            base = 16;
        } else if (base == 0) {
            base = i < s.length && s[i] == '0' ? 8 : 10;
        }
        long v = 0;
        int start = i;
        while (i < s.length) {
            int c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
            if (d >= base) {
                break;
            }
            v = v * base + d;
            i++;
        }
        if (end != null) {
            end[0] = i == start ? 0 : i;
        }
        return negative ? -v : v;
    }

    /** strtod's decimal grammar (and inf, nan). */
    static double parseDouble(byte[] s, int[] end) {
        int i = 0;
        while (i < s.length && isSpace(s[i])) {
            i++;
        }
        int start = i;
        if (i < s.length && (s[i] == '+' || s[i] == '-')) {
            i++;
        }
        String rest = new String(s, i, s.length - i, StandardCharsets.ISO_8859_1).toLowerCase();
        if (rest.startsWith("inf") || rest.startsWith("nan")) {
            int len = rest.startsWith("infinity") ? 8 : 3;
            if (end != null) {
                end[0] = i + len;
            }
            double v = rest.startsWith("inf") ? Double.POSITIVE_INFINITY : Double.NaN;
            return start < s.length && s[start] == '-' ? -v : v;
        }
        int digits = 0;
        while (i < s.length && s[i] >= '0' && s[i] <= '9') {
            i++;
            digits++;
        }
        if (i < s.length && s[i] == '.') {
            i++;
            while (i < s.length && s[i] >= '0' && s[i] <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            if (end != null) {
                end[0] = 0;
            }
            return 0;
        }
        if (i < s.length && (s[i] == 'e' || s[i] == 'E')) {
            int j = i + 1;
            if (j < s.length && (s[j] == '+' || s[j] == '-')) {
                j++;
            }
            if (j < s.length && s[j] >= '0' && s[j] <= '9') {
                while (j < s.length && s[j] >= '0' && s[j] <= '9') {
                    j++;
                }
                i = j;
            }
        }
        if (end != null) {
            end[0] = i;
        }
        return Double.parseDouble(new String(s, start, i - start, StandardCharsets.ISO_8859_1));
    }

    /** Variadic arguments in the x86-64 way: integer and floating-point ones in separate sequences. */
    static final class VarArgs implements Printf.Args {
        private final VmThread t;
        private int nextInt;
        private int nextFloat;

        VarArgs(VmThread t, int first) {
            this.t = t;
            this.nextInt = first;
            this.nextFloat = first;
        }

        @Override
        public long nextInt() {
            while (nextInt < t.argCount() && t.isFloatArg(nextInt)) {
                nextInt++;
            }
            return nextInt < t.argCount() ? t.argI(nextInt++) : 0;
        }

        @Override
        public double nextDouble() {
            while (nextFloat < t.argCount() && !t.isFloatArg(nextFloat)) {
                nextFloat++;
            }
            return nextFloat < t.argCount() ? t.argF(nextFloat++) : 0.0;
        }

        @Override
        public byte[] string(long address, int max) {
            return t.memory().cstring(address, max);
        }

        @Override
        public void storeCount(long address, long count, int length) {
            Memory m = t.memory();
            switch (length) {
                case 1 -> m.writeU8(address, (int) count);
                case 2 -> {
                    m.writeU8(address, (int) count);
                    m.writeU8(address + 1, (int) (count >> 8));
                }
                case 0 -> m.writeI32(address, (int) count);
                default -> m.writeI64(address, count);
            }
        }
    }
}
