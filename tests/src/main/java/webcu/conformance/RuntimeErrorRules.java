package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code .rules} file of a {@code runtime-errors/} case: options, each a set of conditions on
 * the exit status, stdout lines and stderr; a run passes when all conditions of one option hold.
 * Ported from {@code parse_rules} and {@code check_runtime_error} in run_suite.py.
 */
public final class RuntimeErrorRules {
    private static final Pattern OPTION = Pattern.compile("\\[option (.+)\\]");
    private static final Pattern KEY_LINE = Pattern.compile("(exit|stdout-regex|stderr-search):");

    /** One {@code [option NAME]} section; {@code stdout} and {@code stderr} are null when not constrained. */
    record Option(String name, String exit, List<String> stdout, String stderr) {
    }

    private final List<Option> options;

    RuntimeErrorRules(List<Option> options) {
        this.options = List.copyOf(options);
    }

    public static RuntimeErrorRules read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    List<Option> options() {
        return options;
    }

    static RuntimeErrorRules parse(String text, String name) {
        List<Option> options = new ArrayList<>();
        // Mutable state of the option being read, as the Python dict is.
        String curName = null;
        String exit = "any";
        List<String> stdout = null;
        String stderr = null;
        String key = null;
        for (String raw : PyText.fileLines(text)) {
            String line = PyText.rstripNewlines(raw);
            if (line.startsWith("#")) {
                continue;
            }
            Matcher m = OPTION.matcher(PyText.strip(line));
            if (m.matches()) {
                if (curName != null) {
                    options.add(new Option(curName, exit, stdout, stderr));
                }
                curName = m.group(1);
                exit = "any";
                stdout = null;
                stderr = null;
                key = null;
                continue;
            }
            if (PyText.strip(line).isEmpty()) {
                key = null;
                continue;
            }
            if (curName == null) {
                continue;
            }
            if ("stdout-regex".equals(key) && !KEY_LINE.matcher(line).lookingAt()) {
                stdout.add(line);
                continue;
            }
            int colon = line.indexOf(':');
            String k = PyText.strip(colon < 0 ? line : line.substring(0, colon));
            String v = colon < 0 ? "" : PyText.strip(line.substring(colon + 1));
            switch (k) {
                case "exit" -> exit = v;
                case "stdout-regex" -> {
                    stdout = new ArrayList<>();
                    key = "stdout-regex";
                }
                case "stderr-search" -> stderr = v;
                default -> throw new IllegalArgumentException(name + ": unknown key " + CompileErrorRules.pyRepr(k));
            }
        }
        if (curName != null) {
            options.add(new Option(curName, exit, stdout, stderr));
        }
        return new RuntimeErrorRules(options);
    }

    /** Checks a run; on success the verdict names the option that accepted it. */
    public Verdict check(int exitCode, String stdout, String stderr) {
        List<String> reasons = new ArrayList<>();
        for (Option opt : options) {
            List<String> why = new ArrayList<>();
            String ex = opt.exit();
            if (ex.equals("nonzero") && exitCode == 0) {
                why.add("exit code 0, nonzero required");
            } else if (!ex.equals("any") && !ex.equals("nonzero") && exitCode != Integer.parseInt(ex)) {
                why.add("exit code " + exitCode + ", " + ex + " required");
            }
            if (opt.stdout() != null) {
                List<String> lines = PyText.splitlines(stdout);
                if (lines.size() != opt.stdout().size()) {
                    why.add("stdout has " + lines.size() + " lines, " + opt.stdout().size() + " expected");
                } else {
                    for (int i = 0; i < lines.size(); i++) {
                        String pat = opt.stdout().get(i);
                        String l = lines.get(i);
                        if (!Pattern.compile(pat).matcher(l).matches()) {
                            why.add("stdout line " + CompileErrorRules.pyRepr(l) + " does not match " + CompileErrorRules.pyRepr(pat));
                            break;
                        }
                    }
                }
            }
            if (opt.stderr() != null && !Pattern.compile(opt.stderr()).matcher(stderr).find()) {
                why.add("stderr lacks a diagnostic matching " + CompileErrorRules.pyRepr(opt.stderr()));
            }
            if (why.isEmpty()) {
                return Verdict.pass("option " + opt.name());
            }
            reasons.add("[" + opt.name() + "] " + String.join("; ", why));
        }
        return Verdict.fail(String.join(" | ", reasons));
    }
}
