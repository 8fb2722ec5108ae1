package webcu.passes;

import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Binds every pointer argument and device variable of a kernel to a storage buffer of its own,
 * and rewrites each access into an index into its buffer ({@link Provenance}).
 *
 * <p>CUDA feature: pointer parameters and pointer arithmetic ({@code a[i]}, {@code *(a + i)},
 * {@code (float *)((char *)base + row * pitch)}), pointer locals ({@code float *row = a + r * n}),
 * host-side offsets ({@code kernel<<<…>>>(d_a + 100)}), pointers to structs and fields
 * ({@code pts[i].x}), the scalars and pointers of struct parameters (which {@link StructArguments}
 * has split into locals), {@code __device__} and {@code __constant__} variables (each in its own
 * buffer, as the runtime allocates them), and pointers to local and shared variables
 * ({@code this}, {@code int *p = &s[k]}).
 *
 * <p>Why WebGPU needs it: WGSL has no flat pointers into buffers; a kernel sees each buffer as a
 * {@code var<storage>} array, and a binding's offset must be a multiple of 256 bytes
 * (minStorageBufferOffsetAlignment), so an arbitrary host offset travels as a number (a hidden
 * u32 offset per argument; a null argument's is {@link Provenance#NULL_OFFSET}).
 *
 * <p>Expects: inlined kernels, 64-bit index arithmetic already narrowed where it can be
 * ({@link Int64}), struct parameters split ({@link StructArguments}). Guarantees afterwards:
 * those of {@link Provenance} for every kernel it gave an interface. It leaves a kernel as it was,
 * without an interface, for {@link HeapMemory} when a pointer's provenance is dynamic (loaded from
 * memory or stored to it, made from an integer or turned into one, possibly null in a pointer
 * local), when two arguments meet in one pointer, or when the kernel would need more storage
 * bindings than the adapter allows ({@link DeviceTarget#maxStorageBuffers}).
 *
 * <p>chipStar twin: none (clspv's argument mapping and LLVM's InferAddressSpaces do this job).
 */
public final class MemoryModel implements DevicePass {
    @Override
    public String name() {
        return "MemoryModel";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (needsHeap(k)) {
                continue;
            }
            int locals = k.locals().size();
            Stmt.Block body = k.body();
            try {
                Provenance.rewrite(m, k, false);
            } catch (Provenance.ToHeap again) {
                // two arguments meet in one pointer: only the heap holds both
                restore(k, locals, body);
                continue;
            }
            int max = m.target().maxStorageBuffers();
            if (max > 0 && !m.isRejected(k) && m.interfaceOf(k) != null && m.interfaceOf(k).bindings().size() > max) {
                // more buffers than the adapter binds: the heap holds them all in one binding
                restore(k, locals, body);
                m.setInterface(k, null);
            }
        }
    }

    /** Puts the kernel back as it was before this pass ({@code locals} and {@code body}). */
    private static void restore(Function k, int locals, Stmt.Block body) {
        k.locals().subList(locals, k.locals().size()).clear();
        k.setBody(body);
    }


    /**
     * Whether a pointer of the kernel has dynamic provenance: it is loaded from memory or stored
     * to it, made from an integer or turned into one, or a pointer local may be null.
     */
    static boolean needsHeap(Function k) {
        boolean[] found = {false};
        Rewriter.forEachStmt(k.body(), s -> {
            if (s instanceof Stmt.Store st && st.value().type() instanceof Type.Ptr
                    || s instanceof Stmt.Assign a && a.target().type() instanceof Type.Ptr && mayBeNull(a.value())) {
                found[0] = true;
            }
        });
        Rewriter.forEachExpr(k.body(), (s, e) -> {
            if (e instanceof Expr.Load l && l.type() instanceof Type.Ptr
                    || e instanceof Expr.Convert c && c.type() instanceof Type.Ptr != c.value().type() instanceof Type.Ptr
                    && !(c.type() instanceof Type.Bool)) {
                found[0] = true;
            }
        });
        return found[0];
    }

    private static boolean mayBeNull(Expr e) {
        return switch (e) {
            case Expr.NullPtr n -> true;
            case Expr.Select s -> mayBeNull(s.ifTrue()) || mayBeNull(s.ifFalse());
            case Expr.Convert c when c.value().type() instanceof Type.Ptr -> mayBeNull(c.value());
            default -> false;
        };
    }
}
