package webcu.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;

/**
 * Whole CUDA programs on the runtime's Vulkan device (SwiftShader, under the validation layer):
 * allocations, copies and memsets, launches with scalars and struct-held pointers, device printf
 * printed at the synchronization, and faults reported as the WebGPU device reports them.
 */
class VulkanDeviceTest {
    /** {@code physical}: the device followed pointers read from memory as physical pointers (not heap mode). */
    record Run(int status, String out, String err, List<String> validation, boolean physical) {
        Run(int status, String out, String err, List<String> validation) {
            this(status, out, err, validation, false);
        }
    }

    private static Run run(String source) {
        return run(source, false);
    }

    /** {@code unmapped}: allocations in memory the host reaches only by copies, as on a discrete GPU. */
    private static Run run(String source, boolean unmapped) {
        return run(source, unmapped, true);
    }

    /** {@code physicalPointers}: allowed where the device has them (lavapipe), else heap mode on every device. */
    private static Run run(String source, boolean unmapped, boolean physicalPointers) {
        CompileResult r = Compiler.compile(SourceSet.single("t.cu", source));
        assertTrue(r.ok(), r.render(true));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        try (VulkanDevice d = new VulkanDevice(VulkanCompute.open(true, unmapped, physicalPointers), console)) {
            d.load(Compiler.compileDevice(r, d.target()));
            ProgramRun run = new ProgramRun(r.module(), d, console, List.of("t"));
            while (true) {
                RunState s = run.resume(Long.MAX_VALUE >> 2);
                if (s instanceof RunState.Exited e) {
                    return new Run(e.status(), out.toString(), err.toString(), d.compute().validationMessages(),
                            d.compute().physicalPointers());
                }
            }
        }
    }

    /**
     * Launches are recorded and run at the next synchronization (LaunchBatch), in order, each with its
     * own arguments (its uniform written in the command stream), in batches of 256: 600 launches with
     * no synchronization between them, each reading what the one before wrote and its own argument,
     * then a kernel with the same pointer twice (SpecId 5) and printf, each timed.
     */
    @Test
    void launchesRecordedUntilTheSynchronization() {
        CompileResult r = Compiler.compile(SourceSet.single("t.cu", """
                #include <cstdio>
                __global__ void step(int* a, int k) { int i = threadIdx.x; a[i] = a[i] * 3 % 1000003 + k; }
                __global__ void swap(const int* in, int* out) {
                  __shared__ int s[64];
                  s[threadIdx.x] = in[threadIdx.x];
                  __syncthreads();
                  out[63 - threadIdx.x] = s[threadIdx.x] + 1;
                }
                int main() {
                  int* a;
                  cudaMalloc(&a, 64 * sizeof(int));
                  cudaMemset(a, 0, 64 * sizeof(int));
                  for (int k = 0; k < 600; k++) step<<<1, 64>>>(a, k);
                  swap<<<1, 64>>>(a, a);
                  int h[64];
                  cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
                  printf("%d %d\\n", h[0], h[63]);
                  return 0;
                }
                """));
        assertTrue(r.ok(), r.render(true));
        long v = 0;
        for (int k = 0; k < 600; k++) {
            v = (v * 3 % 1000003 + k);
        }
        CapturingConsole console = new CapturingConsole();
        try (VulkanDevice d = new VulkanDevice(VulkanCompute.open(true), console)) {
            d.load(Compiler.compileDevice(r, d.target()));
            d.setKernelTiming(true);
            ProgramRun run = new ProgramRun(r.module(), d, console, List.of("t"));
            RunState s;
            do {
                s = run.resume(Long.MAX_VALUE >> 2);
            } while (!(s instanceof RunState.Exited));
            assertEquals(0, ((RunState.Exited) s).status(), console.err.toString());
            assertEquals((v + 1) + " " + (v + 1) + "\n", console.out.toString());
            assertEquals(List.of(), d.compute().validationMessages());
            if (d.canTimeKernels()) {
                assertEquals(601, d.kernelTimes().size());
                assertEquals("swap", d.kernelTimes().get(600).kernel());
            }
        }
    }

    /**
     * A discrete GPU's path: allocations the host cannot map, reached through the staging buffer
     * (copies both ways, memsets aligned and not, an overlapping device-to-device copy, managed memory).
     */
    @Test
    void unmappedMemoryThroughCopies() {
        Run r = run("""
                #include <cstdio>
                __global__ void add(int* a, int n, int k) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += k; }
                int main() {
                  const int n = 1000;
                  static int h[n];
                  for (int i = 0; i < n; i++) h[i] = i;
                  int* a;
                  cudaMalloc(&a, n * sizeof(int));
                  cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
                  add<<<4, 256>>>(a, n, 5);
                  cudaMemset(a + 10, 0, 3 * sizeof(int));
                  cudaMemset((char*)a + 1, 0x7F, 2);
                  cudaMemcpy(a + 100, a + 98, 50 * sizeof(int), cudaMemcpyDeviceToDevice);
                  cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
                  printf("%d %d %d %d %d %d %d\\n", h[0], h[9], h[10], h[13], h[99], h[100], h[999]);
                  int* m;
                  cudaMallocManaged(&m, 256 * sizeof(int));
                  for (int i = 0; i < 256; i++) m[i] = i;
                  add<<<1, 256>>>(m, 256, 1000);
                  cudaDeviceSynchronize();
                  printf("%d %d\\n", m[0], m[255]);
                  return 0;
                }
                """, true);
        assertEquals(0, r.status(), r.err());
        assertEquals((5 | 0x7F7F00) + " 14 0 18 104 103 1004\n1000 1255\n", r.out());
        assertEquals(List.of(), r.validation());
    }

    /** {@code run --kernel-times}: one GPU time per launch, in launch order, named by its kernel. */
    @Test
    void timesEachLaunchOnTheGpu() {
        CompileResult r = Compiler.compile(SourceSet.single("t.cu", """
                __global__ void inc(int* a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i]++; }
                __global__ void twice(int* a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] *= 2; }
                int main() {
                  int* a;
                  cudaMalloc(&a, 4096 * sizeof(int));
                  inc<<<16, 256>>>(a, 4096);
                  twice<<<16, 256>>>(a, 4096);
                  inc<<<16, 256>>>(a, 4096);
                  return cudaDeviceSynchronize();
                }
                """));
        assertTrue(r.ok(), r.render(true));
        CapturingConsole console = new CapturingConsole();
        try (VulkanDevice d = new VulkanDevice(VulkanCompute.open(true), console)) {
            assertTrue(d.canTimeKernels(), "SwiftShader's compute queue writes timestamps");
            d.load(Compiler.compileDevice(r, d.target()));
            d.setKernelTiming(true);
            ProgramRun run = new ProgramRun(r.module(), d, console, List.of("t"));
            RunState s;
            do {
                s = run.resume(Long.MAX_VALUE >> 2);
            } while (!(s instanceof RunState.Exited));
            assertEquals(0, ((RunState.Exited) s).status(), console.err.toString());
            List<webcu.runtime.TimedDevice.KernelTime> times = d.kernelTimes();
            assertEquals(List.of("inc", "twice", "inc"), times.stream().map(webcu.runtime.TimedDevice.KernelTime::kernel).toList());
            for (webcu.runtime.TimedDevice.KernelTime t : times) {
                assertTrue(t.nanoseconds() > 0 && t.nanoseconds() < 10e9, t.toString());
            }
            assertEquals(List.of(), d.compute().validationMessages());
        }
    }

    @Test
    void copiesLaunchesAndPrintf() {
        Run r = run("""
                #include <cstdio>
                struct Pair { const int* in; int* out; };
                __global__ void scale(Pair p, int n, int k) {
                  int i = blockIdx.x * blockDim.x + threadIdx.x;
                  if (i < n) p.out[i] = p.in[i] * k;
                  if (i == 5) printf("block %d thread %d\\n", blockIdx.x, threadIdx.x);
                }
                int main() {
                  const int n = 300;
                  int h[n];
                  for (int i = 0; i < n; i++) h[i] = i;
                  int *a, *b;
                  cudaMalloc(&a, n * sizeof(int));
                  cudaMalloc(&b, n * sizeof(int));
                  cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
                  cudaMemset(b, 0xFF, sizeof(h));
                  Pair p = {a + 1, b};
                  scale<<<3, 128>>>(p, n - 1, 3);
                  printf("host before sync\\n");
                  cudaDeviceSynchronize();
                  cudaMemcpy(a, b, sizeof(h), cudaMemcpyDeviceToDevice);
                  cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
                  long sum = 0;
                  for (int i = 0; i < n - 1; i++) sum += h[i];
                  printf("sum %ld last %d\\n", sum, h[n - 1]);
                  return 0;
                }
                """);
        assertEquals(0, r.status(), r.err());
        assertEquals("host before sync\nblock 0 thread 5\nsum " + 3L * (299 * 300 / 2) + " last -1\n", r.out());
        assertEquals(List.of(), r.validation());
    }

    /**
     * Whole structs loaded from and stored to a buffer (laid-out and plain types converted member by
     * member, since lavapipe cannot compile OpCopyLogical) and passed to a device function.
     */
    @Test
    void wholeStructCopies() {
        Run r = run("""
                #include <cstdio>
                struct V { float x, y; int n[2]; };
                __device__ V twice(V a) { V r = {2 * a.x, 2 * a.y, {a.n[1], a.n[0]}}; return r; }
                __global__ void k(V* p, int n) {
                  int i = threadIdx.x;
                  if (i < n) p[i] = twice(p[i]);
                }
                int main() {
                  V h[4] = {{1, 2, {3, 4}}, {3, 4, {5, 6}}, {5, 6, {7, 8}}, {7, 8, {9, 10}}};
                  V* d;
                  cudaMalloc(&d, sizeof(h));
                  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
                  k<<<1, 4>>>(d, 4);
                  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
                  printf("%g %g %g %d %d\\n", h[0].x, h[3].y, h[1].x, h[2].n[0], h[2].n[1]);
                  return 0;
                }
                """);
        assertEquals("2 16 6 8 7\n", r.out(), r.err());
        assertEquals(List.of(), r.validation());
    }

    @Test
    void outOfBoundsIsAnIllegalAddressAtItsLine() {
        Run r = run("""
                #include <cstdio>
                __global__ void k(int* p) {
                  p[threadIdx.x + 1000] = 1;
                }
                int main() {
                  int* p;
                  cudaMalloc(&p, 16 * sizeof(int));
                  k<<<1, 4>>>(p);
                  cudaError_t e = cudaDeviceSynchronize();
                  printf("%s\\n", cudaGetErrorName(e));
                  return 0;
                }
                """);
        assertEquals("cudaErrorIllegalAddress\n", r.out(), r.err());
        assertTrue(r.err().contains("out-of-bounds write at t.cu:3"), r.err());
    }

    /**
     * Heap mode (pointers read from memory): a linked list built by the host in device memory is
     * followed, pointers are stored by the kernel and read back by the host as device addresses,
     * a device variable holds the list's head; on mapped memory and through copies (a discrete
     * GPU), each on SwiftShader, which lacks Int64 (the addresses are u32 pairs there).
     */
    @Test
    void pointersReadFromMemory() {
        String source = """
                #include <cstdio>
                struct Node { int value; Node* next; };
                __device__ Node* head;
                __global__ void setHead(Node* n) { head = n; }
                __global__ void walk(int* sum, Node** last, int* before) {
                  int s = 0;
                  Node* n = head;
                  while (n->next) { s += n->value; n = n->next; }
                  *sum = s + n->value;
                  *last = n;
                  before[threadIdx.x] += 1;
                }
                int main() {
                  const int count = 10;
                  int* before;
                  cudaMalloc(&before, 4 * sizeof(int));
                  cudaMemset(before, 0, 4 * sizeof(int));
                  Node* nodes;
                  cudaMalloc(&nodes, count * sizeof(Node));
                  Node h[count];
                  for (int i = 0; i < count; i++) { h[i].value = i + 1; h[i].next = i + 1 < count ? nodes + i + 1 : nullptr; }
                  cudaMemcpy(nodes, h, sizeof(h), cudaMemcpyHostToDevice);
                  int* sum;
                  Node** last;
                  cudaMalloc(&sum, sizeof(int));
                  cudaMalloc(&last, sizeof(Node*));
                  setHead<<<1, 1>>>(nodes);
                  walk<<<1, 4>>>(sum, last, before);
                  int s, b[4];
                  Node* l;
                  cudaMemcpy(&s, sum, sizeof(int), cudaMemcpyDeviceToHost);
                  cudaMemcpy(&l, last, sizeof(Node*), cudaMemcpyDeviceToHost);
                  cudaMemcpy(b, before, sizeof(b), cudaMemcpyDeviceToHost);
                  printf("%d %d %d %d\\n", s, (int)(l - nodes), b[0], b[3]);
                  return 0;
                }
                """;
        for (boolean unmapped : new boolean[] {false, true}) {
            for (boolean physical : new boolean[] {true, false}) {
                Run r = run(source, unmapped, physical);
                assertEquals(0, r.status(), r.err());
                assertEquals("55 9 1 1\n", r.out(), r.err());
                assertEquals(List.of(), r.validation());
                assertEquals(physical && physicalPointersHere(), r.physical());
            }
        }
    }

    /**
     * A list through 21 allocations, more than the allocation table's 16 entries searched without a
     * loop (SpirvPhysical.UNROLLED): the loop's search finds each, in both paths.
     */
    @Test
    void listThroughManyAllocations() {
        String source = """
                #include <cstdio>
                struct Node { int value; Node* next; };
                __global__ void walk(Node* head, int* sum) {
                  int s = 0;
                  for (Node* n = head; n; n = n->next) s += n->value;
                  *sum = s;
                }
                int main() {
                  const int count = 20;
                  Node* d[count];
                  for (int i = 0; i < count; i++) cudaMalloc(&d[i], sizeof(Node));
                  for (int i = 0; i < count; i++) {
                    Node h;
                    h.value = i + 1;
                    h.next = i + 1 < count ? d[i + 1] : nullptr;
                    cudaMemcpy(d[i], &h, sizeof(h), cudaMemcpyHostToDevice);
                  }
                  int* sum;
                  cudaMalloc(&sum, sizeof(int));
                  walk<<<1, 1>>>(d[0], sum);
                  int s;
                  cudaMemcpy(&s, sum, sizeof(int), cudaMemcpyDeviceToHost);
                  printf("%d\\n", s);
                  return 0;
                }
                """;
        for (boolean physical : new boolean[] {true, false}) {
            Run r = run(source, false, physical);
            assertEquals("210\n", r.out(), r.err());
            assertEquals(List.of(), r.validation());
            assertEquals(physical && physicalPointersHere(), r.physical());
        }
    }

    /** Whether this test's device has physical pointers (bufferDeviceAddress and Int64: lavapipe, not SwiftShader). */
    private static boolean physicalPointersHere() {
        try (VulkanCompute vk = VulkanCompute.open(false, false, true)) {
            return vk.physicalPointers();
        }
    }

    /**
     * Physical pointers check each access against its own allocation: a pointer read from memory
     * one element past an allocation's end is an illegal address at its line, where heap mode
     * (whose bounds are the heap's) reads the gap after the allocation. Both wrote every node's
     * value first, through the kernel's own pointers, and the sum of the nodes inside is right.
     */
    @Test
    void pointerPastItsAllocation() {
        String source = """
                #include <cstdio>
                struct Node { int value; Node* next; };
                __global__ void k(Node* nodes, int* out) {
                  int s = 0;
                  for (Node* n = nodes; n; n = n->next) {
                    s += n->value;
                  }
                  *out = s;
                }
                int main() {
                  Node h[3];
                  Node* d;
                  cudaMalloc(&d, 2 * sizeof(Node));
                  h[0].value = 1; h[0].next = d + 1;
                  h[1].value = 2; h[1].next = d + 2;
                  int* out;
                  cudaMalloc(&out, sizeof(int));
                  cudaMemcpy(d, h, 2 * sizeof(Node), cudaMemcpyHostToDevice);
                  k<<<1, 1>>>(d, out);
                  printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize()));
                  return 0;
                }
                """;
        Run r = run(source, false, true);
        assertEquals(List.of(), r.validation());
        if (r.physical()) {
            assertEquals("cudaErrorIllegalAddress\n", r.out(), r.err());
            assertTrue(r.err().contains("out-of-bounds read at t.cu:6"), r.err());
        }
    }

    /** Following a null pointer read from memory leaves the heap: an illegal address at its line, as on WebGPU. */
    @Test
    void nullPointerReadFromMemoryIsAnIllegalAddress() {
        for (boolean physical : new boolean[] {true, false}) {
            Run r = run("""
                    #include <cstdio>
                    struct Node { int value; Node* next; };
                    __global__ void k(Node* n, int* out) {
                      *out = n->next->value;
                    }
                    int main() {
                      Node* n;
                      int* out;
                      cudaMalloc(&n, sizeof(Node));
                      cudaMalloc(&out, sizeof(int));
                      cudaMemset(n, 0, sizeof(Node));
                      k<<<1, 1>>>(n, out);
                      printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize()));
                      return 0;
                    }
                    """, false, physical);
            assertEquals("cudaErrorIllegalAddress\n", r.out(), r.err());
            assertTrue(r.err().contains("out-of-bounds read at t.cu:4"), r.err());
            assertEquals(physical && physicalPointersHere(), r.physical());
            assertEquals(List.of(), r.validation());
        }
    }

    @Test
    void failedAssertion() {
        Run r = run("""
                #include <cstdio>
                #include <cassert>
                __global__ void k(int n) { assert(threadIdx.x != n); }
                int main() {
                  k<<<1, 8>>>(3);
                  printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize()));
                  return 0;
                }
                """);
        assertEquals("cudaErrorAssert\n", r.out(), r.err());
        assertTrue(r.err().contains("t.cu:3: k: block: [0,0,0], thread: [3,0,0] Assertion `threadIdx.x != n` failed."), r.err());
    }

    /** A kernel the SPIR-V writer cannot express fails its launch with the writer's diagnostic, not a crash. */
    @Test
    void anUnsupportedKernelIsADiagnostic() {
        Run r = run("""
                #include <cstdio>
                __global__ void k(float* p) { p[0] = lgammaf(p[0]); }
                int main() {
                  float* p;
                  cudaMalloc(&p, 4);
                  k<<<1, 1>>>(p);
                  printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize()));
                  return 0;
                }
                """);
        assertTrue(r.err().contains("not supported on Vulkan (SPIR-V) yet"), r.err());
        assertTrue(!r.out().contains("cudaSuccess"), r.out());
    }
}
