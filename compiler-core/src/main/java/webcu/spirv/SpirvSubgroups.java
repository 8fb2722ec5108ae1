package webcu.spirv;

import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.spirv.SpirvTypes.Unsupported;

/**
 * The subgroup operations {@code passes.Warps} leaves on a device with 32-lane subgroups that hold
 * a warp each ({@code DeviceTarget.subgroupSize} 32, which {@code VulkanDevice} sets only after its
 * probe): Vulkan 1.1's non-uniform group instructions at Subgroup scope, the counterparts of the
 * WGSL writer's {@code subgroupShuffle}, {@code subgroupBallot} and {@code subgroupAdd} ….
 *
 * <ul>
 * <li>{@code __webcu_subgroup_shuffle(u32 value, u32 lane)}: OpGroupNonUniformShuffle
 *     (GroupNonUniformShuffle). Warps computes the source lane as its emulation does and keeps the
 *     caller's value where that lane lies outside the width or the block, so the relative shuffles
 *     (ShuffleUp/Down/Xor) are not needed;</li>
 * <li>{@code __webcu_subgroup_ballot(bool)}: OpGroupNonUniformBallot (GroupNonUniformBallot), the
 *     first word of its uvec4 (32 lanes: the others are 0); votes, {@code __activemask} and
 *     {@code __ballot_sync} are masked from it by Warps;</li>
 * <li>{@code __webcu_subgroup_OP_T} for the sm_80 {@code __reduce_OP_sync} on i32/u32:
 *     OpGroupNonUniformIAdd, SMin/UMin, SMax/UMax, BitwiseAnd/Or/Xor with GroupOperation Reduce
 *     (GroupNonUniformArithmetic).</li>
 * </ul>
 * Each declares GroupNonUniform and its own capability at first use, so a module without warp
 * functions declares none. Lane ids come from Warps' {@code tid & 31} (the probe checked that lane
 * {@code i} is local invocation {@code 32w + i}), so no SubgroupLocalInvocationId is read.
 */
final class SpirvSubgroups {
    private SpirvSubgroups() {
    }

    /** The result id of subgroup operation {@code c} (a call of a {@code __webcu_subgroup_} external). */
    static int call(SpirvValues v, Stmt.Call c) {
        if (!v.warpSubgroups()) {
            throw new Unsupported("subgroup operations on a device without 32-lane subgroups");
        }
        SpirvModule m = v.module();
        SpirvModule.Function f = v.function();
        SpirvTypes types = v.types();
        String op = c.callee().name().substring(webcu.passes.Analysis.SUBGROUP_PREFIX.length());
        int scope = m.constantU32(SpirvModule.enumValue("Scope", "Subgroup"));
        m.capability("GroupNonUniform");
        switch (op) {
            case "shuffle" -> {
                m.capability("GroupNonUniformShuffle");
                return f.value("OpGroupNonUniformShuffle", types.u32(), scope, v.value(c.args().get(0)), v.value(c.args().get(1)));
            }
            case "ballot" -> {
                m.capability("GroupNonUniformBallot");
                int ballot = f.value("OpGroupNonUniformBallot", m.typeVector(types.u32(), 4), scope, v.value(c.args().get(0)));
                return f.value("OpCompositeExtract", types.u32(), ballot, 0);
            }
            default -> {
                int cut = op.lastIndexOf('_');
                Type t = c.callee().returnType();
                boolean signed = t instanceof Type.Int i && i.signed();
                String instruction = switch (op.substring(0, cut)) {
                    case "add" -> "OpGroupNonUniformIAdd";
                    case "min" -> signed ? "OpGroupNonUniformSMin" : "OpGroupNonUniformUMin";
                    case "max" -> signed ? "OpGroupNonUniformSMax" : "OpGroupNonUniformUMax";
                    case "and" -> "OpGroupNonUniformBitwiseAnd";
                    case "or" -> "OpGroupNonUniformBitwiseOr";
                    case "xor" -> "OpGroupNonUniformBitwiseXor";
                    default -> throw new Unsupported("the subgroup operation '" + op + "'");
                };
                if (!t.equals(Type.I32) && !t.equals(Type.U32)) {
                    throw new Unsupported("the subgroup operation '" + op + "' on '" + t + "'");
                }
                m.capability("GroupNonUniformArithmetic");
                return f.value(instruction, types.plain(t), scope, SpirvModule.enumValue("GroupOperation", "Reduce"),
                        v.value(c.args().get(0)));
            }
        }
    }
}
