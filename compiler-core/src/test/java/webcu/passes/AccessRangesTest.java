package webcu.passes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Function;

/**
 * {@link AccessRanges} on kernels at the end of the device passes: the inequalities a launch must
 * satisfy for its bounds checks to be folded away, and the kernels it cannot prove.
 */
class AccessRangesTest {
    private static String proof(String cuda) {
        DeviceModule dm = PassTesting.fromCuda(cuda);
        DeviceModule prepared = DevicePasses.run(dm.module(), new Diagnostics());
        Function k = prepared.kernels().get(0);
        RangeProof p = AccessRanges.of(prepared, k, AccessRanges.WGSL_CONSTANT);
        return p == null ? null : p.text();
    }

    /** A guard on threadIdx.x: the index is below both n and blockDim.x, and must be below the length. */
    @Test
    void Guard_Bounded() {
        // the first four: GridFolding's blockIdx.x, which the kernel's early return (blockIdx.x >= gridDim.x) needs
        assertEquals("""
                1 <= uniform[12]
                min((workgroupCount.y - 1), (uniform[12] - 1)) <= 4294967295
                (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x) <= 4294967295
                ((workgroupCount.x - 1) + (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x)) <= 4294967295
                (blockDim.x - 1) <= 2147483647
                min((blockDim.x - 1), (%n - 1)) <= 4294967295
                0 <= %a.offset
                (%a.offset + min((blockDim.x - 1), (%n - 1))) <= 4294967295
                ((%a.offset + min((blockDim.x - 1), (%n - 1))) + 1) <= length(0)
                """, proof("""
                __global__ void zero(float *a, int n)
                {
                    int i = threadIdx.x;
                    if (i < n) a[i] = 0.0f;
                }
                """));
    }

    /** An early return on the index, and a counted loop over a kernel argument. */
    @Test
    void ReturnAndLoop_Bounded() {
        assertEquals("""
                1 <= uniform[12]
                min((workgroupCount.y - 1), (uniform[12] - 1)) <= 4294967295
                (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x) <= 4294967295
                ((workgroupCount.x - 1) + (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x)) <= 4294967295
                %w <= 4294967295
                (min((blockDim.x - 1), (%n - 1)) * %w) <= 4294967295
                ((min((blockDim.x - 1), (%n - 1)) * %w) + min(max(0, (%w - 1)), (%w - 1))) <= 4294967295
                0 <= %a.offset
                (%a.offset + ((min((blockDim.x - 1), (%n - 1)) * %w) + min(max(0, (%w - 1)), (%w - 1)))) <= 4294967295
                ((%a.offset + ((min((blockDim.x - 1), (%n - 1)) * %w) + min(max(0, (%w - 1)), (%w - 1)))) + 1) <= length(0)
                (max(0, (%w - 1)) + 1) <= 4294967295
                """, proof("""
                __global__ void rows(float *a, unsigned n, unsigned w)
                {
                    unsigned r = threadIdx.x;
                    if (r >= n) return;
                    for (unsigned j = 0; j < w; j++) a[r * w + j] = 0.0f;
                }
                """));
    }

    /** A local the loop changes other than by a counted step has no interval: the kernel keeps its checks. */
    @Test
    void LoopAssigned_Unproven() {
        assertNull(proof("""
                __global__ void walk(float *a, int n)
                {
                    int i = 0;
                    while (a[i] > 0.0f) i = i * 2 + 1;
                }
                """));
    }

    /**
     * GridFolding's padding check bounds blockIdx.x by gridDim.x - 1 after it, though a pipeline
     * without padding (gridPadding 0) skips it: there no workgroup reaches gridDim.x anyway.
     */
    @Test
    void BlockIndex_BoundedAfterPaddingCheck() {
        // the index's top: the dispatch's last workgroup, or gridDim.x - 1 where that is lower
        String top = "min(((workgroupCount.x - 1) + (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x)),"
                + " (uniform[0] - 1))";
        assertEquals("""
                1 <= uniform[12]
                min((workgroupCount.y - 1), (uniform[12] - 1)) <= 4294967295
                (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x) <= 4294967295
                ((workgroupCount.x - 1) + (min((workgroupCount.y - 1), (uniform[12] - 1)) * workgroupCount.x)) <= 4294967295
                0 <= %out.offset
                (%out.offset + TOP) <= 4294967295
                ((%out.offset + TOP) + 1) <= length(0)
                """.replace("TOP", top), proof("""
                __global__ void perBlock(float *out)
                {
                    out[blockIdx.x] = 1.0f;
                }
                """));
    }

    /** An index loaded from memory has no interval: the kernel keeps its checks. */
    @Test
    void LoadedIndex_Unproven() {
        assertNull(proof("""
                __global__ void gather(const int *idx, float *v, int n)
                {
                    int i = threadIdx.x;
                    if (i < n) v[idx[i]] = 1.0f;
                }
                """));
    }
}
