package webcu.spirv;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A SPIR-V module being built: ids, the sections in the order the specification's "logical layout
 * of a module" requires (capabilities, extensions, imports, memory model, entry points, execution
 * modes, debug strings and names, annotations, types/constants/globals, functions), and the binary.
 * Types and constants are made once per shape (SPIR-V forbids two identical non-aggregate types);
 * instructions are named as in the grammar ({@code "OpIAdd"}) and enumerants by their names, so that
 * what is written reads like its disassembly.
 */
public final class SpirvModule {
    /** SPIR-V 1.5: the version Vulkan 1.2 consumes. */
    public static final int VERSION_1_5 = 0x00010500;
    /** Generator word: webcu has no registered tool id, so 0 ("Khronos", unregistered) and our version. */
    private static final int GENERATOR = 0;

    private int bound = 1;
    private final List<int[]> capabilities = new ArrayList<>();
    private final List<int[]> extensions = new ArrayList<>();
    private final List<int[]> imports = new ArrayList<>();
    private final List<int[]> memoryModel = new ArrayList<>();
    private final List<int[]> entryPoints = new ArrayList<>();
    private final List<int[]> executionModes = new ArrayList<>();
    private final List<int[]> debugStrings = new ArrayList<>();
    private final List<int[]> debugNames = new ArrayList<>();
    private final List<int[]> annotations = new ArrayList<>();
    private final List<int[]> globals = new ArrayList<>();
    private final List<Function> functions = new ArrayList<>();
    /** Types and constants by their instruction's words without the result id, so each is made once. */
    private final Map<String, Integer> unique = new HashMap<>();
    private final Map<String, Boolean> declaredCapabilities = new HashMap<>();
    private int glsl = -1;

    /** A fresh id. */
    public int id() {
        return bound++;
    }

    public void capability(String name) {
        if (declaredCapabilities.putIfAbsent(name, true) == null) {
            capabilities.add(inst("OpCapability", enumValue("Capability", name)));
        }
    }

    public void extension(String name) {
        extensions.add(inst("OpExtension", string(name)));
    }

    /** The id of the GLSL.std.450 extended instruction set, imported at first use. */
    public int glsl() {
        if (glsl < 0) {
            glsl = id();
            imports.add(inst("OpExtInstImport", glsl, string("GLSL.std.450")));
        }
        return glsl;
    }

    public void memoryModel(String addressing, String memory) {
        memoryModel.clear();
        memoryModel.add(inst("OpMemoryModel", enumValue("AddressingModel", addressing), enumValue("MemoryModel", memory)));
    }

    public void entryPoint(String model, int function, String name, int... interfaceIds) {
        entryPoints.add(inst("OpEntryPoint", enumValue("ExecutionModel", model), function, string(name), interfaceIds));
    }

    public void executionMode(int function, String mode, int... literals) {
        executionModes.add(inst("OpExecutionMode", function, enumValue("ExecutionMode", mode), literals));
    }

    /** An OpString (a file name for OpLine). */
    public int debugString(String text) {
        int id = id();
        debugStrings.add(inst("OpString", id, string(text)));
        return id;
    }

    public void name(int target, String name) {
        debugNames.add(inst("OpName", target, string(name)));
    }

    public void memberName(int struct, int member, String name) {
        debugNames.add(inst("OpMemberName", struct, member, string(name)));
    }

    public void decorate(int target, String decoration, int... operands) {
        annotations.add(inst("OpDecorate", target, enumValue("Decoration", decoration), operands));
    }

    public void memberDecorate(int struct, int member, String decoration, int... operands) {
        annotations.add(inst("OpMemberDecorate", struct, member, enumValue("Decoration", decoration), operands));
    }

    // ---------------------------------------------------------------- types

    public int typeVoid() {
        return uniqueGlobal("OpTypeVoid");
    }

    public int typeBool() {
        return uniqueGlobal("OpTypeBool");
    }

    public int typeInt(int width, boolean signed) {
        return uniqueGlobal("OpTypeInt", width, signed ? 1 : 0);
    }

    public int typeFloat(int width) {
        return uniqueGlobal("OpTypeFloat", width);
    }

    public int typeVector(int component, int count) {
        return uniqueGlobal("OpTypeVector", component, count);
    }

    /** An array of {@code length} elements (a constant); decorate its ArrayStride where it is laid out. */
    public int typeArray(int element, int lengthConstant) {
        return uniqueGlobal("OpTypeArray", element, lengthConstant);
    }

    /**
     * An array type of its own, never shared: one laid out in a buffer carries an ArrayStride that the
     * same array in workgroup or function memory must not have.
     */
    public int typeArrayDistinct(int element, int lengthConstant) {
        int id = id();
        globals.add(inst("OpTypeArray", id, element, lengthConstant));
        return id;
    }

    public int typeRuntimeArray(int element) {
        return uniqueGlobal("OpTypeRuntimeArray", element);
    }

    /** A struct: never shared, since its decorations (Block, Offset) belong to it alone. */
    public int typeStruct(int... members) {
        int id = id();
        globals.add(inst("OpTypeStruct", id, members));
        return id;
    }

    public int typePointer(String storageClass, int type) {
        return uniqueGlobal("OpTypePointer", enumValue("StorageClass", storageClass), type);
    }

    public int typeFunction(int returnType, int... parameters) {
        return uniqueGlobal("OpTypeFunction", concat(new int[] {returnType}, parameters));
    }

    // ---------------------------------------------------------------- constants and globals

    public int constant(int type, int... valueWords) {
        return uniqueGlobal("OpConstant", concat(new int[] {type}, valueWords));
    }

    public int constantU32(int value) {
        return constant(typeInt(32, false), value);
    }

    public int constantI32(int value) {
        return constant(typeInt(32, true), value);
    }

    public int constantF32(float value) {
        return constant(typeFloat(32), Float.floatToRawIntBits(value));
    }

    public int constantBool(boolean value) {
        return uniqueGlobal(value ? "OpConstantTrue" : "OpConstantFalse", typeBool());
    }

    public int constantNull(int type) {
        return uniqueGlobal("OpConstantNull", type);
    }

    public int constantComposite(int type, int... constituents) {
        return uniqueGlobal("OpConstantComposite", concat(new int[] {type}, constituents));
    }

    /** A specialization constant with its default; decorate it with SpecId to set it at pipeline creation. */
    public int specConstant(int type, int defaultValue) {
        int id = id();
        globals.add(inst("OpSpecConstant", type, id, defaultValue));
        return id;
    }

    /** A bool specialization constant, true unless set at pipeline creation. */
    public int specConstantTrue(int boolType) {
        int id = id();
        globals.add(inst("OpSpecConstantTrue", boolType, id));
        return id;
    }

    /** A composite of specialization constants (the WorkgroupSize built-in). */
    public int specConstantComposite(int type, int... constituents) {
        int id = id();
        globals.add(inst("OpSpecConstantComposite", type, id, constituents));
        return id;
    }

    /** A module-scope OpVariable of pointer type {@code pointerType}. */
    public int variable(int pointerType, String storageClass) {
        int id = id();
        globals.add(inst("OpVariable", pointerType, id, enumValue("StorageClass", storageClass)));
        return id;
    }

    private int uniqueGlobal(String op, int... operands) {
        String key = op + Arrays.toString(operands);
        Integer known = unique.get(key);
        if (known != null) {
            return known;
        }
        int id = id();
        boolean typed = !op.startsWith("OpType");
        // constants carry their type before the result id; types have only the result id
        globals.add(typed ? inst(op, operands[0], id, Arrays.copyOfRange(operands, 1, operands.length)) : inst(op, id, operands));
        unique.put(key, id);
        return id;
    }

    // ---------------------------------------------------------------- functions

    /** Starts a function; its instructions are written through the returned builder. */
    public Function function(int returnType, int functionType, String control) {
        Function f = new Function(id());
        f.body.add(inst("OpFunction", returnType, f.id, enumValue("FunctionControl", control), functionType));
        functions.add(f);
        return f;
    }

    /** One function's instructions, from OpFunction to OpFunctionEnd. */
    public final class Function {
        private final int id;
        private final List<int[]> body = new ArrayList<>();

        private Function(int id) {
            this.id = id;
        }

        public int id() {
            return id;
        }

        public int parameter(int type) {
            int p = SpirvModule.this.id();
            body.add(inst("OpFunctionParameter", type, p));
            return p;
        }

        /** Starts block {@code label} (an id from {@link SpirvModule#id()}, so branches can name it first). */
        public void label(int label) {
            body.add(inst("OpLabel", label));
        }

        /** An instruction without a result: {@code op("OpStore", pointer, value)}. */
        public void op(String name, int... operands) {
            body.add(inst(name, operands));
        }

        /** An instruction with a result of {@code type}; returns the result's id. */
        public int value(String name, int type, int... operands) {
            int r = SpirvModule.this.id();
            body.add(inst(name, type, r, operands));
            return r;
        }

        /** A GLSL.std.450 instruction: {@code ext(float, "Sqrt", x)}. */
        public int ext(int type, String instruction, int... operands) {
            return value("OpExtInst", type, concat(new int[] {glsl(), SpirvGrammar.glslNumber(instruction)}, operands));
        }

        public void end() {
            body.add(inst("OpFunctionEnd"));
        }
    }

    // ---------------------------------------------------------------- the binary

    /** The module's words, header first. */
    public int[] words() {
        List<int[]> all = new ArrayList<>();
        all.addAll(capabilities);
        all.addAll(extensions);
        all.addAll(imports);
        all.addAll(memoryModel);
        all.addAll(entryPoints);
        all.addAll(executionModes);
        all.addAll(debugStrings);
        all.addAll(debugNames);
        all.addAll(annotations);
        all.addAll(globals);
        for (Function f : functions) {
            all.addAll(f.body);
        }
        int size = 5;
        for (int[] in : all) {
            size += in.length;
        }
        int[] w = new int[size];
        w[0] = SpirvDisassembler.MAGIC;
        w[1] = VERSION_1_5;
        w[2] = GENERATOR;
        w[3] = bound;
        w[4] = 0;
        int at = 5;
        for (int[] in : all) {
            System.arraycopy(in, 0, w, at, in.length);
            at += in.length;
        }
        return w;
    }

    /** The value of an enumerant, for operands of enum kinds: {@code enumValue("Scope", "Workgroup")}. */
    public static int enumValue(String kind, String name) {
        return SpirvGrammar.value(kind, name);
    }

    /** A literal string's words: UTF-8, nul-terminated, padded to a whole word. */
    public static int[] string(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        int[] w = new int[b.length / 4 + 1];
        for (int i = 0; i < b.length; i++) {
            w[i / 4] |= (b[i] & 0xFF) << (8 * (i % 4));
        }
        return w;
    }

    /** One instruction: its opcode word, then the operands (ints and int arrays, flattened). */
    private static int[] inst(String name, Object... operands) {
        int n = 1;
        for (Object o : operands) {
            n += o instanceof int[] a ? a.length : 1;
        }
        int[] w = new int[n];
        w[0] = n << 16 | SpirvGrammar.instruction(name).opcode();
        int at = 1;
        for (Object o : operands) {
            if (o instanceof int[] a) {
                System.arraycopy(a, 0, w, at, a.length);
                at += a.length;
            } else {
                w[at++] = (Integer) o;
            }
        }
        return w;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
