package webcu.vm;

import webcu.ir.Function;

/**
 * Runs a {@code kernel<<<…>>>(…)} statement of host code: the host runtime validates the
 * configuration, encodes the arguments and hands the launch to the device. Arguments 0–7 of the
 * thread's current call are grid x, y, z, block x, y, z, dynamic shared bytes and stream; the
 * kernel's own arguments follow.
 */
public interface Launcher {
    /** Returns a {@link NativeLibrary} status (CONTINUE, or BLOCK while the device is busy). */
    int launch(Function kernel, VmThread t);
}
