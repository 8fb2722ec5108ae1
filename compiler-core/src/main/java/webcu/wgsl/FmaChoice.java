package webcu.wgsl;

import java.util.List;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DeviceModule;
import webcu.passes.DeviceTarget;
import webcu.passes.Intrinsics;
import webcu.passes.Rewriter;

/**
 * Chooses the function that computes a float fma rounded once on the device, for every contracted
 * multiply-add ({@link Expr.Fma}) and every {@code fmaf}/{@code __fmaf_rn} call: an
 * {@link Expr.PureCall} of it, the call becoming an assignment. WGSL's {@code fma} is "e1 * e2 +
 * e3" with the accuracy of that expression, so fusing is the implementation's choice: Tint emits
 * GLSL.std.450 Fma for Vulkan (FFMA on NVIDIA; SwiftShader rounds twice) and metal::fma for Metal.
 * Where the device measured its fma at start-up ({@link DeviceTarget.Fma}) the kernel calls the
 * hardware's ({@code fma}) or the exact integer one ({@code webcu_fmaf_soft}) directly; otherwise
 * {@code webcu_fmaf}, which uses the hardware's where the entry point's probe found it fused. The
 * direct forms matter for speed: with both paths in an inner loop NVIDIA's compiler keeps the
 * software one's registers live. Doubles are software already ({@link WideCalls}' {@code dfma}
 * rounds the exact sum once). Run by {@link WgslBackend} just before the writer.
 */
final class FmaChoice extends Rewriter {
    /** The WGSL template of the float fma intrinsics ({@code Intrinsics}), which names the probing helper. */
    private static final String FMAF = "webcu_fmaf($0, $1, $2)";

    private final String helper;

    private FmaChoice(String helper) {
        this.helper = helper;
    }

    /** Rewrites every kernel of {@code dm} in place, for its target's fma. */
    static void run(DeviceModule dm) {
        FmaChoice step = new FmaChoice(helper(dm.target().fma()));
        for (Function k : List.copyOf(dm.kernels())) {
            k.setBody(step.block(k.body()));
        }
    }

    /** The function that computes a float fma rounded once on a device whose fma is {@code fma}. */
    static String helper(DeviceTarget.Fma fma) {
        return switch (fma) {
            case HARDWARE -> "fma";
            case SOFTWARE -> "webcu_fmaf_soft";
            case PROBE -> "webcu_fmaf";
        };
    }

    @Override
    protected Expr expr(Expr e) {
        return Expr.postOrder(e, x -> x instanceof Expr.Fma f && f.type().equals(Type.F32)
                ? new Expr.PureCall(helper, List.of(f.a(), f.b(), f.c()), Type.F32) : x);
    }

    @Override
    protected List<Stmt> stmt(Stmt s) {
        Stmt r = rebuild(s);
        if (r instanceof Stmt.Call c && c.result() != null && FMAF.equals(Intrinsics.wgsl(c.callee()))) {
            return List.of(new Stmt.Assign(c.result(), new Expr.PureCall(helper, c.args(), Type.F32), c.span()));
        }
        return List.of(r);
    }
}
