package webcu.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.frontend.SourceSet;
import webcu.passes.DebugBuffer;
import webcu.passes.DeviceTarget;
import webcu.passes.KernelLayout;
import webcu.spirv.SpirvProgram;
import webcu.spirv.SpirvSamples;

/**
 * CUDA compiled by webcu to SPIR-V ({@code spirv.SpirvBackend}) runs on Vulkan (SwiftShader in
 * tests, under the Khronos validation layer) and computes what CUDA computes. Each launch is made
 * by hand from the program's layout (arrays at their bindings, the uniform block's grid and
 * scalars at their offsets, blockDim and the dynamic shared size as specialization constants), as
 * the Vulkan device of the CUDA runtime will make it; the debug buffer (set 1: faults, printf
 * records, the watchdog's ticks) comes back under the key {@link #DEBUG}.
 */
class VulkanSpirvTest {
    /** The key of the debug buffer's words in {@link #launch}'s result. */
    static final int DEBUG = -1;
    /** The program the last {@link #launch} ran (its printf formats and check sites). */
    private SpirvProgram program;
    /** The loop limit {@link #launch} compiles for (DeviceTarget.loopLimit), whatever the device's driver does. */
    private long loopLimit;

    /** One kernel launch's result: the arrays after it, by argument index, and the debug buffer. */
    private Map<Integer, ByteBuffer> launch(String source, String kernel, List<Object> args, int grid, int block) {
        CompileResult r = Compiler.compile(SourceSet.single("kernel.cu", source));
        assertTrue(r.ok(), r.render(true));
        Map<Integer, ByteBuffer> out = new HashMap<>();
        try (VulkanCompute vk = VulkanCompute.open(true)) {
            // compiled for this device: a kernel that needs a capability it lacks is a diagnostic, not a crash
            DeviceCode code = Compiler.compileDevice(r, DeviceTarget.VULKAN.withSpirvCapabilities(vk.spirvCapabilities())
                    .withLoopLimit(loopLimit));
            assertEquals("", code.render(true), "on " + vk.deviceName() + " with " + vk.spirvCapabilities());
            SpirvProgram p = code.spirv();
            program = p;
            KernelLayout k = p.kernels().stream().filter(x -> x.entryPoint().equals(kernel)).findFirst().orElseThrow();
            List<VulkanCompute.Buffer> owned = new java.util.ArrayList<>();
            List<VulkanCompute.Binding> bindings = new java.util.ArrayList<>();
            for (KernelLayout.Buffer b : k.buffers()) {
                Object a = args.get(b.param());
                int n = a instanceof float[] f ? f.length : ((int[]) a).length;
                VulkanCompute.Buffer buf = vk.buffer(4L * n);
                ByteBuffer data = buf.contents();
                for (int i = 0; i < n; i++) {
                    if (a instanceof float[] f) {
                        data.putFloat(4 * i, f[i]);
                    } else {
                        data.putInt(4 * i, ((int[]) a)[i]);
                    }
                }
                owned.add(buf);
                bindings.add(new VulkanCompute.Binding(b.binding(), buf, VulkanCompute.Kind.STORAGE));
            }
            VulkanCompute.Buffer uniform = vk.buffer(k.uniform().size());
            owned.add(uniform);
            ByteBuffer u = uniform.contents();
            for (int i = 0; i < k.uniform().size(); i += 4) {
                u.putInt(i, 0); // hidden offsets: every array from its start
            }
            // gridDim x, y, z, then one dispatch slice per CUDA row (GridFolding)
            u.putInt(0, grid).putInt(4, 1).putInt(8, 1).putInt(12, 1);
            for (KernelLayout.UniformField f : k.uniform().fields()) {
                if (f.buffer() < 0) {
                    Object a = args.get(f.param());
                    if (a instanceof Float x) {
                        u.putFloat(f.offset(), x);
                    } else {
                        u.putInt(f.offset(), (Integer) a);
                    }
                }
            }
            bindings.add(new VulkanCompute.Binding(k.uniform().binding(), uniform, VulkanCompute.Kind.UNIFORM));
            VulkanCompute.Buffer debug = vk.buffer(4L * DebugBuffer.WORDS);
            ByteBuffer d = debug.contents();
            for (int i = 0; i < DebugBuffer.WORDS; i++) {
                d.putInt(4 * i, 0);
            }
            // bound for every kernel: a pipeline layout may hold a set its shader does not use
            bindings.add(new VulkanCompute.Binding(1, 0, debug, VulkanCompute.Kind.STORAGE));
            vk.dispatch(p.words(), k.entryPoint(), bindings, new int[] {block, 1, 1}, grid, 1, 1);
            assertTrue(vk.validationMessages().isEmpty(), "validation: " + vk.validationMessages());
            for (int i = 0; i < k.buffers().size(); i++) {
                ByteBuffer c = owned.get(i).contents();
                ByteBuffer copy = ByteBuffer.allocate(c.capacity()).order(c.order());
                copy.put(0, c, 0, c.capacity());
                out.put(k.buffers().get(i).param(), copy);
            }
            ByteBuffer words = ByteBuffer.allocate(d.capacity()).order(d.order());
            words.put(0, d, 0, d.capacity());
            out.put(DEBUG, words);
            debug.close();
            for (VulkanCompute.Buffer b : owned) {
                b.close();
            }
            assertTrue(vk.validationMessages().isEmpty(), "validation: " + vk.validationMessages());
        }
        return out;
    }

    @Test
    void vectorAdd() {
        String source = SpirvSamples.VECTOR_ADD;
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
            b[i] = 0.5f * i;
        }
        ByteBuffer c = launch(source, "vectorAdd", List.of(a, b, new float[n], n), (n + 63) / 64, 64).get(2);
        for (int i = 0; i < n; i++) {
            assertEquals(1.5f * i, c.getFloat(4 * i), "c[" + i + "]");
        }
    }

    /**
     * 64-bit integer adds, subtracts, compares and conversions as heap mode uses them: native where
     * the device has Int64 (lavapipe), u32 pairs with the carry and borrow where it has not
     * (SwiftShader); the same results either way.
     */
    @Test
    void wideIntegerArithmetic() {
        String source = """
                __global__ void wide(const unsigned* in, unsigned* out) {
                  unsigned a = in[0], b = in[1];
                  int c = (int)in[2];
                  unsigned long long x = (unsigned long long)a + b;
                  long long y = (long long)c - 5ll;
                  unsigned long long z = (unsigned long long)b - a;
                  out[0] = (unsigned)x;
                  out[1] = x > 0xFFFFFFFFull ? 1u : 0u;
                  out[2] = y < 0 ? 1u : 0u;
                  out[3] = (unsigned)y;
                  out[4] = z > 0xFFFFFFFF00000000ull ? 1u : 0u;
                  out[5] = (x & 0xFFFFFFFF00000000ull) == 0x100000000ull ? 1u : 0u;
                  out[6] = y >= -2ll && y <= -2ll ? 1u : 0u;
                }
                int main() { return 0; }
                """;
        ByteBuffer out = launch(source, "wide", List.of(new int[] {0xFFFFFFF0, 0x20, 3}, new int[7]), 1, 1).get(1);
        int[] expected = {0x10, 1, 1, 0xFFFFFFFE, 1, 1, 1};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], out.getInt(4 * i), "out[" + i + "]");
        }
    }

    /** Shared memory, __syncthreads and a loop: each block's sum (small integers, so exact in float). */
    @Test
    void blockSum() {
        String source = SpirvSamples.BLOCK_SUM;
        int n = 1000;
        int blocks = 4;
        float[] in = new float[n];
        float[] expected = new float[blocks];
        for (int i = 0; i < n; i++) {
            in[i] = i % 7;
            expected[i / 256] += i % 7;
        }
        ByteBuffer out = launch(source, "blockSum", List.of(in, new float[blocks], n), blocks, 256).get(1);
        for (int b = 0; b < blocks; b++) {
            assertEquals(expected[b], out.getFloat(4 * b), "block " + b);
        }
    }

    /** C's float-to-integer conversions as CUDA does them: toward zero, saturating, NaN to 0. */
    @Test
    void floatToIntegerConversionsSaturate() {
        String source = """
                __global__ void convert(const float* x, int* s, unsigned* u, int n) {
                  int i = threadIdx.x;
                  if (i < n) {
                    s[i] = (int) x[i];
                    u[i] = (unsigned) x[i];
                  }
                }
                int main() { return 0; }
                """;
        float[] x = {Float.NaN, 1e10f, -1e10f, 3.7f, -3.7f, 2147483520f, -2147483648f, 4294967040f};
        int[] signed = {0, Integer.MAX_VALUE, Integer.MIN_VALUE, 3, -3, 2147483520, Integer.MIN_VALUE, Integer.MAX_VALUE};
        int[] unsigned = {0, -1, 0, 3, 0, (int) 2147483520L, 0, (int) 4294967040L};
        Map<Integer, ByteBuffer> r = launch(source, "convert", List.of(x, new int[x.length], new int[x.length], x.length), 1, 32);
        for (int i = 0; i < x.length; i++) {
            assertEquals(signed[i], r.get(1).getInt(4 * i), "(int) " + x[i]);
            assertEquals(unsigned[i], r.get(2).getInt(4 * i), "(unsigned) " + x[i]);
        }
    }

    /** if / else if / break in a while loop, and a switch with a shared case and a default. */
    @Test
    void branchesLoopsAndSwitch() {
        String source = SpirvSamples.COLLATZ;
        int n = 300;
        int[] start = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = i == 0 ? 0x7fffffff : i;
        }
        ByteBuffer steps = launch(source, "collatz", List.of(start, new int[n], n), (n + 127) / 128, 128).get(1);
        for (int i = 0; i < n; i++) {
            long x = start[i] & 0xFFFFFFFFL;
            int count = 0;
            while (x != 1 && count < 1000) {
                if (x % 2 == 0) {
                    x /= 2;
                } else if (x > 0x55555554L) {
                    break;
                } else {
                    x = (3 * x + 1) & 0xFFFFFFFFL;
                }
                count++;
            }
            int expected = switch (count & 3) {
                case 0 -> count;
                case 1, 2 -> -count;
                default -> 0;
            };
            assertEquals(expected, steps.getInt(4 * i), "start " + start[i]);
        }
    }

    /**
     * The loop-exit checks lavapipe's kernels get (LoopExits), here on a driver that runs loops to
     * their end: breaks out of nested loops, a continue, a break that leaves a switch inside a loop,
     * a do-while's conditional back edge and collatz's early break all leave their loops the normal
     * way, so the results are right and no LOOP_LIMIT fault is recorded.
     */
    @Test
    void loopExitChecksDoNotFireOnLoopsThatFinish() {
        String source = """
                __global__ void loops(const int* in, int* out, int n) {
                  int i = blockIdx.x * blockDim.x + threadIdx.x;
                  if (i >= n) return;
                  int x = in[i];
                  int acc = 0;
                  for (int a = 0; a < 8; a++) {
                    if (a == 3) continue;
                    int b = 0;
                    while (true) {
                      if (b >= a) break;
                      switch ((x + b) & 3) {
                        case 0: acc += 1; break;
                        case 1: acc += 2; break;
                        default: acc += b;
                      }
                      b++;
                    }
                  }
                  int k = x & 7;
                  do { acc ^= k; k--; } while (k > 0);
                  out[i] = acc;
                }
                int main() { return 0; }
                """;
        loopLimit = 65535;
        int n = 200;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 7 + 3;
        }
        Map<Integer, ByteBuffer> r = launch(source, "loops", List.of(in, new int[n], n), (n + 63) / 64, 64);
        assertTrue(program.checkSites().stream().anyMatch(c -> c.kind() == DebugBuffer.LOOP_LIMIT));
        for (int i = 0; i < n; i++) {
            int x = in[i];
            int acc = 0;
            for (int a = 0; a < 8; a++) {
                if (a == 3) {
                    continue;
                }
                for (int b = 0; b < a; b++) {
                    acc += switch ((x + b) & 3) {
                        case 0 -> 1;
                        case 1 -> 2;
                        default -> b;
                    };
                }
            }
            int k = x & 7;
            do {
                acc ^= k;
                k--;
            } while (k > 0);
            assertEquals(acc, r.get(1).getInt(4 * i), "in " + x);
        }
        assertEquals(0, r.get(DEBUG).getInt(4 * DebugBuffer.FAULTS), "a fault was recorded");
        int[] start = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = i == 0 ? 0x7fffffff : i;
        }
        assertEquals(0, launch(SpirvSamples.COLLATZ, "collatz", List.of(start, new int[n], n), (n + 127) / 128, 128).get(DEBUG)
                .getInt(4 * DebugBuffer.FAULTS), "collatz recorded a fault");
    }

    /** An out-of-bounds read is reported in the debug buffer with its kind and its line, as on WebGPU. */
    @Test
    void outOfBoundsReadIsReportedAtItsLine() {
        String source = """
                __global__ void shift(const int* a, int* b, int n) {
                  int i = threadIdx.x;
                  if (i < n)
                    b[i] = a[i + 1];
                }
                int main() { return 0; }
                """;
        int n = 8;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = 10 + i;
        }
        Map<Integer, ByteBuffer> r = launch(source, "shift", List.of(a, new int[n], n), 1, n);
        ByteBuffer debug = r.get(DEBUG);
        assertEquals(1, debug.getInt(4 * DebugBuffer.FAULTS), "one invocation read out of bounds");
        assertEquals(DebugBuffer.OOB_READ, debug.getInt(4 * DebugBuffer.FAULT_KIND));
        int site = debug.getInt(4 * DebugBuffer.FAULT_SITE);
        assertEquals(4, program.checkSites().get(site).span().line(), "the read's line");
        for (int i = 0; i < n - 1; i++) {
            assertEquals(11 + i, r.get(1).getInt(4 * i));
        }
        assertEquals(10, r.get(1).getInt(4 * (n - 1)), "the bad read reads element 0, as on WebGPU");
    }

    /** Device printf: each call leaves a record (format id + 1, length, arguments) in the debug buffer. */
    @Test
    void printfLeavesRecords() {
        String source = """
                #include <cstdio>
                __global__ void hello(int* unused) {
                  printf("thread %d of %u\\n", (int) threadIdx.x, blockDim.x);
                }
                int main() { return 0; }
                """;
        ByteBuffer debug = launch(source, "hello", List.of(new int[1]), 1, 4).get(DEBUG);
        java.util.Set<Integer> threads = new java.util.TreeSet<>();
        int pos = DebugBuffer.PRINTF_BASE;
        for (int record = 0; record < 4; record++) {
            int id = debug.getInt(4 * pos) - 1;
            int len = debug.getInt(4 * (pos + 1));
            assertEquals("thread %d of %u\n", new String(program.debug().formats().get(id).text(), java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(4, len);
            threads.add(debug.getInt(4 * (pos + 2)));
            assertEquals(4, debug.getInt(4 * (pos + 3)), "blockDim.x");
            pos += len;
        }
        assertEquals(java.util.Set.of(0, 1, 2, 3), threads);
    }

    /**
     * The 32-bit integer intrinsics SpirvMath builds from several instructions give CUDA's results
     * (checked against Java); SwiftShader has no Int64, so the 64-bit ones are only validated
     * (SpirvWriterTest).
     */
    @Test
    void integerIntrinsics() {
        String source = """
                __global__ void ints(const int* a, const int* b, int* out, int n) {
                  int i = threadIdx.x;
                  if (i >= n) return;
                  int x = a[i], y = b[i];
                  unsigned ux = x, uy = y;
                  int* o = out + 17 * i;
                  o[0] = __umulhi(ux, uy);
                  o[1] = __mulhi(x, y);
                  o[2] = __popc(ux);
                  o[3] = __brev(ux);
                  o[4] = __usad(ux, uy, 3u);
                  o[5] = __umul24(ux, uy);
                  o[6] = __hadd(x, y);
                  o[7] = __rhadd(x, y);
                  o[8] = __sad(x, y, 5u);
                  o[9] = __mul24(x, y);
                  o[10] = __clz(x);
                  o[11] = __ffs(x);
                  o[12] = __byte_perm(ux, uy, (unsigned) (i * 0x1357 + 0x3210));
                  o[13] = __funnelshift_l(ux, uy, i * 5u);
                  o[14] = __funnelshift_r(ux, uy, i * 5u);
                  o[15] = __funnelshift_lc(ux, uy, i * 5u);
                  o[16] = __funnelshift_rc(ux, uy, i * 5u);
                }
                int main() { return 0; }
                """;
        int[] a = {0, 1, -1, 7, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x12345678, -98765, 0x00800001, 1 << 20};
        int[] b = {0, -1, -1, 3, -1, Integer.MAX_VALUE, 0x0fedcba9, 4321, -0x00800001, 0};
        int n = a.length;
        ByteBuffer out = launch(source, "ints", List.of(a, b, new int[17 * n], n), 1, 32).get(2);
        for (int i = 0; i < n; i++) {
            int x = a[i];
            int y = b[i];
            long ux = Integer.toUnsignedLong(x);
            long uy = Integer.toUnsignedLong(y);
            int[] expected = {
                (int) (ux * uy >>> 32),
                (int) ((long) x * y >> 32),
                Integer.bitCount(x),
                Integer.reverse(x),
                (int) (Math.abs(ux - uy) + 3),
                (int) ((ux & 0xffffff) * (uy & 0xffffff)),
                (int) (((long) x + y) >> 1),
                (int) (((long) x + y + 1) >> 1),
                (int) (Math.abs((long) x - y) + 5),
                (x << 8 >> 8) * (y << 8 >> 8),
                Integer.numberOfLeadingZeros(x),
                x == 0 ? 0 : Integer.numberOfTrailingZeros(x) + 1,
                bytePerm(x, y, i * 0x1357 + 0x3210),
                (int) ((((uy << 32) | ux) << ((i * 5) & 31)) >>> 32),
                (int) ((((uy << 32) | ux) >>> ((i * 5) & 31))),
                (int) ((((uy << 32) | ux) << Math.min(i * 5, 32)) >>> 32),
                (int) ((((uy << 32) | ux) >>> Math.min(i * 5, 32))),
            };
            for (int k = 0; k < expected.length; k++) {
                assertEquals(expected[k], out.getInt(4 * (17 * i + k)), "result " + k + " of a = " + x + ", b = " + y);
            }
        }
    }

    /** Float intrinsics: rounding conversions, roundf's half-way cases, classification, copysignf, fdimf. */
    @Test
    void floatIntrinsics() {
        String source = """
                __global__ void floats(const float* a, int* out, int n) {
                  int i = threadIdx.x;
                  if (i >= n) return;
                  float x = a[i];
                  int* o = out + 8 * i;
                  o[0] = __float2int_rn(x);
                  o[1] = __float2int_ru(x);
                  o[2] = __float2int_rd(x);
                  o[3] = __float_as_int(roundf(x));
                  o[4] = isnan(x) ? 1 : 0;
                  o[5] = isinf(x) ? 1 : 0;
                  o[6] = __float_as_int(copysignf(2.0f, x));
                  o[7] = __float_as_int(fdimf(x, 1.0f));
                }
                int main() { return 0; }
                """;
        float[] a = {0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 3.7f, -3.7f, Float.NaN, Float.POSITIVE_INFINITY, -0.0f, 1e10f};
        int n = a.length;
        ByteBuffer out = launch(source, "floats", List.of(a, new int[8 * n], n), 1, 32).get(1);
        for (int i = 0; i < n; i++) {
            float x = a[i];
            int[] expected = {
                saturate(Math.rint(x)), saturate(Math.ceil(x)), saturate(Math.floor(x)),
                Float.floatToRawIntBits(Float.isNaN(x) || Float.isInfinite(x) ? x : (float) (Math.signum(x) * Math.floor(Math.abs(x) + 0.5))),
                Float.isNaN(x) ? 1 : 0, Float.isInfinite(x) ? 1 : 0,
                Float.floatToRawIntBits(Math.copySign(2.0f, x)),
                Float.floatToRawIntBits(x > 1.0f ? x - 1.0f : 0.0f),
            };
            for (int k = 0; k < expected.length; k++) {
                if (k == 3 && x == 0.0f) {
                    continue; // roundf(-0.0f) is -0.0f; the Java expression above makes +0
                }
                assertEquals(expected[k], out.getInt(4 * (8 * i + k)), "result " + k + " of " + x);
            }
        }
    }

    /** CUDA's __byte_perm: result byte i is byte ((s >> 4i) & 7) of y:x. */
    private static int bytePerm(int x, int y, int s) {
        long bytes = (Integer.toUnsignedLong(y) << 32) | Integer.toUnsignedLong(x);
        int r = 0;
        for (int i = 0; i < 4; i++) {
            int pick = (s >>> (4 * i)) & 7;
            r |= (int) ((bytes >>> (8 * pick)) & 0xff) << (8 * i);
        }
        return r;
    }

    /** The exactly rounded float helpers (float arithmetic only, so on every device) against Java's IEEE results. */
    @Test
    void roundingHelpers() {
        String source = """
                __global__ void rounding(const float* a, const float* b, int* out, int n) {
                  int i = threadIdx.x;
                  if (i >= n) return;
                  float x = a[i], y = b[i];
                  int k = __float_as_int(x) ^ 0x5a5a5a5;
                  int* o = out + 7 * i;
                  o[0] = __float_as_int(__fdiv_rn(x, y));
                  o[1] = __float_as_int(__frcp_rn(y));
                  o[2] = __float_as_int(__fsqrt_rn(fabsf(x)));
                  o[3] = __float_as_int(__int2float_rz(k));
                  o[4] = __float_as_int(__int2float_ru(k));
                  o[5] = __float_as_int(__int2float_rd(k));
                  o[6] = __float_as_int(cbrtf(x));
                }
                int main() { return 0; }
                """;
        java.util.Random rnd = new java.util.Random(3);
        int n = 256;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) ((rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(40) - 20));
            b[i] = (float) ((rnd.nextDouble() - 0.5) * Math.scalb(1.0, rnd.nextInt(40) - 20));
        }
        a[0] = 1;
        b[0] = 3;
        ByteBuffer out = launch(source, "rounding", List.of(a, b, new int[7 * n], n), 1, n).get(2);
        for (int i = 0; i < n; i++) {
            float x = a[i];
            float y = b[i];
            int k = Float.floatToRawIntBits(x) ^ 0x5a5a5a5;
            int[] want = {Float.floatToRawIntBits(x / y), Float.floatToRawIntBits(1 / y),
                Float.floatToRawIntBits((float) Math.sqrt(Math.abs(x))), Float.floatToRawIntBits(directed(k, 'z')),
                Float.floatToRawIntBits(directed(k, 'u')), Float.floatToRawIntBits(directed(k, 'd'))};
            for (int j = 0; j < want.length; j++) {
                assertEquals(want[j], out.getInt(4 * (7 * i + j)), "formula " + j + " of " + x + ", " + y + ", " + k);
            }
            float cbrt = Float.intBitsToFloat(out.getInt(4 * (7 * i + 6)));
            assertTrue(Math.abs(cbrt - Math.cbrt(x)) <= 2 * Math.ulp((float) Math.cbrt(x)), "cbrtf(" + x + ") = " + cbrt);
        }
    }

    /** {@code k} to float rounded toward zero, up or down (exact through double, which holds every int). */
    private static float directed(int k, char mode) {
        float f = (float) k;
        double d = k;
        if (mode == 'u' && f < d || mode == 'z' && d > 0 && f > d) {
            return mode == 'u' ? Math.nextUp(f) : Math.nextDown(f);
        }
        if (mode == 'd' && f > d || mode == 'z' && d < 0 && f < d) {
            return mode == 'd' ? Math.nextDown(f) : Math.nextUp(f);
        }
        return f;
    }

    /**
     * Double math (spirv.DoubleMath) and fma rounded once on doubles and floats, on a device with
     * Float64 (lavapipe: {@code -Dvulkan.test.icd=…/lvp_icd.json}; SwiftShader has none: skipped).
     */
    @Test
    void doubleMath() {
        try (VulkanCompute vk = VulkanCompute.open(false)) {
            assumeTrue(vk.spirvCapabilities().contains("Float64"), vk.deviceName() + " has no Float64");
        }
        String source = """
                __global__ void dm(const double* in, double* out, int n) {
                  int i = threadIdx.x;
                  if (i >= n) return;
                  double x = in[i];
                  double* o = out + 9 * i;
                  o[0] = exp(x);
                  o[1] = log(fabs(x));
                  o[2] = sin(x);
                  o[3] = pow(fabs(x), 1.7);
                  o[4] = atan2(x, 0.75);
                  o[5] = tanh(x);
                  o[6] = cbrt(x);
                  o[7] = fma(x, x * 3.0, -x);
                  float fx = (float)x;
                  o[8] = (double)fmaf(fx, fx * 3.0f, -fx);
                }
                int main() { return 0; }
                """;
        java.util.Random rnd = new java.util.Random(5);
        int n = 128;
        int[] bits = new int[2 * n];
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (rnd.nextDouble() - 0.5) * 40;
            long l = Double.doubleToRawLongBits(xs[i]);
            bits[2 * i] = (int) l;
            bits[2 * i + 1] = (int) (l >>> 32);
        }
        ByteBuffer out = launch(source, "dm", List.of(bits, new int[18 * n], n), 1, n).get(1);
        for (int i = 0; i < n; i++) {
            double x = xs[i];
            float fx = (float) x;
            double[] want = {StrictMath.exp(x), StrictMath.log(Math.abs(x)), StrictMath.sin(x), StrictMath.pow(Math.abs(x), 1.7),
                StrictMath.atan2(x, 0.75), StrictMath.tanh(x), StrictMath.cbrt(x), Math.fma(x, x * 3.0, -x),
                Math.fma(fx, fx * 3.0f, -fx)};
            for (int j = 0; j < want.length; j++) {
                double got = out.getDouble(8 * (9 * i + j));
                double bound = j >= 7 ? 0 : 5 * Math.ulp(want[j]); // DoubleMath's contract: within 4 ulp of fdlibm
                assertTrue(Math.abs(got - want[j]) <= bound, "formula " + j + " of " + x + ": " + got + ", want " + want[j]);
            }
        }
    }

    /**
     * 64-bit atomics from 1,024 threads: native (one OpAtomic* on the binding's u64 view) where the
     * device has Int64Atomics (lavapipe), else the word and lock emulation; exact results either way.
     */
    @Test
    void atomics64() {
        boolean nativeAtomics;
        try (VulkanCompute vk = VulkanCompute.open(false)) {
            assumeTrue(vk.spirvCapabilities().contains("Int64"), vk.deviceName() + " has no Int64");
            nativeAtomics = vk.spirvCapabilities().contains("Int64Atomics");
            System.out.println("64-bit atomics on " + vk.deviceName() + ": " + (nativeAtomics ? "native" : "emulated"));
        }
        String source = """
                __global__ void a64(unsigned long long* v, int n) {
                  unsigned long long t = blockIdx.x * blockDim.x + threadIdx.x + 1;
                  atomicAdd(&v[0], t * 1000000000ULL);
                  atomicMax((long long*)&v[1], (long long)t * 7 - 3000000000000LL);
                  atomicMin((long long*)&v[2], 5000000000000LL - (long long)t * 11);
                  atomicCAS(&v[3], 0ULL, t);
                  atomicOr(&v[4], 1ULL << (t % 64));
                  atomicExch(&v[5], 42ULL << 33);
                }
                int main() { return 0; }
                """;
        int[] v = new int[12]; // six u64 as twelve words, low word first
        v[3] = Integer.MIN_VALUE; // v[1] = LLONG_MIN
        v[4] = -1;
        v[5] = Integer.MAX_VALUE; // v[2] = LLONG_MAX
        ByteBuffer out = launch(source, "a64", List.of(v, 0), 4, 256).get(0);
        long n = 1024;
        assertEquals(n * (n + 1) / 2 * 1000000000L, out.getLong(0));
        assertEquals(n * 7 - 3000000000000L, out.getLong(8));
        assertEquals(5000000000000L - 11 * n, out.getLong(16));
        assertTrue(out.getLong(24) >= 1 && out.getLong(24) <= n, "CAS winner " + out.getLong(24));
        assertEquals(-1L, out.getLong(32));
        assertEquals(42L << 33, out.getLong(40));
        assertEquals(nativeAtomics, program.disassembly().contains("OpCapability Int64Atomics"), "native on this device");
    }

    /** CUDA's float-to-int: saturating, NaN to 0. */
    private static int saturate(double v) {
        return Double.isNaN(v) ? 0 : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }
}
