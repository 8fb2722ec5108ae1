package webcu.vm;

import webcu.ir.Type;

/**
 * Value kinds of scalar C types as the VM normalizes them: which integer width and sign a register
 * holds, or which float precision. Used where an instruction produces a value of a type it does
 * not otherwise know (float-to-int conversions, results of native functions).
 */
final class Ext {
    private Ext() {
    }

    static final int NONE = 0, S8 = 1, U8 = 2, S16 = 3, U16 = 4, S32 = 5, U32 = 6, S64 = 7, U64 = 8, BOOL = 9,
            F32 = 10, F64 = 11;

    /** The kind of a scalar type; pointers are unsigned 64-bit, void and aggregates NONE. */
    static int of(Type t) {
        return switch (t) {
            case Type.Int i -> switch (i.bits()) {
                case 8 -> i.signed() ? S8 : U8;
                case 16 -> i.signed() ? S16 : U16;
                case 32 -> i.signed() ? S32 : U32;
                default -> i.signed() ? S64 : U64;
            };
            case Type.Bool b -> BOOL;
            case Type.Ptr p -> U64;
            case Type.Float f -> f.bits() == 32 ? F32 : F64;
            default -> NONE;
        };
    }

    static boolean isFloat(int kind) {
        return kind == F32 || kind == F64;
    }

    /** Normalizes an integer value to the kind (bools become 0 or 1). */
    static long normalize(int kind, long v) {
        return switch (kind) {
            case S8 -> (byte) v;
            case U8 -> v & 0xFFL;
            case S16 -> (short) v;
            case U16 -> v & 0xFFFFL;
            case S32 -> (int) v;
            case U32 -> v & 0xFFFFFFFFL;
            case BOOL -> v != 0 ? 1 : 0;
            default -> v;
        };
    }

    /**
     * Converts a float or double to an integer kind as PTX's {@code cvt.rzi} does: truncation toward
     * zero, saturation to the type's range, NaN to 0. C leaves out-of-range conversions undefined; the
     * GPU's answer is the one a CUDA program can observe, so the VM gives it on the host too.
     */
    static long fromDouble(int kind, double d) {
        if (d != d) {
            return 0;
        }
        return switch (kind) {
            case S8 -> (long) Math.max(-128.0, Math.min(127.0, d));
            case U8 -> (long) Math.max(0.0, Math.min(255.0, d));
            case S16 -> (long) Math.max(-32768.0, Math.min(32767.0, d));
            case U16 -> (long) Math.max(0.0, Math.min(65535.0, d));
            case S32 -> (int) d;
            case U32 -> (long) Math.max(0.0, Math.min(4294967295.0, d));
            case U64 -> {
                if (d <= 0) {
                    yield 0;
                }
                if (d >= 18446744073709551616.0) {
                    yield -1L;
                }
                if (d >= 9223372036854775808.0) {
                    yield (long) (d - 9223372036854775808.0) + Long.MIN_VALUE;
                }
                yield (long) d;
            }
            case BOOL -> d != 0 ? 1 : 0;
            default -> (long) d;
        };
    }

    /** The value of an unsigned 64-bit integer as the nearest double. */
    static double unsignedToDouble(long v) {
        if (v >= 0) {
            return (double) v;
        }
        // Halve with the lost bit kept sticky, so that the one rounding step stays correct.
        return (double) ((v >>> 1) | (v & 1)) * 2.0;
    }

    /** The value of an unsigned 64-bit integer as the nearest float. */
    static float unsignedToFloat(long v) {
        if (v >= 0) {
            return (float) v;
        }
        return (float) ((v >>> 1) | (v & 1)) * 2.0f;
    }
}
