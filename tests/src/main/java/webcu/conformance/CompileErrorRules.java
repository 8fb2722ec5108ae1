package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The key/value rules of an {@code errors/} case ({@code line}, {@code contains-any},
 * {@code contains}) and their check against the compiler's output, ported from
 * {@code parse_kv_file} and {@code check_compile_error} in run_suite.py.
 */
public final class CompileErrorRules {
    private final Map<String, String> values;

    CompileErrorRules(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    public static CompileErrorRules read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Lines {@code key: value}; comment lines and lines without a colon are skipped; the first value of a key wins. */
    static CompileErrorRules parse(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : PyText.fileLines(text)) {
            if (line.startsWith("#") || line.indexOf(':') < 0) {
                continue;
            }
            int colon = line.indexOf(':');
            out.putIfAbsent(PyText.strip(line.substring(0, colon)), PyText.strip(line.substring(colon + 1)));
        }
        return new CompileErrorRules(out);
    }

    Map<String, String> values() {
        return values;
    }

    /** Checks the compiler's exit status and its combined stdout and stderr. */
    public Verdict check(int exitCode, String text) {
        if (exitCode == 0) {
            return Verdict.fail("compiler accepted the program (exit 0)");
        }
        String lineSpec = values.get("line");
        if (lineSpec == null) {
            return Verdict.fail("the rules have no 'line' key");
        }
        int dash = lineSpec.indexOf('-');
        int lo = Integer.parseInt(dash < 0 ? lineSpec : lineSpec.substring(0, dash));
        String hiText = dash < 0 ? "" : lineSpec.substring(dash + 1);
        int hi = hiText.isEmpty() ? lo : Integer.parseInt(hiText);
        boolean lineOk = false;
        for (int n = lo; n <= hi && !lineOk; n++) {
            lineOk = Pattern.compile("(:" + n + "[:)\\]]|\\(" + n + "\\)|line " + n + "\\b)").matcher(text).find();
        }
        if (!lineOk) {
            return Verdict.fail("no diagnostic at line " + lineSpec);
        }
        String anyOf = values.get("contains-any");
        if (anyOf != null) {
            List<String> alts = new ArrayList<>();
            for (String a : anyOf.split("\\|", -1)) {
                alts.add(PyText.strip(PyText.strip(a), "\""));
            }
            String lower = text.toLowerCase(Locale.ROOT);
            boolean found = false;
            for (String a : alts) {
                if (!a.isEmpty() && lower.contains(a.toLowerCase(Locale.ROOT))) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                return Verdict.fail("message lacks any of: " + anyOf);
            }
        }
        String contains = values.get("contains");
        if (contains != null && !text.contains(contains)) {
            return Verdict.fail("message lacks " + pyRepr(contains));
        }
        return Verdict.pass();
    }

    /** Python's repr of a simple string, as the reference checker's messages show it. */
    static String pyRepr(String s) {
        boolean single = s.indexOf('\'') < 0 || s.indexOf('"') >= 0;
        char q = single ? '\'' : '"';
        StringBuilder sb = new StringBuilder().append(q);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c == q) {
                        sb.append('\\');
                    }
                    sb.append(c);
                }
            }
        }
        return sb.append(q).toString();
    }
}
