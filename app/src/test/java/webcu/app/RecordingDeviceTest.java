package webcu.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;
import webcu.frontend.SourceSet;
import webcu.runtime.Console;
import webcu.runtime.DeviceDecorator;
import webcu.vm.CpuDevice;

/**
 * A real program on the CPU emulator behind the recorder: its launches and copies are recorded,
 * its output is the same as without the recorder, and the VM still links the kernels ahead of
 * the run through the decorator (an undefined device function is a link error, not a fault).
 */
class RecordingDeviceTest {
    private static final String PROGRAM = """
            #include <cstdio>
            __global__ void fill(int *a, int n)
            {
                int i = blockIdx.x * blockDim.x + threadIdx.x;
                if (i < n) a[i] = i;
            }
            __global__ void twice(int *a)
            {
                __shared__ int tile[64];
                extern __shared__ int more[];
                tile[threadIdx.x] = a[threadIdx.x];
                more[threadIdx.x] = 2;
                __syncthreads();
                a[threadIdx.x] = tile[threadIdx.x] * more[threadIdx.x];
            }
            int main()
            {
                int h[64];
                int *d, *e;
                cudaMalloc(&d, sizeof h);
                cudaMalloc(&e, sizeof h);
                cudaMemset(d, 0, sizeof h);
                cudaMemcpy(d, h, 16, cudaMemcpyHostToDevice);
                fill<<<2, 32>>>(d, 64);
                twice<<<1, 64, 64 * sizeof(int)>>>(d);
                twice<<<1, 64, 64 * sizeof(int)>>>(d);
                cudaMemcpy(e, d, sizeof h, cudaMemcpyDeviceToDevice);
                cudaMemcpy(h, e, sizeof h, cudaMemcpyDeviceToHost);
                printf("%d %d\\n", h[1], h[63]);
                return 0;
            }
            """;

    private final StringBuilder out = new StringBuilder();
    private final Console console = new Console() {
        @Override
        public void out(String text) {
            out.append(text);
        }

        @Override
        public void err(String text) {
            out.append(text);
        }
    };

    private int run(String source, LaunchLog log) {
        CompileResult r = Compiler.compile(SourceSet.single("main.cu", source));
        assertTrue(r.ok(), r.render(false));
        long[] now = {0};
        RecordingDevice device = new RecordingDevice(new CpuDevice(console), log, null, () -> now[0] += 1000);
        ProgramRun run = new ProgramRun(r.module(), device, console, List.of("main"));
        RunState s;
        do {
            s = run.resume(1_000_000);
        } while (s instanceof RunState.Running);
        return ((RunState.Exited) s).status();
    }

    @Test
    void recordsEachLaunchAndCopyOfARealProgram() {
        LaunchLog log = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
        assertEquals(0, run(PROGRAM, log), out.toString());
        assertEquals("4 252\n", out.toString());
        String json = log.toJson();
        assertTrue(json.contains("{\"kernel\":\"fill\",\"grid\":[2,1,1],\"block\":[32,1,1],\"dynamicShared\":0,\"staticShared\":0,"
                + "\"coarsening\":1,\"startMs\":0.0,\"ms\":0.001}"), json);
        assertTrue(json.contains("{\"kernel\":\"twice\",\"grid\":[1,1,1],\"block\":[64,1,1],\"dynamicShared\":256,\"staticShared\":256,"), json);
        assertTrue(json.contains("{\"kernel\":\"twice\",\"count\":2,\"timed\":2,"), json);
        assertTrue(json.contains("{\"kind\":\"H2D\",\"count\":1,\"bytes\":16,\"ms\":0.001}"), json);
        assertTrue(json.contains("{\"kind\":\"D2H\",\"count\":1,\"bytes\":256,"), json);
        assertTrue(json.contains("{\"kind\":\"D2D\",\"count\":1,\"bytes\":256,"), json);
        assertTrue(json.contains("{\"kind\":\"MEMSET\",\"count\":1,\"bytes\":256,"), json);
    }

    @Test
    void theVmStillLinksTheEmulatorsKernelsThroughTheRecorder() {
        String source = """
                __device__ int missing(int x);
                __global__ void k(int *a) { a[0] = missing(1); }
                int main() { int *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); cudaDeviceSynchronize(); return 0; }
                """;
        LaunchLog log = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
        int status = run(source, log);
        assertEquals(1, status, out.toString());
        assertTrue(out.toString().contains("undefined reference to 'missing' (in device code)"), out.toString());
    }

    @Test
    void theInnermostDeviceIsFoundThroughDecorators() {
        CpuDevice cpu = new CpuDevice(console);
        LaunchLog log = new LaunchLog("cpu", LaunchLog.Clock.EMULATOR);
        RecordingDevice twice = new RecordingDevice(new RecordingDevice(cpu, log, null, System::nanoTime), log, null, System::nanoTime);
        assertEquals(cpu, DeviceDecorator.innermost(twice));
    }
}
