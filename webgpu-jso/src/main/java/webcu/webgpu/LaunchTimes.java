package webcu.webgpu;

import java.util.ArrayList;
import java.util.List;
import org.teavm.jso.JSObject;
import org.teavm.jso.typedarrays.Int32Array;
import webcu.runtime.TimedDevice.KernelTime;
import webcu.webgpu.WebGpuDevice.LaunchTimer;

/** How long a {@link WebGpuDevice}'s launches ran: GPU timestamps where the adapter has them, else wall-clock time. */
final class LaunchTimes {
    private final WebGpuDevice owner;
    private final GPUDevice device;
    private final GPUQueue queue;
    private final List<KernelTime> kernelTimes = new ArrayList<>();
    /** Without timestamps: when the queue last finished a timed launch (System.nanoTime), so the next one's time starts there. */
    private long lastTimedDone;

    LaunchTimes(WebGpuDevice owner, GPUDevice device) {
        this.owner = owner;
        this.device = device;
        this.queue = device.getQueue();
    }

    /** The timed launches so far, in launch order. */
    List<KernelTime> kernelTimes() {
        return List.copyOf(kernelTimes);
    }

    /** The descriptor of the next launch's compute pass: with timestamp writes in the next slot when {@code timed}. */
    JSObject passDescriptor(boolean timed) {
        if (!timed) {
            return WebGpu.computePassDescriptor(null, 0, 0);
        }
        if (timeBatch == null) {
            timeBatch = new TimeBatch();
        }
        int slot = timeBatch.slots();
        return WebGpu.computePassDescriptor(timeBatch.queries, 2 * slot, 2 * slot + 1);
    }

    /** The launch whose pass {@link #passDescriptor} described was submitted: its time goes to the list when {@code keep}, and to {@code timer}. */
    void submitted(String kernel, boolean keep, LaunchTimer timer) {
        timeBatch.add(kernel, keep, timer);
        if (timeBatch.slots() == TimeBatch.LAUNCHES) {
            read();
        }
    }

    /**
     * The timestamps of the timed launches since the last read-back: one query set for up to
     * {@link TimeBatch#LAUNCHES} launches, resolved and read back together when the host waits for the GPU
     * or the set is full. A query set and a read-back per launch cost more than the launch itself
     * (about 100 µs each on SwiftShader and on an H100).
     */
    private final class TimeBatch {
        static final int LAUNCHES = 256;
        final GPUQuerySet queries = spareQueries != null ? takeQueries()
                : device.createQuerySet(WebGpu.querySetDescriptor("timestamp", 2 * LAUNCHES));
        final List<String> kernels = new ArrayList<>();
        final List<Integer> kept = new ArrayList<>();
        final List<LaunchTimer> timers = new ArrayList<>();

        int slots() {
            return kernels.size();
        }

        /** The launch in the next slot: its time goes to {@link #kernelTimes()} when {@code keep}, and to {@code timer}. */
        void add(String kernel, boolean keep, LaunchTimer timer) {
            kernels.add(kernel);
            kept.add(keep ? kernelTimes.size() : -1);
            if (keep) {
                kernelTimes.add(new KernelTime(kernel, Double.NaN));
            }
            timers.add(timer);
        }
    }

    private TimeBatch timeBatch;
    /**
     * A query set and the resolve and read-back buffers of a finished read, for the next: with
     * launches timed by sampling, most synchronizations read a few times back, and creating these
     * cost more than reading them (~0.1 ms each on an H200). Null when none is spare.
     */
    private GPUQuerySet spareQueries;
    private GPUBuffer spareResolved;
    private GPUBuffer spareTimes;
    private boolean released;
    private static final double READ_BYTES = 16.0 * TimeBatch.LAUNCHES;

    private GPUQuerySet takeQueries() {
        GPUQuerySet q = spareQueries;
        spareQueries = null;
        return q;
    }

    /** Keeps what a finished read used for the next one, unless one is kept already or the run ended. */
    private void spare(GPUQuerySet queries, GPUBuffer resolved, GPUBuffer times) {
        if (!released && spareQueries == null) {
            spareQueries = queries;
        } else {
            queries.destroy();
        }
        if (!released && spareResolved == null) {
            spareResolved = resolved;
            spareTimes = times;
        } else {
            resolved.destroy();
            times.destroy();
        }
    }

    /** The run ended: what is kept for reuse goes. */
    void release() {
        released = true;
        if (spareQueries != null) {
            spareQueries.destroy();
            spareQueries = null;
        }
        if (spareResolved != null) {
            spareResolved.destroy();
            spareTimes.destroy();
            spareResolved = null;
            spareTimes = null;
        }
    }

    /** Reads the current batch's timestamps back; the times arrive before the next synchronization completes. */
    void read() {
        TimeBatch b = timeBatch;
        timeBatch = null;
        if (b == null) {
            return;
        }
        int n = b.slots();
        if (n == 0) {
            if (!released && spareQueries == null) {
                spareQueries = b.queries;
            } else {
                b.queries.destroy();
            }
            return;
        }
        // the buffers hold a full batch's times, so that any later read may take them
        double bytes = 16.0 * n;
        GPUBuffer resolved = spareResolved != null ? spareResolved
                : owner.raw(READ_BYTES, WebGpu.BUFFER_QUERY_RESOLVE | WebGpu.BUFFER_COPY_SRC, "webcu timestamps");
        GPUBuffer times = spareTimes != null ? spareTimes
                : owner.raw(READ_BYTES, WebGpu.BUFFER_MAP_READ | WebGpu.BUFFER_COPY_DST, "webcu timestamps read");
        spareResolved = null;
        spareTimes = null;
        GPUCommandEncoder e = device.createCommandEncoder();
        e.resolveQuerySet(b.queries, 0, 2 * n, resolved, 0);
        e.copyBufferToBuffer(resolved, 0, times, 0, bytes);
        owner.submit(e);
        owner.checkStarted();
        times.mapAsync(WebGpu.MAP_READ, 0, bytes).then(x -> {
            Int32Array words = new Int32Array(times.getMappedRange(0, bytes));
            for (int i = 0; i < n; i++) {
                long begin = (words.get(4 * i) & 0xFFFFFFFFL) | (long) words.get(4 * i + 1) << 32;
                long end = (words.get(4 * i + 2) & 0xFFFFFFFFL) | (long) words.get(4 * i + 3) << 32;
                double ns = end >= begin ? (double) (end - begin) : 0;
                if (b.kept.get(i) >= 0) {
                    kernelTimes.set(b.kept.get(i), new KernelTime(b.kernels.get(i), ns));
                }
                if (b.timers.get(i) != null) {
                    b.timers.get(i).measured((double) begin, ns);
                }
            }
            times.unmap();
            spare(b.queries, resolved, times);
            owner.checkDone();
            return null;
        }, reason -> {
            times.destroy();
            resolved.destroy();
            b.queries.destroy();
            for (LaunchTimer t : b.timers) {
                if (t != null) {
                    t.notRun();
                }
            }
            owner.checkDone();
            return null;
        });
    }

    /** Times a launch without timestamp queries: from its submission (or the last timed launch's end) until the queue is done. */
    void wallTime(LaunchTimer timer) {
        long issued = System.nanoTime();
        owner.checkStarted();
        queue.onSubmittedWorkDone().then(x -> {
            long done = System.nanoTime();
            long begin = Math.max(issued, lastTimedDone);
            lastTimedDone = done;
            timer.measured((double) begin, (double) Math.max(0, done - begin));
            owner.checkDone();
            return null;
        }, reason -> {
            timer.notRun();
            owner.checkDone();
            return null;
        });
    }
}
