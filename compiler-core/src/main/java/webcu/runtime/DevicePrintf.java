package webcu.runtime;

/**
 * The printf formatter for device printf records that the WebGPU device reads back, so that both
 * backends print the same bytes as glibc: {@link Printf} with the record's arguments.
 */
public final class DevicePrintf {
    private DevicePrintf() {
    }

    /** The arguments of one record, in the two sequences the x86-64 varargs convention uses. */
    public interface Args {
        long nextInt();

        double nextDouble();

        /** The bytes (without NUL) of the string an integer argument names. */
        byte[] string(long handle);
    }

    /** Formats {@code format} with {@code args}; returns the text printf would print. */
    public static String format(byte[] format, Args args) {
        ByteOut out = new ByteOut();
        Printf.format(format, new Printf.Args() {
            @Override
            public long nextInt() {
                return args.nextInt();
            }

            @Override
            public double nextDouble() {
                return args.nextDouble();
            }

            @Override
            public byte[] string(long address, int max) {
                byte[] s = args.string(address);
                if (s == null) {
                    return null;
                }
                return s.length <= max ? s : java.util.Arrays.copyOf(s, max);
            }

            @Override
            public void storeCount(long address, long count, int length) {
                // %n has nowhere to store on the host: device memory is gone by the time the record is read
            }
        }, out);
        return out.text(0, out.size());
    }
}
