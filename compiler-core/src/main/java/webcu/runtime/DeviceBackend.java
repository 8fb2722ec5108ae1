package webcu.runtime;

/**
 * A device the command line opens by name ({@code run --backend NAME}) from a module that only the
 * JVM has: module vulkan registers its Vulkan device here (META-INF/services), so compiler-core
 * does not depend on LWJGL and the browser build never sees it.
 */
public interface DeviceBackend {
    /** The name {@code --backend} gives. */
    String name();

    /**
     * Opens the device, whose program output and fault reports go to {@code console}; throws
     * IllegalStateException saying why there is none (no loader, no driver).
     */
    Device open(Console console);

    /** The backend on the class path with this name, or null. */
    static DeviceBackend find(String name) {
        for (DeviceBackend b : java.util.ServiceLoader.load(DeviceBackend.class)) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        return null;
    }
}
