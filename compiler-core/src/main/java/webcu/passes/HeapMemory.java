package webcu.passes;

import webcu.ir.Function;

/**
 * Gives the kernels that {@link MemoryModel} left without an interface a single storage binding,
 * the heap ({@link KernelInterface.Heap}), and makes every pointer into device memory a u32 byte
 * offset into it ({@link Provenance} in heap mode).
 *
 * <p>CUDA feature: pointers whose provenance is dynamic: linked structures in managed or device
 * memory ({@code node->next->value}), pointers stored in memory ({@code head = nodes + i}),
 * pointers made from integers or turned into them, null pointers held in pointer locals, one
 * pointer that may point into either of two arguments ({@code p = c ? a : b}); and kernels with
 * more pointer arguments than the adapter binds storage buffers.
 *
 * <p>Why WebGPU needs it: a WGSL pointer cannot be stored or made from an integer, and every
 * buffer a kernel touches must be bound before the dispatch. The heap is a word binding that the
 * runtime fills, before the dispatch, with every live allocation at its device address minus the
 * heap's base (and copies back after it). A pointer argument or a device variable arrives as a
 * heap offset (a {@link KernelInterface.Value} of pointer type), a pointer loaded from device
 * memory is its 64-bit address minus {@code heap.base} (a u64 uniform value), and a pointer stored
 * to device memory is written as {@code heap.base} plus its offset, so the host and later kernels
 * see ordinary device addresses. Null is {@link Provenance#NULL_OFFSET} (address 0 in memory),
 * beyond any heap, so dereferencing it fails the bounds check. In local and shared variables a
 * pointer is kept as its u32 offset; storing a pointer to a local or shared variable in memory is
 * rejected. We chose copying into a heap at launch over making the heap the only storage because
 * it leaves every other kernel as it was (typed bindings, per-argument bounds checks, no copies);
 * a heap kernel pays two GPU copies of the live allocations per launch, and its bounds checks
 * cover the heap, not each allocation.
 *
 * <p>Expects: {@link MemoryModel} run (a kernel without an interface is one it left for the
 * heap). Guarantees afterwards: those of {@link Provenance}, for every kernel.
 *
 * <p>chipStar twin: none (SPIR-V has physical pointers).
 */
public final class HeapMemory implements DevicePass {
    @Override
    public String name() {
        return "HeapMemory";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (m.interfaceOf(k) == null) {
                Provenance.rewrite(m, k, true);
            }
        }
    }
}
