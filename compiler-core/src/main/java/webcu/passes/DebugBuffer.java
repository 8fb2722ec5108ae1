package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Global;
import webcu.ir.Module;
import webcu.ir.Type;

/**
 * The device's debug buffer, shared by {@link Printf}, {@link Abort} and the bounds checks of
 * {@link CheckedAccesses}, and what the host needs to read it back: the printf formats and strings, and the
 * assertion and fault sites. The buffer is an array of u32 words, zeroed before a program's first
 * launch and after each read-back:
 *
 * <pre>
 * word 0       faults so far (the first faulting thread writes words 1..8)
 * word 1       fault kind ({@link #ASSERT}, {@link #OOB_READ} …)
 * word 2       fault site (an assertion or a check site)
 * words 3..8   blockIdx x, y, z and threadIdx x, y, z of the first fault
 * word 9       printf records dropped because the buffer was full
 * word 10      failed assertions so far (each of the first {@link #ASSERT_RECORDS} writes a record)
 * word 11      the launch's watchdog ticks: every {@link Watchdog#CHUNK} budget units an
 *              invocation spends in loops add one ({@link Watchdog}); the host zeroes it before each launch
 * word 14      unused (was the one spin lock of 64-bit atomics)
 * word 15      printf cursor: words of records so far
 * words 16..   assertion records, {@link #ASSERT_RECORD_WORDS} words each: site, block x y z, thread x y z
 * words 256..511  the spin locks of 64-bit atomics, one per stripe of addresses ({@link #LOCKS})
 * words PRINTF_BASE..  printf records: format id + 1, record length in words, the arguments
 * </pre>
 *
 * <p>Printf arguments take one word (32-bit integers, a string literal's id), two (64-bit integers
 * and doubles, low word first) or {@link #STRING_WORDS} for a string read from device memory, one
 * byte per word, NUL-terminated.
 */
public final class DebugBuffer {
    /** The IR name of the buffer; the WGSL writer declares it at {@code @group(1) @binding(0)}. */
    public static final String NAME = "__webcu_debug";
    public static final int WORDS = 1 << 18;
    public static final int FAULTS = 0;
    public static final int FAULT_KIND = 1;
    public static final int FAULT_SITE = 2;
    public static final int FAULT_IDS = 3;
    public static final int OVERFLOW = 9;
    public static final int ASSERTS = 10;
    public static final int WATCHDOG_TICKS = 11;
    /**
     * The first of {@link #LOCK_COUNT} spin locks of the 64-bit atomics WGSL has no instruction for
     * (see {@link Atomics}): an address takes the lock of its stripe, so that atomics on different
     * variables seldom wait for each other.
     */
    public static final int LOCKS = 256;
    public static final int LOCK_COUNT = 256;
    public static final int CURSOR = 15;
    public static final int ASSERT_BASE = 16;
    public static final int ASSERT_RECORD_WORDS = 7;
    public static final int ASSERT_RECORDS = 32;
    public static final int PRINTF_BASE = 512;
    public static final int STRING_WORDS = 128;

    public static final int ASSERT = 1;
    public static final int OOB_READ = 2;
    public static final int OOB_WRITE = 3;
    public static final int MISALIGNED = 4;
    public static final int TRAP = 5;
    /** A loop ran out of its iteration budget ({@link Watchdog}); the site is a {@link LoopSite}. */
    public static final int WATCHDOG = 6;

    /** How a printf argument is recorded. */
    public enum Arg { I32, U32, I64, U64, F64, LITERAL, STRING }

    /** A printf call's format: its bytes (without the NUL) and its arguments' kinds. */
    public record Format(byte[] text, List<Arg> args) {
        public Format {
            args = List.copyOf(args);
        }
    }

    /** An assert's text: the file, line and function {@code __assert_fail} names, and the expression. */
    public record AssertSite(String file, long line, String function, String expression) {
    }

    /** A loop the watchdog guards: its kernel (CUDA name) and where the loop is in the source. */
    /**
     * A memory access a kernel checks: an out-of-bounds or misaligned one records its index (in the
     * program's list of them) and its kind ({@link #OOB_READ}, {@link #OOB_WRITE},
     * {@link #MISALIGNED}) in the fault words.
     */
    public record CheckSite(Span span, int kind) {
    }

    /**
     * What a program's debug buffer records refer to: its printf formats, assertion and loop sites
     * (the table), and its checked accesses by index. Both device code writers' programs are one,
     * so that one decoder reads the records of either.
     */
    public interface Tables {
        DebugBuffer debug();

        List<CheckSite> checkSites();
    }

    public record LoopSite(String kernel, Span span) {
    }

    private final List<Format> formats = new ArrayList<>();
    private final List<LoopSite> loops = new ArrayList<>();
    private final List<byte[]> strings = new ArrayList<>();
    private final List<AssertSite> asserts = new ArrayList<>();
    private final List<CheckSite> checks = new ArrayList<>();

    public DebugBuffer() {
    }

    /** The buffer's global in {@code m}, created on first use. */
    static Global global(Module m) {
        for (Global g : m.globals()) {
            if (g.name().equals(NAME)) {
                return g;
            }
        }
        return m.add(new Global(NAME, new Type.Array(Type.U32, WORDS), AddressSpace.DEVICE, null, false, false, Span.NONE));
    }

    /** Whether {@code g} is the debug buffer. */
    public static boolean is(Global g) {
        return g.name().equals(NAME) && g.space() == AddressSpace.DEVICE;
    }

    int addFormat(Format f) {
        formats.add(f);
        return formats.size() - 1;
    }

    int addString(byte[] s) {
        strings.add(s);
        return strings.size() - 1;
    }

    int addAssert(AssertSite a) {
        asserts.add(a);
        return asserts.size() - 1;
    }

    int addLoop(LoopSite l) {
        loops.add(l);
        return loops.size() - 1;
    }

    int addCheck(CheckSite c) {
        checks.add(c);
        return checks.size() - 1;
    }

    /** The checked accesses a fault names by index ({@link CheckedAccesses}'s sites). */
    public List<CheckSite> checks() {
        return checks;
    }

    /** The loops a watchdog fault names by index. */
    public List<LoopSite> loops() {
        return loops;
    }

    public List<Format> formats() {
        return formats;
    }

    /** The string literals printf records name by id. */
    public List<byte[]> strings() {
        return strings;
    }

    public List<AssertSite> asserts() {
        return asserts;
    }
}
