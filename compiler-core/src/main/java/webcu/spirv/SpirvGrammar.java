package webcu.spirv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SPIR-V grammar as lookup tables: each instruction's operands and each operand enum's names,
 * read once from the lines of {@link SpirvGrammarData} (generated from Khronos' grammar files), so
 * that the module builder and the disassembler name opcodes and enumerants exactly as spirv-dis does.
 */
public final class SpirvGrammar {
    /** How many times an operand may appear: exactly once, zero or one time, any number of times. */
    public enum Quantifier { ONE, OPTIONAL, ANY }

    public record Operand(String kind, Quantifier quantifier) {
    }

    public record Instruction(int opcode, String name, List<Operand> operands) {
    }

    /** One enumerant of an operand enum: its name, value and the kinds of the operands that follow it. */
    public record Enumerant(String name, long value, List<String> parameters) {
    }

    /** An operand kind: {@code Id}, {@code Literal}, {@code Composite}, {@code ValueEnum} or {@code BitEnum}. */
    public record OperandKind(String name, String category, List<Enumerant> enumerants) {
        public boolean isBitEnum() {
            return category.equals("BitEnum");
        }

        public boolean isValueEnum() {
            return category.equals("ValueEnum");
        }

        /** The first enumerant of this value, the one spirv-dis prints; null when there is none. */
        public Enumerant byValue(long value) {
            for (Enumerant e : enumerants) {
                if (e.value == value) {
                    return e;
                }
            }
            return null;
        }

        public Enumerant byName(String name) {
            for (Enumerant e : enumerants) {
                if (e.name.equals(name)) {
                    return e;
                }
            }
            throw new IllegalArgumentException("no " + this.name + " named " + name);
        }
    }

    private static final Map<Integer, Instruction> BY_OPCODE = new HashMap<>();
    private static final Map<String, Instruction> BY_NAME = new HashMap<>();
    private static final Map<String, OperandKind> KINDS = new HashMap<>();
    private static final Map<Integer, Instruction> GLSL_BY_NUMBER = new HashMap<>();
    private static final Map<String, Instruction> GLSL_BY_NAME = new HashMap<>();
    private static final Map<Integer, String> GENERATORS = new HashMap<>();

    static {
        for (String line : SpirvGrammarData.INSTRUCTIONS) {
            Instruction in = parse(line);
            BY_OPCODE.put(in.opcode, in);
            BY_NAME.put(in.name, in);
        }
        for (String line : SpirvGrammarData.GLSL_STD_450) {
            Instruction in = parse(line);
            GLSL_BY_NUMBER.put(in.opcode, in);
            GLSL_BY_NAME.put(in.name, in);
        }
        for (String line : SpirvGrammarData.OPERAND_KINDS) {
            String[] parts = line.split(" ");
            List<Enumerant> values = new ArrayList<>();
            for (int i = 2; i < parts.length; i++) {
                String[] nameAndParams = parts[i].split(":");
                int eq = nameAndParams[0].indexOf('=');
                values.add(new Enumerant(nameAndParams[0].substring(0, eq), Long.parseLong(nameAndParams[0].substring(eq + 1)),
                        List.of(nameAndParams).subList(1, nameAndParams.length)));
            }
            KINDS.put(parts[0], new OperandKind(parts[0], parts[1], List.copyOf(values)));
        }
        for (String line : SpirvGrammarData.GENERATORS) {
            int space = line.indexOf(' ');
            GENERATORS.put(Integer.parseInt(line.substring(0, space)), line.substring(space + 1));
        }
    }

    private SpirvGrammar() {
    }

    private static Instruction parse(String line) {
        String[] parts = line.split(" ");
        List<Operand> operands = new ArrayList<>();
        for (int i = 2; i < parts.length; i++) {
            String p = parts[i];
            char last = p.charAt(p.length() - 1);
            Quantifier q = last == '?' ? Quantifier.OPTIONAL : last == '*' ? Quantifier.ANY : Quantifier.ONE;
            operands.add(new Operand(q == Quantifier.ONE ? p : p.substring(0, p.length() - 1), q));
        }
        return new Instruction(Integer.parseInt(parts[0]), parts[1], List.copyOf(operands));
    }

    /** The instruction of {@code opcode}, or null for one the tables leave out. */
    public static Instruction instruction(int opcode) {
        return BY_OPCODE.get(opcode);
    }

    public static Instruction instruction(String name) {
        Instruction in = BY_NAME.get(name);
        if (in == null) {
            throw new IllegalArgumentException("no SPIR-V instruction " + name);
        }
        return in;
    }

    public static OperandKind kind(String name) {
        OperandKind k = KINDS.get(name);
        if (k == null) {
            throw new IllegalArgumentException("no SPIR-V operand kind " + name);
        }
        return k;
    }

    /** The value of enumerant {@code name} of enum {@code kind}, e.g. {@code ("StorageClass", "StorageBuffer")}. */
    public static int value(String kind, String name) {
        return (int) kind(kind).byName(name).value;
    }

    /** GLSL.std.450's extended instruction {@code number}, or null. */
    public static Instruction glslInstruction(int number) {
        return GLSL_BY_NUMBER.get(number);
    }

    public static int glslNumber(String name) {
        Instruction in = GLSL_BY_NAME.get(name);
        if (in == null) {
            throw new IllegalArgumentException("no GLSL.std.450 instruction " + name);
        }
        return in.opcode;
    }

    /** The registered name of generator (tool) {@code id}, or null. */
    public static String generator(int id) {
        return GENERATORS.get(id);
    }
}
