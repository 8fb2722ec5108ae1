package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.Local;
import webcu.ir.Type;

/**
 * How each parameter of a kernel reaches it on WebGPU, as {@link MemoryModel} decided: a scalar
 * comes in the uniform buffer, a pointer becomes a storage binding plus a hidden element offset
 * (also in the uniform buffer). Backends lay out bindings and uniforms from this; the runtime
 * fills them from the launch's arguments, which come in the original parameter order.
 */
public final class KernelInterface {
    /** One parameter of the kernel, by its position in the CUDA signature. */
    public sealed interface Param {
        int index();

        /** The parameter's local in the device module's kernel. */
        Local local();
    }

    /** A scalar parameter, read from the uniform buffer into {@code local} when the kernel starts. */
    public record Value(int index, Local local) implements Param {}

    /**
     * A pointer parameter, bound as a storage buffer of {@code element}s. {@code offset} is the
     * hidden u32 local holding the pointer's element offset into that buffer (so a host-side
     * {@code d_a + 100} works without a misaligned binding offset); {@code written} says whether
     * the kernel may store through it, {@code read} whether it may load through it.
     */
    public record Buffer(int index, Local local, Type element, boolean read, boolean written, Local offset)
            implements Param {}

    private final List<Param> params;

    public KernelInterface(List<Param> params) {
        this.params = List.copyOf(params);
    }

    /** Every parameter, in the CUDA signature's order. */
    public List<Param> params() {
        return params;
    }

    public List<Buffer> buffers() {
        List<Buffer> out = new ArrayList<>();
        for (Param p : params) {
            if (p instanceof Buffer b) {
                out.add(b);
            }
        }
        return out;
    }

    public List<Value> values() {
        List<Value> out = new ArrayList<>();
        for (Param p : params) {
            if (p instanceof Value v) {
                out.add(v);
            }
        }
        return out;
    }

    /** The interface parameter whose hidden offset or value is {@code l}, or null. */
    public Param paramOf(Local l) {
        for (Param p : params) {
            if (p.local().equals(l) || p instanceof Buffer b && b.offset().equals(l)) {
                return p;
            }
        }
        return null;
    }
}
