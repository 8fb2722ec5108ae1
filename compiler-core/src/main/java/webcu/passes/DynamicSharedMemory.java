package webcu.passes;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Type;

/**
 * Merges every {@code extern __shared__} array of the device module into one dynamic shared
 * variable of u32 words, which the WGSL writer declares as a workgroup array sized by an
 * {@code override} that each launch sets from its dynamic shared size.
 *
 * <p>CUDA feature: {@code extern __shared__ T s[]}, sized by the third launch parameter, and the
 * idiom of carving it into several arrays of different types
 * ({@code float *fs = (float *)smem; int *is = (int *)(fs + n);}).
 *
 * <p>Why WebGPU needs it: WGSL has no memory whose size is set at dispatch, but a workgroup
 * array's element count may be an override expression, which the pipeline fixes; and all
 * {@code extern __shared__} declarations of a kernel name the same bytes, whatever their
 * element types, so they must become one array that is addressed by byte.
 *
 * <p>Expects: inlined kernels. Guarantees afterwards: no {@code extern __shared__} variable but
 * {@link #NAME} (type {@code [u32; 0]}, marked dynamic) remains; each former one is reached as
 * {@code convert<ptr<its type>>(&dynamic)}, so that {@link MemoryModel} addresses it by byte
 * (its word view) and the writer reads and writes words.
 *
 * <p>chipStar twin: HipDynMem.
 */
public final class DynamicSharedMemory implements DevicePass {
    /** The one dynamic shared variable. */
    public static final String NAME = "__webcu_dynamic_shared";

    @Override
    public String name() {
        return "DynamicSharedMemory";
    }

    @Override
    public void run(DeviceModule m) {
        Map<Global, Global> old = new IdentityHashMap<>();
        Global merged = null;
        for (Global g : m.module().globals()) {
            if (g.space() == AddressSpace.SHARED && g.dynamicShared() && !g.name().equals(NAME)) {
                if (merged == null) {
                    merged = new Global(NAME, new Type.Array(Type.U32, 0), AddressSpace.SHARED, null, false, true, Span.NONE);
                }
                old.put(g, merged);
            }
        }
        if (old.isEmpty()) {
            return;
        }
        m.module().globals().removeIf(old::containsKey);
        m.module().add(merged);
        Global to = merged;
        Rewriter r = new Rewriter() {
            @Override
            protected Expr expr(Expr e) {
                return Expr.postOrder(e, x -> x instanceof Expr.GlobalAddr g && old.containsKey(g.global())
                        ? new Expr.Convert(g.type(), new Expr.GlobalAddr(to)) : x);
            }
        };
        for (Function f : m.module().functions()) {
            if (!f.isExternal()) {
                f.setBody(r.block(f.body()));
            }
        }
    }

    /** Whether {@code g} is the merged dynamic shared variable. */
    static boolean isDynamic(Global g) {
        return g.space() == AddressSpace.SHARED && g.dynamicShared();
    }

    /** The dynamic shared variable of a module, or null. */
    public static Global of(List<Global> globals) {
        for (Global g : globals) {
            if (isDynamic(g)) {
                return g;
            }
        }
        return null;
    }
}
