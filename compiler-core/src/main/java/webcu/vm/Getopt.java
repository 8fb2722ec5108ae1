package webcu.vm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * getopt, getopt_long and getopt_long_only for {@link CLibrary}, after glibc's posix/getopt.c:
 * argument permutation, POSIXLY_CORRECT, its messages on stderr, and the optarg/optind/opterr/
 * optopt variables in VM memory. Apart from CLibrary because it is one algorithm with its own
 * state (glibc's struct _getopt_data) that no other function shares.
 */
final class Getopt {
    private final Memory mem;
    private final StdStreams io;
    /** CLibrary's environment, read for POSIXLY_CORRECT. */
    private final Map<String, Long> environment;
    private final long optargCell;
    private final long optindCell;
    private final long opterrCell;
    private final long optoptCell;

    // glibc's struct _getopt_data, less what lives in the optind/optarg/optopt/opterr cells
    private boolean getoptInitialized;
    private long nextchar;
    private int ordering;
    private int firstNonopt;
    /** glibc copies its own optopt (0 until an error sets it) into the variable after every call. */
    private int dOptopt;
    private int lastNonopt;
    private static final int REQUIRE_ORDER = 0, PERMUTE = 1, RETURN_IN_ORDER = 2;

    Getopt(Memory mem, StdStreams io, Map<String, Long> environment) {
        this.mem = mem;
        this.io = io;
        this.environment = environment;
        optargCell = cell("optarg", 8, 0);
        optindCell = cell("optind", 4, 1);
        opterrCell = cell("opterr", 4, 1);
        optoptCell = cell("optopt", 4, '?');
    }

    private long cell(String name, int size, int value) {
        long a = mem.allocate(size, Segment.GLOBAL, "variable '" + name + "'", null, false).base;
        if (size == 8) {
            mem.writeI64(a, value);
        } else {
            mem.writeI32(a, value);
        }
        return a;
    }

    /** The address of optarg, optind, opterr or optopt, or 0 for another name. */
    long globalAddress(String name) {
        return switch (name) {
            case "optarg" -> optargCell;
            case "optind" -> optindCell;
            case "opterr" -> opterrCell;
            case "optopt" -> optoptCell;
            default -> 0;
        };
    }

    private String str(long p) {
        return mem.cstringText(p);
    }

    private long argv(long argv, int i) {
        return mem.readI64(argv + 8L * i);
    }

    private int at(long p) {
        return mem.readU8(p);
    }

    private void err(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        io.write(2, b, 0, b.length);
    }

    private static int indexOf(byte[] s, int c) {
        for (int i = 0; i < s.length; i++) {
            if ((s[i] & 0xFF) == c) {
                return i;
            }
        }
        return -1;
    }

    private boolean nonoption(long argvp, int optind) {
        long a = argv(argvp, optind);
        return at(a) != '-' || at(a + 1) == 0;
    }

    private void exchange(long argvp, int optind) {
        int bottom = firstNonopt;
        int middle = lastNonopt;
        int top = optind;
        while (top > middle && middle > bottom) {
            if (top - middle > middle - bottom) {
                int len = middle - bottom;
                for (int i = 0; i < len; i++) {
                    swap(argvp, bottom + i, top - (middle - bottom) + i);
                }
                top -= len;
            } else {
                int len = top - middle;
                for (int i = 0; i < len; i++) {
                    swap(argvp, bottom + i, middle + i);
                }
                bottom += len;
            }
        }
        firstNonopt += optind - lastNonopt;
        lastNonopt = optind;
    }

    private void swap(long argvp, int i, int j) {
        long a = argv(argvp, i);
        mem.writeI64(argvp + 8L * i, argv(argvp, j));
        mem.writeI64(argvp + 8L * j, a);
    }

    /** glibc's _getopt_internal_r with the state in this object and optind/optarg/optopt/opterr in memory. */
    int getopt(VmThread t, int argc, long argvp, byte[] optstring, long longopts, long longind, boolean longOnly) {
        int optind = mem.readI32(optindCell);
        boolean printErrors = mem.readI32(opterrCell) != 0;
        mem.writeI64(optargCell, 0);
        if (argc < 1) {
            return -1;
        }
        int o = 0;
        if (optind == 0 || !getoptInitialized) {
            if (optind == 0) {
                optind = 1;
            }
            firstNonopt = lastNonopt = optind;
            nextchar = 0;
            if (optstring.length > 0 && optstring[0] == '-') {
                ordering = RETURN_IN_ORDER;
                o = 1;
            } else if (optstring.length > 0 && optstring[0] == '+') {
                ordering = REQUIRE_ORDER;
                o = 1;
            } else {
                ordering = environment.containsKey("POSIXLY_CORRECT") ? REQUIRE_ORDER : PERMUTE;
            }
            getoptInitialized = true;
        } else if (optstring.length > 0 && (optstring[0] == '-' || optstring[0] == '+')) {
            o = 1;
        }
        byte[] opts = java.util.Arrays.copyOfRange(optstring, o, optstring.length);
        boolean colon = opts.length > 0 && opts[0] == ':';
        if (colon) {
            printErrors = false;
        }
        int[] ind = {optind};
        int r = getoptStep(argc, argvp, opts, longopts, longind, longOnly, printErrors, ind);
        mem.writeI32(optindCell, ind[0]);
        mem.writeI32(optoptCell, dOptopt);
        return r;
    }

    private String prog(long argvp) {
        return str(argv(argvp, 0));
    }

    private int getoptStep(int argc, long argvp, byte[] opts, long longopts, long longind, boolean longOnly,
                           boolean printErrors, int[] ind) {
        if (nextchar == 0 || at(nextchar) == 0) {
            if (lastNonopt > ind[0]) {
                lastNonopt = ind[0];
            }
            if (firstNonopt > ind[0]) {
                firstNonopt = ind[0];
            }
            if (ordering == PERMUTE) {
                if (firstNonopt != lastNonopt && lastNonopt != ind[0]) {
                    exchange(argvp, ind[0]);
                } else if (lastNonopt != ind[0]) {
                    firstNonopt = ind[0];
                }
                while (ind[0] < argc && nonoption(argvp, ind[0])) {
                    ind[0]++;
                }
                lastNonopt = ind[0];
            }
            if (ind[0] != argc && str(argv(argvp, ind[0])).equals("--")) {
                ind[0]++;
                if (firstNonopt != lastNonopt && lastNonopt != ind[0]) {
                    exchange(argvp, ind[0]);
                } else if (firstNonopt == lastNonopt) {
                    firstNonopt = ind[0];
                }
                lastNonopt = argc;
                ind[0] = argc;
            }
            if (ind[0] == argc) {
                if (firstNonopt != lastNonopt) {
                    ind[0] = firstNonopt;
                }
                return -1;
            }
            if (nonoption(argvp, ind[0])) {
                if (ordering == REQUIRE_ORDER) {
                    return -1;
                }
                mem.writeI64(optargCell, argv(argvp, ind[0]++));
                return 1;
            }
            long arg = argv(argvp, ind[0]);
            if (longopts != 0) {
                if (at(arg + 1) == '-') {
                    nextchar = arg + 2;
                    return longOption(argc, argvp, opts, longopts, longind, longOnly, printErrors, "--", ind);
                }
                if (longOnly && (at(arg + 2) != 0 || indexOf(opts, at(arg + 1)) < 0)) {
                    nextchar = arg + 1;
                    int code = longOption(argc, argvp, opts, longopts, longind, longOnly, printErrors, "-", ind);
                    if (code != -1) {
                        return code;
                    }
                }
            }
            nextchar = arg + 1;
        }
        int c = at(nextchar++);
        int temp = indexOf(opts, c);
        if (at(nextchar) == 0) {
            ind[0]++;
        }
        if (temp < 0 || c == ':' || c == ';') {
            if (printErrors) {
                err(prog(argvp) + ": invalid option -- '" + (char) c + "'\n");
            }
            dOptopt = c;
            return '?';
        }
        boolean takes = temp + 1 < opts.length && opts[temp + 1] == ':';
        boolean optional = takes && temp + 2 < opts.length && opts[temp + 2] == ':';
        if (c == 'W' && temp + 1 < opts.length && opts[temp + 1] == ';' && longopts != 0) {
            if (at(nextchar) != 0) {
                // the rest of this element is the long option
            } else if (ind[0] == argc) {
                if (printErrors) {
                    err(prog(argvp) + ": option requires an argument -- '" + (char) c + "'\n");
                }
                dOptopt = c;
                return opts.length > 0 && opts[0] == ':' ? ':' : '?';
            } else {
                nextchar = argv(argvp, ind[0]);
            }
            return longOption(argc, argvp, opts, longopts, longind, false, printErrors, "-W ", ind);
        }
        if (takes) {
            if (optional) {
                if (at(nextchar) != 0) {
                    mem.writeI64(optargCell, nextchar);
                    ind[0]++;
                } else {
                    mem.writeI64(optargCell, 0);
                }
                nextchar = 0;
            } else {
                if (at(nextchar) != 0) {
                    mem.writeI64(optargCell, nextchar);
                    ind[0]++;
                } else if (ind[0] == argc) {
                    if (printErrors) {
                        err(prog(argvp) + ": option requires an argument -- '" + (char) c + "'\n");
                    }
                    dOptopt = c;
                    c = opts.length > 0 && opts[0] == ':' ? ':' : '?';
                } else {
                    mem.writeI64(optargCell, argv(argvp, ind[0]++));
                }
                nextchar = 0;
            }
        }
        return c;
    }

    /** struct option on x86-64: name at 0, has_arg at 8, flag at 16, val at 24; 32 bytes each. */
    private int longOption(int argc, long argvp, byte[] opts, long longopts, long longind, boolean longOnly,
                           boolean printErrors, String prefix, int[] ind) {
        long start = nextchar;
        String rest = str(start);
        int eq = rest.indexOf('=');
        String name = eq < 0 ? rest : rest.substring(0, eq);
        List<String> names = new ArrayList<>();
        for (long p = longopts; mem.readI64(p) != 0; p += 32) {
            names.add(str(mem.readI64(p)));
        }
        int found = names.indexOf(name);
        if (found < 0) {
            int first = -1;
            List<Integer> ambiguous = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if (!names.get(i).startsWith(name)) {
                    continue;
                }
                if (first < 0) {
                    first = i;
                } else if (longOnly || !sameOption(longopts, first, i)) {
                    if (ambiguous.isEmpty()) {
                        ambiguous.add(first);
                    }
                    ambiguous.add(i);
                }
            }
            if (!ambiguous.isEmpty()) {
                if (printErrors) {
                    StringBuilder sb = new StringBuilder(prog(argvp) + ": option '" + prefix + rest
                            + "' is ambiguous; possibilities:");
                    for (int i : ambiguous) {
                        sb.append(" '").append(prefix).append(names.get(i)).append('\'');
                    }
                    err(sb.append('\n').toString());
                }
                nextchar += rest.getBytes(StandardCharsets.ISO_8859_1).length;
                ind[0]++;
                dOptopt = 0;
                return '?';
            }
            found = first;
        }
        if (found < 0) {
            long arg = argv(argvp, ind[0]);
            if (!longOnly || at(arg + 1) == '-' || indexOf(opts, at(nextchar)) < 0) {
                if (printErrors) {
                    err(prog(argvp) + ": unrecognized option '" + prefix + rest + "'\n");
                }
                nextchar = 0;
                ind[0]++;
                dOptopt = 0;
                return '?';
            }
            return -1;
        }
        long opt = longopts + 32L * found;
        int hasArg = mem.readI32(opt + 8);
        long flag = mem.readI64(opt + 16);
        int val = mem.readI32(opt + 24);
        String optName = names.get(found);
        ind[0]++;
        nextchar = 0;
        if (eq >= 0) {
            if (hasArg != 0) {
                mem.writeI64(optargCell, start + name.getBytes(StandardCharsets.ISO_8859_1).length + 1);
            } else {
                if (printErrors) {
                    err(prog(argvp) + ": option '" + prefix + optName + "' doesn't allow an argument\n");
                }
                dOptopt = val;
                return '?';
            }
        } else if (hasArg == 1) {
            if (ind[0] < argc) {
                mem.writeI64(optargCell, argv(argvp, ind[0]++));
            } else {
                if (printErrors) {
                    err(prog(argvp) + ": option '" + prefix + optName + "' requires an argument\n");
                }
                dOptopt = val;
                return opts.length > 0 && opts[0] == ':' ? ':' : '?';
            }
        }
        if (longind != 0) {
            mem.writeI32(longind, found);
        }
        if (flag != 0) {
            mem.writeI32(flag, val);
            return 0;
        }
        return val;
    }

    private boolean sameOption(long longopts, int a, int b) {
        long pa = longopts + 32L * a;
        long pb = longopts + 32L * b;
        return mem.readI32(pa + 8) == mem.readI32(pb + 8) && mem.readI64(pa + 16) == mem.readI64(pb + 16)
                && mem.readI32(pa + 24) == mem.readI32(pb + 24);
    }
}
