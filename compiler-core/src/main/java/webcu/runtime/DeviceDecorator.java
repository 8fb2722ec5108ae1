package webcu.runtime;

/**
 * A device that watches another (the page's launch recorder, its stage reports) and forwards every
 * call to it unchanged. The VM looks through decorators to the device that runs the kernels, so a
 * decorated CPU emulator still links its kernels ahead of the run.
 */
public interface DeviceDecorator {
    /** The device this one forwards to. */
    Device inner();

    /** {@code device} with every decorator around it taken off. */
    static Device innermost(Device device) {
        Device d = device;
        while (d instanceof DeviceDecorator w) {
            d = w.inner();
        }
        return d;
    }
}
