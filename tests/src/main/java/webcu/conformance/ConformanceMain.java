package webcu.conformance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The conformance runner's command line (also what {@code ConformanceIT} calls):
 *
 * <pre>
 * ConformanceMain [--root DIR] [--suite DIR] [--backends cpu,webgpu,check,vulkan] [--tags T,...]
 *                 [--skip-tags T,...] [--paths PREFIX,...] [--timeout SECONDS] [--baseline FILE]
 *                 [--report FILE] [--new-passes] [--update-baseline] [--webgpu-process] [--verbose]
 *                 [--vulkan-icd FILE]
 * </pre>
 *
 * The vulkan backend runs on the Vulkan driver whose ICD manifest {@code --vulkan-icd} names, by
 * default Mesa's lavapipe as {@code tools/lavapipe.sh} unpacked it (./webcu test does), whose
 * results the baseline's vulkan entries hold.
 *
 * Exit status: 0 when every baseline case that ran passed, 1 when one failed (a regression),
 * 2 for a bad command line or a runner that could not start (no suite, no Chromium).
 */
public final class ConformanceMain {
    /** The baseline's place in the repository. */
    public static final String BASELINE = "tests/conformance-baseline.txt";

    private ConformanceMain() {
    }

    /** A parsed command line. */
    public record Options(Path root, Path suite, ConformanceRunner.Selection selection, Duration timeout, Path baseline,
                          Path report, boolean newPasses, boolean updateBaseline, boolean webgpuProcess, boolean verbose,
                          Path vulkanIcd) {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("conformance: " + e.getMessage());
            return 2;
        }
        try {
            return run(o, out);
        } catch (IOException | RuntimeException e) {
            err.println("conformance: " + e.getMessage());
            return 2;
        }
    }

    static int run(Options o, PrintStream out) throws IOException {
        if (!Files.isRegularFile(o.suite().resolve("manifest.tsv"))) {
            throw new IOException("no conformance suite at " + o.suite() + " (manifest.tsv missing)");
        }
        if (!Files.isExecutable(o.root().resolve("webcu"))) {
            throw new IOException("no launcher at " + o.root().resolve("webcu"));
        }
        Baseline baseline = Files.exists(o.baseline()) ? Baseline.read(o.baseline()) : Baseline.empty();
        Map<String, Executor> executors = new LinkedHashMap<>();
        // Ctrl-C or a killed build must not leave Chromium and its profile behind.
        Thread cleanup = new Thread(() -> closeAll(executors), "conformance-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            for (String b : o.selection().backends()) {
                executors.put(b, executor(o, b));
            }
            ConformanceRunner runner = new ConformanceRunner(o.suite(), o.timeout(), executors);
            List<ConformanceRunner.CaseResult> results = runner.run(o.selection(), r -> {
                if (o.verbose()) {
                    synchronized (out) {
                        out.println((r.verdict().passed() ? "PASS " : "fail ") + r.backend() + " " + r.row().path()
                                + " (" + r.millis() + " ms)");
                    }
                }
            });
            Report report = new Report(results, o.selection().backends(), baseline);
            String text = report.failures() + report.summary();
            if (executors.get(Backend.VULKAN) instanceof ProcessExecutor vk) {
                text += "vulkan driver: " + vk.environment().get("VK_ICD_FILENAMES") + "\n";
            }
            out.print(text);
            if (o.report() != null) {
                Files.createDirectories(o.report().toAbsolutePath().getParent());
                Files.writeString(o.report(), text + "slowest cases:\n" + report.slowest(15), StandardCharsets.UTF_8);
            }
            if (o.newPasses()) {
                out.println("new passes (add these lines to " + o.baseline() + "):");
                report.newPasses().forEach(out::println);
            }
            if (o.updateBaseline() && !report.newPasses().isEmpty()) {
                Baseline.append(o.baseline(), report.newPasses());
                out.println("added " + report.newPasses().size() + " lines to " + o.baseline());
            }
            // the standard: a case a GPU backend cannot run says so, and it prints what the CPU prints
            boolean clear = report.unclearFailures().isEmpty()
                    && (!o.selection().backends().contains(Backend.CPU) || report.differences().isEmpty());
            return report.regressions().isEmpty() && clear ? 0 : 1;
        } finally {
            closeAll(executors);
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
    }

    private static synchronized void closeAll(Map<String, Executor> executors) {
        for (Executor e : executors.values()) {
            try {
                e.close();
            } catch (RuntimeException ignored) {
                // Close the others anyway.
            }
        }
    }

    private static Executor executor(Options o, String backend) throws IOException {
        return switch (backend) {
            case Backend.CPU -> new ProcessExecutor(o.root(), List.of("run", "--backend", "cpu"));
            case Backend.CHECK -> new ProcessExecutor(o.root(), List.of("check"));
            case Backend.VULKAN -> {
                String icd = (o.vulkanIcd() != null ? o.vulkanIcd() : lavapipe(o.root(), Map.of())).toString();
                // both names: loaders since 1.3.207 read VK_DRIVER_FILES first
                yield new ProcessExecutor(o.root(), List.of("run", "--backend", "vulkan"),
                        Map.of("VK_ICD_FILENAMES", icd, "VK_DRIVER_FILES", icd));
            }
            case Backend.WEBGPU -> {
                if (o.webgpuProcess()) {
                    yield new ProcessExecutor(o.root(), List.of("run", "--backend", "webgpu"));
                }
                BrowserExecutor browser = new BrowserExecutor(o.root().resolve("dist"), "");
                browser.open();
                yield browser;
            }
            default -> throw new IllegalArgumentException("unknown backend " + backend);
        };
    }

    /**
     * lavapipe's ICD manifest, as tools/lavapipe.sh unpacked it (the script, with {@code environment}
     * added to this process's, knows the folder); an IOException saying how to get it if it did not.
     */
    static Path lavapipe(Path root, Map<String, String> environment) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("tools/lavapipe.sh").toString(), "--icd").redirectErrorStream(true);
        pb.environment().putAll(environment);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (p.waitFor() == 0 && !out.isEmpty()) {
                return Path.of(out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new IOException("no Vulkan driver for the vulkan backend: " + out
                + " (or name one with --vulkan-icd FILE, or leave vulkan out with --backends)");
    }

    static Options parse(String[] args) {
        Path root = Path.of("").toAbsolutePath();
        Path suite = null;
        List<String> backends = Backend.names();
        Set<String> tags = Set.of();
        Set<String> skipTags = Set.of();
        List<String> paths = List.of();
        Duration timeout = Duration.ofSeconds(120);
        Path baseline = null;
        Path report = null;
        Path vulkanIcd = null;
        boolean newPasses = false;
        boolean update = false;
        boolean webgpuProcess = false;
        boolean verbose = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--new-passes" -> newPasses = true;
                case "--update-baseline" -> update = true;
                case "--webgpu-process" -> webgpuProcess = true;
                case "--verbose" -> verbose = true;
                case "--root", "--suite", "--backends", "--tags", "--skip-tags", "--paths", "--timeout", "--baseline", "--report",
                     "--vulkan-icd" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("missing value after " + a);
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--root" -> root = Path.of(v).toAbsolutePath();
                        case "--suite" -> suite = Path.of(v).toAbsolutePath();
                        case "--backends" -> {
                            backends = list(v);
                            for (String b : backends) {
                                if (!Backend.isName(b)) {
                                    throw new IllegalArgumentException("unknown backend '" + b + "' (one of " + Backend.names() + ")");
                                }
                            }
                        }
                        case "--tags" -> tags = new LinkedHashSet<>(list(v));
                        case "--skip-tags" -> skipTags = new LinkedHashSet<>(list(v));
                        case "--paths" -> paths = list(v);
                        case "--timeout" -> timeout = Duration.ofSeconds(Long.parseLong(v));
                        case "--baseline" -> baseline = Path.of(v).toAbsolutePath();
                        case "--vulkan-icd" -> vulkanIcd = Path.of(v).toAbsolutePath();
                        default -> report = Path.of(v).toAbsolutePath();
                    }
                }
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        if (suite == null) {
            suite = root.resolve("tests/conformance").normalize();
        }
        if (baseline == null) {
            baseline = root.resolve(BASELINE);
        }
        return new Options(root, suite, new ConformanceRunner.Selection(backends, tags, skipTags, paths), timeout,
                baseline, report, newPasses, update, webgpuProcess, verbose, vulkanIcd);
    }

    private static List<String> list(String v) {
        List<String> out = new ArrayList<>();
        for (String s : v.split(",")) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        return out;
    }
}
