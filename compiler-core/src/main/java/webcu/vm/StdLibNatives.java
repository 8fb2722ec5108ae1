package webcu.vm;

import webcu.ir.Function;

/**
 * What the C++ library headers (chrono, random) need from the host beyond the C library: the
 * clocks behind std::chrono's steady_clock and system_clock, and std::random_device's entropy.
 * Everything else in those headers is C++ text, so that sequences match libstdc++'s bit for bit.
 */
final class StdLibNatives implements NativeLibrary {
    private static final int CLOCK_NS = 0, RANDOM_DEVICE = 1;

    /** Entropy for random_device: nondeterministic, as on Linux; programs may print anything. */
    private final java.util.Random entropy = new java.util.Random(System.nanoTime() ^ System.currentTimeMillis());

    @Override
    public int lookup(Function f) {
        return switch (NativeLibrary.cName(f)) {
            case "__webcu_clock_ns" -> CLOCK_NS;
            case "__webcu_random_device" -> RANDOM_DEVICE;
            default -> -1;
        };
    }

    @Override
    public int call(int id, VmThread t) {
        switch (id) {
            // 0: steady (monotonic, arbitrary epoch), 1: system (nanoseconds since 1970)
            case CLOCK_NS -> t.returnI(t.argI(0) == 0 ? System.nanoTime() : System.currentTimeMillis() * 1_000_000L);
            default -> t.returnI(entropy.nextInt() & 0xFFFFFFFFL);
        }
        return CONTINUE;
    }
}
