package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The launches panel's record: bounded rows, totals over every launch, times that arrive late. */
class LaunchLogTest {
    private static final int[] GRID = {4, 1, 1};
    private static final int[] BLOCK = {256, 1, 1};

    private static int count(String json, String what) {
        int n = 0;
        for (int i = json.indexOf(what); i >= 0; i = json.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aHundredThousandLaunchesKeepFewRowsButCountInTheirKernelsTotals() {
        LaunchLog log = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
        int timed = 0;
        for (int i = 0; i < 100_000; i++) {
            // RecordingDevice works out a row's shared size and coarsening only while this holds
            assertEquals(i < LaunchLog.ROWS, log.keepsNextRow(), "launch " + i);
            LaunchLog.Launch l = log.launch(i % 2 == 0 ? "step" : "swap", GRID, BLOCK, 0, 0, 1);
            // the rows' launches, then each kernel's launches 0, 128, 256 ... (its first 16 are among the rows)
            if (i < LaunchLog.ROWS || (i / 2) % LaunchLog.TIMED_EVERY == 0) {
                assertNotNull(l, "launch " + i + " should be timed");
                l.measured(i * 1000.0, 1000.0 * (1 + i % 7));
                timed++;
            } else {
                assertNull(l, "launch " + i + " is not sampled");
            }
        }
        // 500 rows, then per kernel the launches 256, 384, ... 49920 of 50000
        assertEquals(500 + 2 * 389, timed);
        String json = log.toJson();
        assertEquals(LaunchLog.ROWS, count(json, "\"grid\":"), "rows kept one by one");
        assertTrue(json.contains("\"launches\":100000,\"timed\":" + timed), json.substring(0, 80));
        assertTrue(json.contains("{\"kernel\":\"step\",\"count\":50000,\"timed\":" + timed / 2
                + ",\"totalMs\":"), json.substring(json.indexOf("\"kernels\"")));
        // times cycle 1..7 µs: the smallest, the largest and the middle one
        assertTrue(json.contains("\"minMs\":0.001,\"medianMs\":"), json.substring(json.indexOf("\"kernels\"")));
        assertTrue(json.contains("\"maxMs\":0.007}"), json.substring(json.indexOf("\"kernels\"")));
        assertEquals(0, log.pending());
        assertTrue(json.length() < 100_000, "the panel's data stays small: " + json.length());
    }

    @Test
    void aKernelFirstLaunchedAfterTheRowsIsTimedFromItsFirstLaunchesOn() {
        LaunchLog log = new LaunchLog("webgpu", LaunchLog.Clock.GPU);
        for (int i = 0; i < 1000; i++) {
            LaunchLog.Launch l = log.launch("a", GRID, BLOCK, 0, 0, 1);
            if (l != null) {
                l.measured(0, 1000);
            }
        }
        for (int i = 0; i < 300; i++) {
            LaunchLog.Launch l = log.launch("late", GRID, BLOCK, 0, 0, 1);
            assertEquals(i < LaunchLog.FIRST_TIMED || i % LaunchLog.TIMED_EVERY == 0, l != null, "launch " + i + " of late");
            if (l != null) {
                l.measured(0, 2000);
            }
        }
        String json = log.toJson();
        // a: 500 rows, then launches 512, 640, 768, 896; late: 0..15, 128, 256
        assertTrue(json.contains("\"launches\":1300,\"timed\":522"), json.substring(0, 80));
        assertTrue(json.contains("{\"kernel\":\"late\",\"count\":300,\"timed\":18,"), json.substring(json.indexOf("\"kernels\"")));
    }

    @Test
    void medianTotalMinAndMaxOfOneKernel() {
        LaunchLog log = new LaunchLog("webgpu", LaunchLog.Clock.GPU);
        double[] ms = {4, 1, 3, 2};
        for (double m : ms) {
            log.launch("k", GRID, BLOCK, 16, 32, 1).measured(0, m * 1e6);
        }
        String json = log.toJson();
        assertTrue(json.contains("{\"kernel\":\"k\",\"count\":4,\"timed\":4,\"totalMs\":10.0,\"minMs\":1.0,\"medianMs\":2.5,\"maxMs\":4.0}"), json);
        assertTrue(json.contains("\"clock\":\"gpu\""), json);
        assertTrue(json.contains("\"dynamicShared\":16,\"staticShared\":32,\"coarsening\":1"), json);
    }

    @Test
    void timesThatArriveLaterSettleTheLogAndStartFromTheFirstLaunch() {
        LaunchLog log = new LaunchLog("webgpu", LaunchLog.Clock.GPU);
        LaunchLog.Launch a = log.launch("a", GRID, BLOCK, 0, 0, 2);
        LaunchLog.Launch b = log.launch("b", new int[] {-1, 1, 1}, BLOCK, 0, 0, 1);
        List<String> settled = new ArrayList<>();
        log.whenSettled(() -> settled.add("settled"));
        assertEquals(2, log.pending());
        assertEquals(List.of(), settled);
        assertTrue(log.toJson().contains("\"startMs\":null,\"ms\":null"), "an unknown time is null, not 0");
        // the GPU's clock: large absolute ticks, shown relative to the first launch
        b.measured(5_000_000_000.0 + 3_000_000, 1_000_000);
        a.measured(5_000_000_000.0, 2_000_000);
        a.measured(0, 99);
        assertEquals(List.of("settled"), settled);
        String json = log.toJson();
        assertTrue(json.contains("\"coarsening\":2,\"startMs\":0.0,\"ms\":2.0"), json);
        assertTrue(json.contains("\"grid\":[4294967295,1,1]"), "grid sizes are unsigned: " + json);
        assertTrue(json.contains("\"startMs\":3.0,\"ms\":1.0"), json);
        assertTrue(json.contains("{\"kernel\":\"a\",\"count\":1,\"timed\":1,"), "a second report is ignored: " + json);
    }

    @Test
    void aLaunchThatDidNotRunSettlesTheLogWithoutATime() {
        LaunchLog log = new LaunchLog("webgpu", LaunchLog.Clock.GPU);
        LaunchLog.Launch a = log.launch("a", GRID, BLOCK, 0, 0, 1);
        List<String> settled = new ArrayList<>();
        log.whenSettled(() -> settled.add("settled"));
        a.notRun();
        a.measured(0, 5);
        assertEquals(List.of("settled"), settled);
        assertEquals(0, log.pending());
        assertTrue(log.toJson().contains("{\"kernel\":\"a\",\"count\":1,\"timed\":0,\"totalMs\":null,\"minMs\":null,\"medianMs\":null,\"maxMs\":null}"),
                log.toJson());
    }

    @Test
    void copiesAddUpPerDirection() {
        LaunchLog log = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
        log.copy(LaunchLog.Copy.H2D, 4000, 2_000_000);
        log.copy(LaunchLog.Copy.H2D, 96, 500_000);
        log.copy(LaunchLog.Copy.MEMSET, 64, 1000);
        String json = log.toJson();
        assertTrue(json.contains("{\"kind\":\"H2D\",\"count\":2,\"bytes\":4096,\"ms\":2.5}"), json);
        assertTrue(json.contains("{\"kind\":\"D2H\",\"count\":0,\"bytes\":0,\"ms\":null}"), json);
        assertTrue(json.contains("{\"kind\":\"MEMSET\",\"count\":1,\"bytes\":64,\"ms\":0.001}"), json);
        assertTrue(json.contains("\"rows\":[],\"kernels\":[]"), json);
    }

    @Test
    void kernelNamesAreQuoted() {
        LaunchLog log = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
        log.launch("add<\"x\\y\">", GRID, BLOCK, 0, 0, 1).measured(0, 1);
        assertTrue(log.toJson().contains("\"kernel\":\"add<\\\"x\\\\y\\\">\""), log.toJson());
    }
}
