package webcu.conformance;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the tests find the repository and the conformance suite (tests/conformance in the repository). */
final class SuiteLocation {
    private SuiteLocation() {
    }

    static Path root() {
        String root = System.getProperty("webcu.root");
        Path p = root != null ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
        return p.toAbsolutePath().normalize();
    }

    /** The suite; a missing one fails the test rather than skipping it. */
    static Path suite() {
        Path suite = root().resolve("tests/conformance").normalize();
        if (!Files.isRegularFile(suite.resolve("manifest.tsv"))) {
            throw new AssertionError("the conformance suite is not at " + suite);
        }
        return suite;
    }
}
