package webcu.spirv;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.Span;

/**
 * SPIR-V binary → text, in the format of {@code spirv-dis --raw-id} (SPIRV-Tools 2023.1): the page
 * shows a kernel's SPIR-V without native tools, and tests compare this text with spirv-dis's
 * byte for byte. Ids print as {@code %N}; enumerants, opcodes and GLSL.std.450 instructions by
 * their grammar names; numbers as spirv-dis prints them (floats with the shortest precision that
 * round-trips, {@code %.9g}/{@code %.17g}; infinities, NaNs and subnormals as hexadecimal floats).
 */
public final class SpirvDisassembler {
    public static final int MAGIC = 0x07230203;
    /** The column where an instruction's opcode starts, as in spirv-dis. */
    private static final int INDENT = 15;

    private final int[] words;
    private final StringBuilder out = new StringBuilder();
    /** The result type of every id that has one, and the shape of every numeric type. */
    private final Map<Integer, Integer> typeOf = new HashMap<>();
    private final Map<Integer, NumberType> numberTypes = new HashMap<>();
    private final Map<Integer, String> extInstSets = new HashMap<>();
    /** The first operand word of the instruction being printed (OpSwitch's selector). */
    private int operandsFrom;
    /** Per printed line (index 0 is line 1), the CUDA position its instruction's OpLine gave, or {@link Span#NONE}. */
    private final List<Span> lineSpans = new ArrayList<>();
    /** The file names of OpString, by id, and the position the last OpLine set (NONE after OpNoLine or a block's end). */
    private final Map<Integer, String> strings = new HashMap<>();
    private Span position = Span.NONE;
    /** The entry points' names by function id, and the 1-based line of each one's OpFunction. */
    private final Map<Integer, String> entryNames = new HashMap<>();
    private final Map<String, Integer> entryLines = new LinkedHashMap<>();

    private record NumberType(boolean isFloat, int width, boolean signed) {
    }

    private SpirvDisassembler(int[] words) {
        this.words = words;
    }

    public static String disassemble(int[] words) {
        return new SpirvDisassembler(words).run();
    }

    /**
     * The text of {@link #disassemble(int[])} with, for the page's SPIR-V view, what the module's
     * own debug instructions say about each line: the CUDA position of the OpLine in force (SPIR-V's
     * rule: up to the next OpLine or OpNoLine, or the end of the block or function), and the line
     * of each entry point's OpFunction.
     *
     * @param lineSpans per line of the text (index 0 is line 1), its CUDA position or {@link Span#NONE}
     * @param entryPoints the 1-based line of each entry point's OpFunction, by the entry point's name
     */
    public record Listing(String text, List<Span> lineSpans, Map<String, Integer> entryPoints) {
        public Listing {
            lineSpans = List.copyOf(lineSpans);
            // not Map.copyOf: lookups in TeaVM's immutable maps trap in WebAssembly (see WgslProgram)
            entryPoints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entryPoints));
        }
    }

    public static Listing listing(int[] words) {
        SpirvDisassembler d = new SpirvDisassembler(words);
        String text = d.run();
        return new Listing(text, d.lineSpans, d.entryLines);
    }

    public static String disassemble(byte[] bytes) {
        if (bytes.length % 4 != 0) {
            throw new IllegalArgumentException("a SPIR-V module is a whole number of words; this one has " + bytes.length + " bytes");
        }
        int[] w = new int[bytes.length / 4];
        for (int i = 0; i < w.length; i++) {
            w[i] = (bytes[4 * i] & 0xFF) | (bytes[4 * i + 1] & 0xFF) << 8 | (bytes[4 * i + 2] & 0xFF) << 16 | (bytes[4 * i + 3] & 0xFF) << 24;
        }
        return disassemble(w);
    }

    private String run() {
        if (words.length < 5 || words[0] != MAGIC) {
            throw new IllegalArgumentException("not a SPIR-V module (no magic number)");
        }
        int version = words[1];
        int generator = words[2];
        String tool = SpirvGrammar.generator(generator >>> 16);
        out.append("; SPIR-V\n; Version: ").append(version >>> 16 & 0xFF).append('.').append(version >>> 8 & 0xFF).append('\n');
        out.append("; Generator: ").append(tool != null ? tool : "Unknown(" + (generator >>> 16) + ")").append("; ")
                .append(generator & 0xFFFF).append('\n');
        out.append("; Bound: ").append(Integer.toUnsignedString(words[3])).append('\n');
        out.append("; Schema: ").append(Integer.toUnsignedString(words[4])).append('\n');
        for (int i = 0; i < 5; i++) {
            lineSpans.add(Span.NONE);
        }
        int at = 5;
        while (at < words.length) {
            int count = words[at] >>> 16;
            int opcode = words[at] & 0xFFFF;
            if (count == 0 || at + count > words.length) {
                throw new IllegalArgumentException("instruction at word " + at + " has a bad word count " + count);
            }
            instruction(opcode, at + 1, at + count);
            at += count;
        }
        return out.toString();
    }

    private void instruction(int opcode, int from, int end) {
        SpirvGrammar.Instruction in = SpirvGrammar.instruction(opcode);
        if (in == null) {
            throw new IllegalArgumentException("opcode " + opcode + " is not in webcu's SPIR-V tables");
        }
        List<SpirvGrammar.Operand> ops = in.operands();
        operandsFrom = from;
        int at = from;
        int result = -1;
        int resultType = -1;
        StringBuilder rest = new StringBuilder();
        int operand = 0;
        while (at < end) {
            if (operand >= ops.size()) {
                throw new IllegalArgumentException(in.name() + " has more operands than its grammar allows");
            }
            SpirvGrammar.Operand op = ops.get(operand);
            switch (op.kind()) {
                case "IdResultType" -> {
                    resultType = words[at++];
                    rest.append(" %").append(Integer.toUnsignedString(resultType));
                }
                case "IdResult" -> result = words[at++];
                case "LiteralSpecConstantOpInteger" -> {
                    // the operands that follow are those of the embedded opcode, without its result
                    SpirvGrammar.Instruction embedded = SpirvGrammar.instruction(words[at]);
                    at = operand(in, op.kind(), at, end, resultType, rest);
                    if (embedded != null) {
                        List<SpirvGrammar.Operand> rem = new java.util.ArrayList<>(ops.subList(0, operand + 1));
                        for (SpirvGrammar.Operand o : embedded.operands()) {
                            if (!o.kind().equals("IdResultType") && !o.kind().equals("IdResult")) {
                                rem.add(o);
                            }
                        }
                        ops = rem;
                    }
                }
                default -> at = operand(in, op.kind(), at, end, resultType, rest);
            }
            if (op.quantifier() != SpirvGrammar.Quantifier.ANY) {
                operand++;
            }
        }
        if (result >= 0) {
            String id = "%" + Integer.toUnsignedString(result);
            spaces(INDENT - 3 - id.length());
            out.append(id).append(" = ");
            if (resultType >= 0) {
                typeOf.put(result, resultType);
            }
        } else {
            spaces(INDENT);
        }
        out.append(in.name()).append(rest).append('\n');
        remember(in.name(), result, from, end);
        track(in.name(), result, from, end);
    }

    /** Keeps the OpLine position in force for each printed line, and where each entry point's function starts. */
    private void track(String name, int result, int from, int end) {
        switch (name) {
            case "OpString" -> strings.put(result, string(from + 1, end));
            case "OpLine" -> {
                String file = strings.get(words[from]);
                position = file == null ? Span.NONE : new Span(file, words[from + 1], words[from + 2]);
            }
            case "OpNoLine", "OpFunctionEnd" -> position = Span.NONE;
            case "OpEntryPoint" -> entryNames.put(words[from + 1], string(from + 2, end));
            case "OpFunction" -> {
                String entry = entryNames.get(result);
                if (entry != null) {
                    entryLines.put(entry, lineSpans.size() + 1);
                }
            }
            default -> {
            }
        }
        lineSpans.add(position);
        if (name.equals("OpBranch") || name.equals("OpBranchConditional") || name.equals("OpSwitch") || name.equals("OpReturn")
                || name.equals("OpReturnValue") || name.equals("OpKill") || name.equals("OpUnreachable")
                || name.equals("OpTerminateInvocation")) {
            position = Span.NONE;
        }
    }

    private void spaces(int n) {
        for (int i = 0; i < n; i++) {
            out.append(' ');
        }
    }

    /** Types and extended instruction sets later operands are read by. */
    private void remember(String name, int result, int from, int end) {
        switch (name) {
            case "OpTypeInt" -> numberTypes.put(result, new NumberType(false, words[from + 1], words[from + 2] != 0));
            case "OpTypeFloat" -> numberTypes.put(result, new NumberType(true, words[from + 1], true));
            case "OpExtInstImport" -> extInstSets.put(result, string(from + 1, end));
            default -> {
            }
        }
    }

    /** Prints one operand of kind {@code kind} starting at word {@code at}; returns the word after it. */
    private int operand(SpirvGrammar.Instruction in, String kind, int at, int end, int resultType, StringBuilder s) {
        switch (kind) {
            case "IdRef", "IdScope", "IdMemorySemantics" -> {
                s.append(" %").append(Integer.toUnsignedString(words[at]));
                return at + 1;
            }
            case "LiteralInteger" -> {
                s.append(' ').append(Integer.toUnsignedString(words[at]));
                return at + 1;
            }
            case "LiteralString" -> {
                String text = string(at, end);
                s.append(" \"");
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    if (c == '"' || c == '\\') {
                        s.append('\\');
                    }
                    s.append(c);
                }
                s.append('"');
                return at + text.getBytes(StandardCharsets.UTF_8).length / 4 + 1;
            }
            case "LiteralContextDependentNumber" -> {
                return number(numberTypes.get(resultType), at, end, s);
            }
            case "LiteralExtInstInteger" -> {
                int set = words[at - 1];
                SpirvGrammar.Instruction ext = "GLSL.std.450".equals(extInstSets.get(set)) ? SpirvGrammar.glslInstruction(words[at]) : null;
                s.append(' ').append(ext != null ? ext.name() : Integer.toUnsignedString(words[at]));
                return at + 1;
            }
            case "LiteralSpecConstantOpInteger" -> {
                SpirvGrammar.Instruction op = SpirvGrammar.instruction(words[at]);
                s.append(' ').append(op != null ? op.name().substring(2) : Integer.toUnsignedString(words[at]));
                return at + 1;
            }
            case "PairLiteralIntegerIdRef" -> {
                // OpSwitch's case literals are as wide as its selector
                NumberType selector = numberTypes.get(typeOf.get(words[operandsFrom]));
                at = number(selector, at, end, s);
                s.append(" %").append(Integer.toUnsignedString(words[at]));
                return at + 1;
            }
            case "PairIdRefLiteralInteger" -> {
                s.append(" %").append(Integer.toUnsignedString(words[at])).append(' ').append(Integer.toUnsignedString(words[at + 1]));
                return at + 2;
            }
            case "PairIdRefIdRef" -> {
                s.append(" %").append(Integer.toUnsignedString(words[at])).append(" %").append(Integer.toUnsignedString(words[at + 1]));
                return at + 2;
            }
            default -> {
                return enumerant(SpirvGrammar.kind(kind), at, end, resultType, in, s);
            }
        }
    }

    private int enumerant(SpirvGrammar.OperandKind kind, int at, int end, int resultType, SpirvGrammar.Instruction in, StringBuilder s) {
        long value = Integer.toUnsignedLong(words[at++]);
        if (kind.isValueEnum()) {
            SpirvGrammar.Enumerant e = kind.byValue(value);
            s.append(' ').append(e != null ? e.name() : Long.toString(value));
            if (e != null) {
                for (String p : e.parameters()) {
                    at = operand(in, p, at, end, resultType, s);
                }
            }
            return at;
        }
        if (value == 0) {
            SpirvGrammar.Enumerant none = kind.byValue(0);
            s.append(' ').append(none != null ? none.name() : "0");
            return at;
        }
        StringBuilder names = new StringBuilder();
        List<SpirvGrammar.Enumerant> withParameters = new java.util.ArrayList<>();
        long unknown = value;
        for (int bit = 0; bit < 32; bit++) {
            long mask = 1L << bit;
            if ((value & mask) == 0) {
                continue;
            }
            SpirvGrammar.Enumerant e = kind.byValue(mask);
            if (e == null) {
                continue;
            }
            unknown &= ~mask;
            if (names.length() > 0) {
                names.append('|');
            }
            names.append(e.name());
            withParameters.add(e);
        }
        if (unknown != 0) {
            if (names.length() > 0) {
                names.append('|');
            }
            names.append("0x").append(Long.toHexString(unknown));
        }
        s.append(' ').append(names);
        for (SpirvGrammar.Enumerant e : withParameters) {
            for (String p : e.parameters()) {
                at = operand(in, p, at, end, resultType, s);
            }
        }
        return at;
    }

    private int number(NumberType type, int at, int end, StringBuilder s) {
        if (type == null) {
            throw new IllegalArgumentException("a literal number whose type is not a number type");
        }
        if (type.width > 32) {
            long bits = Integer.toUnsignedLong(words[at]) | (long) words[at + 1] << 32;
            s.append(' ').append(type.isFloat ? formatDouble(bits) : type.signed ? Long.toString(bits) : Long.toUnsignedString(bits));
            return at + 2;
        }
        int bits = words[at];
        if (type.isFloat) {
            s.append(' ').append(type.width == 16 ? formatHalf(bits & 0xFFFF) : formatFloat(bits));
        } else if (type.signed) {
            // narrower types are sign-extended into the word
            s.append(' ').append(type.width < 32 ? (bits << (32 - type.width)) >> (32 - type.width) : bits);
        } else {
            s.append(' ').append(Integer.toUnsignedString(bits));
        }
        return at + 1;
    }

    private String string(int at, int end) {
        byte[] bytes = new byte[(end - at) * 4];
        int n = 0;
        for (int i = at; i < end; i++) {
            for (int b = 0; b < 4; b++) {
                byte c = (byte) (words[i] >>> (8 * b));
                if (c == 0) {
                    return new String(bytes, 0, n, StandardCharsets.UTF_8);
                }
                bytes[n++] = c;
            }
        }
        throw new IllegalArgumentException("a literal string without its terminating nul");
    }

    /** A 32-bit float as spirv-dis prints it. */
    static String formatFloat(int bits) {
        int exponent = bits >>> 23 & 0xFF;
        int fraction = bits & 0x7FFFFF;
        if (exponent == 0xFF || (exponent == 0 && fraction != 0)) {
            return hexFloat(bits < 0, exponent, fraction, 23, 127);
        }
        return decimal(new BigDecimal(Float.intBitsToFloat(bits)), bits < 0, 9);
    }

    static String formatDouble(long bits) {
        int exponent = (int) (bits >>> 52 & 0x7FF);
        long fraction = bits & 0xFFFFFFFFFFFFFL;
        if (exponent == 0x7FF || (exponent == 0 && fraction != 0)) {
            return hexFloat(bits < 0, exponent, fraction, 52, 1023);
        }
        return decimal(new BigDecimal(Double.longBitsToDouble(bits)), bits < 0, 17);
    }

    private static String formatHalf(int bits) {
        // spirv-dis prints half floats as hexadecimal floats always
        int exponent = bits >>> 10 & 0x1F;
        int fraction = bits & 0x3FF;
        if (exponent == 0 && fraction == 0) {
            return (bits & 0x8000) != 0 ? "-0x0p+0" : "0x0p+0";
        }
        return hexFloat((bits & 0x8000) != 0, exponent, fraction, 10, 15);
    }

    /** {@code 0x1.8p+128}: C's {@code %a} without trailing zeros, subnormals normalized. */
    private static String hexFloat(boolean negative, int exponent, long fraction, int fractionBits, int bias) {
        int maxExponent = 2 * bias + 1;
        int e;
        if (exponent == maxExponent) {
            e = bias + 1;
        } else if (exponent == 0) {
            // normalize: shift until the leading one is the hidden bit
            e = 1 - bias;
            while ((fraction & (1L << fractionBits)) == 0) {
                fraction <<= 1;
                e--;
            }
            fraction &= (1L << fractionBits) - 1;
        } else {
            e = exponent - bias;
        }
        int hexDigits = (fractionBits + 3) / 4;
        long aligned = fraction << (hexDigits * 4 - fractionBits);
        StringBuilder digits = new StringBuilder(Long.toHexString(aligned));
        while (digits.length() < hexDigits) {
            digits.insert(0, '0');
        }
        while (digits.length() > 0 && digits.charAt(digits.length() - 1) == '0') {
            digits.setLength(digits.length() - 1);
        }
        return (negative ? "-" : "") + "0x1" + (digits.length() == 0 ? "" : "." + digits) + "p" + (e >= 0 ? "+" : "") + e;
    }

    /** C++'s default float output with {@code precision} significant digits (C's {@code %.Pg}). */
    private static String decimal(BigDecimal exact, boolean negative, int precision) {
        if (exact.signum() == 0) {
            return negative ? "-0" : "0";
        }
        BigDecimal rounded = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= precision) {
            BigDecimal mantissa = rounded.movePointLeft(exponent).stripTrailingZeros();
            String m = mantissa.toPlainString();
            int abs = Math.abs(exponent);
            return m + "e" + (exponent < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
        }
        return rounded.stripTrailingZeros().toPlainString();
    }
}
