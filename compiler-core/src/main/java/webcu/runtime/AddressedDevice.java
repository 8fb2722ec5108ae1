package webcu.runtime;

import webcu.diag.Span;
import webcu.ir.Global;

/**
 * A device that dereferences flat pointers itself, as the CPU emulator does: kernels read pointers
 * out of memory, so the device must know where the runtime placed each buffer. The runtime calls
 * {@link #mapBuffer} after creating a buffer, and {@link #reset} from cudaDeviceReset.
 */
public interface AddressedDevice extends Device {
    /** Buffer {@code id} lives at {@code base} in the device address space; label and site are for reports. */
    void mapBuffer(int id, long base, String label, Span site);

    /** Clears a sticky fault and every buffer (cudaDeviceReset). */
    void reset();

    /**
     * The {@code __device__} or {@code __constant__} variable {@code g} lives at {@code address}
     * (inside a buffer the runtime created and initialized), so kernels and cudaMemcpyToSymbol
     * see the same bytes.
     */
    default void mapGlobal(Global g, long address) {
        mapSymbol(g.name(), address);
    }

    /**
     * {@link #mapGlobal} for a device that binds device variables by name (WebGPU, Vulkan: the
     * kernels' layouts name them so); a device that keeps the IR's globals overrides
     * {@link #mapGlobal} instead and never gets this call.
     */
    default void mapSymbol(String name, long address) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " maps device variables by their IR global");
    }

    /** The bytes behind a buffer, for memory the host shares with the device (managed memory); may be null. */
    byte[] bufferBytes(int id);
}
