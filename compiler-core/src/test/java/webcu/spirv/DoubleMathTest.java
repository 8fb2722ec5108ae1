package webcu.spirv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The accuracy contract of {@link DoubleMath}: its algorithms, evaluated in Java doubles with a
 * fused fma (what the SPIR-V they become computes on an IEEE device), against {@link StrictMath}
 * (fdlibm, under 1 ulp) on random and special arguments.
 */
class DoubleMathTest {
    /** The Java evaluator: doubles and booleans, Math.fma. */
    static final class JavaOps implements DoubleMath.Ops<Double, Boolean> {
        /** Whether fma is fused: the algorithms must be as accurate either way (lavapipe's is not). */
        final boolean fused;

        JavaOps(boolean fused) {
            this.fused = fused;
        }

        public Double c(double v) { return v; }
        public Double add(Double a, Double b) { return a + b; }
        public Double sub(Double a, Double b) { return a - b; }
        public Double mul(Double a, Double b) { return a * b; }
        public Double div(Double a, Double b) { return a / b; }
        public Double fma(Double a, Double b, Double c) { return fused ? Math.fma(a, b, c) : a * b + c; }
        public Double neg(Double a) { return -a; }
        public Double abs(Double a) { return Math.abs(a); }
        public Double sqrt(Double a) { return Math.sqrt(a); }
        public Double rint(Double a) { return Math.rint(a); }
        public Double floor(Double a) { return Math.floor(a); }
        public Double select(Boolean c, Double a, Double b) { return c ? a : b; }
        public Boolean lt(Double a, Double b) { return a < b; }
        public Boolean gt(Double a, Double b) { return a > b; }
        public Boolean eq(Double a, Double b) { return a.doubleValue() == b.doubleValue(); }
        public Boolean isNan(Double a) { return a.isNaN(); }
        public Boolean signBit(Double a) { return Double.doubleToRawLongBits(a) < 0; }
        public Boolean and(Boolean a, Boolean b) { return a && b; }
        public Boolean or(Boolean a, Boolean b) { return a || b; }
        public Boolean not(Boolean a) { return !a; }
        public Double scalb(Double x, Double k) {
            int ki = (int) k.doubleValue();
            int k1 = ki >> 1;
            return x * Math.scalb(1.0, k1) * Math.scalb(1.0, ki - k1);
        }
        public Double exponent(Double x) { return (double) Math.getExponent(x); }
        public Double significand(Double x) {
            return Double.longBitsToDouble(Double.doubleToRawLongBits(x) & 0x000fffffffffffffL | 0x3ff0000000000000L);
        }
        public Double copySign(Double mag, Double sign) { return Math.copySign(mag, sign); }
        public Boolean odd(Double s) { return (Double.doubleToRawLongBits(s) & 1) != 0; }
        public Double step(Double s, Boolean away) {
            return Double.longBitsToDouble(Double.doubleToRawLongBits(s) + (away ? 1 : -1));
        }
    }

    /** {@code f} by the algorithm with an unfused fma (lavapipe's), checked within 4 ulp of the fused one's. */
    static double eval(String f, double... args) {
        List<Double> list = new java.util.ArrayList<>();
        for (double a : args) {
            list.add(a);
        }
        double fused = DoubleMath.call(new JavaOps(true), f, list);
        double unfused = DoubleMath.call(new JavaOps(false), f, list);
        assertTrue(ulps(fused, unfused) <= 4, f + list + ": " + fused + " fused, " + unfused + " unfused");
        return unfused;
    }

    /** fmaf on a device with doubles: the exact double product, summed to odd, rounded to float: Math.fma's float result. */
    @Test
    void floatFma_bySumToOdd_roundsOnce() {
        Random rnd = new Random(11);
        JavaOps o = new JavaOps(false);
        for (int i = 0; i < 300000; i++) {
            float a = (float) ((rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(60) - 30));
            float b = (float) ((rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(60) - 30));
            float c = i % 2 == 0 ? (float) (-(double) a * b * (1 + rnd.nextGaussian() * 1e-6))
                    : (float) ((rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(80) - 40));
            float got = (float) (double) DoubleMath.sumToOdd(o, (double) a * b, (double) c);
            assertEquals(Math.fma(a, b, c), got, a + " * " + b + " + " + c);
        }
    }

    /** The emulated fma rounds once, as Math.fma does, in its range; near 1ulp outside it. */
    @Test
    void fmaExact_equalsFusedMultiplyAdd() {
        Random rnd = new Random(7);
        JavaOps o = new JavaOps(false);
        for (int i = 0; i < 200000; i++) {
            double a = (rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(80) - 40);
            double b = (rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(80) - 40);
            double c = i % 3 == 0 ? -a * b * (1 + rnd.nextGaussian() * 1e-12) : (rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(100) - 50);
            assertEquals(Math.fma(a, b, c), DoubleMath.fmaExact(o, a, b, c), a + " * " + b + " + " + c);
        }
        assertEquals(Math.fma(1.0 / 3, 3.0, -1.0), DoubleMath.fmaExact(o, 1.0 / 3, 3.0, -1.0));
        for (double s : new double[] {Double.NaN, Double.POSITIVE_INFINITY, 0.0, -0.0, 1e300, 1e-300}) {
            assertEquals(Math.fma(s, 2.0, 1.0), DoubleMath.fmaExact(o, s, 2.0, 1.0), "fma(" + s + ", 2, 1)");
            assertEquals(Math.fma(2.0, 3.0, s), DoubleMath.fmaExact(o, 2.0, 3.0, s), "fma(2, 3, " + s + ")");
        }
    }

    /** Distance in ulps of {@code got} from {@code want}; 0 for equal specials and NaN/NaN, huge for a special mismatch. */
    static double ulps(double got, double want) {
        if (Double.isNaN(want) || Double.isNaN(got)) {
            return Double.isNaN(want) && Double.isNaN(got) ? 0 : 1e300;
        }
        if (Double.isInfinite(want) || Double.isInfinite(got) || want == 0 || got == 0) {
            if (got == want && Math.copySign(1, got) == Math.copySign(1, want)) {
                return 0;
            }
            return want == 0 || got == 0 ? Math.abs(got - want) / Double.MIN_VALUE : 1e300;
        }
        return Math.abs(got - want) / Math.ulp(want);
    }

    private static double worst1(String f, DoubleUnaryOperator ref, double lo, double hi, int n, Random rnd) {
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double x = lo + (hi - lo) * rnd.nextDouble();
            double e = ulps(eval(f, x), ref.applyAsDouble(x));
            assertTrue(e < 1e6, f + "(" + x + ") = " + eval(f, x) + ", want " + ref.applyAsDouble(x));
            worst = Math.max(worst, e);
        }
        return worst;
    }

    private static void check1(String f, DoubleUnaryOperator ref, double bound, double[][] ranges, double... specials) {
        Random rnd = new Random(f.hashCode());
        double worst = 0;
        for (double[] r : ranges) {
            worst = Math.max(worst, worst1(f, ref, r[0], r[1], 20000, rnd));
        }
        for (double s : specials) {
            double got = eval(f, s);
            double want = ref.applyAsDouble(s);
            assertTrue(ulps(got, want) <= bound, f + "(" + s + ") = " + got + ", want " + want);
        }
        // fdlibm itself is within 1 ulp, so 'bound' against it is within bound + 1 of the exact value
        assertTrue(worst <= bound, f + ": " + worst + " ulp from StrictMath");
    }

    private static final double[] SPECIALS = {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 1, -1,
        0.5, 2, 1e-310, -1e-310, Double.MIN_VALUE, Double.MAX_VALUE, 1e-20, -1e-20};

    @Test
    void exponentials() {
        double[][] r = {{-745, 709.7}, {-1, 1}, {-1e-5, 1e-5}};
        check1("exp", StrictMath::exp, 1, r, SPECIALS);
        check1("exp2", x -> StrictMath.pow(2, x), 1, new double[][] {{-1074, 1023.9}, {-1, 1}}, SPECIALS);
        check1("exp10", x -> StrictMath.pow(10, x), 1, new double[][] {{-307, 308}, {-1, 1}}, SPECIALS);
        check1("expm1", StrictMath::expm1, 2, new double[][] {{-40, 709.7}, {-1, 1}, {-1e-5, 1e-5}}, SPECIALS);
        assertEquals(8.0, eval("exp2", 3));
        assertEquals(1000.0, eval("exp10", 3));
    }

    @Test
    void logarithms() {
        double[][] r = {{0, 1e-300}, {0, 2}, {0.5, 1.5}, {0, 1e300}, {0.99, 1.01}};
        check1("log", StrictMath::log, 1, r, SPECIALS);
        check1("log2", x -> x == 0 || Double.isNaN(x) || Double.isInfinite(x) || x < 0 ? StrictMath.log(x)
                : Math.getExponent(x) > -1023 && x == Math.scalb(1.0, Math.getExponent(x)) ? Math.getExponent(x)
                : StrictMath.log(x) / StrictMath.log(2), 2, r, SPECIALS);
        check1("log10", StrictMath::log10, 2, r, SPECIALS);
        check1("log1p", StrictMath::log1p, 1, new double[][] {{-1, 1}, {-1e-5, 1e-5}, {0, 1e300}}, SPECIALS);
        assertEquals(-1074.0, eval("log2", Double.MIN_VALUE));
        assertEquals(10.0, eval("log2", 1024));
    }

    @Test
    void trigonometric() {
        // the contract's range for sin, cos and tan: |x| < 2^20·π/2 (no Payne–Hanek reduction)
        double[][] r = {{-10, 10}, {-1e-3, 1e-3}, {-1.6e6, 1.6e6}};
        double[] specials = java.util.Arrays.stream(SPECIALS).filter(x -> Math.abs(x) < 1e300 || Double.isInfinite(x)).toArray();
        check1("sin", StrictMath::sin, 2, r, specials);
        check1("cos", StrictMath::cos, 2, r, specials);
        check1("tan", StrictMath::tan, 4, r, specials);
        check1("atan", StrictMath::atan, 1, new double[][] {{-3, 3}, {-1e6, 1e6}, {-1e-3, 1e-3}}, SPECIALS);
        check1("asin", StrictMath::asin, 3, new double[][] {{-1, 1}, {0.99, 1}, {-1e-3, 1e-3}}, SPECIALS);
        check1("acos", StrictMath::acos, 3, new double[][] {{-1, 1}, {0.99, 1}, {-1, -0.99}}, SPECIALS);
    }

    @Test
    void hyperbolic() {
        double[][] r = {{-710, 710}, {-2, 2}, {-1e-5, 1e-5}};
        check1("sinh", StrictMath::sinh, 2, r, SPECIALS);
        check1("cosh", StrictMath::cosh, 2, r, SPECIALS);
        check1("tanh", StrictMath::tanh, 3, new double[][] {{-30, 30}, {-1, 1}, {-1e-5, 1e-5}}, SPECIALS);
        check1("cbrt", StrictMath::cbrt, 1, new double[][] {{-1e300, 1e300}, {-10, 10}, {-1e-300, 1e-300}}, SPECIALS);
    }

    private static void check2(String f, DoubleBinaryOperator ref, double bound, double lo, double hi, double[] specials) {
        Random rnd = new Random(f.hashCode());
        double worst = 0;
        for (int i = 0; i < 40000; i++) {
            double x = lo + (hi - lo) * rnd.nextDouble();
            double y = lo + (hi - lo) * rnd.nextDouble();
            double e = ulps(eval(f, x, y), ref.applyAsDouble(x, y));
            assertTrue(e < 1e6, f + "(" + x + ", " + y + ") = " + eval(f, x, y) + ", want " + ref.applyAsDouble(x, y));
            worst = Math.max(worst, e);
        }
        assertTrue(worst <= bound, f + ": " + worst + " ulp from StrictMath");
        for (double x : specials) {
            for (double y : specials) {
                double got = eval(f, x, y);
                double want = ref.applyAsDouble(x, y);
                assertTrue(ulps(got, want) <= bound, f + "(" + x + ", " + y + ") = " + got + ", want " + want);
            }
        }
    }

    /** C99's pow: Java's differs only for 1^y and (-1)^±inf, which C makes 1 (Java: NaN). */
    private static double cPow(double x, double y) {
        return x == 1 || (x == -1 && Double.isInfinite(y)) ? 1 : StrictMath.pow(x, y);
    }

    @Test
    void twoArguments() {
        double[] s = {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 1, -1, 0.5, -0.5, 2, -2, 3, -3,
            2.5, 1e-310, 1e300};
        check2("pow", DoubleMathTest::cPow, 1, 0, 30, s);
        check2("pow", DoubleMathTest::cPow, 1, -30, 30, new double[0]);
        check2("atan2", StrictMath::atan2, 1, -10, 10, s);
        check2("hypot", StrictMath::hypot, 2, -1e10, 1e10, s);
        assertEquals(1024.0, eval("pow", 2, 10));
        assertEquals(-27.0, eval("pow", -3, 3));
    }
}
