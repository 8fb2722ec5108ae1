package webcu.app;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run did on its device, for the page's launches panel: each kernel launch (name, grid,
 * block, shared bytes, time) and the copies per direction. Bounded whatever the program does: the
 * first {@link #ROWS} launches are kept one by one, every launch counts in its kernel's totals,
 * and each kernel keeps at most {@link #SAMPLES} times for its median. Timed are the launches with
 * rows, each kernel's first {@link #FIRST_TIMED}, and after those one in {@link #TIMED_EVERY} of
 * each kernel: a timed WebGPU launch gets a compute pass of its own with timestamp writes, which
 * cost 3-5 times an untimed launch's host work, so timing the first 4096 launches (as before)
 * doubled the time of a loop of small launches while the panel needs only samples.
 *
 * <p>Times come in later than the launch on WebGPU (when the timestamps are read back), so a
 * launch is a handle that the device calls once it knows.
 */
final class LaunchLog {
    /** Launches kept one by one (the table and the timeline). */
    static final int ROWS = 500;
    /** Launches of each kernel timed after the rows: the first ones, then one in {@link #TIMED_EVERY}. */
    static final int FIRST_TIMED = 16;
    static final int TIMED_EVERY = 128;
    /** Times kept per kernel for its median. */
    static final int SAMPLES = 4096;

    /** Where the times come from, as the panel labels them. */
    enum Clock {
        /** GPU timestamps (WebGPU with timestamp-query). */
        GPU("gpu"),
        /** WebGPU without timestamp queries: wall-clock time until the queue finished each launch. */
        WALL("wall"),
        /** The CPU emulator: wall-clock time of the interpreted kernel. */
        EMULATOR("emulator");

        final String json;

        Clock(String json) {
            this.json = json;
        }
    }

    /** Copy directions, as the panel names them. */
    enum Copy {
        H2D, D2H, D2D, MEMSET
    }

    /** One launch; {@link #measured} fills its time in, at most once. */
    final class Launch {
        private final KernelStats stats;
        private final Row row;
        private boolean done;

        private Launch(KernelStats stats, Row row) {
            this.stats = stats;
            this.row = row;
        }

        /** {@code beginNs} on the clock of the launch's timer (only differences count); {@code ns} its duration. */
        void measured(double beginNs, double ns) {
            if (done) {
                return;
            }
            stats.add(ns);
            if (row != null) {
                row.begin = beginNs;
                row.ns = ns;
            }
            finished();
        }

        /** The launch did not run (the device had failed, or its grid was empty): it stays without a time. */
        void notRun() {
            if (!done) {
                finished();
            }
        }

        private void finished() {
            done = true;
            pending--;
            if (pending == 0 && settled != null) {
                Runnable r = settled;
                settled = null;
                r.run();
            }
        }
    }

    private static final class Row {
        final String kernel;
        final int[] grid;
        final int[] block;
        final long dynamicShared;
        final long staticShared;
        final int coarsening;
        double begin = Double.NaN;
        double ns = Double.NaN;

        Row(String kernel, int[] grid, int[] block, long dynamicShared, long staticShared, int coarsening) {
            this.kernel = kernel;
            this.grid = grid;
            this.block = block;
            this.dynamicShared = dynamicShared;
            this.staticShared = staticShared;
            this.coarsening = coarsening;
        }
    }

    private static final class KernelStats {
        /** Launches: a double, exact to 2^53, as longs are BigInts in the page's JavaScript build. */
        double count;
        /** {@link #count} as an int that wraps past FIRST_TIMED, for the sampling. */
        int launched;
        long timed;
        double total;
        double min = Double.POSITIVE_INFINITY;
        double max;
        double[] samples = new double[16];
        int sampled;

        void add(double ns) {
            timed++;
            total += ns;
            min = Math.min(min, ns);
            max = Math.max(max, ns);
            if (sampled < SAMPLES) {
                if (sampled == samples.length) {
                    samples = Arrays.copyOf(samples, Math.min(SAMPLES, samples.length * 2));
                }
                samples[sampled++] = ns;
            }
        }

        double median() {
            if (sampled == 0) {
                return Double.NaN;
            }
            double[] s = Arrays.copyOf(samples, sampled);
            Arrays.sort(s);
            return sampled % 2 == 1 ? s[sampled / 2] : (s[sampled / 2 - 1] + s[sampled / 2]) / 2;
        }
    }

    private final String backend;
    private final Clock clock;
    private final List<Row> rows = new ArrayList<>();
    private final Map<String, KernelStats> kernels = new LinkedHashMap<>();
    private final long[] copyCount = new long[Copy.values().length];
    private final long[] copyBytes = new long[Copy.values().length];
    private final double[] copyNs = new double[Copy.values().length];
    /** Every launch, a double as {@link KernelStats#count} is. */
    private double launches;
    private long timed;
    private int pending;
    /** The kernel launched last and its totals: a loop of launches of one kernel does no map lookup. */
    private String lastKernel;
    private KernelStats lastStats;
    private Runnable settled;

    LaunchLog(String backend, Clock clock) {
        this.backend = backend;
        this.clock = clock;
    }

    Clock clock() {
        return clock;
    }

    /** Whether the next launch gets a row of its own (the first {@link #ROWS} do): its shape is shown. */
    boolean keepsNextRow() {
        return rows.size() < ROWS;
    }

    /**
     * Records a launch; returns its handle when it is timed (see the class comment), else null.
     * {@code coarsening}: CUDA threads per invocation on WebGPU (1 elsewhere).
     */
    Launch launch(String kernel, int[] grid, int[] block, long dynamicShared, long staticShared, int coarsening) {
        launches++;
        KernelStats stats = kernel.equals(lastKernel) ? lastStats : kernels.get(kernel);
        if (stats == null) {
            stats = new KernelStats();
            kernels.put(kernel, stats);
        }
        lastKernel = kernel;
        lastStats = stats;
        // an int count of the kernel's launches (longs are BigInts in the page's JavaScript build)
        int nth = stats.launched++;
        stats.count++;
        Row row = null;
        if (rows.size() < ROWS) {
            row = new Row(kernel, grid.clone(), block.clone(), dynamicShared, staticShared, coarsening);
            rows.add(row);
        } else if (nth >= FIRST_TIMED && (nth & (TIMED_EVERY - 1)) != 0) {
            if (nth == Integer.MAX_VALUE) {
                stats.launched = FIRST_TIMED;
            }
            return null;
        }
        timed++;
        pending++;
        return new Launch(stats, row);
    }

    void copy(Copy kind, long bytes, double ns) {
        copyCount[kind.ordinal()]++;
        copyBytes[kind.ordinal()] += bytes;
        copyNs[kind.ordinal()] += ns;
    }

    /** Launches whose time has not arrived yet. */
    int pending() {
        return pending;
    }

    /** Runs {@code r} once no time is pending: now, or when the last one arrives. */
    void whenSettled(Runnable r) {
        if (pending == 0) {
            r.run();
        } else {
            settled = r;
        }
    }

    /**
     * The panel's data: {@code {backend, clock, launches (all), timed, rows: [{kernel, grid, block,
     * dynamicShared, staticShared, coarsening, startMs, ms}], kernels: [{kernel, count, timed,
     * totalMs, minMs, medianMs, maxMs}], copies: [{kind, count, bytes, ms}]}}; times are null
     * where unknown, {@code startMs} counts from the first timed launch's start.
     */
    String toJson() {
        double origin = Double.POSITIVE_INFINITY;
        for (Row r : rows) {
            if (!Double.isNaN(r.begin)) {
                origin = Math.min(origin, r.begin);
            }
        }
        StringBuilder sb = new StringBuilder("{\"backend\":");
        Progress.quote(backend, sb);
        sb.append(",\"clock\":\"").append(clock.json).append("\",\"launches\":").append((long) launches)
                .append(",\"timed\":").append(timed).append(",\"rows\":[");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            sb.append(i == 0 ? "{" : ",{").append("\"kernel\":");
            Progress.quote(r.kernel, sb);
            sb.append(",\"grid\":").append(dims(r.grid)).append(",\"block\":").append(dims(r.block))
                    .append(",\"dynamicShared\":").append(r.dynamicShared).append(",\"staticShared\":").append(r.staticShared)
                    .append(",\"coarsening\":").append(r.coarsening)
                    .append(",\"startMs\":").append(ms(Double.isNaN(r.begin) ? Double.NaN : r.begin - origin))
                    .append(",\"ms\":").append(ms(r.ns)).append('}');
        }
        sb.append("],\"kernels\":[");
        boolean first = true;
        for (Map.Entry<String, KernelStats> e : kernels.entrySet()) {
            KernelStats k = e.getValue();
            sb.append(first ? "{" : ",{").append("\"kernel\":");
            first = false;
            Progress.quote(e.getKey(), sb);
            boolean any = k.timed > 0;
            sb.append(",\"count\":").append((long) k.count).append(",\"timed\":").append(k.timed)
                    .append(",\"totalMs\":").append(ms(any ? k.total : Double.NaN))
                    .append(",\"minMs\":").append(ms(any ? k.min : Double.NaN))
                    .append(",\"medianMs\":").append(ms(k.median()))
                    .append(",\"maxMs\":").append(ms(any ? k.max : Double.NaN)).append('}');
        }
        sb.append("],\"copies\":[");
        for (Copy c : Copy.values()) {
            int i = c.ordinal();
            sb.append(i == 0 ? "{" : ",{").append("\"kind\":\"").append(c.name()).append("\",\"count\":").append(copyCount[i])
                    .append(",\"bytes\":").append(copyBytes[i]).append(",\"ms\":").append(ms(copyCount[i] > 0 ? copyNs[i] : Double.NaN))
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    private static String dims(int[] d) {
        return "[" + (d[0] & 0xFFFFFFFFL) + "," + (d[1] & 0xFFFFFFFFL) + "," + (d[2] & 0xFFFFFFFFL) + "]";
    }

    /** Nanoseconds as milliseconds with microsecond precision, or null. */
    private static String ms(double ns) {
        if (Double.isNaN(ns) || Double.isInfinite(ns)) {
            return "null";
        }
        return Double.toString(Math.round(ns / 1e3) / 1e3);
    }
}
