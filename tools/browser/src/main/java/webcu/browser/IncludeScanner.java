package webcu.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the user headers that a set of source files includes, so that the page's virtual file
 * system gets exactly the files the command line's compiler would read from disk. It follows
 * {@code #include "x"} (the includer's folder, then the -I folders) and {@code #include <x>} (the
 * -I folders) transitively; names not found on disk are the compiler's built-in headers.
 * Includes spelled through macros are not followed.
 */
final class IncludeScanner {
    private static final Pattern INCLUDE = Pattern.compile("^\\s*#\\s*include\\s*([<\"])([^>\"]+)[>\"]", Pattern.MULTILINE);

    private IncludeScanner() {
    }

    /** The headers reachable from {@code files}, as files not to compile, paths as the compiler would name them. */
    static List<RunRequest.SourceFile> headers(List<RunRequest.SourceFile> files, List<String> includeDirs) throws IOException {
        Set<String> seen = new LinkedHashSet<>();
        for (RunRequest.SourceFile f : files) {
            seen.add(normalize(f.path()));
        }
        List<RunRequest.SourceFile> found = new ArrayList<>();
        Deque<RunRequest.SourceFile> work = new ArrayDeque<>(files);
        while (!work.isEmpty()) {
            RunRequest.SourceFile file = work.pop();
            Matcher m = INCLUDE.matcher(file.text());
            while (m.find()) {
                String header = resolve(file.path(), m.group(1).equals("\""), m.group(2).trim(), includeDirs);
                if (header != null && seen.add(header)) {
                    RunRequest.SourceFile h = new RunRequest.SourceFile(header,
                            Files.readString(Path.of(header), StandardCharsets.UTF_8), false);
                    found.add(h);
                    work.push(h);
                }
            }
        }
        return found;
    }

    private static String resolve(String includer, boolean quoted, String name, List<String> includeDirs) {
        List<String> candidates = new ArrayList<>();
        if (quoted) {
            Path parent = Path.of(includer).getParent();
            candidates.add(parent == null ? name : parent.resolve(name).toString());
        }
        for (String dir : includeDirs) {
            candidates.add(Path.of(dir).resolve(name).toString());
        }
        for (String c : candidates) {
            if (Files.isRegularFile(Path.of(c))) {
                return normalize(c);
            }
        }
        return null;
    }

    static String normalize(String path) {
        return Path.of(path).normalize().toString().replace('\\', '/');
    }
}
