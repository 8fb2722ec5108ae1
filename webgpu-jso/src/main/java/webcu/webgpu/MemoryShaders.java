package webcu.webgpu;

/**
 * The WGSL that carries out byte-granular memory operations which WebGPU's own commands cannot:
 * {@code copyBufferToBuffer}, {@code clearBuffer} and {@code writeBuffer} need offsets and sizes
 * that are multiples of 4, and a copy within one buffer; CUDA's {@code cudaMemset} and
 * {@code cudaMemcpy} take any byte offset and length. Each invocation owns one 32-bit word of the
 * destination and merges the bytes of the range into it, so no two invocations touch one word.
 */
final class MemoryShaders {
    private MemoryShaders() {
    }

    /** Invocations per workgroup of both entry points. */
    static final int WORKGROUP = 64;

    /** Byte size of either entry point's uniform block. */
    static final int PARAMS_SIZE = 32;

    static final String WGSL = """
            // webcu memory operations on any byte range. Ranges are [start, end) in bytes of dst.
            struct Params {
              start: u32,      // first byte of the range in dst
              end: u32,        // one past its last byte
              value: u32,      // fill: the byte repeated four times; copy: the byte address in src of dst[start]
              firstWord: u32,  // start / 4
              words: u32,      // words of dst the range touches
            }
            @group(0) @binding(0) var<storage, read_write> dst: array<u32>;
            @group(0) @binding(1) var<storage, read> src: array<u32>;
            @group(0) @binding(2) var<uniform> p: Params;

            fn wordIndex(wg: vec3<u32>, n: vec3<u32>, lid: vec3<u32>) -> u32 {
              return (wg.y * n.x + wg.x) * 64u + lid.x;
            }

            // The bytes of word w that lie inside the range, as a mask.
            fn rangeMask(w: u32) -> u32 {
              var mask = 0u;
              for (var b = 0u; b < 4u; b++) {
                let at = w * 4u + b;
                if (at >= p.start && at < p.end) {
                  mask |= 0xffu << (b * 8u);
                }
              }
              return mask;
            }

            @compute @workgroup_size(64)
            fn fill(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) n: vec3<u32>,
                    @builtin(local_invocation_id) lid: vec3<u32>) {
              let i = wordIndex(wg, n, lid);
              if (i >= p.words) {
                return;
              }
              let w = p.firstWord + i;
              let mask = rangeMask(w);
              if (mask == 0xffffffffu) {
                dst[w] = p.value;
              } else {
                dst[w] = (dst[w] & ~mask) | (p.value & mask);
              }
            }

            @compute @workgroup_size(64)
            fn copyBytes(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) n: vec3<u32>,
                         @builtin(local_invocation_id) lid: vec3<u32>) {
              let i = wordIndex(wg, n, lid);
              if (i >= p.words) {
                return;
              }
              let w = p.firstWord + i;
              var v = dst[w];
              for (var b = 0u; b < 4u; b++) {
                let at = w * 4u + b;
                if (at >= p.start && at < p.end) {
                  let s = p.value + (at - p.start);
                  let byte = (src[s >> 2u] >> ((s & 3u) * 8u)) & 0xffu;
                  v = (v & ~(0xffu << (b * 8u))) | (byte << (b * 8u));
                }
              }
              dst[w] = v;
            }
            """;

    /** The uniform block for a byte range [start, end) of dst; {@code value} as {@link #WGSL} says. */
    static byte[] params(long start, long end, int value) {
        byte[] p = new byte[PARAMS_SIZE];
        long firstWord = start / 4;
        long words = (end + 3) / 4 - firstWord;
        LaunchPlan.putInt(p, 0, (int) start);
        LaunchPlan.putInt(p, 4, (int) end);
        LaunchPlan.putInt(p, 8, value);
        LaunchPlan.putInt(p, 12, (int) firstWord);
        LaunchPlan.putInt(p, 16, (int) words);
        return p;
    }

    /** Workgroups to dispatch for {@code words} words: {x, y} with x at most 65535. */
    static int[] dispatch(long words) {
        long groups = (words + WORKGROUP - 1) / WORKGROUP;
        if (groups == 0) {
            return new int[] {0, 0};
        }
        long x = Math.min(groups, 65535);
        long y = (groups + x - 1) / x;
        return new int[] {(int) x, (int) y};
    }

    /** Words touched by the byte range [start, end). */
    static long words(long start, long end) {
        return (end + 3) / 4 - start / 4;
    }
}
