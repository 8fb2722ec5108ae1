package webcu.spirv;

import webcu.ir.Type;

/**
 * {@link DoubleMath}'s algorithms written as SPIR-V into the current function: doubles and bools
 * are result ids. Adds, subtracts and multiplies carry NoContraction, since the double-double
 * steps need each rounded on its own; exponent fields are read and written through the double's
 * two 32-bit words (OpBitcast to a u32 vector), so no Int64 is needed.
 */
final class SpirvDoubleOps implements DoubleMath.Ops<Integer, Integer> {
    private final SpirvModule m;
    private final SpirvModule.Function f;
    private final int f64;
    private final int bool;
    private final int u32;
    private final int i32;
    private final int words;

    SpirvDoubleOps(SpirvValues v) {
        this.m = v.module();
        this.f = v.function();
        this.f64 = v.types().plain(Type.F64);
        this.bool = v.types().bool();
        this.u32 = v.types().u32();
        this.i32 = v.types().i32();
        this.words = m.typeVector(u32, 2);
    }

    /**
     * CUDA's fma on doubles, rounded once: Vulkan's Fma may be a multiply and an add (lavapipe's
     * is), so {@link DoubleMath#fmaExact}'s emulation.
     */
    static int fma(SpirvValues v, int a, int b, int c) {
        return DoubleMath.fmaExact(new SpirvDoubleOps(v), a, b, c);
    }

    /**
     * CUDA's fmaf rounded once: the device's Fma where it is fused (GPUs: {@link SpirvValues#fusedFma}),
     * else, where the device has doubles, the product of two floats exact in a double, the sum
     * rounded to odd (53 bits, the error of TwoSum moving an even result to its odd neighbour), and
     * that rounded to float, which is then correct (Boldo and Melquiond); without Float64, Vulkan's
     * Fma, which may be unfused. The same for the IR's Fma node. (The emulation on an H200 made
     * the tiled SGEMM 4.8x slower.)
     */
    static int fmaf(SpirvValues v, int a, int b, int c) {
        SpirvModule.Function f = v.function();
        int ft = v.types().plain(Type.F32);
        if (v.fusedFma() || !v.types().has("Float64")) {
            return f.ext(ft, "Fma", a, b, c);
        }
        SpirvDoubleOps o = new SpirvDoubleOps(v);
        int p = o.mul(f.value("OpFConvert", o.f64, a), f.value("OpFConvert", o.f64, b));
        int dc = f.value("OpFConvert", o.f64, c);
        return f.value("OpFConvert", ft, DoubleMath.sumToOdd(o, p, dc));
    }

    private int exact(String op, int a, int b) {
        int r = f.value(op, f64, a, b);
        m.decorate(r, "NoContraction");
        return r;
    }

    @Override
    public Integer c(double v) {
        long bits = Double.doubleToRawLongBits(v);
        return m.constant(f64, (int) bits, (int) (bits >>> 32));
    }

    @Override
    public Integer add(Integer a, Integer b) {
        return exact("OpFAdd", a, b);
    }

    @Override
    public Integer sub(Integer a, Integer b) {
        return exact("OpFSub", a, b);
    }

    @Override
    public Integer mul(Integer a, Integer b) {
        return exact("OpFMul", a, b);
    }

    @Override
    public Integer div(Integer a, Integer b) {
        return f.value("OpFDiv", f64, a, b);
    }

    @Override
    public Integer fma(Integer a, Integer b, Integer c) {
        return f.ext(f64, "Fma", a, b, c);
    }

    @Override
    public Integer neg(Integer a) {
        return f.value("OpFNegate", f64, a);
    }

    @Override
    public Integer abs(Integer a) {
        return f.ext(f64, "FAbs", a);
    }

    @Override
    public Integer sqrt(Integer a) {
        return f.ext(f64, "Sqrt", a);
    }

    @Override
    public Integer rint(Integer a) {
        return f.ext(f64, "RoundEven", a);
    }

    @Override
    public Integer floor(Integer a) {
        return f.ext(f64, "Floor", a);
    }

    @Override
    public Integer select(Integer c, Integer a, Integer b) {
        return f.value("OpSelect", f64, c, a, b);
    }

    @Override
    public Integer lt(Integer a, Integer b) {
        return f.value("OpFOrdLessThan", bool, a, b);
    }

    @Override
    public Integer gt(Integer a, Integer b) {
        return f.value("OpFOrdGreaterThan", bool, a, b);
    }

    @Override
    public Integer eq(Integer a, Integer b) {
        return f.value("OpFOrdEqual", bool, a, b);
    }

    @Override
    public Integer isNan(Integer a) {
        return f.value("OpIsNan", bool, a);
    }

    private int high(int x) {
        return f.value("OpCompositeExtract", u32, f.value("OpBitcast", words, x), 1);
    }

    private int withHigh(int x, int high) {
        int low = f.value("OpCompositeExtract", u32, f.value("OpBitcast", words, x), 0);
        return f.value("OpBitcast", f64, f.value("OpCompositeConstruct", words, low, high));
    }

    @Override
    public Integer signBit(Integer a) {
        return f.value("OpINotEqual", bool, f.value("OpShiftRightLogical", u32, high(a), m.constantU32(31)), m.constantU32(0));
    }

    @Override
    public Integer and(Integer a, Integer b) {
        return f.value("OpLogicalAnd", bool, a, b);
    }

    @Override
    public Integer or(Integer a, Integer b) {
        return f.value("OpLogicalOr", bool, a, b);
    }

    @Override
    public Integer not(Integer a) {
        return f.value("OpLogicalNot", bool, a);
    }

    /** 2^e for an i32 e in [-1022, 1023]: the exponent field alone. */
    private int power(int e) {
        int field = f.value("OpBitcast", u32, f.value("OpIAdd", i32, e, m.constantI32(1023)));
        int high = f.value("OpShiftLeftLogical", u32, field, m.constantU32(20));
        return f.value("OpBitcast", f64, f.value("OpCompositeConstruct", words, m.constantU32(0), high));
    }

    @Override
    public Integer scalb(Integer x, Integer k) {
        // in two halves, each a normal power of two, so that the one rounding is the last multiply's
        int ki = f.value("OpConvertFToS", i32, k);
        int k1 = f.value("OpShiftRightArithmetic", i32, ki, m.constantU32(1));
        int k2 = f.value("OpISub", i32, ki, k1);
        return mul(mul(x, power(k1)), power(k2));
    }

    @Override
    public Integer exponent(Integer x) {
        int field = f.value("OpBitwiseAnd", u32, f.value("OpShiftRightLogical", u32, high(x), m.constantU32(20)),
                m.constantU32(0x7ff));
        int e = f.value("OpISub", i32, f.value("OpBitcast", i32, field), m.constantI32(1023));
        return f.value("OpConvertSToF", f64, e);
    }

    @Override
    public Integer significand(Integer x) {
        int high = f.value("OpBitwiseOr", u32, f.value("OpBitwiseAnd", u32, high(x), m.constantU32(0x000fffff)),
                m.constantU32(0x3ff00000));
        return withHigh(x, high);
    }

    @Override
    public Integer copySign(Integer mag, Integer sign) {
        int high = f.value("OpBitwiseOr", u32, f.value("OpBitwiseAnd", u32, high(mag), m.constantU32(0x7fffffff)),
                f.value("OpBitwiseAnd", u32, high(sign), m.constantU32(0x80000000)));
        return withHigh(mag, high);
    }

    @Override
    public Integer odd(Integer s) {
        int low = f.value("OpCompositeExtract", u32, f.value("OpBitcast", words, s), 0);
        return f.value("OpINotEqual", bool, f.value("OpBitwiseAnd", u32, low, m.constantU32(1)), m.constantU32(0));
    }

    @Override
    public Integer step(Integer s, Integer away) {
        // the 64-bit pattern plus or minus 1, with the carry or borrow between the words
        int pair = f.value("OpBitcast", words, s);
        int low = f.value("OpCompositeExtract", u32, pair, 0);
        int high = f.value("OpCompositeExtract", u32, pair, 1);
        int one = m.constantU32(1);
        int zero = m.constantU32(0);
        int upLow = f.value("OpIAdd", u32, low, one);
        int upHigh = f.value("OpIAdd", u32, high, f.value("OpSelect", u32, f.value("OpIEqual", bool, upLow, zero), one, zero));
        int downLow = f.value("OpISub", u32, low, one);
        int downHigh = f.value("OpISub", u32, high, f.value("OpSelect", u32, f.value("OpIEqual", bool, low, zero), one, zero));
        int bits = f.value("OpCompositeConstruct", words, f.value("OpSelect", u32, away, upLow, downLow),
                f.value("OpSelect", u32, away, upHigh, downHigh));
        return f.value("OpBitcast", f64, bits);
    }
}
