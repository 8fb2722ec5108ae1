package webcu.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.frontend.SourceSet;
import webcu.runtime.CapturingConsole;
import webcu.vm.CpuDevice;
import webcu.vm.ProgramRun;
import webcu.vm.RunState;
import webcu.wgsl.WgslBackend;

/**
 * The CUDA headers beyond the runtime's core, as programs use them: cooperative groups in the
 * styles of NVIDIA's reduction samples, cuda_fp16.h, the occupancy and attribute API, and HIP.
 * Each program runs on the CPU device; its kernels must also lower to WGSL. Expected values: the
 * cuda_fp16 table is nvcc 13's host output on this machine; float reductions were recomputed in
 * float32 in CUDA's order of operations; the rest follows from the inputs.
 */
class CudaLibraryProgramsTest {
    record Run(String out, String err, int status) {}

    private static CompileResult compile(String source) {
        SourceSet set = new SourceSet();
        set.file("main.cu", source, true);
        return Compiler.compile(set);
    }

    private static Run run(String source) {
        CompileResult r = compile(source);
        assertTrue(r.ok(), r.render(false));
        CapturingConsole console = new CapturingConsole();
        StringBuilder out = console.out;
        StringBuilder err = console.err;
        ProgramRun run = new ProgramRun(r.module(), new CpuDevice(console), console, List.of("prog"));
        RunState state;
        do {
            state = run.resume(100_000_000);
        } while (!(state instanceof RunState.Exited));
        return new Run(out.toString(), err.toString(), ((RunState.Exited) state).status());
    }

    /** The kernels lower for WebGPU without a diagnostic (Tint's own checks run in the browser tests). */
    private static void lowersToWgsl(String source) {
        CompileResult r = compile(source);
        assertTrue(r.ok(), r.render(false));
        Diagnostics d = new Diagnostics();
        WgslBackend.compile(r.module(), d);
        assertFalse(d.hasErrors(), () -> d.all().toString());
    }

    private static final String CG_REDUCE_SUM = """
        #include <cstdio>
        #include <cooperative_groups.h>
        namespace cg = cooperative_groups;

        // The CUDA Programming Guide's reduce_sum over any thread group.
        __device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
            int lane = g.thread_rank();
            for (int i = g.size() / 2; i > 0; i /= 2) {
                temp[lane] = val;
                g.sync();
                if (lane < i) val += temp[lane + i];
                g.sync();
            }
            return val;
        }

        __global__ void sum_kernel_block(int *sum, const int *input, int n) {
            __shared__ int temp[256];
            cg::thread_block block = cg::this_thread_block();
            int idx = block.group_index().x * block.size() + block.thread_rank();
            int v = idx < n ? input[idx] : 0;
            int block_sum = reduce_sum(block, temp, v);
            if (block.thread_rank() == 0) atomicAdd(sum, block_sum);
        }

        __global__ void tiles(int *out) {
            cg::thread_block block = cg::this_thread_block();
            cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
            cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
            int v = block.thread_rank();
            for (int o = warp.size() / 2; o > 0; o /= 2) v += warp.shfl_down(v, o);
            if (warp.thread_rank() == 0) out[warp.meta_group_rank()] = v;
            unsigned b = t8.ballot(t8.thread_rank() % 3 == 0);
            int picked = t8.shfl(t8.thread_rank() * 10 + t8.meta_group_rank(), 2);
            if (block.thread_rank() < 16) out[8 + block.thread_rank()] = b * 1000 + picked;
            int any = t8.any(block.thread_rank() == 5), all = t8.all(block.thread_rank() < 12);
            if (t8.thread_rank() == 0) out[24 + t8.meta_group_rank()] = any * 10 + all;
            cg::thread_group g4 = cg::tiled_partition(block, 4);
            int up = warp.shfl_up(v, 1), x = warp.shfl_xor((int)block.thread_rank(), 1);
            if (block.thread_rank() == 33) out[32] = g4.thread_rank() * 1000 + g4.size() * 100 + x;
            if (block.thread_rank() == 0) out[33] = up == v;
            cg::sync(block);
            if (block.thread_rank() == 0) out[34] = t8.meta_group_size() * 100 + block.dim_threads().x;
        }

        int main() {
            const int n = 1000;
            int h[n];
            for (int i = 0; i < n; i++) h[i] = i;
            int *d, *s;
            cudaMalloc(&d, sizeof h);
            cudaMalloc(&s, sizeof(int));
            cudaMemset(s, 0, sizeof(int));
            cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
            sum_kernel_block<<<(n + 255) / 256, 256>>>(s, d, n);
            int r;
            cudaMemcpy(&r, s, sizeof r, cudaMemcpyDeviceToHost);
            printf("sum %d\\n", r);
            int *o;
            cudaMalloc(&o, 64 * sizeof(int));
            cudaMemset(o, 0, 64 * sizeof(int));
            tiles<<<1, 64>>>(o);
            int ho[64];
            cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
            for (int i = 0; i < 35; i++) printf("%d ", ho[i]);
            printf("\\n");
            return 0;
        }
        """;

    @Test
    void cooperativeGroups_blockTilesAndDynamicGroups() {
        Run r = run(CG_REDUCE_SUM);
        assertEquals("", r.err());
        assertEquals("sum 499500\n"
                + "496 1520 0 0 0 0 0 0 73020 73020 73020 73020 73020 73020 73020 73020 "
                + "73021 73021 73021 73021 73021 73021 73021 73021 11 0 0 0 0 0 0 0 1432 1 864 \n", r.out());
        lowersToWgsl(CG_REDUCE_SUM);
    }

    private static final String CG_REDUCE = """
        #include <cstdio>
        #include <cooperative_groups.h>
        #include <cooperative_groups/reduce.h>
        namespace cg = cooperative_groups;

        __global__ void reduce_tiles(const float *in, float *out, int *iout) {
            cg::thread_block block = cg::this_thread_block();
            cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
            float v = in[block.thread_rank()];
            float s = cg::reduce(tile, v, cg::plus<float>());
            float mx = cg::reduce(tile, v, cg::greater<float>());
            float mn = cg::reduce(tile, v, cg::less<float>());
            auto t4 = cg::tiled_partition<4>(block);
            iout[block.thread_rank()] = cg::inclusive_scan(t4, (int)block.thread_rank());
            iout[64 + block.thread_rank()] = cg::exclusive_scan(t4, 1);
            unsigned bits = cg::reduce(tile, 1u << (block.thread_rank() % 32), cg::bit_or<unsigned>());
            if (tile.thread_rank() == 0) {
                out[tile.meta_group_rank() * 3] = s;
                out[tile.meta_group_rank() * 3 + 1] = mx;
                out[tile.meta_group_rank() * 3 + 2] = mn;
                iout[128 + tile.meta_group_rank()] = bits == 0xffffffffu;
            }
        }

        __global__ void coalesced(int *out) {
            if (threadIdx.x % 3 == 0) {
                cg::coalesced_group active = cg::coalesced_threads();
                int s = cg::reduce(active, (int)threadIdx.x, cg::plus<int>());
                int first = active.shfl((int)threadIdx.x, 0);
                unsigned late = active.ballot(threadIdx.x > 40);
                if (active.thread_rank() == 0) out[threadIdx.x / 32] = s * 100 + active.size();
                if (active.thread_rank() == 1) out[2 + threadIdx.x / 32] = first * 100 + late;
            }
        }

        int main() {
            float h[64];
            for (int i = 0; i < 64; i++) h[i] = 1.0f / (i + 1) * ((i % 5) - 2);
            float *d, *o;
            int *io;
            cudaMalloc(&d, sizeof h);
            cudaMalloc(&o, 6 * sizeof(float));
            cudaMalloc(&io, 130 * sizeof(int));
            cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
            reduce_tiles<<<1, 64>>>(d, o, io);
            float ho[6];
            int hi[130];
            cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
            cudaMemcpy(hi, io, sizeof hi, cudaMemcpyDeviceToHost);
            for (int i = 0; i < 6; i++) printf("%.9g\\n", ho[i]);
            for (int i = 0; i < 8; i++) printf("%d ", hi[i]);
            for (int i = 64; i < 72; i++) printf("%d ", hi[i]);
            printf("%d %d\\n", hi[128], hi[129]);
            int *c;
            cudaMalloc(&c, 4 * sizeof(int));
            coalesced<<<1, 64>>>(c);
            int hc[4];
            cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
            printf("%d %d %d %d\\n", hc[0], hc[1], hc[2], hc[3]);
            return 0;
        }
        """;

    @Test
    void cooperativeGroups_reduceAndScan_inCudasOrderOfOperations() {
        Run r = run(CG_REDUCE);
        assertEquals("", r.err());
        // Sums: the shfl_xor butterfly (16, 8, 4, 2, 1) in float32, as cooperative_groups does it.
        assertEquals("-2.2342639\n0.400000006\n-2\n0.0300172009\n0.0571428575\n-0.055555556\n"
                + "0 1 3 6 4 9 15 22 0 1 2 3 0 1 2 3 1 1\n"
                + "16511 52811 0 5340\n", r.out());
    }

    @Test
    void cooperativeGroups_gridSyncIsReportedAtItsCall() {
        CompileResult c = compile("""
            #include <cooperative_groups.h>
            namespace cg = cooperative_groups;
            __global__ void k(int *x) {
                cg::grid_group grid = cg::this_grid();
                x[grid.thread_rank()] = 1;
                grid.sync();
            }
            int main() { int *d; cudaMalloc(&d, 64); k<<<1, 16>>>(d); cudaDeviceSynchronize(); return 0; }
            """);
        assertTrue(c.ok(), c.render(false));
        Run r = run("""
            #include <cooperative_groups.h>
            namespace cg = cooperative_groups;
            __global__ void k(int *x) {
                cg::grid_group grid = cg::this_grid();
                x[grid.thread_rank()] = 1;
                grid.sync();
            }
            int main() { int *d; cudaMalloc(&d, 64); k<<<1, 16>>>(d); cudaDeviceSynchronize(); return 0; }
            """);
        assertTrue(r.err().contains("main.cu:6:") && r.err().contains("undefined reference to 'sync'"), r.err());
        assertTrue(r.status() != 0);
    }

    @Test
    void namespaceAlias_atFileAndBlockScope() {
        Run r = run("""
            #include <cstdio>
            namespace outer { namespace inner { int twice(int x) { return 2 * x; } struct P { int v; }; } }
            namespace oi = outer::inner;
            int main() {
                namespace o = outer;
                oi::P p;
                p.v = oi::twice(4);
                printf("%d %d\\n", p.v, o::inner::twice(p.v));
                return 0;
            }
            """);
        assertEquals("8 16\n", r.out());
    }

    private static final String FP16 = """
        #include <cstdio>
        #include <cuda_fp16.h>

        __global__ void haxpy(const __half *x, __half *y, __half a, int n, float *probe) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) y[i] = a * x[i] + y[i];
            __half2 p = __floats2half2_rn(1.5f, -2.25f);
            __half2 q = __hadd2(__hmul2(p, p), __half2half2(__float2half(0.5f)));
            if (i == 0) { probe[0] = __low2float(q); probe[1] = __high2float(q); }
        }

        __global__ void warp_sum(const __half *x, float *out) {
            __half v = x[threadIdx.x];
            for (int o = 16; o > 0; o /= 2) v = __hadd(v, __shfl_down_sync(0xffffffffu, v, o));
            if (threadIdx.x == 0) out[0] = __half2float(v);
        }

        int main() {
            float tests[] = {0.1f, 1.0f / 3, 65504.0f, 65519.99f, 65520.0f, 1e-8f, 5.96e-8f, 2.98023224e-8f,
                             -0.0f, 3.0e-5f, 6.1e-5f, 1e10f, 1.00048828125f, 1.00146484375f};
            for (float t : tests) {
                __half h = __float2half(t);
                printf("%.10g -> %04x -> %.10g rz %04x\\n", t, __half_as_ushort(h), __half2float(h),
                       __half_as_ushort(__float2half_rz(t)));
            }
            __half nan = __float2half(0.0f / 0.0f);
            printf("nan %04x %d %g\\n", __half_as_ushort(nan), __hisnan(nan), __half2float(nan));
            __half a = 1.5f, b = 2;
            a += b;
            __half c;
            c = 0.1;
            c = c * a - b / a;
            printf("%g %g %d %d\\n", __half2float(a), __half2float(c), a > b, a == __float2half(3.5f));
            const int n = 64;
            __half hx[n], hy[n];
            for (int i = 0; i < n; i++) { hx[i] = __float2half(i * 0.1f); hy[i] = __float2half(1.0f / (i + 1)); }
            __half *dx, *dy;
            float *probe;
            cudaMalloc(&dx, sizeof hx);
            cudaMalloc(&dy, sizeof hy);
            cudaMalloc(&probe, 2 * sizeof(float));
            cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
            cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice);
            haxpy<<<2, 32>>>(dx, dy, __float2half(0.7f), n, probe);
            cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost);
            float s[2];
            cudaMemcpy(s, probe, sizeof s, cudaMemcpyDeviceToHost);
            float total = 0;
            for (int i = 0; i < n; i++) total += __half2float(hy[i]);
            printf("%.8g %04x %04x %g %g sizeof %zu %zu\\n", total, __half_as_ushort(hy[5]), __half_as_ushort(hy[63]),
                   s[0], s[1], sizeof(__half), sizeof(__half2));
            warp_sum<<<1, 32>>>(dx, probe);
            cudaMemcpy(s, probe, sizeof(float), cudaMemcpyDeviceToHost);
            printf("warp sum %.8g\\n", s[0]);
            return 0;
        }
        """;

    @Test
    void fp16_conversionsAndArithmeticAreBitExact() {
        Run r = run(FP16);
        assertEquals("", r.err());
        assertEquals("""
            0.1000000015 -> 2e66 -> 0.09997558594 rz 2e66
            0.3333333433 -> 3555 -> 0.3332519531 rz 3555
            65504 -> 7bff -> 65504 rz 7bff
            65519.98828 -> 7bff -> 65504 rz 7bff
            65520 -> 7c00 -> inf rz 7bff
            9.999999939e-09 -> 0000 -> 0 rz 0000
            5.960000138e-08 -> 0001 -> 5.960464478e-08 rz 0000
            2.980232239e-08 -> 0000 -> 0 rz 0000
            -0 -> 8000 -> -0 rz 8000
            2.999999924e-05 -> 01f7 -> 2.998113632e-05 rz 01f7
            6.099999882e-05 -> 03ff -> 6.097555161e-05 rz 03ff
            1e+10 -> 7c00 -> inf rz 7bff
            1.000488281 -> 3c00 -> 1 rz 3c00
            1.001464844 -> 3c02 -> 1.001953125 rz 3c01
            nan 7fff 1 nan
            3.5 -0.221436 1 1
            145.896 3822 446d 2.75 5.5625 sizeof 2 4
            warp sum 49.59375
            """, r.out());
        lowersToWgsl(FP16);
    }

    private static final String RUNTIME_API = """
        #include <cstdio>
        #include <cuda_profiler_api.h>
        __global__ void scale(float *x, int n, float a) {
            __shared__ float tile[256];
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            tile[threadIdx.x] = i < n ? x[i] : 0.0f;
            __syncthreads();
            if (i < n) x[i] = tile[threadIdx.x] * a;
        }
        __global__ void dyn(float *x) { extern __shared__ float s[]; s[threadIdx.x] = threadIdx.x; __syncthreads(); x[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x]; }
        int main() {
            cudaDeviceProp prop;
            cudaGetDeviceProperties(&prop, 0);
            printf("sizeof(cudaDeviceProp)=%zu warp=%d smem=%zu optin=%zu maxThr/SM=%d blocks/SM=%d\\n", sizeof(prop), prop.warpSize,
                prop.sharedMemPerBlock, prop.sharedMemPerBlockOptin, prop.maxThreadsPerMultiProcessor, prop.maxBlocksPerMultiProcessor);
            int v = 0;
            cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, 0); printf("clock>0 %d\\n", v > 0);
            cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0); printf("smem/SM %d\\n", v);
            int nb = 0;
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, scale, 256, 0); printf("occupancy(256) %d\\n", nb);
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, dyn, 128, 40000); printf("occupancy(dyn 40000) %d\\n", nb);
            int minGrid = 0, bs = 0;
            cudaOccupancyMaxPotentialBlockSize(&minGrid, &bs, scale, 0, 0); printf("potential %d %d\\n", minGrid / prop.multiProcessorCount, bs);
            cudaFuncAttributes fa;
            cudaError_t e = cudaFuncGetAttributes(&fa, scale);
            printf("%s shared=%zu maxThreads=%d maxDyn=%d\\n", cudaGetErrorName(e), fa.sharedSizeBytes, fa.maxThreadsPerBlock, fa.maxDynamicSharedSizeBytes);
            printf("%s\\n", cudaGetErrorName(cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000)));
            printf("%s\\n", cudaGetErrorName(cudaGetLastError()));
            printf("%s\\n", cudaGetErrorName(cudaFuncSetCacheConfig(scale, cudaFuncCachePreferL1)));
            printf("%s\\n", cudaGetErrorName(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync)));
            unsigned fl; cudaGetDeviceFlags(&fl); printf("flags %u\\n", fl);
            size_t lim; cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize); printf("heap %zu\\n", lim);
            cudaDeviceSetLimit(cudaLimitStackSize, 4096); cudaDeviceGetLimit(&lim, cudaLimitStackSize); printf("stack %zu\\n", lim);
            cudaProfilerStart();
            float *d; size_t pitch;
            cudaMallocPitch(&d, &pitch, 10 * sizeof(float), 4);
            cudaMemset2D(d, pitch, 0, 10 * sizeof(float), 4);
            float h[40]; for (int i = 0; i < 40; i++) h[i] = i;
            cudaMemcpy2D(d, pitch, h, 10 * sizeof(float), 10 * sizeof(float), 4, cudaMemcpyHostToDevice);
            cudaStream_t st; cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
            cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
            cudaEventRecord(a, st);
            float sc = 2.0f; int n = 10;
            for (int r = 0; r < 4; r++) { float *row = (float *)((char *)d + r * pitch); void *args[] = {&row, &n, &sc}; cudaLaunchKernel((const void *)scale, dim3(1), dim3(256), args, 0, st); }
            cudaEventRecord(b, st);
            cudaEventSynchronize(b);
            float ms = -1; cudaEventElapsedTime(&ms, a, b); printf("elapsed>=0 %d\\n", ms >= 0);
            cudaMemcpy2DAsync(h, 10 * sizeof(float), d, pitch, 10 * sizeof(float), 4, cudaMemcpyDeviceToHost, st);
            cudaStreamSynchronize(st);
            printf("%g %g %g\\n", h[0], h[11], h[39]);
            cudaProfilerStop();
            int drv, rtv; cudaDriverGetVersion(&drv); cudaRuntimeGetVersion(&rtv); printf("%d %d\\n", drv, rtv);
            size_t fr, tot; cudaMemGetInfo(&fr, &tot); printf("free<=total %d\\n", fr <= tot);
            float *hp; cudaHostAlloc(&hp, 64, cudaHostAllocDefault); cudaFreeHost(hp);
            cudaStreamDestroy(st); cudaEventDestroy(a); cudaEventDestroy(b); cudaFree(d);
            printf("%s\\n", cudaGetErrorName(cudaPeekAtLastError()));
            return 0;
        }
        """;

    @Test
    void runtimeApi_propertiesOccupancyAttributesPitchedCopiesStreamsAndEvents() {
        Run r = run(RUNTIME_API);
        assertEquals("", r.err());
        // sizeof(cudaDeviceProp) is nvcc 13's; occupancy follows from 2048 threads, 32 blocks and
        // 228 KiB per multiprocessor (40000 + 1024 reserved bytes per block: 5 blocks).
        assertEquals("""
            sizeof(cudaDeviceProp)=1008 warp=32 smem=49152 optin=49152 maxThr/SM=2048 blocks/SM=32
            clock>0 1
            smem/SM 233472
            occupancy(256) 8
            occupancy(dyn 40000) 5
            potential 2 1024
            cudaSuccess shared=1024 maxThreads=1024 maxDyn=48128
            cudaErrorInvalidValue
            cudaErrorInvalidValue
            cudaSuccess
            cudaSuccess
            flags 12
            heap 8388608
            stack 4096
            elapsed>=0 1
            0 22 78
            13000 13000
            free<=total 1
            cudaSuccess
            """, r.out());
    }

    private static final String HIP = """
        #include <hip/hip_runtime.h>
        #include <cstdio>
        #define HIP_CHECK(cmd) do { hipError_t e = (cmd); if (e != hipSuccess) { printf("error %s at %d\\n", hipGetErrorString(e), __LINE__); return 1; } } while (0)
        __constant__ float coeff[4];
        __device__ int counter;
        __global__ void saxpy(const float *x, float *y, int n) {
            HIP_DYNAMIC_SHARED(float, cache)
            int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
            cache[hipThreadIdx_x] = i < n ? x[i] : 0.0f;
            __syncthreads();
            if (i < n) { y[i] = coeff[0] * cache[hipThreadIdx_x] + y[i]; atomicAdd(&counter, 1); }
        }
        __global__ void warpsum(int *out) {
            int v = threadIdx.x;
            for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
            unsigned long long b = __ballot(threadIdx.x % 2);
            if (threadIdx.x == 0) { out[0] = v; out[1] = (int)(b & 0xffffffffu); out[2] = __all(threadIdx.x < 32); }
        }
        int main() {
            int count = 0; HIP_CHECK(hipGetDeviceCount(&count)); HIP_CHECK(hipSetDevice(0));
            hipDeviceProp_t prop; HIP_CHECK(hipGetDeviceProperties(&prop, 0));
            printf("devices>=1 %d warp %d clock>0 %d\\n", count >= 1, prop.warpSize, prop.clockRate > 0);
            const int n = 300;
            float hx[n], hy[n]; for (int i = 0; i < n; i++) { hx[i] = i; hy[i] = 1; }
            float c[4] = {2, 0, 0, 0};
            HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coeff), c, sizeof c));
            HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coeff), c, sizeof(float), 0, hipMemcpyHostToDevice));
            float *dx, *dy; HIP_CHECK(hipMalloc(&dx, n * sizeof(float))); HIP_CHECK(hipMalloc(&dy, n * sizeof(float)));
            hipStream_t s; HIP_CHECK(hipStreamCreate(&s));
            hipEvent_t a, b; HIP_CHECK(hipEventCreate(&a)); HIP_CHECK(hipEventCreate(&b));
            HIP_CHECK(hipMemcpyAsync(dx, hx, n * sizeof(float), hipMemcpyHostToDevice, s));
            HIP_CHECK(hipMemcpyAsync(dy, hy, n * sizeof(float), hipMemcpyHostToDevice, s));
            HIP_CHECK(hipEventRecord(a, s));
            hipLaunchKernelGGL(saxpy, dim3((n + 127) / 128), dim3(128), 128 * sizeof(float), s, dx, dy, n);
            HIP_CHECK(hipGetLastError());
            int nn = n; void *args[] = {&dx, &dy, &nn};
            HIP_CHECK(hipLaunchKernel((const void *)saxpy, dim3((n + 127) / 128), dim3(128), args, 128 * sizeof(float), s));
            HIP_CHECK(hipEventRecord(b, s));
            HIP_CHECK(hipEventSynchronize(b));
            float ms; HIP_CHECK(hipEventElapsedTime(&ms, a, b));
            HIP_CHECK(hipMemcpy(hy, dy, n * sizeof(float), hipMemcpyDeviceToHost));
            int cnt = 0; HIP_CHECK(hipMemcpyFromSymbol(&cnt, HIP_SYMBOL(counter), sizeof(int)));
            int *cp; HIP_CHECK(hipGetSymbolAddress((void **)&cp, HIP_SYMBOL(counter)));
            printf("y[0]=%g y[299]=%g count=%d addr!=0 %d\\n", hy[0], hy[299], cnt, cp != 0);
            int *dout; HIP_CHECK(hipMalloc(&dout, 3 * sizeof(int)));
            hipLaunchKernelGGL(warpsum, 1, 32, 0, 0, dout);
            int ho[3]; HIP_CHECK(hipMemcpy(ho, dout, sizeof ho, hipMemcpyDeviceToHost));
            printf("%d %x %d\\n", ho[0], ho[1], ho[2]);
            float *pinned; HIP_CHECK(hipHostMalloc(&pinned, 64)); HIP_CHECK(hipHostMalloc(&pinned, 64, hipHostMallocDefault)); HIP_CHECK(hipHostFree(pinned));
            HIP_CHECK(hipDeviceSynchronize());
            printf("%s %s\\n", hipGetErrorName(hipErrorInvalidValue), hipGetErrorString(hipSuccess));
            HIP_CHECK(hipStreamDestroy(s)); HIP_CHECK(hipEventDestroy(a)); HIP_CHECK(hipEventDestroy(b));
            HIP_CHECK(hipFree(dx)); HIP_CHECK(hipFree(dy)); HIP_CHECK(hipFree(dout));
            return 0;
        }
        """;

    @Test
    void hip_theRuntimeSubsetUnderHipNames() {
        Run r = run(HIP);
        assertEquals("", r.err());
        assertEquals("""
            devices>=1 1 warp 32 clock>0 1
            y[0]=1 y[299]=1197 count=600 addr!=0 1
            496 aaaaaaaa 1
            cudaErrorInvalidValue no error
            """, r.out());
        lowersToWgsl(HIP);
    }

    @Test
    void driverApi_theCallsThatNeedNoModules() {
        Run r = run("""
            #include <cuda.h>
            #include <vector_types.h>
            #include <cstdio>
            __global__ void inc(int *p) { p[threadIdx.x] += 1; }
            int main() {
                CUresult r = cuInit(0);
                int n = 0, ver = 0; cuDeviceGetCount(&n); cuDriverGetVersion(&ver);
                CUdevice dev; cuDeviceGet(&dev, 0);
                char name[64]; cuDeviceGetName(name, sizeof name, dev);
                int major, minor; cuDeviceComputeCapability(&major, &minor, dev);
                int warp; cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev);
                CUdeviceptr d; cuMemAlloc(&d, 4 * sizeof(int)); cuMemsetD8(d, 0, 16);
                int h[4] = {1, 2, 3, 4}; cuMemcpyHtoD(d, h, sizeof h);
                inc<<<1, 4>>>((int *)d); cuCtxSynchronize();
                cuMemcpyDtoH(h, d, sizeof h); cuMemFree(d);
                const char *en, *es; CUresult bad = cuDeviceGet(&dev, 3); cuGetErrorName(bad, &en); cuGetErrorString(bad, &es);
                printf("%d n=%d ver=%d name_nonempty=%d cc>=%d warp=%d %d %d %d %d %s %s\\n", r, n, ver, name[0] != 0, major >= 7, warp, h[0], h[1], h[2], h[3], en, es);
            }
            """);
        assertEquals("", r.err());
        assertEquals("0 n=1 ver=13000 name_nonempty=1 cc>=1 warp=32 2 3 4 5 CUDA_ERROR_INVALID_DEVICE invalid device ordinal\n",
                r.out());
    }

    @Test
    void fp16_convertsToFloatImplicitlyAndByCasts() {
        // nvcc 13 prints the same for the host half of this program (its kernel does the same work).
        Run r = run("""
            #include <cstdio>
            #include <cuda_fp16.h>
            __global__ void k(const __half *x, float *out) {
                float acc = 0.0f;
                for (int i = 0; i < 8; i++) acc += (float)x[i];
                out[0] = acc;
                out[1] = (float)x[3] * 2.0f;
                out[2] = static_cast<float>(x[2] + x[1]);
            }
            int main() {
                __half h[8]; for (int i = 0; i < 8; i++) h[i] = 0.1f * i;
                float f = h[3]; double d = h[5];
                printf("%.8g %.8g %.8g\\n", f, d, (float)(h[1] * h[2]));
                __half *dh; float *o; cudaMalloc(&dh, sizeof h); cudaMalloc(&o, 12);
                cudaMemcpy(dh, h, sizeof h, cudaMemcpyHostToDevice);
                k<<<1, 1>>>(dh, o); float r[3]; cudaMemcpy(r, o, 12, cudaMemcpyDeviceToHost);
                printf("%.8g %.8g %.8g\\n", r[0], r[1], r[2]);
            }
            """);
        assertEquals("", r.err());
        assertEquals("0.30004883 0.5 0.019989014\n2.8001709 0.60009766 0.29980469\n", r.out());
    }

    @Test
    void conversionFunctions_implicitExplicitAndInOverloadResolution() {
        // g++ 12 prints the same.
        Run r = run("""
            #include <cstdio>
            #include <cmath>
            struct Meters { double v; __host__ __device__ operator double() const { return v; } };
            struct Flag { int on; explicit operator bool() const { return on != 0; } };
            int main() {
                Meters m; m.v = 2.5;
                double d = m; float f = m; int i = (int)m;
                Flag fl; fl.on = 1;
                if ((bool)fl) printf("flag\\n");
                printf("%g %g %d %g %g\\n", d, f, i, static_cast<double>(m), sqrt(m));
            }
            """);
        assertEquals("", r.err());
        assertEquals("flag\n2.5 2.5 2 2.5 1.58114\n", r.out());
    }

    @Test
    void hip_cooperativeGroupsAndHalfUnderHipHeaderNames() {
        Run r = run("""
            #include <hip/hip_runtime.h>
            #include <hip/hip_cooperative_groups.h>
            #include <hip/hip_fp16.h>
            #include <cstdio>
            namespace cg = cooperative_groups;
            __global__ void k(const __half *x, float *out) {
                cg::thread_block b = cg::this_thread_block();
                cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
                float v = __half2float(x[b.thread_rank()]);
                for (int o = 16; o > 0; o /= 2) v += w.shfl_down(v, o);
                if (w.thread_rank() == 0) out[w.meta_group_rank()] = v;
            }
            int main() {
                __half h[64]; for (int i = 0; i < 64; i++) h[i] = __float2half(0.5f * i);
                __half *d; float *o; hipMalloc(&d, sizeof h); hipMalloc(&o, 8);
                hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice);
                hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, 0, d, o);
                float r[2]; hipMemcpy(r, o, 8, hipMemcpyDeviceToHost);
                printf("%g %g\\n", r[0], r[1]);
                return 0;
            }
            """);
        assertEquals("", r.err());
        assertEquals("248 760\n", r.out());
    }
}
