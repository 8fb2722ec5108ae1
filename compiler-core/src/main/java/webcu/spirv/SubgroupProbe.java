package webcu.spirv;

/**
 * The kernel a Vulkan device runs at start-up to check what {@link SpirvSubgroups} assumes and
 * Vulkan does not promise, the SPIR-V twin of WebGpuDevice's WGSL probe: in a workgroup of the
 * shape given by SpecIds 0, 1, 2 (as webcu's kernels take blockDim), every subgroup has 32 lanes
 * (SubgroupSize), lane {@code i} of subgroup {@code w} is local invocation index {@code 32w + i}
 * (SubgroupLocalInvocationId), a ballot sees exactly the invocations of that warp (the last one
 * partial where the block is), an OpGroupNonUniformIAdd Reduce of 1 counts them, and a shuffle
 * reads the lane it names. Each invocation adds 0, or 1 when a check failed, to the u32 at
 * binding 0 of set 0: after any number of workgroups it is 0 only where every check held.
 */
public final class SubgroupProbe {
    /** The entry point's name. */
    public static final String ENTRY = "probe";

    private SubgroupProbe() {
    }

    /** The module's words (SPIR-V 1.5, valid for Vulkan 1.2). */
    public static int[] module() {
        SpirvModule m = new SpirvModule();
        for (String c : new String[] {"Shader", "GroupNonUniform", "GroupNonUniformBallot", "GroupNonUniformShuffle",
            "GroupNonUniformArithmetic"}) {
            m.capability(c);
        }
        m.memoryModel("Logical", "GLSL450");
        int u32 = m.typeInt(32, false);
        int bool = m.typeBool();
        int v3 = m.typeVector(u32, 3);
        int v4 = m.typeVector(u32, 4);
        int[] size = new int[3];
        for (int i = 0; i < 3; i++) {
            size[i] = m.specConstant(u32, 1);
            m.decorate(size[i], "SpecId", i);
        }
        int workgroupSize = m.specConstantComposite(v3, size);
        m.decorate(workgroupSize, "BuiltIn", SpirvModule.enumValue("BuiltIn", "WorkgroupSize"));
        int index = input(m, u32, "LocalInvocationIndex");
        int lane = input(m, u32, "SubgroupLocalInvocationId");
        int lanes = input(m, u32, "SubgroupSize");
        int block = m.typeStruct(u32);
        m.decorate(block, "Block");
        m.memberDecorate(block, 0, "Offset", 0);
        int bad = m.variable(m.typePointer("StorageBuffer", block), "StorageBuffer");
        m.decorate(bad, "DescriptorSet", 0);
        m.decorate(bad, "Binding", 0);
        m.name(bad, "bad");

        SpirvModule.Function f = m.function(m.typeVoid(), m.typeFunction(m.typeVoid()), "None");
        m.entryPoint("GLCompute", f.id(), ENTRY, index, lane, lanes, bad);
        m.name(f.id(), ENTRY);
        f.label(m.id());
        int subgroup = m.constantU32(SpirvModule.enumValue("Scope", "Subgroup"));
        int zero = m.constantU32(0);
        int one = m.constantU32(1);
        int c32 = m.constantU32(32);
        int li = f.value("OpLoad", u32, index);
        int n = f.value("OpIMul", u32, f.value("OpIMul", u32, size[0], size[1]), size[2]);
        int warpLane = f.value("OpBitwiseAnd", u32, li, m.constantU32(31));
        int base = f.value("OpISub", u32, li, warpLane);
        int left = f.value("OpISub", u32, n, base);
        int full = f.value("OpUGreaterThanEqual", bool, left, c32);
        int shift = f.value("OpSelect", u32, full, zero, left);
        int partial = f.value("OpISub", u32, f.value("OpShiftLeftLogical", u32, one, shift), one);
        int present = f.value("OpSelect", u32, full, m.constantU32(0xFFFFFFFF), partial);

        int ballot = f.value("OpGroupNonUniformBallot", v4, subgroup, m.constantBool(true));
        int partner = f.value("OpBitwiseXor", u32, warpLane, one);
        int other = f.value("OpGroupNonUniformShuffle", u32, subgroup, li, partner);
        int count = f.value("OpGroupNonUniformIAdd", u32, subgroup, SpirvModule.enumValue("GroupOperation", "Reduce"), one);

        int ok = f.value("OpIEqual", bool, f.value("OpLoad", u32, lanes), c32);
        ok = and(f, bool, ok, f.value("OpIEqual", bool, f.value("OpLoad", u32, lane), warpLane));
        ok = and(f, bool, ok, f.value("OpIEqual", bool, f.value("OpCompositeExtract", u32, ballot, 0), present));
        int rest = f.value("OpBitwiseOr", u32, f.value("OpCompositeExtract", u32, ballot, 1),
                f.value("OpBitwiseOr", u32, f.value("OpCompositeExtract", u32, ballot, 2), f.value("OpCompositeExtract", u32, ballot, 3)));
        ok = and(f, bool, ok, f.value("OpIEqual", bool, rest, zero));
        ok = and(f, bool, ok, f.value("OpIEqual", bool, count, f.value("OpBitCount", u32, present)));
        // a partner beyond the block's last invocation does not exist: its value is undefined
        int partnerExists = f.value("OpULessThan", bool, f.value("OpIAdd", u32, base, partner), n);
        int shuffled = f.value("OpIEqual", bool, other, f.value("OpBitwiseXor", u32, li, one));
        ok = and(f, bool, ok, f.value("OpLogicalOr", bool, f.value("OpLogicalNot", bool, partnerExists), shuffled));

        int word = f.value("OpAccessChain", m.typePointer("StorageBuffer", u32), bad, m.constantI32(0));
        f.value("OpAtomicIAdd", u32, word, m.constantU32(SpirvModule.enumValue("Scope", "Device")), zero,
                f.value("OpSelect", u32, ok, zero, one));
        f.op("OpReturn");
        f.end();
        return m.words();
    }

    private static int input(SpirvModule m, int type, String builtin) {
        int v = m.variable(m.typePointer("Input", type), "Input");
        m.decorate(v, "BuiltIn", SpirvModule.enumValue("BuiltIn", builtin));
        m.name(v, builtin);
        return v;
    }

    private static int and(SpirvModule.Function f, int bool, int a, int b) {
        return f.value("OpLogicalAnd", bool, a, b);
    }
}
