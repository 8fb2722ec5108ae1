package webcu.vm;

/**
 * Rounding to float where the VM keeps floats in double registers. Java's {@code (float)} cast
 * does it on the JVM and in TeaVM's wasm-gc build, but TeaVM's JavaScript build drops the cast (a
 * float expression stays a JS double): there only a store into a {@code float[]} (a Float32Array)
 * rounds, so the fallback page would compute {@code 0.2f * x} in double precision.
 */
final class F32 {
    private F32() {}

    /** Whether this build ignores {@code (float)} casts; the probe is not a constant javac could fold. */
    private static final boolean CASTS_IGNORED;
    /** JavaScript runs one thread: one cell serves every VM. */
    private static final float[] CELL = new float[1];

    static {
        double tenth = Double.parseDouble("0.1");
        CASTS_IGNORED = (double) (float) tenth == tenth;
    }

    /** {@code x} rounded to the nearest float, as a double. */
    static double round(double x) {
        if (!CASTS_IGNORED) {
            return (float) x;
        }
        CELL[0] = (float) x;
        return CELL[0];
    }
}
