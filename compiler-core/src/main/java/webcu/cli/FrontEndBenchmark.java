package webcu.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.SourceSet;

/**
 * Front-end speed (a benchmark, not a test): checks every program of a folder repeatedly and
 * prints the time of the last rounds, after warm-up, and the throughput in source lines per
 * second (the user's lines; the built-in headers come on top of them).
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
            System.out.printf("round %d: %d programs (%d accepted) in %.0f ms%n", r, files.size(), ok, ns / 1e6);
        }
        System.out.printf("best round: %d programs, %d lines in %.0f ms: %.0f lines/s (compile to IR, headers included)%n",
                files.size(), lines, best / 1e6, lines / (best / 1e9));
    }
}
