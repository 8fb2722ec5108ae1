package webcu.spirv;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Khronos' SPIRV-Tools (Debian's spirv-tools, which {@code ./webcu test} installs) as the judge of
 * what webcu.spirv writes and prints: spirv-as, spirv-dis and spirv-val run as processes.
 */
final class SpirvTools {
    private SpirvTools() {
    }

    /** The exit status and the output (stdout then stderr) of one tool run. */
    record Result(int status, String output) {
    }

    static Result run(String... command) {
        String tool = "/usr/bin/" + command[0];
        assertTrue(Files.isExecutable(Path.of(tool)), tool + " is missing: install Debian's spirv-tools (./webcu test does)");
        List<String> cmd = new ArrayList<>(List.of(command));
        cmd.set(0, tool);
        try {
            Path err = Files.createTempFile("spirv-tool", ".err");
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(String.join(" ", command) + " did not finish in 60 s");
            }
            String errText = Files.readString(err);
            Files.delete(err);
            return new Result(p.exitValue(), out + errText);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code words} to a temporary .spv file. */
    static Path write(int[] words) throws IOException {
        Path f = Files.createTempFile("webcu", ".spv");
        byte[] b = new byte[words.length * 4];
        for (int i = 0; i < words.length; i++) {
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (words[i] >>> (8 * k));
            }
        }
        Files.write(f, b);
        return f;
    }
}
