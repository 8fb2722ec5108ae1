package webcu.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.chrome.ChromeDriver;

/** axe-core (npm, app/web/node_modules: a dev dependency, never shipped) run on the page a test shows. */
final class Axe {
    private static String script;

    private Axe() {
    }

    private static synchronized String script() {
        if (script == null) {
            try {
                script = Files.readString(Repo.root().resolve("app/web/node_modules/axe-core/axe.min.js"), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("axe-core is missing: run npm ci in app/web", e);
            }
        }
        return script;
    }

    /** axe-core's serious and critical violations on the page as it is now, one line each, prefixed with {@code where}. */
    static List<String> problems(ChromeDriver driver, String where) {
        driver.executeScript(script());
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        Object r = driver.executeAsyncScript("""
                var done = arguments[arguments.length - 1];
                axe.run(document, { resultTypes: ['violations'] }).then(function (res) {
                  done(res.violations.filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })
                    .map(function (v) {
                      return v.id + ' (' + v.impact + '): ' + v.help + ' at '
                        + v.nodes.slice(0, 3).map(function (n) { return n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' '); }).join('; ');
                    }));
                }, function (e) { done(['axe failed: ' + e.message]); });
                """);
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) r) {
            out.add(where + ": " + o);
        }
        return out;
    }
}
