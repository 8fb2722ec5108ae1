package webcu.vm;

/**
 * The VM's instruction set: opcodes, their operand counts and names.
 *
 * <p>An instruction is an opcode followed by int operands in {@code Code.code}. Register operands
 * are relative to the frame's window in the integer bank ({@code long[]}, for integers, bools,
 * pointers and the addresses of struct values) or the float bank ({@code double[]}, for float and
 * double). Integer registers always hold their value normalized to its C type (sign- or
 * zero-extended to 64 bits, see {@code Type.Int.normalize}), so comparisons and widening need no
 * extra work; a float register holds a value exactly representable as a float. Suffixes: {@code _I}
 * a 32-bit signed result, {@code _U} 32-bit unsigned, {@code _W} 64-bit (wrapping), {@code _UW}
 * 64-bit unsigned, {@code S} (on float ops) single precision, rounded after each operation.
 */
final class Op {
    private Op() {
    }

    static final int NOP = 0;
    /** d s */
    static final int MOV = 1, FMOV = 2;
    /** d imm: an int immediate, sign-extended */
    static final int LI = 3;
    /** d k: longs[k] / doubles[k] */
    static final int LK = 4, FK = 5;
    /** d a b */
    static final int ADD_I = 6, ADD_U = 7, ADD_W = 8, SUB_I = 9, SUB_U = 10, SUB_W = 11,
            MUL_I = 12, MUL_U = 13, MUL_W = 14, DIV_I = 15, DIV_U = 16, DIV_W = 17, DIV_UW = 18,
            REM_I = 19, REM_U = 20, REM_W = 21, REM_UW = 22, AND = 23, OR = 24, XOR = 25,
            SHL_I = 26, SHL_U = 27, SHL_W = 28, SHR_I = 29, SHR_U = 30, SHR_W = 31, SHR_UW = 32;
    /** d a imm */
    static final int ADDI_I = 33, ADDI_U = 34, ADDI_W = 35;
    /** d a */
    static final int NOT_W = 36, NEG_W = 37, SEXT8 = 38, SEXT16 = 39, SEXT32 = 40, ZEXT8 = 41, ZEXT16 = 42,
            ZEXT32 = 43, NEZ = 44, FNEZ = 45, LNOT = 46;
    /** d a b: bool results */
    static final int EQ = 47, NE = 48, LT = 49, LE = 50, LTU = 51, LEU = 52, FEQ = 53, FNE = 54, FLT = 55, FLE = 56;
    /** d a b */
    static final int FADD = 57, FSUB = 58, FMUL = 59, FDIV = 60, FADDS = 61, FSUBS = 62, FMULS = 63, FDIVS = 64;
    /** d a */
    static final int FNEG = 65, I2F = 66, I2D = 67, U2F = 68, U2D = 69, D2F = 70;
    /** d a kind: float to integer, truncating and saturating to the range of the type {@code kind} (see Ext) */
    static final int F2I = 71;
    /** d base offset site */
    static final int LD8S = 72, LD8U = 73, LD16S = 74, LD16U = 75, LD32S = 76, LD32U = 77, LD64 = 78,
            LDF32 = 79, LDF64 = 80;
    /** base offset value site */
    static final int ST8 = 81, ST16 = 82, ST32 = 83, ST64 = 84, STF32 = 85, STF64 = 86;
    /** d base index scale: d = base + index * scale */
    static final int LEA = 87;
    /** d offset: d = the frame's memory address + offset */
    static final int FRAME = 88;
    /** dst src size dstSite srcSite: copies a struct or array value (memmove) */
    static final int COPY = 89;
    /** target */
    static final int JMP = 90;
    /** c target */
    static final int JZ = 91, JNZ = 92;
    /** a b target: integer compare and branch */
    static final int JEQ = 93, JNE = 94, JLT = 95, JLE = 96, JLTU = 97, JLEU = 98;
    /** sel n default (longsIndex target)*n */
    static final int SWITCH = 99;
    /** fn dst nargs arg*: dst is -1 or reg &lt;&lt; 2 | kind (0 int, 1 float, 2 struct destination address) */
    static final int CALL = 100;
    /** lib id dst ext nargs arg*: dst is -1 or reg &lt;&lt; 1 | bank; ext normalizes the result (see Ext) */
    static final int NATIVE = 101;
    /** (none) / r / r / r size */
    static final int RET = 102, RETI = 103, RETF = 104, RETM = 105;
    static final int BARRIER = 106;
    /** d builtin*3+component */
    static final int BUILTIN = 107;
    /** d a fn / d a b fn / d a b c fn: pure math functions (see MathFn) */
    static final int MATH1 = 108, MATH2 = 109, MATH3 = 110;
    /** kernel nargs arg*: the first eight args are grid xyz, block xyz, shared bytes, stream */
    static final int LAUNCH = 111;
    /** message: stops the thread with an internal error (code the translator could not produce) */
    static final int TRAP = 112;
    /** d base index scale offset site: loads from base + index * scale + offset */
    static final int LDX32S = 113, LDX32U = 114, LDX64 = 115, LDXF32 = 116, LDXF64 = 117;
    /** base index scale offset value site: stores to base + index * scale + offset */
    static final int STX32 = 118, STX64 = 119, STXF32 = 120, STXF64 = 121;
    static final int COUNT = 122;

    /** Operand counts (without the opcode) of fixed-length instructions; -1 for variable ones. */
    static final int[] OPERANDS = new int[COUNT];
    static final String[] NAMES = new String[COUNT];

    static {
        def(NOP, "nop", 0);
        def(MOV, "mov", 2);
        def(FMOV, "fmov", 2);
        def(LI, "li", 2);
        def(LK, "lk", 2);
        def(FK, "fk", 2);
        String[] three = {"add.i", "add.u", "add.w", "sub.i", "sub.u", "sub.w", "mul.i", "mul.u", "mul.w",
            "div.i", "div.u", "div.w", "div.uw", "rem.i", "rem.u", "rem.w", "rem.uw", "and", "or", "xor",
            "shl.i", "shl.u", "shl.w", "shr.i", "shr.u", "shr.w", "shr.uw", "addi.i", "addi.u", "addi.w"};
        for (int i = 0; i < three.length; i++) {
            def(ADD_I + i, three[i], 3);
        }
        String[] two = {"not", "neg", "sext8", "sext16", "sext32", "zext8", "zext16", "zext32", "nez", "fnez", "lnot"};
        for (int i = 0; i < two.length; i++) {
            def(NOT_W + i, two[i], 2);
        }
        String[] cmp = {"eq", "ne", "lt", "le", "ltu", "leu", "feq", "fne", "flt", "fle",
            "fadd", "fsub", "fmul", "fdiv", "fadd.s", "fsub.s", "fmul.s", "fdiv.s"};
        for (int i = 0; i < cmp.length; i++) {
            def(EQ + i, cmp[i], 3);
        }
        String[] conv = {"fneg", "i2f", "i2d", "u2f", "u2d", "d2f"};
        for (int i = 0; i < conv.length; i++) {
            def(FNEG + i, conv[i], 2);
        }
        def(F2I, "f2i", 3);
        String[] ld = {"ld8s", "ld8u", "ld16s", "ld16u", "ld32s", "ld32u", "ld64", "ldf32", "ldf64"};
        for (int i = 0; i < ld.length; i++) {
            def(LD8S + i, ld[i], 4);
        }
        String[] st = {"st8", "st16", "st32", "st64", "stf32", "stf64"};
        for (int i = 0; i < st.length; i++) {
            def(ST8 + i, st[i], 4);
        }
        def(LEA, "lea", 4);
        def(FRAME, "frame", 2);
        def(COPY, "copy", 5);
        def(JMP, "jmp", 1);
        def(JZ, "jz", 2);
        def(JNZ, "jnz", 2);
        String[] jc = {"jeq", "jne", "jlt", "jle", "jltu", "jleu"};
        for (int i = 0; i < jc.length; i++) {
            def(JEQ + i, jc[i], 3);
        }
        def(SWITCH, "switch", -1);
        def(CALL, "call", -1);
        def(NATIVE, "native", -1);
        def(RET, "ret", 0);
        def(RETI, "ret.i", 1);
        def(RETF, "ret.f", 1);
        def(RETM, "ret.m", 2);
        def(BARRIER, "barrier", 0);
        def(BUILTIN, "builtin", 2);
        def(MATH1, "math1", 3);
        def(MATH2, "math2", 4);
        def(MATH3, "math3", 5);
        def(LAUNCH, "launch", -1);
        def(TRAP, "trap", 1);
        String[] ldx = {"ldx32s", "ldx32u", "ldx64", "ldxf32", "ldxf64", "stx32", "stx64", "stxf32", "stxf64"};
        for (int i = 0; i < ldx.length; i++) {
            def(LDX32S + i, ldx[i], 6);
        }
    }

    private static void def(int op, String name, int operands) {
        NAMES[op] = name;
        OPERANDS[op] = operands;
    }

    /** The length in ints of the instruction at {@code pc}, opcode included. */
    static int length(int[] code, int pc) {
        int op = code[pc];
        return switch (op) {
            case SWITCH -> 4 + 2 * code[pc + 2];
            case CALL -> 4 + code[pc + 3];
            case NATIVE -> 6 + code[pc + 5];
            case LAUNCH -> 3 + code[pc + 2];
            default -> 1 + OPERANDS[op];
        };
    }
}
