package webcu.wgsl;

import java.util.HashSet;
import java.util.Set;

/**
 * Names a WGSL program may not declare: the keywords and reserved words of the WGSL
 * specification, and the predeclared types and built-in functions that a user name would shadow
 * (a local called {@code min} would hide the built-in {@code min} in its function).
 */
final class WgslKeywords {
    private WgslKeywords() {
    }

    private static final String KEYWORDS = "alias break case const const_assert continue continuing default diagnostic "
            + "discard else enable false fn for if let loop override requires return struct switch true var while";

    private static final String RESERVED = "NULL Self abstract active alignas alignof as asm asm_fragment async attribute "
            + "auto await become binding_array cast catch class co_await co_return co_yield coherent column_major common "
            + "compile compile_fragment concept const_cast consteval constexpr constinit crate debugger decltype delete "
            + "demote demote_to_helper do dynamic_cast enum explicit export extends extern external fallthrough filter "
            + "final finally friend from fxgroup get goto groupshared highp impl implements import inline instanceof "
            + "interface layout lowp macro macro_rules match mediump meta mod module move mut mutable namespace new nil "
            + "noexcept noinline nointerpolation noperspective null nullptr of operator package packoffset partition pass "
            + "patch pixelfragment precise precision premerge priv protected pub public readonly ref regardless register "
            + "reinterpret_cast require resource restrict self set shared sizeof smooth snorm static static_assert "
            + "static_cast std subroutine super target template this thread_local throw trait try type typedef typeid "
            + "typename typeof union unless unorm unsafe unsized use using varying virtual volatile wgsl where with "
            + "writeonly yield";

    private static final String PREDECLARED = "bool i32 u32 f32 f16 vec2 vec3 vec4 vec2i vec3i vec4i vec2u vec3u vec4u "
            + "vec2f vec3f vec4f vec2h vec3h vec4h mat2x2 mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 mat4x2 mat4x3 mat4x4 "
            + "mat2x2f mat3x3f mat4x4f array atomic ptr sampler sampler_comparison texture_1d texture_2d "
            + "texture_2d_array texture_3d texture_cube texture_cube_array texture_multisampled_2d "
            + "texture_storage_1d texture_storage_2d texture_storage_2d_array texture_storage_3d texture_depth_2d "
            + "texture_depth_2d_array texture_depth_cube texture_depth_cube_array texture_depth_multisampled_2d "
            + "texture_external read write read_write function private workgroup uniform storage "
            + "bitcast all any select arrayLength abs acos acosh asin asinh atan atanh atan2 ceil clamp cos cosh "
            + "countLeadingZeros countOneBits countTrailingZeros cross degrees determinant distance dot exp exp2 "
            + "extractBits faceForward firstLeadingBit firstTrailingBit floor fma fract frexp insertBits inverseSqrt "
            + "ldexp length log log2 max min mix modf normalize pow quantizeToF16 radians reflect refract reverseBits "
            + "round saturate sign sin sinh smoothstep sqrt step tan tanh transpose trunc dpdx dpdy fwidth "
            + "storageBarrier workgroupBarrier textureBarrier workgroupUniformLoad atomicLoad atomicStore atomicAdd "
            + "atomicSub atomicMax atomicMin atomicAnd atomicOr atomicXor atomicExchange atomicCompareExchangeWeak "
            + "pack4x8snorm pack4x8unorm pack2x16snorm pack2x16unorm pack2x16float unpack4x8snorm unpack4x8unorm "
            + "unpack2x16snorm unpack2x16unorm unpack2x16float subgroupAdd subgroupBallot subgroupBroadcast "
            + "subgroupShuffle subgroupShuffleXor subgroupAll subgroupAny";

    private static final Set<String> ALL = new HashSet<>();

    static {
        for (String list : new String[] {KEYWORDS, RESERVED, PREDECLARED}) {
            for (String w : list.split(" ")) {
                ALL.add(w);
            }
        }
    }

    /** Whether a declaration may not use this name. */
    static boolean isReserved(String name) {
        return ALL.contains(name);
    }
}
