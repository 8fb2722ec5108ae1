package webcu.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The page's modules that need no browser — the share-link codec and the embed's message schema
 * (app/web/src/share.js, protocol.js) — under node's test runner (app/web/test); EmbedIT runs the
 * same code in Chromium.
 */
class WebScriptsTest {
    @Test
    void shareLinksAndTheMessageSchemaPassTheirNodeTests() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("node", "--test", "app/web/test/")
                .directory(Repo.root().toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node did not finish");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("# fail 0") && !out.contains("# pass 0"), out);
    }
}
