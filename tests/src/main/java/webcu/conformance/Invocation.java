package webcu.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * How to run one case: its source files (one, or every .cu/.cpp/.c file of a multi-file program's
 * folder, sorted by name), compile flags, program arguments, the working folder (the program's
 * own, where its data files are) and an optional standard input file.
 */
public record Invocation(List<Path> sources, List<String> flags, List<String> args, Path workdir, Path stdin) {
    public Invocation {
        sources = List.copyOf(sources);
        flags = List.copyOf(flags);
        args = List.copyOf(args);
    }

    /** A single file with nothing else: how the cases/ and errors/ programs run. */
    public static Invocation of(Path source) {
        return new Invocation(List.of(source), List.of(), List.of(), source.getParent(), null);
    }

    /** The case of {@code row} with its sidecar applied; -I folders are made absolute against the suite. */
    public static Invocation of(Path suite, Manifest.Row row) throws IOException {
        Path program = suite.resolve(row.path()).toAbsolutePath().normalize();
        RunSpec spec = RunSpec.of(suite, row);
        List<Path> sources = new ArrayList<>();
        Path workdir;
        if (Files.isDirectory(program)) {
            try (Stream<Path> list = Files.list(program)) {
                list.filter(p -> Files.isRegularFile(p) && isSource(p.getFileName().toString())).sorted().forEach(sources::add);
            }
            if (sources.isEmpty()) {
                throw new IOException("no .cu, .cpp or .c files in " + row.path());
            }
            workdir = program;
        } else {
            sources.add(program);
            workdir = program.getParent();
        }
        List<String> flags = new ArrayList<>();
        for (String f : spec.flags()) {
            if (f.startsWith("-I")) {
                flags.add("-I" + suite.toAbsolutePath().resolve(f.substring(2)).normalize());
            } else {
                flags.add(f);
            }
        }
        Path stdin = spec.stdin() == null ? null : workdir.resolve(spec.stdin());
        return new Invocation(sources, flags, spec.args(), workdir, stdin);
    }

    static boolean isSource(String name) {
        return name.endsWith(".cu") || name.endsWith(".cpp") || name.endsWith(".c");
    }
}
