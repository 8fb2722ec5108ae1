package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The suite's manifest.tsv: one row per program, with its tags, comparison mode and exit status. */
public final class Manifest {
    /** One row; {@code path} is relative to the suite's folder. */
    public record Row(String path, Set<String> tags, String compare, String exitCode, String expectedFrom, String description) {
        /** {@code cases/}, {@code errors/} or {@code runtime-errors/}. */
        public String part() {
            int slash = path.indexOf('/');
            return slash < 0 ? "" : path.substring(0, slash);
        }

        public boolean isCompileError() {
            return CompareSpec.parse(compare).mode().equals("compile-error");
        }

        /** The path without ".cu", where .expected, .rules and .native.txt sit beside it. */
        public String base() {
            return path.endsWith(".cu") ? path.substring(0, path.length() - 3) : path;
        }
    }

    private Manifest() {
    }

    public static List<Row> read(Path suite) throws IOException {
        List<String> lines = PyText.fileLines(Files.readString(suite.resolve("manifest.tsv"), StandardCharsets.UTF_8));
        if (lines.isEmpty()) {
            throw new IOException("empty manifest in " + suite);
        }
        List<String> header = List.of(PyText.rstripNewlines(lines.get(0)).split("\t", -1));
        int path = column(header, "path");
        int tags = column(header, "tags");
        int compare = column(header, "compare");
        int exit = column(header, "exit_code");
        int from = column(header, "expected_from");
        int description = column(header, "description");
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (PyText.strip(line).isEmpty()) {
                continue;
            }
            String[] v = PyText.rstripNewlines(line).split("\t", -1);
            if (v.length < header.size()) {
                throw new IOException("manifest row has " + v.length + " columns, not " + header.size() + ": " + line);
            }
            Set<String> tagSet = new LinkedHashSet<>(List.of(v[tags].split(",", -1)));
            rows.add(new Row(v[path], Set.copyOf(tagSet), v[compare], v[exit], v[from], v[description]));
        }
        return rows;
    }

    private static int column(List<String> header, String name) throws IOException {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IOException("manifest has no column '" + name + "'");
        }
        return i;
    }
}
