package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Type;
import webcu.passes.KernelLayout;
import webcu.wgsl.WgslBackend;
import webcu.wgsl.WgslProgram;

/**
 * {@link BoundsProofs} on kernels compiled to WGSL, with uniforms packed as the devices pack them:
 * a launch whose accesses stay inside their buffers gets the unchecked pipeline, one that may leave
 * them keeps the checks (and so still reports the fault).
 */
class BoundsProofsTest {
    private static final String ADD = """
            __global__ void add(const float *a, const float *b, float *c, int n)
            {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) c[i] = a[i] + b[i];
            }
            """;

    private static final String SGEMM = """
            __global__ void sgemm_naive(unsigned n, const float *A, const float *B, float *C) {
              unsigned row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
              if (row < n && col < n) {
                float acc = 0.f;
                for (unsigned k = 0; k < n; k++) acc += A[row * n + k] * B[k * n + col];
                C[row * n + col] = acc;
              }
            }
            """;

    private static KernelLayout layout(String cuda, String kernel) {
        webcu.frontend.SourceSet set = new webcu.frontend.SourceSet();
        set.file("t.cu", cuda, true);
        webcu.driver.CompileResult r = webcu.driver.Compiler.compile(set);
        assertTrue(r.ok(), r.render(false));
        WgslProgram p = WgslBackend.compile(r.module(), new Diagnostics());
        return p.kernel(kernel);
    }

    /**
     * Launches {@code layout} on {@code grid} × {@code block} with {@code args} (pointers into
     * buffers 0, 1, 2, … at element {@code offsets}), buffers of {@code bytes} each.
     */
    private static boolean holds(KernelLayout compiled, int[] grid, int[] block, List<KernelArg> args, double bytes) {
        LaunchLayout layout = new LaunchLayout(compiled);
        byte[] uniform = new byte[layout.uniform().size()];
        UniformPacking.putGrid(uniform, grid, 1);
        for (LaunchLayout.UniformField f : layout.uniform().fields()) {
            if (f.hiddenOffset()) {
                KernelArg.Pointer p = (KernelArg.Pointer) args.get(f.param());
                UniformPacking.putInt(uniform, f.offset(), (int) (p.offset() / 4));
            } else {
                UniformPacking.putScalar(uniform, 0, layout, f, args);
            }
        }
        double[] lengths = new double[layout.buffers().size()];
        java.util.Arrays.fill(lengths, bytes);
        return BoundsProofs.holds(layout, uniform, 0, block, grid, lengths);
    }

    private static List<KernelArg> args(int scalarAt, long scalar, long... offsets) {
        List<KernelArg> out = new ArrayList<>();
        int b = 0;
        for (int i = 0; i <= offsets.length; i++) {
            out.add(i == scalarAt ? new KernelArg.Scalar(Type.I32, scalar) : new KernelArg.Pointer(0x1000L * (b + 1), b, offsets[b++] * 4));
        }
        return out;
    }

    /** {@code if (i < n) c[i] = ...}: proven where n is at most the buffers' length, whatever the grid. */
    @Test
    void Guard_ProvenUpToLength() {
        KernelLayout l = layout(ADD, "add");
        assertNotNull(l.ranges(), "vector add has a proof");
        int[] grid = {4, 1, 1};
        int[] block = {256, 1, 1};
        assertTrue(holds(l, grid, block, args(3, 1000, 0, 0, 0), 4000));
        assertTrue(holds(l, grid, block, args(3, 1000, 0, 0, 0), 4096));
        assertFalse(holds(l, grid, block, args(3, 1001, 0, 0, 0), 4000), "n past the buffers: checks stay");
        assertFalse(holds(l, grid, block, args(3, 1000, 0, 0, 10), 4000), "c 10 elements into its buffer: checks stay");
        assertTrue(holds(l, grid, block, args(3, 990, 0, 0, 10), 4000));
        assertFalse(holds(l, new int[] {1 << 22, 1, 1}, new int[] {1024, 1, 1}, args(3, 1000, 0, 0, 0), 4000),
                "i = blockIdx.x * blockDim.x + threadIdx.x wraps past INT_MAX: checks stay");
    }

    /**
     * runtime-errors/oob_write_near.cu's off-by-one, {@code if (i <= n) p[i] = i}: its launch with n
     * the allocation's length keeps the checks, which report the write past the end; with n one less
     * the same kernel runs unchecked.
     */
    @Test
    void OffByOne_KeepsChecks() {
        KernelLayout l = layout("""
                __global__ void fillBuggy(int *p, int n)
                {
                    int i = blockIdx.x * blockDim.x + threadIdx.x;
                    if (i <= n) p[i] = i;
                }
                """, "fillBuggy");
        int[] grid = {8, 1, 1};
        int[] block = {128, 1, 1};
        assertFalse(holds(l, grid, block, args(1, 1000, 0), 4000));
        assertTrue(holds(l, grid, block, args(1, 999, 0), 4000));
    }

    /** Naive SGEMM: A[row * n + k] and B[k * n + col] through the counted loop, proven for n × n buffers. */
    @Test
    void Sgemm_ProvenForSquareBuffers() {
        KernelLayout l = layout(SGEMM, "sgemm_naive");
        assertNotNull(l.ranges(), "naive SGEMM has a proof");
        int[] grid = {4, 4, 1};
        int[] block = {16, 16, 1};
        assertTrue(holds(l, grid, block, args(0, 64, 0, 0, 0), 64 * 64 * 4));
        assertTrue(holds(l, grid, block, args(0, 60, 0, 0, 0), 60 * 60 * 4));
        assertFalse(holds(l, grid, block, args(0, 64, 0, 0, 0), 64 * 64 * 4 - 4));
        assertTrue(holds(l, grid, block, args(0, 65536, 0, 0, 0), 65536.0 * 65536 * 4), "64 rows of 65536: no wrap");
        int[] big = {4097, 4097, 1};
        assertFalse(holds(l, big, block, args(0, 65537, 0, 0, 0), 65537.0 * 65537 * 4), "row * n wraps: checks stay");
    }

    /** An index read from memory: no proof, every launch keeps its checks. */
    @Test
    void LoadedIndex_NoProof() {
        assertNull(layout("""
                __global__ void gather(const int *idx, float *v, int n)
                {
                    int i = threadIdx.x;
                    if (i < n) v[idx[i]] = 1.0f;
                }
                """, "gather").ranges());
    }
}
