package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The gallery (programs/gallery, the page's Examples menu) is whole: gallery.tsv lists every
 * example of the folder once, each is a conformance case with a row in manifest.tsv, an expected
 * output, and a place in the ratchet for both the CPU emulator and WebGPU, since the page offers
 * every example on both.
 */
class GallerySuiteTest {
    @Test
    void everyExampleIsACaseThatMustKeepPassingOnBothBackends() throws IOException {
        Path suite = SuiteLocation.suite();
        Path gallery = suite.resolve("programs/gallery");
        Set<String> manifest = new HashSet<>();
        for (Manifest.Row r : Manifest.read(suite)) {
            manifest.add(r.path());
        }
        Set<String> baseline = new HashSet<>(Files.readAllLines(SuiteLocation.root().resolve("tests/conformance-baseline.txt"), StandardCharsets.UTF_8));

        List<String> listed = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String line : Files.readAllLines(gallery.resolve("gallery.tsv"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            if (cols.length != 3 || cols[1].isBlank() || cols[2].isBlank()) {
                problems.add("gallery.tsv: not name, title and sentence: " + line);
                continue;
            }
            String path = "programs/gallery/" + cols[0] + ".cu";
            listed.add(cols[0] + ".cu");
            if (!Files.isRegularFile(suite.resolve(path))) {
                problems.add(path + ": no such file");
            }
            if (!Files.isRegularFile(suite.resolve("programs/gallery/" + cols[0] + ".expected"))) {
                problems.add(path + ": no .expected");
            }
            if (!manifest.contains(path)) {
                problems.add(path + ": no row in manifest.tsv");
            }
            for (String backend : List.of("cpu", "webgpu")) {
                if (!baseline.contains(backend + " " + path)) {
                    problems.add(path + ": not in the baseline for " + backend);
                }
            }
        }
        try (Stream<Path> files = Files.list(gallery)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".cu")).sorted().toList()) {
                if (!listed.contains(f.getFileName().toString())) {
                    problems.add(f.getFileName() + " is not in gallery.tsv");
                }
            }
        }
        assertEquals(new HashSet<>(listed).size(), listed.size(), "an example is listed twice: " + listed);
        assertTrue(listed.size() >= 15, "the gallery has " + listed.size() + " examples");
        assertEquals(List.of(), problems);
    }
}
