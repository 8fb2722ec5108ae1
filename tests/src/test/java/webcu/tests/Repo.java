package webcu.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the integration tests find the repository, its dist/ and the conformance suite. */
final class Repo {
    private Repo() {
    }

    static Path root() {
        String root = System.getProperty("webcu.root");
        Path p = root != null ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
        return p.toAbsolutePath().normalize();
    }

    /** The built page; missing is a failure (the reactor builds it in app's package phase). */
    static Path dist() {
        Path dist = root().resolve("dist");
        if (!Files.isRegularFile(dist.resolve("index.html"))) {
            throw new AssertionError("no built page at " + dist + ": build it with mvn install (app packages dist/)");
        }
        return dist;
    }

    static Path suite() {
        Path suite = root().resolve("tests/conformance").normalize();
        if (!Files.isRegularFile(suite.resolve("manifest.tsv"))) {
            throw new AssertionError("the conformance suite is not at " + suite);
        }
        return suite;
    }
}
