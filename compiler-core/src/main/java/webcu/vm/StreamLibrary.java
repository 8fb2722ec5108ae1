package webcu.vm;

import java.nio.charset.StandardCharsets;
import webcu.ir.Function;
import webcu.runtime.ByteOut;
import webcu.runtime.Printf;

/**
 * The number formatting of the host's iostreams, as libstdc++'s num_put does it: integers by
 * base, showbase, showpos and uppercase (its _M_insert_int), floating point through the printf
 * conversion that libstdc++ builds from the stream's flags (its _S_format_float, precision 6 by
 * default, "%.*g"), and padding to the width with the fill character left, right or internal (its
 * __pad). The result goes straight to stdout or stderr, where printf writes too, so that the two
 * interleave as they do under libstdc++'s sync_with_stdio; for other streams it goes to a buffer
 * the header's code appends to the stream.
 */
public final class StreamLibrary implements NativeLibrary {
    private static final int PUT_INT = 0, PUT_FLOAT = 1;

    // std::ios_base::fmtflags, with libstdc++'s values (programs print flags() sometimes)
    static final int BOOLALPHA = 1, DEC = 2, FIXED = 4, HEX = 8, INTERNAL = 16, LEFT = 32, OCT = 64, RIGHT = 128,
            SCIENTIFIC = 256, SHOWBASE = 512, SHOWPOINT = 1024, SHOWPOS = 2048, UPPERCASE = 16384;

    private final Memory mem;
    private final StdStreams io;

    public StreamLibrary(Memory mem, StdStreams io) {
        this.mem = mem;
        this.io = io;
    }

    @Override
    public int lookup(Function f) {
        return switch (NativeLibrary.cName(f)) {
            case "__webcu_put_int" -> PUT_INT;
            case "__webcu_put_float" -> PUT_FLOAT;
            default -> -1;
        };
    }

    /**
     * long __webcu_put_int(int fd, char *buf, long cap, unsigned long long bits, int isSigned, int bytes, unsigned flags, long width, int fill);
     * long __webcu_put_float(int fd, char *buf, long cap, double v, unsigned flags, long precision, long width, int fill);
     * fd 1 or 2 writes the text there; fd 0 stores up to cap bytes at buf. Both return the text's length.
     */
    @Override
    public int call(int id, VmThread t) {
        int fd = (int) t.argI(0);
        byte[] text;
        if (id == PUT_INT) {
            text = formatInt(t.argI(3), t.argI(4) != 0, (int) t.argI(5), (int) t.argI(6), t.argI(7), (char) (t.argI(8) & 0xFF));
        } else {
            text = formatFloat(t.argF(3), (int) t.argI(4), t.argI(5), t.argI(6), (char) (t.argI(7) & 0xFF));
        }
        if (fd == 1 || fd == 2) {
            io.write(fd, text, 0, text.length);
        } else {
            long cap = t.argI(2);
            mem.writeBytes(t.argI(1), text, 0, (int) Math.min(text.length, cap));
        }
        t.returnI(text.length);
        return CONTINUE;
    }

    /** An integer of {@code bytes} bytes, as libstdc++'s operator<< prints it. */
    static byte[] formatInt(long bits, boolean signed, int bytes, int flags, long width, char fill) {
        int basefield = flags & (DEC | OCT | HEX);
        boolean dec = basefield != OCT && basefield != HEX;
        long mask = bytes >= 8 ? -1L : (1L << (8 * bytes)) - 1;
        String s;
        if (dec) {
            long v = signed ? bits << (64 - 8 * bytes) >> (64 - 8 * bytes) : bits & mask;
            if (signed) {
                s = v < 0 ? "-" + Long.toUnsignedString(-v) : ((flags & SHOWPOS) != 0 ? "+" : "") + v;
            } else {
                s = Long.toUnsignedString(v);
            }
        } else {
            long u = bits & mask;
            boolean upper = (flags & UPPERCASE) != 0;
            if (basefield == OCT) {
                s = ((flags & SHOWBASE) != 0 && u != 0 ? "0" : "") + Long.toOctalString(u);
            } else {
                String digits = Long.toHexString(u);
                s = ((flags & SHOWBASE) != 0 && u != 0 ? (upper ? "0X" : "0x") : "") + (upper ? digits.toUpperCase() : digits);
            }
        }
        return pad(s, flags, width, fill);
    }

    /** A double, through the printf conversion libstdc++ builds from the flags. */
    static byte[] formatFloat(double v, int flags, long precision, long width, char fill) {
        StringBuilder f = new StringBuilder("%");
        if ((flags & SHOWPOS) != 0) {
            f.append('+');
        }
        if ((flags & SHOWPOINT) != 0) {
            f.append('#');
        }
        int floatfield = flags & (FIXED | SCIENTIFIC);
        boolean upper = (flags & UPPERCASE) != 0;
        if (floatfield != (FIXED | SCIENTIFIC)) {
            f.append('.').append(precision < 0 ? 6 : Math.min(precision, 1 << 20));
        }
        f.append(floatfield == FIXED ? 'f' : floatfield == SCIENTIFIC ? (upper ? 'E' : 'e')
                : floatfield == (FIXED | SCIENTIFIC) ? (upper ? 'A' : 'a') : (upper ? 'G' : 'g'));
        ByteOut out = new ByteOut();
        Printf.format(f.toString().getBytes(StandardCharsets.US_ASCII), new OneDouble(v), out);
        return pad(out.text(0, out.size()), flags, width, fill);
    }

    /** libstdc++'s __pad: left adjusts after, internal after a sign or 0x, anything else before. */
    static byte[] pad(String s, int flags, long width, char fill) {
        if (width <= s.length()) {
            return s.getBytes(StandardCharsets.ISO_8859_1);
        }
        String padding = String.valueOf(fill).repeat((int) Math.min(width - s.length(), 1 << 24));
        int adjust = flags & (LEFT | RIGHT | INTERNAL);
        String r;
        if (adjust == LEFT) {
            r = s + padding;
        } else if (adjust == INTERNAL) {
            int k = !s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1
                    : s.length() > 1 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X') ? 2 : 0;
            r = s.substring(0, k) + padding + s.substring(k);
        } else {
            r = padding + s;
        }
        return r.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The one argument of a float conversion. */
    private record OneDouble(double v) implements Printf.Args {
        @Override
        public long nextInt() {
            return 0;
        }

        @Override
        public double nextDouble() {
            return v;
        }

        @Override
        public byte[] string(long address, int max) {
            return new byte[0];
        }

        @Override
        public void storeCount(long address, long count, int length) {
        }
    }
}
