package webcu.webgpu;

import org.teavm.jso.JSObject;

/** A compute pipeline: one entry point of a shader module with its override constants and layout. */
public interface GPUComputePipeline extends JSObject {
}
