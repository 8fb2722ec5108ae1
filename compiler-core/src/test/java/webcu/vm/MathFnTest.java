package webcu.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The exact fused multiply-adds behind contracted device code and fmaf/fma. */
class MathFnTest {
    /** Random doubles over a wide exponent range, with cancellation: the fast path equals BigDecimal's exact one. */
    @Test
    void FmaDouble_MatchesExact() {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 200_000; i++) {
            double a = Double.longBitsToDouble(r.nextLong() & 0x800fffffffffffffL | (long) (1023 + r.nextInt(-450, 450)) << 52);
            double b = Double.longBitsToDouble(r.nextLong() & 0x800fffffffffffffL | (long) (1023 + r.nextInt(-450, 450)) << 52);
            double c = switch (i % 4) {
                case 0 -> -(a * b);
                case 1 -> Math.nextUp(-(a * b));
                default -> Double.longBitsToDouble(r.nextLong() & 0x800fffffffffffffL | (long) (1023 + r.nextInt(-900, 900)) << 52);
            };
            assertEquals(Double.doubleToRawLongBits(MathFn.fmaDoubleExact(a, b, c)), Double.doubleToRawLongBits(MathFn.fmaDouble(a, b, c)),
                    () -> a + " * " + b + " + " + c);
        }
    }

    /** Special operands and a product that underflows next to a zero addend keep IEEE's signs. */
    @Test
    void FmaDouble_Specials() {
        assertEquals(-0.0, MathFn.fmaDouble(-1e-300, 1e-300, 0.0));
        assertEquals(0.0, MathFn.fmaDouble(2.0, 3.0, -6.0));
        assertEquals(Double.NEGATIVE_INFINITY, MathFn.fmaDouble(1e300, 1e300, Double.NEGATIVE_INFINITY));
        assertEquals(Double.NaN, MathFn.fmaDouble(Double.POSITIVE_INFINITY, 0.0, 1.0));
        // (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104: rounded once it survives, rounded twice it is 0
        assertEquals(Math.scalb(1.0, -104), MathFn.fmaDouble(1 + Math.ulp(1.0), 1 + Math.ulp(1.0), -(1 + 2 * Math.ulp(1.0))));
    }

    /** fmaf on floats rounds once, to float: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46. */
    @Test
    void FmaSingle_RoundsOnce() {
        float x = 1 + Math.ulp(1.0f);
        assertEquals(Math.scalb(1.0f, -46), (float) MathFn.apply(MathFn.FMA | MathFn.SINGLE, x, x, -(1 + 2 * Math.ulp(1.0f))));
    }
}
