package webcu.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code ./webcu COMMAND... FLAGS FILES [-- ARGS]} as a process in the program's folder, with
 * its standard input from the case's file (or empty) and stdout and stderr captured apart.
 */
public final class ProcessExecutor implements Executor {
    private final Path root;
    private final List<String> command;
    private final Map<String, String> environment;

    /** {@code command} follows the launcher, e.g. {@code run --backend cpu} or {@code check}. */
    public ProcessExecutor(Path root, List<String> command) {
        this(root, command, Map.of());
    }

    /** With these environment variables set for the launcher (the Vulkan driver's VK_ICD_FILENAMES). */
    public ProcessExecutor(Path root, List<String> command, Map<String, String> environment) {
        this.root = root;
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
    }

    /** The environment variables it sets for the launcher. */
    public Map<String, String> environment() {
        return environment;
    }

    @Override
    public Outcome execute(Invocation program, Duration timeout) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(root.toAbsolutePath().resolve("webcu").toString());
        cmd.addAll(command);
        cmd.addAll(program.flags());
        program.sources().forEach(s -> cmd.add(s.toString()));
        if (!program.args().isEmpty()) {
            if (!command.contains("run")) {
                throw new IllegalArgumentException("program arguments need the run command, not " + command);
            }
            cmd.add("--");
            cmd.addAll(program.args());
        }
        java.io.File input = program.stdin() == null ? new java.io.File("/dev/null") : program.stdin().toFile();
        Path out = Files.createTempFile("webcu-conformance-", ".out");
        Path err = Files.createTempFile("webcu-conformance-", ".err");
        long start = System.nanoTime();
        try {
            ProcessBuilder builder = new ProcessBuilder(cmd);
            builder.environment().putAll(environment);
            Process p = builder
                    .directory(program.workdir().toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(input))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            boolean finished;
            try {
                finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finished = false;
            }
            if (!finished) {
                // The launcher execs java, but a build it started may have children of its own.
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                try {
                    p.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            // As the reference driver decodes: UTF-8, malformed bytes replaced.
            String stdout = new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
            String stderr = new String(Files.readAllBytes(err), StandardCharsets.UTF_8);
            if (!finished) {
                return new Outcome(Outcome.TIMED_OUT, stdout, stderr + "timeout after " + timeout.toSeconds() + "s", true, millis);
            }
            return new Outcome(p.exitValue(), stdout, stderr, false, millis);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
