package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;
import org.teavm.jso.core.JSPromise;

/** A physical (or software) GPU; its limits are the most a device requested from it may get. */
public interface GPUAdapter extends JSObject {
    @JSProperty
    GPUSupportedFeatures getFeatures();

    @JSProperty
    GPUSupportedLimits getLimits();

    /** Vendor, architecture, description and (where exposed) subgroup sizes; may be null in old browsers. */
    @JSProperty
    GPUAdapterInfo getInfo();

    /** Descriptor from {@link WebGpu#deviceDescriptor}. */
    JSPromise<GPUDevice> requestDevice(JSObject descriptor);
}
