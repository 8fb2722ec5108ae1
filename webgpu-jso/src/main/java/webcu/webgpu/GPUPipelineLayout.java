package webcu.webgpu;

import org.teavm.jso.JSObject;

/** The bind group layouts of a pipeline. */
public interface GPUPipelineLayout extends JSObject {
}
