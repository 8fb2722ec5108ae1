package webcu.browser;

import java.util.List;

/**
 * What one run compiles and how: the files (paths as the compiler will show them; data files
 * too, which the program opens), include directories, macros, program arguments, the backend
 * ("webgpu" or "cpu") and the program's standard input (null: none, reads see end of file).
 */
public record RunRequest(List<SourceFile> files, List<String> includeDirs, List<Define> defines,
                         List<String> args, String backend, String stdin) {
    public RunRequest {
        files = List.copyOf(files);
        includeDirs = List.copyOf(includeDirs);
        defines = List.copyOf(defines);
        args = List.copyOf(args);
        if (files.stream().noneMatch(SourceFile::compile)) {
            throw new IllegalArgumentException("a run needs at least one file to compile");
        }
    }

    /** A request without standard input. */
    public RunRequest(List<SourceFile> files, List<String> includeDirs, List<Define> defines, List<String> args, String backend) {
        this(files, includeDirs, defines, args, backend, null);
    }

    /** One file of the virtual file system; {@code compile} marks a translation unit. */
    public record SourceFile(String path, String text, boolean compile) {
    }

    /** A predefined macro, as {@code -D name=value}. */
    public record Define(String name, String value) {
        /** Parses {@code NAME} (value 1, as C compilers do) or {@code NAME=VALUE}. */
        public static Define parse(String spec) {
            int eq = spec.indexOf('=');
            return eq < 0 ? new Define(spec, "1") : new Define(spec.substring(0, eq), spec.substring(eq + 1));
        }
    }

    /** A single file on one backend, with nothing else. */
    public static RunRequest single(String path, String text, String backend) {
        return new RunRequest(List.of(new SourceFile(path, text, true)), List.of(), List.of(), List.of(), backend);
    }
}
