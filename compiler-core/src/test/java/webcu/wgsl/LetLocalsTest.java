package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A local assigned once and read only after that assignment, in its block, is printed as a
 * {@code let} where it is assigned (LetLocals); every other local stays a function-scope {@code var}.
 */
class LetLocalsTest {
    private static String kernel(String source) {
        String code = WgslSamples.compile(WgslSamples.cuda(source)).code();
        return WgslWriterTest.unchecked(code.substring(code.indexOf("@compute"), code.indexOf("\n}\n", code.indexOf("@compute"))));
    }

    private static void assertHas(String code, String... snippets) {
        for (String s : snippets) {
            assertTrue(code.contains(s), "missing\n" + s + "\nin\n" + code);
        }
    }

    @Test
    void TreeReduction_IndicesAreLets_TheSumAndTheLoopIndexVars() {
        String code = kernel("""
                __global__ void r(const float *src, float *dst, unsigned n) {
                  __shared__ float sdata[256];
                  unsigned tid = threadIdx.x;
                  unsigned i = blockIdx.x * 512u + tid;
                  float s = 0.f;
                  if (i < n) s = src[i];
                  sdata[tid] = s;
                  __syncthreads();
                  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
                    if (tid < k) sdata[tid] += sdata[tid + k];
                    __syncthreads();
                  }
                  if (tid == 0) dst[blockIdx.x] = sdata[0];
                }
                """);
        assertHas(code, "  var s: f32;\n  var k: u32;\n", "  let blockIdx_x: u32 = workgroupId.x + ",
                "  let tid: u32 = threadIdx.x;\n  let i: u32 = (blockIdx_x * 512u) + tid;\n  s = 0.0f;\n", "  k = blockDim_x / 2u;\n");
        assertFalse(code.contains("var tid") || code.contains("var i:"), code);
    }

    @Test
    void OnceInALoopBody_ALetThere_ButNotWhenTheContinuingOrTheTestReadsIt() {
        String code = kernel("""
                __global__ void f(int *o, int n) {
                  int acc = 0;
                  for (int j = 0; j < n; j++) {
                    int t = o[j] * 2;
                    acc += t;
                  }
                  int last;
                  int m = n;
                  do {
                    last = m - 1;
                    m = last / 2;
                  } while (last > 3);
                  o[0] = acc + m;
                }
                """);
        // t is assigned once per iteration and read after it in the same body
        assertHas(code, "    let t: i32 = o[o_offset + u32(j)] * 2i;\n", "  var acc: i32;\n", "  var j: i32;\n");
        // last is read by the do-while's test (a break if), outside the body's scope: a var
        assertHas(code, "  var last: i32;\n", "  var m: i32;\n");
    }

    @Test
    void AssignedInABranchAndReadAfterIt_StaysAVar() {
        String code = kernel("""
                __global__ void f(int *o, int n) {
                  int x;
                  if (n > 0) x = o[1]; else x = 2;
                  int y;
                  if (n > 1) { y = o[2]; }
                  o[0] = x + y;
                }
                """);
        assertHas(code, "  var x: i32;\n", "  var y: i32;\n");
        assertFalse(code.contains("let x") || code.contains("let y"), code);
    }
}
