package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The checked-in ratchet: the cases that passed once and must keep passing, one
 * {@code backend path} per line ({@code #} starts a comment).
 */
public final class Baseline {
    private final Set<String> entries;

    private Baseline(Set<String> entries) {
        this.entries = entries;
    }

    public static Baseline read(Path file) throws IOException {
        Set<String> entries = new LinkedHashSet<>();
        int n = 0;
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+");
            if (parts.length != 2 || !Backend.isName(parts[0])) {
                throw new IOException(file + ":" + n + ": expected 'BACKEND PATH' with BACKEND one of "
                        + Backend.names() + ", got: " + raw);
            }
            entries.add(key(parts[0], parts[1]));
        }
        return new Baseline(entries);
    }

    public static Baseline empty() {
        return new Baseline(Set.of());
    }

    public boolean contains(String backend, String path) {
        return entries.contains(key(backend, path));
    }

    public int size() {
        return entries.size();
    }

    /** The entries, as lines. */
    public Collection<String> lines() {
        return entries;
    }

    /** Adds {@code lines} to the file, keeping it sorted and its leading comment block. */
    public static void append(Path file, Collection<String> lines) throws IOException {
        List<String> header = new ArrayList<>();
        Set<String> body = new TreeSet<>(lines);
        if (Files.exists(file)) {
            boolean inHeader = true;
            for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String line = raw.strip();
                if (inHeader && (line.startsWith("#") || line.isEmpty())) {
                    header.add(raw);
                    continue;
                }
                inHeader = false;
                if (!line.isEmpty() && !line.startsWith("#")) {
                    body.add(String.join(" ", line.split("\\s+")));
                }
            }
        }
        List<String> out = new ArrayList<>(header);
        out.addAll(body);
        Files.write(file, out, StandardCharsets.UTF_8);
    }

    static String key(String backend, String path) {
        return backend + " " + path;
    }
}
