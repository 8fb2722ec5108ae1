package webcu.runtime;

import java.util.ArrayList;
import java.util.List;
import webcu.passes.KernelLayout;

/**
 * What a device reads to launch one kernel of its {@link DeviceProgram}: the writers' {@link
 * KernelLayout} (its comment has the launch recipe and the meaning of every number), seen through
 * the runtime so that the devices (modules webgpu-jso and vulkan) name no compiler stage below it.
 * Each accessor answers what {@code KernelLayout}'s of the same name answers.
 */
public final class LaunchLayout {
    private final KernelLayout layout;
    private final List<Buffer> buffers = new ArrayList<>();
    private final Uniform uniform;

    /** The device's view of {@code layout}. */
    public LaunchLayout(KernelLayout layout) {
        this.layout = layout;
        for (KernelLayout.Buffer b : layout.buffers()) {
            buffers.add(new Buffer(b));
        }
        uniform = layout.uniform() == null ? null : new Uniform(layout.uniform());
    }

    /** The kernel's CUDA name (as the IR names it). */
    public String kernel() {
        return layout.kernel();
    }

    public String entryPoint() {
        return layout.entryPoint();
    }

    /** The storage bindings, in binding order. */
    public List<Buffer> buffers() {
        return buffers;
    }

    /** The uniform buffer, or null when the kernel needs none. */
    public Uniform uniform() {
        return uniform;
    }

    /** The three pipeline constants for blockDim.x, y, z. */
    public List<String> workgroupSize() {
        return layout.workgroupSize();
    }

    /** The pipeline constant of the dynamic shared array's size in u32 words, or null. */
    public String dynamicSharedWords() {
        return layout.dynamicSharedWords();
    }

    /** The CUDA threads each invocation runs (1 unless coarsened). */
    public int coarsening() {
        return layout.coarsening();
    }

    /** For a coarsened kernel, the constant that sizes its one-dimensional workgroup; null otherwise. */
    public String coarseWorkgroup() {
        return layout.coarseWorkgroup();
    }

    /**
     * The pipeline constant that turns the bounds checks off for a launch {@link BoundsProofs}
     * proves in bounds, or null when the kernel has no such proof.
     */
    public String rangesConstant() {
        return layout.ranges() == null ? null : layout.ranges().constant();
    }

    /**
     * The pipeline constant that gives the slices per row of every launch of a pipeline (0: the
     * uniform's), or null when the kernel has none (KernelLayout.LaunchConstants).
     */
    public String slicesConstant() {
        return layout.constants() == null ? null : layout.constants().slices();
    }

    /** The pipeline constant that is 0 where no launch of a pipeline has padding workgroups, or null. */
    public String paddingConstant() {
        return layout.constants() == null ? null : layout.constants().padding();
    }

    /** The pipeline constant that is 0 where every hidden offset of a pipeline's launches is 0, or null. */
    public String offsetsConstant() {
        return layout.constants() == null ? null : layout.constants().offsets();
    }

    /** The writers' layout, for the runtime's own readers ({@link BoundsProofs}). */
    KernelLayout compiled() {
        return layout;
    }

    /** A storage binding ({@link KernelLayout.Buffer}). */
    public static final class Buffer {
        private final KernelLayout.Buffer b;

        private Buffer(KernelLayout.Buffer b) {
            this.b = b;
        }

        public int binding() {
            return b.binding();
        }

        /** The pointer argument whose allocation it binds, or -1 (a device variable, or the heap). */
        public int param() {
            return b.param();
        }

        public int argOffset() {
            return b.argOffset();
        }

        /** The device variable it binds, or null. */
        public String symbol() {
            return b.symbol();
        }

        public String name() {
            return b.name();
        }

        /** Bytes per unit of the hidden offset. */
        public int unitSize() {
            return b.unitSize();
        }

        public boolean readOnly() {
            return b.readOnly();
        }

        /** Whether it is the heap of a kernel in heap mode. */
        public boolean heap() {
            return b.heap();
        }
    }

    /** The uniform buffer ({@link KernelLayout.Uniform}). */
    public static final class Uniform {
        private final KernelLayout.Uniform u;
        private final List<UniformField> fields = new ArrayList<>();

        private Uniform(KernelLayout.Uniform u) {
            this.u = u;
            for (KernelLayout.UniformField f : u.fields()) {
                fields.add(new UniformField(f));
            }
        }

        public int binding() {
            return u.binding();
        }

        /** Its size in bytes (a multiple of 16). */
        public int size() {
            return u.size();
        }

        public List<UniformField> fields() {
            return fields;
        }
    }

    /** One field of the uniform buffer ({@link KernelLayout.UniformField}); {@link UniformPacking} writes the scalars. */
    public static final class UniformField {
        final KernelLayout.UniformField f;

        private UniformField(KernelLayout.UniformField f) {
            this.f = f;
        }

        public String name() {
            return f.name();
        }

        public int param() {
            return f.param();
        }

        public int argOffset() {
            return f.argOffset();
        }

        /** Its byte offset in the uniform buffer. */
        public int offset() {
            return f.offset();
        }

        /** For a hidden offset, the index of its {@link Buffer}; -1 otherwise. */
        public int buffer() {
            return f.buffer();
        }

        /** For a device variable's heap offset, the variable's name; null otherwise. */
        public String symbol() {
            return f.symbol();
        }

        public boolean hiddenOffset() {
            return f.hiddenOffset();
        }

        /** Whether it holds a device address as an offset into the heap. */
        public boolean heapOffset() {
            return f.heapOffset();
        }

        /** Whether it holds the device address of heap byte 0. */
        public boolean heapBase() {
            return f.heapBase();
        }

        /** Bytes the field takes: 8 for 64-bit values, else 4. */
        public int size() {
            return f.size();
        }
    }
}
