package webcu.runtime;

import webcu.ir.Type;

/** One kernel argument as the runtime hands it to a device. */
public sealed interface KernelArg {
    /** An integer, float (raw bits in the low 32), double (raw bits) or bool; {@code type} says which. */
    record Scalar(Type type, long bits) implements KernelArg {}

    /**
     * A device pointer: its flat address, and the buffer and byte offset it points into
     * ({@code buffer} is -1 for null or for an address outside every buffer).
     */
    record Pointer(long address, int buffer, long offset) implements KernelArg {}

    /** A struct passed by value, in its C layout. */
    record Bytes(Type type, byte[] bytes) implements KernelArg {}
}
