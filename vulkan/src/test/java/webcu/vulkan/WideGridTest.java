package webcu.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * Grids wider in x than the device dispatches (maxComputeWorkGroupCount[0]: 65535 on SwiftShader
 * and lavapipe) run folded into rows (runtime.GridFold, the SPIR-V's slices spec constant): every
 * block runs once with its own blockIdx and the launch's gridDim, no padding workgroup does a
 * block's work, and the bounds proofs stay exact (an array one element short still faults).
 */
class WideGridTest {
    private record Run(int status, String out, String err, List<String> validation, int[] maxGroups,
                       java.util.Set<String> pipelines) {
    }

    private static Run run(String source) {
        CompileResult r = Compiler.compile(SourceSet.single("t.cu", source));
        assertTrue(r.ok(), r.render(true));
        CapturingConsole console = new CapturingConsole();
        try (VulkanDevice d = new VulkanDevice(VulkanCompute.open(true), console)) {
            d.load(Compiler.compileDevice(r, d.target()));
            ProgramRun run = new ProgramRun(r.module(), d, console, List.of("t"));
            while (true) {
                RunState s = run.resume(Long.MAX_VALUE >> 2);
                if (s instanceof RunState.Exited e) {
                    return new Run(e.status(), console.out.toString(), console.err.toString(),
                            d.compute().validationMessages(), d.compute().limits().maxWorkgroupCount().clone(), d.pipelineKeys());
                }
            }
        }
    }

    /**
     * 1-D grids of 65543 (prime: two padded rows) and 2^16 + 1 blocks and 131070 (two exact rows),
     * 2-D grids with a wide x (131075 x 3: 5 exact slices per row, past the fewest, 3; 65543 x 2: padded), one with z
     * (65537 x 2 x 2): each block counts itself at its linear index, and any block that sees a
     * gridDim other than the launch's, or a blockIdx past it, counts a fault.
     */
    @Test
    void everyBlockOnceWithItsIndex() {
        Run r = run("""
                #include <cstdio>
                __global__ void mark(unsigned* seen, unsigned* bad, unsigned gx, unsigned gy, unsigned gz) {
                  if (gridDim.x != gx || gridDim.y != gy || gridDim.z != gz || blockIdx.x >= gx || blockIdx.y >= gy
                      || blockIdx.z >= gz) {
                    atomicAdd(bad, 1u);
                    return;
                  }
                  unsigned b = (blockIdx.z * gy + blockIdx.y) * gx + blockIdx.x;
                  if (threadIdx.x == 0) atomicAdd(&seen[b], 1u);
                }
                int main() {
                  const unsigned xs[] = {65543, 65537, 131070, 131075, 65543, 65537};
                  const unsigned ys[] = {1, 1, 1, 3, 2, 2};
                  const unsigned zs[] = {1, 1, 1, 1, 1, 2};
                  static unsigned h[131075 * 3];
                  unsigned* bad;
                  cudaMalloc(&bad, sizeof(unsigned));
                  for (int g = 0; g < 6; g++) {
                    unsigned n = xs[g] * ys[g] * zs[g];
                    unsigned* seen;
                    cudaMalloc(&seen, n * sizeof(unsigned));
                    cudaMemset(seen, 0, n * sizeof(unsigned));
                    cudaMemset(bad, 0, sizeof(unsigned));
                    mark<<<dim3(xs[g], ys[g], zs[g]), 32>>>(seen, bad, xs[g], ys[g], zs[g]);
                    cudaError_t e = cudaDeviceSynchronize();
                    unsigned b;
                    cudaMemcpy(&b, bad, sizeof(unsigned), cudaMemcpyDeviceToHost);
                    cudaMemcpy(h, seen, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
                    unsigned once = 0, first = n;
                    for (unsigned i = 0; i < n; i++) {
                      if (h[i] == 1) once++;
                      else if (first == n) first = i;
                    }
                    printf("%u x %u x %u: %s, %u once, %u bad", xs[g], ys[g], zs[g], cudaGetErrorName(e), once, b);
                    if (first < n) printf(", block %u ran %u times", first, h[first]);
                    printf("\\n");
                    cudaFree(seen);
                  }
                  return 0;
                }
                """);
        assumeTrue((r.maxGroups()[0] & 0xFFFFFFFFL) < 65537, "the device dispatches these grids unfolded");
        assertEquals(0, r.status(), r.err());
        assertEquals("""
                65543 x 1 x 1: cudaSuccess, 65543 once, 0 bad
                65537 x 1 x 1: cudaSuccess, 65537 once, 0 bad
                131070 x 1 x 1: cudaSuccess, 131070 once, 0 bad
                131075 x 3 x 1: cudaSuccess, 393225 once, 0 bad
                65543 x 2 x 1: cudaSuccess, 131086 once, 0 bad
                65537 x 2 x 2: cudaSuccess, 262148 once, 0 bad
                """, r.out(), r.err());
        assertEquals(List.of(), r.validation());
    }

    /**
     * The vector add of 2^16 + 1 blocks without a guard: an array of exactly the grid's threads is
     * proven in bounds (the pipeline without checks) and written whole; one element short, the
     * proof fails and the last thread's write is an illegal address, as on an unfolded grid.
     */
    @Test
    void boundsProofsStayExact() {
        Run r = run("""
                #include <cstdio>
                __global__ void add(const float* a, const float* b, float* c) {
                  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
                  c[i] = a[i] + b[i];
                }
                int main() {
                  const unsigned blocks = 65537, n = blocks * 64;
                  float *a, *b, *c;
                  cudaMalloc(&a, n * sizeof(float));
                  cudaMalloc(&b, n * sizeof(float));
                  cudaMalloc(&c, n * sizeof(float));
                  static float h[65537 * 64];
                  for (unsigned i = 0; i < n; i++) h[i] = (float)(i % 1000);
                  cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);
                  cudaMemcpy(b, h, n * sizeof(float), cudaMemcpyHostToDevice);
                  add<<<blocks, 64>>>(a, b, c);
                  cudaError_t e = cudaDeviceSynchronize();
                  cudaMemcpy(h, c, n * sizeof(float), cudaMemcpyDeviceToHost);
                  unsigned right = 0;
                  for (unsigned i = 0; i < n; i++) right += h[i] == 2.0f * (float)(i % 1000);
                  printf("%s %u of %u\\n", cudaGetErrorName(e), right, n);
                  float* shorter;
                  cudaMalloc(&shorter, (n - 1) * sizeof(float));
                  add<<<blocks, 64>>>(a, b, shorter);
                  printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize()));
                  return 0;
                }
                """);
        assumeTrue((r.maxGroups()[0] & 0xFFFFFFFFL) < 65537, "the device dispatches this grid unfolded");
        assertEquals("cudaSuccess 4194368 of 4194368\ncudaErrorIllegalAddress\n", r.out(), r.err());
        assertTrue(r.err().contains("out-of-bounds write at t.cu:4"), r.err());
        // one row folded into two slices (the slices word 2^31), once proven and once checked
        assertEquals(java.util.Set.of("add|64,1,1|1|unchecked|2147483648", "add|64,1,1|1|2147483648"),
                r.pipelines().stream().map(k -> k.replaceFirst("^[^|]*add[^|]*", "add")).collect(java.util.stream.Collectors.toSet()));
    }
}
