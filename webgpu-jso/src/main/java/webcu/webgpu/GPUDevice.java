package webcu.webgpu;

import org.teavm.jso.JSObject;
import org.teavm.jso.JSProperty;
import org.teavm.jso.core.JSPromise;

/**
 * A logical GPU device: it creates every other object. Descriptors are plain JS objects built by
 * {@link WebGpu}. Validation errors are reported asynchronously: wrap calls in
 * {@link #pushErrorScope}/{@link #popErrorScope}, or listen with {@link WebGpu#onUncapturedError}.
 */
public interface GPUDevice extends JSObject {
    @JSProperty
    GPUQueue getQueue();

    @JSProperty
    GPUSupportedLimits getLimits();

    @JSProperty
    GPUSupportedFeatures getFeatures();

    /** Resolves when the device is lost (destroyed, GPU reset, driver crash). */
    @JSProperty
    JSPromise<GPUDeviceLostInfo> getLost();

    GPUBuffer createBuffer(JSObject descriptor);

    GPUShaderModule createShaderModule(JSObject descriptor);

    GPUComputePipeline createComputePipeline(JSObject descriptor);

    GPUBindGroupLayout createBindGroupLayout(JSObject descriptor);

    GPUPipelineLayout createPipelineLayout(JSObject descriptor);

    GPUBindGroup createBindGroup(JSObject descriptor);

    GPUCommandEncoder createCommandEncoder();

    GPUQuerySet createQuerySet(JSObject descriptor);

    /** {@code "validation"}, {@code "out-of-memory"} or {@code "internal"}. */
    void pushErrorScope(String filter);

    /** Resolves to the first error captured since the matching push, or null. */
    JSPromise<GPUError> popErrorScope();

    void destroy();
}
