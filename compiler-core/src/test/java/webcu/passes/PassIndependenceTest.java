package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No device pass uses another pass's code: what two passes share lives in a helper. Reads the
 * sources of {@code webcu/passes}, comments and strings left out, and fails on any class that
 * names a pass other than itself. Only {@link DevicePasses}, which runs them, may name them all.
 */
class PassIndependenceTest {
    private static final Path PASSES = Path.of("src/main/java/webcu/passes");

    /** The classes of the package that are not passes: the pipeline, the helpers passes share, and data. */
    private static final Set<String> HELPERS = Set.of(
            "DevicePasses", "DevicePass", "DeviceModule", "DeviceTarget", "KernelInterface", "KernelLayout", "DebugBuffer",
            "Build", "Analysis", "UniformFlow", "Provenance", "Roots", "Rewriter", "Layouts", "TypeNames", "Intrinsics",
            "AccessRanges", "RangeProof");

    @Test
    void PassesNameNoOtherPass() throws IOException {
        List<String> classes = classes();
        Set<String> passes = new TreeSet<>(classes);
        passes.removeAll(HELPERS);
        TreeMap<String, List<String>> found = new TreeMap<>();
        for (String c : classes) {
            if (c.equals("DevicePasses")) {
                continue;
            }
            String code = code(Files.readString(PASSES.resolve(c + ".java")));
            for (String p : passes) {
                if (!p.equals(c) && Pattern.compile("\\b" + p + "\\b").matcher(code).find()) {
                    found.computeIfAbsent(c, x -> new ArrayList<>()).add(p);
                }
            }
        }
        assertEquals(new TreeMap<>(), found, "classes of webcu.passes that name another pass");
    }

    /** Every helper named is a class of the package and none is a pass; every other class is one. */
    @Test
    void HelpersAreNotPasses() throws IOException {
        List<String> classes = classes();
        assertTrue(classes.containsAll(HELPERS), "helpers missing from webcu.passes");
        for (String c : classes) {
            boolean pass = Files.readString(PASSES.resolve(c + ".java")).contains("implements DevicePass");
            assertEquals(!HELPERS.contains(c), pass, c + (pass ? " is a pass" : " is not a pass"));
        }
        assertTrue(classes.size() - HELPERS.size() >= 17, "the passes were found");
    }

    /** The detector itself: a name in code counts, in a comment or a string it does not. */
    @Test
    void CommentsAndStringsDoNotCount() {
        String code = code("""
                /** Runs after {@link Warps}. */
                // Warps too
                String s = "Warps";
                Expr e = Warps.linearTid();
                """);
        assertTrue(Pattern.compile("\\bWarps\\b").matcher(code).results().count() == 1, code);
    }

    private static List<String> classes() throws IOException {
        try (Stream<Path> files = Files.list(PASSES)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".java"))
                    .map(n -> n.substring(0, n.length() - ".java".length())).sorted().toList();
        }
    }

    /** The source without comments, string and text-block literals and char literals. */
    static String code(String source) {
        Matcher m = Pattern.compile("(?s)/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])*'")
                .matcher(source);
        return m.replaceAll(" ");
    }
}
