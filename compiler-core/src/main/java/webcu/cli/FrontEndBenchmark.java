package webcu.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;

/**
 * Front-end speed (a benchmark, not a test): checks every program of a folder repeatedly and
 * prints the best round's time and the throughput in source lines per second (the user's lines;
 * the built-in headers come on top of them), once with the headers' parse state kept between
 * compiles as the CLI and the page keep it, once with nothing kept.
 */
public final class FrontEndBenchmark {
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : "tests/conformance/cases");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<Path> files = new ArrayList<>();
        try (var walk = Files.walk(root)) {
            walk.filter(p -> p.toString().endsWith(".cu")).sorted().forEach(files::add);
        }
        List<String> texts = new ArrayList<>();
        long lines = 0;
        for (Path p : files) {
            String t = Files.readString(p, StandardCharsets.UTF_8);
            texts.add(t);
            lines += t.lines().count();
        }
        // first as a user who reruns programs sees it (their headers' parse state kept from the
        // previous compile), then with nothing kept: every header preprocessed and parsed again
        long saved = rounds(files, texts, rounds, "headers kept");
        Compiler.keepHeaderStates(0);
        long fresh = rounds(files, texts, rounds, "nothing kept");
        Compiler.keepHeaderStates(8);
        System.out.printf("best round, headers kept: %d programs, %d lines in %.0f ms: %.0f lines/s (compile to IR)%n",
                files.size(), lines, saved / 1e6, lines / (saved / 1e9));
        System.out.printf("best round, nothing kept: %d programs, %d lines in %.0f ms: %.0f lines/s (compile to IR, headers included)%n",
                files.size(), lines, fresh / 1e6, lines / (fresh / 1e9));
    }

    /** The best of {@code rounds} rounds over every program, in nanoseconds. */
    private static long rounds(List<Path> files, List<String> texts, int rounds, String mode) {
        long best = Long.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            int ok = 0;
            for (int i = 0; i < files.size(); i++) {
                CompileResult c = Compiler.compile(SourceSet.single(files.get(i).toString(), texts.get(i)));
                ok += c.ok() ? 1 : 0;
            }
            long ns = System.nanoTime() - t0;
            best = Math.min(best, ns);
            System.out.printf("%s, round %d: %d programs (%d accepted) in %.0f ms%n", mode, r, files.size(), ok, ns / 1e6);
        }
        return best;
    }
}
