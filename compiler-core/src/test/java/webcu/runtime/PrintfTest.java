package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * printf formatting against glibc 2.36: every expected string below was printed by a C program
 * compiled with gcc on x86-64 Linux from the same format and arguments.
 */
class PrintfTest {
    /** Arguments as a native call passes them: integers and doubles in two sequences; strings by address. */
    private static final class Args implements Printf.Args {
        final List<Long> ints = new ArrayList<>();
        final List<Double> doubles = new ArrayList<>();
        final HashMap<Long, String> strings = new HashMap<>();
        int nextInt;
        int nextDouble;

        Args(Object... values) {
            long addr = 0x1000;
            for (Object v : values) {
                if (v instanceof String s) {
                    strings.put(addr, s);
                    ints.add(addr);
                    addr += 0x100;
                } else if (v instanceof Double d) {
                    doubles.add(d);
                } else if (v instanceof Float f) {
                    doubles.add((double) f);
                } else {
                    ints.add(((Number) v).longValue());
                }
            }
        }

        @Override
        public long nextInt() {
            return nextInt < ints.size() ? ints.get(nextInt++) : 0;
        }

        @Override
        public double nextDouble() {
            return nextDouble < doubles.size() ? doubles.get(nextDouble++) : 0;
        }

        @Override
        public byte[] string(long address, int max) {
            byte[] b = strings.get(address).getBytes(StandardCharsets.UTF_8);
            return java.util.Arrays.copyOf(b, Math.min(max, b.length));
        }

        @Override
        public void storeCount(long address, long count, int length) {
            ints.add(count);
        }
    }

    private static String f(String format, Object... args) {
        ByteOut out = new ByteOut();
        Printf.format(format.getBytes(StandardCharsets.UTF_8), new Args(args), out);
        return out.text(0, out.size());
    }

    @Test
    void examplesFromTheBrief() {
        assertEquals("3.63514e+08", f("%g", 363513831.75));
        assertEquals("363513831.75", f("%.2f", 363513831.75));
        assertEquals("1.2e+04", f("%5.1e", 12345.678));
        assertEquals("ff      |", f("%-8x|", 255));
        assertEquals("+5", f("%+d", 5));
        assertEquals("010", f("%#o", 8));
        assertEquals("-9223372036854775808", f("%lld", Long.MIN_VALUE));
    }

    @Test
    void padding_stringsAndCharsUseSpacesEvenWithZeroFlag() {
        assertEquals("[   ab][x    |][    y][%][00042][42   ]",
                f("[%05s][%-5c|][%05c][%5%][%05d][%-05d]", "ab", (long) 'x', (long) 'y', 42, 42));
    }

    @Test
    void hexFloats() {
        assertEquals("[0x1p+0][0x1.8p+1][0x1.999999999999ap-4][0x2.0p+0][0x2p+0][-0X1.4P+1][0x0.0000000000001p-1022]",
                f("[%a][%a][%a][%.1a][%.0a][%A][%a]", 1.0, 3.0, 0.1, 1.96875, 1.5, -2.5, 4.9406564584124654e-324));
        assertEquals("[0x1.5555555555555p-2][0x1.555p-2][0x1.5555555555555p-2][0x1.55555555555550p-2]",
                f("[%a][%.3a][%.13a][%.14a]", 1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3));
        assertEquals("[0x1p-1022][0x0.5p-1022]", f("[%a][%.1a]", 2.2250738585072014e-308, 2.2250738585072014e-308 / 3));
    }

    @Test
    void infinitiesAndNans() {
        assertEquals("[inf][-inf][nan][-NAN][INF][NAN]", f("[%f][%e][%g][%F][%E][%G]",
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
                Double.longBitsToDouble(0xFFF8000000000000L), Double.POSITIVE_INFINITY, Double.NaN));
        assertEquals("[       inf][nan       |][         x]",
                f("[%010f][%-10e|][%010s]", Double.POSITIVE_INFINITY, Double.NaN, "x"));
    }

    @Test
    void flagsOnFloats() {
        assertEquals("[-02.5][+0.000e+00][ 1e-05][1.00000][2.][0][0XFF][0]",
                f("[%05.1f][%+.3e][% g][%#g][%#.0f][%#x][%#X][%#o]", -2.5, 0.0, 1e-5, 1.0, 2.0, 0, 255, 0));
        assertEquals("[000003.142][3.142     |][-000001.50][ 000002.25]",
                f("[%010.3f][%-10.3f|][%+010.2f][% 010.2f]", 3.14159, 3.14159, -1.5, 2.25));
    }

    @Test
    void rounding_isHalfEvenOnTheExactBinaryValue() {
        assertEquals("[0][2][2][0.12][0.1]", f("[%.0f][%.0f][%.0f][%.2f][%.1f]", 0.5, 1.5, 2.5, 0.125, 0.05));
        assertEquals("[0.3333333333][0.10000000000000001][100][100.][-0]",
                f("[%.10g][%.17g][%.3g][%#.3g][%g]", 1.0 / 3, 0.1, 100.0, 100.0, -0.0));
        assertEquals("[1.000000e-310][1e+04][1.e+04][1.000000e+00]",
                f("[%e][%.0e][%#.0e][%e]", 1e-310, 12345.0, 12345.0, 1.0));
    }

    @Test
    void generalFormat_switchesBetweenFixedAndExponent() {
        assertEquals("[100000][1e+06][0.0001][1e-05][1.23457e+08][1e+100][0]",
                f("[%g][%g][%g][%g][%g][%g][%g]", 100000.0, 1000000.0, 0.0001, 0.00001, 123456789.0, 1e100, 0.0));
    }

    @Test
    void pointersAndStrings() {
        assertEquals("[(nil)][0x1234][     (nil)][0x10      |]", f("[%p][%p][%10p][%-10p|]", 0, 0x1234, 0, 0x10));
        assertEquals("[abc][        xy][(null)]", f("[%.3s][%10.2s][%s]", "abcdef", "xyz", 0));
        assertEquals("[][(null)]", f("[%.5s][%.6s]", 0, 0));
    }

    @Test
    void lengthModifiers() {
        assertEquals("[44][4464][44][4464][18446744073709551615][-5]",
                f("[%hhd][%hd][%hhu][%hu][%zu][%ld]", 300, 70000, 300, 70000, -1L, -5L));
        assertEquals("[ffffffff][ABCDEF][37777777777]", f("[%x][%X][%o]", -1, 0xabcdef, -1));
        assertEquals("[18446744073709551615][ffffffffffffffff][-3][-4]", f("[%lu][%llx][%jd][%td]", -1L, -1L, -3L, -4L));
    }

    @Test
    void integerPrecision() {
        assertEquals("[][][     ][007][    -007][+]", f("[%.0d][%.0x][%5.0d][%.3d][%08.3d][%+.0d]", 0, 0, 0, 7, -7, 0));
        assertEquals("  005|005  |  005", f("%5.3d|%-5.3d|%05.3d", 5, 5, 5));
    }

    @Test
    void starWidthAndPrecision() {
        assertEquals("[3.14][    42][42    ]", f("[%.*f][%*d][%-*d]", 2, 3.14159, 6, 42, -6, 42));
    }

    @Test
    void unknownConversions_arePrintedLiterally() {
        assertEquals("[%y][%5k]", f("[%y][%5k]"));
        assertEquals("[1234567][ 5]", f("[%'d][%I d]", 1234567, 5));
        assertEquals("100%", f("100%"));
    }

    @Test
    void mismatchedArguments_takeTheNextOfTheirClass() {
        // x86-64 passes doubles in vector registers: printf("%f %d", 1, 2.0) prints "2.000000 1".
        assertEquals("2.000000 1", f("%f %d", 1, 2.0));
    }

    @Test
    void largeAndTinyFixed() {
        assertEquals("1000000000000000019884624838656.000000", f("%f", 1e30));
        assertEquals("0.000000", f("%f", 1e-30));
        assertEquals("9.99995e-41", f("%g", (double) 1e-40f));
    }
}
