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
import webcu.frontend.SourceSet;
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

    /**
     * One program of the corpus: its path (the mutant is compiled under it, so the language follows
     * the extension and quoted includes find the headers beside it, read from disk) and its text.
     */
    public record Source(String path, String text) {}

    private final List<Source> corpus;
    private final Random random;
    private final long perInputMillis;

    public Fuzz(List<Source> corpus, long seed, long perInputMillis) {
        this.corpus = corpus;
        this.random = new Random(seed);
        this.perInputMillis = perInputMillis;
    }

    /** Reads every .cu, .cpp and .c file under a folder as the corpus. */
    public static List<Source> corpus(Path root) throws IOException {
        List<Source> out = new ArrayList<>();
        try (var walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                String name = p.toString();
                if (name.endsWith(".cu") || name.endsWith(".cpp") || name.endsWith(".c")) {
                    out.add(new Source(p.toAbsolutePath().normalize().toString(), Files.readString(p, StandardCharsets.UTF_8)));
                }
            }
        }
        return out;
    }

    /**
     * {@code threads} workers, each with its own random stream (seed + worker), sharing {@code count}
     * inputs and the deadline; their reports added up.
     */
    public static Report runParallel(List<Source> corpus, long seed, long perInputMillis, int threads, int count, long deadlineNanos)
            throws InterruptedException {
        List<Report> reports = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
            int share = count / threads + (k < count % threads ? 1 : 0);
            long workerSeed = seed + k;
            Thread t = new Thread(() -> {
                Report r = new Fuzz(corpus, workerSeed, perInputMillis).run(share, deadlineNanos);
                synchronized (reports) {
                    reports.add(r);
                }
            }, "fuzz-worker-" + k);
            workers.add(t);
            t.start();
        }
        for (Thread t : workers) {
            t.join();
        }
        int inputs = 0;
        int accepted = 0;
        int rejected = 0;
        List<String> findings = new ArrayList<>();
        for (Report r : reports) {
            inputs += r.inputs();
            accepted += r.accepted();
            rejected += r.rejected();
            findings.addAll(r.findings());
        }
        return new Report(inputs, accepted, rejected, findings);
    }

    /** Runs until {@code count} inputs were tried or {@code deadlineNanos} (System.nanoTime) passed. */
    public Report run(int count, long deadlineNanos) {
        ExecutorService exec = compileThread();
        List<String> findings = new ArrayList<>();
        int accepted = 0;
        int rejected = 0;
        int n = 0;
        try {
            for (; n < count && System.nanoTime() < deadlineNanos; n++) {
                Source source = corpus.get(random.nextInt(corpus.size()));
                String input = mutate(source.text());
                Future<CompileResult> f = exec.submit(() -> Compiler.compile(
                        new SourceSet().file(source.path(), input, true).loader(Main.Inputs::readIfFile)));
                try {
                    CompileResult r = f.get(perInputMillis, TimeUnit.MILLISECONDS);
                    if (r.ok()) {
                        accepted++;
                    } else if (r.diagnostics().isEmpty()) {
                        findings.add("rejected without a diagnostic (" + source.path() + "):\n" + input);
                    } else {
                        r.render(false); // rendering must not fail either
                        rejected++;
                    }
                } catch (TimeoutException e) {
                    f.cancel(true);
                    findings.add("no result within " + perInputMillis + " ms (" + source.path() + "):\n" + input);
                    exec.shutdownNow();
                    exec = compileThread();
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable c = e.getCause();
                    java.io.StringWriter trace = new java.io.StringWriter();
                    c.printStackTrace(new java.io.PrintWriter(trace));
                    findings.add((c instanceof InternalCompilerError ? "internal compiler error: " : "uncaught ") + c + " (" + source.path() + ")\n"
                            + trace.toString().lines().limit(12).collect(java.util.stream.Collectors.joining("\n")) + "\n" + input);
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

    /** The thread that compiles, with the deep stack the CLI gives the compiler (-Xss64m). */
    private static ExecutorService compileThread() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "fuzz", 256L << 20);
            t.setDaemon(true);
            return t;
        });
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

    /**
     * {@code Fuzz CORPUS_DIR [SECONDS] [SEED] [--threads=N] [--inputs=N]}: fuzzes until the time or
     * the number of inputs is reached and prints what it found.
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        List<String> positional = new ArrayList<>();
        int threads = 1;
        int inputs = Integer.MAX_VALUE;
        for (String a : args) {
            if (a.startsWith("--threads=")) {
                threads = Integer.parseInt(a.substring("--threads=".length()));
            } else if (a.startsWith("--inputs=")) {
                inputs = Integer.parseInt(a.substring("--inputs=".length()));
            } else {
                positional.add(a);
            }
        }
        Path root = Path.of(positional.size() > 0 ? positional.get(0) : "tests/conformance");
        long seconds = positional.size() > 1 ? Long.parseLong(positional.get(1)) : 60;
        long seed = positional.size() > 2 ? Long.parseLong(positional.get(2)) : System.nanoTime();
        List<Source> corpus = corpus(root);
        // every program of the corpus comes back again and again: keep each one's headers parsed
        Compiler.keepHeaderStates(2 * corpus.size());
        long start = System.nanoTime();
        Report r = runParallel(corpus, seed, 5000, threads, inputs, start + seconds * 1_000_000_000L);
        double took = (System.nanoTime() - start) / 1e9;
        for (String f : r.findings()) {
            System.out.println("FINDING: " + f);
        }
        System.out.printf("fuzz: seed %d, %d threads, corpus of %d files: %d inputs in %.0f s: %d accepted, %d rejected with diagnostics, %d findings%n",
                seed, threads, corpus.size(), r.inputs(), took, r.accepted(), r.rejected(), r.findings().size());
        System.exit(r.findings().isEmpty() ? 0 : 1);
    }
}
