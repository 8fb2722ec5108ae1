package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;

/**
 * The limits of an adapter or device that webcu uses. Byte sizes can exceed 2^31, so every limit
 * is read as a double (a JS number).
 */
public interface GPUSupportedLimits extends JSObject {
    @JSProperty
    double getMaxBufferSize();

    @JSProperty
    double getMaxStorageBufferBindingSize();

    @JSProperty
    double getMaxUniformBufferBindingSize();

    @JSProperty
    double getMaxStorageBuffersPerShaderStage();

    @JSProperty
    double getMaxBindingsPerBindGroup();

    @JSProperty
    double getMaxComputeWorkgroupStorageSize();

    @JSProperty
    double getMaxComputeInvocationsPerWorkgroup();

    @JSProperty
    double getMaxComputeWorkgroupSizeX();

    @JSProperty
    double getMaxComputeWorkgroupSizeY();

    @JSProperty
    double getMaxComputeWorkgroupSizeZ();

    @JSProperty
    double getMaxComputeWorkgroupsPerDimension();

    @JSProperty
    double getMinStorageBufferOffsetAlignment();

    @JSProperty
    double getMinUniformBufferOffsetAlignment();
}
