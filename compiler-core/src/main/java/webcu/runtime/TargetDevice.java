package webcu.runtime;

import webcu.driver.DeviceCode;
import webcu.passes.DeviceTarget;

/**
 * A device that runs device code the driver compiled ahead for it ({@link
 * webcu.driver.Compiler#compileDevice}). The host asks the opened device for its {@link #target()}
 * (which depends on what the GPU's probes measured), compiles once, and loads the result before
 * the program starts. The device specializes that code per launch (block sizes, dynamic shared
 * memory, aliasing, {@link DeviceProgram#coarsened} for blocks larger than its workgroups) but never
 * runs the device passes itself. {@code WebGpuDevice} (module webgpu-jso) and {@code VulkanDevice}
 * (module vulkan) are two; they read the compiled program through {@link DeviceProgram}.
 */
public interface TargetDevice {
    /** What the device measured of its GPU. */
    DeviceFacts measured();

    /** What the device passes must know of this device: the code it runs depends on it. */
    default DeviceTarget target() {
        return measured().target();
    }

    /** The program's device code, compiled for {@link #target()}; launches of its module's kernels run it. */
    void load(DeviceProgram program);

    /** Loads the driver's device code ({@link #load(DeviceProgram)}). */
    default void load(DeviceCode code) {
        load(new DeviceProgram(code));
    }
}
