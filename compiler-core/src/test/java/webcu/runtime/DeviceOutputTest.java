package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.frontend.SourceSet;
import webcu.passes.DebugBuffer;
import webcu.wgsl.WgslBackend;
import webcu.wgsl.WgslProgram;

/** The host side of device printf and faults: words as a kernel leaves them in the debug buffer, decoded. */
class DeviceOutputTest {
    private static WgslProgram program(String source) {
        SourceSet set = new SourceSet();
        set.file("t.cu", source, true);
        CompileResult r = Compiler.compile(set);
        return WgslBackend.compile(r.module(), new Diagnostics());
    }

    private static int[] buffer() {
        return new int[DebugBuffer.PRINTF_BASE + 64];
    }

    /** Two records in cursor order: ints, a literal, a double and a device string, formatted by glibc's rules. */
    @Test
    void Printf_Records() {
        WgslProgram p = program("""
                #include <cstdio>
                __global__ void k(int n, double x, const char *s)
                {
                    printf("n=%d %s x=%.2f [%s]\\n", n, "lit", x, s);
                }
                """);
        int[] w = buffer();
        int at = DebugBuffer.PRINTF_BASE;
        int len = 2 + 1 + 1 + 2 + DebugBuffer.STRING_WORDS;
        w = java.util.Arrays.copyOf(w, at + 2 * len);
        for (int r = 0; r < 2; r++) {
            int b = at + r * len;
            w[b] = 1;
            w[b + 1] = len;
            w[b + 2] = -5 + r;
            w[b + 3] = 0;
            long bits = Double.doubleToRawLongBits(1.5 * (r + 1));
            w[b + 4] = (int) bits;
            w[b + 5] = (int) (bits >>> 32);
            byte[] s = "dev".getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < s.length; i++) {
                w[b + 6 + i] = s[i];
            }
        }
        w[DebugBuffer.CURSOR] = 2 * len;
        DeviceOutput.Result r = DeviceOutput.decode(p, w, at + 2 * len);
        assertEquals("n=-5 lit x=1.50 [dev]\nn=-4 lit x=3.00 [dev]\n", r.stdout());
        assertEquals("", r.stderr());
        assertNull(r.fault());
    }

    /** A failed assertion: CUDA's message for each failing thread, then cudaErrorAssert. */
    @Test
    void Assert_MessagePerThread() {
        WgslProgram p = program("""
                #include <cassert>
                __global__ void checkPositive(const int *v)
                {
                    assert(v[threadIdx.x] >= 0);
                }
                """);
        int[] w = buffer();
        w[DebugBuffer.FAULTS] = 1;
        w[DebugBuffer.FAULT_KIND] = DebugBuffer.ASSERT;
        w[DebugBuffer.ASSERTS] = 1;
        int rec = DebugBuffer.ASSERT_BASE;
        w[rec] = 0;
        w[rec + 1] = 1;
        w[rec + 4] = 5;
        DeviceOutput.Result r = DeviceOutput.decode(p, w, DebugBuffer.PRINTF_BASE);
        assertEquals("t.cu:4: checkPositive: block: [1,0,0], thread: [5,0,0] Assertion `v[threadIdx.x] >= 0`"
                + " failed.\n", r.stderr());
        assertEquals("cudaErrorAssert: device-side assert triggered", r.fault());
    }

    /** An out-of-bounds write names the access's CUDA line; the runtime turns it into cudaErrorIllegalAddress. */
    @Test
    void OutOfBounds_Site() {
        WgslProgram p = program("""
                __global__ void k(int *a, int i)
                {
                    a[i] = 1;
                }
                """);
        int[] w = buffer();
        w[DebugBuffer.FAULTS] = 3;
        w[DebugBuffer.FAULT_KIND] = DebugBuffer.OOB_WRITE;
        w[DebugBuffer.FAULT_SITE] = 0;
        DeviceOutput.Result r = DeviceOutput.decode(p, w, DebugBuffer.PRINTF_BASE);
        assertEquals("cudaErrorIllegalAddress: out-of-bounds write at t.cu:3:10", r.fault());
        assertEquals(700, webcu.runtime.CudaError.fromFaultText(r.fault()));
    }

    /**
     * A loop that ran out of the watchdog's budget: the kernel, how long it ran and the loop's
     * line, as cudaErrorLaunchTimeout (sticky, as CUDA's display watchdog leaves it).
     */
    @Test
    void Watchdog_KernelSecondsAndLoop() {
        WgslProgram p = program("""
                __global__ void spin(const int *flag)
                {
                    while (*flag == 0) {
                    }
                }
                """);
        int[] w = buffer();
        w[DebugBuffer.FAULTS] = 64;
        w[DebugBuffer.FAULT_KIND] = DebugBuffer.WATCHDOG;
        w[DebugBuffer.FAULT_SITE] = 0;
        DeviceOutput.Result r = DeviceOutput.decode(p, w, DebugBuffer.PRINTF_BASE, k -> k.equals("spin") ? 2.04 : 0);
        assertEquals("cudaErrorLaunchTimeout: kernel spin stopped after 2.0 s: it did not finish (an endless loop?)"
                + " in the loop at t.cu:3:5", r.fault());
        assertEquals(webcu.runtime.CudaError.LAUNCH_TIMEOUT, webcu.runtime.CudaError.fromFaultText(r.fault()));
        assertEquals(true, webcu.runtime.CudaError.isSticky(webcu.runtime.CudaError.LAUNCH_TIMEOUT));
        // without a launch time (a read-back that lost track of it) the report still names kernel and loop
        assertEquals("cudaErrorLaunchTimeout: kernel spin stopped: it did not finish (an endless loop?) in the loop at t.cu:3:5",
                DeviceOutput.decode(p, w, DebugBuffer.PRINTF_BASE).fault());
    }

    /**
     * A loop the Vulkan driver ended (lavapipe's loop limit, noticed by the SPIR-V writer's loop
     * checks): an unsupported-feature error naming the loop, as cudaErrorLaunchTimeout.
     */
    @Test
    void LoopLimit_UnsupportedAtTheLoop() {
        SourceSet set = new SourceSet();
        set.file("t.cu", """
                __global__ void sum(int *out, int n)
                {
                    int s = 0;
                    for (int i = 0; i < n; i++) {
                        s += i;
                    }
                    out[0] = s;
                }
                """, true);
        webcu.spirv.SpirvProgram p = webcu.spirv.SpirvBackend.compile(Compiler.compile(set).module(), new Diagnostics(),
                new java.util.HashMap<>(), webcu.passes.DeviceTarget.VULKAN.withLoopLimit(65535));
        int site = p.checkSites().stream().map(DebugBuffer.CheckSite::kind).toList().indexOf(DebugBuffer.LOOP_LIMIT);
        int[] w = buffer();
        w[DebugBuffer.FAULTS] = 1;
        w[DebugBuffer.FAULT_KIND] = DebugBuffer.LOOP_LIMIT;
        w[DebugBuffer.FAULT_SITE] = site;
        String fault = DeviceOutput.decode(p, w, DebugBuffer.PRINTF_BASE).fault();
        assertEquals("cudaErrorLaunchTimeout: not supported on Vulkan yet: more loop iterations than the driver runs (lavapipe:"
                + " 65,535 per thread, all loops together); it ended the loop at t.cu:4:5 before the loop finished", fault);
        assertEquals(CudaError.LAUNCH_TIMEOUT, CudaError.fromFaultText(fault));
    }

    /** Records that did not fit are reported, not dropped silently. */
    @Test
    void Overflow_Reported() {
        WgslProgram p = program("__global__ void k() {}\n");
        int[] w = buffer();
        w[DebugBuffer.OVERFLOW] = 12;
        assertEquals(List.of("webcu: warning: 12 device printf calls were lost: the printf buffer (1022 KiB) was full"),
                DeviceOutput.decode(p, w, DebugBuffer.PRINTF_BASE).stderr().lines().toList());
    }
}
