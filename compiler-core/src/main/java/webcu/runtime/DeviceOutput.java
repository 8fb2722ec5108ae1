package webcu.runtime;

import java.util.List;
import webcu.diag.Span;
import webcu.passes.DebugBuffer;

/**
 * Turns the words read back from the debug buffer into what the program prints and the fault it
 * reports, in plain Java (so JVM tests can check it): printf records are formatted with the VM's
 * printf in record order, each failed assertion becomes CUDA's message on stderr, and the first
 * fault becomes the sticky error text the runtime turns into an error code. The records follow the
 * tables of the program whose kernels wrote them (a {@code WgslProgram} or a {@code SpirvProgram}:
 * both write the same records), so every device that runs compiled kernels decodes them here.
 */
public final class DeviceOutput {
    /** What a read-back produced: stdout text, stderr text, and the fault (null when none). */
    public record Result(String stdout, String stderr, String fault) {
    }

    /** The debug buffer's size in bytes: each device binds one of these for every kernel. */
    public static final int BUFFER_BYTES = DebugBuffer.WORDS * 4;
    /** The byte offset of the launch-wide watchdog tick count, which the host zeroes before a launch that counts ticks. */
    public static final int WATCHDOG_TICKS_BYTE = DebugBuffer.WATCHDOG_TICKS * 4;
    /** The byte offset of the fault word: not 0 once a kernel recorded a fault. */
    public static final int FAULTS_BYTE = DebugBuffer.FAULTS * 4;
    /** The byte offset of the printf cursor (words of records so far). */
    public static final int CURSOR_BYTE = DebugBuffer.CURSOR * 4;

    private DeviceOutput() {
    }

    /**
     * The words to read back and decode for a printf cursor of {@code cursor} (the word at
     * {@link #CURSOR_BYTE}): the header and the records, never past the buffer's end.
     */
    public static int end(int cursor) {
        return DebugBuffer.PRINTF_BASE + Math.max(0, Math.min(cursor, DebugBuffer.WORDS - DebugBuffer.PRINTF_BASE));
    }

    /** Decodes {@code w} (the buffer's words up to {@code end}) against the program's tables. */
    public static Result decode(DebugBuffer.Tables program, int[] w, int end) {
        return decode(program, w, end, kernel -> Double.NaN);
    }

    /**
     * Decodes {@code w}; {@code seconds} gives how long a kernel (by name) had run when the
     * read-back came, for a watchdog's report (NaN: unknown).
     */
    public static Result decode(DebugBuffer.Tables program, int[] w, int end,
                                java.util.function.ToDoubleFunction<String> seconds) {
        DebugBuffer table = program.debug();
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        int pos = DebugBuffer.PRINTF_BASE;
        while (pos + 2 <= end) {
            int id = w[pos] - 1;
            int len = w[pos + 1];
            if (id < 0 || id >= table.formats().size() || len < 2 || pos + len > end) {
                break;
            }
            out.append(format(table, table.formats().get(id), w, pos + 2));
            pos += len;
        }
        if (w[DebugBuffer.OVERFLOW] != 0) {
            err.append("webcu: warning: ").append(Integer.toUnsignedString(w[DebugBuffer.OVERFLOW]))
                    .append(" device printf calls were lost: the printf buffer (")
                    .append((DebugBuffer.WORDS - DebugBuffer.PRINTF_BASE) * 4 / 1024).append(" KiB) was full\n");
        }
        String fault = null;
        if (w[DebugBuffer.FAULTS] != 0) {
            int kind = w[DebugBuffer.FAULT_KIND];
            int site = w[DebugBuffer.FAULT_SITE];
            switch (kind) {
                case DebugBuffer.ASSERT -> {
                    int n = Math.min(w[DebugBuffer.ASSERTS], DebugBuffer.ASSERT_RECORDS);
                    for (int i = 0; i < n; i++) {
                        int at = DebugBuffer.ASSERT_BASE + i * DebugBuffer.ASSERT_RECORD_WORDS;
                        err.append(assertMessage(table, w, at)).append('\n');
                    }
                    fault = CudaError.faultText(CudaError.ASSERT, "device-side assert triggered");
                }
                case DebugBuffer.TRAP -> fault = CudaError.faultText(CudaError.LAUNCH_FAILURE, "__trap() was called in block "
                        + ids(w, DebugBuffer.FAULT_IDS, 0) + ", thread " + ids(w, DebugBuffer.FAULT_IDS, 3));
                case DebugBuffer.OOB_READ, DebugBuffer.OOB_WRITE -> fault = CudaError.faultText(CudaError.ILLEGAL_ADDRESS,
                        "out-of-bounds " + (kind == DebugBuffer.OOB_READ ? "read" : "write") + where(program, site));
                case DebugBuffer.WATCHDOG -> fault = CudaError.faultText(CudaError.LAUNCH_TIMEOUT,
                        watchdogMessage(program, site, seconds));
                // what the device cannot run, in the words of its other limits ("not supported on Vulkan yet: … (this device allows …)")
                case DebugBuffer.LOOP_LIMIT -> fault = CudaError.faultText(CudaError.LAUNCH_TIMEOUT,
                        "not supported on Vulkan yet: more loop iterations than the driver runs (lavapipe: 65,535 per thread,"
                        + " all loops together); it ended the loop" + where(program, site) + " before the loop finished");
                case DebugBuffer.MISALIGNED -> fault = CudaError.faultText(CudaError.MISALIGNED_ADDRESS,
                        "misaligned access" + where(program, site));
                default -> fault = CudaError.faultText(CudaError.LAUNCH_FAILURE, "a kernel faulted");
            }
        }
        return new Result(out.toString(), err.toString(), fault);
    }

    /**
     * "kernel K stopped after N s: it did not finish (an endless loop?) in the loop at FILE:LINE:COL":
     * the words issue 12 asked for, with the loop whose budget ran out.
     */
    static String watchdogMessage(DebugBuffer.Tables program, int site, java.util.function.ToDoubleFunction<String> seconds) {
        List<DebugBuffer.LoopSite> loops = program.debug().loops();
        DebugBuffer.LoopSite loop = site >= 0 && site < loops.size() ? loops.get(site) : null;
        String kernel = loop != null ? loop.kernel() : "?";
        double s = loop != null ? seconds.applyAsDouble(kernel) : Double.NaN;
        StringBuilder sb = new StringBuilder("kernel ").append(kernel).append(" stopped");
        if (!Double.isNaN(s)) {
            long tenths = Math.round(Math.max(0, s) * 10);
            sb.append(" after ").append(tenths / 10).append('.').append(tenths % 10).append(" s");
        }
        sb.append(": it did not finish (an endless loop?)");
        if (loop != null && loop.span().isKnown()) {
            sb.append(" in the loop at ").append(loop.span());
        }
        return sb.toString();
    }

    private static String where(DebugBuffer.Tables program, int site) {
        List<DebugBuffer.CheckSite> sites = program.checkSites();
        if (site < 0 || site >= sites.size()) {
            return "";
        }
        Span s = sites.get(site).span();
        return s.isKnown() ? " at " + s : "";
    }

    private static String ids(int[] w, int at, int from) {
        return "[" + Integer.toUnsignedString(w[at + from]) + "," + Integer.toUnsignedString(w[at + from + 1]) + ","
                + Integer.toUnsignedString(w[at + from + 2]) + "]";
    }

    /** "file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr` failed." */
    private static String assertMessage(DebugBuffer table, int[] w, int at) {
        int site = w[at];
        DebugBuffer.AssertSite a = site >= 0 && site < table.asserts().size() ? table.asserts().get(site)
                : new DebugBuffer.AssertSite("?", 0, "?", "?");
        return a.file() + ":" + a.line() + ": " + a.function() + ": block: " + ids(w, at, 1) + ", thread: " + ids(w, at, 4)
                + " Assertion `" + a.expression() + "` failed.";
    }

    /** One printf record's text: its arguments read from the words after its header. */
    private static String format(DebugBuffer table, DebugBuffer.Format f, int[] w, int start) {
        int n = f.args().size();
        long[] ints = new long[n];
        double[] doubles = new double[n];
        byte[][] strings = new byte[n + 1][];
        int ni = 0;
        int nd = 0;
        int pos = start;
        for (DebugBuffer.Arg a : f.args()) {
            switch (a) {
                case I32 -> ints[ni++] = w[pos++];
                case U32 -> ints[ni++] = w[pos++] & 0xFFFFFFFFL;
                case I64, U64 -> {
                    ints[ni++] = (w[pos] & 0xFFFFFFFFL) | (long) w[pos + 1] << 32;
                    pos += 2;
                }
                case F64 -> {
                    doubles[nd++] = Double.longBitsToDouble((w[pos] & 0xFFFFFFFFL) | (long) w[pos + 1] << 32);
                    pos += 2;
                }
                case LITERAL -> {
                    int id = w[pos++];
                    strings[ni] = id >= 0 && id < table.strings().size() ? table.strings().get(id) : new byte[0];
                    ints[ni] = ni + 1;
                    ni++;
                }
                case STRING -> {
                    int len = 0;
                    while (len < DebugBuffer.STRING_WORDS && w[pos + len] != 0) {
                        len++;
                    }
                    byte[] s = new byte[len];
                    for (int i = 0; i < len; i++) {
                        s[i] = (byte) w[pos + i];
                    }
                    strings[ni] = s;
                    ints[ni] = ni + 1;
                    ni++;
                    pos += DebugBuffer.STRING_WORDS;
                }
            }
        }
        int[] next = {0, 0};
        int intCount = ni;
        int doubleCount = nd;
        return DevicePrintf.format(f.text(), new DevicePrintf.Args() {
            @Override
            public long nextInt() {
                return next[0] < intCount ? ints[next[0]++] : 0;
            }

            @Override
            public double nextDouble() {
                return next[1] < doubleCount ? doubles[next[1]++] : 0;
            }

            @Override
            public byte[] string(long handle) {
                int i = (int) handle - 1;
                return i >= 0 && i < strings.length && strings[i] != null ? strings[i] : new byte[0];
            }
        });
    }
}
