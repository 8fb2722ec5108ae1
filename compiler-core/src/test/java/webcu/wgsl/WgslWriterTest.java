package webcu.wgsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static webcu.passes.TestIr.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import webcu.diag.Diagnostics;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Module;
import webcu.ir.Type;
import webcu.passes.KernelLayout;

/** One test per construct of the writer; whole modules are pinned by {@link WgslGoldenTest}. */
class WgslWriterTest {
    private static String wgsl(String sample) {
        return WgslSamples.compile(WgslSamples.ALL.get(sample).get()).code();
    }

    /**
     * Checks snippets in the code with its bounds checks taken out ({@code a[webcu_checked(i, …)]}
     * reads as {@code a[i]}), so each test shows the construct it is about; {@link #BoundsChecks}
     * pins the checks themselves.
     */
    private static void assertContains(String code, String... snippets) {
        String plain = unchecked(code);
        for (String s : snippets) {
            assertTrue(plain.contains(s), "missing\n" + s + "\nin\n" + plain);
        }
    }

    static String unchecked(String code) {
        return code.replaceAll("webcu_checked\\((.*?), arrayLength\\(&\\w+\\), \\d+u, \\d+u\\)", "$1");
    }

    /** Every access to a storage buffer is checked against its length; a fault names the access's site. */
    @Test
    void BoundsChecks() {
        WgslProgram p = WgslSamples.compile(vectorAdd("vecAdd", Type.F32));
        assertContains(p.code(), "fn webcu_checked(i: u32, n: u32, site: u32, kind: u32) -> u32 {");
        assertTrue(p.code().contains("c[webcu_checked(c_offset + u32(i), arrayLength(&c), 2u, 3u)] = "
                + "a[webcu_checked(a_offset + u32(i), arrayLength(&a), 0u, 2u)]"), p.code());
        assertEquals(3, p.checkSites().size());
        assertEquals(webcu.passes.DebugBuffer.OOB_WRITE, p.checkSites().get(2).kind());
        assertEquals("t.cu:8:3", p.checkSites().get(2).span().toString());
    }

    @Test
    void Layout_VectorAdd() {
        WgslProgram p = WgslSamples.compile(vectorAdd("vecAdd", Type.F32));
        KernelLayout k = p.kernel("vecAdd");
        assertEquals("vecAdd", k.entryPoint());
        assertEquals(List.of("a", "b", "c"), k.buffers().stream().map(KernelLayout.Buffer::name).toList());
        assertEquals(List.of(true, true, false), k.buffers().stream().map(KernelLayout.Buffer::readOnly).toList());
        assertEquals(4, k.buffers().get(0).elementSize());
        assertEquals(3, k.uniform().binding());
        assertEquals(32, k.uniform().size());
        assertEquals(List.of("n@16 param 3", "a_offset@20 param 0", "b_offset@24 param 1", "c_offset@28 param 2"),
                k.uniform().fields().stream().map(f -> f.name() + "@" + f.offset() + " param " + f.param()).toList());
        assertTrue(k.uniform().fields().get(1).hiddenOffset());
        assertEquals(List.of("blockDim_x", "blockDim_y", "blockDim_z"), k.workgroupSize());
        assertEquals(2, k.bufferOf(2).binding());
        assertNull(k.bufferOf(3));
        assertNull(p.kernel("other"));
    }

    @Test
    void Layout_NoParameters_GridOnly() {
        Function k = kernel("empty");
        k.setBody(block(ret()));
        WgslProgram p = WgslSamples.compile(module(k));
        assertEquals(16, p.kernel("empty").uniform().size());
        assertTrue(p.kernel("empty").uniform().fields().isEmpty());
        assertTrue(p.kernel("empty").buffers().isEmpty());
        assertContains(p.code(), "fn empty(", "  return;\n");
    }

    /**
     * GridFolding: blockIdx and gridDim come from the workgroup id and the grid in the uniform
     * buffer, the slices per row from the pipeline's constant where it sets one, and the padding
     * check asks the pipeline's constant first; the layout names both constants.
     */
    @Test
    void GridFolding_BlockIdx() {
        // GridFolding's statements, at the top of the body
        assertContains(wgsl("vector_add_i32"), "override webcu_slices: u32 = 0u;\noverride webcu_padding: u32 = 1u;\n",
                "  let gridDim = addInts_params.webcu_grid.xyz;\n",
                "  let blockIdx_x: u32 = workgroupId.x + ((workgroupId.y % select(addInts_params.webcu_grid.w, webcu_slices,"
                        + " webcu_slices != 0u)) * workgroupCount.x);\n"
                        + "  if (webcu_padding != 0u) && (blockIdx_x >= gridDim.x) {\n",
                "  let i: i32 = i32((blockIdx_x * blockDim_x) + threadIdx.x);\n");
        KernelLayout l = WgslSamples.compile(WgslSamples.ALL.get("vector_add_i32").get()).kernel("addInts");
        assertEquals(new KernelLayout.LaunchConstants("webcu_slices", "webcu_padding", "webcu_offsets"), l.constants());
    }

    /** A pointer's offset into its allocation is the uniform's, unless the pipeline says every offset is 0. */
    @Test
    void HiddenOffsets_ZeroWherePipelineSays() {
        assertContains(wgsl("vector_add_i32"), "override webcu_offsets: u32 = 1u;\n",
                "  let a_offset = select(addInts_params.a_offset, 0u, webcu_offsets == 0u);\n");
    }

    @Test
    void Builtins_IndexAndBlockDim() {
        assertContains(wgsl("index_2d"),
                "@compute @workgroup_size(blockDim_x, blockDim_y, blockDim_z)",
                "@builtin(local_invocation_id) threadIdx: vec3<u32>, @builtin(workgroup_id) workgroupId: vec3<u32>,"
                        + " @builtin(num_workgroups) workgroupCount: vec3<u32>",
                "let blockIdx_y: u32 = workgroupId.y / select(scale2d_params.webcu_grid.w, webcu_slices, webcu_slices != 0u);", "let y: i32 = i32((blockIdx_y * blockDim_y) + threadIdx.y);");
    }

    @Test
    void ShortCircuit_PlainAndHoisted() {
        assertContains(wgsl("index_2d"), "if (x < width) && (y < height) {");
        // the right operand reads memory through a select: it runs only when the left is true
        assertContains(wgsl("select"), """
                  and = i < n;
                  if and {
                    if i < 4i {
                      sel_1 = a[a_offset + u32(i)];
                    } else {
                      sel_1 = a[a_offset];
                    }
                    and = (sel_1 > 0.0f) && !webcu_isnanf(sel_1);
                  }
                  let ok: bool = and;
                """);
    }

    @Test
    void Select_SafeOperandsUseSelect() {
        // the temporaries Raise made are declared with the other locals
        assertContains(wgsl("select"), "  var sel: f32;\n  var and: bool;\n  var sel_1: f32;\n");
        assertContains(wgsl("select"), "v = select(2.0f, 1.0f, i < n);", """
                  if i < n {
                    sel = a[a_offset + u32(i)];
                  } else {
                    sel = 0.0f;
                  }
                  v = v + sel;
                """);
    }

    @Test
    void If_ElseIfChain() {
        assertContains(wgsl("control_flow"), """
                    if i < 2i {
                      acc = acc + 1i;
                    } else if i < 5i {
                      acc = acc + 2i;
                    } else {
                      acc = acc - 1i;
                    }
                """);
    }

    @Test
    void Loop_ContinuingAndBreakIf() {
        assertContains(wgsl("control_flow"), """
                  loop {
                    if i >= 10i {
                      break;
                    }
                    if (i % 3i) == 0i {
                      continue;
                    }
                """, """
                    continuing {
                      i = i + 1i;
                    }
                  }
                  loop {
                    acc = acc >> 1u;
                    continuing {
                      break if acc < 100i;
                    }
                  }
                """);
    }

    /** A kernel that only writes its buffer needs no storageBarrier: no thread reads another's writes. */
    @Test
    void Return_AndBarrier() {
        String control = wgsl("control_flow");
        assertContains(control, "  if n < 0i {\n    webcu_flush_faults(); return;\n  }\n", "  workgroupBarrier();\n");
        assertFalse(control.contains("storageBarrier"), control);
    }

    /** Atomics read and write one buffer: __syncthreads() orders them with storageBarrier(). */
    @Test
    void Barrier_StorageBarrierWhereABufferIsReadAndWritten() {
        assertContains(wgsl("atomics"), "  storageBarrier();\n  workgroupBarrier();\n");
    }

    @Test
    void Switch_CasesAndDefault() {
        assertContains(wgsl("switch"), """
                  switch c {
                    case 0u, 1u: {
                      out[out_offset + c] = 10u;
                    }
                    case 2u, default: {
                      out[out_offset + c] = 20u;
                      break;
                    }
                  }
                  switch i32(c) {
                    case (-1i), 4i: {
                      out[out_offset + c] = 40u;
                    }
                    default: {
                    }
                  }
                """);
    }

    @Test
    void Literals_ThatTintWouldRefuse() {
        String code = wgsl("literals");
        assertContains(code,
                "f[f_offset] = f32_from_bits(0x7f800000u);",
                "f[f_offset + 1u] = f32_from_bits(0x1u);",
                "f[f_offset + 2u] = bitcast<f32>(0x7f7fffffu);",
                "f[f_offset + 3u] = (-0.0f);",
                "f[f_offset + 4u] = 0.1f;",
                "f[f_offset + 5u] = f32_from_bits(0x7f800000u);",
                "q[q_offset] = i32(-2147483648);",
                "q[q_offset + 1u] = i32(-2147483648);",
                "q[q_offset + 2u] = i32(-2147483648);",
                "q[q_offset + 3u] = q[q_offset + 3u];",
                "q[q_offset + 4u] = 0i;",
                "q[q_offset + 5u] = 2147483647i;",
                "q[q_offset + 6u] = (-7i);",
                "fn f32_from_bits(bits: u32) -> f32 {");
        assertFalse(wgsl("vector_add_i32").contains("f32_from_bits"), "the helper only when needed");
    }

    @Test
    void Operators_UnaryShiftBoolConvert() {
        assertContains(wgsl("operators"),
                "let flag = operators_params.flag != 0u;",
                "u[u_offset + 1u] = (0u - x);",
                "u[u_offset + 2u] = (~x);",
                "u[u_offset + 3u] = x << u32(sh);",
                "u[u_offset + 4u] = x >> x;",
                "let b: bool = flag != (x < 3u);",
                "u[u_offset + 5u] = u32(b);",
                "u[u_offset + 6u] = webcu_f32_to_u32(fl[fl_offset]);",
                "fl[fl_offset + 1u] = f32(i32(x));",
                "if (!bool(fl[fl_offset + 2u])) {",
                "fl[fl_offset + 2u] = (-fl[fl_offset + 2u]);");
    }

    @Test
    void SharedAndLocalArrays() {
        assertContains(wgsl("shared_memory"),
                "var<workgroup> tile: array<f32, 64>;",
                "var tmp: array<f32, 2>;",
                "tile[threadIdx.x] = in[in_offset + u32(i)];",
                "tmp[0i] = tile[63u - threadIdx.x];",
                "out[out_offset + u32(i)] = tmp[0i];");
    }

    @Test
    void Names_ReservedAndColliding() {
        assertContains(wgsl("names"),
                "var<storage, read_write> loop_: array<i32>;",
                "struct fn_Params {\n  webcu_grid: vec4<u32>,\n  select_: i32,\n  v__n: i32,\n  loop_offset: u32,\n}",
                "fn fn_(",
                "let min_: i32 = select_ + v__n;",
                "let loop__1: i32 = min_;",
                "let a_b: i32 = loop__1;");
        assertEquals("fn_", WgslSamples.compile(WgslSamples.names()).kernel("fn").entryPoint());
        assertEquals("_x", Namer.legal("_x"));
        assertEquals("v1a", Namer.legal("1a"));
        assertEquals("v__x", Namer.legal("__x"));
        assertEquals("vec2_", Namer.legal("vec2"));
        assertEquals("scale_float_", Namer.legal("scale<float>"));
    }

    @Test
    void TwoKernels_DistinctModuleNames() {
        WgslProgram p = WgslSamples.compile(WgslSamples.twoKernels());
        assertEquals(List.of("a", "b", "c"), p.kernel("first").buffers().stream().map(KernelLayout.Buffer::name).toList());
        assertEquals(List.of("a_1", "b_1", "c_1"), p.kernel("second").buffers().stream().map(KernelLayout.Buffer::name).toList());
        assertContains(p.code(), "@group(0) @binding(0) var<storage, read> a_1: array<f32>;", "c_1[c_offset + u32(i)]");
    }

    @Test
    void Math_Builtins() {
        assertContains(wgsl("math"), "r = sqrt(a[a_offset]);", "r = webcu_fmaxf(r, 1.0f);", "m = min(n, 3i);");
        assertFalse(wgsl("math").contains("sqrt(r)"), "a pure call whose result is unused is dropped");
    }

    @Test
    void DeviceFunction_InlinedIntoEntryPoint() {
        Function helper = WgslSamples.helper();
        Local v = param(0, "v", Type.ptr(Type.F32));
        Function k = kernel("twice", v);
        Local t = k.newLocal("t", Type.F32, false);
        k.setBody(block(call(t, helper, at(v, i32(0))), store(get(v), get(t))));
        String code = WgslSamples.compile(module(helper, k)).code();
        assertContains(code, "  let x: f32 = v[v_offset];\n  let t: f32 = x * 2.0f;\n  v[v_offset] = t;\n");
        assertFalse(code.contains("fn helper"));
    }

    @Test
    void RejectedKernel_LeftOut_OthersKept() {
        Module m = vectorAdd("good", Type.I32);
        Function bad = kernel("bad", param(0, "d", Type.ptr(Type.F64)));
        Function mystery = external("mystery", Type.I32, Type.I32);
        Local r = bad.newLocal("r", Type.I32, false);
        bad.setBody(block(call(r, mystery, i32(1)), ret()));
        m.add(mystery);
        m.add(bad);
        Diagnostics d = new Diagnostics();
        WgslProgram p = WgslBackend.compile(m, d);
        assertEquals(1, d.errorCount());
        assertTrue(p.rejected().containsKey("bad"));
        assertNull(p.kernel("bad"));
        assertTrue(p.code().contains("fn good("));
        assertFalse(p.code().contains("fn bad("));
    }

    @Test
    void Program_Line() {
        WgslProgram p = WgslSamples.compile(vectorAdd("k", Type.I32));
        assertEquals("override blockDim_x: u32 = 1u;", p.line(3));
        assertEquals("", p.line(0));
        assertEquals("", p.line(1000));
    }

    @Test
    void FloatLiteral_Shortest() {
        Module m = new Module();
        Function k = kernel("k", param(0, "o", Type.ptr(Type.F32)));
        k.setBody(block(storeAt(k.params().get(0), i32(0), f32(1.5e-20)), storeAt(k.params().get(0), i32(1), f32(3))));
        m.add(k);
        assertContains(WgslSamples.compile(m).code(), "= 1.5E-20f;", "= 3.0f;");
    }

    /** Each WGSL line knows its CUDA statement, so the browser's errors can point at the user's line. */
    @Test
    void SourceSpans_PerLine() {
        line = 3;
        Local out = param(0, "out", Type.ptr(Type.I32));
        Function k = kernel("early", out);
        line = 4;
        var early = ifThen(lt(tid(0), u32(16)), ret());
        line = 5;
        var sync = barrier();
        line = 6;
        var store = storeAt(out, i32(0), i32(1));
        k.setBody(block(early, sync, store));
        WgslProgram p = WgslSamples.compile(module(k));
        String[] lines = p.code().split("\n");
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            if (lines[i].contains("workgroupBarrier()")) {
                assertEquals("t.cu:5:3", p.sourceSpan(n).toString());
            } else if (lines[i].contains("if threadIdx.x < 16u")) {
                assertEquals("t.cu:4:3", p.sourceSpan(n).toString());
            } else if (lines[i].contains("active = false;")) {
                assertEquals("t.cu:4:3", p.sourceSpan(n).toString(), "the return's own span (a flag before the barrier)");
            } else if (lines[i].contains("out[out_offset] = 1i;")) {
                assertEquals("t.cu:6:3", p.sourceSpan(n).toString());
            } else if (lines[i].startsWith("override") || lines[i].startsWith("@group")) {
                assertEquals(webcu.diag.Span.NONE, p.sourceSpan(n));
            }
        }
        assertEquals(lines.length, p.lineSpans().size());
        assertEquals(webcu.diag.Span.NONE, p.sourceSpan(0));
    }

    /** A rejected kernel's {@code __shared__} array must not reach the module (its type may be what failed). */
    @Test
    void SharedArray_OfRejectedKernel_NotDeclared() {
        Module m = vectorAdd("good", Type.I32);
        webcu.ir.Global sums = new webcu.ir.Global("sums", new Type.Array(Type.I64, 64), webcu.ir.AddressSpace.SHARED,
                null, false, false, webcu.diag.Span.NONE);
        m.add(sums);
        Function mystery = external("mystery", Type.I64, Type.I64);
        m.add(mystery);
        Function bad = kernel("bad");
        Local r = bad.newLocal("r", Type.I64, false);
        bad.setBody(block(call(r, mystery, i64(0)), store(elem(new webcu.ir.Expr.GlobalAddr(sums), tid(0)), get(r))));
        m.add(bad);
        Diagnostics d = new Diagnostics();
        WgslProgram p = WgslBackend.compile(m, d);
        assertEquals(1, d.errorCount());
        assertFalse(p.code().contains("sums"), p.code());
    }
    private static final String AXPY_AND_FMAF = """
            __global__ void axpy(float a, const float *x, float *y, float *z)
            {
                int i = threadIdx.x;
                y[i] = a * x[i] + y[i];     // contracted, as nvcc does
                z[i] = fmaf(a, x[i], z[i]);
            }
            """;

    /** A device that measured a fused fma gets WGSL's fma directly: no probe, no software path in the loop. */
    @Test
    void FusedFmaDevice_UsesTheHardwareFmaDirectly() {
        String code = WgslSamples.compile(WgslSamples.cuda(AXPY_AND_FMAF),
                webcu.passes.DeviceTarget.IEEE.withWatchdog(0).withFma(webcu.passes.DeviceTarget.Fma.HARDWARE)).code();
        assertFalse(code.contains("webcu_fmaf"), code);
        assertFalse(code.contains("webcu_fma_fused"), code);
        assertEquals(2, code.split("= fma\\(", -1).length - 1, code);
    }

    /** A device whose fma rounds twice gets the exact integer fma directly. */
    @Test
    void UnfusedFmaDevice_UsesTheSoftwareFmaDirectly() {
        String code = WgslSamples.compile(WgslSamples.cuda(AXPY_AND_FMAF),
                webcu.passes.DeviceTarget.IEEE.withWatchdog(0).withFma(webcu.passes.DeviceTarget.Fma.SOFTWARE)).code();
        assertFalse(code.contains("webcu_fmaf("), code);
        assertFalse(code.contains("webcu_fma_fused"), code);
        assertTrue(code.contains("fn webcu_fmaf_soft("), code);
        assertEquals(2, code.split("= webcu_fmaf_soft\\(", -1).length - 1, code);
    }

    /** Where nobody measured the device (the command line's emit), each invocation probes once. */
    @Test
    void UnmeasuredDevice_ProbesPerInvocation() {
        String code = WgslSamples.compile(WgslSamples.cuda(AXPY_AND_FMAF)).code();
        assertTrue(code.contains("webcu_fma_fused = fma("), code);
        assertEquals(2, code.split("= webcu_fmaf\\(", -1).length - 1, code);
    }
}
