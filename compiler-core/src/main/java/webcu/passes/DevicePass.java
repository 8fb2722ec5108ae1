package webcu.passes;

/**
 * One step of {@link DevicePasses}: it rewrites the device module in place (its functions' bodies
 * and locals, its globals) and rejects, through {@link DeviceModule#reject}, the kernels it cannot
 * lower.
 */
public interface DevicePass {
    /** The pass's name, as DESIGN.md and the tests call it. */
    String name();

    void run(DeviceModule m);
}
