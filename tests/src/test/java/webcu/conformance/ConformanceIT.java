package webcu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole conformance suite on both backends (and the errors/ cases through ./webcu check),
 * judged by the suite's rules; fails when a case of the checked-in baseline fails. The report
 * goes to the build log and to tests/target/conformance-report.txt.
 */
class ConformanceIT {
    @Test
    @Timeout(1800)
    void baselineCasesStillPass() {
        Path root = SuiteLocation.root();
        Path report = root.resolve("tests/target/conformance-report.txt");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ConformanceMain.run(new String[] {"--root", root.toString(), "--report", report.toString()},
                System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, "the conformance run failed; " + err.toString(StandardCharsets.UTF_8)
                + "the report is in " + report);
    }
}
