package webcu.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.cli.Fuzz;

/**
 * 10,000 mutated programs from the conformance suite through the whole front end: none may
 * crash it, hang it (5 s per input) or be rejected without a diagnostic. The seed is fixed so a
 * finding reproduces; {@code webcu.cli.Fuzz} runs the same for as long as asked with any seed.
 */
class FuzzTest {
    @Test
    void tenThousandMutations() throws Exception {
        Path suite = Path.of("../tests/conformance");
        assertTrue(Files.isDirectory(suite), "the conformance suite must be at " + suite.toAbsolutePath());
        List<Fuzz.Source> corpus = Fuzz.corpus(suite);
        assertTrue(corpus.size() > 100, "corpus too small: " + corpus.size());
        Fuzz.Report r = new Fuzz(corpus, 20261122L, 5000).run(10_000, Long.MAX_VALUE);
        System.out.println("fuzz: " + r.inputs() + " inputs, " + r.accepted() + " accepted, " + r.rejected() + " rejected, "
                + r.findings().size() + " findings");
        assertEquals(10_000, r.inputs());
        assertEquals(List.of(), r.findings().stream().map(f -> f.length() > 2000 ? f.substring(0, 2000) : f).toList());
    }
}
