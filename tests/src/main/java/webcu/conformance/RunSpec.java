package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A program's sidecar {@code NAME.run} (beside {@code NAME.cu}, or beside the folder {@code NAME}
 * of a multi-file program): how to build, run and compare it, as tools/run_suite.py reads it.
 *
 * <pre>
 * # comment
 * args: -n=70001 --verbose "two words"   program arguments (shell-style quoting)
 * flags: -DN=96 -Iinclude                 compile flags, -DNAME[=VALUE] and -IDIR only (DIR relative to the suite folder)
 * stdin: numbers.txt                      standard input, a file in the program's folder
 * skip: ^Time: .*                         stdout lines matching this regex (whole line) are not compared
 * </pre>
 *
 * {@code skip} may repeat; the others appear at most once. A pattern must match a whole line
 * (without its {@code \n}); as in Python's re, only {@code \n} ends a line. Without a sidecar a
 * program runs with no arguments, no flags and an empty standard input, and every line is compared.
 */
public record RunSpec(List<String> args, List<String> flags, String stdin, List<Pattern> skip) {
    public RunSpec {
        args = List.copyOf(args);
        flags = List.copyOf(flags);
        skip = List.copyOf(skip);
    }

    public static final RunSpec NONE = new RunSpec(List.of(), List.of(), null, List.of());

    /** The sidecar of {@code row}, or {@link #NONE} when it has none. */
    public static RunSpec of(Path suite, Manifest.Row row) throws IOException {
        Path file = suite.resolve(row.base() + ".run");
        return Files.isRegularFile(file) ? parse(Files.readString(file, StandardCharsets.UTF_8), file.toString()) : NONE;
    }

    static RunSpec parse(String text, String where) throws IOException {
        List<String> args = null;
        List<String> flags = null;
        String stdin = null;
        List<Pattern> skip = new ArrayList<>();
        int n = 0;
        for (String line : PyText.fileLines(text)) {
            n++;
            String l = PyText.rstripNewlines(line);
            if (PyText.strip(l).isEmpty() || l.startsWith("#")) {
                continue;
            }
            int colon = l.indexOf(':');
            if (colon < 0) {
                throw new IOException(where + ":" + n + ": expected 'key: value'");
            }
            String key = PyText.strip(l.substring(0, colon));
            String value = PyText.strip(l.substring(colon + 1));
            switch (key) {
                case "args" -> args = once(args, shellSplit(value, where, n), key, where, n);
                case "flags" -> flags = once(flags, shellSplit(value, where, n), key, where, n);
                case "stdin" -> stdin = once(stdin, value, key, where, n);
                case "skip" -> {
                    try {
                        skip.add(Pattern.compile(value, Pattern.UNIX_LINES));
                    } catch (PatternSyntaxException e) {
                        throw new IOException(where + ":" + n + ": bad skip regex: " + e.getDescription());
                    }
                }
                default -> throw new IOException(where + ":" + n + ": unknown key '" + key + "'");
            }
        }
        for (String f : flags == null ? List.<String>of() : flags) {
            if (!f.startsWith("-D") && !f.startsWith("-I")) {
                throw new IOException(where + ": only -D and -I flags are allowed, not '" + f + "'");
            }
        }
        return new RunSpec(args == null ? List.of() : args, flags == null ? List.of() : flags, stdin, skip);
    }

    private static <T> T once(T old, T value, String key, String where, int n) throws IOException {
        if (old != null) {
            throw new IOException(where + ":" + n + ": '" + key + "' given twice");
        }
        return value;
    }

    /** Splits as a POSIX shell does words: blanks separate, quotes group, backslash escapes (as Python's shlex.split). */
    static List<String> shellSplit(String s, String where, int line) throws IOException {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"') {
                int end = s.indexOf(c, i + 1);
                if (c == '"') {
                    // inside double quotes a backslash escapes only \ and "
                    end = i + 1;
                    while (end < s.length() && s.charAt(end) != '"') {
                        if (s.charAt(end) == '\\' && end + 1 < s.length() && "\\\"".indexOf(s.charAt(end + 1)) >= 0) {
                            w.append(s.charAt(end + 1));
                            end += 2;
                        } else {
                            w.append(s.charAt(end++));
                        }
                    }
                    if (end >= s.length()) {
                        end = -1;
                    }
                } else if (end >= 0) {
                    w.append(s, i + 1, end);
                }
                if (end < 0) {
                    throw new IOException(where + ":" + line + ": unterminated quote");
                }
                i = end;
                inWord = true;
            } else if (c == '\\' && i + 1 < s.length()) {
                w.append(s.charAt(++i));
                inWord = true;
            } else if (c == ' ' || c == '\t') {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }

    /** {@code text} without the lines that a {@code skip} pattern matches whole; line ends are kept as they are. */
    public String filter(String text) {
        if (skip.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl + 1;
            String line = text.substring(start, nl < 0 ? end : nl);
            if (skip.stream().noneMatch(p -> p.matcher(line).matches())) {
                out.append(text, start, end);
            }
            start = end;
        }
        return out.toString();
    }
}
