package webcu.browser;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.WebDriverException;

/**
 * {@code ./webcu run --backend webgpu}: runs a program through the real page in headless Chromium
 * and prints what its output panel shows, stdout spans to stdout and stderr spans to stderr,
 * byte for byte, then exits with the program's status.
 *
 * <pre>
 * BrowserRunner --dist DIR [--backend webgpu|cpu] [--timeout SECONDS] [--page-query ?build=js]
 *               [--verbose] [--stdin FILE] [--cwd DIR] [-I DIR] [-D NAME[=VALUE]] FILE.cu... [-- ARGS...]
 * </pre>
 *
 * The page gets, besides the sources and the headers they include, the data files of the working
 * folder ({@code --cwd}, else the current one; its plain UTF-8 files, not its subfolders, at most
 * {@link #DATA_FILE_LIMIT} bytes each and {@link #DATA_TOTAL_LIMIT} in all), which the program
 * opens by relative name, and {@code --stdin}'s text as standard input. Files the program writes
 * stay in the page.
 *
 * Exit statuses besides the program's: 2 for a bad command line or an unreadable file,
 * {@link RunResult#TIMED_OUT} when the run was stopped at the time limit, {@link #RUNNER_FAILED}
 * when the browser or the server could not do their part.
 */
public final class BrowserRunner {
    /** The runner itself failed (no Chromium, no dist/, a browser crash), not the program. */
    public static final int RUNNER_FAILED = 125;
    static final int USAGE = 2;
    static final long DATA_FILE_LIMIT = 1L << 20;
    static final long DATA_TOTAL_LIMIT = 8L << 20;

    private BrowserRunner() {
    }

    /** A parsed command line. */
    public record Options(Path dist, String backend, Duration timeout, String pageQuery, boolean verbose,
                   List<String> includeDirs, List<RunRequest.Define> defines, List<String> files, List<String> args,
                   Path stdin, Path workdir) {
    }

    /** A command-line mistake, reported with the usage line. */
    public static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    public static void main(String[] argv) {
        System.exit(run(argv, new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err)));
    }

    /** Runs a command line; returns the exit status. */
    public static int run(String[] argv, OutputStream out, OutputStream err) {
        Options options;
        try {
            options = parse(argv);
        } catch (UsageException e) {
            print(err, "webcu: " + e.getMessage()
                    + "\nusage: webcu run --backend webgpu [--stdin FILE] [--cwd DIR] [-I DIR] [-D NAME[=VALUE]] FILE.cu... [-- ARGS...]\n");
            return USAGE;
        }
        RunRequest request;
        try {
            request = request(options);
        } catch (IOException e) {
            print(err, "webcu: cannot read " + e.getMessage() + "\n");
            return USAGE;
        }
        try (BrowserSession session = BrowserSession.open(options.dist(), options.pageQuery())) {
            Thread cleanup = new Thread(session::close, "webcu-browser-cleanup");
            Runtime.getRuntime().addShutdownHook(cleanup);
            int status = execute(session, options, request, out, err);
            Runtime.getRuntime().removeShutdownHook(cleanup);
            return status;
        } catch (IOException | WebDriverException e) {
            print(err, "webcu: the browser runner failed: " + firstLine(e.getMessage()) + "\n");
            return RUNNER_FAILED;
        }
    }

    /**
     * Runs one request in an open session and prints what the page showed, as the command does;
     * the conformance runner calls this to reuse one browser for many programs.
     */
    public static int execute(BrowserSession session, Options options, RunRequest request, OutputStream out, OutputStream err) {
        RunResult result = session.run(request, options.timeout());
        for (RunResult.Chunk c : result.chunks()) {
            print(c.stderr() ? err : out, c.text());
        }
        if (options.verbose()) {
            for (String line : session.browserLog()) {
                print(err, "[browser] " + line + "\n");
            }
        }
        if (result.timedOut()) {
            print(err, "webcu: the program did not finish within " + options.timeout().toSeconds() + " s and was stopped\n");
        }
        return result.exitCode();
    }

    public static Options parse(String[] argv) throws UsageException {
        Path dist = null;
        String backend = "webgpu";
        Duration timeout = Duration.ofSeconds(120);
        String pageQuery = "";
        boolean verbose = false;
        List<String> includeDirs = new ArrayList<>();
        List<RunRequest.Define> defines = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<String> args = new ArrayList<>();
        Path stdin = null;
        Path workdir = Path.of("");
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (a.equals("--")) {
                args.addAll(List.of(argv).subList(i + 1, argv.length));
                break;
            }
            String value = null;
            String name = a;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            } else if ((a.startsWith("-I") || a.startsWith("-D")) && a.length() > 2) {
                name = a.substring(0, 2);
                value = a.substring(2);
            }
            switch (name) {
                case "--dist", "--backend", "--timeout", "--page-query", "--stdin", "--cwd", "-I", "-D" -> {
                    if (value == null) {
                        if (i + 1 >= argv.length) {
                            throw new UsageException("missing value after " + name);
                        }
                        value = argv[++i];
                    }
                    switch (name) {
                        case "--dist" -> dist = Path.of(value);
                        case "--backend" -> {
                            if (!value.equals("webgpu") && !value.equals("cpu")) {
                                throw new UsageException("unknown backend '" + value + "' (webgpu or cpu)");
                            }
                            backend = value;
                        }
                        case "--timeout" -> timeout = Duration.ofSeconds(seconds(value));
                        case "--page-query" -> pageQuery = value;
                        case "--stdin" -> stdin = Path.of(value);
                        case "--cwd" -> workdir = Path.of(value);
                        case "-I" -> includeDirs.add(value);
                        default -> defines.add(RunRequest.Define.parse(value));
                    }
                }
                case "--verbose" -> verbose = true;
                default -> {
                    if (a.startsWith("-") && !a.equals("-")) {
                        throw new UsageException("unknown option " + a);
                    }
                    files.add(a);
                }
            }
        }
        if (dist == null) {
            throw new UsageException("--dist DIR is required");
        }
        if (files.isEmpty()) {
            throw new UsageException("no input files");
        }
        return new Options(dist, backend, timeout, pageQuery, verbose, includeDirs, defines, files, args, stdin, workdir);
    }

    private static long seconds(String value) throws UsageException {
        try {
            long s = Long.parseLong(value);
            if (s > 0) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--timeout wants a positive number of seconds, not '" + value + "'");
    }

    /** Reads the files and the headers they include; an IOException's message names the file. */
    public static RunRequest request(Options o) throws IOException {
        List<RunRequest.SourceFile> files = new ArrayList<>();
        for (String f : o.files()) {
            try {
                files.add(new RunRequest.SourceFile(f, Files.readString(Path.of(f), StandardCharsets.UTF_8), true));
            } catch (IOException e) {
                throw new IOException(f + ": " + reason(e), e);
            }
        }
        List<RunRequest.SourceFile> all = new ArrayList<>(files);
        all.addAll(IncludeScanner.headers(files, o.includeDirs()));
        all.addAll(dataFiles(o.workdir(), all));
        String stdin = null;
        if (o.stdin() != null) {
            try {
                stdin = Files.readString(o.stdin(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IOException(o.stdin() + ": " + reason(e), e);
            }
        }
        return new RunRequest(all, o.includeDirs(), o.defines(), o.args(), o.backend(), stdin);
    }

    /**
     * The plain files of the working folder that the program may open, under their names (the
     * page's working folder stands for it): text files within the limits, not already sent.
     */
    static List<RunRequest.SourceFile> dataFiles(Path workdir, List<RunRequest.SourceFile> sent) throws IOException {
        java.util.Set<Path> taken = new java.util.HashSet<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        for (RunRequest.SourceFile f : sent) {
            taken.add(Path.of(f.path()).toAbsolutePath().normalize());
            names.add(f.path());
        }
        List<RunRequest.SourceFile> out = new ArrayList<>();
        long total = 0;
        List<Path> entries;
        try (var list = Files.list(workdir.toAbsolutePath())) {
            entries = list.sorted().toList();
        }
        for (Path p : entries) {
            String name = p.getFileName().toString();
            if (!Files.isRegularFile(p) || taken.contains(p.normalize()) || names.contains(name)) {
                continue;
            }
            long size = Files.size(p);
            if (size > DATA_FILE_LIMIT || total + size > DATA_TOTAL_LIMIT) {
                continue;
            }
            byte[] bytes = Files.readAllBytes(p);
            try {
                String text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
                out.add(new RunRequest.SourceFile(name, text, false));
                total += size;
            } catch (java.nio.charset.CharacterCodingException e) {
                // the page's files are text: a binary file stays behind
            }
        }
        return out;
    }

    private static String reason(IOException e) {
        return e instanceof java.nio.file.NoSuchFileException ? "no such file" : String.valueOf(e.getMessage());
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static void print(OutputStream stream, String text) {
        try {
            stream.write(text.getBytes(StandardCharsets.UTF_8));
            stream.flush();
        } catch (IOException e) {
            // Nowhere left to report a broken stdout or stderr.
        }
    }
}
