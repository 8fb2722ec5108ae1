package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;

/**
 * What the browser tells about an adapter. Strings may be empty (browsers hide them for privacy);
 * subgroup sizes are read through {@link WebGpu#subgroupMinSize} because older browsers leave
 * them undefined.
 */
public interface GPUAdapterInfo extends JSObject {
    @JSProperty
    String getVendor();

    @JSProperty
    String getArchitecture();

    @JSProperty
    String getDevice();

    @JSProperty
    String getDescription();
}
