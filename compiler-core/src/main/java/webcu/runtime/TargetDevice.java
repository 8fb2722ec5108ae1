package webcu.runtime;

import webcu.driver.DeviceCode;
import webcu.passes.DeviceTarget;

/**
 * A device that runs device code the driver compiled ahead for it ({@link
 * webcu.driver.Compiler#compileDevice}). The host asks the opened device for its {@link #target()}
 * (which depends on what the GPU's probes measured), compiles once, and loads the result before
 * the program starts. The device specializes that code per launch (block sizes, dynamic shared
 * memory, aliasing, {@link DeviceCode#coarsened} for blocks larger than its workgroups) but never
 * runs the device passes itself. {@code WebGpuDevice} (module webgpu-jso) is one.
 */
public interface TargetDevice {
    /** What the device passes must know of this device: the code it runs depends on it. */
    DeviceTarget target();

    /** The program's device code, compiled for {@link #target()}; launches of its module's kernels run it. */
    void load(DeviceCode code);
}
