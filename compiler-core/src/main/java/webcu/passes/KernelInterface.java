package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Type;

/**
 * How the arguments and the device variables of a kernel reach it on WebGPU, as
 * {@link MemoryModel} decided: every scalar (a scalar parameter, or a scalar inside a struct
 * parameter) comes in the uniform buffer; every pointer (a pointer parameter, a pointer inside a
 * struct parameter, a {@code __device__} or {@code __constant__} variable the kernel uses) becomes
 * a storage binding, with a hidden offset in the uniform buffer. Backends lay out bindings and
 * uniforms from this; the runtime fills them from the launch's arguments and the variables'
 * buffers.
 */
public final class KernelInterface {
    /** Where a binding's buffer comes from at launch. */
    public sealed interface Source {
    }

    /**
     * The pointer at byte {@code argOffset} of argument {@code index}: the argument itself when it
     * is a pointer ({@code argOffset} 0), a pointer field when it is a struct.
     */
    public record Arg(int index, int argOffset) implements Source {
    }

    /** The buffer the runtime created for a {@code __device__} or {@code __constant__} variable. */
    public record Symbol(Global global) implements Source {
    }

    /**
     * The heap of a kernel in heap mode ({@link HeapMemory}): one word binding that mirrors the
     * device address range of every live allocation, so that a pointer read from memory can be
     * followed. The runtime copies the allocations in before the launch and back after it.
     */
    public record Heap() implements Source {
    }

    /**
     * How a kernel sees a binding. {@code TYPED}: an array of {@code element}s (the pointers'
     * pointee), indexed in elements. {@code WORDS}: an array of u32 words indexed by byte address,
     * for buffers accessed as several types, in pieces smaller than a word, or as structs whose
     * layout WGSL cannot state.
     */
    public enum View { TYPED, WORDS }

    /**
     * A storage binding.
     *
     * @param name a name for the WGSL variable (the CUDA name of what it serves)
     * @param root what pointers into it start from: a pointer local (a parameter, or the local
     *     standing for a pointer field of a struct parameter), or null for a device variable
     * @param element the element type of a {@code TYPED} view; {@code u8} for {@code WORDS}
     * @param atomic whether atomics touch it (its WGSL elements are then {@code atomic<…>})
     * @param offset the hidden u32 local holding the pointer's offset into the buffer, in
     *     elements ({@code TYPED}) or bytes ({@code WORDS}); null for device variables (always 0)
     */
    public record Binding(String name, Source source, Local root, Type element, View view, boolean read,
                          boolean written, boolean atomic, Local offset) {
        /** Bytes per unit of the hidden offset: a pointer argument's byte offset divided by this. */
        public int unitSize() {
            return view == View.WORDS ? 1 : element.size();
        }

        public Global global() {
            return source instanceof Symbol s ? s.global() : null;
        }
    }

    /**
     * A scalar from the launch's arguments: byte {@code argOffset} of argument {@code index}
     * ({@code argOffset} 0 for a scalar argument), of IR type {@code type}, read into
     * {@code local} when the kernel starts.
     *
     * <p>In heap mode there are three more kinds, all u32 or u64 locals: a pointer argument
     * ({@code type} a pointer, {@code index} ≥ 0) arrives as its byte offset into the heap
     * ({@link Provenance#NULL_OFFSET} for null); a device variable's place ({@code index} -1,
     * {@code symbol} set, {@code type} a pointer) as its offset into the heap; and the heap's base
     * ({@code index} -1, no symbol, {@code type} u64) as the device address of heap byte 0.
     */
    public record Value(String name, int index, int argOffset, Type type, Local local, Global symbol) {
        public Value(String name, int index, int argOffset, Type type, Local local) {
            this(name, index, argOffset, type, local, null);
        }

        /** Whether it is a heap offset (a pointer argument or a device variable of a heap-mode kernel). */
        public boolean heapOffset() {
            return type instanceof Type.Ptr;
        }

        /** Whether it is the heap's base address. */
        public boolean heapBase() {
            return index < 0 && symbol == null;
        }
    }

    private final List<Binding> bindings;
    private final List<Value> values;

    public KernelInterface(List<Binding> bindings, List<Value> values) {
        this.bindings = List.copyOf(bindings);
        this.values = List.copyOf(values);
    }

    /** The storage bindings, in binding order. */
    public List<Binding> bindings() {
        return bindings;
    }

    /** The scalars of the uniform buffer, in the order of the arguments. */
    public List<Value> values() {
        return values;
    }

    /** The heap binding of a kernel in heap mode, or null. */
    public Binding heap() {
        for (Binding b : bindings) {
            if (b.source() instanceof Heap) {
                return b;
            }
        }
        return null;
    }

    /** The binding whose root is {@code root}, or null. */
    public Binding bindingOf(Local root) {
        for (Binding b : bindings) {
            if (root.equals(b.root())) {
                return b;
            }
        }
        return null;
    }

    /** The binding of device variable {@code g}, or null. */
    public Binding bindingOf(Global g) {
        for (Binding b : bindings) {
            if (b.global() == g) {
                return b;
            }
        }
        return null;
    }

    /** The interface with binding {@code old} replaced (a later pass marks it atomic, say). */
    public KernelInterface with(Binding old, Binding replacement) {
        List<Binding> bs = new ArrayList<>(bindings);
        bs.set(bs.indexOf(old), replacement);
        return new KernelInterface(bs, values);
    }
}
