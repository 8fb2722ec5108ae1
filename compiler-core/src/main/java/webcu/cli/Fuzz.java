package webcu.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import webcu.diag.InternalCompilerError;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.SourceSet;
import webcu.frontend.Lexer;
import webcu.frontend.Token;

/**
 * Mutation fuzzing of the front end: programs of a corpus with tokens deleted, duplicated or
 * swapped, truncated, or sprinkled with random bytes. Every input must either compile or be
 * rejected with a diagnostic, within a time bound; an uncaught exception, an internal compiler
 * error, a rejection without a diagnostic or a hang is a finding.
 */
public final class Fuzz {
    /** What a fuzzing run found. */
    public record Report(int inputs, int accepted, int rejected, List<String> findings) {}

    private final List<String> corpus;
    private final Random random;
    private final long perInputMillis;

    public Fuzz(List<String> corpus, long seed, long perInputMillis) {
        this.corpus = corpus;
        this.random = new Random(seed);
        this.perInputMillis = perInputMillis;
    }

    /** Reads every .cu file under a folder as the corpus. */
    public static List<String> corpus(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        try (var walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                if (p.toString().endsWith(".cu")) {
                    out.add(Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }

    /** Runs until {@code count} inputs were tried or {@code deadlineNanos} (System.nanoTime) passed. */
    public Report run(int count, long deadlineNanos) {
        ExecutorService exec = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "fuzz", 256L << 20);
            t.setDaemon(true);
            return t;
        });
        List<String> findings = new ArrayList<>();
        int accepted = 0;
        int rejected = 0;
        int n = 0;
        try {
            for (; n < count && System.nanoTime() < deadlineNanos; n++) {
                String input = mutate(corpus.get(random.nextInt(corpus.size())));
                Future<CompileResult> f = exec.submit(() -> Compiler.compile(SourceSet.single("fuzz.cu", input)));
                try {
                    CompileResult r = f.get(perInputMillis, TimeUnit.MILLISECONDS);
                    if (r.ok()) {
                        accepted++;
                    } else if (r.diagnostics().isEmpty()) {
                        findings.add("rejected without a diagnostic:\n" + input);
                    } else {
                        r.render(false); // rendering must not fail either
                        rejected++;
                    }
                } catch (TimeoutException e) {
                    f.cancel(true);
                    findings.add("no result within " + perInputMillis + " ms:\n" + input);
                    exec.shutdownNow();
                    exec = Executors.newSingleThreadExecutor();
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable c = e.getCause();
                    findings.add((c instanceof InternalCompilerError ? "internal compiler error: " : "uncaught ") + c + "\n" + input);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } finally {
            exec.shutdownNow();
        }
        return new Report(n, accepted, rejected, findings);
    }

    /** One random mutation of a program at the level of its tokens or bytes. */
    String mutate(String src) {
        int kind = random.nextInt(6);
        if (kind == 5) {
            StringBuilder sb = new StringBuilder(src);
            int k = 1 + random.nextInt(4);
            for (int i = 0; i < k && sb.length() > 0; i++) {
                sb.insert(random.nextInt(sb.length()), (char) random.nextInt(128));
            }
            return sb.toString();
        }
        if (kind == 4) {
            return src.substring(0, random.nextInt(src.length() + 1));
        }
        List<Token> toks = Lexer.tokenize("fuzz.cu", src, new webcu.diag.Diagnostics());
        if (toks.size() < 3) {
            return src;
        }
        int a = random.nextInt(toks.size() - 1);
        int b = random.nextInt(toks.size() - 1);
        List<Token> out = new ArrayList<>(toks.subList(0, toks.size() - 1));
        switch (kind) {
            case 0 -> out.remove(a);
            case 1 -> out.add(a, out.get(a));
            case 2 -> {
                Token t = out.get(a);
                out.set(a, out.get(b));
                out.set(b, t);
            }
            default -> out.add(a, out.get(b));
        }
        StringBuilder sb = new StringBuilder();
        int line = 1;
        for (Token t : out) {
            if (t.bol() || t.span().line() != line) {
                sb.append('\n');
                line = t.span().line();
            } else {
                sb.append(' ');
            }
            sb.append(t.text());
        }
        return sb.append('\n').toString();
    }

    /** {@code Fuzz CORPUS_DIR [SECONDS] [SEED]}: fuzzes for as long as asked and prints what it found. */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : "tests/conformance");
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 60;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : System.nanoTime();
        Report r = new Fuzz(corpus(root), seed, 5000).run(Integer.MAX_VALUE, System.nanoTime() + seconds * 1_000_000_000L);
        for (String f : r.findings()) {
            System.out.println("FINDING: " + f);
        }
        System.out.println("fuzz: seed " + seed + ", " + r.inputs() + " inputs in " + seconds + " s: " + r.accepted() + " accepted, "
                + r.rejected() + " rejected with diagnostics, " + r.findings().size() + " findings");
        System.exit(r.findings().isEmpty() ? 0 : 1);
    }
}
